//! `overlord sim` in parts, for a driver that spreads a batch over a cluster (the Python
//! package's `overlord.ray`): the same arguments as the binary's (`SimArgs`), the games of a
//! part played natively, and the parts put back into the files `overlord sim` writes.
//!
//! Every function takes the whole command line, so a Ray task needs nothing but its text and a
//! range of games: each machine parses it and loads the game's data itself.

use crate::game::value_error;
use overlord_engine::{Game, Heuristics};
use overlord_registry::{GameVisitor, data_root};
use overlord_sim::SimConfig;
use overlord_sim::command::{self, SimArgs};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

/// `python -m overlord sim`'s command line: `overlord sim`'s arguments, the data folder, and
/// where the games are played.
#[derive(clap::Parser, Debug)]
#[command(
    name = "python -m overlord sim",
    about = "Many games of one scenario played by bots, spread over a Ray cluster: the same \
             arguments and the same files as `overlord sim`."
)]
struct Command {
    /// Folder holding each game's data folder (as `overlord --data`).
    #[arg(long, value_name = "DATA")]
    data: Option<PathBuf>,
    /// The Ray cluster: `local` starts one on this machine, `auto` joins the one this machine
    /// is part of, `ray://HOST:PORT` or `HOST:PORT` an existing one's address.
    #[arg(long, value_name = "ADDRESS", default_value = "local")]
    ray: String,
    /// Games per Ray task (default: about four tasks per CPU of the cluster, at most 256).
    #[arg(long, value_name = "GAMES")]
    chunk: Option<u64>,
    #[command(flatten)]
    sim: SimArgs,
}

/// A command line parsed and checked: the batch it asks for.
struct Plan {
    command: Command,
    config: SimConfig,
    data_dir: PathBuf,
    title: String,
}

/// Parse `argv` (the arguments after `sim`) as `overlord sim` does. `--help` raises
/// SystemExit after printing the help, as a command line would.
fn plan(argv: Vec<String>) -> PyResult<Plan> {
    use clap::Parser;
    let command = match Command::try_parse_from(
        std::iter::once("python -m overlord sim".to_owned()).chain(argv),
    ) {
        Ok(command) => command,
        Err(error) if !error.use_stderr() => {
            // --help and --version: printed, then a clean exit.
            print!("{error}");
            return Err(pyo3::exceptions::PySystemExit::new_err(0));
        }
        Err(error) => return Err(value_error(error.render().to_string().trim_end())),
    };
    let registry = crate::registry();
    let entry = registry.get(&command.sim.game).map_err(value_error)?;
    let data_dir =
        data_root::game_dir(&data_root::resolve(command.data.clone()), &command.sim.game);
    let scenario = command
        .sim
        .scenario_asked(entry, &data_dir)
        .map_err(|e| value_error(format!("{e:#}")))?;
    let config =
        command::config(&command.sim, scenario).map_err(|e| value_error(format!("{e:#}")))?;
    let title = format!("{}, {}", entry.info().name, config.scenario);
    Ok(Plan {
        command,
        config,
        data_dir,
        title,
    })
}

/// Do `work` on the game type the plan's game id names.
fn on_game<T>(plan: &Plan, work: impl GameVisitor<Output = anyhow::Result<T>>) -> PyResult<T> {
    overlord_registry::visit_game(&plan.command.sim.game, work)
        .ok_or_else(|| {
            value_error(format!(
                "`{}` has no bots yet: only games with rules and heuristics can be simulated",
                plan.command.sim.game
            ))
        })?
        .map_err(|error| PyRuntimeError::new_err(format!("{error:#}")))
}

/// Check a command line and answer what a driver needs to split it, as JSON: the game, the
/// number of games, `--ray`, `--chunk`, `--quiet`. Every problem `overlord sim` would refuse
/// before its first game (a bad bot, seat, option or scenario) is refused here, as ValueError.
#[pyfunction]
pub fn sim_plan(py: Python<'_>, argv: Vec<String>) -> PyResult<String> {
    let plan = plan(argv)?;
    struct Check<'a>(&'a Plan);
    impl GameVisitor for Check<'_> {
        type Output = anyhow::Result<()>;
        fn visit<G: Game + Heuristics>(self) -> anyhow::Result<()> {
            let data = std::sync::Arc::new(<G::Data as overlord_engine::Components>::load(
                &self.0.data_dir,
            )?);
            overlord_sim::prepare::<G>(&data, &self.0.config)?;
            Ok(())
        }
    }
    // Refusals of the batch (the scenario, the options, the seats) are the user's to fix.
    on_game(&plan, Check(&plan)).map_err(|error| value_error(error.value(py).to_string()))?;
    Ok(serde_json::json!({
        "game": plan.command.sim.game,
        "games": plan.config.games,
        "ray": plan.command.ray,
        "chunk": plan.command.chunk,
        "quiet": plan.command.sim.quiet,
    })
    .to_string())
}

/// Play games `start..end` of the batch `argv` asks for, on this thread, without the GIL:
/// their JSON lines, exactly as `overlord sim` writes them.
#[pyfunction]
pub fn sim_part(py: Python<'_>, argv: Vec<String>, start: u64, end: u64) -> PyResult<Vec<u8>> {
    let plan = plan(argv)?;
    struct Part<'a>(&'a Plan, std::ops::Range<u64>);
    impl GameVisitor for Part<'_> {
        type Output = anyhow::Result<Vec<u8>>;
        fn visit<G: Game + Heuristics>(self) -> anyhow::Result<Vec<u8>> {
            command::play_part::<G>(&self.0.data_dir, &self.0.config, self.1)
        }
    }
    let plan = &plan;
    py.detach(|| on_game(plan, Part(plan, start..end)))
}

/// Put the batch `argv` asks for back together from `played`, a file of every game's lines in
/// game order: write the lines (to `--out`, else stdout), the summary, the report (its command
/// line `command`) and the PNGs, as `overlord sim` would have. Raises ValueError when the
/// lines are not the batch's.
#[pyfunction]
pub fn sim_collect(
    py: Python<'_>,
    argv: Vec<String>,
    command_line: String,
    played: PathBuf,
) -> PyResult<()> {
    let plan = plan(argv)?;
    struct Collect<'a>(&'a Plan, &'a str, &'a Path);
    impl GameVisitor for Collect<'_> {
        type Output = anyhow::Result<()>;
        fn visit<G: Game + Heuristics>(self) -> anyhow::Result<()> {
            let Collect(plan, command_line, played) = self;
            let file = std::fs::File::open(played)?;
            let mut stdout = std::io::stdout().lock();
            command::collect_batch::<G>(
                &plan.data_dir,
                &plan.command.sim,
                &plan.config,
                (&plan.title, command_line),
                &mut BufReader::new(file),
                &mut stdout,
            )?;
            stdout.flush()?;
            Ok(())
        }
    }
    let plan = &plan;
    py.detach(|| on_game(plan, Collect(plan, &command_line, &played)))
}
