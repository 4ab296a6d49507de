//! `overlord validate <game>`: load a game's data and report every problem.

use anyhow::{Result, bail};
use overlord_engine::Registry;
use overlord_registry::data_root;
use std::io::Write;
use std::path::Path;

pub fn run(registry: &Registry, data_root: &Path, game: &str, out: &mut impl Write) -> Result<()> {
    let entry = registry.get(game)?;
    let dir = data_root::game_dir(data_root, game);
    match entry.validate(&dir) {
        Ok(summary) => {
            writeln!(out, "{}: all well ({summary})", dir.display())?;
            Ok(())
        }
        Err(errors) => {
            for error in &errors.0 {
                writeln!(out, "{error}")?;
            }
            bail!(
                "{} problem(s) in {}; fix each line above, then run `overlord validate {game}` again",
                errors.0.len(),
                dir.display()
            )
        }
    }
}
