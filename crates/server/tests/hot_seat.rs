//! Hot-seat play: a game created with `"hot_seat": true` has, besides its seats' links, one
//! token that plays whichever seat of a person is to act, for people sharing one screen. It
//! acts for one division and then the other as the turn passes (its state, its actions, its
//! undo, its hints, its WebSocket and its replay all follow the seat to act), the seats' own
//! tokens work beside it, it is refused with the usual errors for a bad action, on the
//! computer's turn and where it does not apply, and it survives a restart.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, Socket, TestServer, assert_refused, id, start, token};
use futures_util::StreamExt;
use overlord_server::BotSettings;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn create(server: &TestServer, body: &Value) -> Value {
    let created = server.post("/api/games", None, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    created.json
}

/// The state the holder of `token` is sent, checked to be an answer.
async fn state(server: &TestServer, game: &str, token: &str) -> Value {
    let state = server.state(game, Some(token)).await;
    assert_eq!(state.status, StatusCode::OK, "{}", state.text);
    state.json
}

/// The legal action of `state` whose label starts with `label`, or its first.
fn choose(state: &Value, label: &str) -> Value {
    let legal = state["legal_actions"].as_array().unwrap();
    assert!(!legal.is_empty(), "no legal action in {state}");
    legal
        .iter()
        .find(|legal| {
            legal["anchors"]["label"]
                .as_str()
                .is_some_and(|text| text.starts_with(label))
        })
        .unwrap_or(&legal[0])["action"]
        .clone()
}

/// The seat of each row of the game's log, and its kind (`act` or `undo`), as stored.
fn stored_log(server: &TestServer, game: &str) -> Vec<(u8, String)> {
    let db = rusqlite::Connection::open(&server.db_path).unwrap();
    let mut statement = db
        .prepare("SELECT seat, kind FROM actions WHERE game_id = ?1 ORDER BY revision")
        .unwrap();
    statement
        .query_map([game], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The next state message on `socket`.
async fn next_state(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("the socket sends a state")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            let message: Value = serde_json::from_str(text.as_str()).unwrap();
            assert_eq!(message["type"], "state", "{message}");
            return message["state"].clone();
        }
    }
}

/// The cooperative two-player First Wave (seed 11): the 29th Division places a unit first,
/// then the 1st Division decides who acts first and acts, then the 29th.
fn two_divisions() -> Value {
    json!({ "game": "omaha", "scenario": "first-wave", "seed": 11,
            "options": { "two-player": true }, "hot_seat": true })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hot_seat_link_plays_each_division_as_its_turn_comes_beside_the_seats_links() {
    let server = start(common::roomy_limits()).await;
    let created = create(&server, &two_divisions()).await;
    let game = id(&created);
    let (first, second) = (token(&created, 0), token(&created, 1));
    let hot = created["hot_seat"]["token"].as_str().unwrap().to_owned();
    assert_eq!(hot.len(), 64, "{created}");
    assert!(hot != first && hot != second);
    assert_eq!(
        created["hot_seat"]["link"],
        format!("/play/{game}#{hot}"),
        "{created}"
    );

    // The 29th Division is to act: the hot seat is it, with its prompt and actions.
    let start_state = state(&server, &game, &hot).await;
    assert_eq!(start_state["status"]["to_act"], 1, "{start_state}");
    assert_eq!(start_state["you"], 1);
    assert_eq!(start_state["hot_seat"], true);
    let own = state(&server, &game, &second).await;
    assert_eq!(start_state["prompt"], own["prompt"]);
    assert_eq!(start_state["legal_actions"], own["legal_actions"]);
    assert_eq!(start_state["view"], own["view"]);
    assert!(own.get("hot_seat").is_none(), "a seat's state is not hot");
    let waiting = state(&server, &game, &first).await;
    assert!(waiting["prompt"].is_null() && waiting["you"] == 0);

    // A hint for the seat to act, one of its legal actions.
    let hint = server
        .get(&format!("/api/games/{game}/hint"), Some(&hot))
        .await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.text);
    assert!(
        own["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|legal| legal["action"] == hint.json["action"]),
        "{}",
        hint.text
    );

    // Bad requests are refused as a seat's are, and change nothing.
    let not_an_action = server
        .act(&game, &hot, &json!({ "castle": "kingside" }), None)
        .await;
    assert_refused(&not_an_action, StatusCode::BAD_REQUEST, "bad_action");
    let placing = choose(&start_state, "");
    let stale = server.act(&game, &hot, &placing, Some(9)).await;
    assert_refused(&stale, StatusCode::CONFLICT, "stale");
    let nothing = server.undo(&game, &hot).await;
    assert_refused(&nothing, StatusCode::CONFLICT, "cannot_undo");
    assert_eq!(state(&server, &game, &hot).await, start_state);

    // The hot seat acts for the 29th Division; its answer is the 1st Division's to decide.
    let acted = server.act(&game, &hot, &placing, Some(0)).await;
    assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
    assert_eq!(acted.json["revision"], 1);
    assert_eq!(acted.json["status"]["to_act"], 0, "{}", acted.text);
    assert_eq!(acted.json["you"], 0);
    assert_eq!(acted.json["hot_seat"], true);
    assert!(acted.json["prompt"].is_object(), "{}", acted.text);

    // The seats' own links still work beside it: the 29th is out of turn now, the 1st acts.
    let out_of_turn = server.act(&game, &second, &placing, None).await;
    assert_refused(&out_of_turn, StatusCode::CONFLICT, "not_your_turn");
    let first_state = state(&server, &game, &first).await;
    let who_first = server
        .act(
            &game,
            &first,
            &choose(&first_state, "1st Division first"),
            None,
        )
        .await;
    assert_eq!(who_first.status, StatusCode::OK, "{}", who_first.text);
    assert_eq!(who_first.json["status"]["to_act"], 0, "{}", who_first.text);

    // The hot seat plays the 1st Division's actions until it ends them; then it is the 29th.
    let mut hot_state = state(&server, &game, &hot).await;
    let mut played = 0;
    while hot_state["you"] == 0 {
        assert_eq!(hot_state["status"]["to_act"], 0, "{hot_state}");
        assert!(
            played < 10,
            "the 1st Division ends its actions: {hot_state}"
        );
        let action = choose(&hot_state, "End this division's actions");
        let acted = server
            .act(&game, &hot, &action, hot_state["revision"].as_u64())
            .await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        hot_state = acted.json;
        played += 1;
    }
    assert_eq!(hot_state["status"]["to_act"], 1, "{hot_state}");
    assert_eq!(hot_state["you"], 1);
    assert!(hot_state["prompt"].is_object());
    let log = stored_log(&server, &game);
    assert_eq!(log.len(), 2 + played);
    assert_eq!(log[0], (1, "act".to_owned()), "stored as the 29th's action");
    assert!(
        log[1..].iter().all(|row| *row == (0, "act".to_owned())),
        "stored as the 1st's actions: {log:?}"
    );

    // Undo: the 29th's own link may not take back the 1st's action; the hot seat, which plays
    // both, takes it back as the 1st Division would, and is the 1st Division again.
    assert_eq!(hot_state["can_undo"], true);
    let foreign = server.undo(&game, &second).await;
    assert_refused(&foreign, StatusCode::FORBIDDEN, "not_your_action");
    let undone = server.undo(&game, &hot).await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.text);
    assert_eq!(undone.json["status"]["to_act"], 0, "{}", undone.text);
    assert_eq!(undone.json["you"], 0);
    assert_eq!(
        stored_log(&server, &game).last(),
        Some(&(0, "undo".to_owned())),
        "stored as the 1st's undo"
    );

    // The WebSocket of the hot seat follows the turn, with the new seat's whole log.
    let url = format!("{}/api/games/{game}/ws?token={hot}", server.ws_base);
    let mut socket = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let hello = next_state(&mut socket).await;
    assert_eq!(
        (hello["you"].clone(), hello["hot_seat"].clone()),
        (json!(0), json!(true))
    );
    let ending = choose(&hello, "End this division's actions");
    let acted = server
        .act(&game, &hot, &ending, hello["revision"].as_u64())
        .await;
    assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
    let pushed = next_state(&mut socket).await;
    assert_eq!(pushed["revision"], acted.json["revision"]);
    assert_eq!(pushed["you"], 1, "{pushed}");
    assert!(pushed["prompt"].is_object());
    assert_eq!(
        pushed["log"]["from"], 0,
        "another seat's push carries its whole log"
    );
    drop(socket);

    // The replay shows each moment as the seat to act then.
    for (at, seat) in [(0, 1), (1, 0)] {
        let frame = server
            .get(&format!("/api/games/{game}/replay?at={at}"), Some(&hot))
            .await;
        assert_eq!(frame.status, StatusCode::OK, "{}", frame.text);
        assert_eq!(frame.json["you"], seat, "at {at}: {}", frame.text);
    }

    // The record holds the seed: hidden from the hot seat too while the game goes on.
    let record = server
        .get(&format!("/api/games/{game}/record?reveal=true"), Some(&hot))
        .await;
    assert_refused(&record, StatusCode::FORBIDDEN, "record_hidden");
    // Another game's hot-seat link is refused here.
    let other = create(&server, &two_divisions()).await;
    let other_hot = other["hot_seat"]["token"].as_str().unwrap();
    let wrong = server.act(&game, other_hot, &placing, None).await;
    assert_refused(&wrong, StatusCode::FORBIDDEN, "wrong_game");

    // After a restart the hot seat's token still plays the seat to act.
    let before = state(&server, &game, &hot).await;
    let server = server.restart().await;
    let after = state(&server, &game, &hot).await;
    assert_eq!(after, before);
    assert_eq!(after["you"], 1);
    let acted = server
        .act(&game, &hot, &choose(&after, ""), after["revision"].as_u64())
        .await;
    assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
    assert_eq!(
        stored_log(&server, &game).last(),
        Some(&(1, "act".to_owned()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hot_seat_is_refused_where_it_does_not_apply_and_nothing_is_created() {
    let server = start(common::roomy_limits()).await;
    let solo = json!({ "game": "omaha", "scenario": "first-wave", "hot_seat": true });
    let one_person = json!({ "game": "omaha", "scenario": "first-wave", "hot_seat": true,
                             "options": { "two-player": true }, "bots": { "1": "rule" } });
    let no_person = json!({ "game": "omaha", "scenario": "first-wave", "hot_seat": true,
                            "bots": { "0": "rule" } });
    for body in [solo, one_person, no_person] {
        let refused = server.post("/api/games", None, &body).await;
        assert_refused(&refused, StatusCode::BAD_REQUEST, "bad_hot_seat");
    }
    let listed = server.get("/api/games?status=all", None).await;
    assert_eq!(listed.json["games"], json!([]), "{}", listed.text);

    // Without `hot_seat`, a game has no hot-seat link.
    let plain = server.create("duel", "standard", 5, None).await;
    assert!(plain.get("hot_seat").is_none(), "{plain}");
}

/// Tide of Iron for three (two US divisions and the Germans), the computer playing the
/// Germans slowly enough to be caught at it: on its turn the hot seat is refused, hints too,
/// and it shows the first US division's view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hot_seat_is_refused_while_the_computer_is_to_act() {
    let slow = BotSettings {
        pace: Duration::from_secs(600),
        ..BotSettings::default()
    };
    let server = common::start_every_game_with(common::roomy_limits(), slow).await;
    let created = create(
        &server,
        &json!({ "game": "tide-of-iron", "scenario": "le-hameau", "seed": 3,
                 "options": { "TOI-TEAM-3-us": true }, "bots": { "1": "rule" },
                 "hot_seat": true }),
    )
    .await;
    let game = id(&created);
    let hot = created["hot_seat"]["token"].as_str().unwrap().to_owned();
    assert_eq!(created["seats"][1]["token"], Value::Null, "{created}");
    let mut chooser = Chooser::new(3);
    let mut current = state(&server, &game, &hot).await;
    let mut played = 0;
    while current["status"]["to_act"] != 1 {
        let to_act = current["status"]["to_act"].clone();
        assert_eq!(current["you"], to_act, "the hot seat is the person to act");
        assert!(played < 100, "the Germans come to act: {current}");
        let action = chooser.pick(&current);
        let acted = server
            .act(&game, &hot, &action, current["revision"].as_u64())
            .await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        current = acted.json;
        played += 1;
    }
    let current = state(&server, &game, &hot).await;
    assert_eq!(
        current["you"], 0,
        "the first person's seat watches: {current}"
    );
    assert_eq!(current["hot_seat"], true);
    assert!(current["prompt"].is_null() && current["legal_actions"] == json!([]));

    let german = created["seats"][1]["label"].as_str().unwrap();
    let refused = server.act(&game, &hot, &json!("pass"), None).await;
    assert_refused(&refused, StatusCode::CONFLICT, "not_your_turn");
    let reason = refused.json["reason"].as_str().unwrap();
    assert!(
        reason.contains(german) && reason.contains("computer"),
        "{reason}"
    );
    let hint = server
        .get(&format!("/api/games/{game}/hint"), Some(&hot))
        .await;
    assert_refused(&hint, StatusCode::CONFLICT, "not_your_turn");
    assert_eq!(
        state(&server, &game, &hot).await,
        current,
        "nothing changed"
    );
}
