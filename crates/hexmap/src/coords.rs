//! Axial coordinates, distance, neighbours and direction names.
//!
//! `hexx` supplies the coordinate type and its direction constants. The helpers here do their
//! arithmetic in `i64` so that no input, however large, can overflow and panic.

pub use hexx::{EdgeDirection, Hex};

/// Hex distance (adjacent = 1, same hex = 0). Saturates at `u32::MAX` for absurdly distant hexes.
#[must_use]
pub fn distance(a: Hex, b: Hex) -> u32 {
    let dq = i64::from(b.x) - i64::from(a.x);
    let dr = i64::from(b.y) - i64::from(a.y);
    let twice = dq.abs() + dr.abs() + (dq + dr).abs();
    u32::try_from(twice / 2).unwrap_or(u32::MAX)
}

/// The six neighbours of `hex`, in `hexx` direction order (index 0 to 5 of [`EdgeDirection`]).
///
/// Wraps instead of panicking at the edge of the `i32` range; map hexes are nowhere near it.
#[must_use]
pub fn neighbours(hex: Hex) -> [Hex; 6] {
    EdgeDirection::ALL_DIRECTIONS.map(|dir| {
        let step = dir.into_hex();
        Hex::new(hex.x.wrapping_add(step.x), hex.y.wrapping_add(step.y))
    })
}

/// The direction from `from` to `to` when they are adjacent, `None` otherwise.
#[must_use]
pub fn direction_between(from: Hex, to: Hex) -> Option<EdgeDirection> {
    let dq = i64::from(to.x) - i64::from(from.x);
    let dr = i64::from(to.y) - i64::from(from.y);
    EdgeDirection::ALL_DIRECTIONS.into_iter().find(|dir| {
        let step = dir.into_hex();
        i64::from(step.x) == dq && i64::from(step.y) == dr
    })
}

/// Directions on a flat-topped board, numbered as in AMBX-MAP-2 (0 = N, then clockwise).
///
/// "North" is up on the printed map, which is the direction of decreasing row number. That is a
/// property of the printing, not of the compass: the Omaha Beach map prints real north at the
/// bottom (omaha 0.4), and its rules still say "up" for decreasing row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FlatTopDirection {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl FlatTopDirection {
    /// All six, in AMBX-MAP-2 order.
    pub const ALL: [Self; 6] = [Self::N, Self::NE, Self::SE, Self::S, Self::SW, Self::NW];

    /// The AMBX-MAP-2 number: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The direction with AMBX-MAP-2 number `index`, if it is below 6.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Self> {
        match index {
            0 => Some(Self::N),
            1 => Some(Self::NE),
            2 => Some(Self::SE),
            3 => Some(Self::S),
            4 => Some(Self::SW),
            5 => Some(Self::NW),
            _ => None,
        }
    }

    /// The opposite direction ((d + 3) mod 6 in AMBX-MAP-2 terms).
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::N => Self::S,
            Self::NE => Self::SW,
            Self::SE => Self::NW,
            Self::S => Self::N,
            Self::SW => Self::NE,
            Self::NW => Self::SE,
        }
    }

    /// The matching `hexx` direction.
    #[must_use]
    pub const fn edge(self) -> EdgeDirection {
        match self {
            Self::N => EdgeDirection::FLAT_NORTH,
            Self::NE => EdgeDirection::FLAT_NORTH_EAST,
            Self::SE => EdgeDirection::FLAT_SOUTH_EAST,
            Self::S => EdgeDirection::FLAT_SOUTH,
            Self::SW => EdgeDirection::FLAT_SOUTH_WEST,
            Self::NW => EdgeDirection::FLAT_NORTH_WEST,
        }
    }

    /// The name of a `hexx` direction on a flat-topped board.
    #[must_use]
    pub fn from_edge(edge: EdgeDirection) -> Self {
        Self::ALL
            .into_iter()
            .find(|d| d.edge() == edge)
            .unwrap_or(Self::N)
    }

    /// The axial offset of the neighbour in this direction.
    #[must_use]
    pub const fn offset(self) -> Hex {
        self.edge().into_hex()
    }

    /// Short printable name ("N", "NE", ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::N => "N",
            Self::NE => "NE",
            Self::SE => "SE",
            Self::S => "S",
            Self::SW => "SW",
            Self::NW => "NW",
        }
    }
}

/// Directions on a pointy-topped board, clockwise from NE. "Up" is decreasing row number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PointyTopDirection {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

impl PointyTopDirection {
    /// All six, clockwise from NE.
    pub const ALL: [Self; 6] = [Self::NE, Self::E, Self::SE, Self::SW, Self::W, Self::NW];

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::NE => Self::SW,
            Self::E => Self::W,
            Self::SE => Self::NW,
            Self::SW => Self::NE,
            Self::W => Self::E,
            Self::NW => Self::SE,
        }
    }

    /// The matching `hexx` direction.
    #[must_use]
    pub const fn edge(self) -> EdgeDirection {
        match self {
            Self::NE => EdgeDirection::POINTY_NORTH_EAST,
            Self::E => EdgeDirection::POINTY_EAST,
            Self::SE => EdgeDirection::POINTY_SOUTH_EAST,
            Self::SW => EdgeDirection::POINTY_SOUTH_WEST,
            Self::W => EdgeDirection::POINTY_WEST,
            Self::NW => EdgeDirection::POINTY_NORTH_WEST,
        }
    }

    /// The name of a `hexx` direction on a pointy-topped board.
    #[must_use]
    pub fn from_edge(edge: EdgeDirection) -> Self {
        Self::ALL
            .into_iter()
            .find(|d| d.edge() == edge)
            .unwrap_or(Self::NE)
    }

    /// The axial offset of the neighbour in this direction.
    #[must_use]
    pub const fn offset(self) -> Hex {
        self.edge().into_hex()
    }

    /// Short printable name ("NE", "E", ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::NE => "NE",
            Self::E => "E",
            Self::SE => "SE",
            Self::SW => "SW",
            Self::W => "W",
            Self::NW => "NW",
        }
    }
}
