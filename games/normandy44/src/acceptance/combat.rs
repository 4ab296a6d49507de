//! 8.5 and 8.6 Combat: odds, modifiers, the CRT, results, Determined and Desperate Defense,
//! retreat and advance; the combat cases of 8.7 (Reserve by result, HQs, Werfers, strafing,
//! cadres) and 8.9 (turn 1's combats); T-STK-01 after an advance.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Event, N44Log};
use crate::combat::{Assessment, Support, assess, defence_of};
use crate::data::Side;
use crate::state::{
    Location, MafChoice, Normandy44, Phase, SUPPLY_7TH, SUPPLY_FORTRESS, SUPPLY_US, Stage, Step,
    UnitFlags,
};
use crate::tables::crt::{Column, CrtResult, FinalColumn, OddsColumn};
use crate::tables::weather::Weather;
use crate::testkit::{Kit, game, hex, place, unit};
use overlord_engine::RuleId;

// ---- helpers ----

/// The legal actions now.
fn legal(g: &Normandy44) -> Vec<N44Action> {
    let mut out = Vec::new();
    crate::decisions::legal(g, &mut out);
    out
}

/// Answer `a`, which must be listed; the log of what it did.
fn act(g: &mut Normandy44, a: N44Action) -> N44Log {
    let listed = legal(g);
    assert!(listed.contains(&a), "{a:?} is not listed: {listed:?}");
    let mut log = N44Log::new();
    crate::decisions::answer(g, a, &mut log).unwrap_or_else(|r| panic!("{a:?} refused: {r}"));
    log
}

/// Open an attack on `target` by `ids`, the MAF being `maf`'s formation.
fn attack(g: &mut Normandy44, target: &str, ids: &[&str], maf: &str) {
    let h = hex(g, target);
    act(g, N44Action::Attack { hex: h });
    for id in ids {
        let u = unit(g, id);
        act(g, N44Action::Join { unit: u });
    }
    let m = unit(g, maf);
    act(g, N44Action::Maf { unit: m });
}

/// The attack being built, assessed.
fn assessed(g: &Normandy44) -> Assessment {
    let Step::Phase(_, _, Stage::Attack { hex }) = g.step else {
        panic!("no attack is being built");
    };
    let support = Support {
        artillery: g.combat.artillery.len() as u8,
        air: g.combat.air,
        naval: g.combat.naval,
        jabo: None,
    };
    assess(g, hex, &g.attackers, g.combat.maf, &support)
}

/// The rules of the shifts of `a`, with their amounts.
fn shifts(a: &Assessment) -> Vec<(&'static str, i8)> {
    a.shifts.iter().map(|s| (s.rule.0, s.amount)).collect()
}

fn column(a: &Assessment) -> Option<FinalColumn> {
    a.final_column
}

fn on(c: Column) -> Option<FinalColumn> {
    Some(FinalColumn::Column(c))
}

/// The CRT result logged in `log`.
fn result_in(log: &N44Log) -> Option<&'static str> {
    log.entries().iter().find_map(|e| match e.event {
        N44Event::Combat { result, .. } => Some(result),
        _ => None,
    })
}

/// The dice logged in `log`, as (purpose, raw, modified).
fn dice(log: &N44Log) -> Vec<(&'static str, u8, i8)> {
    log.entries()
        .iter()
        .filter_map(|e| match e.event {
            N44Event::Die {
                purpose,
                raw,
                modified,
            } => Some((purpose, raw, modified)),
            _ => None,
        })
        .collect()
}

fn at(g: &Normandy44, id: &str) -> Location {
    g.unit(unit(g, id)).at
}

fn in_hex(g: &Normandy44, id: &str, label: &str) -> bool {
    at(g, id) == Location::Hex(hex(g, label))
}

fn flag(g: &Normandy44, id: &str, bit: u32) -> bool {
    g.unit(unit(g, id)).flags.has(bit)
}

fn stage(g: &Normandy44) -> Stage {
    match g.step {
        Step::Phase(_, _, s) => s,
        other => panic!("not in a phase: {other:?}"),
    }
}

/// The end hexes listed for `id`'s retreat, as labels.
fn retreat_ends(g: &Normandy44, id: &str) -> Vec<String> {
    let u = unit(g, id);
    let mut ends: Vec<String> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            N44Action::Retreat { unit, hex } if unit == u => Some(g.data().map.label(hex)),
            _ => None,
        })
        .collect();
    ends.sort();
    ends
}

/// The hexes listed for `id`'s advance, as labels.
fn advance_ends(g: &Normandy44, id: &str) -> Vec<String> {
    let u = unit(g, id);
    let mut ends: Vec<String> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            N44Action::Advance { unit, hex } if unit == u => Some(g.data().map.label(hex)),
            _ => None,
        })
        .collect();
    ends.sort();
    ends
}

fn grey(av: u8) -> String {
    format!("av = {av}, av_colour = \"grey\"")
}

fn red(av: u8) -> String {
    format!("av = {av}, av_colour = \"red\"")
}

/// A fixture with one defender `de` of `cf` in 1506 (`terrain`) and one US attacker `us` of
/// `attack` CF in 1505, both TQ 0.
fn duel(attack: u8, cf: u8, terrain: &str, rolls: &[u16]) -> Normandy44 {
    let data = Kit::new()
        .terrain("1506", terrain)
        .unit("us", Side::Allied, "infantry", attack, 4, 0)
        .one_step("de", Side::German, "infantry", cf, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, rolls);
    place(&mut g, "us", "1505");
    place(&mut g, "de", "1506");
    g
}

// ---- 8.5 Combat: odds, modifiers, CRT ----

#[test]
fn t_cbt_01_rule_10_5_odds_round_down_for_the_defender() {
    let cases: [(u8, u8, Option<Column>); 8] = [
        (15, 4, Some(Column::ThreeToOne)),
        (11, 12, Some(Column::OneToTwo)),
        (14, 17, Some(Column::OneToTwo)),
        (8, 4, Some(Column::TwoToOne)),
        (7, 4, Some(Column::OneToOne)),
        (12, 9, Some(Column::OneToOne)),
        (5, 16, None),
        (6, 18, Some(Column::OneToThree)),
    ];
    for (a, d, expected) in cases {
        let mut g = duel(a, d, "clear", &[]);
        let target = hex(&g, "1506");
        let us = unit(&g, "us");
        let r = assess(
            &g,
            target,
            &[us],
            MafChoice::Formation(us),
            &Support::default(),
        );
        assert_eq!(r.attack, u16::from(a));
        assert_eq!(r.defence, u16::from(d));
        match expected {
            Some(c) => assert_eq!(r.raw, OddsColumn::On(c), "{a}:{d}"),
            None => {
                assert!(!r.raw.is_legal(), "{a}:{d} is below 1-3");
                // 10.6: the attack cannot even be opened with this attacker alone.
                assert!(!legal(&g).contains(&N44Action::Attack { hex: target }));
                g.step = Step::Phase(Side::Allied, Phase::Combat, Stage::Open);
            }
        }
    }
}

#[test]
fn t_cbt_02_rule_10_4_the_18_factor_cap() {
    let data = Kit::new()
        .terrain("1506", "city")
        .unit("de1", Side::German, "infantry", 7, 5, 0)
        .unit("de2", Side::German, "infantry", 7, 5, 0)
        .unit_with("de-tank", Side::German, "armor", 3, 5, 0, "", &grey(2))
        .one_step("maf", Side::Allied, "infantry", 8, 4, 0, "", "")
        .one_step("us2", Side::Allied, "infantry", 10, 4, 0, "", "")
        .one_step("us3", Side::Allied, "infantry", 12, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    for (id, h) in [
        ("de1", "1506"),
        ("de2", "1506"),
        ("de-tank", "1506"),
        ("maf", "1505"),
        ("us2", "1406"),
        ("us3", "1606"),
    ] {
        place(&mut g, id, h);
    }
    // 7 + 7 + 3 + 5 = 22 → 18.
    assert_eq!(defence_of(&g, hex(&g, "1506")).total, 18);
    attack(&mut g, "1506", &["maf", "us2", "us3"], "maf");
    let a = assessed(&g);
    // 8 + 5 + 6 = 19 → 18.
    assert_eq!(a.attack, 18);
    assert!(a.capped);
}

#[test]
fn t_cbt_03_rule_10_6_minimum_and_maximum_odds() {
    // 10-1 with two left shifts (a hilltop, an all-negative-TQ MAF) is still 7-1.
    let data = Kit::new()
        .hilltop("1506", "clear")
        .one_step("us", Side::Allied, "infantry", 10, 4, -1, "", "")
        .one_step("de", Side::German, "infantry", 1, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    place(&mut g, "us", "1505");
    place(&mut g, "de", "1506");
    attack(&mut g, "1506", &["us"], "us");
    let a = assessed(&g);
    assert_eq!(a.raw, OddsColumn::AboveTable { ratio: 10 });
    assert_eq!(shifts(&a), vec![("11.5", -1), ("11.8", -1)]);
    assert_eq!(column(&a), on(Column::SevenToOne));

    // 1-3 with a Jabo shift: an automatic A1 with no CRT roll (the script holds only the Jabo
    // die, and is strict).
    let data = Kit::new()
        .unit("de", Side::German, "infantry", 2, 4, 0)
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::German, Phase::Combat, &[4]);
    g.weather.condition = Weather::Clear;
    place(&mut g, "de", "1505");
    place(&mut g, "us", "1506");
    attack(&mut g, "1506", &["de"], "de");
    assert_eq!(assessed(&g).raw, OddsColumn::On(Column::OneToThree));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(dice(&log), vec![("jabo", 4, -1)]);
    assert_eq!(result_in(&log), Some("A1"));
    assert_eq!(g.unit(unit(&g, "de")).step, 1, "the attacker lost a step");

    // 4:17 may not be declared.
    let data = Kit::new()
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us2", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 17, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    place(&mut g, "us", "1505");
    place(&mut g, "us2", "1507");
    place(&mut g, "de", "1506");
    attack(&mut g, "1506", &["us"], "us");
    assert_eq!(assessed(&g).raw, OddsColumn::BelowTable);
    assert!(!legal(&g).contains(&N44Action::Confirm));
    let mut log = N44Log::new();
    let refused = crate::decisions::answer(&mut g, N44Action::Confirm, &mut log).unwrap_err();
    assert_eq!(refused.rule, Some(RuleId("10.6")));
}

#[test]
fn t_cbt_04_rule_11_1_rule_18_4_halving_per_unit_once() {
    let data = Kit::new()
        .hexside("1406", "1506", "minor_river")
        .one_step("maf", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("five1", Side::Allied, "infantry", 5, 4, 0, "", "")
        .one_step("five2", Side::Allied, "infantry", 5, 4, 0, "", "")
        .one_step("one", Side::Allied, "infantry", 1, 4, 0, "", "")
        .one_step("seven", Side::Allied, "infantry", 7, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 9, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    for (id, h) in [
        ("maf", "1505"),
        ("five1", "1607"),
        ("five2", "1606"),
        ("one", "1407"),
        ("seven", "1406"),
        ("de", "1506"),
    ] {
        place(&mut g, id, h);
    }
    g.unit_mut(unit(&g, "seven"))
        .flags
        .set(UnitFlags::OOS, true);
    attack(
        &mut g,
        "1506",
        &["maf", "five1", "five2", "one", "seven"],
        "maf",
    );
    let a = assessed(&g);
    let counted = |id: &str| {
        let u = unit(&g, id);
        a.lines.iter().find(|l| l.unit == u).unwrap().counted
    };
    assert_eq!(
        counted("five1") + counted("five2"),
        6,
        "5 + 5 halved: 3 + 3"
    );
    assert_eq!(counted("one"), 1, "a CF of 1 stays 1");
    assert_eq!(
        counted("seven"),
        4,
        "non-MAF, OOS, across a minor river: halved once"
    );
    assert_eq!(a.attack, 2 + 6 + 1 + 4);
}

#[test]
fn t_cbt_05_rule_11_2_dcb_caps() {
    let kit = || {
        Kit::new()
            .one_step("bn", Side::German, "infantry", 2, 4, 0, "", "")
            .one_step("sil", Side::German, "silhouette", 4, 6, 0, "", &grey(3))
            .unit("r1", Side::German, "infantry", 6, 4, 0)
            .unit("r2", Side::German, "infantry", 6, 4, 0)
            .one_step("sp", Side::German, "strongpoint", 2, 0, 0, "", "")
            .unit_with(
                "para",
                Side::Allied,
                "airborne",
                6,
                4,
                1,
                "cadre = \"us-para\"",
                "",
            )
            .cadre_toml(
                "[[cadre]]\nid = \"us-para\"\nside = \"allied\"\nnation = \"us\"\ncount = 2\n\
                 face = { cf = 2, ma = 4, tq = 1 }\n",
            )
    };
    let defence = |terrain: &str, ids: &[&str]| {
        let data = kit().terrain("1506", terrain).data();
        let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
        for id in ids {
            place(&mut g, id, "1506");
        }
        if ids.contains(&"para") {
            g.unit_mut(unit(&g, "para")).step = 2;
        }
        defence_of(&g, hex(&g, "1506")).total
    };
    assert_eq!(defence("woods", &["bn", "sil"]), 8);
    assert_eq!(defence("city", &["bn", "sil"]), 8);
    assert_eq!(defence("town", &["r1", "r2"]), 16);
    assert_eq!(defence("town", &["sp"]), 2, "a lone SP gets no DCB");
    assert_eq!(
        defence("bocage", &["sil"]),
        4,
        "a lone silhouette gets no DCB"
    );
    assert_eq!(
        defence("bocage", &["para"]),
        4,
        "a 2-CF cadre: 2 + min(3, 2)"
    );
}

/// The five-unit attack of the 11.4 example.
#[test]
fn t_cbt_06_rule_10_3_rule_11_4_1_town_attack_with_an_assigned_tank_battalion() {
    let data = Kit::new()
        .terrain("1506", "town")
        .terrain("1606", "flooded")
        .formation_toml("[[formation]]\nid = \"us-1id\"\nname = \"1st ID\"\nside = \"allied\"\n")
        .formation_toml("[[formation]]\nid = \"us-29id\"\nname = \"29th ID\"\nside = \"allied\"\n")
        .formation_toml("[[formation]]\nid = \"us-4id\"\nname = \"4th ID\"\nside = \"allied\"\n")
        .one_step(
            "us-16",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"us-1id\"",
            "",
        )
        .one_step("us-tank", Side::Allied, "armor", 4, 6, 0, "", &grey(2))
        .one_step(
            "us-115",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"us-29id\"",
            "",
        )
        .one_step(
            "us-116",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"us-29id\"",
            "",
        )
        .one_step(
            "us-8",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"us-4id\"",
            "",
        )
        .one_step("de1", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("de2", Side::German, "infantry", 2, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    for (id, h) in [
        ("us-16", "1505"),
        ("us-tank", "1505"),
        ("us-115", "1606"),
        ("us-116", "1406"),
        ("us-8", "1407"),
        ("de1", "1506"),
        ("de2", "1506"),
    ] {
        place(&mut g, id, h);
    }
    attack(
        &mut g,
        "1506",
        &["us-16", "us-tank", "us-115", "us-116", "us-8"],
        "us-16",
    );
    let a = assessed(&g);
    let maf: Vec<_> = ["us-16", "us-tank"].iter().map(|id| unit(&g, id)).collect();
    assert_eq!(
        a.maf, maf,
        "the tank battalion is assigned to the regiment it is stacked with"
    );
    // 6 + 4 at full; 3 (out of a flooded hex, halved once) + 3 + 3 = 19, capped at 18.
    assert_eq!(a.attack, 18);
    let u115 = unit(&g, "us-115");
    assert_eq!(a.lines.iter().find(|l| l.unit == u115).unwrap().counted, 3);
    assert_eq!(a.defence, 8);
    assert_eq!(a.raw, OddsColumn::On(Column::TwoToOne));
    assert_eq!(shifts(&a), vec![("11.4.1", 1)]);
    assert_eq!(column(&a), on(Column::ThreeToOne));
    // Choosing the 29th instead makes its two regiments one formation (the division).
    act(&mut g, N44Action::Maf { unit: u115 });
    let a = assessed(&g);
    assert_eq!(a.maf.len(), 2);
    assert!(a.maf.contains(&unit(&g, "us-116")));
}

#[test]
fn t_cbt_07_rule_11_3_rule_11_4_4_across_a_major_river() {
    let mut kit = Kit::new()
        .terrain("1506", "town")
        .formation_toml("[[formation]]\nid = \"cw-50\"\nname = \"50th\"\nside = \"allied\"\n")
        .unit("de1", Side::German, "infantry", 7, 4, 0)
        .unit("de2", Side::German, "infantry", 6, 4, 0)
        .unit_with("de-pz", Side::German, "armor", 0, 6, 0, "", &grey(4));
    let attackers = [
        ("cw-a", "1505", 4, false),
        ("cw-b", "1505", 4, false),
        ("cw-c", "1406", 4, false),
        ("cw-d", "1407", 4, false),
        ("cw-e", "1606", 6, false),
        ("cw-tank", "1607", 6, true),
    ];
    for h in ["1505", "1406", "1407", "1606", "1607"] {
        kit = kit.hexside(h, "1506", "major_river");
    }
    for (id, _, cf, tank) in attackers {
        kit = if tank {
            kit.one_step(
                id,
                Side::Allied,
                "armor",
                cf,
                6,
                0,
                "formation = \"cw-50\"",
                &grey(3),
            )
        } else {
            kit.one_step(
                id,
                Side::Allied,
                "infantry",
                cf,
                4,
                0,
                "formation = \"cw-50\"",
                "",
            )
        };
    }
    let data = kit.data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    for (id, h, _, _) in attackers {
        place(&mut g, id, h);
    }
    for id in ["de1", "de2"] {
        place(&mut g, id, "1506");
    }
    let ids: Vec<&str> = attackers.iter().map(|a| a.0).collect();
    attack(&mut g, "1506", &ids, "cw-a");
    let a = assessed(&g);
    assert_eq!(a.maf.len(), 6);
    assert_eq!((a.attack, a.defence), (14, 17));
    assert_eq!(a.raw, OddsColumn::On(Column::OneToTwo));
    assert_eq!(shifts(&a), vec![("11.3", -1)], "no armor shift either way");
    assert_eq!(a.denied.first().map(|s| s.rule.0), Some("11.4.4"));
    assert_eq!(column(&a), on(Column::OneToThree));
}

#[test]
fn t_cbt_08_rule_11_4_rule_11_4_1_rule_11_4_2_rule_11_4_3_armor_comparisons() {
    // (attacker AV, colour, defender units (class, AV, colour), terrain, expected shifts)
    let case = |maf: Option<(u8, &str)>,
                defenders: &[(&str, Option<(u8, &str)>)],
                terrain: &str,
                side: &str| {
        let mut kit = Kit::new()
            .terrain("1506", terrain)
            .hexside("1505", "1506", side);
        kit = match maf {
            Some((av, colour)) => kit.one_step(
                "us",
                Side::Allied,
                if colour == "grey" {
                    "armor"
                } else {
                    "antitank"
                },
                8,
                6,
                0,
                "",
                &format!("av = {av}, av_colour = \"{colour}\""),
            ),
            None => kit.one_step("us", Side::Allied, "infantry", 8, 4, 0, "", ""),
        };
        for (i, (class, av)) in defenders.iter().enumerate() {
            let keys = av
                .map(|(v, c)| format!("av = {v}, av_colour = \"{c}\""))
                .unwrap_or_default();
            kit = kit.one_step(&format!("de{i}"), Side::German, class, 2, 4, 0, "", &keys);
        }
        let data = kit.data();
        let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
        place(&mut g, "us", "1505");
        for i in 0..defenders.len() {
            place(&mut g, &format!("de{i}"), "1506");
        }
        let us = unit(&g, "us");
        let a = assess(
            &g,
            hex(&g, "1506"),
            &[us],
            MafChoice::Formation(us),
            &Support::default(),
        );
        shifts(&a)
    };
    let infantry = ("infantry", None);
    // Grey AV 3 against a red AV 3 gun: no shift.
    assert_eq!(
        case(
            Some((3, "grey")),
            &[("antitank", Some((3, "red")))],
            "clear",
            "none"
        ),
        vec![]
    );
    // AV 4 against AV 3: right.
    assert_eq!(
        case(
            Some((4, "grey")),
            &[("armor", Some((3, "grey")))],
            "clear",
            "none"
        ),
        vec![("11.4.1", 1)]
    );
    // No AV in the MAF against infantry with a grey-AV panzer: left.
    let stack = [infantry, ("armor", Some((3, "grey")))];
    assert_eq!(case(None, &stack, "clear", "none"), vec![("11.4.2", -1)]);
    // An AT unit in the MAF cancels it.
    assert_eq!(case(Some((2, "red")), &stack, "clear", "none"), vec![]);
    // Woods, city, an SP: no attacker shift.
    for terrain in ["woods", "city"] {
        assert_eq!(
            case(Some((4, "grey")), &[infantry], terrain, "none"),
            vec![],
            "{terrain}"
        );
    }
    assert_eq!(
        case(
            Some((4, "grey")),
            &[infantry, ("strongpoint", None)],
            "clear",
            "none"
        ),
        vec![]
    );
    // A minor river or the Carpiquet hexside allow it.
    for side in ["minor_river", "carpiquet"] {
        assert_eq!(
            case(Some((4, "grey")), &[infantry], "clear", side),
            vec![("11.4.1", 1)],
            "{side}"
        );
    }
}

#[test]
fn t_cbt_09_rule_11_5_tq() {
    let case = |maf: &[i8], defenders: &[(&str, i8)]| {
        let mut kit = Kit::new()
            .formation_toml("[[formation]]\nid = \"us-1\"\nname = \"1st\"\nside = \"allied\"\n");
        for (i, tq) in maf.iter().enumerate() {
            kit = kit.one_step(
                &format!("us{i}"),
                Side::Allied,
                "infantry",
                4,
                4,
                *tq,
                "formation = \"us-1\"",
                "",
            );
        }
        for (i, (class, tq)) in defenders.iter().enumerate() {
            kit = kit.one_step(&format!("de{i}"), Side::German, class, 4, 4, *tq, "", "");
        }
        let data = kit.data();
        let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
        let ids: Vec<_> = (0..maf.len()).map(|i| format!("us{i}")).collect();
        for id in &ids {
            place(&mut g, id, "1505");
        }
        for i in 0..defenders.len() {
            place(&mut g, &format!("de{i}"), "1506");
        }
        let us: Vec<_> = ids.iter().map(|id| unit(&g, id)).collect();
        let a = assess(
            &g,
            hex(&g, "1506"),
            &us,
            MafChoice::Formation(us[0]),
            &Support::default(),
        );
        shifts(&a)
    };
    assert_eq!(case(&[1], &[("infantry", 0)]), vec![("11.5", 1)]);
    assert_eq!(
        case(&[-1, -2], &[("infantry", -2)]),
        vec![("11.5", 1), ("11.5", -1)]
    );
    assert_eq!(case(&[-1, -2], &[("infantry", 0)]), vec![("11.5", -1)]);
    assert_eq!(case(&[0, -1], &[("infantry", 0)]), vec![]);
    // A silhouette defender counts as TQ 0, whatever its data says.
    assert_eq!(case(&[1], &[("silhouette", 2)]), vec![("11.5", 1)]);
}

#[test]
fn t_cbt_10_rule_11_6_rule_17_2_rule_17_3_artillery() {
    let data = Kit::new()
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("cw", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("us-hq-far", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("us-hq-moved", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    g.tracks.supply[SUPPLY_US] = 2;
    place(&mut g, "us", "1505");
    place(&mut g, "cw", "1607");
    place(&mut g, "de", "1506");
    place(&mut g, "us-hq", "1511"); // 5 hexes from 1506
    place(&mut g, "us-hq-far", "1512"); // 6
    place(&mut g, "us-hq-moved", "1508");
    g.unit_mut(unit(&g, "us-hq-moved"))
        .flags
        .set(UnitFlags::MOVED_FAR, true);
    let hq = unit(&g, "us-hq");
    attack(&mut g, "1506", &["us"], "us");
    act(&mut g, N44Action::Artillery { unit: hq });
    act(&mut g, N44Action::Artillery { unit: hq });
    assert_eq!(shifts(&assessed(&g)), vec![("11.6", 2)]);
    let listed = legal(&g);
    assert!(
        !listed
            .iter()
            .any(|a| matches!(a, N44Action::Artillery { .. })),
        "two at most"
    );
    let far = unit(&g, "us-hq-far");
    let moved = unit(&g, "us-hq-moved");
    assert_eq!(
        crate::combat::artillery_refusal(&g, hex(&g, "1506"), far),
        Some("an HQ supports attacks within 5 hexes (17.2)")
    );
    assert!(crate::combat::artillery_refusal(&g, hex(&g, "1506"), moved).is_some());
    let log = act(&mut g, N44Action::Cancel);
    let _ = log;
    // A US HQ never supports a British attack.
    attack(&mut g, "1506", &["cw"], "cw");
    assert!(!legal(&g).contains(&N44Action::Artillery { unit: hq }));
    act(&mut g, N44Action::Cancel);

    // German: one HQ (1 SupP) and one Werfer within 3 → 2; the same HQ twice is refused; Storm
    // allows one.
    let data = Kit::new()
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "")
        .one_step("werfer", Side::German, "werfer", 1, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::German, Phase::Combat, &[]);
    place(&mut g, "de", "1505");
    place(&mut g, "de-hq", "1503");
    place(&mut g, "werfer", "1509");
    place(&mut g, "us", "1506");
    let (hq, werfer) = (unit(&g, "de-hq"), unit(&g, "werfer"));
    attack(&mut g, "1506", &["de"], "de");
    act(&mut g, N44Action::Artillery { unit: hq });
    assert!(
        !legal(&g).contains(&N44Action::Artillery { unit: hq }),
        "a German HQ gives one"
    );
    act(&mut g, N44Action::Artillery { unit: werfer });
    assert_eq!(shifts(&assessed(&g)), vec![("11.6", 2)]);
    act(&mut g, N44Action::Cancel);
    g.weather.condition = Weather::Storm;
    attack(&mut g, "1506", &["de"], "de");
    act(&mut g, N44Action::Artillery { unit: hq });
    assert!(
        !legal(&g).contains(&N44Action::Artillery { unit: werfer }),
        "one in Storm"
    );
    act(&mut g, N44Action::Cancel);
    // A Werfer that fired this turn is on its back.
    g.unit_mut(werfer).flags.set(UnitFlags::SPENT, true);
    attack(&mut g, "1506", &["de"], "de");
    assert!(!legal(&g).contains(&N44Action::Artillery { unit: werfer }));
}

#[test]
fn t_cbt_11_rule_19_1_rule_19_1_2_rule_19_2_air_and_naval() {
    let data = Kit::new()
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-inland", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("de-inland", Side::German, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    g.turn = 10;
    g.tracks.air = [2, 1];
    g.tracks.naval = [0, 1];
    place(&mut g, "us", "2005");
    place(&mut g, "de", "2006");
    place(&mut g, "us-inland", "1505");
    place(&mut g, "de-inland", "1506");
    attack(&mut g, "2006", &["us"], "us");
    act(&mut g, N44Action::AirSupport);
    assert!(
        !legal(&g).contains(&N44Action::AirSupport),
        "one air unit before turn 17"
    );
    assert!(
        !legal(&g).contains(&N44Action::NavalSupport),
        "a British marker never supports a US attack"
    );
    act(&mut g, N44Action::Cancel);
    g.turn = 17;
    g.tracks.naval = [1, 0];
    attack(&mut g, "2006", &["us"], "us");
    act(&mut g, N44Action::AirSupport);
    act(&mut g, N44Action::AirSupport);
    act(&mut g, N44Action::NavalSupport);
    assert_eq!(shifts(&assessed(&g)), vec![("19.1.2", 2), ("19.2", 1)]);
    act(&mut g, N44Action::Cancel);
    // Outside the NBZ, and in Storm: no naval support.
    attack(&mut g, "1506", &["us-inland"], "us-inland");
    assert!(!legal(&g).contains(&N44Action::NavalSupport));
    act(&mut g, N44Action::Cancel);
    g.weather.condition = Weather::Storm;
    attack(&mut g, "2006", &["us"], "us");
    assert!(!legal(&g).contains(&N44Action::NavalSupport));
}

#[test]
fn t_cbt_12_rule_16_2_naval_support_against_a_strongpoint() {
    let data = Kit::new()
        .terrain("2006", "town")
        .one_step("us", Side::Allied, "infantry", 5, 4, 1, "", "")
        .one_step("us-tank", Side::Allied, "armor", 4, 6, 1, "", &grey(3))
        .one_step("sp", Side::German, "strongpoint", 2, 0, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    g.tracks.naval = [1, 0];
    place(&mut g, "us", "2005");
    place(&mut g, "us-tank", "2005");
    place(&mut g, "sp", "2006");
    attack(&mut g, "2006", &["us", "us-tank"], "us");
    act(&mut g, N44Action::NavalSupport);
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence, a.dcb), (9, 2, 0));
    assert_eq!(a.raw, OddsColumn::On(Column::FourToOne));
    assert_eq!(shifts(&a), vec![("11.5", 1), ("19.2", 1)]);
    assert_eq!(a.denied.first().map(|s| s.rule.0), Some("11.4.4"));
    assert_eq!(column(&a), on(Column::SixToOne));
}

#[test]
fn t_cbt_13_rule_19_1_3_jabos() {
    let data = Kit::new()
        .one_step("de", Side::German, "infantry", 8, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 2, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::German, Phase::Combat, &[6, 3]);
    g.weather.condition = Weather::Clear;
    place(&mut g, "de", "1505");
    place(&mut g, "us", "1506");
    attack(&mut g, "1506", &["de"], "de");
    let a = assessed(&g);
    assert_eq!(column(&a), on(Column::FourToOne));
    assert!(a.jabo_pending);
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(dice(&log), vec![("jabo", 6, -3), ("combat", 3, 3)]);
    // 1-1 with a 3: A1/DR.
    assert_eq!(result_in(&log), Some("A1/DR"));
    // In Overcast no Jabo roll is made.
    let mut g = game(&data, Side::German, Phase::Combat, &[3]);
    place(&mut g, "de", "1505");
    place(&mut g, "us", "1506");
    attack(&mut g, "1506", &["de"], "de");
    assert!(!assessed(&g).jabo_pending);
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(dice(&log), vec![("combat", 3, 3)]);
    assert_eq!(result_in(&log), Some("DR"));
}

#[test]
fn t_cbt_14_rule_11_9_tigers() {
    let case = |terrain: &str, german_attacks: bool| {
        let data = Kit::new()
            .terrain("1506", terrain)
            .terrain("1505", terrain)
            .one_step(
                "tiger",
                Side::German,
                "silhouette",
                6,
                5,
                0,
                "tiger = true",
                &grey(5),
            )
            .one_step("us-tank", Side::Allied, "armor", 6, 6, 0, "", &grey(3))
            .one_step("us-inf", Side::Allied, "infantry", 6, 4, 0, "", "")
            .data();
        let side = if german_attacks {
            Side::German
        } else {
            Side::Allied
        };
        let mut g = game(&data, side, Phase::Combat, &[]);
        if german_attacks {
            place(&mut g, "tiger", "1505");
            place(&mut g, "us-tank", "1506");
            place(&mut g, "us-inf", "1506");
            let t = unit(&g, "tiger");
            let a = assess(
                &g,
                hex(&g, "1506"),
                &[t],
                MafChoice::Formation(t),
                &Support::default(),
            );
            shifts(&a)
        } else {
            place(&mut g, "tiger", "1506");
            place(&mut g, "us-inf", "1505");
            let u = unit(&g, "us-inf");
            let a = assess(
                &g,
                hex(&g, "1506"),
                &[u],
                MafChoice::Formation(u),
                &Support::default(),
            );
            shifts(&a)
        }
    };
    assert_eq!(
        case("woods", true),
        vec![("11.9", 1)],
        "armor R denied in woods"
    );
    assert_eq!(case("clear", true), vec![("11.4.1", 1), ("11.9", 1)]);
    assert_eq!(
        case("city", false),
        vec![("11.9", -1)],
        "a defending Tiger, any terrain"
    );
}

#[test]
fn t_cbt_15_rule_9_8_4_rule_9_8_5_sm_defender() {
    let data = Kit::new()
        .terrain("1506", "town")
        .one_step("us", Side::Allied, "infantry", 8, 4, 0, "", "")
        .one_step("de", Side::German, "panzergrenadier", 4, 6, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[1]);
    place(&mut g, "us", "1505");
    place(&mut g, "de", "1506");
    g.unit_mut(unit(&g, "de")).flags.set(UnitFlags::SM, true);
    attack(&mut g, "1506", &["us"], "us");
    let a = assessed(&g);
    assert_eq!((a.defence, a.dcb), (4, 0), "no DCB");
    assert_eq!(shifts(&a), vec![("9.8.4", 1)]);
    assert_eq!(column(&a), on(Column::ThreeToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("A1/DR"));
    assert!(
        !flag(&g, "de", UnitFlags::SM),
        "the marker comes off whatever the result"
    );
}

// ---- T-CRT ----

#[test]
fn t_crt_01_rule_10_5_crt_cells_stated_by_the_examples() {
    let cells = [
        (10, 5, "D1"),
        (14, 4, "A1/D2"),
        (4, 3, "EX"),
        (6, 6, "D1"),
        (4, 4, "DR"),
        (8, 5, "D1"),
        (4, 5, "DR"),
        (8, 3, "DR"),
        (6, 5, "A1/D1"),
        (6, 3, "DR"),
        (8, 6, "D1"),
        (2, 3, "A1/DR"),
    ];
    for (attack_cf, die, expected) in cells {
        let data = Kit::new()
            .one_step("us", Side::Allied, "infantry", attack_cf, 4, 0, "", "")
            .unit("de", Side::German, "infantry", 2, 4, 0)
            .data();
        let mut g = game(&data, Side::Allied, Phase::Combat, &[die]);
        place(&mut g, "us", "1505");
        place(&mut g, "de", "1506");
        attack(&mut g, "1506", &["us"], "us");
        let log = act(&mut g, N44Action::Confirm);
        assert_eq!(result_in(&log), Some(expected), "{attack_cf}:2, die {die}");
    }
}

#[test]
fn t_crt_02_uncertain_crt_rule_10_5_two_to_one_die_one_is_no_effect() {
    let mut g = duel(4, 2, "clear", &[1]);
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("—"));
    assert_eq!(stage(&g), Stage::Open, "nothing happens");
}

#[test]
fn t_crt_03_rule_10_6_the_diagonal() {
    for c in 0..Column::MAX_INDEX {
        let col = Column::from_index(c).unwrap();
        for die in 2..=6u8 {
            assert_eq!(
                col.shifted(1).result(die - 1),
                col.shifted(0).result(die),
                "{col} die {die}"
            );
        }
    }
    let _ = CrtResult::Dh;
}

/// A game on `kit`'s board at `side`'s Combat Phase, with `rolls` and units put where `places`
/// say.
fn board(kit: Kit, side: Side, rolls: &[u16], places: &[(&str, &str)]) -> Normandy44 {
    let data = kit.data();
    let mut g = game(&data, side, Phase::Combat, rolls);
    for (id, h) in places {
        place(&mut g, id, h);
    }
    g
}

fn retreat(g: &mut Normandy44, id: &str, to: &str) -> N44Log {
    let (u, h) = (unit(g, id), hex(g, to));
    act(g, N44Action::Retreat { unit: u, hex: h })
}

fn advance(g: &mut Normandy44, id: &str, to: &str) -> N44Log {
    let (u, h) = (unit(g, id), hex(g, to));
    act(g, N44Action::Advance { unit: u, hex: h })
}

fn lose(g: &mut Normandy44, id: &str) -> N44Log {
    let u = unit(g, id);
    act(g, N44Action::Lose { unit: u })
}

// ---- 8.6 Results ----

#[test]
fn t_res_01_rule_12_1_a1_d2_against_a_single_step() {
    let pz = |kit: Kit, id: &str| {
        kit.one_step(
            id,
            Side::German,
            "armor",
            4,
            6,
            1,
            "formation = \"de-21pz\"",
            &grey(4),
        )
    };
    let mut kit = Kit::new()
        .terrain("1506", "mixed")
        .formation_toml("[[formation]]\nid = \"de-21pz\"\nname = \"21 Pz\"\nside = \"german\"\n")
        .unit("cw-para", Side::Allied, "airborne", 2, 4, 1);
    for id in ["pz1", "pz2", "pz3"] {
        kit = pz(kit, id);
    }
    let mut g = board(
        kit,
        Side::German,
        &[4],
        &[
            ("pz1", "1505"),
            ("pz2", "1406"),
            ("pz3", "1606"),
            ("cw-para", "1506"),
        ],
    );
    g.unit_mut(unit(&g, "cw-para")).step = 1;
    attack(&mut g, "1506", &["pz1", "pz2", "pz3"], "pz1");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (12, 2));
    assert_eq!(a.raw, OddsColumn::On(Column::SixToOne));
    assert_eq!(column(&a), on(Column::SevenToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("A1/D2"));
    assert_eq!(at(&g, "cw-para"), Location::Eliminated);
    for id in ["pz1", "pz2", "pz3"] {
        assert_eq!(g.unit(unit(&g, id)).step, 0, "the attacker loses nothing");
    }
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, N44Action::DeterminedDefense { .. }))
    );
    for id in ["pz1", "pz2", "pz3"] {
        let u = unit(&g, id);
        act(&mut g, N44Action::ReserveAfterCombat { unit: u });
    }
    act(&mut g, N44Action::Done);
    assert_eq!(stage(&g), Stage::Open);
    for id in ["pz1", "pz2", "pz3"] {
        assert!(flag(&g, id, UnitFlags::RESERVE));
    }
}

#[test]
fn t_res_02_rule_15_3_rule_15_4_reserve_combat_and_ex() {
    let mut kit = Kit::new()
        .terrain("1506", "town")
        .formation_toml("[[formation]]\nid = \"de-21pz\"\nname = \"21 Pz\"\nside = \"german\"\n")
        .unit("cw-para", Side::Allied, "airborne", 5, 4, 1)
        .one_step("pz-idle", Side::German, "armor", 4, 6, 1, "", &grey(4));
    for id in ["pz1", "pz2", "pz3"] {
        kit = kit.one_step(
            id,
            Side::German,
            "armor",
            4,
            6,
            1,
            "formation = \"de-21pz\"",
            &grey(4),
        );
    }
    let data = kit.data();
    let mut g = game(&data, Side::German, Phase::ReserveCombat, &[3]);
    for (id, h) in [
        ("pz1", "1505"),
        ("pz2", "1505"),
        ("pz3", "1406"),
        ("pz-idle", "1606"),
        ("cw-para", "1506"),
    ] {
        place(&mut g, id, h);
    }
    for id in ["pz1", "pz2", "pz3"] {
        g.unit_mut(unit(&g, id)).flags.set(UnitFlags::RESERVE, true);
    }
    let target = hex(&g, "1506");
    act(&mut g, N44Action::Attack { hex: target });
    let idle = unit(&g, "pz-idle");
    assert!(
        !legal(&g).contains(&N44Action::Join { unit: idle }),
        "15.3: Reserve units only"
    );
    for id in ["pz1", "pz2", "pz3"] {
        let u = unit(&g, id);
        act(&mut g, N44Action::Join { unit: u });
    }
    let u = unit(&g, "pz1");
    act(&mut g, N44Action::Maf { unit: u });
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (12, 9));
    assert_eq!(column(&a), on(Column::TwoToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("EX"));
    // The Allies pick the German loss among the MAF.
    assert_eq!(g.chooser, Some(Side::Allied));
    lose(&mut g, "pz2");
    assert_eq!(at(&g, "pz2"), Location::Eliminated);
    assert_eq!(g.unit(unit(&g, "cw-para")).step, 1);
    assert!(in_hex(&g, "cw-para", "1506"), "no retreat");
    assert_eq!(stage(&g), Stage::Open, "no advance");
    assert_eq!(g.chooser, None);
    for id in ["pz1", "pz3"] {
        assert!(
            !flag(&g, id, UnitFlags::RESERVE),
            "attacking ends Reserve status"
        );
    }
}

#[test]
fn t_res_03_rule_12_2_loss_priority_with_shifts() {
    let kit = Kit::new()
        .terrain("2006", "mixed")
        .hexside("2005", "2006", "minor_river")
        .hexside("1905", "2006", "minor_river")
        .formation_toml("[[formation]]\nid = \"cw-50\"\nname = \"50th\"\nside = \"allied\"\n")
        .one_step(
            "cw-231",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"cw-50\"",
            "",
        )
        .one_step(
            "cw-69",
            Side::Allied,
            "infantry",
            4,
            4,
            0,
            "formation = \"cw-50\"",
            "",
        )
        .unit_with("cw-tank", Side::Allied, "armor", 8, 6, 0, "", &grey(3))
        .one_step("de-bn", Side::German, "infantry", 2, 4, 0, "", "")
        .unit("de-reg", Side::German, "infantry", 2, 4, 0);
    let mut g = board(
        kit,
        Side::Allied,
        &[5],
        &[
            ("cw-231", "2005"),
            ("cw-tank", "2005"),
            ("cw-69", "1905"),
            ("de-bn", "2006"),
            ("de-reg", "2006"),
        ],
    );
    g.tracks.naval = [0, 1];
    g.unit_mut(unit(&g, "cw-tank")).step = 1;
    attack(&mut g, "2006", &["cw-231", "cw-tank", "cw-69"], "cw-231");
    act(&mut g, N44Action::NavalSupport);
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (7, 6));
    assert_eq!(shifts(&a), vec![("11.4.1", 1), ("19.2", 1)]);
    assert_eq!(column(&a), on(Column::ThreeToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("A1/D1"));
    // The armor shift was used: the tank battalion takes the loss, its last step.
    assert_eq!(at(&g, "cw-tank"), Location::Eliminated);
    assert_eq!(g.chooser, Some(Side::German));
    lose(&mut g, "de-bn");
    // DD declined; the regiment retreats two hexes.
    act(&mut g, N44Action::Done);
    let ends = retreat_ends(&g, "de-reg");
    assert!(!ends.is_empty());
    let to = ends[0].clone();
    retreat(&mut g, "de-reg", &to);
    assert!(flag(&g, "de-reg", UnitFlags::DISORGANIZED));
    assert_eq!(g.unit(unit(&g, "de-reg")).step, 0, "no retreat loss");
    assert_eq!(
        g.data().map.hexes.distance(hex(&g, "2006"), hex(&g, &to)),
        2
    );
    assert_eq!(g.chooser, None);
    let ends = advance_ends(&g, "cw-231");
    assert!(ends.contains(&"2006".to_owned()));
    assert!(
        ends.iter()
            .any(|e| g.data().map.hexes.distance(hex(&g, "2005"), hex(&g, e)) == 2)
    );
}

#[test]
fn t_res_04_rule_12_1_dh() {
    let kit = Kit::new()
        .unit("de-a", Side::German, "infantry", 1, 4, 0)
        .unit("de-b", Side::German, "infantry", 1, 4, 0)
        .one_step("de-c", Side::German, "infantry", 1, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 18, 4, 1, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[6],
        &[
            ("de-a", "1506"),
            ("de-b", "1506"),
            ("de-c", "1506"),
            ("us", "1505"),
        ],
    );
    attack(&mut g, "1506", &["us"], "us");
    assert_eq!(column(&assessed(&g)), on(Column::SevenToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DH"));
    // A-23: the defender picks the three steps.
    assert_eq!(g.chooser, Some(Side::German));
    lose(&mut g, "de-c");
    lose(&mut g, "de-a");
    lose(&mut g, "de-a");
    assert_eq!(at(&g, "de-a"), Location::Eliminated);
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, N44Action::DeterminedDefense { .. }))
    );
    let ends = retreat_ends(&g, "de-b");
    assert!(!ends.is_empty());
    for e in &ends {
        assert_eq!(
            g.data().map.hexes.distance(hex(&g, "1506"), hex(&g, e)),
            4,
            "{e}"
        );
    }
    let to = ends[0].clone();
    retreat(&mut g, "de-b", &to);
    assert!(flag(&g, "de-b", UnitFlags::DISORGANIZED));
    let us = unit(&g, "us");
    let listed = legal(&g);
    assert!(listed.contains(&N44Action::ReserveAfterCombat { unit: us }));
    assert!(listed.contains(&N44Action::Advance {
        unit: us,
        hex: hex(&g, "1507")
    }));
}

// ---- Determined and Desperate Defense ----

#[test]
fn t_dd_01_rule_12_4_1_rule_12_4_3_the_drm_cap() {
    // A TQ +2 lead with HQ support: +2, not +3. A TQ -2 lead with support: -1.
    for (tq, raw, modified) in [(2i8, 3u8, 5i8), (-2, 3, 2)] {
        let kit = Kit::new()
            .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
            .unit("fj", Side::German, "infantry", 2, 4, tq)
            .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "");
        let rolls = [4, u16::from(raw)];
        let mut g = board(
            kit,
            Side::Allied,
            &rolls,
            &[("us", "1505"), ("fj", "1506"), ("de-hq", "1509")],
        );
        attack(&mut g, "1506", &["us"], "us");
        let log = act(&mut g, N44Action::Confirm);
        assert_eq!(result_in(&log), Some("DR"));
        let fj = unit(&g, "fj");
        act(&mut g, N44Action::DeterminedDefense { lead: fj });
        let hq = unit(&g, "de-hq");
        let before = g.tracks.supply[SUPPLY_7TH];
        let log = act(&mut g, N44Action::DdArtillery { unit: hq });
        assert_eq!(
            g.tracks.supply[SUPPLY_7TH],
            before - 1,
            "the HQ costs 1 SupP"
        );
        assert_eq!(
            dice(&log),
            vec![("determined defense", raw, modified)],
            "TQ {tq}"
        );
    }
}

#[test]
fn t_dd_02_rule_12_4_rule_12_4_2_flak_lead() {
    let kit = Kit::new()
        .terrain("2006", "mixed")
        .unit_with("flak", Side::German, "flak", 4, 4, 0, "", &grey(4))
        .one_step("de-inf", Side::German, "infantry", 3, 4, 0, "", "")
        .one_step("cw-inf", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("cw-tank", Side::Allied, "armor", 3, 6, 0, "", &grey(3));
    let mut g = board(
        kit,
        Side::Allied,
        &[5, 4],
        &[
            ("flak", "2006"),
            ("de-inf", "2006"),
            ("cw-inf", "2005"),
            ("cw-tank", "2005"),
        ],
    );
    g.tracks.naval = [0, 1];
    attack(&mut g, "2006", &["cw-inf", "cw-tank"], "cw-inf");
    act(&mut g, N44Action::NavalSupport);
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (9, 9));
    assert_eq!(column(&a), on(Column::TwoToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    assert_eq!(g.chooser, Some(Side::German));
    let flak = unit(&g, "flak");
    act(&mut g, N44Action::DeterminedDefense { lead: flak });
    let log = act(&mut g, N44Action::Done);
    assert_eq!(dice(&log), vec![("determined defense", 4, 5)]);
    assert_eq!(g.unit(flak).step, 1, "• −1: the FLAK loses a step");
    assert!(
        in_hex(&g, "de-inf", "2006") && in_hex(&g, "flak", "2006"),
        "no retreat"
    );
    assert_eq!(stage(&g), Stage::Open, "no advance");
}

#[test]
fn t_dd_03_rule_12_4_4_an_88_lead_and_an_exchange() {
    let kit = Kit::new()
        .terrain("2006", "mixed")
        .hexside("2005", "2006", "minor_river")
        .hexside("1905", "2006", "minor_river")
        .formation_toml("[[formation]]\nid = \"cw-3can\"\nname = \"3rd Can\"\nside = \"allied\"\n")
        .one_step("de-88", Side::German, "antitank", 2, 4, 0, "", &red(4))
        .one_step("de-inf", Side::German, "infantry", 2, 4, 0, "", "")
        .unit_with(
            "cw-can7",
            Side::Allied,
            "infantry",
            8,
            4,
            0,
            "formation = \"cw-3can\"",
            "",
        )
        .unit_with(
            "cw-can8",
            Side::Allied,
            "infantry",
            8,
            4,
            0,
            "formation = \"cw-3can\"",
            "",
        )
        .unit_with(
            "cw-tank",
            Side::Allied,
            "armor",
            8,
            6,
            0,
            "formation = \"cw-3can\"",
            &grey(3),
        );
    let mut g = board(
        kit,
        Side::Allied,
        &[3, 5],
        &[
            ("de-88", "2006"),
            ("de-inf", "2006"),
            ("cw-can7", "2005"),
            ("cw-tank", "2005"),
            ("cw-can8", "1905"),
        ],
    );
    g.tracks.naval = [0, 1];
    attack(
        &mut g,
        "2006",
        &["cw-can7", "cw-tank", "cw-can8"],
        "cw-can7",
    );
    act(&mut g, N44Action::NavalSupport);
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (12, 6));
    assert_eq!(
        shifts(&a),
        vec![("19.2", 1)],
        "the 88 cancels the armor shift"
    );
    assert_eq!(column(&a), on(Column::ThreeToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    let gun = unit(&g, "de-88");
    act(&mut g, N44Action::DeterminedDefense { lead: gun });
    let log = act(&mut g, N44Action::Done);
    assert_eq!(dice(&log), vec![("determined defense", 5, 6)]);
    assert_eq!(at(&g, "de-88"), Location::Eliminated);
    // • EX: the German picks the MAF unit.
    assert_eq!(g.chooser, Some(Side::German));
    lose(&mut g, "cw-can8");
    assert_eq!(g.unit(unit(&g, "cw-can8")).step, 1);
    assert!(in_hex(&g, "de-inf", "2006"), "the retreat is cancelled");
    assert_eq!(stage(&g), Stage::Open);
}

#[test]
fn t_dd_04_rule_16_2_rule_13_3_strongpoint_lead_then_a_one_hex_retreat() {
    let kit = Kit::new()
        .terrain("1507", "town")
        .one_step("sp", Side::German, "strongpoint", 3, 0, 0, "", "")
        .unit("pzg", Side::German, "panzergrenadier", 6, 5, 0)
        .one_step("cw-1ss", Side::Allied, "commando", 6, 4, 0, "", "")
        .one_step("cw-tank1", Side::Allied, "armor", 4, 6, 0, "", &grey(2))
        .one_step("cw-3-8", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("cw-tank2", Side::Allied, "armor", 2, 6, 0, "", &grey(2));
    let mut g = board(
        kit,
        Side::Allied,
        &[3, 2],
        &[
            ("sp", "1506"),
            ("pzg", "1506"),
            ("cw-1ss", "1505"),
            ("cw-tank1", "1505"),
            ("cw-3-8", "1406"),
            ("cw-tank2", "1606"),
        ],
    );
    g.unit_mut(unit(&g, "cw-tank2"))
        .flags
        .set(UnitFlags::REGROUP, true);
    attack(
        &mut g,
        "1506",
        &["cw-1ss", "cw-tank1", "cw-3-8", "cw-tank2"],
        "cw-1ss",
    );
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (14, 9));
    assert_eq!(
        shifts(&a),
        vec![],
        "no armor shift against an SP, no TQ shift"
    );
    assert_eq!(column(&a), on(Column::OneToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("A1/DR"));
    // No shift was used: any MAF unit; the attacker takes it from the tank.
    assert_eq!(g.chooser, None);
    lose(&mut g, "cw-tank1");
    let sp = unit(&g, "sp");
    act(&mut g, N44Action::DeterminedDefense { lead: sp });
    let log = act(&mut g, N44Action::Done);
    assert_eq!(dice(&log), vec![("determined defense", 2, 2)]);
    // Failed: the SP (MA 0) is removed; the panzergrenadiers stop after one hex in the town.
    assert_eq!(at(&g, "sp"), Location::Eliminated);
    assert!(retreat_ends(&g, "pzg").contains(&"1507".to_owned()));
    retreat(&mut g, "pzg", "1507");
    assert!(flag(&g, "pzg", UnitFlags::DISORGANIZED));
    let ends = advance_ends(&g, "cw-1ss");
    assert!(ends.contains(&"1506".to_owned()));
    assert!(ends.len() > 1, "a full advance");
}

#[test]
fn t_dd_05_rule_12_4_1_who_may_lead() {
    let kit = Kit::new()
        .one_step("us-hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("us-dg", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("us-para", Side::Allied, "airborne", 2, 4, 1, "", "")
        .one_step("de", Side::German, "infantry", 10, 4, 1, "", "");
    let mut g = board(
        kit,
        Side::German,
        &[4],
        &[
            ("us-hq", "1506"),
            ("us-dg", "1506"),
            ("us-para", "1506"),
            ("de", "1505"),
        ],
    );
    g.unit_mut(unit(&g, "us-dg"))
        .flags
        .set(UnitFlags::DISORGANIZED, true);
    g.unit_mut(unit(&g, "us-para"))
        .flags
        .set(UnitFlags::SCATTERED, true);
    attack(&mut g, "1506", &["de"], "de");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    let leads: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, N44Action::DeterminedDefense { .. }))
        .collect();
    assert_eq!(
        leads,
        vec![N44Action::DeterminedDefense {
            lead: unit(&g, "us-para")
        }]
    );
    // German HQs and Werfers: none may lead, so DD is not offered.
    let kit = Kit::new()
        .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "")
        .one_step("werfer", Side::German, "werfer", 1, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[4],
        &[("de-hq", "1506"), ("werfer", "1506"), ("us", "1505")],
    );
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    assert!(
        legal(&g)
            .iter()
            .all(|a| matches!(a, N44Action::Retreat { .. }))
    );
}

#[test]
fn t_dd_06_rule_12_4_2_an_at_lead_needs_attacking_armor() {
    for (class, keys, expected) in [("antitank", red(3), 3i8), ("armor", grey(3), 5)] {
        let kit = Kit::new()
            .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
            .one_step("lead", Side::German, class, 2, 4, -1, "", &keys);
        let mut g = board(
            kit,
            Side::Allied,
            &[4, 4],
            &[("us", "1505"), ("lead", "1506")],
        );
        attack(&mut g, "1506", &["us"], "us");
        let log = act(&mut g, N44Action::Confirm);
        assert_eq!(result_in(&log), Some("DR"), "{class}");
        let lead = unit(&g, "lead");
        act(&mut g, N44Action::DeterminedDefense { lead });
        let log = act(&mut g, N44Action::Done);
        assert_eq!(
            dice(&log),
            vec![("determined defense", 4, expected)],
            "{class}"
        );
    }
}

#[test]
fn t_dspd_01_rule_12_5_desperate_defense() {
    let surrounded = |defenders: &[(&str, bool)], rolls: &[u16]| {
        let cf = 4 * defenders.len() as u8;
        let mut kit = Kit::new().one_step("us", Side::Allied, "infantry", cf, 4, 0, "", "");
        for id in ["us-b", "us-c", "us-d"] {
            kit = kit.one_step(id, Side::Allied, "infantry", 2, 4, 0, "", "");
        }
        for &(id, two_steps) in defenders {
            kit = if two_steps {
                kit.unit(id, Side::German, "infantry", 2, 4, 0)
            } else {
                kit.one_step(id, Side::German, "infantry", 2, 4, 0, "", "")
            };
        }
        let mut places = vec![
            ("us", "2005"),
            ("us-b", "2007"),
            ("us-c", "1905"),
            ("us-d", "1906"),
        ];
        for &(id, _) in defenders {
            places.push((id, "2006"));
        }
        let mut g = board(kit, Side::Allied, rolls, &places);
        attack(&mut g, "2006", &["us"], "us");
        let log = act(&mut g, N44Action::Confirm);
        assert_eq!(result_in(&log), Some("DR"));
        let lead = unit(&g, defenders[0].0);
        act(&mut g, N44Action::DeterminedDefense { lead });
        act(&mut g, N44Action::Done);
        g
    };
    // Two steps: both go, the attacker gets a limited advance.
    let mut g = surrounded(&[("de1", false), ("de2", false)], &[4, 2]);
    assert!(legal(&g).contains(&N44Action::DesperateDefense));
    act(&mut g, N44Action::DesperateDefense);
    assert_eq!(
        g.chooser,
        Some(Side::German),
        "the defender picks the first step"
    );
    lose(&mut g, "de1");
    assert_eq!(at(&g, "de1"), Location::Eliminated);
    assert_eq!(
        at(&g, "de2"),
        Location::Eliminated,
        "the attacker's pick: the only one left"
    );
    assert_eq!(advance_ends(&g, "us"), vec!["2006".to_owned()]);
    // Three steps: two go, one stays; no advance.
    let mut g = surrounded(&[("de1", true), ("de2", false)], &[4, 2]);
    act(&mut g, N44Action::DesperateDefense);
    lose(&mut g, "de2");
    // The attacker's pick, the only unit left, is made for him.
    assert_eq!(g.unit(unit(&g, "de1")).step, 1);
    assert!(in_hex(&g, "de1", "2006"));
    assert_eq!(stage(&g), Stage::Open);
    // One step: not offered; the unit cannot retreat and is eliminated.
    let g = surrounded(&[("de1", false)], &[4, 2]);
    assert_eq!(at(&g, "de1"), Location::Eliminated);
    assert!(advance_ends(&g, "us").len() > 1, "a full advance (13.4)");
}

// ---- Retreats ----

/// Declines DD at the prompt showing.
fn decline(g: &mut Normandy44) {
    act(g, N44Action::Done);
}

#[test]
fn t_ret_01_rule_13_1_rule_13_2_the_minimum_loss_path() {
    // 1506 must retreat 2: its first hexes are A and C, 1406 and 1606 (empty EZOC of the
    // attacker in 1505), and the flooded hexes 1407, 1507 and 1607 (B). (Marsh in their place
    // would make border bonds with the attacker's ZOC, 8.5.5.)
    let kit = Kit::new()
        .terrain("1507", "flooded")
        .terrain("1407", "flooded")
        .terrain("1607", "flooded")
        .unit_with("de-tank", Side::German, "armor", 2, 6, 0, "", &grey(3))
        .unit("de-inf", Side::German, "infantry", 2, 4, 0)
        .one_step("us", Side::Allied, "armor", 8, 6, 0, "", &grey(1));
    let mut g = board(
        kit,
        Side::Allied,
        &[4],
        &[("de-tank", "1506"), ("de-inf", "1506"), ("us", "1505")],
    );
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    decline(&mut g);
    let through_a_or_c = ["1305", "1306", "1705", "1706"];
    for id in ["de-tank", "de-inf"] {
        let ends = retreat_ends(&g, id);
        assert!(!ends.is_empty());
        for e in &ends {
            assert!(
                through_a_or_c.contains(&e.as_str()),
                "{id} may not go through B to {e}"
            );
        }
    }
    // The tank goes through A and pays the group's step; the infantry follows for nothing.
    retreat(&mut g, "de-tank", "1305");
    assert_eq!(g.unit(unit(&g, "de-tank")).step, 1);
    assert_eq!(
        retreat_ends(&g, "de-inf"),
        vec!["1305".to_owned(), "1306".to_owned()]
    );
    retreat(&mut g, "de-inf", "1306");
    assert_eq!(g.unit(unit(&g, "de-inf")).step, 0);
}

#[test]
fn t_ret_02_rule_13_1_exact_distance_or_elimination() {
    let mut g = duel(4, 2, "clear", &[4]);
    attack(&mut g, "1506", &["us"], "us");
    act(&mut g, N44Action::Confirm);
    decline(&mut g);
    let ends = retreat_ends(&g, "de");
    assert!(!ends.is_empty());
    for e in &ends {
        assert_eq!(
            g.data().map.hexes.distance(hex(&g, "1506"), hex(&g, e)),
            2,
            "{e}"
        );
    }
    // Surrounded on the coast: eliminated.
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us-b", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("us-c", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("us-d", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[4],
        &[
            ("us", "2005"),
            ("us-b", "2007"),
            ("us-c", "1905"),
            ("us-d", "1906"),
            ("de", "2006"),
        ],
    );
    attack(&mut g, "2006", &["us"], "us");
    act(&mut g, N44Action::Confirm);
    decline(&mut g);
    assert_eq!(at(&g, "de"), Location::Eliminated);
}

#[test]
fn t_ret_03_rule_13_3_one_hex_stop_capacity() {
    let kit = Kit::new()
        .one_step("de-f", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("de-1", Side::German, "infantry", 5, 4, 0, "", "")
        .one_step("de-2", Side::German, "silhouette", 2, 6, 0, "", "")
        .one_step("us-1", Side::Allied, "infantry", 10, 4, 0, "", "")
        .one_step("us-2", Side::Allied, "infantry", 4, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[4, 4],
        &[
            ("de-f", "1507"),
            ("de-1", "1506"),
            ("de-2", "1607"),
            ("us-1", "1505"),
            ("us-2", "1707"),
        ],
    );
    attack(&mut g, "1506", &["us-1"], "us-1");
    act(&mut g, N44Action::Confirm);
    decline(&mut g);
    assert!(
        retreat_ends(&g, "de-1").contains(&"1507".to_owned()),
        "6 CF stop 5"
    );
    retreat(&mut g, "de-1", "1507");
    act(&mut g, N44Action::Done);
    assert_eq!(stage(&g), Stage::Open);
    attack(&mut g, "1607", &["us-2"], "us-2");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    decline(&mut g);
    let ends = retreat_ends(&g, "de-2");
    assert!(
        !ends.contains(&"1507".to_owned()),
        "5 + 2 > 6: the full 2 hexes"
    );
    for e in &ends {
        assert_eq!(g.data().map.hexes.distance(hex(&g, "1607"), hex(&g, e)), 2);
    }
}

#[test]
fn t_ret_04_rule_13_3_one_hex_retreats() {
    // 1406 is bocage in the attacker's ZOC: no stop there. 1407 is bocage out of it: a stop.
    // 1607 holds a strongpoint: a stop.
    let kit = Kit::new()
        .terrain("1406", "bocage")
        .terrain("1407", "bocage")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("sp", Side::German, "strongpoint", 1, 0, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[4],
        &[("de", "1506"), ("sp", "1607"), ("us", "1505")],
    );
    attack(&mut g, "1506", &["us"], "us");
    act(&mut g, N44Action::Confirm);
    decline(&mut g);
    let ends = retreat_ends(&g, "de");
    assert!(!ends.contains(&"1406".to_owned()));
    assert!(ends.contains(&"1407".to_owned()));
    assert!(ends.contains(&"1607".to_owned()));
    assert!(
        !ends.contains(&"1507".to_owned()),
        "clear, no friends: no stop"
    );
}

#[test]
fn t_ret_05_rule_16_3_the_perimeter_and_retreats() {
    let make = |perimeter: bool| {
        let mut kit = Kit::new()
            .terrain("1407", "town")
            .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
            .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
            .one_step("us-b", Side::Allied, "infantry", 2, 4, 0, "", "");
        if perimeter {
            kit = kit
                .perimeter(&["1407", "1507", "1408"])
                .hexside("1406", "1407", "cherbourg_perimeter")
                .hexside("1506", "1407", "cherbourg_perimeter")
                .hexside("1506", "1507", "cherbourg_perimeter");
        }
        let mut g = board(
            kit,
            Side::Allied,
            &[4],
            &[("de", "1506"), ("us", "1505"), ("us-b", "1406")],
        );
        attack(&mut g, "1506", &["us"], "us");
        act(&mut g, N44Action::Confirm);
        decline(&mut g);
        retreat_ends(&g, "de")
    };
    assert!(
        !make(false).contains(&"1407".to_owned()),
        "in the Allied ZOC: no one-hex stop"
    );
    assert!(
        make(true).contains(&"1407".to_owned()),
        "ZOC across the Perimeter ignored"
    );
}

#[test]
fn t_ret_06_rule_13_5_retreated_units_attacked_again() {
    let kit = Kit::new()
        .one_step("de-f", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("de-r", Side::German, "infantry", 4, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[3],
        &[("de-f", "1506"), ("de-r", "1506"), ("us", "1505")],
    );
    let r = unit(&g, "de-r");
    g.unit_mut(r)
        .flags
        .set(UnitFlags::RETREATED | UnitFlags::DISORGANIZED, true);
    attack(&mut g, "1506", &["us"], "us");
    assert_eq!(assessed(&g).defence, 2, "the retreated unit adds nothing");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("EX"));
    assert_eq!(at(&g, "de-f"), Location::Eliminated);
    assert_eq!(g.unit(r).step, 0, "it takes no loss");
    assert!(in_hex(&g, "de-r", "1506"), "it holds the hex");
    assert_eq!(stage(&g), Stage::Open, "no advance");
}

// ---- Advance ----

#[test]
fn t_adv_01_rule_13_4_advance_after_elimination() {
    // 5-1, die 5: D1 on a single step; the defender is eliminated and the attacker advances 2.
    let mut g = duel(10, 2, "clear", &[5]);
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("D1"));
    assert_eq!(at(&g, "de"), Location::Eliminated);
    let ends = advance_ends(&g, "us");
    assert!(ends.contains(&"1506".to_owned()) && ends.contains(&"1507".to_owned()));
    advance(&mut g, "us", "1507");
    act(&mut g, N44Action::Done);
    assert!(in_hex(&g, "us", "1507"));
    assert!(
        g.allied_controls(hex(&g, "1506")),
        "A-43: the hexes entered"
    );
}

#[test]
fn t_adv_02_rule_14_1_limited_advance() {
    // EX against a single step: the vacated hex only.
    let mut g = duel(4, 2, "clear", &[3]);
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("EX"));
    assert_eq!(advance_ends(&g, "us"), vec!["1506".to_owned()]);
    // A successful DD in which the single-step defender was lost: the vacated hex only.
    let mut g = duel(4, 2, "clear", &[4, 6]);
    attack(&mut g, "1506", &["us"], "us");
    act(&mut g, N44Action::Confirm);
    let de = unit(&g, "de");
    act(&mut g, N44Action::DeterminedDefense { lead: de });
    let log = act(&mut g, N44Action::Done);
    assert_eq!(dice(&log), vec![("determined defense", 6, 6)]);
    assert_eq!(
        at(&g, "de"),
        Location::Eliminated,
        "• EX: the lead unit's step"
    );
    // The German's MAF pick (the only unit) is made; then the limited advance.
    assert_eq!(advance_ends(&g, "us"), vec!["1506".to_owned()]);
}

#[test]
fn t_adv_03_rule_14_3_no_bond_beyond_the_vacated_hex() {
    let make = |bond: bool| {
        let mut kit = Kit::new()
            .one_step("us", Side::Allied, "infantry", 10, 4, 0, "", "")
            .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
            .one_step("de-a", Side::German, "infantry", 2, 4, 0, "", "");
        let mut places = vec![("us", "1505"), ("de", "1506"), ("de-a", "1407")];
        if bond {
            kit = kit.one_step("de-b", Side::German, "infantry", 2, 4, 0, "", "");
            places.push(("de-b", "1608"));
        }
        let mut g = board(kit, Side::Allied, &[5], &places);
        attack(&mut g, "1506", &["us"], "us");
        let log = act(&mut g, N44Action::Confirm);
        assert_eq!(result_in(&log), Some("D1"));
        advance_ends(&g, "us")
    };
    assert!(
        make(false).contains(&"1507".to_owned()),
        "EZOC to EZOC through the vacated hex"
    );
    let ends = make(true);
    assert!(ends.contains(&"1506".to_owned()));
    assert!(
        !ends.contains(&"1507".to_owned()),
        "1507 is a German hex bond"
    );
}

#[test]
fn t_adv_04_rule_14_4_bocage_stops_an_advance_off_road() {
    let make = |road: bool| {
        let mut kit = Kit::new()
            .terrain("1405", "bocage")
            .one_step("us", Side::Allied, "infantry", 10, 4, 0, "", "")
            .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
        if road {
            kit = kit.road("secondary", &["1505", "1405", "1304"]);
        }
        let mut g = board(kit, Side::Allied, &[5], &[("us", "1505"), ("de", "1506")]);
        attack(&mut g, "1506", &["us"], "us");
        act(&mut g, N44Action::Confirm);
        advance_ends(&g, "us")
    };
    let ends = make(false);
    assert!(ends.contains(&"1405".to_owned()));
    assert!(!ends.contains(&"1304".to_owned()), "it stops in the bocage");
    assert!(
        make(true).contains(&"1304".to_owned()),
        "along the road it goes on"
    );
}

#[test]
fn t_adv_05_rule_10_7_rule_14_1_who_advances() {
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 10, 4, 0, "", "")
        .one_step("us-hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step(
            "us-aa",
            Side::Allied,
            "infantry",
            2,
            4,
            0,
            "",
            "defence_only = true",
        )
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[5],
        &[
            ("us", "1505"),
            ("us-hq", "1505"),
            ("us-aa", "1505"),
            ("de", "1506"),
        ],
    );
    let target = hex(&g, "1506");
    act(&mut g, N44Action::Attack { hex: target });
    let aa = unit(&g, "us-aa");
    assert!(
        !legal(&g).contains(&N44Action::Join { unit: aa }),
        "10.7: it cannot attack"
    );
    act(&mut g, N44Action::Cancel);
    attack(&mut g, "1506", &["us"], "us");
    act(&mut g, N44Action::Confirm);
    assert!(advance_ends(&g, "us-hq").is_empty(), "HQs never advance");
    assert!(
        !advance_ends(&g, "us-aa").is_empty(),
        "a parenthesized unit with an MA may"
    );
}

#[test]
fn t_stk_01_rule_7_2_stacking_after_an_advance() {
    // The advance ends in a hex with two 3-CF regiments, a silhouette, an HQ, an SP-free
    // stack: a 4-point hex; the advancing 2-CF battalion makes it 5, and the owner removes a
    // unit.
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 2, 4, 0, "", "")
        .one_step("us-big", Side::Allied, "infantry", 10, 4, 0, "", "")
        .one_step("r1", Side::Allied, "infantry", 3, 4, 0, "", "")
        .one_step("r2", Side::Allied, "infantry", 3, 4, 0, "", "")
        .one_step("sil", Side::Allied, "silhouette", 4, 6, 0, "", "")
        .one_step("hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[5],
        &[
            ("us", "1505"),
            ("us-big", "1406"),
            ("r1", "1507"),
            ("r2", "1507"),
            ("sil", "1507"),
            ("hq", "1507"),
            ("de", "1506"),
        ],
    );
    assert!(crate::stacking::legal(&g, hex(&g, "1507")));
    attack(&mut g, "1506", &["us", "us-big"], "us-big");
    act(&mut g, N44Action::Confirm);
    advance(&mut g, "us", "1507");
    act(&mut g, N44Action::Done);
    assert!(
        matches!(stage(&g), Stage::Result { .. }),
        "the owner must remove a unit"
    );
    assert!(
        legal(&g)
            .iter()
            .all(|a| matches!(a, N44Action::Lose { .. }))
    );
    lose(&mut g, "us");
    assert_eq!(at(&g, "us"), Location::Eliminated);
    assert!(crate::stacking::legal(&g, hex(&g, "1507")));
    assert_eq!(stage(&g), Stage::Open);
}

// ---- 8.7: Reserve, HQs, Werfers, strafing, cadres ----

#[test]
fn t_rsv_01_rule_15_2_reserve_by_result_moves_half() {
    let kit = Kit::new()
        .one_step("de5", Side::German, "armor", 4, 5, 1, "", &grey(4))
        .one_step("de3", Side::German, "infantry", 4, 3, 1, "", "")
        .one_step("us", Side::Allied, "infantry", 1, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::German,
        &[6],
        &[("de5", "1505"), ("de3", "1505"), ("us", "1506")],
    );
    attack(&mut g, "1506", &["de5", "de3"], "de5");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DH"));
    for id in ["de5", "de3"] {
        let u = unit(&g, id);
        act(&mut g, N44Action::ReserveAfterCombat { unit: u });
    }
    act(&mut g, N44Action::Done);
    let ma = |id: &str| {
        crate::movement::allowance(&g, unit(&g, id), crate::action::MoveMode::Normal, true)
    };
    assert_eq!((ma("de5"), ma("de3")), (3, 2));
}

#[test]
fn t_rsv_02_rule_15_1_regroup_units_never_go_into_reserve_by_result() {
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 10, 4, 1, "", "")
        .one_step("us-rg", Side::Allied, "infantry", 10, 4, 1, "", "")
        .one_step("de", Side::German, "infantry", 1, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[6],
        &[("us", "1505"), ("us-rg", "1505"), ("de", "1506")],
    );
    g.unit_mut(unit(&g, "us-rg"))
        .flags
        .set(UnitFlags::REGROUP, true);
    attack(&mut g, "1506", &["us", "us-rg"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DH"));
    let listed = legal(&g);
    assert!(listed.contains(&N44Action::ReserveAfterCombat {
        unit: unit(&g, "us")
    }));
    assert!(!listed.contains(&N44Action::ReserveAfterCombat {
        unit: unit(&g, "us-rg")
    }));
}

#[test]
fn t_rsv_03_rule_15_4_a_reserve_unit_that_attacks_loses_it() {
    let mut g = duel(4, 2, "clear", &[1]);
    g.unit_mut(unit(&g, "us"))
        .flags
        .set(UnitFlags::RESERVE, true);
    attack(&mut g, "1506", &["us"], "us");
    let log = act(&mut g, N44Action::Confirm);
    assert!(!flag(&g, "us", UnitFlags::RESERVE));
    assert!(log.entries().iter().any(|e| e.rule == RuleId("15.4")));
}

#[test]
fn t_hq_01_rule_17_2_the_sup_p_pool_of_a_german_hq() {
    for (inside, pool) in [(true, SUPPLY_FORTRESS), (false, SUPPLY_7TH)] {
        let mut kit = Kit::new()
            .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
            .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "")
            .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "");
        // Inside: the HQ in 1905, inside the Perimeter next to the Cherbourg city hex 1904, and
        // 4 hexes from the attacked hex; the nearest entry hex is 8 hexes off with no road: it
        // traces supply only to Cherbourg. Outside: in 1503, 5 hexes from the blue entry hex
        // 1004, with no Cherbourg city hex on the board: it traces only to the entry hex.
        let at = if inside { "1905" } else { "1503" };
        if inside {
            kit = kit.terrain("1904", "city").perimeter(&["1904", "1905"]);
        }
        let mut g = board(
            kit,
            Side::German,
            &[1],
            &[("de", "1505"), ("de-hq", at), ("us", "1506")],
        );
        let hq = unit(&g, "de-hq");
        let pools = crate::supply_lines::german_hq_pools(&g, hq);
        assert_eq!((pools.fortress, pools.seventh_army), (inside, !inside));
        let before = g.tracks.supply;
        attack(&mut g, "1506", &["de"], "de");
        act(&mut g, N44Action::Artillery { unit: hq });
        act(&mut g, N44Action::Confirm);
        let mut expected = before;
        expected[pool] -= 1;
        assert_eq!(g.tracks.supply, expected, "inside the Perimeter: {inside}");
    }
}

#[test]
fn t_werf_01_rule_17_3_werfers() {
    let kit = Kit::new()
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("werfer", Side::German, "werfer", 1, 4, 0, "", "")
        .one_step("far", Side::German, "werfer", 1, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::German,
        &[1],
        &[
            ("de", "1505"),
            ("werfer", "1509"),
            ("far", "1510"),
            ("us", "1506"),
        ],
    );
    g.unit_mut(unit(&g, "werfer"))
        .flags
        .set(UnitFlags::OOS, true);
    let supply = g.tracks.supply;
    attack(&mut g, "1506", &["de"], "de");
    let (werfer, far) = (unit(&g, "werfer"), unit(&g, "far"));
    assert!(
        !legal(&g).contains(&N44Action::Artillery { unit: far }),
        "4 hexes: out of range"
    );
    act(&mut g, N44Action::Artillery { unit: werfer });
    assert_eq!(shifts(&assessed(&g)), vec![("11.6", 1)]);
    act(&mut g, N44Action::Confirm);
    assert!(flag(&g, "werfer", UnitFlags::SPENT), "it flips");
    assert_eq!(g.tracks.supply, supply, "no SupP");
}

#[test]
fn t_straf_01_rule_2_9_rule_19_1_4_strafing() {
    let kit = || {
        Kit::new()
            .terrain("1306", "woods")
            .one_step("de-inf", Side::German, "infantry", 4, 4, 0, "", "")
            .unit("de-sil", Side::German, "silhouette", 4, 6, 0)
            .one_step("flak", Side::German, "flak", 4, 4, 0, "", "")
            .one_step("de-wood", Side::German, "infantry", 4, 4, 0, "", "")
    };
    let mut g = board(
        kit(),
        Side::Allied,
        &[6, 6],
        &[
            ("de-inf", "1506"),
            ("de-sil", "1506"),
            ("flak", "1507"),
            ("de-wood", "1306"),
        ],
    );
    g.tracks.air = [2, 0];
    let (target, wood) = (hex(&g, "1506"), hex(&g, "1306"));
    assert!(
        !legal(&g).contains(&N44Action::Strafe { hex: wood }),
        "no strafing in woods"
    );
    act(&mut g, N44Action::Strafe { hex: target });
    assert!(
        !legal(&g).contains(&N44Action::Strafe { hex: target }),
        "one air unit a hex"
    );
    let mut log = N44Log::new();
    crate::combat::end(&mut g, Side::Allied, &mut log);
    assert_eq!(dice(&log), vec![("strafing", 6, 5), ("strafing", 6, 5)]);
    assert!(flag(&g, "de-inf", UnitFlags::DISORGANIZED));
    assert!(flag(&g, "de-sil", UnitFlags::DISORGANIZED));
    assert_eq!(
        g.unit(unit(&g, "de-sil")).step,
        0,
        "modified 5: no step lost"
    );
    // No FLAK near: a 6 costs the silhouette a step.
    let mut g = board(
        kit(),
        Side::Allied,
        &[6],
        &[("de-sil", "1506"), ("flak", "1209")],
    );
    g.tracks.air = [1, 0];
    let target = hex(&g, "1506");
    act(&mut g, N44Action::Strafe { hex: target });
    let mut log = N44Log::new();
    crate::combat::end(&mut g, Side::Allied, &mut log);
    assert!(flag(&g, "de-sil", UnitFlags::DISORGANIZED));
    assert_eq!(g.unit(unit(&g, "de-sil")).step, 1);
}

#[test]
fn t_cadre_01_rule_12_3_rule_17_9_cadres() {
    let data = Kit::new()
        .unit_with(
            "r1",
            Side::German,
            "infantry",
            6,
            4,
            0,
            "cadre = \"de-inf\"",
            "",
        )
        .unit_with(
            "r2",
            Side::German,
            "infantry",
            6,
            4,
            0,
            "cadre = \"de-inf\"",
            "",
        )
        .one_step("us", Side::Allied, "infantry", 2, 4, 0, "", "")
        .cadre_toml(
            "[[cadre]]\nid = \"de-inf\"\nside = \"german\"\nnation = \"heer\"\ncount = 1\n\
             face = { cf = 2, ma = 4, tq = 0 }\n",
        )
        .data();
    let mut g = game(&data, Side::German, Phase::Combat, &[]);
    place(&mut g, "r1", "1505");
    place(&mut g, "r2", "1405");
    place(&mut g, "us", "1506");
    let (r1, r2) = (unit(&g, "r1"), unit(&g, "r2"));
    g.unit_mut(r1).step = 1;
    g.unit_mut(r2).step = 1;
    let mut log = N44Log::new();
    crate::combat::lose_step(&mut g, r1, RuleId("12.3"), &mut log);
    assert_eq!(g.unit(r1).step, 2, "the cadre replaces it");
    assert!(in_hex(&g, "r1", "1505"));
    assert_eq!(crate::combat::cf(&g, r1), 2);
    // The only cadre of the type is in use: the second regiment is eliminated for good.
    crate::combat::lose_step(&mut g, r2, RuleId("12.3"), &mut log);
    assert_eq!(g.unit(r2).at, Location::OutOfPlay);
    // A cadre cannot attack.
    assert_eq!(
        crate::combat::why_cannot_attack(&g, Side::German, r1, hex(&g, "1506")),
        Some("a cadre cannot attack (17.9)")
    );
}

// ---- 8.9: the combats of turn 1's example ----

#[test]
fn t_t1_01_rule_11_1_rule_11_6_german_combat_1() {
    let kit = Kit::new()
        .terrain("1506", "bocage")
        .hexside("1406", "1506", "flooded")
        .formation_toml("[[formation]]\nid = \"de-91\"\nname = \"91st\"\nside = \"german\"\n")
        .unit_with(
            "us-para",
            Side::Allied,
            "airborne",
            6,
            4,
            1,
            "cadre = \"us-para\"",
            "",
        )
        .cadre_toml(
            "[[cadre]]\nid = \"us-para\"\nside = \"allied\"\nnation = \"us\"\ncount = 2\n\
             face = { cf = 2, ma = 4, tq = 1 }\n",
        )
        .one_step(
            "de-1057",
            Side::German,
            "infantry",
            6,
            4,
            0,
            "formation = \"de-91\"",
            "",
        )
        .one_step("de-tank", Side::German, "armor", 2, 6, 0, "", &grey(2))
        .one_step(
            "de-1058",
            Side::German,
            "infantry",
            4,
            4,
            0,
            "formation = \"de-91\"",
            "",
        )
        .one_step("de-6fj", Side::German, "infantry", 4, 4, 0, "", "")
        .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::German,
        &[5],
        &[
            ("us-para", "1506"),
            ("de-1057", "1505"),
            ("de-tank", "1505"),
            ("de-1058", "1406"),
            ("de-6fj", "1606"),
            ("de-hq", "1509"),
        ],
    );
    g.turn = 1;
    g.unit_mut(unit(&g, "us-para")).step = 2;
    attack(
        &mut g,
        "1506",
        &["de-1057", "de-tank", "de-1058", "de-6fj"],
        "de-1057",
    );
    let hq = unit(&g, "de-hq");
    act(&mut g, N44Action::Artillery { unit: hq });
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (12, 4));
    assert_eq!(a.maf.len(), 3, "the 91st, the tank battalion assigned");
    assert_eq!(shifts(&a), vec![("11.4.1", 1), ("11.6", 1)]);
    assert_eq!(column(&a), on(Column::FiveToOne));
    let supply = g.tracks.supply[SUPPLY_7TH];
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(
        dice(&log),
        vec![("combat", 5, 5)],
        "no Jabo roll in Overcast"
    );
    assert_eq!(result_in(&log), Some("D1"));
    assert_eq!(g.tracks.supply[SUPPLY_7TH], supply - 1);
    assert_eq!(at(&g, "us-para"), Location::Eliminated);
    assert!(advance_ends(&g, "de-1057").len() > 1, "up to 2 hexes");
}

#[test]
fn t_t1_03_rule_17_1_allied_combat_a() {
    let kit = Kit::new()
        .terrain("1506", "bocage")
        .one_step("ost", Side::German, "ost", 2, 3, -1, "", "")
        .one_step("us-8", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us-101", Side::Allied, "airborne", 4, 4, 1, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[6],
        &[("ost", "1506"), ("us-8", "1505"), ("us-101", "1505")],
    );
    attack(&mut g, "1506", &["us-8", "us-101"], "us-8");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (8, 4));
    assert_eq!(shifts(&a), vec![("11.5", 1)]);
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("D1"));
    assert_eq!(
        at(&g, "ost"),
        Location::OutOfPlay,
        "17.1: an Ost unit leaves play"
    );
    assert!(advance_ends(&g, "us-101").len() > 1);
}

#[test]
fn t_t1_04_rule_13_6_allied_combat_b() {
    let kit = Kit::new()
        .terrain("1506", "bocage")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("us-tank", Side::Allied, "armor", 3, 6, 0, "", &grey(2))
        .one_step("us-inf", Side::Allied, "infantry", 4, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[4],
        &[("de", "1506"), ("us-tank", "1505"), ("us-inf", "1505")],
    );
    attack(&mut g, "1506", &["us-tank", "us-inf"], "us-tank");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (7, 4));
    assert_eq!(column(&a), on(Column::TwoToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    decline(&mut g);
    let to = retreat_ends(&g, "de")[0].clone();
    retreat(&mut g, "de", &to);
    assert!(flag(&g, "de", UnitFlags::DISORGANIZED));
    assert!(!advance_ends(&g, "us-tank").is_empty());
}

#[test]
fn t_t1_05_landed_units_advance_rule_6_5_2_allied_combat_c() {
    // A-47, A-50: landed units attack halved and make only a limited advance.
    let kit = Kit::new()
        .one_step("sp", Side::German, "strongpoint", 2, 0, 0, "", "")
        .one_step("us-a", Side::Allied, "infantry", 8, 4, 1, "", "")
        .one_step("us-tank", Side::Allied, "armor", 6, 6, 1, "", &grey(3));
    let mut g = board(
        kit,
        Side::Allied,
        &[5],
        &[("sp", "1506"), ("us-a", "1505"), ("us-tank", "1505")],
    );
    for id in ["us-a", "us-tank"] {
        g.unit_mut(unit(&g, id))
            .flags
            .set(UnitFlags::LANDED | UnitFlags::REGROUP, true);
    }
    attack(&mut g, "1506", &["us-a", "us-tank"], "us-a");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (7, 2));
    assert_eq!(
        shifts(&a),
        vec![("11.5", 1)],
        "no armor shift against an SP"
    );
    assert_eq!(column(&a), on(Column::FourToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("D1"));
    assert_eq!(at(&g, "sp"), Location::Eliminated);
    assert_eq!(advance_ends(&g, "us-a"), vec!["1506".to_owned()]);
    // The variant `landed_units_advance` (the A-47 option): the example's 2 hexes.
    g.options.landed_units_full_advance = true;
    let ends = advance_ends(&g, "us-a");
    assert!(
        ends.contains(&"1506".to_owned()) && ends.len() > 1,
        "{ends:?}"
    );
}

#[test]
fn t_t1_06_uncertain_crt_allied_combat_e() {
    let kit = Kit::new()
        .terrain("2006", "mixed")
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("us", Side::Allied, "infantry", 11, 4, 0, "", "");
    let mut g = board(kit, Side::Allied, &[1], &[("de", "2006"), ("us", "2005")]);
    g.tracks.naval = [1, 0];
    attack(&mut g, "2006", &["us"], "us");
    act(&mut g, N44Action::NavalSupport);
    assert_eq!(column(&assessed(&g)), on(Column::TwoToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("—"), "A-1: the rulebook says A1");
}

#[test]
fn t_t1_07_rule_14_2_allied_combat_f() {
    let kit = Kit::new()
        .terrain("1506", "mixed")
        .formation_toml("[[formation]]\nid = \"cw-50\"\nname = \"50th\"\nside = \"allied\"\n")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step(
            "cw-a",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"cw-50\"",
            "",
        )
        .one_step(
            "cw-b",
            Side::Allied,
            "infantry",
            3,
            4,
            0,
            "formation = \"cw-50\"",
            "",
        )
        .one_step("cw-tank", Side::Allied, "armor", 3, 6, 0, "", &grey(3));
    let mut g = board(
        kit,
        Side::Allied,
        &[3],
        &[
            ("de", "1506"),
            ("cw-a", "1505"),
            ("cw-tank", "1505"),
            ("cw-b", "1406"),
        ],
    );
    attack(&mut g, "1506", &["cw-a", "cw-tank", "cw-b"], "cw-a");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (12, 4));
    assert_eq!(column(&a), on(Column::FourToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("DR"));
    decline(&mut g);
    let to = retreat_ends(&g, "de")[0].clone();
    retreat(&mut g, "de", &to);
    assert!(
        advance_ends(&g, "cw-b").len() > 1,
        "2 hexes in any direction"
    );
}

#[test]
fn t_t1_08_landed_units_advance_rule_6_5_2_allied_combat_i() {
    let kit = Kit::new()
        .one_step("sp", Side::German, "strongpoint", 2, 0, 0, "", "")
        .one_step("cw-a", Side::Allied, "commando", 6, 4, 0, "", "")
        .one_step("cw-b", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("cw-tank", Side::Allied, "armor", 4, 6, 0, "", &grey(3));
    let mut g = board(
        kit,
        Side::Allied,
        &[6],
        &[
            ("sp", "1506"),
            ("cw-a", "1505"),
            ("cw-tank", "1505"),
            ("cw-b", "1406"),
        ],
    );
    for id in ["cw-a", "cw-b", "cw-tank"] {
        g.unit_mut(unit(&g, id)).flags.set(UnitFlags::LANDED, true);
    }
    attack(&mut g, "1506", &["cw-a", "cw-tank", "cw-b"], "cw-a");
    let a = assessed(&g);
    assert_eq!((a.attack, a.defence), (8, 2));
    assert_eq!(column(&a), on(Column::FourToOne));
    let log = act(&mut g, N44Action::Confirm);
    assert_eq!(result_in(&log), Some("D1"));
    assert_eq!(at(&g, "sp"), Location::Eliminated);
    assert_eq!(advance_ends(&g, "cw-b"), vec!["1506".to_owned()]);
}

// ---- assess, and random play ----

#[test]
fn rule_10_5_assess_shows_the_chances_before_the_roll() {
    let mut g = duel(4, 2, "clear", &[]);
    let us = unit(&g, "us");
    let target = hex(&g, "1506");
    let a = assess(
        &g,
        target,
        &[us],
        MafChoice::Formation(us),
        &Support::default(),
    );
    assert_eq!(a.column_label(), "2-1");
    assert!((a.chance(CrtResult::Dr) - 2.0 / 6.0).abs() < 1e-9);
    assert!((a.chances.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
    // A German attack in Clear weather averages over the Jabo die too.
    g.step = Step::Phase(Side::German, Phase::Combat, Stage::Open);
    g.weather.condition = Weather::Clear;
    let de = unit(&g, "de");
    let a = assess(
        &g,
        hex(&g, "1505"),
        &[de],
        MafChoice::Formation(de),
        &Support::default(),
    );
    assert!(a.jabo_pending);
    assert!((a.chances.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(a.chance(CrtResult::A1) > 0.0);
}

/// A small random generator for the random-play test (no dependency, fixed seed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn rule_4_4_rule_10_1_random_attacks_accept_every_listed_action() {
    let kit = Kit::new()
        .terrain("1506", "town")
        .terrain("1507", "flooded")
        .terrain("1606", "bocage")
        .hexside("1505", "1506", "minor_river")
        .hexside("1606", "1607", "major_river")
        .formation_toml("[[formation]]\nid = \"us-1\"\nname = \"1st\"\nside = \"allied\"\n")
        .formation_toml("[[formation]]\nid = \"de-352\"\nname = \"352nd\"\nside = \"german\"\n")
        .unit_with(
            "us-a",
            Side::Allied,
            "infantry",
            6,
            4,
            0,
            "formation = \"us-1\"",
            "",
        )
        .unit_with(
            "us-b",
            Side::Allied,
            "infantry",
            6,
            4,
            1,
            "formation = \"us-1\"",
            "",
        )
        .unit_with("us-tank", Side::Allied, "armor", 4, 6, 0, "", &grey(3))
        .unit_with("cw-a", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .unit_with(
            "de-a",
            Side::German,
            "infantry",
            6,
            4,
            0,
            "formation = \"de-352\"",
            "",
        )
        .unit_with(
            "de-b",
            Side::German,
            "infantry",
            4,
            4,
            0,
            "formation = \"de-352\"",
            "",
        )
        .unit_with("de-pz", Side::German, "armor", 5, 6, 1, "", &grey(4))
        .one_step("de-at", Side::German, "antitank", 2, 4, 0, "", &red(4))
        .one_step("de-sp", Side::German, "strongpoint", 2, 0, 0, "", "")
        .one_step("de-hq", Side::German, "hq", 1, 4, 0, "", "")
        .one_step("werfer", Side::German, "werfer", 1, 4, 0, "", "");
    let places = [
        ("us-a", "1505"),
        ("us-b", "1405"),
        ("us-tank", "1505"),
        ("cw-a", "1605"),
        ("us-hq", "1503"),
        ("de-a", "1506"),
        ("de-b", "1406"),
        ("de-pz", "1606"),
        ("de-at", "1506"),
        ("de-sp", "1407"),
        ("de-hq", "1509"),
        ("werfer", "1508"),
    ];
    let data = kit.data();
    let mut rng = Lcg(44);
    let mut confirmed = 0;
    let mut results = 0;
    for round in 0..60u64 {
        let side = if round % 2 == 0 {
            Side::Allied
        } else {
            Side::German
        };
        let phase = if round % 3 == 0 {
            Phase::ReserveCombat
        } else {
            Phase::Combat
        };
        let mut g = game(&data, side, phase, &[]);
        g.rng = overlord_engine::GameRng::seeded(round);
        g.tracks.air = [1, 1];
        g.tracks.naval = [1, 1];
        g.tracks.supply = [3, 1, 3, 3];
        g.weather.condition = if round % 4 == 1 {
            Weather::Clear
        } else {
            Weather::Overcast
        };
        for (id, h) in places {
            place(&mut g, id, h);
            if phase == Phase::ReserveCombat {
                g.unit_mut(unit(&g, id)).flags.set(UnitFlags::RESERVE, true);
            }
        }
        for _ in 0..400 {
            let listed = legal(&g);
            // Every listed action is accepted.
            for &a in &listed {
                let mut copy = g.clone();
                let mut log = N44Log::new();
                if !(stage(&g) == Stage::Open && a == N44Action::Done) {
                    crate::decisions::answer(&mut copy, a, &mut log)
                        .unwrap_or_else(|r| panic!("{a:?} listed but refused: {r}"));
                }
            }
            let choices: Vec<N44Action> = listed
                .iter()
                .copied()
                .filter(|a| !(stage(&g) == Stage::Open && *a == N44Action::Done))
                .filter(|a| *a != N44Action::Cancel || rng.next(4) == 0)
                .collect();
            if choices.is_empty() {
                break;
            }
            let a = choices[rng.next(choices.len())];
            let mut log = N44Log::new();
            crate::decisions::answer(&mut g, a, &mut log).unwrap();
            confirmed += usize::from(a == N44Action::Confirm);
            results += usize::from(matches!(
                a,
                N44Action::Retreat { .. }
                    | N44Action::Advance { .. }
                    | N44Action::DeterminedDefense { .. }
            ));
            // No hex holds both sides; no unit is both on the map and off it.
            for h in g.data().map.hexes.ids() {
                let sides: Vec<Side> = g.units_in(h).map(|u| g.side_of(u)).collect();
                assert!(
                    sides.windows(2).all(|w| w[0] == w[1]),
                    "both sides in {}",
                    g.data().map.label(h)
                );
            }
            for u in g.unit_ids() {
                let on_map = g.hex_of(u).is_some();
                assert_eq!(on_map, matches!(g.unit(u).at, Location::Hex(_)));
            }
            if matches!(stage(&g), Stage::Result { .. }) {
                assert!(g.combat.result.is_some());
            }
        }
    }
    assert!(
        confirmed > 30 && results > 10,
        "{confirmed} attacks, {results} result choices"
    );
}

#[test]
fn rule_28_2_flank_fire() {
    // German stacks in 1406 and 1606 are next to the defender (1506) and to the attacker
    // (1505): two flanking stacks; 1607 is next to the defender but to no attacker.
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 8, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("de-n", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("de-s", Side::German, "infantry", 2, 4, 0, "", "")
        .one_step("de-far", Side::German, "infantry", 2, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[],
        &[
            ("us", "1505"),
            ("de", "1506"),
            ("de-n", "1406"),
            ("de-s", "1606"),
            ("de-far", "1607"),
        ],
    );
    let us = unit(&g, "us");
    let target = hex(&g, "1506");
    let plain = assess(
        &g,
        target,
        &[us],
        MafChoice::Formation(us),
        &Support::default(),
    );
    assert_eq!(shifts(&plain), vec![]);
    g.options.flank_fire = true;
    let a = assess(
        &g,
        target,
        &[us],
        MafChoice::Formation(us),
        &Support::default(),
    );
    assert_eq!(shifts(&a), vec![("28.2", -2)]);
    // A-38: a stack attacked earlier this phase does not flank.
    g.attacked_hexes.push(hex(&g, "1406"));
    let a = assess(
        &g,
        target,
        &[us],
        MafChoice::Formation(us),
        &Support::default(),
    );
    assert_eq!(shifts(&a), vec![("28.2", -1)]);
}

#[test]
fn rule_22_1_no_us_and_cw_units_in_one_combat() {
    let kit = Kit::new()
        .one_step("us", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("cw", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
    let mut g = board(
        kit,
        Side::Allied,
        &[],
        &[("us", "1505"), ("cw", "1507"), ("de", "1506")],
    );
    attack(&mut g, "1506", &["us"], "us");
    let cw = unit(&g, "cw");
    assert!(!legal(&g).contains(&N44Action::Join { unit: cw }));
    let mut log = N44Log::new();
    let refused = crate::decisions::answer(&mut g, N44Action::Join { unit: cw }, &mut log);
    assert_eq!(refused.unwrap_err().rule, Some(RuleId("22.1")));
}

#[test]
fn rule_6_2_rule_16_1_rule_17_7_rule_17_8_units_and_hexes_that_cannot_attack() {
    let kit = Kit::new()
        .one_step("us-rep", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us-mate", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us-ip", Side::Allied, "infantry", 4, 4, 0, "", "")
        .one_step("us-eng", Side::Allied, "beach_engineer", 2, 0, 0, "", "")
        .one_step("flak", Side::German, "flak", 4, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 2, 4, 0, "", "");
    let g = board(
        kit,
        Side::Allied,
        &[],
        &[
            ("us-rep", "1505"),
            ("us-mate", "1505"),
            ("us-ip", "1406"),
            ("us-eng", "1606"),
            ("flak", "1407"),
            ("de", "1506"),
        ],
    );
    let mut g = g;
    g.unit_mut(unit(&g, "us-rep"))
        .flags
        .set(UnitFlags::REPLACED, true);
    g.unit_mut(unit(&g, "us-ip"))
        .flags
        .set(UnitFlags::BUILDING_IP, true);
    let target = hex(&g, "1506");
    let why = |g: &Normandy44, side: Side, id: &str| {
        crate::combat::why_cannot_attack(g, side, unit(g, id), target)
    };
    assert_eq!(
        why(&g, Side::Allied, "us-mate"),
        Some("a Replacement marker forbids attacks out of its hex (6.2)")
    );
    assert_eq!(
        why(&g, Side::Allied, "us-ip"),
        Some("no attacks out of a hex whose IP was started this turn (16.1)")
    );
    assert_eq!(
        why(&g, Side::Allied, "us-eng"),
        Some("it only defends (16.2, 17.8)")
    );
    assert!(!legal(&g).contains(&N44Action::Attack { hex: target }));
    let us = hex(&g, "1406");
    assert_eq!(
        crate::combat::why_cannot_attack(&g, Side::German, unit(&g, "flak"), us),
        Some("FLAK regiments cannot attack (17.7)")
    );
}

#[test]
fn rule_10_2_one_defending_hex_a_combat_and_a_stack_splits_its_attacks() {
    let data = Kit::new()
        .unit("us1", Side::Allied, "infantry", 6, 4, 0)
        .unit("us2", Side::Allied, "infantry", 6, 4, 0)
        .unit("de1", Side::German, "infantry", 2, 3, 0)
        .unit("de2", Side::German, "infantry", 2, 3, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    place(&mut g, "us1", "1405");
    place(&mut g, "us2", "1405");
    place(&mut g, "de1", "1504");
    place(&mut g, "de2", "1505");
    let (us1, us2) = (unit(&g, "us1"), unit(&g, "us2"));
    let (a, b) = (hex(&g, "1504"), hex(&g, "1505"));
    // Both units of the stack may attack either adjacent hex...
    for target in [a, b] {
        let eligible = crate::combat::eligible_attackers(&g, Side::Allied, target);
        assert!(eligible.contains(&us1) && eligible.contains(&us2));
    }
    // ... but a unit attacks once: us1 having attacked 1504, only us2 may attack 1505.
    g.unit_mut(us1).flags.set(UnitFlags::ATTACKED, true);
    let eligible = crate::combat::eligible_attackers(&g, Side::Allied, b);
    assert_eq!(eligible, vec![us2]);
}

/// T-T1-09: the example of play's turn-1 combats D, G, H and J are the cases T-DD-02,
/// T-RES-03, T-DD-03 and T-DD-04; they are played again here under the example's name.
#[test]
fn t_t1_09_combats_d_g_h_j_of_the_example() {
    t_dd_02_rule_12_4_rule_12_4_2_flak_lead();
    t_res_03_rule_12_2_loss_priority_with_shifts();
    t_dd_03_rule_12_4_4_an_88_lead_and_an_exchange();
    t_dd_04_rule_16_2_rule_13_3_strongpoint_lead_then_a_one_hex_retreat();
}

/// T-T1-10: the end of turn 1: the German Recovery and Supply Phases change nothing for units
/// in supply and in order; the Allied Recovery Phase takes every Regroup and Scattered marker
/// off; the Allied Supply Phase checks the airborne units as any others (no free turn, 20.1).
#[test]
fn t_t1_10_rule_3_b_5_rule_20_1_the_end_of_turn_one() {
    let data = Kit::new()
        .road("main", &["1004", "1104", "1204"])
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .unit("para", Side::Allied, "airborne", 5, 4, 1)
        .unit("land", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Combat, &[]);
    g.turn = 1;
    place(&mut g, "de", "1204");
    place(&mut g, "para", "1809");
    place(&mut g, "land", "1811");
    let (de, para, land) = (unit(&g, "de"), unit(&g, "para"), unit(&g, "land"));
    g.unit_mut(para).flags.set(UnitFlags::SCATTERED, true);
    g.unit_mut(land).flags.set(UnitFlags::REGROUP, true);
    let mut log = N44Log::new();
    // The German Recovery and Supply Phases: nothing to change.
    crate::turn::begin_phase(&mut g, Side::German, Phase::Recovery, &mut log);
    crate::turn::begin_phase(&mut g, Side::German, Phase::Supply, &mut log);
    assert_eq!(g.unit(de).flags, UnitFlags::default());
    assert!(
        g.unit(para).flags.has(UnitFlags::SCATTERED),
        "not the German's to remove"
    );
    // The Allied Recovery Phase: Regroup and Scattered come off.
    crate::turn::begin_phase(&mut g, Side::Allied, Phase::Recovery, &mut log);
    assert!(!g.unit(para).flags.has(UnitFlags::SCATTERED));
    assert!(!g.unit(land).flags.has(UnitFlags::REGROUP));
    // The Allied Supply Phase: the paratroopers, with no beachhead to trace to, are out of
    // supply like any unit.
    crate::turn::begin_phase(&mut g, Side::Allied, Phase::Supply, &mut log);
    assert!(g.unit(para).flags.has(UnitFlags::OOS));
    assert!(log.entries().iter().any(|e| e.rule.0 == "3.B.5"));
}

#[test]
fn rule_19_2_the_special_cherbourg_bombardment() {
    let data = Kit::new()
        .region("cherbourg_perimeter", &["1505", "1507"])
        .region("naval_bombardment_zone", &["2006"])
        .one_step("us-a", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-b", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-c", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("de-a", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("de-b", Side::German, "infantry", 6, 4, 0, "", "")
        .one_step("de-c", Side::German, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[6, 6, 6, 6]);
    g.turn = 8;
    place(&mut g, "us-a", "1504");
    place(&mut g, "de-a", "1505");
    place(&mut g, "us-b", "1508");
    place(&mut g, "de-b", "1507");
    place(&mut g, "us-c", "2005");
    place(&mut g, "de-c", "2006");
    // One US marker: the bombardment needs both (outside the NBZ, ordinary support is out).
    g.tracks.naval = [1, 0];
    attack(&mut g, "1505", &["us-a"], "us-a");
    assert!(!legal(&g).contains(&N44Action::NavalSupport));
    act(&mut g, N44Action::Cancel);
    // Both: the first marker opens the bombardment.
    g.tracks.naval = [2, 0];
    let before = g.clone();
    attack(&mut g, "1505", &["us-a"], "us-a");
    act(&mut g, N44Action::NavalSupport);
    assert_eq!(shifts(&assessed(&g)), vec![("19.2", 1)]);
    let mut made = g.clone();
    let _ = act(&mut made, N44Action::Confirm);
    assert_eq!(made.bombardment.turn, 8);
    assert_eq!(made.tracks.naval, [1, 0]);
    // That turn: the second marker on another Perimeter hex, never the same one, and no US
    // naval support elsewhere.
    let mut g = made.clone();
    g.step = Step::Phase(Side::Allied, Phase::Combat, Stage::Open);
    g.attacked_hexes.clear();
    g.attackers.clear();
    g.combat = Default::default();
    attack(&mut g, "2006", &["us-c"], "us-c");
    assert!(
        !legal(&g).contains(&N44Action::NavalSupport),
        "not elsewhere that turn"
    );
    act(&mut g, N44Action::Cancel);
    attack(&mut g, "1507", &["us-b"], "us-b");
    assert!(legal(&g).contains(&N44Action::NavalSupport));
    act(&mut g, N44Action::Cancel);
    g.bombardment.hex = hex(&g, "1507");
    attack(&mut g, "1507", &["us-b"], "us-b");
    assert!(
        !legal(&g).contains(&N44Action::NavalSupport),
        "different hexes"
    );
    act(&mut g, N44Action::Cancel);
    // The Cherbourg scenario's one US marker a turn: the bombardment brings the second (26.2).
    let mut g = before.clone();
    g.scenario = crate::data::Scenario::Cherbourg;
    g.tracks.naval = [1, 0];
    attack(&mut g, "1505", &["us-a"], "us-a");
    act(&mut g, N44Action::NavalSupport);
    let _ = act(&mut g, N44Action::Confirm);
    assert_eq!((g.bombardment.turn, g.tracks.naval), (8, [1, 0]));
    // Once a game: made on turn 7, none on turn 8.
    let mut g = before;
    g.bombardment.turn = 7;
    attack(&mut g, "1505", &["us-a"], "us-a");
    assert!(!legal(&g).contains(&N44Action::NavalSupport), "once a game");
}
