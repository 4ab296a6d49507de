//! 8.7 Supply: lines of supply (18.1, 18.2, A-51, A-27), the Supply Phase's markers (18.3) and
//! isolation attrition (18.5, A-26, A-28), and the German Cherbourg traces (5.2, 17.2, 17.4,
//! 26.1).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::N44Log;
use crate::data::Side;
use crate::state::{Location, Mulberry, Normandy44, Phase, UnitFlags};
use crate::supply_lines::{self, Lines};
use crate::testkit::{Kit, game, hex, place, unit};

/// Whether unit `id` traces a line of supply now (18.2).
fn supplied(g: &Normandy44, id: &str) -> bool {
    supply_lines::in_supply(g, unit(g, id))
}

/// The T-SUP-01 board: a main road 1507-1512 to the Utah beachhead in 1512, its engineer there,
/// an American infantry regiment to place.
fn road_to_beachhead() -> Kit {
    Kit::new()
        .position("beachhead-utah", &["1512"])
        .road("main", &["1507", "1508", "1509", "1510", "1511", "1512"])
        .unit("eng", Side::Allied, "beach_engineer", 1, 0, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("us2", Side::Allied, "infantry", 6, 4, 0)
        .unit("us3", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .unit("de2", Side::German, "infantry", 4, 3, 0)
}

fn allied_game(kit: Kit) -> Normandy44 {
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "eng", "1512");
    g
}

#[test]
fn t_sup_01_rule_18_2_a_51_five_hexes_to_a_road_then_the_road() {
    let mut g = allied_game(road_to_beachhead());
    // 1503, 1504, 1505, 1506 and the road hex 1507: five hexes entered off-road.
    place(&mut g, "us", "1502");
    assert!(supplied(&g, "us"));
    // From 1501 the road is six hexes away: out of supply.
    place(&mut g, "us", "1501");
    assert!(!supplied(&g, "us"));
}

#[test]
fn t_sup_01_rule_18_2_the_off_road_leg_crosses_no_major_river_and_no_flooded_hex() {
    let mut g = allied_game(road_to_beachhead().hexside("1504", "1505", "major_river"));
    place(&mut g, "us", "1502");
    assert!(!supplied(&g, "us"), "around the river is six hexes");
    let mut g = allied_game(road_to_beachhead().terrain("1504", "flooded"));
    place(&mut g, "us", "1502");
    assert!(!supplied(&g, "us"));
    let mut g = allied_game(road_to_beachhead().hexside("1504", "1505", "flooded"));
    place(&mut g, "us", "1502");
    assert!(!supplied(&g, "us"), "nor a flooded hexside");
}

#[test]
fn rule_18_2_rule_9_11_a_causeway_carries_the_line_over_its_flooded_hexside() {
    let kit = road_to_beachhead().hexside_all("1504", "1505", &["flooded", "causeway"]);
    let mut g = allied_game(kit);
    place(&mut g, "us", "1502");
    assert!(supplied(&g, "us"));
}

#[test]
fn t_sup_01_rule_18_2_no_two_consecutive_empty_hexes_in_an_enemy_zoc() {
    let mut g = allied_game(road_to_beachhead());
    place(&mut g, "us", "1502");
    // The German in 1404 holds 1503 and 1504 in its ZOC.
    place(&mut g, "de", "1404");
    assert!(!supplied(&g, "us"));
    // A friendly unit in 1503 leaves one empty EZOC hex in a row only.
    place(&mut g, "us2", "1503");
    assert!(supplied(&g, "us"));
}

/// 18.2, 6.2: the lines of supply the memo keeps stand through a change of one of the side's own
/// units that leaves it where it is (a step lost or replaced), and go with a change of an enemy
/// unit's face: its ZOC is gone with its second step (cf 1, no ZOC).
#[test]
fn rule_18_2_kept_lines_stand_through_an_own_step_and_go_with_an_enemy_face() {
    let mut g = allied_game(road_to_beachhead().unit("de-weak", Side::German, "infantry", 2, 3, 0));
    place(&mut g, "us", "1502");
    place(&mut g, "us2", "1510");
    // The German in 1404 holds 1503 and 1504 in its ZOC.
    place(&mut g, "de-weak", "1404");
    assert!(!supplied(&g, "us"));
    assert!(supplied(&g, "us2"));
    let (us, us2, de) = (unit(&g, "us"), unit(&g, "us2"), unit(&g, "de-weak"));
    g.unit_mut(us2).step = 1;
    g.unit_mut(us).step = 1;
    assert!(!supplied(&g, "us"));
    assert!(supplied(&g, "us2"));
    // Reduced, the German exerts no ZOC (cf 1): the line runs.
    g.unit_mut(de).step = 1;
    assert!(supplied(&g, "us"));
}

#[test]
fn t_sup_01_rule_18_2_rule_8_5_2_no_line_through_an_enemy_bond() {
    let mut g = allied_game(road_to_beachhead());
    place(&mut g, "us", "1502");
    place(&mut g, "us2", "1504");
    place(&mut g, "us3", "1506");
    // One German next to 1505: one empty EZOC hex between two friendly ones, allowed.
    place(&mut g, "de", "1405");
    assert!(supplied(&g, "us"));
    // With a second German in 1606, 1505 is a hex bond.
    place(&mut g, "de2", "1606");
    assert!(crate::zoc::zones_of(&g, Side::German).hex_bond(hex(&g, "1505")));
    assert!(!supplied(&g, "us"));
}

#[test]
fn rule_18_2_the_road_part_enters_no_enemy_controlled_town() {
    let mut g = allied_game(road_to_beachhead().terrain("1509", "town"));
    place(&mut g, "us", "1502");
    // 18.2, A-43: every town starts German-controlled.
    assert!(!supplied(&g, "us"));
    g.set_control(hex(&g, "1509"), Side::Allied);
    assert!(supplied(&g, "us"));
    // The off-road part may enter one.
    let mut g = allied_game(road_to_beachhead().terrain("1504", "town"));
    place(&mut g, "us", "1502");
    assert!(supplied(&g, "us"));
}

#[test]
fn rule_18_2_a_9_no_marsh_no_impassable_or_all_sea_hexside_no_enemy_hex() {
    for kit in [
        road_to_beachhead().terrain("1504", "marsh"),
        road_to_beachhead().hexside("1504", "1505", "impassable"),
        road_to_beachhead().hexside("1504", "1505", "all_sea"),
    ] {
        let mut g = allied_game(kit);
        place(&mut g, "us", "1502");
        assert!(!supplied(&g, "us"));
    }
    let mut g = allied_game(road_to_beachhead());
    place(&mut g, "us", "1502");
    let de = unit(&g, "de");
    g.unit_mut(de).flags.0 = 0;
    place(&mut g, "de", "1505");
    assert!(!supplied(&g, "us"));
}

#[test]
fn rule_18_2_a_51_the_line_leaves_the_road_never_and_starts_on_the_units_road() {
    // The road 1501-1507 stops two hexes short of the beachhead in 1509.
    let kit = Kit::new()
        .position("beachhead-utah", &["1509"])
        .road(
            "secondary",
            &["1501", "1502", "1503", "1504", "1505", "1506", "1507"],
        )
        .unit("eng", Side::Allied, "beach_engineer", 1, 0, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0);
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "eng", "1509");
    place(&mut g, "us", "1501");
    assert!(!supplied(&g, "us"), "road, then off-road again: no");
    // Along a road that reaches the source, from the unit's own road hex, any length.
    let kit = Kit::new()
        .position("beachhead-utah", &["1512"])
        .road(
            "secondary",
            &[
                "1501", "1502", "1503", "1504", "1505", "1506", "1507", "1508", "1509", "1510",
                "1511", "1512",
            ],
        )
        .unit("eng", Side::Allied, "beach_engineer", 1, 0, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0);
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "eng", "1512");
    place(&mut g, "us", "1501");
    assert!(supplied(&g, "us"));
}

#[test]
fn rule_18_1_a_42_allied_sources_are_engineers_beachheads_and_complete_mulberries() {
    let mut g = allied_game(road_to_beachhead().position("mulberry-us", &["1512"]));
    place(&mut g, "us", "1502");
    assert!(supplied(&g, "us"));
    // Without its engineer the beachhead is no source.
    let eng = unit(&g, "eng");
    g.unit_mut(eng).at = Location::Eliminated;
    assert!(!supplied(&g, "us"));
    // A complete Mulberry is one.
    g.mulberries[0] = Mulberry::Building { complete_turn: 9 };
    assert!(!supplied(&g, "us"));
    g.mulberries[0] = Mulberry::Complete;
    assert!(supplied(&g, "us"));
}

#[test]
fn rule_18_1_german_sources_are_friendly_controlled_entry_hexes() {
    // The fixture's green entry hex is 1001.
    let data = Kit::new()
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Supply, &[]);
    place(&mut g, "de", "1004");
    assert!(supplied(&g, "de"), "the blue entry hex itself");
    place(&mut g, "de", "1104");
    assert!(supplied(&g, "de"), "next to 1004");
    for entry in ["1001", "1004", "1008", "1412"] {
        g.set_control(hex(&g, entry), Side::Allied);
    }
    assert!(!supplied(&g, "de"));
}

#[test]
fn rule_6_2_a_59_the_live_trace_ignores_the_marker() {
    let mut g = allied_game(road_to_beachhead());
    place(&mut g, "us", "1502");
    let us = unit(&g, "us");
    g.unit_mut(us).flags.set(UnitFlags::OOS, true);
    assert!(supply_lines::in_supply(&g, us));
}

/// A German board with no German source (every entry hex Allied-controlled).
fn cut_off_german(kit: Kit, rolls: &[u16]) -> Normandy44 {
    let data = kit.data();
    let mut g = game(&data, Side::German, Phase::Supply, rolls);
    for entry in ["1001", "1004", "1008", "1412"] {
        g.set_control(hex(&g, entry), Side::Allied);
    }
    g
}

/// Give unit `id` an Isolated marker (18.3: the OOS marker on its red side).
fn isolate(g: &mut Normandy44, id: &str) {
    let u = unit(g, id);
    g.unit_mut(u).flags.set(UnitFlags::ISOLATED, true);
}

fn run_supply_phase(g: &mut Normandy44, side: Side) -> N44Log {
    let mut log = N44Log::new();
    crate::turn::begin_phase(g, side, Phase::Supply, &mut log);
    log
}

/// Run `side`'s Supply Phase and end it, with the checks made after every phase (17.4).
fn run_supply_phase_to_its_end(g: &mut Normandy44, side: Side) -> N44Log {
    let mut log = run_supply_phase(g, side);
    crate::turn::end_phase(g, side, Phase::Supply, &mut log);
    log
}

#[test]
fn rule_18_3_rule_4_1_markers_oos_then_isolated_then_off() {
    let kit = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("eng", Side::Allied, "beach_engineer", 1, 0, 0)
        .position("beachhead-utah", &["1512"]);
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "us", "1505");
    let us = unit(&g, "us");
    // No source at all: OOS first.
    let log = run_supply_phase(&mut g, Side::Allied);
    assert!(g.unit(us).flags.has(UnitFlags::OOS));
    assert!(!g.unit(us).flags.has(UnitFlags::ISOLATED));
    assert!(log.entries().iter().any(|e| e.rule.0 == "18.3"));
    // 18.3, A-27: OOS again, and no line of any length: Isolated.
    run_supply_phase(&mut g, Side::Allied);
    assert!(g.unit(us).flags.has(UnitFlags::ISOLATED));
    assert!(
        !g.unit(us).flags.has(UnitFlags::OOS),
        "one marker, flipped to its red side"
    );
    // The engineer lands 7 hexes away: a line of any length, not of supply: OOS, not Isolated.
    place(&mut g, "eng", "1512");
    run_supply_phase(&mut g, Side::Allied);
    assert!(g.unit(us).flags.has(UnitFlags::OOS));
    assert!(!g.unit(us).flags.has(UnitFlags::ISOLATED));
    // In supply again: the marker comes off.
    place(&mut g, "us", "1508");
    run_supply_phase(&mut g, Side::Allied);
    assert!(!g.unit(us).flags.has(UnitFlags::OOS));
}

#[test]
fn rule_18_3_isolated_is_the_oos_markers_red_side_never_both() {
    // An Isolated unit that is still cut off stays Isolated, on the red side only; one that
    // finds a line of supply loses the marker.
    let kit = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("eng", Side::Allied, "beach_engineer", 1, 0, 0)
        .position("beachhead-utah", &["1512"]);
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "us", "1505");
    let us = unit(&g, "us");
    for _ in 0..3 {
        run_supply_phase(&mut g, Side::Allied);
        let flags = g.unit(us).flags;
        assert!(!(flags.has(UnitFlags::OOS) && flags.has(UnitFlags::ISOLATED)));
    }
    assert!(g.unit(us).flags.has(UnitFlags::ISOLATED));
    place(&mut g, "eng", "1512");
    place(&mut g, "us", "1508");
    run_supply_phase(&mut g, Side::Allied);
    let flags = g.unit(us).flags;
    assert!(!flags.has(UnitFlags::OOS) && !flags.has(UnitFlags::ISOLATED));
}

#[test]
fn rule_18_3_a_27_any_length_is_overland_under_18_2s_restrictions() {
    let kit = road_to_beachhead();
    let mut g = allied_game(kit);
    place(&mut g, "us", "1501");
    let lines = Lines::new(&g, Side::Allied);
    let at = hex(&g, "1501");
    assert!(!lines.in_supply(at));
    assert!(lines.any_length(at));
    // A German wall with bonds cuts it (8.5.2): Germans on the whole column 03.
    let mut kit = road_to_beachhead();
    for r in 10..=20 {
        kit = kit.unit(&format!("wall{r}"), Side::German, "infantry", 4, 3, 0);
    }
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "eng", "1512");
    place(&mut g, "us", "1501");
    for r in 10..=20 {
        place(&mut g, &format!("wall{r}"), &format!("{r}03"));
    }
    assert!(!Lines::new(&g, Side::Allied).any_length(hex(&g, "1501")));
}

#[test]
fn t_sup_02_rule_18_5_a_26_a_28_isolation_attrition_with_an_hq_and_tq_plus_1() {
    let kit = Kit::new()
        .unit("inf", Side::Allied, "infantry", 6, 4, 1)
        .unit("hq", Side::Allied, "hq", 1, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0);
    let data = kit.data();
    for (roll, loses) in [(1, true), (2, false)] {
        let mut g = game(&data, Side::Allied, Phase::Supply, &[roll]);
        place(&mut g, "inf", "1505");
        place(&mut g, "hq", "1504");
        place(&mut g, "de", "1506");
        let inf = unit(&g, "inf");
        // OOS at the previous Supply Phase; no line of any length now (no Allied source).
        g.unit_mut(inf).flags.set(UnitFlags::OOS, true);
        {
            let lines = Lines::new(&g, Side::Allied);
            assert_eq!(crate::supply::drm(&g, &lines, inf, hex(&g, "1505")), 3);
        }
        let log = run_supply_phase(&mut g, Side::Allied);
        assert!(g.unit(inf).flags.has(UnitFlags::ISOLATED));
        assert_eq!(g.unit(inf).step, u8::from(loses), "roll {roll}");
        assert!(log.entries().iter().any(|e| e.rule.0 == "18.5"));
        // The HQ was not OOS before: a first OOS marker never rolls.
        assert!(!g.unit(unit(&g, "hq")).flags.has(UnitFlags::ISOLATED));
    }
}

#[test]
fn rule_18_5_isolated_units_away_from_the_enemy_do_not_roll() {
    let data = Kit::new()
        .unit("inf", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "inf", "1505");
    place(&mut g, "de", "1508");
    isolate(&mut g, "inf");
    run_supply_phase(&mut g, Side::Allied);
    assert_eq!(g.unit(unit(&g, "inf")).step, 0);
}

#[test]
fn rule_18_5_drm_havens_city_coastal_strongpoint_hq_and_the_cap() {
    let kit = Kit::new()
        .terrain("1508", "city")
        .unit("us", Side::Allied, "infantry", 6, 4, -1)
        .unit("de", Side::German, "infantry", 4, 3, 2)
        .unit("sp", Side::German, "strongpoint", 2, 0, 0);
    let data = kit.data();
    let drm_of = |g: &Normandy44, id: &str| {
        let u = unit(g, id);
        let lines = Lines::new(g, g.side_of(u));
        crate::supply::drm(g, &lines, u, g.hex_of(u).unwrap())
    };
    let mut g = game(&data, Side::German, Phase::Supply, &[]);
    // The German city 1508 is 3 hexes from 1505: +2, TQ +2, capped at +3.
    place(&mut g, "de", "1505");
    assert_eq!(drm_of(&g, "de"), 3);
    // Allied-controlled, it is no haven for the German: TQ only.
    g.set_control(hex(&g, "1508"), Side::Allied);
    assert_eq!(drm_of(&g, "de"), 2);
    // A German strongpoint within reach is one.
    place(&mut g, "sp", "1503");
    assert_eq!(drm_of(&g, "de"), 3);
    // The strongpoint itself always has the +2.
    assert_eq!(drm_of(&g, "sp"), 2);
    // An Allied unit reaches the coast (row 20) in 5 off-road hexes from row 15, not from 14.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "us", "1505");
    assert_eq!(drm_of(&g, "us"), 1, "+2, TQ −1");
    place(&mut g, "us", "1405");
    assert_eq!(drm_of(&g, "us"), -1, "the city is the German's: TQ −1 only");
}

#[test]
fn t_sup_03_rule_18_5_the_strongpoint_rolls_once_its_garrison_is_gone() {
    let kit = Kit::new()
        .unit_toml(
            "[[unit]]\nid = \"inf\"\nname = \"inf\"\nshort = \"inf\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"battalion\"\nclass = \"infantry\"\n\
             replacement = \"infantry\"\nsteps = [{ cf = 2, ma = 3, tq = 0 }]\n",
        )
        .unit_toml(
            "[[unit]]\nid = \"sp\"\nname = \"sp\"\nshort = \"sp\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"battalion\"\nclass = \"strongpoint\"\n\
             replacement = \"infantry\"\nsteps = [{ cf = 2, ma = 0, tq = 0 }]\n",
        )
        .unit("us", Side::Allied, "infantry", 6, 4, 0);
    // The infantry survives (3 + 2 = 5): the SP does not roll.
    let mut g = cut_off_german(kit.clone(), &[3]);
    place(&mut g, "inf", "1505");
    place(&mut g, "sp", "1505");
    place(&mut g, "us", "1506");
    isolate(&mut g, "inf");
    isolate(&mut g, "sp");
    run_supply_phase(&mut g, Side::German);
    assert!(g.hex_of(unit(&g, "inf")).is_some());
    assert!(g.hex_of(unit(&g, "sp")).is_some());
    // The infantry is eliminated (1 + 2 = 3): the SP rolls at once with +2 (2 + 2 = 4: gone).
    let mut g = cut_off_german(kit, &[1, 2]);
    place(&mut g, "inf", "1505");
    place(&mut g, "sp", "1505");
    place(&mut g, "us", "1506");
    isolate(&mut g, "inf");
    isolate(&mut g, "sp");
    run_supply_phase(&mut g, Side::German);
    assert_eq!(g.unit(unit(&g, "inf")).at, Location::Eliminated);
    assert_eq!(g.unit(unit(&g, "sp")).at, Location::Eliminated);
}

#[test]
fn t_sup_04_rule_18_5_an_isolated_hq_never_rolls_and_goes_with_no_line_to_a_friend() {
    let kit = Kit::new()
        .unit("hq", Side::German, "hq", 1, 4, 0)
        .unit("friend", Side::German, "infantry", 4, 3, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0);
    // A friendly unit 3 hexes away: the HQ stays, and rolls no die.
    let mut g = cut_off_german(kit.clone(), &[]);
    place(&mut g, "hq", "1505");
    place(&mut g, "us", "1506");
    place(&mut g, "friend", "1502");
    isolate(&mut g, "hq");
    isolate(&mut g, "friend");
    run_supply_phase(&mut g, Side::German);
    assert!(g.hex_of(unit(&g, "hq")).is_some());
    // Alone: eliminated at once.
    let mut g = cut_off_german(kit, &[]);
    place(&mut g, "hq", "1505");
    place(&mut g, "us", "1506");
    isolate(&mut g, "hq");
    let log = run_supply_phase(&mut g, Side::German);
    assert_eq!(g.unit(unit(&g, "hq")).at, Location::Eliminated);
    assert!(log.entries().iter().any(|e| e.rule.0 == "18.5"));
}

#[test]
fn rule_17_1_an_ost_unit_losing_a_step_to_attrition_is_removed_from_play() {
    let kit = Kit::new().unit("ost", Side::German, "ost", 2, 3, 0).unit(
        "us",
        Side::Allied,
        "infantry",
        6,
        4,
        0,
    );
    let mut g = cut_off_german(kit, &[1]);
    place(&mut g, "ost", "1505");
    place(&mut g, "us", "1506");
    isolate(&mut g, "ost");
    run_supply_phase(&mut g, Side::German);
    assert_eq!(g.unit(unit(&g, "ost")).at, Location::OutOfPlay);
}

/// A board with Cherbourg (3606, 3705, 3706) and a road from it to the south edge.
fn cherbourg_board() -> Kit {
    let road: Vec<String> = (10..=37).map(|r| format!("{r}06")).collect();
    let road: Vec<&str> = road.iter().map(String::as_str).collect();
    Kit::new()
        .size(37, 30)
        .terrain("3606", "city")
        .terrain("3705", "city")
        .terrain("3706", "city")
        .road("main", &road)
        .region(
            "cherbourg_perimeter",
            &["3606", "3705", "3706", "3505", "3506"],
        )
        .unit("hq", Side::German, "hq", 1, 4, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("us2", Side::Allied, "infantry", 6, 4, 0)
}

#[test]
fn rule_5_2_rule_23_2_rule_26_3_cherbourg_traces_to_the_south_edge() {
    let data = cherbourg_board().terrain("2006", "town").data();
    let mut g = game(&data, Side::German, Phase::Supply, &[]);
    assert!(supply_lines::cherbourg_traces_south(&g));
    // An Allied-controlled town on the road: the road part may not enter it, and the south edge
    // is out of reach off-road.
    g.set_control(hex(&g, "2006"), Side::Allied);
    assert!(!supply_lines::cherbourg_traces_south(&g));
    g.set_control(hex(&g, "2006"), Side::German);
    // Allied control of all three city hexes cuts it outright.
    for c in ["3606", "3705", "3706"] {
        g.set_control(hex(&g, c), Side::Allied);
    }
    assert!(!supply_lines::cherbourg_traces_south(&g));
    // One German city hex is enough.
    g.set_control(hex(&g, "3606"), Side::German);
    assert!(supply_lines::cherbourg_traces_south(&g));
}

#[test]
fn rule_17_2_rule_17_4_german_hq_pools_by_where_it_traces() {
    let data = cherbourg_board().data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    // Next to Cherbourg, on the road: the entry hexes (1001, 1004, 1008, 1412) are far off the
    // road, so only Fortress Cherbourg pays.
    place(&mut g, "hq", "3406");
    let pools = supply_lines::german_hq_pools(&g, unit(&g, "hq"));
    assert!(pools.fortress);
    assert!(!pools.seventh_army);
    // In 1005, next to the blue entry hex 1004 and on the road to Cherbourg: both.
    place(&mut g, "hq", "1006");
    let pools = supply_lines::german_hq_pools(&g, unit(&g, "hq"));
    assert!(pools.fortress && pools.seventh_army);
}

#[test]
fn rule_26_1_cherbourg_scenario_german_supply_to_cherbourg_or_a_road_south_across_the_h_line() {
    // The H-line: rows 15 and up are on the Allied side; the road 1006-3706 crosses it.
    let rows: Vec<String> = (15..=37)
        .flat_map(|r| (1..=30).map(move |c| format!("{r}{c:02}")))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let data = cherbourg_board()
        .region("h_line_allied", &rows)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Supply, &[]);
    g.scenario = crate::data::Scenario::Cherbourg;
    let sources = supply_lines::sources(&g, Side::German);
    let labels: Vec<String> = sources.iter().map(|&h| g.data().map.label(h)).collect();
    assert!(labels.contains(&"1406".to_owned()), "{labels:?}");
    assert!(labels.contains(&"3606".to_owned()));
    assert!(
        !labels.contains(&"1004".to_owned()),
        "no entry hexes in 26.1"
    );
    place(&mut g, "de", "2003");
    assert!(supplied(&g, "de"));
}

#[test]
fn rule_18_5_rule_17_9_attrition_takes_a_3_step_unit_to_its_cadre() {
    let kit = Kit::new()
        .cadre_toml(
            "[[cadre]]\nid = \"de-cadre\"\nside = \"german\"\nnation = \"heer\"\ncount = 4\n\
             face = { cf = 1, ma = 3, tq = 0 }\n",
        )
        .unit_toml(
            "[[unit]]\nid = \"gr\"\nname = \"gr\"\nshort = \"gr\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"regiment\"\nclass = \"infantry\"\n\
             replacement = \"infantry\"\ncadre = \"de-cadre\"\n\
             steps = [{ cf = 6, ma = 3, tq = 0 }, { cf = 3, ma = 3, tq = 0 }]\n",
        )
        .unit("us", Side::Allied, "infantry", 6, 4, 0);
    let mut g = cut_off_german(kit.clone(), &[1]);
    place(&mut g, "gr", "1505");
    place(&mut g, "us", "1506");
    let gr = unit(&g, "gr");
    g.unit_mut(gr).step = 1;
    isolate(&mut g, "gr");
    run_supply_phase(&mut g, Side::German);
    assert_eq!(g.unit(gr).step, 2, "its cadre");
    assert!(g.hex_of(gr).is_some());
    // The cadre's loss eliminates it.
    let mut g = cut_off_german(kit, &[1]);
    place(&mut g, "gr", "1505");
    place(&mut g, "us", "1506");
    g.unit_mut(gr).step = 2;
    isolate(&mut g, "gr");
    run_supply_phase(&mut g, Side::German);
    assert_eq!(g.unit(gr).at, Location::Eliminated);
}

#[test]
fn t_cot_01_rule_17_4_the_cotentin_hq_traces_to_cherbourg_and_falls_with_it() {
    let data = cherbourg_board()
        .unit_toml(
            "[[unit]]\nid = \"de-cotentin\"\nname = \"Cotentin Artillery\"\nshort = \"Cotentin\"\n\
             side = \"german\"\nnation = \"heer\"\nsize = \"corps\"\nclass = \"hq\"\n\
             replacement = \"infantry\"\nsteps = [{ cf = 1, ma = 4, tq = 0 }]\n",
        )
        .data();
    let mut g = game(&data, Side::German, Phase::Supply, &[]);
    g.tracks.supply[crate::state::SUPPLY_FORTRESS] = 4;
    place(&mut g, "de-cotentin", "3406");
    let hq = unit(&g, "de-cotentin");
    // It traces to a Cherbourg city hex: Fortress Cherbourg pays for its shift.
    assert!(supply_lines::german_hq_pools(&g, hq).fortress);
    // Two of three city hexes Allied: nothing falls at the phase's end.
    g.set_control(hex(&g, "3705"), Side::Allied);
    g.set_control(hex(&g, "3706"), Side::Allied);
    run_supply_phase_to_its_end(&mut g, Side::German);
    assert!(g.hex_of(hq).is_some());
    assert_eq!(g.tracks.supply[crate::state::SUPPLY_FORTRESS], 4);
    // All three: at the end of the phase (17.4's check after every phase) the HQ and the
    // marker, with its SupP, are removed.
    g.set_control(hex(&g, "3606"), Side::Allied);
    assert!(!supply_lines::german_hq_pools(&g, hq).fortress);
    let log = run_supply_phase_to_its_end(&mut g, Side::Allied);
    assert_eq!(g.unit(hq).at, Location::OutOfPlay);
    assert_eq!(g.tracks.supply[crate::state::SUPPLY_FORTRESS], 0);
    assert!(log.entries().iter().any(|e| e.rule.0 == "17.4"));
}
