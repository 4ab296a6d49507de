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
    for subcommand in ["games", "scenarios", "replay"] {
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
