//! The exact straight line between two hex centres (TOI-COMBAT-LOS-ALGO).
//!
//! `hexx::Hex::line_to` samples the segment at N+1 points and rounds each one, which misses hexes:
//! from (0,0) to (1,3) the segment passes through the interiors of four hexes and sampling finds
//! three. Line of sight needs every hex, so the traversal here is our own, in exact integer and
//! rational arithmetic. Sampling is still used, but only to enumerate candidates: every hex that
//! meets the segment is within one hex of some sample (see [`trace_line`]).

mod trace;

use core::cmp::Ordering;

pub use trace::trace_line;

use crate::coords::Hex;

/// A position along the segment: the fraction t = numerator / denominator of the way from the
/// first hex's centre to the second's. Compared exactly, so `1/2 == 2/4`.
#[derive(Clone, Copy, Debug)]
pub struct LineParam {
    num: i64,
    den: i64,
}

impl LineParam {
    /// The start of the segment (t = 0).
    pub const ZERO: Self = Self { num: 0, den: 1 };
    /// The end of the segment (t = 1).
    pub const ONE: Self = Self { num: 1, den: 1 };

    /// Numerator of t (not reduced).
    #[must_use]
    pub const fn numerator(self) -> i64 {
        self.num
    }

    /// Denominator of t, always positive (not reduced).
    #[must_use]
    pub const fn denominator(self) -> i64 {
        self.den
    }

    /// t mirrored end for end (1 - t): the same point seen from the other end.
    #[must_use]
    pub const fn reversed(self) -> Self {
        Self {
            num: self.den - self.num,
            den: self.den,
        }
    }
}

impl Ord for LineParam {
    fn cmp(&self, other: &Self) -> Ordering {
        // Denominators are positive, so cross-multiplying keeps the order; i128 cannot overflow.
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for LineParam {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for LineParam {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for LineParam {}

/// The two sides of a line, by TOI-COMBAT-LOS-ALGO step 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Positive cross product `(to - from) × (centre - from)` in axial (q, r) coordinates.
    Left,
    /// Negative cross product.
    Right,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Self; 2] = [Self::Left, Self::Right];

    /// The other side.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::Left => Self::Right,
            Self::Right => Self::Left,
        }
    }
}

/// How the segment meets a hex (TOI-COMBAT-LOS-ALGO step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Contact {
    /// The segment passes through the hex's interior.
    Crossed,
    /// Only the boundary, on the left: along an edge or at one vertex.
    TouchedLeft,
    /// Only the boundary, on the right.
    TouchedRight,
}

/// One hex met by the segment, with the closed range of t over which they meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineHex {
    pub hex: Hex,
    pub contact: Contact,
    pub enter: LineParam,
    pub exit: LineParam,
}

impl LineHex {
    /// Touched at a single point: the line grazes one vertex.
    #[must_use]
    pub fn is_vertex_touch(&self) -> bool {
        self.contact != Contact::Crossed && self.enter == self.exit
    }

    /// Touched along a whole edge: the line runs along a hexside.
    #[must_use]
    pub fn is_edge_touch(&self) -> bool {
        self.contact != Contact::Crossed && self.enter < self.exit
    }

    /// The side this hex was touched on; `None` for a crossed hex.
    #[must_use]
    pub const fn side(&self) -> Option<Side> {
        match self.contact {
            Contact::Crossed => None,
            Contact::TouchedLeft => Some(Side::Left),
            Contact::TouchedRight => Some(Side::Right),
        }
    }
}

/// The hexes strictly between two hexes along the centre-to-centre segment.
///
/// Entries are ordered by where they meet the segment (by `enter`, then `exit`), so every
/// per-side view below is ordered from `from` to `to`. The end hexes are never included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexLine {
    from: Hex,
    to: Hex,
    hexes: Vec<LineHex>,
    grazes_vertex: bool,
    along_hexside: bool,
}

impl HexLine {
    /// The hex the line starts from.
    #[must_use]
    pub const fn from(&self) -> Hex {
        self.from
    }

    /// The hex the line goes to.
    #[must_use]
    pub const fn to(&self) -> Hex {
        self.to
    }

    /// Every hex met, crossed or touched, ordered along the line.
    #[must_use]
    pub fn hexes(&self) -> &[LineHex] {
        &self.hexes
    }

    /// Hexes whose interior the line crosses, in order from `from` to `to`.
    pub fn crossed(&self) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.with(|c| c == Contact::Crossed)
    }

    /// Hexes only touched, on the left.
    pub fn touched_left(&self) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.touched(Side::Left)
    }

    /// Hexes only touched, on the right.
    pub fn touched_right(&self) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.touched(Side::Right)
    }

    /// Hexes only touched, on `side`.
    pub fn touched(&self, side: Side) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        let wanted = touched_contact(side);
        self.with(move |c| c == wanted)
    }

    /// Line set L of TOI-COMBAT-LOS-ALGO step 5: crossed ∪ touched on the left, in order.
    pub fn left_set(&self) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.side_set(Side::Left)
    }

    /// Line set R of TOI-COMBAT-LOS-ALGO step 5: crossed ∪ touched on the right, in order.
    pub fn right_set(&self) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.side_set(Side::Right)
    }

    /// Crossed ∪ touched on `side`, in order: the hexes a line shifted very slightly towards
    /// `side` would cross (TOI-COMBAT-LOS-HEXSIDE, extended to vertices by AMB-12).
    pub fn side_set(&self, side: Side) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        let other = touched_contact(side.opposite());
        self.with(move |c| c != other)
    }

    /// Whether anything is only touched, so the two line sets differ.
    #[must_use]
    pub fn is_ambiguous(&self) -> bool {
        self.grazes_vertex || self.along_hexside
    }

    /// Some hex is touched at a single vertex only.
    #[must_use]
    pub const fn grazes_vertex(&self) -> bool {
        self.grazes_vertex
    }

    /// Some hex is touched along a whole edge: the line runs along a hexside.
    #[must_use]
    pub const fn along_hexside(&self) -> bool {
        self.along_hexside
    }

    /// Same as [`Self::along_hexside`], in the rulebook's words.
    #[must_use]
    pub const fn runs_along_hexside(&self) -> bool {
        self.along_hexside
    }

    fn with(
        &self,
        keep: impl Fn(Contact) -> bool + 'static,
    ) -> impl DoubleEndedIterator<Item = Hex> + '_ {
        self.hexes
            .iter()
            .filter(move |h| keep(h.contact))
            .map(|h| h.hex)
    }
}

const fn touched_contact(side: Side) -> Contact {
    match side {
        Side::Left => Contact::TouchedLeft,
        Side::Right => Contact::TouchedRight,
    }
}
