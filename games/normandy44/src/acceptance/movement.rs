//! 8.4 Movement, and the ZOC cases of 8.3 that movement shows.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{MoveMode, N44Action};
use crate::data::Side;
use crate::movement::{allowance, reach};
use crate::state::{Phase, Stage, Step, UnitFlags};
use crate::testkit::{Kit, act, game, hex, place, unit};

/// The hexes `id` may end a `mode` move in, as labels.
fn reachable(g: &crate::state::Normandy44, id: &str, mode: MoveMode) -> Vec<String> {
    let u = unit(g, id);
    let r = reach(g, &[u], mode, false).expect("a reach");
    r.destinations().map(|h| g.data().map.label(h)).collect()
}

#[test]
fn t_mv_01_rule_9_4_major_river_only_as_the_first_move() {
    // 1505 | 1506 across a major river; 1506-1507 plain.
    let data = Kit::new()
        .hexside("1505", "1506", "major_river")
        .hexside("1504", "1505", "major_river")
        .unit("inf", Side::Allied, "infantry", 6, 4, 0)
        .unit("tank", Side::Allied, "armor", 6, 6, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "inf", "1505");
    let inf = unit(&g, "inf");
    let r = reach(&g, &[inf], MoveMode::Normal, false).unwrap();
    // First move across: 1 + 1 = 2 MP.
    assert_eq!(r.cost(hex(&g, "1506")), Some(12));
    // A crossing as the second hex is rejected: 1503 -> 1504 -> 1505 is fine, but from 1404
    // (not adjacent to the river) into 1505 across nothing... put the unit one hex back.
    place(&mut g, "inf", "1503");
    let r = reach(&g, &[inf], MoveMode::Normal, false).unwrap();
    assert_eq!(r.cost(hex(&g, "1504")), Some(6));
    assert_eq!(
        r.cost(hex(&g, "1505")).map(|c| c > 12),
        Some(true),
        "around the river, not across it"
    );
    // The mechanized unit obeys the same rule.
    place(&mut g, "tank", "1505");
    let tank = unit(&g, "tank");
    let r = reach(&g, &[tank], MoveMode::Normal, false).unwrap();
    assert_eq!(r.cost(hex(&g, "1506")), Some(12));
}

#[test]
fn t_mv_03_rule_9_5_flooded_hex() {
    // Off road: a non-mech unit pays 2 MP and stops; a mechanized one may not enter.
    let data = Kit::new()
        .terrain("1506", "flooded")
        .unit("inf", Side::Allied, "infantry", 6, 4, 0)
        .unit("tank", Side::Allied, "armor", 6, 6, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "inf", "1406");
    place(&mut g, "tank", "1406");
    let flooded = hex(&g, "1506");
    let r = reach(&g, &[unit(&g, "inf")], MoveMode::Normal, false).unwrap();
    assert_eq!(r.cost(flooded), Some(12));
    assert!(
        r.destinations()
            .all(|h| h == flooded || !r.path(h).unwrap().contains(&flooded)),
        "a non-mech unit stops in the flooded hex"
    );
    let r = reach(&g, &[unit(&g, "tank")], MoveMode::Normal, false).unwrap();
    assert_eq!(r.cost(flooded), None);

    // Along a road a mechanized unit enters at the road cost, and leaves only by road.
    let data = Kit::new()
        .terrain("1506", "flooded")
        .road("main", &["1505", "1506", "1507"])
        .unit("tank", Side::Allied, "armor", 6, 6, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "tank", "1505");
    let tank = unit(&g, "tank");
    let r = reach(&g, &[tank], MoveMode::Normal, false).unwrap();
    assert_eq!(r.cost(flooded), Some(2), "⅓ MP along the main road");
    place(&mut g, "tank", "1506");
    let r = reach(&g, &[tank], MoveMode::Normal, false).unwrap();
    let mut exits: Vec<String> = r
        .destinations()
        .filter_map(|h| r.path(h).unwrap().first().map(|&f| g.data().map.label(f)))
        .collect();
    exits.sort();
    exits.dedup();
    assert_eq!(
        exits,
        vec!["1505".to_owned(), "1507".to_owned()],
        "it leaves only by road"
    );
}

#[test]
fn t_zoc_02_rule_8_2_rule_8_3_leaving_an_enemy_zoc_costs_one() {
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 3, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "us", "1505");
    place(&mut g, "de", "1506");
    let us = unit(&g, "us");
    let r = reach(&g, &[us], MoveMode::Normal, false).unwrap();
    // 1504 is out of the German ZOC: 1 MP + 1 to leave.
    assert_eq!(r.cost(hex(&g, "1504")), Some(12));
    // 1606 is in the German ZOC too: ZOC to ZOC, 2 MP, and the move stops there.
    let zoc_to_zoc = hex(&g, "1606");
    assert_eq!(r.cost(zoc_to_zoc), Some(12));
    assert!(
        r.destinations()
            .all(|h| r.path(h).unwrap().first() != Some(&zoc_to_zoc) || h == zoc_to_zoc)
    );
}

#[test]
fn t_mv_08_rule_9_10_tactical_movement() {
    let data = Kit::new()
        .terrain("1506", "woods")
        .terrain("1507", "woods")
        .unit("inf", Side::Allied, "armor", 6, 1, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "inf", "1505");
    let inf = unit(&g, "inf");
    g.unit_mut(inf).flags.set(UnitFlags::DISORGANIZED, true);
    // Two hexes whatever the cost (woods cost a mech unit 2 MP; its MA is 1).
    let tactical = reachable(&g, "inf", MoveMode::Tactical);
    assert!(tactical.contains(&"1507".to_owned()), "{tactical:?}");
    assert!(!tactical.contains(&"1508".to_owned()), "never three hexes");
    // A Disorganized unit may move tactically only.
    assert_eq!(
        crate::movement::modes(&g, &[inf], false),
        vec![MoveMode::Tactical]
    );
    // It stops on entering an enemy ZOC.
    place(&mut g, "de", "1408");
    let tactical = reachable(&g, "inf", MoveMode::Tactical);
    assert!(tactical.contains(&"1507".to_owned()));
    assert!(!tactical.contains(&"1508".to_owned()));
}

#[test]
fn t_mv_04_rule_9_7_clear_weather_slows_german_armor() {
    let data = Kit::new()
        .unit("pz", Side::German, "armor", 6, 5, 1)
        .unit("sherman", Side::Allied, "armor", 6, 5, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "pz", "1505");
    let pz = unit(&g, "pz");
    g.weather.condition = crate::tables::weather::Weather::Clear;
    assert_eq!(allowance(&g, pz, MoveMode::Normal, false), 3);
    g.weather.condition = crate::tables::weather::Weather::Overcast;
    assert_eq!(allowance(&g, pz, MoveMode::Normal, false), 5);
    let sherman = unit(&g, "sherman");
    g.weather.condition = crate::tables::weather::Weather::Clear;
    assert_eq!(allowance(&g, sherman, MoveMode::Normal, false), 5);
}

#[test]
fn t_mv_09_rule_20_4_turn_one_limits() {
    let data = Kit::new()
        .unit("ost", Side::German, "ost", 2, 3, -1)
        .unit_toml(
            "[[unit]]\nid = \"r744\"\nname = \"744\"\nshort = \"744\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"regiment\"\nclass = \"infantry\"\nrestricted = true\n\
             replacement = \"infantry\"\nsteps = [{ cf = 4, ma = 3, tq = 0 }]\n",
        )
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 1;
    place(&mut g, "ost", "1505");
    place(&mut g, "r744", "1508");
    assert!(crate::movement::why_stuck(&g, unit(&g, "ost"), false).is_some());
    assert!(crate::movement::why_stuck(&g, unit(&g, "r744"), false).is_some());
    let mut legal = Vec::new();
    crate::decisions::legal(&g, &mut legal);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, N44Action::Pick { .. } | N44Action::PickStack { .. })),
        "{legal:?}"
    );
}

#[test]
fn t_mv_10_rule_17_6_restricted_units_released_by_allies_within_two() {
    let restricted = |id: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"regiment\"\nclass = \"infantry\"\nrestricted = true\n\
             replacement = \"infantry\"\nsteps = [{{ cf = 4, ma = 3, tq = 0 }}]\n"
        )
    };
    let data = Kit::new()
        .unit_toml(&restricted("near"))
        .unit_toml(&restricted("far"))
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    place(&mut g, "us", "1505");
    place(&mut g, "near", "1507");
    place(&mut g, "far", "1508");
    let mut log = crate::action::N44Log::new();
    crate::turn::begin_phase(&mut g, Side::German, Phase::Movement, &mut log);
    assert!(g.unit(unit(&g, "near")).flags.has(UnitFlags::RELEASED));
    assert!(!g.unit(unit(&g, "far")).flags.has(UnitFlags::RELEASED));
    assert!(log.entries().iter().any(|e| e.rule.0 == "17.6"));
    // Turn 1: none is released.
    let mut g1 = game(&data, Side::German, Phase::Replacement, &[]);
    g1.turn = 1;
    place(&mut g1, "us", "1505");
    place(&mut g1, "near", "1507");
    crate::turn::begin_phase(&mut g1, Side::German, Phase::Movement, &mut log);
    assert!(!g1.unit(unit(&g1, "near")).flags.has(UnitFlags::RELEASED));
    let _ = Step::Phase(Side::German, Phase::Movement, Stage::Open);
}

#[test]
fn t_mv_05_rule_9_8_1_rule_9_8_2_strategic_movement() {
    // A main road along row 15, from 1501 to 1512.
    let road: Vec<String> = (1..=12).map(|c| format!("15{c:02}")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    let data = Kit::new()
        .road("main", &road)
        .unit("pz", Side::German, "armor", 6, 5, 1)
        .unit("pz2", Side::German, "armor", 6, 5, 1)
        .unit("gren", Side::German, "infantry", 4, 3, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.weather.condition = crate::tables::weather::Weather::Storm;
    place(&mut g, "pz", "1501");
    let pz = unit(&g, "pz");
    // 9.8.1: MA 5 doubled, ⅓ MP a main-road hex in Storm: 30 hexes; the board's road is 11
    // hexes long, all reached, and nothing off the road.
    assert_eq!(allowance(&g, pz, MoveMode::Strategic, false), 10);
    let sm = reachable(&g, "pz", MoveMode::Strategic);
    assert!(sm.contains(&"1512".to_owned()), "{sm:?}");
    assert!(sm.iter().all(|h| h.starts_with("15")), "road only: {sm:?}");
    // 9.8.2: it may not end stacked with another unit.
    place(&mut g, "gren", "1506");
    assert!(!reachable(&g, "pz", MoveMode::Strategic).contains(&"1506".to_owned()));
    // 9.8.2: nor enter an enemy ZOC...
    place(&mut g, "us", "1609");
    let sm = reachable(&g, "pz", MoveMode::Strategic);
    assert!(
        !sm.contains(&"1509".to_owned()) && !sm.contains(&"1512".to_owned()),
        "{sm:?}"
    );
    // ... nor start in one.
    place(&mut g, "pz2", "1508");
    assert!(!crate::movement::modes(&g, &[unit(&g, "pz2")], false).contains(&MoveMode::Strategic));
    // 9.8.3: three SM markers a side: a fourth unit may not.
    for u in ["pz2", "gren", "us"] {
        let id = unit(&g, u);
        g.unit_mut(id).at = crate::state::Location::OutOfPlay;
    }
    assert!(crate::movement::modes(&g, &[pz], false).contains(&MoveMode::Strategic));
    let data3 = Kit::new()
        .road("main", &road)
        .unit("a", Side::German, "armor", 6, 5, 1)
        .unit("b", Side::German, "armor", 6, 5, 1)
        .unit("c", Side::German, "armor", 6, 5, 1)
        .unit("d", Side::German, "armor", 6, 5, 1)
        .data();
    let mut g3 = game(&data3, Side::German, Phase::Movement, &[]);
    for (u, h) in [("a", "1101"), ("b", "1201"), ("c", "1301"), ("d", "1501")] {
        place(&mut g3, u, h);
        let id = unit(&g3, u);
        if u != "d" {
            g3.unit_mut(id).flags.set(UnitFlags::SM, true);
        }
    }
    let d = unit(&g3, "d");
    assert!(!crate::movement::modes(&g3, &[d], false).contains(&MoveMode::Strategic));
    // 9.8.7: none on turn 1.
    g.turn = 1;
    assert!(!crate::movement::modes(&g, &[pz], false).contains(&MoveMode::Strategic));
}

#[test]
fn t_mv_06_rule_9_8_6_the_german_truck() {
    let road: Vec<String> = (1..=12).map(|c| format!("15{c:02}")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    let data = Kit::new()
        .road("main", &road)
        .unit("gren", Side::German, "infantry", 4, 3, 0)
        .unit("gren2", Side::German, "infantry", 4, 3, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "gren", "1501");
    let gren = unit(&g, "gren");
    // MA 5 as a mechanized unit; 10 with an SM marker too; 3 and 6 in Clear.
    assert_eq!(allowance(&g, gren, MoveMode::Truck, false), 5);
    assert_eq!(allowance(&g, gren, MoveMode::TruckStrategic, false), 10);
    g.weather.condition = crate::tables::weather::Weather::Clear;
    assert_eq!(allowance(&g, gren, MoveMode::Truck, false), 3);
    assert_eq!(allowance(&g, gren, MoveMode::TruckStrategic, false), 6);
    g.weather.condition = crate::tables::weather::Weather::Overcast;
    let modes = crate::movement::modes(&g, &[gren], false);
    assert!(modes.contains(&MoveMode::Truck) && modes.contains(&MoveMode::TruckStrategic));
    // The trucked unit moves, and takes the truck: a second unit may not use it this turn.
    act(&mut g, N44Action::Pick { unit: gren }).unwrap();
    act(
        &mut g,
        N44Action::Mode {
            mode: MoveMode::Truck,
        },
    )
    .unwrap();
    let to = hex(&g, "1506");
    act(&mut g, N44Action::MoveTo { hex: to }).unwrap();
    assert!(g.unit(gren).flags.has(UnitFlags::TRUCK));
    place(&mut g, "gren2", "1301");
    let gren2 = unit(&g, "gren2");
    assert!(!crate::movement::modes(&g, &[gren2], false).contains(&MoveMode::Truck));
    // Starting in an enemy ZOC, no truck.
    g.unit_mut(gren).flags.set(UnitFlags::TRUCK, false);
    place(&mut g, "us", "1402");
    assert!(!crate::movement::modes(&g, &[gren2], false).contains(&MoveMode::Truck));
}

#[test]
fn t_mv_07_rule_9_9_bicycles_in_overcast() {
    let road: Vec<String> = (1..=12).map(|c| format!("15{c:02}")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    let data = Kit::new()
        .road("secondary", &road)
        .unit_toml(
            "[[unit]]\nid = \"bike\"\nname = \"bike\"\nshort = \"bike\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"battalion\"\nclass = \"bicycle\"\nbicycle = true\n\
             replacement = \"infantry\"\nsteps = [{ cf = 2, ma = 3, tq = 0 }]\n",
        )
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "bike", "1501");
    let bike = unit(&g, "bike");
    assert!(crate::movement::modes(&g, &[bike], false).contains(&MoveMode::Bicycle));
    assert_eq!(allowance(&g, bike, MoveMode::Bicycle, false), 6);
    // Six MP at ½ a secondary-road hex: 11 hexes, all of the road, and only the road.
    let ride = reachable(&g, "bike", MoveMode::Bicycle);
    assert!(ride.contains(&"1512".to_owned()) && ride.iter().all(|h| h.starts_with("15")));
    // not in Clear (nor Storm): the printed MA.
    g.weather.condition = crate::tables::weather::Weather::Clear;
    assert!(!crate::movement::modes(&g, &[bike], false).contains(&MoveMode::Bicycle));
    assert_eq!(allowance(&g, bike, MoveMode::Normal, false), 3);
}

#[test]
fn rule_9_2_no_move_leaves_the_map() {
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "us", "1001");
    let all = reachable(&g, "us", MoveMode::Normal);
    // The board's hexes only (rows 10-20, columns 01-12), never the sea row.
    assert!(all.iter().all(|h| {
        let n: u16 = h.parse().unwrap();
        (10..=20).contains(&(n / 100)) && (1..=12).contains(&(n % 100))
    }));
}

#[test]
fn t_mv_10_rule_17_6_restricted_units_move_within_the_cherbourg_perimeter() {
    let restricted = |id: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"regiment\"\nclass = \"fortress\"\nrestricted = true\n\
             replacement = \"infantry\"\nsteps = [{{ cf = 4, ma = 3, tq = 0 }}]\n"
        )
    };
    let inside = ["1903", "1904", "1905", "2003", "2004", "2005"];
    let data = Kit::new()
        .perimeter(&inside)
        .unit_toml(&restricted("west"))
        .unit_toml(&restricted("east"))
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "west", "1903");
    place(&mut g, "east", "2005");
    // Unreleased, each moves, but only within the Perimeter.
    let moves = reachable(&g, "west", MoveMode::Normal);
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|h| inside.contains(&h.as_str())),
        "{moves:?}"
    );
    // Not on turn 1 (20.4).
    g.turn = 1;
    assert!(crate::movement::why_stuck(&g, unit(&g, "west"), false).is_some());
    g.turn = 2;
    // An Allied unit 2 hexes from one releases it, and so every restricted unit inside.
    place(&mut g, "us", "1802");
    let mut log = crate::action::N44Log::new();
    g.step = Step::Phase(Side::German, Phase::Replacement, Stage::Open);
    crate::turn::begin_phase(&mut g, Side::German, Phase::Movement, &mut log);
    assert!(g.unit(unit(&g, "west")).flags.has(UnitFlags::RELEASED));
    assert!(g.unit(unit(&g, "east")).flags.has(UnitFlags::RELEASED));
    let moves = reachable(&g, "east", MoveMode::Normal);
    assert!(
        moves.iter().any(|h| !inside.contains(&h.as_str())),
        "{moves:?}"
    );
}

#[test]
fn rule_8_2_and_7_1_a_kept_reach_is_forgotten_by_the_changes_that_touch_it() {
    // movement::reach keeps each reach from one question to the next; a change forgets it only
    // where the change could alter it. Each answer is checked against a copy that works
    // everything out afresh.
    let data = Kit::new()
        .unit("inf", Side::Allied, "infantry", 6, 4, 0)
        .unit("far", Side::Allied, "infantry", 6, 4, 0)
        .unit("tank1", Side::Allied, "armor", 6, 6, 0)
        .unit("tank2", Side::Allied, "armor", 6, 6, 0)
        .unit("tank3", Side::Allied, "armor", 6, 6, 0)
        .unit("ger", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "inf", "1505");
    place(&mut g, "far", "1901");
    place(&mut g, "ger", "1910");
    let fresh = |g: &crate::state::Normandy44| {
        let mut f = g.clone();
        f.forget_memo();
        reachable(&f, "inf", MoveMode::Normal)
    };
    let open = reachable(&g, "inf", MoveMode::Normal);
    assert!(open.contains(&"1506".to_owned()) && open.contains(&"1507".to_owned()));
    // A friendly move elsewhere changes nothing.
    place(&mut g, "far", "1902");
    assert_eq!(reachable(&g, "inf", MoveMode::Normal), open);
    assert_eq!(open, fresh(&g));
    // 7.1: a friendly stack filling a hex the search reached: no longer a place to end.
    for tank in ["tank1", "tank2", "tank3"] {
        place(&mut g, tank, "1506");
    }
    let full = reachable(&g, "inf", MoveMode::Normal);
    assert!(!full.contains(&"1506".to_owned()), "{full:?}");
    assert_eq!(full, fresh(&g));
    // 8.2: an enemy unit moving up (its zones change): its hex and what lies beyond its ZOC go.
    place(&mut g, "ger", "1307");
    let stopped = reachable(&g, "inf", MoveMode::Normal);
    assert!(!stopped.contains(&"1307".to_owned()), "{stopped:?}");
    assert_ne!(stopped, full);
    assert_eq!(stopped, fresh(&g));
}

#[test]
fn rule_8_5_3_a_kept_search_is_forgotten_when_a_unit_leaves_the_bond_it_cancelled() {
    // movement::reach keeps a search apart from the room at its ends; the side's own units
    // change the search only through the bonds they cancel. German units in 1407 and 1608
    // make 1507 a hex bond (8.5.1); an Allied unit in 1507 cancels it (8.5.3).
    let data = Kit::new()
        .unit("inf", Side::Allied, "infantry", 6, 4, 0)
        .unit("sitter", Side::Allied, "infantry", 6, 4, 0)
        .unit("de-a", Side::German, "infantry", 6, 4, 0)
        .unit("de-b", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "inf", "1508");
    place(&mut g, "sitter", "1507");
    place(&mut g, "de-a", "1407");
    place(&mut g, "de-b", "1608");
    let fresh = |g: &crate::state::Normandy44| {
        let mut f = g.clone();
        f.forget_memo();
        reachable(&f, "inf", MoveMode::Normal)
    };
    let cancelled = reachable(&g, "inf", MoveMode::Normal);
    assert!(cancelled.contains(&"1507".to_owned()), "{cancelled:?}");
    // The sitter leaves: the bond holds again, and 1507 may not be entered (8.5.2).
    place(&mut g, "sitter", "1901");
    let bonded = reachable(&g, "inf", MoveMode::Normal);
    assert!(!bonded.contains(&"1507".to_owned()), "{bonded:?}");
    assert_eq!(bonded, fresh(&g));
}

#[test]
fn rule_9_1_rule_15_1_the_kept_stacks_are_mended_where_units_change() {
    // The Open stage's picks come from the side's stacks, kept from one list to the next and
    // weighed again only in the hexes a changed unit left or entered. Each list is checked
    // against a copy that weighs every stack anew.
    let data = Kit::new()
        .unit("a", Side::Allied, "infantry", 6, 4, 0)
        .unit("b", Side::Allied, "infantry", 6, 4, 0)
        .unit("c", Side::Allied, "infantry", 6, 4, 0)
        .unit("ger", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "a", "1505");
    place(&mut g, "b", "1505");
    place(&mut g, "c", "1508");
    place(&mut g, "ger", "1910");
    let fresh = |g: &crate::state::Normandy44| {
        let mut f = g.clone();
        f.forget_memo();
        crate::testkit::legal(&f)
    };
    let (a, b, c) = (unit(&g, "a"), unit(&g, "b"), unit(&g, "c"));
    let pick = |u| N44Action::Pick { unit: u };
    let stack = |g: &crate::state::Normandy44, label| N44Action::PickStack { hex: hex(g, label) };
    let open = crate::testkit::legal(&g);
    assert!(
        open.contains(&pick(a)) && open.contains(&pick(c)),
        "{open:?}"
    );
    assert!(open.contains(&stack(&g, "1505")), "{open:?}");
    assert_eq!(open, fresh(&g));
    // 9.1: a unit that moved moves no more; the stack it left is one unit now.
    g.unit_mut(a).flags.set(UnitFlags::MOVED, true);
    let after = crate::testkit::legal(&g);
    assert!(
        !after.contains(&pick(a)) && after.contains(&pick(b)),
        "{after:?}"
    );
    assert!(!after.contains(&stack(&g, "1505")), "{after:?}");
    assert_eq!(after, fresh(&g));
    // A unit arriving makes a stack where there was one unit, in hex order among the rest.
    place(&mut g, "b", "1508");
    let joined = crate::testkit::legal(&g);
    assert!(joined.contains(&stack(&g, "1508")), "{joined:?}");
    assert_eq!(joined, fresh(&g));
    // 15.2: once in Reserve, a unit moves only in the Reserve Movement Segment, where the
    // stack it stands in is weighed for that segment.
    g.unit_mut(c).flags.set(UnitFlags::RESERVE, true);
    let reserved = crate::testkit::legal(&g);
    assert_eq!(reserved, fresh(&g));
    g.step = Step::Phase(Side::Allied, Phase::ReserveMovement, Stage::Open);
    let segment = crate::testkit::legal(&g);
    assert!(
        segment.contains(&pick(c)) && !segment.contains(&pick(b)),
        "{segment:?}"
    );
    assert_eq!(segment, fresh(&g));
    // A unit taken off the map leaves no stack behind.
    g.unit_mut(c).at = crate::state::Location::OutOfPlay;
    g.unit_mut(b).at = crate::state::Location::OutOfPlay;
    let gone = crate::testkit::legal(&g);
    assert!(
        !gone.contains(&pick(b)) && !gone.contains(&pick(c)),
        "{gone:?}"
    );
    assert_eq!(gone, fresh(&g));
}
