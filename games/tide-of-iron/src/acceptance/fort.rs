//! Fortifications, obstacles and smoke (`TOI-FORT`).

use super::*;
use crate::state::{Fort, Token};

#[test]
fn toi_fort_entr_toi_fort_pill_getting_in_costs_1_mp_and_gives_cover() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0305", |m| {
        m.entrenchments = 1;
        m.pillboxes = 1;
    });
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    assert_eq!(crate::fire::cover(&g, s), 0, "clear ground");
    act(&mut g, ToiAction::Advance { unit: s });
    act(&mut g, ToiAction::EnterFort { pillbox: false });
    assert_eq!(g.unit(s).fort, Fort::Entrenchment);
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 9),
        "1 MP spent"
    );
    assert_eq!(crate::fire::cover(&g, s), 2);
    // In a fortification it does not move off; it leaves first.
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, ToiAction::MoveTo { .. }))
    );
    act(&mut g, ToiAction::LeaveFort);
    act(&mut g, ToiAction::EnterFort { pillbox: true });
    assert_eq!(crate::fire::cover(&g, s), 6);
}

#[test]
fn toi_fort_wire_razor_wire_stops_a_squad() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0306", |m| m.wire = true);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: s });
    let wire = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: wire });
    assert_eq!(g.unit(s).at, Location::Hex(wire));
    assert_eq!(
        g.unit(s).token,
        Token::Fatigued,
        "its move ends in the wire"
    );
    // TOI-FORT-WIRE: a squad fires from the wire at half firepower.
    assert_eq!(crate::fire::position_halvings(&g, s), 1);
}

#[test]
fn toi_fort_mine_a_minefield_stops_rolls_4_dice_and_fatigues() {
    // Dice [4, 6, 1, 2]: 2 hits, no defence.
    let mut g = empty_game(&[4, 6, 1, 2]);
    mark(&mut g, "0306", |m| m.mines = true);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: s });
    let mines = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: mines });
    assert!(matches!(step(&g), Step::Casualties { hits: 2, .. }));
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    assert_eq!(g.unit(s).token, Token::Fatigued);
    assert_eq!(g.unit(s).at, Location::Hex(mines));
}

#[test]
fn toi_fort_trap_a_vehicle_enters_tank_traps_only_from_next_door_and_stops() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0307", |m| m.traps = true);
    let tank = vehicle(&mut g, Nation::Us, "us-sherman", "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let traps = hex(&g, "0307");
    act(&mut g, ToiAction::Advance { unit: tank });
    let mid = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: mid });
    assert!(
        !legal(&g).contains(&ToiAction::MoveTo { hex: traps }),
        "not after moving"
    );
    // From the next hex, as its first move: in, and it stops.
    let mut g2 = empty_game(&[]);
    mark(&mut g2, "0307", |m| m.traps = true);
    let tank = vehicle(&mut g2, Nation::Us, "us-sherman", "0306");
    let _de = squad(&mut g2, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g2, ToiAction::Advance { unit: tank });
    act(&mut g2, ToiAction::MoveTo { hex: traps });
    assert_eq!(g2.unit(tank).token, Token::Fatigued);
    // TOI-FORT-TRAP: squads there get +1 cover.
    let s = squad(&mut g2, Nation::De, &["de-regular"; 4], "0307");
    g2.units[s.index()].nation = Nation::Us;
    assert_eq!(crate::fire::cover(&g2, s), 1);
}

#[test]
fn toi_fort_smoke_blocks_sight_covers_halves_and_clears_in_the_status_phase() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0305");
    assert!(crate::fire::band(&g, us, de, false).is_some());
    mark(&mut g, "0303", |m| m.smoke = true);
    assert!(
        crate::fire::band(&g, us, de, false).is_none(),
        "smoke between blocks the line"
    );
    mark(&mut g, "0303", |m| m.smoke = false);
    mark(&mut g, "0305", |m| m.smoke = true);
    assert_eq!(crate::fire::cover(&g, de), 2);
    assert_eq!(crate::fire::position_halvings(&g, de), 1);
    // TOI-HALF: Fire and Movement from smoke would halve twice: no attack.
    assert!(crate::fire::targets(&g, de, true).is_empty());
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    assert!(!g.smoke(hex(&g, "0305")));
}

/// T-TIME-02 (`TOI-TIMING`, D-OBSTACLE-ORDER): razor wire and a minefield in one hex, entered by
/// a US light vehicle: the US, the active player, orders them; both stop it, the minefield's
/// dice are rolled once.
#[test]
fn t_time_02_toi_timing_the_active_player_orders_two_obstacles() {
    let mut g = empty_game(&[1, 1, 1, 4]);
    mark(&mut g, "0306", |m| {
        m.wire = true;
        m.mines = true;
    });
    let halftrack = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: halftrack });
    let into = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: into });
    assert!(matches!(step(&g), Step::ObstacleOrder(mv) if mv.unit == halftrack));
    assert_eq!(
        crate::decisions::decider(&g),
        Nation::Us,
        "the active player"
    );
    let mut offered = legal(&g);
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered,
        vec![
            ToiAction::ResolveFirst {
                obstacle: crate::action::Obstacle::Minefield
            },
            ToiAction::ResolveFirst {
                obstacle: crate::action::Obstacle::Wire
            },
        ]
    );
    let log = act(
        &mut g,
        ToiAction::ResolveFirst {
            obstacle: crate::action::Obstacle::Wire,
        },
    );
    let rules: Vec<&str> = log.entries().iter().map(|e| e.rule.0).collect();
    let (wire, mines) = (
        rules.iter().position(|&r| r == "TOI-FORT-WIRE").unwrap(),
        rules.iter().position(|&r| r == "TOI-FORT-MINE").unwrap(),
    );
    assert!(wire < mines, "in the order chosen: {rules:?}");
    // One hit of the mines: lightly damaged, stopped, fatigued.
    assert!(matches!(
        g.unit(halftrack).kind,
        Kind::Vehicle {
            damage: crate::tables::results::Damage::Light,
            ..
        }
    ));
    assert_eq!(g.unit(halftrack).at, Location::Hex(into));
    assert_eq!(g.unit(halftrack).token, Token::Fatigued);
}

/// One obstacle alone needs no order: a squad entering razor wire is stopped at once.
#[test]
fn toi_timing_a_single_obstacle_asks_nothing() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0306", |m| m.wire = true);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: s });
    let into = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: into });
    assert!(!matches!(step(&g), Step::ObstacleOrder(_)));
    assert_eq!(g.unit(s).token, Token::Fatigued);
}
