//! Movement (9, with 6.2's Replacement-marked units, 7.2's stacking, 8.2-8.3's zones of
//! control and 8.5.2's bonds, 15.1-15.2's Reserve, 17.6's restricted units, 20.4's turn-1
//! limits, 22.1's Army Boundary and 26.1-26.3's Cherbourg limits).
//!
//! A move is two prompts: a unit (or the stack of a hex) is picked, then its destination among
//! the hexes it can reach, by the cheapest legal path the engine finds (every hex of that path
//! comes under the mover's control, A-43). How it moves (normal, strategic, truck, bicycle,
//! tactical) is a third, optional prompt between the two.

use crate::action::{MoveMode, N44Action, N44Event, N44Log};
use crate::data::Scenario;
use crate::data::{Class, GameMap, RoadKind, Side, UnitId};
use crate::state::{Location, Memoized, Normandy44, Phase, Stage, Step, UnitFlags};
use crate::tables::costs::StackTally;
use crate::tables::terrain::{
    Crossing, HexEntry, HexsideFeature, LEAVE_EZOC, Mobility, Mover, Road, Sixths, Terrain,
};
use crate::zoc::Zones;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;
use overlord_hexmap::Marks;
use std::cell::RefCell;
use std::sync::Arc;

/// 9.1: moving units and stacks.
pub const MOVEMENT: RuleId = RuleId("9.1");
/// 9.10: tactical movement.
pub const TACTICAL: RuleId = RuleId("9.10");
/// 9.8: strategic movement.
pub const STRATEGIC: RuleId = RuleId("9.8");
/// 7.2: stacking is met at the end of the Movement Phase.
pub use crate::stacking::STACKING;
/// 17.2, 17.3: an HQ or Werfer that moves more than one hex flips.
pub const HQ_MOVED: RuleId = RuleId("17.2");
/// 15.1: placing units in Reserve.
pub const RESERVE: RuleId = RuleId("15.1");
/// 17.6: restricted units are released by a nearby Allied unit.
pub const RELEASE: RuleId = RuleId("17.6");
/// 9.8.5: SM and truck markers come off.
pub const SM_REMOVED: RuleId = RuleId("9.8.5");

/// Where a move may end, and what getting there costs.
#[derive(Clone, Debug)]
pub struct Reach {
    /// The hexes the move may end in (its start too), in hex order, each with the cheapest
    /// cost in sixths to end there.
    ends: Vec<(HexId, u16)>,
    /// Every hex the search reached, in hex order, with the hex it was reached from on that
    /// cheapest path.
    from: Vec<(HexId, HexId)>,
    start: HexId,
    /// A search asked only whether the move can end anywhere stops at the first such hex.
    first: Option<HexId>,
    /// A search for one hex stops there: the path to it (start excluded) and its cost.
    route: Option<(Vec<HexId>, u16)>,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every hex the move may end in, but for the room there (7.1, 9.8.2): [`reach`] weighs
    /// that apart, as the side's other units change it while the search stands.
    All,
    /// Whether it may end anywhere: the search stops at the first such hex.
    Any,
    /// The cheapest way to one hex: the search stops there.
    To(HexId),
}

impl Reach {
    /// The hexes the move may end in (not its start), in hex order.
    pub fn destinations(&self) -> impl Iterator<Item = HexId> + '_ {
        self.first.into_iter().chain(
            self.ends
                .iter()
                .map(|&(hex, _)| hex)
                .filter(|&hex| hex != self.start),
        )
    }

    /// The path to `to`, start excluded, or `None` if `to` cannot be reached.
    pub fn path(&self, to: HexId) -> Option<Vec<HexId>> {
        if let Some((path, _)) = &self.route {
            return (self.first == Some(to)).then(|| path.clone());
        }
        self.cost(to)?;
        let mut path = vec![to];
        let mut at = to;
        while at != self.start {
            let i = self.from.binary_search_by_key(&at, |&(hex, _)| hex).ok()?;
            at = self.from.get(i)?.1;
            if at != self.start {
                path.push(at);
            }
            if path.len() > self.from.len() {
                return None;
            }
        }
        path.reverse();
        Some(path)
    }

    /// The cost in sixths of ending at `to`.
    pub fn cost(&self, to: HexId) -> Option<u16> {
        if let Some((_, cost)) = &self.route {
            return (self.first == Some(to)).then_some(*cost);
        }
        let i = self.ends.binary_search_by_key(&to, |&(hex, _)| hex).ok()?;
        self.ends.get(i).map(|&(_, cost)| cost)
    }
}

/// What kind of mover a unit is, for the TEC.
fn mobility(game: &Normandy44, unit: UnitId, mode: MoveMode) -> Mobility {
    if matches!(mode, MoveMode::Truck | MoveMode::TruckStrategic)
        || game.data.unit(unit).class.mechanized()
    {
        Mobility::Mech
    } else {
        Mobility::NonMech
    }
}

/// The printed MA of `unit`'s current face.
fn printed_ma(game: &Normandy44, unit: UnitId) -> u8 {
    game.data
        .face(unit, game.unit(unit).step)
        .map_or(0, |f| f.ma)
}

/// The MA `unit` moves with in `mode` this phase (9.7, 9.8, 9.9, 15.2, 20.4).
pub fn allowance(game: &Normandy44, unit: UnitId, mode: MoveMode, reserve: bool) -> u8 {
    let def = game.data.unit(unit);
    let printed = printed_ma(game, unit);
    if reserve {
        // 15.2, A-21: half the printed MA, rounded up, without the Clear penalty again.
        return printed.div_ceil(2);
    }
    let mover = Mover {
        side: def.side,
        mobility: mobility(game, unit, mode),
    };
    let weather = game.weather.condition;
    let mut ma = match mode {
        // 9.8.6: the truck moves the unit as mechanized with MA 5 (3 in Clear).
        MoveMode::Truck | MoveMode::TruckStrategic => {
            crate::tables::terrain::movement_allowance(5, mover, weather)
        }
        // 9.9, A-58: MA 6 in Overcast.
        MoveMode::Bicycle => 6,
        _ => crate::tables::terrain::movement_allowance(printed, mover, weather),
    };
    // 20.4: all 21st Panzer units have MA 3 on turn 1.
    if game.turn == 1 && def.formation.as_deref().is_some_and(|f| f == "de-21pz") {
        ma = ma.min(3);
    }
    if matches!(mode, MoveMode::Strategic | MoveMode::TruckStrategic) {
        // 9.8.1: strategic movement doubles the MA.
        ma = ma.saturating_mul(2);
    }
    ma
}

/// Why `unit` may not move at all this phase, if it may not.
pub fn why_stuck(game: &Normandy44, unit: UnitId, reserve: bool) -> Option<&'static str> {
    let state = game.unit(unit);
    let def = game.data.unit(unit);
    let flags = state.flags;
    if game.hex_of(unit).is_none() {
        return Some("it is not on the map");
    }
    if flags.has(UnitFlags::MOVED) {
        return Some("it has already moved this phase (9.1)");
    }
    if printed_ma(game, unit) == 0 {
        return Some("its MA is 0 (2.3.1)");
    }
    if matches!(def.class, Class::Strongpoint | Class::BeachEngineer) {
        return Some("it never moves (16.2, 17.8)");
    }
    if flags.has(UnitFlags::SCATTERED) {
        return Some("it is scattered (20.2)");
    }
    // 17.6: inside the Cherbourg Perimeter an unreleased one moves within it (20.4: not on
    // turn 1).
    if def.restricted
        && !flags.has(UnitFlags::RELEASED)
        && (game.turn == 1 || !inside_perimeter(game, unit))
    {
        return Some("it is restricted and not released (17.6)");
    }
    if game.turn == 1 && def.class == Class::Ost {
        return Some("Ost battalions cannot move on turn 1 (20.4)");
    }
    if reserve && !flags.has(UnitFlags::RESERVE) {
        return Some("only units in Reserve move in the Reserve Movement Segment (15.2)");
    }
    None
}

/// Whether `unit` is in the Cherbourg Perimeter (16.3's interior).
fn inside_perimeter(game: &Normandy44, unit: UnitId) -> bool {
    game.hex_of(unit).is_some_and(|h| {
        game.data
            .map
            .flags(h)
            .has(crate::data::HexFlags::CHERBOURG_PERIMETER)
    })
}

/// 17.6: a restricted unit not yet released that starts inside the Cherbourg Perimeter moves
/// freely within it, and only within it.
fn bound_to_perimeter(game: &Normandy44, unit: UnitId) -> bool {
    game.data.unit(unit).restricted
        && !game.unit(unit).flags.has(UnitFlags::RELEASED)
        && inside_perimeter(game, unit)
}

/// Whether `unit` must use tactical movement (9.10): Disorganized (13.6), out of supply (18.4),
/// or an Allied reinforcement on its landing turn (6.5.2).
pub fn must_move_tactically(game: &Normandy44, unit: UnitId) -> bool {
    let flags = game.unit(unit).flags;
    flags.has(UnitFlags::DISORGANIZED)
        || flags.has(UnitFlags::OOS)
        || flags.has(UnitFlags::ISOLATED)
        || flags.has(UnitFlags::LANDED)
}

/// The modes `units` may move in together now.
pub fn modes(game: &Normandy44, units: &[UnitId], reserve: bool) -> Vec<MoveMode> {
    if units.iter().any(|&u| must_move_tactically(game, u)) {
        return vec![MoveMode::Tactical];
    }
    let mut modes = vec![MoveMode::Normal];
    if reserve {
        return modes;
    }
    modes.push(MoveMode::Tactical);
    let [unit] = units else {
        return modes;
    };
    let unit = *unit;
    let def = game.data.unit(unit);
    let Some(hex) = game.hex_of(unit) else {
        return modes;
    };
    let zones = enemy_zones(game, def.side);
    let in_ezoc = zones.in_zoc(hex);
    // 9.8.7: no strategic movement and no trucks on turn 1; 26.3: none for the German at
    // Cherbourg.
    let no_sm =
        game.turn == 1 || (def.side == Side::German && game.scenario == Scenario::Cherbourg);
    if !no_sm && !in_ezoc {
        if def.class.mechanized() && sm_markers_free(game, def.side) {
            modes.push(MoveMode::Strategic);
        }
        if def.side == Side::German && !def.class.mechanized() && truck_free(game) {
            modes.push(MoveMode::Truck);
            // 9.8.6: the truck can be doubled with an SM marker (9.8.1).
            if sm_markers_free(game, def.side) {
                modes.push(MoveMode::TruckStrategic);
            }
        }
    }
    // 9.9, A-58: bicycles in Overcast only.
    if def.bicycle
        && game.weather.condition == crate::tables::weather::Weather::Overcast
        && !in_ezoc
    {
        modes.push(MoveMode::Bicycle);
    }
    modes
}

/// 9.8.3: three SM markers a side.
fn sm_markers_free(game: &Normandy44, side: Side) -> bool {
    // The marker first: few units carry one, and the side is read from the data.
    let used = game
        .unit_ids()
        .filter(|&u| game.unit(u).flags.has(UnitFlags::SM) && game.side_of(u) == side)
        .count();
    let key = if side == Side::German {
        "sm_german"
    } else {
        "sm_allied"
    };
    used < usize::from(game.data.marker(key, 3))
}

/// 9.8.6, A-57: the one truck marker, free when no unit carries it.
fn truck_free(game: &Normandy44) -> bool {
    !game
        .unit_ids()
        .any(|u| game.unit(u).flags.has(UnitFlags::TRUCK))
}

/// The zones of control and bonds of `side`'s enemy, as a unit of `side` meets them.
pub fn enemy_zones(game: &Normandy44, side: Side) -> Zones<'_> {
    crate::zoc::zones_of(game, side.enemy())
}

/// What a mover of one side meets on the map, worked out once for many searches: the enemy's
/// zones of control and bonds, who holds each hex and how its units stack (all three kept in
/// the game's memo), and the search's working tables, reused from one search to the next.
pub struct Ground<'g> {
    zones: Zones<'g>,
    occupancy: Arc<crate::zoc::Occupancy>,
    /// The units of each hex, whose stacking (7.1) decides where a move may end.
    units: Arc<crate::state::UnitsByHex>,
    scratch: RefCell<Scratch>,
}

impl<'g> Ground<'g> {
    /// The ground as a unit of `side` meets it now.
    pub fn of(game: &'g Normandy44, side: Side) -> Ground<'g> {
        Ground {
            zones: crate::zoc::zones_of(game, side.enemy()),
            occupancy: crate::zoc::occupancy(game),
            units: game.units_by_hex(),
            // A ground made while another lives gets fresh tables.
            scratch: RefCell::new(SCRATCH.try_with(RefCell::take).unwrap_or_default()),
        }
    }

    fn occupant(&self, hex: HexId) -> Option<Side> {
        self.occupancy.side(hex)
    }
}

/// 7.1: whether `joining`, moving in from elsewhere, fit in `hex` with the units there.
fn fits(
    game: &Normandy44,
    units: &crate::state::UnitsByHex,
    hex: HexId,
    joining: &Joining,
) -> bool {
    let mut here = units.hex_units(hex).peekable();
    if here.peek().is_none() {
        return joining.alone;
    }
    let mut tally = StackTally::default();
    for u in here {
        tally.add(crate::stacking::stacker(game, u));
    }
    tally.with(&joining.tally).legal()
}

/// The units of one move as stacking counts them (7.1), worked out once per search rather than
/// at every hex it reaches, and whether they fit alone in an empty hex.
struct Joining {
    tally: StackTally,
    alone: bool,
}

impl Joining {
    fn of(game: &Normandy44, units: &[UnitId]) -> Joining {
        let mut tally = StackTally::default();
        for &u in units {
            tally.add(crate::stacking::stacker(game, u));
        }
        Joining {
            tally,
            alone: tally.legal(),
        }
    }
}

/// A search's working tables: per hex, the cheapest cost in sixths found, the hexes moved on
/// that path and the hex it came from ([`Marks`]: a new search starts without clearing them),
/// and the frontier. One set per thread, lent to each [`Ground`] while it lives.
#[derive(Default)]
struct Scratch {
    best: Marks<(u16, u8, HexId)>,
    /// The hexes reached this search, a bit per hex: read back in hex order without sorting.
    reached: Vec<u64>,
    /// (cost, hexes moved, hex) packed into one word ([`frontier_key`]), smallest first.
    frontier: std::collections::BinaryHeap<std::cmp::Reverse<u64>>,
}

/// A frontier entry as one word that orders as the tuple (cost, hexes moved, hex) does: the
/// heap compares one word instead of three fields.
fn frontier_key(cost: u16, moved: u8, hex: HexId) -> u64 {
    (u64::from(cost) << 24) | (u64::from(moved) << 16) | u64::from(hex.0)
}

/// [`frontier_key`] unpacked.
fn frontier_entry(key: u64) -> (u16, u8, HexId) {
    (
        (key >> 24) as u16,
        (key >> 16) as u8,
        HexId((key & 0xFFFF) as u16),
    )
}

impl Scratch {
    /// Start a search on a map of `n` hexes.
    fn begin(&mut self, n: usize) {
        self.best.begin(n, (0, 0, HexId::NONE));
        self.reached.clear();
        self.reached.resize(n.div_ceil(64), 0);
        self.frontier.clear();
    }

    /// The hexes reached this search, in hex order.
    fn reached(&self) -> impl Iterator<Item = HexId> + '_ {
        self.reached.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    HexId::from_index(w * 64 + bit).unwrap_or(HexId::NONE)
                })
            })
        })
    }

    /// The cost, hexes moved and previous hex of `hex` in this search, if reached.
    fn get(&self, hex: HexId) -> Option<(u16, u8, HexId)> {
        self.best.get(hex.index())
    }

    fn set(&mut self, hex: HexId, entry: (u16, u8, HexId)) {
        crate::hex_bits::mark(&mut self.reached, hex);
        self.best.set(hex.index(), entry);
    }
}

thread_local! {
    /// The searches' tables, lent to each [`Ground`] and given back when it is dropped.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Drop for Ground<'_> {
    fn drop(&mut self) {
        let scratch = self.scratch.take();
        let _ = SCRATCH.try_with(|cell| cell.replace(scratch));
    }
}

/// Everywhere `units` (all in one hex) can go together in `mode` this phase. Kept in the memo
/// from one decision to the next at two levels, so the rule bot, which weighs every unit's
/// reach at every decision, searches again only near the last move:
/// - the search (paths, costs and the hexes reached, [`Goal::All`]) depends on its own side's
///   units only through the bonds they cancel (8.5.3): a move of the side forgets it only
///   where it stepped past a bond;
/// - which reached hexes have room for the move (7.1, 9.8.2) is weighed on the kept search
///   and kept in turn, forgotten by a move of the side into or out of a hex it reached.
pub fn reach(
    game: &Normandy44,
    units: &[UnitId],
    mode: MoveMode,
    reserve: bool,
) -> Option<Arc<Reach>> {
    let &first = units.first()?;
    let side = game.side_of(first);
    let key = || ReachKey {
        units: units.to_vec(),
        mode,
        reserve,
        phase: reach_phase(game),
        turn: game.turn,
        weather: game.weather.condition,
        part: game.part,
    };
    let hex_of = |u| game.hex_of(u);
    let kept = game.memo().get_by_hexes(hex_of, key(), || {
        let search = game.memo().get_by_hexes(hex_of, SearchKey(key()), || {
            let ground = Ground::of(game, side);
            let reach = reach_on(game, &ground, units, mode, reserve, Goal::All);
            let read = reach
                .as_ref()
                .map(|r| hexes_read(game, &ground.zones, r, false))
                .unwrap_or_default();
            ((reach, read.clone()), side, units.to_vec(), read)
        });
        let (reach, search_read) = &*search;
        let mut reach = reach.clone();
        let mut read = search_read.clone();
        if let Some(reach) = &mut reach {
            keep_ends_with_room(game, units, mode, reach);
            for &(hex, _) in &reach.from {
                crate::hex_bits::mark(&mut read, hex);
            }
        }
        (reach.map(Arc::new), side, units.to_vec(), read)
    });
    // The kept answer is lent, not copied: the rule bot asks every unit's reach each decision.
    (*kept).clone()
}

/// Drop from a search's ends ([`Goal::All`]) the hexes without room for `units` now.
fn keep_ends_with_room(game: &Normandy44, units: &[UnitId], mode: MoveMode, reach: &mut Reach) {
    let by_hex = game.units_by_hex();
    let occupancy = crate::zoc::occupancy(game);
    let joining = Joining::of(game, units);
    let start = reach.start;
    // Most ends are empty hexes, where the movers fit if they fit alone.
    reach.ends.retain(|&(hex, _)| {
        hex == start
            || match occupancy.side(hex) {
                None => joining.alone,
                Some(_) => has_room(game, &by_hex, &occupancy, &joining, hex, mode),
            }
    });
}

/// A kept search of [`reach`], before the room at its ends is weighed: the same key, another
/// answer.
#[derive(PartialEq, Hash)]
struct SearchKey(ReachKey);

/// What a kept [`reach`] depends on besides the units and the map's occupants: the units and
/// how they move, and the phase, turn, weather and part of the phase (27.1) it was asked in.
#[derive(PartialEq, Hash)]
struct ReachKey {
    units: Vec<UnitId>,
    mode: MoveMode,
    reserve: bool,
    phase: Step,
    turn: u8,
    weather: crate::tables::weather::Weather,
    part: u8,
}

/// The hexes where a unit of the searching side, arriving or leaving, could change what a
/// search found, a bit per hex. Its own side's units matter to a search in two ways only: by
/// stacking where it may end (7.1), in the hexes it reached, and by cancelling the enemy's
/// bonds (8.5.3), in the hexes next to those where a step meets a bond. Everything else it
/// read (the enemy's units, their zones) changes only when an enemy unit changes, which
/// forgets every kept search of the side anyway.
///
/// `with_reached` false: a search for every hex ([`Goal::All`]) whose ends' room is weighed
/// apart, which read the bonds only. With it, the start is left out: a move never ends where
/// it starts, so the room there is never weighed, and the movers themselves stand there, so a
/// bond out of it is cancelled (8.5.3) whoever else comes or goes. Stack-mates leaving or
/// joining keep the answer.
fn hexes_read(game: &Normandy44, zones: &Zones<'_>, reach: &Reach, with_reached: bool) -> Vec<u64> {
    let map = &game.data.map;
    let mut read = crate::hex_bits::empty(map.hexes.len());
    for &(hex, _) in &reach.from {
        if with_reached && hex != reach.start {
            crate::hex_bits::mark(&mut read, hex);
        }
        // Bonds are few: one bit tells whether any step out of the hex meets one.
        if zones.bond_steps_from(hex) {
            let mut meets_bond = false;
            for (k, &next) in map.hexes.neighbours(hex).iter().enumerate() {
                if next != HexId::NONE && zones.bond_on_step(hex, k, next) {
                    crate::hex_bits::mark(&mut read, next);
                    meets_bond = true;
                }
            }
            // 8.5.3: a hexside bond is cancelled by the moving side's units on both sides of
            // it, so a unit of the side arriving where the step starts changes it too. The
            // start holds the movers already.
            if meets_bond && hex != reach.start {
                crate::hex_bits::mark(&mut read, hex);
            }
        }
    }
    // A search that stopped at the first hex where the move may end found it as it stepped
    // there, without counting it reached: its stacking was read too.
    if let Some(first) = reach.first {
        crate::hex_bits::mark(&mut read, first);
    }
    read
}

/// [`reach`] for one `goal`: a search asked whether the move can end anywhere, or for the way
/// to one hex, stops as soon as it knows.
pub fn reach_for(
    game: &Normandy44,
    units: &[UnitId],
    mode: MoveMode,
    reserve: bool,
    goal: Goal,
) -> Option<Reach> {
    let &first = units.first()?;
    let ground = Ground::of(game, game.side_of(first));
    reach_on(game, &ground, units, mode, reserve, goal)
}

/// The hexes a search reached so far, in hex order, each with the hex it came from.
fn reached_so_far(scratch: &Scratch) -> Vec<(HexId, HexId)> {
    scratch
        .reached()
        .filter_map(|h| scratch.get(h).map(|(_, _, came_from)| (h, came_from)))
        .collect()
}

/// [`reach`] on ground worked out already, for `goal`. A search for [`Goal::Any`] lists the
/// hexes it reached (in `from`), so that its answer can be kept by the hexes it read.
pub fn reach_on(
    game: &Normandy44,
    ground: &Ground<'_>,
    units: &[UnitId],
    mode: MoveMode,
    reserve: bool,
    goal: Goal,
) -> Option<Reach> {
    let &first = units.first()?;
    let start = game.hex_of(first)?;
    let side = game.side_of(first);
    let map = &game.data.map;
    let zones = &ground.zones;
    let n = map.hexes.len();
    let weather = game.weather.condition;
    let tactical = mode == MoveMode::Tactical;
    let ma = units
        .iter()
        .map(|&u| allowance(game, u, mode, reserve))
        .min()
        .unwrap_or(0);
    // 6.6: a German reinforcement moves on with what its entry left.
    let spent = units
        .iter()
        .map(|&u| u16::from(game.unit(u).spent))
        .max()
        .unwrap_or(0);
    let budget = (u16::from(ma) * Sixths::ONE.0).saturating_sub(spent);
    // Each kind of mover's step costs: one side, so at most two kinds (9.1's mobilities), and
    // units of one kind share one table.
    let mut tables: [Option<StepCosts<'_>>; 2] = [None, None];
    let mut replaced = false;
    let mut non_mech = false;
    for &u in units {
        let mobility = mobility(game, u, mode);
        let kind = match mobility {
            Mobility::NonMech => 0,
            Mobility::Mech => 1,
        };
        if let Some(slot @ None) = tables.get_mut(kind) {
            *slot = Some(StepCosts::for_mover(
                game,
                Mover { side, mobility },
                weather,
            ));
        }
        replaced |= game.unit(u).flags.has(UnitFlags::REPLACED);
        non_mech |= mobility == Mobility::NonMech;
    }
    let costs = MoverCosts::of(tables)?;
    let scenario_limits = game.scenario == Scenario::Cherbourg;
    // 6.5.2: a reinforcement's landing hex is the first hex of its tactical move.
    let bound = units.iter().any(|&u| bound_to_perimeter(game, u));
    let landed = units
        .iter()
        .any(|&u| game.unit(u).flags.has(UnitFlags::LANDED));
    let road_only = matches!(
        mode,
        MoveMode::Strategic | MoveMode::TruckStrategic | MoveMode::Bicycle
    );
    let avoid_ezoc = matches!(
        mode,
        MoveMode::Strategic | MoveMode::Truck | MoveMode::TruckStrategic | MoveMode::Bicycle
    );
    let start_in_ezoc = zones.in_zoc(start);
    let joining = Joining::of(game, units);
    // A search inside another (none today) gets tables of its own.
    let mut own = None;
    let mut borrowed = ground.scratch.try_borrow_mut().ok();
    let scratch: &mut Scratch = match borrowed.as_deref_mut() {
        Some(shared) => shared,
        None => own.insert(Scratch::default()),
    };
    scratch.begin(n);
    let neighbour_table = map.hexes.neighbour_table();
    // (cost, hexes moved, hex); hexes moved matter for tactical moves and first crossings.
    scratch.set(start, (0, 0, HexId::NONE));
    scratch
        .frontier
        .push(std::cmp::Reverse(frontier_key(0, 0, start)));
    while let Some(std::cmp::Reverse(key)) = scratch.frontier.pop() {
        let (cost, moved, at) = frontier_entry(key);
        let Some((best_cost, best_moved, came_from)) = scratch.get(at) else {
            continue;
        };
        if best_cost != cost || best_moved != moved {
            continue;
        }
        // Goal::Any is answered where a hex is reached (below), so no popped hex answers it.
        match goal {
            // Popped, the hex's cheapest path is final, and so is every hex on it.
            Goal::To(to) if at == to => {
                let mut route = None;
                if at != start && may_end(game, ground, (units, &joining), at, mode) {
                    let mut path = vec![at];
                    let mut back = came_from;
                    while back != start && !back.is_none() && path.len() <= n {
                        path.push(back);
                        back = scratch.get(back).map_or(HexId::NONE, |(_, _, f)| f);
                    }
                    path.reverse();
                    route = Some((path, cost));
                }
                return Some(Reach {
                    ends: Vec::new(),
                    from: Vec::new(),
                    start,
                    first: route.is_some().then_some(to),
                    route,
                });
            }
            _ => {}
        }
        // A move ends on entering an enemy ZOC (8.2) or a hex that stops it.
        if at != start && (zones.in_zoc(at) || stops_here(game, at, non_mech, came_from)) {
            continue;
        }
        // 6.2: a unit with a Replacement marker moves at most one hex; 9.10: tactical, two.
        if ((replaced || landed) && moved >= 1) || (tactical && moved >= 2) {
            continue;
        }
        // The hex's six neighbours and step costs read as two rows, and whether a step out of
        // it may meet a bond asked once: this loop runs a few hundred times a search.
        let Some(neighbours) = neighbour_table.get(at.index()) else {
            continue;
        };
        let step_costs = costs.row(at, moved == 0);
        let bonds_near = zones.bond_steps_from(at);
        // 8.2: leaving an enemy ZOC costs one more MP.
        let extra = if at == start && start_in_ezoc {
            LEAVE_EZOC.0
        } else {
            0
        };
        for (direction, (&next, &step_cost)) in neighbours.iter().zip(&step_costs).enumerate() {
            // Every test below is a filter on the step alone, so they are asked cheapest and
            // most selective first: the step's cost (the table has none toward no neighbour),
            // then whether it improves on the way the search already knows (most steps of a
            // search lead back to hexes reached).
            if step_cost == NO_STEP {
                continue;
            }
            let step_cost = if tactical { 0 } else { step_cost + extra };
            let total = cost + step_cost;
            // 9.1: no unit spends more than its MA; a first step always needs the MP in full
            // (no "one hex whatever the cost" rule in Normandy '44).
            if total > budget && !tactical {
                continue;
            }
            let moved_next = moved.saturating_add(1);
            let better = match scratch.get(next) {
                None => true,
                Some((b, s, _)) => total < b || (total == b && moved_next < s),
            };
            // A hex reached before was weighed for Goal::Any when it was first reached.
            if !better {
                continue;
            }
            if ground.occupant(next) == Some(side.enemy()) {
                continue;
            }
            // The step tables refuse sea and marsh already; the scenario's limits remain.
            if (scenario_limits && !may_enter(game, next, side))
                || (bound
                    && !map
                        .flags(next)
                        .has(crate::data::HexFlags::CHERBOURG_PERIMETER))
            {
                continue;
            }
            // 8.5.2: no entering an enemy hex bond or crossing an enemy hexside bond.
            if bonds_near && zones.blocks_into(at, direction, next) {
                continue;
            }
            if avoid_ezoc && zones.in_zoc(next) {
                continue;
            }
            if replaced && zones.in_zoc(next) {
                continue;
            }
            if road_only && map.side(at, direction).road.is_none() {
                continue;
            }
            // Whether the move can end anywhere is answered by the first hex reached where it
            // may end: how it got there does not change that (`may_end` reads the hex only).
            if goal == Goal::Any
                && next != start
                && may_end(game, ground, (units, &joining), next, mode)
            {
                return Some(Reach {
                    ends: Vec::new(),
                    from: reached_so_far(scratch),
                    start,
                    first: Some(next),
                    route: None,
                });
            }
            scratch.set(next, (total, moved_next, at));
            scratch
                .frontier
                .push(std::cmp::Reverse(frontier_key(total, moved_next, next)));
        }
    }
    if goal != Goal::All {
        return Some(Reach {
            ends: Vec::new(),
            from: if goal == Goal::Any {
                reached_so_far(scratch)
            } else {
                Vec::new()
            },
            start,
            first: None,
            route: None,
        });
    }
    // Where the move may end as far as the moving units decide: the Army Boundary (22.1), the
    // Cherbourg airborne zones (26.3). The room there is weighed by [`reach`].
    let count = scratch
        .reached
        .iter()
        .map(|w| w.count_ones() as usize)
        .sum();
    let mut ends = Vec::with_capacity(count);
    let mut from = Vec::with_capacity(count);
    // Only Allied moves and the Cherbourg scenario have such limits.
    let limited = side == Side::Allied || scenario_limits;
    for id in scratch.reached() {
        let Some((cost, _, came_from)) = scratch.get(id) else {
            continue;
        };
        from.push((id, came_from));
        if id == start || !limited || may_end_there(game, units, id) {
            ends.push((id, cost));
        }
    }
    Some(Reach {
        ends,
        from,
        start,
        first: None,
        route: None,
    })
}

/// The road (9.3) along the hexside of `at` in `direction`, as the TEC prices it.
fn road_along(map: &GameMap, at: HexId, direction: usize) -> Option<Road> {
    map.side(at, direction).road.map(|r| match r {
        RoadKind::Main => Road::Main,
        RoadKind::Secondary => Road::Secondary,
    })
}

/// No step: [`StepCosts`]' mark for a step [`step`] forbids.
const NO_STEP: u16 = u16::MAX;

/// What [`step`] answers for one kind of mover in one weather, for every hexside of the map, by
/// `hex * 6 + direction`: the cost in sixths of a later step and of a first step (9.4, 9.5's
/// "first move only" crossings), [`NO_STEP`] where it may not. A step's cost depends on the map
/// alone, so each table is made once per game data ([`crate::data::N44Data::step_costs`]) and
/// shared by every game and thread.
struct StepCosts<'d> {
    costs: &'d [[u16; 2]],
}

impl<'d> StepCosts<'d> {
    fn of(map: &GameMap, mover: Mover, weather: crate::tables::weather::Weather) -> Vec<[u16; 2]> {
        let mut costs = vec![[NO_STEP; 2]; map.hexes.len() * 6];
        for at in map.hexes.ids() {
            for (direction, &next) in map.hexes.neighbours(at).iter().enumerate() {
                if next == HexId::NONE {
                    continue;
                }
                let road = road_along(map, at, direction);
                if let Some(entry) = costs.get_mut(at.index() * 6 + direction) {
                    for (first, cost) in entry.iter_mut().enumerate() {
                        *cost = step(map, at, next, direction, mover, road, first == 1, weather)
                            .unwrap_or(NO_STEP);
                    }
                }
            }
        }
        costs
    }

    /// The data's table for `mover` in `weather`, made on first use.
    fn for_mover(
        game: &'d Normandy44,
        mover: Mover,
        weather: crate::tables::weather::Weather,
    ) -> StepCosts<'d> {
        use crate::tables::weather::Weather;
        let side = match mover.side {
            Side::German => 0,
            Side::Allied => 1,
        };
        let mobility = match mover.mobility {
            Mobility::NonMech => 0,
            Mobility::Mech => 1,
        };
        let weather_index = match weather {
            Weather::Storm => 0,
            Weather::Overcast => 1,
            Weather::Clear => 2,
        };
        let data = &game.data;
        StepCosts {
            costs: data.step_costs[(side * 2 + mobility) * 3 + weather_index]
                .get_or_init(|| StepCosts::of(&data.map, mover, weather)),
        }
    }

    /// The cost of the step from `at` in `direction`, `None` where it may not.
    #[cfg(test)]
    fn get(&self, at: HexId, direction: usize, first_step: bool) -> Option<u16> {
        self.row(at, first_step)
            .get(direction)
            .copied()
            .filter(|&c| c != NO_STEP)
    }

    /// The costs of the six steps out of `at`, in direction order, [`NO_STEP`] where one may
    /// not be taken (or leads off the map).
    #[inline]
    fn row(&self, at: HexId, first_step: bool) -> [u16; 6] {
        let first = at.index() * 6;
        match self
            .costs
            .get(first..first + 6)
            .and_then(|row| <&[[u16; 2]; 6]>::try_from(row).ok())
        {
            Some(row) => row.map(|c| c[usize::from(first_step)]),
            None => [NO_STEP; 6],
        }
    }
}

/// The step costs of one move's units: one table when they share a kind of mover (nearly
/// always), else the dearer of two, step by step.
enum MoverCosts<'d> {
    One(StepCosts<'d>),
    Two(StepCosts<'d>, StepCosts<'d>),
}

impl<'d> MoverCosts<'d> {
    /// `None` for a move of no units.
    fn of(tables: [Option<StepCosts<'d>>; 2]) -> Option<MoverCosts<'d>> {
        match tables {
            [Some(a), Some(b)] => Some(MoverCosts::Two(a, b)),
            [Some(one), None] | [None, Some(one)] => Some(MoverCosts::One(one)),
            [None, None] => None,
        }
    }

    /// The costs of the six steps out of `at` for every unit of the move, [`NO_STEP`] where one
    /// of them may not take it ([`NO_STEP`] is the largest cost, so the dearer is taken).
    #[inline]
    fn row(&self, at: HexId, first_step: bool) -> [u16; 6] {
        match self {
            MoverCosts::One(table) => table.row(at, first_step),
            MoverCosts::Two(a, b) => {
                let (a, b) = (a.row(at, first_step), b.row(at, first_step));
                std::array::from_fn(|k| a[k].max(b[k]))
            }
        }
    }
}

/// The cost in sixths for one mover to step from `at` into `next` across the hexside in
/// `direction`, or `None` if it may not (TEC, 9.3-9.6, 9.11). Searches read it from
/// [`StepCosts`].
#[allow(clippy::too_many_arguments)]
fn step(
    map: &GameMap,
    at: HexId,
    next: HexId,
    direction: usize,
    mover: Mover,
    road: Option<Road>,
    first_step: bool,
    weather: crate::tables::weather::Weather,
) -> Option<u16> {
    let here = map.terrain(at);
    let there = map.terrain(next);
    // 9.5: a mechanized unit in a flooded hex leaves it only by road.
    if here == Terrain::Flooded
        && road.is_none()
        && crate::tables::terrain::leaves_flooded_hex_only_by_road(mover.mobility)
    {
        return None;
    }
    let side = map.side(at, direction);
    let mut extra = 0u16;
    // Most hexsides have no feature at all.
    let features = if side.features == 0 {
        &[][..]
    } else {
        &HexsideFeature::ALL[..]
    };
    for &feature in features {
        if !side.has(feature) {
            continue;
        }
        // 9.3: a road crossing a river or flooded hexside has a bridge.
        if road.is_some() && !feature.impassable() {
            continue;
        }
        // 9.11: a causeway carries units over the flooded hexside it lies on, at no cost.
        if feature == HexsideFeature::Flooded && side.has(HexsideFeature::Causeway) {
            continue;
        }
        let flooded_hex = here == Terrain::Flooded || there == Terrain::Flooded;
        match feature.crossing(mover.mobility, flooded_hex) {
            Crossing::Prohibited => return None,
            Crossing::Allowed {
                extra: e,
                first_move_only,
            } => {
                // 9.4, 9.5 ("A"): only as the first move, having started next to it.
                if first_move_only && !first_step {
                    return None;
                }
                extra += e.0;
            }
        }
    }
    match crate::tables::terrain::enter_hex(&[there], mover, road, weather) {
        HexEntry::Enter { cost, .. } => Some(cost.0 + extra),
        HexEntry::RoadOnly | HexEntry::Prohibited => None,
    }
}

/// Whether a move (`non_mech`: with a non-mechanized unit) that entered `hex` from
/// `came_from` must stop there: a flooded hex entered off road by a non-mechanized unit (9.5).
fn stops_here(game: &Normandy44, hex: HexId, non_mech: bool, came_from: HexId) -> bool {
    let map = &game.data.map;
    if !non_mech || map.terrain(hex) != Terrain::Flooded {
        return false;
    }
    let on_road = map
        .hexes
        .direction(came_from, hex)
        .map(|d| map.side(came_from, usize::from(d.index())).road.is_some())
        .unwrap_or(false);
    !on_road
}

/// Map limits of the scenario (26.1: row xx15 closed, Allied units stay north of the H-line;
/// 26.3: the 101st and 82nd zones are checked where the move ends).
fn may_enter(game: &Normandy44, hex: HexId, side: Side) -> bool {
    let map = &game.data.map;
    if map.terrain(hex) == Terrain::Sea || map.terrain(hex) == Terrain::Marsh {
        return false;
    }
    if game.scenario == Scenario::Cherbourg {
        // The printed label's last two digits: the column.
        if map.hexes.label(hex).is_some_and(|l| l.second() == 15) {
            return false;
        }
        if side == Side::Allied && !map.flags(hex).has(crate::data::HexFlags::H_LINE_ALLIED) {
            return false;
        }
    }
    true
}

/// Whether `units` (counting for stacking as `joining`) may end a move in `hex`.
fn may_end(
    game: &Normandy44,
    ground: &Ground<'_>,
    (units, joining): (&[UnitId], &Joining),
    hex: HexId,
    mode: MoveMode,
) -> bool {
    has_room(game, &ground.units, &ground.occupancy, joining, hex, mode)
        && may_end_there(game, units, hex)
}

/// Whether `hex` has room for `joining` to end a move in `mode` there: stacking (7.2, read: a
/// move may not end overstacked) and strategic movement ending alone (9.8.2). The part of
/// [`may_end`] that the side's other units decide.
fn has_room(
    game: &Normandy44,
    units: &crate::state::UnitsByHex,
    occupancy: &crate::zoc::Occupancy,
    joining: &Joining,
    hex: HexId,
    mode: MoveMode,
) -> bool {
    !(matches!(mode, MoveMode::Strategic | MoveMode::TruckStrategic)
        && occupancy.side(hex).is_some())
        && fits(game, units, hex, joining)
}

/// The part of [`may_end`] that the moving units alone decide: the Army Boundary (22.1) and
/// the Cherbourg scenario's airborne zones (26.3.2, 26.3.3).
fn may_end_there(game: &Normandy44, units: &[UnitId], hex: HexId) -> bool {
    let allied = units
        .first()
        .is_some_and(|&u| game.side_of(u) == Side::Allied);
    if allied && !units.iter().all(|&u| within_boundary(game, u, hex)) {
        return false;
    }
    // The airborne zones bind in the Cherbourg scenario only.
    game.scenario != Scenario::Cherbourg
        || units
            .iter()
            .all(|&u| crate::cherbourg::may_end_move(game, u, hex))
}

/// 22.1, A-29: an Allied unit ends no move more than one hex beyond its army's side of the
/// Army Boundary.
pub fn within_boundary(game: &Normandy44, unit: UnitId, hex: HexId) -> bool {
    let Some(army) = game.army_of(unit) else {
        return true;
    };
    let bits = game.data.within_boundary[army.index()].get_or_init(|| {
        let map = &game.data.map;
        let own = army == crate::data::Army::Us;
        let us_side = |h: HexId| map.flags(h).has(crate::data::HexFlags::US_SECTOR);
        let mut bits = crate::hex_bits::empty(map.hexes.len());
        for h in map.hexes.ids() {
            if us_side(h) == own || map.hexes.neighbours_on_map(h).any(|n| us_side(n) == own) {
                crate::hex_bits::mark(&mut bits, h);
            }
        }
        bits
    });
    crate::hex_bits::has(bits, hex)
}

/// The Movement Phase's (or the Reserve Movement Segment's) opening steps (4.1 B.2.a).
pub fn begin(game: &mut Normandy44, side: Side, reserve: bool, log: &mut N44Log) {
    let ids: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    let moved = UnitFlags::MOVED | UnitFlags::TACTICAL | UnitFlags::ZOC_MOVE | UnitFlags::MOVED_FAR;
    for &unit in &ids {
        // Only a unit with something to clear is lent for the change: lending costs a
        // comparison and a mending each.
        let state = game.unit(unit);
        if state.spent == 0 && state.flags.0 & moved == 0 {
            continue;
        }
        let mut state = game.unit_mut(unit);
        state.spent = 0;
        state.flags.set(moved, false);
    }
    if reserve {
        return;
    }
    // 16.1: IPs begun last turn are complete if infantry still holds them.
    crate::fortify::begin_movement(game, side, log);
    if side == Side::German && game.turn >= 2 {
        release_restricted(game, log);
    }
    for &unit in &ids {
        let flags = game.unit(unit).flags;
        if !flags.has(UnitFlags::SM) && !flags.has(UnitFlags::TRUCK) {
            continue;
        }
        // 9.8.5 (a), (b): the markers come off a unit that does not use them this phase, or
        // that starts it next to the enemy; a unit using them again gets them back as it moves.
        game.unit_mut(unit)
            .flags
            .set(UnitFlags::SM | UnitFlags::TRUCK, false);
        let name = game.data.unit(unit).short.clone();
        log.public(
            SM_REMOVED,
            N44Event::Marker {
                unit,
                marker: "strategic movement",
                on: false,
            },
            || format!("{name}'s strategic movement or truck marker comes off"),
        );
    }
}

/// 17.6, A-60: restricted German units with an Allied unit within 2 hexes are released, from
/// the German Movement Phase of turn 2.
fn release_restricted(game: &mut Normandy44, log: &mut N44Log) {
    let allied: Vec<HexId> = game.occupied_hexes(Side::Allied);
    let restricted: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.data.unit(u).restricted && !game.unit(u).flags.has(UnitFlags::RELEASED))
        .collect();
    for unit in restricted {
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        if allied
            .iter()
            .any(|&a| game.data.map.hexes.distance(a, hex) <= 2)
        {
            game.unit_mut(unit).flags.set(UnitFlags::RELEASED, true);
            // 17.6: once one restricted unit inside the Perimeter is released, all of them are.
            if inside_perimeter(game, unit) {
                let inside: Vec<UnitId> = game
                    .unit_ids()
                    .filter(|&u| bound_to_perimeter(game, u))
                    .collect();
                for u in inside {
                    game.unit_mut(u).flags.set(UnitFlags::RELEASED, true);
                }
            }
            let name = game.data.unit(unit).short.clone();
            log.public(
                RELEASE,
                N44Event::Marker {
                    unit,
                    marker: "released",
                    on: true,
                },
                || format!("{name} is released: Allied units are within 2 hexes"),
            );
        }
    }
}

/// The phase's closing steps: HQs and Werfers that moved more than one hex flip (17.2, 17.3).
pub fn end(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let ids: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    for unit in ids {
        let def = game.data.unit(unit);
        if !matches!(def.class, Class::Hq | Class::Werfer) {
            continue;
        }
        let flags = game.unit(unit).flags;
        if flags.has(UnitFlags::MOVED_FAR) && !flags.has(UnitFlags::SPENT) {
            game.unit_mut(unit).flags.set(UnitFlags::SPENT, true);
            let name = game.data.unit(unit).short.clone();
            log.public(
                HQ_MOVED,
                N44Event::Marker {
                    unit,
                    marker: "moved",
                    on: true,
                },
                || format!("{name} moved more than one hex and flips to its Moved side"),
            );
        }
    }
}

/// Whether the phase is the Reserve Movement Segment.
fn reserve_segment(game: &Normandy44) -> bool {
    matches!(game.step, Step::Phase(_, Phase::ReserveMovement, _))
}

/// The units a pick moves: the unit, or every unit of its hex that may move now.
fn movers(game: &Normandy44, unit: UnitId, stack: bool) -> Vec<UnitId> {
    let reserve = reserve_segment(game);
    if !stack {
        return vec![unit];
    }
    let Some(hex) = game.hex_of(unit) else {
        return Vec::new();
    };
    let side = game.side_of(unit);
    game.units_in(hex)
        .filter(|&u| game.side_of(u) == side && why_stuck(game, u, reserve).is_none())
        .collect()
}

/// The mode a pick starts in: tactical when it must be (9.10), else normal.
fn default_mode(game: &Normandy44, units: &[UnitId]) -> MoveMode {
    if units.iter().any(|&u| must_move_tactically(game, u)) {
        MoveMode::Tactical
    } else {
        MoveMode::Normal
    }
}

/// Whether `units` could go anywhere in their default mode. A single unit's answer is kept
/// from one move to the next (`Memo::get_for_unit`), forgotten as a kept reach is: the turn
/// driver asks it of every unit after every move, and a move changes few of them.
fn can_go<'g>(
    game: &'g Normandy44,
    ground: &std::cell::OnceCell<Ground<'g>>,
    units: &[UnitId],
) -> bool {
    let reserve = reserve_segment(game);
    let search = || {
        let &first = units.first()?;
        let ground = ground.get_or_init(|| Ground::of(game, game.side_of(first)));
        reach_on(
            game,
            ground,
            units,
            default_mode(game, units),
            reserve,
            Goal::Any,
        )
    };
    let goes = |reach: &Option<Reach>| {
        reach
            .as_ref()
            .is_some_and(|r| r.destinations().next().is_some())
    };
    let key = can_go_key(game);
    let searched = || {
        let reach = search();
        let read = match (&reach, ground.get()) {
            (Some(r), Some(ground)) => hexes_read(game, &ground.zones, r, true),
            _ => Vec::new(),
        };
        (goes(&reach), read)
    };
    let hex_of = |u| game.hex_of(u);
    match units {
        [unit] => game
            .memo()
            .get_for_unit(hex_of, key, *unit, game.side_of(*unit), searched),
        // A stack's answer is kept by the same hexes, under its units.
        [first, ..] => *game.memo().get_by_hexes(hex_of, (units.to_vec(), key), || {
            let (goes, read) = searched();
            (goes, game.side_of(*first), units.to_vec(), read)
        }),
        [] => false,
    }
}

/// What a kept answer of [`can_go`] depends on besides the units and the map's occupants: the
/// phase and segment, turn, weather and part of the phase it was asked in.
type CanGoKey = (Step, bool, u8, crate::tables::weather::Weather, u8);

fn can_go_key(game: &Normandy44) -> CanGoKey {
    (
        reach_phase(game),
        reserve_segment(game),
        game.turn,
        game.weather.condition,
        game.part,
    )
}

/// The step a kept answer of the Movement Phase belongs to: its side and phase, whatever the
/// prompt showing.
fn reach_phase(game: &Normandy44) -> Step {
    match game.step {
        Step::Phase(s, phase, _) => Step::Phase(s, phase, Stage::Open),
        other => other,
    }
}

pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    list(game, side, out, false);
}

/// Whether the phase's Open stage offers `side` anything but ending it: [`legal`] stopped at
/// its first answer. The turn driver asks it after every answer; the full list is the player's.
pub fn has_choice(game: &Normandy44, side: Side) -> bool {
    let mut out = Vec::new();
    list(game, side, &mut out, true);
    out.iter().any(|a| *a != N44Action::Done)
}

/// [`legal`]; with `first_only`, it stops once it has an answer other than ending the phase.
fn list(game: &Normandy44, side: Side, out: &mut Vec<N44Action>, first_only: bool) {
    let reserve = reserve_segment(game);
    match game.step {
        Step::Phase(_, _, Stage::Moving { unit, stack, mode }) => {
            let units = movers(game, unit, stack);
            for other in modes(game, &units, reserve) {
                if other != mode {
                    out.push(N44Action::Mode { mode: other });
                }
            }
            if let Some(reach) = reach(game, &units, mode, reserve) {
                out.extend(reach.destinations().map(|hex| N44Action::MoveTo { hex }));
            }
            out.push(N44Action::Unpick);
        }
        _ => {
            let moves = open_moves(game, side, reserve);
            if first_only && let Some(&first) = moves.actions.first() {
                out.push(first);
                return;
            }
            out.extend_from_slice(&moves.actions);
            // 16.1, 16.2 (D15, D16): IPs started and removed, strongpoints removed.
            crate::fortify::legal(game, side, moves.stacks.hexes(), out);
            out.push(N44Action::Done);
        }
    }
}

/// The Open stage's picks and Reserve placements in one position, with what they were worked
/// out for. The turn driver asks for them after every move and the player right after, and a
/// pick taken back asks again: the memo keeps them until a unit changes.
pub struct OpenMoves {
    key: OpenKey,
    actions: Vec<N44Action>,
    /// The side's stacks they were worked out from: 16.1's IPs read their hexes.
    stacks: Arc<OpenStacks>,
}

/// What besides the units the Open stage's picks depend on: the step (side, phase, reserve
/// segment), the turn (20.4's turn-1 limits), the weather (the MA) and the part of the phase
/// (27.1).
#[derive(Clone, Copy, PartialEq, Eq)]
struct OpenKey {
    step: Step,
    turn: u8,
    weather: crate::tables::weather::Weather,
    part: u8,
}

/// [`OpenMoves`] now: from the memo when it holds them for this step, else worked out (and kept
/// when the slot is free).
fn open_moves(game: &Normandy44, side: Side, reserve: bool) -> Arc<OpenMoves> {
    let key = OpenKey {
        step: game.step,
        turn: game.turn,
        weather: game.weather.condition,
        part: game.part,
    };
    let work = || {
        let (actions, stacks) = work_out_open_moves(game, side, reserve);
        OpenMoves {
            key,
            actions,
            stacks,
        }
    };
    let kept = game.memo().get(Memoized::OpenMoves, work);
    if kept.key == key {
        kept
    } else {
        Arc::new(work())
    }
}

/// 9.1, 15.1: every unit that can go somewhere, every stack of two or more movable units that
/// can go somewhere together, and every hex whose stack may go into Reserve; with the side's
/// stacks they were worked out from.
fn work_out_open_moves(
    game: &Normandy44,
    side: Side,
    reserve: bool,
) -> (Vec<N44Action>, Arc<OpenStacks>) {
    // Made only if a unit's answer is not kept: after a move most are.
    let ground = std::cell::OnceCell::new();
    let weighed = open_stacks(game, side, reserve);
    let OpenStacks { units, stacks, .. } = &*weighed;
    let stacks_in_reserve = stacks.iter().filter(|s| s.in_reserve).count();
    let reserve_free = !reserve && stacks_in_reserve < reserve_markers(game, side);
    // The kept answers are looked up for every movable unit at once.
    let mut kept = Vec::new();
    game.memo()
        .kept_for_units(|u| game.hex_of(u), &can_go_key(game), units, &mut kept);
    // A pick a unit, a stack and a Reserve placement a hex at most.
    let mut out = Vec::with_capacity(units.len() + 2 * stacks.len());
    let mut start = 0;
    for stack in stacks {
        let end = stack.end as usize;
        let movable = units.get(start..end).unwrap_or_default();
        for (i, &unit) in movable.iter().enumerate() {
            let goes = kept
                .get(start + i)
                .copied()
                .flatten()
                .unwrap_or_else(|| can_go(game, &ground, &[unit]));
            if goes {
                out.push(N44Action::Pick { unit });
            }
        }
        start = end;
        if movable.len() >= 2 && can_go(game, &ground, movable) {
            out.push(N44Action::PickStack { hex: stack.hex });
        }
        if reserve_free && stack.eligible {
            out.push(N44Action::Reserve { hex: stack.hex });
        }
    }
    (out, Arc::clone(&weighed))
}

/// The side's stacks as the Open stage weighs them, in hex order: the units of each that may
/// move (9.1), whether it holds a Reserve marker and whether it may go into Reserve (15.1). Kept
/// through moves and mended hex by hex ([`crate::state::Memo::mend`]): a move changes two
/// stacks of dozens, and what is weighed here reads each stack's own units only, besides the
/// side, the segment and the turn (20.4) it was weighed for.
struct OpenStacks {
    key: (Side, bool, u8),
    /// The movable units of every stack, stack after stack.
    units: Vec<UnitId>,
    stacks: Vec<OpenStack>,
}

/// One stack of [`OpenStacks`]: its hex, where its movable units end in `units`, whether a unit
/// there is in Reserve, and whether one may go into Reserve.
#[derive(Clone, Copy)]
struct OpenStack {
    hex: HexId,
    end: u32,
    in_reserve: bool,
    eligible: bool,
}

impl OpenStacks {
    /// The hexes of the side's stacks, in hex order.
    fn hexes(&self) -> impl Iterator<Item = HexId> + Clone + '_ {
        self.stacks.iter().map(|s| s.hex)
    }

    /// Weigh the stack in `hex` if the side holds it (a touched hex it may have left).
    fn weigh_held(
        &mut self,
        game: &Normandy44,
        by_hex: &crate::state::UnitsByHex,
        occupancy: &crate::zoc::Occupancy,
        hex: HexId,
    ) {
        if occupancy.has(hex, self.key.0) {
            self.weigh(game, by_hex, hex);
        }
    }

    /// Weigh the stack in `hex`, its movable units added to `units`.
    fn weigh(&mut self, game: &Normandy44, by_hex: &crate::state::UnitsByHex, hex: HexId) {
        let reserve = self.key.1;
        let (mut in_reserve, mut eligible) = (false, false);
        for unit in by_hex.hex_units(hex) {
            if why_stuck(game, unit, reserve).is_none() {
                self.units.push(unit);
            }
            // The Reserve Movement Segment places no Reserve markers.
            if reserve {
                continue;
            }
            if game.unit(unit).flags.has(UnitFlags::RESERVE) {
                in_reserve = true;
            } else if !eligible {
                eligible = reserve_eligible(game, unit);
            }
        }
        self.stacks.push(OpenStack {
            hex,
            end: u32::try_from(self.units.len()).unwrap_or(u32::MAX),
            in_reserve,
            eligible,
        });
    }

    /// A copy of `stack` of `old`, its units with it.
    fn copy(&mut self, old: &OpenStacks, stack: &OpenStack, start: usize) {
        let units = old.units.get(start..stack.end as usize).unwrap_or_default();
        self.units.extend_from_slice(units);
        self.stacks.push(OpenStack {
            end: u32::try_from(self.units.len()).unwrap_or(u32::MAX),
            ..*stack
        });
    }
}

/// [`OpenStacks`] now: the kept ones mended where units changed since, else weighed anew.
fn open_stacks(game: &Normandy44, side: Side, reserve: bool) -> Arc<OpenStacks> {
    let key = (side, reserve, game.turn);
    game.memo().mend::<OpenStacks>(|old| {
        let by_hex = game.units_by_hex();
        let mut weighed = OpenStacks {
            key,
            units: Vec::new(),
            stacks: Vec::new(),
        };
        let Some((old, changed)) = old.filter(|(old, _)| old.key == key) else {
            // Room for three units a stack: most hold fewer.
            let hexes = game.occupied_hexes(side);
            weighed.units.reserve(3 * hexes.len());
            weighed.stacks.reserve(hexes.len());
            for hex in hexes {
                weighed.weigh(game, &by_hex, hex);
            }
            return weighed;
        };
        // A stack changes only where a unit changed: in the hex it left and the one it is in.
        let mut touched: Vec<HexId> = changed
            .iter()
            .flat_map(|&(unit, before)| [before, game.hex_of(unit)])
            .flatten()
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let occupancy = crate::zoc::occupancy(game);
        weighed.units.reserve(old.units.len() + 3);
        weighed.stacks.reserve(old.stacks.len() + 1);
        let mut touched = touched.into_iter().peekable();
        let mut start = 0;
        for stack in &old.stacks {
            // The touched hexes before this one, weighed in hex order.
            while let Some(hex) = touched.next_if(|&h| h < stack.hex) {
                weighed.weigh_held(game, &by_hex, &occupancy, hex);
            }
            if touched.next_if_eq(&stack.hex).is_some() {
                weighed.weigh_held(game, &by_hex, &occupancy, stack.hex);
            } else {
                weighed.copy(old, stack, start);
            }
            start = stack.end as usize;
        }
        for hex in touched {
            weighed.weigh_held(game, &by_hex, &occupancy, hex);
        }
        weighed
    })
}

/// 15.1: whether `unit` may go into Reserve now: it spent at most 1 MP, did not use it to enter
/// or leave an enemy ZOC, and is none of what may not be in Reserve (OOS, Disorganized,
/// replaced, building an IP, moved tactically, landed this turn (6.5.2), scattered).
fn reserve_eligible(game: &Normandy44, unit: UnitId) -> bool {
    let f = game.unit(unit).flags;
    game.unit(unit).spent <= Sixths::ONE.0 as u8
        && ![
            UnitFlags::ZOC_MOVE,
            UnitFlags::OOS,
            UnitFlags::ISOLATED,
            UnitFlags::DISORGANIZED,
            UnitFlags::REPLACED,
            UnitFlags::BUILDING_IP,
            UnitFlags::TACTICAL,
            UnitFlags::LANDED,
            UnitFlags::SCATTERED,
        ]
        .iter()
        .any(|&bit| f.has(bit))
        && !matches!(
            game.data.unit(unit).class,
            Class::Strongpoint | Class::BeachEngineer
        )
}

/// 15.1: how many Reserve markers `side` has (six a side; one covers a stack).
fn reserve_markers(game: &Normandy44, side: Side) -> usize {
    let key = if side == Side::German {
        "reserve_german"
    } else {
        "reserve_allied"
    };
    usize::from(game.data.marker(key, 6))
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let Step::Phase(_, phase, stage) = game.step else {
        return Err(Refusal::by_rule(MOVEMENT, "not a movement decision"));
    };
    match (stage, action) {
        (Stage::Open, N44Action::Pick { unit }) => {
            let mode = default_mode(game, &[unit]);
            game.step = Step::Phase(
                side,
                phase,
                Stage::Moving {
                    unit,
                    stack: false,
                    mode,
                },
            );
            Ok(())
        }
        (Stage::Open, N44Action::PickStack { hex }) => {
            let reserve = reserve_segment(game);
            let units: Vec<UnitId> = game
                .units_in(hex)
                .filter(|&u| game.side_of(u) == side && why_stuck(game, u, reserve).is_none())
                .collect();
            let Some(&unit) = units.first() else {
                return Err(Refusal::by_rule(MOVEMENT, "no unit there may move"));
            };
            let mode = default_mode(game, &units);
            game.step = Step::Phase(
                side,
                phase,
                Stage::Moving {
                    unit,
                    stack: true,
                    mode,
                },
            );
            Ok(())
        }
        (Stage::Open, N44Action::StartIp { .. } | N44Action::RemoveIp { .. }) => {
            crate::fortify::answer(game, side, action, log)
        }
        (Stage::Open, N44Action::Reserve { hex }) => {
            place_reserve(game, side, hex, log);
            Ok(())
        }
        (Stage::Moving { unit, stack, .. }, N44Action::Mode { mode }) => {
            game.step = Step::Phase(side, phase, Stage::Moving { unit, stack, mode });
            Ok(())
        }
        (Stage::Moving { .. }, N44Action::Unpick) => {
            game.step = Step::Phase(side, phase, Stage::Open);
            Ok(())
        }
        (Stage::Moving { unit, stack, mode }, N44Action::MoveTo { hex }) => {
            move_to(game, side, unit, stack, mode, hex, log)?;
            game.step = Step::Phase(side, phase, Stage::Open);
            Ok(())
        }
        _ => Err(Refusal::by_rule(MOVEMENT, "not a movement decision now")),
    }
}

/// Carry out a move of the picked unit or stack to `hex`.
fn move_to(
    game: &mut Normandy44,
    side: Side,
    unit: UnitId,
    stack: bool,
    mode: MoveMode,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let reserve = reserve_segment(game);
    let units = movers(game, unit, stack);
    // The whole reach, kept since the list of destinations was made: its path to `hex` is the
    // one a search for `hex` alone would find (the same search, stopped later).
    let reach = reach(game, &units, mode, reserve)
        .ok_or_else(|| Refusal::by_rule(MOVEMENT, "nothing to move"))?;
    let path = reach
        .path(hex)
        .ok_or_else(|| Refusal::by_rule(MOVEMENT, "that hex cannot be reached"))?;
    let cost = reach.cost(hex).unwrap_or(0);
    let start = game.hex_of(unit).unwrap_or(HexId::NONE);
    let zones = enemy_zones(game, side);
    let zoc_move = zones.in_zoc(start) || path.iter().any(|&h| zones.in_zoc(h));
    for &h in &path {
        game.set_control(h, side);
    }
    for &u in &units {
        let mut state = game.unit_mut(u);
        state.at = Location::Hex(hex);
        state.spent = state
            .spent
            .saturating_add(u8::try_from(cost).unwrap_or(u8::MAX));
        state.flags.set(UnitFlags::MOVED, true);
        state.flags.set(UnitFlags::MOVED_FAR, path.len() > 1);
        state.flags.set(UnitFlags::ZOC_MOVE, zoc_move);
        state
            .flags
            .set(UnitFlags::TACTICAL, mode == MoveMode::Tactical);
        if matches!(mode, MoveMode::Strategic | MoveMode::TruckStrategic) {
            state.flags.set(UnitFlags::SM, true);
        }
        if matches!(mode, MoveMode::Truck | MoveMode::TruckStrategic) {
            state.flags.set(UnitFlags::TRUCK, true);
        }
        // 15.1, A-22: Reserve status does not survive a move of more than 1 MP, or one into or
        // out of an enemy ZOC (the Reserve segment's own moves excepted).
        if !reserve && (cost > Sixths::ONE.0 || zoc_move || mode == MoveMode::Tactical) {
            state.flags.set(UnitFlags::RESERVE, false);
        }
    }
    let from_label = game.data.map.label(start);
    let to_label = game.data.map.label(hex);
    let rule = match mode {
        MoveMode::Tactical => TACTICAL,
        MoveMode::Strategic | MoveMode::Truck | MoveMode::TruckStrategic => STRATEGIC,
        _ => MOVEMENT,
    };
    let spent = mp_text(cost);
    for &u in &units {
        let name = game.data.unit(u).short.clone();
        log.public(
            rule,
            N44Event::Moved {
                unit: u,
                from: Some(start),
                to: hex,
            },
            || format!("{name} moves {from_label} → {to_label} ({mode:?}, {spent})"),
        );
    }
    Ok(())
}

/// Sixths of an MP as people write them: "2 MP", "1½ MP", "⅔ MP".
pub fn mp_text(sixths: u16) -> String {
    let whole = sixths / 6;
    let part = match sixths % 6 {
        0 => "",
        1 => "⅙",
        2 => "⅓",
        3 => "½",
        4 => "⅔",
        _ => "⅚",
    };
    match (whole, part) {
        (0, "") => "0 MP".to_owned(),
        (0, part) => format!("{part} MP"),
        (whole, part) => format!("{whole}{part} MP"),
    }
}

/// 15.1: the eligible units of `hex` go into Reserve.
fn place_reserve(game: &mut Normandy44, side: Side, hex: HexId, log: &mut N44Log) {
    let units: Vec<UnitId> = game
        .units_in(hex)
        .filter(|&u| game.side_of(u) == side && reserve_eligible(game, u))
        .collect();
    for u in units {
        game.unit_mut(u).flags.set(UnitFlags::RESERVE, true);
    }
    let label = game.data.map.label(hex);
    log.public(RESERVE, N44Event::Note, || {
        format!("The units in {label} go into Reserve")
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::tables::weather::Weather;

    #[test]
    fn tec_9_3_step_costs_kept_for_the_map_answer_as_the_rules_do() {
        // Every hexside of the authored map, every kind of mover, every weather, first step or
        // not: the kept table against the TEC as `step` reads it (9.3-9.6, 9.11).
        let data = crate::testkit::shipped_data();
        let map = &data.map;
        let mut checked = 0usize;
        for side in [Side::German, Side::Allied] {
            for mobility in [Mobility::NonMech, Mobility::Mech] {
                for weather in [Weather::Storm, Weather::Overcast, Weather::Clear] {
                    let mover = Mover { side, mobility };
                    let costs = StepCosts::of(map, mover, weather);
                    let table = StepCosts { costs: &costs };
                    for at in map.hexes.ids() {
                        for (direction, &next) in map.hexes.neighbours(at).iter().enumerate() {
                            if next == HexId::NONE {
                                assert_eq!(table.get(at, direction, false), None);
                                continue;
                            }
                            let road = road_along(map, at, direction);
                            for first in [false, true] {
                                assert_eq!(
                                    table.get(at, direction, first),
                                    step(map, at, next, direction, mover, road, first, weather),
                                    "{} towards {direction}, {mover:?}, {weather:?}",
                                    map.label(at)
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked} steps checked");
    }
}
