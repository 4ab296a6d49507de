//! 8.1 and 8.7: replacements (T-REPL-01..06, T-RP-04, the replacement side of T-CADRE-01).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Log};
use crate::data::{Army, Side, UnitId};
use crate::movement::reach;
use crate::state::{Location, Mulberry, Normandy44, Phase, Pool, SUPPLY_US, UnitFlags};
use crate::testkit::{Kit, act, game, hex, land_engineer, legal, place, unit};

/// A unit of `side` in formation `formation` (none if empty), written out.
fn unit_in(id: &str, side: &str, class: &str, formation: &str, replacement: &str) -> String {
    let (nation, army) = match side {
        "german" => ("heer", ""),
        _ => ("us", "army = \"us\"\n"),
    };
    let formation = if formation.is_empty() {
        String::new()
    } else {
        format!("formation = \"{formation}\"\n")
    };
    format!(
        "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"{side}\"\n\
         nation = \"{nation}\"\n{army}{formation}size = \"regiment\"\nclass = \"{class}\"\n\
         replacement = \"{replacement}\"\n\
         steps = [{{ cf = 6, ma = 4, tq = 1 }}, {{ cf = 3, ma = 4, tq = 1 }}]\n"
    )
}

/// Set `id`'s step.
fn reduce(g: &mut Normandy44, id: &str, step: u8) {
    let u = unit(g, id);
    g.unit_mut(u).step = step;
}

fn pool(g: &Normandy44, p: Pool) -> u8 {
    g.tracks.replacements[p as usize]
}

#[test]
fn t_repl_01_rule_6_4_low_quality_replacements_use_now() {
    let data = Kit::new()
        .unit("good", Side::German, "infantry", 6, 4, 1)
        .unit("zero", Side::German, "infantry", 6, 4, 0)
        .unit("poor", Side::German, "infantry", 6, 4, -1)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    for (id, at) in [("good", "1505"), ("zero", "1507"), ("poor", "1509")] {
        place(&mut g, id, at);
        reduce(&mut g, id, 1);
    }
    // Roll 5: "1 (0)".
    g.tracks.replacements[Pool::GermanLowTq0 as usize] = 1;
    let (good, zero, poor) = (unit(&g, "good"), unit(&g, "zero"), unit(&g, "poor"));
    assert!(act(&mut g, N44Action::Replace { unit: good }).is_err());
    let mut used = g.clone();
    act(&mut used, N44Action::Replace { unit: zero }).unwrap();
    assert_eq!(used.unit(zero).step, 0);
    let mut used = g.clone();
    act(&mut used, N44Action::Replace { unit: poor }).unwrap();
    // Not used by the end of the German Replacement Phase: lost.
    let mut log = N44Log::new();
    crate::turn::end_phase(&mut g, Side::German, Phase::Replacement, &mut log);
    assert_eq!(pool(&g, Pool::GermanLowTq0), 0);
    assert!(log.entries().iter().any(|e| e.rule.0 == "6.4"));

    // Roll 6: "1 (−1)": TQ −1 only.
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    for (id, at) in [("zero", "1507"), ("poor", "1509")] {
        place(&mut g, id, at);
        reduce(&mut g, id, 1);
    }
    g.tracks.replacements[Pool::GermanLowTqMinus1 as usize] = 1;
    assert!(act(&mut g, N44Action::Replace { unit: zero }).is_err());
    act(&mut g, N44Action::Replace { unit: poor }).unwrap();
}

#[test]
fn t_repl_02_rule_6_4_panther_tiger_replacement() {
    let tiger = "[[unit]]\nid = \"tiger\"\nname = \"tiger\"\nshort = \"tiger\"\nside = \"german\"\n\
                 nation = \"ss\"\nsize = \"battalion\"\nclass = \"silhouette\"\ntiger = true\n\
                 replacement = \"armor\"\nsteps = [{ cf = 6, ma = 5, av = 5, av_colour = \"grey\" }, \
                 { cf = 3, ma = 5, av = 5, av_colour = \"grey\" }]\n";
    let data = Kit::new().unit_toml(tiger).data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    place(&mut g, "tiger", "1505");
    reduce(&mut g, "tiger", 1);
    let t = unit(&g, "tiger");
    g.tracks.replacements[Pool::GermanPt as usize] = 1;
    // Used at once on the Tiger: accepted.
    let mut now = g.clone();
    act(&mut now, N44Action::Replace { unit: t }).unwrap();
    assert_eq!(now.unit(t).step, 0);
    // Banked: an ordinary armor replacement, which a Tiger may not use.
    act(&mut g, N44Action::BankPt).unwrap();
    assert_eq!(pool(&g, Pool::GermanPt), 0);
    assert_eq!(pool(&g, Pool::GermanArmor), 1);
    assert!(act(&mut g, N44Action::Replace { unit: t }).is_err());
    let refusal = crate::replacement::replace_check(&g, Side::German, t).unwrap_err();
    assert!(format!("{refusal:?}").contains("6.4"), "{refusal:?}");
}

#[test]
fn t_repl_03_rule_6_2_replacement_marker() {
    let data = Kit::new()
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    place(&mut g, "de", "1506");
    place(&mut g, "us", "1507");
    reduce(&mut g, "de", 1);
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    let de = unit(&g, "de");
    act(&mut g, N44Action::Replace { unit: de }).unwrap();
    assert!(g.unit(de).flags.has(UnitFlags::REPLACED));
    assert!(
        act(&mut g, N44Action::Replace { unit: de }).is_err(),
        "one a turn"
    );
    // In its Movement Phase: one hex at most, and never into an enemy ZOC.
    let mut log = N44Log::new();
    crate::turn::end_phase(&mut g, Side::German, Phase::Replacement, &mut log);
    let r = reach(&g, &[de], crate::action::MoveMode::Normal, false).unwrap();
    let zones = crate::zoc::zones_of(&g, Side::Allied);
    let from = hex(&g, "1506");
    let destinations: Vec<_> = r.destinations().collect();
    assert!(!destinations.is_empty(), "it may leave the EZOC");
    for h in destinations {
        assert_eq!(g.data().map.hexes.distance(from, h), 1);
        assert!(!zones.in_zoc(h), "into an EZOC: {}", g.data().map.label(h));
    }
    // The marker comes off in the owner's Recovery Phase.
    crate::recovery::recover(&mut g, Side::German, &mut log);
    assert!(!g.unit(de).flags.has(UnitFlags::REPLACED));
}

#[test]
fn t_repl_04_rule_6_2_return_within_five_hexes_of_its_division() {
    let data = Kit::new()
        .formation_toml(
            "[[formation]]\nid = \"us-29\"\nname = \"29th Infantry Division\"\nside = \"allied\"\n",
        )
        .unit_toml(&unit_in("r115", "allied", "infantry", "us-29", "infantry"))
        .unit_toml(&unit_in("r116", "allied", "infantry", "us-29", "infantry"))
        .terrain("1507", "town")
        .terrain("1506", "town")
        // Both towns in supply: a road from the Utah beachhead in 2006 to 1506 and 1507.
        .beachhead_road(&["2006", "1906", "1806", "1706", "1606", "1506", "1507"])
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    land_engineer(&mut g);
    place(&mut g, "r115", "1501");
    let r116 = unit(&g, "r116");
    g.unit_mut(r116).at = Location::Eliminated;
    g.tracks.replacements[Pool::UsInfantry as usize] = 1;
    let (far, near) = (hex(&g, "1507"), hex(&g, "1506"));
    g.set_control(far, Side::Allied);
    g.set_control(near, Side::Allied);
    assert!(
        act(
            &mut g,
            N44Action::Return {
                unit: r116,
                hex: far
            }
        )
        .is_err()
    );
    act(
        &mut g,
        N44Action::Return {
            unit: r116,
            hex: near,
        },
    )
    .unwrap();
    assert_eq!(g.unit(r116).at, Location::Hex(near));
    assert_eq!(g.unit(r116).step, 1, "at its lowest step");
    assert!(g.unit(r116).flags.has(UnitFlags::REPLACED));
    // A German-controlled town is no place to return to.
    let mut g2 = game(&data, Side::Allied, Phase::Replacement, &[]);
    land_engineer(&mut g2);
    place(&mut g2, "r115", "1501");
    g2.unit_mut(r116).at = Location::Eliminated;
    g2.tracks.replacements[Pool::UsInfantry as usize] = 1;
    assert!(
        act(
            &mut g2,
            N44Action::Return {
                unit: r116,
                hex: near
            }
        )
        .is_err()
    );
}

#[test]
fn t_repl_05_rule_20_2_one_airborne_replacement_per_division() {
    let (mut g, a, b) = two_reduced_airborne_regiments();
    act(&mut g, N44Action::Replace { unit: a }).unwrap();
    let refusal = act(&mut g, N44Action::Replace { unit: b }).unwrap_err();
    assert!(format!("{refusal:?}").contains("20.2"), "{refusal:?}");
    assert_eq!(pool(&g, Pool::UsAirborne), 1);
}

/// A 3-step US regiment with a cadre of type `us-cadre`.
fn three_step_kit(cadres: u8) -> Kit {
    Kit::new()
        .formation_toml(
            "[[formation]]\nid = \"us-4\"\nname = \"4th Infantry Division\"\nside = \"allied\"\n",
        )
        .cadre_toml(&format!(
            "[[cadre]]\nid = \"us-cadre\"\nside = \"allied\"\nnation = \"us\"\ncount = {cadres}\n\
             face = {{ cf = 2, ma = 3, tq = 0, defence_only = false }}\n"
        ))
        .unit_toml(
            "[[unit]]\nid = \"r8\"\nname = \"8th Infantry\"\nshort = \"8\"\nside = \"allied\"\n\
             nation = \"us\"\narmy = \"us\"\nformation = \"us-4\"\nsize = \"regiment\"\n\
             class = \"infantry\"\nreplacement = \"infantry\"\ncadre = \"us-cadre\"\n\
             steps = [{ cf = 7, ma = 4, tq = 1 }, { cf = 4, ma = 4, tq = 1 }]\n",
        )
        .unit_toml(&unit_in("r12", "allied", "infantry", "us-4", "infantry"))
}

#[test]
fn t_repl_06_rule_17_9_cadre_return_then_its_unit() {
    // The town 1503 in supply: a road to it from the Utah beachhead in 2003.
    let data = three_step_kit(1)
        .terrain("1503", "town")
        .beachhead_road(&["2003", "1903", "1803", "1703", "1603", "1503"])
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    land_engineer(&mut g);
    place(&mut g, "r12", "1501");
    let r8 = unit(&g, "r8");
    // Its cadre was eliminated: it lies on the unit in the chart (the Eliminated box, at the
    // cadre step).
    g.unit_mut(r8).at = Location::Eliminated;
    g.unit_mut(r8).step = 2;
    g.tracks.replacements[Pool::UsInfantry as usize] = 2;
    let town = hex(&g, "1503");
    g.set_control(town, Side::Allied);
    // The first replacement brings the cadre back under 6.2's placement.
    act(
        &mut g,
        N44Action::Return {
            unit: r8,
            hex: town,
        },
    )
    .unwrap();
    assert_eq!(g.unit(r8).at, Location::Hex(town));
    assert_eq!(g.unit(r8).step, 2, "the cadre re-enters the map");
    assert_eq!(g.data().face(r8, 2).map(|f| f.cf), Some(2));
    // Not again this turn; next turn the 3-step unit replaces its cadre on its reduced step,
    // with a Replacement marker.
    assert!(act(&mut g, N44Action::Replace { unit: r8 }).is_err());
    let mut log = N44Log::new();
    crate::recovery::recover(&mut g, Side::Allied, &mut log);
    act(&mut g, N44Action::Replace { unit: r8 }).unwrap();
    assert_eq!(g.unit(r8).step, 1);
    assert_eq!(g.data().face(r8, 1).map(|f| f.cf), Some(4));
    assert!(g.unit(r8).flags.has(UnitFlags::REPLACED));
}

#[test]
fn t_cadre_01_rule_17_9_cadre_counters_in_use() {
    // The replacement side of T-CADRE-01: a cadre counter on the map, or eliminated on its
    // unit, is not free; with none free a 3-step unit has no cadre to become.
    let data = three_step_kit(1).data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    assert!(crate::replacement::cadre_free(&g, 0));
    place(&mut g, "r8", "1505");
    let r8 = unit(&g, "r8");
    g.unit_mut(r8).step = 2;
    assert!(!crate::replacement::cadre_free(&g, 0));
    g.unit_mut(r8).at = Location::Eliminated;
    assert!(!crate::replacement::cadre_free(&g, 0));
    let data = three_step_kit(2).data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    place(&mut g, "r8", "1505");
    g.unit_mut(r8).step = 2;
    assert!(crate::replacement::cadre_free(&g, 0));
}

#[test]
fn t_rp_04_rule_5_3_supply_bought_with_rp() {
    let data = Kit::new().data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    g.tracks.rp = [6, 6];
    let us = g.tracks.supply[SUPPLY_US];
    let refusal = act(&mut g, N44Action::BuySupply { army: Army::Us }).unwrap_err();
    assert!(format!("{refusal:?}").contains("5.3"), "{refusal:?}");
    g.mulberries[Army::Us.index()] = Mulberry::Complete;
    act(&mut g, N44Action::BuySupply { army: Army::Us }).unwrap();
    assert_eq!(g.tracks.rp, [3, 6]);
    assert_eq!(g.tracks.supply[SUPPLY_US], us + 1);
    assert!(!legal(&g).contains(&N44Action::BuySupply { army: Army::Cw }));
}

#[test]
fn rule_6_3_never_replaced() {
    let data = Kit::new()
        .unit("ost", Side::German, "ost", 4, 3, -1)
        .unit("rangers", Side::Allied, "ranger", 4, 4, 2)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    place(&mut g, "ost", "1505");
    reduce(&mut g, "ost", 1);
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    let ost = unit(&g, "ost");
    let refusal = act(&mut g, N44Action::Replace { unit: ost }).unwrap_err();
    assert!(format!("{refusal:?}").contains("6.3"), "{refusal:?}");
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    place(&mut g, "rangers", "1505");
    reduce(&mut g, "rangers", 1);
    g.tracks.replacements[Pool::UsInfantry as usize] = 1;
    let rangers = unit(&g, "rangers");
    assert!(act(&mut g, N44Action::Replace { unit: rangers }).is_err());
}

#[test]
fn rule_6_2_disorganized_or_out_of_supply_units_are_not_replaced() {
    let data = Kit::new()
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    place(&mut g, "de", "1505");
    reduce(&mut g, "de", 1);
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    let de = unit(&g, "de");
    g.unit_mut(de).flags.set(UnitFlags::DISORGANIZED, true);
    assert!(act(&mut g, N44Action::Replace { unit: de }).is_err());
    g.unit_mut(de).flags.set(UnitFlags::DISORGANIZED, false);
    // Out of supply: in 1906, 8 hexes from the nearest entry hex (1412) with no road on the
    // board, it traces no line of supply (18.2).
    place(&mut g, "de", "1906");
    g.unit_mut(de).flags.set(UnitFlags::OOS, true);
    assert!(!crate::beaches::unit_in_supply(&g, de));
    assert!(act(&mut g, N44Action::Replace { unit: de }).is_err());
    // Back in 1505, 5 hexes from the blue entry hex 1004, it traces supply: A-59 asks for a live
    // trace, so the OOS marker it still carries does not stop it.
    place(&mut g, "de", "1505");
    assert!(crate::beaches::unit_in_supply(&g, de));
    let mut marked = g.clone();
    act(&mut marked, N44Action::Replace { unit: de }).unwrap();
    g.unit_mut(de).flags.set(UnitFlags::OOS, false);
    act(&mut g, N44Action::Replace { unit: de }).unwrap();
}

#[test]
fn rule_17_2_an_eliminated_hq_returns_in_a_city() {
    let hq = "[[unit]]\nid = \"hq\"\nname = \"LXXXIV Corps\"\nshort = \"LXXXIV\"\nside = \"german\"\n\
              nation = \"heer\"\nsize = \"corps\"\nclass = \"hq\"\nreplacement = \"infantry\"\n\
              steps = [{ cf = 1, ma = 3, tq = 0 }]\n";
    let data = Kit::new()
        .unit_toml(hq)
        .terrain("1505", "town")
        .terrain("1507", "city")
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    let h = unit(&g, "hq");
    g.unit_mut(h).at = Location::Eliminated;
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    let (town, city) = (hex(&g, "1505"), hex(&g, "1507"));
    let refusal = act(&mut g, N44Action::Return { unit: h, hex: town }).unwrap_err();
    assert!(format!("{refusal:?}").contains("17.2"), "{refusal:?}");
    act(&mut g, N44Action::Return { unit: h, hex: city }).unwrap();
    assert_eq!(g.unit(h).at, Location::Hex(city));
}

#[test]
fn rule_17_3_an_eliminated_werfer_returns_for_an_armor_replacement() {
    let werfer = "[[unit]]\nid = \"w7\"\nname = \"7th Werfer Brigade\"\nshort = \"7 W\"\n\
                  side = \"german\"\nnation = \"heer\"\nsize = \"brigade\"\nclass = \"werfer\"\n\
                  replacement = \"infantry\"\nsteps = [{ cf = 1, ma = 4, tq = 0 }]\n";
    let data = Kit::new().unit_toml(werfer).terrain("1505", "town").data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    let w = unit(&g, "w7");
    g.unit_mut(w).at = Location::Eliminated;
    let town = hex(&g, "1505");
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    assert!(act(&mut g, N44Action::Return { unit: w, hex: town }).is_err());
    g.tracks.replacements[Pool::GermanArmor as usize] = 1;
    act(&mut g, N44Action::Return { unit: w, hex: town }).unwrap();
    assert_eq!(pool(&g, Pool::GermanArmor), 0);
    assert_eq!(pool(&g, Pool::GermanInfantry), 1);
}

#[test]
fn rule_7_2_a_replacement_may_not_take_its_hex_over_the_limit() {
    let data = Kit::new()
        .unit("full", Side::German, "infantry", 4, 4, 1)
        .unit("worn", Side::German, "infantry", 4, 4, 1)
        .unit("third", Side::German, "infantry", 4, 4, 1)
        .data();
    let mut g = game(&data, Side::German, Phase::Replacement, &[]);
    for id in ["full", "worn"] {
        place(&mut g, id, "1505");
    }
    // CF 4 costs 2 points, its reduced CF 2 one (7.1, A-49): 3 points in the hex.
    reduce(&mut g, "worn", 1);
    g.tracks.replacements[Pool::GermanInfantry as usize] = 1;
    let worn = unit(&g, "worn");
    let mut two = g.clone();
    act(&mut two, N44Action::Replace { unit: worn }).unwrap();
    assert_eq!(two.unit(worn).step, 0, "4 points: within the limit");
    // A third unit, reduced: 4 points, and the restored step would make 5.
    place(&mut g, "third", "1505");
    reduce(&mut g, "third", 1);
    let refusal = act(&mut g, N44Action::Replace { unit: worn }).unwrap_err();
    assert_eq!(refusal.rule.map(|r| r.0), Some("7.2"), "{refusal:?}");
    assert_eq!(g.unit(worn).step, 1);
}

/// 20.2, 6.2: the legal list weighs the divisions already served once for the whole list
/// (`replacement::Served`): it offers each of two reduced regiments of one airborne division
/// until one is replaced, and then not the other.
#[test]
fn rule_20_2_the_list_offers_one_airborne_replacement_per_division() {
    let (mut g, a, b) = two_reduced_airborne_regiments();
    let offered = legal(&g);
    assert!(
        offered.contains(&N44Action::Replace { unit: a }),
        "{offered:?}"
    );
    assert!(
        offered.contains(&N44Action::Replace { unit: b }),
        "{offered:?}"
    );
    act(&mut g, N44Action::Replace { unit: a }).unwrap();
    let offered = legal(&g);
    assert!(
        !offered.contains(&N44Action::Replace { unit: b }),
        "{offered:?}"
    );
}

/// 20.2's two regiments of the 101st Airborne, each a step down, in supply on a road from the
/// Utah beachhead in 2005, in the Allied Replacement Phase with 2 US airborne points.
fn two_reduced_airborne_regiments() -> (Normandy44, UnitId, UnitId) {
    let data = Kit::new()
        .formation_toml(
            "[[formation]]\nid = \"us-101\"\nname = \"101st Airborne Division\"\nside = \"allied\"\n\
             airborne = true\n",
        )
        .unit_toml(&unit_in("p501", "allied", "airborne", "us-101", "airborne"))
        .unit_toml(&unit_in("p502", "allied", "airborne", "us-101", "airborne"))
        // Both regiments in supply, on a road from the Utah beachhead in 2005.
        .beachhead_road(&["2005", "1905", "1805", "1705", "1605", "1505", "1506", "1507"])
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    land_engineer(&mut g);
    place(&mut g, "p501", "1505");
    place(&mut g, "p502", "1507");
    reduce(&mut g, "p501", 1);
    reduce(&mut g, "p502", 1);
    g.tracks.replacements[Pool::UsAirborne as usize] = 2;
    let (a, b) = (unit(&g, "p501"), unit(&g, "p502"));
    (g, a, b)
}
