//! The Germans' programmed choices (AMB-GER, AMBX-GER): which action a German's card gives
//! him this round, whom he fires at, and with what.
//!
//! The actions are carried out by [`crate::german_actions`].

use crate::data::weapons::Side;
use crate::fire::{self, Kind};
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMB-GER-1: the round's Action Number.
pub const ACTION_NUMBER: RuleId = RuleId("AMB-GER-1");
/// AMB-GER-3: a Special Action's own Action Number.
pub const SPECIAL: RuleId = RuleId("AMB-GER-3");

/// The code a German's card gives him, and the column it was read in (for the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardAction {
    pub code: String,
    pub column: String,
    pub row: u8,
}

/// AMB-GER-2..4, AMBX-GER-3: the action `german`'s card gives for Action Number `number`: the
/// S column when an active US soldier is in or next to his hex, else the Condition's; `SP`
/// rolls a new number for him alone and reads the SP column (where `SP` again is `HD`).
pub fn card_action(game: &mut Ambush, german: SoldierId, number: u8) -> Option<CardAction> {
    let card = game.soldier(german).card;
    let def = game
        .mission()
        .germans
        .get(usize::from(card))?
        .get_ref()
        .clone();
    // AMB-PRIS-2: a prisoner freed in the squad's sight reads his S column from then on.
    let column = if us_close(game, german) || game.soldier(german).s_column {
        "S".to_owned()
    } else {
        game.condition.to_string()
    };
    let read = |column: &str, row: u8| -> Option<String> {
        let c = def.columns.iter().position(|k| k == column)?;
        def.table.get(usize::from(row))?.get(c).cloned()
    };
    let code = read(&column, number)?;
    if code != "SP" {
        return Some(CardAction {
            code,
            column,
            row: number,
        });
    }
    // AMB-GER-3, AMBIG-11: a new number for this German only; the round's stays.
    let row = dice::d10(&mut game.rng, SPECIAL);
    let code = read("SP", row)?;
    Some(CardAction {
        code: if code == "SP" { "HD".to_owned() } else { code },
        column: "SP".to_owned(),
        row,
    })
}

/// AMB-GER-4: an active US soldier in `german`'s hex or next to it.
pub fn us_close(game: &Ambush, german: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    let Some(here) = game.soldier(german).hex(&game.vehicles) else {
        return false;
    };
    game.side(Side::Us).any(|id| {
        let s = game.soldier(id);
        !s.inactive()
            && s.hex(&game.vehicles)
                .is_some_and(|h| map.distance(h, here) <= 1)
    })
}

/// AMB-GER-7, AMBX-GER-4: the target easiest to hit with `german`'s item `item` fired
/// (`kind`): the highest DD; then the shortest range; then the worse health; then the lowest
/// id.
pub fn easiest_target(
    game: &Ambush,
    german: SoldierId,
    item: usize,
    kind: Kind,
) -> Option<SoldierId> {
    let map = game.map()?;
    let (here, ..) = fire::firing_point(game, german)?;
    game.side(Side::Us)
        .filter_map(|target| {
            let dd = fire::dd(game, german, item, target, kind).ok()?;
            let Place::Hex(there) = game.soldier(target).place else {
                return None;
            };
            Some((
                dd,
                map.distance(here, there),
                game.soldier(target).health,
                target,
            ))
        })
        .min_by_key(|&(dd, range, health, target)| {
            (
                std::cmp::Reverse(dd),
                range,
                std::cmp::Reverse(health),
                target,
            )
        })
        .map(|(_, _, _, target)| target)
}

/// AMB-GER-5: `german` surrenders: prone and motionless; captured at once if a US soldier is in
/// his hex, else waiting to be captured (AMBX-ASLT-4).
pub fn surrender(game: &mut Ambush, german: SoldierId) {
    let here = game.soldier(german).hex(&game.vehicles);
    let guarded = game.side(Side::Us).any(|id| {
        let s = game.soldier(id);
        !s.inactive() && here.is_some() && s.hex(&game.vehicles) == here
    });
    let s = &mut game.soldiers[german.index()];
    s.stance = crate::data::mission::Stance::Prone;
    s.surrendered = true;
    if guarded {
        capture(s);
    }
}

fn capture(s: &mut crate::state::Soldier) {
    s.captured = true;
    s.surrendered = false;
    s.stance = crate::data::mission::Stance::Prone;
    s.marker.row = crate::tables::track::Row::Inactive;
}

/// AMBX-ASLT-4: an active US soldier in the hex of a German who surrendered captures him, no
/// roll needed.
pub fn capture_surrendered(game: &mut Ambush, hex: crate::map::Hex) {
    let guarded = game.side(Side::Us).any(|id| {
        let s = game.soldier(id);
        !s.inactive() && s.hex(&game.vehicles) == Some(hex)
    });
    if !guarded {
        return;
    }
    let there: Vec<SoldierId> = game
        .side(Side::German)
        .filter(|&g| game.soldier(g).surrendered && game.soldier(g).place == Place::Hex(hex))
        .collect();
    for g in there {
        capture(&mut game.soldiers[g.index()]);
    }
}

/// The hexes `german` can reach with at most `budget` MP (his own included), each with the
/// cheapest cost (AMBX-MOV-1/2; one hex always).
pub fn reachable(game: &Ambush, from: crate::map::Hex, budget: u8) -> Vec<crate::map::Hex> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    let costs = &game.data().tables.movement.infantry;
    let mut best: Vec<Option<u16>> = vec![None; map.cells.len()];
    best[usize::from(from.0)] = Some(0);
    let mut frontier = vec![(0u16, from)];
    while let Some((cost, at)) = frontier.pop() {
        for dir in crate::data::map::Dir::ALL {
            let Some(next) = map.neighbour(at, dir) else {
                continue;
            };
            let Some(step) = crate::movement::infantry_cost(map, costs, at, next) else {
                continue;
            };
            let total = cost + u16::from(step);
            let first_step = at == from;
            if total > u16::from(budget) && !first_step {
                continue;
            }
            if best[usize::from(next.0)].is_none_or(|b| total < b) {
                best[usize::from(next.0)] = Some(total);
                if total <= u16::from(budget) {
                    frontier.push((total, next));
                }
            }
        }
    }
    map.hexes()
        .filter(|h| best[usize::from(h.0)].is_some())
        .collect()
}

/// AMBX-GER-6 (`EV`): where `german` goes to evade, and his stance there: among the hexes his
/// MPA reaches, the one the fewest active US soldiers see, then the best cover, then the
/// farthest from the nearest US soldier, then the lowest id; crouching there, or prone where
/// none sees him.
pub fn evasion(
    game: &Ambush,
    german: SoldierId,
) -> Option<(crate::map::Hex, crate::data::mission::Stance)> {
    use crate::data::mission::Stance;
    use crate::los::{End, line_of_sight};
    let map = game.map()?;
    let Place::Hex(from) = game.soldier(german).place else {
        return None;
    };
    let fcm = &game.data().tables.fcm;
    let us: Vec<(crate::map::Hex, Stance)> = game
        .side(Side::Us)
        .filter(|&id| !game.soldier(id).inactive())
        .filter_map(|id| {
            Some((
                game.soldier(id).hex(&game.vehicles)?,
                game.soldier(id).stance,
            ))
        })
        .collect();
    let best = reachable(game, from, game.soldier(german).ratings.mpa)
        .into_iter()
        .map(|h| {
            let seen_by = us
                .iter()
                .filter(|&&(u, stance)| {
                    line_of_sight(map, End::new(u, stance), End::new(h, Stance::Crouching))
                })
                .count();
            let cover = fcm
                .terrain
                .get(map.cell(h).terrain.name())
                .copied()
                .unwrap_or(0);
            let nearest = us
                .iter()
                .map(|&(u, _)| map.distance(u, h))
                .min()
                .unwrap_or(u32::MAX);
            ((seen_by, cover, std::cmp::Reverse(nearest), h), h)
        })
        .min_by_key(|(key, _)| *key)?;
    let ((seen_by, ..), hex) = best;
    Some((
        hex,
        if seen_by == 0 {
            Stance::Prone
        } else {
            Stance::Crouching
        },
    ))
}

/// What a German fires with (AMB-GER-8, AMBX-GER-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arms {
    /// This item, at this target.
    Fire { item: usize, target: SoldierId },
    /// Every weapon jammed: clear the primary.
    ClearJam { item: usize },
    /// Nothing to fire at with what works.
    Nothing,
}

/// AMB-GER-8, AMBX-GER-5: the primary weapon if it can fire at someone, else the next; every
/// weapon jammed, he clears the primary.
pub fn arms(game: &Ambush, german: SoldierId, kind: Kind) -> Arms {
    let items = &game.soldier(german).items;
    for item in 0..items.len() {
        if let Some(target) = easiest_target(game, german, item, kind) {
            return Arms::Fire { item, target };
        }
    }
    if !items.is_empty() && items.iter().all(|i| i.jammed) {
        return Arms::ClearJam { item: 0 };
    }
    Arms::Nothing
}

/// AMBX-MOV-5 (AMB-GER-6): the hexes `german` walks this turn toward the red destination of
/// his hex under the Condition in force, with at most `budget` MP: the cheapest path (equal
/// costs: the smallest sequence of hex ids), as far along it as the MP reach (one hex always,
/// AMBX-MOV-2), stopping on the destination. Empty when the sheet says stay.
pub fn red_path(game: &Ambush, german: SoldierId, budget: u8) -> Vec<crate::map::Hex> {
    let Place::Hex(from) = game.soldier(german).place else {
        return Vec::new();
    };
    let Some(to) = game.mission().table.gmove(from, game.condition) else {
        return Vec::new();
    };
    walk_toward(game, from, to, budget)
}

/// AMBX-MOV-5's pathing toward any `to`: the hexes walked from `from` with at most `budget`
/// MP along the cheapest path (equal costs: the smallest sequence of hex ids), one hex
/// always, stopping on `to`. Empty when `to` cannot be reached.
pub fn walk_toward(
    game: &Ambush,
    from: crate::map::Hex,
    to: crate::map::Hex,
    budget: u8,
) -> Vec<crate::map::Hex> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    let costs = &game.data().tables.movement.infantry;
    let cost = |a, b| crate::movement::infantry_cost(map, costs, a, b);
    // The costs on foot never change: the backward search is kept per destination.
    let Some(memo) = map.walk_memo.get(usize::from(to.0)) else {
        return Vec::new();
    };
    let left = memo.get_or_init(|| costs_to(map, to, &cost));
    walk_on(map, from, to, budget, left, &cost)
}

/// Every hex's cheapest cost by `cost` to `to` (a Dijkstra backward from it), [`u16::MAX`]
/// where `to` cannot be reached.
fn costs_to(
    map: &crate::map::MissionMap,
    to: crate::map::Hex,
    cost: &impl Fn(crate::map::Hex, crate::map::Hex) -> Option<u8>,
) -> Vec<u16> {
    use crate::map::Hex;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut left: Vec<u16> = vec![u16::MAX; map.cells.len()];
    left[usize::from(to.0)] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u16, to.0)));
    while let Some(Reverse((d, at))) = heap.pop() {
        if d > left[usize::from(at)] {
            continue;
        }
        for dir in crate::data::map::Dir::ALL {
            let Some(prev) = map.neighbour(Hex(at), dir) else {
                continue;
            };
            if let Some(step) = cost(prev, Hex(at)) {
                let through = d + u16::from(step);
                if through < left[usize::from(prev.0)] {
                    left[usize::from(prev.0)] = through;
                    heap.push(Reverse((through, prev.0)));
                }
            }
        }
    }
    left
}

/// Walking forward from `from` onto the lowest-id next hex that stays on a cheapest path to
/// `to` (`left`: each hex's cheapest cost to it), as far as `budget` reaches (one hex always).
fn walk_on(
    map: &crate::map::MissionMap,
    from: crate::map::Hex,
    to: crate::map::Hex,
    budget: u8,
    left: &[u16],
    cost: &impl Fn(crate::map::Hex, crate::map::Hex) -> Option<u8>,
) -> Vec<crate::map::Hex> {
    use crate::map::Hex;
    if left[usize::from(from.0)] == u16::MAX {
        return Vec::new();
    }
    let mut path = vec![from.0];
    let mut at = from;
    while at != to {
        let next = crate::data::map::Dir::ALL
            .into_iter()
            .filter_map(|dir| map.neighbour(at, dir))
            .filter(|&n| {
                cost(at, n).is_some_and(|c| {
                    left[usize::from(n.0)] != u16::MAX
                        && left[usize::from(n.0)] + u16::from(c) == left[usize::from(at.0)]
                })
            })
            .min();
        let Some(next) = next else { break };
        path.push(next.0);
        at = next;
    }
    // As far as the MP reach; one hex always.
    let mut walked = Vec::new();
    let mut spent = 0u16;
    for pair in path.windows(2) {
        let step = cost(Hex(pair[0]), Hex(pair[1])).unwrap_or(u8::MAX);
        if spent + u16::from(step) > u16::from(budget) && !walked.is_empty() {
            break;
        }
        spent += u16::from(step);
        walked.push(Hex(pair[1]));
    }
    walked
}

/// The hexes walked from `from` toward `to` with at most `budget` (one hex always) along the
/// cheapest path by `cost` (`None`: no entry), equal costs resolving to the smallest sequence
/// of hex ids (AMBX-MOV-5); vehicles use it with their own costs (AMBX-VEH-2).
pub fn cheapest_walk(
    map: &crate::map::MissionMap,
    from: crate::map::Hex,
    to: crate::map::Hex,
    budget: u8,
    cost: impl Fn(crate::map::Hex, crate::map::Hex) -> Option<u8>,
) -> Vec<crate::map::Hex> {
    let left = costs_to(map, to, &cost);
    walk_on(map, from, to, budget, &left, &cost)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    use crate::data::mission::Stance;
    use crate::tables::track::Row;
    use crate::testkit::put;

    fn s1(dice: &[u16]) -> Ambush {
        let mut game = crate::testkit::s1(dice);
        for s in &mut game.soldiers {
            s.marker.row = Row::Complete;
            for item in &mut s.items {
                item.prepared = true;
            }
        }
        game
    }

    const A: SoldierId = SoldierId(5);

    /// T-GER-1 (AMB-GER-2, AMB-GER-4): Action Number 3 in Condition 2 reads `SF`; with a US
    /// soldier adjacent the S column's `GR`.
    #[test]
    fn t_ger_1_the_condition_column_and_the_s_column() {
        let mut game = s1(&[]);
        game.condition = 2;
        put(&mut game, 5, "0503");
        put(&mut game, 2, "0105");
        assert_eq!(card_action(&mut game, A, 3).unwrap().code, "SF");
        put(&mut game, 2, "0403");
        let action = card_action(&mut game, A, 3).unwrap();
        assert_eq!((action.code.as_str(), action.column.as_str()), ("GR", "S"));
    }

    /// T-GER-2 (AMB-GER-3, AMBIG-11): `SP` rolls a new number for him and reads the SP column.
    #[test]
    fn t_ger_2_a_special_action() {
        let mut game = s1(&[4]);
        game.condition = 2;
        put(&mut game, 5, "0503");
        let action = card_action(&mut game, A, 7).unwrap();
        assert_eq!(
            (action.code.as_str(), action.column.as_str(), action.row),
            ("EV", "SP", 4)
        );
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-GER-6 (AMB-GER-6, AMBX-MOV-5, AMBX-MIS-4): C's `MV` in Condition 2 from 0306 toward the
    /// barn (the red instruction of his hex):
    /// along the road and in by its door, 4 MP.
    #[test]
    fn t_ger_6_the_red_instruction() {
        let mut game = s1(&[]);
        game.condition = 2;
        put(&mut game, 7, "0306");
        let map = game.map().unwrap();
        let path: Vec<String> = red_path(&game, SoldierId(7), 5)
            .into_iter()
            .map(|h| map.label(h))
            .collect();
        assert_eq!(path, ["0405", "0404", "0504", "0505"]);
        // Condition 1: no red instruction in 0306; he stays.
        game.condition = 1;
        assert!(red_path(&game, SoldierId(7), 5).is_empty());
        // With 2 MP (a move-and-fire code's half), two hexes of road.
        game.condition = 2;
        assert_eq!(red_path(&game, SoldierId(7), 2).len(), 2);
    }

    /// T-GER-3 (AMB-GER-4/5, AMBX-ASLT-4): Action Number 9 with US2 adjacent: the S column's
    /// `SU`: B prone, surrendered, not captured; US2 entering his hex captures him, no roll.
    #[test]
    fn t_ger_3_a_surrender() {
        let mut game = s1(&[]);
        put(&mut game, 6, "0404");
        put(&mut game, 1, "0304");
        assert_eq!(card_action(&mut game, SoldierId(6), 9).unwrap().code, "SU");
        surrender(&mut game, SoldierId(6));
        let b = game.soldier(SoldierId(6));
        assert!(b.surrendered && !b.captured && b.stance == Stance::Prone);
        put(&mut game, 1, "0404");
        let hex = game.map().unwrap().hex("0404").unwrap();
        capture_surrendered(&mut game, hex);
        let b = game.soldier(SoldierId(6));
        assert!(b.captured && b.inactive());
    }

    /// AMBX-GER-6: C evading from the open crossroads, US1 on the road to the west: he makes
    /// for a hex no US soldier sees, and lies prone there.
    #[test]
    fn ambx_ger_6_evasive_movement() {
        let mut game = s1(&[]);
        put(&mut game, 7, "0404");
        put(&mut game, 0, "0104");
        let (hex, stance) = evasion(&game, SoldierId(7)).unwrap();
        let map = game.map().unwrap();
        let us1 = map.hex("0104").unwrap();
        assert!(!crate::los::line_of_sight(
            map,
            crate::los::End::new(us1, Stance::Standing),
            crate::los::End::new(hex, Stance::Crouching)
        ));
        assert_eq!(stance, Stance::Prone);
        assert!(map.distance(map.hex("0404").unwrap(), hex) <= 5);
    }

    /// T-GER-5 (AMB-GER-8, AMBX-GER-5): B's MG42 jammed, he fires his P38 at a target in its
    /// range; with none there, he clears the MG42.
    #[test]
    fn t_ger_5_the_second_weapon_and_the_jam() {
        let mut game = s1(&[]);
        put(&mut game, 6, "0404");
        put(&mut game, 4, "0104");
        game.soldiers[4].stance = Stance::Standing;
        game.soldiers[6].items[0].jammed = true;
        // Range 3 from 0404 to 0104: in the P38's reach.
        assert_eq!(
            arms(&game, SoldierId(6), Kind::Aimed),
            Arms::Fire {
                item: 1,
                target: SoldierId(4)
            }
        );
        game.soldiers[6].items[1].jammed = true;
        assert_eq!(
            arms(&game, SoldierId(6), Kind::Aimed),
            Arms::ClearJam { item: 0 }
        );
    }
}
