//! The rules modules are layered so that imports run one way, down (the crate doc of
//! `src/lib.rs` names the layers). The engine's `testing::layers` reads every `src/**/*.rs`
//! and fails listing every reference that runs up or sideways against [`LAYERS`].

#![allow(clippy::panic)]

use std::path::Path;

/// The units of the crate, bottom to top, each with its layer. A unit may use only the units
/// listed before it (and itself).
const LAYERS: &[(u8, &[&str])] = &[
    // 1: components, pure tables and geometry, state.
    (1, &["data", "los"]),
    (1, &["tables"]),
    (1, &["state"]),
    (1, &["action"]),
    // 2: the questions many chapters ask.
    (2, &["stacking"]),
    (2, &["cover"]),
    (2, &["text"]),
    (2, &["teams"]),
    // 3: the rules chapters, in the order they may call each other (down only).
    (3, &["hidden"]),
    (3, &["specialization"]),
    (3, &["fire"]),
    (3, &["area"]),
    (3, &["movement"]),
    (3, &["obstacles"]),
    (3, &["deployment"]),
    (3, &["opfire"]),
    (3, &["combined"]),
    (3, &["cards"]),
    (3, &["activation"]),
    (3, &["assault"]),
    (3, &["command"]),
    (3, &["status"]),
    (3, &["victory"]),
    // 4: the round, the game and its faces.
    (4, &["turn"]),
    (4, &["decisions"]),
    (4, &["setup"]),
    (4, &["view"]),
    (4, &["sight"]),
    (4, &["encoding"]),
    (4, &["picture"]),
    (4, &["statistics"]),
    (4, &["bot"]),
    (4, &["game"]),
    (4, &["acceptance"]),
];

#[test]
fn imports_run_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    if let Err(report) = overlord_engine::testing::layers(&src, LAYERS) {
        panic!("{report}");
    }
}
