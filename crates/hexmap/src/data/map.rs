//! The loaded map and its queries.

use std::path::Path;

use overlord_datafile::Source;

use super::diag::Diagnostics;
use super::{
    FeatureId, FeatureSet, HexCell, Place, Road, RoadKindId, RoadLink, TagId, TerrainDef,
    TerrainId, build, parse,
};
use crate::coords::{Hex, neighbours};
use crate::error::{MapError, MapErrors, sorted};
use crate::hexside::HexsideId;
use crate::labels::{HexLabel, LabelConvention};

/// The map of one board, immutable once loaded.
///
/// Hexes are numbered densely (`0..len()`) in ascending label order, and per-hex data lives in
/// arrays under that index, so a game can keep its own per-hex state in a `Vec` the same way.
///
/// # File format
///
/// ```toml
/// name = "Test map"
/// authored_by = "Overlord project"       # provenance, required
/// [convention]
/// orientation = "flat_top"               # or "pointy_top"
/// order = "column_row"                   # or "row_column" (labels RRCC)
/// shifted = "even"                       # which printed columns (rows) sit half a hex lower
/// [terrain]                              # ids in this order become TerrainId(0), (1), ...
/// sea = { colour = "#3060a0" }
/// clear = {}
/// woods = { colour = "#4a7a3a" }
/// [[fill]]                               # a rectangle of printed columns x rows, inclusive
/// terrain = "sea"
/// columns = [1, 30]
/// rows = [1, 40]
/// [[hex]]                                # overrides a fill; a hex in no fill needs `terrain`
/// at = "0812"                            # or a list: at = ["0812", "0813"]
/// terrain = "woods"
/// level = 1                              # optional, default 0 (or the fill's)
/// tags = ["village"]                     # optional, free
/// name = "Vierville"                     # optional
/// half = true                            # optional: a half hex at a board's edge (see below)
/// [[hexside]]
/// between = ["0812", "0912"]
/// features = ["hedgerow"]
/// [[position]]                           # positions, boxes (no hexes), exits
/// id = "WN62"
/// hexes = ["0812", "0912"]
/// tags = ["wn"]
/// [[road]]
/// kind = "main"
/// path = ["0812", "0813", "0814"]
/// [[region]]
/// id = "east_sector"
/// hexes = ["0812", "0813"]
/// ```
///
/// A half hex (Tide of Iron's board edges, `TOI-MOVE-HALFHEX`) is part of the map, so it is drawn
/// and a drift can end on it, but [`Self::is_half`] tells the game it is not part of the game.
/// When boards are put together ([`crate::Composition`]), two half hexes meeting on the same
/// spot join into one whole hex.
///
/// # Maps of several boards
///
/// A map composed of several board files ([`crate::Composition`]) is a `MapData` like any
/// other, with its hexes in battlefield coordinates. Each hex also knows its board
/// ([`Self::board`]) and its label is the one printed on that board; since every board prints
/// the same labels, [`Self::hex`] only answers for a label one board alone prints, and
/// [`Self::hex_on_board`] and [`Self::find`] (`"1A:0812"`) are the lookups to use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapData {
    pub(super) name: String,
    pub(super) authored_by: String,
    pub(super) source: String,
    pub(super) convention: LabelConvention,
    pub(super) terrains: Vec<TerrainDef>,
    pub(super) hexes: Vec<Hex>,
    pub(super) labels: Vec<HexLabel>,
    pub(super) cells: Vec<HexCell>,
    /// Per hex: a half hex at a board's edge.
    pub(super) half: Vec<bool>,
    pub(super) grid: HexGrid,
    /// The ids of the boards a composed map was built from, in placement order; empty for a
    /// map read from one file.
    pub(super) boards: Vec<String>,
    /// Per hex, its board (an index into `boards`); empty for a map read from one file.
    pub(super) hex_boards: Vec<u16>,
    /// (board, label printed on that board, dense index), sorted, for a composed map's lookups
    /// by label: a joined half hex is there once per board. Empty for a map read from one file,
    /// whose labels go through its convention.
    pub(crate) board_labels: Vec<(u16, HexLabel, u32)>,
    /// Sorted by dense index.
    pub(super) hex_names: Vec<(u32, String)>,
    pub(super) tag_names: Vec<String>,
    /// `hex_tags[tag_ranges[i]..tag_ranges[i + 1]]` are the tags of hex `i`.
    pub(super) tag_ranges: Vec<u32>,
    pub(super) hex_tags: Vec<TagId>,
    pub(super) feature_names: Vec<String>,
    /// Sorted by id, for binary search.
    pub(super) hexsides: Vec<(HexsideId, FeatureSet)>,
    pub(super) road_kinds: Vec<String>,
    pub(super) roads: Vec<Road>,
    /// `road_links[road_ranges[i]..road_ranges[i + 1]]` leave hex `i`.
    pub(super) road_ranges: Vec<u32>,
    pub(super) road_links: Vec<RoadLink>,
    pub(super) positions: Vec<Place>,
    pub(super) regions: Vec<Place>,
}

/// The name the rest of the workspace may know the map by.
pub type HexMap = MapData;

/// Axial coordinates to dense index, over the bounding box of the map's hexes: whatever
/// boards, labels or rotations made the map, a lookup is one subtraction and one load.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HexGrid {
    min_x: i32,
    min_y: i32,
    width: usize,
    height: usize,
    /// `u32::MAX` where the box has no hex.
    slots: Vec<u32>,
}

impl HexGrid {
    /// The most slots a grid may take (16 MiB): boards placed far apart would otherwise ask
    /// for any amount of memory.
    pub(crate) const MAX_SLOTS: usize = 1 << 22;

    /// The grid of `hexes` (dense index = position in the slice), or `None` when their
    /// bounding box is larger than [`Self::MAX_SLOTS`].
    pub(crate) fn build(hexes: &[Hex]) -> Option<Self> {
        let Some(first) = hexes.first() else {
            return Some(Self::default());
        };
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (first.x, first.x, first.y, first.y);
        for hex in hexes {
            min_x = min_x.min(hex.x);
            max_x = max_x.max(hex.x);
            min_y = min_y.min(hex.y);
            max_y = max_y.max(hex.y);
        }
        let width = usize::try_from(i64::from(max_x) - i64::from(min_x) + 1).ok()?;
        let height = usize::try_from(i64::from(max_y) - i64::from(min_y) + 1).ok()?;
        let size = width.checked_mul(height)?;
        if size > Self::MAX_SLOTS {
            return None;
        }
        let mut grid = Self {
            min_x,
            min_y,
            width,
            height,
            slots: vec![u32::MAX; size],
        };
        for (index, &hex) in hexes.iter().enumerate() {
            if let Some(slot) = grid.slot(hex)
                && let Some(cell) = grid.slots.get_mut(slot)
            {
                *cell = u32::try_from(index).unwrap_or(u32::MAX);
            }
        }
        Some(grid)
    }

    fn slot(&self, hex: Hex) -> Option<usize> {
        let x = usize::try_from(i64::from(hex.x) - i64::from(self.min_x)).ok()?;
        let y = usize::try_from(i64::from(hex.y) - i64::from(self.min_y)).ok()?;
        (x < self.width && y < self.height).then(|| x * self.height + y)
    }

    pub(crate) fn get(&self, hex: Hex) -> Option<usize> {
        let slot = *self.slots.get(self.slot(hex)?)?;
        (slot != u32::MAX).then_some(slot as usize)
    }
}

impl MapData {
    /// Parses and checks a map file. `file_name` only labels the messages.
    ///
    /// # Errors
    /// Every problem found, each with its file, line, column and field.
    pub fn from_toml_str(text: &str, file_name: &str) -> Result<Self, MapErrors> {
        let source = Source::new(file_name, text);
        let mut diag = Diagnostics::new(&source);
        let built = parse::parse(text, &mut diag).and_then(|doc| build::build(doc, &mut diag));
        match built {
            Some(mut map) if !diag.has_errors() => {
                file_name.clone_into(&mut map.source);
                Ok(map)
            }
            _ => Err(sorted(diag.into_errors(), file_name)),
        }
    }

    /// Reads and checks a map file.
    ///
    /// # Errors
    /// The file cannot be read, or [`Self::from_toml_str`] finds problems in it.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, MapErrors> {
        let path = path.as_ref();
        let file_name = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Self::from_toml_str(&text, &file_name),
            Err(error) => Err(MapErrors::single(MapError::whole_file(
                file_name,
                "",
                format!("cannot read the map file: {error}"),
            ))),
        }
    }

    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Who drew the map data (provenance).
    #[must_use]
    pub fn authored_by(&self) -> &str {
        &self.authored_by
    }

    /// The file name given when loading.
    #[must_use]
    pub fn source_file(&self) -> &str {
        &self.source
    }

    #[must_use]
    pub const fn convention(&self) -> LabelConvention {
        self.convention
    }

    /// Number of hexes on the map.
    #[must_use]
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// All hexes, by dense index (ascending label).
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// The dense index of `hex`, or `None` if it is not on the map. Constant time.
    #[must_use]
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.grid.get(hex)
    }

    /// The hex with dense index `index`.
    #[must_use]
    pub fn hex_at(&self, index: usize) -> Option<Hex> {
        self.hexes.get(index).copied()
    }

    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.index(hex).is_some()
    }

    /// The printed label of a map hex (on a composed map, the label printed on its board).
    #[must_use]
    pub fn label(&self, hex: Hex) -> Option<HexLabel> {
        self.labels.get(self.index(hex)?).copied()
    }

    /// The map hex printed with `label`. On a composed map, only when one board alone prints
    /// it; use [`Self::hex_on_board`] or [`Self::find`] there.
    #[must_use]
    pub fn hex(&self, label: HexLabel) -> Option<Hex> {
        if self.boards.is_empty() {
            let hex = self.convention.to_hex(label);
            return self.contains(hex).then_some(hex);
        }
        let mut found = (0..self.boards.len())
            .filter_map(|b| self.board_label_index(u16::try_from(b).ok()?, label));
        let first = found.next()?;
        // A joined half hex is printed on two boards and is still one hex.
        if found.any(|other| other != first) {
            return None;
        }
        self.hex_at(first)
    }

    /// Whether `hex` is a half hex at a board's edge, not part of the game
    /// (`TOI-MOVE-HALFHEX`); false off the map, and for two halves joined into one hex.
    #[must_use]
    pub fn is_half(&self, hex: Hex) -> bool {
        self.index(hex)
            .and_then(|i| self.half.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// Per hex, by dense index: whether it is a half hex ([`Self::is_half`]).
    #[must_use]
    pub fn half_hexes(&self) -> &[bool] {
        &self.half
    }

    /// The ids of the boards a composed map was put together from, in placement order; empty
    /// for a map read from one file.
    #[must_use]
    pub fn boards(&self) -> &[String] {
        &self.boards
    }

    /// The id of the board `hex` lies on (the first placed, for two joined half hexes); `None`
    /// off the map and on a map read from one file.
    #[must_use]
    pub fn board(&self, hex: Hex) -> Option<&str> {
        let board = *self.hex_boards.get(self.index(hex)?)?;
        self.boards.get(usize::from(board)).map(String::as_str)
    }

    /// The hex printed `label` on board `board` of a composed map (a joined half hex answers
    /// to both of its labels); on a map read from one file, [`Self::hex`] whatever `board` is.
    #[must_use]
    pub fn hex_on_board(&self, board: &str, label: HexLabel) -> Option<Hex> {
        if self.boards.is_empty() {
            return self.hex(label);
        }
        let board = self.boards.iter().position(|b| b == board)?;
        let index = self.board_label_index(u16::try_from(board).ok()?, label)?;
        self.hex_at(index)
    }

    fn board_label_index(&self, board: u16, label: HexLabel) -> Option<usize> {
        let at = self
            .board_labels
            .binary_search_by_key(&(board, label), |&(b, l, _)| (b, l))
            .ok()?;
        self.board_labels
            .get(at)
            .map(|&(_, _, index)| index as usize)
    }

    /// The label a person reads for `hex`: `0812` on a map read from one file, `1A:0812` (board
    /// id, colon, the label printed on that board) on a composed map.
    #[must_use]
    pub fn full_label(&self, hex: Hex) -> Option<String> {
        let label = self.label(hex)?;
        Some(match self.board(hex) {
            Some(board) => format!("{board}:{label}"),
            None => label.to_string(),
        })
    }

    /// The hex a person named: `0812`, or `1A:0812` on a composed map (the form
    /// [`Self::full_label`] writes). `None` for anything else or a hex not on the map.
    #[must_use]
    pub fn find(&self, text: &str) -> Option<Hex> {
        match text.rsplit_once(':') {
            Some((board, label)) => self.hex_on_board(board, label.parse().ok()?),
            None => self.hex(text.parse().ok()?),
        }
    }

    /// Per-hex terrain and level, by dense index.
    #[must_use]
    pub fn cells(&self) -> &[HexCell] {
        &self.cells
    }

    #[must_use]
    pub fn cell(&self, hex: Hex) -> Option<HexCell> {
        self.cells.get(self.index(hex)?).copied()
    }

    #[must_use]
    pub fn terrain(&self, hex: Hex) -> Option<TerrainId> {
        self.cell(hex).map(|c| c.terrain)
    }

    #[must_use]
    pub fn level(&self, hex: Hex) -> Option<i8> {
        self.cell(hex).map(|c| c.level)
    }

    /// The declared terrain types, indexed by [`TerrainId`].
    #[must_use]
    pub fn terrains(&self) -> &[TerrainDef] {
        &self.terrains
    }

    #[must_use]
    pub fn terrain_id(&self, name: &str) -> Option<TerrainId> {
        let index = self.terrains.iter().position(|t| t.name == name)?;
        u8::try_from(index).ok().map(TerrainId)
    }

    #[must_use]
    pub fn terrain_name(&self, id: TerrainId) -> Option<&str> {
        self.terrains.get(id.index()).map(|t| t.name.as_str())
    }

    /// The printed name of a hex (`Vierville`), if it has one.
    #[must_use]
    pub fn hex_name(&self, hex: Hex) -> Option<&str> {
        let index = u32::try_from(self.index(hex)?).ok()?;
        let at = self
            .hex_names
            .binary_search_by_key(&index, |(i, _)| *i)
            .ok()?;
        self.hex_names.get(at).map(|(_, name)| name.as_str())
    }

    #[must_use]
    pub fn tag_id(&self, name: &str) -> Option<TagId> {
        let index = self.tag_names.iter().position(|t| t == name)?;
        u16::try_from(index).ok().map(TagId)
    }

    #[must_use]
    pub fn tag_name(&self, id: TagId) -> Option<&str> {
        self.tag_names.get(usize::from(id.0)).map(String::as_str)
    }

    /// The tags of a hex (empty off the map).
    #[must_use]
    pub fn tag_ids(&self, hex: Hex) -> &[TagId] {
        self.index(hex)
            .and_then(|i| {
                let start = *self.tag_ranges.get(i)? as usize;
                let end = *self.tag_ranges.get(i + 1)? as usize;
                self.hex_tags.get(start..end)
            })
            .unwrap_or_default()
    }

    /// The tags of a hex, by name.
    pub fn tags(&self, hex: Hex) -> impl Iterator<Item = &str> {
        self.tag_ids(hex).iter().filter_map(|&t| self.tag_name(t))
    }

    #[must_use]
    pub fn has_tag(&self, hex: Hex, tag: TagId) -> bool {
        self.tag_ids(hex).contains(&tag)
    }

    /// The hexes carrying `tag`, in dense order.
    pub fn hexes_tagged(&self, tag: TagId) -> impl Iterator<Item = Hex> + '_ {
        self.hexes
            .iter()
            .copied()
            .filter(move |&h| self.has_tag(h, tag))
    }

    #[must_use]
    pub fn feature_id(&self, name: &str) -> Option<FeatureId> {
        let index = self.feature_names.iter().position(|f| f == name)?;
        u8::try_from(index).ok().map(FeatureId)
    }

    #[must_use]
    pub fn feature_name(&self, id: FeatureId) -> Option<&str> {
        self.feature_names
            .get(usize::from(id.0))
            .map(String::as_str)
    }

    /// The features on a hexside (empty if it has none).
    #[must_use]
    pub fn hexside_features(&self, side: HexsideId) -> FeatureSet {
        self.hexsides
            .binary_search_by_key(&side, |(id, _)| *id)
            .ok()
            .and_then(|at| self.hexsides.get(at))
            .map_or(FeatureSet::EMPTY, |(_, features)| *features)
    }

    /// Whether the hexside between `a` and `b` has `feature` (false if they are not adjacent).
    #[must_use]
    pub fn hexside_has(&self, a: Hex, b: Hex, feature: FeatureId) -> bool {
        HexsideId::between(a, b).is_some_and(|side| self.hexside_features(side).contains(feature))
    }

    /// Every hexside with features, sorted by id.
    #[must_use]
    pub fn hexsides(&self) -> &[(HexsideId, FeatureSet)] {
        &self.hexsides
    }

    #[must_use]
    pub fn road_kind_id(&self, name: &str) -> Option<RoadKindId> {
        let index = self.road_kinds.iter().position(|k| k == name)?;
        u8::try_from(index).ok().map(RoadKindId)
    }

    #[must_use]
    pub fn road_kind_name(&self, id: RoadKindId) -> Option<&str> {
        self.road_kinds.get(usize::from(id.0)).map(String::as_str)
    }

    /// Roads as declared, for drawing.
    #[must_use]
    pub fn roads(&self) -> &[Road] {
        &self.roads
    }

    /// Road connections leaving `hex` (empty off the map or off the roads).
    #[must_use]
    pub fn road_links(&self, hex: Hex) -> &[RoadLink] {
        self.index(hex)
            .and_then(|i| {
                let start = *self.road_ranges.get(i)? as usize;
                let end = *self.road_ranges.get(i + 1)? as usize;
                self.road_links.get(start..end)
            })
            .unwrap_or_default()
    }

    /// The kind of road joining `a` to `b`, if any (the first declared when several do).
    #[must_use]
    pub fn road_between(&self, a: Hex, b: Hex) -> Option<RoadKindId> {
        self.road_links(a)
            .iter()
            .find(|link| link.to == b)
            .map(|link| link.kind)
    }

    /// Positions, boxes and exits, in file order.
    #[must_use]
    pub fn positions(&self) -> &[Place] {
        &self.positions
    }

    #[must_use]
    pub fn position(&self, id: &str) -> Option<&Place> {
        self.positions.iter().find(|p| p.id == id)
    }

    /// Regions, in file order.
    #[must_use]
    pub fn regions(&self) -> &[Place] {
        &self.regions
    }

    #[must_use]
    pub fn region(&self, id: &str) -> Option<&Place> {
        self.regions.iter().find(|r| r.id == id)
    }

    /// The neighbours of `hex` that are on the map.
    pub fn neighbours_on_map(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        neighbours(hex).into_iter().filter(|&n| self.contains(n))
    }
}

impl MapData {
    /// Works out each hex's road links from `roads`, whose paths are already checked.
    pub(super) fn link_roads(&mut self) {
        let mut links: Vec<(usize, RoadLink)> = Vec::new();
        for road in &self.roads {
            for pair in road.path.windows(2) {
                let &[a, b] = pair else { continue };
                if let (Some(ia), Some(ib)) = (self.index(a), self.index(b)) {
                    links.push((
                        ia,
                        RoadLink {
                            to: b,
                            kind: road.kind,
                        },
                    ));
                    links.push((
                        ib,
                        RoadLink {
                            to: a,
                            kind: road.kind,
                        },
                    ));
                }
            }
        }
        // Stable sort: links out of a hex stay in declaration order.
        links.sort_by_key(|(from, _)| *from);
        links.dedup();
        let mut ranges = vec![0u32; self.hexes.len() + 1];
        for (from, _) in &links {
            if let Some(end) = ranges.get_mut(from + 1) {
                *end += 1;
            }
        }
        let mut total = 0;
        for end in &mut ranges {
            total += *end;
            *end = total;
        }
        self.road_ranges = ranges;
        self.road_links = links.into_iter().map(|(_, link)| link).collect();
    }
}
