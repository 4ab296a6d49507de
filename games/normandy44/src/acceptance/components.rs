//! The counters and setup as the shipped data gives them (2.3, 24.2, 27.1): the data is the
//! project's own, so these check that it reads the way the rules say counters read.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::data::{Class, N44Data, Scenario, Side};
use crate::state::{Location, Normandy44};
use overlord_engine::{Game, GameRng, Log};
use std::sync::Arc;

fn data() -> Arc<N44Data> {
    crate::testkit::shipped_data()
}

fn new_game(scenario: Scenario) -> Normandy44 {
    crate::setup::new_game(
        &data(),
        scenario.id(),
        &Default::default(),
        GameRng::seeded(1),
    )
    .unwrap()
}

#[test]
fn rule_2_3_1_parenthesized_cf_units_only_defend_and_every_unit_reads_its_values() {
    let data = data();
    for (i, u) in data.units.iter().enumerate() {
        let id = crate::data::UnitId(i as u16);
        assert!(!u.steps.is_empty(), "{}", u.id);
        // 17.2, 17.3: HQs and Werfers print their CF in parentheses (they never attack).
        if matches!(u.class, Class::Hq) {
            assert!(u.steps.iter().all(|f| f.defence_only), "{}", u.id);
        }
        // 2.3.1: MA 0 units never move: the strongpoints.
        if u.class == Class::Strongpoint {
            assert!(data.face(id, 0).is_some_and(|f| f.ma == 0), "{}", u.id);
        }
    }
}

#[test]
fn rule_2_3_2_rule_2_3_3_sizes_and_types() {
    let data = data();
    // 2.3.3: mechanized units read the TEC's mech column; panzergrenadiers and motorized
    // infantry are infantry-type too.
    assert!(Class::Armor.mechanized() && !Class::Armor.infantry_type());
    assert!(Class::Panzergrenadier.mechanized() && Class::Panzergrenadier.infantry_type());
    assert!(!Class::Infantry.mechanized() && Class::Infantry.infantry_type());
    assert!(!Class::Bicycle.mechanized());
    // 2.3.2: the counters are regiments, brigades and battalions (and the odd division HQ).
    assert!(
        data.units
            .iter()
            .any(|u| u.size == crate::data::Size::Regiment)
    );
    assert!(
        data.units
            .iter()
            .any(|u| u.size == crate::data::Size::Brigade)
    );
    assert!(
        data.units
            .iter()
            .any(|u| u.size == crate::data::Size::Battalion)
    );
}

#[test]
fn rule_2_3_4_colours_sides_and_armies() {
    use crate::data::Nation;
    for u in &data().units {
        match u.nation {
            Nation::Us | Nation::British | Nation::Canadian => {
                assert_eq!(u.side, Side::Allied, "{}", u.id);
                let army = if u.nation == Nation::Us {
                    crate::data::Army::Us
                } else {
                    crate::data::Army::Cw
                };
                assert_eq!(u.army, Some(army), "{}", u.id);
            }
            _ => assert_eq!(u.side, Side::German, "{}", u.id),
        }
    }
}

#[test]
fn rule_2_3_5_three_step_units_become_cadres() {
    let data = data();
    let three: Vec<_> = (0..data.units.len())
        .map(|i| crate::data::UnitId(i as u16))
        .filter(|&u| data.step_count(u) == 3)
        .collect();
    assert!(three.len() >= 12, "the 23.3 thresholds need 3-step units");
    for u in three {
        // The third step is the cadre counter's face.
        let cadre = data.face(u, 2).unwrap();
        assert!(
            cadre.cf <= data.face(u, 1).unwrap().cf,
            "{}",
            data.unit(u).id
        );
    }
}

#[test]
fn rule_2_3_6_rule_2_3_7_rule_2_3_8_silhouettes_strongpoints_and_markers() {
    let data = data();
    let mut game = new_game(Scenario::Campaign);
    // 2.3.6: a silhouette unit has no TQ (counts 0) and one stacks free.
    let silhouette = data
        .units
        .iter()
        .position(|u| u.class == Class::Silhouette)
        .unwrap();
    let silhouette = crate::data::UnitId(silhouette as u16);
    assert_eq!(data.face(silhouette, 0).unwrap().quality(), 0);
    // 2.3.7: a strongpoint has no ZOC (8.1) and is free for stacking (7.1).
    let sp = data
        .units
        .iter()
        .position(|u| u.class == Class::Strongpoint)
        .unwrap();
    let sp = crate::data::UnitId(sp as u16);
    let hex = game.data().map.hex("1815").unwrap();
    game.unit_mut(sp).at = Location::Hex(hex);
    assert!(!crate::zoc::exerts_zoc(&game, sp));
    assert_eq!(
        crate::stacking::stacker(&game, sp),
        crate::tables::costs::Stacker::Strongpoint
    );
    game.unit_mut(silhouette).at = Location::Hex(hex);
    // 2.3.8: markers never count: a Reserve marker changes nothing.
    assert!(crate::stacking::legal(&game, hex));
    game.unit_mut(silhouette)
        .flags
        .set(crate::state::UnitFlags::RESERVE, true);
    assert!(crate::stacking::legal(&game, hex));
}

#[test]
fn rule_24_2_the_campaign_setup() {
    let game = new_game(Scenario::Campaign);
    let data = game.data();
    for u in game.unit_ids() {
        let def = data.unit(u);
        let at = game.unit(u).at;
        match def.side {
            // The German Initial Setup card and the Reinforcement card (and the
            // Mobilization boxes); nothing of his starts elsewhere.
            Side::German => assert!(
                matches!(
                    at,
                    Location::Hex(_) | Location::Arriving(_) | Location::Mobilization(_)
                ) || at == Location::OutOfPlay,
                "{} at {at:?}",
                def.id
            ),
            // The Allies: Great Britain, the landing boxes, or waiting to drop.
            Side::Allied => assert!(
                matches!(
                    at,
                    Location::Britain
                        | Location::AssaultBox(_)
                        | Location::SecondWave(_)
                        | Location::NextWave
                        | Location::Airborne(_)
                ) || at == Location::OutOfPlay,
                "{} at {at:?}",
                def.id
            ),
        }
    }
    // Play begins with the airborne drops (24.2): the first decisions come after them.
    let mut log = Log::new();
    let g = Normandy44::setup(
        &data_arc(),
        "campaign",
        &Default::default(),
        GameRng::seeded(3),
        &mut log,
    )
    .unwrap();
    assert!(log.entries().iter().any(|e| e.rule.0 == "20.2"));
    assert_eq!(g.turn(), 1);
}

fn data_arc() -> Arc<N44Data> {
    data()
}

#[test]
fn rule_27_1_two_sides_two_seats() {
    let game = new_game(Scenario::MiniGame);
    assert_eq!(game.seats(), 2);
    assert_eq!(game.seat_label(overlord_engine::Seat(0)), "German");
    assert_eq!(game.seat_label(overlord_engine::Seat(1)), "Allies");
    assert_eq!(
        crate::state::seat_of(Side::German),
        overlord_engine::Seat(0)
    );
    assert_eq!(
        crate::state::seat_of(Side::Allied),
        overlord_engine::Seat(1)
    );
}

#[test]
fn the_simulator_reads_turn_losses_holdings_and_counters() {
    use overlord_engine::Statistics;
    let mut game = new_game(Scenario::MiniGame);
    assert_eq!(game.turn(), 1);
    assert_eq!(Statistics::turn(&game), Some(1));
    assert!(game.losses().iter().all(|(_, lost)| *lost == 0));
    assert!(
        game.holding_out().iter().any(|h| h.contains("1815")),
        "St-Lô is German"
    );
    // A German regiment flipped and another eliminated: three steps lost.
    let german: Vec<_> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == Side::German && game.hex_of(u).is_some())
        .filter(|&u| data().step_count(u) == 2)
        .take(2)
        .collect();
    game.unit_mut(german[0]).step = 1;
    game.take_off(german[1], Location::Eliminated);
    assert_eq!(game.losses()[0], ("German".to_owned(), 3));
    // The Allies take St-Lô.
    let st_lo = game.data().map.hex("1815").unwrap();
    game.set_control(st_lo, Side::Allied);
    assert!(!game.holding_out().iter().any(|h| h.contains("1815")));
    assert_eq!(game.counters()[1], ("Allied-held city hexes".to_owned(), 1));
}
