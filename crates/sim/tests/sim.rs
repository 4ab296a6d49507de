//! Batch simulation of D-Day at Omaha Beach, The First Wave: the same bytes for any number of
//! threads, a summary that the lines bear out, lines that the games replayed from their seeds
//! bear out, paired comparisons, and a report that renders.
//!
//! Small batches of the random bot (and a few rule-bot games): these run in debug builds.

// Test helpers fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ai::harness::bot_rng;
use overlord_ai::{Bot, RandomBot};
use overlord_engine::{Components, Game, GameRng, Log, Seat, Statistics, Status};
use overlord_omaha::{Omaha, OmahaData};
use overlord_sim::report::{self, ReportInput};
use overlord_sim::{
    BotParams, BotSpec, Ending, GameLine, Lineup, SeatName, SimConfig, SimError, SimResults,
    Variant, game_seed, simulate,
};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<OmahaData> {
    static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

fn variant(bot: &str, options: Value) -> Variant {
    let bot = BotSpec::parse(bot, BotParams::default()).unwrap();
    Variant {
        bots: Lineup::everywhere(bot),
        label: format!("{bot} {options}"),
        options,
    }
}

fn config(games: u64, jobs: usize, seed: u64) -> SimConfig {
    SimConfig {
        scenario: "first-wave".to_owned(),
        games,
        jobs,
        seed,
        baseline: variant("random", Value::Null),
        compare: None,
        progress: false,
    }
}

/// The bytes written and the summaries.
fn run(config: &SimConfig) -> (String, SimResults) {
    let mut out = Vec::new();
    let results = simulate::<Omaha>(&data(), config, &mut out).unwrap();
    (String::from_utf8(out).unwrap(), results)
}

fn lines(text: &str) -> Vec<GameLine> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn the_output_is_the_same_bytes_for_any_number_of_jobs() {
    let one = run(&config(24, 1, 7));
    for jobs in [2, 3] {
        let other = run(&config(24, jobs, 7));
        assert_eq!(one.0, other.0, "lines with --jobs {jobs}");
        assert_eq!(one.1, other.1, "summary with --jobs {jobs}");
    }
    let summary = serde_json::to_string(&one.1).unwrap();
    assert_eq!(
        summary,
        serde_json::to_string(&run(&config(24, 2, 7)).1).unwrap()
    );
    // And another seed gives other games.
    assert_ne!(one.0, run(&config(24, 1, 8)).0);
}

#[test]
fn comparisons_are_the_same_bytes_for_any_number_of_jobs() {
    let mut c = config(4, 1, 3);
    c.compare = Some(variant("rule", Value::Null));
    let one = run(&c);
    c.jobs = 2;
    let two = run(&c);
    assert_eq!(one.0, two.0);
    assert_eq!(one.1, two.1);
    // Two lines per game, run a then run b, in game order.
    let runs: Vec<(u64, Option<String>)> =
        lines(&one.0).into_iter().map(|l| (l.game, l.run)).collect();
    let expected: Vec<(u64, Option<String>)> = (0..4)
        .flat_map(|g| [(g, Some("a".to_owned())), (g, Some("b".to_owned()))])
        .collect();
    assert_eq!(runs, expected);
}

#[test]
fn a_root_parallel_search_bot_gives_the_same_bytes_for_any_number_of_jobs() {
    // IS-MCTS with two trees searches on the batch's own pool: nested parallelism must not
    // change a choice either.
    let mut c = config(2, 1, 13);
    c.baseline = variant(
        "ismcts:iterations=8,depth=3,rollout=random,trees=2",
        Value::Null,
    );
    let one = run(&c);
    c.jobs = 2;
    let two = run(&c);
    assert_eq!(one.0, two.0);
    assert_eq!(one.1.runs[0].failed, 0);
}

#[test]
fn a_batch_played_in_parts_and_collected_is_the_batch_played_whole() {
    let mut whole = config(20, 2, 5);
    whole.compare = Some(variant("rule", Value::Null));
    let (expected_lines, expected) = run(&whole);
    let data = data();
    // Parts of uneven sizes, played out of order, then laid end to end in game order.
    let batch = overlord_sim::prepare::<Omaha>(&data, &whole).unwrap();
    let mut parts: Vec<(u64, Vec<u8>)> = Vec::new();
    for range in [13..20, 0..6, 6..13] {
        let mut bytes = Vec::new();
        batch.play_range(range.clone(), &mut bytes).unwrap();
        parts.push((range.start, bytes));
    }
    parts.sort();
    let played: Vec<u8> = parts.into_iter().flat_map(|(_, bytes)| bytes).collect();
    let mut out = Vec::new();
    let results = batch.collect(&mut played.as_slice(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected_lines);
    assert_eq!(results, expected);
}

#[test]
fn parts_that_do_not_add_up_to_the_batch_are_refused() {
    let whole = config(6, 1, 5);
    let data = data();
    let batch = || overlord_sim::prepare::<Omaha>(&data, &whole).unwrap();
    let mut bytes = Vec::new();
    batch().play_range(0..6, &mut bytes).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    let collect = |text: String| batch().collect(&mut text.as_bytes(), &mut Vec::new());
    let missing = rows[..5]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    let swapped = [rows[1], rows[0], rows[2], rows[3], rows[4], rows[5]]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    let garbled = text.replacen("\"seed\"", "\"seed", 1);
    for (bad, expected) in [
        (missing, "5 of 6 games came back"),
        (swapped, "line 1 is game 1, game 0 was expected"),
        (garbled, "line 1:"),
    ] {
        let error = collect(bad).unwrap_err();
        assert!(
            matches!(error, SimError::Lines(_)) && error.to_string().contains(expected),
            "{error}"
        );
    }
}

#[test]
fn game_i_depends_on_the_master_seed_and_i_alone() {
    let (short, _) = run(&config(6, 2, 11));
    let (long, _) = run(&config(15, 3, 11));
    assert!(
        long.starts_with(&short),
        "the first 6 games are those of the longer batch"
    );
    for (i, line) in lines(&long).iter().enumerate() {
        assert_eq!(line.game, i as u64);
        assert_eq!(line.seed, game_seed(11, i as u64));
    }
}

/// Replay game `index` of a random-bot batch by hand, as a user would from its line.
fn replay(master: u64, index: u64) -> Omaha {
    let seed = game_seed(master, index);
    let mut state = Omaha::setup(
        &data(),
        "first-wave",
        &Default::default(),
        GameRng::seeded(seed),
        &mut Log::disabled(),
    )
    .unwrap();
    let mut rng = bot_rng(seed, Seat(0));
    let mut legal = Vec::new();
    let mut log = Log::disabled();
    while let Status::ToAct(seat) = state.status() {
        state.legal_actions(&mut legal);
        let action = RandomBot.choose(&state, seat, &legal, &mut rng).unwrap();
        let _ = state.apply(action, &mut log).unwrap();
    }
    state
}

#[test]
fn a_line_tells_the_game_replayed_from_its_seed() {
    let (text, _) = run(&config(5, 2, 21));
    for line in lines(&text) {
        let state = replay(21, line.game);
        let Status::Over(outcome) = state.status() else {
            panic!("game {} did not end", line.game)
        };
        assert_eq!(line.score, Some(outcome.score(Seat(0))));
        assert_eq!(line.scores, outcome.scores());
        assert_eq!(line.rewards, outcome.rewards());
        assert_eq!(line.rule.as_deref(), Some(outcome.rule.0));
        assert_eq!(
            line.outcome == Ending::Won,
            outcome.winners.contains(Seat(0))
        );
        assert_eq!(Some(line.end_turn), Statistics::turn(&state));
        assert_eq!(line.holding_out, state.holding_out());
        assert_eq!(
            line.counters,
            state.counters().into_iter().collect::<BTreeMap<_, _>>()
        );
        // The losses per turn add up to the game's cumulative losses, turn by turn from the
        // first to the last.
        for (formation, lost) in state.losses() {
            assert_eq!(line.total_losses(&formation), lost, "{formation}");
            assert_eq!(
                line.losses[&formation].len() as u32,
                line.end_turn - line.first_turn + 1,
                "{formation}"
            );
        }
    }
}

#[test]
fn the_summary_is_what_the_lines_say() {
    let (text, results) = run(&config(30, 2, 5));
    let lines = lines(&text);
    let s = &results.runs[0];
    assert_eq!(lines.len(), 30);
    assert_eq!(s.games, 30);
    let ended: Vec<&GameLine> = lines.iter().filter(|l| l.ended()).collect();
    let won = lines.iter().filter(|l| l.outcome == Ending::Won).count() as u64;
    let lost = lines.iter().filter(|l| l.outcome == Ending::Lost).count() as u64;
    assert_eq!(
        (s.won, s.lost, s.failed),
        (won, lost, 30 - ended.len() as u64)
    );
    assert_eq!(s.win_rate.successes, won);
    assert_eq!(s.win_rate.trials, ended.len() as u64);
    assert!(s.win_rate.low <= s.win_rate.rate && s.win_rate.rate <= s.win_rate.high);

    let scores: Vec<f64> = ended.iter().map(|l| f64::from(l.score.unwrap())).collect();
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    assert!((s.score.mean.mean - mean).abs() < 1e-9);
    let histogram_total: u64 = s.score.histogram.iter().map(|c| c.games).sum();
    assert_eq!(histogram_total, ended.len() as u64);
    let min = ended.iter().map(|l| l.score.unwrap()).min();
    assert_eq!(s.score.min, min);

    // End turns per ending rule.
    let mut by_rule: BTreeMap<String, BTreeMap<u32, u64>> = BTreeMap::new();
    for l in &ended {
        *by_rule
            .entry(l.rule.clone().unwrap())
            .or_default()
            .entry(l.end_turn)
            .or_default() += 1;
    }
    let summary_by_rule: BTreeMap<String, BTreeMap<u32, u64>> = s
        .endings
        .iter()
        .map(|e| {
            (
                e.rule.clone(),
                e.turns.iter().map(|t| (t.turn, t.games)).collect(),
            )
        })
        .collect();
    assert_eq!(by_rule, summary_by_rule);

    // Mean losses: over the whole game, and on turn 1 (every game plays it).
    for formation in &s.losses {
        let total: f64 = lines
            .iter()
            .map(|l| f64::from(l.total_losses(&formation.formation)))
            .sum();
        assert!((formation.total.mean - total / 30.0).abs() < 1e-9);
        let turn_one = &formation.per_turn[0];
        assert_eq!((turn_one.turn, turn_one.games), (1, 30));
        let first: u32 = lines
            .iter()
            .map(|l| l.losses[&formation.formation][0])
            .sum();
        assert!((turn_one.mean - f64::from(first) / 30.0).abs() < 1e-9);
    }

    // Places holding out.
    for held in &s.holding_out {
        let games = lines
            .iter()
            .filter(|l| l.holding_out.contains(&held.place))
            .count() as u64;
        assert_eq!(held.games, games, "{}", held.place);
    }
    assert!(s.holding_out.windows(2).all(|w| w[0].games >= w[1].games));
}

#[test]
fn a_bot_compared_with_itself_differs_by_nothing() {
    let mut c = config(10, 2, 9);
    c.compare = Some(variant("random", Value::Null));
    let (text, results) = run(&c);
    let comparison = results.comparison.unwrap();
    assert_eq!(comparison.pairs, 10);
    assert_eq!(
        (
            comparison.win_rate.mean,
            comparison.win_rate.low,
            comparison.win_rate.high
        ),
        (0.0, 0.0, 0.0)
    );
    assert_eq!(
        (
            comparison.score.mean,
            comparison.score.low,
            comparison.score.high
        ),
        (0.0, 0.0, 0.0)
    );
    let lines = lines(&text);
    for pair in lines.chunks(2) {
        let (mut a, mut b) = (pair[0].clone(), pair[1].clone());
        (a.run, b.run) = (None, None);
        assert_eq!(a, b, "the same seed plays the same game");
    }
}

#[test]
fn two_variants_compared_on_the_same_seeds_give_a_paired_interval() {
    let mut c = config(8, 2, 4);
    c.compare = Some(variant("random", json!({"22.1": true})));
    let (text, results) = run(&c);
    let comparison = results.comparison.unwrap();
    let lines = lines(&text);
    let (a, b): (Vec<&GameLine>, Vec<&GameLine>) =
        lines.iter().partition(|l| l.run.as_deref() == Some("a"));
    assert_eq!((a.len(), b.len()), (8, 8));
    assert!(a.iter().zip(&b).all(|(a, b)| a.seed == b.seed));
    // The option changes the games (22.1: bombardment on turn 4).
    assert_ne!(
        a.iter().map(|l| &l.losses).collect::<Vec<_>>(),
        b.iter().map(|l| &l.losses).collect::<Vec<_>>()
    );
    let diff: f64 = a
        .iter()
        .zip(&b)
        .map(|(a, b)| f64::from(b.score.unwrap() - a.score.unwrap()))
        .sum::<f64>()
        / 8.0;
    assert_eq!(comparison.pairs, 8);
    assert!((comparison.score.mean - diff).abs() < 1e-9);
    let score = comparison.score;
    assert!(score.low.is_finite() && score.high.is_finite());
    assert!(score.low <= score.mean && score.mean <= score.high);
    assert_eq!(results.runs[1].options, json!({"22.1": true}));
}

fn report_of(results: &SimResults) -> String {
    report::html(&ReportInput {
        title: "D-Day at Omaha Beach, first-wave",
        command: "overlord sim omaha --scenario first-wave --bot random --games 12 --seed 2 <test>",
        results,
    })
    .unwrap()
}

#[test]
fn the_report_renders_one_svg_per_plot_with_the_key_numbers() {
    let mut c = config(12, 2, 2);
    c.compare = Some(variant("random", json!({"22.2": true})));
    let (_, results) = run(&c);
    let page = report_of(&results);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.trim_end().ends_with("</body></html>"));
    let plots = report::plots(&results).unwrap();
    assert_eq!(plots.len(), 5);
    assert_eq!(page.matches("<svg").count(), plots.len());
    assert_eq!(page.matches("</svg>").count(), plots.len());
    for plot in &plots {
        assert!(page.contains(&format!("id=\"{}\"", plot.name)));
        // Every plot is a well-formed SVG that a renderer reads.
        resvg::usvg::Tree::from_str(&plot.svg, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", plot.name));
    }
    // Self-contained: nothing fetched.
    for outside in ["<script", "src=", "href=", "<link", "@import", "url("] {
        assert!(!page.contains(outside), "{outside}");
    }
    // The command, escaped, and the key figures of both runs and their comparison.
    assert!(page.contains("--seed 2 &lt;test&gt;"));
    // Every seat and side, and the game's counters.
    assert!(page.contains("seat 0: US player (US)"));
    assert!(page.contains("side US (seats 0)"));
    assert!(page.contains("mean German positions held"));
    for run in &results.runs {
        let w = &run.win_rate;
        assert!(page.contains(&format!(
            "{:.1}% [{:.1}%, {:.1}%]",
            100.0 * w.rate,
            100.0 * w.low,
            100.0 * w.high
        )));
        assert!(page.contains(&run.score.mean.to_string()));
    }
    let c = results.comparison.unwrap();
    assert!(page.contains("Comparison on the same seeds"));
    assert!(page.contains(&format!("{:+.2}", c.score.mean)));
}

#[test]
fn the_plots_become_pngs_that_decode() {
    let (_, results) = run(&config(6, 1, 1));
    let plots = report::plots(&results).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let written = report::write_pngs(&plots, &dir.path().join("plots")).unwrap();
    assert_eq!(written.len(), plots.len());
    for path in written {
        let bytes = std::fs::read(&path).unwrap();
        let png = resvg::tiny_skia::Pixmap::decode_png(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            (png.width(), png.height()),
            (1520, 840),
            "{}",
            path.display()
        );
    }
}

#[test]
fn an_empty_batch_still_reports() {
    let (text, results) = run(&config(0, 1, 1));
    assert!(text.is_empty());
    assert_eq!(results.runs[0].games, 0);
    assert_eq!(report_of(&results).matches("<svg").count(), 5);
}

#[test]
fn bad_batches_are_refused_with_what_to_do() {
    let mut out = Vec::new();
    let no_jobs = simulate::<Omaha>(&data(), &config(1, 0, 1), &mut out).unwrap_err();
    assert!(matches!(no_jobs, SimError::NoJobs));
    assert_eq!(no_jobs.to_string(), "--jobs must be at least 1");

    let mut c = config(1, 1, 1);
    c.scenario = "second-wave".to_owned();
    let unknown = simulate::<Omaha>(&data(), &c, &mut out)
        .unwrap_err()
        .to_string();
    assert!(
        unknown.contains("no scenario `second-wave`; choose one of:"),
        "{unknown}"
    );
    assert!(unknown.contains("first-wave"), "{unknown}");

    let mut c = config(1, 1, 1);
    c.compare = Some(variant("random", json!({"fog-of-war": true})));
    let option = simulate::<Omaha>(&data(), &c, &mut out)
        .unwrap_err()
        .to_string();
    assert!(option.contains("not this game's"), "{option}");
    assert!(option.contains("fog-of-war"), "{option}");
    assert!(
        out.is_empty(),
        "nothing is written before the batch is known to be good"
    );
}

/// Issue 25: a batch of the two-player game with a bot of its own on each seat: every line
/// carries both seats' rewards and scores, and the summary's seats and sides are what the
/// lines say.
#[test]
fn seat_bots_play_their_seats_and_the_summary_reports_each_seat_and_side() {
    let mut c = config(12, 2, 3);
    let rule = BotSpec::parse("rule", BotParams::default()).unwrap();
    let random = BotSpec::parse("random", BotParams::default()).unwrap();
    c.baseline = Variant {
        bots: Lineup {
            bot: random,
            seats: vec![(SeatName::Label("1st division".to_owned()), rule)],
        },
        options: json!({"two-player": true}),
        label: "two".to_owned(),
    };
    let (text, results) = run(&c);
    let lines = lines(&text);
    let s = &results.runs[0];
    assert_eq!(s.bot, "random, 1st division=rule");
    assert_eq!(s.seats.len(), 2);
    assert_eq!(s.seats[0].seat.bot, "rule");
    assert_eq!(s.seats[1].seat.bot, "random");
    assert_eq!(s.seats[1].seat.label, "29th Division");
    // The cooperative game: one side, and both seats share every result.
    assert_eq!(s.sides.len(), 1);
    assert_eq!(s.sides[0].seats, vec![0, 1]);
    for line in lines.iter().filter(|l| l.ended()) {
        assert_eq!(line.rewards.len(), 2);
        assert_eq!(line.rewards[0], line.rewards[1]);
        assert_eq!(line.scores[0], line.scores[1]);
    }
    let won = lines
        .iter()
        .filter(|l| l.rewards.first() == Some(&1.0))
        .count() as u64;
    assert_eq!(s.seats[0].win_rate.successes, won);
    assert_eq!(s.seats[1].win_rate.successes, won);
    assert_eq!(s.sides[0].win_rate.successes, won);
    assert_eq!(s.win_rate.successes, won);
    let ended: Vec<&GameLine> = lines.iter().filter(|l| l.ended()).collect();
    let mean = ended.iter().map(|l| f64::from(l.scores[1])).sum::<f64>() / ended.len() as f64;
    assert!((s.seats[1].score.mean - mean).abs() < 1e-9);
    // The game's counters, summed up.
    let on_map = &s
        .counters
        .iter()
        .find(|c| c.name == "US units on the map")
        .unwrap()
        .value;
    let total: f64 = lines
        .iter()
        .map(|l| l.counters["US units on the map"] as f64)
        .sum();
    assert!((on_map.mean - total / lines.len() as f64).abs() < 1e-9);
    let printed = s.to_string();
    assert!(
        printed.contains("seat 1 (29th Division, US, random)"),
        "{printed}"
    );
    assert!(printed.contains("side US (seats 0, 1)"), "{printed}");
}

#[test]
fn a_seat_the_game_does_not_have_is_refused_before_the_batch() {
    let mut c = config(3, 1, 1);
    c.baseline.bots.seats.push((
        SeatName::Number(1),
        BotSpec::parse("rule", BotParams::default()).unwrap(),
    ));
    let error = simulate::<Omaha>(&data(), &c, &mut Vec::new()).unwrap_err();
    assert!(matches!(error, SimError::UnknownSeat { .. }), "{error}");
    assert!(
        error.to_string().contains("its seats are 0 (US player)"),
        "{error}"
    );
}
