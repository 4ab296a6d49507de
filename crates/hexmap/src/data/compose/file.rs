//! A battlefield described in TOML: which map files make it, and where each lies.
//!
//! ```toml
//! name = "Crossroads"
//! authored_by = "Overlord project"
//! [[board]]
//! id = "1A"                  # how its hexes are named: 1A:0812
//! file = "boards/1a.toml"    # one face of a board, a map file; relative to this file
//! rotation = 0               # degrees clockwise, a multiple of 60 (default 0)
//! offset = [0, 0]            # axial [q, r] added after turning (default [0, 0])
//! [[board]]
//! id = "3B"
//! file = "boards/3b.toml"
//! rotation = 180
//! anchor = { hex = "0101", on = "1A:0901" }   # instead of offset: this board's 0101 on 1A's 0901
//! [[overlay]]
//! id = "woods-1"             # its name in messages
//! file = "overlays/woods-1.toml"
//! anchor = { hex = "0101", on = "3B:0405" }
//! replace = ["level", "tags"]   # besides terrain: level, tags, name, hexsides, roads
//! ```
//!
//! A game whose scenario files place their own boards reads the same entries from its own
//! [`Doc`] with [`Composition::read_placements`].

use std::path::Path;

use overlord_datafile::{Doc, Spanned};
use serde::Deserialize;

use super::{Composition, PlacedBoard, PlacedOverlay, Placement, Replaces, Rotation};
use crate::coords::Hex;
use crate::data::map::MapData;
use crate::error::MapErrors;
use crate::labels::HexLabel;

/// The largest offset, either way, a placement may give: far beyond any table, and small
/// enough that no sum of coordinates overflows.
const MAX_OFFSET: i64 = 10_000;

/// One `[[board]]` or `[[overlay]]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    id: Spanned<String>,
    file: Spanned<String>,
    #[serde(default)]
    rotation: Option<Spanned<i64>>,
    #[serde(default)]
    offset: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    anchor: Option<Spanned<RawAnchor>>,
    #[serde(default)]
    replace: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `anchor = { hex = "0101", on = "1A:0901" }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnchor {
    hex: Spanned<String>,
    on: Spanned<String>,
}

impl Composition {
    /// Reads a battlefield file (format in this module's documentation) and every map file it
    /// names, relative to its folder.
    ///
    /// # Errors
    /// Every problem found in the battlefield file and the map files; [`Self::compose`] finds
    /// the rest.
    pub fn load(path: impl AsRef<Path>) -> Result<Composition, MapErrors> {
        let path = path.as_ref();
        let source = overlord_datafile::read(path).map_err(MapErrors::single)?;
        let mut doc = Doc::parse(&source);
        let name: Option<Spanned<String>> = doc.value("name", true);
        let authored_by = doc.authored_by();
        let dir = path.parent().unwrap_or(Path::new("."));
        let (boards, overlays) = Self::read_placements(&mut doc, dir);
        let problems = doc.finish();
        let composition = Composition {
            name: name.map(Spanned::into_inner).unwrap_or_default(),
            authored_by: authored_by.map(Spanned::into_inner).unwrap_or_default(),
            source: source.file().to_owned(),
            boards,
            overlays,
        };
        MapErrors(problems).into_result(composition)
    }

    /// Reads the `[[board]]` and `[[overlay]]` entries of `doc` (a battlefield file, or a
    /// game's scenario file that places its own boards) and loads the map files they name,
    /// relative to `dir`. Every problem, in `doc` or in a map file, is recorded in `doc`; an
    /// entry with a problem is left out.
    pub fn read_placements(
        doc: &mut Doc<'_>,
        dir: &Path,
    ) -> (Vec<PlacedBoard>, Vec<PlacedOverlay>) {
        let source = doc.source();
        let mut boards: Vec<PlacedBoard> = Vec::new();
        for entry in doc.entries::<RawPlacement>("board") {
            let written_at = source.location(&entry.span());
            let raw = entry.into_inner();
            if let Some(replace) = &raw.replace {
                doc.problem(
                    &replace.span(),
                    "board.replace",
                    "a board replaces nothing; `replace` belongs to an [[overlay]]",
                );
            }
            let Some((map, placement)) = placed(doc, &raw, "board", dir, &boards) else {
                continue;
            };
            boards.push(PlacedBoard {
                id: raw.id.into_inner(),
                map,
                placement,
                written_at,
            });
        }
        let mut overlays = Vec::new();
        for entry in doc.entries::<RawPlacement>("overlay") {
            let written_at = source.location(&entry.span());
            let raw = entry.into_inner();
            let replaces = replaces(doc, raw.replace.as_ref());
            let Some((map, placement)) = placed(doc, &raw, "overlay", dir, &boards) else {
                continue;
            };
            overlays.push(PlacedOverlay {
                id: raw.id.into_inner(),
                map,
                placement,
                replaces,
                written_at,
            });
        }
        (boards, overlays)
    }
}

impl MapData {
    /// Reads a battlefield file ([`Composition::load`]) and puts it together
    /// ([`Composition::compose`]).
    ///
    /// # Errors
    /// Every problem either step finds.
    pub fn load_battlefield(path: impl AsRef<Path>) -> Result<MapData, MapErrors> {
        Composition::load(path)?.compose()
    }
}

/// The map file of one entry and where it lies, or `None` after recording why not.
fn placed(
    doc: &mut Doc<'_>,
    raw: &RawPlacement,
    kind: &str,
    dir: &Path,
    boards: &[PlacedBoard],
) -> Option<(MapData, Placement)> {
    let map = map_file(doc, &raw.file, kind, dir);
    let rotation = match &raw.rotation {
        None => Some(Rotation::NONE),
        Some(degrees) => {
            let rotation = Rotation::from_degrees(*degrees.get_ref());
            if rotation.is_none() {
                doc.problem(
                    &degrees.span(),
                    &format!("{kind}.rotation"),
                    format!(
                        "{} is not a turn a hex grid allows; write a multiple of 60 degrees \
                         (0, 60, ..., 300)",
                        degrees.get_ref()
                    ),
                );
            }
            rotation
        }
    }?;
    let placement = match (&raw.offset, &raw.anchor) {
        (Some(_), Some(anchor)) => {
            doc.problem(
                &anchor.span(),
                &format!("{kind}.anchor"),
                "give `offset` or `anchor`, not both",
            );
            None
        }
        (Some(offset), None) => offset_placement(doc, offset, kind, rotation),
        (None, Some(anchor)) => {
            let map = map.as_ref()?;
            anchor_placement(doc, anchor.get_ref(), kind, rotation, map, boards)
        }
        (None, None) => Some(Placement {
            rotation,
            offset: Hex::ZERO,
        }),
    }?;
    Some((map?, placement))
}

/// Reads the map file `file` names, relative to `dir`, recording its problems in `doc`.
fn map_file(doc: &mut Doc<'_>, file: &Spanned<String>, kind: &str, dir: &Path) -> Option<MapData> {
    let path = dir.join(file.get_ref());
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            doc.problem(
                &file.span(),
                &format!("{kind}.file"),
                format!("cannot read the {kind} file `{}`: {error}", path.display()),
            );
            return None;
        }
    };
    match MapData::from_toml_str(&text, &path.display().to_string()) {
        Ok(map) => Some(map),
        Err(errors) => {
            for error in errors {
                doc.push(error);
            }
            None
        }
    }
}

fn offset_placement(
    doc: &mut Doc<'_>,
    offset: &Spanned<Vec<i64>>,
    kind: &str,
    rotation: Rotation,
) -> Option<Placement> {
    let hex = match offset.get_ref().as_slice() {
        &[q, r] if q.abs() <= MAX_OFFSET && r.abs() <= MAX_OFFSET => {
            Some(Hex::new(i32::try_from(q).ok()?, i32::try_from(r).ok()?))
        }
        _ => None,
    };
    if hex.is_none() {
        doc.problem(
            &offset.span(),
            &format!("{kind}.offset"),
            format!(
                "{:?} is not an offset; write the axial [q, r] to move by, each within \
                 ±{MAX_OFFSET}",
                offset.get_ref()
            ),
        );
    }
    Some(Placement {
        rotation,
        offset: hex?,
    })
}

/// The placement that puts this file's `anchor.hex` on `anchor.on`, a hex of a board placed
/// before.
fn anchor_placement(
    doc: &mut Doc<'_>,
    anchor: &RawAnchor,
    kind: &str,
    rotation: Rotation,
    map: &MapData,
    boards: &[PlacedBoard],
) -> Option<Placement> {
    let field = format!("{kind}.anchor");
    let from = match anchor.hex.get_ref().parse::<HexLabel>() {
        Ok(label) => map.hex(label),
        Err(_) => None,
    };
    if from.is_none() {
        doc.problem(
            &anchor.hex.span(),
            &format!("{field}.hex"),
            format!(
                "`{}` is no hex of this {kind}'s file; write one of its labels, like \"0101\"",
                anchor.hex.get_ref()
            ),
        );
    }
    let to = anchor
        .on
        .get_ref()
        .rsplit_once(':')
        .and_then(|(id, label)| {
            let board = boards.iter().find(|b| b.id == id)?;
            let hex = board.map.hex(label.parse().ok()?)?;
            board.placement.apply(hex)
        });
    if to.is_none() {
        let placed: Vec<&str> = boards.iter().map(|b| b.id.as_str()).collect();
        doc.problem(
            &anchor.on.span(),
            &format!("{field}.on"),
            format!(
                "`{}` is no hex of a board placed before this one; write board:label, like \
                 \"1A:0901\" (placed so far: {})",
                anchor.on.get_ref(),
                placed.join(", ")
            ),
        );
    }
    Placement::joining(rotation, from?, to?)
}

/// `replace = [...]`: what an overlay replaces besides terrain.
fn replaces(doc: &mut Doc<'_>, replace: Option<&Spanned<Vec<Spanned<String>>>>) -> Replaces {
    let mut out = Replaces::default();
    for what in replace.map(Spanned::get_ref).into_iter().flatten() {
        match what.get_ref().as_str() {
            "terrain" => {}
            "level" => out.level = true,
            "tags" => out.tags = true,
            "name" => out.name = true,
            "hexsides" => out.hexsides = true,
            "roads" => out.roads = true,
            other => doc.problem(
                &what.span(),
                "overlay.replace",
                format!(
                    "`{other}` is not something an overlay replaces; write terrain, level, \
                     tags, name, hexsides or roads"
                ),
            ),
        }
    }
    out
}
