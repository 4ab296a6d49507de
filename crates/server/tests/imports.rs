//! Imports are bounded (issue 33, item 1): a record sent as anything but JSON is refused before
//! it is read, one heavier than the memory bound before it is parsed, and one that sets up no
//! game is a bad record. What many imports at once take is `import_memory.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{TestServer, start};
use overlord_server::Limits;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn games_listed(server: &TestServer) -> usize {
    let listed = server.get("/api/games?status=all", None).await;
    listed.json["games"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_sent_as_plain_text_is_refused_and_creates_nothing() {
    let server = start(common::roomy_limits()).await;
    let body = json!({ "record": server.a_short_record().await }).to_string();
    let before = games_listed(&server).await;

    for content_type in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let mut request = server
            .http
            .post(format!("{}/api/games/import", server.base))
            .body(body.clone());
        if !content_type.is_empty() {
            request = request.header("content-type", content_type);
        }
        let refused = request.send().await.unwrap();
        assert_eq!(
            refused.status(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type}"
        );
        let refused: Value = refused.json().await.unwrap();
        assert_eq!(refused["code"], "not_json");
        assert!(
            refused["reason"]
                .as_str()
                .unwrap()
                .contains("application/json")
        );
    }
    // The other calls that take a body are held to the same.
    let plain_create = server
        .http
        .post(format!("{}/api/games", server.base))
        .header("content-type", "text/plain")
        .body(json!({ "game": "omaha", "scenario": "first-wave" }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(plain_create.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(games_listed(&server).await, before, "nothing was created");

    let imported = server.post_raw("/api/games/import", None, body).await;
    assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text);
    assert_eq!(games_listed(&server).await, before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_naming_an_unknown_scenario_is_a_bad_record() {
    let server = start(common::roomy_limits()).await;
    let mut record = server.a_short_record().await;
    record["scenario"] = json!("no-such-scenario");
    let refused = server
        .post("/api/games/import", None, &json!({ "record": record }))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json["code"], "bad_record", "{}", refused.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_heavier_than_the_memory_bound_is_refused_before_it_is_parsed() {
    let server = start(Limits {
        record_memory: 1 << 20,
        ..common::roomy_limits()
    })
    .await;
    let mut record = server.a_short_record().await;
    record["actions"] = Value::Array(vec![json!({ "a": { "b": 0 } }); 2_000]);
    let refused = server
        .post("/api/games/import", None, &json!({ "record": record }))
        .await;
    assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(refused.json["code"], "too_large", "{}", refused.text);
    assert!(
        refused.json["reason"].as_str().unwrap().contains("memory"),
        "{}",
        refused.text
    );
}
