//! The loaded map and its queries.

use std::path::Path;

use super::diag::Diagnostics;
use super::{
    FeatureId, FeatureSet, HexCell, Place, Road, RoadKindId, RoadLink, TagId, TerrainDef,
    TerrainId, build, parse,
};
use crate::coords::{Hex, neighbours};
use crate::error::{MapError, MapErrors};
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
    pub(super) grid: LabelGrid,
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

/// Printed (column, row) to dense index, over the bounding rectangle of the map's labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LabelGrid {
    pub(super) min_column: u8,
    pub(super) min_row: u8,
    pub(super) columns: usize,
    pub(super) rows: usize,
    /// `u32::MAX` where the rectangle has no hex.
    pub(super) slots: Vec<u32>,
}

impl LabelGrid {
    fn get(&self, column: u8, row: u8) -> Option<usize> {
        let c = usize::from(column.checked_sub(self.min_column)?);
        let r = usize::from(row.checked_sub(self.min_row)?);
        if c >= self.columns || r >= self.rows {
            return None;
        }
        let slot = *self.slots.get(c * self.rows + r)?;
        (slot != u32::MAX).then_some(slot as usize)
    }
}

impl MapData {
    /// Parses and checks a map file. `file_name` only labels the messages.
    ///
    /// # Errors
    /// Every problem found, each with its file, line, column and field.
    pub fn from_toml_str(text: &str, file_name: &str) -> Result<Self, MapErrors> {
        let mut diag = Diagnostics::new(file_name, text);
        let built = parse::parse(text, &mut diag).and_then(|doc| build::build(doc, &mut diag));
        match built {
            Some(mut map) if !diag.has_errors() => {
                file_name.clone_into(&mut map.source);
                Ok(map)
            }
            _ => Err(errors(diag.into_errors(), file_name)),
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
            Err(error) => Err(MapErrors::single(MapError {
                file: file_name,
                line: 0,
                column: 0,
                field: String::new(),
                message: format!("cannot read the map file: {error}"),
            })),
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
        let label = self.convention.to_label(hex)?;
        let (column, row) = self.convention.column_row(label);
        self.grid.get(column, row)
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

    /// The printed label of a map hex.
    #[must_use]
    pub fn label(&self, hex: Hex) -> Option<HexLabel> {
        self.labels.get(self.index(hex)?).copied()
    }

    /// The map hex printed with `label`.
    #[must_use]
    pub fn hex(&self, label: HexLabel) -> Option<Hex> {
        let hex = self.convention.to_hex(label);
        self.contains(hex).then_some(hex)
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

fn errors(list: Vec<MapError>, file_name: &str) -> MapErrors {
    // A failed build always records why, so the fallback is only there to avoid a panic path.
    MapErrors::new(list).unwrap_or_else(|| {
        MapErrors::single(MapError {
            file: file_name.to_owned(),
            line: 0,
            column: 0,
            field: String::new(),
            message: "the map could not be built".to_owned(),
        })
    })
}
