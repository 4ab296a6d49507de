//! Where each hex lands on the page: centres, corners and hexsides in pixels.
//!
//! The layout follows the map's [`LabelConvention`]: its orientation decides whether the printed
//! hexes are flat-topped or pointy-topped, and the axial coordinates the convention produces
//! already carry the column/row order and the shifted parity, so one formula per orientation
//! serves every map. A display [`Rotation`] then turns the whole board by quarter turns.
//!
//! This is our own arithmetic rather than `hexx::HexLayout`: hexx lays out in `f32` on a y-up
//! world (Bevy's convention) and has no rotation, while SVG is y-down and we want `f64` so that
//! centres and shared corners agree to well below a thousandth of a pixel. The formulas are the
//! standard axial ones (and agree with hexx's up to the y flip).

use overlord_hexmap::{Hex, HexsideId, LabelConvention, Orientation};

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// A point on the page, in pixels, y growing downwards (SVG's convention).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// Distance to `other`.
    #[must_use]
    pub fn distance(self, other: Self) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    /// The point a fraction `t` of the way to `other`.
    #[must_use]
    pub fn lerp(self, other: Self, t: f64) -> Self {
        Self::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }

    #[must_use]
    pub fn offset(self, dx: f64, dy: f64) -> Self {
        Self::new(self.x + dx, self.y + dy)
    }
}

/// A display rotation of the whole board, in clockwise quarter turns as seen on the page.
///
/// Only the board turns: text stays upright. For Omaha Beach, whose printed columns grow inland
/// and are shown upwards, use [`Rotation::Anticlockwise`]: the printed columns (left to right in
/// the unrotated layout) then run bottom to top and the rows run left to right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// As printed: columns left to right (flat-top), rows top to bottom.
    #[default]
    None,
    /// A quarter turn clockwise: what was up points right.
    Clockwise,
    /// Half a turn.
    HalfTurn,
    /// A quarter turn anticlockwise: what was right points up.
    Anticlockwise,
}

impl Rotation {
    /// The rotation of `turns` clockwise quarter turns (any integer; negative turns anticlockwise).
    #[must_use]
    pub const fn from_quarter_turns(turns: i32) -> Self {
        match turns.rem_euclid(4) {
            1 => Self::Clockwise,
            2 => Self::HalfTurn,
            3 => Self::Anticlockwise,
            _ => Self::None,
        }
    }

    /// Clockwise quarter turns, 0..=3.
    #[must_use]
    pub const fn quarter_turns(self) -> u8 {
        match self {
            Self::None => 0,
            Self::Clockwise => 1,
            Self::HalfTurn => 2,
            Self::Anticlockwise => 3,
        }
    }

    /// Turns a vector about the origin (y down, so clockwise maps right to down).
    #[must_use]
    pub fn apply(self, p: Point) -> Point {
        match self {
            Self::None => p,
            Self::Clockwise => Point::new(-p.y, p.x),
            Self::HalfTurn => Point::new(-p.x, -p.y),
            Self::Anticlockwise => Point::new(p.y, -p.x),
        }
    }
}

/// Where hexes go on the page for one map convention, hex size and rotation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    orientation: Orientation,
    size: f64,
    rotation: Rotation,
    mirrored: bool,
    origin: Point,
}

impl Layout {
    /// A layout with hexes of circumradius `size` pixels (centre to corner). A size that is not a
    /// positive finite number is replaced by 1 so that nothing downstream divides by zero.
    #[must_use]
    pub fn new(convention: LabelConvention, size: f64, rotation: Rotation) -> Self {
        let size = if size.is_finite() && size > 0.0 {
            size
        } else {
            1.0
        };
        Self {
            orientation: convention.orientation,
            size,
            rotation,
            mirrored: false,
            origin: Point::default(),
        }
    }

    /// The same layout mirrored top to bottom after the rotation: for a map whose printed rows
    /// grow northwards (Normandy '44's `RRCC` labels), so that north is up on the page.
    #[must_use]
    pub const fn mirrored(mut self, mirrored: bool) -> Self {
        self.mirrored = mirrored;
        self
    }

    /// The same layout with axial hex (0, 0) moved to `origin`.
    #[must_use]
    pub const fn with_origin(mut self, origin: Point) -> Self {
        self.origin = origin;
        self
    }

    /// The point where axial hex (0, 0) is centred.
    #[must_use]
    pub const fn origin(&self) -> Point {
        self.origin
    }

    /// Circumradius: centre to corner, and also the length of one hexside.
    #[must_use]
    pub const fn size(&self) -> f64 {
        self.size
    }

    #[must_use]
    pub const fn rotation(&self) -> Rotation {
        self.rotation
    }

    /// Distance between the centres of two neighbouring hexes (the width across the flats).
    #[must_use]
    pub fn hex_width(&self) -> f64 {
        SQRT_3 * self.size
    }

    /// Whether hexes appear with a flat edge at the top of the page (after rotation).
    #[must_use]
    pub fn displays_flat_top(&self) -> bool {
        let quarter = self.rotation.quarter_turns() % 2 == 1;
        (self.orientation == Orientation::FlatTop) != quarter
    }

    /// The centre of `hex`. Any hex has one, on the map or not.
    #[must_use]
    pub fn centre(&self, hex: Hex) -> Point {
        let q = f64::from(hex.x);
        let r = f64::from(hex.y);
        let s = self.size;
        let native = match self.orientation {
            Orientation::FlatTop => Point::new(1.5 * s * q, SQRT_3 * s * (r + q / 2.0)),
            Orientation::PointyTop => Point::new(SQRT_3 * s * (q + r / 2.0), 1.5 * s * r),
        };
        let turned = self.rotation.apply(native);
        let y = if self.mirrored { -turned.y } else { turned.y };
        Point::new(turned.x + self.origin.x, y + self.origin.y)
    }

    /// The six corners of `hex`, clockwise on the page.
    #[must_use]
    pub fn corners(&self, hex: Hex) -> [Point; 6] {
        let centre = self.centre(hex);
        let start = if self.displays_flat_top() { 0.0 } else { 30.0 };
        core::array::from_fn(|i| {
            let angle = (start + 60.0 * i as f64).to_radians();
            Point::new(
                centre.x + self.size * angle.cos(),
                centre.y + self.size * angle.sin(),
            )
        })
    }

    /// A point inside `hex` given in fractions of the hex size from its centre, in page
    /// directions (x right, y down), whatever the rotation.
    #[must_use]
    pub fn within(&self, hex: Hex, dx: f64, dy: f64) -> Point {
        self.centre(hex).offset(dx * self.size, dy * self.size)
    }

    /// The two ends of the hexside between `a` and `b`, or `None` when they are not adjacent.
    #[must_use]
    pub fn hexside(&self, a: Hex, b: Hex) -> Option<[Point; 2]> {
        let side = HexsideId::between(a, b)?;
        Some(self.hexside_ends(side))
    }

    /// The two ends of a hexside.
    #[must_use]
    pub fn hexside_ends(&self, side: HexsideId) -> [Point; 2] {
        let (a, b) = side.hexes();
        let ca = self.centre(a);
        let cb = self.centre(b);
        let mid = ca.lerp(cb, 0.5);
        let length = ca.distance(cb);
        if length <= 0.0 {
            return [mid, mid];
        }
        // The hexside is perpendicular to the line of centres and one hex size long.
        let half = self.size / 2.0 / length;
        let px = -(cb.y - ca.y) * half;
        let py = (cb.x - ca.x) * half;
        [mid.offset(px, py), mid.offset(-px, -py)]
    }

    /// The smallest rectangle holding every corner of `hexes`: (top-left, bottom-right), or `None`
    /// when there are no hexes.
    pub fn bounds(&self, hexes: impl IntoIterator<Item = Hex>) -> Option<(Point, Point)> {
        let mut bounds: Option<(Point, Point)> = None;
        for hex in hexes {
            for corner in self.corners(hex) {
                let (lo, hi) = bounds.get_or_insert((corner, corner));
                lo.x = lo.x.min(corner.x);
                lo.y = lo.y.min(corner.y);
                hi.x = hi.x.max(corner.x);
                hi.y = hi.y.max(corner.y);
            }
        }
        bounds
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use overlord_hexmap::{LabelOrder, Parity, neighbours};

    fn conventions() -> Vec<LabelConvention> {
        let mut all = Vec::new();
        for orientation in [Orientation::FlatTop, Orientation::PointyTop] {
            for order in [LabelOrder::ColumnRow, LabelOrder::RowColumn] {
                for shifted in [Parity::Even, Parity::Odd] {
                    all.push(LabelConvention {
                        orientation,
                        order,
                        shifted,
                    });
                }
            }
        }
        all
    }

    fn rotations() -> [Rotation; 4] {
        [
            Rotation::None,
            Rotation::Clockwise,
            Rotation::HalfTurn,
            Rotation::Anticlockwise,
        ]
    }

    /// Every printed label of a 12 x 12 board in `convention`.
    fn board(convention: LabelConvention) -> Vec<Hex> {
        let mut hexes = Vec::new();
        for column in 1..=12 {
            for row in 1..=12 {
                let label = convention.label(column, row).unwrap();
                hexes.push(convention.to_hex(label));
            }
        }
        hexes
    }

    #[test]
    fn neighbours_are_one_hex_width_apart_in_every_convention_and_rotation() {
        for convention in conventions() {
            for rotation in rotations() {
                let layout = Layout::new(convention, 30.0, rotation);
                let hexes = board(convention);
                for &hex in &hexes {
                    for neighbour in neighbours(hex) {
                        let d = layout.centre(hex).distance(layout.centre(neighbour));
                        assert!(
                            (d - layout.hex_width()).abs() < 1e-9,
                            "{convention:?} {rotation:?} {hex:?}-{neighbour:?}: {d}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn printed_neighbours_touch_in_every_convention() {
        // Labels next to each other in a printed column (flat-top) or row (pointy-top) are
        // neighbours on the page, and so is the shifted hex beside them.
        for convention in conventions() {
            let layout = Layout::new(convention, 10.0, Rotation::None);
            let hex =
                |column: u8, row: u8| convention.to_hex(convention.label(column, row).unwrap());
            let width = layout.hex_width();
            let near =
                |a: Hex, b: Hex| (layout.centre(a).distance(layout.centre(b)) - width).abs() < 1e-9;
            match convention.orientation {
                Orientation::FlatTop => {
                    assert!(near(hex(4, 4), hex(4, 5)), "{convention:?}");
                    assert!(near(hex(4, 4), hex(5, 4)), "{convention:?}");
                    assert!(near(hex(5, 4), hex(6, 4)), "{convention:?}");
                }
                Orientation::PointyTop => {
                    assert!(near(hex(4, 4), hex(5, 4)), "{convention:?}");
                    assert!(near(hex(4, 4), hex(4, 5)), "{convention:?}");
                    assert!(near(hex(4, 5), hex(4, 6)), "{convention:?}");
                }
            }
        }
    }

    #[test]
    fn no_two_hex_centres_coincide() {
        for convention in conventions() {
            for rotation in rotations() {
                let layout = Layout::new(convention, 30.0, rotation);
                let hexes = board(convention);
                let centres: Vec<Point> = hexes.iter().map(|&h| layout.centre(h)).collect();
                for (i, a) in centres.iter().enumerate() {
                    for b in &centres[i + 1..] {
                        assert!(
                            a.distance(*b) > layout.hex_width() - 1e-9,
                            "{convention:?} {rotation:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn hexside_ends_are_shared_corners_of_both_hexes() {
        for convention in conventions() {
            for rotation in rotations() {
                let layout = Layout::new(convention, 30.0, rotation);
                let hex = Hex::new(3, -2);
                for neighbour in neighbours(hex) {
                    let ends = layout.hexside(hex, neighbour).unwrap();
                    for end in ends {
                        for h in [hex, neighbour] {
                            let closest = layout
                                .corners(h)
                                .iter()
                                .map(|c| c.distance(end))
                                .fold(f64::INFINITY, f64::min);
                            assert!(closest < 1e-9, "{convention:?} {rotation:?}");
                        }
                    }
                }
                assert!(layout.hexside(hex, Hex::new(9, 9)).is_none());
            }
        }
    }

    #[test]
    fn omaha_columns_grow_upwards_and_rows_to_the_right() {
        let convention = LabelConvention::OMAHA;
        let layout = Layout::new(convention, 30.0, Rotation::Anticlockwise);
        let hex = |column: u8, row: u8| convention.to_hex(convention.label(column, row).unwrap());
        let a = layout.centre(hex(1, 1));
        let inland = layout.centre(hex(9, 1));
        let west = layout.centre(hex(1, 20));
        assert!(inland.y < a.y, "columns grow upwards");
        assert!((inland.x - a.x).abs() < layout.hex_width(), "straight up");
        assert!(west.x > a.x, "rows grow to the right");
        assert!((west.y - a.y).abs() < 1e-9, "along a printed column");
        assert!(!layout.displays_flat_top());
    }

    #[test]
    fn quarter_turns_wrap() {
        assert_eq!(Rotation::from_quarter_turns(-1), Rotation::Anticlockwise);
        assert_eq!(Rotation::from_quarter_turns(6), Rotation::HalfTurn);
        for rotation in rotations() {
            assert_eq!(
                Rotation::from_quarter_turns(i32::from(rotation.quarter_turns())),
                rotation
            );
        }
    }

    #[test]
    fn a_bad_size_does_not_poison_the_layout() {
        let layout = Layout::new(LabelConvention::OMAHA, f64::NAN, Rotation::None);
        assert!(layout.centre(Hex::new(3, 4)).x.is_finite());
        assert!(Layout::new(LabelConvention::OMAHA, -4.0, Rotation::None).size() > 0.0);
    }

    #[test]
    fn a_mirrored_layout_puts_higher_rows_above_and_keeps_neighbours_a_hex_apart() {
        let convention = LabelConvention {
            orientation: Orientation::PointyTop,
            order: LabelOrder::RowColumn,
            shifted: Parity::Odd,
        };
        let plain = Layout::new(convention, 30.0, Rotation::None);
        let mirrored = plain.mirrored(true);
        let low = convention.to_hex(overlord_hexmap::HexLabel::new(18, 15).unwrap());
        let high = convention.to_hex(overlord_hexmap::HexLabel::new(36, 6).unwrap());
        assert!(
            plain.centre(high).y > plain.centre(low).y,
            "rows grow down the page"
        );
        assert!(
            mirrored.centre(high).y < mirrored.centre(low).y,
            "mirrored: they grow up"
        );
        assert!((mirrored.centre(low).x - plain.centre(low).x).abs() < 1e-9);
        for n in neighbours(low) {
            let d = mirrored.centre(low).distance(mirrored.centre(n));
            assert!((d - mirrored.hex_width()).abs() < 1e-9);
        }
    }
}
