//! 8.2 and 8.7: landings, beaches, evacuation, German arrivals and mobilization, and the
//! turn-start withdrawals (T-RP-01..03, T-BEACH-01, T-EVAC-01, T-GREINF-01, T-MOB-01,
//! T-RNG-01, T-COT-01's removal).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::action::{MoveMode, N44Action, N44Log};
use crate::data::{Army, Beach, Side};
use crate::movement::reach;
use crate::state::{
    Location, Mulberry, Normandy44, Phase, Pool, SUPPLY_FORTRESS, Stage, Step, UnitFlags,
};
use crate::tables::weather::Weather;
use crate::testkit::{Kit, act, game, hex, legal, place, unit};

/// The beach layout of these tests: every landing hex on the coast row, the US ones inside the
/// US sector (columns 1–6).
const UTAH: &str = "2002";
const OMAHA: &str = "2005";
const US_MULBERRY: &str = "2004";
const GOLD: &str = "2008";
const ARROMANCHES: &str = "2009";
const JUNO: &str = "2010";
const SWORD: &str = "2012";

/// A beach engineer of `beach`.
fn engineer(beach: &str) -> String {
    let (nation, army) = match beach {
        "utah" | "omaha" => ("us", "us"),
        _ => ("british", "cw"),
    };
    format!(
        "[[unit]]\nid = \"eng-{beach}\"\nname = \"{beach} beach engineers\"\nshort = \"eng\"\n\
         side = \"allied\"\nnation = \"{nation}\"\narmy = \"{army}\"\nsize = \"brigade\"\n\
         class = \"beach_engineer\"\ndday_beach = \"{beach}\"\nreplacement = \"infantry\"\n\
         steps = [{{ cf = 1, ma = 0, tq = 0 }}]\n"
    )
}

/// The kit with the beaches where these tests want them and the five engineers.
fn beaches() -> Kit {
    let mut kit = Kit::new()
        .position("beachhead-utah", &[UTAH])
        .position("beachhead-omaha", &[OMAHA])
        .position("mulberry-us", &[US_MULBERRY])
        .position("beachhead-gold", &[GOLD])
        .position("mulberry-cw", &[ARROMANCHES])
        .position("beachhead-juno", &[JUNO])
        .position("beachhead-sword", &[SWORD]);
    for beach in ["utah", "omaha", "gold", "juno", "sword"] {
        kit = kit.unit_toml(&engineer(beach));
    }
    kit
}

/// Every engineer on its beachhead, every beachhead Allied.
fn open_beaches(g: &mut Normandy44) {
    for (beach, at) in [
        ("utah", UTAH),
        ("omaha", OMAHA),
        ("gold", GOLD),
        ("juno", JUNO),
        ("sword", SWORD),
    ] {
        place(g, &format!("eng-{beach}"), at);
        let h = hex(g, at);
        g.set_control(h, Side::Allied);
    }
}

fn land(g: &mut Normandy44, id: &str, at: &str) -> Result<(), overlord_engine::Refusal> {
    let (u, h) = (unit(g, id), hex(g, at));
    act(g, N44Action::Land { unit: u, hex: h })
}

fn britain(g: &mut Normandy44, ids: &[&str]) {
    for id in ids {
        let u = unit(g, id);
        g.unit_mut(u).at = Location::Britain;
    }
}

#[test]
fn t_rp_01_rule_6_5_2_four_rp_per_beach() {
    let data = beaches()
        .unit("us-cc", Side::Allied, "armor", 7, 6, 1)
        .unit("us-hq", Side::Allied, "hq", 1, 3, 0)
        .unit("us-one", Side::Allied, "infantry", 2, 4, 0)
        .unit("cw-a", Side::Allied, "infantry", 6, 4, 0)
        .unit("cw-b", Side::Allied, "infantry", 6, 4, 0)
        .unit("cw-c", Side::Allied, "infantry", 6, 4, 0)
        .unit("cw-one", Side::Allied, "infantry", 2, 4, 0)
        .gb("us-cc", 4)
        .gb("us-hq", 2)
        .gb("us-one", 1)
        .gb("cw-a", 2)
        .gb("cw-b", 2)
        .gb("cw-c", 2)
        .gb("cw-one", 1)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.weather.condition = Weather::Clear;
    g.tracks.rp = [6, 6];
    g.mulberries[Army::Cw.index()] = Mulberry::Complete;
    open_beaches(&mut g);
    britain(
        &mut g,
        &["us-cc", "us-hq", "us-one", "cw-a", "cw-b", "cw-c", "cw-one"],
    );
    // 4 RP at Utah; a 5th is refused.
    land(&mut g, "us-cc", UTAH).unwrap();
    assert!(land(&mut g, "us-one", UTAH).is_err());
    // 2 at Omaha.
    land(&mut g, "us-hq", OMAHA).unwrap();
    assert_eq!(g.tracks.rp[Army::Us.index()], 0);
    // 4 at Gold, the Arromanches Mulberry counting as Gold; then Gold is full.
    land(&mut g, "cw-a", GOLD).unwrap();
    land(&mut g, "cw-b", ARROMANCHES).unwrap();
    assert_eq!(g.tracks.rp_landed[Beach::Gold.index()], 4);
    let refusal = land(&mut g, "cw-one", GOLD).unwrap_err();
    assert!(format!("{refusal:?}").contains("6.5.2"), "{refusal:?}");
    // 2 at Juno.
    land(&mut g, "cw-c", JUNO).unwrap();
    assert_eq!(g.tracks.rp, [0, 0]);
    assert_eq!(g.tracks.rp_landed, [4, 2, 4, 2, 0]);
    let cc = unit(&g, "us-cc");
    assert!(g.unit(cc).flags.has(UnitFlags::LANDED));
    // A unit costs its GB line (6.5.1).
    assert_eq!(crate::reinforcement::rp_cost(&g, cc), 4);
}

#[test]
fn t_rp_02_rule_6_5_3_engineers_off_their_beach_and_destroyed_mulberries() {
    let data = beaches().data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    open_beaches(&mut g);
    g.weather.condition = Weather::Overcast;
    assert_eq!(crate::weather::turn_rp(&g, Army::Us), 6);
    // The Utah engineer eliminated: US 6 − 2 = 4.
    let utah = unit(&g, "eng-utah");
    g.unit_mut(utah).at = Location::Eliminated;
    assert_eq!(crate::weather::turn_rp(&g, Army::Us), 4);
    // CW: Mulberry destroyed and the Gold engineer removed: 6 − 2 − 2 = 2; Sword costs nothing.
    g.mulberries[Army::Cw.index()] = Mulberry::Destroyed;
    let gold = unit(&g, "eng-gold");
    g.unit_mut(gold).at = Location::Eliminated;
    assert_eq!(crate::weather::turn_rp(&g, Army::Cw), 2);
    let sword = unit(&g, "eng-sword");
    g.unit_mut(sword).at = Location::Eliminated;
    assert_eq!(crate::weather::turn_rp(&g, Army::Cw), 2);
    g.weather.condition = Weather::Storm;
    assert_eq!(crate::weather::turn_rp(&g, Army::Cw), 0);
}

#[test]
fn t_rp_03_rule_6_5_2_landed_units_move_one_more_hex_tactically() {
    let data = beaches()
        .unit("us-reg", Side::Allied, "infantry", 6, 4, 1)
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .gb("us-reg", 3)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.tracks.rp = [6, 6];
    open_beaches(&mut g);
    britain(&mut g, &["us-reg"]);
    place(&mut g, "de", "1805");
    land(&mut g, "us-reg", OMAHA).unwrap();
    let reg = unit(&g, "us-reg");
    let omaha = hex(&g, OMAHA);
    assert!(crate::movement::must_move_tactically(&g, reg));
    let r = reach(&g, &[reg], MoveMode::Tactical, false).unwrap();
    let map = &g.data().map;
    let destinations: Vec<_> = r.destinations().collect();
    assert!(!destinations.is_empty());
    assert!(
        destinations
            .iter()
            .all(|&h| map.hexes.distance(omaha, h) == 1),
        "the landing hex was the first of its two hexes"
    );
    // No Reserve on the landing turn.
    assert!(!legal(&g).contains(&N44Action::Reserve { hex: omaha }));
    // It moves next to the German: Regroup at the end of the phase.
    let de = hex(&g, "1805");
    let next_to = *destinations
        .iter()
        .find(|&&h| map.hexes.distance(h, de) == 1)
        .expect("a hex next to the German");
    act(&mut g, N44Action::Pick { unit: reg }).unwrap();
    act(&mut g, N44Action::MoveTo { hex: next_to }).unwrap();
    let mut log = N44Log::new();
    crate::turn::end_phase(&mut g, Side::Allied, Phase::Movement, &mut log);
    assert!(g.unit(reg).flags.has(UnitFlags::REGROUP));
    assert!(
        g.unit(reg).flags.has(UnitFlags::LANDED),
        "halved and limited all turn"
    );
}

/// 6.5.1, 6.5.2, 21.1, 21.2: the reinforcement answers the memo keeps follow what changes
/// without a unit changing (the RP left and landed, a beachhead's control) and the units that
/// enter or leave a beach hex, and stand through a move far from every beach.
#[test]
fn rule_6_5_kept_landing_answers_follow_rp_control_and_the_beach_hexes() {
    let data = beaches()
        .unit("us-reg", Side::Allied, "infantry", 6, 4, 1)
        .unit("us-far", Side::Allied, "infantry", 6, 4, 1)
        .gb("us-reg", 3)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.tracks.rp = [6, 6];
    open_beaches(&mut g);
    britain(&mut g, &["us-reg", "eng-omaha"]);
    place(&mut g, "us-far", "1503");
    let (reg, far, eng) = (
        unit(&g, "us-reg"),
        unit(&g, "us-far"),
        unit(&g, "eng-omaha"),
    );
    let (utah, omaha) = (hex(&g, UTAH), hex(&g, OMAHA));
    let answers = |g: &Normandy44| {
        let mut out = Vec::new();
        crate::reinforcement::legal(g, Side::Allied, &mut out);
        out
    };
    let reg_at_utah = N44Action::Land {
        unit: reg,
        hex: utah,
    };
    let eng_at_omaha = N44Action::Land {
        unit: eng,
        hex: omaha,
    };
    assert!(answers(&g).contains(&reg_at_utah));
    assert!(answers(&g).contains(&eng_at_omaha));
    // 6.5.1: the RP spent.
    g.tracks.rp = [0, 6];
    assert!(!answers(&g).contains(&reg_at_utah));
    g.tracks.rp = [6, 6];
    assert!(answers(&g).contains(&reg_at_utah));
    // 6.5.2: Utah's 4 RP landed.
    g.tracks.rp_landed[Beach::Utah.index()] = 4;
    assert!(!answers(&g).contains(&reg_at_utah));
    g.tracks.rp_landed = [0; 5];
    // 21.1: the engineer lands only in its Allied-controlled beachhead.
    g.set_control(omaha, Side::German);
    assert!(!answers(&g).contains(&eng_at_omaha));
    g.set_control(omaha, Side::Allied);
    assert!(answers(&g).contains(&eng_at_omaha));
    // 21.2: a unit that steps into a beach hex may evacuate; one far from every beach leaves
    // the answers as they were.
    let before = answers(&g);
    place(&mut g, "us-far", "1403");
    assert_eq!(answers(&g), before);
    place(&mut g, "us-far", UTAH);
    assert!(answers(&g).contains(&N44Action::Evacuate { unit: far }));
    place(&mut g, "us-far", "1503");
    assert_eq!(answers(&g), before);
}

#[test]
fn t_beach_01_rule_21_1_closed_beachhead_takes_only_its_engineer() {
    let data = beaches()
        .unit("us-reg", Side::Allied, "infantry", 6, 4, 1)
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .gb("us-reg", 3)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    g.tracks.rp = [6, 6];
    open_beaches(&mut g);
    britain(&mut g, &["us-reg"]);
    // The Omaha engineer eliminated; a German unit entered the beachhead and left again.
    let eng = unit(&g, "eng-omaha");
    g.unit_mut(eng).at = Location::Eliminated;
    let omaha = hex(&g, OMAHA);
    g.set_control(omaha, Side::German);
    // The engineer is replaced into Great Britain.
    g.tracks.replacements[Pool::UsInfantry as usize] = 1;
    act(&mut g, N44Action::Replace { unit: eng }).unwrap();
    assert_eq!(g.unit(eng).at, Location::Britain);
    g.step = Step::Phase(Side::Allied, Phase::Movement, Stage::Open);
    // Closed: no reinforcement lands there, and the engineer only once the hex is Allied again.
    assert!(land(&mut g, "us-reg", OMAHA).is_err());
    let refusal = land(&mut g, "eng-omaha", OMAHA).unwrap_err();
    assert!(format!("{refusal:?}").contains("21.1"), "{refusal:?}");
    g.set_control(omaha, Side::Allied);
    assert!(land(&mut g, "us-reg", OMAHA).is_err());
    land(&mut g, "eng-omaha", OMAHA).unwrap();
    assert_eq!(
        g.tracks.rp[Army::Us.index()],
        5,
        "A-33: an engineer costs 1 RP"
    );
    assert!(crate::beaches::beach_active(&g, Beach::Omaha));
    land(&mut g, "us-reg", OMAHA).unwrap();
}

#[test]
fn t_evac_01_rule_21_2_two_units_per_beach_hex() {
    let data = beaches()
        .unit("a", Side::Allied, "infantry", 2, 4, 0)
        .unit("b", Side::Allied, "infantry", 2, 4, 0)
        .unit("c", Side::Allied, "infantry", 2, 4, 0)
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    open_beaches(&mut g);
    for id in ["a", "b", "c"] {
        place(&mut g, id, UTAH);
    }
    // A German unit next to the beach: the units are in its ZOC, and may still go.
    place(&mut g, "de", "2003");
    let utah = hex(&g, UTAH);
    assert!(crate::zoc::zones_of(&g, Side::German).in_zoc(utah));
    let (a, b, c) = (unit(&g, "a"), unit(&g, "b"), unit(&g, "c"));
    // A unit that has spent MP cannot: evacuation takes the whole MA.
    g.unit_mut(c).spent = 6;
    assert!(act(&mut g, N44Action::Evacuate { unit: c }).is_err());
    g.unit_mut(c).spent = 0;
    act(&mut g, N44Action::Evacuate { unit: a }).unwrap();
    act(&mut g, N44Action::Evacuate { unit: b }).unwrap();
    let refusal = act(&mut g, N44Action::Evacuate { unit: c }).unwrap_err();
    assert!(format!("{refusal:?}").contains("21.2"), "{refusal:?}");
    assert_eq!(g.unit(a).at, Location::Britain);
    assert_eq!(g.unit(b).at, Location::Britain);
    assert_eq!(g.unit(c).at, Location::Hex(utah));
}

#[test]
fn t_greinf_01_rule_6_6_entry_delay_and_enemy_zoc() {
    let data = Kit::new()
        .position("entry-red-2", &["1010"])
        .road("main", &["1004", "1104", "1204"])
        .unit("pz", Side::German, "infantry", 6, 4, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .arrival("pz", 2, "red")
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    let pz = unit(&g, "pz");
    g.unit_mut(pz).at = Location::Arriving(2);
    let moves = legal(&g);
    for a in [
        N44Action::Enter {
            unit: pz,
            hex: hex(&g, "1008"),
        },
        N44Action::Enter {
            unit: pz,
            hex: hex(&g, "1010"),
        },
        N44Action::Delay {
            unit: pz,
            later: false,
        },
        N44Action::Delay {
            unit: pz,
            later: true,
        },
    ] {
        assert!(moves.contains(&a), "{a:?} in {moves:?}");
    }
    // Between the two red entry hexes: refused.
    let between = hex(&g, "1009");
    let refusal = act(
        &mut g,
        N44Action::Enter {
            unit: pz,
            hex: between,
        },
    )
    .unwrap_err();
    assert!(format!("{refusal:?}").contains("6.6"), "{refusal:?}");
    // Delayed to the zone next to Red (Blue, by the map's order Green, Blue, Red, Orange).
    let mut delayed = g.clone();
    act(
        &mut delayed,
        N44Action::Delay {
            unit: pz,
            later: false,
        },
    )
    .unwrap();
    assert_eq!(delayed.unit(pz).at, Location::Arriving(3));
    delayed.turn = 3;
    assert!(
        act(
            &mut delayed,
            N44Action::Enter {
                unit: pz,
                hex: hex(&g, "1008")
            }
        )
        .is_err()
    );
    let blue = hex(&g, "1004");
    act(
        &mut delayed,
        N44Action::Enter {
            unit: pz,
            hex: blue,
        },
    )
    .unwrap();
    // It paid the main road's ½ MP and is the unit moving on.
    assert_eq!(delayed.unit(pz).spent, 3);
    assert_eq!(
        delayed.step,
        Step::Phase(
            Side::German,
            Phase::Movement,
            Stage::Moving {
                unit: pz,
                stack: false,
                mode: MoveMode::Normal
            }
        )
    );
    let r = reach(&delayed, &[pz], MoveMode::Normal, false).unwrap();
    assert!(r.destinations().all(|h| r.cost(h).unwrap() <= 21));

    // Into an enemy ZOC: accepted, and the unit stops.
    place(&mut g, "us", "1009");
    let red = hex(&g, "1008");
    act(&mut g, N44Action::Enter { unit: pz, hex: red }).unwrap();
    assert_eq!(g.unit(pz).at, Location::Hex(red));
    assert!(g.unit(pz).flags.has(UnitFlags::MOVED));
    assert_eq!(
        g.step,
        Step::Phase(Side::German, Phase::Movement, Stage::Open)
    );
}

#[test]
fn rule_26_1_cherbourg_reinforcements_at_a_fixed_hex() {
    let data = Kit::new()
        .unit("r1050", Side::German, "infantry", 2, 3, 0)
        .arrival_at("r1050", 5, "1506")
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    g.turn = 5;
    let u = unit(&g, "r1050");
    g.unit_mut(u).at = Location::Arriving(5);
    let moves = legal(&g);
    assert!(moves.contains(&N44Action::Enter {
        unit: u,
        hex: hex(&g, "1506")
    }));
    assert!(!moves.iter().any(|a| matches!(a, N44Action::Delay { .. })));
    let elsewhere = hex(&g, "1008");
    assert!(
        act(
            &mut g,
            N44Action::Enter {
                unit: u,
                hex: elsewhere
            }
        )
        .is_err()
    );
}

#[test]
fn t_mob_01_rule_6_7_one_unit_per_box_per_turn() {
    let data = Kit::new()
        .position("mobilize-243", &["1505", "1507"])
        .position("mobilize-709", &["1305"])
        .unit("m1", Side::German, "infantry", 2, 3, 0)
        .unit("m2", Side::German, "infantry", 2, 3, 0)
        .unit("m3", Side::German, "infantry", 2, 3, 0)
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    for (id, b) in [("m1", 0), ("m2", 0), ("m3", 1)] {
        let u = unit(&g, id);
        g.unit_mut(u).at = Location::Mobilization(b);
    }
    let (m1, m2, m3) = (unit(&g, "m1"), unit(&g, "m2"), unit(&g, "m3"));
    let (h1505, h1507, h1305) = (hex(&g, "1505"), hex(&g, "1507"), hex(&g, "1305"));
    // Turn 1: refused.
    g.turn = 1;
    assert!(
        act(
            &mut g,
            N44Action::Mobilize {
                unit: m1,
                hex: h1505
            }
        )
        .is_err()
    );
    g.turn = 2;
    // A mobilization hex in an Allied ZOC: refused.
    place(&mut g, "us", "1508");
    assert!(
        act(
            &mut g,
            N44Action::Mobilize {
                unit: m1,
                hex: h1507
            }
        )
        .is_err()
    );
    act(
        &mut g,
        N44Action::Mobilize {
            unit: m1,
            hex: h1505,
        },
    )
    .unwrap();
    assert_eq!(g.unit(m1).at, Location::Hex(h1505));
    assert!(
        !g.unit(m1).flags.has(UnitFlags::MOVED),
        "it may move this turn"
    );
    let refusal = act(
        &mut g,
        N44Action::Mobilize {
            unit: m2,
            hex: h1505,
        },
    )
    .unwrap_err();
    assert!(format!("{refusal:?}").contains("6.7"), "{refusal:?}");
    act(
        &mut g,
        N44Action::Mobilize {
            unit: m3,
            hex: h1305,
        },
    )
    .unwrap();
}

#[test]
fn t_rng_01_rule_17_5_rangers_and_4th_ss_brigade_withdrawn() {
    let commando = |id: &str, name: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{name}\"\nshort = \"{id}\"\nside = \"allied\"\n\
             nation = \"british\"\narmy = \"cw\"\nsize = \"brigade\"\nclass = \"commando\"\n\
             replacement = \"infantry\"\nsteps = [{{ cf = 4, ma = 4, tq = 2 }}]\n"
        )
    };
    let data = Kit::new()
        .unit("r2", Side::Allied, "ranger", 2, 4, 2)
        .unit("r5", Side::Allied, "ranger", 2, 4, 2)
        .unit_toml(&commando("ss4", "4th Special Service Brigade"))
        .unit_toml(&commando("ss1", "1st Special Service Brigade"))
        .unit("de", Side::German, "infantry", 6, 4, 0)
        .data();
    let setup = |german_at: &str| {
        let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
        place(&mut g, "r2", "1902");
        g.unit_mut(unit(&g, "r5")).at = Location::Eliminated;
        place(&mut g, "ss4", "1904");
        place(&mut g, "ss1", "1906");
        place(&mut g, "de", german_at);
        g
    };
    // No German within 4 hexes of Pointe du Hoc (2002) or Arromanches (2004).
    let mut g = setup("1012");
    let mut log = N44Log::new();
    crate::turn::begin_player_turn(&mut g, Side::Allied, &mut log);
    for id in ["r2", "r5", "ss4"] {
        assert_eq!(g.unit(unit(&g, id)).at, Location::OutOfPlay, "{id}");
    }
    assert_eq!(g.unit(unit(&g, "ss1")).at, Location::Hex(hex(&g, "1906")));
    // A German unit within 4: they stay.
    let mut g = setup("1703");
    crate::turn::begin_player_turn(&mut g, Side::Allied, &mut log);
    assert_eq!(g.unit(unit(&g, "r2")).at, Location::Hex(hex(&g, "1902")));
    assert_eq!(g.unit(unit(&g, "ss4")).at, Location::Hex(hex(&g, "1904")));
}

/// The Cotentin Artillery HQ, and Cherbourg (2001, a city inside the Perimeter).
fn cotentin_kit() -> Kit {
    Kit::new().terrain("2001", "city").unit_toml(
        "[[unit]]\nid = \"cot\"\nname = \"Cotentin Artillery HQ\"\nshort = \"Cotentin\"\n\
         side = \"german\"\nnation = \"heer\"\nsize = \"corps\"\nclass = \"hq\"\n\
         replacement = \"infantry\"\nsteps = [{ cf = 1, ma = 3, tq = 0 }]\n",
    )
}

#[test]
fn t_cot_01_rule_17_4_cherbourg_falls_hq_and_fortress_removed() {
    let data = cotentin_kit().data();
    let mut g = game(&data, Side::Allied, Phase::Combat, &[]);
    place(&mut g, "cot", "1505");
    g.tracks.supply[SUPPLY_FORTRESS] = 4;
    let mut log = N44Log::new();
    crate::withdrawal::after_phase(&mut g, &mut log);
    assert!(!g.fortress_removed);
    let cherbourg = hex(&g, "2001");
    g.set_control(cherbourg, Side::Allied);
    crate::withdrawal::after_phase(&mut g, &mut log);
    assert!(g.fortress_removed);
    assert_eq!(g.tracks.supply[SUPPLY_FORTRESS], 0);
    assert_eq!(g.unit(unit(&g, "cot")).at, Location::OutOfPlay);
    // No Fortress Cherbourg SupP any more.
    assert!(!crate::beaches::fortress_traces_south(&g));
}

#[test]
fn rule_17_4_cotentin_hq_relocated_once_per_game() {
    let data = cotentin_kit().data();
    let mut g = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut g, "cot", "1505");
    let cherbourg = hex(&g, "2001");
    let mut again = g.clone();
    act(&mut g, N44Action::RelocateCotentinHq { hex: cherbourg }).unwrap();
    assert_eq!(g.unit(unit(&g, "cot")).at, Location::Hex(cherbourg));
    assert!(g.cotentin_relocated);
    again.cotentin_relocated = true;
    assert!(act(&mut again, N44Action::RelocateCotentinHq { hex: cherbourg }).is_err());
    // An Allied-controlled Cherbourg hex is no place for it.
    let mut allied = game(&data, Side::German, Phase::Movement, &[]);
    place(&mut allied, "cot", "1505");
    allied.set_control(cherbourg, Side::Allied);
    assert!(
        act(
            &mut allied,
            N44Action::RelocateCotentinHq { hex: cherbourg }
        )
        .is_err()
    );
}

#[test]
fn rule_22_1_units_beyond_the_army_boundary_must_return() {
    let data = Kit::new()
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    // The US sector is columns 1–6: 1509 is more than a hex beyond it.
    place(&mut g, "us", "1509");
    let us = unit(&g, "us");
    assert!(crate::reinforcement::beyond_boundary(&g, us));
    assert!(!legal(&g).contains(&N44Action::Done));
    assert!(crate::reinforcement::done_refusal(&g).is_some());
    act(&mut g, N44Action::Pick { unit: us }).unwrap();
    let back = legal(&g)
        .into_iter()
        .find(|a| matches!(a, N44Action::MoveTo { .. }))
        .expect("a way back");
    act(&mut g, back).unwrap();
    assert!(!crate::reinforcement::beyond_boundary(&g, us));
    assert!(legal(&g).contains(&N44Action::Done));
}

#[test]
fn rule_22_2_airborne_division_withdrawn_in_the_final_phase() {
    let para = |id: &str| {
        format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"allied\"\n\
             nation = \"us\"\narmy = \"us\"\nformation = \"us-101\"\nsize = \"regiment\"\n\
             class = \"airborne\"\nreplacement = \"airborne\"\n\
             steps = [{{ cf = 6, ma = 4, tq = 2 }}, {{ cf = 3, ma = 4, tq = 2 }}]\n"
        )
    };
    let data = Kit::new()
        .formation_toml(
            "[[formation]]\nid = \"us-101\"\nname = \"101st Airborne Division\"\nside = \"allied\"\n\
             airborne = true\n",
        )
        .unit_toml(&para("p501"))
        .unit_toml(&para("p502"))
        .unit_toml(&para("p506"))
        .unit("de", Side::German, "infantry", 6, 4, 0)
        // Both regiments in supply, on a road from the Utah beachhead in 2005.
        .beachhead_road(&["2005", "1905", "1805", "1705", "1605", "1505", "1506", "1507"])
        .data();
    let mut g = game(&data, Side::Allied, Phase::Supply, &[]);
    crate::testkit::land_engineer(&mut g);
    place(&mut g, "p501", "1505");
    place(&mut g, "p502", "1507");
    let p506 = unit(&g, "p506");
    g.unit_mut(p506).at = Location::Eliminated;
    g.step = Step::Final;
    // Next to the enemy: no offer.
    let mut near = g.clone();
    place(&mut near, "de", "1508");
    let mut log = N44Log::new();
    crate::turn::advance(&mut near, &mut log);
    assert_eq!(near.step, Step::Initial);
    // Otherwise the Allies may withdraw it: every unit on the map goes.
    crate::turn::advance(&mut g, &mut log);
    assert_eq!(g.step, Step::FinalChoice);
    assert_eq!(g.decider(), Side::Allied);
    let p501 = unit(&g, "p501");
    assert_eq!(
        legal(&g),
        vec![N44Action::Withdraw { unit: p501 }, N44Action::Done]
    );
    act(&mut g, N44Action::Withdraw { unit: p501 }).unwrap();
    assert_eq!(g.unit(p501).at, Location::OutOfPlay);
    assert_eq!(g.unit(unit(&g, "p502")).at, Location::OutOfPlay);
    assert_eq!(g.unit(p506).at, Location::Eliminated, "the eliminated stay");
    assert_eq!(g.step, Step::Final);
    crate::turn::advance(&mut g, &mut log);
    assert_eq!(g.step, Step::Initial);
}

#[test]
fn rule_20_5_second_wave_lands_free_and_waits_for_room() {
    let data = beaches()
        .unit("r8", Side::Allied, "infantry", 6, 4, 1)
        .unit("r22", Side::Allied, "infantry", 6, 4, 1)
        .unit("f1", Side::Allied, "infantry", 6, 4, 1)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Movement, &[]);
    g.turn = 1;
    for id in ["eng-utah", "r8", "r22"] {
        let u = unit(&g, id);
        g.unit_mut(u).at = Location::SecondWave(Beach::Utah.index() as u8);
    }
    let utah = hex(&g, UTAH);
    g.set_control(utah, Side::Allied);
    // The beach opens with its engineer.
    assert!(land(&mut g, "r8", UTAH).is_err());
    land(&mut g, "eng-utah", UTAH).unwrap();
    land(&mut g, "r8", UTAH).unwrap();
    assert_eq!(g.tracks.rp, [0, 0]);
    assert_eq!(g.tracks.rp_landed, [0; 5]);
    // Overstacked: the second unit waits in its box.
    place(&mut g, "f1", UTAH);
    assert!(land(&mut g, "r22", UTAH).is_err());
    assert_eq!(
        g.unit(unit(&g, "r22")).at,
        Location::SecondWave(Beach::Utah.index() as u8)
    );
}

#[test]
fn rule_28_3_naval_batteries_take_a_marker_per_side() {
    let data = Kit::new()
        .position("battery-crisbecq", &["1503"])
        .position("battery-longues", &["1509"])
        .position("battery-mont-canisy", &["1511"])
        .unit("us", Side::Allied, "infantry", 6, 4, 0)
        .unit("cw", Side::Allied, "infantry", 6, 4, 0)
        .data();
    let mut g = game(&data, Side::Allied, Phase::Replacement, &[]);
    g.options.naval_batteries = true;
    g.tracks.naval = [2, 2];
    let mut log = N44Log::new();
    crate::turn::begin_player_turn(&mut g, Side::Allied, &mut log);
    assert_eq!(g.tracks.naval, [1, 1]);
    // Allied units take Crisbecq and Longues: the US is free; Mont Canisy needs nothing while
    // Sword is closed.
    place(&mut g, "us", "1503");
    place(&mut g, "cw", "1509");
    g.tracks.naval = [2, 2];
    crate::turn::begin_player_turn(&mut g, Side::Allied, &mut log);
    assert_eq!(g.tracks.naval, [2, 2]);
    // Off by default.
    let mut off = game(&data, Side::Allied, Phase::Replacement, &[]);
    off.tracks.naval = [2, 2];
    crate::turn::begin_player_turn(&mut off, Side::Allied, &mut log);
    assert_eq!(off.tracks.naval, [2, 2]);
}

#[test]
fn random_walk_through_turns_with_arrivals_and_landings() {
    use overlord_engine::Game;
    // The kit's Gold beachhead (2012) lies on its east edge: keep the edge elsewhere, or a CW
    // landing there wins at once (23.2) and the walk ends on turn 2.
    // Cherbourg (2001) has a road to the south edge: it traces supply there (5.2), so the German
    // may give the Fortress SupP.
    let data = beaches()
        .cherbourg_road()
        .region("east_edge", &["1012"])
        .position("mobilize-243", &["1505"])
        .position("mobilize-709", &["1305"])
        .unit("us-reg", Side::Allied, "infantry", 6, 4, 1)
        .unit("cw-bde", Side::Allied, "infantry", 6, 4, 1)
        .unit("de-arr", Side::German, "infantry", 6, 4, 0)
        .unit("de-mob", Side::German, "infantry", 4, 3, 0)
        .unit("de-map", Side::German, "infantry", 6, 4, 0)
        .gb("us-reg", 3)
        .gb("cw-bde", 3)
        .arrival("de-arr", 3, "red")
        .data();
    let mut seen = std::collections::BTreeSet::new();
    let mut turns = 0;
    for seed in 0..20u64 {
        let mut g = game(&data, Side::German, Phase::Replacement, &[]);
        g.rng = overlord_engine::GameRng::seeded(seed);
        open_beaches(&mut g);
        britain(&mut g, &["us-reg", "cw-bde"]);
        let arr = unit(&g, "de-arr");
        g.unit_mut(arr).at = Location::Arriving(3);
        let mob = unit(&g, "de-mob");
        g.unit_mut(mob).at = Location::Mobilization(0);
        place(&mut g, "de-map", "1206");
        let de = unit(&g, "de-map");
        g.unit_mut(de).step = 1;
        g.step = Step::Initial;
        let mut log = N44Log::new();
        overlord_engine::driver::run(&mut g, &mut log);
        let mut pick = seed.wrapping_add(1);
        for _ in 0..400 {
            if g.outcome.is_some() || g.turn > 5 {
                break;
            }
            let moves = legal(&g);
            assert!(!moves.is_empty(), "no answer at {:?}", g.step);
            pick = pick
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let a = moves[usize::try_from(pick >> 33).unwrap() % moves.len()];
            let name = format!("{a:?}");
            seen.insert(name.split([' ', '{']).next().unwrap_or("").to_owned());
            let _ = g
                .apply(a, &mut log)
                .unwrap_or_else(|r| panic!("{a:?} at {:?} refused: {r:?}", g.step));
        }
        turns = turns.max(g.turn);
    }
    for kind in ["Land", "Enter", "Mobilize", "FortressSupply", "Replace"] {
        assert!(seen.contains(kind), "{kind} never played: {seen:?}");
    }
    assert!(turns >= 4, "reached turn {turns}");
}
