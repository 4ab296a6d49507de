//! A battlefield put together from several board files, each turned and moved into place, with
//! overlays laid over some of its hexes (Tide of Iron's map boards and terrain overlays,
//! `TOI-SETUP-2`, spec 7.1 and 7.2).
//!
//! The result is a [`MapData`] like a map read from one file, so everything built on maps
//! (paths, lines, drawing, [`crate::HexIndex`]) works on it unchanged. What composing adds:
//!
//! - each board is a file per face (a double-sided board is two files), placed with a
//!   [`Placement`]: turned in sixths of a turn about its axial origin, then moved;
//! - a board hex keeps the label printed on its board, and the composed map answers to
//!   `board:label` ([`MapData::find`], [`MapData::hex_on_board`]);
//! - hexside features, roads, positions and regions turn with their board;
//! - half hexes at board edges (`half = true`, `TOI-MOVE-HALFHEX`) that meet on the same spot
//!   join into one whole hex; any other overlap of two boards is a problem;
//! - an overlay is a small map file too: its hexes replace the terrain (and, if asked, the
//!   level, tags, name, inner hexsides and roads) of the hexes they land on.
//!
//! Problems (a board overlapping another, an overlay off the map, a board file missing, ...)
//! are [`MapError`]s blaming the line that placed the board or overlay.

mod file;

use std::collections::BTreeMap;

use overlord_datafile::Location;

use super::map::{HexGrid, MapData};
use super::{
    FeatureId, FeatureSet, HexCell, Place, Road, RoadKindId, TagId, TerrainDef, TerrainId,
};
use crate::coords::{Hex, neighbours};
use crate::error::{MapError, MapErrors};
use crate::hexside::HexsideId;
use crate::labels::HexLabel;

/// A turn of a board or overlay, in sixths of a full turn (60 degrees each), clockwise as the
/// map is printed (rows numbered downwards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    /// Not turned.
    pub const NONE: Self = Self(0);
    /// Turned upside down (180 degrees).
    pub const HALF: Self = Self(3);

    /// `steps` sixths of a turn clockwise (taken modulo 6).
    #[must_use]
    pub const fn sixths(steps: u8) -> Self {
        Self(steps % 6)
    }

    /// The turn of `degrees` clockwise, if it is a multiple of 60 (negative turns
    /// counter-clockwise).
    #[must_use]
    pub fn from_degrees(degrees: i64) -> Option<Self> {
        if degrees % 60 != 0 {
            return None;
        }
        u8::try_from(degrees.rem_euclid(360) / 60).ok().map(Self)
    }

    /// Sixths of a turn clockwise, 0 to 5.
    #[must_use]
    pub const fn steps(self) -> u8 {
        self.0
    }

    /// Degrees clockwise, 0 to 300.
    #[must_use]
    pub const fn degrees(self) -> u16 {
        self.0 as u16 * 60
    }

    /// `hex` turned about the axial origin, or `None` where the result cannot be represented.
    ///
    /// Same as `hexx`'s `Hex::rotate_cw`, worked in `i64` so no input can overflow.
    #[must_use]
    pub fn turn(self, hex: Hex) -> Option<Hex> {
        let (mut x, mut y) = (i64::from(hex.x), i64::from(hex.y));
        for _ in 0..self.0 {
            // One sixth clockwise: (x, y, z) -> (-y, -z, -x), with z = -x - y.
            (x, y) = (-y, x + y);
        }
        Some(Hex::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
    }
}

/// Where a board or overlay lies on the battlefield: turned about its own axial origin, then
/// moved by `offset`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The turn, applied first.
    pub rotation: Rotation,
    /// Added to every turned hex.
    pub offset: Hex,
}

impl Placement {
    /// Where the file's hex `hex` lands, or `None` where the result cannot be represented.
    #[must_use]
    pub fn apply(self, hex: Hex) -> Option<Hex> {
        let turned = self.rotation.turn(hex)?;
        let x = i32::try_from(i64::from(turned.x) + i64::from(self.offset.x)).ok()?;
        let y = i32::try_from(i64::from(turned.y) + i64::from(self.offset.y)).ok()?;
        Some(Hex::new(x, y))
    }

    /// The placement that turns by `rotation` and puts the file's hex `from` on `to`.
    #[must_use]
    pub fn joining(rotation: Rotation, from: Hex, to: Hex) -> Option<Self> {
        let turned = rotation.turn(from)?;
        let x = i32::try_from(i64::from(to.x) - i64::from(turned.x)).ok()?;
        let y = i32::try_from(i64::from(to.y) - i64::from(turned.y)).ok()?;
        Some(Self {
            rotation,
            offset: Hex::new(x, y),
        })
    }
}

/// One board face on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedBoard {
    /// The id its hexes are known by (`1A` in `1A:0812`): not empty, no `:`.
    pub id: String,
    /// The face, loaded from its own file.
    pub map: MapData,
    /// Where it lies.
    pub placement: Placement,
    /// Where the placement was written, for problems with it.
    pub written_at: Location,
}

/// What an overlay's hexes replace besides terrain, which they always replace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Replaces {
    /// The level of each covered hex.
    pub level: bool,
    /// The tags of each covered hex (the overlay's, none if it has none).
    pub tags: bool,
    /// The name of each covered hex (the overlay's, none if it has none).
    pub name: bool,
    /// The features of each hexside between two covered hexes.
    pub hexsides: bool,
    /// Adds the overlay's roads (the board's roads stay).
    pub roads: bool,
}

/// One overlay piece on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedOverlay {
    /// Its name in messages (`woods-3`).
    pub id: String,
    /// The piece, loaded from its own file: its hexes, their terrain and whatever else it
    /// replaces.
    pub map: MapData,
    /// Where it lies.
    pub placement: Placement,
    /// What it replaces besides terrain.
    pub replaces: Replaces,
    /// Where the placement was written, for problems with it.
    pub written_at: Location,
}

/// A battlefield to put together: boards, then overlays in the order they are laid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Composition {
    /// The battlefield's title.
    pub name: String,
    /// Who described the battlefield (provenance).
    pub authored_by: String,
    /// The file it was described in (the composed map's [`MapData::source_file`]).
    pub source: String,
    /// The boards, in placement order: a hex of two joined halves belongs to the first.
    pub boards: Vec<PlacedBoard>,
    /// The overlays, in the order they are laid: a later one covers an earlier one.
    pub overlays: Vec<PlacedOverlay>,
}

/// Where board hexes land: for each spot, every (board, hex index on that board) there.
type Spots = BTreeMap<(i32, i32), Vec<(usize, usize)>>;

/// A composed hex: its first board, the label printed there, where it lands, and every
/// (board, hex index) on that spot.
type Owner<'s> = (usize, HexLabel, Hex, &'s [(usize, usize)]);

impl Composition {
    /// Puts the battlefield together.
    ///
    /// # Errors
    /// Every problem found: a board id empty, repeated or holding `:`; boards of different
    /// orientations; two boards on the same spot other than two half hexes; boards so far
    /// apart that the map would be huge; an overlay hex landing on no board; more terrain
    /// types, tags, hexside features or road kinds than a map holds.
    pub fn compose(&self) -> Result<MapData, MapErrors> {
        let mut problems = Vec::new();
        self.check_boards(&mut problems);
        let spots = self.spots(&mut problems);
        if !problems.is_empty() {
            return Err(MapErrors(problems));
        }
        let mut names = Names::default();
        let remaps: Vec<Remap> = self
            .boards
            .iter()
            .map(|b| names.remap(&b.map, &b.written_at, "board", &mut problems))
            .collect();
        let overlay_remaps: Vec<Remap> = self
            .overlays
            .iter()
            .map(|o| names.remap(&o.map, &o.written_at, "overlay", &mut problems))
            .collect();
        let Some(mut draft) = self.hexes(&spots, &remaps, &mut problems) else {
            if problems.is_empty() {
                // Only past limits no table comes near (65,536 boards, 4 billion hexes).
                problems.push(MapError::whole_file(
                    &self.source,
                    "board",
                    "the battlefield is too large to put together",
                ));
            }
            return Err(MapErrors(problems));
        };
        for (overlay, remap) in self.overlays.iter().zip(&overlay_remaps) {
            draft.lay(overlay, remap, &mut problems);
        }
        if !problems.is_empty() {
            return Err(MapErrors(problems));
        }
        Ok(draft.finish(self, names))
    }

    /// Board ids usable in labels, one orientation for all.
    fn check_boards(&self, problems: &mut Vec<MapError>) {
        let Some(first) = self.boards.first() else {
            problems.push(MapError::whole_file(
                &self.source,
                "board",
                "a battlefield needs at least one board, like [[board]] with id and file",
            ));
            return;
        };
        let orientation = first.map.convention().orientation;
        for (i, board) in self.boards.iter().enumerate() {
            let id = board.id.as_str();
            if id.trim().is_empty() || id.contains(':') {
                problems.push(board.written_at.problem(
                    "board.id",
                    format!(
                        "`{id}` cannot name a board: hexes are written `id:label`, so an id \
                         is not empty and has no `:`"
                    ),
                ));
            } else if self.boards.iter().take(i).any(|b| b.id == board.id) {
                problems.push(
                    board
                        .written_at
                        .problem("board.id", format!("board `{id}` is placed twice")),
                );
            }
            if board.map.convention().orientation != orientation {
                problems.push(board.written_at.problem(
                    "board.file",
                    format!(
                        "board `{id}` has {:?} hexes but board `{}` has {:?} hexes; boards of \
                         one battlefield share an orientation",
                        board.map.convention().orientation,
                        first.id,
                        orientation
                    ),
                ));
            }
        }
    }

    /// Where every board hex lands; boards overlapping other than half on half are problems.
    fn spots(&self, problems: &mut Vec<MapError>) -> Spots {
        let mut spots = Spots::new();
        for (b, board) in self.boards.iter().enumerate() {
            let mut outside = false;
            for (i, &hex) in board.map.hexes().iter().enumerate() {
                match board.placement.apply(hex) {
                    Some(at) => spots.entry((at.x, at.y)).or_default().push((b, i)),
                    None => outside = true,
                }
            }
            if outside {
                problems.push(board.written_at.problem(
                    "board.offset",
                    format!(
                        "board `{}` is moved beyond the coordinates a map can hold; place it \
                         next to the others",
                        board.id
                    ),
                ));
            }
        }
        // Per (earlier board, later board): how many hexes clash, and the first clash.
        let mut clashes: BTreeMap<(usize, usize), (usize, usize, usize)> = BTreeMap::new();
        for here in spots.values() {
            let joined = here.len() == 2 && here.iter().all(|&(b, i)| self.is_half(b, i));
            if here.len() < 2 || joined {
                continue;
            }
            for (k, &(later, li)) in here.iter().enumerate().skip(1) {
                for &(earlier, ei) in here.iter().take(k) {
                    let clash = clashes.entry((earlier, later)).or_insert((0, ei, li));
                    clash.0 += 1;
                }
            }
        }
        for (&(earlier, later), &(count, ei, li)) in &clashes {
            let (Some(a), Some(b)) = (self.boards.get(earlier), self.boards.get(later)) else {
                continue;
            };
            let first = format!(
                "{}:{} on {}:{}",
                b.id,
                label_of(&b.map, li),
                a.id,
                label_of(&a.map, ei)
            );
            problems.push(b.written_at.problem(
                "board.offset",
                format!(
                    "board `{}` overlaps board `{}` on {count} hex(es), first {first}; boards \
                     may share only the half hexes along their edges, two of which join into \
                     a whole hex",
                    b.id, a.id
                ),
            ));
        }
        spots
    }

    fn is_half(&self, board: usize, index: usize) -> bool {
        self.boards
            .get(board)
            .and_then(|b| b.map.half.get(index))
            .copied()
            .unwrap_or(false)
    }

    /// The composed hexes in dense order (first board, then label), with everything per hex.
    fn hexes(
        &self,
        spots: &Spots,
        remaps: &[Remap],
        problems: &mut Vec<MapError>,
    ) -> Option<Draft> {
        let mut owners: Vec<Owner<'_>> = Vec::new();
        for (&(x, y), here) in spots {
            let &(b, i) = here.first()?;
            let board = self.boards.get(b)?;
            owners.push((b, board.map.labels.get(i).copied()?, Hex::new(x, y), here));
        }
        owners.sort_by_key(|&(b, label, _, _)| (b, label));
        let hexes: Vec<Hex> = owners.iter().map(|&(_, _, hex, _)| hex).collect();
        let Some(grid) = HexGrid::build(&hexes) else {
            problems.push(MapError::whole_file(
                &self.source,
                "board.offset",
                "the boards lie so far apart that the map would not fit in memory; place them \
                 next to each other",
            ));
            return None;
        };
        let mut draft = Draft {
            hexes,
            grid,
            ..Draft::default()
        };
        for (dense, &(owner, label, _, here)) in owners.iter().enumerate() {
            let dense32 = u32::try_from(dense).ok()?;
            let (board, remap) = (self.boards.get(owner)?, remaps.get(owner)?);
            let (_, i) = *here.first()?;
            let cell = board.map.cells.get(i)?;
            draft.labels.push(label);
            draft.hex_boards.push(u16::try_from(owner).ok()?);
            draft.cells.push(HexCell {
                terrain: remap.terrain(cell.terrain),
                level: cell.level,
            });
            draft.half.push(here.len() == 1 && self.is_half(owner, i));
            let mut tags = Vec::new();
            let mut name = None;
            for &(b, i) in here {
                let (Some(board), Some(remap)) = (self.boards.get(b), remaps.get(b)) else {
                    continue;
                };
                let Some(&hex) = board.map.hexes.get(i) else {
                    continue;
                };
                for tag in board.map.tag_ids(hex) {
                    let tag = remap.tag(*tag);
                    if !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
                if name.is_none() {
                    name = board.map.hex_name(hex).map(str::to_owned);
                }
                let label = board.map.labels.get(i).copied()?;
                draft
                    .board_labels
                    .push((u16::try_from(b).ok()?, label, dense32));
            }
            draft.tags.push(tags);
            draft.names.push(name);
        }
        draft.board_labels.sort_unstable();
        for (board, remap) in self.boards.iter().zip(remaps) {
            draft.place_links(board, remap);
        }
        Some(draft)
    }
}

/// The label of hex `index` of `map`, for messages.
fn label_of(map: &MapData, index: usize) -> String {
    map.labels
        .get(index)
        .map_or_else(|| "?".to_owned(), ToString::to_string)
}

/// The composed map while it is being built.
#[derive(Default)]
struct Draft {
    hexes: Vec<Hex>,
    grid: HexGrid,
    labels: Vec<HexLabel>,
    cells: Vec<HexCell>,
    half: Vec<bool>,
    hex_boards: Vec<u16>,
    board_labels: Vec<(u16, HexLabel, u32)>,
    tags: Vec<Vec<TagId>>,
    names: Vec<Option<String>>,
    hexsides: BTreeMap<HexsideId, FeatureSet>,
    roads: Vec<Road>,
    positions: Vec<Place>,
    regions: Vec<Place>,
}

impl Draft {
    /// The board's hexsides, roads and places, turned and moved with it.
    fn place_links(&mut self, board: &PlacedBoard, remap: &Remap) {
        let at = |hex: Hex| board.placement.apply(hex);
        for &(side, features) in board.map.hexsides() {
            let (a, b) = side.hexes();
            let Some(side) = at(a).zip(at(b)).and_then(|(a, b)| HexsideId::between(a, b)) else {
                continue;
            };
            let set = self.hexsides.entry(side).or_default();
            for feature in remap.features(features).iter() {
                set.insert(feature);
            }
        }
        for road in board.map.roads() {
            self.roads.push(Road {
                kind: remap.road_kind(road.kind),
                path: road.path.iter().filter_map(|&h| at(h)).collect(),
            });
        }
        let place = |p: &Place| Place {
            id: format!("{}:{}", board.id, p.id),
            name: p.name.clone(),
            hexes: p.hexes.iter().filter_map(|&h| at(h)).collect(),
            tags: p.tags.clone(),
        };
        self.positions
            .extend(board.map.positions().iter().map(place));
        self.regions.extend(board.map.regions().iter().map(place));
    }

    /// Lays `overlay` over the hexes it lands on; one that lands off the map is a problem and
    /// changes nothing.
    fn lay(&mut self, overlay: &PlacedOverlay, remap: &Remap, problems: &mut Vec<MapError>) {
        let at = |hex: Hex| overlay.placement.apply(hex);
        let mut covered = Vec::with_capacity(overlay.map.len());
        let mut off = Vec::new();
        for (i, &hex) in overlay.map.hexes().iter().enumerate() {
            match at(hex).and_then(|h| self.grid.get(h)) {
                Some(dense) => covered.push((i, hex, dense)),
                None => off.push(label_of(&overlay.map, i)),
            }
        }
        if !off.is_empty() {
            problems.push(overlay.written_at.problem(
                "overlay.offset",
                format!(
                    "overlay `{}` falls off the map: its hex(es) {} land on no board",
                    overlay.id,
                    off.join(", ")
                ),
            ));
            return;
        }
        let replaces = overlay.replaces;
        for &(i, hex, dense) in &covered {
            let (Some(cell), Some(source)) = (self.cells.get_mut(dense), overlay.map.cells.get(i))
            else {
                continue;
            };
            cell.terrain = remap.terrain(source.terrain);
            if replaces.level {
                cell.level = source.level;
            }
            if replaces.tags
                && let Some(tags) = self.tags.get_mut(dense)
            {
                *tags = overlay
                    .map
                    .tag_ids(hex)
                    .iter()
                    .map(|&t| remap.tag(t))
                    .collect();
            }
            if replaces.name
                && let Some(name) = self.names.get_mut(dense)
            {
                *name = overlay.map.hex_name(hex).map(str::to_owned);
            }
            if replaces.hexsides {
                for next in neighbours(hex) {
                    let (Some(side), Some(placed)) = (
                        HexsideId::between(hex, next),
                        at(hex)
                            .zip(at(next))
                            .and_then(|(a, b)| HexsideId::between(a, b)),
                    ) else {
                        continue;
                    };
                    if overlay.map.contains(next) {
                        let features = remap.features(overlay.map.hexside_features(side));
                        if features.is_empty() {
                            self.hexsides.remove(&placed);
                        } else {
                            self.hexsides.insert(placed, features);
                        }
                    }
                }
            }
        }
        if replaces.roads {
            for road in overlay.map.roads() {
                self.roads.push(Road {
                    kind: remap.road_kind(road.kind),
                    path: road.path.iter().filter_map(|&h| at(h)).collect(),
                });
            }
        }
    }

    fn finish(self, composition: &Composition, names: Names) -> MapData {
        let count = self.hexes.len();
        let mut tag_ranges = Vec::with_capacity(count + 1);
        let mut hex_tags = Vec::new();
        tag_ranges.push(0);
        for tags in &self.tags {
            hex_tags.extend(tags);
            tag_ranges.push(u32::try_from(hex_tags.len()).unwrap_or(u32::MAX));
        }
        let hex_names = self
            .names
            .into_iter()
            .enumerate()
            .filter_map(|(i, name)| Some((u32::try_from(i).ok()?, name?)))
            .collect();
        let convention = composition
            .boards
            .first()
            .map(|b| b.map.convention())
            .unwrap_or(crate::labels::LabelConvention::OMAHA);
        let mut map = MapData {
            name: composition.name.clone(),
            authored_by: composition.authored_by.clone(),
            source: composition.source.clone(),
            convention,
            terrains: names.terrains,
            hexes: self.hexes,
            labels: self.labels,
            cells: self.cells,
            half: self.half,
            grid: self.grid,
            boards: composition.boards.iter().map(|b| b.id.clone()).collect(),
            hex_boards: self.hex_boards,
            board_labels: self.board_labels,
            hex_names,
            tag_names: names.tags,
            tag_ranges,
            hex_tags,
            feature_names: names.features,
            hexsides: self.hexsides.into_iter().collect(),
            road_kinds: names.road_kinds,
            roads: self.roads,
            road_ranges: Vec::new(),
            road_links: Vec::new(),
            positions: self.positions,
            regions: self.regions,
        };
        map.link_roads();
        map
    }
}

/// The names of the composed map: every file's terrain types, tags, hexside features and road
/// kinds, each name once, in order of first use.
#[derive(Default)]
struct Names {
    terrains: Vec<TerrainDef>,
    tags: Vec<String>,
    features: Vec<String>,
    road_kinds: Vec<String>,
}

/// One file's ids turned into the composed map's.
#[derive(Default)]
struct Remap {
    terrains: Vec<TerrainId>,
    tags: Vec<TagId>,
    features: Vec<FeatureId>,
    road_kinds: Vec<RoadKindId>,
}

impl Remap {
    fn terrain(&self, id: TerrainId) -> TerrainId {
        self.terrains.get(id.index()).copied().unwrap_or(id)
    }

    fn tag(&self, id: TagId) -> TagId {
        self.tags.get(usize::from(id.0)).copied().unwrap_or(id)
    }

    fn features(&self, set: FeatureSet) -> FeatureSet {
        let mut out = FeatureSet::EMPTY;
        for feature in set.iter() {
            if let Some(&mapped) = self.features.get(usize::from(feature.0)) {
                out.insert(mapped);
            }
        }
        out
    }

    fn road_kind(&self, id: RoadKindId) -> RoadKindId {
        self.road_kinds
            .get(usize::from(id.0))
            .copied()
            .unwrap_or(id)
    }
}

impl Names {
    /// Interns every name of `map`; a name past a limit is a problem blamed on `at`.
    fn remap(
        &mut self,
        map: &MapData,
        at: &Location,
        kind: &str,
        problems: &mut Vec<MapError>,
    ) -> Remap {
        let mut remap = Remap::default();
        if let Err((what, limit)) = self.fill(map, &mut remap) {
            problems.push(at.problem(
                format!("{kind}.file"),
                format!("the battlefield's files have more than {limit} {what} between them"),
            ));
        }
        remap
    }

    /// Fills `remap` with `map`'s names, or names the limit passed.
    fn fill(&mut self, map: &MapData, remap: &mut Remap) -> Result<(), (&'static str, usize)> {
        for def in map.terrains() {
            let index = match self.terrains.iter().position(|t| t.name == def.name) {
                Some(index) => {
                    if let Some(known) = self.terrains.get_mut(index)
                        && known.colour.is_none()
                    {
                        known.colour.clone_from(&def.colour);
                    }
                    index
                }
                None => {
                    self.terrains.push(def.clone());
                    self.terrains.len() - 1
                }
            };
            let id = u8::try_from(index).map_err(|_| ("terrain types", 256))?;
            remap.terrains.push(TerrainId(id));
        }
        for tag in &map.tag_names {
            let id = u16::try_from(intern(&mut self.tags, tag))
                .ok()
                .filter(|&id| id < u16::MAX)
                .ok_or(("hex tags", usize::from(u16::MAX)))?;
            remap.tags.push(TagId(id));
        }
        for feature in &map.feature_names {
            let id = u8::try_from(intern(&mut self.features, feature))
                .ok()
                .filter(|&id| id < 64)
                .ok_or(("hexside features", 64))?;
            remap.features.push(FeatureId(id));
        }
        for kind in &map.road_kinds {
            let id = u8::try_from(intern(&mut self.road_kinds, kind))
                .map_err(|_| ("road kinds", 256))?;
            remap.road_kinds.push(RoadKindId(id));
        }
        Ok(())
    }
}

fn intern(names: &mut Vec<String>, name: &str) -> usize {
    names.iter().position(|n| n == name).unwrap_or_else(|| {
        names.push(name.to_owned());
        names.len() - 1
    })
}
