//! The `overlord sim` command line: its arguments, the batch they ask for, and the files it
//! writes once the games are in. The `overlord` binary and the Python package's Ray driver
//! both run batches through it, so the same arguments give the same files from both.

use crate::report::{self, ReportInput};
use crate::{BotParams, BotSpec, Lineup, SeatName, SimConfig, SimResults, Variant, parse_rollout};
use anyhow::{Context, Result, bail};
use overlord_engine::{Components, Game, Heuristics};
use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What `overlord sim` is asked: its arguments, the same for every front end that runs a
/// batch.
#[derive(clap::Args, Clone, Debug)]
pub struct SimArgs {
    /// The game's id, as `overlord games` prints it.
    pub game: String,
    /// The scenario, as `overlord scenarios <game>` prints it.
    #[arg(long, conflicts_with = "campaign")]
    pub scenario: Option<String>,
    /// Play the game's campaign, its scenarios in turn with what survives carried over
    /// (Ambush!: the squad, its experience and its replacements); the scenario `campaign`.
    #[arg(long)]
    pub campaign: bool,
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

/// A file to write, with what to do when it cannot be.
fn create(path: &Path, what: &str) -> Result<File> {
    File::create(path).with_context(|| {
        format!(
            "cannot write the {what} to {}: check that the folder exists and is writable",
            path.display()
        )
    })
}

/// The batch asked for, checked: the bots parse, the options read, `--jobs` is not 0.
pub fn config(args: &SimArgs, scenario: String) -> Result<SimConfig> {
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
    let options = options_of(&args.options)?;
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
            options: options_of(&names)?,
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
pub struct Outputs {
    /// The lines' file (`--out`); none for stdout.
    pub lines: Option<File>,
    summary: Option<File>,
    report: Option<File>,
}

impl Outputs {
    /// Open (create or truncate) every output file, and make the PNG folder: after the batch
    /// is checked, so a typing error destroys no earlier results, and before the first game,
    /// so a path that cannot be written is refused before hours of games rather than after.
    pub fn open(args: &SimArgs) -> Result<Outputs> {
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
        Ok(Outputs {
            lines,
            summary,
            report,
        })
    }
}

/// What a batch writes once its games are in: the summary on stderr (unless `--quiet`), the
/// summary as JSON (`--summary`), the HTML report (`--report`, with `command` as the command
/// line it was made by) and the PNGs (`--png`).
pub fn write_results(
    args: &SimArgs,
    title: &str,
    command: &str,
    config: &SimConfig,
    results: &SimResults,
    outputs: Outputs,
) -> Result<()> {
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
        serde_json::to_writer_pretty(&mut file, results)
            .with_context(|| format!("cannot write the summary to {}", path.display()))?;
        writeln!(file)?;
    }
    if let (Some(mut file), Some(path)) = (outputs.report, &args.report) {
        let page = report::html(&ReportInput {
            title,
            command,
            results,
        })?;
        file.write_all(page.as_bytes())
            .with_context(|| format!("cannot write the report to {}", path.display()))?;
        if !args.quiet {
            writeln!(std::io::stderr(), "Report: {}", path.display())?;
        }
    }
    if let Some(dir) = &args.png {
        let written = report::write_pngs(&report::plots(results)?, dir)?;
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

impl SimArgs {
    /// The scenario asked for: `--scenario`, or the campaign's for `--campaign`; when neither
    /// is given, an error listing the scenarios `entry`'s data in `data_dir` offers.
    pub fn scenario_asked(
        &self,
        entry: &dyn overlord_engine::GameEntry,
        data_dir: &Path,
    ) -> Result<String> {
        match (&self.scenario, self.campaign) {
            (Some(scenario), _) => Ok(scenario.clone()),
            (None, true) => Ok("campaign".to_owned()),
            (None, false) => {
                let ids: Vec<String> = entry
                    .scenarios(data_dir)?
                    .into_iter()
                    .map(|s| s.id)
                    .collect();
                bail!("choose a scenario with --scenario: {}", ids.join(", "))
            }
        }
    }
}

/// The scenario options of `--option` flags, as the game reads them.
fn options_of(flags: &[String]) -> Result<serde_json::Value> {
    overlord_engine::options_json(flags).map_err(anyhow::Error::msg)
}

/// The game's components in `data_dir`, loaded.
fn load<G: Game>(data_dir: &Path) -> Result<Arc<G::Data>> {
    Ok(Arc::new(G::Data::load(data_dir)?))
}

/// The lines' writer: `--out`'s file, else `stdout`; buffered, as a terminal's stdout would
/// otherwise flush every line.
fn lines_writer<'a>(
    file: Option<File>,
    stdout: &'a mut dyn Write,
) -> BufWriter<Box<dyn Write + 'a>> {
    BufWriter::new(match file {
        Some(file) => Box::new(file),
        None => Box::new(stdout),
    })
}

/// Check the batch, open the files, get its lines and results from `play` (writing the lines
/// to `--out` or `stdout`), then write the results.
fn write_batch<G: Game + Heuristics>(
    data_dir: &Path,
    args: &SimArgs,
    config: &SimConfig,
    heading: (&str, &str),
    stdout: &mut dyn Write,
    play: impl FnOnce(crate::Batch<'_, G>, &mut dyn Write) -> Result<SimResults, crate::SimError>,
) -> Result<()> {
    let data = load::<G>(data_dir)?;
    let batch = crate::prepare::<G>(&data, config)?;
    let mut outputs = Outputs::open(args)?;
    let mut lines = lines_writer(outputs.lines.take(), stdout);
    let results = play(batch, &mut lines)?;
    lines.flush().context("cannot write the results")?;
    drop(lines);
    let (title, command) = heading;
    write_results(args, title, command, config, &results, outputs)
}

/// Run the whole batch on this machine for the game type `G` with the data in `data_dir`:
/// check it, open the files, play, write the lines (to `--out` or `stdout`) and the results.
pub fn run_batch<G: Game + Heuristics>(
    data_dir: &Path,
    args: &SimArgs,
    config: &SimConfig,
    heading: (&str, &str),
    stdout: &mut dyn Write,
) -> Result<()> {
    write_batch::<G>(data_dir, args, config, heading, stdout, |batch, out| {
        batch.run(out)
    })
}

/// Play the games `games` of the batch (a part of it, on a machine of a cluster) and answer
/// their lines, as `overlord sim` writes them.
pub fn play_part<G: Game + Heuristics>(
    data_dir: &Path,
    config: &SimConfig,
    games: std::ops::Range<u64>,
) -> Result<Vec<u8>> {
    let data = load::<G>(data_dir)?;
    let batch = crate::prepare::<G>(&data, config)?;
    let mut bytes = Vec::new();
    batch.play_range(games, &mut bytes)?;
    Ok(bytes)
}

/// Put a batch played in parts back together: its lines, in game order, are checked and
/// written (to `--out` or `stdout`), and the results written from them, as [`run_batch`]
/// would have.
pub fn collect_batch<G: Game + Heuristics>(
    data_dir: &Path,
    args: &SimArgs,
    config: &SimConfig,
    heading: (&str, &str),
    played: &mut dyn BufRead,
    stdout: &mut dyn Write,
) -> Result<()> {
    write_batch::<G>(data_dir, args, config, heading, stdout, |batch, out| {
        batch.collect(played, out)
    })
}
