//! Geometry the games call in their inner loops: line of sight traces and movement reach.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use overlord_hexmap::{Cost, Hex, reachable, trace_line};
use std::hint::black_box;

fn geometry(c: &mut Criterion) {
    // Every line from one hex to each hex of a 12-hex ring: the targets of one long-range fire.
    let origin = Hex::new(0, 0);
    let ring: Vec<Hex> = origin.ring(12).collect();
    c.bench_function("trace_line, 12 hexes long (mean over a ring)", |b| {
        let mut targets = ring.iter().cycle();
        b.iter(|| black_box(trace_line(origin, *targets.next().unwrap())))
    });
    // Movement on open ground with roads in thirds: 4 points, 1 per hex, 1/3 along one axis.
    let step = |from: Hex, to: Hex| {
        Some(if from.y == 0 && to.y == 0 {
            Cost::thirds(1)
        } else {
            Cost::points(1)
        })
    };
    c.bench_function("reachable, 4 points with a road", |b| {
        b.iter(|| black_box(reachable(origin, Cost::points(4), step)))
    });
}

criterion_group!(benches, geometry);
criterion_main!(benches);
