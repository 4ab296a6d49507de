//! The spec's section-8 acceptance cases for the rules in so far, each test named by its case
//! id, on the shipped scenario "Le Hameau" with its units moved where a case needs them and the
//! dice scripted.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod actions;
mod area;
mod assault;
mod cards;
mod cases;
mod deployment;
mod examples;
mod faq;
mod fort;
mod hidden;
mod rounds;
mod sight;
mod specialized;
mod tanks;
mod team_play;
mod transport;

use crate::action::{ToiAction, ToiLog};
use crate::data::{Nation, ToiData};
use crate::state::{EMPTY_SLOT, Kind, Location, Markers, Step, ToiGame, UnitId};
use crate::tables::results::Condition;
use overlord_engine::{Components, GameRng, RandomSpec, Script, ScriptedRoll};
use overlord_hexmap::HexId;
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub fn data() -> Arc<ToiData> {
    static DATA: OnceLock<Arc<ToiData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        Arc::new(<ToiData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// "Le Hameau" at round 1's first action, every unit and marker off the map, the dice `rolls` (a test
/// fails on a roll it did not script).
pub fn empty_game(rolls: &[u16]) -> ToiGame {
    let script = Script {
        dice: rolls.iter().map(|&r| ScriptedRoll::Value(r)).collect(),
        strict: true,
        ..Script::default()
    };
    let rng = GameRng::new(&RandomSpec::scripted(7, script));
    let mut game = crate::setup::new_game(&data(), "le-hameau", rng).unwrap();
    for u in &mut game.units {
        u.at = Location::Gone;
    }
    // No fortification or obstacle unless a case puts it there.
    game.markers.clear();
    // Round 1, the US to act first with its actions: the units a case needs are put in after.
    game.round = 1;
    game.turn_of = Nation::Us;
    game.sides[Nation::Us.index()].actions_left = game.scenario().actions;
    game.step = Step::Action { nation: Nation::Us };
    game
}

/// The hex `label` of board 1A.
pub fn hex(game: &ToiGame, label: &str) -> HexId {
    game.scenario()
        .battlefield
        .find(&format!("1A:{label}"))
        .unwrap_or_else(|| panic!("no hex 1A:{label}"))
}

/// Put a squad of `figures` (figure ids) of `nation` in `label`, fresh; its id.
pub fn squad(game: &mut ToiGame, nation: Nation, figures: &[&str], label: &str) -> UnitId {
    let mut slots = [EMPTY_SLOT; 4];
    for (slot, id) in slots.iter_mut().zip(figures) {
        *slot = game
            .data()
            .figures
            .iter()
            .position(|f| f.id == *id)
            .unwrap() as u8;
    }
    let at = hex(game, label);
    let unit = crate::state::Unit {
        nation,
        division: 1,
        at: Location::Hex(at),
        token: Default::default(),
        kind: Kind::Squad {
            figures: slots,
            condition: Default::default(),
        },
        fort: Default::default(),
        hidden: false,
        spec: None,
    };
    game.units.push(unit);
    UnitId(game.units.len() as u8 - 1)
}

/// Put a vehicle (figure id `id`) of `nation` in `label`, fresh; its id.
pub fn vehicle(game: &mut ToiGame, nation: Nation, id: &str, label: &str) -> UnitId {
    let figure = game.data().figures.iter().position(|f| f.id == id).unwrap() as u8;
    let at = hex(game, label);
    game.units.push(crate::state::Unit {
        nation,
        division: 1,
        at: Location::Hex(at),
        token: Default::default(),
        kind: Kind::Vehicle {
            figure,
            damage: Default::default(),
        },
        fort: Default::default(),
        hidden: false,
        spec: None,
    });
    UnitId(game.units.len() as u8 - 1)
}

/// The legal answers now.
pub fn legal(game: &ToiGame) -> Vec<ToiAction> {
    let mut out = Vec::new();
    crate::decisions::legal(game, &mut out);
    out
}

/// Answer with `action`, which must be listed; the log.
pub fn act(game: &mut ToiGame, action: ToiAction) -> ToiLog {
    assert!(
        legal(game).contains(&action),
        "{action:?} is not listed: {:?}",
        legal(game)
    );
    let mut log = ToiLog::new();
    crate::decisions::answer(game, action, &mut log).unwrap();
    // The system steps that follow (the next side's turn, the phases), as the driver runs them.
    overlord_engine::driver::run(game, &mut log);
    log
}

/// Whose prompt, and which.
pub fn step(game: &ToiGame) -> Step {
    game.step
}

/// The index of strategy card `id`.
pub fn card(g: &ToiGame, id: &str) -> u16 {
    g.data()
        .cards
        .cards
        .iter()
        .position(|c| c.id == id)
        .unwrap() as u16
}

/// The index of strategy deck `id`.
pub fn deck(g: &ToiGame, id: &str) -> u8 {
    g.data()
        .cards
        .decks
        .iter()
        .position(|d| d.id == id)
        .unwrap() as u8
}

/// Change the markers of hex `label`.
pub fn mark(g: &mut ToiGame, label: &str, change: impl FnOnce(&mut Markers)) {
    let h = hex(g, label);
    let mut m = g.markers(h);
    change(&mut m);
    g.set_markers(h, m);
}

/// Set squad `u`'s condition.
pub fn set_condition(g: &mut ToiGame, u: UnitId, c: Condition) {
    if let Kind::Squad { figures, .. } = g.units[u.index()].kind {
        g.units[u.index()].kind = Kind::Squad {
            figures,
            condition: c,
        };
    }
}

/// The figures squad `u` holds.
pub fn figures_of(g: &ToiGame, u: UnitId) -> usize {
    match g.unit(u).kind {
        Kind::Squad { figures, .. } => figures.iter().filter(|&&f| f != EMPTY_SLOT).count(),
        Kind::Vehicle { .. } => 1,
    }
}

/// The German's turn to act, with the scenario's actions.
pub fn german_turn(g: &mut ToiGame) {
    g.turn_of = Nation::De;
    g.sides[Nation::De.index()].actions_left = g.scenario().actions;
    g.step = Step::Action { nation: Nation::De };
}
