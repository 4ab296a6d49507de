//! Tanks and officers (`TOI-UNIT-TANK`, `TOI-UNIT-OFFICER`).

use super::*;
use crate::action::ToiEvent;
use crate::state::{Fort, Markers, Token};
use crate::tables::results::Condition;

fn condition(g: &ToiGame, u: UnitId) -> Condition {
    match g.unit(u).kind {
        Kind::Squad { condition, .. } => condition,
        Kind::Vehicle { .. } => Condition::Normal,
    }
}

/// The black and red dice of the first attack in `log`.
fn dice(log: &ToiLog) -> (usize, usize) {
    log.entries()
        .iter()
        .find_map(|e| match &e.event {
            ToiEvent::Attack { black, red, .. } => Some((black.len(), red.len())),
            _ => None,
        })
        .expect("an attack")
}

/// A German turn in an empty "Le Hameau", with plenty of ones to roll.
fn german_turn() -> ToiGame {
    let mut g = empty_game(&[1; 40]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g
}

#[test]
fn t_tank_01_toi_unit_tank_concussive_firepower_against_buildings_and_pillboxes() {
    // A Tiger at 0609 on a US squad in the building at 0604: 6 + 3 = 9 dice.
    let mut g = german_turn();
    let tiger = vehicle(&mut g, Nation::De, "de-tiger", "0609");
    let house = squad(&mut g, Nation::Us, &["us-regular"; 4], "0604");
    assert!(crate::fire::concussive(&g, tiger, house));
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: tiger,
            target: house,
        },
    );
    assert_eq!(dice(&log).0, 9);
    // In the woods, no bonus; nor against a vehicle.
    let mut g = german_turn();
    let tiger = vehicle(&mut g, Nation::De, "de-tiger", "1006");
    let woods = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    assert!(!crate::fire::concussive(&g, tiger, woods));
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: tiger,
            target: woods,
        },
    );
    assert_eq!(dice(&log).0, 6);
    let sherman = vehicle(&mut g, Nation::Us, "us-sherman", "0604");
    assert!(!crate::fire::concussive(&g, tiger, sherman));
}

#[test]
fn t_tank_02_toi_unit_tank_overrun() {
    let mut g = german_turn();
    let tank = vehicle(&mut g, Nation::De, "de-panzer-iv", "0305");
    let p = squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    let q = squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    let through = hex(&g, "0306");
    g.set_markers(
        through,
        Markers {
            entrenchments: 1,
            ..Markers::default()
        },
    );
    g.units[q.index()].fort = Fort::Entrenchment;
    // Clear 1 + 1 a unit.
    assert_eq!(
        crate::movement::entry_cost(&g, tank, hex(&g, "0305"), through),
        Ok(3 * crate::movement::THIRDS)
    );
    // A squad may not go in at all.
    let s = squad(&mut g, Nation::De, &["de-regular"; 4], "0205");
    assert!(crate::movement::entry_cost(&g, s, hex(&g, "0205"), through).is_err());
    act(&mut g, ToiAction::Advance { unit: tank });
    act(&mut g, ToiAction::MoveTo { hex: through });
    assert!(
        !legal(&g).contains(&ToiAction::StopMoving),
        "never ends its move among enemies"
    );
    assert_eq!(condition(&g, p), Condition::Normal, "not until it leaves");
    let on = hex(&g, "0406");
    act(&mut g, ToiAction::MoveTo { hex: on });
    assert_eq!(condition(&g, p), Condition::Pinned);
    assert_eq!(condition(&g, q), Condition::Normal, "entrenched");
}

#[test]
fn t_tank_03_toi_unit_tank_heavily_damaged_among_enemies_it_goes_back() {
    // P, in Op Fire, fires at the tank in its own hex: close range, black [6, 6, 6, 1],
    // armour 4 red [1, 1, 1, 1]: 3 hits, heavy damage.
    let mut g = empty_game(&[6, 6, 6, 1, 1, 1, 1, 1]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    let tank = vehicle(&mut g, Nation::De, "de-panzer-iv", "0305");
    let p = squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    g.units[p.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: tank });
    let through = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: through });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: p,
            suppressive: false,
            mg_only: false,
        },
    );
    assert_eq!(g.unit(tank).at, Location::Hex(hex(&g, "0305")));
    assert_eq!(g.unit(tank).token, Token::Fatigued);
    assert_eq!(condition(&g, p), Condition::Normal);
}

#[test]
fn t_tank_04_toi_unit_tank_thick_armor_turns_one_die_to_6() {
    // A US Sherman at close range on a Tiger: 8 black [6; 8]; the Tiger's 6 red [1,2,5,1,1,1]:
    // one turned to 6, 2 saves: 6 hits.
    let mut g = empty_game(&[6, 6, 6, 6, 6, 6, 6, 6, 1, 2, 5, 1, 1, 1]);
    let sherman = vehicle(&mut g, Nation::Us, "us-sherman", "0305");
    let tiger = vehicle(&mut g, Nation::De, "de-tiger", "0306");
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: sherman,
            target: tiger,
        },
    );
    let (red, hits) = log
        .entries()
        .iter()
        .find_map(|e| match &e.event {
            ToiEvent::Attack { red, hits, .. } => Some((red.clone(), *hits)),
            _ => None,
        })
        .unwrap();
    assert_eq!(red.iter().filter(|&&d| d == 6).count(), 1);
    assert_eq!(hits, 6);
}

#[test]
fn t_cond_01_toi_unit_officer_rally_a_pinned_squad_fires_at_half() {
    // A pinned US 4R with an officer's squad in its hex: Concentrated Fire at 2 dice.
    let mut g = empty_game(&[1, 1]);
    let pinned = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _officer = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "0305",
    );
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    set_condition(&mut g, pinned, Condition::Pinned);
    assert!(legal(&g).contains(&ToiAction::ConcentratedFire {
        unit: pinned,
        target: de
    }));
    assert!(
        !legal(&g).contains(&ToiAction::PrepareOpFire { unit: pinned }),
        "Concentrated Fire only"
    );
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: pinned,
            target: de,
        },
    );
    // The officer's squad could join: fire alone.
    let log = act(&mut g, ToiAction::Fire);
    assert_eq!(dice(&log).0, 2);
    // Disrupted, or without the officer: no fire.
    let mut g = empty_game(&[]);
    let alone = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    set_condition(&mut g, alone, Condition::Pinned);
    assert!(!legal(&g).contains(&ToiAction::ConcentratedFire {
        unit: alone,
        target: de
    }));
    let _officer = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "0305",
    );
    set_condition(&mut g, alone, Condition::Disrupted);
    assert!(!legal(&g).contains(&ToiAction::ConcentratedFire {
        unit: alone,
        target: de
    }));
}

#[test]
fn t_off_01_toi_unit_officer_determination() {
    let mut g = empty_game(&[]);
    let officer = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "0305",
    );
    let other = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    for u in [officer, other] {
        assert_eq!(crate::fire::attack_cover(&g, u, true, false), 1);
        assert_eq!(crate::fire::attack_cover(&g, u, false, false), 0);
    }
    // Woods 2 + two elites 2 + the officer 1 against suppressive fire; 2 against normal.
    let elites = squad(
        &mut g,
        Nation::Us,
        &["us-elite", "us-elite", "us-regular", "us-regular"],
        "1003",
    );
    let _officer = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "1003",
    );
    assert_eq!(crate::fire::attack_cover(&g, elites, true, false), 5);
    assert_eq!(crate::fire::attack_cover(&g, elites, false, false), 2);
}
