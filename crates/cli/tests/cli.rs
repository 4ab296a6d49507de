//! The `overlord` binary as a user runs it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

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

#[test]
fn every_subcommand_has_help() {
    let top = overlord(&["--help"]);
    assert!(top.status.success());
    let text = stdout(&top);
    for subcommand in ["games", "scenarios", "replay", "map"] {
        assert!(text.contains(subcommand), "--help lists {subcommand}");
        let help = overlord(&[subcommand, "--help"]);
        assert!(help.status.success(), "{subcommand} --help");
        assert!(
            stdout(&help).contains("Usage: overlord"),
            "{subcommand} --help"
        );
    }
}

#[test]
fn games_lists_what_the_registry_holds() {
    let output = overlord(&["games"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let registry = overlord_registry::registry();
    if registry.games().next().is_none() {
        assert!(text.contains("No games are installed"), "{text}");
    }
    for game in registry.games() {
        let info = game.info();
        assert!(text.contains(info.id) && text.contains(info.name), "{text}");
    }
}

#[test]
fn an_unknown_game_is_an_error_that_says_what_to_do() {
    let output = overlord(&["scenarios", "chess"]);
    assert!(!output.status.success());
    let text = stderr(&output);
    assert!(text.contains("no game called `chess`"), "{text}");
    assert!(text.contains("overlord games"), "{text}");
}

#[test]
fn a_record_that_is_missing_or_not_json_is_an_error() {
    let missing = overlord(&["replay", "no/such/record.json"]);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("cannot read the record"));

    let dir = std::env::temp_dir().join(format!("overlord-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.json");
    std::fs::write(&path, "{\"game\": 3}").unwrap();
    let bad = overlord(&["replay", path.to_str().unwrap()]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("is not a game record"),
        "{}",
        stderr(&bad)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_flag_is_refused_with_usage() {
    let output = overlord(&["games", "--frobnicate"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("Usage"));
}

#[test]
fn map_of_an_unknown_game_is_an_error_that_says_what_to_do() {
    let out = std::env::temp_dir().join(format!("overlord-cli-map-{}.svg", std::process::id()));
    let output = overlord(&["map", "chess", "--out", out.to_str().unwrap()]);
    assert!(!output.status.success());
    let text = stderr(&output);
    assert!(text.contains("no game called `chess`"), "{text}");
    assert!(text.contains("overlord games"), "{text}");
    assert!(!out.exists());
}

#[test]
fn map_refuses_an_output_that_is_neither_svg_nor_png() {
    for file in ["board.jpg", "board"] {
        let output = overlord(&["map", "chess", "--out", file]);
        assert!(!output.status.success());
        let text = stderr(&output);
        assert!(text.contains(".svg or .png"), "{file}: {text}");
    }
    let missing = overlord(&["map", "chess"]);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("--out"), "{}", stderr(&missing));
}

#[test]
fn validate_omaha_passes_on_the_shipped_data() {
    let output = overlord(&["validate", "omaha"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("all well") && text.contains("352 counters"),
        "{text}"
    );
}

#[test]
fn validate_reports_broken_data_with_file_line_and_field_and_fails() {
    let root = std::env::temp_dir().join(format!("overlord-cli-broken-{}", std::process::id()));
    let dir = root.join("omaha");
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    for entry in walk(&shipped) {
        let target = dir.join(entry.strip_prefix(&shipped).unwrap());
        std::fs::copy(&entry, target).unwrap();
    }
    let cards = dir.join("cards.toml");
    let text = std::fs::read_to_string(&cards).unwrap();
    std::fs::write(&cards, format!("{text}\n[[card]]\nnumber = \"x\"\n")).unwrap();
    let output = overlord(&["--data", root.to_str().unwrap(), "validate", "omaha"]);
    assert!(!output.status.success());
    let out = stdout(&output);
    assert!(
        out.contains("cards.toml:") && out.contains("card.number"),
        "{out}"
    );
    assert!(stderr(&output).contains("problem(s)"));
    std::fs::remove_dir_all(&root).unwrap();
}

/// Issue 33, item 7: the rules reference (`rules.toml`) is a file of the game's data like the
/// others, so a broken one fails `overlord validate` with file, line and field, instead of
/// passing and breaking the server's rule links later. A game without one still validates.
#[test]
fn validate_reports_a_broken_rules_reference_with_file_line_and_field() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("omaha");
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    for entry in walk(&shipped) {
        let target = dir.join(entry.strip_prefix(&shipped).unwrap());
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(&entry, target).unwrap();
    }
    let rules = dir.join("rules.toml");
    let text = std::fs::read_to_string(&rules).unwrap();
    let end = text.matches('\n').count();
    // (what the file becomes, the `file:line:` and the field the report must name)
    let cases = [
        (
            format!("{text}\n[[rule]]\nid = 7\ntitle = \"x\"\ntext = \"y\"\n"),
            end + 3,
            "rule.id",
        ),
        (format!("{text}\n[[rule]\n"), end + 2, ""),
        (format!("colour = \"red\"\n{text}"), 1, "colour"),
        (
            format!("{text}\n[[rule]]\nid = \"99\"\ntitle = \"x\"\n"),
            end + 2,
            "rule",
        ),
        // A lone `[rule]` table, where the server reads a list of `[[rule]]`.
        (
            "authored_by = \"us\"\nabout = \"a\"\n[rule]\nid = \"1\"\ntitle = \"t\"\ntext = \"x\"\n"
                .to_owned(),
            3,
            "rule",
        ),
    ];
    let data = root.path().to_str().unwrap();
    for (broken, line, field) in &cases {
        std::fs::write(&rules, broken).unwrap();
        let output = overlord(&["--data", data, "validate", "omaha"]);
        let out = stdout(&output);
        assert!(
            !output.status.success(),
            "a rules.toml broken at line {line} ({field}) was accepted: {out}"
        );
        let problem = out
            .lines()
            .find(|l| l.contains(&format!("rules.toml:{line}:")))
            .unwrap_or_else(|| panic!("no problem at rules.toml:{line}: in\n{out}"));
        assert!(problem.contains(&format!(": {field}:")), "{problem}");
        let err = stderr(&output);
        assert!(
            err.contains("problem(s)") && err.contains("overlord validate omaha"),
            "{err}"
        );
    }
    std::fs::remove_file(&rules).unwrap();
    let output = overlord(&["--data", data, "validate", "omaha"]);
    assert!(
        output.status.success(),
        "a game need not have a rules reference: {}",
        stdout(&output)
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn map_omaha_draws_the_positions_and_boxes() {
    let path = std::env::temp_dir().join(format!("overlord-omaha-{}.svg", std::process::id()));
    let output = overlord(&["map", "omaha", "--out", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).unwrap();
    for needle in ["<svg", "WN62N", "ER1", "Colleville", "Intense fire"] {
        assert!(svg.contains(needle), "the picture lacks {needle}");
    }
    std::fs::remove_file(&path).unwrap();
}

fn overlord_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the overlord binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn overlord_with_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the overlord binary runs");
    // A game that stops reading early closes the pipe; what it did is judged from its output.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// The actions a saved game holds.
fn saved_actions(path: &std::path::Path) -> usize {
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    record["actions"].as_array().unwrap().len()
}

/// Issue 33, item 8: a save that cannot be written says why and what to do, and the game goes
/// on: the next action is taken and a later save holds both.
#[test]
fn play_goes_on_after_a_save_that_fails() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.json");
    let script = format!(
        "1\nsave /nonexistent-dir/x.json\n1\nsave {}\nquit\n",
        kept.display()
    );
    let output = overlord_with_input(
        &["play", "omaha", "--scenario", "easy-fox", "--seed", "4"],
        &script,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Not saved: cannot write /nonexistent-dir/x.json"),
        "{text}"
    );
    assert!(text.contains("the game goes on"), "{text}");
    assert!(text.contains("save FILE"), "says what to do next: {text}");
    assert!(
        text.contains(&format!("Saved to {}", kept.display())),
        "{text}"
    );
    assert_eq!(
        saved_actions(&kept),
        2,
        "the action after the failed save was played"
    );
}

/// Issue 33, item 8: a line that is not UTF-8 text is refused like any other line that is not
/// a command, and the game goes on.
#[test]
fn play_and_replay_go_on_after_a_line_that_is_not_text() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.json");
    let mut script = b"1\n\xff\xfe garbage \xc3\n".to_vec();
    script.extend_from_slice(format!("1\nsave {}\nquit\n", kept.display()).as_bytes());
    let output = overlord_with_bytes(
        &["play", "omaha", "--scenario", "easy-fox", "--seed", "4"],
        &script,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("is not text (UTF-8)"), "{text}");
    assert!(
        text.contains(&format!("Saved to {}", kept.display())),
        "{text}"
    );
    assert_eq!(
        saved_actions(&kept),
        2,
        "the action after the bad line was played"
    );
    // Stepping through the record takes the same line in its stride.
    let stepped = overlord_with_bytes(
        &["replay", "--step", kept.to_str().unwrap()],
        b"\xff\xfe\n\n\nq\n",
    );
    assert!(stepped.status.success(), "{}", stderr(&stepped));
    let text = stdout(&stepped);
    assert!(text.contains("is not text (UTF-8)"), "{text}");
    assert!(text.contains("End of the record."), "{text}");
}

#[test]
fn play_shows_prompts_takes_numbers_undoes_saves_and_loads() {
    let save = std::env::temp_dir().join(format!("overlord-play-{}.json", std::process::id()));
    let save = save.to_str().unwrap();
    let script = format!("1\n1\nundo\nbanana\n99\nsave {save}\nquit\n");
    let output = overlord_with_input(
        &["play", "omaha", "--scenario", "easy-fox", "--seed", "4"],
        &script,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("D-Day at Omaha Beach"), "{text}");
    assert!(text.contains("  1. "), "numbered actions: {text}");
    assert!(
        text.contains("[5.3]") || text.contains("[6.1]"),
        "log lines carry rule ids: {text}"
    );
    assert!(text.contains("is not an action number"), "{text}");
    assert!(text.contains(&format!("Saved to {save}")), "{text}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(save).unwrap()).unwrap();
    assert_eq!(record["game"], "omaha");
    let resumed = overlord_with_input(&["play", "--load", save], "quit\n");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stdout(&resumed).contains("D-Day at Omaha Beach"));
    let replay = overlord(&["replay", save]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    // Stepping: Enter plays the next recorded action, a number jumps, backwards too.
    let stepped = overlord_with_input(&["replay", "--step", save], "\n0\n99\n1\nq\n");
    assert!(stepped.status.success(), "{}", stderr(&stepped));
    let text = stdout(&stepped);
    assert!(text.contains("easy-fox, 1 action(s)."), "{text}");
    assert!(text.contains("1. seat 1: Move "), "{text}");
    assert!(text.contains("End of the record."), "{text}");
    assert!(text.contains("Back to just after action 0."), "{text}");
    assert!(text.contains("`99` is not a step"), "{text}");
    assert!(
        text.contains("to decide: "),
        "the prompt after each step: {text}"
    );
    std::fs::remove_file(save).unwrap();
}

/// Ambush! in the terminal: a mission's briefing and its paragraphs as the squad uncovers them,
/// and the campaign (`--campaign`) starting with its first mission.
#[test]
fn play_ambush_reads_the_briefing_and_plays_the_campaign() {
    let output = overlord_with_input(
        &["play", "ambush", "--scenario", "S1", "--seed", "2"],
        "1\n1\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("[AMBX-MIS-1] briefing:"), "{text}");
    assert!(text.contains("enters at"), "{text}");
    let output = overlord_with_input(&["play", "ambush", "--campaign"], "quit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Crossroads Farm"), "{text}");
}

#[test]
fn play_refuses_an_unknown_scenario_with_the_list() {
    let output = overlord_with_input(&["play", "omaha", "--scenario", "utah"], "");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("no scenario `utah`"),
        "{}",
        stderr(&output)
    );
    let output = overlord_with_input(&["play", "omaha"], "");
    assert!(
        stderr(&output).contains("choose a scenario with --scenario"),
        "{}",
        stderr(&output)
    );
}

/// 22.1-22.4, 23: the variants are scenario options (`--option 22.3`); an unknown one is refused.
#[test]
fn play_takes_scenario_options() {
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "d-day",
            "--option",
            "22.1",
            "--option",
            "22.4",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("22.1"), "{}", stdout(&output));
    // 23: German armor, offered by D-Day at Omaha Beach and Beyond the Beach only.
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "beyond-the-beach",
            "--option",
            "23",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "first-wave",
            "--option",
            "23",
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(stderr(&output).contains("23"), "{}", stderr(&output));
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "first-wave",
            "--option",
            "22.4",
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(stderr(&output).contains("22.4"), "{}", stderr(&output));
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "first-wave",
            "--option",
            "bogus",
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(stderr(&output).contains("bogus"), "{}", stderr(&output));
}

/// P-SETUP, rule 1: `--option two-player` plays the cooperative game at one terminal, each
/// prompt naming the division whose player decides.
#[test]
fn play_two_player_names_the_deciding_division() {
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "first-wave",
            "--option",
            "two-player",
        ],
        &"1\n".repeat(40),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("1st Division to decide"), "{text}");
    assert!(text.contains("29th Division to decide"), "{text}");
}

/// Issue 25: `--bot SEAT=BOT` puts the computer on a seat; with a bot on every seat the game
/// plays itself to the end; `hint` names one of the listed actions.
#[test]
fn play_puts_a_bot_on_a_seat_and_gives_hints() {
    // The 29th Division is the computer's; the 1st is ours, and asks for a hint.
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "first-wave",
            "--option",
            "two-player",
            "--bot",
            "29th Division=rule",
        ],
        &"hint\n1\n".repeat(30),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("29th Division (computer, rule): "), "{text}");
    assert!(!text.contains("29th Division to decide"), "{text}");
    let hint = text
        .lines()
        .find_map(|l| l.split("Hint (rule): ").nth(1))
        .unwrap_or_else(|| panic!("no hint in {text}"));
    let number: usize = hint.split('.').next().unwrap().trim().parse().unwrap();
    assert!(number >= 1, "{hint}");

    // A bot on every seat: the game ends with no input at all.
    let output = overlord_with_input(
        &["play", "omaha", "--scenario", "easy-fox", "--bot", "0=rule"],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("Game over: "),
        "{}",
        stdout(&output)
    );

    let output = overlord_with_input(
        &["play", "omaha", "--scenario", "easy-fox", "--bot", "3=rule"],
        "",
    );
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("no seat `3`; the seats are 0 (US player)"),
        "{}",
        stderr(&output)
    );
    let output = overlord_with_input(
        &[
            "play",
            "omaha",
            "--scenario",
            "easy-fox",
            "--bot",
            "0=chess",
        ],
        "",
    );
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("no bot called `chess`"),
        "{}",
        stderr(&output)
    );
}

/// `serve --bot-think` and `--bot-pace` are read as seconds; a value that makes no sense is
/// refused before anything is opened.
#[test]
fn serve_refuses_bot_settings_that_make_no_sense() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    let output = overlord(&[
        "serve",
        "--db",
        db,
        "--addr",
        "127.0.0.1:0",
        "--bot-think",
        "0",
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("--bot-think 0: a bot needs some time to think"),
        "{}",
        stderr(&output)
    );
    let output = overlord(&[
        "serve",
        "--db",
        db,
        "--addr",
        "127.0.0.1:0",
        "--bot-pace=-1",
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("--bot-pace -1: give a number of seconds"),
        "{}",
        stderr(&output)
    );
    assert!(!std::path::Path::new(db).exists(), "nothing was opened");
}
