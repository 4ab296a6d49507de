//! The broken-data corpus: each file in `tests/broken/` breaks one shipped data file and names
//! the message `overlord validate ambush` must give, one case per check. A copy of
//! `data/ambush` is broken in a temporary folder; the shipped data is never touched.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ambush::AmbushData;
use overlord_engine::Components;
use overlord_engine::testing::broken_data_corpus;
use std::path::Path;

#[test]
fn every_broken_file_fails_with_its_message_and_the_shipped_data_validates() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::env::var_os("AMBUSH_CORPUS_DATA")
        .map_or_else(|| here.join("../../data/ambush"), std::path::PathBuf::from);
    let cases = broken_data_corpus(
        &here.join("tests/broken"),
        &shipped,
        <AmbushData as Components>::load,
    )
    .unwrap_or_else(|report| panic!("{report}"));
    assert!(cases >= 100, "the corpus covers every kind of check");
}
