//! Fixtures the chapters' tests share: the shipped data, mission S1 with its sample squad and
//! scripted dice, soldiers put on hexes, and the check that a test used exactly its dice.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// A kit for every chapter's tests: not every test uses every piece.
#![allow(dead_code)]

use crate::AmbushData;
use crate::map::Hex;
use crate::state::{Ambush, Place};
use overlord_engine::{GameRng, RandomSpec, Script, ScriptedRoll};
use std::path::Path;
use std::sync::Arc;

/// The shipped data, `data/ambush`.
pub fn data() -> Arc<AmbushData> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
    Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
}

/// Mission S1 with the sample squad (US1..US5 = 0..4, A..E = 5..9), every soldier off the map;
/// the game rolls exactly `dice`, in order (a strict script).
pub fn s1(dice: &[u16]) -> Ambush {
    s1_with(data(), dice)
}

/// [`s1`] on data of the test's own.
pub fn s1_with(data: Arc<AmbushData>, dice: &[u16]) -> Ambush {
    let script = Script {
        dice: dice.iter().map(|&d| ScriptedRoll::Value(d)).collect(),
        strict: true,
        ..Script::default()
    };
    Ambush::start(
        &data,
        "S1",
        None,
        GameRng::new(&RandomSpec::scripted(0, script)),
    )
    .unwrap()
}

/// The hex printed `label` on the mission's map.
pub fn hex(game: &Ambush, label: &str) -> Hex {
    game.map().unwrap().hex(label).unwrap()
}

/// Put soldier `soldier` in the hex printed `label`.
pub fn put(game: &mut Ambush, soldier: u8, label: &str) {
    let h = hex(game, label);
    game.soldiers[usize::from(soldier)].place = Place::Hex(h);
}

/// The script's dice all used, none at fault.
pub fn dice_all_used(game: &Ambush) {
    assert!(game.rng().fault().is_none(), "{:?}", game.rng().fault());
    assert!(!game.rng().script_pending(), "dice left over");
}
