//! WebSockets are bounded (issue 33, item 3): past the limit in all (503) or per address (429)
//! a socket is refused and one closed frees its place; a socket that answers nothing, not even
//! a ping, is closed while one that listens is kept; and many sockets on one game take little
//! memory each, and none of it is lost when they close: the same sockets opened again take no
//! more (before: about 280 KB a socket, 1,500 of them took the server from 76 to 501 MB).
//!
//! The memory is this process's resident size (the server runs in it, on the allocator the
//! binary uses); the parts run one after another in one test so nothing else shares it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

use common::{TestServer, id, start};
use futures_util::StreamExt;
use overlord_server::Limits;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A spectator's socket on `game`, with small buffers (the test's own sockets live in this
/// process too), or the HTTP status it was refused with.
async fn watch(server: &TestServer, game: &str) -> Result<Socket, u16> {
    let url = format!("{}/api/games/{game}/ws", server.ws_base);
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    match tokio_tungstenite::connect_async_with_config(url, Some(config), false).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(error) => panic!("the socket failed: {error}"),
    }
}

fn resident() -> u64 {
    common::memory("VmRSS")
}

/// Whether the server closed `socket` (a close frame, or the end) among what it sent.
async fn closed_by_server(socket: &mut Socket, wait: Duration) -> bool {
    tokio::time::timeout(wait, async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_bounded_in_number_silence_and_memory() {
    sockets_past_the_limits_are_refused_and_a_closed_one_frees_its_place().await;
    a_silent_socket_is_closed_and_a_listening_one_kept().await;
    many_sockets_take_little_memory_and_do_not_keep_it().await;
}

async fn sockets_past_the_limits_are_refused_and_a_closed_one_frees_its_place() {
    let server = start(Limits {
        sockets: 4,
        sockets_per_address: 1_000,
        ..common::roomy_limits()
    })
    .await;
    let game = id(&server.create("omaha", "first-wave", 1, None).await);
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(watch(&server, &game).await.unwrap());
    }
    assert_eq!(watch(&server, &game).await.err(), Some(503));
    open.pop().unwrap().close(None).await.unwrap();
    let mut reopened = None;
    for _ in 0..100 {
        if let Ok(socket) = watch(&server, &game).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(reopened.is_some(), "a closed socket never freed its place");

    let server = start(Limits {
        sockets_per_address: 3,
        ..common::roomy_limits()
    })
    .await;
    let game = id(&server.create("omaha", "first-wave", 1, None).await);
    let mut from_one_address = Vec::new();
    for _ in 0..3 {
        from_one_address.push(watch(&server, &game).await.unwrap());
    }
    assert_eq!(watch(&server, &game).await.err(), Some(429));
}

async fn a_silent_socket_is_closed_and_a_listening_one_kept() {
    let server = start(Limits {
        socket_ping: Duration::from_millis(100),
        socket_idle: Duration::from_millis(600),
        ..common::roomy_limits()
    })
    .await;
    let game = id(&server.create("omaha", "first-wave", 1, None).await);
    let mut silent = watch(&server, &game).await.unwrap();
    let mut listening = watch(&server, &game).await.unwrap();
    // The listening client reads, and so answers each ping; the silent one reads nothing.
    let listened = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(Ok(message)) = listening.next().await {
            assert!(
                !matches!(message, Message::Close(_)),
                "a listening socket was closed"
            );
        }
        panic!("a listening socket ended");
    })
    .await;
    assert!(listened.is_err(), "listened for the whole time");
    assert!(
        closed_by_server(&mut silent, Duration::from_secs(10)).await,
        "a socket silent for over socket_idle is still open"
    );
}

/// Open `count` sockets on `game`, each with its first state read; the resident size with them
/// open, and once they are closed again.
async fn open_and_close(server: &TestServer, game: &str, count: usize) -> (u64, u64) {
    let mut open = Vec::new();
    for _ in 0..count {
        let mut socket = watch(server, game).await.unwrap();
        // Its first state read, so the server has sent what a socket costs.
        let _state = socket.next().await;
        open.push(socket);
    }
    let with_sockets = resident();
    for mut socket in open {
        let _ = socket.close(None).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    (with_sockets, resident())
}

async fn many_sockets_take_little_memory_and_do_not_keep_it() {
    const SOCKETS: usize = 300;
    let server = start(Limits {
        sockets: 1_000,
        sockets_per_address: 1_000,
        ..common::roomy_limits()
    })
    .await;
    let game = id(&server.create("omaha", "first-wave", 1, None).await);
    // One socket kept open, so the game stays in memory throughout.
    let _first = watch(&server, &game).await.unwrap();
    let before = resident();
    let (with_sockets, after) = open_and_close(&server, &game, SOCKETS).await;
    let (again_with, again_after) = open_and_close(&server, &game, SOCKETS).await;
    let per_socket = with_sockets.saturating_sub(before) / SOCKETS as u64;
    println!(
        "{SOCKETS} sockets on one game: resident {} MiB before, {} MiB open ({} KiB a socket, \
         both ends), {} MiB after they closed; again {} MiB open, {} MiB closed",
        before >> 20,
        with_sockets >> 20,
        per_socket >> 10,
        after >> 20,
        again_with >> 20,
        again_after >> 20
    );
    assert!(
        per_socket <= 64 * 1024,
        "each socket took {} KiB (both ends, in this process)",
        per_socket >> 10
    );
    // What the allocator keeps from closed sockets serves the next ones: the same sockets
    // opened again take no more.
    assert!(
        again_after <= after + (4 << 20),
        "closed sockets left memory behind: {} MiB after the first {SOCKETS}, {} MiB after \
         the next",
        after >> 20,
        again_after >> 20
    );
}
