//! The smaller defects of issue 33 (item 9), each refused or answered as the docs say: every
//! API error is JSON (unknown routes, wrong methods); the `Bearer` scheme in any case; the
//! headers that keep pages to themselves; no answer to a host name the server was not given
//! (DNS rebinding); labels without control or text-direction characters; a refused action
//! shown as it was sent; imported games with scripted dice marked in the listing; games
//! created only so fast from one address; a game's undos bounded (each is a row kept for
//! good); games untouched past the retention deleted.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{TestServer, id, start, token};
use overlord_server::Limits;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn raw(server: &TestServer, method: reqwest::Method, path: &str) -> reqwest::Response {
    server
        .http
        .request(method, format!("{}{path}", server.base))
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_api_error_is_json_even_for_unknown_routes_and_methods() {
    let server = start(common::roomy_limits()).await;
    for (method, path, status, code) in [
        (reqwest::Method::GET, "/api/nothing", 404, "not_found"),
        (
            reqwest::Method::DELETE,
            "/api/nothing/here",
            404,
            "not_found",
        ),
        (
            reqwest::Method::PUT,
            "/api/games",
            405,
            "method_not_allowed",
        ),
        (
            reqwest::Method::DELETE,
            "/api/catalog",
            405,
            "method_not_allowed",
        ),
    ] {
        let answer = raw(&server, method.clone(), path).await;
        assert_eq!(answer.status().as_u16(), status, "{method} {path}");
        let body: Value = answer.json().await.unwrap();
        assert_eq!(body["code"], code, "{method} {path}: {body}");
        assert!(body["reason"].as_str().is_some_and(|r| !r.is_empty()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bearer_scheme_is_read_in_any_case() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 1, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let state: Value = server
            .http
            .get(format!("{}/api/games/{game}", server.base))
            .header("authorization", format!("{scheme} {seat}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(state["you"], 0, "{scheme}: {state}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_answers_carry_the_headers_that_keep_them_to_themselves() {
    let server = start(common::roomy_limits()).await;
    for path in ["/", "/api/catalog", "/api/nothing"] {
        let answer = raw(&server, reqwest::Method::GET, path).await;
        let headers = answer.headers();
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert!(policy.contains("default-src 'self'"), "{path}: {policy}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_on_loopback_answers_no_other_host_name() {
    let server = start(common::roomy_limits()).await;
    let port = server.base.rsplit(':').next().unwrap().to_owned();
    let with_host = |host: String| {
        server
            .http
            .get(format!("{}/api/catalog", server.base))
            .header("host", host)
            .send()
    };
    let rebound = with_host(format!("attacker.example:{port}")).await.unwrap();
    assert_eq!(rebound.status(), StatusCode::MISDIRECTED_REQUEST);
    let body: Value = rebound.json().await.unwrap();
    assert_eq!(body["code"], "bad_host");
    assert!(body["reason"].as_str().unwrap().contains("--allowed-host"));
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let answer = with_host(host.clone()).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{host}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn labels_with_control_or_direction_characters_are_refused() {
    let server = start(common::roomy_limits()).await;
    for label in [
        "Alice\u{202E}gnp.exe",
        "two\nlines",
        "\u{2067}hidden\u{2069}",
        "bell\u{7}",
    ] {
        let refused = server
            .post(
                "/api/games",
                None,
                &json!({ "game": "omaha", "scenario": "first-wave", "labels": [label] }),
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{label:?}");
        assert_eq!(refused.json["code"], "bad_labels", "{label:?}");
    }
    let listed = server.get("/api/games?status=all", None).await;
    assert_eq!(listed.json["games"].as_array().unwrap().len(), 0);
    let fine = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "labels": ["Émile Zoë"] }),
        )
        .await;
    assert_eq!(fine.status, StatusCode::CREATED, "{}", fine.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_action_is_shown_as_it_was_sent() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 1, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let action = json!({ "place_in_box": { "landing_box": 16, "unit": 255 } });
    let refused = server.act(&game, &seat, &action, None).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.text
    );
    let reason = refused.json["reason"].as_str().unwrap();
    assert!(
        reason.contains(r#"{"place_in_box":{"unit":255,"landing_box":16}}"#),
        "{reason}"
    );
    assert!(!reason.contains("PlaceInBox"), "Rust's own form: {reason}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_game_with_scripted_dice_is_marked_in_the_listing() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 3, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let mut record = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await
        .json;
    let fair = server
        .post(
            "/api/games/import",
            None,
            &json!({ "record": record.clone() }),
        )
        .await;
    assert_eq!(fair.status, StatusCode::CREATED, "{}", fair.text);
    record["randomness"]["script"] = json!([]);
    let scripted = server
        .post("/api/games/import", None, &json!({ "record": record }))
        .await;
    assert_eq!(scripted.status, StatusCode::CREATED, "{}", scripted.text);
    let listed = server.get("/api/games", None).await.json;
    let marked = |id: &str| {
        listed["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()
            .get("scripted")
            .cloned()
    };
    assert_eq!(marked(&id(&scripted.json)), Some(json!(true)));
    assert_eq!(marked(&id(&fair.json)), None);
    assert_eq!(marked(&game), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_creates_games_only_so_fast() {
    let server = start(Limits {
        creations_burst: 3.0,
        creations_per_minute: 0.001,
        ..common::roomy_limits()
    })
    .await;
    let created = server.create("omaha", "first-wave", 1, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    for seed in 2..4 {
        server.create("omaha", "first-wave", seed, None).await;
    }
    let refused = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave" }),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.text
    );
    let record = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await
        .json;
    let imported = server
        .post("/api/games/import", None, &json!({ "record": record }))
        .await;
    assert_eq!(
        imported.status,
        StatusCode::TOO_MANY_REQUESTS,
        "imports count too"
    );
    // Playing is not creating: the seat goes on.
    let state = server.state(&game, Some(&seat)).await;
    assert_eq!(state.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_takes_back_only_so_many_actions() {
    let server = start(Limits {
        undos_per_game: 2,
        ..common::roomy_limits()
    })
    .await;
    let created = server.create("omaha", "first-wave", 1, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let mut chooser = common::Chooser::new(4);
    let mut undone = 0;
    for _ in 0..500 {
        let state = server.state(&game, Some(&seat)).await.json;
        let action = chooser.pick(&state);
        let acted = server.act(&game, &seat, &action, None).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        if acted.json["can_undo"] != true {
            continue;
        }
        let undo = server.undo(&game, &seat).await;
        if undone < 2 {
            assert_eq!(undo.status, StatusCode::OK, "{}", undo.text);
            undone += 1;
        } else {
            assert_eq!(undo.status, StatusCode::CONFLICT, "{}", undo.text);
            assert_eq!(undo.json["code"], "too_many_undos", "{}", undo.text);
            return;
        }
        // Play on from what was taken back (the same action again is allowed).
        let again = server.act(&game, &seat, &action, None).await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    }
    panic!("never reached a third undo");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_untouched_past_the_retention_are_deleted_and_played_ones_kept() {
    let server = start(Limits {
        retention: Some(Duration::from_secs(3)),
        ..common::roomy_limits()
    })
    .await;
    let abandoned = id(&server.create("omaha", "first-wave", 1, None).await);
    let played = server.create("omaha", "first-wave", 2, None).await;
    let (game, seat) = (id(&played), token(&played, 0));
    let mut chooser = common::Chooser::new(5);
    let started = Instant::now();
    loop {
        let state = server.state(&game, Some(&seat)).await;
        assert_eq!(state.status, StatusCode::OK, "a game played on was deleted");
        let action = chooser.pick(&state.json);
        let acted = server.act(&game, &seat, &action, None).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        if server.state(&abandoned, None).await.status == StatusCode::NOT_FOUND {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the abandoned game was never deleted"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let listed = server.get("/api/games?status=all", None).await.json;
    let ids: Vec<&str> = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [game.as_str()]);
}
