//! The modules are layered so that imports run one way, down (the crate doc of `src/lib.rs`
//! names the layers). The engine's `testing::layers` reads every `src/**/*.rs` and fails
//! listing every reference that runs up or sideways against [`LAYERS`].

#![allow(clippy::panic)]

use std::path::Path;

/// The units of the crate, bottom to top, each with its layer. A unit may use only the units
/// listed before it (and itself).
const LAYERS: &[(u8, &[&str])] = &[
    // 1: components and geometry (the data's checks build the map), the small procedures, the
    // state with its actions and log events (a journal line names its event).
    (1, &["data", "map", "los"]),
    (1, &["tables"]),
    (1, &["state", "action"]),
    (1, &["setup"]),
    // 2: the questions many chapters ask.
    (2, &["sheet"]),
    (2, &["command"]),
    (2, &["status"]),
    // 3: the rules chapters, in the order they may call each other (down only).
    (3, &["vehicles"]),
    (3, &["fire"]),
    (3, &["assault"]),
    (3, &["blast"]),
    (3, &["grenade"]),
    (3, &["attacks"]),
    (3, &["movement"]),
    (3, &["equipment"]),
    (3, &["german"]),
    (3, &["campaign"]),
    (3, &["driving"]),
    (3, &["vehicle_hits"]),
    (3, &["walls"]),
    (3, &["operations"]),
    (3, &["german_actions"]),
    (3, &["rounds"]),
    (3, &["victory"]),
    (3, &["debrief"]),
    (3, &["activation", "riding"]),
    (3, &["turn"]),
    // 4: the decision machine, then the faces and the engine's contract.
    (4, &["decisions"]),
    (4, &["view"]),
    (4, &["sight"]),
    (4, &["encoding"]),
    (4, &["text"]),
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
