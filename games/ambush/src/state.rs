//! The game state (the spec's section 2): small and flat, integer ids into the data, cloned by
//! search and simulation; the components and the mission behind the `Arc`.
//!
//! Soldiers are one list, the squad's US soldiers first (in squad order, `US1`..), then the
//! mission's German cards (in the mission's card order, `A`..): a [`SoldierId`] is an index
//! into it. Hexes are the mission map's dense [`Hex`] numbers; weapons the index of their id
//! among the data's weapons ([`crate::data::weapons::Weapons::index_of`]); flags the index of
//! their name among the mission's flags ([`crate::data::mission::MissionDef::flags`]).
//!
//! Invariants the chapters keep (the random-play tests check them after every step):
//! inactive (incapacitated, captured or killed) soldiers are prone and on the Inactive row;
//! sightings only ever grow; at most two vehicles a hex. A soldier takes nothing he has no Port
//! Box for (a wound that shrinks his capacity leaves him what he carries: AMBX-SOL-5 in
//! docs/ambush/interpretations.md).

use crate::data::AmbushData;
use crate::data::map::Dir;
use crate::data::mission::{Marker, Stance};
use crate::data::weapons::Side;
use crate::map::Hex;
use crate::tables::damage::Health;
use crate::tables::track::Row;
use overlord_engine::{GameRng, RuleId};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A soldier's dense id: his index in [`Ambush::soldiers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SoldierId(pub u8);

impl SoldierId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A vehicle's dense id: its index in [`Ambush::vehicles`] (the mission's `[[vehicle]]` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VehicleId(pub u8);

/// Where a soldier is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Not on the map: a US soldier before he enters, a German before a paragraph places him.
    OffMap,
    Hex(Hex),
    /// Aboard a vehicle, in a seat (cars: seat 0 drives; a tank's crew is its card, seat 0).
    Aboard {
        vehicle: VehicleId,
        seat: u8,
    },
    /// Left the map (a German retreating off his exit edge, AMBX-GER-2 `RT`).
    Exited,
}

/// The ratings a soldier plays with (his card's, improved by a campaign).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ratings {
    pub initiative: u8,
    pub pc: u8,
    pub ws: i8,
    pub ds: u8,
    pub mpa: u8,
}

/// An item a soldier carries (AMBX-SOL-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Item {
    /// The weapon, by index.
    pub weapon: u8,
    /// AMBX-WTC-3: an MG set up, a bazooka or satchel made ready.
    pub prepared: bool,
    /// AMB-FIRE-1.
    pub jammed: bool,
    /// Taken from the other side (AMB-EQP-1: a US soldier fires it at WS −1).
    pub captured: bool,
}

/// Where a soldier's AR marker is (AMBX-AR): the row, and whether in the initiative side's
/// (advantage) half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArMarker {
    pub row: Row,
    pub advantage: bool,
}

/// What a soldier did this turn and round (AMB-SACT-2, AMB-SACT-5, AMBX-WTC-3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnState {
    pub free_stance_change_used: bool,
    pub mp_spent: u8,
    pub moved_this_round: bool,
}

/// One soldier, US or German.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Soldier {
    pub side: Side,
    /// His card: the index of his `[[soldier]]` in the squad (US) or `[[german]]` in the
    /// mission (German).
    pub card: u8,
    pub ratings: Ratings,
    pub commander: bool,
    pub health: Health,
    pub captured: bool,
    /// AMB-GER-5: surrendered, waiting to be captured.
    pub surrendered: bool,
    pub panicked: bool,
    pub stance: Stance,
    pub place: Place,
    /// AMBX-SOL-4, AMB-STS-1: 4, one less while wounded.
    pub port_boxes: u8,
    pub ammo_slots: u8,
    pub items: Vec<Item>,
    /// Ammo Boxes (clips, rockets, grenades), each by the weapon it is for.
    pub ammo: Vec<u8>,
    /// Grenades a German card carries (AMBX-GER-1).
    pub grenades: u8,
    pub marker: ArMarker,
    pub turn: TurnState,
    /// AMB-OPA-6: the inactive soldier he carries.
    pub carrying: Option<SoldierId>,
    /// AMB-CAMP: banked experience.
    pub xp: u8,
    /// AMB-PRIS-2: a German prisoner freed in view of the squad acts on his S column for the
    /// rest of the Activation Phase.
    pub s_column: bool,
}

impl Soldier {
    /// Incapacitated, captured or killed (the spec's "Inactive").
    pub fn inactive(&self) -> bool {
        self.captured || matches!(self.health, Health::Incapacitated | Health::Killed)
    }

    /// On the map, not inactive, not exited (AMBX-RND-2's "active German").
    pub fn active_on_map(&self) -> bool {
        !self.inactive()
            && !self.surrendered
            && matches!(self.place, Place::Hex(_) | Place::Aboard { .. })
    }

    /// The hex he is in, aboard a vehicle included.
    pub fn hex(&self, vehicles: &[Vehicle]) -> Option<Hex> {
        match self.place {
            Place::Hex(hex) => Some(hex),
            Place::Aboard { vehicle, .. } => {
                vehicles.get(usize::from(vehicle.0)).and_then(|v| v.hex)
            }
            Place::OffMap | Place::Exited => None,
        }
    }
}

/// A vehicle's state (AMBX-DMG-5), from the best to the worst.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum VehicleStatus {
    #[default]
    Ok,
    TireHit,
    Immobilized,
    Disabled,
    Destroyed,
}

/// One vehicle of the mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vehicle {
    /// Its kind, by index among the data's vehicle kinds.
    pub kind: u8,
    pub side: Side,
    /// `None` until a paragraph places it.
    pub hex: Option<Hex>,
    pub facing: Dir,
    pub open: bool,
    /// A tank's surviving crew (CP, AMBX-VEH-7).
    pub crew: u8,
    pub exposed_crew_killed: u8,
    pub status: VehicleStatus,
    pub moved_fast: bool,
    pub moved_this_round: bool,
}

/// Where the mission stands (the spec's section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The squad enters at the mission's entry hexes (AMBX-MIS-1).
    Entry,
    /// No German active: free actions, a sheet check per hex entered (AMB-OPS, AMB-OPA).
    Operations,
    /// Action Rounds (AMB-AWR, AMB-RND).
    Rounds(RoundState),
    /// The mission is over (AMBX-MIS-10); in a campaign, the campaign is.
    Ended { success: bool },
    /// A campaign between two missions (AMB-CAMP): XP shared, improvements, replacements.
    Debrief,
}

/// A campaign under way (AMB-CAMP, AMBX-CAMP).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Campaign {
    /// The squad's cards, ratings improved, in squad order (a US soldier's `card` indexes it).
    pub roster: Vec<crate::data::squad::SoldierDef>,
    /// Each card's banked XP.
    pub xp: Vec<u8>,
    /// The mission under way or just played, by its place in the campaign's list.
    pub step: u8,
    /// Each mission played: whether it succeeded, and its VP.
    pub results: Vec<(bool, i32)>,
    /// Where the debrief stands.
    pub debrief: Debrief,
    /// The roster cards that earn XP (the survivors, AMBX-CAMP-1), in roster order.
    pub survivors: Vec<u8>,
    /// AMBX-CAMP-2: whether the pool gives everyone at least a point.
    pub pool_covers_all: bool,
    /// AMBX-CAMP-5: the squad points left for replacements.
    pub budget: u16,
    /// AMBX-SOL-2/3: the squad is being bought before the first mission.
    pub forming: bool,
}

/// The steps of a debrief (AMB-CAMP-3..7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Debrief {
    /// AMBX-CAMP-2: survivor number `next` gets his share of the `left` points.
    Xp { next: u8, left: u16 },
    /// AMB-CAMP-5: card `next` may spend his XP.
    Improve { next: u8 },
    /// AMBX-CAMP-5: replacements bought with the campaign's budget.
    Recruit,
}

/// One Action Round's bookkeeping (the spec's `RoundState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundState {
    /// 1-based; awareness uses rounds 1..=3 (AMB-AWR).
    pub number: u16,
    pub us_die: u8,
    pub german_die: u8,
    pub us_initiative: bool,
    /// AMB-GER-1.
    pub action_number: u8,
    /// Whether the round's opening (awareness, event, dice, markers) is done.
    pub opened: bool,
}

/// The hex markers of AMBX-MIS-8, one bit each.
pub fn marker_bit(marker: Marker) -> u8 {
    1 << (marker as u8)
}

/// The squad's trail: a hex a US soldier has entered (what the player remembers of his own
/// moves, in the same byte as the hex's markers; no rule reads it, the bots and the view do).
pub const TRAIL: u8 = 1 << 7;

/// The game state.
#[derive(Clone, Debug)]
pub struct Ambush {
    pub(crate) data: Arc<AmbushData>,
    /// The mission, by index among the data's missions.
    pub(crate) mission: u8,
    /// The squad playing it, by index among the data's squads.
    pub(crate) squad: u8,
    /// The campaign this mission is part of, if any (AMB-CAMP): the squad's cards carried from
    /// mission to mission.
    pub campaign: Option<Box<Campaign>>,
    /// The mission's map with the building sides knocked down so far (AMBX-DMG-4: a breach is
    /// an opening for sight and movement), once there is one; the mission's own map till then.
    pub(crate) breached_map: Option<Arc<crate::map::MissionMap>>,
    pub(crate) rng: GameRng,
    pub phase: Phase,
    /// AMB-COND: the Condition in force (1-based).
    pub condition: u8,
    /// AMB-OPS-3: sighting N occurred ⇔ bit N.
    pub sightings: u64,
    /// AMB-OPS-3: the paragraphs read so far, by id, sorted (for the balance lab: how often
    /// each paragraph is reached; the rules never ask).
    pub paragraphs_read: Vec<u16>,
    /// AMBX-PAR-3: the mission's flags set, by index.
    pub flags: u64,
    pub vp: i16,
    /// AMBX-MIS-6: activation-pool paragraphs already read.
    pub used_pool: Vec<u16>,
    /// Per hex, its markers ([`marker_bit`]).
    pub markers: Vec<u8>,
    /// Per hex, the building sides knocked down (AMBX-DMG-4), one bit per direction.
    pub breaches: Vec<u8>,
    pub soldiers: Vec<Soldier>,
    pub vehicles: Vec<Vehicle>,
    /// What the Operations chapter still has to do, the last pushed done first.
    pub work: Vec<Task>,
    /// A question waiting for the player, if any.
    pub ask: Option<Ask>,
    /// A German became active during the work under way (the Activation Phase follows it).
    pub activated: bool,
    /// The soldiers whose last Perception Check passed, one bit per soldier id (AMBX-PAR-4's
    /// `pc_passed`).
    pub pc_passed: u64,
    /// The US soldier acting now in an Action Round, and how far his turn has got.
    pub turn: Option<Turn>,
    /// What happened since the log last took it (each line with its rule id): the chapters
    /// write here, the decision machine hands it to the engine's log.
    pub journal: Vec<Note>,
    /// Whether the journal is written (a log that is not kept costs no text).
    pub journal_on: bool,
    /// Dice rolled and paragraphs read so far (the undo barrier, ARCHITECTURE invariant 5).
    pub reveals: u64,
    /// Whether this is a state drawn for search, and whether it has come to what the squad
    /// has not uncovered ([`Veil`]).
    pub(crate) veil: Veil,
}

/// AMBX-HID in search: a state drawn for the search bot
/// (`Heuristics::determinize_for_search`) keeps the mission's sheet, its paragraphs not yet
/// read and the German cards behind a veil. A German acting there is played by what the squad
/// can foresee of any German (aimed fire at the easiest target he sees), not by his card, and a
/// round's Event Check and a hex entered read nothing (the squad's model: nothing happens, and
/// nothing is there but a marked minefield). The first time play would read something else
/// hidden (a Condition change's checks of the sheet, an Activation Check, a paragraph read for
/// the first time), the veil is reached: nothing hidden is read, and search scores the state
/// as it stands (`Heuristics::horizon`). So nothing the squad has not uncovered can steer the
/// search's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Veil {
    /// A real game: everything is played.
    #[default]
    Off,
    /// A state drawn for search, which has not yet come to anything hidden.
    Drawn,
    /// A state drawn for search that came to something hidden: play stops here.
    Reached,
}

/// One line of the journal: the rule that produced it, its event and its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub rule: RuleId,
    pub event: crate::action::AmbEvent,
    pub text: String,
}

/// A US soldier's turn in an Action Round (AMB-SACT, AMB-ACT): what he is doing so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub soldier: SoldierId,
    pub doing: Doing,
    /// His marker's row as the turn began (it moves down a row as the turn ends, AMBX-AR-3,
    /// unless what happened in it moved it already).
    pub row: Row,
}

/// The part of a turn under way: a fresh turn offers every table; a move, a move with a snap
/// shot or a charge goes on hex by hex; snap fire twice waits for its second shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Doing {
    /// Nothing yet (a stance change aside).
    Fresh,
    /// AMB-ACT-11: moving.
    Moving,
    /// AMB-ACT-13: moving with one snap shot, before, between or after the steps.
    MoveSnap { fired: bool },
    /// AMB-ACT-14: moving to assault.
    Charging,
    /// AMB-ACT-2: the second snap shot of item `item`.
    SecondSnap { item: u8 },
    /// AMB-ACT-16, AMB-VACT-6: driving a car, fast or slow, with its one snap shot taken or not
    /// (AMB-VCBT-1).
    Driving { fast: bool, fired: bool },
}

/// The soldiers a piece of work is for (the hex entry's "actor", AMBX-MIS-7), one bit per
/// soldier id.
pub type Actor = u64;

/// A piece of the Operations chapter's work (AMB-OPS, AMB-COND, AMBX-PAR).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// AMB-OPS-1: check the sheet for `hex`, entered by `actor`; `quiet` for the checks of a
    /// Condition change, where an Event only marks the hex (AMB-COND-3).
    Check { hex: Hex, actor: Actor, quiet: bool },
    /// AMBX-PAR: paragraph `id`'s effects from `next`, its top-level ones (`line` none) or
    /// those of its chosen line.
    Effects {
        id: u16,
        line: Option<u8>,
        next: u8,
        actor: Actor,
    },
    /// AMB-OPS-7: the Event Marker placed once the event is resolved.
    MarkEvent { hex: Hex },
    /// AMB-COND-4: the end of a Condition change's checks: whether a German was already
    /// active before it (its checks stop only for a German they activate).
    EndOfChange { activated: bool },
}

/// A question for the player (AMB-OPS-6, AMBIG-2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    /// Bulleted sheet lines of a hex entry: which one.
    SheetLine {
        hex: Hex,
        actor: Actor,
        options: Vec<crate::data::mission::Ref>,
    },
    /// Bulleted lines of a paragraph: which one (by line index).
    ParagraphLine {
        id: u16,
        actor: Actor,
        options: Vec<u8>,
    },
}

/// The state is the game: two states are equal when everything but the shared data and the
/// journal not yet logged is (the data is the mission's, the same `Arc` for both).
impl PartialEq for Ambush {
    fn eq(&self, other: &Ambush) -> bool {
        Arc::ptr_eq(&self.data, &other.data)
            && self.mission == other.mission
            && self.squad == other.squad
            && self.campaign == other.campaign
            && self.rng == other.rng
            && self.phase == other.phase
            && self.condition == other.condition
            && self.sightings == other.sightings
            && self.paragraphs_read == other.paragraphs_read
            && self.flags == other.flags
            && self.vp == other.vp
            && self.used_pool == other.used_pool
            && self.markers == other.markers
            && self.breaches == other.breaches
            && self.soldiers == other.soldiers
            && self.vehicles == other.vehicles
            && self.work == other.work
            && self.ask == other.ask
            && self.activated == other.activated
            && self.pc_passed == other.pc_passed
            && self.turn == other.turn
            && self.reveals == other.reveals
            && self.veil == other.veil
    }
}

impl Ambush {
    /// AMBX-HID in search: whether play must stop before reading something hidden ([`Veil`]);
    /// in a state drawn for search, the veil is reached (and stays so). Always `false` in a
    /// real game.
    pub(crate) fn veiled(&mut self) -> bool {
        match self.veil {
            Veil::Off => false,
            Veil::Drawn | Veil::Reached => {
                self.veil = Veil::Reached;
                self.work.clear();
                true
            }
        }
    }

    /// Whether a state drawn for search has reached the veil ([`Veil`]).
    pub fn beyond_veil(&self) -> bool {
        self.veil == Veil::Reached
    }

    /// Write a journal line for `rule`. Its sentence is made only when the log is kept, from
    /// the state as it is then (`text` reads names and labels itself, so a game played with
    /// the log off, as simulations play it, never formats them).
    pub fn note(
        &mut self,
        rule: RuleId,
        event: crate::action::AmbEvent,
        text: impl FnOnce(&Ambush) -> String,
    ) {
        if self.journal_on {
            let text = text(self);
            self.journal.push(Note { rule, event, text });
        }
    }

    /// A soldier's name for the log: his card's id (`US1`) or his German code (`A`).
    pub fn name(&self, id: SoldierId) -> String {
        let s = self.soldier(id);
        match s.side {
            Side::Us if self.campaign.is_some() => self
                .campaign
                .as_ref()
                .and_then(|c| c.roster.get(usize::from(s.card)))
                .map_or_else(|| format!("US{}", id.0 + 1), |c| c.id.clone()),
            Side::Us => self
                .data
                .squads
                .get(usize::from(self.squad))
                .and_then(|q| q.soldiers.get(usize::from(s.card)))
                .map_or_else(|| format!("US{}", id.0 + 1), |c| c.id.clone()),
            Side::German => self
                .mission()
                .germans
                .get(usize::from(s.card))
                .map_or_else(|| format!("G{}", id.0), |g| g.get_ref().code.clone()),
        }
    }

    /// The bytes the state holds, its vectors' buffers included (the components behind the
    /// `Arc` are shared, not counted): the figure BENCHMARKS.md records.
    pub fn footprint(&self) -> usize {
        use std::mem::size_of;
        let soldiers: usize = self
            .soldiers
            .iter()
            .map(|s| s.items.capacity() * size_of::<Item>() + s.ammo.capacity())
            .sum();
        size_of::<Self>()
            + self.used_pool.capacity() * size_of::<u16>()
            + self.markers.capacity()
            + self.breaches.capacity()
            + self.soldiers.capacity() * size_of::<Soldier>()
            + soldiers
            + self.vehicles.capacity() * size_of::<Vehicle>()
            + self.work.capacity() * size_of::<Task>()
            + self.journal.capacity() * size_of::<Note>()
    }

    pub fn data(&self) -> &AmbushData {
        &self.data
    }

    /// The map as it stands: the mission's, with any breach opened (AMBX-DMG-4).
    pub fn map(&self) -> Option<&crate::map::MissionMap> {
        self.breached_map
            .as_deref()
            .or(self.mission().hexes.as_ref())
    }

    /// AMBX-DMG-4: the side `dir` of `hex` knocked down: recorded, and an opening from now on.
    pub fn breach(&mut self, hex: Hex, dir: Dir) {
        if let Some(b) = self.breaches.get_mut(usize::from(hex.0)) {
            *b |= 1 << dir.index();
        }
        if let Some(map) = self.map() {
            self.breached_map = Some(Arc::new(map.with_breach(hex, dir)));
        }
    }

    /// The mission being played.
    pub fn mission(&self) -> &crate::data::mission::MissionDef {
        &self.data.missions[usize::from(self.mission)]
    }

    /// The game's randomness (every die of the spec's section 5 comes from it).
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub fn soldier(&self, id: SoldierId) -> &Soldier {
        &self.soldiers[id.index()]
    }

    /// Every soldier of `side`, in id order.
    pub fn side(&self, side: Side) -> impl Iterator<Item = SoldierId> + '_ {
        (0..self.soldiers.len() as u8)
            .map(SoldierId)
            .filter(move |&s| self.soldier(s).side == side)
    }

    /// Whether sighting `n` has occurred (AMB-OPS-3).
    pub fn sighted(&self, n: u8) -> bool {
        n < 64 && self.sightings & (1 << n) != 0
    }

    /// Whether a US soldier has entered `hex` ([`TRAIL`]).
    pub fn trodden(&self, hex: Hex) -> bool {
        self.markers
            .get(usize::from(hex.0))
            .is_some_and(|m| m & TRAIL != 0)
    }

    /// Whether `hex` carries `marker`.
    pub fn marked(&self, hex: Hex, marker: Marker) -> bool {
        self.markers
            .get(usize::from(hex.0))
            .is_some_and(|m| m & marker_bit(marker) != 0)
    }
}
