//! 8.7 Fortifications: improved positions (16.1) and strongpoints (16.2).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Log};
use crate::data::Side;
use crate::fortify::{self, fortification};
use crate::state::{Ip, Location, Normandy44, Phase, UnitFlags};
use crate::tables::determined_defense::{DdColumn, dd_result};
use crate::tables::terrain::{Fortification, Terrain, attacker_armor_shift_into};
use crate::testkit::{Kit, game, hex, place, unit};

fn legal(g: &Normandy44) -> Vec<N44Action> {
    let mut out = Vec::new();
    crate::decisions::legal(g, &mut out);
    out
}

fn answer(g: &mut Normandy44, action: N44Action) -> Result<(), overlord_engine::Refusal> {
    let mut log = N44Log::new();
    crate::decisions::answer(g, action, &mut log)
}

fn kit() -> Kit {
    Kit::new()
        .terrain("1511", "city")
        .unit("a", Side::German, "infantry", 4, 3, 0)
        .unit("b", Side::German, "infantry", 4, 3, 0)
        .unit("c", Side::German, "infantry", 4, 3, 0)
        .unit("pz", Side::German, "armor", 6, 5, 1)
        .unit("sp", Side::German, "strongpoint", 2, 0, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("cw", Side::Allied, "infantry", 6, 4, 0)
}

#[test]
fn t_ip_01_rule_16_1_construction_timing_completion_and_removal() {
    let data = kit().data();
    // Turn 4: rejected.
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 4;
    g.tracks.ip_allowance = [2, 0, 0];
    place(&mut g, "a", "1505");
    let at = hex(&g, "1505");
    assert!(!legal(&g).contains(&N44Action::StartIp { hex: at }));
    assert!(answer(&mut g, N44Action::StartIp { hex: at }).is_err());
    // Turn 5, allowance 2 (weather row 2): two units that did not move start IPs.
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 5;
    g.tracks.ip_allowance = [2, 0, 0];
    place(&mut g, "a", "1505");
    place(&mut g, "b", "1508");
    place(&mut g, "c", "1303");
    let (h1, h2, h3) = (hex(&g, "1505"), hex(&g, "1508"), hex(&g, "1303"));
    let listed = legal(&g);
    for h in [h1, h2, h3] {
        assert!(listed.contains(&N44Action::StartIp { hex: h }));
    }
    answer(&mut g, N44Action::StartIp { hex: h1 }).unwrap();
    answer(&mut g, N44Action::StartIp { hex: h2 }).unwrap();
    assert_eq!(g.ips.len(), 2);
    assert_eq!(g.tracks.ip_allowance[0], 0);
    assert!(
        !legal(&g).contains(&N44Action::StartIp { hex: h3 }),
        "allowance spent"
    );
    // The builder stays put, and no attack goes out of its hex this turn.
    assert!(fortify::no_attacks_from(&g, h1));
    assert!(crate::movement::why_stuck(&g, unit(&g, "a"), false).is_some());
    // Under construction: no effect yet.
    assert_eq!(fortification(&g, h1), Fortification::None);
    // 1508 is left; the German turn-6 Movement Phase completes 1505's IP only.
    let b = unit(&g, "b");
    g.unit_mut(b).at = Location::Hex(h3);
    g.turn = 6;
    let mut log = N44Log::new();
    crate::turn::begin_phase(&mut g, Side::German, Phase::Movement, &mut log);
    assert_eq!(
        fortify::ip_at(&g, h1),
        Some(Ip {
            hex: h1,
            owner: Side::German,
            complete: true
        })
    );
    assert!(!fortify::ip_at(&g, h2).unwrap().complete);
    assert_eq!(fortification(&g, h1), Fortification::ImprovedPosition);
    assert!(
        !fortify::no_attacks_from(&g, h1),
        "the builder is free again"
    );
    // The empty IP hex loses its IP at the end of the owner's Supply Phase.
    crate::turn::begin_phase(&mut g, Side::German, Phase::Supply, &mut log);
    assert!(fortify::ip_at(&g, h2).is_none());
    assert!(fortify::ip_at(&g, h1).is_some());
    assert!(log.entries().iter().any(|e| e.rule.0 == "16.1"));
}

#[test]
fn rule_16_1_who_may_build_and_where() {
    let data = kit().data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 5;
    g.tracks.ip_allowance = [3, 0, 0];
    let start =
        |g: &Normandy44, label: &str| legal(g).contains(&N44Action::StartIp { hex: hex(g, label) });
    // Not armor; not a city; not a strongpoint's hex; a moved, Disorganized or replaced unit
    // neither; in an EZOC, yes.
    place(&mut g, "pz", "1505");
    assert!(!start(&g, "1505"));
    place(&mut g, "a", "1511");
    assert!(!start(&g, "1511"));
    place(&mut g, "a", "1503");
    place(&mut g, "sp", "1503");
    assert!(!start(&g, "1503"));
    let b = unit(&g, "b");
    place(&mut g, "b", "1308");
    for flag in [
        UnitFlags::MOVED,
        UnitFlags::DISORGANIZED,
        UnitFlags::REPLACED,
    ] {
        g.unit_mut(b).flags.set(flag, true);
        assert!(!start(&g, "1308"));
        g.unit_mut(b).flags.set(flag, false);
    }
    place(&mut g, "us", "1309");
    assert!(start(&g, "1308"), "construction is allowed in an EZOC");
    // A builder in Reserve leaves it.
    g.unit_mut(b).flags.set(UnitFlags::RESERVE, true);
    let site = hex(&g, "1308");
    answer(&mut g, N44Action::StartIp { hex: site }).unwrap();
    assert!(!g.unit(b).flags.has(UnitFlags::RESERVE));
    assert!(g.unit(b).flags.has(UnitFlags::BUILDING_IP));
    // Storm: none.
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 5;
    g.tracks.ip_allowance = [3, 0, 0];
    g.weather.condition = crate::tables::weather::Weather::Storm;
    place(&mut g, "c", "1308");
    assert!(!start(&g, "1308"));
}

#[test]
fn rule_16_1_allied_allowance_per_army_and_the_counter_limit() {
    let data = kit().data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.tracks.ip_allowance = [0, 1, 0];
    place(&mut g, "us", "1505");
    place(&mut g, "cw", "1508");
    assert!(legal(&g).contains(&N44Action::StartIp {
        hex: hex(&g, "1505")
    }));
    assert!(
        !legal(&g).contains(&N44Action::StartIp {
            hex: hex(&g, "1508")
        }),
        "the British Second Army has no allowance left"
    );
    // The counters are an absolute limit (6 Allied): remove one to build elsewhere.
    for c in 1..=6u8 {
        g.ips.push(Ip {
            hex: hex(&g, &format!("12{c:02}")),
            owner: Side::Allied,
            complete: true,
        });
    }
    assert!(!legal(&g).contains(&N44Action::StartIp {
        hex: hex(&g, "1505")
    }));
    let old = hex(&g, "1201");
    assert!(legal(&g).contains(&N44Action::RemoveIp { hex: old }));
    answer(&mut g, N44Action::RemoveIp { hex: old }).unwrap();
    assert!(legal(&g).contains(&N44Action::StartIp {
        hex: hex(&g, "1505")
    }));
}

#[test]
fn rule_16_1_permanent_ips_serve_either_side_and_never_go() {
    // Osteck: the map's `permanent_ip` tag, set on the loaded data.
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut data = (*data).clone();
    let osteck = data.map.hex("1505").unwrap();
    data.map.flags[osteck.index()].0 |= crate::data::HexFlags::PERMANENT_IP;
    let data = std::sync::Arc::new(data);
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.tracks.ip_allowance = [0, 1, 1];
    place(&mut g, "us", "1505");
    assert_eq!(fortification(&g, osteck), Fortification::ImprovedPosition);
    assert!(!legal(&g).contains(&N44Action::StartIp { hex: osteck }));
    assert!(!legal(&g).contains(&N44Action::RemoveIp { hex: osteck }));
    let us = unit(&g, "us");
    g.unit_mut(us).at = Location::OutOfPlay;
    place(&mut g, "de", "1505");
    assert_eq!(fortification(&g, osteck), Fortification::ImprovedPosition);
    let mut log = N44Log::new();
    crate::turn::begin_phase(&mut g, Side::German, Phase::Supply, &mut log);
    assert_eq!(fortification(&g, osteck), Fortification::ImprovedPosition);
}

#[test]
fn t_ip_02_rule_16_1_rule_12_4_4_ip_effects_and_the_star_result() {
    let data = kit().data();
    let mut g = game(&data, Side::German, Phase::Combat, &[]);
    place(&mut g, "a", "1505");
    let at = hex(&g, "1505");
    g.ips.push(Ip {
        hex: at,
        owner: Side::German,
        complete: true,
    });
    let f = fortification(&g, at);
    assert_eq!(f, Fortification::ImprovedPosition);
    // The attacker's armor shift is denied; DD uses the IP column.
    assert!(!attacker_armor_shift_into(&[Terrain::Clear], f));
    let column = DdColumn::of(&[Terrain::Clear], false, f);
    assert_eq!(column, DdColumn::ImprovedPosition);
    // Die 6 on the IP column: "• AL*": the IP is removed.
    let result = dd_result(column, 6);
    assert!(result.ip_removed());
    let mut log = N44Log::new();
    fortify::remove_ip(
        &mut g,
        at,
        fortify::IP,
        "the Determined Defense's \"*\"",
        &mut log,
    );
    assert_eq!(fortification(&g, at), Fortification::None);
    // An IP whose defenders are all eliminated or retreat goes at once.
    g.ips.push(Ip {
        hex: at,
        owner: Side::German,
        complete: true,
    });
    fortify::hex_lost(&mut g, at, &mut log);
    assert!(fortify::ip_at(&g, at).is_some(), "its unit is still there");
    let a = unit(&g, "a");
    g.unit_mut(a).at = Location::Eliminated;
    fortify::hex_lost(&mut g, at, &mut log);
    assert!(fortify::ip_at(&g, at).is_none());
}

#[test]
fn t_sp_01_rule_16_2_strongpoint_no_zoc_its_column_and_voluntary_removal() {
    let data = kit().data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "sp", "1505");
    let sp = unit(&g, "sp");
    let at = hex(&g, "1505");
    assert!(!crate::zoc::exerts_zoc(&g, sp), "no ZOC");
    assert_eq!(fortification(&g, at), Fortification::Strongpoint);
    assert_eq!(
        DdColumn::of(&[Terrain::Clear], false, fortification(&g, at)),
        DdColumn::StrongpointCity
    );
    assert!(crate::movement::why_stuck(&g, sp, false).is_some(), "MA 0");
    // The German removes it on his turn.
    assert!(legal(&g).contains(&N44Action::RemoveIp { hex: at }));
    answer(&mut g, N44Action::RemoveIp { hex: at }).unwrap();
    assert_eq!(g.unit(sp).at, Location::OutOfPlay);
    // Not on the Allied turn.
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    place(&mut g, "sp", "1505");
    assert!(!legal(&g).contains(&N44Action::RemoveIp { hex: at }));
    assert!(answer(&mut g, N44Action::RemoveIp { hex: at }).is_err());
}

#[test]
fn rule_16_1_random_play_lists_only_what_it_accepts() {
    use overlord_engine::{Game, GameRng};
    let data = kit().data();
    for seed in 0..20u64 {
        let mut g = game(&data, Side::German, Phase::Replacement, &[]);
        g.rng = GameRng::seeded(seed);
        g.turn = 5;
        g.tracks.ip_allowance = [2, 1, 1];
        for (id, at) in [
            ("a", "1505"),
            ("b", "1508"),
            ("c", "1303"),
            ("pz", "1404"),
            ("sp", "1506"),
            ("us", "1805"),
            ("cw", "1808"),
        ] {
            place(&mut g, id, at);
        }
        let mut pick = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut log = N44Log::new();
        let mut out = Vec::new();
        for _ in 0..400 {
            if g.outcome().is_some() {
                break;
            }
            g.legal_actions(&mut out);
            if out.is_empty() {
                break;
            }
            pick = pick
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let action = out[(pick >> 33) as usize % out.len()];
            let _applied = g
                .apply_listed(action, &mut log)
                .unwrap_or_else(|r| panic!("{action:?} listed but refused: {r:?}"));
        }
    }
}
