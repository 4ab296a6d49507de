//! What the browser client reads besides a seat's state: the scenarios' options, the board
//! data and the map's per-hex ids, the rules reference its rule links open, the replay
//! slider's frames, the pages themselves; and refusals that name the seats as the table
//! does.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, id, start, token};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeSet;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalog_offers_each_scenarios_options() {
    let server = start(common::roomy_limits()).await;
    let catalog = server.get("/api/catalog", None).await;
    let omaha = catalog.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "omaha")
        .unwrap();
    let scenario = |id: &str| {
        omaha["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap()
            .clone()
    };
    let options = |id: &str| -> Vec<String> {
        scenario(id)["options"]
            .as_array()
            .map(|o| {
                o.iter()
                    .map(|o| o["id"].as_str().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        options("first-wave"),
        ["22.1", "22.2", "22.3", "two-player"]
    );
    // Easy Fox is the East sector alone: no game for two (P-SETUP, rule 1).
    assert!(!options("easy-fox").contains(&"two-player".to_owned()));
    assert!(options("d-day").contains(&"23".to_owned()));
    assert!(
        scenario("first-wave")["options"][0]["name"]
            .as_str()
            .unwrap()
            .contains("22.1")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_data_and_the_map_name_every_hex_and_box() {
    let server = start(common::roomy_limits()).await;
    let board = server.get("/api/catalog/omaha/board.json", None).await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.text);
    let hexes: BTreeSet<String> = board.json["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap().to_owned())
        .collect();
    assert!(hexes.len() > 500);
    let svg = server.get("/api/catalog/omaha/map.svg", None).await;
    assert_eq!(svg.status, StatusCode::OK);
    for hex in &hexes {
        assert!(
            svg.text.contains(&format!("data-hex=\"{hex}\"")),
            "the map names hex {hex}"
        );
    }
    for b in board.json["boxes"].as_array().unwrap() {
        let name = b["name"].as_str().unwrap();
        assert!(
            svg.text.contains(&format!("data-box=\"{name}\"")),
            "box {name}"
        );
    }
    for colour in ["red", "purple", "green", "blue", "orange", "brown"] {
        assert!(svg.text.contains(&format!("data-layer=\"fire:{colour}\"")));
    }
    // Every slot is a hex of the map.
    for (slot, hex) in board.json["slots"].as_object().unwrap() {
        assert!(hexes.contains(hex.as_str().unwrap()), "slot {slot}");
    }
    let unknown = server.get("/api/catalog/chess/board.json", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json["code"], "not_found");
}

/// Every rule id a game's log and prompts cite opens a text: its own, or the rule around it
/// (5.14 -> 5.1 -> 5), as the client looks them up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rule_a_game_cites_has_a_text_to_open() {
    let server = start(common::roomy_limits()).await;
    let rules = server.get("/api/catalog/omaha/rules", None).await;
    assert_eq!(rules.status, StatusCode::OK, "{}", rules.text);
    assert_eq!(rules.json["authored_by"], "Overlord project");
    assert!(
        rules.json["about"]
            .as_str()
            .unwrap()
            .contains("restatement")
    );
    let known: BTreeSet<String> = rules.json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert!(!r["text"].as_str().unwrap().trim().is_empty(), "{r}");
            r["id"].as_str().unwrap().to_owned()
        })
        .collect();
    let opens = |id: &str| {
        let mut candidate = id.split('-').next().unwrap_or(id).to_owned();
        if known.contains(id) {
            return true;
        }
        loop {
            if known.contains(&candidate) {
                return true;
            }
            if !candidate.contains('.') {
                return false;
            }
            candidate.pop();
            if candidate.ends_with('.') {
                candidate.pop();
            }
        }
    };
    let created = server.create("omaha", "first-wave", 31, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let mut chooser = Chooser::new(31);
    let mut cited = BTreeSet::new();
    for _ in 0..120 {
        let state = server.state(&game, Some(&seat)).await;
        if let Some(rule) = state.json["prompt"]["rule"].as_str() {
            cited.insert(rule.to_owned());
        }
        if state.json["legal_actions"].as_array().unwrap().is_empty() {
            break;
        }
        let action = chooser.pick(&state.json);
        assert_eq!(
            server.act(&game, &seat, &action, None).await.status,
            StatusCode::OK
        );
    }
    let state = server.state(&game, Some(&seat)).await;
    for line in state.json["log"]["lines"].as_array().unwrap() {
        cited.insert(line["rule"].as_str().unwrap().to_owned());
    }
    assert!(cited.len() > 10, "{cited:?}");
    for rule in &cited {
        assert!(
            opens(rule),
            "rule {rule} has no text in data/omaha/rules.toml"
        );
    }
    let unknown = server.get("/api/catalog/chess/rules", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(
        unknown.json["reason"]
            .as_str()
            .unwrap()
            .contains("/api/catalog")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_frames_follow_the_record_through_undo() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 7, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let start = server
        .get(&format!("/api/games/{game}/replay?at=0"), Some(&seat))
        .await;
    assert_eq!(start.status, StatusCode::OK, "{}", start.text);
    assert_eq!(start.json["at"], 0);
    assert_eq!(start.json["actions"], 0);
    assert_eq!(start.json["last_action"], Value::Null);
    assert_eq!(start.json["you"], 0);

    let mut chooser = Chooser::new(7);
    for _ in 0..6 {
        let state = server.state(&game, Some(&seat)).await;
        let action = chooser.pick(&state.json);
        server.act(&game, &seat, &action, None).await;
    }
    let state = server.state(&game, Some(&seat)).await;
    let actions = state.json["actions"].as_u64().unwrap();
    // Without `at`, the frame is the game as it stands.
    let whole = server
        .get(&format!("/api/games/{game}/replay"), Some(&seat))
        .await;
    assert_eq!(whole.json["at"], actions);
    assert_eq!(whole.json["view"], state.json["view"]);
    assert!(
        whole.json["last_action"]["label"].is_string(),
        "the seat's own action is named"
    );
    let spectator = server
        .get(&format!("/api/games/{game}/replay?at=2"), None)
        .await;
    assert_eq!(spectator.json["you"], Value::Null);
    assert_eq!(
        spectator.json["last_action"]["label"],
        Value::Null,
        "a spectator chose nothing"
    );

    let beyond = server
        .get(
            &format!("/api/games/{game}/replay?at={}", actions + 1),
            Some(&seat),
        )
        .await;
    assert_eq!(beyond.status, StatusCode::BAD_REQUEST);
    assert_eq!(beyond.json["code"], "bad_query");
    assert!(
        beyond.json["reason"]
            .as_str()
            .unwrap()
            .contains(&format!("0 to {actions}"))
    );
    let bad = server
        .get(
            &format!("/api/games/{game}/replay?at=1"),
            Some(&"0".repeat(64)),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
    let missing = server
        .get("/api/games/0000000000000000/replay?at=1", None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    // Play until an action can be taken back, take it back: the frames end one earlier.
    let mut undone = false;
    for _ in 0..40 {
        let state = server.state(&game, Some(&seat)).await;
        if state.json["can_undo"] == true {
            assert_eq!(server.undo(&game, &seat).await.status, StatusCode::OK);
            undone = true;
            break;
        }
        let action = chooser.pick(&state.json);
        server.act(&game, &seat, &action, None).await;
    }
    assert!(undone, "some action could be taken back");
    let state = server.state(&game, Some(&seat)).await;
    let actions = state.json["actions"].as_u64().unwrap();
    let end = server
        .get(&format!("/api/games/{game}/replay"), Some(&seat))
        .await;
    assert_eq!(end.json["at"], actions);
    assert_eq!(end.json["view"], state.json["view"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_out_of_turn_is_refused_naming_both_seats() {
    let server = start(common::roomy_limits()).await;
    let created = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "seed": 11,
                     "options": { "two-player": true } }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game = id(&created.json);
    let tokens = [token(&created.json, 0), token(&created.json, 1)];
    let state = server.state(&game, Some(&tokens[0])).await;
    let to_act = state.json["status"]["to_act"].as_u64().unwrap() as usize;
    let deciding = server.state(&game, Some(&tokens[to_act])).await;
    let action = deciding.json["legal_actions"][0]["action"].clone();
    let other = 1 - to_act;
    let refused = server.act(&game, &tokens[other], &action, None).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.json["code"], "not_your_turn");
    let labels = ["1st Division", "29th Division"];
    let reason = refused.json["reason"].as_str().unwrap();
    assert!(
        reason.contains(&format!("it is {}'s decision", labels[to_act]))
            && reason.contains(&format!("({})", labels[other])),
        "{reason}"
    );
    let after = server.state(&game, Some(&tokens[to_act])).await;
    assert_eq!(after.json["revision"], deciding.json["revision"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_is_served_at_every_route_it_owns() {
    let server = start(common::roomy_limits()).await;
    for path in ["/", "/play/0fa69203e5eab75e", "/rules/omaha"] {
        let page = server.get(path, None).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(
            page.text
                .contains("<script type=\"module\" src=\"/app.js\">"),
            "{path}"
        );
    }
    for file in [
        "/app.js",
        "/api.js",
        "/board.js",
        "/counters.js",
        "/prompt.js",
        "/log.js",
        "/replay.js",
        "/lobby.js",
        "/sight.js",
        "/games/omaha.js",
        "/style.css",
        "/favicon.svg",
    ] {
        let answer = server
            .http
            .get(format!("{}{file}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{file}");
    }
    // The client's tests and their node packages are not part of it.
    for path in [
        "/nothing.js",
        "/e2e/package.json",
        "/e2e/solo.mjs",
        "/test/log.test.mjs",
    ] {
        assert_eq!(
            server.get(path, None).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

/// The polygons' `data-hex` names of a map, in order.
fn hex_names(svg: &str) -> Vec<&str> {
    svg.split("<polygon data-hex=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scenario_that_assembles_its_map_is_served_its_own() {
    let server = common::start_with_every_game(common::roomy_limits()).await;
    let catalog = server.get("/api/catalog", None).await;
    let scenarios: Vec<String> = catalog.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "tide-of-iron")
        .unwrap()["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(scenarios.contains(&"cote-192".to_owned()), "{scenarios:?}");
    let registry = overlord_registry::registry();
    let toi = registry.get("tide-of-iron").unwrap();
    let dir = common::data_root().join("tide-of-iron");
    let boards = server.get("/api/catalog/tide-of-iron/map.svg", None).await;
    assert_eq!(boards.status, StatusCode::OK);
    for scenario in &scenarios {
        let path = format!("/api/catalog/tide-of-iron/map.svg?scenario={scenario}");
        let map = server.get(&path, None).await;
        assert_eq!(map.status, StatusCode::OK, "{scenario}: {}", map.text);
        let own = toi.scenario_svg(&dir, scenario).unwrap().unwrap().unwrap();
        assert!(map.text == own, "{scenario}: the map is the scenario's own");
        assert!(map.text != boards.text, "{scenario}: not the board faces");
        // Its hexes are named board and label, each once, as the game names them.
        let names = hex_names(&map.text);
        assert!(names.len() > 50, "{scenario}: {} hexes", names.len());
        assert!(
            names.iter().all(|n| n.contains(':')),
            "{scenario}: {names:?}"
        );
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len(), "{scenario}: a name repeats");
        // Asked again, the same drawing (kept, not drawn anew).
        assert_eq!(server.get(&path, None).await.text, map.text);
    }
    let answer = server
        .http
        .get(format!(
            "{}/api/catalog/tide-of-iron/map.svg?scenario=cote-192",
            server.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.headers()["content-type"], "image/svg+xml");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_scenario_map_is_a_404_that_names_the_scenarios() {
    let server = common::start_with_every_game(common::roomy_limits()).await;
    let unknown = server
        .get("/api/catalog/tide-of-iron/map.svg?scenario=nowhere", None)
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.text);
    assert_eq!(unknown.json["code"], "not_found");
    let reason = unknown.json["reason"].as_str().unwrap();
    assert!(
        reason.contains("no scenario `nowhere`") && reason.contains("cote-192"),
        "{reason}"
    );
    // An unknown game stays the 404 it was, scenario or not.
    let chess = server
        .get("/api/catalog/chess/map.svg?scenario=nowhere", None)
        .await;
    assert_eq!(chess.status, StatusCode::NOT_FOUND);
    assert!(
        chess.json["reason"]
            .as_str()
            .unwrap()
            .contains("no map for `chess`")
    );
    let misspelt = server
        .get("/api/catalog/tide-of-iron/map.svg?scenery=cote-192", None)
        .await;
    assert_eq!(misspelt.status, StatusCode::BAD_REQUEST);
    assert_eq!(misspelt.json["code"], "bad_query");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_scenarios_share_its_map_ignores_the_scenario() {
    let server = start(common::roomy_limits()).await;
    let map = server.get("/api/catalog/omaha/map.svg", None).await;
    assert_eq!(map.status, StatusCode::OK);
    for scenario in ["first-wave", "nowhere", ""] {
        let asked = server
            .get(
                &format!("/api/catalog/omaha/map.svg?scenario={scenario}"),
                None,
            )
            .await;
        assert_eq!(asked.status, StatusCode::OK, "{scenario}: {}", asked.text);
        assert!(asked.text == map.text, "{scenario}: the one map");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sight_is_a_404_for_a_game_without_it_and_a_400_for_a_bad_unit() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", 5, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let unit = server.state(&game, Some(&seat)).await.json["view"]["units"][0]["id"]
        .as_u64()
        .unwrap_or(0);
    for token in [Some(seat.as_str()), None] {
        let none = server
            .get(&format!("/api/games/{game}/sight?unit={unit}"), token)
            .await;
        assert_eq!(none.status, StatusCode::NOT_FOUND, "{}", none.text);
        assert_eq!(none.json["code"], "no_sight");
        let reason = none.json["reason"].as_str().unwrap();
        assert!(
            reason.contains(&format!("no line of sight from unit {unit}")),
            "{reason}"
        );
    }
    for (query, says) in [
        ("", "?unit=N"),
        ("?unit=", "?unit=N"),
        ("?unit=abc", "not `abc`"),
        ("?unit=-1", "not `-1`"),
        ("?unit=99999999999", "not `99999999999`"),
        ("?units=3", "unknown field"),
    ] {
        let bad = server
            .get(&format!("/api/games/{game}/sight{query}"), Some(&seat))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{query}: {}", bad.text);
        assert_eq!(bad.json["code"], "bad_query", "{query}");
        let reason = bad.json["reason"].as_str().unwrap();
        assert!(reason.contains(says), "{query}: {reason}");
    }
    let missing = server
        .get("/api/games/0000000000000000/sight?unit=1", None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json["code"], "not_found");
    let stranger = server
        .get(
            &format!("/api/games/{game}/sight?unit={unit}"),
            Some(&"0".repeat(64)),
        )
        .await;
    assert_eq!(stranger.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sight_names_hexes_of_the_scenarios_own_map() {
    let server = common::start_with_every_game(common::roomy_limits()).await;
    let created = server.create("tide-of-iron", "le-hameau", 3, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    let state = server.state(&game, Some(&seat)).await;
    let units = state.json["view"]["units"].as_array().unwrap().clone();
    let on_map: Vec<&Value> = units.iter().filter(|u| u["hex"].is_string()).collect();
    assert!(!on_map.is_empty(), "{units:?}");
    let map = server
        .get("/api/catalog/tide-of-iron/map.svg?scenario=le-hameau", None)
        .await;
    let drawn: BTreeSet<&str> = hex_names(&map.text).into_iter().collect();
    let mut seen_some_target = false;
    for unit in on_map {
        let n = unit["id"].as_u64().unwrap();
        let sight = server
            .get(&format!("/api/games/{game}/sight?unit={n}"), Some(&seat))
            .await;
        assert_eq!(sight.status, StatusCode::OK, "unit {n}: {}", sight.text);
        assert_eq!(sight.json["unit"], n);
        assert_eq!(sight.json["from"], unit["hex"], "unit {n}");
        let hexes: Vec<&str> = sight.json["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        assert!(
            hexes.contains(&unit["hex"].as_str().unwrap()),
            "unit {n} sees its own hex"
        );
        // The client finds every hex named here among the map's polygons.
        for hex in &hexes {
            assert!(drawn.contains(hex), "unit {n}: {hex} is not on the map");
        }
        for target in sight.json["targets"].as_array().unwrap() {
            seen_some_target = true;
            assert!(drawn.contains(target["hex"].as_str().unwrap()), "{target}");
            assert!(
                target["blocked"].is_null() || target["blocked"].is_string(),
                "{target}"
            );
        }
    }
    assert!(seen_some_target, "some unit has an enemy to look at");
}
