//! Lines of supply (18.1, 18.2, A-51, A-27): the supply sources of each side and whether a path
//! runs from a hex to them. The Supply Phase (18.3) asks it for every unit; the HQs' SupP pools
//! (17.2, 17.4), the replacements' live trace (6.2, A-59), the Fortress Cherbourg receipts
//! (5.2), the attrition DRM (18.5, A-26) and the victory conditions (23.2, 24.3, 26.3) ask it
//! too.
//!
//! # The path (18.2, A-51)
//!
//! A line of supply leaves the unit's hex, runs **at most 5 hexes off-road** to a road (the hexes
//! entered off-road are counted, the unit's own hex excluded, the first road hex included; the
//! unit's hex counts as on the road when a road runs through it), then **any length along roads**
//! (main or secondary, following road hexsides) to the source. It changes from off-road to road
//! once. A source within the off-road part is reached too.
//!
//! Every step of it may not:
//! - cross an all-sea or impassable hexside, or enter the sea;
//! - enter the Marais de Gorges marsh hex, or leave it (crossing its hexsides);
//! - enter a hex holding enemy units;
//! - enter a second hex in a row that is in an enemy ZOC and holds no friendly unit ("two
//!   consecutive empty hexes in EZOC"; the unit's own hex is not entered);
//! - enter an enemy hex bond or cross an enemy hexside bond (8.5.2, [`Zones::blocks_step`]).
//!
//! Off-road steps may not enter a flooded hex, cross a flooded hexside (a causeway carries the
//! path over its flooded hexside, as it carries units, 9.11) or cross a major river. Road steps may
//! not enter an enemy-controlled town or city hex (control: [`crate::control`]); roads cross rivers
//! and flooded ground on their bridges and causeways.
//!
//! # Any length (18.3, A-27)
//!
//! The Isolated test asks for an overland line "of any length": the same restrictions with no
//! count and no road needed. Read here: every step is a road step (along a road hexside, with the
//! road part's restriction) or an off-road step (with the off-road part's), mixed at will, so that
//! every line of supply is also a line of any length.

use crate::control;
use crate::data::{Class, GameMap, HexFlags, Hexside, Scenario, Side, UnitId};
use crate::state::{Memoized, Mulberry, Normandy44};
use crate::tables::terrain::{HexsideFeature, Terrain};
use crate::zoc::{self, Occupancy, Zones};
use overlord_engine::RuleId;
use overlord_hexmap::{HexId, Marks, distance as hex_distance};
use std::cell::RefCell;
use std::sync::Mutex;

/// 18.1: supply sources.
pub const SOURCES: RuleId = RuleId("18.1");
/// 18.2: the line of supply.
pub const LINE: RuleId = RuleId("18.2");
/// 26.1: the Cherbourg scenario's German supply.
pub const CHERBOURG_SUPPLY: RuleId = RuleId("26.1");

/// The three Cherbourg city hexes (5.2, 17.4, 18.1, 23.2, 26.3), by their printed labels.
pub const CHERBOURG_CITY_LABELS: [&str; 3] = ["3606", "3705", "3706"];

/// hexes a line may enter off-road before it reaches a road.
pub const OFF_ROAD_HEXES: u8 = 5;

/// How far a line may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// 18.2, A-51: at most 5 hexes off-road to a road, then along roads.
    Line,
    /// 18.3, A-27: overland, any length, road and off-road steps mixed.
    AnyLength,
}

/// The phase of a path, in the search's state: hexes entered off-road so far (0..=5), on the
/// road, or free (any length).
const ROAD: u8 = OFF_ROAD_HEXES + 1;
const FREE: u8 = OFF_ROAD_HEXES + 2;
/// The phases [`Trace`]'s `seen` marks: road and free (the off-road ones are kept in
/// `least_off_road`), so that its table stays small enough to stay in cache.
const MARKED_PHASES: usize = 2;

/// The Cherbourg city hexes (3606, 3705, 3706 on the map the rules print): the city hexes
/// inside the Cherbourg Perimeter.
pub fn cherbourg_cities(map: &GameMap) -> &[HexId] {
    &map.cherbourg_cities
}

/// Whether a road runs through `hex` (a road crosses one of its hexsides).
pub fn has_road(map: &GameMap, hex: HexId) -> bool {
    (0..6).any(|k| map.side(hex, k).road.is_some())
}

/// Whether `hex` is a town or city hex.
pub fn town_or_city(map: &GameMap, hex: HexId) -> bool {
    let flags = map.flags(hex);
    flags.has(HexFlags::TOWN) || flags.has(HexFlags::CITY)
}

/// 26.1: in the Cherbourg scenario, the first road hex beyond the 27 June line of a road that
/// leads south across it (a road hex off the Allied side with a road hexside into a hex on it).
/// "Treat that road as free of Allied units and ZOC beyond the line": reaching it is enough.
fn h_line_exit(map: &GameMap, hex: HexId) -> bool {
    !map.flags(hex).has(HexFlags::H_LINE_ALLIED)
        && map.hexes.neighbours(hex).iter().enumerate().any(|(k, &n)| {
            !n.is_none()
                && map.flags(n).has(HexFlags::H_LINE_ALLIED)
                && map.side(hex, k).road.is_some()
        })
}

/// The supply sources of `side` now (18.1; 26.1 in the Cherbourg scenario), in hex order.
pub fn sources(game: &Normandy44, side: Side) -> Vec<HexId> {
    let map = &game.data().map;
    let mut out: Vec<HexId> = Vec::new();
    match side {
        Side::German => {
            // 18.1: friendly-controlled Cherbourg city hexes...
            out.extend(
                cherbourg_cities(map)
                    .iter()
                    .copied()
                    .filter(|&h| control::controls(game, Side::German, h)),
            );
            if game.scenario() == Scenario::Cherbourg {
                // 26.1: ...or any road leading south across the H-line.
                out.extend(map.hexes.ids().filter(|&h| h_line_exit(map, h)));
            } else {
                // 18.1: ...and friendly-controlled map-edge entry hexes.
                out.extend(
                    map.entries
                        .iter()
                        .flat_map(|(_, hexes)| hexes.iter().copied())
                        .filter(|&h| control::controls(game, Side::German, h)),
                );
            }
        }
        Side::Allied => {
            // 18.1, A-42: a beachhead hex with a beach engineer in it...
            for &hex in &map.beachheads {
                if game.units_in(hex).any(|u| {
                    game.side_of(u) == Side::Allied
                        && game.data().unit(u).class == Class::BeachEngineer
                }) {
                    out.push(hex);
                }
            }
            // ...and a complete Mulberry port.
            for (i, &hex) in map.mulberries.iter().enumerate() {
                if game.mulberries.get(i) == Some(&Mulberry::Complete) && !hex.is_none() {
                    out.push(hex);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The lines of supply of one side in one position: the enemy's ZOC and bonds, the occupancy
/// and the sources, worked out once and asked many times.
pub struct Lines<'g> {
    game: &'g Normandy44,
    side: Side,
    occupancy: std::sync::Arc<Occupancy>,
    zones: Zones<'g>,
    sources: Vec<bool>,
    /// The same sources, in hex order: a trace to them heads for the nearest first.
    source_hexes: Vec<HexId>,
    /// The traces' working tables, lent by the thread while the lines live.
    scratch: RefCell<Trace>,
}

/// A trace's tables: which (hex, road phase, in an EZOC) states it has seen ([`Marks`]: a new
/// trace starts without clearing them), the states it pushed (each with the index of the one
/// it came from) and those still to follow; and what the traces to the side's sources learnt
/// while the lines live ([`Learnt`]).
#[derive(Default)]
struct Trace {
    seen: Marks<()>,
    /// Per hex and empty-EZOC flag (`hex * 2 + ezoc`), the fewest hexes entered off-road of
    /// any state followed there.
    least_off_road: Marks<u8>,
    pushed: Vec<(HexId, u8, bool, u32)>,
    stack: Vec<u32>,
    learnt: Marks<Learnt>,
    /// The [`KeptLines`] (by its `id`) whose position `learnt` was learnt in, if it is kept
    /// for later lines of that position ([`Lines::resuming`]).
    learnt_for: Option<u64>,
}

/// No state: the parent of a trace's first states.
const NO_STATE: u32 = u32::MAX;

/// What the traces of one [`Lines`] to the side's sources learnt about the states of one hex
/// (a state: the hex, the path's phase, whether it entered the hex as an empty hex in an enemy
/// ZOC). Every trace to the same sources follows the same steps from a state, so a state from
/// which one trace reached a source leads to one for every later trace, and a state a failed
/// trace went through leads to none. A state with fewer hexes entered off-road, or not in an
/// empty EZOC, goes everywhere a worse one goes (18.2's limits only tighten): it is good
/// where the worse one is, dead where the better one is.
#[derive(Clone, Copy, Default)]
struct Learnt {
    /// Per EZOC flag: one more than the most hexes entered off-road of a known good state, or 0.
    good_off_road: [u8; 2],
    /// Per EZOC flag: one more than the fewest hexes entered off-road of a known dead state, or 0.
    dead_off_road: [u8; 2],
    /// Per EZOC flag (bit `e`): road states known good, known dead; any-length ones likewise.
    road_good: u8,
    road_dead: u8,
    free_good: u8,
    free_dead: u8,
}

impl Learnt {
    /// Whether the state (`phase`, `ezoc`) here is known to lead to a source.
    fn good(&self, phase: u8, ezoc: bool) -> bool {
        let e = usize::from(ezoc);
        // A state in an empty EZOC that leads there says so for one that is not.
        let bit = |bits: u8| bits & (1 << e) != 0 || (!ezoc && bits & 2 != 0);
        match phase {
            ROAD => bit(self.road_good),
            FREE => bit(self.free_good),
            entered => {
                self.good_off_road[e] > entered || (!ezoc && self.good_off_road[1] > entered)
            }
        }
    }

    /// Whether the state (`phase`, `ezoc`) here is known to lead to no source.
    fn dead(&self, phase: u8, ezoc: bool) -> bool {
        let e = usize::from(ezoc);
        // A state not in an empty EZOC that leads nowhere says so for one that is.
        let bit = |bits: u8| bits & (1 << e) != 0 || (ezoc && bits & 1 != 0);
        let at_most = |d: u8| d != 0 && d <= phase + 1;
        match phase {
            ROAD => bit(self.road_dead),
            FREE => bit(self.free_dead),
            _ => at_most(self.dead_off_road[e]) || (ezoc && at_most(self.dead_off_road[0])),
        }
    }

    fn learn(&mut self, phase: u8, ezoc: bool, good: bool) {
        let e = usize::from(ezoc);
        match (phase, good) {
            (ROAD, true) => self.road_good |= 1 << e,
            (ROAD, false) => self.road_dead |= 1 << e,
            (FREE, true) => self.free_good |= 1 << e,
            (FREE, false) => self.free_dead |= 1 << e,
            (entered, true) => {
                self.good_off_road[e] = self.good_off_road[e].max(entered + 1);
            }
            (entered, false) => {
                let d = &mut self.dead_off_road[e];
                if *d == 0 || *d > entered + 1 {
                    *d = entered + 1;
                }
            }
        }
    }
}

thread_local! {
    /// The traces' tables, lent to each [`Lines`] and given back when it is dropped.
    static TRACE: RefCell<Trace> = RefCell::new(Trace::default());
}

impl Drop for Lines<'_> {
    fn drop(&mut self) {
        let trace = self.scratch.take();
        let _ = TRACE.try_with(|cell| cell.replace(trace));
    }
}

impl<'g> Lines<'g> {
    /// The lines of `side`'s units now.
    pub fn new(game: &'g Normandy44, side: Side) -> Lines<'g> {
        Lines::resuming(game, side, None)
    }

    /// [`Lines::new`]; with `kept`, the id of the [`KeptLines`] of this position and side, the
    /// lines start from what earlier lines made for it learnt, where this thread's tables still
    /// hold it: [`in_supply`] asks one hex at a time, and each trace teaches the next.
    fn resuming(game: &'g Normandy44, side: Side, kept: Option<u64>) -> Lines<'g> {
        let map = &game.data().map;
        let occupancy = zoc::occupancy(game);
        let zones = zoc::zones_of(game, side.enemy());
        let source_hexes = sources(game, side);
        let mut sources = vec![false; map.hexes.len()];
        for &hex in &source_hexes {
            if let Some(s) = sources.get_mut(hex.index()) {
                *s = true;
            }
        }
        // Lines made while others live get fresh tables.
        let mut scratch = TRACE.try_with(RefCell::take).unwrap_or_default();
        if kept.is_none() || scratch.learnt_for != kept {
            scratch.learnt.begin(map.hexes.len(), Learnt::default());
            scratch.learnt_for = kept;
        }
        Lines {
            game,
            side,
            occupancy,
            zones,
            sources,
            source_hexes,
            scratch: RefCell::new(scratch),
        }
    }

    pub fn side(&self) -> Side {
        self.side
    }

    /// 18.1: whether `hex` is one of the side's supply sources.
    pub fn is_source(&self, hex: HexId) -> bool {
        self.sources.get(hex.index()).copied().unwrap_or(false)
    }

    /// 18.2: whether a unit of the side in `hex` traces a line of supply to a source.
    pub fn in_supply(&self, hex: HexId) -> bool {
        self.search(hex, Reach::Line, &|h| self.is_source(h), true)
    }

    /// 18.3, A-27: whether a unit of the side in `hex` traces an overland line of any length to
    /// a source.
    pub fn any_length(&self, hex: HexId) -> bool {
        self.search(hex, Reach::AnyLength, &|h| self.is_source(h), true)
    }

    /// Whether a path of `reach` under 18.2's restrictions runs from `from` to a hex for which
    /// `target` holds (`from` itself included).
    pub fn traces(&self, from: HexId, reach: Reach, target: &dyn Fn(HexId) -> bool) -> bool {
        self.search(from, reach, target, false)
    }

    /// [`Lines::traces`]; with `to_sources` (`target` is the side's sources), it reads and adds
    /// to what the lines' earlier traces to the sources learnt ([`Learnt`]): the Supply Phase
    /// traces from every occupied hex, and most lines run into one traced before.
    fn search(
        &self,
        from: HexId,
        reach: Reach,
        target: &dyn Fn(HexId) -> bool,
        to_sources: bool,
    ) -> bool {
        let map = &self.game.data().map;
        if from.is_none() || from.index() >= map.hexes.len() {
            return false;
        }
        if target(from) {
            return true;
        }
        // A trace inside another (none today) gets tables of its own.
        let mut own = None;
        let mut borrowed = self.scratch.try_borrow_mut().ok();
        let Trace {
            seen,
            least_off_road,
            pushed,
            stack,
            learnt,
            ..
        } = match borrowed.as_deref_mut() {
            Some(shared) => shared,
            None => own.insert(Trace::default()),
        };
        seen.begin(map.hexes.len() * MARKED_PHASES * 2, ());
        least_off_road.begin(map.hexes.len() * 2, 0);
        pushed.clear();
        stack.clear();
        let known = |learnt: &Marks<Learnt>, hex: HexId| {
            if to_sources {
                learnt.get(hex.index()).unwrap_or_default()
            } else {
                Learnt::default()
            }
        };
        // Push a state; `Err(index)` when it is known to lead to a source.
        let mut push = |pushed: &mut Vec<(HexId, u8, bool, u32)>,
                        stack: &mut Vec<u32>,
                        hex: HexId,
                        phase: u8,
                        ezoc: bool,
                        parent: u32|
         -> Result<(), u32> {
            let learnt_here = known(learnt, hex);
            if learnt_here.good(phase, ezoc) {
                return Err(parent);
            }
            if learnt_here.dead(phase, ezoc) && to_sources {
                return Ok(());
            }
            if phase <= OFF_ROAD_HEXES {
                // A path in `hex` that entered fewer hexes off-road, or that is not in an empty
                // EZOC, goes everywhere this one can (both only tighten 18.2's limits): once
                // such a path was followed from here, this one need not be.
                let at = |e: bool| hex.index() * 2 + usize::from(e);
                let covered = |e: bool| least_off_road.get(at(e)).is_some_and(|q| q <= phase);
                if covered(false) || (ezoc && covered(true)) {
                    return Ok(());
                }
                least_off_road.set(at(ezoc), phase);
            } else {
                let marked = usize::from(phase - ROAD);
                let i = |e: bool| (hex.index() * MARKED_PHASES + marked) * 2 + usize::from(e);
                // Likewise a road (or any-length) path not in an empty EZOC covers one that is.
                if (ezoc && seen.is_marked(i(false))) || !seen.mark(i(ezoc), ()) {
                    return Ok(());
                }
            }
            stack.push(u32::try_from(pushed.len()).unwrap_or(NO_STATE));
            pushed.push((hex, phase, ezoc, parent));
            Ok(())
        };
        let mut start = |pushed: &mut _, stack: &mut _, phase| {
            push(pushed, stack, from, phase, false, NO_STATE).err()
        };
        let found = match reach {
            Reach::AnyLength => start(pushed, stack, FREE),
            Reach::Line => start(pushed, stack, 0).or_else(|| {
                // the unit's hex counts as on the road when a road runs through it.
                has_road(map, from)
                    .then(|| start(pushed, stack, ROAD))
                    .flatten()
            }),
        };
        // A trace to the sources follows first the steps that lead nearest the source nearest
        // its start: whether a line exists does not depend on the order, and most lines run
        // straight to a beach or a map edge, where following the first direction found could
        // walk the whole road net first.
        let goal = if to_sources {
            let start = map.hexes.hex(from);
            self.source_hexes
                .iter()
                .filter_map(|&s| map.hexes.hex(s))
                .min_by_key(|&s| start.map_or(0, |start| hex_distance(start, s)))
        } else {
            None
        };
        // A start state known good: `found` is the parent of the first state, none.
        let mut reached = found;
        // At most six steps a hex: on the stack, not in a vector that checks its capacity.
        let mut steps = [(0u32, HexId::NONE, 0u8, false, false); 6];
        let step_masks = step_masks(self.game.data());
        while reached.is_none() {
            let Some(index) = stack.pop() else {
                break;
            };
            let Some(&(at, phase, ezoc, _)) = pushed.get(index as usize) else {
                break;
            };
            let masks =
                StepMasks::from_bytes(step_masks.get(at.index()).copied().unwrap_or_default());
            // The steps the phase may take by the map alone; a line that entered its fifth
            // hex off-road takes none but onto the road, pushed as a road state.
            let mut open = match phase {
                ROAD => masks.road,
                FREE => masks.road | masks.off_road,
                entered if entered < OFF_ROAD_HEXES => masks.off_road,
                _ => 0,
            };
            let neighbours = map.hexes.neighbours(at);
            // 8.5.2: most hexes are nowhere near a bond, asked once per hex.
            let bonds = self.zones.bond_steps_from(at);
            let mut count = 0;
            while open != 0 {
                let k = open.trailing_zeros() as usize;
                open &= open - 1;
                let bit = 1u8 << k;
                let next = neighbours[k];
                let Some(next_ezoc) = self.may_step(at, k, next, ezoc, bonds) else {
                    continue;
                };
                // 18.2: a road step into an enemy-controlled town or city is no step; an
                // any-length one may still go off-road.
                let road_blocked = || {
                    masks.road_town & bit != 0
                        && control::controls(self.game, self.side.enemy(), next)
                };
                let next_phase = match phase {
                    ROAD if road_blocked() => continue,
                    FREE if masks.off_road & bit == 0 && road_blocked() => continue,
                    ROAD | FREE => phase,
                    entered => entered + 1,
                };
                // With `to_sources`, `target` is `is_source`: read its table here rather than
                // call through the closure at every step.
                let hit = if to_sources {
                    self.is_source(next)
                } else {
                    target(next)
                };
                if hit {
                    reached = Some(index);
                    break;
                }
                steps[count] = (0, next, next_phase, next_ezoc, masks.into_road & bit != 0);
                count += 1;
            }
            if reached.is_some() {
                break;
            }
            // Pushed farthest first, so that the nearest is followed next; among steps as far,
            // in direction order (an insertion that keeps them as a stable sort would). A lone
            // step needs no distance.
            if let Some(g) = goal.filter(|_| count > 1) {
                for i in 0..count {
                    let away = map
                        .hexes
                        .hex(steps[i].1)
                        .map_or(u32::MAX, |n| hex_distance(n, g));
                    let step = (away, steps[i].1, steps[i].2, steps[i].3, steps[i].4);
                    let mut slot = i;
                    while slot > 0 && steps[slot - 1].0 < away {
                        steps[slot] = steps[slot - 1];
                        slot -= 1;
                    }
                    steps[slot] = step;
                }
            }
            for &(_, next, next_phase, next_ezoc, into_road) in &steps[..count] {
                // the line turns onto the road once, at a road hex.
                let turn = next_phase <= OFF_ROAD_HEXES && into_road;
                let outcome =
                    push(pushed, stack, next, next_phase, next_ezoc, index).and_then(|()| {
                        if turn {
                            push(pushed, stack, next, ROAD, next_ezoc, index)
                        } else {
                            Ok(())
                        }
                    });
                if let Err(parent) = outcome {
                    reached = Some(parent);
                    break;
                }
            }
        }
        if to_sources {
            match reached {
                // Every state on the way to the source leads to it.
                Some(mut index) => {
                    while let Some(&(hex, phase, ezoc, parent)) = pushed.get(index as usize) {
                        let mut learnt_here = known(learnt, hex);
                        learnt_here.learn(phase, ezoc, true);
                        learnt.set(hex.index(), learnt_here);
                        index = parent;
                    }
                }
                // Every state the trace went through leads nowhere.
                None => {
                    for &(hex, phase, ezoc, _) in pushed.iter() {
                        let mut learnt_here = known(learnt, hex);
                        learnt_here.learn(phase, ezoc, false);
                        learnt.set(hex.index(), learnt_here);
                    }
                }
            }
        }
        reached.is_some()
    }

    /// 18.2's restrictions on every step from `at` to its neighbour `next` in direction `k`
    /// that depend on the units (the map's are [`StepMasks`]'s); `ezoc`: the hex the path is
    /// in was an empty hex in an enemy ZOC; `bonds`: a step out of `at` may meet an enemy bond
    /// ([`Zones::bond_steps_from`]). `Some(empty EZOC)` of `next` when the step is allowed.
    #[inline]
    fn may_step(&self, at: HexId, k: usize, next: HexId, ezoc: bool, bonds: bool) -> Option<bool> {
        if self.occupancy.has(next, self.side.enemy()) {
            return None;
        }
        if bonds && self.zones.blocks_into(at, k, next) {
            return None;
        }
        let empty_ezoc = self.zones.in_zoc(next) && !self.occupancy.has(next, self.side);
        if ezoc && empty_ezoc {
            return None;
        }
        Some(empty_ezoc)
    }
}

/// 18.2's restrictions on the steps out of one hex that the map alone decides, a bit per
/// direction (bit `k`: the step to its neighbour in direction `k`): a trace reads them once per
/// hex it steps from rather than asking each hexside's features.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StepMasks {
    /// Steps onto the map and overland: into no sea (18.2), across no all-sea or impassable
    /// hexside, neither into nor out of the Marais de Gorges marsh, and allowed
    /// off-road (no flooded hex, no major river, no flooded hexside but over a causeway, 9.11).
    off_road: u8,
    /// Steps onto the map and overland along a road hexside (roads cross rivers and flooded
    /// ground on their bridges and causeways).
    road: u8,
    /// Of the road steps, those into a town or city hex: 18.2 asks their control.
    road_town: u8,
    /// Of the steps in `off_road` or `road`, those into a hex a road runs through, where an
    /// off-road line may turn onto the road.
    into_road: u8,
}

impl StepMasks {
    /// The masks as [`crate::data::N44Data::supply_steps`] keeps them (the data, a layer
    /// below, knows no supply).
    fn to_bytes(self) -> [u8; 4] {
        [self.off_road, self.road, self.road_town, self.into_road]
    }

    fn from_bytes([off_road, road, road_town, into_road]: [u8; 4]) -> StepMasks {
        StepMasks {
            off_road,
            road,
            road_town,
            into_road,
        }
    }
}

/// The data's [`StepMasks`] by hex, made on first use.
fn step_masks(data: &crate::data::N44Data) -> &[[u8; 4]] {
    data.supply_steps.get_or_init(|| {
        let map = &data.map;
        map.hexes
            .ids()
            .map(|at| {
                let mut masks = StepMasks::default();
                // 18.2, A-9: no step leaves the marsh.
                if map.terrain(at) == Terrain::Marsh {
                    return masks.to_bytes();
                }
                for (k, &next) in map.hexes.neighbours(at).iter().enumerate() {
                    let side = map.side(at, k);
                    if next.is_none()
                        || matches!(map.terrain(next), Terrain::Sea | Terrain::Marsh)
                        || side.has(HexsideFeature::AllSea)
                        || side.has(HexsideFeature::Impassable)
                    {
                        continue;
                    }
                    let bit = 1u8 << k;
                    if off_road_step(map, side, next) {
                        masks.off_road |= bit;
                    }
                    if side.road.is_some() {
                        masks.road |= bit;
                        if town_or_city(map, next) {
                            masks.road_town |= bit;
                        }
                    }
                    if (masks.off_road | masks.road) & bit != 0 && has_road(map, next) {
                        masks.into_road |= bit;
                    }
                }
                masks.to_bytes()
            })
            .collect()
    })
}

/// 18.2: an off-road step across `side` into `next`: no flooded hex, no flooded hexside (but
/// over a causeway), no major river.
fn off_road_step(map: &GameMap, side: Hexside, next: HexId) -> bool {
    map.terrain(next) != Terrain::Flooded
        && !side.has(HexsideFeature::MajorRiver)
        && (!side.has(HexsideFeature::Flooded) || side.has(HexsideFeature::Causeway))
}

/// 18.2 (6.2, A-59): whether `unit`, on the map, traces a line of supply now, whatever marker
/// it carries.
pub fn in_supply(game: &Normandy44, unit: UnitId) -> bool {
    let Some(hex) = game.hex_of(unit) else {
        return false;
    };
    hex_in_supply(game, game.side_of(unit), hex)
}

/// 18.2 (6.2): whether a unit of `side` in `hex` would trace a line of supply now: the answer
/// [`in_supply`] keeps per hex, which depends on the unit only through its side and hex.
pub fn hex_in_supply(game: &Normandy44, side: Side, hex: HexId) -> bool {
    let Some(kept) = kept_lines(game, side) else {
        return Lines::new(game, side).in_supply(hex);
    };
    let known = kept
        .answers
        .lock()
        .ok()
        .and_then(|answers| answers.get(hex.index()).copied().flatten());
    if let Some(answer) = known {
        return answer;
    }
    let answer = Lines::resuming(game, side, Some(kept.id)).in_supply(hex);
    if let Ok(mut answers) = kept.answers.lock() {
        if answers.len() <= hex.index() {
            answers.resize(hex.index() + 1, None);
        }
        answers[hex.index()] = Some(answer);
    }
    answer
}

/// The memo's [`KeptLines`] of `side`, made when none is kept; `None` when the kept ones were
/// worked out under another control or other Mulberries: the memo forgets them when a unit
/// changes, but control and the Mulberries change without one, so they say which they were
/// worked out under.
fn kept_lines(game: &Normandy44, side: Side) -> Option<std::sync::Arc<KeptLines>> {
    let slot = match side {
        Side::German => Memoized::GermanLines,
        Side::Allied => Memoized::AlliedLines,
    };
    let kept = game.memo().get(slot, || KeptLines {
        id: NEXT_KEPT_LINES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        control: game.allied_control.clone(),
        mulberries: game.mulberries,
        answers: Mutex::new(Vec::new()),
        south: std::sync::OnceLock::new(),
        pools: Mutex::new(Vec::new()),
    });
    (kept.control == game.allied_control && kept.mulberries == game.mulberries).then_some(kept)
}

/// The id of the next [`KeptLines`] made.
static NEXT_KEPT_LINES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// One side's answers of [`in_supply`] by hex, kept in the memo until a unit changes: the
/// replacement and withdrawal checks ask them unit by unit, many times a decision.
struct KeptLines {
    /// Which kept lines these are, for the traces' tables of what their traces learnt (18.2's
    /// traces from the same position and side learn from one another, [`Learnt`]).
    id: u64,
    /// What lines of supply read besides the units, as they were when these were worked out:
    /// the control of every hex (18.1's sources, 18.2's towns and cities) and the Mulberries
    /// (18.1). Compared whole: a few dozen words, no hash to collide.
    control: Vec<u64>,
    mulberries: [Mulberry; 2],
    answers: Mutex<Vec<Option<bool>>>,
    /// The German lines' [`cherbourg_traces_south`] (5.2, 23.2), once asked: the weather's
    /// Fortress receipts and the victory check ask it of the same position.
    south: std::sync::OnceLock<bool>,
    /// The German lines' [`german_hq_pools`] (17.2, 17.4) by HQ hex, once asked: the combat
    /// odds ask them for every artillery support offered.
    pools: Mutex<Vec<(HexId, HqPools)>>,
}

/// 5.2, 23.2, 26.3: whether a Cherbourg city hex traces a line of supply (18.2) to the south map
/// edge (in the Cherbourg scenario, or to a road leading south across the H-line, 26.1). Only a
/// German-controlled city hex traces: one the Allies hold is cut off already.
pub fn cherbourg_traces_south(game: &Normandy44) -> bool {
    let Some(kept) = kept_lines(game, Side::German) else {
        return traces_south_now(game);
    };
    *kept.south.get_or_init(|| traces_south_now(game))
}

/// [`cherbourg_traces_south`], worked out.
fn traces_south_now(game: &Normandy44) -> bool {
    let map = &game.data().map;
    let lines = Lines::new(game, Side::German);
    let cherbourg = game.scenario() == Scenario::Cherbourg;
    let south =
        |h: HexId| map.flags(h).has(HexFlags::SOUTH_EDGE) || (cherbourg && h_line_exit(map, h));
    cherbourg_cities(map)
        .iter()
        .copied()
        .filter(|&h| control::controls(game, Side::German, h))
        .any(|h| lines.traces(h, Reach::Line, &south))
}

/// 17.2: the German SupP pools an HQ may pay from, by where it traces supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HqPools {
    /// It traces to a Cherbourg city hex: Fortress Cherbourg.
    pub fortress: bool,
    /// It traces to a map-edge entry hex: the 7th Army.
    pub seventh_army: bool,
}

/// 17.2, 17.4: where a German HQ traces supply: to a friendly-controlled Cherbourg city hex
/// (Fortress Cherbourg pays) and/or to a friendly-controlled entry hex (the 7th Army pays).
pub fn german_hq_pools(game: &Normandy44, hq: UnitId) -> HqPools {
    let Some(hex) = game.hex_of(hq) else {
        return HqPools::default();
    };
    let Some(kept) = kept_lines(game, Side::German) else {
        return hq_pools_now(game, hex, None);
    };
    let known = kept
        .pools
        .lock()
        .ok()
        .and_then(|pools| pools.iter().find(|&&(h, _)| h == hex).map(|&(_, p)| p));
    if let Some(pools) = known {
        return pools;
    }
    let pools = hq_pools_now(game, hex, Some(kept.id));
    if let Ok(mut kept_pools) = kept.pools.lock() {
        kept_pools.push((hex, pools));
    }
    pools
}

/// [`german_hq_pools`] of an HQ in `hex`, worked out (`kept`: the id of the German
/// [`KeptLines`], whose traces' tables the traces here leave as they are).
fn hq_pools_now(game: &Normandy44, hex: HexId, kept: Option<u64>) -> HqPools {
    let map = &game.data().map;
    // 18.1: outside the Cherbourg scenario the German sources are exactly the friendly
    // Cherbourg city hexes and entry hexes, so a hex out of supply (an answer often kept)
    // traces to neither, and one in supply traces to the one or the other.
    let sources_are_pools = game.scenario() != Scenario::Cherbourg;
    let supplied = sources_are_pools.then(|| hex_in_supply(game, Side::German, hex));
    if supplied == Some(false) {
        return HqPools::default();
    }
    let lines = Lines::resuming(game, Side::German, kept);
    let german = |h: HexId| control::controls(game, Side::German, h);
    let cities: Vec<HexId> = cherbourg_cities(map)
        .iter()
        .copied()
        .filter(|&h| german(h))
        .collect();
    let entries: Vec<HexId> = map
        .entries
        .iter()
        .flat_map(|(_, hexes)| hexes.iter().copied())
        .filter(|&h| german(h))
        .collect();
    let seventh_army = lines.traces(hex, Reach::Line, &|h| entries.contains(&h));
    let fortress = if supplied == Some(true) && !seventh_army {
        true
    } else {
        lines.traces(hex, Reach::Line, &|h| cities.contains(&h))
    };
    HqPools {
        fortress,
        seventh_army,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_18_2_step_table_agrees_with_the_hexside_checks() {
        // Every hexside of the authored map: the kept masks against 18.2's terrain checks asked
        // step by step, as a trace asked them before the table (A-9, A-51, 9.11).
        let data = crate::testkit::shipped_data();
        let map = &data.map;
        let table = step_masks(&data);
        assert_eq!(table.len(), map.hexes.len());
        let mut allowed = [0usize; 4];
        for at in map.hexes.ids() {
            let masks = StepMasks::from_bytes(table[at.index()]);
            for (k, &next) in map.hexes.neighbours(at).iter().enumerate() {
                let side = map.side(at, k);
                let overland = !next.is_none()
                    && map.terrain(at) != Terrain::Marsh
                    && !matches!(map.terrain(next), Terrain::Sea | Terrain::Marsh)
                    && !side.has(HexsideFeature::AllSea)
                    && !side.has(HexsideFeature::Impassable);
                let off_road = overland
                    && map.terrain(next) != Terrain::Flooded
                    && !side.has(HexsideFeature::MajorRiver)
                    && (!side.has(HexsideFeature::Flooded) || side.has(HexsideFeature::Causeway));
                let road = overland && side.road.is_some();
                let road_town = road && town_or_city(map, next);
                let into_road = (off_road || road) && has_road(map, next);
                let expected = [off_road, road, road_town, into_road];
                let kept = [masks.off_road, masks.road, masks.road_town, masks.into_road]
                    .map(|m| m & (1 << k) != 0);
                assert_eq!(kept, expected, "{} towards {k}", map.label(at));
                for (count, &yes) in allowed.iter_mut().zip(&expected) {
                    *count += usize::from(yes);
                }
            }
        }
        // The map has steps of every kind, so that the comparison compares something.
        assert!(allowed.iter().all(|&n| n > 0), "{allowed:?}");
    }
}
