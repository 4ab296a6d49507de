//! `overlord._native`: the Rust half of the `overlord` Python package (python/package).
//!
//! * `game::NativeMatch`: a game of any game the registry knows, driven move by move (the
//!   Python class `overlord.Game` wraps it with dicts for JSON).
//! * `batch::NativeBatch`: many games stepped by one call without the GIL, by action ids,
//!   with their masks and observations (the vectorised environments' engine).
//! * `sim`: a batch of `overlord sim` in parts: its arguments checked, a range of its games
//!   played (a Ray task, without the GIL), and the parts put back together into the very files
//!   `overlord sim` writes.
//!
//! Everything crosses the boundary as JSON text or plain numbers: the engine's faces already
//! speak JSON ([`overlord_engine::DynMatch`]), and the Python side turns it into dicts once.

use pyo3::prelude::*;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod batch;
mod game;
mod sim;

/// The registry, made once per process: an entry keeps the components it has loaded, so a new
/// game costs its setup, not a reading of the data files (6 ms for D-Day at Omaha Beach).
pub fn registry() -> &'static overlord_engine::Registry {
    static REGISTRY: std::sync::OnceLock<overlord_engine::Registry> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(overlord_registry::registry)
}

/// The games this build knows, as JSON: id, name, rules version, seats, whether its rules are
/// playable and whether bots play it.
#[pyfunction]
fn games_json() -> String {
    let registry = registry();
    let games: Vec<serde_json::Value> = registry
        .games()
        .map(|entry| {
            let info = entry.info();
            serde_json::json!({
                "id": info.id,
                "name": info.name,
                "rules_version": info.rules_version,
                "min_seats": info.min_seats,
                "max_seats": info.max_seats,
                "playable": entry.playable(),
                "bots": entry.has_bots(),
            })
        })
        .collect();
    serde_json::Value::Array(games).to_string()
}

/// The scenarios of `game` in the data folder `data` (else the default folder), as JSON.
#[pyfunction]
#[pyo3(signature = (game, data=None))]
fn scenarios_json(game: &str, data: Option<std::path::PathBuf>) -> PyResult<String> {
    let registry = registry();
    let entry = registry.get(game).map_err(game::value_error)?;
    let dir = game::data_dir(data, game);
    let scenarios = entry.scenarios(&dir).map_err(game::value_error)?;
    serde_json::to_string(&scenarios).map_err(game::value_error)
}

/// The folder holding each game's data folder, as the `overlord` binary finds it: the
/// argument, else `$OVERLORD_DATA`, else `./data`, else the checkout this was built from.
#[pyfunction]
#[pyo3(signature = (data=None))]
fn data_root(data: Option<std::path::PathBuf>) -> std::path::PathBuf {
    overlord_registry::data_root::resolve(data)
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::NativeMatch>()?;
    module.add_class::<batch::NativeBatch>()?;
    module.add_function(wrap_pyfunction!(games_json, module)?)?;
    module.add_function(wrap_pyfunction!(scenarios_json, module)?)?;
    module.add_function(wrap_pyfunction!(data_root, module)?)?;
    module.add_function(wrap_pyfunction!(sim::sim_plan, module)?)?;
    module.add_function(wrap_pyfunction!(sim::sim_part, module)?)?;
    module.add_function(wrap_pyfunction!(sim::sim_collect, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
