//! Dense hex ids for game state: every hex of a map numbered `0..len` in a `u16`, with the
//! tables a game's inner loops read instead of asking the map.
//!
//! DESIGN.md, "Performance shape": the state is cloned millions of times, so it holds integer
//! ids and flat arrays, never a `HashMap` keyed by coordinates. A game builds one [`HexIndex`]
//! next to its [`HexMap`] when its data loads and keeps its units' places, control, fire fields
//! and the like as [`HexId`]s or as `Vec`s and bit sets indexed by [`HexId::index`].
//!
//! What it gives:
//! - id to [`Hex`], label and half-hex flag, and back from a [`Hex`] or a label;
//! - a flat neighbour table: per id, the neighbour in each of the six directions, in `hexx`
//!   direction order (index `k` is `EdgeDirection::ALL_DIRECTIONS[k]`, as in
//!   [`crate::neighbours`]), [`HexId::NONE`] off the map; a breadth-first flood reads one row
//!   of six `u16`s per hex;
//! - per id and direction, the hexside's features and the road crossing it, so a move's cost
//!   needs no lookup by coordinates;
//! - distances between ids.
//!
//! Ids are the map's own dense indices ([`HexMap::index`], ascending label; on a composed map
//! first board first), so the map's per-hex arrays ([`HexMap::cells`],
//! [`HexMap::half_hexes`]) index by id too.
//!
//! Omaha Beach built its own index before this one (`games/omaha/src/index.rs`, with the "flat
//! neighbour table kept with the terrain" of rule 12's floods). Its ids are these ids, and its
//! per-hex neighbour lists are this table's rows with [`HexId::NONE`] left out
//! ([`HexIndex::neighbours_on_map`] gives them in the same order), so it can move onto this
//! type without changing an answer; it has not yet.

use serde::{Deserialize, Serialize};

use crate::coords::{EdgeDirection, Hex, direction_between, distance, neighbours};
use crate::data::{FeatureSet, HexGrid, HexMap, RoadKindId};
use crate::hexside::HexsideId;
use crate::labels::HexLabel;

/// A hex of one map, by its dense index: two bytes, so state can hold many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HexId(pub u16);

impl HexId {
    /// No hex: past the map's edge in the neighbour table.
    pub const NONE: Self = Self(u16::MAX);

    /// The id as an index into per-hex arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is [`Self::NONE`].
    #[must_use]
    pub const fn is_none(self) -> bool {
        self.0 == u16::MAX
    }

    /// The id of dense index `index`, if it fits (below `u16::MAX`).
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        u16::try_from(index)
            .ok()
            .filter(|&i| i != u16::MAX)
            .map(Self)
    }
}

/// The dense ids of one map's hexes and the flat tables games read by id. Immutable; build it
/// once per loaded map with [`HexIndex::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexIndex {
    hexes: Vec<Hex>,
    labels: Vec<HexLabel>,
    half: Vec<bool>,
    /// (label, id), sorted: a joined half hex of a composed map is there under both labels.
    by_label: Vec<(HexLabel, HexId)>,
    grid: HexGrid,
    neighbours: Vec<[HexId; 6]>,
    sides: Vec<[FeatureSet; 6]>,
    roads: Vec<[Option<RoadKindId>; 6]>,
}

impl HexIndex {
    /// The index of `map`, or `None` when the map has more hexes than a [`HexId`] can number
    /// (65,535).
    #[must_use]
    pub fn new(map: &HexMap) -> Option<Self> {
        let hexes = map.hexes().to_vec();
        // Ids run 0..len and NONE is u16::MAX, so up to u16::MAX hexes can be numbered.
        if hexes.len() > usize::from(u16::MAX) {
            return None;
        }
        let id = |hex: Hex| map.index(hex).and_then(HexId::from_index);
        let mut by_label = Vec::with_capacity(hexes.len());
        let mut labels = Vec::with_capacity(hexes.len());
        let mut neighbour_table = Vec::with_capacity(hexes.len());
        let mut sides = Vec::with_capacity(hexes.len());
        let mut roads = Vec::with_capacity(hexes.len());
        for (i, &hex) in hexes.iter().enumerate() {
            let this = HexId::from_index(i)?;
            let label = map.label(hex)?;
            labels.push(label);
            by_label.push((label, this));
            let around = neighbours(hex);
            neighbour_table.push(around.map(|n| id(n).unwrap_or(HexId::NONE)));
            sides.push(around.map(|n| {
                HexsideId::between(hex, n).map_or(FeatureSet::EMPTY, |s| map.hexside_features(s))
            }));
            roads.push(around.map(|n| map.road_between(hex, n)));
        }
        // A composed map's joined half hexes answer to the label of each board.
        by_label.extend(
            map.board_labels
                .iter()
                .filter_map(|&(_, label, index)| Some((label, HexId::from_index(index as usize)?))),
        );
        by_label.sort_unstable();
        by_label.dedup();
        Some(Self {
            grid: HexGrid::build(&hexes)?,
            hexes,
            labels,
            half: map.half_hexes().to_vec(),
            by_label,
            neighbours: neighbour_table,
            sides,
            roads,
        })
    }

    /// How many hexes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the map has no hex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.hexes.len()).filter_map(HexId::from_index)
    }

    /// The hex with id `id`.
    #[must_use]
    pub fn hex(&self, id: HexId) -> Option<Hex> {
        self.hexes.get(id.index()).copied()
    }

    /// Every hex, by id.
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// The id of `hex`, or `None` off the map. Constant time.
    #[must_use]
    pub fn id(&self, hex: Hex) -> Option<HexId> {
        self.grid.get(hex).and_then(HexId::from_index)
    }

    /// The printed label of `id` (on a composed map, the one printed on its board: see
    /// [`HexMap::full_label`] for `board:label`).
    #[must_use]
    pub fn label(&self, id: HexId) -> Option<HexLabel> {
        self.labels.get(id.index()).copied()
    }

    /// The id of the hex printed `label`; on a composed map, only when one hex alone answers
    /// to it (look a board's label up with [`HexMap::hex_on_board`], then [`Self::id`]).
    #[must_use]
    pub fn id_of_label(&self, label: HexLabel) -> Option<HexId> {
        let start = self.by_label.partition_point(|&(l, _)| l < label);
        let mut found = self.by_label[start..]
            .iter()
            .take_while(|&&(l, _)| l == label)
            .map(|&(_, id)| id);
        let first = found.next()?;
        found.all(|other| other == first).then_some(first)
    }

    /// Whether `id` is a half hex, not part of the game (`TOI-MOVE-HALFHEX`).
    #[must_use]
    pub fn is_half(&self, id: HexId) -> bool {
        self.half.get(id.index()).copied().unwrap_or(false)
    }

    /// The neighbours of `id` in the six directions, in `hexx` direction order,
    /// [`HexId::NONE`] where there is none (all six for an unknown id).
    #[must_use]
    pub fn neighbours(&self, id: HexId) -> [HexId; 6] {
        self.neighbours
            .get(id.index())
            .copied()
            .unwrap_or([HexId::NONE; 6])
    }

    /// The whole neighbour table, one row per id: for loops that read it many times.
    #[must_use]
    pub fn neighbour_table(&self) -> &[[HexId; 6]] {
        &self.neighbours
    }

    /// The neighbour of `id` in `direction`, if it is on the map.
    #[must_use]
    pub fn neighbour(&self, id: HexId, direction: EdgeDirection) -> Option<HexId> {
        let next = *self
            .neighbours
            .get(id.index())?
            .get(usize::from(direction.index()))?;
        (!next.is_none()).then_some(next)
    }

    /// The neighbours of `id` on the map, in `hexx` direction order (as
    /// [`HexMap::neighbours_on_map`] gives them).
    pub fn neighbours_on_map(&self, id: HexId) -> impl Iterator<Item = HexId> {
        self.neighbours(id).into_iter().filter(|n| !n.is_none())
    }

    /// The direction from `a` to its neighbour `b`, `None` when they are not adjacent.
    #[must_use]
    pub fn direction(&self, a: HexId, b: HexId) -> Option<EdgeDirection> {
        direction_between(self.hex(a)?, self.hex(b)?)
    }

    /// The features on the hexside of `id` facing `direction` (empty for an unknown id).
    #[must_use]
    pub fn hexside_features(&self, id: HexId, direction: EdgeDirection) -> FeatureSet {
        self.sides
            .get(id.index())
            .and_then(|row| row.get(usize::from(direction.index())))
            .copied()
            .unwrap_or(FeatureSet::EMPTY)
    }

    /// The kind of road from `id` to its neighbour in `direction`, if one crosses that hexside.
    #[must_use]
    pub fn road(&self, id: HexId, direction: EdgeDirection) -> Option<RoadKindId> {
        *self
            .roads
            .get(id.index())?
            .get(usize::from(direction.index()))?
    }

    /// The distance in hexes from `a` to `b`; `u32::MAX` when either is not a hex of the map.
    #[must_use]
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        match (self.hex(a), self.hex(b)) {
            (Some(a), Some(b)) => distance(a, b),
            _ => u32::MAX,
        }
    }
}
