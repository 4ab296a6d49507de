//! Printed hex labels and the conventions that turn them into axial coordinates.
//!
//! Every game prints four-digit labels, but they disagree on what the digits mean: Omaha Beach and
//! Ambush print `XXYY` column-first on flat-topped hexes (omaha 0.4, AMBX-MAP-1), Normandy '44
//! prints `RRCC` row-first and leaves the orientation to the map data (normandy 0.1). A
//! [`LabelConvention`] captures those choices so one conversion serves all of them.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::coords::{EdgeDirection, FlatTopDirection, Hex, PointyTopDirection};

/// A printed hex label such as `0812`: two two-digit numbers, stored as the integer `812`.
///
/// Ordering is by that integer, which is what the rules mean by "ascending hex number"
/// (AMBX-MAP-1). Labels are written as strings in TOML because TOML integers cannot keep the
/// leading zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexLabel(u16);

impl HexLabel {
    /// The label whose printed digits are `first` then `second` (each 0..=99).
    #[must_use]
    pub const fn new(first: u8, second: u8) -> Option<Self> {
        if first > 99 || second > 99 {
            return None;
        }
        Some(Self(first as u16 * 100 + second as u16))
    }

    /// The label printed as the four-digit number `number` (0..=9999).
    #[must_use]
    pub const fn from_number(number: u16) -> Option<Self> {
        if number > 9999 {
            None
        } else {
            Some(Self(number))
        }
    }

    /// The label as an integer: `0812` is 812.
    #[must_use]
    pub const fn number(self) -> u16 {
        self.0
    }

    /// The first two printed digits.
    #[must_use]
    pub const fn first(self) -> u8 {
        (self.0 / 100) as u8
    }

    /// The last two printed digits.
    #[must_use]
    pub const fn second(self) -> u8 {
        (self.0 % 100) as u8
    }
}

impl fmt::Display for HexLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.0)
    }
}

/// Why a string is not a hex label.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// Anything other than exactly four ASCII digits.
    #[error("`{0}` is not a hex label; write the four printed digits, like \"0812\"")]
    Malformed(String),
}

impl FromStr for HexLabel {
    type Err = LabelError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 || !bytes.iter().all(u8::is_ascii_digit) {
            return Err(LabelError::Malformed(text.to_owned()));
        }
        let number = bytes
            .iter()
            .fold(0u16, |acc, digit| acc * 10 + u16::from(digit - b'0'));
        Ok(Self(number))
    }
}

impl Serialize for HexLabel {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HexLabel {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Which way the hexes point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Flat top and bottom edges; hexes stack in vertical columns.
    FlatTop,
    /// A vertex at the top; hexes sit side by side in horizontal rows.
    PointyTop,
}

/// Which number comes first in a printed label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LabelOrder {
    /// `CCRR`: Omaha Beach, Ambush.
    ColumnRow,
    /// `RRCC`: Normandy '44.
    RowColumn,
}

/// Parity of a printed number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    Even,
    Odd,
}

/// How a map's printed labels relate to its hexes.
///
/// `shifted` names the printed columns (flat-top) or rows (pointy-top) that sit half a hex further
/// along the other axis, towards increasing row (flat-top) or column (pointy-top) numbers. It is
/// about the printed numbers, so a 1-based map and a 0-based map with the same look need different
/// values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelConvention {
    pub orientation: Orientation,
    pub order: LabelOrder,
    pub shifted: Parity,
}

impl LabelConvention {
    /// Omaha Beach (omaha 0.4): flat-top `XXYY`, even columns shifted towards higher rows.
    pub const OMAHA: Self = Self {
        orientation: Orientation::FlatTop,
        order: LabelOrder::ColumnRow,
        shifted: Parity::Even,
    };

    /// Ambush (AMBX-MAP-1, AMBX-MAP-2): flat-top `CCRR`, even printed columns shifted down.
    pub const AMBUSH: Self = Self::OMAHA;

    /// The printed (column, row) numbers of `label`.
    #[must_use]
    pub const fn column_row(self, label: HexLabel) -> (u8, u8) {
        match self.order {
            LabelOrder::ColumnRow => (label.first(), label.second()),
            LabelOrder::RowColumn => (label.second(), label.first()),
        }
    }

    /// The label printed for `column` and `row`, if both are 0..=99.
    #[must_use]
    pub const fn label(self, column: u8, row: u8) -> Option<HexLabel> {
        match self.order {
            LabelOrder::ColumnRow => HexLabel::new(column, row),
            LabelOrder::RowColumn => HexLabel::new(row, column),
        }
    }

    /// The axial hex of `label`.
    ///
    /// The printed column (flat-top) or row (pointy-top) becomes the axial coordinate that is
    /// constant along it, so for Omaha Beach this is exactly the cube formula of omaha 0.4:
    /// `q = x, r = y - (x + (x & 1)) / 2`. Pointy-top is the same construction with the axes
    /// swapped, which is why one formula serves both.
    #[must_use]
    pub fn to_hex(self, label: HexLabel) -> Hex {
        let (column, row) = self.column_row(label);
        let (major, minor) = self.major_minor(i64::from(column), i64::from(row));
        let along = minor - self.shift(major);
        // Both values are within -50..=99, so the conversions cannot fail.
        let major = i32::try_from(major).unwrap_or_default();
        let along = i32::try_from(along).unwrap_or_default();
        match self.orientation {
            Orientation::FlatTop => Hex::new(major, along),
            Orientation::PointyTop => Hex::new(along, major),
        }
    }

    /// The printed label of `hex`, or `None` when its column or row falls outside 0..=99.
    #[must_use]
    pub fn to_label(self, hex: Hex) -> Option<HexLabel> {
        let (major, along) = match self.orientation {
            Orientation::FlatTop => (i64::from(hex.x), i64::from(hex.y)),
            Orientation::PointyTop => (i64::from(hex.y), i64::from(hex.x)),
        };
        let minor = along + self.shift(major);
        let (column, row) = self.major_minor(major, minor);
        let column = u8::try_from(column).ok()?;
        let row = u8::try_from(row).ok()?;
        self.label(column, row)
    }

    /// The printed name of a direction on this map's orientation ("N", "SE", "W", ...).
    #[must_use]
    pub fn direction_name(self, direction: EdgeDirection) -> &'static str {
        match self.orientation {
            Orientation::FlatTop => FlatTopDirection::from_edge(direction).name(),
            Orientation::PointyTop => PointyTopDirection::from_edge(direction).name(),
        }
    }

    /// (printed number along which hexes are offset, printed number within that line).
    /// The mapping is its own inverse, which `to_label` relies on.
    const fn major_minor(self, column: i64, row: i64) -> (i64, i64) {
        match self.orientation {
            Orientation::FlatTop => (column, row),
            Orientation::PointyTop => (row, column),
        }
    }

    /// How far the axial origin of line `major` moves along the line: shifted lines sit half a
    /// hex further on, so they lose one fewer step every second line. The numerator is always
    /// even, so `/ 2` is exact even for negative values.
    const fn shift(self, major: i64) -> i64 {
        let odd = major & 1;
        match self.shifted {
            Parity::Even => (major + odd) / 2,
            Parity::Odd => (major - odd) / 2,
        }
    }
}
