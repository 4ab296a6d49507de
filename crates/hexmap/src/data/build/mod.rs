//! From a [`RawDoc`] to a checked [`MapData`], recording every problem on the way.
//!
//! Checks keep going after a failure so one load reports everything; a part that cannot be
//! checked (say, adjacency without a valid `[convention]`) is skipped rather than guessed at.

mod hexes;
mod links;

use std::collections::{BTreeMap, HashMap};

use serde_spanned::Spanned;

use super::diag::Diagnostics;
use super::map::MapData;
use super::raw::RawDoc;
use super::{TagId, TerrainId};
use crate::coords::Hex;
use crate::labels::{HexLabel, LabelConvention};

pub(crate) fn build(mut doc: RawDoc, diag: &mut Diagnostics<'_>) -> Option<MapData> {
    let mut b = Builder {
        diag,
        convention: LabelConvention::OMAHA,
        geometry_known: false,
        cells: BTreeMap::new(),
        tags: Interner::new("hex tags", usize::from(u16::MAX)),
    };
    let name = b.required_text(
        doc.name.take(),
        doc.has("name"),
        "name",
        "the map's title, like name = \"Omaha Beach\"",
    );
    let authored_by = b.required_text(
        doc.authored_by.take(),
        doc.has("authored_by"),
        "authored_by",
        "who drew this map data, like authored_by = \"Overlord project\"",
    );
    match doc.convention.take() {
        Some(convention) => {
            b.convention = convention.into_inner();
            b.geometry_known = true;
        }
        // Present but invalid: already reported where it is.
        None if doc.has("convention") => {}
        None => b.diag.at(
            &(0..0),
            "convention",
            "missing: add a [convention] table with orientation, order and shifted",
        ),
    }
    let (terrains, terrain_ids) = b.terrains(doc.terrain);
    for fill in doc.fills {
        b.fill(&fill, &terrain_ids);
    }
    for entry in doc.hexes {
        b.hex_entry(entry, &terrain_ids);
    }
    let mut map = b.dense(name, authored_by, terrains);
    b.hexsides(doc.hexsides, &mut map);
    map.positions = b.places(doc.positions, "position");
    map.regions = b.places(doc.regions, "region");
    b.roads(doc.roads, &mut map);
    map.tag_names = b.tags.names;
    (!b.diag.has_errors()).then_some(map)
}

/// A hex while the file is being read.
struct Draft {
    terrain: TerrainId,
    level: i8,
    tags: Vec<TagId>,
    name: Option<String>,
    /// A half hex at a board's edge (`half = true`).
    half: bool,
    /// Byte offset of the `[[hex]]` label that declared it; `None` while it only comes from a
    /// fill, which a `[[hex]]` may override.
    declared_at: Option<usize>,
}

struct Builder<'d, 'a> {
    diag: &'d mut Diagnostics<'a>,
    convention: LabelConvention,
    geometry_known: bool,
    cells: BTreeMap<HexLabel, Draft>,
    tags: Interner,
}

impl Builder<'_, '_> {
    fn required_text(
        &mut self,
        value: Option<Spanned<String>>,
        present: bool,
        field: &str,
        hint: &str,
    ) -> String {
        match value {
            Some(text) if !text.get_ref().trim().is_empty() => text.into_inner(),
            Some(text) => {
                self.diag
                    .at(&text.span(), field, format!("must not be empty: {hint}"));
                String::new()
            }
            // Present but not a string: already reported where it is.
            None if present => String::new(),
            None => {
                self.diag.at(&(0..0), field, format!("missing: {hint}"));
                String::new()
            }
        }
    }

    fn parse_label(&mut self, label: &Spanned<String>, field: &str) -> Option<HexLabel> {
        match label.get_ref().parse::<HexLabel>() {
            Ok(parsed) => Some(parsed),
            Err(error) => {
                self.diag.at(&label.span(), field, error.to_string());
                None
            }
        }
    }

    /// A label that must name a hex of this map.
    fn map_hex(&mut self, label: &Spanned<String>, field: &str) -> Option<(HexLabel, Hex)> {
        let parsed = self.parse_label(label, field)?;
        if !self.cells.contains_key(&parsed) {
            let message = format!("{parsed} is not on this map; no [[hex]] or fill declares it");
            self.diag.at(&label.span(), field, message);
            return None;
        }
        Some((parsed, self.convention.to_hex(parsed)))
    }
}

fn tag_id(index: usize) -> TagId {
    TagId(u16::try_from(index).unwrap_or(u16::MAX))
}

/// Names to small dense ids, in order of first use.
struct Interner {
    what: &'static str,
    limit: usize,
    names: Vec<String>,
    ids: HashMap<String, usize>,
}

impl Interner {
    fn new(what: &'static str, limit: usize) -> Self {
        Self {
            what,
            limit,
            names: Vec::new(),
            ids: HashMap::new(),
        }
    }

    fn intern(
        &mut self,
        name: &Spanned<String>,
        field: &str,
        diag: &mut Diagnostics<'_>,
    ) -> Option<usize> {
        if let Some(&id) = self.ids.get(name.get_ref()) {
            return Some(id);
        }
        if self.names.len() >= self.limit {
            let message = format!(
                "more than {} different {} in one map",
                self.limit, self.what
            );
            diag.at(&name.span(), field, message);
            return None;
        }
        self.ids.insert(name.get_ref().clone(), self.names.len());
        self.names.push(name.get_ref().clone());
        Some(self.names.len() - 1)
    }
}
