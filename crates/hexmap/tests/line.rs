//! The exact line (TOI-COMBAT-LOS-ALGO) and the pure-geometry LOS tests of TOI 8.8.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_hexmap::{Contact, Hex, HexLine, Side, distance, trace_line};
use proptest::prelude::*;

fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn crossed(line: &HexLine) -> Vec<Hex> {
    line.crossed().collect()
}

fn set(line: &HexLine, side: Side) -> Vec<Hex> {
    line.side_set(side).collect()
}

#[test]
fn toi_combat_los_algo_worked_geometry() {
    // Sampling finds three of these four; the exact line crosses all of them.
    let line = trace_line(h(0, 0), h(1, 3));
    assert_eq!(crossed(&line), [h(0, 1), h(1, 1), h(0, 2), h(1, 2)]);
    assert!(!line.is_ambiguous());

    // Along the hexside between (1,-1) and (1,0): both touched, on opposite sides.
    let line = trace_line(h(0, 0), h(2, -1));
    assert!(crossed(&line).is_empty());
    assert_eq!(line.touched_left().collect::<Vec<_>>(), [h(1, 0)]);
    assert_eq!(line.touched_right().collect::<Vec<_>>(), [h(1, -1)]);
    assert!(line.runs_along_hexside());
    assert!(!line.grazes_vertex());

    // Crosses (2,-1); (1,-1) and (3,-2) on one side, (1,0) and (3,-1) on the other.
    let line = trace_line(h(0, 0), h(4, -2));
    assert_eq!(crossed(&line), [h(2, -1)]);
    assert_eq!(
        line.touched_right().collect::<Vec<_>>(),
        [h(1, -1), h(3, -2)]
    );
    assert_eq!(line.touched_left().collect::<Vec<_>>(), [h(1, 0), h(3, -1)]);
    assert_eq!(set(&line, Side::Left), [h(1, 0), h(2, -1), h(3, -1)]);
    assert_eq!(set(&line, Side::Right), [h(1, -1), h(2, -1), h(3, -2)]);
    assert!(line.along_hexside());

    // Crosses four hexes and grazes (2,-1) and (3,0) at single vertices.
    let line = trace_line(h(0, 0), h(5, -1));
    assert_eq!(crossed(&line), [h(1, 0), h(2, 0), h(3, -1), h(4, -1)]);
    let mut touched: Vec<Hex> = line.touched_left().chain(line.touched_right()).collect();
    touched.sort_unstable_by_key(|x| (x.x, x.y));
    assert_eq!(touched, [h(2, -1), h(3, 0)]);
    assert!(line.grazes_vertex());
    assert!(!line.runs_along_hexside());
    assert!(
        line.hexes()
            .iter()
            .filter(|x| x.contact != Contact::Crossed)
            .all(|x| x.is_vertex_touch())
    );
    assert!(set(&line, Side::Left) != set(&line, Side::Right));
}

/// Same-level LOS over a blocking set, as TOI-COMBAT-LOS-ALGO steps 5-7 and TOI-COMBAT-LOS-HEXSIDE
/// put it: adjacent always see; otherwise one of the two line sets must be clear.
fn same_level_los(from: Hex, to: Hex, blocking: &[Hex]) -> bool {
    if distance(from, to) <= 1 {
        return true;
    }
    let line = trace_line(from, to);
    Side::BOTH
        .into_iter()
        .any(|side| line.side_set(side).all(|x| !blocking.contains(&x)))
}

#[test]
fn t_los_geometry() {
    let o = h(0, 0);
    // T-LOS-01: woods between.
    assert!(!same_level_los(o, h(3, 0), &[h(1, 0)]));
    // T-LOS-02: nothing between.
    assert!(same_level_los(o, h(0, 3), &[]));
    // T-LOS-03: along hexsides, free on one side.
    assert!(same_level_los(o, h(4, -2), &[h(1, -1)]));
    // T-LOS-04 (e1 between level-0 units) and T-LOS-17 (smoke) block like woods.
    assert!(!same_level_los(o, h(4, 0), &[h(2, 0)]));
    assert!(!same_level_los(o, h(3, 0), &[h(1, 0)]));
    // T-LOS-05: both sides of the hexside blocked.
    assert!(!same_level_los(o, h(4, -2), &[h(1, -1), h(1, 0)]));
    // T-LOS-06: left shift blocked at (3,-1), right shift at (1,-1).
    assert!(!same_level_los(o, h(4, -2), &[h(1, -1), h(3, -1)]));
    let line = trace_line(o, h(4, -2));
    assert!(line.left_set().any(|x| x == h(3, -1)));
    assert!(line.right_set().any(|x| x == h(1, -1)));
    // T-LOS-07: both blockers on the same side.
    assert!(same_level_los(o, h(4, -2), &[h(1, -1), h(3, -2)]));
    // T-LOS-15: adjacent.
    assert!(same_level_los(h(1, 0), h(2, 0), &[h(1, 0), h(2, 0)]));
    // T-LOS-16: the attacker's own hex never blocks.
    assert!(same_level_los(o, h(3, 0), &[o]));
    // T-LOS-18, T-LOS-19: hexes an N+1-sample line would miss one of.
    assert!(!same_level_los(o, h(1, 3), &[h(1, 1)]));
    assert!(!same_level_los(o, h(1, 3), &[h(0, 2)]));
}

#[test]
fn degenerate_lines() {
    assert!(trace_line(h(3, 3), h(3, 3)).hexes().is_empty());
    assert!(trace_line(h(3, 3), h(4, 3)).hexes().is_empty());
    let line = trace_line(h(i32::MAX, 0), h(i32::MAX - 3, 1));
    assert!(line.hexes().len() <= 6);
}

/// Brute force, independent of the interval algebra: walk t = i/M with M a multiple of every
/// possible denominator (|v| <= 2N <= 10), so samples land on every vertex touch and inside
/// every crossed interval, and test each sample point against every nearby hexagon.
fn brute_force(to: Hex) -> Vec<(Hex, Contact, usize, usize)> {
    const M: i64 = 2520;
    let d = [i64::from(to.x), i64::from(to.y), i64::from(-to.x - to.y)];
    let n = i32::try_from(distance(h(0, 0), to)).unwrap();
    let mut out = Vec::new();
    for q in -n - 1..=n + 1 {
        for r in -n - 1..=n + 1 {
            let hex = h(q, r);
            if hex == h(0, 0) || hex == to || distance(h(0, 0), hex) > n as u32 + 1 {
                continue;
            }
            let c = [i64::from(q), i64::from(r), i64::from(-q - r)];
            let (mut first, mut last, mut interior) = (None, 0, false);
            for i in 0..=M {
                // Point i/M of the way, scaled by M: |M (p_a - p_b) - M (c_a - c_b)| vs M.
                let worst = [(0, 1), (1, 2), (2, 0)]
                    .into_iter()
                    .map(|(a, b)| (i * (d[a] - d[b]) - M * (c[a] - c[b])).abs())
                    .max()
                    .unwrap();
                if worst <= M {
                    first.get_or_insert(i);
                    last = i;
                    interior |= worst < M;
                }
            }
            if let Some(first) = first {
                let cross = i64::from(to.x) * i64::from(r) - i64::from(to.y) * i64::from(q);
                let contact = match (interior, cross > 0) {
                    (true, _) => Contact::Crossed,
                    (false, true) => Contact::TouchedLeft,
                    (false, false) => Contact::TouchedRight,
                };
                out.push((hex, contact, first as usize, last as usize));
            }
        }
    }
    out.sort_unstable_by_key(|&(hex, contact, first, last)| (first, last, contact, hex.x, hex.y));
    out
}

#[test]
fn trace_line_matches_brute_force_for_every_target_within_5() {
    let mut seen = [0usize; 3];
    for q in -5i32..=5 {
        for r in -5i32..=5 {
            let to = h(q, r);
            if distance(h(0, 0), to) > 5 || distance(h(0, 0), to) == 0 {
                continue;
            }
            let line = trace_line(h(0, 0), to);
            let mut ours: Vec<(Hex, Contact, usize, usize)> = line
                .hexes()
                .iter()
                .map(|x| {
                    let at = |t: overlord_hexmap::LineParam| {
                        (t.numerator() * 2520 / t.denominator()) as usize
                    };
                    (x.hex, x.contact, at(x.enter), at(x.exit))
                })
                .collect();
            ours.sort_unstable_by_key(|&(hex, contact, first, last)| {
                (first, last, contact, hex.x, hex.y)
            });
            let mut expected = brute_force(to);
            // Crossed hexes: the brute force only sees the closed range through samples, which
            // are exact at every bound because M is a multiple of every denominator.
            expected.sort_unstable_by_key(|&(hex, contact, first, last)| {
                (first, last, contact, hex.x, hex.y)
            });
            assert_eq!(ours, expected, "line (0,0) -> ({q},{r})");
            for (_, contact, _, _) in expected {
                seen[contact as usize] += 1;
            }
        }
    }
    assert!(
        seen.iter().all(|&count| count > 10),
        "every kind of contact was checked: {seen:?}"
    );
}

fn hexes_strategy() -> impl Strategy<Value = (Hex, Hex)> {
    (-40i32..40, -40i32..40, -40i32..40, -40i32..40).prop_map(|(a, b, c, d)| (h(a, b), h(c, d)))
}

fn is_chain(hexes: &[Hex]) -> bool {
    hexes.windows(2).all(|w| distance(w[0], w[1]) == 1)
}

proptest! {
    #[test]
    fn reversing_swaps_sides_and_reverses_order((a, b) in hexes_strategy()) {
        let forward = trace_line(a, b);
        let backward = trace_line(b, a);
        let fwd: Vec<Hex> = forward.crossed().rev().collect();
        prop_assert_eq!(fwd, crossed(&backward));
        for side in Side::BOTH {
            let fwd: Vec<Hex> = forward.side_set(side).rev().collect();
            prop_assert_eq!(fwd, set(&backward, side.opposite()));
        }
        prop_assert_eq!(forward.grazes_vertex(), backward.grazes_vertex());
        prop_assert_eq!(forward.along_hexside(), backward.along_hexside());
    }

    /// Each line set, with the end hexes, is a chain of neighbours: what a line shifted very
    /// slightly to that side would pass through. With nothing touched, both are the crossed hexes.
    #[test]
    fn line_sets_are_chains_of_neighbours((a, b) in hexes_strategy()) {
        prop_assume!(a != b);
        let line = trace_line(a, b);
        for side in Side::BOTH {
            let mut chain = vec![a];
            chain.extend(line.side_set(side));
            chain.push(b);
            prop_assert!(is_chain(&chain), "{:?} side of {:?}", side, line);
        }
        if !line.is_ambiguous() {
            let mut chain = vec![a];
            chain.extend(line.crossed());
            chain.push(b);
            prop_assert!(is_chain(&chain));
        }
    }

    #[test]
    fn sampled_hexx_line_is_a_subset((a, b) in hexes_strategy()) {
        let line = trace_line(a, b);
        for sample in a.line_to(b) {
            prop_assert!(
                sample == a || sample == b || line.hexes().iter().any(|x| x.hex == sample),
                "hexx sample {:?} missing from {:?}", sample, line
            );
        }
    }

    #[test]
    fn length_bounds((a, b) in hexes_strategy()) {
        let n = distance(a, b) as usize;
        let line = trace_line(a, b);
        for side in Side::BOTH {
            let len = line.side_set(side).count();
            prop_assert!(len + 1 >= n && len < 2 * n.max(1), "n = {}, len = {}", n, len);
        }
        let mut hexes: Vec<(i32, i32)> = line.hexes().iter().map(|x| (x.hex.x, x.hex.y)).collect();
        hexes.sort_unstable();
        hexes.dedup();
        prop_assert_eq!(hexes.len(), line.hexes().len(), "each hex once");
        prop_assert!(line.hexes().windows(2).all(|w| (w[0].enter, w[0].exit) <= (w[1].enter, w[1].exit)));
    }

    #[test]
    fn far_apart_hexes_do_not_panic(a in any::<(i32, i32)>(), dq in -30i32..30, dr in -30i32..30) {
        let from = h(a.0, a.1);
        let to = h(a.0.saturating_add(dq), a.1.saturating_add(dr));
        let _ = trace_line(from, to);
    }
}
