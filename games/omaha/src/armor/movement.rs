//! 23.5 German tank movement: where a tank goes (toward US units on the roads, else the
//! German Tank Movement Map), where it stops (end points, 23.51, 23.53, overruns), the
//! G-TANK-TIE prompt for equal choices, and the end-point defeat at the end of a turn.

use super::{ACTIONS, MOVEMENT, TOWARD_RANGE, label, road_distances, road_neighbours};
use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{Sector, Symbol};
use crate::index::{GerId, HexId, UsCounter, UsId};
use crate::state::{GerLoc, Omaha, Step, TankMove, UsLoc};
use crate::tanks::tank_name;

/// 23.5 (AMB-38): the tank end points, tagged `tank_end_point` on the map.
pub fn end_point(state: &Omaha, hex: HexId) -> bool {
    let map = &state.data.map;
    let Some(tag) = map.tag_id("tank_end_point") else {
        return false;
    };
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .is_some_and(|x| map.has_tag(x.hex, tag))
}

/// A US counter other than a lone General is in `hex` (23.53; AMB-80: a General alone does
/// not hold a hex).
fn us_occupied(state: &Omaha, hex: HexId) -> bool {
    let index = &state.data.index;
    state
        .us_at(UsLoc::Hex(hex))
        .any(|u| index.us[usize::from(u)].counter != UsCounter::General)
}

fn us_armored_in(state: &Omaha, hex: HexId) -> bool {
    let index = &state.data.index;
    state
        .us_at(UsLoc::Hex(hex))
        .any(|u| index.us[usize::from(u)].armored())
}

/// A German unit other than tank `g` is in `hex` (23.51).
fn other_german_in(state: &Omaha, g: GerId, hex: HexId) -> bool {
    (0..state.germans.len())
        .any(|o| o != usize::from(g) && state.german_hex(o as GerId) == Some(hex))
}

/// 23.5: the hexes a tank in `at` may enter next, by its priorities: toward the nearest US
/// unit within 3 road hexes (AMB-52: the first step of a shortest road path; several equally
/// near units or equally short paths give several hexes, G-TANK-TIE), else the movement order
/// of its hex on the German Tank Movement Map, at a junction the branch of the Fire card's
/// target `symbol`. In hex id order; empty: the tank has nowhere to go.
pub fn next_hexes(state: &Omaha, at: HexId, symbol: Option<Symbol>) -> Vec<HexId> {
    let index = &state.data.index;
    let us: Vec<HexId> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| !index.us[*i].is_leader())
        .filter_map(|(_, u)| match u.loc {
            UsLoc::Hex(h) => Some(h),
            _ => None,
        })
        .collect();
    if !us.is_empty() {
        // Road distances from the tank: the nearest US units within range.
        let from_tank = road_distances(index, at, TOWARD_RANGE, |_| true);
        let near = |h: HexId| {
            from_tank
                .get(usize::from(h))
                .copied()
                .filter(|&d| d != u32::MAX && d > 0)
        };
        if let Some(d) = us.iter().filter_map(|&h| near(h)).min() {
            let mut steps: Vec<HexId> = Vec::new();
            for &target in us.iter().filter(|&&h| near(h) == Some(d)) {
                // The steps that bring the tank one road hex closer to that unit.
                let to_target = road_distances(index, target, d, |_| true);
                steps.extend(road_neighbours(index, at).filter(|&n| {
                    to_target
                        .get(usize::from(n))
                        .is_some_and(|&x| x.checked_add(1) == Some(d))
                }));
            }
            steps.sort_unstable();
            steps.dedup();
            return steps;
        }
    }
    movement_order(state, at, symbol).into_iter().collect()
}

/// 23.5: the movement order printed on `at` (tank_movement.toml); at a junction, the branch of
/// the Fire card's target symbol.
pub fn movement_order(state: &Omaha, at: HexId, symbol: Option<Symbol>) -> Option<HexId> {
    let index = &state.data.index;
    let label = index.hexes.get(usize::from(at))?.label;
    let order = state.data.tank_orders.iter().find(|o| o.hex == label)?;
    let to = match (&order.by_symbol, symbol) {
        (Some(b), Some(Symbol::Circle)) => b.circle,
        (Some(b), Some(Symbol::Triangle)) => b.triangle,
        (Some(b), Some(Symbol::Diamond)) => b.diamond,
        _ => order.next?,
    };
    index.hex(to)
}

/// What a move plan needs next: the hexes to enter, or the player's pick among equal next
/// hexes (G-TANK-TIE) before it can go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The hexes entered, in order (empty: the tank does not move).
    Path(Vec<HexId>),
    /// G-TANK-TIE: these next hexes are equal by 23.5's priorities; the player picks one.
    Tie(Vec<HexId>),
}

/// 23.5, 23.51, 23.53, 23.4 R: the hexes tank `g` would enter moving up to `hexes`
/// (`overrun`: 23.4 R), with `picks` the
/// G-TANK-TIE answers so far, one per tie met in order. It stops for good on an end point; it
/// enters no US-occupied hex (23.53) but, overrunning, passes through one in its 1st–3rd hex
/// holding no US tank; it passes German units but does not end on one (one hex further if it
/// can, else one less). Only hexes it could enter count toward a tie.
pub fn plan(
    state: &Omaha,
    g: GerId,
    hexes: u8,
    overrun: bool,
    symbol: Option<Symbol>,
    picks: &[HexId],
) -> Plan {
    let Some(start) = state.german_hex(g) else {
        return Plan::Path(Vec::new());
    };
    // 23.5: a tank on an end point stays there for the rest of the game.
    if end_point(state, start) {
        return Plan::Path(Vec::new());
    }
    let mut path: Vec<HexId> = Vec::new();
    let mut picks = picks.iter();
    let mut at = start;
    let mut passed_us = false;
    let limit = usize::from(hexes);
    // One extra step is looked at for 23.51 (ending on a German unit).
    while path.len() < limit + 1 {
        let extra = path.len() == limit;
        let through = overrun && !passed_us && path.len() < 3 && !extra;
        // 23.53, 23.4 R, 23.51: the hexes this step may enter; never back into the move.
        let enterable = |next: HexId| {
            next != start
                && !path.contains(&next)
                && (!us_occupied(state, next) || (through && !us_armored_in(state, next)))
                && !(extra && other_german_in(state, g, next))
        };
        let options: Vec<HexId> = next_hexes(state, at, symbol)
            .into_iter()
            .filter(|&h| enterable(h))
            .collect();
        let next = match options.as_slice() {
            [] => break, // 23.53: stop adjacent; or nowhere to go.
            [one] => *one,
            _ => match picks.next() {
                Some(&pick) if options.contains(&pick) => pick,
                _ => return Plan::Tie(options),
            },
        };
        if us_occupied(state, next) {
            passed_us = true;
        }
        path.push(next);
        at = next;
        if extra || end_point(state, next) {
            break; // 23.5: end points stop the tank.
        }
        // The planned last hex is free of German units: done.
        if path.len() == limit && !other_german_in(state, g, next) {
            break;
        }
    }
    // 23.51 one hex less, 23.4 R / 23.53 never ending in a US-occupied hex: back up.
    while let Some(&last) = path.last() {
        if other_german_in(state, g, last) || us_occupied(state, last) {
            path.pop();
        } else {
            break;
        }
    }
    Plan::Path(path)
}

/// Whether tank `g` can move at all `how` (T7 "if it can move"): some answer to every
/// G-TANK-TIE on the way gives a move.
pub fn can_move(state: &Omaha, g: GerId, how: TankMove, symbol: Option<Symbol>) -> bool {
    fn explore(
        state: &Omaha,
        g: GerId,
        how: TankMove,
        symbol: Option<Symbol>,
        picks: &mut Vec<HexId>,
    ) -> bool {
        match plan(state, g, how.hexes(), how.overrun(), symbol, picks) {
            Plan::Path(path) => !path.is_empty(),
            // Each pick fixes one more hex of a path of at most five: the search is tiny.
            Plan::Tie(options) => options.into_iter().any(|h| {
                picks.push(h);
                let moves = explore(state, g, how, symbol, picks);
                picks.pop();
                moves
            }),
        }
    }
    explore(state, g, how, symbol, &mut Vec::new())
}

/// 23.5: move tank `g` as ordered, then (23.4 P) fire on adjacent US units. A G-TANK-TIE on
/// the way asks the player ([`Step::TankMoveTie`]); the answer comes back here through
/// [`tie_answered`] with the picks so far in [`Omaha::tank_picks`].
pub(super) fn move_and_act(
    state: &mut Omaha,
    sector: Sector,
    g: GerId,
    how: TankMove,
    card: u8,
    log: &mut OmahaLog,
) {
    let symbol = super::target_symbol(state, card);
    let planned = plan(
        state,
        g,
        how.hexes(),
        how.overrun(),
        symbol,
        &state.tank_picks,
    );
    let path = match planned {
        Plan::Path(path) => path,
        Plan::Tie(options) => {
            state.hex_choices = options;
            state.step = Step::TankMoveTie {
                sector,
                tank: g,
                how,
            };
            return;
        }
    };
    state.tank_picks.clear();
    state.hex_choices.clear();
    move_along(state, g, &path, how.overrun(), log);
    if how != TankMove::PositionAndFire || state.outcome.is_some() {
        return;
    }
    // 23.4 P: then fire if US units are adjacent (every unit in the field may be hit).
    if let Some(hex) = state.german_hex(g) {
        let index = &state.data.index;
        let adjacent = super::targets(state, hex).iter().any(|&(_, h, _)| {
            index
                .hexes
                .get(usize::from(hex))
                .is_some_and(|x| x.neighbours.contains(&h))
        });
        if adjacent {
            super::fire(state, sector, g, card, false, log);
        }
    }
}

/// G-TANK-TIE answered (23.5, AMB-52): the tank's next hex is `hex`; its move is worked out
/// again with the picks so far, and once it is done the examination of the sector goes on (16).
pub(crate) fn tie_answered(state: &mut Omaha, hex: HexId, log: &mut OmahaLog) {
    let Step::TankMoveTie { sector, tank, how } = state.step else {
        return;
    };
    let (name, to) = (tank_name(state, tank), label(state, hex));
    log.public(MOVEMENT, OmahaEvent::Note, || {
        format!("G-TANK-TIE: {name} moves on toward {to} (23.5, AMB-52, the player's choice).")
    });
    state.tank_picks.push(hex);
    state.step = Step::GermanActions(sector);
    let Some(card) = state.fire_cards[sector.slot()] else {
        state.tank_picks.clear();
        state.hex_choices.clear();
        return;
    };
    move_and_act(state, sector, tank, how, card, log);
}

/// 23.5: tank `g` enters `path`; overrunning, the US units of a hex passed through are
/// disrupted (23.4 R). Its depth marker goes with it (23.51).
fn move_along(state: &mut Omaha, g: GerId, path: &[HexId], overrun: bool, log: &mut OmahaLog) {
    let (Some(from), Some(&to)) = (state.german_hex(g), path.last()) else {
        return;
    };
    for &h in path {
        if overrun && us_occupied(state, h) {
            let units: Vec<UsId> = state.us_at(UsLoc::Hex(h)).collect();
            let at = label(state, h);
            log.public(ACTIONS, OmahaEvent::Note, || {
                format!("The tank overruns {at}: every US unit there is disrupted (23.4 R).")
            });
            for u in units {
                state.disrupt(u, ACTIONS, log);
            }
        }
    }
    crate::effects::capture_generals(state, to, log);
    if let Some(x) = state.germans.get_mut(usize::from(g)) {
        x.loc = GerLoc::Hex(to);
    }
    let tank = tank_name(state, g);
    let route: Vec<String> = path.iter().map(|&h| label(state, h)).collect();
    let (a, stop) = (label(state, from), end_point(state, to));
    log.public(MOVEMENT, OmahaEvent::Note, || {
        format!(
            "{tank} moves from {a} by {} (23.5){}.",
            route.join(", "),
            if stop {
                ", reaching an end point: it stays there for the rest of the game"
            } else {
                ""
            }
        )
    });
}

/// 23.5 end points: at the end of a turn, a non-disrupted German tank on an end point makes the
/// player lose decisively. Returns whether the game ended.
pub fn end_of_turn(state: &mut Omaha, log: &mut OmahaLog) -> bool {
    if !state.options.german_armor || state.outcome.is_some() {
        return false;
    }
    let Some((g, h)) = state
        .tanks_on_map()
        .find(|&(g, h)| !state.germans[usize::from(g)].disrupted && end_point(state, h))
    else {
        return false;
    };
    let (tank, at) = (tank_name(state, g), label(state, h));
    log.public(MOVEMENT, OmahaEvent::GameOver, || {
        format!(
            "{tank} stands undisrupted on the end point {at} at the end of the turn: the player loses decisively (23.5)."
        )
    });
    state.outcome = Some(overlord_engine::Outcome::shared(
        crate::seats::count(state),
        overlord_engine::SeatSet::EMPTY,
        false,
        -1,
        MOVEMENT,
    ));
    state.step = Step::Over;
    true
}
