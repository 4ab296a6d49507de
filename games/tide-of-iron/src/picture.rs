//! The pictures `overlord map tide-of-iron` draws: every board face side by side in rows of
//! four with a gap between them, each labelled with its id, so that the authored boards can be
//! looked over; and with `--scenario`, a scenario's battlefield as it assembles its boards and
//! overlays (`TOI-SETUP-2`), with its objectives, its boards' ids, and its setup (deployment
//! areas, fortifications and starting units) in layers the browser hides while it draws the
//! game as it stands. [`board`] gives the browser the public names behind a view's figure ids.

use crate::data::{Nation, ObjectiveKind, ToiData};
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
    relief(&map, &mut overlays);
    board_names(&map, &mut overlays);
    Some(overlord_mapdraw::to_svg(&map, &style, &overlays))
}

/// The layers of a scenario's setup on its map ([`scenario_svg`]), so that the browser, which
/// draws the game as it stands over the map, hides them until asked (`data-layer`).
const SETUP_UNITS: &str = "setup:units";
const SETUP_MARKERS: &str = "setup:markers";

/// Each board face's id on its first whole hex, so that hexes named alike on two boards
/// (`1A:0201`, `2B:0201`) are told apart on the picture.
fn board_names(map: &overlord_hexmap::MapData, overlays: &mut Overlays) {
    for &hex in map.hexes() {
        if let Some(label) = map.full_label(hex)
            && let Some(id) = label.strip_suffix(":0201")
        {
            overlays.texts.push(
                HexText::new(hex, id)
                    .with_size(18.0)
                    .bold()
                    .with_offset(0.0, -0.15),
            );
        }
    }
}

/// Hills (`TOI-TERR-HILL`): a triangle per level; half hexes (`TOI-MOVE-HALFHEX`) whited out.
fn relief(map: &overlord_hexmap::MapData, overlays: &mut Overlays) {
    for &hex in map.hexes() {
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
    }
}

/// Scenario `id`'s battlefield as SVG for the balance lab's heat map: the relief, the objectives
/// (rings, as in [`scenario_svg`]) and `counts` (hex label, number of `what`) shaded on it.
/// `None` for a scenario the data does not have.
pub fn heat_svg(data: &ToiData, id: &str, counts: &[(String, u32)], what: &str) -> Option<String> {
    let scenario = data.scenarios.iter().find(|s| s.id == id)?;
    let field = &scenario.battlefield;
    let map = &field.map;
    let mut overlays = Overlays::new();
    relief(map, &mut overlays);
    for o in &scenario.objectives {
        if let Some(hex) = field.hexes.hex(o.hex) {
            overlays.marks.push(
                Mark::new(hex, Shape::Ring, "#d4a017")
                    .with_size(0.95)
                    .with_title("objective"),
            );
        }
    }
    let cells: Vec<(Hex, u32)> = counts
        .iter()
        .filter_map(|(label, n)| Some((field.hexes.hex(field.find(label)?)?, *n)))
        .collect();
    overlays.add_heat(&cells, what);
    let mut style = Style::wargame();
    style.title = Some(format!(
        "Tide of Iron: {} (authored by the Overlord project)",
        scenario.name
    ));
    Some(overlord_mapdraw::to_svg(map, &style, &overlays))
}

/// Scenario `id`'s battlefield as SVG: its boards and overlays put together, the relief, its
/// deployment areas (a small square of the side's colour), objectives (a ring: gold for VP,
/// its owner's colour for command), fortifications and obstacles (their initials), and the
/// starting units (a disc of their side's colour, a number for several). `Err` names the
/// scenarios there are.
pub fn scenario_svg(data: &ToiData, id: &str) -> Result<String, String> {
    let Some(scenario) = data.scenarios.iter().find(|s| s.id == id) else {
        let known: Vec<&str> = data.scenarios.iter().map(|s| s.id.as_str()).collect();
        return Err(format!(
            "no scenario `{id}`; Tide of Iron has {}",
            known.join(", ")
        ));
    };
    let field = &scenario.battlefield;
    let map = &field.map;
    let colour = |nation: Nation| match nation {
        Nation::Us => "#4a7a3a",
        Nation::De => "#6a6a6a",
    };
    let mut overlays = Overlays::new();
    relief(map, &mut overlays);
    let hex_of = |h: overlord_hexmap::HexId| field.hexes.hex(h);
    for nation in Nation::ALL {
        for &h in &scenario.deployment[nation.index()] {
            if let Some(hex) = hex_of(h) {
                overlays.marks.push(
                    Mark::new(hex, Shape::Square, colour(nation))
                        .with_size(0.18)
                        .with_offset(-0.55, -0.3)
                        .with_title(&format!("{} deployment area", nation.name()))
                        .in_layer(&format!("deployment:{}", nation.name())),
                );
            }
        }
    }
    for o in &scenario.objectives {
        let Some(hex) = hex_of(o.hex) else { continue };
        let (fill, what) = match o.kind {
            ObjectiveKind::Victory => ("#d4a017", format!("victory objective, {} VP", o.value)),
            ObjectiveKind::Command => (
                o.nation.map_or("#303030", colour),
                format!("command objective, {} command", o.value),
            ),
        };
        overlays.marks.push(
            Mark::new(hex, Shape::Ring, fill)
                .with_size(0.95)
                .with_title(&what),
        );
    }
    for &(h, m) in &scenario.markers {
        let Some(hex) = hex_of(h) else { continue };
        let mut text = String::new();
        for _ in 0..m.entrenchments {
            text.push('E');
        }
        for _ in 0..m.pillboxes {
            text.push('P');
        }
        for (present, letter) in [
            (m.wire, 'W'),
            (m.traps, 'T'),
            (m.mines, 'M'),
            (m.smoke, 'S'),
        ] {
            if present {
                text.push(letter);
            }
        }
        overlays.texts.push(
            HexText::new(hex, &text)
                .with_size(9.0)
                .with_offset(0.0, 0.3)
                .in_layer(SETUP_MARKERS),
        );
    }
    let mut stacks: Vec<(overlord_hexmap::HexId, Nation, usize)> = Vec::new();
    for u in scenario
        .units
        .iter()
        .filter(|u| u.round.is_none() && !u.hex.is_none())
    {
        match stacks.iter_mut().find(|s| s.0 == u.hex && s.1 == u.nation) {
            Some(stack) => stack.2 += 1,
            None => stacks.push((u.hex, u.nation, 1)),
        }
    }
    for (h, nation, count) in stacks {
        let Some(hex) = hex_of(h) else { continue };
        overlays.marks.push(
            Mark::new(hex, Shape::Circle, colour(nation))
                .with_size(0.45)
                .with_title(&format!("{count} {} unit(s)", nation.name()))
                .in_layer(SETUP_UNITS),
        );
        if count > 1 {
            overlays.texts.push(
                HexText::new(hex, &count.to_string())
                    .with_size(10.0)
                    .bold()
                    .in_layer(SETUP_UNITS),
            );
        }
    }
    board_names(map, &mut overlays);
    let mut style = Style::wargame();
    style.title = Some(format!(
        "Tide of Iron: {} (authored by the Overlord project)",
        scenario.name
    ));
    Ok(overlord_mapdraw::to_svg(map, &style, &overlays))
}

/// What the browser needs besides the map to draw a view (`Components::board`): each figure's
/// id, name, side and class, with the letter a squad's name gives it (`R`, `E`, `O`, `MG`,
/// `M`), in the order views number them; and what each strategy and operations card does.
pub fn board(data: &ToiData) -> serde_json::Value {
    use crate::data::FigureClass;
    let figures: Vec<serde_json::Value> = data
        .figures
        .iter()
        .map(|f| {
            let (class, short) = match f.class {
                FigureClass::Regular => ("regular", "R"),
                FigureClass::Elite => ("elite", "E"),
                FigureClass::Officer => ("officer", "O"),
                FigureClass::MgCrew => ("mg_crew", "MG"),
                FigureClass::MortarCrew => ("mortar_crew", "M"),
                FigureClass::Truck => ("truck", "Truck"),
                FigureClass::Halftrack => ("halftrack", "HT"),
                FigureClass::Tank => ("tank", "Tank"),
            };
            serde_json::json!({
                "id": f.id,
                "name": f.name,
                "nation": f.nation,
                "class": class,
                "short": short,
                "slots": f.slots,
                "move": f.movement,
                "armor": f.armor,
            })
        })
        .collect();
    // The cards as a player reads them at a click, by the names views give them.
    let cards: Vec<serde_json::Value> =
        data.cards
            .cards
            .iter()
            .map(|c| serde_json::json!({ "name": c.name, "text": crate::text::card_text(c) }))
            .chain(data.cards.operations.iter().map(
                |o| serde_json::json!({ "name": o.name, "text": crate::text::operation_text(o) }),
            ))
            .collect();
    serde_json::json!({ "figures": figures, "cards": cards })
}
