//! Map data: the hexes of one board with their terrain, hexsides, roads and named places, loaded
//! from a hand-written TOML file (format in [`MapData`]), or of a battlefield put together from
//! several such files ([`Composition`]).

mod build;
mod compose;
mod diag;
mod map;
mod parse;
mod raw;

use serde::{Deserialize, Serialize};

use crate::coords::Hex;

pub use compose::{Composition, PlacedBoard, PlacedOverlay, Placement, Replaces, Rotation};
pub(crate) use map::HexGrid;
pub use map::{HexMap, MapData};

/// A terrain type of one map, an index into [`MapData::terrains`] in declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TerrainId(pub u8);

impl TerrainId {
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A terrain type as the map file declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainDef {
    /// The id used in the file (`woods`); its game meaning belongs to the game crate.
    pub name: String,
    /// Display colour, `#rrggbb`.
    pub colour: Option<String>,
}

/// What every hex has, packed for dense per-hex arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexCell {
    pub terrain: TerrainId,
    pub level: i8,
}

/// A hex tag of one map (`village`), interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagId(pub u16);

/// A hexside feature of one map (`hedgerow`), interned. At most 64 per map, so a hexside's
/// features fit a [`FeatureSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId(pub u8);

/// The features on one hexside, as a bit set: asking "is there a wall here?" is one AND.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FeatureSet(u64);

impl FeatureSet {
    pub const EMPTY: Self = Self(0);

    #[must_use]
    pub const fn contains(self, feature: FeatureId) -> bool {
        feature.0 < 64 && self.0 & (1 << feature.0) != 0
    }

    /// Adds `feature`; ids of 64 and above cannot be stored and are ignored.
    pub fn insert(&mut self, feature: FeatureId) {
        if feature.0 < 64 {
            self.0 |= 1 << feature.0;
        }
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The features, lowest id first.
    pub fn iter(self) -> impl Iterator<Item = FeatureId> {
        (0u8..64)
            .filter(move |&bit| self.0 & (1 << bit) != 0)
            .map(FeatureId)
    }
}

/// A road kind of one map (`main`, `track`), interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoadKindId(pub u8);

/// A road connection leaving a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoadLink {
    pub to: Hex,
    pub kind: RoadKindId,
}

/// A road as drawn in the file: its kind and its hexes in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Road {
    pub kind: RoadKindId,
    pub path: Vec<Hex>,
}

/// A named place: a position, box or exit (`[[position]]`) or a region (`[[region]]`). Boxes off
/// the map have no hexes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub id: String,
    pub name: Option<String>,
    pub hexes: Vec<Hex>,
    pub tags: Vec<String>,
}

impl Place {
    /// Whether the place carries `tag`.
    #[must_use]
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}
