//! A bot seat never blocks other games: while the server's search bots are in the middle of
//! their decisions, as many of them as the server has threads answering requests, a person's
//! game goes on, action after action, and every one of those actions is answered before any
//! bot has finished deciding its first move. A bot that thought on the threads that answer
//! requests, or held what they need (a game's lock, the database), would make the person wait
//! for a whole decision, which here takes far longer than the person's whole window: the bots'
//! first moves would land first.
//!
//! Nothing here is timed against a bound (latency is a benchmark's business: `benches/load.rs`,
//! BENCHMARKS.md); the test checks an order of events, so a busy machine cannot fail it.
//!
//! In a file of its own, so no other test of this crate shares the machine with it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, TestServer, id, start_with, token};
use overlord_server::BotSettings;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Actions the person plays while the bots think.
const ACTIONS: usize = 60;
/// Search iterations of each bot's decision: enough that one decision takes far longer than
/// the person's `ACTIONS` (about half a minute in a debug build, against about a second).
const ITERATIONS: u64 = 8_000;
/// Longer than anything here should take; reaching it means something hung.
const HANG: Duration = Duration::from_secs(600);
/// Far longer than the person's `ACTIONS` take (about a second): a person's window this long
/// waited for the bots' decisions.
const PERSON_HANG: Duration = Duration::from_secs(120);
/// A person's pause between seeing a state and acting (far quicker than a person).
const THINK: Duration = Duration::from_millis(10);

/// A person's solo First Wave game, started again whenever it ends.
struct Person {
    game: String,
    token: String,
    state: Value,
    chooser: Chooser,
    games: u64,
}

impl Person {
    async fn new(server: &TestServer) -> Person {
        let mut person = Person {
            game: String::new(),
            token: String::new(),
            state: Value::Null,
            chooser: Chooser::new(31),
            games: 0,
        };
        person.new_game(server).await;
        person
    }

    async fn new_game(&mut self, server: &TestServer) {
        self.games += 1;
        let created = server
            .create("omaha", "first-wave", 30 + self.games, None)
            .await;
        (self.game, self.token) = (id(&created), token(&created, 0));
        self.state = server.state(&self.game, Some(&self.token)).await.json;
    }

    /// Play `count` actions, pausing `THINK` before each.
    async fn play(&mut self, server: &TestServer, count: usize) {
        for _ in 0..count {
            if self.state["status"].get("over").is_some() {
                self.new_game(server).await;
            }
            tokio::time::sleep(THINK).await;
            let action = self.chooser.pick(&self.state);
            let revision = self.state["revision"].as_u64();
            let acted = server.act(&self.game, &self.token, &action, revision).await;
            assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
            self.state = acted.json;
        }
    }
}

/// The actions a game has, as anyone may see.
async fn actions(server: &TestServer, game: &str) -> u64 {
    server.state(game, None).await.json["actions"]
        .as_u64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_game_goes_on_while_search_bots_are_in_the_middle_of_their_decisions() {
    const WORKERS: u64 = 2;
    let settings = BotSettings {
        // The iterations, not the clock, end each decision.
        think_time: HANG,
        thinkers: WORKERS as usize,
        ..BotSettings::default()
    };
    let server = start_with(common::roomy_limits(), settings).await;
    let mut bot_games = Vec::new();
    for seed in 0..WORKERS {
        let created = server
            .post(
                "/api/games",
                None,
                &json!({ "game": "omaha", "scenario": "easy-fox", "seed": seed,
                         "bots": { "0": format!("ismcts:iterations={ITERATIONS}") } }),
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        bot_games.push(id(&created.json));
    }

    let mut person = Person::new(&server).await;
    tokio::time::timeout(PERSON_HANG, person.play(&server, ACTIONS))
        .await
        .expect("the person's actions waited for the bots' decisions");
    for game in &bot_games {
        assert_eq!(
            actions(&server, game).await,
            0,
            "a bot finished deciding before the person's {ACTIONS} actions were answered: \
             the person waited for the bots"
        );
    }

    // The bots were thinking all along: each first move lands.
    let waited = Instant::now();
    for game in &bot_games {
        while actions(&server, game).await == 0 {
            assert!(waited.elapsed() < HANG, "game {game}'s bot never moved");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    println!(
        "{ACTIONS} actions of a person's game answered while {WORKERS} search bots decided \
         their first moves ({ITERATIONS} iterations each, {:?} until both had moved)",
        waited.elapsed()
    );
}
