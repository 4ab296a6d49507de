//! The map boards and overlays (`TOI-SETUP-2`, spec 7.1): `boards.toml` lists each board face
//! and overlay piece and the map file that holds it (hexmap's format, `boards/1a.toml`), which
//! a scenario's battlefield places and turns (hexmap's `Composition`).

use overlord_datafile::files::{At, Report};
use overlord_datafile::located;
use overlord_hexmap::MapData;
use serde::Deserialize;

/// Tags overlay-only markings carry on a board face; none yet (reserved for the rules).
pub const OVERLAY_TAG_PREFIX: &str = "overlay_";

/// One `[[board]]` or `[[overlay]]` of boards.toml.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    #[serde(skip)]
    pub at: At,
    /// Its name in scenarios and messages (`1A`, `woods-1`).
    pub id: String,
    /// The map file, relative to the data folder.
    pub file: String,
}

located!(BoardEntry);

/// A board face or overlay piece as loaded.
#[derive(Clone, Debug)]
pub struct BoardFace {
    pub id: String,
    /// The file it was read from, relative to the data folder.
    pub file: String,
    pub map: MapData,
}

/// Load every entry's map file; each failure is reported with the map file's own lines.
pub(super) fn load_faces(
    dir: &super::Reader<'_>,
    entries: &[BoardEntry],
    report: &mut Report,
) -> Vec<BoardFace> {
    let mut faces = Vec::new();
    for entry in entries {
        let source = match dir(&entry.file) {
            Ok(source) => source,
            Err(_) => {
                report.at(
                    &entry.at,
                    "board.file",
                    format!("cannot read `{}`", entry.file),
                );
                continue;
            }
        };
        match MapData::from_toml_str(source.text(), &format!("{}/{}", report.dir, entry.file)) {
            Ok(map) => faces.push(BoardFace {
                id: entry.id.clone(),
                file: entry.file.clone(),
                map,
            }),
            Err(errors) => report.problems.extend(errors),
        }
    }
    faces
}
