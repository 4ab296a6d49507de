//! The player's decisions (the spec's section 4) as small actions, one prompt at a time, and
//! the log's events.
//!
//! The squad enters hex by hex; Operations actions are free (AMB-OPA-1); in an Action Round the
//! player picks which of the tied US soldiers acts (AMB-RND-6), then that soldier's action, a
//! move going on one hex per decision. The Germans' actions are no decision (AMBX-GER): the
//! rounds chapter works them out and logs them.

use crate::data::mission::Stance;
use crate::map::Hex;
use crate::state::{SoldierId, VehicleId};
use overlord_engine::Log;
use serde::{Deserialize, Serialize};

/// One decision, answering the prompt showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmbAction {
    /// AMBX-MIS-1: `soldier` enters the map at entry hex `hex` (a hex entry, AMB-OPS-1).
    Enter { soldier: SoldierId, hex: Hex },
    /// AMB-OPA-3: `soldier` moves into the next hex `to`; with `group`, every soldier of his
    /// hex who may move goes with him (one check, one Perception Check).
    Move {
        soldier: SoldierId,
        to: Hex,
        #[serde(default)]
        group: bool,
    },
    /// AMB-OPA-4, AMB-SACT-2: `soldier` changes his stance.
    Stance { soldier: SoldierId, stance: Stance },
    /// AMB-OPA-7, AMB-ACT-5/8/10: `soldier` prepares his item `item`.
    Prepare { soldier: SoldierId, item: u8 },
    /// AMB-OPA-8, AMB-ACT-8: `soldier` clears his jammed item `item`.
    ClearJam { soldier: SoldierId, item: u8 },
    /// AMB-OPA-5, AMB-ACT-17: `soldier` takes item `item` of `from`, a comrade or an inactive
    /// soldier in his hex.
    Take {
        soldier: SoldierId,
        from: SoldierId,
        item: u8,
    },
    /// AMB-OPA-6/9, AMB-ACT-15: `soldier` picks up inactive `other` (or takes prisoner `other`
    /// under guard) to move him along.
    Carry {
        soldier: SoldierId,
        other: SoldierId,
    },
    /// `soldier` puts down the soldier he carries (or leaves the prisoner he escorts).
    Release { soldier: SoldierId },
    /// The spec's section 3.4: the player ends the mission (in Operations only).
    EndMission,
    /// AMB-OPS-6: line `index` of the bulleted lines offered.
    Line { index: u8 },
    /// AMB-RND-6: of the US soldiers tied in the acting space, `soldier` acts next.
    Activate { soldier: SoldierId },
    /// AMB-ACT-1/2/3/13: the acting soldier fires item `item` at `target`, aimed or snap.
    Fire {
        item: u8,
        target: SoldierId,
        aimed: bool,
    },
    /// AMB-ACT-4/14: the acting soldier assaults `target` in his hex, to capture or to kill.
    Assault { target: SoldierId, capture: bool },
    /// AMB-ACT-1/2, AMB-VDMG: the acting soldier fires item `item` at vehicle `vehicle`.
    FireAtVehicle {
        item: u8,
        vehicle: VehicleId,
        aimed: bool,
    },
    /// AMBX-DMG-4, AMB-PEN: the acting soldier fires item `item` at the side of building hex
    /// `hex` he sees from outside.
    FireAtWall { item: u8, hex: Hex, aimed: bool },
    /// AMB-VGREN-1: the acting soldier throws a grenade (or his prepared satchel) into an open
    /// vehicle (`into`) or against one.
    ThrowAtVehicle {
        vehicle: VehicleId,
        satchel: bool,
        into: bool,
    },
    /// AMB-ACT-6/7: the acting soldier throws a grenade (or his prepared satchel) at `hex`.
    Throw { hex: Hex, satchel: bool },
    /// AMB-ACT-18: the acting soldier and `partner` (in his hex, a turn left) spend a turn each
    /// on one aimed fire of crew weapon `item` at `target`.
    DoubleFire {
        item: u8,
        partner: SoldierId,
        target: SoldierId,
    },
    /// AMB-ACT-12: the acting soldier and `partner` carry crew weapon `item` together into the
    /// next hex `to`, both using their turns.
    MoveCrewWeapon {
        item: u8,
        partner: SoldierId,
        to: Hex,
    },
    /// AMB-ACT-11: the acting soldier moves (or goes on moving) into the next hex `to`.
    Step { to: Hex },
    /// AMB-ACT-13: the acting soldier moves into `to` as a Move/Snap Fire.
    SnapStep { to: Hex },
    /// AMB-ACT-14: the acting soldier moves into `to` as a Move/Charge Assault.
    ChargeStep { to: Hex },
    /// AMBX-VEH-9: `soldier` gets into seat `seat` of car `vehicle` in his hex (seat 0 drives).
    Mount {
        soldier: SoldierId,
        vehicle: VehicleId,
        seat: u8,
    },
    /// AMBX-VEH-9: `soldier` gets out of his vehicle into its hex.
    Dismount { soldier: SoldierId },
    /// AMB-ACT-16, AMB-VACT-6: the acting driver (in Operations, `soldier`'s car) drives into the
    /// next hex `to`, fast or slow.
    Drive {
        soldier: SoldierId,
        to: Hex,
        fast: bool,
    },
    /// AMB-VACT-7: the acting soldier changes seats with `other`, aboard the same car: a turn
    /// from each.
    ChangeSeat { other: SoldierId },
    /// AMB-CMD-3: the acting commander gives one of his actions to `to`.
    GiveAction { to: SoldierId },
    /// AMB-CMD-4: the acting commander wakes `target` (Unaware to Complete).
    Awaken { target: SoldierId },
    /// The acting soldier ends his turn (passing, if he has done nothing).
    EndTurn,
    /// AMB-CAMP-3, AMBX-CAMP-2: the survivor whose turn it is gets `amount` XP.
    AssignXp { amount: u8 },
    /// AMB-CAMP-5: the soldier whose turn it is spends 6 XP: 0 PC +1, 1 WS +1, 2 DS +2, 3 a
    /// roll for PC or IN (AMBX-CAMP-4).
    Improve { choice: u8 },
    /// AMBX-CAMP-5, AMBX-SOL-2: a replacement of initiative `initiative`, a commander or not.
    Recruit { initiative: u8, commander: bool },
    /// The debrief's step is done (this soldier improves no more; no more replacements).
    EndStep,
}

/// What a log line is about, for programs reading the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmbEvent {
    /// A soldier came onto the map, moved, or changed stance.
    Moved { soldier: SoldierId },
    /// A paragraph was read.
    Read { paragraph: u16 },
    /// A hex entry was checked on the mission sheet (or an event, a check, a condition).
    Sheet,
    /// A shot, a throw or an assault, and whom it was at.
    Attack {
        attacker: SoldierId,
        target: Option<SoldierId>,
    },
    /// A soldier's health or status changed.
    Damage { soldier: SoldierId },
    /// A German's card gave him an action.
    German { soldier: SoldierId },
    /// A round began, or its markers were placed, or it ended.
    Round { number: u16 },
    /// A soldier's weapon changed (prepared, jammed, cleared, out of ammunition).
    Weapon { soldier: SoldierId },
    /// A commander gave an action or woke a soldier.
    Command { soldier: SoldierId },
    /// The mission ended.
    Ended { success: bool, vp: i32 },
}

/// The log Ambush! writes.
pub type AmbLog = Log<AmbEvent>;
