//! Seats the server plays itself, and hints: bad seats and bots refused, games of bots alone
//! played to their end (watched over the WebSocket), a person's move answered by the bot and
//! taken back with the bot's reply, a bot's game picked up after a restart, and hints that are
//! one of the seat's legal actions, given only on the seat's turn.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, TestServer, id, start, start_with, token};
use futures_util::StreamExt;
use overlord_server::BotSettings;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// The longest a test waits for the server's bots (a debug build, on a busy machine).
const PATIENCE: Duration = Duration::from_secs(120);

async fn create(server: &TestServer, body: &Value) -> Value {
    let created = server.post("/api/games", None, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    created.json
}

/// The state seen by `token` (a spectator without), once `ready` holds of it.
async fn wait_for(
    server: &TestServer,
    game: &str,
    token: Option<&str>,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let state = server.state(game, token).await;
        assert_eq!(state.status, StatusCode::OK, "{}", state.text);
        if ready(&state.json) {
            return state.json;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for the bots; the game is at {}",
            state.json["status"]
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The game's row as the database has it: status, revision, actions, and the log's rows.
fn stored(server: &TestServer, game: &str) -> (String, u64, u64, u64) {
    let db = rusqlite::Connection::open(&server.db_path).unwrap();
    db.query_row(
        "SELECT status, revision, action_count,
                (SELECT count(*) FROM actions WHERE game_id = ?1)
         FROM games WHERE id = ?1",
        [game],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
    )
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_seats_and_bots_are_refused_saying_why_and_create_nothing() {
    let server = start(common::roomy_limits()).await;
    let solo =
        |bots: Value| json!({ "game": "omaha", "scenario": "easy-fox", "seed": 1, "bots": bots });
    let cases = [
        (solo(json!({ "1": "rule" })), "bad_bots", "no seat `1`"),
        (solo(json!({ "one": "rule" })), "bad_bots", "0 (US player)"),
        (
            solo(json!({ "0": "genius" })),
            "bad_bot",
            "no bot called `genius`",
        ),
        (
            solo(json!({ "0": "ismcts:iterations=0" })),
            "bad_bot",
            "iterations",
        ),
        (
            solo(json!({ "0": "ismcts:trees=64" })),
            "bad_bot",
            "at most 1 tree",
        ),
        (
            solo(json!({ "0": "rule", "00": "rule" })),
            "bad_bots",
            "seat 0 is given a bot twice",
        ),
        (
            json!({ "game": "duel", "scenario": "standard", "bots": { "1": "rule" } }),
            "bad_bots",
            "has no bots",
        ),
    ];
    for (body, code, says) in cases {
        let refused = server.post("/api/games", None, &body).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            refused.text
        );
        assert_eq!(refused.json["code"], code, "{body}: {}", refused.text);
        let reason = refused.json["reason"].as_str().unwrap();
        assert!(reason.contains(says), "{body}: {reason}");
    }
    let all = server.get("/api/games?status=all", None).await;
    assert_eq!(
        all.json["games"],
        json!([]),
        "a refused game is not created"
    );

    let catalog = server.get("/api/catalog", None).await.json;
    let bots_of = |game: &str| {
        catalog["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == game)
            .unwrap()["bots"]
            .clone()
    };
    assert_eq!(bots_of("omaha"), true);
    assert_eq!(bots_of("duel"), false);
}

/// Rule 1's cooperative game with the computer on both seats plays to its end with nobody at
/// the table; a spectator watches every move arrive over the WebSocket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_bots_on_every_seat_plays_to_its_end_by_itself() {
    let server = start(common::roomy_limits()).await;
    let created = create(
        &server,
        &json!({ "game": "omaha", "scenario": "first-wave", "seed": 3,
                 "options": { "two-player": true },
                 "bots": { "0": "rule", "1": "rule" } }),
    )
    .await;
    let game = id(&created);
    for seat in created["seats"].as_array().unwrap() {
        assert_eq!(
            seat["token"],
            Value::Null,
            "nobody may play a bot's seat: {seat}"
        );
        assert_eq!(seat["bot"], "rule");
        assert_eq!(seat["link"], created["spectate"]);
    }
    let url = format!("{}/api/games/{game}/ws", server.ws_base);
    let mut socket = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let mut revisions = Vec::new();
    let outcome = loop {
        let message = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .expect("the bots keep playing")
            .unwrap()
            .unwrap();
        let Message::Text(text) = message else {
            continue;
        };
        let pushed: Value = serde_json::from_str(text.as_str()).unwrap();
        assert_eq!(pushed["type"], "state", "{pushed}");
        let state = &pushed["state"];
        assert_eq!(state["you"], Value::Null);
        assert_eq!(
            state["legal_actions"],
            json!([]),
            "a spectator is offered nothing"
        );
        revisions.push(state["revision"].as_u64().unwrap());
        if let Some(over) = state["status"].get("over") {
            break over.clone();
        }
    };
    assert!(outcome["rule"].is_string(), "{outcome}");
    let mut distinct = revisions.clone();
    distinct.dedup();
    assert!(
        revisions.windows(2).all(|pair| pair[0] <= pair[1]) && distinct.len() > 20,
        "the moves arrive push after push: {revisions:?}"
    );
    let (status, revision, actions, rows) = stored(&server, &game);
    assert_eq!(status, "over");
    assert!(actions > 50, "a whole game: {actions} actions");
    assert_eq!(
        (revision, rows),
        (actions, actions),
        "every move stored, no undo"
    );
    let state = server.state(&game, None).await.json;
    assert_eq!(state["game"]["seats"][1]["bot"], "rule");
    // The record of a finished game is anyone's, and replays to the same end.
    let record = server.get(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(record.status, StatusCode::OK, "{}", record.text);
    let imported = server
        .post("/api/games/import", None, &json!({ "record": record.json }))
        .await;
    assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text);
    let replayed = server.state(&id(&imported.json), None).await.json;
    assert_eq!(replayed["status"]["over"], outcome);
}

/// A person and the computer: the person's move hands the turn to the bot, which answers; an
/// undo takes the bot's reply back with the person's move (else the bot would only play it
/// again), and the bot does not play it again while it is the person's turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_move_is_answered_by_the_bot_and_undo_takes_both_back() {
    let server = start(common::roomy_limits()).await;
    let created = create(
        &server,
        &json!({ "game": "omaha", "scenario": "first-wave", "seed": 9,
                 "options": { "two-player": true }, "bots": { "1": "rule" } }),
    )
    .await;
    let game = id(&created);
    let me = token(&created, 0);
    assert_eq!(created["seats"][1]["token"], Value::Null);
    let my_turn = |state: &Value| state["status"]["to_act"] != 1;
    let mut state = wait_for(&server, &game, Some(&me), my_turn).await;
    let mut chooser = Chooser::new(9);
    let (mut answered, mut undone, mut refused) = (0, 0, 0);
    for _ in 0..600 {
        if state["status"].get("over").is_some() || undone > 0 {
            break;
        }
        let before = state.clone();
        let acted = server
            .act(
                &game,
                &me,
                &chooser.pick(&state),
                state["revision"].as_u64(),
            )
            .await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        if acted.json["status"]["to_act"] != 1 {
            state = acted.json;
            continue;
        }
        state = wait_for(&server, &game, Some(&me), my_turn).await;
        answered += 1;
        let bot_moves =
            state["actions"].as_u64().unwrap() - before["actions"].as_u64().unwrap() - 1;
        assert!(bot_moves >= 1, "the bot answered: {state}");
        if state["can_undo"] != true {
            continue;
        }
        let undo = server.undo(&game, &me).await;
        if undo.status == StatusCode::CONFLICT {
            // A move of the bot's drew a card or a die: it stands, and nothing changed.
            assert_eq!(undo.json["code"], "cannot_undo", "{}", undo.text);
            assert!(undo.json["reason"].as_str().unwrap().contains("computer"));
            let now = server.state(&game, Some(&me)).await.json;
            assert_eq!(now["revision"], state["revision"]);
            assert_eq!(now["view"], state["view"]);
            refused += 1;
            continue;
        }
        assert_eq!(undo.status, StatusCode::OK, "{}", undo.text);
        let back = undo.json;
        assert_eq!(
            back["actions"], before["actions"],
            "my move and the bot's went back"
        );
        assert_eq!(back["view"], before["view"]);
        assert_eq!(back["legal_actions"], before["legal_actions"]);
        assert_eq!(
            back["revision"].as_u64().unwrap(),
            state["revision"].as_u64().unwrap() + bot_moves + 1,
            "one undo row per action taken back"
        );
        // It is my turn again, so the bot does not play its move again.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let later = server.state(&game, Some(&me)).await.json;
        assert_eq!(
            later["revision"], back["revision"],
            "nothing moved after the undo"
        );
        let (_, revision, actions, rows) = stored(&server, &game);
        assert_eq!(
            (revision, actions),
            (rows, before["actions"].as_u64().unwrap())
        );
        undone += 1;
    }
    assert!(answered > 0, "the bot was asked");
    assert_eq!(
        undone, 1,
        "an undo past the bot's reply ({refused} refused first)"
    );
}

/// A bot's game survives the server stopping: the next server picks it up at start, before
/// anyone opens it, and plays it to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seats_game_survives_a_restart_and_finishes() {
    // Slowed down, so the restart comes in the middle of the game.
    let slow = BotSettings {
        pace: Duration::from_millis(150),
        ..BotSettings::default()
    };
    let server = start_with(common::roomy_limits(), slow).await;
    let created = create(
        &server,
        &json!({ "game": "omaha", "scenario": "easy-fox", "seed": 4, "bots": { "0": "rule" } }),
    )
    .await;
    let game = id(&created);
    wait_for(&server, &game, None, |state| {
        state["actions"].as_u64() >= Some(3)
    })
    .await;
    let server = server.restart_with(BotSettings::default()).await;
    let (_, _, before, _) = stored(&server, &game);
    assert!(before >= 3);
    // Watch the database only: no request opens the game, so the start itself resumed it.
    let started = Instant::now();
    let (status, revision, actions, rows) = loop {
        let row = stored(&server, &game);
        if row.0 == "over" {
            break row;
        }
        assert!(started.elapsed() < PATIENCE, "the game stalled at {row:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status, "over");
    assert!(
        actions > before + 10,
        "{before} actions before, {actions} at the end"
    );
    assert_eq!((revision, rows), (actions, actions));
    let state = server.state(&game, None).await.json;
    assert!(state["status"]["over"].is_object(), "{}", state["status"]);
}

/// A record imported with `bots`: the computer takes over the seat where the record stands and
/// plays the game to its end, the record's actions kept as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_record_is_played_on_by_the_computer() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "easy-fox", 6, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let mut state = server.state(&game, Some(&seat)).await.json;
    let mut chooser = Chooser::new(6);
    for _ in 0..8 {
        state = server
            .act(&game, &seat, &chooser.pick(&state), None)
            .await
            .json;
    }
    let record = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await
        .json;
    let played = record["actions"].as_array().unwrap().clone();
    assert_eq!(played.len(), 8);
    let imported = server
        .post(
            "/api/games/import",
            None,
            &json!({ "record": record, "bots": { "0": "rule" } }),
        )
        .await;
    assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text);
    assert_eq!(imported.json["seats"][0]["token"], Value::Null);
    let taken_over = id(&imported.json);
    let over = wait_for(&server, &taken_over, None, |state| {
        state["status"].get("over").is_some()
    })
    .await;
    let finished = server
        .get(&format!("/api/games/{taken_over}/record"), None)
        .await
        .json;
    let actions = finished["actions"].as_array().unwrap();
    assert_eq!(actions.len() as u64, over["actions"].as_u64().unwrap());
    assert!(
        actions.len() > played.len() + 10,
        "{} actions",
        actions.len()
    );
    assert_eq!(
        actions[..played.len()],
        played[..],
        "the record's own actions stand"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_one_of_the_seats_legal_actions_and_only_on_its_turn() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 12, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let hint_path = format!("/api/games/{game}/hint");
    let mut state = server.state(&game, Some(&seat)).await.json;
    let mut chooser = Chooser::new(12);
    for step in 0..30 {
        let bot = if step % 10 == 9 {
            "?bot=ismcts:iterations=40"
        } else {
            ""
        };
        let hint = server.get(&format!("{hint_path}{bot}"), Some(&seat)).await;
        assert_eq!(hint.status, StatusCode::OK, "{}", hint.text);
        let legal = state["legal_actions"].as_array().unwrap();
        let offered = legal
            .iter()
            .find(|legal| legal["action"] == hint.json["action"])
            .unwrap_or_else(|| panic!("{} is not among {legal:?}", hint.json["action"]));
        assert_eq!(offered["anchors"], hint.json["anchors"]);
        assert_eq!(hint.json["revision"], state["revision"]);
        let expected_bot = if bot.is_empty() { "rule" } else { "ismcts" };
        assert!(
            hint.json["bot"].as_str().unwrap().starts_with(expected_bot),
            "{}",
            hint.json
        );
        // The reason is there when the game gives one, and then says something.
        if let Some(reason) = hint.json.get("reason") {
            assert!(!reason.as_str().unwrap().trim().is_empty(), "{}", hint.json);
        }
        // Asked again, the same hint: it is seeded by the game and its move.
        if step == 0 {
            let again = server.get(&hint_path, Some(&seat)).await;
            assert_eq!(again.json, hint.json);
        }
        let unchanged = server.state(&game, Some(&seat)).await.json;
        assert_eq!(
            unchanged["revision"], state["revision"],
            "a hint changes nothing"
        );
        // Follow the hint now and then, else play anything.
        let action = if step % 2 == 0 {
            hint.json["action"].clone()
        } else {
            chooser.pick(&state)
        };
        let acted = server.act(&game, &seat, &action, None).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        state = acted.json;
    }

    let spectator = server.get(&hint_path, None).await;
    assert_eq!(
        spectator.status,
        StatusCode::UNAUTHORIZED,
        "{}",
        spectator.text
    );
    let unknown = server
        .get(&format!("{hint_path}?bot=genius"), Some(&seat))
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.text);
    assert_eq!(unknown.json["code"], "bad_bot");

    // In the two-player game, only the seat to act gets a hint.
    let pair = create(
        &server,
        &json!({ "game": "omaha", "scenario": "first-wave", "seed": 5,
                 "options": { "two-player": true } }),
    )
    .await;
    let pair_game = id(&pair);
    let to_act = server.state(&pair_game, Some(&token(&pair, 0))).await.json["status"]["to_act"]
        .as_u64()
        .unwrap() as usize;
    let path = format!("/api/games/{pair_game}/hint");
    let waiting = server.get(&path, Some(&token(&pair, 1 - to_act))).await;
    assert_eq!(waiting.status, StatusCode::CONFLICT, "{}", waiting.text);
    assert_eq!(waiting.json["code"], "not_your_turn");
    let asked = server.get(&path, Some(&token(&pair, to_act))).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);

    // A game without bots has no hints to give.
    let duel = server.create("duel", "standard", 5, None).await;
    let duel_state = server.state(&id(&duel), Some(&token(&duel, 0))).await.json;
    let duel_seat = duel_state["status"]["to_act"].as_u64().unwrap() as usize;
    let none = server
        .get(
            &format!("/api/games/{}/hint", id(&duel)),
            Some(&token(&duel, duel_seat)),
        )
        .await;
    assert_eq!(
        none.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        none.text
    );
    assert_eq!(none.json["code"], "no_advice");
}
