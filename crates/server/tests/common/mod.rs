//! A server on a free loopback port with a fresh database, and a small client for its API.
//! The registry holds Omaha and the engine's two-seat Duel test game (for seats and hidden
//! hands).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../engine/tests/duel/mod.rs"]
pub mod duel;

use overlord_engine::{Entry, Registry};
use overlord_server::{App, BotSettings, Limits, ServerConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::PathBuf;
use tokio::sync::oneshot;

/// A client WebSocket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The workspace's data folder.
pub fn data_root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"))
}

/// Omaha with its bots (as the binary has it), and Duel for two seats (no bots).
pub fn registry() -> Registry {
    Registry::new(vec![
        Entry::<overlord_omaha::Omaha>::boxed_with_bots(
            overlord_ai::advice::advise::<overlord_omaha::Omaha>,
        ),
        Entry::<duel::Duel>::boxed(),
    ])
}

/// Limits loose enough that only the flood tests meet them.
pub fn roomy_limits() -> Limits {
    Limits {
        token_burst: 100_000.0,
        token_per_second: 100_000.0,
        address_burst: 100_000.0,
        address_per_second: 100_000.0,
        // The load tests' clients all come from loopback.
        connections_per_address: 1_024,
        creations_burst: 100_000.0,
        creations_per_minute: 6_000_000.0,
        ..Limits::default()
    }
}

/// A running server; stops when dropped.
pub struct TestServer {
    pub base: String,
    pub ws_base: String,
    pub db_path: PathBuf,
    pub http: reqwest::Client,
    limits: Limits,
    bots: BotSettings,
    /// The games it serves, again after a restart.
    games: fn() -> Registry,
    stop: Option<oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl TestServer {
    /// Stop the server and start another on the same database.
    pub async fn restart(self) -> TestServer {
        let bots = self.bots;
        self.restart_with(bots).await
    }

    /// Stop the server and start another on the same database, its bots set as `bots`.
    pub async fn restart_with(mut self, bots: BotSettings) -> TestServer {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let dir = std::mem::replace(&mut self._dir, tempfile::tempdir().unwrap());
        start_serving(dir, self.db_path.clone(), self.limits, bots, self.games).await
    }
}

/// Start a server with `limits` on 127.0.0.1:0.
pub async fn start(limits: Limits) -> TestServer {
    start_with(limits, BotSettings::default()).await
}

/// Start a server with `limits` and its bots set as `bots`.
pub async fn start_with(limits: Limits, bots: BotSettings) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("games.db");
    start_on(dir, db_path, limits, bots).await
}

/// Start a server with `limits` serving every game of this build (the binary's registry)
/// rather than Omaha and Duel.
pub async fn start_with_every_game(limits: Limits) -> TestServer {
    start_every_game_with(limits, BotSettings::default()).await
}

/// Start a server with `limits` serving every game of this build, its bots set as `bots`.
pub async fn start_every_game_with(limits: Limits, bots: BotSettings) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("games.db");
    start_serving(dir, db_path, limits, bots, overlord_registry::registry).await
}

/// Start a server on the database `db_path` (in `dir`, which the server keeps).
pub async fn start_on(
    dir: tempfile::TempDir,
    db_path: PathBuf,
    limits: Limits,
    bots: BotSettings,
) -> TestServer {
    start_serving(dir, db_path, limits, bots, registry).await
}

/// Start a server of the games `games` makes on the database `db_path` (in `dir`).
async fn start_serving(
    dir: tempfile::TempDir,
    db_path: PathBuf,
    limits: Limits,
    bots: BotSettings,
    games: fn() -> Registry,
) -> TestServer {
    let config = ServerConfig {
        db_path: db_path.clone(),
        data_root: data_root(),
        limits,
        bots,
        allowed_hosts: Vec::new(),
    };
    let app = App::open(&config, games()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(overlord_server::serve(listener, app, async {
        let _ = stopped.await;
    }));
    TestServer {
        base: format!("http://{address}"),
        ws_base: format!("ws://{address}"),
        db_path,
        http: reqwest::Client::new(),
        limits,
        bots,
        games,
        stop: Some(stop),
        _dir: dir,
    }
}

/// A response: its status and its body as JSON (or as a JSON string if it is not JSON), and
/// the raw text (what the leak test searches).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub json: Value,
    pub text: String,
}

/// `answer` is a refusal with `status` and error `code`, and a reason a person can read.
pub fn assert_refused(answer: &Answer, status: StatusCode, code: &str) {
    assert_eq!(answer.status, status, "{}", answer.text);
    assert_eq!(answer.json["code"], code, "{}", answer.text);
    assert!(
        answer.json["reason"].as_str().is_some_and(|r| r.len() > 10),
        "a reason for people: {}",
        answer.text
    );
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status();
    let text = response.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.clone()));
    Answer { status, json, text }
}

impl TestServer {
    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await.unwrap()).await
    }

    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: String) -> Answer {
        let mut request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await.unwrap()).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        self.post_raw(path, token, body.to_string()).await
    }

    /// Create a game; returns the creation answer's JSON (id, seats with tokens).
    pub async fn create(&self, game: &str, scenario: &str, seed: u64, seats: Option<u8>) -> Value {
        let mut body = json!({ "game": game, "scenario": scenario, "seed": seed });
        if let Some(seats) = seats {
            body["seats"] = json!(seats);
        }
        let created = self.post("/api/games", None, &body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        created.json
    }

    pub async fn state(&self, id: &str, token: Option<&str>) -> Answer {
        self.get(&format!("/api/games/{id}"), token).await
    }

    pub async fn act(
        &self,
        id: &str,
        token: &str,
        action: &Value,
        revision: Option<u64>,
    ) -> Answer {
        let mut body = json!({ "action": action });
        if let Some(revision) = revision {
            body["revision"] = json!(revision);
        }
        self.post(&format!("/api/games/{id}/actions"), Some(token), &body)
            .await
    }

    /// Game `id`'s record, exported knowingly (`?reveal=true`) by the seat of `token`.
    pub async fn record(&self, id: &str, token: &str) -> Value {
        let exported = self
            .get(&format!("/api/games/{id}/record?reveal=true"), Some(token))
            .await;
        assert_eq!(exported.status, StatusCode::OK, "{}", exported.text);
        exported.json
    }

    /// The record of a short First Wave game, three random actions in.
    pub async fn a_short_record(&self) -> Value {
        let created = self.create("omaha", "first-wave", 7, None).await;
        let (game, seat) = (id(&created), token(&created, 0));
        let mut chooser = Chooser::new(7);
        for _ in 0..3 {
            let state = self.state(&game, Some(&seat)).await.json;
            let action = chooser.pick(&state);
            let acted = self.act(&game, &seat, &action, None).await;
            assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        }
        self.record(&game, &seat).await
    }

    pub async fn undo(&self, id: &str, token: &str) -> Answer {
        self.post(&format!("/api/games/{id}/undo"), Some(token), &json!({}))
            .await
    }
}

/// The token of seat `seat` in a creation answer.
pub fn token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"].as_str().unwrap().to_owned()
}

/// The game id in a creation answer.
pub fn id(created: &Value) -> String {
    created["id"].as_str().unwrap().to_owned()
}

/// A small deterministic generator for choosing actions (the tests' own, so they need no
/// particular `rand` API).
pub struct Chooser(u64);

impl Chooser {
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }

    /// One of the state's legal actions.
    pub fn pick(&mut self, state: &Value) -> Value {
        let legal = state["legal_actions"].as_array().unwrap();
        assert!(!legal.is_empty(), "no legal action in {state}");
        legal[self.below(legal.len())]["action"].clone()
    }
}

/// A line of this process's /proc/self/status, in bytes (`VmRSS`, the resident size now;
/// `VmHWM`, its peak). The servers of the tests run in the test's process.
pub fn memory(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with(field))
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"));
    let kib: u64 = line
        .trim_start_matches(field)
        .trim_start_matches(':')
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap();
    kib * 1024
}
