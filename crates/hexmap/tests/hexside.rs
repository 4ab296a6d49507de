//! Hexside ids: canonical, compact, reversible.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_hexmap::{Hex, HexsideId, distance, neighbours};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[test]
fn same_id_from_both_sides_and_none_when_not_adjacent() {
    let a = Hex::new(3, -2);
    for n in neighbours(a) {
        let id = HexsideId::between(a, n).unwrap();
        assert_eq!(HexsideId::between(n, a), Some(id));
        let (x, y) = id.hexes();
        assert!((x, y) == (a, n) || (x, y) == (n, a));
        assert_eq!(id.other_side(a), Some(n));
        assert!(id.touches(n));
        assert_eq!(id.other_side(Hex::new(100, 100)), None);
    }
    assert_eq!(HexsideId::between(a, a), None);
    assert_eq!(HexsideId::between(a, Hex::new(5, -2)), None);
    assert_eq!(
        HexsideId::between(Hex::new(i32::MAX, 0), Hex::new(i32::MIN, 0)),
        None
    );
}

#[test]
fn six_distinct_sides_around_a_hex() {
    let mut sides: Vec<HexsideId> = HexsideId::around(Hex::new(0, 0))
        .into_iter()
        .map(Option::unwrap)
        .collect();
    sides.sort_unstable();
    sides.dedup();
    assert_eq!(sides.len(), 6);
    assert_eq!(size_of::<HexsideId>(), 8);
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Holder {
    side: HexsideId,
}

#[test]
fn serde_round_trip_and_rejects_non_adjacent() {
    let holder = Holder {
        side: HexsideId::between(Hex::new(1, -1), Hex::new(1, 0)).unwrap(),
    };
    let text = toml::to_string(&holder).unwrap();
    assert_eq!(text.trim(), "side = [[1, -1], [1, 0]]");
    assert_eq!(toml::from_str::<Holder>(&text).unwrap(), holder);
    let error = toml::from_str::<Holder>("side = [[0, 0], [2, 0]]").unwrap_err();
    assert!(error.message().contains("not adjacent"), "{error}");
}

proptest! {
    #[test]
    fn canonical_and_reversible(q in -1000i32..1000, r in -1000i32..1000, d in 0usize..6) {
        let a = Hex::new(q, r);
        let b = neighbours(a)[d];
        let id = HexsideId::between(a, b).unwrap();
        prop_assert_eq!(HexsideId::between(b, a), Some(id));
        let (x, y) = id.hexes();
        prop_assert_eq!(distance(x, y), 1);
        prop_assert!((x, y) == (a, b) || (x, y) == (b, a));
    }

    #[test]
    fn distinct_pairs_have_distinct_ids(
        q in -50i32..50, r in -50i32..50, d in 0usize..6,
        q2 in -50i32..50, r2 in -50i32..50, d2 in 0usize..6,
    ) {
        let (a, b) = (Hex::new(q, r), neighbours(Hex::new(q, r))[d]);
        let (c, e) = (Hex::new(q2, r2), neighbours(Hex::new(q2, r2))[d2]);
        let same_pair = (a, b) == (c, e) || (a, b) == (e, c);
        prop_assert_eq!(HexsideId::between(a, b) == HexsideId::between(c, e), same_pair);
    }
}

proptest! {
    #[test]
    fn bits_round_trip(q in any::<i32>(), r in any::<i32>(), d in 0usize..6) {
        let a = Hex::new(q / 2, r / 2);
        let id = HexsideId::between(a, neighbours(a)[d]).unwrap();
        prop_assert_eq!(HexsideId::from_bits(id.to_bits()), Some(id));
    }
}

#[test]
fn hex_centres_are_not_hexside_bits() {
    assert_eq!(HexsideId::from_bits(0), None);
}
