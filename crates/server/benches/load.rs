//! The action round trip under load: 200 First Wave games played at once on loopback, one of
//! them measured. Target (issue 7): p99 at most 20 ms.
//!
//! `cargo bench -p overlord-server --bench load`. Criterion reports the mean round trip of the
//! measured game; the percentiles of every round trip it timed are printed at the end (criterion
//! has no percentiles), with the target. The other 199 games are played by scripted players
//! that pause `THINK` between actions, as fast players would, so this measures the server under
//! load rather than the machine's saturation point.
//!
//! Three loads (issue 33): every player on one address (as before); each player from an
//! address of its own (127.0.x.y: the per-address budgets, connections and buckets as on the
//! internet); and that, with a spectator's WebSocket open on each game, pushed every change.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use overlord_server::{App, Limits, ServerConfig};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// The allocator the `overlord` binary serves with (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAMES: usize = 200;
const THINK: Duration = Duration::from_millis(100);
const TARGET_P99: Duration = Duration::from_millis(20);

/// What a scripted player reads of a state: the rest of the answer (the view, the log) is
/// skipped unparsed, as a browser in another process would cost the server nothing to parse.
#[derive(Default, serde::Deserialize)]
struct Seen {
    revision: u64,
    legal_actions: Vec<Legal>,
}

#[derive(serde::Deserialize)]
struct Legal {
    action: Value,
}

/// One game and its seat, with the state last seen.
struct Player {
    base: String,
    http: reqwest::Client,
    game: String,
    token: String,
    state: Seen,
    seed: u64,
}

/// How the 200 games are played.
#[derive(Clone, Copy)]
struct Load {
    name: &'static str,
    /// Each player from an address of its own.
    addresses: bool,
    /// A spectator's socket open on each game.
    spectators: bool,
}

/// The client of player `index`: from 127.0.x.y of its own, or the shared one.
fn client_of(shared: &reqwest::Client, load: Load, index: usize) -> reqwest::Client {
    if !load.addresses {
        return shared.clone();
    }
    let address = std::net::Ipv4Addr::new(127, 0, 1 + (index / 200) as u8, 1 + (index % 200) as u8);
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(address))
        .build()
        .unwrap()
}

/// Watch `game` as a spectator, reading every push, for as long as the bench runs.
async fn spectate(base: &str, game: &str) {
    use futures_util::StreamExt;
    let url = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    while let Some(Ok(_)) = socket.next().await {}
}

impl Player {
    async fn new(base: &str, http: &reqwest::Client, seed: u64) -> Player {
        let mut player = Player {
            base: base.to_owned(),
            http: http.clone(),
            game: String::new(),
            token: String::new(),
            state: Seen::default(),
            seed,
        };
        player.new_game().await;
        player
    }

    async fn new_game(&mut self) {
        self.seed += 1_000;
        let created: Value = self
            .http
            .post(format!("{}/api/games", self.base))
            .json(&json!({ "game": "omaha", "scenario": "first-wave", "seed": self.seed }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        self.game = created["id"].as_str().unwrap().to_owned();
        self.token = created["seats"][0]["token"].as_str().unwrap().to_owned();
        self.state = self
            .http
            .get(format!("{}/api/games/{}", self.base, self.game))
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    }

    /// Play one action; the round trip, or `None` if the game had ended (a new one is ready).
    async fn act(&mut self) -> Option<Duration> {
        let legal = &self.state.legal_actions;
        if legal.is_empty() {
            self.new_game().await;
            return None;
        }
        let revision = self.state.revision;
        let pick = (revision as usize * 7 + 3) % legal.len();
        let body = json!({ "action": legal[pick].action, "revision": revision });
        let sent = Instant::now();
        let response = self
            .http
            .post(format!("{}/api/games/{}/actions", self.base, self.game))
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(response.status().is_success(), "{}", response.status());
        self.state = response.json().await.unwrap();
        Some(sent.elapsed())
    }
}

fn round_trip_under_load(c: &mut Criterion) {
    for load in [
        Load {
            name: "action_round_trip_with_200_games",
            addresses: false,
            spectators: false,
        },
        Load {
            name: "action_round_trip_with_200_games_from_200_addresses",
            addresses: true,
            spectators: false,
        },
        Load {
            name: "action_round_trip_with_200_games_200_addresses_and_200_spectators",
            addresses: true,
            spectators: true,
        },
    ] {
        round_trip(c, load);
    }
}

fn round_trip(c: &mut Criterion, load: Load) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = ServerConfig {
        db_path: dir.path().join("bench.db"),
        data_root: concat!(env!("CARGO_MANIFEST_DIR"), "/../../data").into(),
        // The flood limits guard against one client; here one client may be 200 players, and
        // the measured one acts as fast as criterion asks.
        limits: Limits {
            address_burst: 1e9,
            address_per_second: 1e9,
            token_burst: 1e9,
            token_per_second: 1e9,
            connections_per_address: 1_024,
            creations_burst: 1e9,
            creations_per_minute: 1e9,
            // The spectators all connect from 127.0.0.1.
            sockets_per_address: 1_024,
            ..Limits::default()
        },
        bots: overlord_server::BotSettings::default(),
        allowed_hosts: Vec::new(),
    };
    let registry = overlord_engine::Registry::new(vec![overlord_engine::Entry::<
        overlord_omaha::Omaha,
    >::boxed()]);
    let app = App::open(&config, registry).unwrap();
    let base = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(overlord_server::serve(
            listener,
            app,
            std::future::pending(),
        ));
        base
    });
    let http = reqwest::Client::new();
    let mut measured = runtime.block_on(Player::new(&base, &client_of(&http, load, 0), 0));
    let background: Vec<Player> = runtime.block_on(async {
        let mut players = Vec::new();
        for seed in 1..GAMES as u64 {
            let client = client_of(&http, load, seed as usize);
            players.push(Player::new(&base, &client, seed).await);
        }
        players
    });
    if load.spectators {
        for game in std::iter::once(&measured.game).chain(background.iter().map(|p| &p.game)) {
            let (base, game) = (base.clone(), game.clone());
            runtime.spawn(async move { spectate(&base, &game).await });
        }
    }
    for (index, mut player) in background.into_iter().enumerate() {
        runtime.spawn(async move {
            // Arrive spread over one pause, then play at the players' pace.
            tokio::time::sleep(THINK * index as u32 / GAMES as u32).await;
            loop {
                tokio::time::sleep(THINK).await;
                let _ = player.act().await;
            }
        });
    }

    let all: Arc<Mutex<Vec<Duration>>> = Arc::default();
    let mut group = c.benchmark_group("server");
    group.sample_size(50);
    group.bench_function(load.name, |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                let mut timed = 0;
                while timed < iters {
                    if let Some(round_trip) = measured.act().await {
                        total += round_trip;
                        timed += 1;
                        all.lock().unwrap().push(round_trip);
                    }
                }
                total
            })
        });
    });
    group.finish();

    let mut all = all.lock().unwrap().clone();
    all.sort();
    if let Some(max) = all.last() {
        let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
        let p99 = at(0.99);
        println!(
            "{}: action round trip with {GAMES} games ({} timed): p50 {:?}, p99 {p99:?}, max \
             {max:?}; target p99 <= {TARGET_P99:?}: {}",
            load.name,
            all.len(),
            at(0.5),
            if p99 <= TARGET_P99 { "met" } else { "MISSED" }
        );
    }
}

criterion_group!(benches, round_trip_under_load);
criterion_main!(benches);
