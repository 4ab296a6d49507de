//! German tanks on the map (variant 23) as the other chapters ask about them: which tank and
//! where (its name, its colour, its bit in a [`PosSet`] for 7.32), its fire field (23.3, T8 in
//! [`crate::tables::tank_fire`]) and the elevation it fires across (23.42), and what it does to
//! US movement: infiltration (7.32 with 23.3) and infantry self-preservation (23.6). What tanks
//! do (appear, act, move, fire, score) is [`crate::armor`]'s.

use crate::data::{Colour, FireLevel, Icon};
use crate::index::{GerId, GerKind, Ground, HexId, Index, MAX_POSITIONS, PosId, PosSet, UsId};
use crate::state::{Omaha, UsFlags, UsLoc};

/// How many tanks the US movement's infiltration test can tell apart: the top bits of a
/// [`PosSet`] above the printed positions (`MAX_POSITIONS`).
pub const TANK_BITS: usize = PosSet::BITS as usize - MAX_POSITIONS;

/// The tank's colour (23: it acts as a position of that colour).
pub fn colour(state: &Omaha, g: GerId) -> Option<Colour> {
    state.data.index.germans.get(usize::from(g))?.colour
}

/// The tank's name, for the log and prompts.
pub(crate) fn tank_name(state: &Omaha, g: GerId) -> String {
    state
        .data
        .index
        .germans
        .get(usize::from(g))
        .map_or_else(|| "a German tank".to_owned(), |x| x.name.clone())
}

/// The ordinal of tank `g` among the tanks (its bit above the positions in a [`PosSet`]).
fn ordinal(state: &Omaha, g: GerId) -> Option<usize> {
    state
        .data
        .index
        .germans
        .iter()
        .enumerate()
        .filter(|(_, x)| x.kind == GerKind::Tank)
        .position(|(i, _)| i == usize::from(g))
}

/// The [`PosSet`] bit of tank `g` for 7.32 (none past [`TANK_BITS`] tanks).
pub fn tank_bit(state: &Omaha, g: GerId) -> PosSet {
    match ordinal(state, g) {
        Some(o) if o < TANK_BITS => 1 << (MAX_POSITIONS + o),
        _ => 0,
    }
}

/// The tank whose [`tank_bit`] is bit `bit` of a [`PosSet`].
fn tank_of_bit(state: &Omaha, bit: usize) -> Option<GerId> {
    let o = bit.checked_sub(MAX_POSITIONS)?;
    state
        .data
        .index
        .germans
        .iter()
        .enumerate()
        .filter(|(_, x)| x.kind == GerKind::Tank)
        .nth(o)
        .map(|(i, _)| i as GerId)
}

/// The tank in `hex`, if any.
pub fn tank_in(state: &Omaha, hex: HexId) -> Option<GerId> {
    state
        .tanks_on_map()
        .find(|&(_, h)| h == hex)
        .map(|(g, _)| g)
}

/// 23.43: the tank occupying a hex of position `p`, if any (then only the tank acts).
pub fn tank_in_position(state: &Omaha, p: PosId) -> Option<GerId> {
    let index = &state.data.index;
    let pos = index.positions.get(usize::from(p))?;
    pos.slots
        .iter()
        .filter_map(|&s| index.slots.get(usize::from(s)))
        .find_map(|slot| tank_in(state, slot.hex))
}

/// 23.3: the fire field of a tank in `hex` (T8); a tank's field is never a printed one.
pub fn field(state: &Omaha, hex: HexId) -> Vec<(HexId, FireLevel)> {
    crate::tables::tank_fire::tank_fire_field(&state.data.index, hex)
}

/// 23.3, 12.31: every hex in the fire field of a tank on the map (disrupted ones included with
/// `include_disrupted`), as a flag per hex; `None` while no tank is on the map.
pub fn fire_hexes(state: &Omaha, include_disrupted: bool) -> Option<Vec<bool>> {
    let mut out: Option<Vec<bool>> = None;
    for (g, h) in state.tanks_on_map() {
        if !include_disrupted && state.germans[usize::from(g)].disrupted {
            continue;
        }
        let flags = out.get_or_insert_with(|| vec![false; state.data.index.hexes.len()]);
        for (f, _) in field(state, h) {
            if let Some(x) = flags.get_mut(usize::from(f)) {
                *x = true;
            }
        }
    }
    out
}

/// 23.3, 7.32: the non-disrupted tanks adjacent to both `from` and `to` with both in their
/// field, as [`tank_bit`]s (a move between them is an infiltration).
pub fn infiltrating_tanks(state: &Omaha, from: HexId, to: HexId) -> PosSet {
    let index = &state.data.index;
    let adjacent = |a: HexId, b: HexId| {
        index
            .hexes
            .get(usize::from(a))
            .is_some_and(|x| x.neighbours.contains(&b))
    };
    let mut set = 0;
    for (g, h) in state.tanks_on_map() {
        if state.germans[usize::from(g)].disrupted || !adjacent(h, from) || !adjacent(h, to) {
            continue;
        }
        let f = field(state, h);
        let has = |x: HexId| f.iter().any(|&(y, _)| y == x);
        if has(from) && has(to) {
            set |= tank_bit(state, g);
        }
    }
    set
}

/// 7.32 with 23.3: whether one of the tanks of `set` qualifies on a Fire card with `icons` (its
/// colour shown; a double square only with its depth marker).
pub fn tank_infiltration_qualifies(state: &Omaha, set: PosSet, icons: &[Icon]) -> bool {
    (MAX_POSITIONS..PosSet::BITS as usize)
        .filter(|&b| set & (1 << b) != 0)
        .filter_map(|b| tank_of_bit(state, b))
        .any(|g| {
            let depth = state.germans[usize::from(g)].depth.is_some();
            icons
                .iter()
                .any(|i| Some(i.colour) == colour(state, g) && (depth || !i.double))
        })
}

/// 23.42: whether a tank in `from` may fire at a unit in `to`: from high ground at lower ground
/// only if the tank is adjacent to low ground; from low ground never at high ground.
pub fn elevation_allows(index: &Index, from: HexId, to: HexId) -> bool {
    let ground = |h: HexId| index.hexes.get(usize::from(h)).map(|x| x.ground);
    let low = |g: Option<Ground>| matches!(g, Some(Ground::Beach | Ground::Flat | Ground::Sea));
    match (ground(from), ground(to)) {
        (Some(Ground::High), Some(Ground::High)) => true,
        (Some(Ground::High), _) => index
            .hexes
            .get(usize::from(from))
            .is_some_and(|x| x.neighbours.iter().any(|&n| low(ground(n)))),
        (_, Some(Ground::High)) => false,
        _ => true,
    }
}

/// 23.6: whether `unit` is infantry adjacent to and in the fire field of a German tank now;
/// [`crate::actions::start_action_phase`] records it as [`UsFlags::NEAR_TANK`] ("at the start
/// of the Action Phase").
pub fn near_tank(state: &Omaha, unit: UsId) -> bool {
    if !state.options.german_armor || !infantry(state, unit) {
        return false;
    }
    let Some(UsLoc::Hex(at)) = state.us.get(usize::from(unit)).map(|u| u.loc) else {
        return false;
    };
    let index = &state.data.index;
    state
        .tanks_on_map()
        .any(|(_, t)| adjacent(index, t, at) && field(state, t).iter().any(|&(x, _)| x == at))
}

fn infantry(state: &Omaha, unit: UsId) -> bool {
    state
        .data
        .index
        .us
        .get(usize::from(unit))
        .and_then(|x| x.kind())
        .is_some_and(crate::data::UsKind::infantry)
}

fn adjacent(index: &Index, a: HexId, b: HexId) -> bool {
    index
        .hexes
        .get(usize::from(a))
        .is_some_and(|x| x.neighbours.contains(&b))
}

/// 23.6: infantry self-preservation against tanks: an infantry unit adjacent to and in the fire
/// field of a German tank at the start of the Action Phase ([`UsFlags::NEAR_TANK`], recorded
/// then; tanks do not move in the Action Phase) may move for free from `from`, a hex adjacent
/// to that tank and in its field, to an adjacent hex not adjacent to that tank and not in its
/// fire field. A unit that came next to a tank during the phase does not qualify; nor does one
/// whose tank is gone (there is nothing left to get away from).
pub fn self_preservation(state: &Omaha, unit: UsId, from: HexId, to: HexId) -> bool {
    if !state.options.german_armor
        || !infantry(state, unit)
        || !state
            .us
            .get(usize::from(unit))
            .is_some_and(|u| u.flags.has(UsFlags::NEAR_TANK))
    {
        return false;
    }
    let index = &state.data.index;
    state.tanks_on_map().any(|(_, t)| {
        let f = field(state, t);
        let in_field = |h: HexId| f.iter().any(|&(x, _)| x == h);
        adjacent(index, t, from)
            && in_field(from)
            && !adjacent(index, t, to)
            && t != to
            && !in_field(to)
    })
}
