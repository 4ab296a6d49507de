//! `overlord`: the command line of the Overlord engine.
//!
//! Each subcommand lives in its own module under `commands/` and writes to the writer it is given,
//! so tests read exactly what a user would see. Errors go to stderr with what to do next, and the
//! process exits non-zero; nothing here panics on user input.

mod commands;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

// Simulation and replay allocate many small, short-lived vectors (legal lists, fire
// allocations); mimalloc plays them about 10 % faster than the system allocator (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Overlord plays Normandy 1944 board wargames with every rule enforced.
#[derive(Parser)]
#[command(name = "overlord", version, about, long_about = None)]
struct Cli {
    /// Folder holding each game's data folder (`<DATA>/omaha`, ...). Defaults to $OVERLORD_DATA,
    /// then `./data`, then the `data/` folder of the source tree this binary was built from.
    #[arg(long, global = true, value_name = "DATA")]
    data: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games this build plays, with their rules versions and seats.
    Games,
    /// List the scenarios a game's data offers.
    Scenarios {
        /// The game's id, as `overlord games` prints it.
        game: String,
    },
    /// Check a game's data folder: every reference and invariant, every problem with file,
    /// line and field. Exits non-zero on any problem.
    Validate {
        /// The game's id, as `overlord games` prints it.
        game: String,
    },
    /// Draw a game's board as SVG or PNG (the file's extension decides).
    Map {
        /// The game's id, as `overlord games` prints it.
        game: String,
        /// The picture to write: `board.svg`, or `board.png` for a bitmap.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// PNG only: pixels per SVG pixel (2 for a sharper, larger picture).
        #[arg(long, default_value_t = 1.0, value_name = "SCALE")]
        scale: f32,
        /// Draw this scenario's own map, for games whose scenarios assemble theirs (Tide of
        /// Iron's boards and overlays), as `overlord scenarios <game>` prints it.
        #[arg(long)]
        scenario: Option<String>,
    },
    /// Play a game in the terminal: the prompt, its numbered actions, the log. Type a number to
    /// act, `hint`, `undo`, `save FILE`, `log`, `help` or `quit`.
    Play {
        /// The game's id, as `overlord games` prints it.
        game: Option<String>,
        /// The scenario, as `overlord scenarios <game>` prints it.
        #[arg(long, conflicts_with = "campaign")]
        scenario: Option<String>,
        /// Play the game's campaign, its scenarios in turn with what survives carried over
        /// (Ambush!: the squad, its experience and its replacements); the scenario `campaign`.
        #[arg(long)]
        campaign: bool,
        /// The random seed (a game is its seed and its actions).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Go on with a game saved by `save FILE` (a game record).
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
        /// A scenario option, repeatable: `NAME` turns it on, `NAME=VALUE` sets it (VALUE read
        /// as JSON, else as text). Omaha's optional variants: `--option 22.1` … `--option 22.4`, `--option 23`.
        #[arg(long = "option", value_name = "NAME[=VALUE]")]
        options: Vec<String>,
        /// A seat the computer plays, repeatable: `SEAT=BOT`, the seat by number from 0 or by
        /// its label, the bot as `overlord sim --bot` takes it (`--bot 1=rule`). The other
        /// seats are people at this terminal.
        #[arg(long = "bot", value_name = "SEAT=BOT")]
        bots: Vec<String>,
    },
    /// Rebuild a game from its record (JSON) and print its log and where it stands, or step
    /// through it one action at a time.
    Replay {
        /// The record file, as written by `save FILE` or by a bug report.
        record: PathBuf,
        /// Step through the record: Enter shows the next action with its log and the picture of
        /// the table after it; a number N goes to just after action N; q quits.
        #[arg(long)]
        step: bool,
    },
    /// Play in the browser: serve the games over HTTP, keeping them in a database file, and
    /// print the address to open. Each game gives a secret link per seat.
    Serve {
        /// The database file; created with its tables on first start.
        #[arg(long, default_value = "overlord.db", value_name = "FILE")]
        db: PathBuf,
        /// Where to listen (`0.0.0.0:8080` to be reached from other machines; port 0 picks a
        /// free one).
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDRESS")]
        addr: String,
        /// The most a searching bot seat (or a searching hint) thinks per decision, in seconds
        /// (default 2).
        #[arg(long, value_name = "SECONDS")]
        bot_think: Option<f64>,
        /// A pause before each move of a bot seat, in seconds, so people watching can follow
        /// (default 0).
        #[arg(long, value_name = "SECONDS")]
        bot_pace: Option<f64>,
        /// Requests per second allowed, sustained, to each seat (`seat=N`) and to each client
        /// address for requests without a seat's token (`address=N`); bursts of twice as many
        /// pass after a pause (default `seat=20,address=100`).
        #[arg(long, value_name = "seat=N,address=N")]
        rate_limit: Option<String>,
        /// The server is behind a reverse proxy that adds the client's address to
        /// `X-Forwarded-For`: read it from there (never set this otherwise: any client could
        /// then choose its address).
        #[arg(long)]
        trust_proxy: bool,
        /// What the server writes to stderr: `info` (the default) a line per request and every
        /// error, `warn` or `error` only problems, `debug` more; or a filter such as
        /// `warn,overlord_server=info` (as RUST_LOG, which is read when this is not given).
        /// Tokens are never written.
        #[arg(long, value_name = "LEVEL")]
        log: Option<String>,
        /// A host name the server answers to (give it once per name, as people type it in the
        /// address bar). Without it, a server on a loopback address answers only to
        /// `localhost` and loopback addresses, which keeps other web sites from reading it
        /// through a name of theirs (DNS rebinding); one reachable from other machines, or
        /// behind a proxy (--trust-proxy), answers to any name.
        #[arg(long = "allowed-host", value_name = "NAME")]
        allowed_hosts: Vec<String>,
        /// Delete games nobody has played or changed for this many days, checked at start and
        /// every hour (by default games are kept for ever).
        #[arg(long, value_name = "DAYS")]
        retention_days: Option<f64>,
    },
    /// Copy the server's database, whole and consistent, while `overlord serve` runs on it (or
    /// not): SQLite's online backup, checked once written.
    Backup {
        /// The database `overlord serve --db` uses.
        #[arg(long, default_value = "overlord.db", value_name = "FILE")]
        db: PathBuf,
        /// The copy to write; it must not exist yet.
        out: PathBuf,
    },
    /// Simulate many games of a scenario played by a bot: one JSON line per game, a summary
    /// with 95 % intervals, an HTML report with plots; the same results for any --jobs.
    Sim(Box<commands::sim::Args>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let registry = overlord_registry::registry();
    let data_root = overlord_registry::data_root::resolve(cli.data);
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Games => commands::games::run(&registry, &mut out),
        Command::Scenarios { game } => {
            commands::scenarios::run(&registry, &data_root, &game, &mut out)
        }
        Command::Validate { game } => {
            commands::validate::run(&registry, &data_root, &game, &mut out)
        }
        Command::Map {
            game,
            out: path,
            scale,
            scenario,
        } => commands::map::run(
            &registry,
            &data_root,
            &commands::map::Request {
                game: &game,
                scenario: scenario.as_deref(),
                out: &path,
                scale,
            },
            &mut out,
        ),
        Command::Play {
            game,
            scenario,
            campaign,
            seed,
            load,
            options: game_options,
            bots,
        } => {
            let options = commands::play::Options {
                game,
                scenario: if campaign {
                    Some("campaign".to_owned())
                } else {
                    scenario
                },
                seed,
                load,
                options: game_options,
                bots,
            };
            let mut input = std::io::stdin().lock();
            commands::play::run(&registry, &data_root, options, &mut input, &mut out)
        }
        Command::Replay { record, step } => {
            let mut input = std::io::stdin().lock();
            let options = commands::replay::Options { step };
            commands::replay::run(
                &registry, &data_root, &record, options, &mut input, &mut out,
            )
        }
        Command::Serve {
            db,
            addr,
            bot_think,
            bot_pace,
            rate_limit,
            trust_proxy,
            log,
            allowed_hosts,
            retention_days,
        } => {
            let options = commands::serve::Options {
                db,
                addr,
                bot_think,
                bot_pace,
                rate_limit,
                trust_proxy,
                log,
                allowed_hosts,
                retention_days,
            };
            commands::serve::run(registry, &data_root, &options, &mut out)
        }
        Command::Backup { db, out: copy } => commands::backup::run(&db, &copy, &mut out),
        Command::Sim(args) => commands::sim::run(&data_root, *args, &mut out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
