//! 8.8 The invasion turn (the example of play's Special Invasion Phase), checked at the rules
//! level: the state after each drop and assault, on a made-up coast (the beaches are hexes
//! 2001–2009 in `Assault` order, the sea is row 21). Some cases of 8.9 where they concern the
//! invasion.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Assault, Scenario, Side};
use crate::invasion::{self, Stage, Sub};
use crate::state::{Location, Normandy44, Phase, Pool, Stage as PhaseStage, Step, UnitFlags};
use crate::testkit::{Kit, hex, new_scenario, unit};
use overlord_engine::Game;
use overlord_engine::GameRng;
use overlord_engine::driver;
use std::sync::Arc;

/// A unit of units.toml: `steps` as (cf, ma) faces, TQ 0; `cadre`: its cadre type.
fn counter(
    id: &str,
    class: &str,
    formation: Option<&str>,
    steps: &[(u8, u8)],
    cadre: Option<&str>,
) -> String {
    let (side, nation, army) = if id.starts_with("de-") || id.starts_with("sp-") {
        ("german", "heer", "")
    } else if id.starts_with("cw-") {
        ("allied", "british", "army = \"cw\"\n")
    } else {
        ("allied", "us", "army = \"us\"\n")
    };
    let formation = formation
        .map(|f| format!("formation = \"{f}\"\n"))
        .unwrap_or_default();
    let cadre = cadre
        .map(|c| format!("cadre = \"{c}\"\n"))
        .unwrap_or_default();
    let replacement = if class == "airborne" || class == "glider" {
        "airborne"
    } else if class == "silhouette" {
        "armor"
    } else {
        "infantry"
    };
    let faces: Vec<String> = steps
        .iter()
        .map(|&(cf, ma)| {
            let zoc = if cf <= 1 || class == "strongpoint" {
                ", no_zoc = true"
            } else {
                ""
            };
            format!("{{ cf = {cf}, ma = {ma}, tq = 0{zoc} }}")
        })
        .collect();
    format!(
        "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"{side}\"\n\
         nation = \"{nation}\"\n{army}{formation}size = \"regiment\"\nclass = \"{class}\"\n\
         replacement = \"{replacement}\"\n{cadre}steps = [{}]\n",
        faces.join(", ")
    )
}

/// One assault of the fixture: its units, tank battalion and strongpoint.
struct Beach {
    assault: Assault,
    units: &'static [&'static str],
    tanks: Option<&'static str>,
}

const BEACHES: [Beach; 9] = [
    Beach {
        assault: Assault::Utah,
        units: &["us-8"],
        tanks: Some("us-70tk"),
    },
    Beach {
        assault: Assault::PointeDuHoc,
        units: &["us-2rng", "us-5rng"],
        tanks: None,
    },
    Beach {
        assault: Assault::Omaha29,
        units: &["us-116", "us-115"],
        tanks: Some("us-743tk"),
    },
    Beach {
        assault: Assault::Omaha1,
        units: &["us-16", "us-18"],
        tanks: Some("us-741tk"),
    },
    Beach {
        assault: Assault::GoldJig,
        units: &["cw-231", "cw-56"],
        tanks: Some("cw-jigtk"),
    },
    Beach {
        assault: Assault::GoldKing,
        units: &["cw-69", "cw-151"],
        tanks: Some("cw-kingtk"),
    },
    Beach {
        assault: Assault::JunoMike,
        units: &["cw-7cdn"],
        tanks: Some("cw-miketk"),
    },
    Beach {
        assault: Assault::JunoNan,
        units: &["cw-8cdn", "cw-9cdn"],
        tanks: Some("cw-nantk"),
    },
    Beach {
        assault: Assault::SwordQueen,
        units: &["cw-8bde", "cw-185"],
        tanks: Some("cw-queentk"),
    },
];

/// The drops in the example's order: (unit, formation, class, drop hex, 3 steps).
const DROPS: [(&str, &str, &str, bool); 9] = [
    ("us-507", "us-82", "1702", true),
    ("us-505", "us-82", "1703", true),
    ("us-508", "us-82", "1704", true),
    ("us-502", "us-101", "1802", true),
    ("us-506", "us-101", "1803", true),
    ("us-501", "us-101", "1804", true),
    ("cw-3para", "cw-6ab", "1709", false),
    ("cw-5para", "cw-6ab", "1710", false),
    ("cw-8-3", "cw-6ab", "1711", false),
];

/// The fixture: the assaults of `assaults`, the drops of `drops` (by unit id), the glider
/// regiments `us-325` (82nd, LZ 1605) and `us-401` (101st, LZ 1607) when `gliders`, and
/// `extra` setup lines.
fn fixture(assaults: &[Assault], drops: &[&str], gliders: bool, extra: &str) -> Arc<N44Data> {
    fixture_with(assaults, drops, gliders, extra, Kit::new())
}

/// [`fixture`] on a kit that already holds some units, terrain or hexsides.
fn fixture_with(
    assaults: &[Assault],
    drops: &[&str],
    gliders: bool,
    extra: &str,
    kit: Kit,
) -> Arc<N44Data> {
    let mut kit = kit
        .formation_toml(
            "[[formation]]\nid = \"us-82\"\nname = \"82nd Airborne\"\nside = \"allied\"\nairborne = true\n\
             [[formation]]\nid = \"us-101\"\nname = \"101st Airborne\"\nside = \"allied\"\nairborne = true\n\
             [[formation]]\nid = \"us-325-group\"\nname = \"325th combat team\"\nside = \"allied\"\nparent = \"us-82\"\n\
             [[formation]]\nid = \"cw-6ab\"\nname = \"6th Airborne\"\nside = \"allied\"\nairborne = true\n",
        )
        .cadre_toml(
            "[[cadre]]\nid = \"us-cadre\"\nside = \"allied\"\nnation = \"us\"\ncount = 12\n\
             face = { cf = 2, ma = 4, tq = 0 }\n",
        );
    let mut setup = String::new();
    for b in BEACHES.iter().filter(|b| assaults.contains(&b.assault)) {
        for &u in b.units {
            let three = u.starts_with("us-1") || u == "us-8";
            let class = if u.contains("rng") {
                "ranger"
            } else {
                "infantry"
            };
            let (steps, cadre): (&[(u8, u8)], _) = if three {
                (&[(6, 4), (4, 4)], Some("us-cadre"))
            } else if u.contains("rng") {
                (&[(3, 4), (2, 4)], None)
            } else {
                (&[(6, 4), (3, 4)], None)
            };
            kit = kit.unit_toml(&counter(u, class, None, steps, cadre));
        }
        let mut line = format!(
            "[[assault]]\nbeach = \"{}\"\nunits = [{}]\n",
            b.assault.position(),
            b.units
                .iter()
                .map(|u| format!("\"{u}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if let Some(t) = b.tanks {
            kit = kit.unit_toml(&counter(t, "silhouette", None, &[(4, 6), (2, 6)], None));
            line.push_str(&format!("tanks = \"{t}\"\n"));
        }
        setup.push_str(&line);
        let sp = format!("sp-{}", b.assault as usize);
        kit = kit.unit_toml(&counter(&sp, "strongpoint", None, &[(2, 0)], None));
        setup.push_str(&format!(
            "[[german]]\nunit = \"{sp}\"\nhex = \"20{:02}\"\n[[cherbourg]]\nunit = \"{sp}\"\nhex = \"20{:02}\"\n",
            b.assault as usize + 1,
            b.assault as usize + 1
        ));
    }
    for &(u, formation, at, three) in DROPS.iter().filter(|d| drops.contains(&d.0)) {
        let (steps, cadre): (&[(u8, u8)], _) = if three {
            (&[(6, 4), (4, 4)], Some("us-cadre"))
        } else if u == "cw-8-3" {
            (&[(2, 4), (1, 4)], None)
        } else {
            (&[(6, 4), (3, 4)], None)
        };
        kit = kit
            .unit_toml(&counter(u, "airborne", Some(formation), steps, cadre))
            .position(&format!("drop-{u}"), &[at]);
        setup.push_str(&format!(
            "[[drop]]\nunit = \"{u}\"\nposition = \"drop-{u}\"\n"
        ));
    }
    if gliders {
        for (u, formation, lz) in [
            ("us-325", "us-325-group", "1605"),
            ("us-401", "us-101", "1607"),
        ] {
            kit = kit
                .unit_toml(&counter(
                    u,
                    "glider",
                    Some(formation),
                    &[(6, 4), (3, 4)],
                    None,
                ))
                .position(&format!("lz-{u}"), &[lz]);
            setup.push_str(&format!(
                "[[glider]]\nunit = \"{u}\"\nposition = \"lz-{u}\"\n"
            ));
        }
    }
    // A German unit far inland, free to move: the German Movement Phase of turn 1 stops the
    // driver after the invasion.
    kit = kit.unit_toml(&counter("de-91", "infantry", None, &[(4, 3), (2, 3)], None));
    setup.push_str("[[german]]\nunit = \"de-91\"\nhex = \"1012\"\n");
    setup.push_str("[[cherbourg]]\nunit = \"de-91\"\nhex = \"1012\"\n");
    setup.push_str(extra);
    kit.setup_toml(&setup).data()
}

use crate::data::N44Data;

/// The game of the campaign on `data` run to its first decision, with `dice`.
fn start(data: &Arc<N44Data>, scenario: Scenario, dice: &[u16]) -> (Normandy44, N44Log) {
    let mut g = new_scenario(data, scenario, dice);
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    (g, log)
}

/// The legal answers now.
fn legal(g: &Normandy44) -> Vec<N44Action> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out
}

/// Answer `action`, which must be listed.
fn act(g: &mut Normandy44, log: &mut N44Log, action: N44Action) {
    let listed = legal(g);
    assert!(
        listed.contains(&action),
        "{action:?} is not listed at {:?}: {listed:?}",
        g.step()
    );
    let _ = g.apply(action, log).expect("a listed action is accepted");
}

fn lose(g: &mut Normandy44, log: &mut N44Log, id: &str) {
    let u = unit(g, id);
    act(g, log, N44Action::Lose { unit: u });
}

fn advance(g: &mut Normandy44, log: &mut N44Log, id: &str, to: &str) {
    let (u, h) = (unit(g, id), hex(g, to));
    act(g, log, N44Action::InvasionAdvance { unit: u, hex: h });
}

fn at(g: &Normandy44, id: &str) -> Location {
    g.unit(unit(g, id)).at
}

fn on(g: &Normandy44, label: &str) -> Location {
    Location::Hex(hex(g, label))
}

fn step(g: &Normandy44, id: &str) -> u8 {
    g.unit(unit(g, id)).step
}

fn scattered(g: &Normandy44, id: &str) -> bool {
    g.unit(unit(g, id)).flags.has(UnitFlags::SCATTERED)
}

/// Every scripted die was rolled, and none more.
fn dice_spent(g: &Normandy44) {
    assert!(g.rng.fault().is_none(), "{:?}", g.rng.fault());
    assert!(!g.rng.script_pending(), "scripted dice left over");
}

fn at_sub(g: &Normandy44) -> Option<Sub> {
    invasion::sub(g)
}

fn losers(g: &Normandy44) -> Vec<String> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            N44Action::Lose { unit } => Some(g.data().unit(unit).id.clone()),
            _ => None,
        })
        .collect()
}

fn advance_hexes(g: &Normandy44, id: &str) -> Vec<String> {
    let u = unit(g, id);
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            N44Action::InvasionAdvance { unit, hex } if unit == u => Some(g.data().map.label(hex)),
            _ => None,
        })
        .collect()
}

fn dice_logged(log: &N44Log, rule: &str) -> Vec<u8> {
    log.entries()
        .iter()
        .filter(|e| e.rule.0 == rule)
        .filter_map(|e| match e.event {
            N44Event::Die { raw, .. } => Some(raw),
            _ => None,
        })
        .collect()
}

const US_82: [&str; 3] = ["us-507", "us-505", "us-508"];
const US_101: [&str; 3] = ["us-502", "us-506", "us-501"];
const CW_6: [&str; 3] = ["cw-3para", "cw-5para", "cw-8-3"];

#[test]
fn t_inv_01_rule_20_2_rule_17_9_82nd_scatter() {
    let data = fixture(&[], &US_82, false, "");
    let (g, log) = start(&data, Scenario::Campaign, &[2, 5, 2]);
    dice_spent(&g);
    // The 507th and 508th lose 2 steps from full: cadres (the step past the printed faces).
    assert_eq!(step(&g, "us-507"), 2);
    assert_eq!(step(&g, "us-505"), 0);
    assert_eq!(step(&g, "us-508"), 2);
    assert_eq!(g.data().face(unit(&g, "us-507"), 2).unwrap().cf, 2);
    for id in US_82 {
        assert!(scattered(&g, id), "{id}");
    }
    assert_eq!(at(&g, "us-507"), on(&g, "1702"));
    assert_eq!(at(&g, "us-505"), on(&g, "1703"));
    assert_eq!(at(&g, "us-508"), on(&g, "1704"));
    assert!(g.allied_controls(hex(&g, "1704")));
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 2);
    assert_eq!(dice_logged(&log, "20.2"), vec![2, 5, 2]);
}

#[test]
fn t_inv_02_rule_20_2_101st_scatter() {
    let data = fixture(&[], &US_101, false, "");
    let (g, _) = start(&data, Scenario::Campaign, &[2, 6, 1]);
    dice_spent(&g);
    assert_eq!(step(&g, "us-502"), 1);
    assert_eq!(step(&g, "us-506"), 0);
    assert_eq!(
        step(&g, "us-501"),
        2,
        "an S2 on a full 3-step unit leaves its cadre"
    );
    assert!(scattered(&g, "us-502") && scattered(&g, "us-501"));
    assert!(!scattered(&g, "us-506"));
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 2);
}

#[test]
fn t_inv_03_rule_20_2_6th_airborne_scatter() {
    let data = fixture(&[], &CW_6, false, "");
    let (g, _) = start(&data, Scenario::Campaign, &[6, 3, 1]);
    dice_spent(&g);
    assert!(!scattered(&g, "cw-3para"));
    assert!(scattered(&g, "cw-5para") && scattered(&g, "cw-8-3"));
    assert_eq!(step(&g, "cw-3para"), 0);
    assert_eq!(step(&g, "cw-5para"), 0);
    assert_eq!(step(&g, "cw-8-3"), 1);
    assert_eq!(g.tracks.replacements[Pool::BritishAirborne as usize], 1);
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 0);
}

#[test]
fn rule_20_2_rule_17_9_scatter_losses_past_the_last_step_eliminate() {
    // The 507th rolls 1 (S2) with no cadre counter of its type free: it is eliminated (17.9).
    // The 8/3 battalion rolls 1 on the 6th's column (S1): it lands reduced.
    let data = fixture(&[], &["us-507", "cw-8-3"], false, "");
    let mut g = new_scenario(&data, Scenario::Campaign, &[1, 1]);
    let mut no_cadres = (*data).clone();
    no_cadres.cadres[0].count = 0;
    g.data = Arc::new(no_cadres);
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    dice_spent(&g);
    assert_eq!(at(&g, "us-507"), Location::Eliminated);
    assert!(log.entries().iter().any(|e| e.rule.0 == "17.9"));
    assert_eq!(step(&g, "cw-8-3"), 1);
    assert_eq!(at(&g, "cw-8-3"), on(&g, "1711"));
    // Already reduced, the 505th rolls 1 (S2): two more steps are one past its cadre.
    // Already reduced, the 8/3 battalion rolls 1 (S1): eliminated.
    let data = fixture(&[], &["us-505", "cw-8-3"], false, "");
    let mut g = new_scenario(&data, Scenario::Campaign, &[1, 1]);
    for id in ["us-505", "cw-8-3"] {
        let u = unit(&g, id);
        g.unit_mut(u).step = 1;
    }
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    dice_spent(&g);
    assert_eq!(at(&g, "us-505"), Location::Eliminated);
    assert_eq!(at(&g, "cw-8-3"), Location::Eliminated);
    // Each S1 and S2 still gives its replacement.
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 1);
    assert_eq!(g.tracks.replacements[Pool::BritishAirborne as usize], 1);
}

#[test]
fn t_inv_05_rule_20_3_1_rule_20_3_5_utah() {
    let data = fixture(&[Assault::Utah], &[], false, "");
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[4, 1]);
    assert_eq!(at_sub(&g), Some(Sub::Assault(0, Stage::Losses)));
    // 20.3.2: infantry only: the tank battalion is not offered.
    assert_eq!(losers(&g), vec!["us-8".to_owned()]);
    assert_eq!(g.decider(), Side::Allied);
    // The units wait in their box next to the beach.
    assert_eq!(at(&g, "us-8"), Location::AssaultBox(0));
    lose(&mut g, &mut log, "us-8");
    // The SP is eliminated; the DD roll of 1 costs the tanks a step.
    assert_eq!(at(&g, "sp-0"), Location::Eliminated);
    assert_eq!(step(&g, "us-70tk"), 1);
    assert_eq!(step(&g, "us-8"), 1);
    assert_eq!(at_sub(&g), Some(Sub::Assault(0, Stage::Advance)));
    // Adv 2: the beach hex first, then one more hex.
    assert_eq!(advance_hexes(&g, "us-8"), vec!["2001".to_owned()]);
    advance(&mut g, &mut log, "us-8", "2001");
    let mut second = advance_hexes(&g, "us-8");
    second.sort();
    // 2002 holds Pointe du Hoc's SP in a full game; here it is empty land.
    assert_eq!(second, vec!["1901", "2002"]);
    advance(&mut g, &mut log, "us-8", "1901");
    assert!(advance_hexes(&g, "us-8").is_empty(), "two hexes at most");
    advance(&mut g, &mut log, "us-70tk", "2001");
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    assert_eq!(at(&g, "us-8"), on(&g, "1901"));
    assert_eq!(at(&g, "us-70tk"), on(&g, "2001"));
    assert!(g.allied_controls(hex(&g, "2001")) && g.allied_controls(hex(&g, "1901")));
    assert_eq!(dice_logged(&log, "20.3.1"), vec![4]);
    assert_eq!(dice_logged(&log, "20.3.5"), vec![1]);
}

#[test]
fn t_inv_06_rule_20_3_4_pointe_du_hoc() {
    let data = fixture(&[Assault::PointeDuHoc], &[], false, "");
    // Die 4: A1/D1 Adv 1; the 5th Rangers' die 4: the Next Wave box. No DD roll.
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[4, 4]);
    assert_eq!(
        losers(&g),
        vec!["us-2rng".to_owned()],
        "the 5th takes no loss"
    );
    lose(&mut g, &mut log, "us-2rng");
    assert_eq!(at(&g, "sp-1"), Location::Eliminated);
    assert_eq!(advance_hexes(&g, "us-2rng"), vec!["2002".to_owned()]);
    assert!(advance_hexes(&g, "us-5rng").is_empty());
    advance(&mut g, &mut log, "us-2rng", "2002");
    // Adv 1: nothing more; the advance ends by itself, then the 5th rolls.
    dice_spent(&g);
    assert_eq!(at(&g, "us-2rng"), on(&g, "2002"));
    assert_eq!(step(&g, "us-2rng"), 1, "the 2nd Rangers land reduced");
    assert_eq!(at(&g, "us-5rng"), Location::NextWave);
    assert_eq!(dice_logged(&log, "20.3.4"), vec![4]);

    // A 5th Rangers' die of 2: they land at Pointe du Hoc.
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[6, 2]);
    advance(&mut g, &mut log, "us-2rng", "2002");
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    assert_eq!(at(&g, "us-5rng"), on(&g, "2002"));

    // Assault die 1 (A2/D1): the landing fails, the 2nd is eliminated, the 5th goes to Omaha's
    // next wave without a roll.
    let (g, _) = start(&data, Scenario::Campaign, &[1]);
    dice_spent(&g);
    assert_eq!(at(&g, "us-2rng"), Location::Eliminated);
    assert_eq!(at(&g, "us-5rng"), Location::NextWave);
    assert!(!g.allied_controls(hex(&g, "2002")));
}

#[test]
fn t_inv_07_rule_20_3_3_rule_20_3_6_omaha_29th_bloody_omaha() {
    let data = fixture(&[Assault::Omaha29], &[], false, "");
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[1, 6, 2]);
    // A1*: a step, and the SP stays.
    assert_eq!(at_sub(&g), Some(Sub::Assault(2, Stage::Losses)));
    lose(&mut g, &mut log, "us-116");
    // The re-roll 6: A1/D1 Adv 2, capped to 1; the other regiment loses a step.
    assert_eq!(at_sub(&g), Some(Sub::Assault(2, Stage::Losses)));
    assert_eq!(at(&g, "sp-2"), on(&g, "2003"));
    lose(&mut g, &mut log, "us-115");
    assert_eq!(at(&g, "sp-2"), Location::Eliminated);
    assert_eq!(step(&g, "us-743tk"), 1, "DD die 2");
    assert_eq!(invasion::assault::advance_allowed(&g, 2), 1);
    advance(&mut g, &mut log, "us-116", "2003");
    assert!(advance_hexes(&g, "us-116").is_empty(), "Adv 1 only");
    advance(&mut g, &mut log, "us-115", "2003");
    advance(&mut g, &mut log, "us-743tk", "2003");
    dice_spent(&g);
    // Sector total: 3 steps; both regiments reduced.
    assert_eq!(
        step(&g, "us-116") + step(&g, "us-115") + step(&g, "us-743tk"),
        3
    );
    assert_eq!((step(&g, "us-116"), step(&g, "us-115")), (1, 1));
    assert_eq!(dice_logged(&log, "20.3.3"), vec![6]);
    assert!(log.entries().iter().any(|e| e.rule.0 == "20.3.3"));
}

#[test]
fn t_inv_08_rule_20_3_2_omaha_1st_sector() {
    let data = fixture(
        &[Assault::PointeDuHoc, Assault::Omaha29, Assault::Omaha1],
        &[],
        false,
        "",
    );
    // Pointe du Hoc 4 (and the 5th's 4), Omaha 29th 1, 6, DD 2; Omaha 1st 2, DD 4.
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[4, 4, 1, 6, 2, 2, 4]);
    lose(&mut g, &mut log, "us-2rng");
    advance(&mut g, &mut log, "us-2rng", "2002");
    lose(&mut g, &mut log, "us-116");
    lose(&mut g, &mut log, "us-115");
    for id in ["us-116", "us-115", "us-743tk"] {
        advance(&mut g, &mut log, id, "2003");
    }
    // The 1st Division's A2/D1: both regiments flipped (the Allied player's choice).
    assert_eq!(at_sub(&g), Some(Sub::Assault(3, Stage::Losses)));
    assert_eq!(g.invasion().losses_due, 2);
    lose(&mut g, &mut log, "us-16");
    lose(&mut g, &mut log, "us-18");
    assert_eq!(at(&g, "sp-3"), Location::Eliminated);
    assert_eq!(step(&g, "us-741tk"), 0, "DD die 4");
    for id in ["us-16", "us-18", "us-741tk"] {
        assert_eq!(advance_hexes(&g, id), vec!["2004".to_owned()]);
        advance(&mut g, &mut log, id, "2004");
    }
    dice_spent(&g);
    assert_eq!((step(&g, "us-16"), step(&g, "us-18")), (1, 1));
    let lost: u8 = [
        "us-2rng", "us-116", "us-115", "us-743tk", "us-16", "us-18", "us-741tk",
    ]
    .iter()
    .map(|id| step(&g, id))
    .sum();
    assert_eq!(lost, 6, "Omaha plus Pointe du Hoc");
}

#[test]
fn t_inv_09_rule_20_3_3_rule_21_1_omaha_failure_closes_the_beach() {
    let data = fixture(&[Assault::Omaha1], &[], false, "");
    // Four 1s in a row, then the DD roll (made all the same, 20.3.5).
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[1, 1, 1, 1, 5]);
    lose(&mut g, &mut log, "us-16");
    lose(&mut g, &mut log, "us-16");
    assert_eq!(step(&g, "us-16"), 2, "a cadre");
    lose(&mut g, &mut log, "us-18");
    assert_eq!(at(&g, "sp-3"), on(&g, "2004"), "the SP holds on A1*");
    lose(&mut g, &mut log, "us-18");
    dice_spent(&g);
    // Both regiments are cadres before the SP falls: the sector fails and the beach is closed.
    assert!(g.invasion().failed(Assault::Omaha1 as usize));
    assert!(!g.invasion().failed(Assault::Omaha29 as usize));
    assert_eq!(at(&g, "sp-3"), on(&g, "2004"));
    let omaha_box = Location::SecondWave(crate::data::Beach::Omaha.index() as u8);
    for id in ["us-16", "us-18", "us-741tk"] {
        assert_eq!(at(&g, id), omaha_box, "{id}");
    }
    assert_eq!((step(&g, "us-16"), step(&g, "us-18")), (2, 2));
    assert!(!g.allied_controls(hex(&g, "2004")));
    assert!(g.step() != Step::Invasion(invasion::encode(Sub::Assault(3, Stage::Advance))));
}

#[test]
fn t_inv_10_rule_7_1_rule_7_2_rule_20_5_rule_22_1_gold() {
    let data = fixture(&[Assault::GoldJig, Assault::GoldKing], &[], false, "");
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[4, 6, 6, 1]);
    // Jig: A1/D1 Adv 1, one brigade −1; DD 6: no effect; the three units stop in the beach hex.
    lose(&mut g, &mut log, "cw-231");
    for id in ["cw-231", "cw-56", "cw-jigtk"] {
        advance(&mut g, &mut log, id, "2005");
    }
    // King: D1 Adv 2, no loss; DD 1: the tanks −1.
    assert_eq!(at_sub(&g), Some(Sub::Assault(5, Stage::Advance)));
    assert_eq!(step(&g, "cw-kingtk"), 1);
    advance(&mut g, &mut log, "cw-69", "2006");
    advance(&mut g, &mut log, "cw-151", "2006");
    // 7.2: two 2-point brigades fill the hex: a third may not join them.
    assert!(!advance_hexes(&g, "cw-69").contains(&"2005".to_owned()));
    // 22.1: 1905 lies more than one hex beyond the British side of the Army Boundary.
    assert!(!advance_hexes(&g, "cw-69").contains(&"1905".to_owned()));
    advance(&mut g, &mut log, "cw-69", "1906");
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    // The tank battalion did not advance: it waits in Gold's Second Wave box.
    assert_eq!(
        at(&g, "cw-kingtk"),
        Location::SecondWave(crate::data::Beach::Gold.index() as u8)
    );
    let total: u8 = [
        "cw-231",
        "cw-56",
        "cw-jigtk",
        "cw-69",
        "cw-151",
        "cw-kingtk",
    ]
    .iter()
    .map(|id| step(&g, id))
    .sum();
    assert_eq!(total, 2, "Gold total");
    assert_eq!(at(&g, "cw-231"), on(&g, "2005"));
    assert_eq!(at(&g, "cw-69"), on(&g, "1906"));
}

#[test]
fn t_inv_11_rule_20_3_2_rule_12_2_juno_ex_german_chooses() {
    let data = fixture(&[Assault::JunoMike, Assault::JunoNan], &[], false, "");
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[2, 1, 1, 5]);
    // Mike: EX: the German picks the Allied infantry unit.
    assert_eq!(g.decider(), Side::German);
    assert_eq!(losers(&g), vec!["cw-7cdn".to_owned()]);
    lose(&mut g, &mut log, "cw-7cdn");
    assert_eq!(g.chooser, None, "the German's prompt is over");
    assert_eq!(g.decider(), Side::Allied);
    assert_eq!(step(&g, "cw-miketk"), 1, "DD 1");
    advance(&mut g, &mut log, "cw-7cdn", "2007");
    advance(&mut g, &mut log, "cw-miketk", "2007");
    // Nan: A2/D1: two steps, the Allied player's choice; DD 5: no effect.
    assert_eq!(g.decider(), Side::Allied);
    lose(&mut g, &mut log, "cw-8cdn");
    lose(&mut g, &mut log, "cw-9cdn");
    assert_eq!(step(&g, "cw-nantk"), 0);
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    // the per-roll outcomes, 4 steps.
    let total: u8 = ["cw-7cdn", "cw-miketk", "cw-8cdn", "cw-9cdn", "cw-nantk"]
        .iter()
        .map(|id| step(&g, id))
        .sum();
    assert_eq!(total, 4);
}

#[test]
fn t_inv_12_rule_14_3_sword_advance_not_stopped_by_strongpoints() {
    // A second strongpoint next to the beach hex: it has no ZOC and forms no bond.
    let extra = "[[german]]\nunit = \"sp-inland\"\nhex = \"1909\"\n";
    let kit = Kit::new().unit_toml(&counter("sp-inland", "strongpoint", None, &[(2, 0)], None));
    let data = fixture_with(&[Assault::SwordQueen], &[], false, extra, kit);
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[6, 4]);
    assert_eq!(at_sub(&g), Some(Sub::Assault(8, Stage::Advance)));
    advance(&mut g, &mut log, "cw-8bde", "2009");
    let mut second = advance_hexes(&g, "cw-8bde");
    second.sort();
    // Every neighbour but the SP's hex and the sea: 1908 and 2010 lie next to the SP.
    assert_eq!(second, vec!["1908", "2008", "2010"]);
    advance(&mut g, &mut log, "cw-8bde", "1908");
    assert_eq!(step(&g, "cw-queentk"), 0, "DD 4");
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    assert_eq!(
        at(&g, "sp-inland"),
        on(&g, "1909"),
        "only the beach SP is eliminated"
    );
}

#[test]
fn t_inv_13_rule_20_3_2_no_dd_and_infantry_losses_only() {
    // One 2-step infantry unit and a tank battalion; All others die 1 (A2/D1) at Gold Jig.
    let data = fixture(&[Assault::JunoMike], &[], false, "");
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[1, 6]);
    assert_eq!(g.invasion().losses_due, 2);
    assert_eq!(losers(&g), vec!["cw-7cdn".to_owned()]);
    lose(&mut g, &mut log, "cw-7cdn");
    // The second step falls on the infantry too, never on the tanks.
    assert_eq!(losers(&g), vec!["cw-7cdn".to_owned()]);
    lose(&mut g, &mut log, "cw-7cdn");
    assert_eq!(at(&g, "cw-7cdn"), Location::Eliminated);
    assert_eq!(step(&g, "cw-miketk"), 0);
    // No Determined Defense prompt: the game went straight on to the DD roll and the advance.
    assert_eq!(at_sub(&g), Some(Sub::Assault(6, Stage::Advance)));
    advance(&mut g, &mut log, "cw-miketk", "2007");
    dice_spent(&g);
}

#[test]
fn rule_14_3_rule_14_4_rule_20_3_6_the_second_hex_obeys_bonds_and_rivers() {
    // German units in 1901 and 1903: a hex bond in 1902 (8.5.1), and 1901's bond with the
    // coast along the hexside 2001–2002 (8.5.5).
    let units = |ids: &[&str]| {
        ids.iter().fold(Kit::new(), |kit, id| {
            kit.unit_toml(&counter(id, "infantry", None, &[(4, 3)], None))
        })
    };
    let extra = "[[german]]\nunit = \"de-a\"\nhex = \"1901\"\n\
                 [[german]]\nunit = \"de-b\"\nhex = \"1903\"\n";
    let data = fixture_with(
        &[Assault::PointeDuHoc],
        &[],
        false,
        extra,
        units(&["de-a", "de-b"]),
    );
    // Die 6: D1 Adv 2; the 5th Rangers' die 5: the Next Wave box.
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[6, 5]);
    // 14.3: the beach hex is the vacated hex: entered whatever the EZOC and bonds.
    advance(&mut g, &mut log, "us-2rng", "2002");
    // From it, EZOC to EZOC is fine (2003 is in 1903's ZOC), but no bond may be entered or
    // crossed: not 1902, not 2001.
    assert_eq!(advance_hexes(&g, "us-2rng"), vec!["2003".to_owned()]);
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);

    // 14.4: a major river only as the first hex of the advance.
    let extra = "[[german]]\nunit = \"de-b\"\nhex = \"1903\"\n";
    let kit = units(&["de-b"]).hexside("2001", "2002", "major_river");
    let data = fixture_with(&[Assault::PointeDuHoc], &[], false, extra, kit);
    let (mut g, mut log) = start(&data, Scenario::Campaign, &[6, 5]);
    advance(&mut g, &mut log, "us-2rng", "2002");
    let mut second = advance_hexes(&g, "us-2rng");
    second.sort();
    assert_eq!(second, vec!["1901", "1902", "2003"]);
}

#[test]
fn rule_6_1_rule_20_2_airborne_replacements_stop_at_9() {
    let data = fixture(&[], &["us-502"], false, "");
    let mut g = new_scenario(&data, Scenario::Campaign, &[2]);
    g.tracks.replacements[Pool::UsAirborne as usize] = 9;
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    dice_spent(&g);
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 9);
    assert_eq!(step(&g, "us-502"), 1);
}

/// A game at the start of turn `turn`'s Initial Phase, the invasion skipped, with `dice`.
fn initial_phase(data: &Arc<N44Data>, turn: u8, dice: &[u16]) -> (Normandy44, N44Log) {
    let mut g = new_scenario(data, Scenario::Campaign, dice);
    g.turn = turn;
    g.step = Step::Initial;
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    (g, log)
}

#[test]
fn t_inv_04_rule_20_2_gliders_land_on_turn_2_with_plus_1() {
    let data = fixture(&[], &[], true, "");
    // Turn-2 weather 2 (Overcast-2); the 325th (82nd) rolls 4 + 1 = 5: S, not S1; the 401st
    // (101st) rolls 4 + 1 = 5: no effect.
    let (g, log) = initial_phase(&data, 2, &[2, 4, 4]);
    dice_spent(&g);
    assert_eq!(at(&g, "us-325"), on(&g, "1605"));
    assert_eq!(step(&g, "us-325"), 0);
    assert!(scattered(&g, "us-325"));
    assert_eq!(at(&g, "us-401"), on(&g, "1607"));
    assert!(!scattered(&g, "us-401"));
    assert!(g.allied_controls(hex(&g, "1605")));
    let glider_dice: Vec<(u8, i8)> = log
        .entries()
        .iter()
        .filter(|e| e.rule.0 == "20.2")
        .filter_map(|e| match e.event {
            N44Event::Die { raw, modified, .. } => Some((raw, modified)),
            _ => None,
        })
        .collect();
    assert_eq!(glider_dice, vec![(4, 5), (4, 5)]);
    // Then the German player turn 2.
    assert_eq!(
        g.step(),
        Step::Phase(Side::German, Phase::Movement, PhaseStage::Open)
    );
}

#[test]
fn rule_20_2_a_glider_regiment_delayed_by_an_occupied_lz_lands_within_4_next_turn() {
    let extra = "[[german]]\nunit = \"de-lz\"\nhex = \"1605\"\n";
    let kit = Kit::new().unit_toml(&counter("de-lz", "infantry", None, &[(4, 3)], None));
    let data = fixture_with(&[], &[], true, extra, kit);
    // Turn 2: weather 2; the 325th's LZ is held: no roll; the 401st rolls 6.
    let (mut g, _) = initial_phase(&data, 2, &[2, 6, 4, 3]);
    assert_eq!(at(&g, "us-325"), Location::Airborne(3));
    assert_eq!(g.invasion().delayed_gliders, 1);
    // Turn 3's Initial Phase: weather 4, then the Allied player picks the landing hex (D4).
    for label in ["1603", "1606", "1201", "1605"] {
        let h = hex(&g, label);
        g.set_control(h, Side::Allied);
    }
    g.turn = 3;
    g.step = Step::Initial;
    let mut log = N44Log::new();
    driver::run(&mut g, &mut log);
    assert_eq!(at_sub(&g), Some(Sub::GliderLanding));
    assert_eq!(g.decider(), Side::Allied);
    assert_eq!(g.prompt().name, "glider_landing");
    let mut hexes: Vec<String> = legal(&g)
        .into_iter()
        .map(|a| match a {
            N44Action::GliderLanding { hex, .. } => g.data().map.label(hex),
            other => panic!("{other:?}"),
        })
        .collect();
    hexes.sort();
    // Friendly-controlled and within 4 of 1605 (1607 where the 401st landed); 1201 is too far
    // and 1605 is German-held.
    assert_eq!(hexes, vec!["1603", "1606", "1607"]);
    let (u, h) = (unit(&g, "us-325"), hex(&g, "1603"));
    act(
        &mut g,
        &mut log,
        N44Action::GliderLanding { unit: u, hex: h },
    );
    dice_spent(&g);
    // Die 3 + 1 = 4 on the 82nd's column: S1.
    assert_eq!(at(&g, "us-325"), on(&g, "1603"));
    assert_eq!(step(&g, "us-325"), 1);
    assert!(scattered(&g, "us-325"));
    assert_eq!(g.invasion().delayed_gliders, 0);
    assert_eq!(
        g.step(),
        Step::Phase(Side::German, Phase::Movement, PhaseStage::Open)
    );
}

#[test]
fn rule_26_1_cherbourg_only_utah_and_the_us_drops() {
    let data = fixture(
        &[Assault::Utah, Assault::Omaha29],
        &["us-505", "cw-5para"],
        false,
        "",
    );
    // The 505th rolls 6; Utah 6 (D1 Adv 2); DD 6.
    let (mut g, mut log) = start(&data, Scenario::Cherbourg, &[6, 6, 6]);
    assert_eq!(at(&g, "cw-5para"), Location::OutOfPlay);
    assert_eq!(at(&g, "us-116"), Location::OutOfPlay);
    assert_eq!(at(&g, "us-505"), on(&g, "1703"));
    advance(&mut g, &mut log, "us-8", "2001");
    act(&mut g, &mut log, N44Action::Done);
    dice_spent(&g);
    assert_eq!(at(&g, "sp-2"), on(&g, "2003"), "no Omaha assault");
}

/// The example of play's whole Special Invasion Phase, with its 28 dice and the choices it
/// shows; an inland SP at 1905 takes no part.
fn example() -> (Normandy44, N44Log) {
    let extra = "[[german]]\nunit = \"sp-inland\"\nhex = \"1905\"\n";
    let kit = Kit::new().unit_toml(&counter("sp-inland", "strongpoint", None, &[(2, 0)], None));
    let all: Vec<&str> = US_82.iter().chain(&US_101).chain(&CW_6).copied().collect();
    let data = fixture_with(&Assault::ALL, &all, false, extra, kit);
    let dice = [
        2, 5, 2, 2, 6, 1, 6, 3, 1, // scatter
        4, 1, // Utah
        4, 4, // Pointe du Hoc and the 5th Rangers
        1, 6, 2, // Omaha 29th
        2, 4, // Omaha 1st
        4, 6, // Gold Jig
        6, 1, // Gold King
        2, 1, // Juno Mike
        1, 5, // Juno Nan
        6, 4, // Sword Queen
    ];
    let (mut g, mut log) = start(&data, Scenario::Campaign, &dice);
    let g = &mut g;
    let l = &mut log;
    lose(g, l, "us-8");
    advance(g, l, "us-8", "2001");
    advance(g, l, "us-70tk", "2001");
    advance(g, l, "us-8", "1901");
    act(g, l, N44Action::Done);
    lose(g, l, "us-2rng");
    advance(g, l, "us-2rng", "2002");
    lose(g, l, "us-116");
    lose(g, l, "us-115");
    for id in ["us-116", "us-115", "us-743tk"] {
        advance(g, l, id, "2003");
    }
    lose(g, l, "us-16");
    lose(g, l, "us-18");
    for id in ["us-16", "us-18", "us-741tk"] {
        advance(g, l, id, "2004");
    }
    lose(g, l, "cw-231");
    for id in ["cw-231", "cw-56", "cw-jigtk"] {
        advance(g, l, id, "2005");
    }
    for id in ["cw-69", "cw-151", "cw-kingtk"] {
        advance(g, l, id, "2006");
    }
    advance(g, l, "cw-69", "1906");
    act(g, l, N44Action::Done);
    assert_eq!(g.decider(), Side::German, "Juno Mike's EX");
    lose(g, l, "cw-7cdn");
    advance(g, l, "cw-7cdn", "2007");
    advance(g, l, "cw-miketk", "2007");
    lose(g, l, "cw-8cdn");
    lose(g, l, "cw-9cdn");
    for id in ["cw-8cdn", "cw-9cdn", "cw-nantk"] {
        advance(g, l, id, "2008");
    }
    for id in ["cw-8bde", "cw-185", "cw-queentk"] {
        advance(g, l, id, "2009");
    }
    advance(g, l, "cw-8bde", "2010");
    act(g, l, N44Action::Done);
    dice_spent(g);
    (g.clone(), log)
}

#[test]
fn rule_20_1_rule_20_the_whole_special_invasion_phase_of_the_example() {
    let (g, log) = example();
    // Every beach SP is gone; every assault unit landed.
    for i in 0..9 {
        assert_eq!(at(&g, &format!("sp-{i}")), Location::Eliminated);
        assert!(g.allied_controls(hex(&g, &format!("20{:02}", i + 1))));
    }
    assert!(
        !g.unit_ids()
            .any(|u| matches!(g.unit(u).at, Location::AssaultBox(_)))
    );
    assert_eq!(at(&g, "us-5rng"), Location::NextWave);
    assert_eq!(g.tracks.replacements[Pool::UsAirborne as usize], 4);
    assert_eq!(g.tracks.replacements[Pool::BritishAirborne as usize], 1);
    // The dice, in the example's order, each logged with its rule.
    assert_eq!(dice_logged(&log, "20.2"), vec![2, 5, 2, 2, 6, 1, 6, 3, 1]);
    assert_eq!(dice_logged(&log, "20.3.1"), vec![4, 4, 1, 2, 4, 6, 2, 1, 6]);
    assert_eq!(dice_logged(&log, "20.3.3"), vec![6]);
    assert_eq!(dice_logged(&log, "20.3.4"), vec![4]);
    assert_eq!(dice_logged(&log, "20.3.5"), vec![1, 2, 4, 6, 1, 1, 5, 4]);
    assert_eq!(g.reveals, 28);
    assert!(log.entries().iter().any(|e| e.rule.0 == "20.3.6"));
    assert!(log.entries().iter().any(|e| e.rule.0 == "20"));
}

#[test]
fn t_t1_02_rule_20_4_the_german_turn_1_follows_the_invasion_without_an_initial_phase() {
    let (g, log) = example();
    assert_eq!(g.turn(), 1);
    assert_eq!(
        g.step(),
        Step::Phase(Side::German, Phase::Movement, PhaseStage::Open)
    );
    // No weather roll: turn 1 is Overcast-2 (20.1), and the strict dice script saw no 29th die.
    assert_eq!(g.weather().row, 2);
    assert!(
        log.entries()
            .iter()
            .all(|e| e.rule.0 != "4.1" && e.rule.0 != "4.2")
    );
    let begun: Vec<&str> = log
        .entries()
        .iter()
        .filter_map(|e| match e.event {
            N44Event::Phase {
                phase,
                side: Some(Side::German),
                turn: 1,
            } => Some(phase),
            _ => None,
        })
        .collect();
    assert_eq!(begun.first(), Some(&"Replacement Phase"));
}

#[test]
fn t_t1_03_rule_20_2_the_506th_and_the_utah_regiment_may_attack_after_the_invasion() {
    let (g, _) = example();
    // The 506th dropped well (full, not Scattered); the 4th Division's regiment landed and
    // advanced; both are on the map, free to attack in the Allied turn.
    assert_eq!(step(&g, "us-506"), 0);
    assert!(!scattered(&g, "us-506"));
    assert_eq!(at(&g, "us-506"), on(&g, "1803"));
    assert_eq!(at(&g, "us-8"), on(&g, "1901"));
    assert!(!scattered(&g, "us-8"));
    // The scattered ones may not (20.2) until the Allied Recovery Phase.
    assert!(scattered(&g, "us-507") && scattered(&g, "us-502"));
}

#[test]
fn t_t1_05_rule_20_3_2_only_the_beach_strongpoints_fall() {
    let (g, _) = example();
    // The inland SP the second-wave units attack in combat C is still there, German-controlled.
    assert_eq!(at(&g, "sp-inland"), on(&g, "1905"));
    assert!(!g.allied_controls(hex(&g, "1905")));
}

#[test]
fn rule_20_every_listed_answer_is_accepted_in_random_play() {
    use rand::SeedableRng;
    let extra = "[[german]]\nunit = \"sp-inland\"\nhex = \"1905\"\n";
    let kit = Kit::new().unit_toml(&counter("sp-inland", "strongpoint", None, &[(2, 0)], None));
    let all: Vec<&str> = US_82.iter().chain(&US_101).chain(&CW_6).copied().collect();
    let data = fixture_with(&Assault::ALL, &all, false, extra, kit);
    for seed in 0..60u64 {
        let mut g = crate::setup::new_game(
            &data,
            Scenario::Campaign.id(),
            &crate::state::N44Options::default(),
            GameRng::seeded(seed),
        )
        .unwrap();
        let mut log = N44Log::new();
        driver::run(&mut g, &mut log);
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut answers = 0;
        while matches!(g.step(), Step::Invasion(_)) {
            let listed = legal(&g);
            assert!(
                !listed.is_empty(),
                "a decision with no answer at {:?}",
                g.step()
            );
            let index = overlord_engine::uniform_below(&mut pick, listed.len() as u32);
            let action = listed[index as usize];
            let _ = g
                .apply(action, &mut log)
                .expect("a listed action is accepted");
            answers += 1;
            assert!(answers < 500, "the invasion never ends");
        }
        assert!(
            !g.unit_ids()
                .any(|u| matches!(g.unit(u).at, Location::AssaultBox(_)))
        );
        assert_eq!(g.turn(), 1);
    }
}
