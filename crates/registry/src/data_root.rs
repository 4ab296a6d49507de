//! Where the games' data folders are found: one rule for every front end (the `overlord`
//! binary, the Python package).

use std::path::{Path, PathBuf};

/// The data folder of the source tree this was built from: lets `cargo run`, and a Python
/// package installed from a checkout, work from any directory without flags.
const SOURCE_TREE_DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");

/// The folder that holds one data folder per game: the flag, else `$OVERLORD_DATA`, else `./data`
/// when it exists, else the source tree's.
pub fn resolve(flag: Option<PathBuf>) -> PathBuf {
    if let Some(path) = flag {
        return path;
    }
    if let Some(path) = std::env::var_os("OVERLORD_DATA") {
        return PathBuf::from(path);
    }
    let local = Path::new("data");
    if local.is_dir() {
        return local.to_path_buf();
    }
    PathBuf::from(SOURCE_TREE_DATA)
}

/// The data folder of one game.
pub fn game_dir(root: &Path, game: &str) -> PathBuf {
    root.join(game)
}
