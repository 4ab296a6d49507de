//! The rules modules are layered so that imports run one way, down (the crate doc of
//! `src/lib.rs` names the layers). The engine's `testing::layers` reads every `src/**/*.rs`
//! and fails listing every reference that runs up or sideways against [`LAYERS`].

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

/// The units of the crate, bottom to top, each with its layer. A unit is a module with its
/// submodules, or a few modules read together (`data` holds the `index` built from it). A unit
/// may use only the units listed before it; a module path names its unit by the longest entry
/// it starts with (`tables::terrain` before `tables`).
const LAYERS: &[(u8, &[&str])] = &[
    // 1: components and state.
    (1, &["tables::terrain"]),
    (1, &["data", "index"]),
    (1, &["tables"]),
    (1, &["recall"]),
    (1, &["action"]),
    (1, &["state"]),
    // 2: the questions many chapters ask, and what happens to a US counter.
    (2, &["seats"]),
    (2, &["tanks"]),
    (2, &["control"]),
    (2, &["command"]),
    (2, &["effects"]),
    // 3: the rules chapters, in the order they may call each other (down only).
    (3, &["landing"]),
    (3, &["heroes"]),
    (3, &["command_posts"]),
    (3, &["engineer_bases"]),
    (3, &["engineers"]),
    (3, &["fire_alloc"]),
    (3, &["fire"]),
    (3, &["armor"]),
    (3, &["germans"]),
    (3, &["events"]),
    (3, &["movement"]),
    (3, &["moves_extended"]),
    (3, &["combat"]),
    (3, &["exits"]),
    (3, &["actions"]),
    (3, &["german_actions"]),
    (3, &["victory"]),
    (3, &["deploy"]),
    // 4: the turn driver, the game and its faces.
    (4, &["picture"]),
    (4, &["board"]),
    (4, &["statistics"]),
    (4, &["setup"]),
    (4, &["text"]),
    (4, &["view"]),
    (4, &["encoding"]),
    (4, &["bot"]),
    (4, &["turn"]),
    (4, &["game"]),
];

#[test]
fn imports_run_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    if let Err(report) = overlord_engine::testing::layers(&src, LAYERS) {
        panic!("{report}");
    }
}
