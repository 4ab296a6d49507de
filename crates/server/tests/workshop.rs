//! The workshop (Ambush!'s mission editor's server side): a mission file is checked by the
//! game's own validator with file, line and field, saved under its content key, played as a
//! game that survives a restart, and measured by the balance lab; a game without a workshop,
//! a bad name, a bad key and a file too large are refused and change nothing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, TestServer, assert_refused, data_root, id, roomy_limits, token};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn server() -> TestServer {
    common::start_with_every_game(roomy_limits()).await
}

fn template() -> String {
    std::fs::read_to_string(data_root().join("ambush/workshop/new_mission.toml")).unwrap()
}

/// The template with its sheet entry at 0402 pointing at paragraph 150, which it lacks.
fn dangling() -> String {
    let text = template();
    let sheet = "\"0402\" = { 1 = \"s1:101\" }";
    assert!(text.contains(sheet), "the template changed: {sheet}");
    text.replace(sheet, "\"0402\" = { 1 = \"150\" }")
}

fn file(text: &str) -> Value {
    json!({ "file": "x1_test.toml", "text": text })
}

async fn saved_key(server: &TestServer, text: &str) -> String {
    let saved = server
        .post("/api/workshop/ambush/saved", None, &file(text))
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text);
    saved.json["key"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_workshop_lists_its_template_and_the_authored_missions() {
    let server = server().await;
    let listing = server.get("/api/workshop/ambush", None).await;
    assert_eq!(listing.status, StatusCode::OK, "{}", listing.text);
    assert_eq!(listing.json["folder"], "missions");
    assert_eq!(listing.json["template"].as_str().unwrap(), template());
    let authored = listing.json["authored"].as_array().unwrap();
    assert_eq!(authored.len(), 8, "{authored:?}");
    assert!(
        authored
            .iter()
            .any(|a| a["file"] == "s1_crossroads_farm.toml"
                && a["scenario"] == "S1"
                && a["name"] == "Crossroads Farm")
    );
    assert_eq!(listing.json["saved"], json!([]));
    let s1 = server
        .get(
            "/api/workshop/ambush/authored/s1_crossroads_farm.toml",
            None,
        )
        .await;
    assert_eq!(s1.status, StatusCode::OK);
    assert!(s1.text.contains("name = \"Crossroads Farm\""));

    let catalog = server.get("/api/catalog", None).await;
    let has_workshop = |id: &str| {
        catalog.json["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()["workshop"]
            .clone()
    };
    assert_eq!(has_workshop("ambush"), true);
    assert_eq!(has_workshop("omaha"), false);
    let omaha = server.get("/api/workshop/omaha", None).await;
    assert_refused(&omaha, StatusCode::NOT_FOUND, "not_found");
    assert!(omaha.text.contains("no workshop"), "{}", omaha.text);
    let unknown = server.get("/api/workshop/chess", None).await;
    assert_refused(&unknown, StatusCode::NOT_FOUND, "not_found");
    for bad in ["..%2Fcampaign.toml", "S1.toml", "s1_crossroads_farm.txt"] {
        let answer = server
            .get(&format!("/api/workshop/ambush/authored/{bad}"), None)
            .await;
        assert_refused(&answer, StatusCode::BAD_REQUEST, "bad_file");
    }
    let missing = server
        .get("/api/workshop/ambush/authored/m9_nowhere.toml", None)
        .await;
    assert_refused(&missing, StatusCode::NOT_FOUND, "not_found");
}

/// AMBX-PAR: the validator's dangling reference, with file, line and field, and nothing left
/// behind by a check.
#[tokio::test]
async fn a_check_reports_a_dangling_paragraph_at_its_line_and_keeps_nothing() {
    let server = server().await;
    let text = dangling();
    let line = text.lines().position(|l| l.contains("\"150\"")).unwrap() + 1;
    let checked = server
        .post("/api/workshop/ambush/check", None, &file(&text))
        .await;
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.text);
    assert_eq!(checked.json["ok"], false);
    let problems = checked.json["problems"].as_array().unwrap();
    assert!(
        problems.iter().any(|p| p["file"] == "missions/x1_test.toml"
            && p["line"] == line
            && p["message"].as_str().unwrap().contains("150")),
        "{problems:?}"
    );
    assert!(checked.json.get("key").is_none(), "a check saves nothing");

    let fixed = text.replace(
        "[[paragraph]]\nid = \"101\"",
        "[[paragraph]]\nid = \"150\"\ntext = \"A dog barks.\"\neffects = [ { op = \"nothing\" } ]\n\n[[paragraph]]\nid = \"101\"",
    );
    assert_ne!(fixed, text);
    let checked = server
        .post("/api/workshop/ambush/check", None, &file(&fixed))
        .await;
    assert_eq!(checked.json["ok"], true, "{}", checked.text);
    assert_eq!(checked.json["problems"], json!([]));

    let workshop = server.db_path.with_extension("workshop");
    let left: Vec<_> = std::fs::read_dir(workshop.join(".checks"))
        .map(|entries| entries.filter_map(Result::ok).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "a check leaves its copy behind: {left:?}");
    let listing = server.get("/api/workshop/ambush", None).await;
    assert_eq!(listing.json["saved"], json!([]));
}

#[tokio::test]
async fn a_saved_mission_is_listed_read_back_drawn_and_downloaded() {
    let server = server().await;
    let key = saved_key(&server, &template()).await;
    assert_eq!(key.len(), 24);
    let again = server
        .post("/api/workshop/ambush/saved", None, &file(&template()))
        .await;
    assert_eq!(
        again.json["key"],
        key.as_str(),
        "the same file, the same key"
    );
    assert_eq!(again.json["ok"], true, "{}", again.text);
    assert_eq!(again.json["scenarios"][0]["id"], "X1", "{}", again.text);

    let listing = server.get("/api/workshop/ambush", None).await;
    let saved = listing.json["saved"].as_array().unwrap();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0]["key"], key.as_str());
    assert_eq!(saved[0]["scenario"], "X1");
    assert_eq!(saved[0]["ok"], true);

    let read = server
        .get(&format!("/api/workshop/ambush/saved/{key}"), None)
        .await;
    assert_eq!(read.json["text"].as_str().unwrap(), template());
    assert_eq!(read.json["file"], "x1_test.toml");
    let download = server
        .http
        .get(format!(
            "{}/api/workshop/ambush/saved/{key}/file",
            server.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(
        download.headers()["content-disposition"],
        "attachment; filename=\"x1_test.toml\""
    );
    assert_eq!(download.text().await.unwrap(), template());
    let map = server
        .get(
            &format!("/api/workshop/ambush/saved/{key}/map.svg?scenario=X1"),
            None,
        )
        .await;
    assert_eq!(map.status, StatusCode::OK, "{}", map.text);
    assert!(map.text.starts_with("<svg") || map.text.contains("<svg"));
    assert!(map.text.contains("0502"), "the new mission's own map");
    let board = server
        .get(
            &format!("/api/workshop/ambush/saved/{key}/board.json"),
            None,
        )
        .await;
    let catalogs = server.get("/api/catalog/ambush/board.json", None).await;
    assert_eq!(
        board.status, catalogs.status,
        "board data as the catalog's (Ambush!'s views need none): {}",
        board.text
    );

    let unknown = server
        .get(
            &format!("/api/workshop/ambush/saved/{}", "0".repeat(24)),
            None,
        )
        .await;
    assert_refused(&unknown, StatusCode::NOT_FOUND, "not_found");
    let bad = server
        .get("/api/workshop/ambush/saved/..%2F..%2Fetc", None)
        .await;
    assert_refused(&bad, StatusCode::NOT_FOUND, "not_found");
}

#[tokio::test]
async fn a_saved_mission_plays_and_replays_after_a_restart() {
    let server = server().await;
    let key = saved_key(&server, &template()).await;
    let created = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "ambush", "scenario": "X1", "seed": 7, "workshop": key }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let (game, seat) = (id(&created.json), token(&created.json, 0));
    let state = server.state(&game, Some(&seat)).await;
    assert_eq!(state.json["game"]["workshop"], key.as_str());
    let listed = server.get("/api/games", None).await;
    assert_eq!(
        listed.json["games"][0]["workshop"],
        key.as_str(),
        "{}",
        listed.text
    );
    assert_eq!(state.json["game"]["scenario"], "X1");
    let hint = server
        .get(&format!("/api/games/{game}/hint"), Some(&seat))
        .await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.text);
    let mut chooser = Chooser::new(3);
    for _ in 0..12 {
        let state = server.state(&game, Some(&seat)).await.json;
        if state["legal_actions"].as_array().is_none_or(Vec::is_empty) {
            break;
        }
        let action = chooser.pick(&state);
        let acted = server.act(&game, &seat, &action, None).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
    }
    let before = server.state(&game, Some(&seat)).await.json;
    let server = server.restart().await;
    let after = server.state(&game, Some(&seat)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    assert_eq!(
        after.json["view"], before["view"],
        "replayed on the saved data"
    );
    let replay = server
        .get(&format!("/api/games/{game}/replay?at=1"), Some(&seat))
        .await;
    assert_eq!(replay.status, StatusCode::OK, "{}", replay.text);
}

#[tokio::test]
async fn a_game_is_refused_on_a_file_with_problems_an_unknown_key_or_another_scenario() {
    let server = server().await;
    let broken = saved_key(&server, &dangling()).await;
    let create = |key: &str, scenario: &str| json!({ "game": "ambush", "scenario": scenario, "seed": 1, "workshop": key });
    let refused = server
        .post("/api/games", None, &create(&broken, "X1"))
        .await;
    assert_refused(&refused, StatusCode::BAD_REQUEST, "workshop_problems");
    let unknown = server
        .post("/api/games", None, &create(&"a".repeat(24), "X1"))
        .await;
    assert_refused(&unknown, StatusCode::NOT_FOUND, "not_found");
    let key = saved_key(&server, &template()).await;
    let elsewhere = server.post("/api/games", None, &create(&key, "X9")).await;
    assert_refused(&elsewhere, StatusCode::BAD_REQUEST, "unknown_scenario");
    assert!(elsewhere.text.contains("X1"), "{}", elsewhere.text);
    let balance = server
        .post(
            &format!("/api/workshop/ambush/saved/{broken}/balance"),
            None,
            &json!({ "games": 2 }),
        )
        .await;
    assert_refused(&balance, StatusCode::BAD_REQUEST, "workshop_problems");
    let games = server.get("/api/games?status=all", None).await;
    assert_eq!(games.json["games"], json!([]), "nothing was created");
}

#[tokio::test]
async fn the_balance_lab_plays_a_saved_mission_with_the_rule_bot() {
    let server = server().await;
    let key = saved_key(&server, &template()).await;
    let path = format!("/api/workshop/ambush/saved/{key}/balance");
    let balance = server
        .post(&path, None, &json!({ "games": 4, "seed": 11 }))
        .await;
    assert_eq!(balance.status, StatusCode::OK, "{}", balance.text);
    let json = &balance.json;
    assert_eq!(json["scenario"], "X1");
    assert_eq!(json["games"], 4);
    assert_eq!(json["bot"], "rule");
    let seat = &json["seats"][0];
    let wins = seat["wins"].as_u64().unwrap();
    assert!(wins <= 4);
    let (rate, low, high) = (
        seat["rate"].as_f64().unwrap(),
        seat["low"].as_f64().unwrap(),
        seat["high"].as_f64().unwrap(),
    );
    assert!((rate - wins as f64 / 4.0).abs() < 1e-9);
    assert!(low <= rate && rate <= high && high - low > 0.2, "{json}");
    assert!(json["mean_decisions"].as_f64().unwrap() > 5.0, "{json}");
    let again = server
        .post(&path, None, &json!({ "games": 4, "seed": 11 }))
        .await;
    assert_eq!(
        again.json["seats"], json["seats"],
        "the same seed, the same games"
    );
    for games in [0, 201] {
        let refused = server.post(&path, None, &json!({ "games": games })).await;
        assert_refused(&refused, StatusCode::BAD_REQUEST, "bad_balance");
    }
    let unknown = server
        .post(&path, None, &json!({ "games": 1, "scenario": "X9" }))
        .await;
    assert!(unknown.status.is_client_error(), "{}", unknown.text);
}

#[tokio::test]
async fn bad_files_are_refused_and_change_nothing() {
    let server = server().await;
    let bad_name = server
        .post(
            "/api/workshop/ambush/saved",
            None,
            &json!({ "file": "../campaign.toml", "text": template() }),
        )
        .await;
    assert_refused(&bad_name, StatusCode::BAD_REQUEST, "bad_file");
    let huge = "#".repeat(300 * 1024);
    let too_large = server
        .post("/api/workshop/ambush/check", None, &file(&huge))
        .await;
    assert_eq!(
        too_large.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        too_large.text
    );
    let not_json = server
        .post_raw("/api/workshop/ambush/check", None, "text = 1".to_owned())
        .await;
    assert_refused(&not_json, StatusCode::BAD_REQUEST, "bad_json");
    let extra = server
        .post(
            "/api/workshop/ambush/check",
            None,
            &json!({ "file": "x1.toml", "text": "", "more": 1 }),
        )
        .await;
    assert_refused(&extra, StatusCode::BAD_REQUEST, "bad_json");
    let not_toml = server
        .post("/api/workshop/ambush/check", None, &file("[mission\nid ="))
        .await;
    assert_eq!(not_toml.json["ok"], false, "{}", not_toml.text);
    assert_eq!(
        not_toml.json["problems"][0]["file"],
        "missions/x1_test.toml"
    );
    let listing = server.get("/api/workshop/ambush", None).await;
    assert_eq!(listing.json["saved"], json!([]));
}
