//! The batch driver: games in chunks on a pool of `jobs` threads, each game from its own seed,
//! lines written and summed in game order, each as soon as the games before it are done.
//!
//! Why chunks: a game's result depends only on the master seed and its index (its seed is
//! [`game_seed`], its bots' generators [`bot_rng`](overlord_ai::harness::bot_rng) of that seed),
//! so the games of a chunk can run in any order on any thread; their results are written and
//! added to the summary in index order. The output is the same bytes for any
//! `--jobs`, and memory stays bounded by one chunk however many games are asked for.

use crate::compare::{Comparison, Paired};
use crate::lineup::{SeatInfo, seat_infos};
use crate::record::{GameLine, Tracker};
use crate::summary::{Summary, SummaryBuilder};
use crate::{SimConfig, SimError, Variant};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use overlord_ai::harness::{DEFAULT_DECISION_LIMIT, GameResult, play_game_observed};
use overlord_ai::{Bot, BotSpec};
use overlord_engine::{Components, Game, GameRng, Heuristics, Log};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Games handed to the pool at once, per thread: enough to keep every thread busy while the
/// slowest game of the chunk finishes, few enough that the progress and the output flow.
const CHUNK_PER_JOB: u64 = 64;

/// How often the output is flushed while games keep coming.
const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// The seed of game `index` of a batch with master seed `master`: SplitMix64 of the pair, so
/// neighbouring games and neighbouring master seeds are far apart, and it depends on nothing
/// else.
pub fn game_seed(master: u64, index: u64) -> u64 {
    let mut z = master
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a batch gives besides its lines: a summary per run, and their comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimResults {
    pub scenario: String,
    /// The master seed.
    pub seed: u64,
    /// Games per run.
    pub games: u64,
    /// The run as asked, then the compared variant when there is one.
    pub runs: Vec<Summary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparison: Option<Comparison>,
    /// Per run and per whose losses, where they fell, drawn by the game on its board (an SVG
    /// document; none when the game draws no board or nobody fell). Only the report shows it.
    #[serde(skip)]
    pub heat_maps: Vec<HeatMap>,
}

/// One run's heat map of where one side's men or units fell ([`Statistics::fallen_at`]), as
/// the game draws it ([`Statistics::heat_map`]).
///
/// [`Statistics::fallen_at`]: overlord_engine::Statistics::fallen_at
/// [`Statistics::heat_map`]: overlord_engine::Statistics::heat_map
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    /// The run's label, as its summary gives it.
    pub run: String,
    /// Whether it is the compared run's (the second), not the run as asked.
    pub compared: bool,
    /// Whose losses, as the game names them.
    pub whose: String,
    pub svg: String,
}

/// One game's lines (one per run) and their JSON text.
type PlayedGame = (Vec<GameLine>, Vec<u8>);

/// A variant made ready for play: its options read as the game's, and each seat's bot.
struct Ready<G: Game> {
    options: G::Options,
    bots: Vec<BotSpec>,
    seats: Vec<SeatInfo>,
}

impl<G: Game + Heuristics> Ready<G> {
    /// Read `variant`'s options and set a game up with them, once, so that options the game
    /// cannot set up, or a seat the game does not have, are refused before the batch.
    fn new(
        variant: &Variant,
        data: &Arc<G::Data>,
        scenario: &str,
        seed: u64,
    ) -> Result<Ready<G>, SimError> {
        let options = if variant.options.is_null() {
            G::Options::default()
        } else {
            serde_json::from_value(variant.options.clone()).map_err(|error| SimError::Options {
                options: variant.options.to_string(),
                reason: error.to_string(),
            })?
        };
        let state = G::setup(
            data,
            scenario,
            &options,
            GameRng::seeded(seed),
            &mut Log::disabled(),
        )
        .map_err(|error| SimError::Setup {
            scenario: scenario.to_owned(),
            options: variant.options.to_string(),
            reason: error.to_string(),
        })?;
        let bots = variant.bots.resolve(&state)?;
        let seats = seat_infos(&state, &bots);
        Ok(Ready {
            options,
            bots,
            seats,
        })
    }

    /// The heat maps of `run`, one per whose losses, drawn by the game on a board set up as
    /// the batch's first game was: none when nobody fell or the game draws no board.
    fn heat_maps(
        &self,
        data: &Arc<G::Data>,
        config: &SimConfig,
        (run, compared): (&Summary, bool),
    ) -> Vec<HeatMap> {
        if run.fallen_at.is_empty() {
            return Vec::new();
        }
        let Ok(state) = G::setup(
            data,
            &config.scenario,
            &self.options,
            GameRng::seeded(game_seed(config.seed, 0)),
            &mut Log::disabled(),
        ) else {
            return Vec::new();
        };
        let Some(stats) = state.statistics() else {
            return Vec::new();
        };
        run.fallen_at
            .iter()
            .filter_map(|group| {
                let counts: Vec<(String, u32)> = group
                    .places
                    .iter()
                    .map(|p| (p.place.clone(), u32::try_from(p.losses).unwrap_or(u32::MAX)))
                    .collect();
                Some(HeatMap {
                    run: run.label.clone(),
                    compared,
                    whose: group.whose.clone(),
                    svg: stats.heat_map(&group.whose, &counts)?,
                })
            })
            .collect()
    }

    /// Play game `index` of the batch.
    fn play(&self, data: &Arc<G::Data>, scenario: &str, master: u64, index: u64) -> GameLine {
        let seed = game_seed(master, index);
        let mut tracker = Tracker::default();
        let state = G::setup(
            data,
            scenario,
            &self.options,
            GameRng::seeded(seed),
            &mut Log::disabled(),
        );
        let result = match state {
            Ok(state) => {
                let mut bots: Vec<Box<dyn Bot<G>>> =
                    self.bots.iter().map(BotSpec::build::<G>).collect();
                play_game_observed(state, &mut bots, seed, DEFAULT_DECISION_LIMIT, &mut tracker)
            }
            Err(error) => GameResult {
                seed,
                outcome: None,
                decisions: 0,
                failure: Some(format!("setup: {error}")),
            },
        };
        tracker.line(index, &result)
    }
}

/// The progress bar on stderr: drawn only when asked and stderr is a terminal (indicatif's
/// stderr target hides itself otherwise).
fn progress_bar(config: &SimConfig, games: u64) -> ProgressBar {
    if !config.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} games, {rate}, {eta} left",
    ) {
        bar.set_style(
            style
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        // Whole games per second: indicatif's own {per_sec} prints four decimals.
                        let _ = write!(w, "{:.0} games/s", state.per_sec());
                    },
                )
                .progress_chars("=> "),
        );
    }
    bar
}

/// Play the batch `config` asks for on the game type `G`, writing one JSON line per game to
/// `out` (two per game when comparing: run `a`, then run `b`), in game order.
pub fn simulate<G: Game + Heuristics>(
    data: &Arc<G::Data>,
    config: &SimConfig,
    out: &mut dyn Write,
) -> Result<SimResults, SimError> {
    prepare::<G>(data, config)?.run(out)
}

/// A batch checked and ready to play ([`prepare`]).
pub struct Batch<'a, G: Game> {
    data: &'a Arc<G::Data>,
    config: &'a SimConfig,
    variants: Vec<Ready<G>>,
}

/// Check everything a batch needs before a game is played or a file written: at least one
/// job, a scenario the data has, options the game reads and can set up, seats it has.
pub fn prepare<'a, G: Game + Heuristics>(
    data: &'a Arc<G::Data>,
    config: &'a SimConfig,
) -> Result<Batch<'a, G>, SimError> {
    if config.jobs == 0 {
        return Err(SimError::NoJobs);
    }
    let scenarios = data.scenarios();
    if !scenarios.iter().any(|s| s.id == config.scenario) {
        return Err(SimError::UnknownScenario {
            scenario: config.scenario.clone(),
            known: scenarios
                .iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let asked: Vec<&Variant> = std::iter::once(&config.baseline)
        .chain(config.compare.as_ref())
        .collect();
    let mut variants = Vec::with_capacity(asked.len());
    for variant in asked {
        // A setup that fails would fail every game alike: say so once, before the batch.
        variants.push(Ready::<G>::new(
            variant,
            data,
            &config.scenario,
            game_seed(config.seed, 0),
        )?);
    }
    Ok(Batch {
        data,
        config,
        variants,
    })
}

/// The lines of a batch added up in game order: a summary per run, and their pairs.
struct Collector {
    builders: Vec<SummaryBuilder>,
    paired: Paired,
    /// The index of the next game to come.
    next: u64,
}

impl Collector {
    fn add(&mut self, lines: &[GameLine]) {
        for (line, builder) in lines.iter().zip(&mut self.builders) {
            builder.add(line);
        }
        if let [a, b] = lines {
            self.paired.add(a, b);
        }
        self.next += 1;
    }
}

impl<G: Game + Heuristics> Batch<'_, G> {
    /// Play game `index` of every run, its lines and their JSON text (a line a run).
    fn play_game(&self, index: u64) -> Result<PlayedGame, SimError> {
        let comparing = self.variants.len() > 1;
        let mut bytes = Vec::with_capacity(512);
        let mut lines = Vec::with_capacity(self.variants.len());
        for (v, ready) in self.variants.iter().enumerate() {
            let mut line = ready.play(self.data, &self.config.scenario, self.config.seed, index);
            if comparing {
                line.run = Some(if v == 0 { "a" } else { "b" }.to_owned());
            }
            serde_json::to_writer(&mut bytes, &line)
                .map_err(|error| SimError::Write(error.to_string()))?;
            bytes.push(b'\n');
            lines.push(line);
        }
        Ok((lines, bytes))
    }

    /// Play the games `games` (indices of this batch) one after another on this thread,
    /// writing their lines to `out` as [`Batch::run`] would: a part of a batch spread over
    /// many machines (the Python package's Ray driver), put back together by
    /// [`Batch::collect`].
    pub fn play_range(
        &self,
        games: std::ops::Range<u64>,
        out: &mut dyn Write,
    ) -> Result<(), SimError> {
        for index in games {
            let (_, bytes) = self.play_game(index)?;
            out.write_all(&bytes)
                .map_err(|error| SimError::Write(error.to_string()))?;
        }
        Ok(())
    }

    fn collector(&self) -> Collector {
        Collector {
            builders: std::iter::once(&self.config.baseline)
                .chain(self.config.compare.as_ref())
                .zip(&self.variants)
                .map(|(variant, ready)| SummaryBuilder::new(variant, ready.seats.clone()))
                .collect(),
            paired: Paired::default(),
            next: 0,
        }
    }

    /// Play the batch, writing one JSON line per game to `out` (two per game when comparing:
    /// run `a`, then run `b`), in game order.
    pub fn run(self, out: &mut dyn Write) -> Result<SimResults, SimError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.config.jobs)
            .thread_name(|i| format!("sim-{i}"))
            .build()
            .map_err(|error| SimError::Pool(error.to_string()))?;
        let games = self.config.games;
        let mut collector = self.collector();
        let bar = progress_bar(self.config, games);
        let chunk = CHUNK_PER_JOB * self.config.jobs as u64;
        let batch = &self;
        let play_one = |index: u64| -> Result<PlayedGame, SimError> {
            // The lines are serialised on the pool too, so the writing thread only copies
            // bytes and adds to the summaries.
            let played = batch.play_game(index);
            bar.inc(1);
            played
        };
        // The pool sends each game as it ends; this thread writes and sums up the games in
        // index order, each as soon as every game before it is in, so the file grows while a
        // slow batch runs. The pool starts chunk k + 1 once chunk k is played, so at most a
        // chunk waits here out of order; when this thread stops early (a write error or a
        // failed game), the pool stops at its next send.
        std::thread::scope(|scope| -> Result<(), SimError> {
            let (send, receive) = std::sync::mpsc::sync_channel(chunk as usize);
            scope.spawn(move || {
                let mut start = 0;
                while start < games {
                    let end = games.min(start.saturating_add(chunk));
                    let stopped = pool.install(|| {
                        (start..end)
                            .into_par_iter()
                            .try_for_each_with(send.clone(), |send, index| {
                                send.send((index, play_one(index)))
                            })
                    });
                    if stopped.is_err() {
                        return;
                    }
                    start = end;
                }
            });
            let mut waiting: BTreeMap<u64, Result<PlayedGame, SimError>> = BTreeMap::new();
            let mut flushed = Instant::now();
            for (index, game) in receive {
                waiting.insert(index, game);
                while let Some(game) = waiting.remove(&collector.next) {
                    let (lines, bytes) = game?;
                    out.write_all(&bytes)
                        .map_err(|error| SimError::Write(error.to_string()))?;
                    collector.add(&lines);
                }
                // A reader following the file (tail -f) sees the games of a slow batch within
                // a second; a fast batch is not slowed by a flush per game.
                if flushed.elapsed() >= FLUSH_EVERY {
                    out.flush()
                        .map_err(|error| SimError::Write(error.to_string()))?;
                    flushed = Instant::now();
                }
            }
            Ok(())
        })?;
        out.flush()
            .map_err(|error| SimError::Write(error.to_string()))?;
        bar.finish_and_clear();
        Ok(self.results(collector))
    }

    /// The results of the batch from its lines, played elsewhere ([`Batch::play_range`]) and
    /// given here in game order: each is checked to be the game expected next and copied to
    /// `out` as it came, so the file and the summary are those [`Batch::run`] gives.
    pub fn collect(
        self,
        lines: &mut dyn std::io::BufRead,
        out: &mut dyn Write,
    ) -> Result<SimResults, SimError> {
        let mut collector = self.collector();
        let runs = self.variants.len();
        let mut game = Vec::with_capacity(runs);
        let mut text = String::new();
        let mut number = 0;
        loop {
            text.clear();
            let read = lines
                .read_line(&mut text)
                .map_err(|error| SimError::Lines(format!("line {}: {error}", number + 1)))?;
            if read == 0 {
                break;
            }
            number += 1;
            let line: GameLine = serde_json::from_str(&text)
                .map_err(|error| SimError::Lines(format!("line {number}: {error}")))?;
            if line.game != collector.next {
                return Err(SimError::Lines(format!(
                    "line {number} is game {}, game {} was expected",
                    line.game, collector.next
                )));
            }
            out.write_all(text.as_bytes())
                .map_err(|error| SimError::Write(error.to_string()))?;
            game.push(line);
            if game.len() == runs {
                collector.add(&game);
                game.clear();
            }
        }
        if collector.next != self.config.games || !game.is_empty() {
            return Err(SimError::Lines(format!(
                "{} of {} games came back",
                collector.next, self.config.games
            )));
        }
        out.flush()
            .map_err(|error| SimError::Write(error.to_string()))?;
        Ok(self.results(collector))
    }

    /// The summaries, their comparison and the heat maps, once every game is in.
    fn results(&self, collector: Collector) -> SimResults {
        let Collector {
            builders, paired, ..
        } = collector;
        let runs: Vec<Summary> = builders.into_iter().map(SummaryBuilder::finish).collect();
        let comparison = match runs.as_slice() {
            [a, b] => Some(paired.finish(a, b)),
            _ => None,
        };
        let heat_maps = runs
            .iter()
            .zip(&self.variants)
            .enumerate()
            .flat_map(|(i, (run, ready))| ready.heat_maps(self.data, self.config, (run, i > 0)))
            .collect();
        SimResults {
            scenario: self.config.scenario.clone(),
            seed: self.config.seed,
            games: self.config.games,
            runs,
            comparison,
            heat_maps,
        }
    }
}
