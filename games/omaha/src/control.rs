//! Control and lines of communication (rule 12): which hexes US units control (12.1, 12.11),
//! German lines of communication from a position to an exit (12.2–12.23), US lines of
//! communication from a hex to the beach (12.3, 12.31), the control that scores victory
//! points (13.22), and the German fire fields they depend on: the occupied positions' (6.2, with
//! the positions manned by a non-disrupted unit, 7.32, AMB-18) and the tanks' (23.3,
//! [`crate::tanks::fire_hexes`]).
//!
//! Everything here is a pure function of the state. [`Control`] computes every hex at once (a
//! few bit sets over the hexes and two breadth-first searches, 12.2's when first asked), so a
//! caller that asks about many hexes or positions (victory points, off-map artillery
//! observers) builds it once; the free functions build what they need per call. What the
//! searches read of the map alone is built once with the index ([`Terrain`]).
//!
//! German LOC is "determined at the start of the German Fire Phase" (12.24): the fire phase
//! keeps the answer of [`german_loc`] taken at that moment; everywhere else it is computed when
//! needed.

use crate::data::{OmahaData, UsKind};
use crate::index::{
    Ground, HexId, Index, MAX_POSITIONS, PosId, PosKind, PosSet, Terrain, UsCounter, UsId,
};
use crate::recall::Recall;
use crate::state::{GerLoc, Omaha, UsLoc};
use fixedbitset::FixedBitSet;
use overlord_engine::RuleId;
use std::cell::RefCell;

/// 12.1: US control.
pub const US_CONTROL: RuleId = RuleId("12.1");
/// 12.11: no control up from the beach or the flat.
pub const NO_UPHILL_CONTROL: RuleId = RuleId("12.11");
/// 12.2: German lines of communication.
pub const GERMAN_LOC: RuleId = RuleId("12.2");
/// 12.21: a German unit cancels US control of its own hex for LOC.
pub const GERMAN_HEX: RuleId = RuleId("12.21");
/// 12.22: tracing to an unoccupied position.
pub const UNOCCUPIED_POSITION: RuleId = RuleId("12.22");
/// 12.23: occupied reinforcement positions trace through one adjacent bocage hex.
pub const BOCAGE: RuleId = RuleId("12.23");
/// 12.24: German LOC is fixed for the German Fire Phase.
pub const LOC_SNAPSHOT: RuleId = RuleId("12.24");
/// 12.3: US lines of communication.
pub const US_LOC: RuleId = RuleId("12.3");
/// 12.31: fire fields block US LOC, even of disrupted units.
pub const FIRE_BLOCKS_US_LOC: RuleId = RuleId("12.31");
/// 13.22: control for victory points.
pub const VP_CONTROL: RuleId = RuleId("13.22");

/// What a US counter controls (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Generals (and Heroes, which are not counters of their own here) control nothing.
    Nothing,
    /// Its own hex: infantry at 1 step, artillery, anti-tank, anti-aircraft (SP too), HQs; and,
    /// not named by 12.1, engineers and DUKWs (their counters carry the white symbol).
    OwnHex,
    /// Its own hex and the adjacent ones: infantry (Rangers too) at 2 or 3 steps, and tanks.
    Adjacent,
}

/// 12.1: what `unit` controls, disrupted or not ("even when disrupted"), wherever it is.
pub fn reach(state: &Omaha, unit: UsId) -> Reach {
    let (Some(info), Some(u)) = (
        state.data.index.us.get(usize::from(unit)),
        state.us.get(usize::from(unit)),
    ) else {
        return Reach::Nothing;
    };
    if u.steps == 0 {
        return Reach::Nothing;
    }
    match info.counter {
        UsCounter::General => Reach::Nothing,
        UsCounter::Hq => Reach::OwnHex,
        UsCounter::Unit(UsKind::Infantry | UsKind::Ranger) if u.steps >= 2 => Reach::Adjacent,
        UsCounter::Unit(UsKind::Tank) => Reach::Adjacent,
        UsCounter::Unit(_) => Reach::OwnHex,
    }
}

/// 12.11: a unit on the beach or the flat (the map's shingle is a hexside, not a hex) does not
/// control adjacent high ground; the reverse is allowed.
fn uphill(index: &Index, from: HexId, to: HexId) -> bool {
    let ground = |h: HexId| index.hexes.get(usize::from(h)).map(|h| h.ground);
    matches!(ground(from), Some(Ground::Beach | Ground::Flat)) && ground(to) == Some(Ground::High)
}

/// 12.1, 12.11: whether some US unit on the map controls `hex` (its own hex, or an adjacent one
/// for infantry at 2–3 steps and tanks, never uphill from the beach or the flat). Disrupted
/// units still control; Generals control nothing.
pub fn us_controls(state: &Omaha, hex: HexId) -> bool {
    let index = &state.data.index;
    let Some(info) = index.hexes.get(usize::from(hex)) else {
        return false;
    };
    state.us.iter().enumerate().any(|(i, u)| {
        let UsLoc::Hex(at) = u.loc else { return false };
        if at != hex && !info.neighbours.contains(&at) {
            return false;
        }
        match reach(state, i as UsId) {
            Reach::Nothing => false,
            Reach::OwnHex => at == hex,
            Reach::Adjacent => at == hex || !uphill(index, at, hex),
        }
    })
}

/// 6.2, 12.31, 13.22: whether `hex` is in the fire field of a position occupied by a German unit;
/// with `include_disrupted` false only positions holding a non-disrupted unit count (the fire
/// of 6.41). An empty position has no fire field (12.31). A German tank's field counts too
/// (23.3).
pub fn in_german_fire_field(state: &Omaha, hex: HexId, include_disrupted: bool) -> bool {
    let index = &state.data.index;
    let Some(info) = index.hexes.get(usize::from(hex)) else {
        return false;
    };
    // 23.3: a German tank's fire field counts like a position's.
    if crate::tanks::fire_hexes(state, include_disrupted)
        .is_some_and(|f| f.get(usize::from(hex)).copied().unwrap_or(false))
    {
        return true;
    }
    info.fire.iter().any(|&(p, _)| {
        state.germans.iter().any(|g| match g.loc {
            GerLoc::Slot(s) => {
                (include_disrupted || !g.disrupted)
                    && index
                        .slots
                        .get(usize::from(s))
                        .is_some_and(|slot| slot.position == p)
            }
            _ => false,
        })
    })
}

/// The positions occupied by a non-disrupted German unit (7.32, 10.1 AMB-18), in one pass over
/// the counters: `Occupancy::manned` without the rest of the occupancy.
pub(crate) fn manned_positions(state: &Omaha) -> PosSet {
    let mut manned: PosSet = 0;
    for g in &state.germans {
        if let GerLoc::Slot(s) = g.loc
            && !g.disrupted
            && let Some(slot) = state.data.index.slots.get(usize::from(s))
            && usize::from(slot.position) < MAX_POSITIONS
        {
            manned |= 1 << slot.position;
        }
    }
    manned
}

/// 12.2–12.23: whether German position `pos` has a line of communication to an exit hex.
pub fn german_loc(state: &Omaha, pos: PosId) -> bool {
    usize::from(pos) < MAX_POSITIONS && german_loc_set(state) & (1 << pos) != 0
}

thread_local! {
    /// The last [`german_loc_set`] worked out on this thread, with what it came from.
    static LOC_MEMO: RefCell<Recall<u16, PosSet>> = RefCell::default();
    /// The last 12.2 flood (the hexes German units may pass, as the words of a bit set, and
    /// those that lead to an exit).
    static GERMAN_REACH_MEMO: RefCell<Recall<usize, Vec<bool>>> = RefCell::default();
    /// The last 12.3 flood (the hexes a US line of communication may enter, and those it
    /// reaches).
    static US_LOC_MEMO: RefCell<Recall<usize, Vec<bool>>> = RefCell::default();
}

/// What German LOC depends on, written into `key`: the hex and the reach of every US counter
/// (12.1 control) and the slot or hex of every German unit (12.21, 12.22, 23). Plain loops
/// into a buffer: this is compared on every question, most often to find it unchanged.
fn loc_key(state: &Omaha, key: &mut Vec<u16>) {
    key.clear();
    for (i, u) in state.us.iter().enumerate() {
        match u.loc {
            UsLoc::Hex(h) => key.extend([h.saturating_add(1), reach(state, i as UsId) as u16]),
            _ => key.extend([0, 0]),
        }
    }
    // A German tank occupies its hex (23), which counts for German LOC like a slot.
    for g in &state.germans {
        match g.loc {
            GerLoc::Slot(s) => key.extend([1, u16::from(s)]),
            GerLoc::Hex(h) => key.extend([2, h]),
            _ => key.extend([0, 0]),
        }
    }
}

/// 12.2–12.23 for every position, as a set. The German actions of 16 ask it of position after
/// position while few counters move, so the last answer is kept per thread with the counters it
/// came from and reused while they are the same: a memo of a pure function of the state,
/// which never changes an answer.
pub fn german_loc_set(state: &Omaha) -> PosSet {
    LOC_MEMO.with(|memo| {
        memo.borrow_mut().answer(
            &state.data,
            |key| loc_key(state, key),
            |_| {
                let control = Control::build(state, false);
                (0..state.data.index.positions.len().min(MAX_POSITIONS))
                    .filter(|&p| control.german_loc(p as PosId))
                    .fold(0, |set, p| set | (1 << p))
            },
        )
    })
}

/// 12.2–12.23 asked of several positions in a row (placement priorities, 9.2, 9.3): worked out
/// at the first question and kept for the rest.
pub struct GermanLoc<'a> {
    state: &'a Omaha,
    set: std::cell::OnceCell<PosSet>,
}

impl<'a> GermanLoc<'a> {
    pub fn new(state: &'a Omaha) -> GermanLoc<'a> {
        GermanLoc {
            state,
            set: std::cell::OnceCell::new(),
        }
    }

    /// Whether position `pos` has a line of communication to an exit hex.
    pub fn has(&self, pos: PosId) -> bool {
        usize::from(pos) < MAX_POSITIONS
            && self.set.get_or_init(|| german_loc_set(self.state)) & (1 << pos) != 0
    }
}

/// 12.3, 12.31 (AMB-23): whether `hex` has a US line of communication to a beach hex.
pub fn us_loc(state: &Omaha, hex: HexId) -> bool {
    Control::new(state).us_loc(hex)
}

/// 13.22: whether `hex` counts as US-controlled for victory points.
pub fn vp_control(state: &Omaha, hex: HexId) -> bool {
    Control::new(state).vp_control(hex)
}

/// Every hex's control and communication for one state, computed at once.
#[derive(Clone, Debug)]
pub struct Control<'a> {
    /// The data set: part of what the floods' memos are keyed on.
    data: &'a std::sync::Arc<OmahaData>,
    index: &'a Index,
    terrain: &'a Terrain,
    /// A US counter other than a General is in the hex. AMB-80: a lone General does not hold
    /// a hex (he is captured rather than blocking).
    us_occupied: FixedBitSet,
    /// 12.1, 12.11: controlled by some US unit (occupied hexes included, Generals excepted).
    us_controlled: FixedBitSet,
    /// A German unit is in the hex.
    german_occupied: FixedBitSet,
    /// Per position: some German unit is in one of its slots.
    position_occupied: Vec<bool>,
    /// 12.31, 13.22: in the fire field of an occupied position, disrupted or not.
    fire: FixedBitSet,
    /// 12.2: the hexes German units may pass through that lead to an exit.
    /// Worked out at the first question that needs it: a victory-point count often does not
    /// (a hex held by a German unit, in a fire field or without US LOC is settled before it).
    german_reach: std::cell::OnceCell<Vec<bool>>,
    /// 12.3: the hexes with a US line of communication (empty when not computed).
    us_loc: Vec<bool>,
}

impl<'a> Control<'a> {
    /// Compute control, fire fields and both kinds of lines of communication for `state`.
    pub fn new(state: &'a Omaha) -> Control<'a> {
        Control::build(state, true)
    }

    /// Without `with_us_loc`, only what 12.2's German LOC reads ([`german_loc_set`]): no fire
    /// fields and no US LOC, so `in_fire_field`, `us_loc` and `vp_control` must not be asked.
    fn build(state: &'a Omaha, with_us_loc: bool) -> Control<'a> {
        let index = &state.data.index;
        let terrain = &index.terrain;
        let n = index.hexes.len();

        // 12.1, 12.11: US presence.
        let mut us_occupied = FixedBitSet::with_capacity(n);
        let mut us_controlled = FixedBitSet::with_capacity(n);
        for (i, u) in state.us.iter().enumerate() {
            let UsLoc::Hex(at) = u.loc else { continue };
            let Some(info) = index.hexes.get(usize::from(at)) else {
                continue;
            };
            let r = reach(state, i as UsId);
            if r == Reach::Nothing {
                continue; // a General: neither holds nor controls (12.1, AMB-80).
            }
            // Hex ids come from the index's own neighbour lists, so they are below `n`; the
            // checked forms keep a bad id from panicking all the same.
            let mut mark = |h: HexId, occupied: bool| {
                let h = usize::from(h);
                if h < n {
                    us_controlled.insert(h);
                    if occupied {
                        us_occupied.insert(h);
                    }
                }
            };
            mark(at, true);
            if r == Reach::Adjacent {
                for &nb in &info.neighbours {
                    if !uphill(index, at, nb) {
                        mark(nb, false);
                    }
                }
            }
        }

        // German presence and the fire fields of occupied positions (12.31: disrupted too).
        let mut german_occupied = FixedBitSet::with_capacity(n);
        let mut position_occupied = vec![false; index.positions.len()];
        for g in &state.germans {
            let GerLoc::Slot(s) = g.loc else { continue };
            let Some(slot) = index.slots.get(usize::from(s)) else {
                continue;
            };
            if usize::from(slot.hex) < n {
                german_occupied.insert(usize::from(slot.hex));
            }
            if let Some(o) = position_occupied.get_mut(usize::from(slot.position)) {
                *o = true;
            }
        }
        let mut fire = FixedBitSet::with_capacity(if with_us_loc { n } else { 0 });
        if with_us_loc {
            for (field, _) in terrain
                .fire_field_of
                .iter()
                .zip(&position_occupied)
                .filter(|(_, occupied)| **occupied)
            {
                fire.union_with(field);
            }
        }
        // 23: a German tank occupies its hex (not a position: 23.3, printed fire points never
        // apply to it), and its fire field counts for US LOC and control (23.3, 12.31).
        for (_, h) in state.tanks_on_map() {
            if usize::from(h) < n {
                german_occupied.insert(usize::from(h));
            }
        }
        if with_us_loc && let Some(tanks) = crate::tanks::fire_hexes(state, true) {
            for (h, _) in tanks.iter().enumerate().filter(|(h, t)| **t && *h < n) {
                fire.insert(h);
            }
        }

        // 12.3, 12.31, AMB-23: US lines of communication run from the beach through land hexes
        // in no fire field (both ends included), never into rough hexes nor across a bluff or
        // cliff hexside, except a bluff hexside crossed by a road.
        let us_loc = if with_us_loc {
            US_LOC_MEMO.with(|memo| {
                memo.borrow_mut().answer(
                    &state.data,
                    |us_pass| {
                        // A word at a time, as 12.2's pass (`german_reach`).
                        us_pass.extend(
                            terrain
                                .us_land
                                .as_slice()
                                .iter()
                                .zip(fire.as_slice())
                                .map(|(&land, &fire)| land & !fire),
                        )
                    },
                    |us_pass| {
                        let beaches = terrain
                            .beaches
                            .iter()
                            .copied()
                            .filter(|&i| has_bit(us_pass, i));
                        let blocked = &terrain.us_blocked;
                        flood(&terrain.neighbours, beaches, |from, k, to| {
                            has_bit(us_pass, to)
                                && blocked.get(from).is_none_or(|mask| mask & (1 << k) == 0)
                        })
                    },
                )
            })
        } else {
            Vec::new()
        };

        Control {
            data: &state.data,
            index,
            terrain,
            us_occupied,
            us_controlled,
            german_occupied,
            position_occupied,
            fire,
            german_reach: std::cell::OnceCell::new(),
            us_loc,
        }
    }

    /// 12.1, 12.11: some US unit controls `hex` (or occupies it, Generals excepted).
    pub fn us_controls(&self, hex: HexId) -> bool {
        self.us_controlled.contains(usize::from(hex))
    }

    /// A US counter other than a lone General is in `hex`.
    pub fn us_occupied(&self, hex: HexId) -> bool {
        self.us_occupied.contains(usize::from(hex))
    }

    /// A German unit is in `hex`.
    pub fn german_occupied(&self, hex: HexId) -> bool {
        self.german_occupied.contains(usize::from(hex))
    }

    /// A German unit is in one of the position's hexes.
    pub fn position_occupied(&self, pos: PosId) -> bool {
        self.position_occupied
            .get(usize::from(pos))
            .copied()
            .unwrap_or(false)
    }

    /// 12.31, 13.22: `hex` is in the fire field of an occupied position, disrupted or not.
    pub fn in_fire_field(&self, hex: HexId) -> bool {
        self.fire.contains(usize::from(hex))
    }

    /// 12.3, 12.31 (AMB-23): `hex` has a US line of communication to a beach hex.
    pub fn us_loc(&self, hex: HexId) -> bool {
        self.us_loc.get(usize::from(hex)).copied().unwrap_or(false)
    }

    /// 12.2: the hexes German units may pass through that lead to an exit.
    fn german_reach(&self) -> &[bool] {
        self.german_reach.get_or_init(|| {
            let terrain = self.terrain;
            // 12.2 (12.21, AMB-22, AMB-59): German units pass hexes that are not US-occupied, not
            // US-controlled unless a German unit is there, and not of a banned terrain; hexside
            // features never block. Search from the exits, which must be passable themselves.
            GERMAN_REACH_MEMO.with(|memo| {
                memo.borrow_mut().answer(
                    self.data,
                    |german_pass| {
                        // A word at a time: this runs for every state asked about. The bits past
                        // the last hex are never read.
                        german_pass.extend(
                            terrain
                                .german_banned
                                .as_slice()
                                .iter()
                                .zip(self.us_occupied.as_slice())
                                .zip(self.us_controlled.as_slice())
                                .zip(self.german_occupied.as_slice())
                                .map(|(((&banned, &us), &controlled), &german)| {
                                    !banned & !us & (!controlled | german)
                                }),
                        )
                    },
                    |german_pass| {
                        let exits = terrain
                            .exits
                            .iter()
                            .copied()
                            .filter(|&i| has_bit(german_pass, i));
                        flood(&terrain.neighbours, exits, |_, _, to| {
                            has_bit(german_pass, to)
                        })
                    },
                )
            })
        })
    }

    fn reaches(&self, hex: usize) -> bool {
        self.german_reach().get(hex).copied().unwrap_or(false)
    }

    fn is_exit(&self, hex: usize) -> bool {
        self.terrain.exit.get(hex).copied().unwrap_or(false)
    }

    fn neighbours(&self, hex: usize) -> &[HexId] {
        self.index
            .hexes
            .get(hex)
            .map_or(&[], |h| h.neighbours.as_slice())
    }

    /// A path starting in `hex` (exempt from the terrain bans, AMB-22) reaches an exit.
    fn traces_from(&self, hex: usize) -> bool {
        self.is_exit(hex)
            || self.reaches(hex)
            || self
                .neighbours(hex)
                .iter()
                .any(|&nb| self.reaches(usize::from(nb)))
    }

    /// 12.23: from `hex`, through one adjacent bocage hex that is US-controlled but neither
    /// US-occupied nor of a banned terrain, then by the normal rules.
    fn traces_through_bocage(&self, hex: usize) -> bool {
        self.neighbours(hex)
            .iter()
            .map(|&b| usize::from(b))
            .any(|b| {
                self.terrain.bocage.get(b).copied().unwrap_or(false)
                    && b < self.index.hexes.len()
                    && !self.us_occupied.contains(b)
                    && !self.terrain.german_banned.contains(b)
                    && (self.is_exit(b)
                        || self
                            .neighbours(b)
                            .iter()
                            .any(|&c| self.reaches(usize::from(c))))
            })
    }

    /// 12.2–12.23: German position `pos` has a line of communication to an exit hex A–G.
    ///
    /// The path starts in one of the position's hexes, which is exempt from the terrain bans
    /// (AMB-22) and may not be US-occupied. A German-occupied hex is never US-controlled for
    /// LOC (12.21, AMB-59); the hex of an unoccupied position may be US-controlled (12.22). An
    /// occupied reinforcement position may also pass one adjacent US-controlled, unoccupied
    /// bocage hex (12.23); WN positions and unoccupied positions may not.
    pub fn german_loc(&self, pos: PosId) -> bool {
        let Some(info) = self.index.positions.get(usize::from(pos)) else {
            return false;
        };
        let occupied = self.position_occupied(pos);
        let bocage_exception = occupied && matches!(info.kind, PosKind::Reinforcement { .. });
        info.slots
            .iter()
            .filter_map(|&s| self.index.slots.get(usize::from(s)))
            .any(|slot| {
                let h = usize::from(slot.hex);
                let free = !self.us_occupied(slot.hex)
                    && (!self.us_controls(slot.hex) || self.german_occupied(slot.hex) || !occupied);
                free && (self.traces_from(h) || (bocage_exception && self.traces_through_bocage(h)))
            })
    }

    /// 12.2 for any hex (13.22 "no German LOC"): a path from `hex`, exempt from the terrain bans
    /// as a position's hex is (AMB-22), through hexes German units may pass, to an exit.
    pub fn german_loc_hex(&self, hex: HexId) -> bool {
        let free = !self.us_occupied(hex) && (!self.us_controls(hex) || self.german_occupied(hex));
        free && self.traces_from(usize::from(hex))
    }

    /// 13.22: `hex` is US-controlled for victory points: it holds no German unit, has US LOC
    /// (which already keeps it out of every fire field, disrupted units' included, 12.31), and
    /// is either occupied or controlled by a US unit, or has no German LOC ("safe behind US
    /// lines"). Occupation or control alone is not enough.
    pub fn vp_control(&self, hex: HexId) -> bool {
        !self.german_occupied(hex)
            && self.us_loc(hex)
            && !self.in_fire_field(hex)
            && (self.us_controls(hex) || !self.german_loc_hex(hex))
    }
}

/// Bit `i` of a bit set given as its words (`FixedBitSet::as_slice`).
fn has_bit(words: &[usize], i: usize) -> bool {
    words
        .get(i / usize::BITS as usize)
        .is_some_and(|w| w >> (i % usize::BITS as usize) & 1 != 0)
}

/// Breadth-first search from `sources` over the hexes; `step(from, k, to)` says whether the
/// search may go from `from` to its `k`-th neighbour `to`.
fn flood(
    neighbours: &[[u16; 6]],
    sources: impl Iterator<Item = usize>,
    step: impl Fn(usize, usize, usize) -> bool,
) -> Vec<bool> {
    let n = neighbours.len();
    let mut seen = vec![false; n];
    let mut queue: Vec<usize> = Vec::with_capacity(n);
    for s in sources {
        if let Some(seen) = seen.get_mut(s).filter(|seen| !**seen) {
            *seen = true;
            queue.push(s);
        }
    }
    let mut head = 0;
    while let Some(&from) = queue.get(head) {
        head += 1;
        for (k, &to) in neighbours[from].iter().enumerate() {
            let to = usize::from(to);
            if to < n && !seen[to] && step(from, k, to) {
                seen[to] = true;
                queue.push(to);
            }
        }
    }
    seen
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::data::{Division, OmahaData};
    use crate::index::{GerId, GerKind, SlotId};
    use crate::state::{DepthLoc, OmahaOptions, UsFlags};
    use overlord_engine::{Components, GameRng};
    use std::path::Path;
    use std::sync::{Arc, OnceLock};

    pub(crate) fn data() -> Arc<OmahaData> {
        static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
        Arc::clone(DATA.get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
            Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
        }))
    }

    /// A First Wave game on `turn` with every counter off the board.
    pub(crate) fn empty_with(data: &Arc<OmahaData>, turn: u8) -> Omaha {
        let mut state = crate::setup::setup(
            data,
            "first-wave",
            &OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        for u in &mut state.us {
            u.loc = UsLoc::OutOfPlay;
            u.flags = UsFlags::default();
        }
        for g in &mut state.germans {
            g.loc = GerLoc::OutOfPlay;
            g.depth = None;
            g.disrupted = false;
        }
        for d in &mut state.depth {
            d.loc = DepthLoc::OutOfPlay;
        }
        state.turn = turn;
        state
    }

    pub(crate) fn empty(turn: u8) -> Omaha {
        empty_with(&data(), turn)
    }

    pub(crate) fn hex(state: &Omaha, label: &str) -> HexId {
        state
            .data
            .index
            .hex(label.parse().expect("label"))
            .expect("hex on the map")
    }

    pub(crate) fn slot(state: &Omaha, name: &str) -> SlotId {
        state
            .data
            .index
            .slot_named(name)
            .unwrap_or_else(|| panic!("no slot {name}"))
    }

    pub(crate) fn position(state: &Omaha, name: &str) -> PosId {
        state
            .data
            .index
            .positions
            .iter()
            .position(|p| p.name == name)
            .expect("position") as PosId
    }

    /// The first unused US counter that `f` accepts.
    pub(crate) fn pick(state: &Omaha, f: impl Fn(&crate::index::UsInfo) -> bool) -> UsId {
        let i = state
            .data
            .index
            .us
            .iter()
            .enumerate()
            .position(|(i, info)| state.us[i].loc == UsLoc::OutOfPlay && f(info))
            .expect("a free counter");
        i as UsId
    }

    /// Put a regular infantry company of the 1st Division with `steps` in `label`.
    pub(crate) fn infantry(state: &mut Omaha, label: &str, steps: u8) -> UsId {
        let u = pick(state, |i| {
            i.kind() == Some(UsKind::Infantry) && i.division == Division::First
        });
        let h = hex(state, label);
        state.us[usize::from(u)].loc = UsLoc::Hex(h);
        state.us[usize::from(u)].steps = steps;
        u
    }

    pub(crate) fn place(
        state: &mut Omaha,
        f: impl Fn(&crate::index::UsInfo) -> bool,
        label: &str,
    ) -> UsId {
        let u = pick(state, f);
        let h = hex(state, label);
        state.us[usize::from(u)].loc = UsLoc::Hex(h);
        state.us[usize::from(u)].steps = state.data.index.us[usize::from(u)].steps;
        u
    }

    /// Put an unused German unit (of `strength` if one has it) of kind `f` in slot `name`.
    pub(crate) fn german(
        state: &mut Omaha,
        name: &str,
        strength: Option<u8>,
        f: impl Fn(GerKind) -> bool,
    ) -> GerId {
        let s = slot(state, name);
        let index = &state.data.index;
        let free = |i: usize| state.germans[i].loc == GerLoc::OutOfPlay;
        let g = (0..index.germans.len())
            .find(|&i| {
                free(i)
                    && f(index.germans[i].kind)
                    && strength.is_none_or(|st| index.germans[i].strength == st)
            })
            .or_else(|| (0..index.germans.len()).find(|&i| free(i) && f(index.germans[i].kind)))
            .expect("a free German unit");
        state.germans[g].loc = GerLoc::Slot(s);
        g as GerId
    }

    fn reinforcement(k: GerKind) -> bool {
        matches!(k, GerKind::Tactical | GerKind::Divisional | GerKind::Meyer)
    }

    fn wn(k: GerKind) -> bool {
        matches!(k, GerKind::Wn(_))
    }

    // ---- 12.1, 12.11: US control (T-12.1).

    #[test]
    fn t_12_1_infantry_two_steps_controls_adjacent_one_step_own_hex() {
        let mut s = empty(5);
        let u = infantry(&mut s, "1113", 2);
        for n in ["1112", "1114", "1012", "1013", "1212", "1213"] {
            assert!(us_controls(&s, hex(&s, n)), "{n}");
        }
        assert!(us_controls(&s, hex(&s, "1113")));
        assert!(!us_controls(&s, hex(&s, "1115")), "two hexes away");
        s.us[usize::from(u)].steps = 1;
        assert!(us_controls(&s, hex(&s, "1113")));
        assert!(!us_controls(&s, hex(&s, "1112")), "1 step: own hex only");
        let c = Control::new(&s);
        assert!(c.us_controls(hex(&s, "1113")) && !c.us_controls(hex(&s, "1112")));
    }

    #[test]
    fn rule_12_11_no_control_uphill() {
        // T-12.1: infantry with 3 steps on the beach does not control adjacent high ground.
        let mut s = empty(5);
        infantry(&mut s, "0705", 3);
        assert!(us_controls(&s, hex(&s, "0706")), "adjacent beach");
        assert!(
            !us_controls(&s, hex(&s, "0805")),
            "high ground above the beach"
        );
        assert!(!us_controls(&s, hex(&s, "0804")));
        let c = Control::new(&s);
        assert!(c.us_controls(hex(&s, "0706")) && !c.us_controls(hex(&s, "0805")));
    }

    #[test]
    fn rule_12_11_control_downhill_allowed() {
        let mut s = empty(5);
        infantry(&mut s, "0805", 3);
        assert!(
            us_controls(&s, hex(&s, "0705")),
            "high ground controls the beach below"
        );
        // and from the flat draw floor onto the flat, but not up onto the plateau
        let mut s = empty(5);
        infantry(&mut s, "1010", 2);
        assert!(us_controls(&s, hex(&s, "0910")) && us_controls(&s, hex(&s, "1110")));
        assert!(!us_controls(&s, hex(&s, "1009")), "1009 is high ground");
    }

    #[test]
    fn t_12_1_disrupted_tank_controls_adjacent() {
        let mut s = empty(5);
        let t = place(&mut s, |i| i.kind() == Some(UsKind::Tank), "1113");
        s.us[usize::from(t)].steps = 1;
        s.us[usize::from(t)].flags.set(UsFlags::DISRUPTED, true);
        assert!(
            us_controls(&s, hex(&s, "1114")),
            "tanks at any steps, disrupted or not"
        );
        let mut s = empty(5);
        let u = infantry(&mut s, "1113", 2);
        s.us[usize::from(u)].flags.set(UsFlags::DISRUPTED, true);
        assert!(
            us_controls(&s, hex(&s, "1114")),
            "disrupted infantry still controls"
        );
    }

    #[test]
    fn t_12_1_general_controls_nothing() {
        let mut s = empty(5);
        place(&mut s, |i| i.counter == UsCounter::General, "1113");
        assert!(!us_controls(&s, hex(&s, "1113")));
        assert!(!us_controls(&s, hex(&s, "1114")));
        let c = Control::new(&s);
        assert!(
            !c.us_occupied(hex(&s, "1113")),
            "AMB-80: a lone General holds nothing"
        );
    }

    #[test]
    fn rule_12_1_own_hex_units() {
        for kind in [
            UsKind::Artillery,
            UsKind::AntiTank,
            UsKind::Aa,
            UsKind::SpAa,
            UsKind::SpArtillery,
        ] {
            let mut s = empty(5);
            place(&mut s, |i| i.kind() == Some(kind), "1113");
            assert!(us_controls(&s, hex(&s, "1113")), "{kind:?}");
            assert!(
                !us_controls(&s, hex(&s, "1114")),
                "{kind:?} controls its own hex only"
            );
        }
        let mut s = empty(5);
        place(&mut s, |i| i.counter == UsCounter::Hq, "1113");
        assert!(
            us_controls(&s, hex(&s, "1113")) && !us_controls(&s, hex(&s, "1114")),
            "HQ"
        );
        let mut s = empty(5);
        let r = place(&mut s, |i| i.kind() == Some(UsKind::Ranger), "1113");
        assert!(us_controls(&s, hex(&s, "1114")), "Rangers are infantry");
        s.us[usize::from(r)].steps = 1;
        assert!(!us_controls(&s, hex(&s, "1114")));
    }

    // ---- 6.2, 12.31: fire fields.

    #[test]
    fn rule_12_31_fire_field_of_disrupted_and_empty_positions() {
        let mut s = empty(5);
        let p = position(&s, "WN62");
        let target = s
            .data
            .index
            .hexes
            .iter()
            .position(|h| h.fire.iter().any(|&(q, _)| q == p))
            .expect("WN62 fires somewhere") as HexId;
        assert!(
            !in_german_fire_field(&s, target, true),
            "an empty position has no fire field"
        );
        let g = german(&mut s, "WN62N", None, wn);
        assert!(in_german_fire_field(&s, target, false));
        s.germans[usize::from(g)].disrupted = true;
        assert!(
            !in_german_fire_field(&s, target, false),
            "a disrupted unit does not fire"
        );
        assert!(
            in_german_fire_field(&s, target, true),
            "12.31: but its field still blocks US LOC"
        );
        assert!(Control::new(&s).in_fire_field(target));
        assert!(!us_loc(&s, target), "12.31");
    }

    // ---- 12.2, 12.21, 12.22, 12.23: German LOC.

    #[test]
    fn rule_12_2_every_position_has_loc_at_start() {
        let s = crate::setup::setup(
            &data(),
            "first-wave",
            &OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        let c = Control::new(&s);
        for p in 0..s.data.index.positions.len() {
            assert!(
                c.german_loc(p as PosId),
                "{}",
                s.data.index.positions[p].name
            );
        }
    }

    #[test]
    fn rule_12_2_us_control_ring_cuts_loc() {
        // C1 at 1113: a 2-step company in each of 1112 and 1114 controls the other four
        // neighbours (1012, 1013, 1212, 1213).
        let mut s = empty(5);
        german(&mut s, "C1", None, reinforcement);
        let c1 = position(&s, "C1");
        assert!(german_loc(&s, c1));
        infantry(&mut s, "1112", 2);
        assert!(german_loc(&s, c1), "one side still open");
        infantry(&mut s, "1114", 2);
        assert!(
            !german_loc(&s, c1),
            "every neighbour US-occupied or controlled"
        );
    }

    #[test]
    fn rule_12_2_terrain_bans_beach_and_flat_by_the_beach() {
        // WN61 at 0809 (flat): neighbours 0709, 0710 (beach), 0808, 0810 (flat next to the
        // beach), 0909 (high ground), 0910 (draw floor). A company in 1009 controls 0909 and
        // 0910 only; the rest of the way out is banned terrain.
        let mut s = empty(5);
        german(&mut s, "WN61", None, wn);
        let wn61 = position(&s, "WN61");
        assert!(
            german_loc(&s, wn61),
            "AMB-22: the position's own hex is exempt"
        );
        infantry(&mut s, "1009", 2);
        assert!(us_controls(&s, hex(&s, "0909")) && us_controls(&s, hex(&s, "0910")));
        assert!(!us_controls(&s, hex(&s, "0808")) && !us_controls(&s, hex(&s, "0709")));
        assert!(
            !german_loc(&s, wn61),
            "beach and beach-side flat hexes are not passable"
        );
    }

    #[test]
    fn rule_12_2_rough_and_sea_banned() {
        let s = empty(5);
        let c = Control::new(&s);
        for label in ["0435", "0436"] {
            let h = usize::from(hex(&s, label));
            assert!(
                c.terrain.german_banned[h] && !c.german_reach()[h],
                "{label} is rough"
            );
            assert!(!c.us_loc(h as HexId), "12.3: rough");
        }
        assert!(c.terrain.german_banned[usize::from(hex(&s, "0101"))], "sea");
        assert!(
            c.terrain.german_banned[usize::from(hex(&s, "0712"))],
            "beach"
        );
        assert!(
            !c.terrain.german_banned[usize::from(hex(&s, "0917"))],
            "draw floor, not next to the beach"
        );
    }

    #[test]
    fn rule_12_2_exits_are_sources() {
        let s = empty(5);
        let c = Control::new(&s);
        let exits: Vec<usize> = (0..s.data.index.hexes.len())
            .filter(|&h| c.is_exit(h))
            .collect();
        assert_eq!(exits.len(), 7, "exits A-G");
        assert!(exits.iter().all(|&h| c.german_reach()[h]));
    }

    #[test]
    fn amb_22_hexsides_never_block_german_loc() {
        // WN62N (0812, flat): its neighbours are beach (0712, 0713), flat by the beach (0811,
        // 0813) and, across bluff hexsides, high ground (0912, 0913). Its only way out is over
        // the bluffs.
        let mut s = empty(5);
        german(&mut s, "WN62N", None, wn);
        let c = Control::new(&s);
        for n in ["0712", "0713", "0811", "0813"] {
            assert!(c.terrain.german_banned[usize::from(hex(&s, n))], "{n}");
        }
        assert!(
            c.terrain.german_banned[usize::from(hex(&s, "0812"))],
            "the WN hex itself"
        );
        assert!(
            german_loc(&s, position(&s, "WN62")),
            "origin exempt, bluffs do not block"
        );
    }

    #[test]
    fn amb_22_exit_must_be_passable() {
        let mut s = empty(5);
        let exit_a = hex(&s, "1101");
        assert!(Control::new(&s).german_reach()[usize::from(exit_a)]);
        infantry(&mut s, "1101", 1);
        let c = Control::new(&s);
        assert!(c.is_exit(usize::from(exit_a)) && !c.german_reach()[usize::from(exit_a)]);
    }

    #[test]
    fn rule_12_21_german_hex_not_us_controlled_for_loc() {
        // WN67 at 1222 with a US company next to it: the WN hex is US-controlled, but not for
        // the German unit's own LOC (12.21, AMB-59).
        let mut s = empty(5);
        german(&mut s, "WN67", None, wn);
        infantry(&mut s, "1221", 2);
        assert!(us_controls(&s, hex(&s, "1222")));
        assert!(german_loc(&s, position(&s, "WN67")));
    }

    #[test]
    fn rule_12_22_unoccupied_position_hex_may_be_controlled() {
        let mut s = empty(5);
        let c1 = position(&s, "C1");
        infantry(&mut s, "1112", 2); // controls 1113 (C1) and neighbours on one side
        assert!(us_controls(&s, hex(&s, "1113")));
        assert!(
            german_loc(&s, c1),
            "12.22: the empty position's hex may be US-controlled"
        );
        infantry(&mut s, "1113", 1);
        assert!(!german_loc(&s, c1), "AMB-80: not when US-occupied");
    }

    /// T-12.23 first situation: C4 at 1215; US companies in 1315 and 1116 control or occupy all
    /// of C4's neighbours (1214, 1216, 1115, 1116, 1315, 1316); bocage 1316 is controlled but
    /// not occupied; 1416 beyond it is free and leads to an exit.
    fn bocage_situation(s: &mut Omaha) {
        infantry(s, "1315", 2);
        infantry(s, "1116", 2);
        for n in ["1214", "1216", "1115", "1116", "1315", "1316"] {
            assert!(us_controls(s, hex(s, n)), "{n}");
        }
        assert!(!us_controls(s, hex(s, "1416")));
    }

    #[test]
    fn t_12_23_bocage_loc() {
        let mut s = empty(5);
        let g = german(&mut s, "C4", Some(4), reinforcement);
        assert_eq!(s.data.index.germans[usize::from(g)].strength, 4);
        bocage_situation(&mut s);
        let c4 = position(&s, "C4");
        assert!(
            german_loc(&s, c4),
            "through the adjacent bocage hex 1316 to 1416"
        );
        // Only the first bocage hex: with 1416 (bocage too) and 1317 controlled as well, every
        // way beyond 1316 is shut.
        infantry(&mut s, "1516", 2);
        infantry(&mut s, "1318", 2);
        for n in ["1416", "1317"] {
            assert!(us_controls(&s, hex(&s, n)), "{n}");
        }
        assert!(!Control::new(&s).us_occupied(hex(&s, "1316")));
        assert!(
            !german_loc(&s, c4),
            "only one bocage hex may be US-controlled"
        );
    }

    #[test]
    fn t_12_23_bocage_surrounded_no_loc() {
        // A 3-strength unit in C4 (1215) whose two adjacent bocage hexes (1315, 1316) are each
        // surrounded by US-controlled or occupied hexes.
        let mut s = empty(5);
        let g = german(&mut s, "C4", Some(3), reinforcement);
        assert_eq!(s.data.index.germans[usize::from(g)].strength, 3);
        for at in ["1214", "1216", "1416", "1414"] {
            infantry(&mut s, at, 2);
        }
        for n in ["1314", "1316", "1415", "1315", "1317", "1115", "1116"] {
            assert!(us_controls(&s, hex(&s, n)), "{n}");
        }
        assert!(!german_loc(&s, position(&s, "C4")));
    }

    #[test]
    fn t_12_23_not_for_wn_or_unoccupied_positions() {
        // The first situation with WN69 (1425): US companies in 1424 and 1426 occupy or
        // control all its neighbours; bocage 1326 is controlled but not occupied and 1226
        // beyond it is free.
        let mut s = empty(5);
        german(&mut s, "WN69", None, wn);
        infantry(&mut s, "1424", 2);
        infantry(&mut s, "1426", 2);
        for n in ["1424", "1426", "1325", "1326", "1525", "1526"] {
            assert!(us_controls(&s, hex(&s, n)), "{n}");
        }
        assert!(!us_controls(&s, hex(&s, "1226")));
        assert!(
            !german_loc(&s, position(&s, "WN69")),
            "the exception is for reinforcement positions only"
        );
        // The same geometry for an empty reinforcement position: C4 with nobody in it.
        let mut s = empty(5);
        bocage_situation(&mut s);
        let c4 = position(&s, "C4");
        // 12.22 lets the empty hex be controlled, but the bocage exception does not apply.
        assert!(!german_loc(&s, c4), "not for unoccupied positions");
        german(&mut s, "C4", None, reinforcement);
        assert!(german_loc(&s, c4));
    }

    #[test]
    fn rule_12_24_loc_is_recomputed_on_demand() {
        // 12.24: the fire phase keeps the answer taken at its start; the function itself always
        // reflects the current state (a US attack re-determines LOC at that moment).
        let mut s = empty(5);
        german(&mut s, "C1", None, reinforcement);
        infantry(&mut s, "1112", 2);
        let blocker = infantry(&mut s, "1114", 2);
        let c1 = position(&s, "C1");
        let snapshot = german_loc(&s, c1);
        assert!(!snapshot);
        s.us[usize::from(blocker)].loc = UsLoc::Eliminated;
        assert!(german_loc(&s, c1));
    }

    // ---- 12.3, 12.31, AMB-23: US LOC.

    #[test]
    fn rule_12_3_us_loc_to_the_beach() {
        let mut s = empty(5);
        let h = hex(&s, "1113");
        assert!(
            us_loc(&s, h),
            "no fire fields: every land hex but rough reaches the beach"
        );
        assert!(us_loc(&s, hex(&s, "0712")), "a beach hex has LOC itself");
        // At the start every WN is occupied: its fire fields cut the beach.
        let start = crate::setup::setup(
            &data(),
            "first-wave",
            &OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        let c = Control::new(&start);
        let fired = start
            .data
            .index
            .hexes
            .iter()
            .position(|x| !x.fire.is_empty() && x.ground == Ground::Beach)
            .expect("a beach hex under fire") as HexId;
        assert!(
            c.in_fire_field(fired) && !c.us_loc(fired),
            "both ends must be clear of fire fields"
        );
        s.germans.clone_from(&start.germans);
        assert_eq!(us_loc(&s, fired), c.us_loc(fired));
    }

    #[test]
    fn rule_12_31_fire_blocks_us_occupied_hex() {
        let mut s = empty(5);
        let p = position(&s, "WN62");
        let target = s
            .data
            .index
            .hexes
            .iter()
            .position(|h| h.fire.iter().any(|&(q, _)| q == p) && h.ground != Ground::Sea)
            .expect("WN62 field") as HexId;
        let label = s.data.index.hexes[usize::from(target)].label.to_string();
        infantry(&mut s, &label, 3);
        assert!(us_loc(&s, target));
        let g = german(&mut s, "WN62S", None, wn);
        s.germans[usize::from(g)].disrupted = true;
        assert!(
            !us_loc(&s, target),
            "12.31: US-occupied and the German disrupted, still blocked"
        );
        s.germans[usize::from(g)].loc = GerLoc::OutOfPlay;
        assert!(us_loc(&s, target), "an empty position has no fire field");
    }

    // ---- 13.22: VP control.

    #[test]
    fn rule_13_22_vp_control() {
        let mut s = empty(16);
        let h = hex(&s, "1113");
        assert!(!vp_control(&s, h), "no US presence and German LOC");
        infantry(&mut s, "1113", 1);
        assert!(vp_control(&s, h), "occupied, US LOC, no fire field");
        // Occupation alone is not enough: in the field of a (disrupted) German position.
        let mut s = empty(16);
        let p = position(&s, "WN62");
        let target = s
            .data
            .index
            .hexes
            .iter()
            .position(|x| x.fire.iter().any(|&(q, _)| q == p) && x.ground != Ground::Sea)
            .expect("field") as HexId;
        let label = s.data.index.hexes[usize::from(target)].label.to_string();
        infantry(&mut s, &label, 3);
        assert!(vp_control(&s, target));
        let g = german(&mut s, "WN62N", None, wn);
        s.germans[usize::from(g)].disrupted = true;
        assert!(!vp_control(&s, target), "even a disrupted unit's field");
    }

    #[test]
    fn rule_13_22_safe_behind_us_lines() {
        let mut s = empty(16);
        // 1113's neighbours: 1112, 1114, 1012, 1013, 1212, 1213. Occupy them all with 1-step
        // units (own hex only): 1113 is then neither occupied nor controlled, has no German
        // LOC, and keeps US LOC through the occupied hexes.
        for n in ["1112", "1114", "1012", "1013", "1212", "1213"] {
            infantry(&mut s, n, 1);
        }
        let h = hex(&s, "1113");
        let c = Control::new(&s);
        assert!(!c.us_controls(h) && !c.german_loc_hex(h) && c.us_loc(h));
        assert!(c.vp_control(h), "safe behind US lines");
        // A German unit in the hex: never controlled.
        german(&mut s, "C1", None, reinforcement);
        assert!(!vp_control(&s, h));
    }
}
