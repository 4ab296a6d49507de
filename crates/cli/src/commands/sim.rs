//! `overlord sim`: many games of one scenario played by bots (one on every seat, or some seats
//! given their own with `--seat-bot`), on a thread pool, deterministic by seed. One JSON line per game to `--out` (or stdout), a summary on stderr (and as JSON
//! with `--summary`), an HTML report with plots (`--report`), PNGs of the plots (`--png`), and
//! a paired comparison with another bot or option on the same seeds.
//!
//! The game is picked through the registry's visitor, so the batch runs monomorphised for it.

use anyhow::{Context, Result};
use overlord_engine::{Game, Heuristics};
use overlord_registry::GameVisitor;
use overlord_registry::data_root;
use overlord_sim::SimConfig;
use overlord_sim::command::{self, SimArgs};
use std::io::Write;
use std::path::Path;

/// What `overlord sim` is asked.
pub type Args = SimArgs;

/// The command line as typed, for the report (arguments with spaces or quotes are quoted).
fn command_line() -> String {
    std::iter::once("overlord".to_owned())
        .chain(std::env::args().skip(1).map(|arg| {
            if arg.is_empty() || arg.contains(|c: char| c.is_whitespace() || "'\"\\$`".contains(c))
            {
                format!("'{}'", arg.replace('\'', "'\\''"))
            } else {
                arg
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(data_root: &Path, args: Args, out: &mut impl Write) -> Result<()> {
    let registry = overlord_registry::registry();
    let entry = registry.get(&args.game)?;
    let data_dir = data_root::game_dir(data_root, &args.game);
    let scenario = args.scenario_asked(entry, &data_dir)?;
    let config = command::config(&args, scenario)?;
    let title = format!("{}, {}", entry.info().name, config.scenario);
    overlord_registry::visit_game(
        &args.game,
        Batch {
            data_dir: &data_dir,
            config: &config,
            args: &args,
            heading: (&title, &command_line()),
            stdout: out,
        },
    )
    .with_context(|| {
        format!(
            "`{}` has no bots yet: only games with rules and heuristics can be simulated",
            args.game
        )
    })?
}

/// The batch, handed the game's type by the registry.
struct Batch<'a, W: Write> {
    data_dir: &'a Path,
    config: &'a SimConfig,
    args: &'a Args,
    /// The report's title and command line.
    heading: (&'a str, &'a str),
    /// Where the lines go without --out.
    stdout: &'a mut W,
}

impl<W: Write> GameVisitor for Batch<'_, W> {
    type Output = Result<()>;

    fn visit<G: Game + Heuristics>(self) -> Self::Output {
        command::run_batch::<G>(
            self.data_dir,
            self.args,
            self.config,
            self.heading,
            self.stdout,
        )
    }
}
