//! The browser client, tested in real Chromium against a real `overlord serve`: each test
//! starts the binary on a fresh database and a free port, then runs one of the Playwright
//! scripts of `web/e2e/` against it (`node web/e2e/<test>.mjs <address> <artefact folder>`).
//! Screenshots and the exported record land in `target/e2e/`.
//!
//! And the client's logic modules (`web/*.js` without the DOM) under node's own test runner.
//!
//! These need Node.js, Debian's Chromium and the node packages of `web/e2e`: `scripts/setup`
//! installs them (`scripts/test` runs it, then every test). Without them the tests fail and
//! say so; they never skip.
//!
//! `scripts/test` runs the tests whose names hold `browser_` beside the rest of the workspace's
//! tests (which skip them): a browser test is named `browser_…`, and no other test is.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// One browser at a time: two Chromiums and a debug server on a small machine make each
/// other's waits long.
static BROWSER: Mutex<()> = Mutex::new(());

/// The longest a browser script may run before it is stopped and fails.
const SCRIPT_LIMIT: Duration = Duration::from_secs(600);

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn chromium() -> PathBuf {
    std::env::var_os("OVERLORD_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// `node`, or a failure that says how to get it.
fn node() -> &'static str {
    let found = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    assert!(
        found,
        "node is not installed: run scripts/setup (or scripts/test, which runs it) first"
    );
    "node"
}

/// Everything a browser test needs, or a failure that says to run the setup script.
fn require_browser() {
    node();
    let chromium = chromium();
    assert!(
        chromium.exists(),
        "Chromium is not at {}: run scripts/setup (it installs Debian's chromium), or set \
         OVERLORD_CHROMIUM to a Chromium binary",
        chromium.display()
    );
    let playwright = workspace().join("web/e2e/node_modules/playwright-core");
    assert!(
        playwright.exists(),
        "{} is missing: run scripts/setup (it runs `npm ci` in web/e2e)",
        playwright.display()
    );
}

/// A running `overlord serve` on a temporary database, and the address it printed.
struct Served {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Served {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_overlord"))
        // Problems only: a line per request would bury the test's own output.
        .args(["serve", "--log", "warn", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("games.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("overlord serve starts");
    let stdout = child.stdout.take().unwrap();
    let (line_sent, line) = mpsc::channel();
    std::thread::spawn(move || {
        // Read every line, so the server never writes into a closed pipe.
        for text in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = line_sent.send(text);
        }
    });
    let first = line
        .recv_timeout(Duration::from_secs(120))
        .expect("the server prints its address");
    let url = first
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    Served {
        child,
        url,
        _dir: dir,
    }
}

/// Run `node ARGS` in the workspace; fails with its output unless it succeeds in time.
fn run_node(args: &[&str]) {
    let started = Instant::now();
    let mut child = Command::new(node())
        .args(args)
        .current_dir(workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > SCRIPT_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    println!("{out}");
    eprintln!("{err}");
    match status {
        Some(status) if status.success() => {}
        Some(status) => panic!("node {} failed ({status}):\n{out}\n{err}", args.join(" ")),
        None => panic!(
            "node {} ran past {} s and was stopped:\n{out}\n{err}",
            args.join(" "),
            SCRIPT_LIMIT.as_secs()
        ),
    }
}

/// Run the browser script `web/e2e/<name>.mjs` against a fresh server.
fn browser_script(name: &str) {
    require_browser();
    let _one_at_a_time = BROWSER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let served = serve();
    let artefacts = workspace().join("target/e2e");
    std::fs::create_dir_all(&artefacts).unwrap();
    let script = format!("web/e2e/{name}.mjs");
    run_node(&[&script, &served.url, artefacts.to_str().unwrap()]);
}

#[test]
fn browser_solo_first_wave_lobby_turn_one_undo_reload_replay_record() {
    browser_script("solo");
}

#[test]
fn browser_two_player_links_and_the_other_seats_action_refused() {
    browser_script("two-player");
}

#[test]
fn browser_hot_seat_one_page_plays_both_divisions_in_turn_and_resumes() {
    browser_script("hot-seat");
}

#[test]
fn browser_a_whole_first_wave_game_clicked_to_its_end() {
    browser_script("full-game");
}

#[test]
fn browser_the_computer_plays_every_seat_to_the_end_and_answers_a_person() {
    browser_script("computer");
}

#[test]
fn browser_a_hint_marks_one_of_the_legal_actions_and_is_played() {
    browser_script("hint");
}

#[test]
fn browser_tide_of_iron_against_the_computer_with_op_fire_and_two_teams_of_two() {
    browser_script("tide-of-iron");
}

#[test]
fn browser_tide_of_iron_le_hameau_played_to_its_end_against_the_computer() {
    browser_script("tide-of-iron-full");
}

#[test]
fn browser_ambush_mission_paragraphs_sight_and_a_shot_with_its_chances() {
    browser_script("ambush");
}

#[test]
fn browser_workshop_a_mission_written_checked_saved_played_and_balanced() {
    browser_script("workshop");
}

#[test]
fn web_client_logic_passes_its_node_tests() {
    let mut tests: Vec<String> = std::fs::read_dir(workspace().join("web/test"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".test.mjs"))
        .map(|name| format!("web/test/{name}"))
        .collect();
    tests.sort();
    assert!(!tests.is_empty(), "web/test holds the client's node tests");
    let mut args = vec!["--test"];
    args.extend(tests.iter().map(String::as_str));
    run_node(&args);
}
