//! The tracing itself: candidate hexes from exact samples, each classified in exact arithmetic.

use super::{Contact, HexLine, LineHex, LineParam};
use crate::coords::Hex;

/// Cube coordinates (q, r, s = -q - r), relative to the start of the line.
type Cube = [i64; 3];

/// The three coordinate pairs whose differences bound a hexagon (TOI-COMBAT-LOS-ALGO step 1).
const PAIRS: [(usize, usize); 3] = [(0, 1), (1, 2), (2, 0)];

const NEIGHBOURHOOD: [Cube; 7] = [
    [0, 0, 0],
    [1, 0, -1],
    [1, -1, 0],
    [0, -1, 1],
    [-1, 0, 1],
    [-1, 1, 0],
    [0, 1, -1],
];

/// Traces the segment between the centres of `from` and `to` (TOI-COMBAT-LOS-ALGO).
///
/// Candidates: with N = distance(from, to), the N+1 samples at t = k/N are rounded to hexes
/// exactly, and each sample hex and its six neighbours are tested. That finds every hex the
/// segment meets: consecutive samples are at most one centre spacing apart (√3 for unit
/// circumradius), so any point of the segment is within √3/2 of a sample, a hex meeting the
/// segment there has its centre within 1 + √3/2 of that sample, and the sample's own hex centre
/// is within 1 more: 2 + √3/2 ≈ 2.87, less than the 3 between the closest centres two steps
/// apart. Each candidate is then classified exactly. O(N) time; the only allocation is the
/// result.
#[must_use]
pub fn trace_line(from: Hex, to: Hex) -> HexLine {
    let d = cube_between(from, to);
    let n = cube_length(d);
    let mut hexes = Vec::new();
    if n > 0 {
        // Lines meet fewer than 2N hexes in practice; the cap keeps absurd inputs from reserving
        // much up front (the Vec still grows if it must).
        hexes.reserve(usize::try_from(2 * n + 4).unwrap_or(0).min(4096));
        // A hex next to samples j and k has them at most 2 apart, and rounding moves a sample at
        // most 2/3, so k - j <= 3: remembering three samples is enough to test each hex once.
        let mut recent: [Option<Cube>; 3] = [None; 3];
        for k in 0..=n {
            let sample = round_sample(d, k, n);
            for offset in NEIGHBOURHOOD {
                let c = add(sample, offset);
                if c == [0, 0, 0] || c == d {
                    continue;
                }
                if recent
                    .iter()
                    .flatten()
                    .any(|&p| cube_length(sub(c, p)) <= 1)
                {
                    continue;
                }
                if let (Some(found), Some(hex)) = (classify(d, c), offset_hex(from, c)) {
                    let contact = if found.crossed {
                        Contact::Crossed
                    } else if cross(d, c) > 0 {
                        Contact::TouchedLeft
                    } else {
                        Contact::TouchedRight
                    };
                    hexes.push(LineHex {
                        hex,
                        contact,
                        enter: found.enter,
                        exit: found.exit,
                    });
                }
            }
            recent.rotate_right(1);
            recent[0] = Some(sample);
        }
    }
    hexes.sort_unstable_by(|a, b| {
        (a.enter.cmp(&b.enter))
            .then(a.exit.cmp(&b.exit))
            .then(a.contact.cmp(&b.contact))
    });
    let grazes_vertex = hexes.iter().any(LineHex::is_vertex_touch);
    let along_hexside = hexes.iter().any(LineHex::is_edge_touch);
    HexLine {
        from,
        to,
        hexes,
        grazes_vertex,
        along_hexside,
    }
}

struct Meeting {
    enter: LineParam,
    exit: LineParam,
    crossed: bool,
}

/// Where the segment from the origin to `d` meets the hexagon centred on `h`
/// (TOI-COMBAT-LOS-ALGO steps 1-3). Each pair (i, j) needs |u + t v| <= 1 with
/// u = -(h_i - h_j) and v = d_i - d_j: an interval of t, or all or nothing when v = 0.
fn classify(d: Cube, h: Cube) -> Option<Meeting> {
    let mut enter = LineParam::ZERO;
    let mut exit = LineParam::ONE;
    let mut interior = true;
    for (i, j) in PAIRS {
        let u = h[j] - h[i];
        let v = d[i] - d[j];
        if v == 0 {
            // Parallel to this pair of edges: inside the strip for all t, on its border, or out.
            match u.abs() {
                0 => {}
                1 => interior = false,
                _ => return None,
            }
            continue;
        }
        let (low, high) = if v > 0 {
            ((-1 - u, v), (1 - u, v))
        } else {
            ((u - 1, -v), (u + 1, -v))
        };
        enter = enter.max(LineParam {
            num: low.0,
            den: low.1,
        });
        exit = exit.min(LineParam {
            num: high.0,
            den: high.1,
        });
    }
    if enter > exit {
        return None;
    }
    // Every strip with v != 0 is open at its bounds, so the interior is met iff the closed
    // range has positive length and no parallel strip holds the line on its border.
    let crossed = interior && enter < exit;
    Some(Meeting {
        enter,
        exit,
        crossed,
    })
}

/// The hex containing the point k/n of the way along `d`: cube rounding done exactly.
fn round_sample(d: Cube, k: i64, n: i64) -> Cube {
    let n = i128::from(n);
    let mut rounded = [0i64; 3];
    let mut error = [0i128; 3];
    for c in 0..3 {
        let scaled = i128::from(d[c]) * i128::from(k);
        // Nearest integer to scaled / n, halves rounded up.
        let nearest = (2 * scaled + n).div_euclid(2 * n);
        rounded[c] = i64::try_from(nearest).unwrap_or_default();
        error[c] = (scaled - nearest * n).abs();
    }
    // Rounding each coordinate alone can leave q + r + s = ±1; the one that moved furthest is
    // the least trustworthy, so it is recomputed from the other two.
    if rounded.iter().sum::<i64>() != 0 {
        let worst = if error[0] > error[1] && error[0] > error[2] {
            0
        } else if error[1] > error[2] {
            1
        } else {
            2
        };
        rounded[worst] = -(rounded[(worst + 1) % 3] + rounded[(worst + 2) % 3]);
    }
    rounded
}

fn cube_between(from: Hex, to: Hex) -> Cube {
    let q = i64::from(to.x) - i64::from(from.x);
    let r = i64::from(to.y) - i64::from(from.y);
    [q, r, -q - r]
}

fn cube_length(c: Cube) -> i64 {
    (c[0].abs() + c[1].abs() + c[2].abs()) / 2
}

fn add(a: Cube, b: Cube) -> Cube {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Cube, b: Cube) -> Cube {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// Axial 2-D cross product of `d` and `c` (TOI-COMBAT-LOS-ALGO step 4). Never zero for a touched
/// hex: a hex whose centre is on the line is either crossed or not met at all.
fn cross(d: Cube, c: Cube) -> i128 {
    i128::from(d[0]) * i128::from(c[1]) - i128::from(d[1]) * i128::from(c[0])
}

/// `from` moved by `c`, or `None` if that leaves the `i32` range.
fn offset_hex(from: Hex, c: Cube) -> Option<Hex> {
    let q = i32::try_from(i64::from(from.x) + c[0]).ok()?;
    let r = i32::try_from(i64::from(from.y) + c[1]).ok()?;
    Some(Hex::new(q, r))
}
