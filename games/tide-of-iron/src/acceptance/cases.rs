//! More of the spec's section-8 cases on rules played elsewhere: terrain costs, fortifications,
//! Op Fire's windows and its effects on vehicles, the order of Op Fire and obstacles, stacking
//! while moving through, immobility.

use super::*;
use crate::state::{Fort, Markers, Token};
use crate::tables::results::{Condition, Damage};

fn mark(g: &mut ToiGame, label: &str, change: impl FnOnce(&mut Markers)) {
    let h = hex(g, label);
    let mut m = g.markers(h);
    change(&mut m);
    g.set_markers(h, m);
}

fn set_condition(g: &mut ToiGame, u: UnitId, c: Condition) {
    if let Kind::Squad { figures, .. } = g.units[u.index()].kind {
        g.units[u.index()].kind = Kind::Squad {
            figures,
            condition: c,
        };
    }
}

#[test]
fn t_terr_01_toi_terr_what_entering_costs() {
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
