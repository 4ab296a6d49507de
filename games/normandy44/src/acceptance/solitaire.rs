//! 27.2: the solitaire constraints, each chapter's.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Log};
use crate::data::Side;
use crate::state::{Location, Normandy44, Phase, Pool, SUPPLY_US, Stage, Step};
use crate::testkit::{Kit, act, game, hex, legal, place, unit};

fn solitaire(mut g: Normandy44) -> Normandy44 {
    g.options.solitaire = true;
    g
}

#[test]
fn rule_27_2_german_supply_one_to_fortress_cherbourg() {
    let data = Kit::new().cherbourg_road().data();
    let mut g = solitaire(game(&data, Side::German, Phase::Replacement, &[1]));
    g.turn = 3;
    g.step = Step::Initial;
    let mut log = N44Log::new();
    crate::weather::initial_phase(&mut g, &mut log);
    assert_eq!(g.step, Step::InitialChoice);
    assert_eq!(g.supply_due, 3, "row 1: 3 German SupP");
    let listed = legal(&g);
    assert!(!listed.contains(&N44Action::FortressSupply { points: 0 }));
    assert!(listed.contains(&N44Action::FortressSupply { points: 1 }));
    let refusal = act(&mut g, N44Action::FortressSupply { points: 0 }).unwrap_err();
    assert_eq!(refusal.rule.map(|r| r.0), Some("27.2"));
    // Without 27.2 the German may keep them all for the 7th Army.
    g.options.solitaire = false;
    assert!(legal(&g).contains(&N44Action::FortressSupply { points: 0 }));
}

/// An Allied attack on 1506 by `us`, the US HQ in range.
fn allied_attack() -> Normandy44 {
    let data = Kit::new()
        .one_step("us", Side::Allied, "infantry", 6, 4, 0, "", "")
        .one_step("us-hq", Side::Allied, "hq", 1, 4, 0, "", "")
        .one_step("de", Side::German, "infantry", 6, 4, 0, "", "")
        .data();
    let mut g = solitaire(game(&data, Side::Allied, Phase::Combat, &[]));
    g.tracks.supply[SUPPLY_US] = 5;
    place(&mut g, "us", "1505");
    place(&mut g, "de", "1506");
    place(&mut g, "us-hq", "1508");
    let target = hex(&g, "1506");
    act(&mut g, N44Action::Attack { hex: target }).unwrap();
    let us = unit(&g, "us");
    act(&mut g, N44Action::Join { unit: us }).unwrap();
    act(&mut g, N44Action::Maf { unit: us }).unwrap();
    g
}

#[test]
fn rule_27_2_allied_supply_one_beyond_the_turns_free_supp() {
    let mut g = allied_attack();
    let hq = unit(&g, "us-hq");
    // Received 1 free SupP this turn, spent 1 already: one more may go.
    g.solitaire.received = [1, 0];
    g.solitaire.spent = [1, 0];
    act(&mut g, N44Action::Artillery { unit: hq }).unwrap();
    assert!(!legal(&g).contains(&N44Action::Artillery { unit: hq }));
    assert_eq!(
        crate::combat::artillery_refusal(&g, hex(&g, "1506"), hq),
        Some("the army has used its SupP of the turn and one more (27.2, weather roll under 5)")
    );
    // A modified weather roll of 5 or 6 lifts the limit.
    g.weather.row = 5;
    assert!(legal(&g).contains(&N44Action::Artillery { unit: hq }));
}

#[test]
fn rule_27_2_allied_air_only_in_its_armys_zone() {
    let data = Kit::new()
        .region("us_sector", &["1505", "1506"])
        .unit("de-us-side", Side::German, "infantry", 4, 4, 0)
        .unit("de-cw-side", Side::German, "infantry", 4, 4, 0)
        .data();
    let mut g = solitaire(game(&data, Side::Allied, Phase::Combat, &[]));
    place(&mut g, "de-us-side", "1506");
    place(&mut g, "de-cw-side", "1509");
    g.tracks.air = [0, 1];
    let (us_side, cw_side) = (hex(&g, "1506"), hex(&g, "1509"));
    let listed = legal(&g);
    assert!(listed.contains(&N44Action::Strafe { hex: cw_side }));
    assert!(
        !listed.contains(&N44Action::Strafe { hex: us_side }),
        "no US air left"
    );
    g.options.solitaire = false;
    assert!(legal(&g).contains(&N44Action::Strafe { hex: us_side }));
}

#[test]
fn rule_27_2_an_allied_army_builds_an_ip_every_other_turn_and_the_german_near_the_enemy() {
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = solitaire(game(&data, Side::Allied, Phase::Movement, &[]));
    g.turn = 6;
    g.tracks.ip_allowance = [0, 1, 1];
    place(&mut g, "us", "1505");
    let at = hex(&g, "1505");
    g.solitaire.ip_turn = [5, 0];
    assert!(
        !legal(&g).contains(&N44Action::StartIp { hex: at }),
        "one last turn"
    );
    g.solitaire.ip_turn = [4, 0];
    act(&mut g, N44Action::StartIp { hex: at }).unwrap();
    assert_eq!(g.solitaire.ip_turn, [6, 0]);

    // The German: only within 3 hexes of an Allied unit.
    let mut g = solitaire(game(&data, Side::German, Phase::Movement, &[]));
    g.turn = 6;
    g.tracks.ip_allowance = [1, 0, 0];
    place(&mut g, "de", "1505");
    place(&mut g, "us", "1509");
    let de_at = hex(&g, "1505");
    assert!(
        !legal(&g).contains(&N44Action::StartIp { hex: de_at }),
        "4 hexes away"
    );
    place(&mut g, "us", "1508");
    assert!(
        legal(&g).contains(&N44Action::StartIp { hex: de_at }),
        "3 hexes"
    );
}

#[test]
fn rule_27_2_ss_units_come_back_first() {
    let hq = |id: &str, nation: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"german\"\n\
             nation = \"{nation}\"\nsize = \"corps\"\nclass = \"hq\"\nreplacement = \"infantry\"\n\
             steps = [{{ cf = 1, ma = 3, tq = 0 }}]\n"
        )
    };
    let data = Kit::new()
        .unit_toml(&hq("heer-hq", "heer"))
        .unit_toml(&hq("ss-hq", "ss"))
        .terrain("1507", "city")
        .data();
    let mut g = solitaire(game(&data, Side::German, Phase::Replacement, &[]));
    let (heer, ss) = (unit(&g, "heer-hq"), unit(&g, "ss-hq"));
    g.unit_mut(heer).at = Location::Eliminated;
    g.unit_mut(ss).at = Location::Eliminated;
    g.tracks.replacements[Pool::GermanInfantry as usize] = 2;
    let city = hex(&g, "1507");
    let refusal = act(
        &mut g,
        N44Action::Return {
            unit: heer,
            hex: city,
        },
    )
    .unwrap_err();
    assert_eq!(refusal.rule.map(|r| r.0), Some("27.2"), "{refusal:?}");
    act(
        &mut g,
        N44Action::Return {
            unit: ss,
            hex: city,
        },
    )
    .unwrap();
    // Now no SS unit waits: the Heer HQ may come back (the city holds one HQ, so elsewhere).
    g.unit_mut(ss).at = Location::Hex(hex(&g, "1501"));
    act(
        &mut g,
        N44Action::Return {
            unit: heer,
            hex: city,
        },
    )
    .unwrap();
}

#[test]
fn rule_27_2_german_reinforcements_enter_on_their_turn() {
    let data = Kit::new()
        .position("entry-red-2", &["1010"])
        .road("main", &["1004", "1104", "1204"])
        .unit("pz", Side::German, "infantry", 6, 4, 0)
        .arrival("pz", 2, "red")
        .data();
    let mut g = solitaire(game(&data, Side::German, Phase::Movement, &[]));
    let pz = unit(&g, "pz");
    g.unit_mut(pz).at = Location::Arriving(2);
    let listed = legal(&g);
    assert!(!listed.iter().any(|a| matches!(a, N44Action::Delay { .. })));
    assert!(
        !listed.contains(&N44Action::Done),
        "it can enter, so it must"
    );
    assert_eq!(
        g.step,
        Step::Phase(Side::German, Phase::Movement, Stage::Open)
    );
    let entry = hex(&g, "1010");
    let refusal = crate::reinforcement::done_refusal(&g).expect("Done is refused");
    assert_eq!(refusal.rule.map(|r| r.0), Some("27.2"));
    act(
        &mut g,
        N44Action::Enter {
            unit: pz,
            hex: entry,
        },
    )
    .unwrap();
    assert_eq!(g.unit(pz).at, Location::Hex(entry));
    assert!(
        crate::reinforcement::done_refusal(&g).is_none(),
        "entered: Done is free"
    );
}
