//! Variant 23, German armor: T-23.2, T-23.5 and the rules of 23.1–23.7.

use super::{data, hex, log};
use crate::data::{ActionLetter, Colour, Symbol, UsKind};
use crate::index::{GerId, GerKind, HexId, PosId};
use crate::state::{DepthLoc, DepthPool, GerLoc, GerPool, Omaha, OmahaOptions, UsFlags, UsLoc};
use overlord_engine::GameRng;

/// A D-Day at Omaha Beach game with variant 23 on `turn`: every counter off the board, the four
/// tanks and Armor depth markers in the Optional Armor box (23.1), the other depth markers in
/// their boxes, the Division box full.
fn armor_game(turn: u8) -> Omaha {
    let options = OmahaOptions {
        german_armor: true,
        ..OmahaOptions::default()
    };
    let mut s = crate::setup::setup(&data(), "d-day", &options, GameRng::seeded(1)).expect("setup");
    for u in &mut s.us {
        u.loc = UsLoc::OutOfPlay;
        u.flags = UsFlags::default();
    }
    let index = &s.data.index;
    for (i, g) in s.germans.iter_mut().enumerate() {
        g.depth = None;
        g.disrupted = false;
        g.loc = match index.germans[i].kind {
            GerKind::Tank => GerLoc::Pool(GerPool::OptionalArmor),
            GerKind::Divisional => GerLoc::Pool(GerPool::Division),
            _ => GerLoc::OutOfPlay,
        };
    }
    for (i, d) in s.depth.iter_mut().enumerate() {
        d.loc = DepthLoc::Pool(match index.depth[i].kind {
            crate::data::DepthKind::Wn => DepthPool::Wn,
            crate::data::DepthKind::Mobile => DepthPool::Mobile,
            crate::data::DepthKind::Building => DepthPool::Building,
            crate::data::DepthKind::Armor => DepthPool::Armor,
        });
        d.revealed = false;
    }
    s.turn = turn;
    s
}

fn position(s: &Omaha, name: &str) -> PosId {
    s.data
        .index
        .positions
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("no position {name}")) as PosId
}

fn slot_hex(s: &Omaha, name: &str) -> HexId {
    let p = position(s, name);
    let slot = s.data.index.positions[usize::from(p)].slots[0];
    s.data.index.slots[usize::from(slot)].hex
}

/// The tank of `colour`.
fn tank(s: &Omaha, colour: Colour) -> GerId {
    s.data
        .index
        .germans
        .iter()
        .position(|g| g.kind == GerKind::Tank && g.colour == Some(colour))
        .expect("a tank of that colour") as GerId
}

/// Put a US counter of `kind` (any) with full steps in `label`.
fn us(s: &mut Omaha, kind: UsKind, label: &str) -> crate::index::UsId {
    let h = hex(s, label);
    let u = s
        .data
        .index
        .us
        .iter()
        .enumerate()
        .position(|(i, info)| s.us[i].loc == UsLoc::OutOfPlay && info.kind() == Some(kind))
        .expect("a free counter");
    s.us[u].loc = UsLoc::Hex(h);
    s.us[u].steps = s.data.index.us[u].steps;
    u as crate::index::UsId
}

/// A card whose Fire section shows `colour` with `mark` on a single (or `double`) square, and
/// no icon for the other tank colours' ... only that colour matters to the tests.
fn card_with(s: &Omaha, colour: Colour, mark: Option<ActionLetter>, double: bool) -> u8 {
    s.data
        .cards
        .iter()
        .find(|c| {
            c.fire.as_ref().is_some_and(|f| {
                f.icons.iter().any(|i| {
                    i.colour == colour && i.mark == mark && i.double == double && !i.star && !i.tank
                })
            })
        })
        .map(|c| c.number)
        .expect("a card with that icon")
}

/// Put tank `g` on `label`, revealed, with an Armor depth marker if `depth`.
fn put_tank(s: &mut Omaha, g: GerId, label: &str, depth: bool) {
    let h = hex(s, label);
    crate::armor::place_for_test(s, g, h);
    if depth {
        let d = s
            .depth
            .iter()
            .position(|d| d.loc == DepthLoc::Pool(DepthPool::Armor))
            .expect("an Armor marker");
        s.depth[d].loc = DepthLoc::Under(g);
        s.germans[usize::from(g)].depth = Some(d as u8);
    }
    s.tanks_entered += 1;
}

/// A 1-step infantry unit (it controls only its own hex, 12.1) in `label`.
fn lone(s: &mut Omaha, label: &str) -> crate::index::UsId {
    let u = us(s, UsKind::Infantry, label);
    s.us[usize::from(u)].steps = 1;
    u
}

fn label_of(s: &Omaha, h: HexId) -> String {
    s.data.index.hexes[usize::from(h)].label.to_string()
}

/// The hexes tank `t` enters by [`crate::armor::plan`], where no G-TANK-TIE is met.
fn path_of(s: &Omaha, t: GerId, hexes: u8, overrun: bool, symbol: Option<Symbol>) -> Vec<HexId> {
    match crate::armor::plan(s, t, hexes, overrun, symbol, &[]) {
        crate::armor::Plan::Path(path) => path,
        crate::armor::Plan::Tie(options) => panic!("G-TANK-TIE among {options:?}"),
    }
}

/// A land hex next to position `name`'s hex that is no position's, holds no road, and is at
/// least 2 hexes from the positions `away` (so that 9.3 prefers `name` to them).
fn beside(s: &Omaha, name: &str, away: &[&str]) -> String {
    let index = &s.data.index;
    let h = slot_hex(s, name);
    let away: Vec<HexId> = away.iter().map(|a| slot_hex(s, a)).collect();
    let slots: Vec<HexId> = index.slots.iter().map(|x| x.hex).collect();
    let n = index.hexes[usize::from(h)]
        .neighbours
        .iter()
        .copied()
        .find(|&n| {
            !slots.contains(&n)
                && away.iter().all(|&a| index.distance(a, n) >= 2)
                && !crate::armor::road_hex(index, n)
                && index.hexes[usize::from(n)].ground != crate::index::Ground::Sea
        })
        .expect("a free neighbour");
    label_of(s, n)
}

fn units_in(s: &Omaha, name: &str) -> Vec<GerId> {
    let h = slot_hex(s, name);
    (0..s.germans.len())
        .filter(|&g| s.german_hex(g as GerId) == Some(h))
        .map(|g| g as GerId)
        .collect()
}

/// T-23.2 board: US units next to C6 and G5 so that 9.3 picks them in zones C and G.
fn t_23_2_board() -> Omaha {
    let mut s = armor_game(23);
    let c = beside(&s, "C6", &["C1", "C2", "C3", "C4", "C5"]);
    let g = beside(&s, "G5", &["G1", "G2", "G3", "G4"]);
    lone(&mut s, &c);
    lone(&mut s, &g);
    s
}

#[test]
fn t_23_2_armor_reinforcement() {
    let mut s = t_23_2_board();
    s.second_event = true;
    super::stack(&mut s, &[19]);
    let mut log = log();
    crate::events::event_phase(&mut s, &mut log);
    // Zone C: C6 has a road with a path to exit C: a tank, revealed, with an Armor marker.
    let c6 = units_in(&s, "C6");
    assert_eq!(c6.len(), 1, "{:?}", log.entries());
    let t = c6[0];
    assert_eq!(s.data.index.germans[usize::from(t)].kind, GerKind::Tank);
    assert!(matches!(s.germans[usize::from(t)].loc, GerLoc::Hex(_)));
    assert!(s.germans[usize::from(t)].revealed, "23.2: placed revealed");
    let d = s.germans[usize::from(t)]
        .depth
        .expect("an Armor depth marker");
    assert_eq!(
        s.data.index.depth[usize::from(d)].kind,
        crate::data::DepthKind::Armor
    );
    assert!(!s.depth[usize::from(d)].revealed, "the marker face-down");
    assert_eq!(s.tanks_entered, 1);
    // Zone G: G5 has no road: a normal reinforcement from the Division box with a marker.
    let g5 = units_in(&s, "G5");
    assert_eq!(g5.len(), 1);
    assert_eq!(
        s.data.index.germans[usize::from(g5[0])].kind,
        GerKind::Divisional
    );
    assert!(s.germans[usize::from(g5[0])].depth.is_some(), "9.31");
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.2"));
    s.check_invariants().expect("invariants");
}

#[test]
fn t_23_2_no_tank_on_the_first_event() {
    let mut s = t_23_2_board();
    s.second_event = false;
    super::stack(&mut s, &[19]);
    crate::events::event_phase(&mut s, &mut log());
    let c6 = units_in(&s, "C6");
    assert_eq!(c6.len(), 1);
    assert_eq!(
        s.data.index.germans[usize::from(c6[0])].kind,
        GerKind::Divisional
    );
    assert_eq!(s.tanks_entered, 0);
}

#[test]
fn r23_2_needs_the_variant_and_an_empty_tactical_box() {
    // AMB-36: every condition must hold ("se una di queste" is a slip); each failing alone
    // keeps the tank out.
    // Without the variant: a normal reinforcement.
    let mut s = t_23_2_board();
    s.options.german_armor = false;
    s.second_event = true;
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log());
    assert_eq!(s.tanks_entered, 0);
    // A unit in the Tactical box: no tank.
    let mut s = t_23_2_board();
    s.second_event = true;
    let t = s
        .data
        .index
        .germans
        .iter()
        .position(|g| g.kind == GerKind::Tactical)
        .expect("a tactical unit");
    s.germans[t].loc = GerLoc::Pool(GerPool::Tactical);
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log());
    assert_eq!(s.tanks_entered, 0);
    assert!(units_in(&s, "C6").iter().all(|&g| g as usize == t));
    // Before turn 17: none.
    let mut s = t_23_2_board();
    s.turn = 16;
    s.second_event = true;
    assert_eq!(
        crate::armor::armor_position(&s, &[position(&s, "C6")]),
        None
    );
}

#[test]
fn r23_2_road_path_blocked_by_us_control() {
    let mut s = t_23_2_board();
    // A 2-step infantry unit on the road 1712 controls it and its neighbours: C6's only roads
    // lead through it (1512 goes on to C3's road, 1712 to exit C).
    assert!(crate::armor::road_path_to_exit(&s, position(&s, "C6")));
    let u = us(&mut s, UsKind::Infantry, "1712");
    s.us[usize::from(u)].steps = 2;
    let blocked = !crate::armor::road_path_to_exit(&s, position(&s, "C6"));
    // Whatever the other road, a path through US-controlled hexes does not count.
    let via_1712 = {
        let mut t = s.clone();
        t.us[usize::from(u)].loc = UsLoc::OutOfPlay;
        crate::armor::road_path_to_exit(&t, position(&t, "C6"))
    };
    assert!(via_1712);
    if blocked {
        s.second_event = true;
        crate::germans::event_reinforcements(&mut s, &['C'], &mut log());
        assert_eq!(s.tanks_entered, 0);
    }
    // A position without a road never gets a tank (G5).
    assert!(!crate::armor::road_path_to_exit(&s, position(&s, "G5")));
}

#[test]
fn r23_21_one_tank_per_turn_lowest_value() {
    let mut s = armor_game(23);
    s.second_event = true;
    // C3 (value 3) and C6 (value 6) both qualify: C3 gets it.
    let chosen = [position(&s, "C6"), position(&s, "C3")];
    assert_eq!(
        crate::armor::armor_position(&s, &chosen),
        Some(position(&s, "C3"))
    );
    let c3 = position(&s, "C3");
    assert!(crate::armor::enter(&mut s, c3, &mut log()));
    // A second reinforcement event this turn: no second tank.
    assert_eq!(crate::armor::armor_position(&s, &chosen), None);
    s.turn += 1;
    assert!(crate::armor::armor_position(&s, &chosen).is_some());
}

#[test]
fn r23_7_vp_per_tank_entered() {
    let mut s = armor_game(23);
    s.second_event = true;
    assert_eq!(crate::victory::variant_modifier(&s), 0);
    let c3 = position(&s, "C3");
    assert!(crate::armor::enter(&mut s, c3, &mut log()));
    assert_eq!(crate::victory::variant_modifier(&s), 1);
    // Even once eliminated.
    let t = units_in(&s, "C3")[0];
    crate::combat::defeat(&mut s, t, true, &mut log());
    assert_eq!(s.germans[usize::from(t)].loc, GerLoc::OutOfPlay);
    assert_eq!(crate::victory::variant_modifier(&s), 1);
}

#[test]
fn r23_option_offered_by_d_day_and_beyond_the_beach() {
    let options: OmahaOptions = serde_json::from_str(r#"{"23": true}"#).expect("alias 23");
    assert!(options.german_armor);
    for id in ["d-day", "beyond-the-beach"] {
        assert!(crate::setup::setup(&data(), id, &options, GameRng::seeded(1)).is_ok());
    }
    for id in ["first-wave", "easy-fox"] {
        let e = crate::setup::setup(&data(), id, &options, GameRng::seeded(1)).unwrap_err();
        assert!(e.0.contains("23"), "{}", e.0);
    }
}

#[test]
fn r23_41_tank_in_the_view_is_revealed_on_its_hex() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", true);
    let view = crate::view::view(&s, overlord_engine::Viewer::Spectator);
    let v = view
        .germans
        .iter()
        .find(|g| g.slot == "1321")
        .expect("the tank in the view");
    assert_eq!(v.back, "tank");
    assert!(v.front.is_some());
    assert!(
        v.depth
            .as_ref()
            .is_some_and(|(back, front)| *back == "armor" && front.is_none())
    );
    assert!(crate::text::picture(&s).contains('T'));
}

// ---------------------------------------------------------------------------------------------
// 23.5 Movement.

#[test]
fn t_23_5_tank_junction() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let d4 = hex(&s, "1321");
    for (symbol, to) in [
        (Symbol::Circle, "1322"),
        (Symbol::Triangle, "1320"),
        (Symbol::Diamond, "1220"),
    ] {
        assert_eq!(
            crate::armor::next_hexes(&s, d4, Some(symbol))
                .iter()
                .map(|&h| label_of(&s, h))
                .collect::<Vec<_>>(),
            [to],
            "{symbol:?}"
        );
        let path = path_of(&s, t, 1, false, Some(symbol));
        assert_eq!(
            path.iter().map(|&h| label_of(&s, h)).collect::<Vec<_>>(),
            [to]
        );
    }
}

#[test]
fn r23_5_toward_a_us_unit_within_3_road_hexes() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    // A US unit on the road east of D4, two road hexes away (1421 then its road on): the tank
    // goes toward it whatever the symbol, and stops next to it (23.53).
    let d4 = hex(&s, "1321");
    let east: Vec<HexId> = crate::armor::road_neighbours(&s.data.index, hex(&s, "1421"))
        .filter(|&h| h != d4)
        .collect();
    let target = east[0];
    let label = label_of(&s, target);
    lone(&mut s, &label);
    for symbol in [Symbol::Circle, Symbol::Triangle, Symbol::Diamond] {
        assert_eq!(
            crate::armor::next_hexes(&s, d4, Some(symbol))
                .iter()
                .map(|&h| label_of(&s, h))
                .collect::<Vec<_>>(),
            ["1421"]
        );
        let path = path_of(&s, t, 4, false, Some(symbol));
        assert_eq!(
            path.iter().map(|&h| label_of(&s, h)).collect::<Vec<_>>(),
            ["1421"],
            "23.53: stops adjacent"
        );
    }
}

/// G-TANK-TIE (23.5, AMB-52): two US units equally near by road, in two directions, are the
/// player's choice. The prompt offers both first steps; a hex not offered is refused without a
/// change; the answer moves the tank that way (stopping next to the unit, 23.53) and the
/// examination of the sector goes on.
#[test]
fn r23_5_g_tank_tie_equal_road_paths_are_the_players_choice() {
    use crate::action::OmahaAction;
    use crate::state::Step;
    use overlord_engine::Game;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let index = &s.data.index;
    let roads = |h: HexId| crate::armor::road_neighbours(index, h).collect::<Vec<_>>();
    let free = |h: HexId| !crate::armor::end_point(&s, h);
    // A road hex with two road neighbours `a`, `b`, each leading on to a hex two road hexes
    // from it (and from no other road neighbour of it).
    let found = (0..index.hexes.len() as HexId)
        .filter(|&x| free(x))
        .find_map(|x| {
            let near = roads(x);
            let beyond = |n: HexId| {
                roads(n).into_iter().find(|&m| {
                    m != x
                        && free(m)
                        && !near.contains(&m)
                        && near.iter().filter(|&&k| roads(k).contains(&m)).count() == 1
                })
            };
            let pairs: Vec<(HexId, HexId)> = near
                .iter()
                .filter(|&&n| free(n))
                .filter_map(|&n| Some((n, beyond(n)?)))
                .collect();
            match pairs.as_slice() {
                [(a, a2), (b, b2), ..] if a2 != b2 => Some((x, *a, *a2, *b, *b2)),
                _ => None,
            }
        });
    let (x, a, a2, b, b2) = found.expect("a road fork on the map");
    let (xl, a2l, b2l) = (label_of(&s, x), label_of(&s, a2), label_of(&s, b2));
    put_tank(&mut s, t, &xl, false);
    lone(&mut s, &a2l);
    lone(&mut s, &b2l);
    assert_eq!(crate::armor::next_hexes(&s, x, None), {
        let mut both = vec![a, b];
        both.sort_unstable();
        both
    });
    let m = card_with(&s, Colour::Blue, Some(ActionLetter::M), false);
    let sector = examine_with(&mut s, &xl, m);
    let mut log = log();
    crate::german_actions::run(&mut s, sector, &mut log);
    assert!(
        matches!(s.step, Step::TankMoveTie { tank, .. } if tank == t),
        "{:?}",
        s.step
    );
    let prompt = s.prompt();
    assert_eq!((prompt.name, prompt.rule.0), ("tank_move_tie", "23.5"));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert!(legal.contains(&OmahaAction::TankMoveTo { hex: a }));
    assert!(legal.contains(&OmahaAction::TankMoveTo { hex: b }));
    // Only the offered hexes: anything else is refused and changes nothing.
    let before = s.clone();
    assert!(
        s.apply(OmahaAction::TankMoveTo { hex: x }, &mut log)
            .is_err()
    );
    assert!(s == before);
    let _ = s
        .apply(OmahaAction::TankMoveTo { hex: b }, &mut log)
        .expect("offered");
    assert_eq!(s.german_hex(t), Some(b), "23.53: it stops next to the unit");
    assert!(!matches!(s.step, Step::TankMoveTie { .. }), "{:?}", s.step);
    assert!(s.tank_picks.is_empty() && s.hex_choices.is_empty());
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "23.5" && e.text.contains("G-TANK-TIE")),
        "the answer is logged"
    );
    s.check_invariants().expect("invariants");
}

/// 23.5 with G-TANK-TIE: T7's "if it can move" is asked of every answer, so a tank whose only
/// equal next hexes are all US-occupied cannot move (23.53), while a fork it may take can.
#[test]
fn r23_5_can_move_looks_through_ties() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let d4 = hex(&s, "1321");
    let near: Vec<HexId> = crate::armor::road_neighbours(&s.data.index, d4).collect();
    assert!(near.len() >= 2, "{near:?}");
    assert!(crate::armor::can_move(
        &s,
        t,
        crate::state::TankMove::Move,
        Some(Symbol::Circle)
    ));
    // US units on every road neighbour: all nearest, all occupied.
    for &n in &near {
        let l = label_of(&s, n);
        lone(&mut s, &l);
    }
    assert!(!crate::armor::can_move(
        &s,
        t,
        crate::state::TankMove::Move,
        Some(Symbol::Circle)
    ));
}

#[test]
fn r23_53_overrun_passes_one_us_hex_and_disrupts() {
    // The orders run 1521 -> 1421 -> 1321 (D4); a US unit in 1421, in the tank's way.
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1521", false);
    let u = lone(&mut s, "1421");
    // 23.53: without an overrun it stops next to the unit: no move at all here.
    assert!(path_of(&s, t, 4, false, Some(Symbol::Circle)).is_empty());
    let path = path_of(&s, t, 4, true, Some(Symbol::Circle));
    assert!(path.len() >= 2, "{path:?}");
    assert_eq!(label_of(&s, path[0]), "1421");
    assert_eq!(label_of(&s, path[1]), "1321");
    let card = card_with(&s, Colour::Blue, Some(ActionLetter::R), false);
    // 23.4 R through the unit: it is disrupted, the tank does not end on it.
    crate::armor::act(&mut s, t, card, &mut log());
    assert!(s.us[usize::from(u)].flags.has(UsFlags::DISRUPTED));
    assert_ne!(s.german_hex(t), Some(hex(&s, "1421")));
    s.check_invariants().expect("invariants");
    // A US tank there: no passage.
    let mut s = armor_game(23);
    put_tank(&mut s, t, "1521", false);
    us(&mut s, UsKind::Tank, "1421");
    let path = path_of(&s, t, 4, true, Some(Symbol::Circle));
    assert!(path.is_empty(), "{path:?}");
}

#[test]
fn r23_51_passes_german_units_but_does_not_end_on_one() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let o = tank(&s, Colour::Green);
    put_tank(&mut s, t, "1321", false);
    // Orders with the circle: 1321 -> 1322 -> ... ; another tank on the first hex.
    put_tank(&mut s, o, "1322", false);
    let path = path_of(&s, t, 1, false, Some(Symbol::Circle));
    // One hex further if it can.
    assert_eq!(path.len(), 2, "{path:?}");
    assert_eq!(label_of(&s, path[0]), "1322");
}

#[test]
fn r23_5_end_point_stops_the_tank_and_loses_the_game() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    // Find an end point hex from the map tags.
    let end = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| crate::armor::end_point(&s, h))
        .expect("an end point");
    // AMB-38: the end points are flat hexes next to the beach, in sets of three.
    let ends: Vec<HexId> = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| crate::armor::end_point(&s, h))
        .collect();
    assert!(
        !ends.is_empty() && ends.len().is_multiple_of(3),
        "{} end points",
        ends.len()
    );
    for &h in &ends {
        let info = &s.data.index.hexes[usize::from(h)];
        assert_eq!(info.ground, crate::index::Ground::Flat);
        assert!(
            info.neighbours
                .iter()
                .any(|&n| s.data.index.hexes[usize::from(n)].ground == crate::index::Ground::Beach)
        );
    }
    let label = label_of(&s, end);
    put_tank(&mut s, t, &label, false);
    assert!(path_of(&s, t, 4, false, Some(Symbol::Circle)).is_empty());
    // Disrupted: no loss.
    s.germans[usize::from(t)].disrupted = true;
    assert!(!crate::armor::end_of_turn(&mut s, &mut log()));
    s.germans[usize::from(t)].disrupted = false;
    let mut log = log();
    assert!(crate::armor::end_of_turn(&mut s, &mut log));
    let outcome = s.outcome.as_ref().expect("the game is over");
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.rule.0, "23.5");
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "23.5" && e.text.contains("decisively"))
    );
}

// ---------------------------------------------------------------------------------------------
// 23.3 Fire field, 23.4 actions.

#[test]
fn r23_3_tank_field_blocks_us_loc_and_counts_as_fire_field() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let field = crate::tanks::field(&s, hex(&s, "1321"));
    let (h, _) = field[0];
    assert!(!crate::control::in_german_fire_field(&s, h, true));
    put_tank(&mut s, t, "1321", false);
    assert!(crate::control::in_german_fire_field(&s, h, true));
    assert!(crate::control::Control::new(&s).in_fire_field(h));
    assert!(!crate::control::us_loc(&s, h), "12.31 with 23.3");
    // Disrupted: still blocks US LOC (12.31), but not 6.41 fire.
    s.germans[usize::from(t)].disrupted = true;
    assert!(crate::control::in_german_fire_field(&s, h, true));
    assert!(!crate::control::in_german_fire_field(&s, h, false));
}

#[test]
fn r23_3_printed_fire_points_never_apply_to_a_tank() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    // D4's printed field reaches hexes the tank's field does not.
    let d4 = position(&s, "D4");
    let tank_field = crate::tanks::field(&s, hex(&s, "1321"));
    let printed_only = s
        .data
        .index
        .hexes
        .iter()
        .enumerate()
        .map(|(h, _)| h as HexId)
        .find(|&h| crate::combat::in_field(&s, d4, h) && !tank_field.iter().any(|&(x, _)| x == h));
    put_tank(&mut s, t, "1321", false);
    if let Some(h) = printed_only {
        assert!(!crate::control::in_german_fire_field(&s, h, true));
    }
}

#[test]
fn r23_3_tank_infiltration() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let d4 = hex(&s, "1321");
    let index = &s.data.index;
    let around = &index.hexes[usize::from(d4)].neighbours;
    // Two neighbours of the tank, adjacent to each other, both in its field.
    let field = crate::tanks::field(&s, d4);
    let pair = around
        .iter()
        .flat_map(|&a| around.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| {
            a != b
                && index.hexes[usize::from(a)].neighbours.contains(&b)
                && field.iter().any(|&(x, _)| x == a)
                && field.iter().any(|&(x, _)| x == b)
        })
        .expect("a pair");
    let occupancy = crate::movement::Occupancy::of(&s);
    assert_ne!(
        occupancy.infiltrators(&s, pair.0, pair.1),
        0,
        "7.32 with 23.3"
    );
    assert!(!occupancy.german_in(pair.0));
    assert!(occupancy.german_in(d4), "7.31: the tank's hex");
    s.germans[usize::from(t)].disrupted = true;
    let occupancy = crate::movement::Occupancy::of(&s);
    assert_eq!(occupancy.infiltrators(&s, pair.0, pair.1), 0);
}

/// The hexes where the fields of the German tank in `at` put a point of `levels`.
fn tank_points(s: &Omaha, at: HexId, levels: &[crate::data::FireLevel]) -> Vec<HexId> {
    crate::tanks::field(s, at)
        .into_iter()
        .filter(|(_, l)| levels.contains(l))
        .map(|(h, _)| h)
        .collect()
}

#[test]
fn r23_3_r17_1_tank_field_stops_a_two_hex_infantry_move() {
    use crate::data::FireLevel;
    let at = "1321";
    let s = armor_game(23);
    let tank_hex = hex(&s, at);
    let heavy = tank_points(&s, tank_hex, &[FireLevel::Intense, FireLevel::Moderate]);
    // Some infantry start from which, with no tank on the map, a two-hex move passes through
    // a hex the tank's field will put an Intense or Moderate point in.
    let passes = |s: &Omaha, u| {
        crate::moves_extended::two_hex_paths(s, u)
            .into_iter()
            .filter(|p| p.hexes.len() == 2 && heavy.contains(&p.hexes[0]) && p.hexes[1] != tank_hex)
            .count()
    };
    let (mut s, u, mid) = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| h != tank_hex && !heavy.contains(&h))
        .find_map(|h| {
            let mut t = s.clone();
            let label = t.data.index.hexes[usize::from(h)].label.to_string();
            let u = us(&mut t, UsKind::Infantry, &label);
            let paths = crate::moves_extended::two_hex_paths(&t, u);
            let mid = paths
                .iter()
                .find(|p| {
                    p.hexes.len() == 2 && heavy.contains(&p.hexes[0]) && p.hexes[1] != tank_hex
                })?
                .hexes[0];
            Some((t, u, mid))
        })
        .expect("a two-hex move through the tank's future field");
    assert!(passes(&s, u) > 0);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, at, false);
    assert_eq!(passes(&s, u), 0, "17.1 with 23.3: the move stops there");
    let paths = crate::moves_extended::two_hex_paths(&s, u);
    assert!(
        paths.iter().any(|p| p.hexes == [mid]),
        "it may still enter the hex as a one-hex move"
    );
    // A disrupted tank projects no field (6.4): the move goes on again.
    s.germans[usize::from(t)].disrupted = true;
    assert!(passes(&s, u) > 0);
}

#[test]
fn r23_3_r17_2_tank_field_stops_a_us_tank_road_move() {
    use crate::data::FireLevel;
    let at = "1321";
    let s = armor_game(23);
    let tank_hex = hex(&s, at);
    let intense = tank_points(&s, tank_hex, &[FireLevel::Intense]);
    // Paths that go on after entering a hex with an Intense point of the tank's field.
    let beyond = |s: &Omaha, u| {
        crate::moves_extended::tank_road_paths(s, u, |_| false)
            .into_iter()
            .filter(|p| {
                !p.hexes.contains(&tank_hex)
                    && p.hexes[..p.hexes.len() - 1]
                        .iter()
                        .any(|h| intense.contains(h))
            })
            .count()
    };
    let (mut s, u) = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| h != tank_hex)
        .find_map(|h| {
            let mut t = s.clone();
            let label = t.data.index.hexes[usize::from(h)].label.to_string();
            let u = us(&mut t, UsKind::Tank, &label);
            (beyond(&t, u) > 0).then_some((t, u))
        })
        .expect("a road move through the tank's future Intense points");
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, at, false);
    assert_eq!(beyond(&s, u), 0, "17.2 with 23.3: the tank stops there");
    assert!(
        crate::moves_extended::tank_road_paths(&s, u, |_| false)
            .iter()
            .any(|p| p.end().is_some_and(|h| intense.contains(&h))),
        "it may still end its move there"
    );
}

#[test]
fn r23_42_tank_elevation() {
    let s = armor_game(23);
    let index = &s.data.index;
    use crate::index::Ground;
    let ground = |h: HexId| index.hexes[usize::from(h)].ground;
    let low = |h: HexId| matches!(ground(h), Ground::Beach | Ground::Flat);
    // A low hex next to a high one: the low tank may not fire up.
    let (lo, hi) = (0..index.hexes.len() as HexId)
        .filter(|&h| ground(h) == Ground::Flat)
        .find_map(|h| {
            index.hexes[usize::from(h)]
                .neighbours
                .iter()
                .find(|&&n| ground(n) == Ground::High)
                .map(|&n| (h, n))
        })
        .expect("flat next to high ground");
    assert!(!crate::tanks::elevation_allows(index, lo, hi));
    // That high hex is adjacent to low ground: it may fire down.
    assert!(crate::tanks::elevation_allows(index, hi, lo));
    // A high hex with no low neighbour may not fire at low ground.
    let inland = (0..index.hexes.len() as HexId)
        .find(|&h| {
            ground(h) == Ground::High
                && index.hexes[usize::from(h)]
                    .neighbours
                    .iter()
                    .all(|&n| !low(n))
                && index.hexes[usize::from(h)].neighbours.len() == 6
        })
        .expect("inland high ground");
    assert!(!crate::tanks::elevation_allows(index, inland, lo));
    assert!(crate::tanks::elevation_allows(index, inland, hi));
}

#[test]
fn r23_4_fire_or_move_and_squares() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let f = card_with(&s, Colour::Blue, Some(ActionLetter::F), false);
    let icon = |s: &Omaha, card: u8| {
        {
            s.data
                .card(card)
                .and_then(|c| c.fire.as_ref())
                .and_then(|f| f.icons.iter().find(|i| i.colour == Colour::Blue).cloned())
        }
        .expect("icon")
    };
    use crate::tables::german_actions::GermanAction as G;
    // No US in the field: it moves.
    assert_eq!(
        crate::armor::action_of(&s, t, &icon(&s, f), f),
        G::TankMove { hexes: 4 }
    );
    // A US unit in its field: it fires.
    let field = crate::tanks::field(&s, hex(&s, "1321"));
    let target = field
        .iter()
        .map(|&(h, _)| h)
        .find(|&h| crate::tanks::elevation_allows(&s.data.index, hex(&s, "1321"), h))
        .expect("a target hex");
    let label = label_of(&s, target);
    let u = us(&mut s, UsKind::Infantry, &label);
    assert_eq!(
        crate::armor::action_of(&s, t, &icon(&s, f), f),
        G::TankFire { vs_leaders: false }
    );
    // A double square needs the depth marker (23.4).
    if let Some(card) = s
        .data
        .cards
        .iter()
        .find(|c| {
            c.fire
                .as_ref()
                .is_some_and(|f| f.icons.iter().any(|i| i.colour == Colour::Blue && i.double))
        })
        .map(|c| c.number)
    {
        assert_eq!(
            crate::armor::action_of(&s, t, &icon(&s, card), card),
            G::Nothing
        );
    }
    // A disrupted tank does not act.
    s.germans[usize::from(t)].disrupted = true;
    assert_eq!(crate::armor::action_of(&s, t, &icon(&s, f), f), G::Nothing);
    s.germans[usize::from(t)].disrupted = false;
    // It fires: the unit is hit or disrupted if the card's symbol or level allows; the log
    // names 23.41 for each hit.
    let before = s.us[usize::from(u)];
    let mut log = log();
    crate::armor::act(&mut s, t, f, &mut log);
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.4"));
    let after = s.us[usize::from(u)];
    if after != before {
        assert!(log.entries().iter().any(|e| e.rule.0 == "23.41"));
    }
    assert_eq!(
        s.german_hex(t),
        Some(hex(&s, "1321")),
        "firing, it does not move"
    );
}

#[test]
fn r23_43_only_the_tank_acts_in_its_position() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    assert_eq!(
        crate::tanks::tank_in_position(&s, position(&s, "D4")),
        Some(t)
    );
    // 9.32 with 23.43: the position is occupied for reinforcements.
    s.second_event = false;
    let before = s.germans.clone();
    crate::germans::event_reinforcements(&mut s, &['D'], &mut log());
    assert!(units_in(&s, "D4") == vec![t]);
    let _ = before;
}

#[test]
fn r23_4_tanks_act_in_the_german_action_phase() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let m = card_with(&s, Colour::Blue, Some(ActionLetter::M), false);
    let sector = s.data.index.hexes[usize::from(hex(&s, "1321"))].sector;
    s.fire_cards[usize::from(sector == crate::data::Sector::West)] = Some(m);
    crate::fire::start_german_actions(&mut s, sector);
    let mut log = log();
    crate::german_actions::run(&mut s, sector, &mut log);
    assert_ne!(s.german_hex(t), Some(hex(&s, "1321")), "M: it moved");
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.5"));
    s.check_invariants().expect("invariants");
}

// ---------------------------------------------------------------------------------------------
// 23.6 US actions against tanks.

#[test]
fn r23_6_defeated_tank_is_removed_and_attackable() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", true);
    assert_eq!(crate::combat::german_at(&s, hex(&s, "1321")), Some(t));
    let d = s.germans[usize::from(t)].depth.expect("marker");
    let mut log = log();
    crate::combat::defeat(&mut s, t, true, &mut log);
    assert_eq!(s.germans[usize::from(t)].loc, GerLoc::OutOfPlay);
    assert_eq!(s.depth[usize::from(d)].loc, DepthLoc::OutOfPlay);
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.6"));
    // 23.6: no terrain benefit.
    let m = crate::tables::terrain::defence_multipliers(
        crate::tables::terrain::HexFeature::Buildings,
        &[],
        true,
    );
    assert_eq!(m, crate::tables::terrain::Multipliers::NONE);
    s.check_invariants().expect("invariants");
}

#[test]
fn r23_6_infantry_self_preservation_against_tanks_from_the_phase_start() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let index = &s.data.index;
    // A road hex for the tank with a neighbour in its field from which a unit can step to a hex
    // neither adjacent to the tank nor in its field.
    let (at, from, to) = (0..index.hexes.len() as HexId)
        .filter(|&h| crate::armor::road_hex(index, h))
        .find_map(|at| {
            let field = crate::tanks::field(&s, at);
            let in_field = |h: HexId| field.iter().any(|&(x, _)| x == h);
            let around = &index.hexes[usize::from(at)].neighbours;
            around.iter().filter(|&&a| in_field(a)).find_map(|&a| {
                index.hexes[usize::from(a)]
                    .neighbours
                    .iter()
                    .find(|&&b| {
                        b != at
                            && !around.contains(&b)
                            && !in_field(b)
                            && index.hexes[usize::from(b)].ground != crate::index::Ground::Sea
                    })
                    .map(|&b| (at, a, b))
            })
        })
        .expect("a way out somewhere");
    let at_label = label_of(&s, at);
    put_tank(&mut s, t, &at_label, false);
    let from_label = label_of(&s, from);
    let u = us(&mut s, UsKind::Infantry, &from_label);
    // 23.6 "at the start of the Action Phase": a unit that was not there then (no snapshot yet,
    // as for one that moved next to the tank during the phase) does not qualify.
    assert!(!crate::tanks::self_preservation(&s, u, from, to));
    assert!(!crate::movement::self_preservation(&s, u, from, to));
    crate::actions::start_action_phase(&mut s);
    assert!(s.us[usize::from(u)].flags.has(UsFlags::NEAR_TANK));
    assert!(crate::tanks::self_preservation(&s, u, from, to));
    assert!(crate::movement::self_preservation(&s, u, from, to));
    // Not into a hex adjacent to the tank.
    let next_to_tank = s.data.index.hexes[usize::from(from)]
        .neighbours
        .iter()
        .copied()
        .find(|&b| b != at && s.data.index.hexes[usize::from(at)].neighbours.contains(&b));
    if let Some(b) = next_to_tank {
        assert!(!crate::tanks::self_preservation(&s, u, from, b));
    }
    // Not for a US tank; not once the German tank is gone.
    let tank_unit = us(&mut s, UsKind::Tank, &from_label);
    crate::actions::start_action_phase(&mut s);
    assert!(!s.us[usize::from(tank_unit)].flags.has(UsFlags::NEAR_TANK));
    assert!(!crate::tanks::self_preservation(&s, tank_unit, from, to));
    s.germans[usize::from(t)].loc = GerLoc::OutOfPlay;
    assert!(!crate::tanks::self_preservation(&s, u, from, to));
}

// ---------------------------------------------------------------------------------------------
// Random play.

/// Seeded random Beyond the Beach games with variant 23 play to the end without a panic, a
/// stall or a broken invariant; tanks enter in some of them.
#[test]
fn r23_random_play_with_german_armor() {
    let options = OmahaOptions {
        german_armor: true,
        ..OmahaOptions::default()
    };
    // Random US play rarely lives to the tanks' turns: about one game in nine sees one (7 of
    // these 64 seeds), so a handful of seeds would test the tanks only by luck.
    let games_with_tanks = (0..64u64)
        .filter(|&seed| {
            super::play_random("beyond-the-beach", &options, seed, |_| {}).tanks_entered > 0
        })
        .count();
    assert!(games_with_tanks > 0, "no tank entered in any game");
}

/// 23.52: a tank moves only along main and secondary roads (never trails): every step of its
/// planned moves runs along such a road.
#[test]
fn r23_52_tanks_move_only_along_roads() {
    use crate::index::RoadClass;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    for symbol in [Symbol::Circle, Symbol::Triangle, Symbol::Diamond] {
        let path = path_of(&s, t, 4, false, Some(symbol));
        assert!(!path.is_empty());
        let mut from = hex(&s, "1321");
        for &to in &path {
            let class = s.data.index.edge(from, to).map(|e| e.class);
            assert!(
                matches!(
                    class,
                    Some(RoadClass::Main | RoadClass::Secondary | RoadClass::Mined)
                ),
                "{} -> {}: {class:?}",
                label_of(&s, from),
                label_of(&s, to)
            );
            from = to;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// G-FIRE-TIE and G-LEADER for tanks (spec 5.2 with 23.4).

/// A hex adjacent to the tank in `at` in its Intense field that it may fire at (23.42).
fn intense_neighbour(s: &Omaha, at: &str) -> String {
    let h = hex(s, at);
    let field = crate::tanks::field(s, h);
    let n = s.data.index.hexes[usize::from(h)]
        .neighbours
        .iter()
        .copied()
        .find(|&n| {
            field
                .iter()
                .any(|&(x, l)| x == n && l == crate::data::FireLevel::Intense)
                && crate::tanks::elevation_allows(&s.data.index, h, n)
                && s.data.index.hexes[usize::from(n)].ground != crate::index::Ground::Sea
        })
        .expect("an Intense neighbour");
    label_of(s, n)
}

/// A free US Leader counter (`hq`: an HQ, else a General) put in `label`.
fn leader(s: &mut Omaha, hq: bool, label: &str) -> crate::index::UsId {
    use crate::index::UsCounter;
    let h = hex(s, label);
    let want = if hq {
        UsCounter::Hq
    } else {
        UsCounter::General
    };
    let u = (0..s.us.len())
        .find(|&i| s.us[i].loc == UsLoc::OutOfPlay && s.data.index.us[i].counter == want)
        .expect("a free leader");
    s.us[u].loc = UsLoc::Hex(h);
    s.us[u].steps = s.data.index.us[u].steps;
    u as crate::index::UsId
}

/// The sector of `label`, with `card` as its drawn Fire card, its examination started at the
/// tanks.
fn examine_with(s: &mut Omaha, label: &str, card: u8) -> crate::data::Sector {
    let sector = s.data.index.hexes[usize::from(hex(s, label))].sector;
    s.fire_cards[usize::from(sector == crate::data::Sector::West)] = Some(card);
    crate::fire::start_german_actions(s, sector);
    // The printed positions are examined first (23.4): mark them done, only the tank acts.
    s.ger_done = (1 << crate::index::MAX_POSITIONS) - 1;
    sector
}

/// G-FIRE-TIE for a tank (6.31, 23.4): three equal infantry units in one Intense hex and a hit
/// limit of 2 (14.11) ask the player twice, the prompt names the tank, a unit not offered is
/// refused without a change, and the answers resume the tank's fire and the examination.
#[test]
fn r6_31_tank_fire_tie_is_asked() {
    use crate::action::OmahaAction;
    use crate::state::Step;
    use overlord_engine::Game;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let target = intense_neighbour(&s, "1321");
    let units: Vec<_> = (0..3)
        .map(|_| us(&mut s, UsKind::Infantry, &target))
        .collect();
    let f = card_with(&s, Colour::Blue, Some(ActionLetter::F), false);
    let sector = examine_with(&mut s, "1321", f);
    let mut log = log();
    crate::german_actions::run(&mut s, sector, &mut log);
    assert!(
        matches!(s.step, Step::TankFireTie { tank, take: 2, .. } if tank == t),
        "{:?}",
        s.step
    );
    assert_eq!(s.choices, units);
    let prompt = s.prompt();
    assert_eq!(prompt.rule.0, "6.31");
    assert!(
        prompt.text.contains(&crate::tanks::tank_name(&s, t)),
        "{}",
        prompt.text
    );
    // A unit not offered is refused, and nothing changes.
    let other = us(&mut s, UsKind::Infantry, "1321");
    let before = s.clone();
    assert!(
        s.apply(OmahaAction::FireTieTarget { unit: other }, &mut log)
            .is_err()
    );
    assert!(s == before);
    s.us[usize::from(other)].loc = UsLoc::OutOfPlay;
    let steps: Vec<u8> = units.iter().map(|&u| s.us[usize::from(u)].steps).collect();
    let _ = s
        .apply(OmahaAction::FireTieTarget { unit: units[2] }, &mut log)
        .expect("offered");
    assert!(
        matches!(s.step, Step::TankFireTie { take: 1, .. }),
        "{:?}",
        s.step
    );
    assert_eq!(s.choices, vec![units[0], units[1]]);
    let _ = s
        .apply(OmahaAction::FireTieTarget { unit: units[0] }, &mut log)
        .expect("offered");
    assert!(
        !matches!(s.step, Step::TankFireTie { .. } | Step::GermanActions(_)),
        "the examination went on: {:?}",
        s.step
    );
    let hit = |s: &Omaha, i: usize| {
        let u = &s.us[usize::from(units[i])];
        u.steps < steps[i] || u.flags.has(UsFlags::DISRUPTED)
    };
    assert!(hit(&s, 0) && hit(&s, 2) && !hit(&s, 1));
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "6.31" && e.text.contains("G-FIRE-TIE"))
    );
    assert_eq!(s.german_hex(t), Some(hex(&s, "1321")));
    s.check_invariants().expect("invariants");
}

/// G-LEADER for a tank (11.41, 23.4): a star card, one unit to hit and a hit limit of 2 leave
/// one star hit; two equally near Leaders make it a prompt naming the tank.
#[test]
fn r11_41_tank_star_hit_asks_g_leader() {
    use crate::action::OmahaAction;
    use crate::state::Step;
    use overlord_engine::Game;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", false);
    let target = intense_neighbour(&s, "1321");
    let u = us(&mut s, UsKind::Infantry, &target);
    let (a, b) = (
        leader(&mut s, true, &target),
        leader(&mut s, false, &target),
    );
    let star = s
        .data
        .cards
        .iter()
        .find(|c| {
            c.fire.as_ref().is_some_and(|f| {
                f.icons
                    .iter()
                    .any(|i| i.colour == Colour::Blue && i.star && !i.double)
            })
        })
        .map(|c| c.number)
        .expect("a blue star card");
    let sector = examine_with(&mut s, "1321", star);
    let mut log = log();
    crate::german_actions::run(&mut s, sector, &mut log);
    assert!(
        matches!(s.step, Step::TankLeaderHit { tank, left: 1, .. } if tank == t),
        "{:?}",
        s.step
    );
    assert_eq!(s.choices, vec![a, b]);
    assert_eq!(s.prompt().rule.0, "11.41");
    assert!(s.prompt().text.contains(&crate::tanks::tank_name(&s, t)));
    let _ = u;
    let before = s.clone();
    assert!(
        s.apply(OmahaAction::LeaderTarget { unit: u }, &mut log)
            .is_err()
    );
    assert!(s == before);
    let _ = s
        .apply(OmahaAction::LeaderTarget { unit: b }, &mut log)
        .expect("offered");
    assert!(
        s.us[usize::from(b)].flags.has(UsFlags::WOUNDED),
        "General b is wounded"
    );
    assert_eq!(
        s.us[usize::from(a)].loc,
        UsLoc::Hex(hex(&s, &target)),
        "HQ a is not hit"
    );
    assert!(!matches!(
        s.step,
        Step::TankLeaderHit { .. } | Step::GermanActions(_)
    ));
    assert!(log.entries().iter().any(|e| e.rule.0 == "11.41"));
}

// ---------------------------------------------------------------------------------------------
// US barrages at German tanks (8.4, 8.5, 17.3 with 23.6) and 8.12.

/// A road hex for a German tank and a hex at distance 2 in its field (23.3) on the same level
/// or higher (8.12 does not come into it).
fn tank_and_observer_hex(s: &Omaha) -> (HexId, HexId) {
    let index = &s.data.index;
    let level = |h: HexId| index.hexes[usize::from(h)].ground;
    (0..index.hexes.len() as HexId)
        .filter(|&h| crate::armor::road_hex(index, h))
        .find_map(|t| {
            crate::tanks::field(s, t)
                .into_iter()
                .map(|(a, _)| a)
                .find(|&a| {
                    index.distance(t, a) == 2
                        && level(a) != crate::index::Ground::Sea
                        && (level(a) == level(t) || level(a) == crate::index::Ground::High)
                })
                .map(|a| (t, a))
        })
        .expect("a tank hex with a distance-2 hex in its field")
}

/// 8.4 with 23.6, 23.41: a US tank in a German tank's field, at range, may barrage it (the
/// tank is always revealed; its field stands for the position's); the card must show the
/// tank's colour (T4). Without variant 23 there is no German tank to barrage.
#[test]
fn r8_4_us_tank_barrages_a_german_tank() {
    use crate::action::OmahaAction;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let (at, from) = tank_and_observer_hex(&s);
    let (at_label, from_label) = (label_of(&s, at), label_of(&s, from));
    put_tank(&mut s, t, &at_label, false);
    let u = us(&mut s, UsKind::Tank, &from_label);
    assert_eq!(crate::combat::german_at(&s, at), Some(t));
    assert!(crate::combat::may_barrage(&s, &[u], u, at, t));
    // 8.41: not on a hex attacked this phase.
    let mut attacked = s.clone();
    attacked.attacked.push((attacked.turn, at));
    assert!(!crate::combat::may_barrage(&attacked, &[u], u, at, t));
    // Carried out in the Action Phase: one card, one action, logged under 8.4.
    let division = s.us[usize::from(u)].command;
    s.step = crate::state::Step::Actions {
        division,
        left: 3,
        second: false,
    };
    crate::actions::start_action_phase(&mut s);
    let mut legal = Vec::new();
    overlord_engine::Game::legal_actions(&s, &mut legal);
    let barrage = OmahaAction::Barrage {
        unit: u,
        target: at,
    };
    assert!(legal.contains(&barrage), "{legal:?}");
    let mut log = log();
    crate::combat::apply(&mut s, barrage, &mut log);
    assert!(s.barraged.contains(&(s.turn, at)));
    assert!(log.entries().iter().any(|e| e.rule.0 == "8.4"));
    s.check_invariants().expect("invariants");
}

/// 8.52 with 23.6, 23.41: a Naval Gunfire marker may barrage a German tank (always revealed)
/// with non-disrupted infantry under HQ command in its field; the tank is disrupted and loses
/// its Armor marker.
#[test]
fn r8_52_naval_barrage_at_a_german_tank() {
    use crate::action::OmahaAction;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let (at, from) = tank_and_observer_hex(&s);
    let (at_label, from_label) = (label_of(&s, at), label_of(&s, from));
    put_tank(&mut s, t, &at_label, true);
    let o = us(&mut s, UsKind::Infantry, &from_label);
    let hq = leader(&mut s, true, &from_label);
    s.naval_gunfire = 1;
    crate::actions::start_action_phase(&mut s);
    assert!(crate::combat::may_naval_barrage(&s, &[o, hq], at, t));
    let mut none = s.clone();
    none.naval_gunfire = 0;
    assert!(!crate::combat::may_naval_barrage(&none, &[o, hq], at, t));
    let division = s.us[usize::from(o)].command;
    s.step = crate::state::Step::Actions {
        division,
        left: 3,
        second: false,
    };
    let mut log = log();
    crate::combat::apply(&mut s, OmahaAction::NavalBarrage { target: at }, &mut log);
    assert!(s.germans[usize::from(t)].disrupted);
    assert!(s.germans[usize::from(t)].depth.is_none());
    assert!(log.entries().iter().any(|e| e.rule.0 == "8.52"));
    s.check_invariants().expect("invariants");
}

/// 17.3 with 23.6, 23.41: armored (SP) artillery under HQ command, in a German tank's field at
/// range, may barrage the tank.
#[test]
fn r17_3_artillery_barrages_a_german_tank() {
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    let (at, from) = tank_and_observer_hex(&s);
    let (at_label, from_label) = (label_of(&s, at), label_of(&s, from));
    put_tank(&mut s, t, &at_label, false);
    let art = us(&mut s, UsKind::SpArtillery, &from_label);
    assert!(
        !crate::combat::may_artillery_barrage(&s, &[art], art, at, t),
        "no HQ"
    );
    let hq = leader(&mut s, true, &from_label);
    assert!(crate::combat::may_artillery_barrage(
        &s,
        &[art, hq],
        art,
        at,
        t
    ));
}

/// 8.12 with 23.6 (INTERP): from a beach or flat hex a German tank on high ground is barraged
/// at range only if it projects fire into a beach hex (a beach hex of its T8 field that 23.42
/// lets it fire at), as for a position on a bluff overlooking the beach.
#[test]
fn r8_12_tank_on_high_ground_attacked_from_below() {
    use crate::index::Ground;
    let base = armor_game(23);
    let index = &base.data.index;
    let level = |h: HexId| index.hexes[usize::from(h)].ground;
    let (mut allowed, mut refused) = (0, 0);
    for at in (0..index.hexes.len() as HexId)
        .filter(|&h| crate::armor::road_hex(index, h) && level(h) == Ground::High)
    {
        let field = crate::tanks::field(&base, at);
        let Some(from) = field.iter().map(|&(a, _)| a).find(|&a| {
            index.distance(at, a) == 2 && matches!(level(a), Ground::Beach | Ground::Flat)
        }) else {
            continue;
        };
        let expected = field.iter().any(|&(b, _)| {
            level(b) == Ground::Beach && crate::tanks::elevation_allows(index, at, b)
        });
        let mut s = base.clone();
        let t = tank(&s, Colour::Blue);
        let (at_label, from_label) = (label_of(&s, at), label_of(&s, from));
        put_tank(&mut s, t, &at_label, false);
        let u = us(&mut s, UsKind::Tank, &from_label);
        assert_eq!(
            crate::combat::may_barrage(&s, &[u], u, at, t),
            expected,
            "{at_label} from {from_label}"
        );
        if expected {
            allowed += 1;
        } else {
            refused += 1;
        }
    }
    // On this map no road hex on high ground has a beach hex in its field: the test refuses
    // every such barrage, and would allow one where a map had it.
    assert!(
        allowed + refused > 0,
        "a tank on high ground with low ground in its field"
    );
}

/// 23.41 with T6 (found by `determinize_keeps_the_view_with_german_armor`): a failed attack on a
/// German tank whose result is "US disrupted, German hidden" (a lone weak company against a
/// tank on a face-down Armor marker) leaves the tank face-up: a tank is always revealed.
#[test]
fn r23_41_a_failed_attack_never_turns_a_tank_face_down() {
    use super::combat::{actions, attack, rifle};
    use crate::data::Division;
    let mut s = armor_game(23);
    let t = tank(&s, Colour::Blue);
    put_tank(&mut s, t, "1321", true);
    let d = s.germans[usize::from(t)].depth.expect("marker");
    assert!(!s.depth[usize::from(d)].revealed);
    let from_label = label_of(&s, super::land_neighbour(&s, hex(&s, "1321")));
    let u = super::combat::us(&mut s, &from_label, 1, rifle(Division::First));
    actions(&mut s, Division::First);
    let mut log = log();
    attack(&mut s, &mut log, "1321", &[u]);
    let hidden = log
        .entries()
        .iter()
        .any(|e| e.text.contains("GermanHidden"));
    assert!(hidden, "the T6 result is German hidden");
    assert!(s.us[usize::from(u)].flags.has(UsFlags::DISRUPTED));
    assert!(
        s.germans[usize::from(t)].revealed,
        "23.41: the tank stays face-up"
    );
    s.check_invariants().expect("invariants");
}
