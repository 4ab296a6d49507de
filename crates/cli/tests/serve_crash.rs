//! `overlord serve` stopped every way an operator stops it keeps every game:
//!
//! * killed with SIGKILL in the middle of play, it loses no acknowledged action: restarted on
//!   the same database, the game holds every action the server said it took, in order, and
//!   goes on;
//! * stopped with Ctrl-C (SIGINT) or SIGTERM, it leaves every game in the database file alone
//!   (no `-wal` file left to forget), so copying that one file is a whole backup;
//! * `overlord backup` copies the database whole while the server runs;
//! * a damaged database file is refused at start with what to do, and a game damaged in it
//!   answers 500 with its cause in the server's log, where no token is ever written.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// A running `overlord serve` and the address it printed.
struct Served {
    child: Child,
    address: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &Path) -> Served {
    serve_logging(db, Stdio::null())
}

/// `overlord serve` on `db`, its log (stderr) sent to `log`.
fn serve_logging(db: &Path, log: impl Into<Stdio>) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("overlord serve starts");
    let stdout = child.stdout.take().unwrap();
    let (line_sent, line) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        let mut first = String::new();
        let _ = stdout.read_line(&mut first);
        let _ = line_sent.send(first);
        // Read on to the end: a pipe closed early would fail the server's later writes.
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
    });
    let first = line
        .recv_timeout(Duration::from_secs(120))
        .expect("the server prints its address");
    let address = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    Served { child, address }
}

/// One HTTP/1.1 request (the test's own tiny client): the status and the body as JSON.
fn request(
    address: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let (head, body) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no HTTP response"))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let json = serde_json::from_str(body).map_err(std::io::Error::other)?;
    Ok((status, json))
}

#[test]
fn a_server_killed_mid_game_keeps_every_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("overlord.db");
    let first = serve(&db);
    let (status, created) = request(
        &first.address,
        "POST",
        "/api/games",
        None,
        Some(&json!({ "game": "omaha", "scenario": "first-wave", "seed": 5 })),
    )
    .unwrap();
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();

    // A player acts as fast as the server answers, recording each acknowledged action, until
    // the server dies under it.
    let acknowledged: Arc<Mutex<Vec<Value>>> = Arc::default();
    let player = {
        let (address, game, token) = (first.address.clone(), game.clone(), token.clone());
        let acknowledged = Arc::clone(&acknowledged);
        std::thread::spawn(move || {
            let state_path = format!("/api/games/{game}");
            let Ok((_, mut state)) = request(&address, "GET", &state_path, Some(&token), None)
            else {
                return;
            };
            for i in 0..2_000 {
                let legal = state["legal_actions"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if legal.is_empty() {
                    return;
                }
                let action = legal[(i * 7) % legal.len()]["action"].clone();
                let body = json!({ "action": action, "revision": state["revision"] });
                let path = format!("/api/games/{game}/actions");
                match request(&address, "POST", &path, Some(&token), Some(&body)) {
                    Ok((200, next)) => {
                        acknowledged.lock().unwrap().push(action);
                        state = next;
                    }
                    Ok((status, refusal)) => panic!("a legal action refused: {status} {refusal}"),
                    Err(_) => return, // the server is gone
                }
            }
        })
    };
    let waited = std::time::Instant::now();
    while acknowledged.lock().unwrap().len() < 25 {
        assert!(
            waited.elapsed() < Duration::from_secs(300),
            "the player makes no progress"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(first); // SIGKILL: no shutdown, no flush, whatever request is in flight
    player.join().unwrap();
    let acknowledged = acknowledged.lock().unwrap().clone();

    let second = serve(&db);
    let (status, record) = request(
        &second.address,
        "GET",
        &format!("/api/games/{game}/record?reveal=true"),
        Some(&token),
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{record}");
    let stored = record["actions"].as_array().unwrap();
    // Every acknowledged action, in order; at most one more (stored, then killed before the
    // answer went out).
    assert!(
        stored.len() >= acknowledged.len(),
        "{} < {}",
        stored.len(),
        acknowledged.len()
    );
    assert!(stored.len() <= acknowledged.len() + 1);
    assert_eq!(&stored[..acknowledged.len()], acknowledged.as_slice());

    // The game goes on where it stopped.
    let (status, state) = request(
        &second.address,
        "GET",
        &format!("/api/games/{game}"),
        Some(&token),
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["actions"].as_u64().unwrap() as usize, stored.len());
    let action = state["legal_actions"][0]["action"].clone();
    let (status, next) = request(
        &second.address,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&token),
        Some(&json!({ "action": action })),
    )
    .unwrap();
    assert_eq!(status, 200, "{next}");
}

#[test]
fn serve_refuses_a_database_it_cannot_open_and_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("no/such/folder/overlord.db"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("--db"), "{text}");
}

#[test]
fn serve_has_help_that_names_its_options() {
    let output = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("--db") && text.contains("--addr"), "{text}");
}

/// Create a First Wave game on `address` and play `actions` of it; its id and seat token.
fn a_game_of(address: &str, actions: usize) -> (String, String) {
    let (status, created) = request(
        address,
        "POST",
        "/api/games",
        None,
        Some(&json!({ "game": "omaha", "scenario": "first-wave", "seed": 9 })),
    )
    .unwrap();
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let (_, mut state) = request(
        address,
        "GET",
        &format!("/api/games/{game}"),
        Some(&token),
        None,
    )
    .unwrap();
    for _ in 0..actions {
        let action = state["legal_actions"][0]["action"].clone();
        let body = json!({ "action": action });
        let path = format!("/api/games/{game}/actions");
        let (status, next) = request(address, "POST", &path, Some(&token), Some(&body)).unwrap();
        assert_eq!(status, 200, "{next}");
        state = next;
    }
    (game, token)
}

/// The actions game `game` holds in the database `db`, served afresh.
fn actions_stored(db: &Path, game: &str, token: &str) -> usize {
    let served = serve(db);
    let (status, state) = request(
        &served.address,
        "GET",
        &format!("/api/games/{game}"),
        Some(token),
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{state}");
    state["actions"].as_u64().unwrap() as usize
}

#[cfg(unix)]
#[test]
fn a_server_stopped_with_ctrl_c_or_sigterm_leaves_every_game_in_the_database_file_alone() {
    for signal in ["INT", "TERM"] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("overlord.db");
        let mut served = serve(&db);
        let (game, token) = a_game_of(&served.address, 30);
        let sent = Command::new("kill")
            .args(["-s", signal, &served.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let stopped = served.child.wait().unwrap();
        assert!(stopped.success(), "SIG{signal}: {stopped}");
        let wal = dir.path().join("overlord.db-wal");
        assert!(
            !wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0,
            "SIG{signal}: games left in the -wal file"
        );
        // The one file the docs name, copied alone, holds the game.
        let elsewhere = tempfile::tempdir().unwrap();
        let copy = elsewhere.path().join("copy.db");
        std::fs::copy(&db, &copy).unwrap();
        assert_eq!(actions_stored(&copy, &game, &token), 30, "SIG{signal}");
    }
}

#[test]
fn a_backup_made_while_the_server_runs_holds_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("overlord.db");
    let served = serve(&db);
    let (game, token) = a_game_of(&served.address, 20);
    let copy = dir.path().join("backup.db");
    let backup = |copy: &Path| {
        Command::new(env!("CARGO_BIN_EXE_overlord"))
            .args(["backup", "--db"])
            .arg(&db)
            .arg(copy)
            .output()
            .unwrap()
    };
    let made = backup(&copy);
    assert!(made.status.success(), "{made:?}");
    assert!(String::from_utf8_lossy(&made.stdout).contains("overlord serve --db"));
    // The server goes on, and the copy is the game as it stood.
    let (later_game, _) = a_game_of(&served.address, 1);
    assert_eq!(actions_stored(&copy, &game, &token), 20);
    let (status, _) = request(
        &serve(&copy).address,
        "GET",
        &format!("/api/games/{later_game}"),
        None,
        None,
    )
    .unwrap();
    assert_eq!(status, 404, "the game made after the backup is not in it");
    // A backup never overwrites a file.
    let again = backup(&copy);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
}

#[test]
fn a_damaged_database_is_refused_at_start_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("overlord.db");
    {
        let served = serve(&db);
        a_game_of(&served.address, 40);
    }
    // The file as a stopped server leaves it, with garbage written over its middle.
    let copy = dir.path().join("whole.db");
    let made = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(["backup", "--db"])
        .arg(&db)
        .arg(&copy)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let mut bytes = std::fs::read(&copy).unwrap();
    assert!(bytes.len() >= 4 * 4096, "{} bytes", bytes.len());
    let middle = bytes.len() / 2 / 4096 * 4096;
    for (i, byte) in bytes[middle..middle + 4096].iter_mut().enumerate() {
        *byte = (i * 131 % 251) as u8;
    }
    std::fs::write(&copy, bytes).unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_overlord"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&copy)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("damaged"), "{text}");
    assert!(text.contains("overlord backup"), "{text}");
}

#[test]
fn a_game_that_no_longer_replays_is_a_500_with_its_cause_in_the_log_and_no_token_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("overlord.db");
    let (game, token) = {
        let served = serve(&db);
        a_game_of(&served.address, 5)
    };
    // An accident the append-only log's triggers would refuse: the third action rewritten.
    {
        let connection = rusqlite::Connection::open(&db).unwrap();
        connection
            .execute_batch(&format!(
                "DROP TRIGGER actions_are_never_updated;
                 UPDATE actions SET action = '\"no such action\"'
                     WHERE game_id = '{game}' AND revision = 3;"
            ))
            .unwrap();
    }
    let log_path = dir.path().join("serve.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let served = serve_logging(&db, log);
    let (status, answer) = request(
        &served.address,
        "GET",
        &format!("/api/games/{game}?log_from=0"),
        Some(&token),
        None,
    )
    .unwrap();
    assert_eq!(status, 500, "{answer}");
    // A WebSocket's token travels in its query: asked for, it is not written either.
    let _ = request(
        &served.address,
        "GET",
        &format!("/api/games/{game}/ws?token={token}"),
        None,
        None,
    );
    drop(served);
    let log = std::fs::read_to_string(&log_path).unwrap();
    let failed: Vec<&str> = log.lines().filter(|line| line.contains("ERROR")).collect();
    assert!(
        failed.iter().any(|line| line.contains("does not replay")),
        "no cause among the errors: {log}"
    );
    assert!(
        failed
            .iter()
            .any(|line| line.contains("status=500") && line.contains(&format!("/api/games/{game}"))),
        "no line for the failed request: {log}"
    );
    assert!(log.contains("request"), "no request lines: {log}");
    assert!(
        !log.contains(&token),
        "a token was written to the log: {log}"
    );
}
