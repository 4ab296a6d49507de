//! The broken-data corpus: each file in `tests/broken/` breaks one shipped data file and names
//! the message `overlord validate tide-of-iron` must give. A copy of `data/tide-of-iron` is
//! broken in a temporary folder; the shipped data is never touched.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_engine::testing::broken_data_corpus;
use overlord_tide_of_iron::ToiData;
use std::path::Path;

#[test]
fn every_broken_file_fails_with_its_message_and_the_shipped_data_validates() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = broken_data_corpus(
        &here.join("tests/broken"),
        &here.join("../../data/tide-of-iron"),
        <ToiData as Components>::load,
    )
    .unwrap_or_else(|report| panic!("{report}"));
    assert!(cases >= 12, "the corpus covers every kind of check");
}
