//! `overlord serve`: the games in the browser. Opens (or creates) the database, listens, and
//! prints the address to open; runs until Ctrl-C.

use anyhow::Result;
use overlord_engine::Registry;
use overlord_server::{BotSettings, Limits, ServerConfig};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the user asked for on the command line.
pub struct Options {
    pub db: PathBuf,
    pub addr: String,
}

pub fn run(
    registry: Registry,
    data_root: &Path,
    options: &Options,
    out: &mut impl Write,
) -> Result<()> {
    let config = ServerConfig {
        db_path: options.db.clone(),
        data_root: data_root.to_path_buf(),
        limits: Limits::default(),
        bots: BotSettings::default(),
    };
    let mut printed = Ok(());
    overlord_server::run(&config, registry, &options.addr, |address| {
        // Tests and scripts read this line to find the port when --addr ends in :0.
        printed = writeln!(
            out,
            "Overlord is serving on http://{address}/ — open it in a browser.\n\
             Games are kept in {}. Press Ctrl-C to stop.",
            options.db.display()
        )
        .and_then(|()| out.flush());
    })?;
    Ok(printed?)
}
