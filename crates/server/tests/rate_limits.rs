//! Fair rate limits (issue 33, item 2): every request is charged to one bucket, its seat's
//! token when it carries a seat's, its address otherwise. So a seat behind an address that
//! others have emptied still plays (before, after 400 anonymous requests from one address a
//! seat that had sent nothing was refused its first action), made-up tokens buy nothing, and a
//! seat not yet seen since a restart is found in the database when its address is empty.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Chooser, TestServer, id, start, token};
use overlord_server::Limits;
use reqwest::StatusCode;

/// An address allowed a burst of 10 and next to nothing after.
fn a_tight_address() -> Limits {
    Limits {
        address_burst: 10.0,
        address_per_second: 0.001,
        ..common::roomy_limits()
    }
}

/// Send anonymous requests until the address is refused.
async fn empty_the_address(server: &TestServer) {
    for _ in 0..20 {
        if server.get("/api/catalog", None).await.status == StatusCode::TOO_MANY_REQUESTS {
            return;
        }
    }
    panic!("the address was never refused");
}

/// One action of the seat; its status.
async fn seat_acts(server: &TestServer, game: &str, seat: &str) -> StatusCode {
    let state = server.state(game, Some(seat)).await;
    assert_eq!(state.status, StatusCode::OK, "{}", state.text);
    let action = Chooser::new(3).pick(&state.json);
    server.act(game, seat, &action, None).await.status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_behind_an_emptied_address_still_plays() {
    let server = start(a_tight_address()).await;
    let created = server.create("omaha", "first-wave", 1, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    empty_the_address(&server).await;
    assert_eq!(seat_acts(&server, &game, &seat).await, StatusCode::OK);
    // Made-up tokens are charged to the address, which is empty.
    let made_up = server.state(&game, Some(&"0".repeat(64))).await.status;
    assert_eq!(made_up, StatusCode::TOO_MANY_REQUESTS);
    // The seat's own requests spent nothing of the address: it is still empty, not refilled
    // by them nor emptied further.
    assert_eq!(
        server.get("/api/catalog", None).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_first_seen_after_a_restart_is_found_when_its_address_is_empty() {
    let server = start(a_tight_address()).await;
    let created = server.create("omaha", "first-wave", 2, None).await;
    let (game, seat) = (id(&created), token(&created, 0));
    // The new server has never seen the seat's token.
    let server = server.restart().await;
    empty_the_address(&server).await;
    assert_eq!(seat_acts(&server, &game, &seat).await, StatusCode::OK);
}
