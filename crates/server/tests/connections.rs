//! Connections are bounded (issue 33, item 4): clients that open a connection and never finish
//! their headers are closed after the header timeout, never hold more than the connection
//! limit at once, nor more than the limit per address; and the server goes on answering.
//!
//! Counted from the server's side: each connection it accepted is an open file of this
//! process (the server runs in it), beside the test's own sockets.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::start;
use overlord_server::Limits;
use reqwest::StatusCode;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn open_files() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// A connection that sends the start of a request and never its end.
async fn half_open(address: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream
        .write_all(b"GET /api/catalog HTTP/1.1\r\nHost: overlord\r\n")
        .await
        .unwrap();
    stream
}

/// Whether the server closed `stream` within `wait` (read to its end; an answer such as a
/// 408 before the close counts as closed too).
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0_u8; 1024];
    tokio::time::timeout(wait, async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

/// One test, the two parts in turn: each counts the open files of the process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_bounded_in_all_and_per_address_and_half_open_ones_closed() {
    half_open_connections_are_closed_and_never_more_than_the_limit_are_held().await;
    one_address_holds_no_more_connections_than_its_share().await;
}

async fn half_open_connections_are_closed_and_never_more_than_the_limit_are_held() {
    const HALF_OPEN: usize = 300;
    const LIMIT: usize = 100;
    let server = start(Limits {
        connections: LIMIT,
        header_timeout: Duration::from_secs(1),
        ..common::roomy_limits()
    })
    .await;
    let address = server.base.trim_start_matches("http://").to_owned();
    let before = open_files();
    let mut streams = Vec::new();
    for _ in 0..HALF_OPEN {
        streams.push(half_open(&address).await);
    }
    // Time for the server to accept all it would.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let held = open_files().saturating_sub(before + HALF_OPEN);
    println!("{HALF_OPEN} half-open connections: the server held {held} at once");
    assert!(
        held <= LIMIT + 4,
        "the server holds {held} connections, over its limit of {LIMIT}"
    );
    // Every one is closed, those waiting their turn after those before them.
    for (i, stream) in streams.iter_mut().enumerate() {
        assert!(
            closed_within(stream, Duration::from_secs(60)).await,
            "half-open connection {i} is still open"
        );
    }
    let catalog = server.get("/api/catalog", None).await;
    assert_eq!(catalog.status, StatusCode::OK);
}

async fn one_address_holds_no_more_connections_than_its_share() {
    const SHARE: usize = 5;
    let server = start(Limits {
        connections_per_address: SHARE,
        header_timeout: Duration::from_secs(60),
        ..common::roomy_limits()
    })
    .await;
    let address = server.base.trim_start_matches("http://").to_owned();
    let mut streams = Vec::new();
    for _ in 0..2 * SHARE {
        streams.push(half_open(&address).await);
    }
    let mut closed = 0;
    for stream in &mut streams {
        if closed_within(stream, Duration::from_millis(500)).await {
            closed += 1;
        }
    }
    assert_eq!(
        closed, SHARE,
        "the connections past the address's share are closed at once, the others kept"
    );
    drop(streams);
    // Closed, they free the address's share.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let catalog = server.get("/api/catalog", None).await;
    assert_eq!(catalog.status, StatusCode::OK);
}
