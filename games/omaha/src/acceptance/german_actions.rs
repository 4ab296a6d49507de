//! Rule 16, German actions: T-16a, T-16b, T-16-order, T-16.1, T-16.5, T-16.6, T-16.8, T-16.86
//! and T-16.9, on the real positions and cards of `data/omaha/` (cards 23 and 38 are the two
//! examples' cards: red A, purple R, blue M; purple M, blue tank, brown P double).

use super::fire::{add_depth, disrupted, position, put, put_reinforcement, put_wn, steps};
use super::*;
use crate::data::{Colour, Icon, Sector, Symbol, UsKind, WnCategory};
use crate::fire::start_german_actions;
use crate::german_actions::{
    ambush_targets, displace_hexes, mortar_targets, path_defence, patrol_targets, run,
};
use crate::index::{GerKind, PosId};
use crate::state::{GerPool, GermanChoice, Step};
use crate::tables::german_actions::{GermanAction, MortarRange};

/// The icon of `colour` on card `card`.
fn icon(s: &Omaha, card: u8, colour: Colour) -> Icon {
    s.data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .and_then(|f| f.icons.iter().find(|i| i.colour == colour))
        .cloned()
        .expect("the colour is on the card")
}

fn action(s: &Omaha, name: &str, card: u8) -> GermanAction {
    let p = position(s, name);
    let colour = s.data.index.positions[usize::from(p)].colour;
    crate::german_actions::action_of(s, p, &icon(s, card, colour))
}

/// A US unit (not a Leader) of kind `kind` with `symbol`, full strength, in `label`.
fn us(s: &mut Omaha, kind: UsKind, symbol: Symbol, label: &str) -> UsId {
    crate::control::tests::place(
        s,
        |i| i.kind() == Some(kind) && i.symbol == Some(symbol),
        label,
    )
}

fn at(s: &Omaha, u: UsId) -> UsLoc {
    s.us[usize::from(u)].loc
}

/// A land hex at `distance` from position `name`'s hex, outside its fire field, not in `not`.
fn beyond(s: &Omaha, name: &str, distance: u32, not: &[String]) -> String {
    let index = &s.data.index;
    let p = position(s, name);
    let from = index.slots[usize::from(index.positions[usize::from(p)].slots[0])].hex;
    (0..index.hexes.len())
        .map(|h| h as HexId)
        .find(|&h| {
            let info = &index.hexes[usize::from(h)];
            info.ground != crate::index::Ground::Sea
                && index.distance(from, h) == distance
                && !info.fire.iter().any(|(q, _)| *q == p)
                && !not.contains(&info.label.to_string())
        })
        .map(|h| index.hexes[usize::from(h)].label.to_string())
        .expect("a hex at that distance")
}

/// Resolve position `name` on `card` alone (16: each position is resolved at once).
fn resolve(s: &mut Omaha, name: &str, card: u8) {
    let p = position(s, name);
    let sector = s.data.index.positions[usize::from(p)].sector;
    s.fire_cards[sector.slot()] = Some(card);
    start_german_actions(s, sector);
    crate::german_actions::resolve(s, sector, p, card, &mut log());
}

/// A revealed 352nd Division unit with a depth marker in C3 (1313), which advances (16.81).
fn advancer_in_c3(s: &mut Omaha) -> crate::index::GerId {
    let german = &s.data.german;
    let first = german.wn_units.len() + german.artillery.len();
    let i = german
        .reinforcements
        .iter()
        .position(|u| {
            u.division == crate::data::GermanDivision::D352 && u.pool == crate::data::Pool::D
        })
        .expect("a 352nd Divisional unit");
    let g = (first + i) as crate::index::GerId;
    s.germans[usize::from(g)].loc = GerLoc::Slot(s.data.index.slot_named("C3").expect("C3"));
    s.germans[usize::from(g)].revealed = true;
    add_depth(s, g);
    g
}

/// Run the German actions of `sector` on `card` to the end or the first prompt.
fn examine(s: &mut Omaha, sector: Sector, card: u8) {
    s.fire_cards[sector.slot()] = Some(card);
    start_german_actions(s, sector);
    run(s, sector, &mut log());
}

#[test]
fn t_16a_german_action_determination_example_1() {
    // Card 23: red A, purple R, blue M.
    let mut s = empty(20);
    put_wn(&mut s, "WN60");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0606");
    assert_eq!(
        action(&s, "WN60", 23),
        GermanAction::Fire,
        "purple WN, US in field"
    );
    // Purple reinforcement A4 (1005), unoccupied, LOC, a US unit in its Moderate hex 1006.
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1006");
    assert_eq!(action(&s, "A4", 23), GermanAction::Reinforce);
    // Blue B5 (1211) occupied, US in its field (1111): fires; none: mortar (16.5).
    let mut b = empty(20);
    put_reinforcement(&mut b, "B5");
    assert_eq!(
        action(&b, "B5", 23),
        GermanAction::Mortar {
            range: MortarRange::Reinforcement
        }
    );
    us(&mut b, UsKind::Infantry, Symbol::Circle, "1111");
    assert_eq!(action(&b, "B5", 23), GermanAction::Fire);
    // Red C3 (1313) unoccupied, LOC, a US unit in its field (1212) within 2: Ambush (16.9).
    let mut c = empty(20);
    us(&mut c, UsKind::Infantry, Symbol::Circle, "1212");
    assert_eq!(action(&c, "C3", 23), GermanAction::Ambush);
    // Variant: the purple WN unoccupied with LOC: Re-occupy (16.1).
    let d = empty(20);
    assert_eq!(action(&d, "WN60", 23), GermanAction::Reoccupy);
}

#[test]
fn t_16b_german_action_determination_example_2() {
    // Card 38: purple M, blue tank, brown P in a double square.
    let mut s = empty(20);
    // Brown A2 (0907) occupied by a unit without a depth marker: no action.
    put_reinforcement(&mut s, "A2");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0806");
    assert_eq!(action(&s, "A2", 38), GermanAction::Nothing);
    // Purple WN60 occupied with US in its field: fires.
    put_wn(&mut s, "WN60");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0606");
    assert_eq!(action(&s, "WN60", 38), GermanAction::Fire);
    // Purple A4 unoccupied: M gives it nothing.
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1006");
    assert_eq!(action(&s, "A4", 38), GermanAction::Nothing);
    // Blue B5 occupied, US in its field: fire with the armor bonus.
    put_reinforcement(&mut s, "B5");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1111");
    assert_eq!(action(&s, "B5", 38), GermanAction::FireVsArmor);
    // Brown C1 (1113) occupied with a depth marker, US in its field: Patrol (16.6).
    let g = put_reinforcement(&mut s, "C1");
    add_depth(&mut s, g);
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1012");
    assert_eq!(action(&s, "C1", 38), GermanAction::Patrol);
}

#[test]
fn t_16_order_highest_number_then_highest_letter_reinforces_first() {
    // 16 "Order": C5 before C2; B1 before A1 (equal numbers, higher letter).
    let s = empty(20);
    let key = |name: &str| crate::fire::order_key(&s, position(&s, name));
    assert!(key("C5") > key("C2"));
    assert!(key("B1") > key("A1"));
    // Card 52: orange R. A1 (0905) and B1 (1207), both orange, both unoccupied with a US unit
    // in an Intense hex; one unit in the Tactical box: B1 receives it.
    let mut s = empty(20);
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0804");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1107");
    let g = put(&mut s, "A1", |k| k == GerKind::Tactical);
    s.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::Tactical);
    let d = (0..s.depth.len())
        .find(|&d| s.data.index.depth[d].kind == crate::data::DepthKind::Mobile)
        .expect("a Mobile marker");
    s.depth[d].loc = DepthLoc::Pool(crate::state::DepthPool::Mobile);
    examine(&mut s, Sector::East, 52);
    let b1 = s.data.index.slot_named("B1").expect("B1");
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Slot(b1),
        "16.4 in order"
    );
    // 16.4: a reinforcement always comes with a depth marker.
    assert!(s.germans[usize::from(g)].depth.is_some());
}

#[test]
fn t_16_1_reoccupy_places_an_eliminated_wn_unit_face_up() {
    // Card 49: blue R. WN64 (blue, 0915) is empty with LOC; one eliminated WN unit.
    let mut s = empty(20);
    let g = put_wn(&mut s, "WN64");
    s.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::EliminatedWn);
    s.germans[usize::from(g)].revealed = false;
    // An eliminated artillery unit is never drawn (16.1).
    let art = put(&mut s, "WN64", |k| k == GerKind::Wn(WnCategory::C75));
    s.germans[usize::from(art)].loc = GerLoc::Pool(GerPool::EliminatedWn);
    examine(&mut s, Sector::East, 49);
    let wn64 = s.data.index.slot_named("WN64").expect("WN64");
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::Slot(wn64));
    assert!(s.germans[usize::from(g)].revealed, "face-up");
    assert_eq!(
        s.germans[usize::from(art)].loc,
        GerLoc::Pool(GerPool::EliminatedWn)
    );
    // 16.11: a US unit in one hex of a two-hex WN (WN62, orange; card 52 orange R) protects it.
    let mut t = empty(20);
    let g = put_wn(&mut t, "WN62N");
    t.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::EliminatedWn);
    us(&mut t, UsKind::Infantry, Symbol::Circle, "0812");
    assert_eq!(action(&t, "WN62", 52), GermanAction::Nothing);
}

#[test]
fn t_16_5_mortar_hits_the_units_with_most_steps_up_to_the_limit() {
    // Card 3 (diamond): orange M. B1 (1207) occupied with a depth marker, no US in its field.
    let mut s = empty(20);
    let g = put_reinforcement(&mut s, "B1");
    add_depth(&mut s, g);
    let b1 = position(&s, "B1");
    // The acceptance case's distances: 2 (3 steps), 3 (2 steps), 3 (3 steps), a tank at 4.
    let (h_a, h_b) = (beyond(&s, "B1", 2, &[]), beyond(&s, "B1", 3, &[]));
    let (h_c, h_t) = (
        beyond(&s, "B1", 3, std::slice::from_ref(&h_b)),
        beyond(&s, "B1", 4, &[]),
    );
    let a = us(&mut s, UsKind::Infantry, Symbol::Diamond, &h_a);
    let b = us(&mut s, UsKind::Infantry, Symbol::Diamond, &h_b);
    s.us[usize::from(b)].steps = 2;
    let c = us(&mut s, UsKind::Infantry, Symbol::Diamond, &h_c);
    let tank = us(&mut s, UsKind::Tank, Symbol::Diamond, &h_t);
    let targets = mortar_targets(&s, b1, MortarRange::Reinforcement, 3);
    assert!(targets.contains(&a) && targets.contains(&b) && targets.contains(&c));
    assert!(!targets.contains(&tank), "out of range");
    resolve(&mut s, "B1", 3);
    assert_eq!((steps(&s, a), steps(&s, b), steps(&s, c)), (2, 2, 2));
    assert!(!disrupted(&s, a) && !disrupted(&s, c), "no disruption");
}

#[test]
fn t_16_6_patrol_disrupts_intense_and_moderate_hexes_else_the_nearest() {
    // Card 38: brown P (double). C1 (1113) occupied with a depth marker.
    let mut s = empty(20);
    let g = put_reinforcement(&mut s, "C1");
    add_depth(&mut s, g);
    let c1 = position(&s, "C1");
    let intense = us(&mut s, UsKind::Infantry, Symbol::Circle, "1012");
    let sporadic_hex = s
        .data
        .index
        .hexes
        .iter()
        .position(|h| h.fire.contains(&(c1, crate::data::FireLevel::Sporadic)));
    let sporadic = sporadic_hex.map(|h| {
        let label = s.data.index.hexes[h].label.to_string();
        us(&mut s, UsKind::Infantry, Symbol::Triangle, &label)
    });
    // 16.61: Leaders are never disrupted.
    let hq =
        crate::control::tests::place(&mut s, |i| i.counter == crate::index::UsCounter::Hq, "1012");
    let (all, units) = patrol_targets(&s, c1, 38);
    assert!(all);
    assert_eq!(units, vec![intense]);
    resolve(&mut s, "C1", 38);
    assert!(disrupted(&s, intense));
    assert!(!disrupted(&s, hq), "16.61");
    if let Some(u) = sporadic {
        assert!(!disrupted(&s, u), "Sporadic hexes are spared");
        // Without units in Intense or Moderate hexes, the nearest unit within 3 is disrupted.
        s.us[usize::from(intense)].loc = UsLoc::OutOfPlay;
        s.us[usize::from(hq)].loc = UsLoc::OutOfPlay;
        let (all, units) = patrol_targets(&s, c1, 38);
        assert!(!all);
        assert_eq!(units, vec![u]);
    }
}

#[test]
fn t_16_8_advance_from_c3_to_c1() {
    // Turn 20, card 19 (diamond): red P... the Advance needs red A: card 23 (triangle).
    let setup = |feature_bocage: bool, hero: bool| {
        let mut s = empty(20);
        let g = advancer_in_c3(&mut s);
        // The path C3 -> C1 is 1212, 1213 (positions.toml). L/3/16 (4, the card's symbol) and
        // F/2/16 (4, not) on it; a 6-strength unit off it.
        let l = us(&mut s, UsKind::Infantry, Symbol::Triangle, "1212");
        s.us[usize::from(l)].steps = 2;
        let f = us(&mut s, UsKind::Infantry, Symbol::Circle, "1213");
        s.us[usize::from(f)].steps = 2;
        let off = us(&mut s, UsKind::Infantry, Symbol::Circle, "1312");
        if hero {
            s.heroes[0].loc = crate::state::HeroLoc::On(f);
        }
        let _ = feature_bocage;
        (s, g, l, f, off)
    };
    let (mut s, g, l, f, off) = setup(false, false);
    assert_eq!(action(&s, "C3", 23), GermanAction::Advance);
    resolve(&mut s, "C3", 23);
    // Deferred to the end of the sector's actions (16.85).
    assert_eq!(
        s.ger_advances & (1 << position(&s, "C3")),
        1 << position(&s, "C3")
    );
    run(&mut s, Sector::East, &mut log());
    assert!(disrupted(&s, l), "the card's symbol: disrupted");
    assert!(!disrupted(&s, f));
    // Defence 4 < 7: one of the two path units loses a step, the player's choice.
    assert!(matches!(
        s.step,
        Step::GermanChoice {
            choice: GermanChoice::AdvanceLoss,
            ..
        }
    ));
    let mut legal = Vec::new();
    overlord_engine::Game::legal_actions(&s, &mut legal);
    assert!(legal.contains(&crate::OmahaAction::GermanTarget { unit: f }));
    crate::german_actions::answer(
        &mut s,
        crate::OmahaAction::GermanTarget { unit: f },
        &mut log(),
    )
    .expect("legal");
    assert_eq!(steps(&s, f), 1);
    let c1 = s.data.index.slot_named("C1").expect("C1");
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Slot(c1),
        "advanced with its marker"
    );
    assert!(s.germans[usize::from(g)].depth.is_some());
    assert_eq!(steps(&s, off), 3);
    // With a Hero on F/2/16: 4 + 1 = 5 < 7, still an advance.
    let (s, ..) = setup(false, true);
    let path: Vec<HexId> = ["1212", "1213"].iter().map(|l| hex(&s, l)).collect();
    assert_eq!(
        path_defence(&s, &path),
        4 + 4 + 1,
        "before the disruption of L/3/16"
    );
}

/// 16.84: a Hero adds 1 to its unit's defence of an Advance path, after the terrain doubling.
#[test]
fn r16_84_a_hero_adds_one_to_the_path_defence() {
    let defence = |hero: bool| {
        let mut s = empty(20);
        advancer_in_c3(&mut s);
        let f = us(&mut s, UsKind::Infantry, Symbol::Circle, "1213");
        s.us[usize::from(f)].steps = 2;
        if hero {
            s.heroes[0].loc = crate::state::HeroLoc::On(f);
        }
        let path: Vec<HexId> = ["1212", "1213"].iter().map(|l| hex(&s, l)).collect();
        path_defence(&s, &path)
    };
    assert_eq!(defence(true), defence(false) + 1);
}

#[test]
fn t_16_8_advance_repulsed_by_a_defence_of_seven() {
    let mut s = empty(20);
    let g = advancer_in_c3(&mut s);
    // Two full-strength companies without the card's symbol on the path: 6 + 6 >= 7.
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1212");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1213");
    resolve(&mut s, "C3", 23);
    run(&mut s, Sector::East, &mut log());
    let c3 = s.data.index.slot_named("C3").expect("C3");
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Slot(c3),
        "repulsed (16.82)"
    );
}

#[test]
fn t_16_8_units_in_the_destination_are_displaced_off_the_path() {
    let mut s = empty(20);
    let g = advancer_in_c3(&mut s);
    let in_c1 = us(&mut s, UsKind::Infantry, Symbol::Circle, "1113");
    let c3 = position(&s, "C3");
    let options = displace_hexes(&s, c3);
    assert!(!options.is_empty());
    for h in ["1212", "1213", "1113"] {
        assert!(
            !options.contains(&hex(&s, h)),
            "{h} is on the path or the destination"
        );
    }
    resolve(&mut s, "C3", 23);
    run(&mut s, Sector::East, &mut log());
    if let Step::GermanChoice {
        choice: GermanChoice::Displace { unit },
        ..
    } = s.step
    {
        assert_eq!(unit, in_c1);
        crate::german_actions::answer(
            &mut s,
            crate::OmahaAction::Displace {
                unit,
                to: options[0],
            },
            &mut log(),
        )
        .expect("legal");
    }
    assert!(matches!(at(&s, in_c1), UsLoc::Hex(h) if options.contains(&h)));
    let c1 = s.data.index.slot_named("C1").expect("C1");
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::Slot(c1));
}

#[test]
fn t_16_86_b1_two_arrows() {
    // B1's arrows: A7, then A6.
    let mut s = empty(20);
    put_reinforcement(&mut s, "B1");
    let b1 = position(&s, "B1");
    let target = |s: &Omaha| crate::german_actions::advance_target_of(s, b1);
    assert_eq!(target(&s), Some(position(&s, "A7")), "neither occupied: A7");
    put_reinforcement(&mut s, "A7");
    assert_eq!(target(&s), Some(position(&s, "A6")), "A7 occupied: A6");
    put_reinforcement(&mut s, "A6");
    assert_eq!(target(&s), None, "both occupied: no advance");
}

#[test]
fn t_16_9_ambush_hits_in_intense_else_disrupts() {
    // Card 23 (triangle): red A. C3 (1313) unoccupied with LOC; its Intense hexes 1212, 1213.
    let mut s = empty(20);
    let c3 = position(&s, "C3");
    let tank = us(&mut s, UsKind::Tank, Symbol::Triangle, "1212");
    let moderate = s
        .data
        .index
        .hexes
        .iter()
        .position(|h| h.fire.contains(&(c3, crate::data::FireLevel::Moderate)))
        .map(|h| s.data.index.hexes[h].label.to_string())
        .expect("a Moderate hex");
    let inf = us(&mut s, UsKind::Infantry, Symbol::Triangle, &moderate);
    assert_eq!(ambush_targets(&s, c3, 23), (true, vec![tank]));
    resolve(&mut s, "C3", 23);
    assert_eq!(
        steps(&s, tank),
        1,
        "an armored unit is not protected (16.92)"
    );
    assert!(!disrupted(&s, inf));
    // Without the tank: the infantry in the Moderate hex is disrupted.
    s.us[usize::from(tank)].loc = UsLoc::OutOfPlay;
    assert_eq!(ambush_targets(&s, c3, 23), (false, vec![inf]));
    resolve(&mut s, "C3", 23);
    assert!(disrupted(&s, inf));
    assert_eq!(steps(&s, inf), 3);
}

/// 15, 16, 14.1: random games run through the extended turns. Beyond the Beach starts on turn
/// 17; a random policy loses D-Day at Omaha Beach long before it (13.1, 20.2), so there, as in
/// the 13.2 play-through test, reduced regular infantry gets its steps back at the start of
/// the Action Phase. The games play the extended sequence (two Event phases, the Engineer and
/// HQ Phase, three actions, German actions with their prompts answered at random) without a
/// panic, a stall or a broken invariant.
#[test]
fn extended_turns_play_through_with_german_actions() {
    use overlord_engine::Game;
    let mut extended_turns = 0;
    let mut prompts = std::collections::BTreeSet::new();
    for (scenario, seeds) in [("beyond-the-beach", 0..10u64), ("d-day", 0..6u64)] {
        for seed in seeds {
            let state = play_random(scenario, &OmahaOptions::default(), seed, |state| {
                if state.turn >= 17 {
                    prompts.insert(state.prompt().name);
                }
                // Healing only where no prompt waits on a unit's steps.
                if scenario == "d-day"
                    && matches!(state.step, Step::Actions { .. } | Step::DivisionOrder)
                {
                    for (u, info) in state.us.iter_mut().zip(&data().index.us) {
                        if info.regular_infantry() && u.steps >= 1 {
                            u.steps = info.steps;
                        }
                    }
                }
            });
            if state.turn >= 17 {
                extended_turns += usize::from(state.turn - 16);
            }
        }
    }
    assert!(
        extended_turns >= 40,
        "only {extended_turns} extended turns played"
    );
    assert!(prompts.contains("actions"), "{prompts:?}");
    assert!(
        [
            "mortar_tie",
            "patrol_tie",
            "ambush_tie",
            "redeploy_tie",
            "german_artillery_tie"
        ]
        .iter()
        .any(|p| prompts.contains(p)),
        "no German-action prompt came up: {prompts:?}"
    );
}

#[test]
fn r19_3_garrison_stops_reinforce_and_reoccupy() {
    // Card 23: purple R. A4 would be reinforced (T-16a); with a Garrison it is not.
    let mut s = empty(20);
    us(&mut s, UsKind::Infantry, Symbol::Circle, "1006");
    let g = put(&mut s, "A1", |k| k == GerKind::Tactical);
    s.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::Tactical);
    let a4 = position(&s, "A4");
    s.garrisons |= 1 << a4;
    resolve(&mut s, "A4", 23);
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Pool(GerPool::Tactical)
    );
    // WN60 (purple, R): an eliminated WN unit does not re-occupy a garrisoned WN.
    let w = put_wn(&mut s, "WN60");
    s.germans[usize::from(w)].loc = GerLoc::Pool(GerPool::EliminatedWn);
    let wn60 = position(&s, "WN60");
    s.garrisons |= 1 << wn60;
    resolve(&mut s, "WN60", 23);
    assert_eq!(
        s.germans[usize::from(w)].loc,
        GerLoc::Pool(GerPool::EliminatedWn)
    );
}

/// 16.33: two units that could redeploy to the same position: the one in the higher-numbered
/// position goes (A2 before C1); 16.32: it does not fire.
#[test]
fn r16_33_higher_number_redeploys_first() {
    // Card 16: brown R. A2 (0907) and C1 (1113) occupied, no US unit in their fields; the
    // ID-less position 0913 is the only reinforcement position with a US unit in its field.
    let mut s = empty(20);
    let a2 = put_reinforcement(&mut s, "A2");
    let c1 = put_reinforcement(&mut s, "C1");
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0812");
    let p_a2 = position(&s, "A2");
    let p_c1 = position(&s, "C1");
    let target = crate::german_actions::redeploy_targets(&s, Sector::East, p_a2);
    let names: Vec<&str> = target
        .iter()
        .map(|&q| crate::fire::position_name(&s, q))
        .collect();
    assert_eq!(target.len(), 1, "one position qualifies: {names:?}");
    assert_eq!(
        crate::german_actions::redeploy_targets(&s, Sector::East, p_c1),
        target
    );
    assert_eq!(action(&s, "A2", 16), GermanAction::Redeploy);
    assert_eq!(action(&s, "C1", 16), GermanAction::Redeploy);
    examine(&mut s, Sector::East, 16);
    let to = s.data.index.positions[usize::from(target[0])].slots[0];
    assert_eq!(s.germans[usize::from(a2)].loc, GerLoc::Slot(to), "A2 goes");
    let c1_slot = s.data.index.slot_named("C1").expect("C1");
    assert_eq!(
        s.germans[usize::from(c1)].loc,
        GerLoc::Slot(c1_slot),
        "C1 stays"
    );
}

/// A card whose Fire section shows `colour` with the letter `mark`.
fn card_with_mark(s: &Omaha, colour: Colour, mark: crate::data::ActionLetter) -> u8 {
    s.data
        .cards
        .iter()
        .find(|c| {
            c.fire.as_ref().is_some_and(|f| {
                f.icons
                    .iter()
                    .any(|i| i.colour == colour && i.mark == Some(mark))
            })
        })
        .map(|c| c.number)
        .expect("a card with that icon")
}

/// 16.12: two green WNs of the West sector (WN71, then WN67 in examination order) could be
/// re-occupied, one eliminated WN unit is left: it goes to the WN nearer the US units (WN67,
/// a US unit beside it), although WN71 is examined first.
#[test]
fn r16_12_few_units_reoccupy_the_wns_nearest_the_us_units() {
    let mut s = empty(20);
    let g = put_wn(&mut s, "WN67");
    s.germans[usize::from(g)].loc = GerLoc::Pool(GerPool::EliminatedWn);
    s.germans[usize::from(g)].revealed = false;
    let u = us(&mut s, UsKind::Infantry, Symbol::Circle, "1223");
    s.us[usize::from(u)].steps = 1;
    let card = card_with_mark(&s, Colour::Green, crate::data::ActionLetter::R);
    assert_eq!(action(&s, "WN71", card), GermanAction::Reoccupy);
    assert_eq!(action(&s, "WN67", card), GermanAction::Reoccupy);
    let mut l = log();
    s.fire_cards[Sector::West.slot()] = Some(card);
    start_german_actions(&mut s, Sector::West);
    run(&mut s, Sector::West, &mut l);
    let wn67 = s.data.index.slot_named("WN67").expect("WN67");
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::Slot(wn67));
    assert!(
        l.entries()
            .iter()
            .any(|e| e.rule.0 == "16.12" && e.text.contains("WN71")),
        "WN71 gives way (16.12)"
    );
}

/// A depth marker of `kind` under German unit `g` and, with `spare`, one of the other kind
/// (Mobile or Building) in its box; returns the two.
fn markers(
    s: &mut Omaha,
    g: crate::index::GerId,
    kind: crate::data::DepthKind,
    spare: bool,
) -> (crate::index::DepthId, Option<crate::index::DepthId>) {
    use crate::data::DepthKind;
    use crate::state::{DepthLoc, DepthPool};
    let free = |s: &Omaha, k: DepthKind| {
        (0..s.depth.len())
            .find(|&d| s.depth[d].loc == DepthLoc::OutOfPlay && s.data.index.depth[d].kind == k)
            .expect("a free marker of that kind") as crate::index::DepthId
    };
    let d = free(s, kind);
    s.depth[usize::from(d)].loc = DepthLoc::Under(g);
    s.germans[usize::from(g)].depth = Some(d);
    if !spare {
        return (d, None);
    }
    let (other, pool) = match kind {
        DepthKind::Mobile => (DepthKind::Building, DepthPool::Building),
        _ => (DepthKind::Mobile, DepthPool::Mobile),
    };
    let e = free(s, other);
    s.depth[usize::from(e)].loc = DepthLoc::Pool(pool);
    (d, Some(e))
}

/// The depth marker kind a unit should carry into position `q`, and the one it must not.
fn marker_kinds(s: &Omaha, q: PosId) -> (crate::data::DepthKind, crate::data::DepthKind) {
    use crate::data::DepthKind;
    let building = matches!(
        s.data.index.positions[usize::from(q)].kind,
        crate::index::PosKind::Reinforcement { building: true, .. }
    );
    if building {
        (DepthKind::Building, DepthKind::Mobile)
    } else {
        (DepthKind::Mobile, DepthKind::Building)
    }
}

/// 16.34: a unit redeploying with the wrong kind of depth marker for its new position (Mobile
/// into a building position, Building out of one) swaps it for one of the other kind from its
/// box; with none there it keeps its own.
#[test]
fn r16_34_redeploy_swaps_the_depth_marker_for_the_new_position() {
    let setup = |spare: bool| {
        let mut s = empty(20);
        let a2 = put_reinforcement(&mut s, "A2");
        us(&mut s, UsKind::Infantry, Symbol::Circle, "0812");
        let targets = crate::german_actions::redeploy_targets(&s, Sector::East, position(&s, "A2"));
        let q = targets[0];
        let (right, wrong) = marker_kinds(&s, q);
        let (d, e) = markers(&mut s, a2, wrong, spare);
        assert_eq!(action(&s, "A2", 16), GermanAction::Redeploy);
        let mut l = log();
        s.fire_cards[Sector::East.slot()] = Some(16);
        start_german_actions(&mut s, Sector::East);
        run(&mut s, Sector::East, &mut l);
        let to = s.data.index.positions[usize::from(q)].slots[0];
        assert_eq!(
            s.germans[usize::from(a2)].loc,
            GerLoc::Slot(to),
            "redeployed"
        );
        (s, a2, d, e, right, l)
    };
    let (s, a2, d, e, right, l) = setup(true);
    let now = s.germans[usize::from(a2)].depth.expect("a depth marker");
    assert_eq!(Some(now), e, "swapped for the marker in the box");
    assert_eq!(s.data.index.depth[usize::from(now)].kind, right);
    assert!(matches!(s.depth[usize::from(d)].loc, DepthLoc::Pool(_)));
    assert!(l.entries().iter().any(|e| e.rule.0 == "16.34"));
    let (s, a2, d, _, _, l) = setup(false);
    assert_eq!(
        s.germans[usize::from(a2)].depth,
        Some(d),
        "nothing to swap for"
    );
    assert!(!l.entries().iter().any(|e| e.rule.0 == "16.34"));
}

/// 16.83: an advancing unit swaps its depth marker as in 16.34 (C3 to C1 with no US unit on
/// the path).
#[test]
fn r16_83_advance_swaps_the_depth_marker_as_16_34() {
    let mut s = empty(20);
    let g = advancer_in_c3(&mut s);
    // advancer_in_c3's marker goes back: the test chooses its kind.
    if let Some(old) = s.germans[usize::from(g)].depth.take() {
        s.depth[usize::from(old)].loc = DepthLoc::OutOfPlay;
    }
    let c1 = position(&s, "C1");
    let (right, wrong) = marker_kinds(&s, c1);
    let (_, e) = markers(&mut s, g, wrong, true);
    // A US unit far from the path, so that something is on the map.
    us(&mut s, UsKind::Infantry, Symbol::Circle, "0711");
    assert_eq!(action(&s, "C3", 23), GermanAction::Advance);
    let mut l = log();
    s.fire_cards[Sector::East.slot()] = Some(23);
    start_german_actions(&mut s, Sector::East);
    run(&mut s, Sector::East, &mut l);
    let c1_slot = s.data.index.slot_named("C1").expect("C1");
    assert_eq!(s.germans[usize::from(g)].loc, GerLoc::Slot(c1_slot));
    let now = s.germans[usize::from(g)].depth.expect("a depth marker");
    assert_eq!(Some(now), e);
    assert_eq!(s.data.index.depth[usize::from(now)].kind, right);
    assert!(l.entries().iter().any(|e| e.rule.0 == "16.83"));
}
