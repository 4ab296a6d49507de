//! The game state (spec section 3.2): small and flat, integer ids into the data, cloned by
//! search and simulation millions of times. Components sit behind the `Arc`.
//!
//! The step the game is at ([`Step`]) holds the stage of the prompts that take several
//! answers: a move (pick a unit or stack, then its destination) and an attack (pick the
//! defender, add attackers, confirm, then the results' choices).

use crate::data::{Army, N44Data, Scenario, Side, UnitId};
use crate::tables::terrain::Terrain;
use crate::tables::weather::Weather;
use overlord_engine::{GameRng, Outcome, Seat};
use overlord_hexmap::HexId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    /// On the map.
    Hex(HexId),
    /// In one of the nine assault boxes of the invasion turn (20.3), by [`crate::data::Assault`]
    /// order.
    AssaultBox(u8),
    /// In a beach's Second Wave box (20.5), by [`crate::data::Beach`] order.
    SecondWave(u8),
    /// The 29th Division's Next Wave box (20.3.3).
    NextWave,
    /// Waiting to drop or land by glider on turn `u8` (20.2).
    Airborne(u8),
    /// In the "In Great Britain" box (6.5).
    Britain,
    /// On the German Reinforcement card, arriving on turn `u8` (6.6).
    Arriving(u8),
    /// In the 243rd (0) or 709th (1) Mobilization box (6.7).
    Mobilization(u8),
    /// In the Eliminated box (may come back by replacement, 6.2).
    Eliminated,
    /// Withdrawn or removed from play (17.5, 22.2, 26.3), or not in this scenario.
    OutOfPlay,
}

/// Markers and per-phase facts of one unit, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitFlags(pub u32);

impl UnitFlags {
    pub const DISORGANIZED: u32 = 1;
    pub const SCATTERED: u32 = 1 << 1;
    pub const RESERVE: u32 = 1 << 2;
    pub const REGROUP: u32 = 1 << 3;
    /// Replacement marker (6.2).
    pub const REPLACED: u32 = 1 << 4;
    /// Landed this turn as an Allied reinforcement (6.5.2).
    pub const LANDED: u32 = 1 << 5;
    /// Strategic movement marker (9.8).
    pub const SM: u32 = 1 << 6;
    /// The German truck marker (9.8.6).
    pub const TRUCK: u32 = 1 << 7;
    /// Out of supply marker (18.3).
    pub const OOS: u32 = 1 << 8;
    /// Isolated (the OOS marker's red side, 18.3).
    pub const ISOLATED: u32 = 1 << 9;
    /// HQ or Werfer on its Moved / used side (17.2, 17.3).
    pub const SPENT: u32 = 1 << 10;
    /// A restricted unit released (17.6).
    pub const RELEASED: u32 = 1 << 11;
    /// Has moved (or used its move) this Movement Phase or Reserve segment.
    pub const MOVED: u32 = 1 << 12;
    /// Has attacked this phase.
    pub const ATTACKED: u32 = 1 << 13;
    /// Retreated this phase (13.5).
    pub const RETREATED: u32 = 1 << 14;
    /// Started this Movement Phase in an enemy ZOC (8.3).
    pub const STARTED_IN_EZOC: u32 = 1 << 15;
    /// Building an IP in its hex this turn (16.1).
    pub const BUILDING_IP: u32 = 1 << 16;
    /// Used tactical movement this phase (9.10: no Reserve).
    pub const TACTICAL: u32 = 1 << 17;
    /// Entered or left an enemy ZOC this phase (15.1: no Reserve).
    pub const ZOC_MOVE: u32 = 1 << 18;
    /// Moved more than one hex this phase (17.2, 17.3: HQs and Werfers flip).
    pub const MOVED_FAR: u32 = 1 << 19;

    pub fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }

    pub fn set(&mut self, bit: u32, on: bool) {
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }
}

/// One unit's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitState {
    pub at: Location,
    /// 0 = full strength; a step past the printed faces is the cadre (17.9).
    pub step: u8,
    pub flags: UnitFlags,
    /// Movement points spent this phase, in sixths of a point.
    pub spent: u8,
}

impl UnitState {
    /// The hex the unit is in, if on the map.
    pub fn hex(&self) -> Option<HexId> {
        match self.at {
            Location::Hex(hex) => Some(hex),
            _ => None,
        }
    }
}

/// The weather of the turn: its condition and the Weather Table row (the modified roll) that
/// also sets supply, replacements, air and naval units (2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnWeather {
    pub condition: Weather,
    pub row: u8,
}

/// The phases of a player turn (3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Replacement,
    Movement,
    Combat,
    ReserveMovement,
    ReserveCombat,
    Recovery,
    Supply,
}

/// Where the game is in the sequence of play (section 4), with the stage of a multi-answer
/// decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// The Special Invasion Phase of turn 1 (20), at assault `u8` (the drops before).
    Invasion(u8),
    /// The Initial Phase (4.1 A).
    Initial,
    /// `Side`'s player turn is about to begin (after the invasion, or the German's turn).
    Begin(Side),
    /// A phase of a player turn, with what is being decided in it.
    Phase(Side, Phase, Stage),
    /// The Final Phase (4.1 D).
    Final,
    /// The game is over.
    Over,
    /// The Initial Phase's choices (D1 the German SupP split, D2 the "CW" replacement): the
    /// receipts are in and the chooser says who answers (4.1 A.3).
    InitialChoice,
    /// The Final Phase's choice (D30, 22.2): the Allies may withdraw an airborne division.
    FinalChoice,
}

/// The stage of a decision that takes several answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Nothing chosen yet: pick a unit, a stack, a defender, or end the phase.
    Open,
    /// A unit (or the stack it heads, when `stack`) is picked to move; pick its destination.
    Moving {
        unit: UnitId,
        stack: bool,
        mode: crate::action::MoveMode,
    },
    /// An attack on `hex` is being built (10): add attackers, then confirm.
    Attack { hex: HexId },
    /// An attack's result is being applied; its choices come one at a time.
    Result { hex: HexId },
}

/// Per-side pools and counters (5, 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tracks {
    /// German 7th Army, Fortress Cherbourg, US First Army, British Second Army (5, cap 19).
    pub supply: [u8; 4],
    /// Replacement pools (6.1, cap 9), by [`Pool`].
    pub replacements: [u8; Pool::COUNT],
    /// Allied RP of this turn, US and CW (6.5).
    pub rp: [u8; 2],
    /// RP landed this turn per beach (6.5.2: at most 4).
    pub rp_landed: [u8; 5],
    /// Allied air units available this turn, US and CW (19.1).
    pub air: [u8; 2],
    /// Allied naval markers available, US and CW (19.2).
    pub naval: [u8; 2],
    /// IPs that may still be started this turn: German, US, CW (16.1).
    pub ip_allowance: [u8; 3],
}

/// The supply markers' order in [`Tracks::supply`].
pub const SUPPLY_7TH: usize = 0;
pub const SUPPLY_FORTRESS: usize = 1;
pub const SUPPLY_US: usize = 2;
pub const SUPPLY_CW: usize = 3;

/// The replacement pools (6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pool {
    GermanInfantry,
    GermanArmor,
    /// The "1 (PT)" armor replacement, use now on a Tiger or Panther (6.4).
    GermanPt,
    /// Roll 5's infantry replacement, use now on TQ 0 or −1 (6.4).
    GermanLowTq0,
    /// Roll 6's, use now on TQ −1 (6.4).
    GermanLowTqMinus1,
    UsInfantry,
    UsArmor,
    UsAirborne,
    BritishInfantry,
    BritishArmor,
    BritishAirborne,
    CanadianInfantry,
}

impl Pool {
    pub const COUNT: usize = 12;
}

/// The Mulberry of one army (21.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mulberry {
    NotStarted,
    Building { complete_turn: u8 },
    Complete,
    Destroyed,
}

/// Options of a game: the optional rules of 28.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct N44Options {
    /// 28.1: historical weather.
    #[serde(rename = "28.1")]
    pub historical_weather: bool,
    /// 28.2: flank fire.
    #[serde(rename = "28.2")]
    pub flank_fire: bool,
    /// 28.3: naval batteries.
    #[serde(rename = "28.3")]
    pub naval_batteries: bool,
    /// 27.1: three players (the US and British armies each their own player).
    #[serde(rename = "27.1-three")]
    pub three_players: bool,
    /// 27.1: four players (the German split too, one player facing each Allied army).
    #[serde(rename = "27.1-four")]
    pub four_players: bool,
    /// 27.2: the solitaire constraints.
    #[serde(rename = "27.2")]
    pub solitaire: bool,
    /// units landed this turn advance in full, as the rulebook's example of play has
    /// them (the rule text, and the default, limits them).
    #[serde(rename = "A-47")]
    pub landed_units_full_advance: bool,
}

/// 27.2's bookkeeping: what the solitaire constraints count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solitaire {
    /// The free SupP each Allied army (US, CW) received this turn (5.3).
    pub received: [u8; 2],
    /// The SupP each Allied army has spent in this Allied player turn.
    pub spent: [u8; 2],
    /// The last turn each Allied army started an IP (0: none yet).
    pub ip_turn: [u8; 2],
}

/// A game of Normandy '44.
#[derive(Clone, Debug)]
pub struct Normandy44 {
    pub(crate) data: Arc<N44Data>,
    pub(crate) scenario: Scenario,
    pub(crate) options: N44Options,
    pub(crate) rng: GameRng,
    pub(crate) turn: u8,
    pub(crate) last_turn: u8,
    pub(crate) step: Step,
    pub(crate) weather: TurnWeather,
    pub(crate) previous_row: u8,
    pub(crate) units: Vec<UnitState>,
    /// Per hex, a bit set of Allied-controlled hexes ("last to pass through", 24.3); all
    /// others are German.
    pub(crate) allied_control: Vec<u64>,
    pub(crate) tracks: Tracks,
    pub(crate) mulberries: [Mulberry; 2],
    /// Units picked to attack the hex of [`Stage::Attack`].
    pub(crate) attackers: Vec<UnitId>,
    /// Hexes attacked this phase (10.1: a hex is attacked once per phase).
    pub(crate) attacked_hexes: Vec<HexId>,
    /// The side that must answer the prompt showing when it is not the phasing side (a
    /// defender's loss, Determined Defense or retreat).
    pub(crate) chooser: Option<Side>,
    pub(crate) reveals: u64,
    pub(crate) outcome: Option<Outcome>,
    // The invasion chapter (20).
    /// The Special Invasion Phase's assault under way, what the assaults left (failed sectors,
    /// 20.3.3), and the glider regiments delayed by an enemy-occupied landing zone (20.2).
    pub(crate) invasion: Invasion,
    // ---- The Initial Phase, replacements and reinforcements (4.1 A, 5, 6, 17.4, 17.5, 21, 22).
    /// German SupP received this Initial Phase and not yet split (D1, 5.2).
    pub(crate) supply_due: u8,
    /// "CW" infantry replacements not yet taken as British or Canadian (D2, 6.2).
    pub(crate) cw_choice_due: u8,
    /// Whether the 243rd (0) and 709th (1) Mobilization boxes released a unit this turn (6.7).
    pub(crate) mobilized: [bool; 2],
    /// German reinforcements sent to another entry zone by a delay (6.6): the unit and the
    /// zone's index in the map's `entries`.
    pub(crate) entry_zones: Vec<(UnitId, u8)>,
    /// The beach hexes units evacuated from this turn, one entry per unit (21.2).
    pub(crate) evacuations: Vec<HexId>,
    /// 17.4: the Cotentin HQ has used its once-per-game relocation.
    pub(crate) cotentin_relocated: bool,
    /// 17.4: the Fortress Cherbourg marker is off the track (every Cherbourg city hex Allied).
    pub(crate) fortress_removed: bool,
    /// 26.2: the Cherbourg scenario's once-per-scenario Storm armor replacement is unused.
    pub(crate) cherbourg_armor: bool,
    /// 22.2: the Allies were offered the airborne withdrawal in this Final Phase.
    pub(crate) withdrawal_offered: bool,
    /// 28.3: the naval batteries Allied units have occupied, one bit per map battery.
    pub(crate) batteries_silenced: u8,
    // Fortifications (16), supply and victory chapters:
    /// The IP markers on the map (16.1), in hex order; the permanent Osteck and Westeck are
    /// map features, not markers.
    pub(crate) ips: Vec<Ip>,
    // The combat chapter (10-15, 19): the attack being built or resolved, and the phase's
    // strafing and one-hex-retreat bookkeeping.
    pub(crate) combat: CombatState,
    /// Answers worked out from the units and read many times before the units change again
    /// (the occupancy, each side's zones of control): not part of the position.
    pub(crate) memo: Memo,
    /// 27.1: which of the phasing side's players' parts of the phase it is (0, or 1 for the
    /// second of a side's two players).
    pub(crate) part: u8,
    /// 27.1, four players: one bit per unit, the German units of the player facing the
    /// British (all others face the US).
    pub(crate) facing_british: Vec<u64>,
    /// 27.2's bookkeeping.
    pub(crate) solitaire: Solitaire,
    /// 19.2, A-41: the special Cherbourg bombardment, once made.
    pub(crate) bombardment: Bombardment,
}

/// 19.2, A-41: the special Cherbourg bombardment: the turn it was made (0: not yet) and its
/// first target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bombardment {
    pub turn: u8,
    pub hex: HexId,
}

impl Default for Bombardment {
    fn default() -> Self {
        Bombardment {
            turn: 0,
            hex: HexId::NONE,
        }
    }
}

/// The answers [`Memo`] keeps, one slot each.
#[derive(Clone, Copy, Debug)]
pub enum Memoized {
    /// The German zones of control and bonds.
    GermanZones,
    /// The Allied zones of control and bonds.
    AlliedZones,
    /// The Movement Phase's picks and Reserve placements (`movement::OpenMoves`): a search per
    /// unit, asked by the turn driver and again by the player before any unit moves.
    OpenMoves,
    /// Each side's lines of supply from the hexes asked so far (`supply_lines::KeptLines`).
    GermanLines,
    AlliedLines,
    /// The hexes the Combat Phase's Open stage offers to attack (`combat::AttackTargets`):
    /// asked again after every attack built and cancelled.
    AttackTargets,
}

const MEMO_SLOTS: usize = 6;

/// No unit, in [`UnitsByHex`]'s lists.
const NO_UNIT: u16 = u16::MAX;

/// The units on the map by hex, as lists threaded through the units in id order: which unit
/// is first in each hex, and which follows each unit in its hex.
#[derive(Clone, Debug)]
pub struct UnitsByHex {
    first: Vec<u16>,
    next: Vec<u16>,
}

impl UnitsByHex {
    fn of(game: &Normandy44) -> UnitsByHex {
        let mut index = UnitsByHex {
            first: vec![NO_UNIT; game.data.map.hexes.len()],
            next: vec![NO_UNIT; game.units.len()],
        };
        // Backwards, each unit put first: every list ends up in id order.
        for (i, unit) in game.units.iter().enumerate().rev() {
            if let Location::Hex(hex) = unit.at
                && let (Some(first), Some(next)) =
                    (index.first.get_mut(hex.index()), index.next.get_mut(i))
            {
                *next = *first;
                *first = i as u16;
            }
        }
        index
    }

    /// The units in `hex`, in id order, lent.
    pub fn hex_units(&self, hex: HexId) -> impl Iterator<Item = UnitId> + '_ {
        let mut at = self.first.get(hex.index()).copied().unwrap_or(NO_UNIT);
        std::iter::from_fn(move || {
            (at != NO_UNIT).then(|| {
                let unit = at;
                at = self.next.get(usize::from(unit)).copied().unwrap_or(NO_UNIT);
                UnitId(unit)
            })
        })
    }

    /// `unit` moved from `before` to `after` (either off the map): take it out of the one
    /// list and put it in the other, in id order.
    fn moved(&mut self, unit: UnitId, before: Option<HexId>, after: Option<HexId>) {
        if before == after {
            return;
        }
        let u = unit.0;
        let next_of =
            |index: &UnitsByHex, v: u16| index.next.get(usize::from(v)).copied().unwrap_or(NO_UNIT);
        if let Some(hex) = before {
            let after_unit = next_of(self, u);
            let first = self.first.get(hex.index()).copied().unwrap_or(NO_UNIT);
            if first == u {
                if let Some(f) = self.first.get_mut(hex.index()) {
                    *f = after_unit;
                }
            } else {
                let mut at = first;
                while at != NO_UNIT {
                    let following = next_of(self, at);
                    if following == u {
                        if let Some(n) = self.next.get_mut(usize::from(at)) {
                            *n = after_unit;
                        }
                        break;
                    }
                    at = following;
                }
            }
        }
        if let Some(n) = self.next.get_mut(usize::from(u)) {
            *n = NO_UNIT;
        }
        if let Some(hex) = after {
            let first = self.first.get(hex.index()).copied().unwrap_or(NO_UNIT);
            if first == NO_UNIT || first > u {
                if let Some(n) = self.next.get_mut(usize::from(u)) {
                    *n = first;
                }
                if let Some(f) = self.first.get_mut(hex.index()) {
                    *f = u;
                }
            } else {
                let mut at = first;
                loop {
                    let following = next_of(self, at);
                    if following == NO_UNIT || following > u {
                        if let Some(n) = self.next.get_mut(usize::from(u)) {
                            *n = following;
                        }
                        if let Some(n) = self.next.get_mut(usize::from(at)) {
                            *n = u;
                        }
                        break;
                    }
                    at = following;
                }
            }
        }
    }
}

/// A table of the units on the map that the memo keeps through every change of a unit, brought
/// up to date by the change rather than forgotten and worked out again: a random game changes
/// a unit at nearly every decision, and a table of the whole map costs more to make than to
/// mend. Made by the layer that knows what it holds ([`Table`]).
pub trait UnitTable: std::any::Any + Send + Sync {
    /// Whether a unit that was `before` and is `now` changed what the table holds: one it did
    /// not is neither copied nor mended (a phase resetting every unit's markers).
    fn touched_by(&self, before: &UnitState, now: &UnitState) -> bool;
    /// Bring the table up to date after a change of `unit`, which was `before`: `game` shows
    /// the unit as it is now, and so does [`Normandy44::units_in`].
    fn update(&mut self, game: &Normandy44, unit: UnitId, before: &UnitState);
    /// A copy to bring up to date where a copy of the game shares this one.
    fn copy(&self) -> Box<dyn UnitTable>;
}

/// The tables of [`UnitTable`], one slot each, mended in this order (the occupancy reads the
/// units by hex).
#[derive(Clone, Copy, Debug)]
pub enum Table {
    /// The units of each hex ([`Normandy44::units_in`]).
    UnitsByHex,
    /// Who holds each hex, as the ZOC rules see it (`zoc::Occupancy`).
    Occupancy,
}

const TABLES: usize = 2;

/// The units by hex are mended by moving the unit from one hex's list to the other's.
impl UnitTable for UnitsByHex {
    fn touched_by(&self, before: &UnitState, now: &UnitState) -> bool {
        before.hex() != now.hex()
    }

    fn update(&mut self, game: &Normandy44, unit: UnitId, before: &UnitState) {
        self.moved(unit, before.hex(), game.hex_of(unit));
    }

    fn copy(&self) -> Box<dyn UnitTable> {
        Box::new(self.clone())
    }
}

/// The units of one hex, in id order ([`Normandy44::units_in`]).
pub struct UnitsIn<'g> {
    index: Option<&'g UnitsByHex>,
    at: u16,
}

impl Iterator for UnitsIn<'_> {
    type Item = UnitId;

    fn next(&mut self) -> Option<UnitId> {
        if self.at == NO_UNIT {
            return None;
        }
        let unit = self.at;
        self.at = self
            .index
            .and_then(|index| index.next.get(usize::from(unit)).copied())
            .unwrap_or(NO_UNIT);
        Some(UnitId(unit))
    }
}

/// Answers kept between two changes of the units. A list of legal moves, the Open stage's
/// question whether any is left, a retreat and a supply line all ask for the same zones of
/// control; working them out once per position instead of once per question is most of a
/// random game's speed. Every change of a unit goes through [`Normandy44::unit_mut`], which,
/// once the change is made, empties the memo of all that the change can touch
/// ([`Memo::forget_for`]) and mends the tables of the units by hex ([`UnitTable`]) rather than
/// forget them, so an answer kept is always the answer for the position as it is (a "change"
/// that left the unit as it was touches nothing). The layer that
/// knows each answer's type fills its slot; the state only keeps it.
#[derive(Default)]
pub struct Memo {
    slots: [std::sync::OnceLock<Arc<dyn std::any::Any + Send + Sync>>; MEMO_SLOTS],
    /// The tables kept up to date through every change of a unit ([`UnitTable`]).
    tables: [std::sync::OnceLock<Arc<dyn UnitTable>>; TABLES],
    /// Answers kept across changes of the units, each forgotten only when a change touches what
    /// it read ([`Memo::get_by_hexes`]).
    by_hexes: std::sync::Mutex<KeptByHexes>,
    /// The legal list the turn driver worked out for the prompt showing ([`Memo::keep_list`]),
    /// with the position it was worked out in; forgotten at every change of a unit.
    list: std::sync::Mutex<Option<Kept>>,
    /// One answer mended rather than worked out again after changes of the units
    /// ([`Memo::mend`]), with the changes since it was made.
    mendable: std::sync::Mutex<Mendable>,
}

/// The answer [`Memo::mend`] keeps, and each unit changed since it was made with the hex it
/// stood in before.
#[derive(Default)]
struct Mendable {
    answer: Option<Kept>,
    changed: Vec<(UnitId, Option<HexId>)>,
}

/// The most unit changes [`Memo::mend`] hands on to be mended; past that the answer is
/// forgotten (a phase that resets every unit) and worked out again.
const MOST_CHANGES_MENDED: usize = 8;

/// A copy shares the answers of the slots and starts with nothing kept by hexes: searches copy
/// a game at every step, and most copies are played on at once, which would forget them.
impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo {
            slots: self.slots.clone(),
            tables: self.tables.clone(),
            by_hexes: std::sync::Mutex::default(),
            list: std::sync::Mutex::default(),
            mendable: std::sync::Mutex::default(),
        }
    }
}

/// A thing a game keeps for [`Memo::get_by_hexes`].
type Kept = Arc<dyn std::any::Any + Send + Sync>;

/// Answers about some of one side's units, each with the hexes it read (a bit per hex), and
/// the unit changes not yet weighed against them.
#[derive(Default)]
struct KeptByHexes {
    answers: Vec<KeptAnswer>,
    /// Yes-or-no answers about one unit each, by unit index ([`Memo::get_for_unit`]), all
    /// asked under one key.
    per_unit: Vec<Option<UnitAnswer>>,
    per_unit_key: Option<Kept>,
    /// Each unit changed since the answers were last asked: its side and its hex before.
    changed: Vec<(UnitId, Side, Option<HexId>)>,
}

/// A yes-or-no answer about one unit of `side`, with the hexes it read.
struct UnitAnswer {
    answer: bool,
    side: Side,
    read: Vec<u64>,
}

/// The most unit changes [`KeptByHexes::settle`] weighs against the answers kept; past that
/// it forgets them all.
const MOST_CHANGES_SETTLED: usize = 8;

impl KeptByHexes {
    /// Forget what the changes since the last question made stale: an answer about a changed
    /// unit, every answer of the other side's, and those that read the changed unit's hex
    /// before or after.
    fn settle(&mut self, hex_of: impl Fn(UnitId) -> Option<HexId>) {
        // Past a few changes (a phase that resets every unit), starting again is cheaper than
        // weighing each.
        if self.changed.len() > MOST_CHANGES_SETTLED {
            self.answers.clear();
            self.per_unit.clear();
            self.per_unit_key = None;
            self.changed.clear();
            return;
        }
        let changes = std::mem::take(&mut self.changed);
        let Some(&(_, side, _)) = changes.first() else {
            return;
        };
        // The changes weighed together, in one pass over the answers: an answer is stale if any
        // one change makes it so. A change of the other side's makes every answer of this side
        // stale, so changes of both sides make every answer stale.
        let both_sides = changes.iter().any(|&(_, s, _)| s != side);
        // The hexes the changed units left or are in, as the words of a set of hexes (a bit per
        // hex) that hold them: (word index, bits). Two hexes a change at most.
        let mut words = [(0usize, 0u64); 2 * MOST_CHANGES_SETTLED];
        let mut count = 0;
        for &(unit, _, before) in &changes {
            for hex in [before, hex_of(unit)].into_iter().flatten() {
                let (word, bit) = (hex.index() / 64, 1u64 << (hex.index() % 64));
                match words[..count].iter_mut().find(|(w, _)| *w == word) {
                    Some((_, bits)) => *bits |= bit,
                    None => {
                        if let Some(free) = words.get_mut(count) {
                            *free = (word, bit);
                            count += 1;
                        }
                    }
                }
            }
        }
        let touched = &words[..count];
        let stale = |answer_side: Side, read: &[u64]| {
            both_sides
                || answer_side != side
                || touched
                    .iter()
                    .any(|&(word, bits)| read.get(word).is_some_and(|w| w & bits != 0))
        };
        let changed = |unit: UnitId| changes.iter().any(|&(u, _, _)| u == unit);
        self.answers
            .retain(|a| !stale(a.side, &a.read) && !a.units.iter().any(|&u| changed(u)));
        for slot in &mut self.per_unit {
            if slot.as_ref().is_some_and(|a| stale(a.side, &a.read)) {
                *slot = None;
            }
        }
        for &(unit, _, _) in &changes {
            if let Some(slot) = self.per_unit.get_mut(unit.index()) {
                *slot = None;
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.answers.is_empty() && self.per_unit_key.is_none()
    }
}

/// One answer of [`Memo::get_by_hexes`]: its key, the side and units it is about, the hexes it
/// read (a bit per hex) and the answer.
struct KeptAnswer {
    /// The key's [`key_hash`], compared first: most kept answers are passed over on it.
    hash: u64,
    key: Kept,
    side: Side,
    units: Vec<UnitId>,
    read: Vec<u64>,
    answer: Kept,
}

/// A quick hash of a key of [`Memo::get_by_hexes`] and of its type (the Fx hash rustc uses: a
/// rotation, an exclusive or and a multiplication a word), so that a look-up compares one word
/// per kept answer, and whole keys only where the words agree.
fn key_hash<K: std::hash::Hash + 'static>(key: &K) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = KeyHasher::default();
    std::any::TypeId::of::<K>().hash(&mut hasher);
    key.hash(&mut hasher);
    hasher.finish()
}

/// The hasher of [`key_hash`].
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }
}

/// The most answers [`Memo::get_by_hexes`] keeps; past that it starts again.
const KEPT_BY_HEXES: usize = 512;

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.slots.iter().filter(|s| s.get().is_some()).count();
        write!(f, "Memo {{ {kept} kept }}")
    }
}

impl Memo {
    /// The answer in `slot`, worked out by `work` when none is kept.
    pub fn get<T: Send + Sync + 'static>(
        &self,
        slot: Memoized,
        work: impl FnOnce() -> T,
    ) -> Arc<T> {
        let cell = &self.slots[slot as usize];
        if let Some(kept) = cell.get()
            && let Ok(answer) = Arc::clone(kept).downcast::<T>()
        {
            return answer;
        }
        let answer = Arc::new(work());
        // Another thread may have filled the slot meanwhile: both answers are the same.
        let _ = cell.set(Arc::clone(&answer) as Arc<dyn std::any::Any + Send + Sync>);
        answer
    }

    /// The table kept in `table`, made by `work` when none is ([`UnitTable`]).
    pub fn table<T: UnitTable>(&self, table: Table, work: impl FnOnce() -> T) -> Arc<T> {
        let cell = &self.tables[table as usize];
        if let Some(kept) = cell.get() {
            let any: Arc<dyn std::any::Any + Send + Sync> = Arc::clone(kept) as _;
            if let Ok(answer) = any.downcast::<T>() {
                return answer;
            }
        }
        let answer = Arc::new(work());
        let _ = cell.set(Arc::clone(&answer) as Arc<dyn UnitTable>);
        answer
    }

    /// `read` applied to the table kept in `table`, made by `work` when none is: what
    /// [`Memo::table`] gives, lent rather than shared, for questions asked many times a
    /// decision.
    pub fn with_table<T: UnitTable, R>(
        &self,
        table: Table,
        work: impl FnOnce() -> T,
        read: impl FnOnce(&T) -> R,
    ) -> R {
        if let Some(kept) = self.tables[table as usize].get() {
            let any: &dyn std::any::Any = kept.as_ref();
            if let Some(answer) = any.downcast_ref::<T>() {
                return read(answer);
            }
        }
        read(&self.table(table, work))
    }

    /// The table kept in `table`, made by `work` when none is, lent for as long as the memo is
    /// (`None` only if the slot holds a table of another type, which no caller does).
    pub fn table_ref<T: UnitTable>(&self, table: Table, work: impl FnOnce() -> T) -> Option<&T> {
        let cell = &self.tables[table as usize];
        if cell.get().is_none() {
            let _ = cell.set(Arc::new(work()) as Arc<dyn UnitTable>);
        }
        let any: &dyn std::any::Any = cell.get()?.as_ref();
        any.downcast_ref::<T>()
    }

    /// Forget every answer (the units changed).
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            slot.take();
        }
        for table in &mut self.tables {
            table.take();
        }
        if let Ok(kept) = self.by_hexes.get_mut() {
            *kept = KeptByHexes::default();
        }
        if let Ok(list) = self.list.get_mut() {
            *list = None;
        }
        if let Ok(mendable) = self.mendable.get_mut() {
            *mendable = Mendable::default();
        }
    }

    /// The answer `work` gives now, handed the one it gave last (of type `T`) with every unit
    /// changed since, each with the hex it stood in before, so that it mends the old answer
    /// where those changes touch it; handed `None` when nothing is kept or too much changed.
    /// The new answer is kept in place of the old. For an answer about every unit of a side
    /// that a change of one unit alters in one or two places.
    pub fn mend<T: Send + Sync + 'static>(
        &self,
        work: impl FnOnce(Option<(&T, &[(UnitId, Option<HexId>)])>) -> T,
    ) -> Arc<T> {
        // Taken out of the lock: `work` asks the memo for other answers.
        let (old, changed) = match self.mendable.lock() {
            Ok(mut kept) => (kept.answer.take(), std::mem::take(&mut kept.changed)),
            Err(_) => (None, Vec::new()),
        };
        let old = old.and_then(|a| a.downcast::<T>().ok());
        let answer = Arc::new(work(old.as_deref().map(|a| (a, changed.as_slice()))));
        if let Ok(mut kept) = self.mendable.lock() {
            kept.answer = Some(Arc::clone(&answer) as Kept);
            kept.changed = changed;
            kept.changed.clear();
        }
        answer
    }

    /// Keep `list`, a legal list and what it was worked out in, in place of any kept before:
    /// its reader checks that the position is the same ([`Memo::kept_list`]).
    pub fn keep_list<T: Send + Sync + 'static>(&self, list: T) {
        if let Ok(mut kept) = self.list.lock() {
            *kept = Some(Arc::new(list));
        }
    }

    /// The list kept by [`Memo::keep_list`], if one of type `T` is.
    pub fn kept_list<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        let kept = self.list.lock().ok()?.clone()?;
        kept.downcast::<T>().ok()
    }

    /// The answer kept for `key`, worked out by `work` when none is. `work` gives the answer
    /// with the side and units it is about and the hexes it read (a bit per hex, by index); it
    /// stays kept until one of those units changes, a unit of the other side changes (that
    /// changes the zones of control it read), or a unit of its side leaves or enters a hex it
    /// read. `hex_of` tells where a unit is now. The key holds everything else it depends on.
    pub fn get_by_hexes<K, T>(
        &self,
        hex_of: impl Fn(UnitId) -> Option<HexId>,
        key: K,
        work: impl FnOnce() -> (T, Side, Vec<UnitId>, Vec<u64>),
    ) -> Arc<T>
    where
        K: PartialEq + std::hash::Hash + Send + Sync + 'static,
        T: Send + Sync + 'static,
    {
        let hash = key_hash(&key);
        if let Ok(mut kept) = self.by_hexes.lock() {
            kept.settle(&hex_of);
            let found = kept.answers.iter().find_map(|a| {
                (a.hash == hash && a.key.downcast_ref::<K>() == Some(&key))
                    .then(|| Arc::clone(&a.answer).downcast::<T>().ok())
                    .flatten()
            });
            if let Some(answer) = found {
                return answer;
            }
        }
        // Worked out unlocked: the work may ask the memo's other answers.
        let (answer, side, units, read) = work();
        let answer = Arc::new(answer);
        if let Ok(mut kept) = self.by_hexes.lock()
            && kept.changed.is_empty()
        {
            if kept.answers.len() >= KEPT_BY_HEXES {
                kept.answers.clear();
            }
            kept.answers.push(KeptAnswer {
                hash,
                key: Arc::new(key),
                side,
                units,
                read,
                answer: Arc::clone(&answer) as Kept,
            });
        }
        answer
    }

    /// [`Memo::get_by_hexes`] for a yes-or-no answer about one `unit` of `side`, kept by unit
    /// (found at once, where the general store searches its list): `work` gives the answer
    /// and the hexes it read. Every answer shares `key`; a question under another key forgets
    /// them all.
    pub fn get_for_unit<K>(
        &self,
        hex_of: impl Fn(UnitId) -> Option<HexId>,
        key: K,
        unit: UnitId,
        side: Side,
        work: impl FnOnce() -> (bool, Vec<u64>),
    ) -> bool
    where
        K: PartialEq + Send + Sync + 'static,
    {
        if let Ok(mut kept) = self.by_hexes.lock() {
            kept.settle(&hex_of);
            let same_key = kept
                .per_unit_key
                .as_ref()
                .is_some_and(|k| k.downcast_ref::<K>() == Some(&key));
            if !same_key {
                kept.per_unit.clear();
                kept.per_unit_key = None;
            } else if let Some(Some(found)) = kept.per_unit.get(unit.index()) {
                return found.answer;
            }
        }
        let (answer, read) = work();
        if let Ok(mut kept) = self.by_hexes.lock()
            && kept.changed.is_empty()
        {
            if kept.per_unit_key.is_none() {
                kept.per_unit_key = Some(Arc::new(key));
            }
            if kept.per_unit.len() <= unit.index() {
                kept.per_unit.resize_with(unit.index() + 1, || None);
            }
            if let Some(slot) = kept.per_unit.get_mut(unit.index()) {
                *slot = Some(UnitAnswer { answer, side, read });
            }
        }
        answer
    }

    /// The answers [`Memo::get_for_unit`] keeps under `key` for each of `units`, in order, `None`
    /// where none is kept: one lock and one look at the changes for a whole list, where the
    /// Open stage would ask unit by unit.
    pub fn kept_for_units<K>(
        &self,
        hex_of: impl Fn(UnitId) -> Option<HexId>,
        key: &K,
        units: &[UnitId],
        out: &mut Vec<Option<bool>>,
    ) where
        K: PartialEq + Send + Sync + 'static,
    {
        out.clear();
        out.resize(units.len(), None);
        let Ok(mut kept) = self.by_hexes.lock() else {
            return;
        };
        kept.settle(&hex_of);
        let same_key = kept
            .per_unit_key
            .as_ref()
            .is_some_and(|k| k.downcast_ref::<K>() == Some(key));
        if !same_key {
            return;
        }
        for (answer, unit) in out.iter_mut().zip(units) {
            *answer = kept
                .per_unit
                .get(unit.index())
                .and_then(|a| a.as_ref().map(|a| a.answer));
        }
    }

    /// Forget what a change of `unit`, one of `side`'s, standing in `hex`, makes stale:
    /// every slot but the other side's zones of control and bonds, which its own units alone
    /// decide (`zoc::ZoneSets`), the legal list kept for the prompt showing, and the answers
    /// kept by hexes that read what it changes.
    /// `placed`: whether the change moved the unit, turned its face or scattered it (what the
    /// occupancy holds of it); one that did not forgets only the Movement Phase's picks.
    /// `moved`: whether it changed the hex the unit is in (or took it on or off the map); one
    /// that did not keeps the side's own lines of supply.
    pub fn forget_for(
        &mut self,
        side: Side,
        unit: UnitId,
        hex: Option<HexId>,
        placed: bool,
        moved: bool,
    ) {
        // The legal list kept for the prompt showing was worked out with the units as they were:
        // forgotten here, it is never compared unit by unit (`Normandy44::same_but_units`).
        if let Ok(list) = self.list.get_mut() {
            *list = None;
        }
        if let Ok(mendable) = self.mendable.get_mut()
            && mendable.answer.is_some()
        {
            if mendable.changed.len() >= MOST_CHANGES_MENDED {
                *mendable = Mendable::default();
            } else if mendable.changed.last() != Some(&(unit, hex)) {
                mendable.changed.push((unit, hex));
            }
        }
        if let Ok(by_hexes) = self.by_hexes.get_mut()
            && !by_hexes.is_empty()
        {
            // A unit changed twice in a row from the same hex counts once.
            if by_hexes.changed.last() != Some(&(unit, side, hex)) {
                by_hexes.changed.push((unit, side, hex));
            }
        }
        let kept = match side {
            Side::German => Memoized::AlliedZones,
            Side::Allied => Memoized::GermanZones,
        };
        let own_lines = match side {
            Side::German => Memoized::GermanLines,
            Side::Allied => Memoized::AlliedLines,
        };
        // The tables are not forgotten: they are mended once the change is made
        // (`Normandy44::mend_tables`).
        for (i, slot) in self.slots.iter_mut().enumerate() {
            // A change that moved no unit, turned no face and scattered none (a marker, MP
            // spent) leaves both sides' zones (made from the occupancy alone) and lines of
            // supply (the occupancy, the zones, the sources where units stand; control and
            // the Mulberries are their key, 18.1, 18.2): the Replacement and Final Phases ask
            // the same traces again after every marker put on.
            let stands = !placed
                && [
                    Memoized::GermanZones,
                    Memoized::AlliedZones,
                    Memoized::GermanLines,
                    Memoized::AlliedLines,
                ]
                .iter()
                .any(|&s| s as usize == i);
            // 18.1, 18.2: a side's lines read its own units only through the hexes they hold
            // (a step into a hex of the side's, its beach engineers as sources): a change that
            // leaves the unit where it is (a replacement's step, 6.2; a face turned; scattered)
            // leaves them, whatever it does to the side's zones and so to the enemy's lines.
            let own_lines_stand = !moved && i == own_lines as usize;
            if i != kept as usize && !stands && !own_lines_stand {
                slot.take();
            }
        }
    }
}

/// A unit of the game lent for a change ([`Normandy44::unit_mut`]): once the change is made
/// (the loan ends), the memo forgets what the change touched and its tables of the units by hex
/// are mended for it.
pub struct UnitMut<'g> {
    game: &'g mut Normandy44,
    unit: UnitId,
    before: UnitState,
}

impl std::ops::Deref for UnitMut<'_> {
    type Target = UnitState;

    fn deref(&self) -> &UnitState {
        &self.game.units[self.unit.index()]
    }
}

impl std::ops::DerefMut for UnitMut<'_> {
    fn deref_mut(&mut self) -> &mut UnitState {
        &mut self.game.units[self.unit.index()]
    }
}

impl Drop for UnitMut<'_> {
    fn drop(&mut self) {
        self.game.unit_changed(self.unit, &self.before);
    }
}

impl PartialEq for Normandy44 {
    fn eq(&self, other: &Self) -> bool {
        self.same_but_units(other) && self.units == other.units
    }
}

impl Normandy44 {
    /// Whether `other` is this position but for its units: what a legal list kept in the memo
    /// compares ([`Memo::keep_list`]), the memo forgetting the list at every change of a unit.
    /// The step, turn and part of the phase first: they tell most positions apart at once.
    pub(crate) fn same_but_units(&self, other: &Self) -> bool {
        self.step == other.step
            && self.turn == other.turn
            && self.part == other.part
            && self.scenario == other.scenario
            && self.options == other.options
            && self.rng == other.rng
            && self.weather == other.weather
            && self.previous_row == other.previous_row
            && self.allied_control == other.allied_control
            && self.tracks == other.tracks
            && self.mulberries == other.mulberries
            && self.attackers == other.attackers
            && self.attacked_hexes == other.attacked_hexes
            && self.chooser == other.chooser
            && self.reveals == other.reveals
            && self.outcome == other.outcome
            && self.invasion == other.invasion
            && self.supply_due == other.supply_due
            && self.cw_choice_due == other.cw_choice_due
            && self.mobilized == other.mobilized
            && self.entry_zones == other.entry_zones
            && self.evacuations == other.evacuations
            && self.cotentin_relocated == other.cotentin_relocated
            && self.fortress_removed == other.fortress_removed
            && self.cherbourg_armor == other.cherbourg_armor
            && self.withdrawal_offered == other.withdrawal_offered
            && self.batteries_silenced == other.batteries_silenced
            && self.ips == other.ips
            && self.combat == other.combat
            && self.facing_british == other.facing_british
            && self.solitaire == other.solitaire
            && self.bombardment == other.bombardment
    }
}

impl Normandy44 {
    pub fn data(&self) -> &N44Data {
        &self.data
    }

    pub fn scenario(&self) -> Scenario {
        self.scenario
    }

    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// The scenario's last turn (22, 7 or 12).
    pub fn last_turn(&self) -> u8 {
        self.last_turn
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn weather(&self) -> TurnWeather {
        self.weather
    }

    /// What the game keeps between two changes of the units.
    pub fn memo(&self) -> &Memo {
        &self.memo
    }

    /// Empty the memo: the next questions work everything out again. The random-play tests
    /// check that a game asked so answers as it did with what it kept.
    pub fn forget_memo(&mut self) {
        self.memo.clear();
    }

    pub fn unit(&self, unit: UnitId) -> &UnitState {
        &self.units[unit.index()]
    }

    /// `unit`, lent for a change: once the change is made, the memo forgets what it touched
    /// and mends its tables ([`UnitMut`]).
    pub fn unit_mut(&mut self, unit: UnitId) -> UnitMut<'_> {
        let before = *self.unit(unit);
        UnitMut {
            game: self,
            unit,
            before,
        }
    }

    /// The memo after a change of `unit`, which was `before`: what the change can touch is
    /// forgotten ([`Memo::forget_for`], by the hex the unit left) and the [`UnitTable`]s are
    /// mended. A change that changed nothing (a phase clearing markers the unit does not carry)
    /// leaves every answer standing. Made once the loan ends rather than when it starts: the
    /// loan borrows the whole game, so nothing reads the memo in between.
    fn unit_changed(&mut self, unit: UnitId, before: &UnitState) {
        let now = *self.unit(unit);
        if now == *before {
            return;
        }
        let side = self.side_of(unit);
        // The zones and the lines of supply read the units only through the occupancy (where
        // each stands, its face, whether it is scattered) and where the units stand.
        let placed = now.at != before.at
            || now.step != before.step
            || now.flags.has(UnitFlags::SCATTERED) != before.flags.has(UnitFlags::SCATTERED);
        let moved = now.hex() != before.hex();
        self.memo
            .forget_for(side, unit, before.hex(), placed, moved);
        self.mend_tables(unit, before, &now);
    }

    /// Bring the memo's [`UnitTable`]s up to date after a change of `unit`, which was
    /// `before` and is `now`.
    fn mend_tables(&mut self, unit: UnitId, before: &UnitState, now: &UnitState) {
        for i in 0..TABLES {
            if !self.memo.tables[i]
                .get()
                .is_some_and(|table| table.touched_by(before, now))
            {
                continue;
            }
            let Some(mut table) = self.memo.tables[i].take() else {
                continue;
            };
            match Arc::get_mut(&mut table) {
                Some(mine) => mine.update(self, unit, before),
                None => {
                    let mut copy = table.copy();
                    copy.update(self, unit, before);
                    table = Arc::from(copy);
                }
            }
            let _ = self.memo.tables[i].set(table);
        }
    }

    /// Every unit id.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.units.len() as u16).map(UnitId)
    }

    /// The side of `unit`.
    pub fn side_of(&self, unit: UnitId) -> Side {
        self.data.unit(unit).side
    }

    /// The hex `unit` is in, if on the map.
    pub fn hex_of(&self, unit: UnitId) -> Option<HexId> {
        self.unit(unit).hex()
    }

    /// The units in `hex`, in id order.
    pub fn units_in(&self, hex: HexId) -> UnitsIn<'_> {
        // Lent from the memo, not shared: `units_in` is asked hundreds of thousands of times a
        // game, and sharing would count every loan on the table's `Arc`.
        let index = self
            .memo
            .table_ref(Table::UnitsByHex, || UnitsByHex::of(self));
        let at = index
            .and_then(|index| index.first.get(hex.index()).copied())
            .unwrap_or(NO_UNIT);
        UnitsIn { index, at }
    }

    /// The units on the map by hex, as the memo keeps them.
    pub fn units_by_hex(&self) -> Arc<UnitsByHex> {
        self.memo.table(Table::UnitsByHex, || UnitsByHex::of(self))
    }

    /// Which side has units in `hex`, if any (the two never share a hex, 9.1).
    pub fn occupant(&self, hex: HexId) -> Option<Side> {
        self.memo.with_table(
            Table::UnitsByHex,
            || UnitsByHex::of(self),
            |index| index.hex_units(hex).next().map(|u| self.side_of(u)),
        )
    }

    /// Whether the Allies control `hex` (24.3).
    pub fn allied_controls(&self, hex: HexId) -> bool {
        let i = hex.index();
        self.allied_control
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    pub fn set_control(&mut self, hex: HexId, side: Side) {
        let i = hex.index();
        if let Some(w) = self.allied_control.get_mut(i / 64) {
            if side == Side::Allied {
                *w |= 1 << (i % 64);
            } else {
                *w &= !(1 << (i % 64));
            }
        }
    }

    /// The side whose player turn it is, if any.
    pub fn phasing(&self) -> Option<Side> {
        match self.step {
            Step::Phase(side, _, _) => Some(side),
            Step::Invasion(_) => Some(Side::Allied),
            _ => None,
        }
    }

    /// The side that answers the prompt showing: the phasing side, unless a chapter has handed
    /// the prompt to the other (a defender's choice).
    pub fn decider(&self) -> Side {
        self.chooser
            .or_else(|| self.phasing())
            .unwrap_or(Side::German)
    }

    /// 27.1: how many players: 2, 3 or 4.
    pub fn seat_count(&self) -> u8 {
        if self.options.four_players {
            4
        } else if self.options.three_players {
            3
        } else {
            2
        }
    }

    /// 27.1: the seats of `side`, in the order their parts of a phase come: seat 0 the German
    /// (facing the US, in four players), 1 the Allies (the US player, in three or four), 2 the
    /// British player, 3 the German facing the British.
    pub fn side_seats(&self, side: Side) -> &'static [Seat] {
        match (side, self.seat_count()) {
            (Side::German, 4) => &[Seat(0), Seat(3)],
            (Side::German, _) => &[Seat(0)],
            (Side::Allied, 2) => &[Seat(1)],
            (Side::Allied, _) => &[Seat(1), Seat(2)],
        }
    }

    /// 27.1: the seat of `army`'s player.
    pub fn seat_of_army(&self, army: Army) -> Seat {
        match (army, self.seat_count()) {
            (Army::Cw, 3 | 4) => Seat(2),
            _ => Seat(1),
        }
    }

    /// 27.1: the seat of the player who commands `unit`.
    pub fn seat_of_unit(&self, unit: UnitId) -> Seat {
        match self.side_of(unit) {
            Side::Allied => self.seat_of_army(self.army_of(unit).unwrap_or(Army::Us)),
            Side::German if self.seat_count() == 4 && self.facing_british(unit) => Seat(3),
            Side::German => Seat(0),
        }
    }

    /// 27.1: the seat whose part of the phase it is, among `side`'s.
    pub fn part_seat(&self, side: Side) -> Seat {
        let seats = self.side_seats(side);
        seats
            .get(usize::from(self.part))
            .or(seats.first())
            .copied()
            .unwrap_or(Seat(0))
    }

    /// 27.1: whether `unit` is the unit of the player whose part of the phase it is (always,
    /// where its side has one player).
    pub fn in_part(&self, unit: UnitId) -> bool {
        let side = self.side_of(unit);
        self.side_seats(side).len() < 2 || self.seat_of_unit(unit) == self.part_seat(side)
    }

    /// 27.1, four players: whether German `unit` is the player's facing the British.
    pub fn facing_british(&self, unit: UnitId) -> bool {
        let i = unit.index();
        self.facing_british
            .get(i / 64)
            .is_some_and(|w| (w >> (i % 64)) & 1 != 0)
    }

    /// 27.1, four players: give German `unit` to the player facing the British (or not).
    pub fn set_facing_british(&mut self, unit: UnitId, british: bool) {
        let i = unit.index();
        if self.facing_british.len() <= i / 64 {
            self.facing_british.resize(i / 64 + 1, 0);
        }
        if let Some(w) = self.facing_british.get_mut(i / 64) {
            if british {
                *w |= 1 << (i % 64);
            } else {
                *w &= !(1 << (i % 64));
            }
        }
    }

    /// The army of an Allied unit.
    pub fn army_of(&self, unit: UnitId) -> Option<Army> {
        self.data.unit(unit).army
    }

    /// The terrain of `hex`.
    pub fn terrain(&self, hex: HexId) -> Terrain {
        self.data.map.terrain(hex)
    }

    /// `unit` leaves the map (or its box) for `to`: the Eliminated box, out of play, Great
    /// Britain... Every marker on it comes off, and its movement points with them.
    pub fn take_off(&mut self, unit: UnitId, to: Location) {
        let mut state = self.unit_mut(unit);
        state.at = to;
        state.flags = UnitFlags::default();
        state.spent = 0;
    }

    /// The bytes the state takes: its own size and what its vectors hold (the components are
    /// shared behind the `Arc` and not counted).
    pub fn footprint(&self) -> usize {
        use std::mem::size_of;
        size_of::<Self>()
            + self.units.capacity() * size_of::<UnitState>()
            + self.allied_control.capacity() * size_of::<u64>()
            + (self.attackers.capacity() + self.combat.done.capacity()) * size_of::<UnitId>()
            + self.combat.paid.capacity() * size_of::<u32>()
            + self.attacked_hexes.capacity() * size_of::<HexId>()
            + self.entry_zones.capacity() * size_of::<(UnitId, u8)>()
            + self.evacuations.capacity() * size_of::<HexId>()
            + self.ips.capacity() * size_of::<Ip>()
            + self.facing_british.capacity() * size_of::<u64>()
    }

    /// The game's result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The invasion's state (20).
    pub fn invasion(&self) -> &Invasion {
        &self.invasion
    }
}

impl Normandy44 {
    /// Whether a unit of `side`'s enemy is in a hex adjacent to `hex`.
    pub fn enemy_adjacent(&self, hex: HexId, side: Side) -> bool {
        let enemy = side.enemy();
        self.memo.with_table(
            Table::UnitsByHex,
            || UnitsByHex::of(self),
            |index| {
                self.data.map.hexes.neighbours_on_map(hex).any(|n| {
                    index
                        .hex_units(n)
                        .next()
                        .is_some_and(|u| self.side_of(u) == enemy)
                })
            },
        )
    }
}

/// The seat of each side: the German is seat 0, the Allies seat 1 (27.1's multiplayer seats
/// map onto these two sides).
pub fn seat_of(side: Side) -> Seat {
    Seat(side.index() as u8)
}

/// The side a seat plays for (27.1: seats 0 and 3 the German, 1 and 2 the Allies).
pub fn side_of_seat(seat: Seat) -> Side {
    match seat.0 {
        0 | 3 => Side::German,
        _ => Side::Allied,
    }
}

/// The invasion chapter's state (20): the assault under way (its stage is in
/// [`Step::Invasion`]), what the nine assaults left, and the delayed glider regiments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Invasion {
    /// The latest die rolled on the Invasion Combat Table for the assault under way (20.3.1).
    pub roll: u8,
    /// The infantry steps the assault under way still has to lose (20.3.2).
    pub losses_due: u8,
    /// Per assault (bit = [`crate::data::Assault`] order): its first roll was A1\* (20.3.3),
    /// which caps its advance at one hex (20.3.6).
    pub bloody_first: u16,
    /// Per assault: the assault failed and its beach is closed (20.3.3, 21.1).
    pub failed: u16,
    /// Per `[[glider]]` line of the data (bit = its index): delayed one turn by an
    /// enemy-occupied landing zone, to land in a chosen hex (20.2, D4).
    pub delayed_gliders: u16,
}

impl Invasion {
    /// Whether the assault of [`crate::data::Assault`] index `assault` failed, its beach closed
    /// (20.3.3, 21.1).
    pub fn failed(&self, assault: usize) -> bool {
        assault < 16 && self.failed & (1 << assault) != 0
    }
}

/// An improved position marker on the map (16.1): whose it is, and whether it is complete (or
/// under construction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ip {
    pub hex: HexId,
    pub owner: Side,
    pub complete: bool,
}

// ---- The combat chapter (10-15, 19) ----

/// The Main Assault Force chosen for the attack being built (10.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MafChoice {
    /// None yet.
    #[default]
    None,
    /// The formation of this attacking unit (its division if several of its units attack).
    Formation(UnitId),
    /// Every attacker, at most 6 CF, as a battle group.
    BattleGroup,
}

/// Which choice of an attack's result is being asked (12-14), one at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultStep {
    #[default]
    None,
    /// The attacker's MAF steps (12.2); `CombatState::count` still to lose.
    AttackerLoss,
    /// The defender's steps (12.1, 12.2); `CombatState::count` still to lose.
    DefenderLoss,
    /// The defender may declare Determined Defense (12.4) or decline.
    DdOffer,
    /// The DD lead is picked; its support is declared (12.4.3).
    DdSupport,
    /// DD "EX": the defender picks the MAF unit that loses a step (12.4.4).
    DdMafLoss,
    /// DD "AL": the attacker picks any attacking unit to lose a step (12.4.4).
    DdAttackerLoss,
    /// After a failed DD, the defender may declare Desperate Defense (12.5).
    DspdOffer,
    /// DspD: the defender's step (12.5).
    DspdFirst,
    /// DspD: the attacker picks the second step (12.5).
    DspdSecond,
    /// The defenders retreat, one unit at a time (13).
    Retreat,
    /// The attackers advance or go into Reserve (14, 15.1).
    Advance,
    /// An advance left a hex over the stacking limit: its owner removes units (7.2).
    Overstack,
}

/// The advance an attack's result leaves the attacker (12.1, 13.4, 14.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AdvanceRight {
    #[default]
    None,
    /// Into the vacated hex only.
    Limited,
    /// Up to two hexes in any direction.
    Full,
    /// Up to two hexes, or into Reserve (DH, A1/D2).
    FullOrReserve,
}

/// The combat chapter's state: the attack being built (Stage::Attack) or resolved
/// (Stage::Result), and per-phase records.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CombatState {
    /// 19.1.4: hexes assigned a strafing air unit this phase, not resolved yet (a hex twice
    /// when it has two).
    pub strafes: Vec<HexId>,
    /// 19.1.4: strafing is over for this phase (the first attack was made).
    pub strafing_over: bool,
    /// 13.3: per hex, the retreating CF its friendly units have stopped this phase.
    pub stops: Vec<(HexId, u8)>,
    /// The attack being built: its MAF and support (10.3, 11.6, 19.1.2, 19.2).
    pub maf: MafChoice,
    /// HQs and Werfers giving an artillery shift (an Allied HQ twice for two shifts).
    pub artillery: Vec<UnitId>,
    pub air: u8,
    pub naval: bool,
    /// The CRT result being applied.
    pub result: Option<crate::tables::crt::CrtResult>,
    pub step: ResultStep,
    /// Steps still to lose at this step.
    pub count: u8,
    /// The defending group as attacked (units that retreated in earlier this phase excluded).
    pub defenders: Vec<UnitId>,
    /// The MAF as resolved, and those of its units that gave a TQ, armor or Tiger shift (12.2).
    pub maf_units: Vec<UnitId>,
    pub givers: Vec<UnitId>,
    /// The DD lead unit.
    pub lead: Option<UnitId>,
    /// Whether the DD failed (12.5 may follow).
    pub dd_failed: bool,
    /// The defender's steps when the result came (12.1: A1/D2 and EX single-step rules).
    pub defender_steps: u8,
    pub advance: AdvanceRight,
    /// 13.2: the retreat-loss places (hexes, hexsides) a retreating group paid for already.
    pub paid: Vec<u32>,
    /// Attackers that advanced or went into Reserve.
    pub done: Vec<UnitId>,
}
