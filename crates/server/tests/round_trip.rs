//! The API end to end: the catalog, a First Wave game created and played through turn 1 with
//! legal actions, undo, the record exported and imported as a new game, the list of games.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, id, start, token};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_wave_game_plays_through_turn_one_undoes_and_survives_export_and_import() {
    let server = start(common::roomy_limits()).await;

    let catalog = server.get("/api/catalog", None).await;
    assert_eq!(catalog.status, StatusCode::OK);
    let omaha = catalog.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["id"] == "omaha")
        .expect("omaha in the catalog");
    assert!(
        omaha["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .any(|scenario| scenario["id"] == "first-wave")
    );

    let created = server.create("omaha", "first-wave", 11, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    assert_eq!(created["seats"].as_array().unwrap().len(), 1);
    assert!(
        created["seats"][0]["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/play/{game}#{seat}"))
    );

    let mut state = server.state(&game, Some(&seat)).await.json;
    assert_eq!(state["status"], json!({ "to_act": 0 }));
    assert_eq!(state["view"]["turn"], 1);
    assert!(state["prompt"]["text"].is_string());
    assert!(!state["legal_actions"].as_array().unwrap().is_empty());
    let mut log_len = state["log"]["length"].as_u64().unwrap();

    let mut chooser = Chooser::new(11);
    let mut undone = false;
    let mut steps = 0;
    while state["view"]["turn"] == 1 {
        steps += 1;
        assert!(steps < 5_000, "turn 1 does not end");
        let before = state.clone();
        let action = chooser.pick(&state);
        let acted = server
            .act(&game, &seat, &action, state["revision"].as_u64())
            .await;
        assert_eq!(acted.status, StatusCode::OK, "{action}: {}", acted.text);
        state = acted.json;
        assert_eq!(state["revision"], before["revision"].as_u64().unwrap() + 1);
        assert_eq!(state["actions"], before["actions"].as_u64().unwrap() + 1);
        // The answer carries the log lines this action wrote.
        assert_eq!(state["log"]["from"].as_u64().unwrap(), log_len);
        log_len = state["log"]["length"].as_u64().unwrap();

        if !undone && state["can_undo"] == true {
            let undo = server.undo(&game, &seat).await;
            assert_eq!(undo.status, StatusCode::OK, "{}", undo.text);
            undone = true;
            state = undo.json;
            assert_eq!(state["actions"], before["actions"]);
            assert_eq!(state["view"], before["view"], "undo restores the view");
            assert_eq!(state["legal_actions"], before["legal_actions"]);
            let fetched = server.state(&game, Some(&seat)).await.json;
            assert_eq!(fetched["revision"], state["revision"]);
            assert_eq!(fetched["log"]["length"], before["log"]["length"]);
            log_len = fetched["log"]["length"].as_u64().unwrap();
        }
    }
    assert!(undone, "some action of turn 1 could be undone");
    assert_eq!(state["view"]["turn"], 2);

    // The record goes out only when asked knowingly, and replays into an equal new game.
    let refused = server
        .get(&format!("/api/games/{game}/record"), Some(&seat))
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    let exported = server
        .get(
            &format!("/api/games/{game}/record?reveal=true"),
            Some(&seat),
        )
        .await;
    assert_eq!(exported.status, StatusCode::OK, "{}", exported.text);
    let record = exported.json;
    assert_eq!(record["game"], "omaha");
    assert_eq!(record["id"], json!(game));
    assert_eq!(
        record["actions"].as_array().unwrap().len() as u64,
        state["actions"].as_u64().unwrap()
    );

    let imported = server
        .post("/api/games/import", None, &json!({ "record": record }))
        .await;
    assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text);
    let (copy, copy_seat) = (id(&imported.json), token(&imported.json, 0));
    assert_ne!(copy, game);
    let copied = server.state(&copy, Some(&copy_seat)).await.json;
    let original = server.state(&game, Some(&seat)).await.json;
    for field in ["view", "status", "actions", "legal_actions", "prompt"] {
        assert_eq!(copied[field], original[field], "{field} after import");
    }
    // The original's token does not open the copy.
    let wrong = server.state(&copy, Some(&seat)).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN, "{}", wrong.text);

    // The imported game goes on like the original.
    let action = Chooser::new(3).pick(&copied);
    let on_copy = server.act(&copy, &copy_seat, &action, None).await;
    let on_original = server.act(&game, &seat, &action, None).await;
    assert_eq!(on_copy.status, StatusCode::OK, "{}", on_copy.text);
    assert_eq!(on_copy.json["view"], on_original.json["view"]);

    let listed = server.get("/api/games", None).await;
    assert_eq!(listed.status, StatusCode::OK);
    let ids: Vec<&Value> = listed.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert!(
        ids.contains(&&json!(game)) && ids.contains(&&json!(copy)),
        "{ids:?}"
    );
    assert!(!listed.text.contains(&seat), "the list holds no token");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_client_and_its_routes_are_served_from_the_binary() {
    let server = start(common::roomy_limits()).await;
    let index = server.get("/", None).await;
    assert_eq!(index.status, StatusCode::OK);
    assert!(index.text.contains("<html"), "{}", index.text);
    let play = server.get("/play/0123456789abcdef", None).await;
    assert_eq!(play.status, StatusCode::OK);
    assert_eq!(play.text, index.text, "client routes get the page");
    let missing = server.get("/no-such-file.js", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let api = server.get("/api/nothing-here", None).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert_eq!(api.json["code"], "not_found");
    let map = server.get("/api/catalog/omaha/map.svg", None).await;
    assert_eq!(map.status, StatusCode::OK);
    assert!(map.text.contains("<svg"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_sent_over_the_websocket_are_acknowledged_stored_and_pushed_to_every_seat() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let server = start(common::roomy_limits()).await;
    let duel = server.create("duel", "standard", 5, None).await;
    let game = id(&duel);
    let mut sockets = Vec::new();
    for seat in 0..2 {
        let url = format!(
            "{}/api/games/{game}/ws?token={}",
            server.ws_base,
            token(&duel, seat)
        );
        sockets.push(tokio_tungstenite::connect_async(url).await.unwrap().0);
    }
    async fn next(socket: &mut common::Socket) -> Value {
        loop {
            let message = tokio::time::timeout(std::time::Duration::from_secs(60), socket.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            if let Message::Text(text) = message {
                return serde_json::from_str(text.as_str()).unwrap();
            }
        }
    }
    for socket in &mut sockets {
        let hello = next(socket).await;
        assert_eq!(hello["type"], "state");
        assert_eq!(hello["state"]["revision"], 0);
    }
    let act = json!({ "type": "act", "action": "draw", "revision": 0, "id": "first" });
    sockets[0]
        .send(Message::Text(act.to_string().into()))
        .await
        .unwrap();
    let accepted = next(&mut sockets[0]).await;
    assert_eq!(
        accepted,
        json!({ "type": "accepted", "id": "first", "revision": 1 })
    );
    for socket in &mut sockets {
        let pushed = next(socket).await;
        assert_eq!(pushed["type"], "state");
        assert_eq!(pushed["state"]["revision"], 1);
    }
    let stored = server.state(&game, Some(&token(&duel, 0))).await.json;
    assert_eq!(stored["actions"], 1);

    let undo = json!({ "type": "undo", "id": 2 });
    sockets[0]
        .send(Message::Text(undo.to_string().into()))
        .await
        .unwrap();
    let answer = next(&mut sockets[0]).await;
    // Drawing a card draws randomness, so the engine keeps it: the refusal comes back.
    assert_eq!(answer["type"], "error", "{answer}");
    assert_eq!(answer["id"], 2);
    assert_eq!(answer["error"]["code"], "cannot_undo");
}

/// P-SETUP, rule 1: the option `two-player` makes the cooperative D-Day at Omaha Beach game,
/// two seats named for their divisions; the prompt goes to the seat the game names, and the
/// other seat is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_first_wave_game_has_a_seat_per_division() {
    let server = start(common::roomy_limits()).await;
    let created = server
        .post(
            "/api/games",
            None,
            &json!({ "game": "omaha", "scenario": "first-wave", "seed": 5,
                     "options": { "two-player": true } }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let seats = created.json["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["label"], "1st Division");
    assert_eq!(seats[1]["label"], "29th Division");
    let game = id(&created.json);
    let tokens = [token(&created.json, 0), token(&created.json, 1)];
    // Play until each seat has been asked; the seat not asked is refused each time.
    let mut asked = [false; 2];
    let mut chooser = Chooser::new(5);
    for _ in 0..400 {
        let state = server.state(&game, Some(&tokens[0])).await;
        let Some(to_act) = state.json["status"]["to_act"].as_u64() else {
            break;
        };
        let (me, other) = (to_act as usize, 1 - to_act as usize);
        asked[me] = true;
        if asked == [true, true] {
            break;
        }
        let mine = server.state(&game, Some(&tokens[me])).await;
        let legal = mine.json["legal_actions"].as_array().unwrap();
        let action = legal[chooser.below(legal.len())]["action"].clone();
        let refused = server.act(&game, &tokens[other], &action, None).await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
        let accepted = server.act(&game, &tokens[me], &action, None).await;
        assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.text);
    }
    assert_eq!(asked, [true, true]);
}
