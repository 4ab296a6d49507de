//! `overlord replay <record>`: rebuild a game from its record and show how it went.

use crate::data_root;
use anyhow::{Context, Result};
use overlord_engine::{GameRecord, Registry, Status, Viewer};
use std::io::Write;
use std::path::Path;

pub fn run(
    registry: &Registry,
    data_root: &Path,
    record_path: &Path,
    out: &mut impl Write,
) -> Result<()> {
    let text = std::fs::read_to_string(record_path)
        .with_context(|| format!("cannot read the record {}", record_path.display()))?;
    let record: GameRecord = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a game record (JSON with game, rules_version, scenario, randomness, actions)",
            record_path.display()
        )
    })?;
    let entry = registry.get(&record.game)?;
    let game = entry
        .replay(&data_root::game_dir(data_root, &record.game), &record)
        .with_context(|| format!("{} does not replay", record_path.display()))?;
    for line in game.log(Viewer::Spectator, 0) {
        writeln!(out, "[{}] {}", line.rule, line.text)?;
    }
    match game.status() {
        Status::ToAct(seat) => writeln!(out, "{seat} to act: {}", game.prompt().text)?,
        Status::Over(outcome) => writeln!(out, "Game over: {outcome}")?,
    }
    Ok(())
}
