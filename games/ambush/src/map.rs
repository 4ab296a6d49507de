//! A mission's map (AMBX-MAP): hex ids `CCRR`, flat-topped columns with the even ones half a
//! hex lower, the six directions N..NW, the hexside features of every hex worked out (walls
//! around buildings, doors and windows, embankments, crests), and the same map as hexmap data
//! for drawing and line tracing.
//!
//! Hexes are numbered densely column by column (`(column - 1) * rows + (row - 1)`), so a hex's
//! number orders as its printed id does (AMB-COND-2's "ascending hex number").

use crate::data::map::{Dir, Feature, HexDef, Material, Terrain};
use overlord_hexmap::{HexLabel, LabelConvention, MapData};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// AMBX-MAP-1: a hex of a mission map, by its dense number.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Hex(pub u16);

/// AMBX-MAP-2: the `(dc, dr)` step to the neighbour in each direction, for odd and even printed
/// columns.
const ODD_COLUMN: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)];
const EVEN_COLUMN: [(i8, i8); 6] = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];

/// The printed `(column, row)` of the neighbour of `(column, row)` in `dir`, which may be off
/// any map.
pub fn step(column: u8, row: u8, dir: Dir) -> (i16, i16) {
    let table = if column % 2 == 1 {
        ODD_COLUMN
    } else {
        EVEN_COLUMN
    };
    let (dc, dr) = table[dir.index()];
    (
        i16::from(column) + i16::from(dc),
        i16::from(row) + i16::from(dr),
    )
}

/// AMBX-MAP-3: cube coordinates of a printed hex.
pub fn cube(column: u8, row: u8) -> (i32, i32, i32) {
    let col0 = i32::from(column) - 1;
    let row0 = i32::from(row) - 1;
    let x = col0;
    let z = row0 - (col0 - (col0 & 1)) / 2;
    (x, -x - z, z)
}

/// AMBX-MAP-3: the hex distance between two printed hexes.
pub fn distance(a: (u8, u8), b: (u8, u8)) -> u32 {
    let (ax, ay, az) = cube(a.0, a.1);
    let (bx, by, bz) = cube(b.0, b.1);
    (ax - bx)
        .unsigned_abs()
        .max((ay - by).unsigned_abs())
        .max((az - bz).unsigned_abs())
}

/// Read a hex id `"CCRR"`: its printed column and row, both from 01.
pub fn parse_label(text: &str) -> Option<(u8, u8)> {
    if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let column: u8 = text.get(..2)?.parse().ok()?;
    let row: u8 = text.get(2..)?.parse().ok()?;
    (column >= 1 && row >= 1).then_some((column, row))
}

/// One hex of a mission map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
    pub terrain: Terrain,
    pub elev: u8,
    /// The building it is part of, by index into [`MissionMap::buildings`].
    pub building: Option<u8>,
    /// Per direction, the feature on that hexside, walls around buildings included.
    pub sides: [Option<Feature>; 6],
}

/// A building: its id and what its walls are made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Building {
    pub id: String,
    pub material: Material,
}

/// A mission's map, checked.
#[derive(Clone, Debug)]
pub struct MissionMap {
    pub columns: u8,
    pub rows: u8,
    pub cells: Vec<Cell>,
    pub buildings: Vec<Building>,
    /// The same map in hexmap's form, for drawing and line tracing (made last).
    hexmap: Option<MapData>,
    /// Lines of sight worked out so far ([`crate::los`]): the map never changes, so each is
    /// traced once and shared by every game of the mission.
    pub(crate) sight_memo: SightMemo,
    /// For each hex, every hex's cheapest cost on foot to it (AMBX-MOV-1, [`u16::MAX`] where it
    /// cannot be reached), worked out the first time a German walks toward it: the costs never
    /// change in a mission.
    pub(crate) walk_memo: Vec<std::sync::OnceLock<Vec<u16>>>,
}

/// A table of lines of sight between every two hexes and stances, filled as they are asked
/// for: 0 not yet traced, 1 blocked, 2 the same hex, 3 + h seen, entering through hex h's
/// side. Atomics because the map is shared between the threads of a batch; every thread that
/// traces a line finds the same answer, so a race only repeats work.
pub(crate) struct SightMemo(Vec<std::sync::atomic::AtomicU16>);

impl SightMemo {
    fn new(hexes: usize) -> SightMemo {
        SightMemo(
            std::iter::repeat_with(|| std::sync::atomic::AtomicU16::new(0))
                .take(hexes * hexes * 9)
                .collect(),
        )
    }

    fn slot(
        &self,
        hexes: usize,
        a: (Hex, u8),
        b: (Hex, u8),
    ) -> Option<&std::sync::atomic::AtomicU16> {
        let i = ((usize::from(a.0.0) * hexes + usize::from(b.0.0)) * 3 + usize::from(a.1)) * 3
            + usize::from(b.1);
        self.0.get(i)
    }

    /// The line from `a` to `b` (hex, stance index), if traced: `Some(None)` blocked,
    /// `Some(Some(None))` the same hex, `Some(Some(Some(h)))` seen through `h`'s side.
    pub(crate) fn get(
        &self,
        hexes: usize,
        a: (Hex, u8),
        b: (Hex, u8),
    ) -> Option<Option<Option<Hex>>> {
        let code = self
            .slot(hexes, a, b)?
            .load(std::sync::atomic::Ordering::Relaxed);
        match code {
            0 => None,
            1 => Some(None),
            2 => Some(Some(None)),
            c => Some(Some(Some(Hex(c - 3)))),
        }
    }

    pub(crate) fn put(&self, hexes: usize, a: (Hex, u8), b: (Hex, u8), line: Option<Option<Hex>>) {
        let code = match line {
            None => 1,
            Some(None) => 2,
            Some(Some(h)) => h.0.saturating_add(3),
        };
        if let Some(slot) = self.slot(hexes, a, b) {
            slot.store(code, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

impl Clone for SightMemo {
    /// A copy starts empty: the lines are traced again on demand.
    fn clone(&self) -> SightMemo {
        SightMemo::new_len(self.0.len())
    }
}

impl SightMemo {
    fn new_len(len: usize) -> SightMemo {
        SightMemo(
            std::iter::repeat_with(|| std::sync::atomic::AtomicU16::new(0))
                .take(len)
                .collect(),
        )
    }
}

impl std::fmt::Debug for SightMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SightMemo({} lines)", self.0.len())
    }
}

/// What is wrong with a map's hexes, each naming the hex (`"0503"`) and, for sides, the
/// direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapFault {
    pub hex: String,
    pub field: String,
    pub message: String,
}

impl MissionMap {
    /// Build the map of `columns` x `rows` from its hexes, or every fault found.
    pub fn build(
        name: &str,
        columns: u8,
        rows: u8,
        hexes: &BTreeMap<String, HexDef>,
    ) -> Result<MissionMap, Vec<MapFault>> {
        let mut faults = Vec::new();
        let fault = |faults: &mut Vec<MapFault>, hex: &str, field: &str, message: String| {
            faults.push(MapFault {
                hex: hex.to_owned(),
                field: field.to_owned(),
                message,
            });
        };
        let mut defs: Vec<Option<&HexDef>> = vec![None; usize::from(columns) * usize::from(rows)];
        for (label, def) in hexes {
            match parse_label(label) {
                Some((c, r)) if c <= columns && r <= rows => {
                    defs[index(columns, rows, c, r)] = Some(def);
                }
                Some(_) => fault(
                    &mut faults,
                    label,
                    "",
                    format!(
                        "hex {label} is outside the {columns} x {rows} map (`map_cols`, `map_rows`)"
                    ),
                ),
                None => fault(
                    &mut faults,
                    label,
                    "",
                    format!(
                        "`{label}` is no hex id: write \"CCRR\", column then row, from \"0101\""
                    ),
                ),
            }
        }
        let mut buildings: Vec<Building> = Vec::new();
        let mut cells = Vec::with_capacity(defs.len());
        for c in 1..=columns {
            for r in 1..=rows {
                let label = format!("{c:02}{r:02}");
                let Some(def) = defs[index(columns, rows, c, r)] else {
                    fault(
                        &mut faults,
                        &label,
                        "",
                        format!(
                            "hex {label} of the map is missing: list every hex of the grid in `[map.hex]`"
                        ),
                    );
                    continue;
                };
                if def.elev > 3 {
                    fault(
                        &mut faults,
                        &label,
                        "elev",
                        format!("elevation {} is above 3 (AMBX-MAP-5)", def.elev),
                    );
                }
                let building = match (&def.building, def.terrain) {
                    (Some(id), Terrain::Building) => {
                        let Some(material) = def.material else {
                            fault(
                                &mut faults,
                                &label,
                                "material",
                                format!("building hex {label} needs `material` (wood or stone)"),
                            );
                            continue;
                        };
                        match buildings.iter().position(|b| &b.id == id) {
                            Some(i) if buildings[i].material != material => {
                                fault(
                                    &mut faults,
                                    &label,
                                    "material",
                                    format!(
                                        "building `{id}` is of another material in another hex"
                                    ),
                                );
                                None
                            }
                            Some(i) => u8::try_from(i).ok(),
                            None => {
                                buildings.push(Building {
                                    id: id.clone(),
                                    material,
                                });
                                u8::try_from(buildings.len() - 1).ok()
                            }
                        }
                    }
                    (None, Terrain::Building) => {
                        fault(
                            &mut faults,
                            &label,
                            "building",
                            format!("building hex {label} needs a `building` id"),
                        );
                        None
                    }
                    (Some(_), _) | (None, _)
                        if def.material.is_some() && def.terrain != Terrain::Building =>
                    {
                        fault(
                            &mut faults,
                            &label,
                            "material",
                            "only building hexes have a `material`".to_owned(),
                        );
                        None
                    }
                    (Some(_), _) => {
                        fault(
                            &mut faults,
                            &label,
                            "building",
                            "only building hexes belong to a `building`".to_owned(),
                        );
                        None
                    }
                    (None, _) => None,
                };
                cells.push(Cell {
                    column: c,
                    row: r,
                    terrain: def.terrain,
                    elev: def.elev,
                    building,
                    sides: [None; 6],
                });
            }
        }
        if !faults.is_empty() {
            return Err(faults);
        }
        let count = cells.len();
        let mut map = MissionMap {
            columns,
            rows,
            cells,
            buildings,
            hexmap: None,
            sight_memo: SightMemo::new(count),
            walk_memo: (0..count).map(|_| std::sync::OnceLock::new()).collect(),
        };
        map.resolve_sides(hexes, &mut faults);
        if !faults.is_empty() {
            return Err(faults);
        }
        match MapData::from_toml_str(&map.hexmap_text(name), "generated") {
            Ok(data) => map.hexmap = Some(data),
            Err(errors) => {
                fault(
                    &mut faults,
                    "",
                    "",
                    format!("the map could not be made into hexmap data: {errors}"),
                );
                return Err(faults);
            }
        }
        Ok(map)
    }

    /// AMBX-MAP-4, AMBX-MAP-5: every hexside's feature. A side listed on one hex is mirrored to
    /// its neighbour; two listings must agree; a building's outer sides are walls unless a
    /// door, window or breach is listed; its inner sides are open.
    fn resolve_sides(&mut self, hexes: &BTreeMap<String, HexDef>, faults: &mut Vec<MapFault>) {
        let mut listed: BTreeMap<(u16, usize), (Feature, String)> = BTreeMap::new();
        for (label, def) in hexes {
            let Some(hex) = self.hex(label) else { continue };
            for (&dir, &feature) in &def.sides {
                let neighbour = self.neighbour(hex, dir);
                let here_building = self.cell(hex).building;
                let there_building = neighbour.and_then(|n| self.cell(n).building);
                let field = format!("sides.{}", dir.name());
                // Walls also stand alone (a farmyard's wall, AMBX-MAP-4); doors and windows
                // open in a building's walls.
                if matches!(feature, Feature::Door | Feature::Window) {
                    if here_building.is_none() && there_building.is_none() {
                        faults.push(MapFault { hex: label.clone(), field, message: format!("a {} belongs on a building's side, and neither {label} nor its {} neighbour is a building hex", feature.name(), dir.name()) });
                        continue;
                    }
                    if here_building.is_some() && here_building == there_building {
                        faults.push(MapFault { hex: label.clone(), field, message: format!("the {} side of {label} is inside its building (open, AMBX-MAP-5): no {} there", dir.name(), feature.name()) });
                        continue;
                    }
                }
                let mut put = |hex: Hex, dir: Dir, faults: &mut Vec<MapFault>| {
                    match listed.get(&(hex.0, dir.index())) {
                        Some((other, at)) if *other != feature => faults.push(MapFault {
                            hex: label.clone(),
                            field: format!("sides.{}", dir.name()),
                            message: format!(
                                "the hexside is a {} here and a {} where {at} lists it (AMBX-MAP-4: both sides must agree)",
                                feature.name(),
                                other.name()
                            ),
                        }),
                        _ => {
                            listed.insert((hex.0, dir.index()), (feature, label.clone()));
                        }
                    }
                };
                put(hex, dir, faults);
                if let Some(n) = neighbour {
                    put(n, dir.opposite(), faults);
                }
            }
        }
        for i in 0..self.cells.len() {
            let hex = Hex(i as u16);
            for dir in Dir::ALL {
                let here = self.cells[i].building;
                let there = self.neighbour(hex, dir).and_then(|n| self.cell(n).building);
                let feature = match listed.get(&(hex.0, dir.index())) {
                    Some(&(feature, _)) => Some(feature),
                    // AMBX-MAP-5: a building's outer side is a wall unless listed.
                    None if here != there && (here.is_some() || there.is_some()) => {
                        Some(Feature::Wall)
                    }
                    None => None,
                };
                self.cells[i].sides[dir.index()] = feature;
            }
        }
    }

    /// The hex with printed id `label`, if on this map.
    pub fn hex(&self, label: &str) -> Option<Hex> {
        let (c, r) = parse_label(label)?;
        (c <= self.columns && r <= self.rows)
            .then(|| Hex(index(self.columns, self.rows, c, r) as u16))
    }

    /// The printed id of `hex` (`"0503"`).
    pub fn label(&self, hex: Hex) -> String {
        let cell = self.cell(hex);
        format!("{:02}{:02}", cell.column, cell.row)
    }

    /// The hex `hex` is on this map. Panics on a hex of another map: hexes come from this
    /// map's own [`Self::hex`] and [`Self::neighbour`].
    pub fn cell(&self, hex: Hex) -> &Cell {
        &self.cells[usize::from(hex.0)]
    }

    /// Every hex, in ascending id order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + use<> {
        (0..self.cells.len() as u16).map(Hex)
    }

    /// The neighbour of `hex` in `dir`, if on the map (AMBX-MAP-2).
    pub fn neighbour(&self, hex: Hex, dir: Dir) -> Option<Hex> {
        let cell = self.cell(hex);
        let (c, r) = step(cell.column, cell.row, dir);
        let (c, r) = (u8::try_from(c).ok()?, u8::try_from(r).ok()?);
        (c >= 1 && r >= 1 && c <= self.columns && r <= self.rows)
            .then(|| Hex(index(self.columns, self.rows, c, r) as u16))
    }

    /// The same map with the side `dir` of `hex` (and the neighbour's side facing it) a breach
    /// (AMBX-DMG-4), its remembered lines and paths forgotten.
    pub fn with_breach(&self, hex: Hex, dir: Dir) -> MissionMap {
        let mut map = self.clone();
        map.cells[usize::from(hex.0)].sides[dir.index()] = Some(Feature::Breach);
        if let Some(across) = self.neighbour(hex, dir) {
            map.cells[usize::from(across.0)].sides[dir.opposite().index()] = Some(Feature::Breach);
        }
        map.sight_memo = SightMemo::new(map.cells.len());
        map.walk_memo = (0..map.cells.len())
            .map(|_| std::sync::OnceLock::new())
            .collect();
        map
    }

    /// The feature on `hex`'s side facing `dir`.
    pub fn side(&self, hex: Hex, dir: Dir) -> Option<Feature> {
        self.cell(hex).sides[dir.index()]
    }

    /// AMBX-MAP-3: the distance between two hexes.
    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        let (a, b) = (self.cell(a), self.cell(b));
        distance((a.column, a.row), (b.column, b.row))
    }

    /// Whether `hex` lies on the map's `edge`.
    pub fn on_edge(&self, hex: Hex, edge: crate::data::mission::Edge) -> bool {
        use crate::data::mission::Edge;
        let cell = self.cell(hex);
        match edge {
            Edge::North => cell.row == 1,
            Edge::South => cell.row == self.rows,
            Edge::West => cell.column == 1,
            Edge::East => cell.column == self.columns,
        }
    }

    /// The map in hexmap's file format, so hexmap's checks, drawing and line tracing serve it
    /// as they serve the other games' maps.
    fn hexmap_text(&self, name: &str) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "name = {}", quoted(name));
        text.push_str("authored_by = \"Overlord project\"\n");
        text.push_str("[convention]\norientation = \"flat_top\"\norder = \"column_row\"\nshifted = \"even\"\n[terrain]\n");
        for terrain in Terrain::ALL {
            let _ = writeln!(
                text,
                "{} = {{ colour = \"{}\" }}",
                terrain.name(),
                colour(terrain)
            );
        }
        for hex in self.hexes() {
            let cell = self.cell(hex);
            let _ = writeln!(
                text,
                "[[hex]]\nat = \"{}\"\nterrain = \"{}\"\nlevel = {}",
                self.label(hex),
                cell.terrain.name(),
                cell.elev
            );
        }
        for hex in self.hexes() {
            for dir in Dir::ALL {
                if let (Some(feature), Some(n)) = (self.side(hex, dir), self.neighbour(hex, dir))
                    && hex < n
                {
                    let _ = writeln!(
                        text,
                        "[[hexside]]\nbetween = [\"{}\", \"{}\"]\nfeatures = [\"{}\"]",
                        self.label(hex),
                        self.label(n),
                        feature.name()
                    );
                }
            }
        }
        text
    }

    /// The hexmap label convention of every Ambush map (AMBX-MAP-1/2).
    pub fn convention() -> LabelConvention {
        LabelConvention::AMBUSH
    }

    /// The hexmap hex of `hex`.
    pub fn axial(&self, hex: Hex) -> Option<overlord_hexmap::Hex> {
        let cell = self.cell(hex);
        HexLabel::new(cell.column, cell.row).map(|label| Self::convention().to_hex(label))
    }

    /// The hex of this map at hexmap's `axial` hex, if any.
    pub fn from_axial(&self, axial: overlord_hexmap::Hex) -> Option<Hex> {
        let label = Self::convention().to_label(axial)?;
        let (c, r) = (label.first(), label.second());
        (c >= 1 && r >= 1 && c <= self.columns && r <= self.rows)
            .then(|| Hex(index(self.columns, self.rows, c, r) as u16))
    }

    /// The direction from `a` to its neighbour `b`, if they are neighbours.
    pub fn direction(&self, a: Hex, b: Hex) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.neighbour(a, d) == Some(b))
    }

    /// The map in hexmap's form (every map [`Self::build`] returns has it).
    pub fn hexmap(&self) -> Option<&MapData> {
        self.hexmap.as_ref()
    }
}

fn index(_columns: u8, rows: u8, column: u8, row: u8) -> usize {
    usize::from(column - 1) * usize::from(rows) + usize::from(row - 1)
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The map's colours, by terrain.
pub fn colour(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Clear => "#dfe6b8",
        Terrain::Road => "#d8c7a0",
        Terrain::Field => "#e8d98a",
        Terrain::Brush => "#b5c98a",
        Terrain::Forest => "#6f9a5a",
        Terrain::Rough => "#b9a98c",
        Terrain::Rubble => "#a39b93",
        Terrain::Crater => "#9c8b73",
        Terrain::Building => "#c7a27c",
        Terrain::Stream => "#8db6d6",
        Terrain::Bridge => "#b7a58f",
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::data::map::{HexDef, Material};

    fn hex_def(terrain: Terrain) -> HexDef {
        HexDef {
            terrain,
            elev: 0,
            building: None,
            material: None,
            sides: BTreeMap::new(),
        }
    }

    /// AMBX-MAP-2: the neighbour table, odd and even columns.
    #[test]
    fn ambx_map_2_neighbours_of_odd_and_even_columns() {
        let around = |c, r| Dir::ALL.map(|d| step(c, r, d));
        assert_eq!(
            around(3, 3),
            [(3, 2), (4, 2), (4, 3), (3, 4), (2, 3), (2, 2)]
        );
        assert_eq!(
            around(4, 3),
            [(4, 2), (5, 3), (5, 4), (4, 4), (3, 4), (3, 3)]
        );
    }

    /// AMBX-MAP-2 and hexmap agree: each neighbour is one hex away in hexmap's Ambush
    /// convention, in the direction of the same name.
    #[test]
    fn ambx_map_2_agrees_with_hexmaps_ambush_convention() {
        let convention = LabelConvention::AMBUSH;
        for (c, r) in [(3u8, 3u8), (4, 3), (5, 5), (6, 2)] {
            let here = convention.to_hex(HexLabel::new(c, r).unwrap());
            for dir in Dir::ALL {
                let (nc, nr) = step(c, r, dir);
                let there = convention.to_hex(HexLabel::new(nc as u8, nr as u8).unwrap());
                assert_eq!(overlord_hexmap::distance(here, there), 1);
                let direction = overlord_hexmap::direction_between(here, there).unwrap();
                assert_eq!(
                    convention.direction_name(direction),
                    dir.name(),
                    "{c:02}{r:02} {dir:?}"
                );
            }
        }
    }

    /// AMBX-MAP-3: distance by cube coordinates, and the same as hexmap's.
    #[test]
    fn ambx_map_3_distance() {
        assert_eq!(distance((1, 1), (1, 1)), 0);
        assert_eq!(distance((1, 1), (1, 6)), 5);
        assert_eq!(distance((1, 1), (8, 1)), 7);
        assert_eq!(distance((2, 2), (5, 4)), 3);
        let convention = LabelConvention::AMBUSH;
        for a in [(1u8, 1u8), (2, 5), (7, 3)] {
            for b in [(8u8, 6u8), (3, 3), (4, 1)] {
                let ha = convention.to_hex(HexLabel::new(a.0, a.1).unwrap());
                let hb = convention.to_hex(HexLabel::new(b.0, b.1).unwrap());
                assert_eq!(distance(a, b), overlord_hexmap::distance(ha, hb));
            }
        }
    }

    /// AMBX-MAP-1: hex ids are "CCRR" strings; AMB-COND-2's order is the printed order.
    #[test]
    fn ambx_map_1_ids_and_their_order() {
        assert_eq!(parse_label("0503"), Some((5, 3)));
        assert_eq!(parse_label("503"), None);
        assert_eq!(parse_label("05x3"), None);
        assert_eq!(parse_label("0000"), None);
        let mut hexes = BTreeMap::new();
        for c in 1..=2u8 {
            for r in 1..=2u8 {
                hexes.insert(format!("{c:02}{r:02}"), hex_def(Terrain::Clear));
            }
        }
        let map = MissionMap::build("t", 2, 2, &hexes).unwrap();
        let labels: Vec<String> = map.hexes().map(|h| map.label(h)).collect();
        assert_eq!(labels, ["0101", "0102", "0201", "0202"]);
        assert!(map.hexmap().is_some());
    }

    /// AMBX-MAP-4: a side listed differently on its two hexes is refused; a missing hex and a
    /// hex off the grid are named.
    #[test]
    fn ambx_map_4_conflicting_sides_and_incomplete_grids_are_faults() {
        let mut hexes = BTreeMap::new();
        for c in 1..=2u8 {
            for r in 1..=2u8 {
                hexes.insert(format!("{c:02}{r:02}"), hex_def(Terrain::Clear));
            }
        }
        // 0101's SE neighbour is 0201 (odd column): an embankment there, a crest seen from 0201.
        hexes
            .get_mut("0101")
            .unwrap()
            .sides
            .insert(Dir::SE, Feature::Embankment);
        hexes
            .get_mut("0201")
            .unwrap()
            .sides
            .insert(Dir::NW, Feature::Crest);
        let faults = MissionMap::build("t", 2, 2, &hexes).unwrap_err();
        assert!(
            faults
                .iter()
                .any(|f| f.message.contains("both sides must agree")),
            "{faults:?}"
        );
        hexes.get_mut("0201").unwrap().sides.clear();
        hexes.remove("0202");
        hexes.insert("0303".to_owned(), hex_def(Terrain::Clear));
        let faults = MissionMap::build("t", 2, 2, &hexes).unwrap_err();
        assert!(
            faults
                .iter()
                .any(|f| f.hex == "0202" && f.message.contains("missing"))
        );
        assert!(
            faults
                .iter()
                .any(|f| f.hex == "0303" && f.message.contains("outside"))
        );
    }

    /// AMBX-MAP-5: doors and windows only on a building's outer sides.
    #[test]
    fn ambx_map_5_openings_belong_on_buildings_outer_sides() {
        let mut hexes = BTreeMap::new();
        for c in 1..=2u8 {
            for r in 1..=2u8 {
                hexes.insert(format!("{c:02}{r:02}"), hex_def(Terrain::Clear));
            }
        }
        for label in ["0101", "0102"] {
            let h = hexes.get_mut(label).unwrap();
            h.terrain = Terrain::Building;
            h.building = Some("house".to_owned());
            h.material = Some(Material::Stone);
        }
        // 0101|0102 is inside the house.
        hexes
            .get_mut("0101")
            .unwrap()
            .sides
            .insert(Dir::S, Feature::Door);
        let faults = MissionMap::build("t", 2, 2, &hexes).unwrap_err();
        assert!(
            faults
                .iter()
                .any(|f| f.message.contains("inside its building")),
            "{faults:?}"
        );
        hexes.get_mut("0101").unwrap().sides.clear();
        hexes
            .get_mut("0201")
            .unwrap()
            .sides
            .insert(Dir::S, Feature::Window);
        let faults = MissionMap::build("t", 2, 2, &hexes).unwrap_err();
        assert!(
            faults
                .iter()
                .any(|f| f.message.contains("belongs on a building's side")),
            "{faults:?}"
        );
        hexes.get_mut("0201").unwrap().sides.clear();
        let map = MissionMap::build("t", 2, 2, &hexes).unwrap();
        let house = map.hex("0101").unwrap();
        assert_eq!(map.side(house, Dir::S), None);
        assert_eq!(map.side(house, Dir::SE), Some(Feature::Wall));
    }
}
