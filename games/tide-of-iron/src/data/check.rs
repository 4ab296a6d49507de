//! Checks across the files, after each entry decoded on its own: unique ids, known traits and
//! terrain names, the values each class of figure needs, and the shape of every board face.

use super::figures::AUTHORABLE;
use super::{BoardEntry, BoardFace, FigureDef, TRAITS, ToiData};
use overlord_datafile::files::Report;
use std::collections::HashSet;

/// Every board face has this many columns (01 and the last half hexes) and rows.
pub const BOARD_COLUMNS: u8 = 12;
pub const BOARD_ROWS: u8 = 9;

/// The tags a board face may carry on a hex: the printed reinforcement "R" in its two
/// colours (`TOI-REINF`).
pub const TAGS: [&str; 2] = ["reinforcement_green", "reinforcement_grey"];

/// The highest hill level (`TOI-TERR-HILL`).
const TOP_LEVEL: i8 = 2;

pub(super) fn check(
    data: &ToiData,
    boards: &[BoardEntry],
    overlays: &[BoardEntry],
    report: &mut Report,
) {
    let mut ids = HashSet::new();
    for t in &data.terrain {
        if !ids.insert(t.id.as_str()) {
            report.at(&t.at, "terrain.id", format!("`{}` is listed twice", t.id));
        }
    }
    let mut ids = HashSet::new();
    for f in &data.figures {
        if !ids.insert(f.id.as_str()) {
            report.at(&f.at, "figure.id", format!("`{}` is listed twice", f.id));
        }
        figure(f, report);
    }
    let mut ids = HashSet::new();
    for entry in boards.iter().chain(overlays) {
        if !ids.insert(entry.id.as_str()) {
            report.at(
                &entry.at,
                "board.id",
                format!("`{}` is listed twice", entry.id),
            );
        }
    }
    let terrain: HashSet<&str> = data.terrain.iter().map(|t| t.id.as_str()).collect();
    for face in &data.boards {
        map_values(face, &terrain, report);
        board_shape(face, report);
    }
    for face in &data.overlays {
        map_values(face, &terrain, report);
    }
}

/// The values a figure of its class needs, and known traits and `ours` fields.
fn figure(f: &FigureDef, report: &mut Report) {
    for t in &f.traits {
        if !TRAITS.contains(&t.as_str()) {
            report.at(
                &f.at,
                "figure.traits",
                format!("unknown trait `{t}`; known: {}", TRAITS.join(", ")),
            );
        }
    }
    for o in &f.ours {
        if !AUTHORABLE.contains(&o.as_str()) {
            report.at(
                &f.at,
                "figure.ours",
                format!(
                    "`{o}` is no field of a figure; known: {}",
                    AUTHORABLE.join(", ")
                ),
            );
        }
    }
    let infantry = f.class.infantry();
    if infantry && !(1..=2).contains(&f.slots) {
        report.at(
            &f.at,
            "figure.slots",
            "an infantry figure takes 1 base slot, a heavy weapon 2 (TOI-UNIT-SQUAD)",
        );
    }
    if !infantry && (f.slots != 0 || f.armor.is_none()) {
        report.at(
            &f.at,
            "figure.armor",
            "a vehicle takes no base slot and has an armor value (TOI-COMBAT-VEHDMG)",
        );
    }
    let mortar = f.class == super::FigureClass::MortarCrew;
    if mortar != f.area.is_some() {
        report.at(
            &f.at,
            "figure.area",
            "mortar crews, and only they, make area attacks (TOI-UNIT-MORTAR)",
        );
    }
    let direct = matches!(
        f.class,
        super::FigureClass::Regular
            | super::FigureClass::Elite
            | super::FigureClass::Officer
            | super::FigureClass::MgCrew
            | super::FigureClass::Tank
    );
    if direct && (f.vs_infantry.is_none() || f.vs_vehicle.is_none()) {
        report.at(
            &f.at,
            "figure.vs_infantry",
            "this class fires at infantry and at vehicles: give both (TOI-COMBAT)",
        );
    }
    if f.transport.is_some() != f.traits.iter().any(|t| t == "transport") {
        report.at(
            &f.at,
            "figure.transport",
            "a transport capacity goes with the `transport` trait (TOI-TRANS)",
        );
    }
}

/// Every hex's terrain is in terrain.toml, its level 0 to 2, its tags known.
fn map_values(face: &BoardFace, terrain: &HashSet<&str>, report: &mut Report) {
    let map = &face.map;
    let file = format!("{}/{}", report.dir, face.file);
    let mut problem = |field: &str, message: String| {
        report.problems.push(overlord_datafile::Problem::whole_file(
            file.clone(),
            field,
            message,
        ));
    };
    for &hex in map.hexes() {
        let label = map
            .label(hex)
            .map_or_else(|| "?".to_owned(), |l| l.to_string());
        let name = map.terrain(hex).and_then(|t| map.terrain_name(t));
        if let Some(name) = name
            && !terrain.contains(name)
        {
            problem(
                "hex.terrain",
                format!(
                    "{}: hex {label}'s terrain `{name}` is not in terrain.toml",
                    face.id
                ),
            );
        }
        if let Some(level) = map.level(hex)
            && !(0..=TOP_LEVEL).contains(&level)
        {
            problem(
                "hex.level",
                format!(
                    "{}: hex {label} is at level {level}; hills are 1 or 2 (TOI-TERR-HILL)",
                    face.id
                ),
            );
        }
        for tag in map.tags(hex) {
            if !TAGS.contains(&tag) {
                problem(
                    "hex.tags",
                    format!(
                        "{}: hex {label}'s tag `{tag}` is unknown; known: {}",
                        face.id,
                        TAGS.join(", ")
                    ),
                );
            }
        }
    }
}

/// A board face is `BOARD_COLUMNS` by `BOARD_ROWS` hexes, its first and last columns half
/// hexes (`TOI-MOVE-HALFHEX`), so that any two faces join at their long edges.
fn board_shape(face: &BoardFace, report: &mut Report) {
    let map = &face.map;
    let file = format!("{}/{}", report.dir, face.file);
    let expected = usize::from(BOARD_COLUMNS) * usize::from(BOARD_ROWS);
    let mut wrong = Vec::new();
    for &hex in map.hexes() {
        let Some(label) = map.label(hex) else {
            continue;
        };
        let (column, row) = (label.first(), label.second());
        let edge = column == 1 || column == BOARD_COLUMNS;
        if column == 0 || column > BOARD_COLUMNS || row == 0 || row > BOARD_ROWS {
            wrong.push(format!(
                "{label} lies off the {BOARD_COLUMNS}x{BOARD_ROWS} board"
            ));
        } else if edge != map.is_half(hex) {
            wrong.push(format!(
                "{label} {} a half hex",
                if edge { "should be" } else { "should not be" }
            ));
        }
    }
    if map.len() != expected {
        wrong.push(format!("{} hexes instead of {expected}", map.len()));
    }
    if !wrong.is_empty() {
        report.problems.push(overlord_datafile::Problem::whole_file(
            file,
            "hex",
            format!(
                "board {} is not a {BOARD_COLUMNS}x{BOARD_ROWS} face with half hexes in columns 01 and {BOARD_COLUMNS}: {}",
                face.id,
                wrong.join("; ")
            ),
        ));
    }
}
