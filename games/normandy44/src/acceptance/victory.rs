//! 8.10 Victory: automatic victory (23), the campaign's (24.3), the mini game's (25.2) and the
//! Cherbourg scenario's (26.3) conditions.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::N44Log;
use crate::data::{HexFlags, Scenario, Side};
use crate::state::{Location, Mulberry, Normandy44, Phase, Step, UnitFlags};
use crate::testkit::{Kit, game, hex, place, unit};
use crate::victory;
use overlord_engine::{Outcome, Seat};
use overlord_hexmap::HexId;

/// Run the Final Phase's checks; the outcome, if the game ended.
fn final_phase(g: &mut Normandy44) -> (Option<Outcome>, N44Log) {
    g.step = Step::Final;
    let mut log = N44Log::new();
    let over = victory::final_phase(g, &mut log);
    assert_eq!(over, g.outcome.is_some());
    (g.outcome, log)
}

fn allied_won(outcome: Option<Outcome>) -> bool {
    let o = outcome.expect("the game is over");
    o.winners.contains(Seat(1)) && !o.winners.contains(Seat(0))
}

fn german_won(outcome: Option<Outcome>) -> bool {
    let o = outcome.expect("the game is over");
    o.winners.contains(Seat(0)) && !o.winners.contains(Seat(1))
}

fn allied_control(g: &mut Normandy44, labels: &[&str]) {
    for l in labels {
        let h = hex(g, l);
        g.set_control(h, Side::Allied);
    }
}

fn engineer(id: &str, beach: &str) -> String {
    format!(
        "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"allied\"\n\
         nation = \"us\"\narmy = \"us\"\nsize = \"battalion\"\nclass = \"beach_engineer\"\n\
         replacement = \"infantry\"\ndday_beach = \"{beach}\"\nreplaceable = false\n\
         steps = [{{ cf = 1, ma = 0, tq = 0 }}]\n"
    )
}

/// The last turn of `scenario`.
fn at_end(g: &mut Normandy44, scenario: Scenario) {
    g.scenario = scenario;
    g.last_turn = scenario.last_turn();
    g.turn = g.last_turn;
}

#[test]
fn t_vic_01_rule_24_3_campaign_example_1_net_10_wins() {
    // The Perimeter: the cities 1901, 2001, 2002 and the towns 1902, 1903, 2003 (9 VP); Buron,
    // a town beyond the H-line (rows 15 and up are on the Allied side).
    let data = Kit::new()
        .terrain("1901", "city")
        .terrain("2001", "city")
        .terrain("2002", "city")
        .terrain("1902", "town")
        .terrain("1903", "town")
        .terrain("2003", "town")
        .named("1208", "town", "Buron")
        .region(
            "cherbourg_perimeter",
            &["1901", "1902", "1903", "2001", "2002", "2003"],
        )
        .region("h_line_allied", &refs(&rows(15, 20, 12)))
        .position("beachhead-utah", &["1905"])
        .position("beachhead-omaha", &["1308"])
        .unit_toml(&engineer("eng-utah", "utah"))
        .unit_toml(&engineer("eng-omaha", "omaha"))
        .data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Campaign);
    place(&mut g, "eng-utah", "1905");
    place(&mut g, "eng-omaha", "1308");
    allied_control(
        &mut g,
        &["1901", "2001", "2002", "1902", "1903", "2003", "1208"],
    );
    let (outcome, log) = final_phase(&mut g);
    assert!(allied_won(outcome));
    let o = outcome.unwrap();
    assert_eq!(o.rule.0, "24.3");
    // The margin: 10 net VP, 10 needed.
    assert_eq!((o.score(Seat(0)), o.score(Seat(1))), (0, 0));
    assert!(log.entries().iter().any(|e| e.text.contains("Buron")));
}

/// The labels of rows `from`..=`to`, columns 1..=`columns`.
fn rows(from: u8, to: u8, columns: u8) -> Vec<String> {
    (from..=to)
        .flat_map(|r| (1..=columns).map(move |c| format!("{r}{c:02}")))
        .collect()
}

fn refs(labels: &[String]) -> Vec<&str> {
    labels.iter().map(String::as_str).collect()
}

#[test]
fn t_vic_02_rule_24_3_a_16_campaign_example_2_net_7_loses() {
    let road: Vec<String> = (12..=30).map(|c| format!("20{c:02}")).collect();
    let road = refs(&road);
    let data = Kit::new()
        .size(37, 30)
        .terrain("3606", "city")
        .terrain("3705", "city")
        .terrain("3706", "city")
        .terrain("3504", "town")
        .terrain("3508", "town")
        .terrain("3302", "town")
        .terrain("3303", "town")
        .terrain("3304", "town")
        .terrain("3305", "town")
        .named("2210", "town", "Buron")
        .named("2211", "town", "Épron")
        .terrain("2029", "city")
        .terrain("2030", "city")
        .terrain("1812", "town")
        .road("main", &road)
        .region(
            "cherbourg_perimeter",
            &[
                "3504", "3505", "3506", "3507", "3508", "3604", "3605", "3606", "3607", "3608",
                "3704", "3705", "3706", "3707", "3708",
            ],
        )
        .region("h_line_allied", &refs(&rows(25, 37, 30)))
        .position("beachhead-utah", &["3607"])
        .position("beachhead-omaha", &["2012"])
        .unit_toml(&engineer("eng-utah", "utah"))
        .unit_toml(&engineer("eng-omaha", "omaha"))
        .data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Campaign);
    place(&mut g, "eng-utah", "3607");
    place(&mut g, "eng-omaha", "2012");
    // Allied: 3705, 3706 (4) + 3504, 3508 (2) + Buron, Épron (2) + 2029, 2030 (4) + 1812 (1).
    allied_control(
        &mut g,
        &[
            "3705", "3706", "3504", "3508", "2210", "2211", "2029", "2030", "1812",
        ],
    );
    // German: 3606 (2) + the four peninsula towns tracing to it (4).
    let mut log = N44Log::new();
    assert_eq!(victory::campaign_vp(&g, &mut log), 7);
    let (outcome, _) = final_phase(&mut g);
    assert!(german_won(outcome));
    // 7 net VP, 10 needed.
    assert_eq!(outcome.unwrap().score(Seat(1)), -3);
    assert_eq!(outcome.unwrap().score(Seat(0)), 3);
    // German-held hexes that cannot trace supply score nothing: with the last Cherbourg
    // city hex Allied, the peninsula towns trace nowhere, and the Allies score the city.
    let mut log = N44Log::new();
    let mut g2 = g.clone();
    g2.outcome = None;
    g2.set_control(hex(&g2, "3606"), Side::Allied);
    assert_eq!(victory::campaign_vp(&g2, &mut log), 13 + 2);
}

/// A board wide enough for St-Lô (1815) and Caen (1928, 1929, 2029, 2030).
fn normandy_board() -> Kit {
    Kit::new()
        .size(20, 30)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
}

#[test]
fn t_vic_03_rule_23_2_allied_automatic_victory() {
    let data = normandy_board().data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    // St-Lô alone: no.
    allied_control(&mut g, &["1815"]);
    let (outcome, _) = final_phase(&mut g);
    assert!(outcome.is_none());
    // St-Lô and all of Caen: two of three.
    allied_control(&mut g, &["1928", "1929", "2029", "2030"]);
    let (outcome, log) = final_phase(&mut g);
    assert!(allied_won(outcome));
    assert_eq!(outcome.unwrap().rule.0, "23.2");
    assert_eq!(outcome.unwrap().score(Seat(1)), 100);
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.2"));
    // An in-supply Allied unit on the south edge.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    place(&mut g, "us", "1005");
    let us = unit(&g, "us");
    g.unit_mut(us).flags.set(UnitFlags::OOS, true);
    assert!(final_phase(&mut g).0.is_none(), "out of supply: no");
    g.unit_mut(us).flags.set(UnitFlags::OOS, false);
    assert!(allied_won(final_phase(&mut g).0));
}

/// A 3-step unit (two faces and a cadre) of `nation` and `army`.
fn three_step(id: &str, nation: &str, army: &str, class: &str) -> String {
    format!(
        "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"allied\"\n\
         nation = \"{nation}\"\narmy = \"{army}\"\nsize = \"regiment\"\nclass = \"{class}\"\n\
         replacement = \"infantry\"\ncadre = \"{nation}-cadre\"\n\
         steps = [{{ cf = 6, ma = 4, tq = 0 }}, {{ cf = 3, ma = 4, tq = 0 }}]\n"
    )
}

fn cadre(nation: &str) -> String {
    format!(
        "[[cadre]]\nid = \"{nation}-cadre\"\nside = \"allied\"\nnation = \"{nation}\"\n\
         count = 9\nface = {{ cf = 1, ma = 4, tq = 0 }}\n"
    )
}

fn losses_kit() -> Kit {
    let mut kit = Kit::new()
        .cadre_toml(&cadre("us"))
        .cadre_toml(&cadre("british"))
        .cadre_toml(&cadre("canadian"));
    for i in 0..8 {
        kit = kit.unit_toml(&three_step(&format!("us{i}"), "us", "us", "infantry"));
        kit = kit.unit_toml(&three_step(&format!("br{i}"), "british", "cw", "infantry"));
        kit = kit.unit_toml(&three_step(&format!("ca{i}"), "canadian", "cw", "infantry"));
    }
    kit.unit_toml(&three_step("para", "us", "us", "airborne"))
        .unit_toml(&three_step("para2", "us", "us", "airborne"))
        .unit("ss", Side::Allied, "commando", 4, 4, 1)
        .unit("us-south", Side::Allied, "infantry", 6, 4, 0)
}

#[test]
fn t_vic_04_rule_23_3_rule_22_2_german_automatic_victory_by_losses() {
    let data = losses_kit().data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    let lose = |g: &mut Normandy44, id: &str, at_cadre: bool| {
        let u = unit(g, id);
        if at_cadre {
            place(g, id, "1505");
            g.unit_mut(u).step = 2;
        } else {
            g.unit_mut(u).at = Location::Eliminated;
        }
    };
    // 6 US (4 eliminated, 2 at cadre) and 4 British: no.
    for i in 0..4 {
        lose(&mut g, &format!("us{i}"), false);
        lose(&mut g, &format!("br{i}"), false);
    }
    lose(&mut g, "us4", true);
    lose(&mut g, "us5", true);
    // Canadians never count; a 2-step unit never counts; a withdrawn airborne cadre does not.
    for i in 0..8 {
        lose(&mut g, &format!("ca{i}"), false);
    }
    let ss = unit(&g, "ss");
    g.unit_mut(ss).at = Location::Eliminated;
    let para = unit(&g, "para");
    g.unit_mut(para).at = Location::OutOfPlay;
    g.unit_mut(para).step = 2;
    assert!(final_phase(&mut g).0.is_none());
    // An eliminated airborne unit counts: the seventh.
    lose(&mut g, "para2", false);
    let (outcome, _) = final_phase(&mut g);
    assert!(german_won(outcome));
    assert_eq!(outcome.unwrap().rule.0, "23.3");
    assert_eq!(outcome.unwrap().score(Seat(0)), 100);
    // 5 British is enough on its own.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    for i in 0..5 {
        lose(&mut g, &format!("br{i}"), false);
    }
    assert!(german_won(final_phase(&mut g).0));
}

#[test]
fn rule_23_3_rule_21_1_three_closed_beaches_or_mulberries() {
    let data = Kit::new()
        .unit_toml(&engineer("e-utah", "utah"))
        .unit_toml(&engineer("e-omaha", "omaha"))
        .unit_toml(&engineer("e-gold", "gold"))
        .data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    // The fixture's beachheads are 2010 (Utah), 2011 (Omaha), 2012 (Gold), all German at start.
    for id in ["e-utah", "e-omaha"] {
        let u = unit(&g, id);
        g.unit_mut(u).at = Location::Eliminated;
    }
    let gold = unit(&g, "e-gold");
    g.unit_mut(gold).at = Location::Britain;
    assert_eq!(victory::closed_beaches(&g), 3);
    // Retaken by the Allies, Gold's is no longer closed.
    g.set_control(g.data().map.beachheads[2], Side::Allied);
    assert_eq!(victory::closed_beaches(&g), 2);
    assert!(final_phase(&mut g).0.is_none());
    g.mulberries[1] = Mulberry::Destroyed;
    let (outcome, log) = final_phase(&mut g);
    assert!(german_won(outcome));
    assert!(log.entries().iter().any(|e| e.rule.0 == "23.3"));
}

#[test]
fn t_vic_05_rule_23_1_rule_4_1_the_allied_check_runs_first() {
    let data = losses_kit().data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    for i in 0..7 {
        let u = unit(&g, &format!("us{i}"));
        g.unit_mut(u).at = Location::Eliminated;
    }
    place(&mut g, "us-south", "1005");
    let (outcome, _) = final_phase(&mut g);
    assert!(allied_won(outcome));
    assert_eq!(outcome.unwrap().rule.0, "23.2");
}

fn mini_kit() -> Kit {
    let mut kit = Kit::new()
        .named("1902", "town", "Sainte-Mère-Église")
        .named("1005", "city", "Bayeux")
        .terrain("1007", "city")
        .terrain("1009", "town")
        .terrain("1011", "town")
        .road(
            "secondary",
            &["1902", "1903", "1904", "1905", "1906", "1907", "1908"],
        )
        .position("beachhead-juno", &["1908"])
        .position("beachhead-gold", &["1910"])
        .position("lz-1", &["1310"])
        .unit_toml(&engineer("e-utah", "utah"))
        .unit_toml(&engineer("e-omaha", "omaha"))
        .unit_toml(&engineer("e-gold", "gold"))
        .unit_toml(&engineer("e-juno", "juno"))
        .unit_toml(&engineer("e-sword", "sword"));
    for i in 1..=9 {
        kit = kit.position(&format!("drop-{i}"), &[&format!("130{i}")]);
    }
    kit
}

#[test]
fn t_mini_01_rule_25_2_a_15_rule_17_8_mini_game_victory_points() {
    let data = mini_kit().data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::MiniGame);
    place(&mut g, "e-utah", "2010");
    place(&mut g, "e-omaha", "2011");
    place(&mut g, "e-gold", "1910");
    place(&mut g, "e-juno", "1908");
    place(&mut g, "e-sword", "1811");
    // The road 1908 (Juno's beachhead) to 1902 (Sainte-Mère-Église), Allied all along: +3.
    allied_control(
        &mut g,
        &["1902", "1903", "1904", "1905", "1906", "1907", "1908"],
    );
    assert!(victory::beaches_linked(&g));
    // 9 drop hexes (+9), the landing zone (0), Bayeux (+2), one town beyond the line (+1).
    let drops: Vec<String> = (1..=9).map(|i| format!("130{i}")).collect();
    let drops: Vec<&str> = drops.iter().map(String::as_str).collect();
    allied_control(&mut g, &drops);
    allied_control(&mut g, &["1310", "1005", "1009"]);
    // One engineer off its beachhead (−2): 13 < 14.
    let (outcome, log) = final_phase(&mut g);
    assert!(german_won(outcome));
    let o = outcome.unwrap();
    assert_eq!(o.rule.0, "25.2");
    // 13 VP, 14 needed.
    assert_eq!(o.score(Seat(1)), -1);
    assert_eq!(
        log.entries().iter().filter(|e| e.rule.0 == "25.2").count(),
        1 + 9 + 1 + 1 + 1 + 1
    );
    // Back in its beachhead (2002 in the fixture): 15, an Allied win.
    let mut g = g.clone();
    g.outcome = None;
    place(&mut g, "e-sword", "2002");
    assert!(allied_won(final_phase(&mut g).0));
    // A German hex on the road breaks the link.
    g.outcome = None;
    g.set_control(hex(&g, "1905"), Side::German);
    assert!(!victory::beaches_linked(&g));
}

fn cherbourg_scenario_board(road_south: bool) -> Kit {
    let mut kit = Kit::new()
        .size(37, 30)
        .terrain("3606", "city")
        .terrain("3705", "city")
        .terrain("3706", "city")
        .terrain("2512", "town")
        .region(
            "cherbourg_perimeter",
            &["3505", "3506", "3606", "3607", "3705", "3706"],
        )
        .region("h_line_allied", &refs(&rows(15, 37, 30)))
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("hq", Side::Allied, "hq", 1, 4, 0);
    if road_south {
        let road: Vec<String> = (10..=37).map(|r| format!("{r}06")).collect();
        let road: Vec<&str> = road.iter().map(String::as_str).collect();
        kit = kit.road("main", &road);
    }
    kit
}

#[test]
fn t_chb_03_rule_26_3_cherbourg_victory() {
    let data = cherbourg_scenario_board(true).data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Cherbourg);
    place(&mut g, "us", "3505");
    allied_control(&mut g, &["2512"]);
    let (outcome, log) = final_phase(&mut g);
    assert!(allied_won(outcome));
    assert_eq!(outcome.unwrap().rule.0, "26.3");
    assert!(log.entries().iter().any(|e| e.rule.0 == "26.3"));
    // The same without Carentan: the German wins.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Cherbourg);
    place(&mut g, "us", "3505");
    assert!(german_won(final_phase(&mut g).0));
    // An HQ inside does not count; an out-of-supply unit neither.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Cherbourg);
    allied_control(&mut g, &["2512"]);
    place(&mut g, "hq", "3505");
    assert!(german_won(final_phase(&mut g).0));
    g.outcome = None;
    place(&mut g, "us", "3506");
    let us = unit(&g, "us");
    g.unit_mut(us).flags.set(UnitFlags::OOS, true);
    assert!(german_won(final_phase(&mut g).0));
}

#[test]
fn rule_26_3_the_peninsula_cut_with_carentan_wins() {
    // No road south from Cherbourg: the city hexes trace nowhere (the peninsula is cut).
    let data = cherbourg_scenario_board(false).data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    at_end(&mut g, Scenario::Cherbourg);
    allied_control(&mut g, &["2512"]);
    assert!(allied_won(final_phase(&mut g).0));
    // No automatic victory in the Cherbourg scenario before its last turn.
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    g.scenario = Scenario::Cherbourg;
    g.last_turn = 12;
    place(&mut g, "us", "1005");
    assert!(final_phase(&mut g).0.is_none());
}

#[test]
fn rule_24_3_a_43_control_by_occupation_and_by_the_last_to_enter() {
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("de", Side::German, "infantry", 4, 3, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    let h = hex(&g, "1505");
    // At the start every hex is German.
    assert_eq!(crate::control::controller(&g, h), Side::German);
    // Occupied: the occupant's.
    place(&mut g, "us", "1505");
    assert_eq!(crate::control::controller(&g, h), Side::Allied);
    // Left without being entered by movement: German again (only entering gives control).
    let us = unit(&g, "us");
    g.unit_mut(us).at = Location::OutOfPlay;
    assert_eq!(crate::control::controller(&g, h), Side::German);
    // Placed (a retreat, an advance, a landing): the hex stays the Allies' after they leave.
    crate::control::place(&mut g, us, h);
    g.unit_mut(us).at = Location::OutOfPlay;
    assert!(crate::control::controls(&g, Side::Allied, h));
    crate::control::enter(&mut g, h, Side::German);
    assert!(crate::control::controls(&g, Side::German, h));
    let _ = unit(&g, "de");
}

fn airborne(id: &str, formation: &str) -> String {
    format!(
        "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"allied\"\n\
         nation = \"us\"\narmy = \"us\"\nformation = \"{formation}\"\nsize = \"regiment\"\n\
         class = \"airborne\"\nreplacement = \"airborne\"\n\
         steps = [{{ cf = 4, ma = 4, tq = 1 }}, {{ cf = 2, ma = 4, tq = 1 }}]\n"
    )
}

#[test]
fn t_chb_01_rule_26_3_airborne_zones_row_xx15_and_the_h_line() {
    let data = Kit::new()
        .size(32, 20)
        .formation_toml(
            "[[formation]]\nid = \"us-101ab\"\nname = \"101st Airborne\"\nside = \"allied\"\n\
             airborne = true\n[[formation]]\nid = \"us-82ab\"\nname = \"82nd Airborne\"\n\
             side = \"allied\"\nairborne = true\n",
        )
        .unit_toml(&airborne("p506", "us-101ab"))
        .unit_toml(&airborne("p505", "us-82ab"))
        .region("h_line_allied", &refs(&rows(20, 32, 20)))
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.scenario = Scenario::Cherbourg;
    g.last_turn = 12;
    g.turn = 3;
    let data2 = std::sync::Arc::clone(&data);
    let map = &data2.map;
    let carentan = hex(&g, "2512");
    // A 101st unit 4 hexes from Carentan may not move to a hex 5 away, nor into column 15.
    place(&mut g, "p506", "2508");
    let p506 = unit(&g, "p506");
    let r = crate::movement::reach(&g, &[p506], crate::action::MoveMode::Normal, false).unwrap();
    let ends: Vec<HexId> = r.destinations().collect();
    assert!(!ends.contains(&hex(&g, "2507")));
    assert!(ends.contains(&hex(&g, "2509")));
    assert!(ends.iter().all(|&h| map.hexes.distance(carentan, h) <= 4));
    // On turn 2 the zone does not bind yet.
    g.turn = 2;
    let r = crate::movement::reach(&g, &[p506], crate::action::MoveMode::Normal, false).unwrap();
    assert!(r.destinations().any(|h| h == hex(&g, "2507")));
    g.turn = 3;
    // No unit enters xx15; no Allied unit crosses the H-line (rows 19 and below here).
    place(&mut g, "p506", "2513");
    let r = crate::movement::reach(&g, &[p506], crate::action::MoveMode::Normal, false).unwrap();
    assert!(r.destinations().all(|h| !map.label(h).ends_with("15")));
    place(&mut g, "p506", "2012");
    let r = crate::movement::reach(&g, &[p506], crate::action::MoveMode::Normal, false).unwrap();
    assert!(
        r.destinations()
            .all(|h| map.flags(h).has(HexFlags::H_LINE_ALLIED))
    );
    // An 82nd unit may not attack a hex 4 from its nearest drop hex (Valognes's case); at 3 it may.
    place(&mut g, "p505", "2810");
    let p505 = unit(&g, "p505");
    let drops = ["2710", "2810", "2811"].map(|l| hex(&g, l));
    let from_drops = |h: HexId| {
        drops
            .iter()
            .map(|&d| map.hexes.distance(d, h))
            .min()
            .unwrap()
    };
    let four = map.hexes.ids().find(|&h| from_drops(h) == 4).unwrap();
    let three = map.hexes.ids().find(|&h| from_drops(h) == 3).unwrap();
    assert!(!crate::cherbourg::may_attack(&g, p505, four));
    assert!(crate::cherbourg::may_attack(&g, p505, three));
}
