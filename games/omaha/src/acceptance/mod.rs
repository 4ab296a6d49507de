//! The acceptance cases of omaha-beach.md section 8, one module per rules chapter, each test
//! named by its case id, on the shipped data with scripted cards.

mod actions;
mod armor;
mod bases;
mod combat;
mod engineers;
mod events;
mod fire;
mod german_actions;
mod germans;
mod landing;
mod leaders;
mod moves;
mod rules;
mod scenarios;
mod seats;

use crate::action::OmahaLog;
use crate::data::OmahaData;
use crate::index::{BoxId, HexId, UsId};
use crate::state::{DepthLoc, GerLoc, Omaha, OmahaOptions, UsFlags, UsLoc};
use overlord_engine::{GameRng, Log};
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub fn data() -> Arc<OmahaData> {
    static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let reference = root.join("tests/fixtures/reference");
        let shipped = root.join("../../data/omaha");
        Arc::new(OmahaData::load_layered(&[&reference, &shipped]).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// A First Wave game on `turn` with every counter off the board: tests put back what they need.
pub fn empty(turn: u8) -> Omaha {
    let mut state = crate::setup::setup(
        &data(),
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(1),
    )
    .expect("setup");
    for u in &mut state.us {
        u.loc = UsLoc::OutOfPlay;
        u.flags = UsFlags::default();
    }
    for g in &mut state.germans {
        g.loc = GerLoc::OutOfPlay;
        g.depth = None;
    }
    for d in &mut state.depth {
        d.loc = DepthLoc::OutOfPlay;
    }
    state.turn = turn;
    state
}

/// Play `scenario` with `options` to its end with a random policy seeded by `seed`, checking
/// after every action that the game never stalls, every listed action is accepted and the
/// invariants hold. `after_each` sees the state after each action (and may change it: the
/// play-through tests heal infantry so games reach the late turns). Returns the last state.
pub fn play_random(
    scenario: &str,
    options: &OmahaOptions,
    seed: u64,
    mut after_each: impl FnMut(&mut Omaha),
) -> Omaha {
    use overlord_engine::{Game, Status};
    use rand::{Rng, SeedableRng};
    let mut log = Log::disabled();
    let mut state =
        crate::setup::setup(&data(), scenario, options, GameRng::seeded(seed)).expect("setup");
    state.run(&mut log);
    let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "{scenario} seed {seed}: stalled at {:?}",
            state.step
        );
        let action = legal[policy.next_u32() as usize % legal.len()];
        if let Err(e) = state.apply(action, &mut log) {
            panic!("{scenario} seed {seed}: legal {action:?} refused: {e}");
        }
        after_each(&mut state);
        steps += 1;
        assert!(
            steps < 40_000,
            "{scenario} seed {seed}: the game does not end"
        );
        if let Err(broken) = state.check_invariants() {
            panic!("{scenario} seed {seed}: {broken}");
        }
    }
    state
}

/// The legal actions of `state`, as a list of its own.
pub fn legal(state: &Omaha) -> Vec<crate::action::OmahaAction> {
    let mut out = Vec::new();
    overlord_engine::Game::legal_actions(state, &mut out);
    out
}

pub fn log() -> OmahaLog {
    Log::new()
}

pub fn unit(state: &Omaha, name: &str) -> UsId {
    state
        .data
        .index
        .us
        .iter()
        .position(|u| u.name == name)
        .unwrap_or_else(|| panic!("no unit {name}")) as UsId
}

pub fn hex(state: &Omaha, label: &str) -> HexId {
    state
        .data
        .index
        .hex(label.parse().expect("label"))
        .unwrap_or_else(|| panic!("no hex {label}"))
}

/// The first land (not sea) hex beside `h`: where a test puts a US unit next to a German.
pub fn land_neighbour(state: &Omaha, h: HexId) -> HexId {
    let hexes = &state.data.index.hexes;
    hexes[usize::from(h)]
        .neighbours
        .iter()
        .copied()
        .find(|&n| hexes[usize::from(n)].ground != crate::index::Ground::Sea)
        .expect("a land hex beside it")
}

pub fn landing_box(state: &Omaha, name: &str) -> BoxId {
    state
        .data
        .index
        .box_named(name)
        .unwrap_or_else(|| panic!("no box {name}"))
}

/// Put `cards` on top of the draw pile, the first drawn first.
pub fn stack(state: &mut Omaha, cards: &[u8]) {
    for &card in cards.iter().rev() {
        let pile = state.deck.hidden_cards_mut();
        let at = pile
            .iter()
            .position(|&c| c == card)
            .unwrap_or_else(|| panic!("card {card} is not in the draw pile"));
        let last = pile.len() - 1;
        pile[at..].rotate_left(1);
        debug_assert_eq!(pile[last], card);
    }
}

/// Some unit of `division` and `kind` with `symbol`, not yet used.
pub fn find(
    state: &Omaha,
    division: crate::data::Division,
    kind: crate::data::UsKind,
    symbol: crate::data::Symbol,
    skip: &[UsId],
) -> UsId {
    state
        .data
        .index
        .us
        .iter()
        .enumerate()
        .position(|(i, u)| {
            u.division == division
                && u.kind() == Some(kind)
                && u.symbol == Some(symbol)
                && !skip.contains(&(i as UsId))
        })
        .unwrap_or_else(|| panic!("no {kind:?} with {symbol:?}")) as UsId
}
