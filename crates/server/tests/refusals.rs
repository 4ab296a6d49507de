//! Every refusal: the right 4xx with a code and a reason, and the game exactly as it was.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{TestServer, assert_refused, id, start, token};
use futures_util::{SinkExt, StreamExt};
use overlord_server::Limits;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Everything that must not change when a request is refused: the seat's whole state.
async fn snapshot(server: &TestServer, game: &str, token: &str) -> Value {
    let state = server.state(game, Some(token)).await;
    assert_eq!(state.status, StatusCode::OK, "{}", state.text);
    state.json
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_seats_bad_tokens_and_bad_actions_are_refused_and_change_nothing() {
    let server = start(common::roomy_limits()).await;
    let duel = server.create("duel", "standard", 5, None).await;
    let (game, first, second) = (id(&duel), token(&duel, 0), token(&duel, 1));
    let other = server.create("duel", "standard", 6, None).await;
    let before = snapshot(&server, &game, &first).await;
    let draw = json!("draw");
    assert!(
        before["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|legal| legal["action"] == draw),
        "{before}"
    );

    // The other seat acting out of turn.
    let out_of_turn = server.act(&game, &second, &draw, None).await;
    assert_refused(&out_of_turn, StatusCode::CONFLICT, "not_your_turn");
    // Another game's link.
    let wrong_game = server.act(&game, &token(&other, 0), &draw, None).await;
    assert_refused(&wrong_game, StatusCode::FORBIDDEN, "wrong_game");
    // A token nobody has.
    let bad = server.act(&game, &"f".repeat(64), &draw, None).await;
    assert_refused(&bad, StatusCode::UNAUTHORIZED, "bad_token");
    let bad_state = server.state(&game, Some("nope")).await;
    assert_refused(&bad_state, StatusCode::UNAUTHORIZED, "bad_token");
    // No token: a spectator may watch, not act.
    let spectator = server
        .post(
            &format!("/api/games/{game}/actions"),
            None,
            &json!({ "action": draw }),
        )
        .await;
    assert_refused(&spectator, StatusCode::UNAUTHORIZED, "bad_token");
    // An Authorization header that is not a bearer token.
    let basic = server
        .http
        .post(format!("{}/api/games/{game}/actions", server.base))
        .header("authorization", "Basic Zm9vOmJhcg==")
        .body(json!({ "action": draw }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(basic.status(), StatusCode::UNAUTHORIZED);

    // Malformed JSON, JSON of the wrong shape, and an action of no game.
    let malformed = server
        .post_raw(
            &format!("/api/games/{game}/actions"),
            Some(&first),
            "{\"action\": ".into(),
        )
        .await;
    assert_refused(&malformed, StatusCode::BAD_REQUEST, "bad_json");
    let shapeless = server
        .post(
            &format!("/api/games/{game}/actions"),
            Some(&first),
            &json!({ "move": 1 }),
        )
        .await;
    assert_refused(&shapeless, StatusCode::BAD_REQUEST, "bad_json");
    let not_an_action = server
        .act(&game, &first, &json!({ "castle": "kingside" }), None)
        .await;
    assert_refused(&not_an_action, StatusCode::BAD_REQUEST, "bad_action");
    // A real action that the rules do not allow now: the engine's refusal, with its rule.
    let illegal = server.act(&game, &first, &json!("confirm"), None).await;
    assert_refused(&illegal, StatusCode::UNPROCESSABLE_ENTITY, "refused");
    // A choice made from a state the game has moved on from.
    let stale = server.act(&game, &first, &draw, Some(7)).await;
    assert_refused(&stale, StatusCode::CONFLICT, "stale");
    // Undo with nothing to take back.
    let nothing = server.undo(&game, &first).await;
    assert_refused(&nothing, StatusCode::CONFLICT, "cannot_undo");
    // The record of a game of several seats in progress.
    let record = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&first),
        )
        .await;
    assert_refused(&record, StatusCode::FORBIDDEN, "record_hidden");
    let record = server.get(&format!("/api/games/{game}/record"), None).await;
    assert_refused(&record, StatusCode::UNAUTHORIZED, "bad_token");

    assert_eq!(
        snapshot(&server, &game, &first).await,
        before,
        "nothing changed"
    );

    // The turn passes: now the first seat is out of turn, and may not undo the second's move.
    let legal = server.act(&game, &first, &json!("pass"), Some(0)).await;
    assert_eq!(legal.status, StatusCode::OK, "{}", legal.text);
    let passed = server.act(&game, &second, &json!("pass"), Some(1)).await;
    assert_eq!(passed.status, StatusCode::OK, "{}", passed.text);
    let after = snapshot(&server, &game, &first).await;
    assert_eq!(
        after["can_undo"], false,
        "the last action is the second seat's"
    );
    let foreign_undo = server.undo(&game, &first).await;
    assert_refused(&foreign_undo, StatusCode::FORBIDDEN, "not_your_action");
    assert_eq!(snapshot(&server, &game, &first).await, after);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_games_scenarios_and_seat_counts_are_refused() {
    let server = start(common::roomy_limits()).await;
    let missing = server.state("0000000000000000", None).await;
    assert_refused(&missing, StatusCode::NOT_FOUND, "not_found");
    let game = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "chess", "scenario": "x" }),
        )
        .await;
    assert_refused(&game, StatusCode::BAD_REQUEST, "unknown_game");
    let scenario = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "x" }),
        )
        .await;
    assert_refused(&scenario, StatusCode::BAD_REQUEST, "unknown_scenario");
    assert!(
        scenario.json["reason"]
            .as_str()
            .unwrap()
            .contains("first-wave")
    );
    let seats = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "seats": 2 }),
        )
        .await;
    assert_refused(&seats, StatusCode::BAD_REQUEST, "bad_seats");
    let options = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "options": { "no-such": true, "effective_bombardment": "yes" } }),
        )
        .await;
    assert_refused(&options, StatusCode::BAD_REQUEST, "bad_options");
    let unknown_field = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "sedd": 3 }),
        )
        .await;
    assert_refused(&unknown_field, StatusCode::BAD_REQUEST, "bad_json");
    let listed = server.get("/api/games?status=maybe", None).await;
    assert_refused(&listed, StatusCode::BAD_REQUEST, "bad_query");
    let bad_record = server
        .post(
            "/api/games/import",
            None,
            &json!({ "record": { "format": 1, "game": "omaha", "rules_version": "0",
                "scenario": "first-wave", "options": null, "randomness": { "seed": 1 },
                "actions": [] } }),
        )
        .await;
    assert_refused(&bad_record, StatusCode::UNPROCESSABLE_ENTITY, "bad_record");
    assert!(
        bad_record.json["reason"]
            .as_str()
            .unwrap()
            .contains("rules version")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_body_is_refused_before_it_is_read() {
    let limits = Limits {
        body_bytes: 1024,
        ..common::roomy_limits()
    };
    let server = start(limits).await;
    let duel = server.create("duel", "standard", 5, None).await;
    let (game, seat) = (id(&duel), token(&duel, 0));
    let before = snapshot(&server, &game, &seat).await;
    let padding = "x".repeat(2048);
    let big = server
        .post(
            &format!("/api/games/{game}/actions"),
            Some(&seat),
            &json!({ "action": "draw", "padding": padding }),
        )
        .await;
    assert_refused(&big, StatusCode::PAYLOAD_TOO_LARGE, "too_large");
    assert_eq!(snapshot(&server, &game, &seat).await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_slowed_down_with_429_over_http_and_the_websocket() {
    let limits = Limits {
        token_burst: 5.0,
        token_per_second: 0.01,
        ..common::roomy_limits()
    };
    let server = start(limits).await;
    let duel = server.create("duel", "standard", 5, None).await;
    let (game, seat) = (id(&duel), token(&duel, 0));
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(server.state(&game, Some(&seat)).await);
    }
    assert!(statuses[..5].iter().all(|a| a.status == StatusCode::OK));
    let flooded = &statuses[7];
    assert_refused(flooded, StatusCode::TOO_MANY_REQUESTS, "too_many_requests");
    assert!(flooded.json["retry_after_s"].as_u64().unwrap() >= 1);
    // Another seat's budget is its own.
    let other = server.state(&game, Some(&token(&duel, 1))).await;
    assert_eq!(other.status, StatusCode::OK);

    // The WebSocket: the same budget per message (the second seat has 4 left after the
    // request above and the connection itself).
    let url = format!(
        "{}/api/games/{game}/ws?token={}",
        server.ws_base,
        token(&duel, 1)
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut refused = false;
    for _ in 0..10 {
        socket
            .send(Message::Text(json!({ "type": "state" }).to_string().into()))
            .await
            .unwrap();
    }
    let deadline = std::time::Duration::from_secs(30);
    while let Ok(Some(Ok(message))) = tokio::time::timeout(deadline, socket.next()).await {
        let Message::Text(text) = message else {
            continue;
        };
        let message: Value = serde_json::from_str(text.as_str()).unwrap();
        if message["type"] == "error" {
            assert_eq!(message["error"]["status"], 429, "{message}");
            refused = true;
            break;
        }
    }
    assert!(refused, "the socket flood was slowed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_refusals_come_back_as_error_messages_and_change_nothing() {
    let server = start(common::roomy_limits()).await;
    let duel = server.create("duel", "standard", 5, None).await;
    let (game, first, second) = (id(&duel), token(&duel, 0), token(&duel, 1));
    let before = snapshot(&server, &game, &first).await;
    let bad_token = tokio_tungstenite::connect_async(format!(
        "{}/api/games/{game}/ws?token=nope",
        server.ws_base
    ))
    .await;
    assert!(bad_token.is_err(), "a bad token gets no socket");

    let url = format!("{}/api/games/{game}/ws?token={second}", server.ws_base);
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first_message = socket.next().await.unwrap().unwrap();
    let first_message: Value = serde_json::from_str(first_message.to_text().unwrap()).unwrap();
    assert_eq!(first_message["type"], "state");
    assert_eq!(first_message["state"]["you"], 1);
    for (request, code) in [
        (
            json!({ "type": "act", "action": "draw", "id": 1 }),
            "not_your_turn",
        ),
        (json!({ "type": "dance", "id": 2 }), "bad_json"),
        (json!({ "type": "undo", "id": 3 }), "cannot_undo"),
    ] {
        socket
            .send(Message::Text(request.to_string().into()))
            .await
            .unwrap();
        let answer = socket.next().await.unwrap().unwrap();
        let answer: Value = serde_json::from_str(answer.to_text().unwrap()).unwrap();
        assert_eq!(answer["type"], "error", "{answer}");
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }
    assert_eq!(snapshot(&server, &game, &first).await, before);
}
