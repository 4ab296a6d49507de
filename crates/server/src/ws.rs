//! The WebSocket of one seat (or spectator): `GET /api/games/{id}/ws?token=TOKEN`.
//!
//! The server sends `{"type": "state", "state": SeatState}` on connect (with the whole log) and
//! after every change to the game (with the log lines since the last one it sent). The client
//! may send `{"type": "act", "action": ..., "revision"?: n, "id"?: any}`, `{"type": "undo",
//! "revision"?: n, "id"?: any}` or `{"type": "state"}`; each is answered with `{"type":
//! "accepted", "id", "revision"}` or `{"type": "error", "id", "error": ApiError}`, and the new
//! state follows as a push. Every message counts against the same rate limit as HTTP.

use crate::app::App;
use crate::errors::ApiError;
use crate::limits::Client;
use crate::views::seat_state;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use overlord_engine::Viewer;
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::SocketAddr;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    /// The seat's token; none to watch as a spectator.
    #[serde(default)]
    token: Option<String>,
}

/// What a client may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Act {
        action: Value,
        #[serde(default)]
        revision: Option<u64>,
        #[serde(default)]
        id: Option<Value>,
    },
    Undo {
        #[serde(default)]
        revision: Option<u64>,
        #[serde(default)]
        id: Option<Value>,
    },
    /// Send the whole state again (with the whole log).
    State,
}

/// Check the token, then open the socket.
pub async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    query: Result<Query<WsQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let token = query
        .map_err(|rejection| ApiError::bad_request("bad_query", rejection.body_text()))?
        .0
        .token;
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::bad_request(
            "not_websocket",
            format!("{}: connect with a WebSocket client", rejection.body_text()),
        )
    })?;
    let viewer = {
        let game = app.lock_game(&id).await?;
        app.viewer(&game, token.as_deref()).await?
    };
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    let client = crate::api::client_of(&app, &headers, address, token.as_deref());
    if let (Viewer::Seat(_), Some(hash)) = (&viewer, &client.token_hash) {
        app.limiter.know_seat(hash);
    }
    Ok(upgrade
        .max_message_size(app.limits.body_bytes)
        .on_upgrade(move |socket| async move {
            let session = Session {
                app,
                id,
                token,
                viewer,
                client,
                log_sent: 0,
            };
            session.run(socket).await;
        })
        .into_response())
}

struct Session {
    app: App,
    id: String,
    token: Option<String>,
    viewer: Viewer,
    client: Client,
    /// The log length the client holds: the next push starts there.
    log_sent: usize,
}

impl Session {
    async fn run(mut self, mut socket: WebSocket) {
        let mut changes = match self.app.lock_game(&self.id).await {
            Ok(game) => game.slot.subscribe(),
            Err(error) => {
                let _closing = send(&mut socket, &error_message(None, &error)).await;
                return;
            }
        };
        if self.push_state(&mut socket, 0).await.is_err() {
            return;
        }
        let mut stopping = self.app.stopping.subscribe();
        loop {
            if *stopping.borrow_and_update() {
                let going_away = CloseFrame {
                    code: close_code::AWAY,
                    reason: "the server is stopping; connect again when it is back".into(),
                };
                let _gone = socket.send(Message::Close(Some(going_away))).await;
                return;
            }
            tokio::select! {
                _ = stopping.changed() => continue,
                incoming = socket.recv() => {
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Binary(_))) => {
                            let error = ApiError::bad_request("bad_json", "send JSON as text messages");
                            if send(&mut socket, &error_message(None, &error)).await.is_err() {
                                return;
                            }
                            continue;
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    };
                    if self.answer(&mut socket, text.as_str()).await.is_err() {
                        return;
                    }
                }
                changed = changes.changed() => {
                    if changed.is_err() || self.push_state(&mut socket, self.log_sent).await.is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// Send the state with log lines from `log_from`.
    async fn push_state(&mut self, socket: &mut WebSocket, log_from: usize) -> Result<(), ()> {
        let state = match self.app.lock_game(&self.id).await {
            Ok(game) => seat_state(&game, self.viewer, log_from),
            Err(error) => return send(socket, &error_message(None, &error)).await,
        };
        self.log_sent = state.log.length;
        send(socket, &json!({ "type": "state", "state": state })).await
    }

    /// Carry out one client message and answer it.
    async fn answer(&mut self, socket: &mut WebSocket, text: &str) -> Result<(), ()> {
        if let Err(error) = crate::api::admit(&self.app, &self.client).await {
            return send(socket, &error_message(None, &error)).await;
        }
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(error) => {
                let error = ApiError::bad_request(
                    "bad_json",
                    format!("not a message this socket takes: {error} (see docs/server-api.md)"),
                );
                return send(socket, &error_message(None, &error)).await;
            }
        };
        let token = self.token.as_deref();
        // The new state reaches this socket (and every other) as a push; the answer here only
        // says the request was taken.
        let (id, result) = match message {
            ClientMessage::Act {
                action,
                revision,
                id,
            } => {
                let played = self
                    .app
                    .play_action(&self.id, token, action, revision)
                    .await;
                (id, played.map(|(game, _, _)| game.row.progress.revision))
            }
            ClientMessage::Undo { revision, id } => {
                let undone = self.app.take_back(&self.id, token, revision).await;
                (id, undone.map(|(game, _)| game.row.progress.revision))
            }
            ClientMessage::State => return self.push_state(socket, 0).await,
        };
        match result {
            Ok(revision) => {
                send(
                    socket,
                    &json!({ "type": "accepted", "id": id, "revision": revision }),
                )
                .await
            }
            Err(error) => send(socket, &error_message(id, &error)).await,
        }
    }
}

fn error_message(id: Option<Value>, error: &ApiError) -> Value {
    json!({ "type": "error", "id": id, "error": error })
}

async fn send(socket: &mut WebSocket, message: &Value) -> Result<(), ()> {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .map_err(|_| ())
}
