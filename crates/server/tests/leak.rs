//! No response and no WebSocket message to a seat holds what that seat may not know: a
//! face-down counter's identity, another seat's hand, the deck's order, the seed.
//!
//! The test plays the game over the API while replaying the same actions in a local `Match`
//! (the referee, which knows everything). Every state a seat receives must be exactly what the
//! engine gives that seat, and the same for every state the seat cannot tell apart from the
//! real one (`determinize` redraws face-down units, depth markers, hands and the draw pile):
//! so nothing in it depends on hidden information. On top of that, the text of every message
//! is searched for the names of face-down German units and for the seed.
//!
//! The replay slider's frames (`/api/games/{id}/replay?at=k`) are held to the same: the frame
//! at `k` is exactly what the seat (or a spectator) was shown at revision `k`, view and log,
//! and holds no face-down identity, no other seat's hand, no seed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::duel::{Duel, DuelAction};
use common::{Answer, Chooser, TestServer, id, start, token};
use futures_util::StreamExt;
use overlord_engine::{Components, Game, LegalAction, Match, RandomSpec, Seat, Status, Viewer};
use overlord_omaha::{Omaha, OmahaAction, OmahaData, OmahaOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;

use common::Socket;

/// What a viewer must be sent at one revision: view, prompt and legal actions.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    view: Value,
    prompt: Value,
    legal: Value,
}

/// What the engine shows `viewer` of `state`.
fn shown<G: Game>(state: &G, viewer: Viewer) -> Shown {
    let deciding =
        matches!((state.status(), viewer), (Status::ToAct(s), Viewer::Seat(v)) if s == v);
    let mut actions = Vec::new();
    if deciding {
        state.legal_actions(&mut actions);
    }
    let legal: Vec<LegalAction> = actions
        .iter()
        .map(|action| LegalAction {
            action: serde_json::to_value(action).unwrap(),
            anchors: state.anchors(action),
        })
        .collect();
    Shown {
        view: serde_json::to_value(state.view(viewer)).unwrap(),
        prompt: if deciding {
            serde_json::to_value(state.prompt()).unwrap()
        } else {
            Value::Null
        },
        legal: serde_json::to_value(legal).unwrap(),
    }
}

/// What `viewer` must be shown now, checked to be the same for states it cannot tell apart.
fn expected<G: Game>(game: &Match<G>, viewer: Viewer, revision: u64) -> Shown {
    let truth = shown(game.state(), viewer);
    // Determinize for the viewer's seat (a spectator knows no more than any seat).
    let seat = viewer.seat().unwrap_or(Seat(0));
    for k in 0..3 {
        let mut rng = ChaCha8Rng::seed_from_u64(revision * 31 + k);
        let other = game.state().determinize(seat, &mut rng);
        assert_eq!(
            shown(&other, viewer),
            truth,
            "revision {revision}: what {viewer:?} is shown depends on what it cannot see"
        );
    }
    truth
}

/// The log lines `viewer` may read, as (position, text).
fn visible_log<G: Game>(game: &Match<G>, viewer: Viewer) -> Vec<(u64, String)> {
    game.log()
        .visible_to(viewer)
        .map(|(index, entry)| (index as u64, entry.text.clone()))
        .collect()
}

fn served_log(state: &Value) -> Vec<(u64, String)> {
    state["log"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["index"].as_u64().unwrap(),
                line["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Check one state a viewer received against what it may be shown.
fn check_state(state: &Value, shown: &Shown, what: &str) {
    assert_eq!(state["view"], shown.view, "{what}: view");
    assert_eq!(state["prompt"], shown.prompt, "{what}: prompt");
    assert_eq!(state["legal_actions"], shown.legal, "{what}: legal actions");
}

/// The revisions whose replay frames are checked: the first few, some along the way, the end.
fn sampled(last: u64) -> Vec<u64> {
    let mut at: Vec<u64> = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]
        .into_iter()
        .filter(|&k| k <= last)
        .collect();
    at.extend([last.saturating_sub(1), last]);
    at.sort_unstable();
    at.dedup();
    at
}

/// Check the replay frame at `at` for `token`'s viewer against what it was shown then.
async fn check_frame(
    server: &TestServer,
    game: &str,
    token: Option<&str>,
    at: u64,
    shown: &Shown,
    log: &[(u64, String)],
    who: &str,
) -> Answer {
    let frame = server
        .get(&format!("/api/games/{game}/replay?at={at}"), token)
        .await;
    assert_eq!(
        frame.status,
        StatusCode::OK,
        "{who} replay at {at}: {}",
        frame.text
    );
    assert_eq!(frame.json["at"], at, "{who} replay at {at}");
    assert_eq!(frame.json["view"], shown.view, "{who} replay at {at}: view");
    assert_eq!(served_log(&frame.json), log, "{who} replay at {at}: log");
    assert!(
        frame.json.get("legal_actions").is_none(),
        "a frame offers no actions"
    );
    frame
}

/// Whether `text` names `name` as a whole (so `WN-1` is not found in `WN-12`).
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && !after.is_some_and(char::is_alphanumeric)
    })
}

async fn connect(server: &TestServer, game: &str, token: Option<&str>) -> Socket {
    let query = token.map_or(String::new(), |token| format!("?token={token}"));
    let url = format!("{}/api/games/{game}/ws{query}", server.ws_base);
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// Every state message on `socket` until the one at `revision`.
async fn drain(socket: &mut Socket, revision: u64) -> Vec<(String, Value)> {
    let mut messages = Vec::new();
    let deadline = std::time::Duration::from_secs(60);
    loop {
        let next = tokio::time::timeout(deadline, socket.next())
            .await
            .expect("the socket sends the last state")
            .unwrap()
            .unwrap();
        let Message::Text(text) = next else { continue };
        let message: Value = serde_json::from_str(text.as_str()).unwrap();
        assert_eq!(message["type"], "state", "{message}");
        let done = message["state"]["revision"] == revision;
        messages.push((text.as_str().to_owned(), message));
        if done {
            return messages;
        }
    }
}

fn omaha_data() -> Arc<OmahaData> {
    Arc::new(OmahaData::load(&common::data_root().join("omaha")).unwrap())
}

/// The names of German units face-down now that no viewer has ever seen face up.
fn hidden_german_names(state: &Omaha, ever_seen: &mut HashSet<String>) -> Vec<String> {
    use overlord_omaha::state::GerLoc;
    let names = &state.data().index.germans;
    let mut hidden = Vec::new();
    for (unit, german) in state.german_counters().iter().enumerate() {
        let name = names[unit].name.clone();
        let face_down = !german.revealed && matches!(german.loc, GerLoc::Slot(_) | GerLoc::Pool(_));
        if face_down {
            hidden.push(name);
        } else if german.revealed {
            ever_seen.insert(name);
        }
    }
    hidden.retain(|name| !ever_seen.contains(name));
    hidden
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn omaha_never_sends_a_face_down_unit_the_deck_order_or_the_seed() {
    const SEED: u64 = 9_876_543_210_123;
    let server = start(common::roomy_limits()).await;
    let created = server.create("omaha", "first-wave", SEED, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    assert!(!created.to_string().contains(&SEED.to_string()));
    let mut seat_socket = connect(&server, &game, Some(&seat)).await;
    let mut spectator_socket = connect(&server, &game, None).await;

    let mut local = Match::<Omaha>::new(
        omaha_data(),
        "first-wave",
        OmahaOptions::default(),
        RandomSpec::seeded(SEED),
    )
    .unwrap();
    let mut ever_seen = HashSet::new();
    let mut hidden_by_revision: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    let mut seat_shown: BTreeMap<u64, Shown> = BTreeMap::new();
    let mut spectator_shown: BTreeMap<u64, Shown> = BTreeMap::new();
    let mut seat_logs: BTreeMap<u64, Vec<(u64, String)>> = BTreeMap::new();
    let mut spectator_logs: BTreeMap<u64, Vec<(u64, String)>> = BTreeMap::new();
    let mut chooser = Chooser::new(SEED);
    let mut checked_hidden = 0;
    let mut revision = 0;

    // Long enough to see German fire, reveals, cards drawn and a reshuffle-free deck in play.
    while revision < 300 && matches!(local.status(), Status::ToAct(_)) {
        let hidden = hidden_german_names(local.state(), &mut ever_seen);
        checked_hidden += hidden.len();
        hidden_by_revision.insert(revision, hidden.clone());
        let shown_now = expected(&local, Viewer::Seat(Seat(0)), revision);
        seat_shown.insert(revision, shown_now.clone());
        spectator_shown.insert(revision, expected(&local, Viewer::Spectator, revision));
        seat_logs.insert(revision, visible_log(&local, Viewer::Seat(Seat(0))));
        spectator_logs.insert(revision, visible_log(&local, Viewer::Spectator));

        for (who, token) in [("seat", Some(seat.as_str())), ("spectator", None)] {
            let state = server.state(&game, token).await;
            assert_eq!(state.status, StatusCode::OK);
            let viewer = token.map_or(Viewer::Spectator, |_| Viewer::Seat(Seat(0)));
            check_state(&state.json, &expected(&local, viewer, revision), who);
            assert_eq!(
                served_log(&state.json),
                visible_log(&local, viewer),
                "{who}: log"
            );
            for name in &hidden {
                assert!(!mentions(&state.text, name), "{who} sees face-down {name}");
            }
            assert!(
                !state.text.contains(&SEED.to_string()),
                "{who} sees the seed"
            );
        }

        let action = chooser.pick(&json!({ "legal_actions": shown_now.legal }));
        let acted = server.act(&game, &seat, &action, Some(revision)).await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        let parsed: OmahaAction = serde_json::from_value(action).unwrap();
        local.apply(Seat(0), parsed).unwrap();
        revision += 1;
        let hidden_after = hidden_german_names(local.state(), &mut ever_seen);
        check_state(
            &acted.json,
            &expected(&local, Viewer::Seat(Seat(0)), revision),
            "act answer",
        );
        for name in &hidden_after {
            assert!(
                !mentions(&acted.text, name),
                "the act answer shows face-down {name}"
            );
        }
        assert!(!acted.text.contains(&SEED.to_string()));
    }
    hidden_by_revision.insert(revision, hidden_german_names(local.state(), &mut ever_seen));
    seat_shown.insert(revision, expected(&local, Viewer::Seat(Seat(0)), revision));
    spectator_shown.insert(revision, expected(&local, Viewer::Spectator, revision));
    seat_logs.insert(revision, visible_log(&local, Viewer::Seat(Seat(0))));
    spectator_logs.insert(revision, visible_log(&local, Viewer::Spectator));
    assert!(checked_hidden > 0, "the game had face-down units to hide");

    // No undo was played, so revision k is the game after its first k actions.
    for at in sampled(revision) {
        for (who, token, shown, logs) in [
            ("seat replay", Some(seat.as_str()), &seat_shown, &seat_logs),
            ("spectator replay", None, &spectator_shown, &spectator_logs),
        ] {
            let frame = check_frame(&server, &game, token, at, &shown[&at], &logs[&at], who).await;
            for name in &hidden_by_revision[&at] {
                assert!(
                    !mentions(&frame.text, name),
                    "{who} at {at} shows face-down {name}"
                );
            }
            assert!(
                !frame.text.contains(&SEED.to_string()),
                "{who} sends the seed"
            );
        }
    }

    for (who, socket, shown) in [
        ("seat socket", &mut seat_socket, &seat_shown),
        ("spectator socket", &mut spectator_socket, &spectator_shown),
    ] {
        let messages = drain(socket, revision).await;
        assert!(!messages.is_empty());
        for (text, message) in messages {
            let at = message["state"]["revision"].as_u64().unwrap();
            check_state(&message["state"], &shown[&at], who);
            for name in &hidden_by_revision[&at] {
                assert!(
                    !mentions(&text, name),
                    "{who} shows face-down {name} at {at}"
                );
            }
            assert!(!text.contains(&SEED.to_string()), "{who} sends the seed");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duel_never_shows_a_seat_the_other_seats_hand_or_the_deck() {
    let server = start(common::roomy_limits()).await;
    let created = server.create("duel", "standard", 77, None).await;
    let game = id(&created);
    let tokens = [token(&created, 0), token(&created, 1)];
    let mut sockets = [
        connect(&server, &game, Some(&tokens[0])).await,
        connect(&server, &game, Some(&tokens[1])).await,
    ];
    let mut local = Match::<Duel>::new(
        common::duel::data(),
        "standard",
        Default::default(),
        RandomSpec::seeded(77),
    )
    .unwrap();
    let mut shown_to: [BTreeMap<u64, Shown>; 2] = [BTreeMap::new(), BTreeMap::new()];
    let mut logs_of: [BTreeMap<u64, Vec<(u64, String)>>; 2] = [BTreeMap::new(), BTreeMap::new()];
    let mut actor: BTreeMap<u64, Seat> = BTreeMap::new();
    let mut chooser = Chooser::new(77);
    let mut revision = 0;
    while let Status::ToAct(to_act) = local.status() {
        for seat in [Seat(0), Seat(1)] {
            let viewer = Viewer::Seat(seat);
            let shown = expected(&local, viewer, revision);
            shown_to[seat.index()].insert(revision, shown.clone());
            logs_of[seat.index()].insert(revision, visible_log(&local, viewer));
            let state = server.state(&game, Some(&tokens[seat.index()])).await;
            check_state(&state.json, &shown, "duel state");
            assert_eq!(
                served_log(&state.json),
                visible_log(&local, viewer),
                "duel log"
            );
            if seat != to_act {
                assert_eq!(state.json["legal_actions"], json!([]));
                assert_eq!(state.json["prompt"], Value::Null);
            }
        }
        let spectator = server.state(&game, None).await;
        check_state(
            &spectator.json,
            &expected(&local, Viewer::Spectator, revision),
            "spectator",
        );

        let state = server.state(&game, Some(&tokens[to_act.index()])).await;
        let action = chooser.pick(&state.json);
        let acted = server
            .act(&game, &tokens[to_act.index()], &action, Some(revision))
            .await;
        assert_eq!(acted.status, StatusCode::OK, "{}", acted.text);
        let parsed: DuelAction = serde_json::from_value(action).unwrap();
        local.apply(to_act, parsed).unwrap();
        revision += 1;
        actor.insert(revision, to_act);
        check_state(
            &acted.json,
            &expected(&local, Viewer::Seat(to_act), revision),
            "duel act",
        );
        assert!(revision < 2_000, "the duel does not end");
    }
    for seat in [Seat(0), Seat(1)] {
        shown_to[seat.index()].insert(revision, expected(&local, Viewer::Seat(seat), revision));
        logs_of[seat.index()].insert(revision, visible_log(&local, Viewer::Seat(seat)));
    }
    // Each seat's replay frames are its own view and log at the time; the label of the
    // action that led there only when that seat chose it.
    for at in sampled(revision) {
        for seat in [Seat(0), Seat(1)] {
            let frame = check_frame(
                &server,
                &game,
                Some(&tokens[seat.index()]),
                at,
                &shown_to[seat.index()][&at],
                &logs_of[seat.index()][&at],
                "duel replay",
            )
            .await;
            let last = &frame.json["last_action"];
            match actor.get(&at) {
                None => assert_eq!(*last, Value::Null, "nothing led to the start"),
                Some(&by) => {
                    assert_eq!(last["seat"], by.0);
                    assert_eq!(
                        last["label"].is_string(),
                        by == seat,
                        "duel replay at {at}: the label of the action only to its seat"
                    );
                }
            }
        }
    }
    for seat in [Seat(0), Seat(1)] {
        for (_, message) in drain(&mut sockets[seat.index()], revision).await {
            let at = message["state"]["revision"].as_u64().unwrap();
            check_state(
                &message["state"],
                &shown_to[seat.index()][&at],
                "duel socket",
            );
        }
    }
}

#[test]
fn a_name_is_found_only_whole() {
    assert!(mentions(r#"{"front":["WN-1",2]}"#, "WN-1"));
    assert!(!mentions(r#"{"front":["WN-12",2]}"#, "WN-1"));
    assert!(!mentions("slot WN62N", "WN-6"));
    assert!(mentions("WN-3 fires", "WN-3"));
}
