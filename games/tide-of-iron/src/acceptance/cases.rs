//! More of the spec's section-8 cases on rules played elsewhere: terrain costs, fortifications,
//! Op Fire's windows and its effects on vehicles, the order of Op Fire and obstacles, stacking
//! while moving through, immobility.

use super::*;
use crate::state::{Fort, Token};
use crate::tables::results::{Condition, Damage};

#[test]
fn t_terr_01_toi_terr_rough_toi_terr_stream_toi_terr_building_toi_terr_bridge_toi_terr_lake() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let v = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    const T: u8 = crate::movement::THIRDS;
    let cost = |g: &ToiGame, u: UnitId, from: &str, to: &str| {
        crate::movement::entry_cost(g, u, hex(g, from), hex(g, to))
    };
    // Clear, rough, woods, a fordable stream, a building: squads 1, 2, 2, 2, 2.
    assert_eq!(cost(&g, s, "0605", "0606"), Ok(T));
    assert_eq!(cost(&g, s, "1006", "1007"), Ok(2 * T));
    assert_eq!(cost(&g, s, "0702", "0802"), Ok(2 * T));
    assert_eq!(cost(&g, s, "0306", "0307"), Ok(2 * T));
    assert_eq!(cost(&g, s, "0603", "0604"), Ok(2 * T));
    // Vehicles: rough 1, woods 3, a fordable stream 4, never a building.
    assert_eq!(cost(&g, v, "1006", "1007"), Ok(T));
    assert_eq!(cost(&g, v, "0702", "0802"), Ok(3 * T));
    assert_eq!(cost(&g, v, "0306", "0307"), Ok(4 * T));
    assert!(cost(&g, v, "0603", "0604").is_err());
    // The bridge: 1 for both, the stream under it never paid.
    assert_eq!(cost(&g, s, "0406", "0407"), Ok(T));
    assert_eq!(cost(&g, v, "0406", "0407"), Ok(T));
    // The streams a squad wades and the water no one crosses (terrain.toml, table 2.2).
    let terrain = |id: &str| g.data().terrain(id).unwrap().clone();
    assert_eq!(
        (
            terrain("stream_full").squad_cost,
            terrain("stream_full").vehicle_cost
        ),
        (Some(3), None)
    );
    for water in ["stream_deep", "lake"] {
        assert_eq!(
            (terrain(water).squad_cost, terrain(water).vehicle_cost),
            (None, None)
        );
    }
}

#[test]
fn t_fort_01_toi_fort_entr_toi_fort_pill_cover_and_who_gets_in() {
    let mut g = empty_game(&[]);
    mark(&mut g, "1003", |m| {
        m.entrenchments = 1;
        m.pillboxes = 1;
    });
    let dug = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    let boxed = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    g.units[dug.index()].fort = Fort::Entrenchment;
    g.units[boxed.index()].fort = Fort::Pillbox;
    assert_eq!(crate::cover::cover(&g, dug), 4, "woods 2 + entrenchment 2");
    assert_eq!(crate::cover::cover(&g, boxed), 8, "woods 2 + pillbox 6");
    // A third squad finds both taken; a vehicle never gets in.
    let third = squad(&mut g, Nation::Us, &["us-regular"; 4], "1004");
    act(&mut g, ToiAction::Advance { unit: third });
    let woods = hex(&g, "1003");
    act(&mut g, ToiAction::MoveTo { hex: woods });
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, ToiAction::EnterFort { .. }))
    );
    let mut g = empty_game(&[]);
    mark(&mut g, "0305", |m| m.entrenchments = 1);
    let v = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    act(&mut g, ToiAction::Advance { unit: v });
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, ToiAction::EnterFort { .. }))
    );
}

#[test]
fn t_fort_03_toi_fort_trap_next_door_only_and_cover_for_squads() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0306", |m| m.traps = true);
    let near = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    let far = vehicle(&mut g, Nation::Us, "us-halftrack", "0304");
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    assert_eq!(crate::cover::cover(&g, s), 1, "tank traps: +1 for squads");
    act(&mut g, ToiAction::Advance { unit: far });
    let between = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: between });
    let traps = hex(&g, "0306");
    assert!(
        !legal(&g).contains(&ToiAction::MoveTo { hex: traps }),
        "not after a first hex"
    );
    act(&mut g, ToiAction::StopMoving);
    g.units[near.index()].at = Location::Hex(hex(&g, "0307"));
    g.step = Step::Action { nation: Nation::Us };
    g.sides[Nation::Us.index()].actions_left = 2;
    act(&mut g, ToiAction::Advance { unit: near });
    act(&mut g, ToiAction::MoveTo { hex: traps });
    assert_eq!(g.unit(near).at, Location::Hex(traps));
    assert_eq!(g.unit(near).token, Token::Fatigued, "it stops there");
}

#[test]
fn t_opf_02_toi_combat_opfire_only_entering_a_hex_opens_a_window() {
    let mut g = empty_game(&[1, 1, 1, 1]);
    mark(&mut g, "0305", |m| m.entrenchments = 1);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0307");
    g.units[de.index()].token = Token::OpFire;
    // Getting into the entrenchment: no window.
    act(&mut g, ToiAction::Advance { unit: us });
    act(&mut g, ToiAction::EnterFort { pillbox: false });
    assert!(matches!(step(&g), Step::Moving(_)));
    // Leaving it: one.
    act(&mut g, ToiAction::LeaveFort);
    assert!(matches!(step(&g), Step::OpFire(_)));
    act(&mut g, ToiAction::Pass);
    act(&mut g, ToiAction::StopMoving);
    // Concentrated Fire opens none.
    let other = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    g.step = Step::Action { nation: Nation::Us };
    g.sides[Nation::Us.index()].actions_left = 2;
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: other,
            target: de,
        },
    );
    assert!(!matches!(step(&g), Step::OpFire(_)));
}

#[test]
fn t_opf_04_toi_move_opfire_a_light_vehicle_lightly_damaged_stops() {
    // The German 4R next to the halftrack's first hex: close, [6, 6, 1, 1]; armour 1 [1]: 2 hits,
    // light damage.
    let mut g = empty_game(&[6, 6, 1, 1, 1]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0304");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[de.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: ht });
    let first = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: first });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: de,
            suppressive: false,
            mg_only: false,
        },
    );
    assert!(matches!(
        g.unit(ht).kind,
        Kind::Vehicle {
            damage: Damage::Light,
            ..
        }
    ));
    assert_eq!(g.unit(ht).at, Location::Hex(first));
    assert_eq!(g.unit(ht).token, Token::Fatigued);
}

#[test]
fn t_opf_03_sturdy_a_lightly_damaged_tank_moves_on() {
    // A Panzer IV in Op Fire at 0308 lets the Sherman's first hex go, then fires at its second
    // (0304, 4 hexes: normal): 9 dice [5, 1 x 8], armour 4 [1, 1, 1, 1]: 1 hit, light damage.
    let mut g = empty_game(&[5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let sherman = vehicle(&mut g, Nation::Us, "us-sherman", "0302");
    let panzer = vehicle(&mut g, Nation::De, "de-panzer-iv", "0308");
    g.units[panzer.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: sherman });
    let first = hex(&g, "0303");
    act(&mut g, ToiAction::MoveTo { hex: first });
    act(&mut g, ToiAction::Pass);
    let second = hex(&g, "0304");
    act(&mut g, ToiAction::MoveTo { hex: second });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: panzer,
            suppressive: false,
            mg_only: false,
        },
    );
    assert!(matches!(
        g.unit(sherman).kind,
        Kind::Vehicle {
            damage: Damage::Light,
            ..
        }
    ));
    // 7 MP less two hexes and the damage's 1: 4 left; still moving, not fatigued.
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 4 * crate::movement::THIRDS),
        "{:?}",
        step(&g)
    );
    assert_eq!(g.unit(sherman).token, Token::Fresh);
}

#[test]
fn t_time_01_toi_timing_op_fire_before_the_minefield() {
    // Op Fire [1, 1, 1, 1] misses; then the minefield's 4 dice [4, 1, 6, 2]: 2 hits.
    let mut g = empty_game(&[1, 1, 1, 1, 4, 1, 6, 2]);
    mark(&mut g, "0306", |m| m.mines = true);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0307");
    g.units[de.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: us });
    let mines = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: mines });
    let log = act(
        &mut g,
        ToiAction::OpFire {
            lead: de,
            suppressive: false,
            mg_only: false,
        },
    );
    let rules: Vec<&str> = log.entries().iter().map(|e| e.rule.0).collect();
    let fire = rules.iter().position(|r| *r == "TOI-COMBAT-SEQ").unwrap();
    let mine = rules.iter().position(|r| *r == "TOI-FORT-MINE").unwrap();
    assert!(fire < mine, "{rules:?}");
    // A squad the Op Fire destroys rolls for no mine: one regular, [6, 1, 1, 1].
    let mut g = empty_game(&[6, 1, 1, 1]);
    mark(&mut g, "0306", |m| m.mines = true);
    let us = squad(&mut g, Nation::Us, &["us-regular"], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0307");
    g.units[de.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: us });
    let mines = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: mines });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: de,
            suppressive: false,
            mg_only: false,
        },
    );
    let log = act(&mut g, ToiAction::Lose { slot: 0 });
    assert_eq!(g.unit(us).at, Location::Gone);
    assert!(!log.entries().iter().any(|e| e.rule.0 == "TOI-FORT-MINE"));
}

#[test]
fn t_stack_02_toi_stack_stopped_in_a_full_hex_it_goes_back() {
    // 0306 holds 3 US units; a US 4R passes through; the German pins it there (suppressive,
    // normal range, [5, 6, 1, 1]): it goes back to 0305, fatigued.
    let mut g = empty_game(&[5, 6, 1, 1]);
    for _ in 0..3 {
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    }
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0308");
    g.units[de.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: us });
    let first = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: first });
    if matches!(step(&g), Step::OpFire(_)) {
        act(&mut g, ToiAction::Pass);
    }
    let full = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: full });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: de,
            suppressive: true,
            mg_only: false,
        },
    );
    assert_eq!(g.unit(us).at, Location::Hex(first));
    assert_eq!(g.unit(us).token, Token::Fatigued);
}

#[test]
fn t_stack_03_toi_trans_no_disembarking_into_a_full_hex() {
    let mut g = empty_game(&[]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    let rider = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[rider.index()].at = Location::Aboard(ht);
    squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    assert!(!crate::movement::may_disembark(&g, rider, 12));
}

#[test]
fn t_move_05_toi_move_immobile_pinned_and_heavily_damaged_units_stay() {
    let mut g = empty_game(&[]);
    let pinned = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    set_condition(&mut g, pinned, Condition::Pinned);
    let wreck = vehicle(&mut g, Nation::Us, "us-sherman", "0303");
    if let Kind::Vehicle { figure, .. } = g.units[wreck.index()].kind {
        g.units[wreck.index()].kind = Kind::Vehicle {
            figure,
            damage: Damage::Heavy,
        };
    }
    let offered = legal(&g);
    for unit in [pinned, wreck] {
        for a in [
            ToiAction::Advance { unit },
            ToiAction::FireAndMovement { unit },
            ToiAction::AssaultWith { unit },
        ] {
            assert!(!offered.contains(&a), "{a:?}");
        }
    }
}

/// The text of the log's assault roll.
fn assault_line(log: &ToiLog) -> String {
    log.entries()
        .iter()
        .find(|e| e.text.starts_with("Assault: attack"))
        .map(|e| e.text.clone())
        .expect("an assault roll")
}

#[test]
fn t_act_02_toi_act_conc_two_hits_two_figures_one_action_left() {
    // B[5,5,1,2] at normal range on a German 4R in the clear: 2 hits.
    let mut g = empty_game(&[5, 5, 1, 2]);
    let b = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0305");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: b,
            target: de,
        },
    );
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    match g.unit(de).kind {
        Kind::Squad { figures, .. } => {
            assert_eq!(figures.iter().filter(|&&f| f != EMPTY_SLOT).count(), 2);
        }
        Kind::Vehicle { .. } => panic!(),
    }
    assert_eq!(g.unit(b).token, Token::Fatigued);
    assert_eq!(g.side(Nation::Us).actions_left, 1);
}

#[test]
fn t_aslt_02_toi_combat_assault_terrain_once_and_each_fortification() {
    // Three German squads in the orchard's woods (1003), two entrenched: 2 + 2 + 2 = 6 red dice.
    let mut g = empty_game(&[1; 40]);
    mark(&mut g, "1003", |m| m.entrenchments = 2);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "1004");
    for dug in [true, true, false] {
        let d = squad(&mut g, Nation::De, &["de-regular"; 4], "1003");
        if dug {
            g.units[d.index()].fort = Fort::Entrenchment;
        }
    }
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "1003");
    let log = act(&mut g, ToiAction::AssaultHex { hex: target });
    assert!(
        assault_line(&log).contains("against cover [1, 1, 1, 1, 1, 1]"),
        "{}",
        assault_line(&log)
    );
}

#[test]
fn t_aslt_07_toi_combat_assault_an_officer_keeps_pinned_defenders_at_full() {
    let mut g = empty_game(&[1; 40]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let pinned = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    set_condition(&mut g, pinned, Condition::Pinned);
    squad(
        &mut g,
        Nation::De,
        &["de-regular", "de-regular", "de-regular", "de-officer"],
        "0306",
    );
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0306");
    let log = act(&mut g, ToiAction::AssaultHex { hex: target });
    assert!(
        assault_line(&log).contains("defence 8 dice"),
        "{}",
        assault_line(&log)
    );
}

#[test]
fn t_aslt_08_toi_fort_wire_assaulting_from_wire_halves() {
    // The squad starts in wire, does not move, assaults: 4 halved to 2.
    let mut g = empty_game(&[1; 40]);
    mark(&mut g, "0305", |m| m.wire = true);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0306");
    let log = act(&mut g, ToiAction::AssaultHex { hex: target });
    assert!(
        assault_line(&log).contains("attack 2 dice"),
        "{}",
        assault_line(&log)
    );
}

#[test]
fn t_fort_05_toi_fort_smoke_in_an_assault() {
    // Smoke on the defenders' hex: their 4 dice halved to 2, their cover +2, no supporter joins.
    let mut g = empty_game(&[1; 40]);
    mark(&mut g, "0306", |m| m.smoke = true);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _friend = squad(&mut g, Nation::Us, &["us-regular"; 4], "0206");
    squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0306");
    let log = act(&mut g, ToiAction::AssaultHex { hex: target });
    let line = assault_line(&log);
    assert!(
        line.contains("attack 4 dice"),
        "assaulting from outside: {line}"
    );
    assert!(line.contains("against cover [1, 1]"), "{line}");
    assert!(line.contains("defence 2 dice"), "{line}");
    // Smoke never in a building (the scenario check) and gone at the Status Phase
    // (toi_fort_smoke_blocks_sight_covers_halves_and_clears_in_the_status_phase).
}

#[test]
fn t_comb_04_toi_combat_combined_a_tiger_and_a_squad_on_a_building() {
    // The Tiger's 6 + 3 (Concussive Firepower) and half the 4R's 4: 11 black dice; the building's
    // 3 red.
    let mut g = empty_game(&[1; 40]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    let tiger = vehicle(&mut g, Nation::De, "de-tiger", "0608");
    let friend = squad(&mut g, Nation::De, &["de-regular"; 4], "0608");
    let target = squad(&mut g, Nation::Us, &["us-regular"; 4], "0604");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: tiger,
            target,
        },
    );
    act(&mut g, ToiAction::Support { unit: friend });
    let log = act(&mut g, ToiAction::Fire);
    let (black, red) = log
        .entries()
        .iter()
        .find_map(|e| match &e.event {
            crate::action::ToiEvent::Attack { black, red, .. } => Some((black.len(), red.len())),
            _ => None,
        })
        .unwrap();
    assert_eq!((black, red), (11, 3));
    assert_eq!(
        (g.unit(tiger).token, g.unit(friend).token),
        (Token::Fatigued, Token::Fatigued)
    );
}

#[test]
fn t_comb_05_toi_combat_combined_who_may_support() {
    let mut g = empty_game(&[]);
    let lead = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let tired = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    g.units[tired.index()].token = Token::Fatigued;
    let wreck = vehicle(&mut g, Nation::Us, "us-sherman", "0302");
    if let Kind::Vehicle { figure, .. } = g.units[wreck.index()].kind {
        g.units[wreck.index()].kind = Kind::Vehicle {
            figure,
            damage: Damage::Heavy,
        };
    }
    let blind = squad(&mut g, Nation::Us, &["us-regular"; 4], "1101");
    let target = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let supporters = crate::fire::supporters(&g, lead, target, Token::Fresh);
    assert!(!supporters.contains(&tired), "fatigued");
    assert!(!supporters.contains(&blind), "out of range");
    assert!(
        !supporters.contains(&wreck),
        "heavily damaged: its half halved again (TOI-HALF)"
    );
    // An Op Fire attack takes Op Fire units only.
    assert!(crate::fire::supporters(&g, lead, target, Token::OpFire).is_empty());
    // The wreck repaired, it supports.
    if let Kind::Vehicle { figure, .. } = g.units[wreck.index()].kind {
        g.units[wreck.index()].kind = Kind::Vehicle {
            figure,
            damage: Damage::None,
        };
    }
    assert!(crate::fire::supporters(&g, lead, target, Token::Fresh).contains(&wreck));
}

#[test]
fn t_seq_03_toi_combat_cover_smoke_adds_to_woods_and_armour_to_cover() {
    let mut g = empty_game(&[]);
    mark(&mut g, "1003", |m| m.smoke = true);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    assert_eq!(crate::cover::cover(&g, s), 4, "woods 2 + smoke 2");
    let mut g = empty_game(&[]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "1003");
    let armour = g.data().figure("us-halftrack").unwrap().armor.unwrap();
    assert_eq!(
        u32::from(armour) + u32::from(crate::cover::cover(&g, ht)),
        3
    );
}

#[test]
fn t_cmd_03_toi_cmd_ctrl_no_override_no_control() {
    // Le Hameau gives the German command objective at 0604 to the German; the others start
    // uncontrolled, the US's own at 0402 included.
    let g = empty_game(&[]);
    let at = |label: &str| {
        g.scenario()
            .objectives
            .iter()
            .position(|o| o.hex == hex(&g, label))
            .unwrap()
    };
    assert_eq!(g.controller(at("0402")), None);
    assert_eq!(g.controller(at("0605")), None);
    assert_eq!(g.controller(at("0604")), Some(Nation::De));
}

#[test]
fn t_cmd_07_toi_cmd_spend_cards_in_their_own_phase() {
    let mut g = empty_game(&[]);
    let reduced = squad(&mut g, Nation::Us, &["us-regular"; 2], "0305");
    let _ = reduced;
    let veterans = g
        .data()
        .cards
        .cards
        .iter()
        .position(|c| c.id == "hardened-veterans")
        .unwrap() as u16;
    let rally = g
        .data()
        .cards
        .cards
        .iter()
        .position(|c| c.id == "rally-the-line")
        .unwrap() as u16;
    g.hands[Nation::Us.index()].hq = vec![veterans, rally];
    g.sides[Nation::Us.index()].command = 5;
    let fatigued = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    g.units[fatigued.index()].token = Token::Fatigued;
    // The Action Phase offers the Action card only.
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: rally }));
    assert!(!legal(&g).contains(&ToiAction::PlayCard { card: veterans }));
    // The Command Phase the Command card only.
    g.step = Step::Command { nation: Nation::Us };
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: veterans }));
    assert!(!legal(&g).contains(&ToiAction::PlayCard { card: rally }));
}

#[test]
fn t_trans_04_toi_trans_disembark_then_move_on() {
    let mut g = empty_game(&[]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    let u = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[u.index()].at = Location::Aboard(ht);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0308");
    g.units[de.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: u });
    act(&mut g, ToiAction::Disembark);
    // Leaving the vehicle is entering the hex: the German may fire.
    assert!(matches!(step(&g), Step::OpFire(_)));
    act(&mut g, ToiAction::Pass);
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 2 * crate::movement::THIRDS));
    let north = hex(&g, "0304");
    act(&mut g, ToiAction::MoveTo { hex: north });
    assert_eq!(g.passengers(ht).count(), 0);
    assert_eq!(g.unit(u).at, Location::Hex(north));
}

#[test]
fn t_stat_04_toi_stat_reinf_one_place_left_one_lost() {
    // Two US squads due; the green R hex (0601) holds 2 US units: one fits, the other is lost.
    let mut g = empty_game(&[]);
    let first = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let second = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    for u in [first, second] {
        g.units[u.index()].at = Location::Reserve(2);
    }
    squad(&mut g, Nation::Us, &["us-regular"; 4], "0601");
    squad(&mut g, Nation::Us, &["us-regular"; 4], "0601");
    g.round = 2;
    crate::status::reinforce(&mut g, Nation::Us, &mut ToiLog::new());
    let r = hex(&g, "0601");
    act(&mut g, ToiAction::PlaceReinforcement { hex: r });
    assert_eq!(g.unit(first).at, Location::Hex(r));
    assert_eq!(g.unit(second).at, Location::Gone, "lost for good");
}

/// `TOI-COMBAT-SEQ`: the attack's dice pool and the chance of each number of hits are shown
/// before it is rolled, and the roll uses that pool.
#[test]
fn toi_combat_seq_the_pool_and_odds_are_shown_before_the_roll() {
    let mut g = empty_game(&[6, 5, 1, 1]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let fire = ToiAction::ConcentratedFire {
        unit: us,
        target: de,
    };
    let label = crate::view::anchors(&g, &fire).label;
    // 4 black dice at close range (4-6), no cover: 0 hits 1/16, 1 4/16, 2 6/16, 3+ 5/16.
    assert!(
        label.contains("4 black on 4-6, 0 red: hits 0 6%, 1 25%, 2 38%, 3+ 31%"),
        "{label}"
    );
    act(&mut g, fire);
    if matches!(step(&g), Step::Combining(_)) {
        let shown = crate::view::anchors(&g, &ToiAction::Fire).label;
        assert!(shown.contains("4 black on 4-6"), "{shown}");
        act(&mut g, ToiAction::Fire);
    }
    assert!(matches!(step(&g), Step::Casualties { hits: 2, .. }));
}

/// `overlord sim`'s heat map: each unit eliminated on the battlefield is booked at its hex under
/// its side (the squads a destroyed vehicle carries at the vehicle's hex, `TOI-TRANS`), and the
/// battlefield is drawn with each side's counts shaded on it.
#[test]
fn toi_trans_the_simulator_reads_where_each_side_fell() {
    use overlord_engine::Statistics;
    let mut g = empty_game(&[]);
    assert!(g.fallen_at().is_empty());
    let de = squad(&mut g, Nation::De, &["de-regular", "de-regular"], "0605");
    g.destroy(de);
    let label = g.scenario().battlefield.label(hex(&g, "0605"));
    assert_eq!(g.fallen_at(), [("German units".to_owned(), label.clone())]);
    let svg = g
        .heat_map("German units", &[(label.clone(), 3)])
        .expect("the battlefield drawn");
    assert!(svg.contains("3 German units eliminated here"));
    assert!(g.heat_map("nobody's units", &[(label, 1)]).is_none());
    let truck = vehicle(&mut g, Nation::Us, "us-truck", "0304");
    let carried = squad(&mut g, Nation::Us, &["us-regular"; 2], "0304");
    g.units[carried.index()].at = Location::Aboard(truck);
    g.destroy(truck);
    let there = g.scenario().battlefield.label(hex(&g, "0304"));
    let us: Vec<_> = g
        .fallen_at()
        .into_iter()
        .filter(|(whose, _)| whose == "US units")
        .collect();
    assert_eq!(
        us,
        [
            ("US units".to_owned(), there.clone()),
            ("US units".to_owned(), there)
        ]
    );
}

/// `TOI-ROUND`, `overlord sim`'s figures: the round, the figures each side has lost (a
/// vehicle counts one), VP and objectives held.
#[test]
fn toi_round_the_simulator_reads_round_losses_and_objectives() {
    use overlord_engine::Statistics;
    let rng = GameRng::new(&RandomSpec::seeded(5));
    let mut g = crate::setup::new_game(&data(), "le-hameau", rng).unwrap();
    assert_eq!(
        g.losses(),
        vec![("US".to_owned(), 0), ("German".to_owned(), 0)]
    );
    let de = g
        .unit_ids()
        .find(|&u| {
            g.unit(u).nation == Nation::De
                && matches!(g.unit(u).at, Location::Hex(_))
                && matches!(g.unit(u).kind, Kind::Squad { .. })
        })
        .unwrap();
    if let Kind::Squad { figures, .. } = &mut g.units[de.index()].kind {
        figures[0] = EMPTY_SLOT;
    }
    assert_eq!(g.losses()[1].1, 1, "one German figure lost");
    let held = figures_of(&g, de) as u32;
    g.destroy(de);
    assert_eq!(g.losses()[1].1, 1 + held, "and the rest with the squad");
    assert_eq!(g.losses()[0].1, 0);
    g.round = 3;
    assert_eq!(g.turn(), Some(3));
    let counters = g.counters();
    assert!(counters.iter().any(|(name, _)| name == "US VP"));
    assert!(
        counters
            .iter()
            .any(|(name, _)| name == "objectives held by the German")
    );
}
