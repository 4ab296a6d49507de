//! Transport (`TOI-TRANS`, `TOI-UNIT-TRUCK`, `TOI-UNIT-HT`).

use super::*;
use crate::state::Token;

#[test]
fn t_trans_01_toi_trans_boarding_costs_2_and_ends_the_action() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    let truck = vehicle(&mut g, Nation::Us, "us-truck", "0304");
    let t = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    g.units[t.index()].at = Location::Aboard(truck);
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::Advance { unit: s });
    let to = hex(&g, "0304");
    act(&mut g, ToiAction::MoveTo { hex: to });
    act(&mut g, ToiAction::Board { vehicle: truck });
    assert_eq!(g.unit(s).at, Location::Aboard(truck));
    assert_eq!(
        g.unit(s).token,
        Token::Fatigued,
        "fatigued at once, 1 MP unused"
    );
    assert_eq!(g.passengers(truck).count(), 2);
    // TOI-STACK: the truck and its passengers are one unit.
    assert_eq!(g.units_in(to).count(), 1);
}

#[test]
fn t_trans_02_toi_unit_truck_a_third_of_a_point_along_the_road() {
    let mut g = empty_game(&[]);
    let truck = vehicle(&mut g, Nation::Us, "us-truck", "0805");
    // 0805 -> 0905 along the east road: a third; a squad pays a whole point.
    let (from, to) = (hex(&g, "0805"), hex(&g, "0905"));
    assert_eq!(crate::movement::entry_cost(&g, truck, from, to), Ok(1));
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0805");
    assert_eq!(crate::movement::entry_cost(&g, s, from, to), Ok(3));
    // 4 MP are 12 road hexes.
    assert_eq!(crate::movement::movement_points(&g, truck), 12);
}

#[test]
fn t_trans_03_and_04_toi_trans_passengers_ride_and_leave_for_2_mp() {
    let mut g = empty_game(&[]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0302");
    let u = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    g.units[u.index()].at = Location::Aboard(ht);
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    // The halftrack moves; its passenger goes with it and stays fresh.
    act(&mut g, ToiAction::Advance { unit: ht });
    for label in ["0303", "0304"] {
        let h = hex(&g, label);
        act(&mut g, ToiAction::MoveTo { hex: h });
    }
    act(&mut g, ToiAction::StopMoving);
    assert_eq!(g.unit(ht).token, Token::Fatigued);
    assert_eq!(g.unit(u).at, Location::Aboard(ht));
    assert_eq!(g.unit(u).token, Token::Fresh);
    // The passenger leaves it (2 MP) and moves on with the 2 left.
    act(&mut g, ToiAction::Advance { unit: u });
    assert_eq!(legal(&g), vec![ToiAction::Disembark, ToiAction::StopMoving]);
    act(&mut g, ToiAction::Disembark);
    assert_eq!(g.unit(u).at, Location::Hex(hex(&g, "0304")));
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 6));
    let on = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: on });
    act(&mut g, ToiAction::StopMoving);
    assert_eq!(g.passengers(ht).count(), 0);
}

#[test]
fn t_trans_05_toi_trans_no_attack_reaches_a_passenger_and_it_dies_with_its_vehicle() {
    // A DE 4R fires at the halftrack next to it: black [6, 6, 6, 6] at close range, red for
    // armor 1 in the open [1]: 4 hits: destroyed, with its passenger.
    let mut g = empty_game(&[6, 6, 6, 6, 1]);
    let ht = vehicle(&mut g, Nation::Us, "us-halftrack", "0305");
    let u = squad(
        &mut g,
        Nation::Us,
        &["us-regular", "us-regular", "us-regular", "us-officer"],
        "0305",
    );
    g.units[u.index()].at = Location::Aboard(ht);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    assert!(
        !crate::fire::targets(&g, de, false).contains(&u),
        "not a target"
    );
    assert!(crate::fire::targets(&g, de, false).contains(&ht));
    // TOI-TRANS: the halftrack's movement gets no officer bonus.
    assert_eq!(crate::movement::movement_points(&g, ht), 15);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g.sides[Nation::De.index()].actions_left = 2;
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: de,
            target: ht,
        },
    );
    assert_eq!(g.unit(ht).at, Location::Gone);
    assert_eq!(g.unit(u).at, Location::Gone, "its passenger goes with it");
}
