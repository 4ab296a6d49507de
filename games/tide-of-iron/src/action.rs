//! The players' decisions (spec section 5) as small actions, one prompt at a time, and the
//! log's events. An activation is a unit and an action picked, then, for a move, each hex
//! entered; an attack is its target picked; a squad's losses are chosen one figure at a time.

use crate::data::Nation;
use crate::state::UnitId;
use overlord_engine::Log;
use overlord_hexmap::HexId;
use serde::{Deserialize, Serialize};

/// One decision, answering the prompt showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToiAction {
    /// `TOI-ACT-ADV`: activate a fresh unit to move.
    Advance {
        unit: UnitId,
    },
    /// `TOI-ACT-CONC`: activate a fresh unit to attack `target` (a normal attack).
    ConcentratedFire {
        unit: UnitId,
        target: UnitId,
    },
    /// `TOI-ACT-CONC`, `TOI-COMBAT-SUPP`: the same, a suppressive attack on a squad.
    SuppressiveFire {
        unit: UnitId,
        target: UnitId,
    },
    /// `TOI-ACT-OPPREP`: activate a fresh unit and put it in Op Fire.
    PrepareOpFire {
        unit: UnitId,
    },
    /// `TOI-ACT-FM`: activate a fresh unit to move and attack, in either order.
    FireAndMovement {
        unit: UnitId,
    },
    /// `TOI-ACT-FM`: the moving unit attacks `target` (at half firepower), normally or
    /// suppressively (`TOI-COMBAT-SEQ` step 3: without an attack type, normally).
    MovingFire {
        target: UnitId,
        #[serde(default)]
        suppressive: bool,
    },
    /// `TOI-COMBAT-OPFIRE`: Op Fire unit `lead` fires at the moving unit; with `mg_only`, its
    /// machine-gun crews alone, and it stays in Op Fire (`TOI-UNIT-MG`). Without an attack
    /// type, a normal attack (`TOI-COMBAT-SEQ` step 3).
    OpFire {
        lead: UnitId,
        #[serde(default)]
        suppressive: bool,
        #[serde(default)]
        mg_only: bool,
    },
    /// `TOI-ACT-ASLT`: activate a fresh squad to move and then assault.
    AssaultWith {
        unit: UnitId,
    },
    /// `TOI-COMBAT-ASSAULT`: the assaulting squad, done moving, assaults the adjacent `hex`.
    AssaultHex {
        hex: HexId,
    },
    /// `TOI-COMBAT-ASSAULT` step 7 (T-ASLT-01): the defender gives `hits` of the attacker's
    /// hits to defending vehicle `unit`.
    HitVehicle {
        unit: UnitId,
        hits: u8,
    },
    /// `TOI-COMBAT-ASSAULT` step 7: the defender removes the figure in `slot` of squad `unit`.
    LoseFrom {
        unit: UnitId,
        slot: u8,
    },
    /// `TOI-COMBAT-ASSAULT` step 9: the defenders retreat to `hex`.
    RetreatTo {
        hex: HexId,
    },
    /// `TOI-COMBAT-ASSAULT` step 10: `unit` advances into the emptied hex.
    AdvanceInto {
        unit: UnitId,
    },
    /// `TOI-COMBAT-HIDDEN` (FAQ-6): the hidden squad `unit` in the assaulted hex reveals itself
    /// and fights.
    Reveal {
        unit: UnitId,
    },
    /// `TOI-COMBAT-COMBINED`: `unit` supports the attack being built.
    Support {
        unit: UnitId,
    },
    /// `TOI-UNIT-MG`: `unit` supports the Op Fire attack being built with its machine-gun crews
    /// alone, and stays in Op Fire.
    SupportWithMg {
        unit: UnitId,
    },
    /// `TOI-COMBAT-COMBINED`: roll the attack as built.
    Fire,
    /// `TOI-COMBAT-OPFIRE`: let the moving unit pass this hex.
    Pass,
    /// `TOI-ACT-CONC`, `TOI-COMBAT-AREA`, `TOI-UNIT-MORTAR`: activate a fresh mortar squad to
    /// attack the whole of `hex`.
    AreaFire {
        unit: UnitId,
        hex: HexId,
        // TOI-COMBAT-SEQ step 3: without an attack type, a normal attack.
        #[serde(default)]
        suppressive: bool,
    },
    /// `TOI-SPEC-MEDIC`: activate a fresh medic squad to treat the reduced squad `target` in its
    /// hex (one die, 4-6 adds a regular).
    Heal {
        unit: UnitId,
        target: UnitId,
    },
    /// `TOI-SPEC-ENG`: activate a fresh engineer squad to dig an entrenchment in its hex, and get
    /// into it with `occupy`.
    Entrench {
        unit: UnitId,
        occupy: bool,
    },
    /// `TOI-FORT-WIRE`: the moving tank or engineer squad removes the wire of its hex (2 MP).
    RemoveWire,
    /// `TOI-ACT-CARD`, `TOI-CMD-SPEND`: pay for and activate the strategy card `card` (an index
    /// into the data's cards), face up in your HQ area.
    PlayCard {
        card: u16,
    },
    /// `TOI-KW-CONTACT`: as an action, try again to make contact for the card `card` waiting in
    /// your play area.
    RetryContact {
        card: u16,
    },
    /// `TOI-SETUP-3`, `TOI-STAT-DRAW`: draw the top card of your deck `deck` (an index into the
    /// data's decks).
    DrawFrom {
        deck: u8,
    },
    /// A strategy card's choice of one of your units.
    CardUnit {
        unit: UnitId,
    },
    /// `TOI-KW-TARGET`: the strike's target hex.
    TargetHex {
        hex: HexId,
    },
    /// `TOI-ACT-FATIGUE`: activate a fresh unit and do nothing.
    Fatigue {
        unit: UnitId,
    },
    /// `TOI-ACT-END`: end this side's Action Phase.
    EndActionPhase,
    /// `TOI-MOVE`: the moving unit enters the adjacent hex `hex`.
    MoveTo {
        hex: HexId,
    },
    /// `TOI-TRANS`: the moving squad boards `vehicle`, in its hex (2 MP; its activation ends).
    Board {
        vehicle: UnitId,
    },
    /// `TOI-TRANS`: the active squad leaves the vehicle carrying it, into its hex (2 MP).
    Disembark,
    /// `TOI-FORT-ENTR`, `TOI-FORT-PILL`: the moving squad gets into a free entrenchment (or
    /// pillbox) of its hex (1 MP).
    EnterFort {
        pillbox: bool,
    },
    /// `TOI-FORT-ENTR`, `TOI-FORT-PILL`: the moving squad leaves its fortification (1 MP; an Op
    /// Fire trigger, AMB-19).
    LeaveFort,
    /// `TOI-MOVE`: the moving unit stops where it is.
    StopMoving,
    /// `TOI-COMBAT-NORMAL-SQUAD`: the hit squad loses the figure in its slot `slot`.
    Lose {
        slot: u8,
    },
    /// `TOI-STAT-OPFIRE`, `TOI-SETUP-7`: put `unit` in Op Fire mode.
    PutOpFire {
        unit: UnitId,
    },
    /// `TOI-STAT-XFER`: move the figure in `slot` of squad `from` into squad `to`, in its hex.
    Transfer {
        from: UnitId,
        slot: u8,
        to: UnitId,
    },
    /// `TOI-TEAM-ORDER`: the player of `division` plays first in his team's turn.
    FirstDivision {
        division: u8,
    },
    /// `TOI-STAT-REINF`: place the next reinforcement in the reinforcement hex `hex`.
    PlaceReinforcement {
        hex: HexId,
    },
    /// `TOI-CMD-SPEND`: move `amount` available command onto the initiative card.
    AddInitiative {
        amount: u8,
    },
    /// `TOI-CMD-SPEND`: spend no more command this Command Phase.
    /// `TOI-SETUP-5`: put this figure (its index in the data) on the base being built.
    BuildFigure {
        figure: u8,
    },
    /// `TOI-SPEC-ASSIGN`: snap this token on the base just built.
    Specialize {
        spec: crate::data::Specialization,
    },
    /// `TOI-SETUP-6`: place the next starting unit in this hex.
    Deploy {
        hex: HexId,
    },
    /// `TOI-TIMING` (D-OBSTACLE-ORDER): this obstacle of the hex resolves first.
    ResolveFirst {
        obstacle: Obstacle,
    },
    /// `TOI-ACT-SPECIAL` ("Create Smoke", `TOI-CARD-OPS`): engineer squad `unit` lays smoke in
    /// `hex`.
    ThrowSmoke {
        unit: UnitId,
        hex: HexId,
    },
    Done,
}

/// What happened, for the log and its readers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ToiEvent {
    Round {
        round: u8,
    },
    Phase {
        name: &'static str,
    },
    Activated {
        unit: UnitId,
        action: &'static str,
    },
    Moved {
        unit: UnitId,
        hex: HexId,
    },
    Attack {
        attacker: UnitId,
        target: UnitId,
        black: Vec<u8>,
        red: Vec<u8>,
        hits: u8,
    },
    /// An off-board strike's hits on `target` (`TOI-KW-AREA`, `TOI-KW-BLAST`).
    Strike {
        target: UnitId,
        black: Vec<u8>,
        red: Vec<u8>,
        hits: u8,
    },
    Casualty {
        unit: UnitId,
        eliminated: bool,
    },
    Condition {
        unit: UnitId,
    },
    Control {
        objective: u8,
        nation: Nation,
    },
    Command {
        nation: Nation,
        amount: u16,
    },
    Points {
        nation: Nation,
        vp: i16,
    },
    Initiative {
        nation: Nation,
    },
    Note,
}

/// The game's log.
pub type ToiLog = Log<ToiEvent>;

/// An obstacle a moving unit meets (`TOI-FORT-MINE`, `TOI-FORT-WIRE`, `TOI-FORT-TRAP`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    Minefield,
    Wire,
    TankTraps,
}

impl Obstacle {
    pub fn name(self) -> &'static str {
        match self {
            Obstacle::Minefield => "minefield",
            Obstacle::Wire => "razor wire",
            Obstacle::TankTraps => "tank traps",
        }
    }
}
