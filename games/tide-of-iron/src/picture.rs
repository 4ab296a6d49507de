//! The picture `overlord map tide-of-iron` draws: until scenarios say how boards are put
//! together, every board face side by side in rows of four with a gap between them, each
//! labelled with its id, so that the authored boards can be looked over (`TOI-SETUP-2`).

use crate::data::ToiData;
use overlord_datafile::Location;
use overlord_hexmap::{Composition, Hex, PlacedBoard, Placement, Rotation};
use overlord_mapdraw::{HexText, Mark, Overlays, Shape, Style};

/// Faces per row of the picture.
const PER_ROW: usize = 4;
/// Columns from one face's first column to the next's: 12 and a gap of 2 (even, so every
/// face keeps its columns' shift).
const COLUMN_STEP: i32 = 14;
/// Rows from one row of faces to the next: 9 and a gap of 2.
const ROW_STEP: i32 = 11;

/// Every board face laid out for looking over, as SVG; `None` if they cannot be composed.
pub fn svg(data: &ToiData) -> Option<String> {
    let boards = data
        .boards
        .iter()
        .enumerate()
        .map(|(i, face)| {
            let (column, row) = ((i % PER_ROW) as i32, (i / PER_ROW) as i32);
            // Flat-top axial coordinates: two columns right is q + 2, r - 1.
            let q = column * COLUMN_STEP;
            let r = row * ROW_STEP - q / 2;
            PlacedBoard {
                id: face.id.clone(),
                map: face.map.clone(),
                placement: Placement {
                    rotation: Rotation::NONE,
                    offset: Hex::new(q, r),
                },
                written_at: Location::default(),
            }
        })
        .collect();
    let composition = Composition {
        name: "Tide of Iron: the board faces".to_owned(),
        authored_by: "Overlord project".to_owned(),
        source: "boards.toml".to_owned(),
        boards,
        overlays: Vec::new(),
    };
    let map = composition.compose().ok()?;
    let mut style = Style::wargame();
    style.title =
        Some("Tide of Iron: the board faces (authored by the Overlord project)".to_owned());
    let mut overlays = Overlays::new();
    for &hex in map.hexes() {
        // Hills (TOI-TERR-HILL): a triangle per level; half hexes (TOI-MOVE-HALFHEX) greyed.
        if let Some(level @ 1..) = map.level(hex) {
            overlays.marks.push(
                Mark::new(
                    hex,
                    Shape::Triangle,
                    if level >= 2 { "#5a3a1a" } else { "#9a7a4a" },
                )
                .with_size(if level >= 2 { 0.6 } else { 0.45 })
                .with_offset(0.0, 0.35)
                .with_title(&format!("level {level}")),
            );
        }
        if map.is_half(hex) {
            overlays.marks.push(
                Mark::new(hex, Shape::Circle, "#ffffff")
                    .with_size(0.9)
                    .with_title("half hex"),
            );
        }
        // Each face's id on its first whole hex.
        if let Some(label) = map.full_label(hex)
            && label.ends_with(":0201")
        {
            let id = label.trim_end_matches(":0201");
            overlays.texts.push(
                HexText::new(hex, id)
                    .with_size(18.0)
                    .bold()
                    .with_offset(0.0, -0.15),
            );
        }
    }
    Some(overlord_mapdraw::to_svg(&map, &style, &overlays))
}
