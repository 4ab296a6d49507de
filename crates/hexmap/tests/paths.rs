//! Costs in exact thirds (TOI 0.2) and least-cost paths.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use overlord_hexmap::{Cost, Hex, distance, reachable, shortest_path, shortest_path_within};
use proptest::prelude::*;

#[test]
fn cost_display_and_arithmetic() {
    assert_eq!(Cost::points(2).to_string(), "2");
    assert_eq!(Cost::thirds(2).to_string(), "⅔");
    assert_eq!(Cost::thirds(4).to_string(), "1⅓");
    assert_eq!(Cost::thirds(0).to_string(), "0");
    assert_eq!(
        Cost::thirds(1) + Cost::thirds(1) + Cost::thirds(1),
        Cost::points(1)
    );
    assert_eq!(
        [Cost::thirds(1); 6].into_iter().sum::<Cost>(),
        Cost::points(2)
    );
    assert_eq!(Cost::MAX + Cost::points(1), Cost::MAX);
    assert_eq!(Cost::points(1).checked_sub(Cost::points(2)), None);
    assert!(Cost::thirds(2) < Cost::points(1));
}

/// A strip of board: a road along r = 0 from q = 0 to q = 6, woods at r = 1, clear elsewhere,
/// nothing outside |q|, |r| <= 8 (so searches end).
fn terrain_cost(_from: Hex, to: Hex) -> Option<Cost> {
    if to.x.abs() > 8 || to.y.abs() > 8 {
        return None;
    }
    Some(match (to.x, to.y) {
        (0..=6, 0) => Cost::thirds(1),
        (_, 1) => Cost::points(2),
        _ => Cost::points(1),
    })
}

#[test]
fn three_road_hexes_cost_exactly_one_point() {
    let (path, cost) = shortest_path(Hex::new(0, 0), Hex::new(3, 0), terrain_cost).unwrap();
    assert_eq!(
        path,
        [
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(2, 0),
            Hex::new(3, 0)
        ]
    );
    assert_eq!(cost, Cost::points(1));
}

#[test]
fn a_road_path_beats_a_shorter_clear_path() {
    // Straight from (0,0) to (4,0) is four clear hexes: 4 points. A road one row up, from (0,-1)
    // to (4,-1), is a longer walk but costs ⅓ a hex: (1,-1) .. (4,-1) then (4,0) is 4 x ⅓ + 1.
    let road = |_: Hex, to: Hex| {
        if to.x.abs() > 8 || to.y.abs() > 8 {
            None
        } else if to.y == -1 && (0..=4).contains(&to.x) {
            Some(Cost::thirds(1))
        } else {
            Some(Cost::points(1))
        }
    };
    let (from, to) = (Hex::new(0, 0), Hex::new(4, 0));
    let (path, cost) = shortest_path(from, to, road).unwrap();
    assert_eq!(cost, Cost::thirds(7));
    assert_eq!(cost.to_string(), "2⅓");
    assert_eq!(
        path.len(),
        6,
        "one step longer than the straight line: {path:?}"
    );
    assert!(path.len() > distance(from, to) as usize + 1);
    assert_eq!(
        path[1..5],
        [
            Hex::new(1, -1),
            Hex::new(2, -1),
            Hex::new(3, -1),
            Hex::new(4, -1)
        ]
    );
}

#[test]
fn impassable_and_budget() {
    let walls: HashSet<Hex> = overlord_hexmap::neighbours(Hex::new(0, 0))
        .into_iter()
        .collect();
    let blocked = |_: Hex, to: Hex| {
        (!walls.contains(&to) && to.x.abs() < 5 && to.y.abs() < 5).then_some(Cost::points(1))
    };
    assert_eq!(shortest_path(Hex::new(0, 0), Hex::new(3, 0), blocked), None);
    assert_eq!(
        shortest_path_within(Hex::new(0, 0), Hex::new(3, 0), Cost::points(10), blocked),
        None
    );
    // Unbounded plane: the budget keeps the search finite.
    let plain = |_: Hex, _: Hex| Some(Cost::points(1));
    let (path, cost) =
        shortest_path_within(Hex::new(0, 0), Hex::new(2, 1), Cost::points(3), plain).unwrap();
    assert_eq!((path.len(), cost), (4, Cost::points(3)));
    assert_eq!(
        shortest_path_within(Hex::new(0, 0), Hex::new(9, 0), Cost::points(3), plain),
        None
    );
}

#[test]
fn reachable_lists_least_costs_within_budget() {
    let found = reachable(Hex::new(0, 0), Cost::points(1), terrain_cost);
    assert_eq!(found[0], (Hex::new(0, 0), Cost::ZERO));
    let cost_of = |hex: Hex| found.iter().find(|(h, _)| *h == hex).map(|(_, c)| *c);
    assert_eq!(cost_of(Hex::new(3, 0)), Some(Cost::points(1)));
    assert_eq!(cost_of(Hex::new(2, 0)), Some(Cost::thirds(2)));
    assert_eq!(cost_of(Hex::new(0, 1)), None, "woods cost 2");
    assert_eq!(cost_of(Hex::new(-1, 0)), Some(Cost::points(1)));
    assert!(found.windows(2).all(|w| w[0].1 <= w[1].1));
    // A plain plane with budget 2 holds the 19 hexes within distance 2.
    let plane = reachable(Hex::new(0, 0), Cost::points(2), |_, _| {
        Some(Cost::points(1))
    });
    assert_eq!(plane.len(), 19);
}

proptest! {
    /// On a uniform plane the least cost is the hex distance.
    #[test]
    fn uniform_cost_is_distance(q in -4i32..4, r in -4i32..4) {
        let to = Hex::new(q, r);
        let (path, cost) = shortest_path_within(
            Hex::new(0, 0), to, Cost::points(10), |_, _| Some(Cost::points(1))
        ).unwrap();
        prop_assert_eq!(cost, Cost::points(distance(Hex::new(0, 0), to)));
        prop_assert_eq!(path.len(), distance(Hex::new(0, 0), to) as usize + 1);
    }
}
