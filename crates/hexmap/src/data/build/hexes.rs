//! Terrain, fills and `[[hex]]` entries, then the dense per-hex layout.

use std::collections::HashMap;

use serde_spanned::Spanned;

use super::super::map::{HexGrid, MapData};
use super::super::raw::{RawFill, RawHexEntry, RawTerrain};
use super::super::{HexCell, TagId, TerrainDef, TerrainId};
use super::{Builder, Draft, tag_id};

impl Builder<'_, '_> {
    pub(super) fn terrains(
        &mut self,
        raw: Vec<(Spanned<String>, RawTerrain)>,
    ) -> (Vec<TerrainDef>, HashMap<String, TerrainId>) {
        let mut defs = Vec::new();
        let mut ids = HashMap::new();
        for (name, body) in raw {
            let Ok(id) = u8::try_from(defs.len()) else {
                self.diag.at(
                    &name.span(),
                    "terrain",
                    "more than 256 terrain types in one map",
                );
                break;
            };
            let colour = body.colour.and_then(|colour| {
                let ok = colour.get_ref().len() == 7
                    && colour.get_ref().starts_with('#')
                    && colour
                        .get_ref()
                        .bytes()
                        .skip(1)
                        .all(|c| c.is_ascii_hexdigit());
                if !ok {
                    let message = format!("`{}` is not a colour; write #rrggbb", colour.get_ref());
                    self.diag.at(
                        &colour.span(),
                        format!("terrain.{}.colour", name.get_ref()),
                        message,
                    );
                }
                ok.then(|| colour.into_inner())
            });
            ids.insert(name.get_ref().clone(), TerrainId(id));
            defs.push(TerrainDef {
                name: name.into_inner(),
                colour,
            });
        }
        (defs, ids)
    }

    fn terrain(
        &mut self,
        name: &Spanned<String>,
        field: &str,
        ids: &HashMap<String, TerrainId>,
    ) -> Option<TerrainId> {
        let found = ids.get(name.get_ref()).copied();
        if found.is_none() {
            let mut known: Vec<&str> = ids.keys().map(String::as_str).collect();
            known.sort_unstable();
            let message = format!(
                "unknown terrain `{}`; declare it under [terrain] (known: {})",
                name.get_ref(),
                known.join(", ")
            );
            self.diag.at(&name.span(), field, message);
        }
        found
    }

    fn level(&mut self, level: Option<&Spanned<i64>>, field: &str) -> Option<i8> {
        let level = level?;
        let converted = i8::try_from(*level.get_ref()).ok();
        if converted.is_none() {
            let message = format!(
                "{} is out of range; levels go from -128 to 127",
                level.get_ref()
            );
            self.diag.at(&level.span(), field, message);
        }
        converted
    }

    /// A printed range `[first, last]`, 0..=99 and in order.
    fn printed_range(&mut self, range: &Spanned<Vec<i64>>, field: &str) -> Option<(u8, u8)> {
        let bounds = match range.get_ref().as_slice() {
            &[first, last] => u8::try_from(first).ok().zip(u8::try_from(last).ok()),
            _ => None,
        };
        match bounds {
            Some((first, last)) if first <= last && last <= 99 => Some((first, last)),
            _ => {
                let message = format!(
                    "{:?} is not a range of printed numbers; write [first, last] with \
                     0 <= first <= last <= 99",
                    range.get_ref()
                );
                self.diag.at(&range.span(), field, message);
                None
            }
        }
    }

    pub(super) fn fill(&mut self, fill: &Spanned<RawFill>, ids: &HashMap<String, TerrainId>) {
        let fill = fill.get_ref();
        let terrain = self.terrain(&fill.terrain, "fill.terrain", ids);
        let columns = self.printed_range(&fill.columns, "fill.columns");
        let rows = self.printed_range(&fill.rows, "fill.rows");
        let level = self.level(fill.level.as_ref(), "fill.level");
        let (Some(terrain), Some((c0, c1)), Some((r0, r1))) = (terrain, columns, rows) else {
            return;
        };
        for column in c0..=c1 {
            for row in r0..=r1 {
                let Some(label) = self.convention.label(column, row) else {
                    continue;
                };
                // A later fill paints over an earlier one, so a sea-everywhere fill can come
                // first and the land after it; hand-declared hexes are left alone.
                let draft = self.cells.entry(label).or_insert(Draft {
                    terrain,
                    level: 0,
                    tags: Vec::new(),
                    name: None,
                    half: false,
                    declared_at: None,
                });
                if draft.declared_at.is_none() {
                    draft.terrain = terrain;
                    draft.level = level.unwrap_or(0);
                }
            }
        }
    }

    pub(super) fn hex_entry(&mut self, entry: RawHexEntry, ids: &HashMap<String, TerrainId>) {
        let body = entry.body;
        let terrain = body
            .terrain
            .as_ref()
            .map(|t| self.terrain(t, "hex.terrain", ids));
        let level = self.level(body.level.as_ref(), "hex.level");
        let tags: Vec<TagId> = body
            .tags
            .iter()
            .filter_map(|tag| self.tags.intern(tag, "hex.tags", self.diag).map(tag_id))
            .collect();
        let name = body.name.map(Spanned::into_inner);
        let half = body.half.is_some_and(Spanned::into_inner);
        for at in &entry.at {
            let Some(label) = self.parse_label(at, "hex.at") else {
                continue;
            };
            let previous = self.cells.get(&label);
            if let Some(first) = previous.and_then(|d| d.declared_at) {
                let line = self.diag.line_of(first);
                let message = format!("{label} is declared twice; first at line {line}");
                self.diag.at(&at.span(), "hex.at", message);
                continue;
            }
            let terrain = match terrain {
                Some(Some(terrain)) => terrain,
                // Unknown terrain: already reported.
                Some(None) => continue,
                None => match previous {
                    Some(fill) => fill.terrain,
                    None => {
                        let message = format!(
                            "{label} has no terrain; give `terrain` or cover it with a `fill`"
                        );
                        self.diag.at(&at.span(), "hex.terrain", message);
                        continue;
                    }
                },
            };
            let level = level.or(previous.map(|d| d.level)).unwrap_or(0);
            let draft = Draft {
                terrain,
                level,
                tags: tags.clone(),
                name: name.clone(),
                half,
                declared_at: Some(at.span().start),
            };
            self.cells.insert(label, draft);
        }
    }

    /// Numbers the hexes densely in label order and lays out the per-hex arrays.
    pub(super) fn dense(
        &mut self,
        name: String,
        authored_by: String,
        terrains: Vec<TerrainDef>,
    ) -> MapData {
        let count = self.cells.len();
        let mut hexes = Vec::with_capacity(count);
        let mut labels = Vec::with_capacity(count);
        let mut cells = Vec::with_capacity(count);
        let mut half = Vec::with_capacity(count);
        let mut hex_names = Vec::new();
        let mut tag_ranges = Vec::with_capacity(count + 1);
        let mut hex_tags = Vec::new();
        tag_ranges.push(0);
        for (index, (label, draft)) in self.cells.iter().enumerate() {
            hexes.push(self.convention.to_hex(*label));
            labels.push(*label);
            cells.push(HexCell {
                terrain: draft.terrain,
                level: draft.level,
            });
            half.push(draft.half);
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            if let Some(hex_name) = &draft.name {
                hex_names.push((index, hex_name.clone()));
            }
            hex_tags.extend(&draft.tags);
            tag_ranges.push(u32::try_from(hex_tags.len()).unwrap_or(u32::MAX));
        }
        // Printed labels keep a map within 100 columns by 150 axial rows, far below the
        // grid's limit, so the empty fallback is never taken.
        let grid = HexGrid::build(&hexes).unwrap_or_default();
        MapData {
            name,
            authored_by,
            source: String::new(),
            convention: self.convention,
            terrains,
            hexes,
            labels,
            cells,
            half,
            grid,
            boards: Vec::new(),
            hex_boards: Vec::new(),
            board_labels: Vec::new(),
            hex_names,
            tag_names: Vec::new(),
            tag_ranges,
            hex_tags,
            feature_names: Vec::new(),
            hexsides: Vec::new(),
            road_kinds: Vec::new(),
            roads: Vec::new(),
            road_ranges: vec![0; count + 1],
            road_links: Vec::new(),
            positions: Vec::new(),
            regions: Vec::new(),
        }
    }
}
