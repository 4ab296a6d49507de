//! `overlord sim`: many games of one scenario played by bots (one on every seat, or some seats
//! given their own with `--seat-bot`), on a thread pool, deterministic by seed. One JSON line per game to `--out` (or stdout), a summary on stderr (and as JSON
//! with `--summary`), an HTML report with plots (`--report`), PNGs of the plots (`--png`), and
//! a paired comparison with another bot or option on the same seeds.
//!
//! The game is picked through the registry's visitor, so the batch runs monomorphised for it.

use crate::commands::play::options_json;
use crate::data_root;
use anyhow::{Context, Result, bail};
use overlord_engine::{Components, Game, Heuristics};
use overlord_registry::GameVisitor;
use overlord_sim::report::{self, ReportInput};
use overlord_sim::{
    BotParams, BotSpec, Lineup, SeatName, SimConfig, SimResults, Variant, parse_rollout,
};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What `overlord sim` is asked.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's id, as `overlord games` prints it.
    pub game: String,
    /// The scenario, as `overlord scenarios <game>` prints it.
    #[arg(long)]
    pub scenario: Option<String>,
    /// The bot that plays every seat: random, rule, flatmc or ismcts; parameters may follow
    /// the name (`ismcts:iterations=200,depth=10,rollout=random,trees=2`) and win over the flags.
    #[arg(long, default_value = "rule")]
    pub bot: String,
    /// A bot for one seat, repeatable: `SEAT=BOT`, the seat by number from 0 or by its label
    /// (`--seat-bot 0=rule --seat-bot 1=random`); the other seats keep --bot.
    #[arg(long = "seat-bot", value_name = "SEAT=BOT")]
    pub seat_bots: Vec<String>,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Threads to play on (default: the cores of this machine). The results are the same for
    /// any number.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The master seed: game i's seed is derived from it and i alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A scenario option, repeatable: `NAME` turns it on, `NAME=VALUE` sets it. Omaha's
    /// optional variants: `--option 22.1` … `--option 22.4`, `--option 23`.
    #[arg(long = "option", value_name = "NAME[=VALUE]")]
    pub options: Vec<String>,
    /// Write the JSON lines (one per game) to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
    /// Write an HTML report (self-contained, with SVG plots) to this file.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write a PNG of each plot into this folder (made if need be).
    #[arg(long, value_name = "DIR")]
    pub png: Option<PathBuf>,
    /// Play the same seeds again with this bot on every seat (`BOT`) or on one seat
    /// (`SEAT=BOT`, repeatable), and report the paired difference, per seat.
    #[arg(long, value_name = "[SEAT=]BOT")]
    pub compare_bot: Vec<String>,
    /// Play the same seeds again with this option turned on (`NAME` or `NAME=VALUE`), and
    /// report the paired difference. With --compare-bot, the second run has both.
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub compare_option: Option<String>,
    /// Search bots: simulations per decision.
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// Search bots: decisions per rollout before the game's evaluation.
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Search bots: how rollouts choose, random or rule.
    #[arg(long, value_name = "POLICY")]
    pub rollout: Option<String>,
    /// IS-MCTS: trees searched in parallel per decision (root parallelism).
    #[arg(long, value_name = "T")]
    pub trees: Option<usize>,
    /// No progress bar and no summary on stderr (errors only).
    #[arg(long)]
    pub quiet: bool,
}

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

/// A file to write, with what to do when it cannot be.
fn create(path: &Path, what: &str) -> Result<File> {
    File::create(path).with_context(|| {
        format!(
            "cannot write the {what} to {}: check that the folder exists and is writable",
            path.display()
        )
    })
}

pub fn run(data_root: &Path, args: Args, out: &mut impl Write) -> Result<()> {
    let registry = overlord_registry::registry();
    let entry = registry.get(&args.game)?;
    let data_dir = data_root::game_dir(data_root, &args.game);
    let Some(scenario) = args.scenario.clone() else {
        let ids: Vec<String> = entry
            .scenarios(&data_dir)?
            .into_iter()
            .map(|s| s.id)
            .collect();
        bail!("choose a scenario with --scenario: {}", ids.join(", "));
    };
    let config = config(&args, scenario)?;

    let title = format!("{}, {}", entry.info().name, config.scenario);
    let (results, outputs) = overlord_registry::visit_game(
        &args.game,
        Batch {
            data_dir: &data_dir,
            config: &config,
            args: &args,
            stdout: out,
        },
    )
    .with_context(|| {
        format!(
            "`{}` has no bots yet: only games with rules and heuristics can be simulated",
            args.game
        )
    })??;

    if !args.quiet {
        let mut err = std::io::stderr().lock();
        writeln!(
            err,
            "{title}: {} games from seed {}",
            config.games, config.seed
        )?;
        for run in &results.runs {
            write!(err, "{run}")?;
        }
        if let Some(comparison) = &results.comparison {
            write!(err, "{comparison}")?;
        }
    }
    if let (Some(mut file), Some(path)) = (outputs.summary, &args.summary) {
        serde_json::to_writer_pretty(&mut file, &results)
            .with_context(|| format!("cannot write the summary to {}", path.display()))?;
        writeln!(file)?;
    }
    let command = command_line();
    if let (Some(mut file), Some(path)) = (outputs.report, &args.report) {
        let page = report::html(&ReportInput {
            title: &title,
            command: &command,
            results: &results,
        })?;
        file.write_all(page.as_bytes())
            .with_context(|| format!("cannot write the report to {}", path.display()))?;
        if !args.quiet {
            writeln!(std::io::stderr(), "Report: {}", path.display())?;
        }
    }
    if let Some(dir) = &args.png {
        let written = report::write_pngs(&report::plots(&results)?, dir)?;
        if !args.quiet {
            writeln!(
                std::io::stderr(),
                "{} PNGs in {}",
                written.len(),
                dir.display()
            )?;
        }
    }
    Ok(())
}

/// The batch asked for, checked: the bots parse, the options read, `--jobs` is not 0.
fn config(args: &Args, scenario: String) -> Result<SimConfig> {
    let defaults = BotParams::default();
    let params = BotParams {
        iterations: args.iterations.unwrap_or(defaults.iterations),
        depth: args.depth.unwrap_or(defaults.depth),
        rollout: match &args.rollout {
            Some(policy) => parse_rollout(policy)?,
            None => defaults.rollout,
        },
        trees: args.trees.unwrap_or(defaults.trees),
        ..defaults
    };
    let jobs = match args.jobs {
        Some(0) => {
            bail!("--jobs 0 plays nothing: give at least 1 (or leave it out for one per core)")
        }
        Some(jobs) => jobs,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let bot = BotSpec::parse(&args.bot, params).context("--bot")?;
    let mut bots = Lineup::everywhere(bot);
    for text in &args.seat_bots {
        bots.seats.push(
            Lineup::parse_seat_bot(text, |name| BotSpec::parse(name, params))
                .map_err(anyhow::Error::msg)
                .context("--seat-bot")?,
        );
    }
    let options = options_json(&args.options)?;
    let baseline = Variant {
        bots: bots.clone(),
        options: options.clone(),
        label: variant_label(&bots, &args.options),
    };
    let compare = if !args.compare_bot.is_empty() || args.compare_option.is_some() {
        let mut compared = bots.clone();
        for text in &args.compare_bot {
            match compare_bot(text, params)? {
                (None, bot) => compared = Lineup::everywhere(bot),
                (Some(seat), bot) => compared.seats.push((seat, bot)),
            }
        }
        let mut names = args.options.clone();
        names.extend(args.compare_option.clone());
        let mut label = variant_label(&compared, &names);
        if label == baseline.label {
            // The same bot and options: the page still needs two names.
            label.push_str(" (again)");
        }
        Some(Variant {
            bots: compared,
            options: options_json(&names)?,
            label,
        })
    } else {
        None
    };
    Ok(SimConfig {
        scenario,
        games: args.games,
        jobs,
        seed: args.seed,
        baseline,
        compare,
        progress: !args.quiet,
    })
}

/// One `--compare-bot`: `BOT` for every seat, or `SEAT=BOT` for one. A bot's own parameters
/// follow a colon (`ismcts:iterations=200`), so an `=` after a `:` is the bot's, not a seat's.
fn compare_bot(text: &str, params: BotParams) -> Result<(Option<SeatName>, BotSpec)> {
    let names_a_seat = match (text.find('='), text.find(':')) {
        (Some(eq), Some(colon)) => eq < colon,
        (Some(_), None) => true,
        (None, _) => false,
    };
    if names_a_seat {
        let (seat, bot) = Lineup::parse_seat_bot(text, |name| BotSpec::parse(name, params))
            .map_err(anyhow::Error::msg)
            .context("--compare-bot")?;
        Ok((Some(seat), bot))
    } else {
        Ok((None, BotSpec::parse(text, params).context("--compare-bot")?))
    }
}

/// `rule`, or `rule, 1=random +22.1 +23` with seats of their own and options.
fn variant_label(bots: &Lineup, options: &[String]) -> String {
    let mut label = bots.to_string();
    for option in options {
        label.push_str(" +");
        label.push_str(option);
    }
    label
}

/// The files a batch writes after its lines, opened with them.
struct Outputs {
    summary: Option<File>,
    report: Option<File>,
}

impl Outputs {
    /// Open (create or truncate) every output file, and make the PNG folder: after the batch
    /// is checked, so a typing error destroys no earlier results, and before the first game,
    /// so a path that cannot be written is refused before hours of games rather than after.
    fn open(args: &Args) -> Result<(Option<File>, Outputs)> {
        let lines = args
            .out
            .as_deref()
            .map(|p| create(p, "results"))
            .transpose()?;
        let summary = args
            .summary
            .as_deref()
            .map(|p| create(p, "summary"))
            .transpose()?;
        let report = args
            .report
            .as_deref()
            .map(|p| create(p, "report"))
            .transpose()?;
        if let Some(dir) = &args.png {
            std::fs::create_dir_all(dir).with_context(|| {
                format!("cannot make the folder {} for the PNGs", dir.display())
            })?;
        }
        Ok((lines, Outputs { summary, report }))
    }
}

/// The batch, handed the game's type by the registry.
struct Batch<'a, W: Write> {
    data_dir: &'a Path,
    config: &'a SimConfig,
    args: &'a Args,
    /// Where the lines go without --out.
    stdout: &'a mut W,
}

impl<W: Write> GameVisitor for Batch<'_, W> {
    type Output = Result<(SimResults, Outputs)>;

    fn visit<G: Game + Heuristics>(self) -> Self::Output {
        let data = Arc::new(G::Data::load(self.data_dir)?);
        let batch = overlord_sim::prepare::<G>(&data, self.config)?;
        let (file, outputs) = Outputs::open(self.args)?;
        // Buffered: a terminal's stdout would otherwise flush every line.
        let mut lines: BufWriter<Box<dyn Write + '_>> = BufWriter::new(match file {
            Some(file) => Box::new(file),
            None => Box::new(self.stdout),
        });
        let results = batch.run(&mut lines)?;
        lines.flush().context("cannot write the results")?;
        Ok((results, outputs))
    }
}
