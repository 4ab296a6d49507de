//! Names for people: units and hexes in the log and prompts.

use crate::state::{Kind, ToiGame, UnitId};

/// A unit's name: its nation, its figures or its vehicle, and its id (`US 3R+O #2`).
pub fn unit_name(game: &ToiGame, unit: UnitId) -> String {
    let u = game.unit(unit);
    let data = game.data();
    let what = match u.kind {
        Kind::Squad { figures, .. } => {
            let mut parts: Vec<&str> = Vec::new();
            for &f in figures.iter() {
                if let Some(def) = data.figures.get(usize::from(f)) {
                    parts.push(match def.class {
                        crate::data::FigureClass::Regular => "R",
                        crate::data::FigureClass::Elite => "E",
                        crate::data::FigureClass::Officer => "O",
                        crate::data::FigureClass::MgCrew => "MG",
                        crate::data::FigureClass::MortarCrew => "M",
                        _ => "?",
                    });
                }
            }
            parts.join("+")
        }
        Kind::Vehicle { figure, .. } => data
            .figures
            .get(usize::from(figure))
            .map_or_else(|| "vehicle".to_owned(), |f| f.name.clone()),
    };
    format!("{} {what} #{}", u.nation.name(), unit.0)
}
