//! The rules modules are layered so that imports run one way, down (the crate doc of
//! `src/lib.rs` names the layers). The engine's `testing::layers` reads every `src/**/*.rs`
//! and fails listing every reference that runs up or sideways against [`LAYERS`].

#![allow(clippy::panic)]

use std::path::Path;

/// The units of the crate, bottom to top, each with its layer. A unit may use only the units
/// listed before it (and itself); a module path names its unit by the longest entry it starts
/// with.
const LAYERS: &[(u8, &[&str])] = &[
    // 1: components and state.
    (1, &["hex_bits"]),
    (1, &["tables"]),
    (1, &["data"]),
    (1, &["action"]),
    (1, &["state"]),
    // 2: the questions many chapters ask.
    (2, &["stacking"]),
    (2, &["zoc"]),
    (2, &["control"]),
    (2, &["supply_lines"]),
    (2, &["beaches"]),
    (2, &["solitaire"]),
    // 3: the rules chapters, in the order they may call each other (down only).
    (3, &["mulberry"]),
    (3, &["weather"]),
    (3, &["replacement"]),
    (3, &["fortify"]),
    (3, &["cherbourg"]),
    (3, &["movement"]),
    (3, &["reinforcement"]),
    (3, &["withdrawal"]),
    (3, &["combat"]),
    (3, &["recovery"]),
    (3, &["supply"]),
    (3, &["invasion"]),
    (3, &["victory"]),
    // 4: the turn driver, the game and its faces.
    (4, &["setup"]),
    (4, &["decisions", "turn", "seats"]),
    (4, &["view"]),
    (4, &["encoding"]),
    (4, &["picture"]),
    (4, &["text"]),
    (4, &["statistics"]),
    (4, &["bot"]),
    (4, &["game"]),
];

#[test]
fn imports_run_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    if let Err(report) = overlord_engine::testing::layers(&src, LAYERS) {
        panic!("{report}");
    }
}
