//! The spec's section-8 acceptance cases that need the decision machine (a soldier's turn, the
//! Germans acting, a throw resolved, a mission replayed), each test named by its case id, on
//! mission S1 with its sample squad and scripted dice (the chapters' own cases are in their
//! modules' tests).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod actions;
mod equipment;
mod grenades;
mod mission;
mod rules;
mod vehicles;

use crate::action::AmbAction;
use crate::data::mission::{Marker, Stance};
use crate::state::{Ambush, ArMarker, Phase, RoundState, SoldierId, marker_bit};
use crate::tables::track::Row;
use crate::testkit::{hex, put};

/// A round under way (round 1, the US with the initiative).
pub fn in_round(game: &mut Ambush) {
    game.phase = Phase::Rounds(RoundState {
        number: 1,
        us_die: 6,
        german_die: 2,
        us_initiative: true,
        action_number: 0,
        opened: true,
    });
}

/// Soldier `id` on row `row` in the US half, standing in `at`.
pub fn soldier_at(game: &mut Ambush, id: u8, at: &str, stance: Stance, row: Row) {
    put(game, id, at);
    let s = &mut game.soldiers[usize::from(id)];
    s.stance = stance;
    s.marker = ArMarker {
        row,
        advantage: s.side == crate::data::weapons::Side::Us,
    };
}

/// `id`'s turn begins.
pub fn acting(game: &mut Ambush, id: u8) {
    crate::activation::begin(game, SoldierId(id));
}

/// The legal actions now.
pub fn legal(game: &Ambush) -> Vec<AmbAction> {
    let mut out = Vec::new();
    crate::decisions::legal(game, &mut out);
    out
}

/// Answer with `action`, which must be legal.
pub fn answer(game: &mut Ambush, action: AmbAction) {
    assert!(legal(game).contains(&action), "{action:?} is not legal");
    crate::decisions::answer(game, action).unwrap();
}

/// Mark `labels` with Event Markers, so entering them reads nothing (AMB-OPS-2).
pub fn quiet(game: &mut Ambush, labels: &[&str]) {
    for label in labels {
        let h = hex(game, label);
        game.markers[usize::from(h.0)] |= marker_bit(Marker::Event);
    }
}

/// A generator that rolls exactly `dice`, in order (a strict script).
pub fn scripted(dice: &[u16]) -> overlord_engine::GameRng {
    overlord_engine::GameRng::new(&overlord_engine::RandomSpec::scripted(
        0,
        overlord_engine::Script {
            dice: dice
                .iter()
                .map(|&d| overlord_engine::ScriptedRoll::Value(d))
                .collect(),
            strict: true,
            ..overlord_engine::Script::default()
        },
    ))
}

/// The index among `soldier`'s items of weapon `id`.
pub fn item_of(game: &Ambush, soldier: usize, id: &str) -> usize {
    let weapon = game.data().weapons.index_of(id).unwrap();
    game.soldiers[soldier]
        .items
        .iter()
        .position(|i| i.weapon == weapon)
        .unwrap()
}

/// S1's vehicle made a Panzer IV on `at` facing north, its crew of `crew` the card of D (8),
/// with the tank's gun (loaded) and machine guns.
pub fn panzer(game: &mut Ambush, at: &str, crew: u8) {
    let kind = game
        .data()
        .vehicles
        .keys()
        .position(|k| k == "panzer_iv")
        .unwrap() as u8;
    let hex = hex(game, at);
    let car = &mut game.vehicles[0];
    car.kind = kind;
    car.hex = Some(hex);
    car.facing = crate::data::map::Dir::N;
    car.crew = crew;
    car.open = false;
    game.soldiers[8].place = crate::state::Place::Aboard {
        vehicle: crate::state::VehicleId(0),
        seat: 0,
    };
    let weapons = ["kwk40", "mg34_vehicle", "mg34_vehicle"]
        .map(|id| game.data().weapons.index_of(id).unwrap());
    game.soldiers[8].items = weapons
        .map(|weapon| crate::state::Item {
            weapon,
            prepared: true,
            jammed: false,
            captured: false,
        })
        .to_vec();
}
