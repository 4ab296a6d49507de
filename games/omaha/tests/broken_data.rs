//! The broken-data corpus: each file in `tests/broken/` breaks one shipped data file (appending,
//! prepending or deleting) and names the message `overlord validate omaha` must give. A copy of
//! `data/omaha` is broken in a temporary folder; the shipped data is never touched. The corpus
//! runner is the engine's (`overlord_engine::testing::broken_data_corpus`, its case format
//! there), shared by every game.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_engine::testing::broken_data_corpus;
use overlord_omaha::OmahaData;
use std::path::Path;

#[test]
fn every_broken_file_fails_with_its_message_and_the_shipped_data_validates() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = broken_data_corpus(
        &here.join("tests/broken"),
        &here.join("../../data/omaha"),
        OmahaData::load,
    )
    .unwrap_or_else(|report| panic!("{report}"));
    assert!(cases >= 15, "the corpus covers every kind of problem");
}
