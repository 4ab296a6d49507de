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
    /// `--bot-think SECONDS`: the most a searching bot seat thinks per decision.
    pub bot_think: Option<f64>,
    /// `--bot-pace SECONDS`: a pause before each bot move, so watchers can follow.
    pub bot_pace: Option<f64>,
}

/// The server's bot settings: the defaults, with what the command line sets.
fn bot_settings(options: &Options) -> Result<BotSettings> {
    let mut bots = BotSettings::default();
    let seconds = |flag: &str, value: f64| -> Result<std::time::Duration> {
        std::time::Duration::try_from_secs_f64(value).map_err(|_| {
            anyhow::anyhow!(
                "{flag} {value}: give a number of seconds, 0 or more (such as 2 or 0.5)"
            )
        })
    };
    if let Some(value) = options.bot_think {
        if value <= 0.0 {
            anyhow::bail!(
                "--bot-think {value}: a bot needs some time to think; give more than 0 seconds"
            );
        }
        bots.think_time = seconds("--bot-think", value)?;
    }
    if let Some(value) = options.bot_pace {
        bots.pace = seconds("--bot-pace", value)?;
    }
    Ok(bots)
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
        bots: bot_settings(options)?,
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
