//! 8.1 and 8.2: the Initial Phase's receipts and choices, and the Mulberries (T-WX-08,
//! T-MUL-01, T-RP-02, and the rules-level side of T-WX-05, T-WX-07 and T-WX-09).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Log};
use crate::data::{Army, Side};
use crate::state::{
    Location, Mulberry, Normandy44, Phase, Pool, SUPPLY_7TH, SUPPLY_CW, SUPPLY_FORTRESS, SUPPLY_US,
    Step, UnitFlags,
};
use crate::tables::weather::Weather;
use crate::testkit::{Kit, act, game, hex, legal, place, unit};
use std::sync::Arc;

/// A game about to play turn 3's Initial Phase after an Overcast-2 turn 2, the weather die
/// scripted.
fn initial(data: &Arc<crate::data::N44Data>, die: u16) -> Normandy44 {
    let mut g = game(data, Side::German, Phase::Replacement, &[die]);
    g.turn = 3;
    g.step = Step::Initial;
    g
}

/// Run the Initial Phase's automatic part.
fn run_initial(g: &mut Normandy44) -> N44Log {
    let mut log = N44Log::new();
    crate::weather::initial_phase(g, &mut log);
    log
}

/// The kit with Cherbourg: hex 2001 (inside the Perimeter) a city, with a road from it to the
/// south edge, so that it traces a line of supply there (5.2) while German-controlled.
fn cherbourg_kit() -> Kit {
    Kit::new().cherbourg_road()
}

#[test]
fn t_wx_08_rule_5_2_fortress_cherbourg_needs_a_cherbourg_trace() {
    let data = cherbourg_kit().data();
    // No Cherbourg city hex traces to the south edge (it is Allied): the roll-4 SupP all go to
    // the 7th Army, with no choice, and assigning one to the Fortress is refused.
    let mut g = initial(&data, 4);
    let cherbourg = hex(&g, "2001");
    g.set_control(cherbourg, Side::Allied);
    let seventh = g.tracks.supply[SUPPLY_7TH];
    let fortress = g.tracks.supply[SUPPLY_FORTRESS];
    run_initial(&mut g);
    assert_eq!(g.step, Step::Initial, "no choice: the German turn is next");
    assert_eq!(g.tracks.supply[SUPPLY_7TH], seventh + 1);
    assert_eq!(g.tracks.supply[SUPPLY_FORTRESS], fortress);
    assert!(act(&mut g, N44Action::FortressSupply { points: 1 }).is_err());

    // With a German-controlled Cherbourg city hex, the German splits them.
    let mut g = initial(&data, 4);
    run_initial(&mut g);
    assert_eq!(g.step, Step::InitialChoice);
    assert_eq!(g.decider(), Side::German);
    assert_eq!(
        legal(&g),
        vec![
            N44Action::FortressSupply { points: 0 },
            N44Action::FortressSupply { points: 1 }
        ]
    );
    act(&mut g, N44Action::FortressSupply { points: 1 }).unwrap();
    assert_eq!(g.tracks.supply[SUPPLY_FORTRESS], fortress + 1);
    assert_eq!(g.tracks.supply[SUPPLY_7TH], seventh);
    assert_eq!(g.step, Step::Begin(Side::German));
    assert_eq!(g.chooser, None);
}

#[test]
fn rule_6_1_rule_5_3_rule_19_1_1_rule_16_1_roll_four_receipts() {
    // T-WX-05 and T-WX-06 at the rules level: roll 4, turn 5.
    let data = cherbourg_kit().data();
    let mut g = initial(&data, 4);
    g.turn = 5;
    g.mulberries = [Mulberry::Complete; 2];
    for army in [Army::Us, Army::Cw] {
        let site = crate::beaches::mulberry_hex(&g, army);
        g.set_control(site, Side::Allied);
    }
    let before = g.tracks;
    run_initial(&mut g);
    assert_eq!(g.weather.condition, Weather::Clear);
    assert_eq!(g.supply_due, 1, "the German SupP waits for its split");
    let r = |p: Pool| g.tracks.replacements[p as usize];
    assert_eq!(r(Pool::GermanInfantry), 1);
    assert_eq!(g.tracks.ip_allowance, [1, 1, 1]);
    assert_eq!(r(Pool::UsInfantry), 1);
    assert_eq!(r(Pool::UsArmor), 1);
    assert_eq!(r(Pool::BritishArmor), 1);
    assert_eq!(r(Pool::BritishInfantry), 0);
    assert_eq!(g.tracks.air, [2, 2]);
    assert_eq!(g.tracks.naval, [2, 2]);
    assert_eq!(g.tracks.supply[SUPPLY_US], before.supply[SUPPLY_US] + 2);
    assert_eq!(g.tracks.supply[SUPPLY_CW], before.supply[SUPPLY_CW] + 2);
    assert_eq!(g.tracks.rp, [6, 6]);

    // Without Mulberries (6.2 example): 1 SupP each.
    let mut g = initial(&data, 4);
    run_initial(&mut g);
    assert_eq!(g.tracks.supply[SUPPLY_US], before.supply[SUPPLY_US] + 1);
    assert_eq!(g.tracks.supply[SUPPLY_CW], before.supply[SUPPLY_CW] + 1);
    assert_eq!(
        g.tracks.ip_allowance,
        [0, 1, 1],
        "no German IPs before turn 5"
    );
}

#[test]
fn rule_6_2_storm_receipts_and_the_cw_choice() {
    // T-WX-07: row 1. The German splits 3 SupP, then the Allies choose the "CW" replacement.
    let data = cherbourg_kit().data();
    let mut g = initial(&data, 1);
    let before = g.tracks;
    run_initial(&mut g);
    assert_eq!(g.weather.condition, Weather::Storm);
    assert_eq!(g.supply_due, 3);
    assert_eq!(g.tracks.replacements[Pool::GermanPt as usize], 1);
    assert_eq!(g.tracks.replacements[Pool::UsInfantry as usize], 1);
    assert_eq!(g.cw_choice_due, 1);
    assert_eq!(g.tracks.rp, [0, 0]);
    assert_eq!(g.tracks.air, [0, 0]);
    assert_eq!(g.tracks.naval, [0, 0]);
    assert_eq!(g.tracks.ip_allowance, [0, 0, 0]);
    assert_eq!(g.tracks.supply[SUPPLY_US], before.supply[SUPPLY_US]);
    act(&mut g, N44Action::FortressSupply { points: 2 }).unwrap();
    assert_eq!(g.tracks.supply[SUPPLY_7TH], before.supply[SUPPLY_7TH] + 1);
    assert_eq!(g.step, Step::InitialChoice);
    assert_eq!(g.decider(), Side::Allied);
    assert!(act(&mut g, N44Action::FortressSupply { points: 0 }).is_err());
    act(&mut g, N44Action::CwReplacement { canadian: true }).unwrap();
    assert_eq!(g.tracks.replacements[Pool::CanadianInfantry as usize], 1);
    assert_eq!(g.step, Step::Begin(Side::German));
}

#[test]
fn rule_5_1_caps_on_supply_and_replacements() {
    // T-WX-09: 18 SupP on the 7th Army and 8 infantry replacements, +2 each → 19 and 9.
    let data = Kit::new().data();
    let mut g = initial(&data, 2);
    g.tracks.supply[SUPPLY_7TH] = 18;
    g.tracks.replacements[Pool::GermanInfantry as usize] = 8;
    run_initial(&mut g);
    assert_eq!(
        g.tracks.supply[SUPPLY_7TH], 19,
        "no Cherbourg: all to the 7th"
    );
    let mut log = N44Log::new();
    crate::weather::add_replacements(&mut g, Pool::GermanInfantry, 1, &mut log);
    assert_eq!(g.tracks.replacements[Pool::GermanInfantry as usize], 9);
}

#[test]
fn rule_17_2_hqs_and_werfers_flip_back_to_ready_in_supply() {
    let hq = |id: &str, class: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"german\"\n\
             nation = \"heer\"\nsize = \"corps\"\nclass = \"{class}\"\nreplacement = \"infantry\"\n\
             steps = [{{ cf = 1, ma = 3, tq = 0 }}]\n"
        )
    };
    let data = Kit::new()
        .unit_toml(&hq("hq", "hq"))
        .unit_toml(&hq("werfer", "werfer"))
        .data();
    let mut g = initial(&data, 3);
    // The HQ is 5 hexes from the blue entry hex 1004: in supply (18.2). The Werfer in 1906 is
    // 8 hexes from the nearest entry hex (1412) with no road on the board: out of supply.
    place(&mut g, "hq", "1505");
    place(&mut g, "werfer", "1906");
    let (h, w) = (unit(&g, "hq"), unit(&g, "werfer"));
    assert!(crate::beaches::unit_in_supply(&g, h));
    assert!(!crate::beaches::unit_in_supply(&g, w));
    g.unit_mut(h).flags.set(UnitFlags::SPENT, true);
    g.unit_mut(w).flags.set(UnitFlags::SPENT, true);
    // T-WERF-01's end: an OOS Werfer stays on its back.
    g.unit_mut(w).flags.set(UnitFlags::OOS, true);
    run_initial(&mut g);
    assert!(!g.unit(h).flags.has(UnitFlags::SPENT));
    assert!(g.unit(w).flags.has(UnitFlags::SPENT));
}

#[test]
fn rule_26_2_cherbourg_scenario_receipts() {
    let data = cherbourg_kit().data();
    let mut g = initial(&data, 3);
    g.scenario = crate::data::Scenario::Cherbourg;
    g.cherbourg_armor = true;
    let before = g.tracks;
    run_initial(&mut g);
    // Roll 3 (A-14: 1–3): +1 SupP straight onto Fortress Cherbourg; US 1 free SupP, 3 RP;
    // odd roll: the row's US replacements (none on row 3); one naval marker.
    assert_eq!(g.step, Step::Initial);
    assert_eq!(
        g.tracks.supply[SUPPLY_FORTRESS],
        before.supply[SUPPLY_FORTRESS] + 1
    );
    assert_eq!(g.tracks.supply[SUPPLY_US], before.supply[SUPPLY_US] + 1);
    assert_eq!(g.tracks.rp, [3, 0]);
    assert_eq!(g.tracks.naval, [1, 0]);
    assert_eq!(g.tracks.air, [1, 0]);
    assert_eq!(g.tracks.replacements[Pool::GermanPt as usize], 0);
    // A Storm turn frees the scenario's one armor replacement.
    let mut g2 = initial(&data, 1);
    g2.scenario = crate::data::Scenario::Cherbourg;
    g2.cherbourg_armor = true;
    run_initial(&mut g2);
    assert_eq!(g2.tracks.replacements[Pool::GermanPt as usize], 1);
    assert_eq!(g2.tracks.replacements[Pool::UsInfantry as usize], 1);
    assert_eq!(g2.tracks.rp, [0, 0]);
}

/// The kit's CW Mulberry site is 2004 (Arromanches); the US one 2003 (Omaha, 29th sector).
#[test]
fn t_mul_01_rule_21_1_mulberry_timing_delay_and_capture() {
    let data = Kit::new()
        .unit("cw", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    let site = hex(&g, "2004");
    assert_eq!(crate::beaches::mulberry_hex(&g, Army::Cw), site);
    place(&mut g, "cw", "2004");
    g.set_control(site, Side::Allied);
    let mut log = N44Log::new();
    // Turn 2 Initial Phase: Arromanches Allied with no German next to it → complete on turn 6.
    g.turn = 2;
    crate::mulberry::initial_phase(&mut g, &mut log);
    assert_eq!(
        g.mulberries[Army::Cw.index()],
        Mulberry::Building { complete_turn: 6 }
    );
    // Turn 3, start of the Allied player turn: a German unit next to the site → turn 7.
    g.turn = 3;
    place(&mut g, "de", "2005");
    crate::turn::begin_player_turn(&mut g, Side::Allied, &mut log);
    assert_eq!(
        g.mulberries[Army::Cw.index()],
        Mulberry::Building { complete_turn: 7 }
    );
    assert!(log.entries().iter().any(|e| e.rule.0 == "21.1"));
    // Not complete on turn 6; complete on turn 7 once the German has gone.
    g.unit_mut(unit(&g, "de")).at = Location::OutOfPlay;
    g.turn = 6;
    crate::mulberry::initial_phase(&mut g, &mut log);
    assert_eq!(
        g.mulberries[Army::Cw.index()],
        Mulberry::Building { complete_turn: 7 }
    );
    // The German enters the site: destroyed, for good, and −2 CW RP (6.5.3).
    g.unit_mut(unit(&g, "cw")).at = Location::OutOfPlay;
    place(&mut g, "de", "2004");
    g.set_control(site, Side::German);
    crate::withdrawal::after_phase(&mut g, &mut log);
    assert_eq!(g.mulberries[Army::Cw.index()], Mulberry::Destroyed);
    g.unit_mut(unit(&g, "de")).at = Location::OutOfPlay;
    g.set_control(site, Side::Allied);
    g.turn = 7;
    crate::mulberry::initial_phase(&mut g, &mut log);
    assert_eq!(g.mulberries[Army::Cw.index()], Mulberry::Destroyed);
    g.weather.condition = Weather::Overcast;
    assert_eq!(crate::weather::turn_rp(&g, Army::Cw), 4);
}

#[test]
fn rule_21_1_mulberry_completes_and_doubles_the_free_supply() {
    let data = Kit::new().data();
    let mut g = initial(&data, 3);
    g.turn = 6;
    g.mulberries[Army::Us.index()] = Mulberry::Building { complete_turn: 6 };
    let site = crate::beaches::mulberry_hex(&g, Army::Us);
    g.set_control(site, Side::Allied);
    let us = g.tracks.supply[SUPPLY_US];
    run_initial(&mut g);
    assert_eq!(g.mulberries[Army::Us.index()], Mulberry::Complete);
    assert_eq!(g.tracks.supply[SUPPLY_US], us + 2);
}
