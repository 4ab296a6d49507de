//! `overlord games`: what the registry holds.

use anyhow::Result;
use overlord_engine::Registry;
use std::io::Write;

pub fn run(registry: &Registry, out: &mut impl Write) -> Result<()> {
    let mut games = registry.games().peekable();
    if games.peek().is_none() {
        writeln!(
            out,
            "No games are installed in this build yet: the engine, hex maps and CLI are in place, \
             and each game arrives with its own crate under games/."
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "{:<10} {:<32} {:<8} {:<6} status",
        "id", "name", "rules", "seats"
    )?;
    for game in games {
        let info = game.info();
        let seats = if info.min_seats == info.max_seats {
            info.min_seats.to_string()
        } else {
            format!("{}-{}", info.min_seats, info.max_seats)
        };
        let status = if game.playable() {
            "playable"
        } else {
            "data only: validate and map work, the rules are not in yet"
        };
        writeln!(
            out,
            "{:<10} {:<32} {:<8} {seats:<6} {status}",
            info.id, info.name, info.rules_version
        )?;
    }
    Ok(())
}
