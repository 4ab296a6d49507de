//! Line of sight (`TOI-COMBAT-LOS`, spec 1.17), by the project's normative algorithm
//! `TOI-COMBAT-LOS-ALGO`.
//!
//! A pure module: [`Sight`] is built once per battlefield from its [`MapData`] and the terrain
//! table, and answers "can a unit in `a` see a unit in `b`?" for any smoke the caller describes.
//! Units never block line of sight (`TOI-COMBAT-LOS`), so no unit is asked about.
//!
//! The geometry is hexmap's exact centre-to-centre line ([`trace_line`]): the hexes it crosses,
//! and those it only touches along a hexside or at a vertex, on each side. From them come the two
//! line sets of `TOI-COMBAT-LOS-ALGO` step 5, `L = crossed ∪ touched-left` and
//! `R = crossed ∪ touched-right` (the lines shifted very slightly to each side,
//! `TOI-COMBAT-LOS-HEXSIDE`, extended to vertices by AMB-12), and the answer is yes when at least
//! one of them passes (step 6).

use std::collections::HashMap;

use overlord_hexmap::{Hex, MapData, Side, distance, trace_line};

use crate::data::TerrainDef;

/// What line of sight needs to know about one hex of the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    level: i8,
    /// Its terrain blocks line of sight (woods, building: [`TerrainDef::blocks_los`]).
    blocks: bool,
    /// A half hex at a board's edge: not part of the game, never blocks (AMB-14).
    half: bool,
}

/// The line-of-sight view of one battlefield: per hex, its level and whether its terrain blocks.
///
/// Hexes off the map are handled without panicking:
/// - a hex **between** the two units that is not on the map never blocks (it has no terrain and
///   no level; it is treated like a clear hex below every unit);
/// - if either **end** is not on the map there is **no** line of sight ([`Blocked::OffMap`]):
///   nothing can stand there, so nothing there sees or is seen, adjacent or not.
///
/// A half hex (AMB-14) between the units never blocks, whatever its terrain, level or smoke. As
/// an end, a half hex is treated like any other hex (its level counts); the rules keep units out
/// of it (`TOI-MOVE-HALFHEX`).
#[derive(Clone, Debug, Default)]
pub struct Sight {
    cells: HashMap<Hex, Cell>,
}

/// Why two hexes are out of sight of each other ([`Sight::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// This end hex is not on the map: out of sight.
    OffMap(Hex),
    /// The line touches no hex without crossing it, so it is one line, and it is blocked.
    Line(Obstruction),
    /// `TOI-COMBAT-LOS-HEXSIDE` (with AMB-12): the line runs along a hexside or grazes a vertex,
    /// and the line shifted slightly to the left and the one shifted to the right are both
    /// blocked. Left and right are as seen looking from `a` to `b`, the order
    /// [`Sight::explain`] was asked in.
    BothSides {
        left: Obstruction,
        right: Obstruction,
    },
}

impl Blocked {
    /// The id of the rule that blocks.
    #[must_use]
    pub const fn rule(&self) -> &'static str {
        match self {
            Self::OffMap(_) => "TOI-COMBAT-LOS",
            Self::Line(obstruction) => obstruction.rule(),
            Self::BothSides { .. } => "TOI-COMBAT-LOS-HEXSIDE",
        }
    }
}

/// What blocks one line set (`TOI-COMBAT-LOS-ALGO` step 6), with the hex responsible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstruction {
    /// `TOI-COMBAT-LOS-SAME`: blocking terrain (woods, a building) between units on the same
    /// level, at whatever elevation (AMB-11).
    Terrain(Hex),
    /// `TOI-FORT-SMOKE`: a smoke marker between units on the same level.
    Smoke(Hex),
    /// `TOI-COMBAT-LOS-HIGHER`: a hex higher than both units' level (same level), or higher
    /// than the higher unit (different levels, REC).
    Higher(Hex),
    /// `TOI-COMBAT-LOS-PLATEAU`: a hex next to the higher unit, at the higher unit's own level.
    Plateau(Hex),
    /// `TOI-COMBAT-LOS-ELEV`: the lower unit stands in a blind hex: `distance` hexes behind
    /// `obstacle`, the obstacle on the line closest to it, with `depth` blind hexes behind an
    /// obstacle at this level difference.
    BlindHex {
        obstacle: Hex,
        distance: u32,
        depth: u32,
    },
}

impl Obstruction {
    /// The id of the rule that blocks.
    #[must_use]
    pub const fn rule(&self) -> &'static str {
        match self {
            Self::Terrain(_) => "TOI-COMBAT-LOS-SAME",
            Self::Smoke(_) => "TOI-FORT-SMOKE",
            Self::Higher(_) => "TOI-COMBAT-LOS-HIGHER",
            Self::Plateau(_) => "TOI-COMBAT-LOS-PLATEAU",
            Self::BlindHex { .. } => "TOI-COMBAT-LOS-ELEV",
        }
    }

    /// The hex that blocks (for a blind hex, the closest obstacle).
    #[must_use]
    pub const fn hex(&self) -> Hex {
        match *self {
            Self::Terrain(hex) | Self::Smoke(hex) | Self::Higher(hex) | Self::Plateau(hex) => hex,
            Self::BlindHex { obstacle, .. } => obstacle,
        }
    }
}

/// The two units' levels, as step 6 of `TOI-COMBAT-LOS-ALGO` distinguishes them.
#[derive(Clone, Copy, Debug)]
enum Levels {
    /// `TOI-COMBAT-LOS-SAME`: both units at this level.
    Same(i8),
    /// `TOI-COMBAT-LOS-ELEV`: the higher unit's hex and level, the lower unit's hex and level.
    Different { high: Hex, hi: i8, low: Hex, lo: i8 },
}

impl Sight {
    /// The view of `map`, whose terrain names are looked up in `terrain` (`terrain.toml`). A
    /// terrain name the table does not know does not block (the data checks report it).
    #[must_use]
    pub fn new(map: &MapData, terrain: &[TerrainDef]) -> Self {
        let cells = map
            .hexes()
            .iter()
            .map(|&hex| {
                let blocks = map
                    .terrain(hex)
                    .and_then(|id| map.terrain_name(id))
                    .and_then(|name| terrain.iter().find(|t| t.id == name))
                    .is_some_and(|t| t.blocks_los);
                let cell = Cell {
                    level: map.level(hex).unwrap_or(0),
                    blocks,
                    half: map.is_half(hex),
                };
                (hex, cell)
            })
            .collect();
        Self { cells }
    }

    /// Raise or lower `hex` to `level`: the acceptance cases lay the spec's hills on a shipped
    /// board.
    #[cfg(test)]
    pub(crate) fn set_level(&mut self, hex: Hex, level: i8) {
        if let Some(cell) = self.cells.get_mut(&hex) {
            cell.level = level;
        }
    }

    /// Whether units in `a` and `b` see each other (`TOI-COMBAT-LOS-ALGO`); `smoke(h)` says
    /// whether a smoke marker lies in `h` (`TOI-FORT-SMOKE`: it blocks like woods).
    ///
    /// Symmetric: `line_of_sight(a, b, s) == line_of_sight(b, a, s)` (step 7). An end off the
    /// map is out of sight (see [`Sight`]).
    #[must_use]
    pub fn line_of_sight(&self, a: Hex, b: Hex, smoke: &dyn Fn(Hex) -> bool) -> bool {
        self.explain(a, b, smoke).is_ok()
    }

    /// Like [`Self::line_of_sight`], saying why when there is no line of sight: the rule and the
    /// hex that block. Where several hexes block one line set, the one named is the first met
    /// going from `a` to `b` (for a blind hex, the obstacle closest to the lower unit).
    ///
    /// # Errors
    /// Why `a` and `b` are out of sight of each other.
    pub fn explain(&self, a: Hex, b: Hex, smoke: &dyn Fn(Hex) -> bool) -> Result<(), Blocked> {
        let from = self.cells.get(&a).ok_or(Blocked::OffMap(a))?;
        let to = self.cells.get(&b).ok_or(Blocked::OffMap(b))?;
        // TOI-COMBAT-LOS-ADJ (ALGO step 7): adjacent units always see each other, whatever the
        // levels. Two units in one hex see each other too.
        if distance(a, b) <= 1 {
            return Ok(());
        }
        let levels = match from.level.cmp(&to.level) {
            core::cmp::Ordering::Equal => Levels::Same(from.level),
            core::cmp::Ordering::Greater => Levels::Different {
                high: a,
                hi: from.level,
                low: b,
                lo: to.level,
            },
            core::cmp::Ordering::Less => Levels::Different {
                high: b,
                hi: to.level,
                low: a,
                lo: from.level,
            },
        };
        // ALGO steps 1-4: the exact line, the end hexes left out (step 8: they never block).
        let line = trace_line(a, b);
        // Step 5: L = crossed ∪ touched-left. Step 6: LOS iff L or R passes.
        let left = self.passes(line.side_set(Side::Left), levels, smoke);
        if !line.is_ambiguous() {
            // Nothing only touched: L = R, one line (TOI-COMBAT-LOS-SAME's straight line).
            return left.map_err(Blocked::Line);
        }
        // TOI-COMBAT-LOS-HEXSIDE, AMB-12: the line runs along a hexside or grazes a vertex;
        // shifted either way, one clear line is enough.
        let Err(left) = left else {
            return Ok(());
        };
        self.passes(line.side_set(Side::Right), levels, smoke)
            .map_err(|right| Blocked::BothSides { left, right })
    }

    /// Whether one line set (`L` or `R`, end hexes excluded, in order from `a` to `b`) passes
    /// (`TOI-COMBAT-LOS-ALGO` step 6).
    fn passes(
        &self,
        set: impl Iterator<Item = Hex>,
        levels: Levels,
        smoke: &dyn Fn(Hex) -> bool,
    ) -> Result<(), Obstruction> {
        // Only hexes of the game count: a hex off the map (see `Sight`) or a half hex (AMB-14,
        // ALGO step 8) never blocks.
        let hexes = set.filter_map(|hex| {
            self.cells
                .get(&hex)
                .filter(|cell| !cell.half)
                .map(|&cell| (hex, cell))
        });
        match levels {
            Levels::Same(level) => {
                for (hex, cell) in hexes {
                    // TOI-COMBAT-LOS-SAME: woods and buildings block, whatever their own
                    // elevation (AMB-11).
                    if cell.blocks {
                        return Err(Obstruction::Terrain(hex));
                    }
                    // TOI-FORT-SMOKE: a smoke hex blocks LOS through it.
                    if smoke(hex) {
                        return Err(Obstruction::Smoke(hex));
                    }
                    // TOI-COMBAT-LOS-HIGHER: a hex higher than the two units' level blocks.
                    if cell.level > level {
                        return Err(Obstruction::Higher(hex));
                    }
                }
                Ok(())
            }
            Levels::Different { high, hi, low, lo } => {
                // TOI-COMBAT-LOS-ELEV step 3-4: 2 blind hexes behind the closest obstacle at a
                // level difference of 1, 1 at a difference of 2. Levels go 0..=2 (TOI-COMBAT-
                // ELEV); a larger difference, which the rules never meet, keeps depth 1.
                let depth = if i16::from(hi) - i16::from(lo) == 1 {
                    2
                } else {
                    1
                };
                // The obstacle closest to the lower unit, with its distance; the first met
                // wins a tie.
                let mut closest: Option<(Hex, u32)> = None;
                for (hex, cell) in hexes {
                    // TOI-COMBAT-LOS-HIGHER (REC): a hex higher than the higher unit blocks.
                    if cell.level > hi {
                        return Err(Obstruction::Higher(hex));
                    }
                    // TOI-COMBAT-LOS-PLATEAU: seeing down through a hex of the higher unit's
                    // own level next to it is impossible.
                    if cell.level == hi && distance(hex, high) == 1 {
                        return Err(Obstruction::Plateau(hex));
                    }
                    // TOI-COMBAT-LOS-ELEV, AMB-13: obstacles are woods, buildings, smoke
                    // (TOI-FORT-SMOKE), and hills above the lower unit and no higher than the
                    // higher one (the level > hi case has returned above).
                    let obstacle = cell.blocks || smoke(hex) || cell.level > lo;
                    if obstacle {
                        let d = distance(hex, low);
                        if closest.is_none_or(|(_, best)| d < best) {
                            closest = Some((hex, d));
                        }
                    }
                }
                // TOI-COMBAT-LOS-ELEV: the lower unit within `depth` hexes behind the closest
                // obstacle is in a blind hex.
                match closest {
                    Some((obstacle, distance)) if distance <= depth => Err(Obstruction::BlindHex {
                        obstacle,
                        distance,
                        depth,
                    }),
                    _ => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use overlord_datafile::files::At;
    use overlord_hexmap::{HexLabel, LabelConvention};
    use proptest::prelude::*;

    /// The test boards' labels: flat-top, `CCRR`, even columns shifted down, so axial (q, r) is
    /// printed column q, row r + ceil(q / 2): (0,0) is "0000", (1,-1) "0100", (4,-2) "0400",
    /// (1,3) "0104".
    const CONVENTION: LabelConvention = LabelConvention::OMAHA;

    /// Columns 0..=7, rows 0..=7 of clear level-0 hexes: every axial hex spec 8.8 names is on
    /// it.
    const BOARD: &str = r##"
name = "LOS test board"
authored_by = "Overlord project"

[convention]
orientation = "flat_top"
order = "column_row"
shifted = "even"

[terrain]
clear = { colour = "#c8d49a" }
woods = { colour = "#3f6b35" }
building = { colour = "#8a4a3a" }

[[fill]]
terrain = "clear"
columns = [0, 7]
rows = [0, 7]
"##;

    fn h(q: i32, r: i32) -> Hex {
        Hex::new(q, r)
    }

    fn label(hex: Hex) -> String {
        CONVENTION
            .to_label(hex)
            .map(|l| l.to_string())
            .unwrap_or_else(|| panic!("{hex:?} has no label"))
    }

    /// The terrain table's LOS column (spec table 2.2; `terrain.toml` holds the same values,
    /// checked by `the_shipped_terrain_table_blocks_with_woods_and_buildings`).
    fn terrain() -> Vec<TerrainDef> {
        [("clear", false), ("woods", true), ("building", true)]
            .into_iter()
            .map(|(id, blocks_los)| TerrainDef {
                at: At::default(),
                id: id.to_owned(),
                name: id.to_owned(),
                squad_cost: Some(1),
                vehicle_cost: Some(1),
                cover: 0,
                blocks_los,
                entrenchments: true,
            })
            .collect()
    }

    /// The test board with the spec's notation laid on it: each entry is a few words for one
    /// axial hex, "woods", "building", "eN" (level N), "half".
    fn board(cells: &[(&str, (i32, i32))]) -> MapData {
        let mut text = String::from(BOARD);
        for &(words, (q, r)) in cells {
            text.push_str(&format!("\n[[hex]]\nat = \"{}\"\n", label(h(q, r))));
            for word in words.split_whitespace() {
                match word {
                    "woods" | "building" => text.push_str(&format!("terrain = \"{word}\"\n")),
                    "half" => text.push_str("half = true\n"),
                    _ => {
                        let level: i8 = word
                            .strip_prefix('e')
                            .and_then(|n| n.parse().ok())
                            .unwrap_or_else(|| panic!("unknown word {word}"));
                        text.push_str(&format!("level = {level}\n"));
                    }
                }
            }
        }
        let map = MapData::from_toml_str(&text, "los-test.toml")
            .unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        for &(_, (q, r)) in cells {
            assert!(map.contains(h(q, r)), "({q},{r}) is not on the test board");
        }
        map
    }

    fn sight(cells: &[(&str, (i32, i32))]) -> Sight {
        Sight::new(&board(cells), &terrain())
    }

    fn no_smoke(_: Hex) -> bool {
        false
    }

    /// LOS from `a` to `b`, asserting it is the same both ways and that `explain` agrees.
    fn los(s: &Sight, a: Hex, b: Hex, smoke: &dyn Fn(Hex) -> bool) -> bool {
        let there = s.line_of_sight(a, b, smoke);
        assert_eq!(there, s.line_of_sight(b, a, smoke), "{a:?} <-> {b:?}");
        assert_eq!(there, s.explain(a, b, smoke).is_ok());
        there
    }

    const O: (i32, i32) = (0, 0);

    fn o() -> Hex {
        h(0, 0)
    }

    #[test]
    fn the_test_board_labels_are_the_spec_axial_hexes() {
        assert_eq!(label(h(0, 0)), "0000");
        assert_eq!(label(h(1, -1)), "0100");
        assert_eq!(label(h(4, -2)), "0400");
        assert_eq!(label(h(1, 3)), "0104");
        let map = board(&[]);
        let spec = [
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (0, 1),
            (1, 1),
            (0, 2),
            (1, 2),
            (0, 3),
            (1, 3),
            (1, -1),
            (2, -1),
            (3, -1),
            (4, -1),
            (5, -1),
            (3, -2),
            (4, -2),
        ];
        for (q, r) in spec {
            assert!(map.contains(h(q, r)), "({q},{r})");
        }
    }

    // ---- Spec 8.8, T-LOS-01..19 (attacker at (0,0) unless stated). ----

    #[test]
    fn t_los_01_woods_between_same_level_blocks() {
        let s = sight(&[("woods", (1, 0))]);
        assert!(!los(&s, o(), h(3, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(3, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::Terrain(h(1, 0))))
        );
    }

    #[test]
    fn t_los_02_open_ground_same_level_sees() {
        let s = sight(&[]);
        assert!(los(&s, o(), h(0, 3), &no_smoke));
    }

    #[test]
    fn t_los_03_hexside_free_on_one_side_sees() {
        let s = sight(&[("woods", (1, -1))]);
        assert!(los(&s, o(), h(4, -2), &no_smoke));
    }

    #[test]
    fn t_los_04_higher_hex_between_blocks() {
        let s = sight(&[("e1", (2, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(4, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::Higher(h(2, 0))))
        );
    }

    #[test]
    fn t_los_05_hexside_blocked_on_both_sides_blocks() {
        let s = sight(&[("woods", (1, -1)), ("woods", (1, 0))]);
        assert!(!los(&s, o(), h(4, -2), &no_smoke));
        // From (0,0) to (4,-2), (1,0) is touched on the left and (1,-1) on the right.
        assert_eq!(
            s.explain(o(), h(4, -2), &no_smoke),
            Err(Blocked::BothSides {
                left: Obstruction::Terrain(h(1, 0)),
                right: Obstruction::Terrain(h(1, -1)),
            })
        );
    }

    #[test]
    fn t_los_06_each_shifted_line_blocked_blocks() {
        let s = sight(&[("woods", (1, -1)), ("woods", (3, -1))]);
        assert!(!los(&s, o(), h(4, -2), &no_smoke));
        assert_eq!(
            s.explain(o(), h(4, -2), &no_smoke),
            Err(Blocked::BothSides {
                left: Obstruction::Terrain(h(3, -1)),
                right: Obstruction::Terrain(h(1, -1)),
            })
        );
    }

    #[test]
    fn t_los_07_blockers_on_one_side_sees() {
        let s = sight(&[("woods", (1, -1)), ("woods", (3, -2))]);
        assert!(los(&s, o(), h(4, -2), &no_smoke));
    }

    #[test]
    fn t_los_08_plateau_blocks() {
        let s = sight(&[("e1", O), ("e1", (1, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(4, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::Plateau(h(1, 0))))
        );
    }

    #[test]
    fn t_los_09_higher_unit_sees_over_woods_far_from_target() {
        let s = sight(&[("e1", O), ("woods", (1, -1))]);
        assert!(los(&s, o(), h(4, -2), &no_smoke));
    }

    #[test]
    fn t_los_10_target_two_hexes_behind_hill_is_blind() {
        let s = sight(&[("e1", O), ("e1", (2, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(4, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::BlindHex {
                obstacle: h(2, 0),
                distance: 2,
                depth: 2
            }))
        );
    }

    #[test]
    fn t_los_11_level_difference_two_has_one_blind_hex() {
        let s = sight(&[("e2", O), ("e1", (2, 0))]);
        assert!(los(&s, o(), h(4, 0), &no_smoke));
    }

    #[test]
    fn t_los_12_three_hexes_behind_the_obstacle_sees() {
        let s = sight(&[("e1", O), ("e1", (2, 0))]);
        assert!(los(&s, o(), h(5, 0), &no_smoke));
    }

    #[test]
    fn t_los_13_blind_hex_behind_woods_blocks_both_ways() {
        let s = sight(&[("e1", O), ("woods", (2, 0))]);
        assert!(!s.line_of_sight(o(), h(4, 0), &no_smoke));
        assert!(!s.line_of_sight(h(4, 0), o(), &no_smoke));
        assert_eq!(
            s.explain(h(4, 0), o(), &no_smoke).map_err(|b| b.rule()),
            Err("TOI-COMBAT-LOS-ELEV")
        );
    }

    #[test]
    fn t_los_14_hex_higher_than_the_higher_unit_blocks() {
        let s = sight(&[("e1", O), ("e2", (2, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(4, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::Higher(h(2, 0))))
        );
    }

    #[test]
    fn t_los_15_adjacent_units_see_across_the_plateau_edge() {
        let s = sight(&[("e1", O), ("e1", (1, 0))]);
        assert!(los(&s, h(1, 0), h(2, 0), &no_smoke));
    }

    #[test]
    fn t_los_16_attacker_own_woods_hex_never_blocks() {
        let s = sight(&[("woods", O)]);
        assert!(los(&s, o(), h(3, 0), &no_smoke));
    }

    #[test]
    fn t_los_17_smoke_between_blocks_smoke_in_attacker_hex_does_not() {
        let s = sight(&[]);
        let between = |hex: Hex| hex == h(1, 0);
        assert!(!los(&s, o(), h(3, 0), &between));
        assert_eq!(
            s.explain(o(), h(3, 0), &between),
            Err(Blocked::Line(Obstruction::Smoke(h(1, 0))))
        );
        // The attacker's own smoke hex never blocks (its firepower is halved elsewhere).
        let own = |hex: Hex| hex == o();
        assert!(los(&s, o(), h(3, 0), &own));
    }

    #[test]
    fn t_los_18_exact_line_crosses_1_1() {
        let s = sight(&[("woods", (1, 1))]);
        assert!(!los(&s, o(), h(1, 3), &no_smoke));
    }

    #[test]
    fn t_los_19_exact_line_crosses_0_2() {
        let s = sight(&[("woods", (0, 2))]);
        assert!(!los(&s, o(), h(1, 3), &no_smoke));
    }

    // ---- The rules, by id. ----

    #[test]
    fn toi_combat_los_adj_adjacent_units_always_see() {
        // Blocking terrain in both hexes, a level apart, a level-2 hill beside: still adjacent.
        let s = sight(&[("woods e1", (1, 1)), ("building", (1, 2)), ("e2", (2, 1))]);
        for (a, b) in [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 1))] {
            assert!(los(&s, h(a.0, a.1), h(b.0, b.1), &|_| true));
        }
        // Smoke everywhere: adjacency is checked first.
        assert!(los(&s, o(), h(1, 0), &|_| true));
    }

    #[test]
    fn toi_combat_los_same_blocking_terrain_between_blocks_open_ground_does_not() {
        let s = sight(&[("building", (0, 1)), ("woods", (2, 1))]);
        assert!(!los(&s, o(), h(0, 3), &no_smoke));
        assert!(!los(&s, h(1, 1), h(3, 1), &no_smoke));
        assert!(los(&s, h(1, 0), h(4, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(0, 3), &no_smoke).map_err(|b| b.rule()),
            Err("TOI-COMBAT-LOS-SAME")
        );
    }

    #[test]
    fn amb_11_woods_below_two_units_on_hills_still_block() {
        // AMB-11 (literal): same-level units on level 1, level-0 woods between them.
        let s = sight(&[("e1", O), ("woods", (1, 0)), ("e1", (2, 0)), ("e1", (3, 0))]);
        assert!(!los(&s, o(), h(3, 0), &no_smoke));
    }

    #[test]
    fn toi_combat_los_higher_hill_above_both_units_blocks() {
        // Both on level 1, a level-2 hill between: no LOS; a level-1 hill between: LOS.
        let s = sight(&[("e1", O), ("e2", (1, 0)), ("e1", (2, 0)), ("e1", (3, 0))]);
        assert!(!los(&s, o(), h(3, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(3, 0), &no_smoke).map_err(|b| b.rule()),
            Err("TOI-COMBAT-LOS-HIGHER")
        );
        let s = sight(&[("e1", O), ("e1", (1, 0)), ("e1", (2, 0)), ("e1", (3, 0))]);
        assert!(los(&s, o(), h(3, 0), &no_smoke));
    }

    #[test]
    fn toi_combat_los_hexside_one_clear_shifted_line_is_enough() {
        // From (0,0) to (2,-1) the line runs along the hexside (1,-1)|(1,0).
        let s = sight(&[("woods", (1, 0))]);
        assert!(los(&s, o(), h(2, -1), &no_smoke));
        let s = sight(&[("woods", (1, 0)), ("building", (1, -1))]);
        assert!(!los(&s, o(), h(2, -1), &no_smoke));
        let blocked = s.explain(o(), h(2, -1), &no_smoke);
        assert_eq!(blocked.map_err(|b| b.rule()), Err("TOI-COMBAT-LOS-HEXSIDE"));
        // Seen the other way, left and right swap.
        assert_eq!(
            s.explain(h(2, -1), o(), &no_smoke),
            Err(Blocked::BothSides {
                left: Obstruction::Terrain(h(1, -1)),
                right: Obstruction::Terrain(h(1, 0)),
            })
        );
        // Smoke on one side, woods on the other: blocked too.
        let s = sight(&[("woods", (1, 0))]);
        assert!(!los(&s, o(), h(2, -1), &|hex| hex == h(1, -1)));
    }

    #[test]
    fn amb_12_a_line_grazing_vertices_is_a_hexside_line() {
        // From (0,0) to (5,-1) the line touches (2,-1) and (3,0) at single vertices, on
        // opposite sides.
        let line = trace_line(o(), h(5, -1));
        assert!(line.grazes_vertex());
        let left: Vec<Hex> = line.touched_left().collect();
        let right: Vec<Hex> = line.touched_right().collect();
        assert_eq!(left.len() + right.len(), 2);
        assert!(left.contains(&h(2, -1)) != right.contains(&h(2, -1)));
        assert!(left.contains(&h(3, 0)) != right.contains(&h(3, 0)));
        // One grazed hex blocking: the other shifted line is clear.
        assert!(los(&sight(&[("woods", (2, -1))]), o(), h(5, -1), &no_smoke));
        assert!(los(&sight(&[("woods", (3, 0))]), o(), h(5, -1), &no_smoke));
        // Both: blocked.
        let s = sight(&[("woods", (2, -1)), ("woods", (3, 0))]);
        assert!(!los(&s, o(), h(5, -1), &no_smoke));
        // A crossed hex blocks both shifted lines.
        assert!(!los(&sight(&[("woods", (2, 0))]), o(), h(5, -1), &no_smoke));
    }

    #[test]
    fn toi_combat_los_elev_blind_hexes_behind_the_closest_obstacle() {
        // Level difference 1: 2 blind hexes behind the obstacle (seen from the higher unit).
        let s = sight(&[("e1", O), ("building", (2, 0))]);
        assert!(!los(&s, o(), h(3, 0), &no_smoke));
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
        assert!(los(&s, o(), h(5, 0), &no_smoke));
        // Level difference 2: 1 blind hex.
        let s = sight(&[("e2", O), ("building", (2, 0))]);
        assert!(!los(&s, o(), h(3, 0), &no_smoke));
        assert!(los(&s, o(), h(4, 0), &no_smoke));
        // The obstacle that counts is the one closest to the lower unit: woods at (1,0) are 4
        // from (5,0), the hill at (4,0) is 1 from it.
        let s = sight(&[("e1", O), ("woods", (1, 0)), ("e1", (4, 0))]);
        assert!(!los(&s, o(), h(5, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(5, 0), &no_smoke),
            Err(Blocked::Line(Obstruction::BlindHex {
                obstacle: h(4, 0),
                distance: 1,
                depth: 2
            }))
        );
        // Smoke is an obstacle too (TOI-FORT-SMOKE).
        let s = sight(&[("e1", O)]);
        assert!(!los(&s, o(), h(4, 0), &|hex| hex == h(3, 0)));
        assert!(los(&s, o(), h(4, 0), &|hex| hex == h(1, 0)));
    }

    #[test]
    fn amb_13_a_hill_at_the_lower_unit_level_is_no_obstacle() {
        // Shooter on level 2, target on level 1, a level-1 hill just before the target.
        let s = sight(&[("e2", O), ("e1", (3, 0)), ("e1", (4, 0))]);
        assert!(los(&s, o(), h(4, 0), &no_smoke));
        // Woods at level 0 are an obstacle at any elevation.
        let s = sight(&[("e2", O), ("woods", (3, 0)), ("e1", (4, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
    }

    #[test]
    fn toi_combat_los_plateau_blocks_both_ways_only_next_to_the_higher_unit() {
        let s = sight(&[("e1", O), ("e1", (1, 0))]);
        assert!(!los(&s, h(4, 0), o(), &no_smoke));
        assert_eq!(
            s.explain(h(4, 0), o(), &no_smoke).map_err(|b| b.rule()),
            Err("TOI-COMBAT-LOS-PLATEAU")
        );
        // From the edge of the plateau the lower unit is seen.
        assert!(los(&s, h(1, 0), h(4, 0), &no_smoke));
        // A level-2 shooter over a level-1 hex next to it: not a plateau (lower than it), and
        // a target 3 hexes behind that hill is not blind.
        let s = sight(&[("e2", O), ("e1", (1, 0))]);
        assert!(los(&s, o(), h(4, 0), &no_smoke));
        // Along a hexside the plateau must close both shifted lines.
        let s = sight(&[("e1", O), ("e1", (1, -1))]);
        assert!(los(&s, o(), h(4, -2), &no_smoke));
        let s = sight(&[("e1", O), ("e1", (1, -1)), ("e1", (1, 0))]);
        assert!(!los(&s, o(), h(4, -2), &no_smoke));
    }

    #[test]
    fn toi_combat_los_algo_uses_the_exact_line_and_end_hexes_never_block() {
        // The N+1-sample line from (0,0) to (1,3) misses one of (1,1), (0,2); ALGO does not.
        for blocker in [(0, 1), (1, 1), (0, 2), (1, 2)] {
            let s = sight(&[("woods", blocker)]);
            assert!(!los(&s, o(), h(1, 3), &no_smoke), "{blocker:?}");
        }
        // Neighbours of the line that it does not meet never block.
        let s = sight(&[
            ("woods", (1, 0)),
            ("woods", (2, 1)),
            ("woods", (0, 3)),
            ("woods", (2, 2)),
        ]);
        assert!(los(&s, o(), h(1, 3), &no_smoke));
        // Both end hexes blocking terrain, on hills, in smoke: they never block.
        let ends = |hex: Hex| hex == o() || hex == h(3, 0);
        let s = sight(&[("woods e1", O), ("building e1", (3, 0))]);
        assert!(los(&s, o(), h(3, 0), &ends));
        // Nor are they obstacles for blind hexes between different levels.
        let s = sight(&[("woods e1", O), ("building", (3, 0))]);
        assert!(los(&s, o(), h(3, 0), &ends));
    }

    #[test]
    fn amb_14_half_hexes_never_block() {
        let s = sight(&[
            ("woods half", (1, 0)),
            ("e2 half", (2, 0)),
            ("building e1 half", (3, 0)),
        ]);
        // Woods, a level-2 hill, a building on a hill, and smoke in all of them: all half hexes.
        assert!(los(&s, o(), h(5, 0), &|hex| hex.y == 0
            && (1..=3).contains(&hex.x)));
        // Not as obstacles for blind hexes either, nor as a plateau.
        let s = sight(&[("e1", O), ("e1 half", (1, 0)), ("woods half", (3, 0))]);
        assert!(los(&s, o(), h(4, 0), &no_smoke));
        // The same hexes whole block.
        let s = sight(&[("e1", O), ("e1", (1, 0))]);
        assert!(!los(&s, o(), h(4, 0), &no_smoke));
    }

    #[test]
    fn toi_fort_smoke_blocks_like_woods() {
        let s = sight(&[]);
        let smoke = |hex: Hex| hex == h(2, 1);
        assert!(!los(&s, h(1, 1), h(4, 1), &smoke));
        assert!(los(&s, h(1, 2), h(4, 2), &smoke));
        assert_eq!(
            s.explain(h(1, 1), h(4, 1), &smoke).map_err(|b| b.rule()),
            Err("TOI-FORT-SMOKE")
        );
        // Smoke on one side of a hexside line, clear on the other: LOS.
        assert!(los(&s, o(), h(2, -1), &|hex| hex == h(1, 0)));
    }

    #[test]
    fn hexes_off_the_map_never_block_and_ends_off_the_map_are_out_of_sight() {
        // A map of three hexes in a row with a gap: (0,0), (3,0) and woods at (5,0).
        let text = format!(
            "name = \"gaps\"\nauthored_by = \"Overlord project\"\n\
             [convention]\norientation = \"flat_top\"\norder = \"column_row\"\n\
             shifted = \"even\"\n[terrain]\nclear = {{}}\nwoods = {{}}\n\
             [[hex]]\nat = [\"{}\", \"{}\"]\nterrain = \"clear\"\n\
             [[hex]]\nat = \"{}\"\nterrain = \"woods\"\n",
            label(o()),
            label(h(3, 0)),
            label(h(5, 0))
        );
        let map = MapData::from_toml_str(&text, "gaps.toml").unwrap();
        let s = Sight::new(&map, &terrain());
        assert!(los(&s, o(), h(3, 0), &no_smoke));
        assert_eq!(
            s.explain(o(), h(1, 0), &no_smoke),
            Err(Blocked::OffMap(h(1, 0)))
        );
        assert_eq!(
            s.explain(h(-9, 4), o(), &no_smoke),
            Err(Blocked::OffMap(h(-9, 4)))
        );
        assert!(!s.line_of_sight(h(i32::MAX, i32::MIN), h(i32::MIN, 0), &no_smoke));
        assert!(!Sight::default().line_of_sight(o(), o(), &no_smoke));
    }

    #[test]
    fn the_shipped_terrain_table_blocks_with_woods_and_buildings() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        let data = crate::ToiData::load(&dir).unwrap();
        let blocking: Vec<&str> = data
            .terrain
            .iter()
            .filter(|t| t.blocks_los)
            .map(|t| t.id.as_str())
            .collect();
        assert_eq!(blocking, ["woods", "building"]);
        // Board 1A: the orchard's woods fill column 8 rows 2 and 3.
        let map = &data.board("1A").unwrap().map;
        let s = Sight::new(map, &data.terrain);
        let at = |text: &str| map.find(text).unwrap();
        assert!(!s.line_of_sight(at("0801"), at("0804"), &no_smoke));
        assert!(s.line_of_sight(at("0201"), at("0204"), &no_smoke));
    }

    /// A random 6 x 6 board: per hex a terrain (clear, woods, building), a level 0..=2, maybe
    /// half, maybe smoke.
    fn random_board() -> impl Strategy<Value = Vec<(u8, u8, bool, bool)>> {
        prop::collection::vec(
            (
                0u8..3,
                0u8..3,
                prop::bool::weighted(0.1),
                prop::bool::weighted(0.1),
            ),
            36,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// TOI-COMBAT-LOS-ALGO step 7: LOS is symmetric, over every pair of hexes of the map.
        #[test]
        fn toi_combat_los_algo_is_symmetric(cells in random_board()) {
            let mut text = String::from(BOARD).replace("columns = [0, 7]", "columns = [0, 5]")
                .replace("rows = [0, 7]", "rows = [0, 5]");
            let mut smoky = Vec::new();
            for (i, &(terrain, level, half, smoke)) in cells.iter().enumerate() {
                let (column, row) = (i / 6, i % 6);
                let terrain = ["clear", "woods", "building"][usize::from(terrain)];
                text.push_str(&format!(
                    "\n[[hex]]\nat = \"{column:02}{row:02}\"\nterrain = \"{terrain}\"\n\
                     level = {level}\nhalf = {half}\n"
                ));
                if smoke {
                    let label: HexLabel = format!("{column:02}{row:02}").parse().unwrap();
                    smoky.push(CONVENTION.to_hex(label));
                }
            }
            let map = MapData::from_toml_str(&text, "random.toml").unwrap();
            let s = Sight::new(&map, &terrain());
            let smoke = |hex: Hex| smoky.contains(&hex);
            for &a in map.hexes() {
                for &b in map.hexes() {
                    let there = s.line_of_sight(a, b, &smoke);
                    prop_assert_eq!(there, s.line_of_sight(b, a, &smoke), "{:?} {:?}", a, b);
                    prop_assert_eq!(there, s.explain(a, b, &smoke).is_ok());
                }
            }
        }
    }
}
