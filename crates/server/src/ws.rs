//! The WebSocket of one seat (or spectator): `GET /api/games/{id}/ws?token=TOKEN`.
//!
//! The server sends `{"type": "state", "state": SeatState}` on connect (with the whole log) and
//! after every change to the game (with the log lines since the last one it sent). The client
//! may send `{"type": "act", "action": ..., "revision"?: n, "id"?: any}`, `{"type": "undo",
//! "revision"?: n, "id"?: any}` or `{"type": "state"}`; each is answered with `{"type":
//! "accepted", "id", "revision"}` or `{"type": "error", "id", "error": ApiError}`, and the new
//! state follows as a push. Every message counts against the same rate limit as HTTP.
//!
//! Sockets are bounded: [`Limits::sockets`](crate::limits::Limits) open at once (503 past
//! that) and `sockets_per_address` from one address (429), each with small buffers; a socket
//! is pinged every `socket_ping` and closed once it has sent nothing for `socket_idle`, not
//! even the answer to a ping. Every socket of a game shares the one game in memory.

use crate::app::App;
use crate::errors::ApiError;
use crate::limits::Client;
use crate::live::Holder;
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
    let holder = {
        let game = app.lock_game(&id).await?;
        app.holder(&game, token.as_deref()).await?
    };
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    let client = crate::api::client_of(&app, &headers, address, token.as_deref());
    let pass = SocketPass::take(&app, client.address)?;
    if let (Holder::Seat(_) | Holder::HotSeat, Some(hash)) = (holder, &client.token_hash) {
        app.limiter.know_seat(hash);
    }
    Ok(upgrade
        .max_message_size(app.limits.body_bytes)
        // tungstenite's buffers are 128 KiB each by default: a few hundred idle sockets would
        // take tens of megabytes for nothing. A state is a few kilobytes.
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _pass = pass;
            let session = Session {
                app,
                id,
                token,
                holder,
                viewer_sent: None,
                client,
                log_sent: 0,
            };
            session.run(socket).await;
        })
        .into_response())
}

/// The read buffer of a socket.
const SOCKET_BUFFER: usize = 8 * 1024;

/// The sockets open, in all and per address.
#[derive(Debug, Default)]
pub struct Sockets {
    open: std::sync::atomic::AtomicUsize,
    per_address: crate::limits::PerAddress,
}

/// One open socket, counted until dropped.
struct SocketPass {
    app: App,
    /// The address it is counted against, if any.
    address: Option<std::net::IpAddr>,
}

impl SocketPass {
    /// Count a socket from `address`, or refuse it: too many in all (503) or from the address
    /// (429).
    fn take(app: &App, address: Option<std::net::IpAddr>) -> Result<SocketPass, ApiError> {
        use std::sync::atomic::Ordering;
        let sockets = &app.sockets;
        let most = app.limits.sockets;
        let taken = sockets
            .open
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |open| {
                (open < most).then_some(open + 1)
            });
        if taken.is_err() {
            return Err(ApiError {
                retry_after_s: Some(30),
                ..ApiError::new(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    "busy",
                    "the server has as many live connections open as it keeps; the page can \
                     still be reloaded, and will connect again later",
                )
            });
        }
        let counted = address.filter(|_| !app.limits.trust_proxy);
        if let Some(address) = counted
            && !sockets
                .per_address
                .open(address, app.limits.sockets_per_address)
        {
            sockets.open.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError {
                retry_after_s: Some(30),
                ..ApiError::new(
                    axum::http::StatusCode::TOO_MANY_REQUESTS,
                    "too_many_sockets",
                    "too many live connections from your address; close some pages of this \
                     game and reload",
                )
            });
        }
        Ok(SocketPass {
            app: app.clone(),
            address: counted,
        })
    }
}

impl Drop for SocketPass {
    fn drop(&mut self) {
        let sockets = &self.app.sockets;
        sockets
            .open
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        if let Some(address) = self.address {
            sockets.per_address.close(address);
        }
    }
}

struct Session {
    app: App,
    id: String,
    token: Option<String>,
    holder: Holder,
    /// Who the last state sent saw the game as: the hot seat's follows the turn, and a push
    /// to another seat than the last carries that seat's whole log.
    viewer_sent: Option<Viewer>,
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
        let every = self.app.limits.socket_ping;
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut heard = tokio::time::Instant::now();
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
                _ = ping.tick() => {
                    if heard.elapsed() >= self.app.limits.socket_idle {
                        let idle = CloseFrame {
                            code: close_code::AWAY,
                            reason: "closed after a long silence; reload to connect again".into(),
                        };
                        let _gone = socket.send(Message::Close(Some(idle))).await;
                        return;
                    }
                    if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                        return;
                    }
                }
                incoming = socket.recv() => {
                    heard = tokio::time::Instant::now();
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
            Ok(game) => {
                let viewer = Some(game.viewer_of(self.holder));
                let log_from = if viewer == self.viewer_sent {
                    log_from
                } else {
                    0
                };
                self.viewer_sent = viewer;
                seat_state(&game, self.holder, log_from)
            }
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
