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
