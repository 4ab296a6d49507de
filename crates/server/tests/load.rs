//! Load on loopback: two hundred games played at once by scripted clients. Bounded in count
//! (actions per game) and in time; asserts that every action was acknowledged and is in the
//! database, and prints the round-trip percentiles (timings are reported, never asserted: the
//! bench `benches/load.rs` measures them in a release build).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, id, start, token};
use reqwest::StatusCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: usize = 200;
const ACTIONS_PER_GAME: u64 = 10;
/// A scripted player's pause between seeing a state and acting: far quicker than a person,
/// but the server is measured under load, not under a denial of service.
const THINK: Duration = Duration::from_millis(50);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_games_at_once_are_all_acknowledged_and_stored() {
    let server = Arc::new(start(common::roomy_limits()).await);
    let run = async {
        let mut clients = tokio::task::JoinSet::new();
        // Every game is set up before any is played, so the round trips measure play only.
        let all_created = Arc::new(tokio::sync::Barrier::new(GAMES));
        for client in 0..GAMES {
            let server = Arc::clone(&server);
            let all_created = Arc::clone(&all_created);
            clients.spawn(async move {
                let created = server
                    .create("omaha", "first-wave", client as u64, None)
                    .await;
                let (game, seat) = (id(&created), token(&created, 0));
                let mut state = server.state(&game, Some(&seat)).await.json;
                let mut chooser = Chooser::new(client as u64);
                let mut round_trips = Vec::new();
                all_created.wait().await;
                // Spread the first actions over one think time, as players arriving would.
                tokio::time::sleep(THINK * (client as u32) / GAMES as u32).await;
                for revision in 0..ACTIONS_PER_GAME {
                    tokio::time::sleep(THINK).await;
                    let action = chooser.pick(&state);
                    let sent = Instant::now();
                    let acted = server.act(&game, &seat, &action, Some(revision)).await;
                    round_trips.push(sent.elapsed());
                    assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
                    assert_eq!(acted.json["revision"], revision + 1);
                    state = acted.json;
                }
                (game, round_trips)
            });
        }
        let mut games = Vec::new();
        let mut round_trips = Vec::new();
        while let Some(done) = clients.join_next().await {
            let (game, times) = done.unwrap();
            games.push(game);
            round_trips.extend(times);
        }
        (games, round_trips)
    };
    let (games, mut round_trips) = tokio::time::timeout(Duration::from_secs(600), run)
        .await
        .expect("the load finishes within its time bound");
    assert_eq!(games.len(), GAMES);

    // Every acknowledged action is in the database.
    let db = rusqlite::Connection::open(&server.db_path).unwrap();
    for game in &games {
        let (rows, revision, actions): (u64, u64, u64) = db
            .query_row(
                "SELECT (SELECT count(*) FROM actions WHERE game_id = ?1), revision, action_count
                 FROM games WHERE id = ?1",
                [game],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .unwrap();
        assert_eq!(
            (rows, revision, actions),
            (ACTIONS_PER_GAME, ACTIONS_PER_GAME, ACTIONS_PER_GAME)
        );
    }

    round_trips.sort();
    let at =
        |q: f64| round_trips[((round_trips.len() as f64 * q) as usize).min(round_trips.len() - 1)];
    println!(
        "{} actions in {GAMES} concurrent games (debug build): round trip p50 {:?}, p99 {:?}, max {:?}",
        round_trips.len(),
        at(0.50),
        at(0.99),
        round_trips.last().unwrap()
    );
}
