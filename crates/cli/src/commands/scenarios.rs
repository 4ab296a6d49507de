//! `overlord scenarios <game>`: the scenarios a game's data offers.

use anyhow::{Context, Result};
use overlord_engine::Registry;
use overlord_registry::data_root;
use std::io::Write;
use std::path::Path;

pub fn run(registry: &Registry, data_root: &Path, game: &str, out: &mut impl Write) -> Result<()> {
    let entry = registry.get(game)?;
    let dir = data_root::game_dir(data_root, game);
    let scenarios = entry
        .scenarios(&dir)
        .with_context(|| format!("the data in {} did not load", dir.display()))?;
    for scenario in scenarios {
        writeln!(
            out,
            "{:<16} {} ({} seats)",
            scenario.id, scenario.name, scenario.seats
        )?;
    }
    Ok(())
}
