//! Eight of the heaviest imports the limits let through, sent at once, leave the server
//! within the memory two imports in flight may take, still answering (issue 33, item 1: before,
//! eight 8 MiB imports took 1.6 GB).
//!
//! The memory is the test process's own resident size (the server runs in it, on the
//! allocator the `overlord` binary uses). In a file of its own, with one test, so nothing else
//! shares the process.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

use common::start;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_of_the_heaviest_imports_at_once_stay_within_two_imports_memory() {
    let limits = common::roomy_limits();
    let server = start(limits).await;
    let mut record = server.a_short_record().await;
    // The shape that costs most once parsed: small nested objects, each a tree node of its
    // own, as many as the memory bound lets through (about 60 of its 64 MiB), and a long
    // string to fill the body.
    let heavy = json!({ "a": { "b": 0 } });
    record["actions"] = Value::Array(vec![heavy; 44_000]);
    record["scenario"] = json!("x".repeat(4 * 1024 * 1024));
    let body = json!({ "record": record }).to_string();
    assert!(body.len() < limits.record_bytes);

    let before = common::memory("VmRSS");
    let imports = (0..8).map(|_| server.post_raw("/api/games/import", None, body.clone()));
    let answers = futures_util::future::join_all(imports).await;
    let peak = common::memory("VmHWM");

    let mut parsed = 0;
    for answer in &answers {
        match answer.json["code"].as_str() {
            // Read whole, then refused for its actions.
            Some("too_many_actions") | Some("bad_record") => parsed += 1,
            // Told to come back while two others were read.
            Some("busy") => assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE),
            _ => panic!("unexpected answer to a heavy import: {answer:?}"),
        }
    }
    assert!(parsed >= 1, "no heavy import was read: {answers:?}");
    // Two imports in flight, the client's own eight bodies (it runs in this process too), and
    // some slack for the allocator.
    let bound =
        (2 * (limits.record_bytes + limits.record_memory) + 8 * body.len()) as u64 + (48 << 20);
    let grown = peak.saturating_sub(before);
    println!(
        "8 heavy imports at once: {parsed} read, the others told to come back; resident \
         size {} MiB before, peak {} MiB (grown {} MiB, bound {} MiB)",
        before >> 20,
        peak >> 20,
        grown >> 20,
        bound >> 20
    );
    assert!(
        grown <= bound,
        "the imports took {} MiB, over the {} MiB two imports in flight may take",
        grown >> 20,
        bound >> 20
    );
    let catalog = server.get("/api/catalog", None).await;
    assert_eq!(catalog.status, StatusCode::OK);
}
