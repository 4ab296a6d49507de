//! Hexsides: the edge between two adjacent hexes, named the same from either side.

use core::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::coords::{EdgeDirection, Hex};

/// One hexside, canonical for the unordered pair of hexes it separates.
///
/// It is stored as the sum of the two axial coordinates, i.e. the edge midpoint in doubled
/// coordinates. A sum does not care about order, so the id is the same from both sides without
/// any tie-breaking rule, and the parity of the two components tells which of the three edge
/// axes the side lies on, so the two hexes can be recovered. Eight bytes, `Copy`, ordered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexsideId {
    x: i32,
    y: i32,
}

/// The three edge axes, one direction each; the other three directions are their opposites.
const AXES: [(i64, i64); 3] = [(1, 0), (0, 1), (-1, 1)];

impl HexsideId {
    /// The hexside between `a` and `b`, or `None` when they are not adjacent (or when their
    /// coordinates are too large to add, beyond ±2^30).
    #[must_use]
    pub fn between(a: Hex, b: Hex) -> Option<Self> {
        let dx = i64::from(b.x) - i64::from(a.x);
        let dy = i64::from(b.y) - i64::from(a.y);
        if !AXES
            .iter()
            .any(|&(ax, ay)| (dx, dy) == (ax, ay) || (dx, dy) == (-ax, -ay))
        {
            return None;
        }
        let x = i32::try_from(i64::from(a.x) + i64::from(b.x)).ok()?;
        let y = i32::try_from(i64::from(a.y) + i64::from(b.y)).ok()?;
        Some(Self { x, y })
    }

    /// The hexside of `hex` facing `direction`.
    #[must_use]
    pub fn new(hex: Hex, direction: EdgeDirection) -> Option<Self> {
        let step = direction.into_hex();
        let x = hex.x.checked_add(step.x)?;
        let y = hex.y.checked_add(step.y)?;
        Self::between(hex, Hex::new(x, y))
    }

    /// The two hexes, in a fixed order (the second is the first's neighbour in hexx direction
    /// 0, 1 or 2).
    #[must_use]
    pub fn hexes(self) -> (Hex, Hex) {
        let (sx, sy) = (i64::from(self.x), i64::from(self.y));
        let (dx, dy) = match (sx & 1, sy & 1) {
            (1, 0) => AXES[0],
            (0, 1) => AXES[1],
            // (1, 1); (0, 0) cannot be built, since every constructor checks adjacency.
            _ => AXES[2],
        };
        let first = Hex::new(half(sx - dx), half(sy - dy));
        let second = Hex::new(half(sx + dx), half(sy + dy));
        (first, second)
    }

    /// Whether `hex` is one of the two hexes.
    #[must_use]
    pub fn touches(self, hex: Hex) -> bool {
        let (a, b) = self.hexes();
        hex == a || hex == b
    }

    /// The hex on the other side from `hex`, or `None` if `hex` is not on this hexside.
    #[must_use]
    pub fn other_side(self, hex: Hex) -> Option<Hex> {
        let (a, b) = self.hexes();
        if hex == a {
            Some(b)
        } else if hex == b {
            Some(a)
        } else {
            None
        }
    }

    /// The id as one integer, for packed tables and hashing.
    #[must_use]
    pub const fn to_bits(self) -> u64 {
        ((self.x as u32 as u64) << 32) | self.y as u32 as u64
    }

    /// The id packed by [`Self::to_bits`], or `None` for a value that is no hexside.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Self> {
        let x = (bits >> 32) as u32 as i32;
        let y = bits as u32 as i32;
        // Both components even would be a hex centre, not an edge midpoint.
        if x & 1 == 0 && y & 1 == 0 {
            None
        } else {
            Some(Self { x, y })
        }
    }

    /// The six hexsides of `hex`, in `hexx` direction order.
    #[must_use]
    pub fn around(hex: Hex) -> [Option<Self>; 6] {
        EdgeDirection::ALL_DIRECTIONS.map(|dir| Self::new(hex, dir))
    }
}

/// Halves a value known to be even and within the `i32` range of the hexes it came from.
fn half(doubled: i64) -> i32 {
    i32::try_from(doubled / 2).unwrap_or_default()
}

impl fmt::Debug for HexsideId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.hexes();
        write!(f, "HexsideId(({}, {})|({}, {}))", a.x, a.y, b.x, b.y)
    }
}

/// Written as the two axial hexes, `[[q1, r1], [q2, r2]]`, which a reader can check by eye.
impl Serialize for HexsideId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (a, b) = self.hexes();
        [[a.x, a.y], [b.x, b.y]].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for HexsideId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [[aq, ar], [bq, br]] = <[[i32; 2]; 2]>::deserialize(deserializer)?;
        Self::between(Hex::new(aq, ar), Hex::new(bq, br)).ok_or_else(|| {
            D::Error::custom(format!(
                "({aq}, {ar}) and ({bq}, {br}) are not adjacent, so they share no hexside"
            ))
        })
    }
}
