//! What the database keeps: a game reloads after a restart exactly as it was (from its latest
//! snapshot and the log after it, undos included), and a game saved under another rules
//! version is refused with what to do, while its record can still be exported.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, id, start, token};
use reqwest::StatusCode;
use serde_json::Value;

/// What must survive a restart, from a seat's state.
fn lasting(state: &Value) -> Value {
    let mut state = state.clone();
    state.as_object_mut().unwrap().remove("log");
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_reloads_from_its_snapshot_and_log_exactly_as_it_was() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 21, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let mut state = server.state(&game, Some(&seat)).await.json;
    let mut chooser = Chooser::new(21);
    let mut undos = 0;
    // Past the first snapshot (64 changes), with undos on both sides of it.
    while state["revision"].as_u64().unwrap() < 75 {
        let acted = server.act(&game, &seat, &chooser.pick(&state), None).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        state = acted.json;
        if state["can_undo"] == true && chooser.below(3) == 0 {
            let undone = server.undo(&game, &seat).await;
            assert_eq!(undone.status, StatusCode::OK, "{}", undone.text);
            state = undone.json;
            undos += 1;
        }
    }
    assert!(undos > 0);
    let before = server.state(&game, Some(&seat)).await.json;
    let record_before = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await
        .json;

    let db = rusqlite::Connection::open(&server.db_path).unwrap();
    let snapshots: u64 = db
        .query_row(
            "SELECT count(*) FROM snapshots WHERE game_id = ?1",
            [&game],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(snapshots, 1, "one snapshot at revision 64");
    drop(db);

    let server = server.restart().await;
    let after = server.state(&game, Some(&seat)).await.json;
    assert_eq!(lasting(&after), lasting(&before));
    assert_eq!(after["log"], before["log"], "the log replays too");
    let record_after = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await
        .json;
    assert_eq!(record_after, record_before);
    // Undo works across the restart as it did before it.
    if before["can_undo"] == true {
        let undone = server.undo(&game, &seat).await;
        assert_eq!(undone.status, StatusCode::OK, "{}", undone.text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_another_rules_version_is_refused_with_what_to_do() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 8, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let state = server.state(&game, Some(&seat)).await.json;
    let acted = server
        .act(&game, &seat, &Chooser::new(1).pick(&state), None)
        .await;
    assert_eq!(acted.status, StatusCode::OK);
    let db = rusqlite::Connection::open(&server.db_path).unwrap();
    db.execute(
        "UPDATE games SET rules_version = 'old' WHERE id = ?1",
        [&game],
    )
    .unwrap();
    drop(db);

    let server = server.restart().await;
    let refused = server.state(&game, Some(&seat)).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert_eq!(refused.json["code"], "rules_version");
    let reason = refused.json["reason"].as_str().unwrap();
    assert!(
        reason.contains("version old") && reason.contains("export its record"),
        "{reason}"
    );
    let listed = server.get("/api/games", None).await.json;
    assert!(listed["games"][0]["cannot_resume"].is_string(), "{listed}");
    // Its record still comes out, to be replayed with the build it was played under.
    let record = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await;
    assert_eq!(record.status, StatusCode::OK, "{}", record.text);
    assert_eq!(record.json["rules_version"], "old");
    assert_eq!(record.json["actions"].as_array().unwrap().len(), 1);
}
