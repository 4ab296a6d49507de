//! `overlord sim` as a user runs it: lines on stdout, the summary on stderr and as JSON, the
//! same bytes for any --jobs, the report and its PNGs, and bad input refused with what to do.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::Value;
use std::process::{Command, Output};

fn overlord(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(args)
        .output()
        .expect("the overlord binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const FIRST_WAVE: [&str; 4] = ["sim", "omaha", "--scenario", "first-wave"];

fn sim(extra: &[&str]) -> Output {
    let args: Vec<&str> = FIRST_WAVE.iter().chain(extra).copied().collect();
    overlord(&args)
}

#[test]
fn sim_writes_a_line_per_game_and_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.json");
    let output = sim(&[
        "--bot",
        "random",
        "--games",
        "20",
        "--jobs",
        "2",
        "--seed",
        "1",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["game"], i as u64, "in game order");
        for field in [
            "seed",
            "outcome",
            "end_turn",
            "decisions",
            "losses",
            "holding_out",
        ] {
            assert!(!line[field].is_null(), "{field} in {line}");
        }
    }
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    let run = &summary["runs"][0];
    assert_eq!(run["games"], 20);
    let won = lines.iter().filter(|l| l["outcome"] == "won").count() as u64;
    assert_eq!(run["won"], won);
    let counted: u64 = ["won", "lost", "draws", "failed"]
        .iter()
        .map(|k| run[k].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 20);
    let mean = lines
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .sum::<f64>()
        / 20.0;
    assert!((run["score"]["mean"]["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
    let err = stderr(&output);
    assert!(
        err.contains("D-Day at Omaha Beach, first-wave: 20 games from seed 1"),
        "{err}"
    );
    assert!(err.contains(&format!("won {won}/20 = ")), "{err}");
    assert!(err.contains("ended by 13."), "{err}");
}

#[test]
fn sim_gives_the_same_bytes_for_any_jobs() {
    let base = ["--bot", "random", "--games", "12", "--seed", "3", "--quiet"];
    let runs: Vec<Output> = ["1", "2"]
        .iter()
        .map(|jobs| {
            let mut args = base.to_vec();
            args.extend(["--jobs", jobs]);
            sim(&args)
        })
        .collect();
    for run in &runs {
        assert!(run.status.success(), "{}", stderr(run));
        assert!(stderr(run).is_empty(), "--quiet: {}", stderr(run));
    }
    assert_eq!(runs[0].stdout, runs[1].stdout);
    assert_eq!(stdout(&runs[0]).lines().count(), 12);
}

#[test]
fn sim_writes_the_report_pngs_and_a_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.html");
    let lines = dir.path().join("lines.jsonl");
    let pngs = dir.path().join("plots");
    let output = sim(&[
        "--bot",
        "random",
        "--games",
        "6",
        "--jobs",
        "2",
        "--compare-option",
        "22.1",
        "--out",
        lines.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "--png",
        pngs.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).is_empty(), "the lines went to --out");
    assert_eq!(std::fs::read_to_string(&lines).unwrap().lines().count(), 12);
    let page = std::fs::read_to_string(&report).unwrap();
    assert_eq!(page.matches("<svg").count(), 5);
    assert!(page.contains("Comparison on the same seeds"));
    assert!(page.contains("random +22.1"));
    assert!(
        page.contains("--compare-option 22.1"),
        "the command is on the page"
    );
    let mut written: Vec<String> = std::fs::read_dir(&pngs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "end-turns.png",
            "holding-out.png",
            "losses-per-turn.png",
            "score-histogram.png",
            "win-rate.png"
        ]
    );
    let err = stderr(&output);
    assert!(
        err.contains("random +22.1 against random on the same 6 seeds"),
        "{err}"
    );
}

#[test]
fn sim_refuses_bad_input_with_what_to_do() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["sim", "chess", "--scenario", "x"],
            "no game called `chess`",
        ),
        (&["sim", "omaha"], "choose a scenario with --scenario: "),
        (
            &["sim", "omaha", "--scenario", "nope", "--games", "1"],
            "no scenario `nope`; choose one of: ",
        ),
        (
            &[
                "sim",
                "omaha",
                "--scenario",
                "first-wave",
                "--bot",
                "alphazero",
            ],
            "no bot called `alphazero`; the bots are: random, rule, flatmc, ismcts",
        ),
        (
            &["sim", "omaha", "--scenario", "first-wave", "--jobs", "0"],
            "--jobs 0 plays nothing",
        ),
        (
            &[
                "sim",
                "omaha",
                "--scenario",
                "first-wave",
                "--option",
                "fog",
            ],
            "not this game's",
        ),
        (
            &[
                "sim",
                "omaha",
                "--scenario",
                "first-wave",
                "--rollout",
                "greedy",
            ],
            "use random or rule",
        ),
        (
            &[
                "sim",
                "omaha",
                "--scenario",
                "first-wave",
                "--out",
                "/nonexistent-folder/lines.jsonl",
            ],
            "cannot write the results to /nonexistent-folder/lines.jsonl",
        ),
        (
            &[
                "sim",
                "omaha",
                "--scenario",
                "first-wave",
                "--compare-bot",
                "ismcts:width=2",
            ],
            "`width` is not a bot parameter",
        ),
    ];
    for (args, message) in cases {
        let output = overlord(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let err = stderr(&output);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?} wrote results");
    }
}

#[test]
fn sim_has_help() {
    let output = overlord(&["sim", "--help"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for flag in [
        "--scenario",
        "--bot",
        "--games",
        "--jobs",
        "--seed",
        "--option",
        "--out",
        "--summary",
        "--report",
        "--png",
        "--compare-bot",
        "--compare-option",
        "--iterations",
        "--depth",
        "--rollout",
        "--trees",
        "--quiet",
    ] {
        assert!(text.contains(flag), "{flag}");
    }
}

/// Issue 25: `--seat-bot` puts a bot on one seat (by number or label); the summary on stderr
/// and in JSON reports every seat and side; `--compare-bot SEAT=BOT` compares per seat.
#[test]
fn seat_bots_pit_two_bots_and_the_summary_is_per_seat() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.json");
    let output = sim(&[
        "--option",
        "two-player",
        "--seat-bot",
        "0=rule",
        "--seat-bot",
        "29th Division=random",
        "--compare-bot",
        "1=rule",
        "--games",
        "6",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("seat 0 (1st Division, US, rule)"), "{err}");
    assert!(err.contains("seat 1 (29th Division, US, random)"), "{err}");
    assert!(err.contains("side US (seats 0, 1)"), "{err}");
    assert!(err.contains("seat 1: win rate difference"), "{err}");
    for line in stdout(&output).lines() {
        let line: Value = serde_json::from_str(line).unwrap();
        assert_eq!(line["rewards"].as_array().unwrap().len(), 2, "{line}");
        assert_eq!(line["scores"].as_array().unwrap().len(), 2, "{line}");
    }
    let json: Value = serde_json::from_str(&std::fs::read_to_string(summary).unwrap()).unwrap();
    let seats = json["runs"][0]["seats"].as_array().unwrap();
    assert_eq!(seats[1]["bot"], "random");
    assert_eq!(json["runs"][1]["seats"][1]["bot"], "rule");
    assert_eq!(json["comparison"]["seats"].as_array().unwrap().len(), 2);

    let output = sim(&["--seat-bot", "2=rule", "--games", "1"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("no seat `2` in this game; its seats are 0 (US player)"),
        "{}",
        stderr(&output)
    );
    let output = sim(&["--seat-bot", "rule", "--games", "1"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("SEAT=BOT"), "{}", stderr(&output));
}

/// What a batch wrote: its JSON lines, its summary, its report's page and its stderr.
struct Batch {
    lines: Vec<Value>,
    summary: Value,
    html: String,
    stderr: String,
}

/// `overlord sim GAME --scenario SCENARIO --bot BOT --games GAMES --jobs 2` with a summary and a
/// report (and the PNGs into `pngs`, when given), read back.
fn batch(game_scenario_bot: [&str; 3], games: &str, pngs: Option<&std::path::Path>) -> Batch {
    let [game, scenario, bot] = game_scenario_bot;
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.json");
    let report = dir.path().join("report.html");
    let mut args = vec![
        "sim",
        game,
        "--scenario",
        scenario,
        "--bot",
        bot,
        "--games",
        games,
        "--jobs",
        "2",
        "--summary",
        summary.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ];
    if let Some(pngs) = pngs {
        args.extend(["--png", pngs.to_str().unwrap()]);
    }
    let output = overlord(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    Batch {
        lines: stdout(&output)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
        summary: serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap(),
        html: std::fs::read_to_string(&report).unwrap(),
        stderr: stderr(&output),
    }
}

/// Issue 31, item 4: where the squad fell, summed over the batch, in the summary and drawn on
/// the mission map in the report (and as a PNG); the counts add up to the soldiers the lines
/// say were killed or incapacitated.
#[test]
fn sim_draws_where_the_squad_fell_on_the_mission_map() {
    let dir = tempfile::tempdir().unwrap();
    let pngs = dir.path().join("plots");
    let Batch {
        lines,
        summary,
        html,
        stderr,
    } = batch(["ambush", "M8", "random"], "16", Some(&pngs));
    let fallen_in_lines: u64 = lines
        .iter()
        .map(|l| {
            l["fallen_at"]["US soldiers"]
                .as_array()
                .map_or(0, |a| a.len() as u64)
        })
        .sum();
    let out_of_fight: i64 = lines
        .iter()
        .map(|l| {
            l["counters"]["US killed"].as_i64().unwrap()
                + l["counters"]["US incapacitated"].as_i64().unwrap()
        })
        .sum();
    assert!(fallen_in_lines > 0, "random play loses soldiers in M8");
    assert_eq!(fallen_in_lines as i64, out_of_fight);
    let group = &summary["runs"][0]["fallen_at"][0];
    assert_eq!(group["whose"], "US soldiers");
    let places = group["places"].as_array().unwrap();
    let total: u64 = places.iter().map(|p| p["losses"].as_u64().unwrap()).sum();
    assert_eq!(total, fallen_in_lines);
    assert!(
        html.contains("id=\"where-fallen-us-soldiers\""),
        "the heat map figure"
    );
    assert!(
        html.contains("data-layer=\"heat\""),
        "the heat marks on the map"
    );
    assert!(
        !html.contains("<?xml"),
        "the SVG embeds without its declaration"
    );
    assert!(pngs.join("where-fallen-us-soldiers.png").is_file());
    assert!(stderr.contains("where US soldiers fell (losses a game): "));
}

/// Issue 29, item 3: Tide of Iron's balance lab gives the objectives each side holds round by
/// round (each line's `turn_figures`, the last at the game's end, as the counters give it),
/// their means per round in the summary and a plot in the report, and a heat map per side of
/// where units were eliminated.
#[test]
fn sim_reports_tide_of_iron_objectives_round_by_round_and_where_units_fell() {
    let Batch {
        lines,
        summary,
        html,
        ..
    } = batch(["tide-of-iron", "le-hameau", "rule"], "12", None);
    for line in &lines {
        let rounds = line["end_turn"].as_u64().unwrap() - line["first_turn"].as_u64().unwrap();
        for side in ["US", "German"] {
            let name = format!("objectives held by the {side}");
            let per_round = line["turn_figures"][&name].as_array().unwrap();
            assert_eq!(per_round.len() as u64, rounds + 1, "{line}");
            assert_eq!(
                per_round.last().unwrap(),
                &line["counters"][&name],
                "{line}"
            );
        }
    }
    let figures = summary["runs"][0]["turn_figures"].as_array().unwrap();
    assert_eq!(figures.len(), 2);
    assert_eq!(figures[0]["name"], "objectives held by the German");
    let first_round = &figures[0]["per_turn"][0];
    let mean: f64 = lines
        .iter()
        .map(|l| {
            l["turn_figures"]["objectives held by the German"][0]
                .as_f64()
                .unwrap()
        })
        .sum::<f64>()
        / lines.len() as f64;
    assert!((first_round["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
    assert!(html.contains("id=\"turn-figures\""));
    assert!(html.contains("id=\"where-fallen-us-units\""));
    assert!(html.contains("id=\"where-fallen-german-units\""));
}

/// `--campaign` plays the game's campaign scenario (Ambush!'s eight missions in turn); a game
/// without one says which scenarios it has.
#[test]
fn sim_campaign_plays_the_campaign_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.json");
    let output = overlord(&[
        "sim",
        "ambush",
        "--campaign",
        "--bot",
        "rule",
        "--games",
        "3",
        "--jobs",
        "1",
        "--quiet",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 3);
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(summary["scenario"], "campaign");

    let refused = overlord(&["sim", "omaha", "--campaign", "--games", "1"]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("no scenario `campaign`; choose one of: easy-fox"),
        "{}",
        stderr(&refused)
    );
    let both = overlord(&["sim", "ambush", "--campaign", "--scenario", "S1"]);
    assert!(!both.status.success());
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
}
