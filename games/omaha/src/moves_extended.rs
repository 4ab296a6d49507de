//! US movement of the extended game (rule 17, turns 17–32): two-hex moves of infantry, Rangers,
//! HQs and Generals (17.1, 17.11, 17.12, AMB-27), tank road moves (17.2, 17.21, 17.22, AMB-28)
//! and the units that move one hex only (17.23).
//!
//! Pure functions over the state, read-only: each lists the paths (the hexes entered, in order)
//! a unit may take with one Move action; from turn 17 A-MOVE offers them (`legal_moves`) and
//! carries them out step by step (`carry_out`). Whether a hex is within an Engineer Base's
//! range (19.3, 19.31) is an input predicate; [`paths`] passes `engineer_bases::in_range`.
//!
//! Readings (docs/omaha/interpretations.md):
//! - Every step of a path is a move of its own for T5a (`movement::crossing`), 7.31 (no German
//!   hex, not even passed through), 5.21 (no submerged hex) and 7.32: each step that moves
//!   between two hexes adjacent to and in the fire field of the same manned position is an
//!   infiltration, checked when that step is taken ([`MovePath::infiltrates`]). HQs and Generals
//!   may not infiltrate alone on either step.
//! - An infantry two-hex move only continues from a hex it may stop in: a hex entered along no
//!   road into bocage, or with an Intense or Moderate point of a manned position (AMB-27), can
//!   only be the single hex of a one-hex move; so can a bluff (17.11, no Climb marker) or a
//!   scalable cliff (17.12, Climb marker).
//! - Tank road moves follow the road from hex to hex (the step itself is along the road);
//!   trails never count (AMB-28); a mined road counts as a secondary road where the hex entered
//!   is within an Engineer Base's range, and is closed otherwise (17.22, 19.3).

use crate::data::UsKind;
use crate::index::{HexId, HexInfo, PosSet, RoadClass, UsCounter, UsId};
use crate::movement::{Occupancy, crossing, enterable};
use crate::state::{Omaha, UsFlags, UsLoc};
use crate::tables::terrain::{Crossing, Mover, Road, bocage_stops_infantry, step_crossing};
use overlord_engine::RuleId;

pub const TWO_HEX: RuleId = RuleId("17.1");
pub const BLUFF: RuleId = RuleId("17.11");
pub const CLIFF: RuleId = RuleId("17.12");
pub const TANK_ROAD: RuleId = RuleId("17.2");
pub const ON_ROAD: RuleId = RuleId("17.21");
pub const MINED_ROAD: RuleId = RuleId("17.22");
pub const ONE_HEX: RuleId = RuleId("17.23");

/// One way to move with a Move action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePath {
    /// The hexes entered, in order; the last is where the unit ends.
    pub hexes: Vec<HexId>,
    /// Per step (same order as `hexes`): the positions that step infiltrates (7.32); 0 for none.
    pub infiltrates: Vec<PosSet>,
    /// 17.12: the step crosses a scalable cliff and the unit ends with a Climb marker.
    pub climb_marker: bool,
}

impl MovePath {
    /// Where the unit ends.
    pub fn end(&self) -> Option<HexId> {
        self.hexes.last().copied()
    }
}

/// The most hexes a counter may move with one Move action in the extended game: 2 for
/// infantry, Rangers, HQs and Generals (17.1), 4 for tanks (17.2; only along a main road, 2
/// from a secondary road, else 1), 1 for every other unit (17.23 names artillery, SP artillery,
/// anti-tank, AA and SP AA; DUKWs and engineers get no multi-hex move anywhere in rule 17).
pub fn max_hexes(counter: UsCounter) -> usize {
    match counter {
        UsCounter::Hq | UsCounter::General => 2,
        UsCounter::Unit(kind) if kind.infantry() => 2,
        UsCounter::Unit(UsKind::Tank) => 4,
        UsCounter::Unit(_) => 1,
    }
}

/// 17.23: the units the rule itself limits to one hex per turn.
pub fn one_hex_only(kind: UsKind) -> bool {
    matches!(
        kind,
        UsKind::Artillery | UsKind::SpArtillery | UsKind::AntiTank | UsKind::Aa | UsKind::SpAa
    )
}

/// The hex of a unit that may move now: on the map, without Disrupted, Climb or Climb Cliff
/// (7.4, 7.5, 7.7: those units have other actions).
fn mover_hex(state: &Omaha, unit: UsId) -> Option<HexId> {
    let u = state.us.get(usize::from(unit))?;
    if u.flags
        .has(UsFlags::DISRUPTED | UsFlags::CLIMB | UsFlags::CLIMB_CLIFF)
    {
        return None;
    }
    match u.loc {
        UsLoc::Hex(h) => Some(h),
        _ => None,
    }
}

/// Whether `hex` has a point of `level` (or a stronger one when `or_moderate`) of a position in
/// `manned`: occupied by a non-disrupted German unit (6.4: a disrupted unit projects no field).
fn heavy_fire(hex: &HexInfo, manned: PosSet, or_moderate: bool) -> bool {
    let by = if or_moderate {
        hex.heavy_by
    } else {
        hex.intense_by
    };
    by & manned != 0
}

/// 17.1, AMB-27: entering `to` from `from` ends an infantry move: bocage entered along no road
/// or trail, or an Intense or Moderate point of a manned position or (23.3) of a non-disrupted
/// German tank's field.
pub fn stops_infantry(state: &Omaha, from: HexId, to: HexId) -> bool {
    let index = &state.data.index;
    let road = index.edge(from, to).map_or(Road::None, |e| e.road);
    stops_infantry_along(state, &Occupancy::of(state), road, to)
}

/// [`stops_infantry`] with the road along the step already known.
fn stops_infantry_along(state: &Omaha, occupancy: &Occupancy, road: Road, to: HexId) -> bool {
    let hex = &state.data.index.hexes[usize::from(to)];
    bocage_stops_infantry(hex.feature, road)
        || heavy_fire(hex, occupancy.manned, true)
        // 23.3: a tank's field affects US movement as a position's does.
        || occupancy.tank_fire_in(to, true)
}

/// 17.1, 17.11, 17.12 (AMB-27): every path of one or two hexes an infantry or Ranger unit, an
/// HQ or a General may take from its hex with one Move action. Empty for other units and for
/// units that may not move now.
///
/// The first step is a legal one-hex move (T5a, 7.31, 5.21; a leader does not infiltrate
/// alone, 7.32). Infantry crossing a bluff moves that one hex, with no Climb marker (17.11);
/// crossing a scalable cliff it moves that one hex at once and gets a Climb marker (17.12).
/// The second step is an ordinary move (no climb) from the first hex, and infantry takes it only
/// when neither hex stops it ([`stops_infantry`]). HQs and Generals have no such limit; T5a
/// still closes rough hexes to them and cliffs to HQs (AMB-20), and a bluff does not stop a
/// leader (17.11, 7.41).
pub fn two_hex_paths(state: &Omaha, unit: UsId) -> Vec<MovePath> {
    two_hex_paths_in(state, unit, &Occupancy::of(state), false)
}

/// [`two_hex_paths`] with the map's occupancy already worked out (the Action Phase list asks
/// it of every unit).
fn two_hex_paths_in(
    state: &Omaha,
    unit: UsId,
    occupancy: &Occupancy,
    together: bool,
) -> Vec<MovePath> {
    let mut out = Vec::new();
    visit_two_hex_paths(
        state,
        unit,
        occupancy,
        Walk {
            one_hex_only: false,
            together,
        },
        |hexes, infiltrates, climb_marker| {
            out.push(MovePath {
                hexes: hexes.to_vec(),
                infiltrates: infiltrates.to_vec(),
                climb_marker,
            });
        },
    );
    out
}

/// Which paths [`visit_two_hex_paths`] walks.
#[derive(Clone, Copy)]
struct Walk {
    /// Only the paths of one hex.
    one_hex_only: bool,
    /// The unit moves together with another (7.21): a leader may infiltrate (7.32).
    together: bool,
}

/// Calls `visit(hexes, infiltrates, climb_marker)` for each path [`two_hex_paths`] lists, in
/// the same order, without building them: the Action-Phase list walks every unit's paths on
/// every prompt.
fn visit_two_hex_paths(
    state: &Omaha,
    unit: UsId,
    occupancy: &Occupancy,
    walk: Walk,
    mut visit: impl FnMut(&[HexId], &[PosSet], bool),
) {
    let Walk {
        one_hex_only,
        together,
    } = walk;
    let index = &state.data.index;
    let Some(info) = index.us.get(usize::from(unit)) else {
        return;
    };
    let infantry = match info.counter {
        UsCounter::Unit(kind) if kind.infantry() => true,
        UsCounter::Hq | UsCounter::General => false,
        UsCounter::Unit(_) => return,
    };
    let (Some(from), Some(mover)) = (mover_hex(state, unit), crate::movement::mover(state, unit))
    else {
        return;
    };
    for (slot, &mid) in index.hexes[usize::from(from)].neighbours.iter().enumerate() {
        if !enterable(state, occupancy, mid) {
            continue;
        }
        let first = occupancy.infiltrators(state, from, mid);
        // 7.32: a leader infiltrates only together with another unit.
        if !infantry && !together && first != 0 {
            continue;
        }
        match crate::movement::crossing_at(state, from, slot, mover) {
            Crossing::Prohibited => continue,
            // 17.11: no Climb marker, but only one hex.
            Crossing::Climb => {
                visit(&[mid], &[first], false);
                continue;
            }
            // 17.12: across at once, with a Climb marker.
            Crossing::ClimbCliff => {
                visit(&[mid], &[first], true);
                continue;
            }
            Crossing::Allowed => visit(&[mid], &[first], false),
        }
        if one_hex_only {
            continue;
        }
        let road = |at: HexId, slot: usize| {
            index.hexes[usize::from(at)]
                .edges
                .get(slot)
                .map_or(Road::None, |e| e.road)
        };
        if infantry && stops_infantry_along(state, occupancy, road(from, slot), mid) {
            continue;
        }
        for (second_slot, &to) in index.hexes[usize::from(mid)].neighbours.iter().enumerate() {
            if to == from || !enterable(state, occupancy, to) {
                continue;
            }
            let second = occupancy.infiltrators(state, mid, to);
            if (!infantry && !together && second != 0)
                || crate::movement::crossing_at(state, mid, second_slot, mover) != Crossing::Allowed
                || (infantry && stops_infantry_along(state, occupancy, road(mid, second_slot), to))
            {
                continue;
            }
            visit(&[mid, to], &[first, second], false);
        }
    }
}

/// T5a for a tank (or any other non-infantry, non-leader unit) stepping from `from` to `to`
/// with `road` along the step, where `range` says which hexes are within an Engineer Base's
/// range: a mined road needs the hex entered in range; shingle and AT ditch hexsides need
/// either hex in range (19.31: the range covers the hexsides of its hexes).
fn vehicle_step(
    state: &Omaha,
    from: HexId,
    to: HexId,
    road: Road,
    range: &dyn Fn(HexId) -> bool,
) -> bool {
    let index = &state.data.index;
    let (Some(edge), Some(hex)) = (index.edge(from, to), index.hexes.get(usize::from(to))) else {
        return false;
    };
    let entered_in_range = range(to);
    let side_in_range = entered_in_range || range(from);
    step_crossing(
        Mover::Other,
        hex.feature,
        &edge.sides,
        road,
        entered_in_range,
        side_in_range,
    ) == Crossing::Allowed
        && (road != Road::Mined || entered_in_range)
}

/// The road a tank may use along the step `from` → `to` (17.22, AMB-28): trails are no road
/// to a tank, a mined road only where the hex entered is within an Engineer Base's range.
fn tank_road(state: &Omaha, from: HexId, to: HexId, range: &dyn Fn(HexId) -> bool) -> Road {
    match state.data.index.edge(from, to).map(|e| e.class) {
        Some(RoadClass::Main | RoadClass::Secondary) => Road::Open,
        Some(RoadClass::Mined) if range(to) => Road::Open,
        Some(RoadClass::Mined) => Road::Mined,
        Some(RoadClass::Trail | RoadClass::None) | None => Road::None,
    }
}

/// 17.23, 17.22, AMB-28: the one-hex moves of a unit that is not infantry or a leader in the
/// extended game: T5a for "all other units", with Engineer Base range given by `range`. A tank
/// gets no help from a trail (AMB-28: it may not move along a trail to cross terrain otherwise
/// prohibited); other units keep TEC note 6 for trails.
pub fn one_hex_paths(state: &Omaha, unit: UsId, range: impl Fn(HexId) -> bool) -> Vec<MovePath> {
    one_hex_paths_in(state, unit, range, &Occupancy::of(state))
}

fn one_hex_paths_in(
    state: &Omaha,
    unit: UsId,
    range: impl Fn(HexId) -> bool,
    occupancy: &Occupancy,
) -> Vec<MovePath> {
    let index = &state.data.index;
    let Some(kind) = index.us.get(usize::from(unit)).and_then(|u| u.kind()) else {
        return Vec::new();
    };
    if kind.infantry() {
        return Vec::new();
    }
    let Some(from) = mover_hex(state, unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (&to, edge) in index.hexes[usize::from(from)]
        .neighbours
        .iter()
        .zip(&index.hexes[usize::from(from)].edges)
    {
        let road = if kind == UsKind::Tank {
            tank_road(state, from, to, &range)
        } else {
            edge.road
        };
        if enterable(state, occupancy, to) && vehicle_step(state, from, to, road, &range) {
            out.push(MovePath {
                hexes: vec![to],
                infiltrates: vec![occupancy.infiltrators(state, from, to)],
                climb_marker: false,
            });
        }
    }
    out
}

/// 17.2, 17.21, 17.22 (AMB-28): the road moves of a tank from its hex, one to four hexes.
///
/// A tank on a main road may follow main roads up to 4 hexes; a tank on a secondary road may
/// follow secondary and main roads up to 2 hexes (a hex on both may do either). Every step runs
/// along the road from the hex before (17.21: start on the road, stay on it). Trails never count
/// (AMB-28); a mined road counts as a secondary road where the hex entered — and, to start on
/// it, the tank's own hex — is within an Engineer Base's range (`range`), and may not be entered
/// otherwise (17.22, 19.3). The tank stops on entering a hex with an Intense point of a manned
/// position (not for Moderate or Sporadic). Each path is listed once, shortest first; one-hex
/// paths are included (they are also ordinary moves, [`one_hex_paths`]).
pub fn tank_road_paths(state: &Omaha, unit: UsId, range: impl Fn(HexId) -> bool) -> Vec<MovePath> {
    tank_road_paths_in(state, unit, range, &Occupancy::of(state))
}

fn tank_road_paths_in(
    state: &Omaha,
    unit: UsId,
    range: impl Fn(HexId) -> bool,
    occupancy: &Occupancy,
) -> Vec<MovePath> {
    let index = &state.data.index;
    if index.us.get(usize::from(unit)).and_then(|u| u.kind()) != Some(UsKind::Tank) {
        return Vec::new();
    }
    let Some(from) = mover_hex(state, unit) else {
        return Vec::new();
    };
    let hex = &index.hexes[usize::from(from)];
    let secondary = |class: RoadClass, to: HexId| match class {
        RoadClass::Main | RoadClass::Secondary => true,
        RoadClass::Mined => range(to),
        RoadClass::Trail | RoadClass::None => false,
    };
    let main = |class: RoadClass, _: HexId| class == RoadClass::Main;
    let on_main = hex.edges.iter().any(|e| e.class == RoadClass::Main);
    let on_secondary = hex
        .edges
        .iter()
        .any(|e| e.class == RoadClass::Secondary || (e.class == RoadClass::Mined && range(from)));
    let mut out = Vec::new();
    let walk = RoadWalk {
        state,
        occupancy,
        range: &range,
    };
    if on_main {
        walk.extend(&mut vec![from], &mut Vec::new(), 4, &main, &mut out);
    }
    if on_secondary {
        walk.extend(&mut vec![from], &mut Vec::new(), 2, &secondary, &mut out);
    }
    out.sort_by(|a, b| (a.hexes.len(), &a.hexes).cmp(&(b.hexes.len(), &b.hexes)));
    out.dedup();
    out
}

/// A depth-first walk along roads for [`tank_road_paths`].
struct RoadWalk<'a> {
    state: &'a Omaha,
    occupancy: &'a Occupancy,
    range: &'a dyn Fn(HexId) -> bool,
}

impl RoadWalk<'_> {
    fn extend(
        &self,
        hexes: &mut Vec<HexId>,
        infiltrates: &mut Vec<PosSet>,
        left: usize,
        follows: &dyn Fn(RoadClass, HexId) -> bool,
        out: &mut Vec<MovePath>,
    ) {
        let Some(&at) = hexes.last() else {
            return;
        };
        if left == 0 {
            return;
        }
        let index = &self.state.data.index;
        let info = &index.hexes[usize::from(at)];
        for (&to, edge) in info.neighbours.iter().zip(&info.edges) {
            if hexes.contains(&to)
                || !follows(edge.class, to)
                || !enterable(self.state, self.occupancy, to)
                || !vehicle_step(
                    self.state,
                    at,
                    to,
                    tank_road(self.state, at, to, self.range),
                    self.range,
                )
            {
                continue;
            }
            hexes.push(to);
            infiltrates.push(self.occupancy.infiltrators(self.state, at, to));
            out.push(MovePath {
                hexes: hexes[1..].to_vec(),
                infiltrates: infiltrates.clone(),
                climb_marker: false,
            });
            // 17.2: an Intense point of a manned position stops the tank, and so does one of a
            // German tank's field (23.3).
            if !heavy_fire(&index.hexes[usize::from(to)], self.occupancy.manned, false)
                && !self.occupancy.tank_fire_in(to, false)
            {
                self.extend(hexes, infiltrates, left - 1, follows, out);
            }
            hexes.pop();
            infiltrates.pop();
        }
    }
}

// ---- A-MOVE from turn 17 ------------------------------------------------------------------

/// 17.1, 17.2, 17.23: every path `unit` may take with one Move action now, Engineer Base range
/// (19.3, 19.31) included: two-hex paths for infantry and leaders, one-hex and road paths for
/// tanks, one-hex paths for every other unit.
pub fn paths(state: &Omaha, unit: UsId) -> Vec<MovePath> {
    paths_in(state, unit, &Occupancy::of(state), false)
}

/// [`paths`]; `together` for a unit moving with another (7.21), where a leader may infiltrate
/// (7.32).
fn paths_in(state: &Omaha, unit: UsId, occupancy: &Occupancy, together: bool) -> Vec<MovePath> {
    let range = |h: HexId| crate::engineer_bases::in_range(state, h);
    match state
        .data
        .index
        .us
        .get(usize::from(unit))
        .map(|u| u.counter)
    {
        Some(UsCounter::Hq | UsCounter::General) => {
            two_hex_paths_in(state, unit, occupancy, together)
        }
        Some(UsCounter::Unit(kind)) if kind.infantry() => {
            two_hex_paths_in(state, unit, occupancy, together)
        }
        Some(UsCounter::Unit(UsKind::Tank)) => {
            let mut all = one_hex_paths_in(state, unit, range, occupancy);
            for p in tank_road_paths_in(state, unit, range, occupancy) {
                if !all.iter().any(|q| q.hexes == p.hexes) {
                    all.push(p);
                }
            }
            all
        }
        Some(UsCounter::Unit(_)) => one_hex_paths_in(state, unit, range, occupancy),
        None => Vec::new(),
    }
}

/// 7.21 with 17.1, 17.2, 17.23: the paths two units of one hex may take together, each legal
/// for both of them; a leader moving with another unit may infiltrate (7.32). `climb_marker`
/// is set when either unit crosses a cliff (17.12).
pub(crate) fn pair_paths(
    state: &Omaha,
    unit: UsId,
    with: UsId,
    occupancy: &Occupancy,
) -> Vec<MovePath> {
    let theirs = paths_in(state, with, occupancy, true);
    if theirs.is_empty() {
        return Vec::new();
    }
    paths_in(state, unit, occupancy, true)
        .into_iter()
        .filter_map(|p| {
            let q = theirs.iter().find(|q| q.hexes == p.hexes)?;
            let climb_marker = p.climb_marker || q.climb_marker;
            Some(MovePath { climb_marker, ..p })
        })
        .collect()
}

/// A-MOVE from turn 17: the moves of `unit` (in `from`, not disrupted, climbing or a CP) for
/// the Action Phase list. One hex is `Move`, more is `MoveAlong` with its path (two paths to one
/// hex may differ in what they infiltrate). 7.22: the other division's unit only across the
/// sector line; 7.5/17.12: only its own division climbs a cliff. Unless `paid_or_free` (the
/// division has an action left, or the unit acts for free, 7.1) only self-preservation (one
/// hex) and traffic management (19.3).
pub(crate) fn legal_moves(
    state: &Omaha,
    unit: UsId,
    from: HexId,
    own: bool,
    paid_or_free: bool,
    occupancy: &Occupancy,
    out: &mut Vec<crate::action::OmahaAction>,
) {
    use crate::action::{OmahaAction, Path};
    let free = paid_or_free || crate::engineer_bases::traffic_managed(state, unit);
    // Spent, with no free reason: only a one-hex self-preservation move is left (7.1, 22.1,
    // 23.6), which most units cannot make from where they stand, and no longer path is worth
    // walking.
    if !free && !crate::movement::may_self_preserve_from(state, unit, from) {
        return;
    }
    let one_hex_only = !free;
    // Every path is offered once: `visit_two_hex_paths` walks each (first, second) hex pair
    // once, and `paths_in` drops repeated paths.
    let mut offer = |hexes: &[HexId], climb_marker: bool| {
        let Some(&to) = hexes.last() else {
            return;
        };
        if !own && (!crate::movement::across(state, from, to) || climb_marker) {
            return;
        }
        let self_preservation =
            || hexes.len() == 1 && crate::movement::self_preservation(state, unit, from, to);
        if !(free || self_preservation()) {
            return;
        }
        let action = match hexes.len() {
            1 => OmahaAction::Move { unit, to },
            _ => match Path::new(hexes) {
                Some(p) => OmahaAction::MoveAlong { unit, path: p },
                None => return,
            },
        };
        out.push(action);
    };
    let leg = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .map(|u| u.counter);
    let walk = Walk {
        one_hex_only,
        together: false,
    };
    match leg {
        Some(UsCounter::Hq | UsCounter::General) => {
            visit_two_hex_paths(state, unit, occupancy, walk, |h, _, c| offer(h, c))
        }
        Some(UsCounter::Unit(kind)) if kind.infantry() => {
            visit_two_hex_paths(state, unit, occupancy, walk, |h, _, c| offer(h, c))
        }
        _ => {
            for path in paths_in(state, unit, occupancy, false) {
                offer(&path.hexes, path.climb_marker);
            }
        }
    }
}

/// Carry out an extended A-MOVE already found legal: charge the action (free under 7.1,
/// self-preservation or traffic management, 19.3), then enter each hex in turn. Each step is an
/// infiltration where 7.32 says so (a card per step; a lost step asks P-INFILTRATE-DONE, and the
/// rest of the path waits in `move_rest`). 17.11: no Climb marker across a bluff; 17.12: a
/// Climb marker across a cliff.
pub(crate) fn carry_out(
    state: &mut Omaha,
    unit: UsId,
    hexes: &[HexId],
    division: crate::data::Division,
    log: &mut crate::action::OmahaLog,
) {
    carry_out_group(state, &[unit], hexes, division, log);
}

/// Whether `unit`'s part in a move along `hexes` from `from` is free: 7.1, traffic management
/// (19.3), or a one-hex self-preservation move (7.1, 22.1, 23.6).
pub(crate) fn free_move(state: &Omaha, unit: UsId, from: HexId, hexes: &[HexId]) -> bool {
    crate::movement::free(state, unit)
        || crate::engineer_bases::traffic_managed(state, unit)
        || matches!(hexes, [to] if crate::movement::self_preservation(state, unit, from, *to))
}

/// [`carry_out`] for `units`: one unit, or two of one hex making the same move for one action
/// between them (7.21; free when each of them would move for free).
pub(crate) fn carry_out_group(
    state: &mut Omaha,
    units: &[UsId],
    hexes: &[HexId],
    division: crate::data::Division,
    log: &mut crate::action::OmahaLog,
) {
    let Some(&first) = units.first() else {
        return;
    };
    let Some(from) = crate::state::hex_of(state, first) else {
        return;
    };
    let free_now = units.iter().all(|&u| free_move(state, u, from, hexes));
    for &unit in units {
        let traffic = crate::engineer_bases::traffic_managed(state, unit);
        if traffic && !crate::movement::free(state, unit) {
            let name = state.name(unit).to_owned();
            log.public(
                crate::engineer_bases::TRAFFIC,
                crate::action::OmahaEvent::Note,
                || format!("Engineers manage the traffic: {name} moves for free (19.3)."),
            );
        }
        if let Some(u) = state.us.get_mut(usize::from(unit)) {
            u.flags.set(UsFlags::ACTED, true);
        }
    }
    if let crate::state::Step::Actions {
        division: d,
        left,
        second,
    } = state.step
        && !free_now
    {
        state.step = crate::state::Step::Actions {
            division: d,
            left: left.saturating_sub(1),
            second,
        };
    }
    if units.len() > 1 {
        log.public(
            crate::movement::GROUP,
            crate::action::OmahaEvent::Note,
            || "Two units move together for one action (7.21).".to_owned(),
        );
    }
    crate::movement::log_paid_by_other(state, units, division, log);
    walk(state, units, from, hexes, log);
}

/// Enter `hexes` one by one from `from` (see `carry_out`), all `units` together.
fn walk(
    state: &mut Omaha,
    units: &[UsId],
    mut from: HexId,
    hexes: &[HexId],
    log: &mut crate::action::OmahaLog,
) {
    // 7.32: leaders infiltrate only with another unit, and the listed moves keep them so.
    let infiltrating = units.iter().any(|&u| {
        state
            .data
            .index
            .us
            .get(usize::from(u))
            .is_some_and(|i| !i.is_leader())
    });
    for (i, &to) in hexes.iter().enumerate() {
        // 7.32, per step: one card for the units moving.
        if infiltrating
            && crate::movement::infiltrators(state, from, to) != 0
            && crate::movement::infiltrate(state, units, from, to, log)
        {
            // The rest waits for P-INFILTRATE-DONE (nothing waits if every unit was lost).
            if matches!(state.step, crate::state::Step::Infiltration { .. }) {
                state.move_rest = hexes.get(i + 1..).unwrap_or(&[]).to_vec();
            }
            return;
        }
        for &unit in units {
            step(state, unit, from, to, hexes.len() > 1, log);
        }
        from = to;
    }
}

/// One hex of an extended move: 17.11 no Climb marker across a bluff, 17.12 a Climb marker
/// across a scalable cliff.
fn step(
    state: &mut Omaha,
    unit: UsId,
    from: HexId,
    to: HexId,
    multi: bool,
    log: &mut crate::action::OmahaLog,
) {
    let crossing = crossing(state, unit, from, to);
    let Some(u) = state.us.get_mut(usize::from(unit)) else {
        return;
    };
    u.loc = UsLoc::Hex(to);
    if crossing == Crossing::ClimbCliff {
        u.flags.set(UsFlags::CLIMB, true);
    }
    let tank = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .and_then(|i| i.kind())
        == Some(UsKind::Tank);
    let rule = match crossing {
        Crossing::Climb => BLUFF,
        Crossing::ClimbCliff => CLIFF,
        _ if multi && tank => TANK_ROAD,
        _ if multi => TWO_HEX,
        _ => crate::movement::MOVE,
    };
    let name = state.name(unit).to_owned();
    let index = &state.data.index;
    let (a, b) = (
        index.hexes.get(usize::from(from)).map(|h| h.label),
        index.hexes.get(usize::from(to)).map(|h| h.label),
    );
    let how = match crossing {
        Crossing::Climb => ", across the bluff (no Climb marker, 17.11)",
        // A scalable cliff is crossed either way (7.5): say which.
        Crossing::ClimbCliff if descends(state, from, to) => {
            ", down the cliff (Climb marker, 17.12)"
        }
        Crossing::ClimbCliff => ", up the cliff (Climb marker, 17.12)",
        _ => "",
    };
    log.public(
        rule,
        crate::action::OmahaEvent::Moved { unit, from, to },
        || {
            format!(
                "{name} moves from {} to {}{how}.",
                a.map_or("?".to_owned(), |l| l.to_string()),
                b.map_or("?".to_owned(), |l| l.to_string())
            )
        },
    );
}

/// Whether a step goes from high ground down to the low level (a cliff or bluff climbed down).
pub(crate) fn descends(state: &Omaha, from: HexId, to: HexId) -> bool {
    let ground = |h: HexId| state.data.index.hexes.get(usize::from(h)).map(|x| x.ground);
    ground(from) == Some(crate::index::Ground::High)
        && ground(to) != Some(crate::index::Ground::High)
}

/// P-INFILTRATE-DONE answered in an extended move (7.32): with `go` the units enter `to` and
/// go on along the rest of their path; otherwise they stay and the move ends.
pub(crate) fn after_infiltration(
    state: &mut Omaha,
    units: &[UsId],
    to: HexId,
    go: bool,
    log: &mut crate::action::OmahaLog,
) {
    let rest = std::mem::take(&mut state.move_rest);
    if !go {
        return;
    }
    let Some(from) = units.first().and_then(|&u| crate::state::hex_of(state, u)) else {
        return;
    };
    for &unit in units {
        step(state, unit, from, to, !rest.is_empty(), log);
    }
    walk(state, units, to, &rest, log);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::acceptance::play_random;
    use crate::action::OmahaAction;
    use crate::state::{OmahaOptions, Step};

    /// The full rule [`legal_moves`] stands for once a unit's division is spent and nothing makes
    /// its move free: every path of [`paths`], kept when its division may pay for it (7.22, 7.5)
    /// and it is free by traffic management (19.3) or a one-hex self-preservation move (7.1,
    /// 22.1, 23.6).
    fn spent_moves_by_the_rule(
        state: &Omaha,
        unit: UsId,
        from: HexId,
        own: bool,
    ) -> Vec<OmahaAction> {
        let traffic = crate::engineer_bases::traffic_managed(state, unit);
        paths(state, unit)
            .into_iter()
            .filter(|p| {
                let to = *p.hexes.last().expect("a path enters a hex");
                (own || (crate::movement::across(state, from, to) && !p.climb_marker))
                    && (traffic
                        || (p.hexes.len() == 1
                            && crate::movement::self_preservation(state, unit, from, to)))
            })
            .map(|p| match p.hexes.as_slice() {
                [to] => OmahaAction::Move { unit, to: *to },
                hexes => OmahaAction::MoveAlong {
                    unit,
                    path: crate::action::Path::new(hexes).expect("a path of at most two hexes"),
                },
            })
            .collect()
    }

    /// A-MOVE's shortcut for a spent unit with no free reason (skip it when it cannot
    /// self-preserve from its hex, walk only one-hex paths otherwise) lists exactly the moves
    /// the full rule allows, in every Action-Phase state of seeded random extended games, with
    /// 22.1's and 23.6's self-preservation as well as 7.1's.
    #[test]
    fn rule_7_1_22_1_23_6_spent_unit_shortcut_agrees_with_the_rule_in_extended_play() {
        let games = [
            OmahaOptions::default(),
            OmahaOptions {
                effective_bombardment: true,
                ..OmahaOptions::default()
            },
            OmahaOptions {
                german_armor: true,
                ..OmahaOptions::default()
            },
        ];
        let (mut units_checked, mut moves_found) = (0, 0);
        for options in &games {
            for seed in 0..4 {
                play_random("beyond-the-beach", options, seed, |state| {
                    let Step::Actions { division, .. } = state.step else {
                        return;
                    };
                    let occupancy = Occupancy::of(state);
                    for unit in 0..state.us.len() as UsId {
                        let u = &state.us[usize::from(unit)];
                        let UsLoc::Hex(from) = u.loc else {
                            continue;
                        };
                        // `legal_moves` is asked only of units free to move from their hex.
                        if u.flags.has(
                            UsFlags::ACTED
                                | UsFlags::DISRUPTED
                                | UsFlags::CLIMB
                                | UsFlags::CLIMB_CLIFF,
                        ) || crate::command::is_cp(state, unit)
                        {
                            continue;
                        }
                        let own = u.command == division;
                        let mut listed = Vec::new();
                        legal_moves(state, unit, from, own, false, &occupancy, &mut listed);
                        let expected = spent_moves_by_the_rule(state, unit, from, own);
                        assert_eq!(
                            listed.len(),
                            expected.len(),
                            "unit {unit} in hex {from}: listed {listed:?}, the rule allows {expected:?}"
                        );
                        for action in &expected {
                            assert!(
                                listed.contains(action),
                                "unit {unit} in hex {from}: {action:?} missing from {listed:?}"
                            );
                        }
                        units_checked += 1;
                        moves_found += listed.len();
                    }
                });
            }
        }
        assert!(units_checked > 1_000, "only {units_checked} units checked");
        assert!(
            moves_found > 50,
            "only {moves_found} spent-unit moves found"
        );
    }
}
