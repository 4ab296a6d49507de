//! The US side of the extended game: 17.1 / 17.2 wired into A-MOVE (T-17.1, T-17.2), 17.3,
//! Command Posts (rule 18, T-18, Snipers Target Runners), Engineer Bases (rule 19, T-19.31) and
//! the US Engineer and HQ Phase (15 V), on the shipped map.

use super::combat::{leader, us};
use super::*;
use crate::action::{OmahaAction, Path};
use crate::data::{Division, Sector, UsKind};
use crate::index::{GerId, UsCounter};
use crate::state::{EngineerBase, Step};
use crate::tables::terrain::{Crossing, Hexside};
use overlord_engine::Game;

fn man(state: &mut Omaha, slot: &str) -> GerId {
    let s = state.data.index.slot_named(slot).expect("slot");
    let g = state
        .germans
        .iter()
        .position(|g| g.loc == GerLoc::OutOfPlay)
        .expect("a free German unit");
    state.germans[g].loc = GerLoc::Slot(s);
    state.germans[g].disrupted = false;
    g as GerId
}

fn acting(s: &mut Omaha, division: Division, left: u8) {
    s.step = Step::Actions {
        division,
        left,
        second: true,
    };
}

fn left(s: &Omaha) -> u8 {
    match s.step {
        Step::Actions { left, .. } => left,
        step => panic!("not in the Action Phase: {step:?}"),
    }
}

fn apply(s: &mut Omaha, action: OmahaAction) {
    if let Err(e) = Game::apply(s, action, &mut log()) {
        panic!("{action:?} refused: {e:?}");
    }
}

fn path(s: &Omaha, labels: &[&str]) -> Path {
    let hexes: Vec<HexId> = labels.iter().map(|l| hex(s, l)).collect();
    Path::new(&hexes).expect("a path")
}

fn at(s: &Omaha, u: UsId) -> UsLoc {
    s.us[usize::from(u)].loc
}

fn infantry(s: &mut Omaha, label: &str) -> UsId {
    us(s, label, 0, |u| {
        u.kind == UsKind::Infantry && u.division == Division::First
    })
}

fn tank(s: &mut Omaha, label: &str) -> UsId {
    us(s, label, 0, |u| {
        u.kind == UsKind::Tank && u.division == Division::First
    })
}

// ---- 17.1, 17.2 in A-MOVE -------------------------------------------------------------------

#[test]
fn t_17_1_two_hex_move_is_offered_and_carried_out() {
    let mut s = empty(28);
    let u = infantry(&mut s, "1402");
    acting(&mut s, Division::First, 3);
    let list = legal(&s);
    let two = OmahaAction::MoveAlong {
        unit: u,
        path: path(&s, &["1303", "1304"]),
    };
    assert!(list.contains(&two), "{list:?}");
    // Bocage entered off the road: one hex only (17.1).
    assert!(list.contains(&OmahaAction::Move {
        unit: u,
        to: hex(&s, "1503")
    }));
    assert!(
        !list
            .iter()
            .any(|a| matches!(a, OmahaAction::MoveAlong { unit, path }
            if *unit == u && path.hexes().first() == Some(&hex(&s, "1503"))))
    );
    apply(&mut s, two);
    assert_eq!(at(&s, u), UsLoc::Hex(hex(&s, "1304")));
    assert_eq!(left(&s), 2, "one action for two hexes");
}

#[test]
fn t_17_1_basic_game_moves_unchanged() {
    let mut s = empty(10);
    let u = infantry(&mut s, "1402");
    acting(&mut s, Division::First, 2);
    let list = legal(&s);
    assert!(
        !list
            .iter()
            .any(|a| matches!(a, OmahaAction::MoveAlong { .. })),
        "no multi-hex move before turn 17"
    );
    assert!(list.contains(&OmahaAction::Move {
        unit: u,
        to: hex(&s, "1303")
    }));
}

#[test]
fn t_17_1_hq_two_hexes_through_bocage_not_rough() {
    let mut s = empty(28);
    let hq = leader(&mut s, "1402", UsCounter::Hq);
    s.us[usize::from(hq)].command = Division::First;
    acting(&mut s, Division::First, 3);
    let list = legal(&s);
    assert!(list.contains(&OmahaAction::MoveAlong {
        unit: hq,
        path: path(&s, &["1503", "1504"])
    }));
    // A refused path changes nothing and says why.
    let before = s.clone();
    let bad = OmahaAction::MoveAlong {
        unit: hq,
        path: path(&s, &["1503", "1402"]),
    };
    let e = Game::apply(&mut s, bad, &mut log()).expect_err("refused");
    assert!(format!("{e:?}").contains("not a legal answer"), "{e:?}");
    assert!(s == before);
}

/// 7.21 with 17.1 and 17.2: two units of one hex take the same multi-hex path together for one
/// action: infantry two hexes, tanks along the road.
#[test]
fn r7_21_r17_1_r17_2_pairs_make_multi_hex_moves() {
    let mut s = empty(28);
    let a = infantry(&mut s, "1402");
    let b = infantry(&mut s, "1402");
    acting(&mut s, Division::First, 3);
    let two = OmahaAction::MovePairAlong {
        unit: a.min(b),
        with: a.max(b),
        path: path(&s, &["1303", "1304"]),
    };
    assert!(legal(&s).contains(&two), "{:?}", legal(&s));
    apply(&mut s, two);
    for u in [a, b] {
        assert_eq!(at(&s, u), UsLoc::Hex(hex(&s, "1304")));
    }
    assert_eq!(left(&s), 2, "one action for the pair's two hexes");
    let mut s = empty(28);
    let a = tank(&mut s, "1309");
    let b = tank(&mut s, "1309");
    acting(&mut s, Division::First, 3);
    let road = OmahaAction::MovePairAlong {
        unit: a.min(b),
        with: a.max(b),
        path: path(&s, &["1310", "1311", "1312", "1313"]),
    };
    assert!(legal(&s).contains(&road), "{:?}", legal(&s));
    apply(&mut s, road);
    for u in [a, b] {
        assert_eq!(at(&s, u), UsLoc::Hex(hex(&s, "1313")));
    }
    assert_eq!(left(&s), 2);
}

/// 7.21 with 17.12 and 7.32 from turn 17: a pair crosses a cliff at once (both with a Climb
/// marker), and an HQ infiltrates with another unit, never alone.
#[test]
fn r7_21_r17_12_r7_32_pairs_across_a_cliff_and_leaders_infiltrating() {
    let mut s = empty(28);
    let a = us(&mut s, "0433", 0, |u| u.kind == UsKind::Infantry);
    let b = us(&mut s, "0433", 0, |u| u.kind == UsKind::Infantry);
    s.us[usize::from(b)].command = s.us[usize::from(a)].command;
    let division = s.us[usize::from(a)].command;
    acting(&mut s, division, 3);
    let to = hex(&s, "0434");
    let pair = OmahaAction::MovePair {
        unit: a.min(b),
        with: a.max(b),
        to,
    };
    assert!(legal(&s).contains(&pair), "{:?}", legal(&s));
    apply(&mut s, pair);
    for u in [a, b] {
        assert_eq!(at(&s, u), UsLoc::Hex(to));
        assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
    }
    assert_eq!(left(&s), 2);
    // 1401 and 1402 are both beside A9 (1502) and in its field.
    let mut s = empty(28);
    man(&mut s, "A9");
    let hq = leader(&mut s, "1401", UsCounter::Hq);
    s.us[usize::from(hq)].command = Division::First;
    let u = infantry(&mut s, "1401");
    acting(&mut s, Division::First, 3);
    let to = hex(&s, "1402");
    let list = legal(&s);
    assert!(!list.contains(&OmahaAction::Move { unit: hq, to }));
    let pair = OmahaAction::MovePair {
        unit: hq.min(u),
        with: hq.max(u),
        to,
    };
    assert!(list.contains(&pair), "{list:?}");
    // A card without A9's colour: the pair goes through unhurt.
    let a9 = s.data.index.slot_named("A9").expect("A9");
    let colour =
        s.data.index.positions[usize::from(s.data.index.slots[usize::from(a9)].position)].colour;
    let card = s
        .data
        .cards
        .iter()
        .find(|c| {
            c.fire
                .as_ref()
                .is_some_and(|f| !f.icons.iter().any(|i| i.colour == colour))
        })
        .map(|c| c.number)
        .expect("a card without A9's colour");
    stack(&mut s, &[card]);
    let draws = s.draws;
    apply(&mut s, pair);
    assert_eq!(s.draws, draws + 1, "7.32: the infiltration's card");
    for x in [hq, u] {
        assert_eq!(at(&s, x), UsLoc::Hex(to));
    }
    assert_eq!(left(&s), 2, "the unit pays, the HQ is free");
}

#[test]
fn r17_11_bluff_move_without_climb_marker() {
    let mut s = empty(28);
    let u = infantry(&mut s, "0702");
    acting(&mut s, Division::First, 3);
    let to = hex(&s, "0802");
    apply(&mut s, OmahaAction::Move { unit: u, to });
    assert_eq!(at(&s, u), UsLoc::Hex(hex(&s, "0802")));
    assert!(!s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
}

#[test]
fn r17_12_cliff_move_with_climb_marker() {
    let mut s = empty(28);
    let u = us(&mut s, "0433", 0, |u| u.kind == UsKind::Ranger);
    let division = s.us[usize::from(u)].command;
    acting(&mut s, division, 3);
    let list = legal(&s);
    assert!(
        !list
            .iter()
            .any(|a| matches!(a, OmahaAction::StartCliff { .. })),
        "17.12 replaces the Climb Cliff procedure"
    );
    let to = hex(&s, "0434");
    apply(&mut s, OmahaAction::Move { unit: u, to });
    assert_eq!(at(&s, u), UsLoc::Hex(hex(&s, "0434")));
    assert!(s.us[usize::from(u)].flags.has(UsFlags::CLIMB));
}

#[test]
fn r17_12_cliff_climbed_down_is_logged_as_down() {
    // 0434 (high ground) over the scalable cliff to 0433 (beach): a climb down.
    let mut s = empty(28);
    let u = us(&mut s, "0434", 0, |u| u.kind == UsKind::Ranger);
    let division = s.us[usize::from(u)].command;
    acting(&mut s, division, 3);
    let to = hex(&s, "0433");
    assert_eq!(
        crate::movement::crossing(&s, u, hex(&s, "0434"), to),
        Crossing::ClimbCliff
    );
    let mut l = log();
    let _ = Game::apply(&mut s, OmahaAction::Move { unit: u, to }, &mut l).expect("a legal move");
    assert_eq!(at(&s, u), UsLoc::Hex(to));
    let text: Vec<&str> = l
        .entries()
        .iter()
        .filter(|e| e.rule.0 == "17.12")
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        text.iter().any(|t| t.contains("down the cliff")),
        "{text:?}"
    );
    assert!(!text.iter().any(|t| t.contains("up the cliff")), "{text:?}");
}

#[test]
fn t_17_2_tank_road_move_in_the_action_phase() {
    let mut s = empty(28);
    let t = tank(&mut s, "1309");
    acting(&mut s, Division::First, 3);
    let four = OmahaAction::MoveAlong {
        unit: t,
        path: path(&s, &["1310", "1311", "1312", "1313"]),
    };
    assert!(legal(&s).contains(&four));
    apply(&mut s, four);
    assert_eq!(at(&s, t), UsLoc::Hex(hex(&s, "1313")));
    assert_eq!(left(&s), 2);
}

#[test]
fn t_17_2_mined_road_opens_in_engineer_range() {
    let mut s = empty(28);
    let t = tank(&mut s, "1110");
    acting(&mut s, Division::First, 3);
    let into_mined = OmahaAction::MoveAlong {
        unit: t,
        path: path(&s, &["1010", "1011"]),
    };
    assert!(!legal(&s).contains(&into_mined), "17.22");
    // A base whose range covers 1011 (19.3: a mined road works as a normal road).
    s.bases.push(EngineerBase {
        division: Division::First,
        hex: hex(&s, "1011"),
        space: 0,
    });
    assert!(legal(&s).contains(&into_mined));
}

// ---- 17.3 -------------------------------------------------------------------------------------

/// Put a WN unit in `slot`.
fn man_wn(s: &mut Omaha, slot: crate::index::SlotId) -> GerId {
    let g = (0..s.germans.len())
        .find(|&g| {
            s.germans[g].loc == GerLoc::OutOfPlay
                && matches!(s.data.index.germans[g].kind, crate::index::GerKind::Wn(_))
        })
        .expect("a WN unit");
    s.germans[g].loc = GerLoc::Slot(slot);
    g as GerId
}

#[test]
fn r17_3_artillery_barrage_needs_hq_and_observer() {
    // Search the map: a WN slot, an HQ hex with a neighbour in the WN's field (the infantry
    // observer) and a neighbour outside every field (the artillery) that may barrage.
    let base_state = empty(28);
    let index = &base_state.data.index;
    let mut found = None;
    'search: for (si, slot) in index.slots.iter().enumerate() {
        let wn = index
            .positions
            .get(usize::from(slot.position))
            .is_some_and(|p| matches!(p.kind, crate::index::PosKind::Wn { .. }));
        if !wn {
            continue;
        }
        for h in 0..index.hexes.len() as HexId {
            let info = &index.hexes[usize::from(h)];
            let in_p = |x: HexId| crate::combat::in_field(&base_state, slot.position, x);
            let Some(&o) = info.neighbours.iter().find(|&&n| in_p(n) && n != slot.hex) else {
                continue;
            };
            for &a in &info.neighbours {
                if in_p(a) || index.distance(a, slot.hex) < 2 || a == o {
                    continue;
                }
                let mut s = empty(28);
                let g = man_wn(&mut s, si as crate::index::SlotId);
                let l = |x: HexId| s.data.index.hexes[usize::from(x)].label.to_string();
                let (lh, lo, la) = (l(h), l(o), l(a));
                let hq = leader(&mut s, &lh, UsCounter::Hq);
                let obs = us(&mut s, &lo, 0, |u| u.kind == UsKind::Infantry);
                let art = us(&mut s, &la, 0, |u| u.kind == UsKind::Artillery);
                let on_map: Vec<UsId> = vec![hq, obs, art];
                if crate::combat::may_artillery_barrage(&s, &on_map, art, slot.hex, g) {
                    found = Some((s, hq, obs, art, slot.hex, g));
                    break 'search;
                }
            }
        }
    }
    let (mut s, hq, obs, art, target, g) = found.expect("a legal artillery barrage on the map");
    let on_map = vec![hq, obs, art];
    // In the Action Phase list, from turn 17 only.
    let division = s.us[usize::from(art)].command;
    acting(&mut s, division, 3);
    assert!(legal(&s).contains(&OmahaAction::Barrage { unit: art, target }));
    let mut basic = s.clone();
    basic.turn = 16;
    assert!(!legal(&basic).contains(&OmahaAction::Barrage { unit: art, target }));
    // A disrupted observer does not observe.
    let mut t = s.clone();
    t.us[usize::from(obs)].flags.set(UsFlags::DISRUPTED, true);
    assert!(!crate::combat::may_artillery_barrage(
        &t, &on_map, art, target, g
    ));
    // No HQ, no barrage (a General does not do).
    let mut t = s.clone();
    t.us[usize::from(hq)].loc = UsLoc::OutOfPlay;
    assert!(!crate::combat::may_artillery_barrage(
        &t, &on_map, art, target, g
    ));
    // 8.41: not on a hex attacked this phase.
    let mut t = s.clone();
    t.attacked.push((28, target));
    assert!(!crate::combat::may_artillery_barrage(
        &t, &on_map, art, target, g
    ));
    // A hidden reinforcement unit is never barraged: only WN units face down.
    assert!(!s.germans[usize::from(g)].revealed);
    // Carried out: one card, one action.
    apply(&mut s, OmahaAction::Barrage { unit: art, target });
    assert_eq!(left(&s), 2);
    assert!(s.barraged.contains(&(28, target)));
}

// ---- 18 Command Posts ------------------------------------------------------------------------

/// A hex with no fire point of any position, on land.
fn quiet_hex(s: &Omaha) -> HexId {
    (0..s.data.index.hexes.len() as HexId)
        .find(|&h| {
            let x = &s.data.index.hexes[usize::from(h)];
            x.fire.is_empty() && x.ground == crate::index::Ground::High && x.neighbours.len() == 6
        })
        .expect("a quiet hex")
}

#[test]
fn t_18_no_cp_in_any_potential_fire_field() {
    let mut s = empty(17);
    let fired = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| !s.data.index.hexes[usize::from(h)].fire.is_empty())
        .expect("a hex in a fire field");
    let label = s.data.index.hexes[usize::from(fired)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    // No German on the map: the position's field still forbids a CP (18.1).
    assert!(!crate::command_posts::establishable(&s, s.us[usize::from(hq)].command).contains(&hq));
    let quiet = quiet_hex(&s);
    s.us[usize::from(hq)].loc = UsLoc::Hex(quiet);
    assert!(crate::command_posts::establishable(&s, s.us[usize::from(hq)].command).contains(&hq));
}

#[test]
fn t_18_command_post_range_3_commands_3_hexes_away() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    // Space 3 of the authored track [1, 2, 2, 3, 3, 3, 4] is range 3 (18.22).
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 3 });
    assert_eq!(crate::command::range(&s, hq), Some(3));
    let far = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| s.data.index.distance(quiet, h) == 3)
        .expect("a hex 3 away");
    let farther = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| s.data.index.distance(quiet, h) == 4)
        .expect("a hex 4 away");
    assert!(crate::command::commands(&s, hq, far));
    assert!(!crate::command::commands(&s, hq, farther));
    // 18.3: the commanded unit acts for free.
    let label = s.data.index.hexes[usize::from(far)].label.to_string();
    let u = infantry(&mut s, &label);
    crate::actions::start_action_phase(&mut s);
    assert!(s.us[usize::from(u)].flags.has(UsFlags::COMMANDED));
    assert!(crate::movement::free(&s, u));
}

#[test]
fn t_18_31_range_path_avoids_german_units() {
    // A slot hex S, a CP beside it outside its position's field, and a hex two away from the CP
    // whose only common neighbour with it is S.
    let s0 = empty(17);
    let index = &s0.data.index;
    let mut found = None;
    'search: for slot in &index.slots {
        let sh = slot.hex;
        let p = slot.position;
        for &a in &index.hexes[usize::from(sh)].neighbours {
            let ai = &index.hexes[usize::from(a)];
            if ai.fire.iter().any(|&(q, _)| q == p) || ai.neighbours.len() < 6 {
                continue;
            }
            for &b in &index.hexes[usize::from(sh)].neighbours {
                let common: Vec<HexId> = ai
                    .neighbours
                    .iter()
                    .copied()
                    .filter(|n| index.hexes[usize::from(b)].neighbours.contains(n))
                    .collect();
                if index.distance(a, b) == 2 && common == [sh] {
                    found = Some((slot.name.clone(), a, b));
                    break 'search;
                }
            }
        }
    }
    let (slot, a, b) = found.expect("such hexes on the map");
    let mut s = empty(17);
    let la = s.data.index.hexes[usize::from(a)].label.to_string();
    let hq = leader(&mut s, &la, UsCounter::Hq);
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 1 });
    assert_eq!(crate::command::range(&s, hq), Some(2));
    assert!(crate::command::commands(&s, hq, b));
    man(&mut s, &slot);
    assert!(
        !crate::command::commands(&s, hq, b),
        "18.31: not through a German unit"
    );
}

#[test]
fn t_18_32_cp_under_fire_commands_nothing_and_stays() {
    let mut s = empty(17);
    // A hex in the field of some position; man the position.
    let (h, p) = (0..s.data.index.hexes.len() as HexId)
        .find_map(|h| {
            s.data.index.hexes[usize::from(h)]
                .fire
                .first()
                .map(|&(p, _)| (h, p))
        })
        .expect("a fire point");
    let slot = s.data.index.positions[usize::from(p)].slots[0];
    let slot_name = s.data.index.slots[usize::from(slot)].name.clone();
    let label = s.data.index.hexes[usize::from(h)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 2 });
    assert!(crate::command::commands(&s, hq, h));
    man(&mut s, &slot_name);
    assert!(!crate::command::commands(&s, hq, h));
    crate::command_posts::advance_ranges(&mut s, &mut log());
    assert_eq!(s.command_posts[0].space, 2, "18.32: the marker stays");
}

#[test]
fn r18_2_ranges_advance_along_the_track() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    crate::command_posts::establish(&mut s, hq, &mut log());
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push(crate::command::range(&s, hq).unwrap());
        crate::command_posts::advance_ranges(&mut s, &mut log());
    }
    assert_eq!(seen, vec![1, 2, 2, 3, 3, 3, 4, 4], "18.22");
}

#[test]
fn r18_11_abandon_cp_then_move() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    let division = s.us[usize::from(hq)].command;
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 0 });
    acting(&mut s, division, 3);
    let list = legal(&s);
    assert!(list.contains(&OmahaAction::AbandonCp { hq }));
    assert!(
        !list.iter().any(
            |a| matches!(a, OmahaAction::Move { unit, .. } | OmahaAction::MoveAlong { unit, .. } if *unit == hq)
        ),
        "a CP does not move"
    );
    apply(&mut s, OmahaAction::AbandonCp { hq });
    assert!(!crate::command::is_cp(&s, hq));
    assert_eq!(left(&s), 3, "free");
    assert!(
        legal(&s)
            .iter()
            .any(|a| matches!(a, OmahaAction::Move { unit, .. } if *unit == hq))
    );
}

#[test]
fn r18_33_star_hit_flips_cp_to_hq() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 4 });
    assert!(crate::command_posts::hit(&mut s, hq, "WN62", &mut log()));
    assert!(s.command_posts.is_empty());
    assert_eq!(
        at(&s, hq),
        UsLoc::Hex(quiet),
        "not eliminated, not re-landed"
    );
    assert!(!crate::command_posts::hit(&mut s, hq, "WN62", &mut log()));
}

#[test]
fn ev_snipers_target_runners_range_1() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 6 });
    assert_eq!(crate::command::range(&s, hq), Some(4));
    let name = s.data.index.us[usize::from(hq)].name.clone();
    crate::command_posts::snipers(&mut s, &name, &mut log());
    assert_eq!(crate::command::range(&s, hq), Some(1));
    crate::events::end_of_turn(&mut s);
    assert_eq!(crate::command::range(&s, hq), Some(4));
}

// ---- 19 Engineer Bases ---------------------------------------------------------------------

fn base(s: &mut Omaha, label: &str, space: u8) {
    let h = hex(s, label);
    let division = if s.data.index.hexes[usize::from(h)].sector == Sector::East {
        Division::First
    } else {
        Division::TwentyNinth
    };
    s.bases.push(EngineerBase {
        division,
        hex: h,
        space,
    });
}

/// The steps from `a` to a neighbour across a hexside with `side`.
fn sides_with(s: &Omaha, a: HexId, side: Hexside) -> Vec<HexId> {
    let info = &s.data.index.hexes[usize::from(a)];
    info.neighbours
        .iter()
        .zip(&info.edges)
        .filter(|(_, e)| e.sides.contains(&side))
        .map(|(&n, _)| n)
        .collect()
}

#[test]
fn t_19_31_range_1_from_0711() {
    let mut s = empty(28);
    base(&mut s, "0711", 1);
    let covered: Vec<String> = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| crate::engineer_bases::in_range(&s, h))
        .map(|h| s.data.index.hexes[usize::from(h)].label.to_string())
        .collect();
    let mut want = vec!["0610", "0611", "0710", "0711", "0712", "0810", "0811"];
    want.sort();
    let mut got = covered.clone();
    got.sort();
    assert_eq!(got, want);
    // Shingle of 0710-0712 and AT ditches of 0810, 0811 are cleared for vehicles; seawalls are
    // not (19.34).
    let t = tank(&mut s, "0711");
    let mut checked = 0;
    let mut opened = 0;
    for label in ["0710", "0711", "0712", "0810", "0811"] {
        let a = hex(&s, label);
        for side in [Hexside::Shingle, Hexside::AtDitch, Hexside::Seawall] {
            for b in sides_with(&s, a, side) {
                let from_data = crate::movement::crossing(&s, t, a, b);
                let info = &s.data.index.hexes[usize::from(a)];
                let slot = info.neighbours.iter().position(|&n| n == b).unwrap();
                let edge = &info.edges[slot];
                let feature = s.data.index.hexes[usize::from(b)].feature;
                let without = crate::tables::terrain::step_crossing(
                    crate::tables::terrain::Mover::Other,
                    feature,
                    &edge.sides,
                    edge.road,
                    false,
                    false,
                );
                if side == Hexside::Seawall || edge.sides.contains(&Hexside::Seawall) {
                    assert_eq!(from_data, without, "19.34 seawall unaffected");
                } else if from_data == Crossing::Allowed && without == Crossing::Prohibited {
                    opened += 1;
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "the example's hexsides exist on the map");
    assert!(opened > 0, "shingle or AT ditches opened by the base");
    // 19.32: an occupied position's field cuts the range.
    let inside = hex(&s, "0810");
    if let Some(&(p, _)) = s.data.index.hexes[usize::from(inside)].fire.first() {
        let slot = s.data.index.positions[usize::from(p)].slots[0];
        let name = s.data.index.slots[usize::from(slot)].name.clone();
        man(&mut s, &name);
        assert!(!crate::engineer_bases::in_range(&s, inside));
    }
}

#[test]
fn t_19_31_shingle_cleared_for_tanks() {
    let mut s = empty(28);
    let a = hex(&s, "0711");
    let t = tank(&mut s, "0711");
    let shingle: Vec<HexId> = ["0710", "0711", "0712"]
        .iter()
        .flat_map(|l| sides_with(&s, hex(&s, l), Hexside::Shingle))
        .collect();
    assert!(!shingle.is_empty(), "0710-0712 have shingle hexsides");
    let across = sides_with(&s, a, Hexside::Shingle);
    for &b in &across {
        assert_eq!(
            crate::movement::crossing(&s, t, a, b),
            Crossing::Prohibited,
            "no base: shingle stops vehicles off the road"
        );
    }
    base(&mut s, "0711", 1);
    for &b in &across {
        let sides = &s.data.index.edge(a, b).unwrap().sides;
        if !sides.contains(&Hexside::Seawall)
            && crate::engineer_bases::in_range(&s, b) | crate::engineer_bases::in_range(&s, a)
        {
            assert_eq!(crate::movement::crossing(&s, t, a, b), Crossing::Allowed);
        }
    }
}

/// A beach hex of the 1st Division where a base may go (19.1), as a label.
fn safe_beach(s: &Omaha) -> String {
    let h = crate::engineer_bases::placeable(s, Division::First)[0];
    s.data.index.hexes[usize::from(h)].label.to_string()
}

#[test]
fn t_19_31_german_artillery_blocks_advance_and_traffic() {
    let mut s = empty(28);
    let safe = safe_beach(&s);
    base(&mut s, &safe, 0);
    let u = infantry(&mut s, &safe);
    assert!(crate::engineer_bases::traffic_managed(&s, u));
    assert!(!crate::engineer_bases::advanceable(&s, Division::First).is_empty());
    s.artillery_fired[0] = true;
    assert!(!crate::engineer_bases::traffic_managed(&s, u));
    assert!(crate::engineer_bases::advanceable(&s, Division::First).is_empty());
    // Not the other sector's flag.
    s.artillery_fired = [false, true];
    assert!(crate::engineer_bases::traffic_managed(&s, u));
    // German Artillery Limits Engineer Operations: nothing, nor new bases.
    s.engineers_limited = true;
    assert!(!crate::engineer_bases::traffic_managed(&s, u));
    assert!(crate::engineer_bases::placeable(&s, Division::First).is_empty());
}

#[test]
fn t_19_31_placing_a_base_means_no_advance_19_21() {
    let mut s = empty(28);
    let safe = safe_beach(&s);
    base(&mut s, &safe, 0);
    s.step = Step::EngineerBase {
        division: Division::First,
    };
    let list = legal(&s);
    let place = list
        .iter()
        .copied()
        .find(|a| matches!(a, OmahaAction::PlaceBase { .. }))
        .expect("a beach hex for a second base");
    assert!(list.contains(&OmahaAction::AdvanceBase {
        hex: hex(&s, &safe)
    }));
    apply(&mut s, place);
    assert_eq!(s.bases.len(), 2);
    assert_eq!(s.bases[0].space, 0, "19.21: placed, so no advance");
    assert!(!matches!(
        s.step,
        Step::EngineerBase {
            division: Division::First
        }
    ));
}

#[test]
fn r19_1_bases_on_safe_beach_hexes_of_the_sector() {
    let s = empty(28);
    let hexes = crate::engineer_bases::placeable(&s, Division::First);
    assert!(!hexes.is_empty());
    for h in hexes {
        let info = &s.data.index.hexes[usize::from(h)];
        assert_eq!(info.ground, crate::index::Ground::Beach);
        assert_eq!(info.sector, Sector::East);
        assert!(
            info.fire
                .iter()
                .all(|&(p, _)| !crate::control::german_loc(&s, p)),
            "19.1: no field of a position with LOC"
        );
    }
    let mut s = empty(28);
    base(&mut s, "0711", 0);
    base(&mut s, "0712", 0);
    assert!(
        crate::engineer_bases::placeable(&s, Division::First).is_empty(),
        "19: two per division"
    );
}

#[test]
fn r19_2_range_track() {
    let mut s = empty(28);
    let safe = safe_beach(&s);
    base(&mut s, &safe, 0);
    s.step = Step::EngineerBase {
        division: Division::First,
    };
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push(crate::engineer_bases::base_range(&s, &s.bases[0]));
        s.step = Step::EngineerBase {
            division: Division::First,
        };
        if crate::engineer_bases::advanceable(&s, Division::First).is_empty() {
            continue;
        }
        let h = hex(&s, &safe);
        crate::engineer_bases::advance(&mut s, h, &mut log());
    }
    assert_eq!(seen, vec![0, 1, 1, 2, 2, 2, 3, 3]);
}

/// Cut `positions` from their line of communication (12.2): a US infantry unit in every hex
/// around their slots. `false` when the roster runs out first.
fn cut_loc(s: &mut Omaha, positions: crate::index::PosSet) -> bool {
    let index = Arc::clone(&s.data);
    let index = &index.index;
    let mut around: Vec<HexId> = index
        .slots
        .iter()
        .filter(|slot| positions & (1 << slot.position) != 0)
        .flat_map(|slot| index.hexes[usize::from(slot.hex)].neighbours.clone())
        .filter(|&h| !index.slots.iter().any(|slot| slot.hex == h))
        .collect();
    around.sort_unstable();
    around.dedup();
    for h in around {
        let Some(u) = (0..s.us.len()).find(|&u| {
            s.us[u].loc == UsLoc::OutOfPlay && index.us[u].kind() == Some(UsKind::Infantry)
        }) else {
            return false;
        };
        s.us[u].loc = UsLoc::Hex(h);
        s.us[u].steps = index.us[u].steps;
    }
    true
}

#[test]
fn r19_2_no_advance_in_a_potential_field_even_of_a_position_cut_off() {
    // A 1st Division beach hex in the printed field of positions that, once cut from their
    // line of communication, no longer forbid a base there (19.1): 19.2 still forbids its
    // advance, whatever the position's LOC (the seed makes no exception).
    let s = empty(28);
    let found = s
        .data
        .index
        .hexes
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            h.ground == crate::index::Ground::Beach
                && h.sector == Sector::East
                && h.tide.is_none_or(|t| t == crate::data::Tide::High)
                && h.fired_on_by != 0
        })
        .find_map(|(i, h)| {
            let mut t = s.clone();
            let cut = cut_loc(&mut t, h.fired_on_by)
                && (0..128)
                    .filter(|p| h.fired_on_by & (1 << p) != 0)
                    .all(|p| !crate::control::german_loc(&t, p as crate::index::PosId));
            cut.then_some((t, i as HexId))
        });
    let (mut s, h) = found.expect("a beach hex whose firing positions can be cut off");
    assert!(
        crate::engineer_bases::placeable(&s, Division::First).contains(&h),
        "19.1 allows a base here"
    );
    s.bases.push(EngineerBase {
        division: Division::First,
        hex: h,
        space: 0,
    });
    assert!(
        crate::engineer_bases::advanceable(&s, Division::First).is_empty(),
        "19.2: no advance inside any potential fire field"
    );
    // The same base outside every field advances.
    let mut free = empty(28);
    let safe = safe_beach(&free);
    base(&mut free, &safe, 0);
    assert_eq!(
        crate::engineer_bases::advanceable(&free, Division::First),
        vec![hex(&free, &safe)]
    );
}

#[test]
fn r19_3_garrisons_in_unoccupied_positions_in_range() {
    let mut s = empty(28);
    // A base whose range-0 hex is a position's slot hex.
    let slot = s
        .data
        .index
        .slots
        .iter()
        .find(|sl| s.data.index.hexes[usize::from(sl.hex)].ground == crate::index::Ground::Beach)
        .or_else(|| s.data.index.slots.first())
        .cloned()
        .expect("a slot");
    s.bases.push(EngineerBase {
        division: Division::First,
        hex: slot.hex,
        space: 0,
    });
    crate::engineer_bases::place_garrisons(&mut s, &mut log());
    assert!(crate::engineer_bases::garrisoned(&s, slot.position));
    // An occupied position gets none.
    let mut s2 = empty(28);
    s2.bases.push(EngineerBase {
        division: Division::First,
        hex: slot.hex,
        space: 0,
    });
    man(&mut s2, &slot.name);
    crate::engineer_bases::place_garrisons(&mut s2, &mut log());
    assert!(!crate::engineer_bases::garrisoned(&s2, slot.position));
}

#[test]
fn r19_3_traffic_management_free_move() {
    let mut s = empty(28);
    base(&mut s, "0711", 1);
    let u = infantry(&mut s, "0711");
    acting(&mut s, Division::First, 0);
    let mv = legal(&s)
        .into_iter()
        .find(|a| matches!(a, OmahaAction::Move { unit, .. } | OmahaAction::MoveAlong { unit, .. } if *unit == u))
        .expect("19.3: a free move with no actions left");
    apply(&mut s, mv);
    assert_eq!(left(&s), 0);
    assert!(s.us[usize::from(u)].flags.has(UsFlags::ACTED));
}

// ---- 15 V: the phase ------------------------------------------------------------------------

#[test]
fn r15_v_engineer_and_hq_phase_runs_before_the_action_phase() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    s.command_posts
        .push(crate::state::CommandPost { hq, space: 0 });
    let hq2 = leader(&mut s, &label, UsCounter::Hq);
    s.step = Step::Engineers {
        sector: Sector::West,
        left: 0,
    };
    s.run(&mut log());
    // The existing CP advanced (18.2) at the start of the phase.
    assert_eq!(s.command_posts[0].space, 1);
    // P-ENG-BASE for the 1st Division first.
    assert_eq!(
        s.step,
        Step::EngineerBase {
            division: Division::First
        }
    );
    apply(&mut s, OmahaAction::SkipBase);
    if s.step
        == (Step::EngineerBase {
            division: Division::TwentyNinth,
        })
    {
        apply(&mut s, OmahaAction::SkipBase);
    }
    assert!(
        matches!(s.step, Step::CommandPosts(d) if s.us[usize::from(hq2)].command == d),
        "{:?}",
        s.step
    );
    assert!(legal(&s).contains(&OmahaAction::CommandPostsDone));
    apply(&mut s, OmahaAction::EstablishCp { hq: hq2 });
    assert!(crate::command::is_cp(&s, hq2));
    // No HQ left to convert: on to the Action Phase without asking.
    assert_eq!(s.step, Step::DivisionOrder);
}

#[test]
fn r15_v_not_in_the_basic_game() {
    let mut s = empty(16);
    s.step = Step::Engineers {
        sector: Sector::West,
        left: 0,
    };
    s.run(&mut log());
    assert_eq!(s.step, Step::DivisionOrder);
}

/// 20.3, AMB-29, 19.3: a draw is cleared for 20.3 once every AT ditch hexside and mined road of
/// its hexes is in an Engineer Base's range; without bases only a draw with no such obstacle.
#[test]
fn r20_3_draw_opened_needs_its_obstacles_in_engineer_range() {
    let mut s = empty(32);
    let draws = crate::victory::draws(&s.data).to_vec();
    assert!(!draws.is_empty());
    let obstacles = |s: &Omaha, region: usize| -> Vec<HexId> {
        let data = &s.data;
        data.map.regions()[region]
            .hexes
            .iter()
            .filter_map(|&h| data.map.index(h).and_then(|h| u16::try_from(h).ok()))
            .filter(|&h| {
                data.index.hexes[usize::from(h)].edges.iter().any(|e| {
                    e.road == crate::tables::terrain::Road::Mined
                        || e.sides.contains(&Hexside::AtDitch)
                })
            })
            .collect()
    };
    let with = draws
        .iter()
        .map(|&(r, _)| r)
        .find(|&r| !obstacles(&s, r).is_empty())
        .expect("a draw with German obstacles");
    assert!(!crate::engineer_bases::draw_cleared(&s, with), "no base");
    for &(r, _) in &draws {
        assert_eq!(
            crate::engineer_bases::draw_cleared(&s, r),
            obstacles(&s, r).is_empty()
        );
    }
    // A base on every obstacle hex (range 0 covers its own hex and hexsides, 19.31).
    for h in obstacles(&s, with) {
        s.bases.push(EngineerBase {
            division: Division::First,
            hex: h,
            space: 0,
        });
    }
    assert!(crate::engineer_bases::draw_cleared(&s, with));
}

/// 18.21: up to four Command Range markers, one per HQ; each advances when qualified.
#[test]
fn r18_21_every_command_post_advances() {
    let mut s = empty(17);
    let quiet: Vec<HexId> = (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| {
            let x = &s.data.index.hexes[usize::from(h)];
            x.fire.is_empty() && x.ground == crate::index::Ground::High
        })
        .take(2)
        .collect();
    assert_eq!(quiet.len(), 2);
    let hqs: Vec<UsId> = quiet
        .iter()
        .map(|&h| {
            let label = s.data.index.hexes[usize::from(h)].label.to_string();
            leader(&mut s, &label, UsCounter::Hq)
        })
        .collect();
    for &hq in &hqs {
        crate::command_posts::establish(&mut s, hq, &mut log());
    }
    assert_eq!(s.command_posts.len(), 2);
    crate::command_posts::advance_ranges(&mut s, &mut log());
    for &hq in &hqs {
        assert_eq!(
            crate::command::range(&s, hq),
            Some(2),
            "both markers advance"
        );
    }
}

/// 19.3, 20.3: Garrisons score at the end as controlled positions: a garrisoned road-side VP
/// position counts +1, a garrisoned WN is not an uncontrolled WN hex.
#[test]
fn r19_3_garrisons_score_as_controlled_positions() {
    let mut s = empty(32);
    let none = |_: &Omaha, _: usize| false;
    let before = crate::victory::final_tally(&s, &none);
    let index = &s.data.index;
    let road = index
        .positions
        .iter()
        .position(|p| {
            matches!(
                p.kind,
                crate::index::PosKind::Reinforcement { vp: true, .. }
            )
        })
        .expect("a road-side VP position");
    let wn = index
        .positions
        .iter()
        .position(|p| matches!(p.kind, crate::index::PosKind::Wn { .. }))
        .expect("a WN");
    let wn_hexes = index.positions[wn].slots.len() as u16;
    s.garrisons |= (1 << road) | (1 << wn);
    let after = crate::victory::final_tally(&s, &none);
    assert_eq!(after.road_positions, before.road_positions + 1);
    assert_eq!(
        after.uncontrolled_wn_hexes + wn_hexes,
        before.uncontrolled_wn_hexes
    );
}

/// 18, 19: the terminal picture shows Command Posts with their range, Engineer Bases with
/// theirs, and Garrisons.
#[test]
fn r18_1_r19_1_picture_shows_command_posts_bases_and_garrisons() {
    let mut s = empty(17);
    let quiet = quiet_hex(&s);
    let label = s.data.index.hexes[usize::from(quiet)].label.to_string();
    let hq = leader(&mut s, &label, UsCounter::Hq);
    let before = crate::text::picture(&s);
    assert!(!before.contains("command post") && !before.contains("Engineer Bases"));
    crate::command_posts::establish(&mut s, hq, &mut log());
    let beach = (0..s.data.index.hexes.len() as HexId)
        .find(|&h| s.data.index.hexes[usize::from(h)].ground == crate::index::Ground::Beach)
        .expect("a beach hex");
    s.bases.push(EngineerBase {
        division: Division::First,
        hex: beach,
        space: 0,
    });
    s.garrisons |= 1;
    let picture = crate::text::picture(&s);
    assert!(picture.contains("command post, range 1"), "{picture}");
    assert!(picture.contains("Engineer Bases: "), "{picture}");
    assert!(picture.contains("range 0"), "{picture}");
    let first = &s.data.index.positions[0].name;
    assert!(
        picture.contains(&format!("Garrisons: {first}")),
        "{picture}"
    );
}
