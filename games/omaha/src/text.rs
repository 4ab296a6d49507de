//! The terminal picture of `overlord play omaha`: the map as one character per hex (sea at the
//! bottom, inland up, east on the left, as the board is printed), then the landing boxes and the
//! units that can act.

use crate::index::{Ground, UsId};
use crate::landing::submerged;
use crate::state::{GerLoc, Omaha, Step, UsFlags, UsLoc};
use std::fmt::Write;

/// The picture.
pub fn picture(state: &Omaha) -> String {
    let index = &state.data.index;
    let tide = crate::data::tide_of_turn(state.turn);
    let mut cell: Vec<char> = index
        .hexes
        .iter()
        .map(|h| match h.ground {
            _ if h.ground == Ground::Sea || submerged(h.tide, tide) => '~',
            Ground::Beach if h.obstacle && !state.is_cleared(index.hex(h.label).unwrap_or(0)) => {
                'x'
            }
            Ground::Beach => '.',
            Ground::Flat => ',',
            _ => ' ',
        })
        .collect();
    for (i, p) in index.positions.iter().enumerate() {
        let _ = i;
        for &s in &p.slots {
            let hex = usize::from(index.slots[usize::from(s)].hex);
            let occupied = state.germans.iter().any(|g| g.loc == GerLoc::Slot(s));
            cell[hex] = match (occupied, matches!(p.kind, crate::index::PosKind::Wn { .. })) {
                (true, true) => 'W',
                (true, false) => 'G',
                (false, _) => 'o',
            };
        }
    }
    // 23: German tanks.
    for (_, h) in state.tanks_on_map() {
        if let Some(c) = cell.get_mut(usize::from(h)) {
            *c = 'T';
        }
    }
    let mut counts = vec![0u8; index.hexes.len()];
    for (i, u) in state.us.iter().enumerate() {
        if let UsLoc::Hex(h) = u.loc
            && !index.us[i].is_leader()
        {
            counts[usize::from(h)] += 1;
        }
    }
    for (h, &n) in counts.iter().enumerate() {
        if n > 0 {
            cell[h] = char::from_digit(u32::from(n.min(9)), 10).unwrap_or('#');
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Turn {} ({:?} tide). Map: rows 01-36 left to right, inland up. W/G German WN/unit, T German tank, o empty position, x obstacle, digits US units, ~ water.",
        state.turn, tide
    );
    for column in (1..=14u8).rev() {
        let mut line = format!("{column:02} ");
        for row in 1..=36u8 {
            let c = overlord_hexmap::HexLabel::new(column, row)
                .and_then(|l| index.hex(l))
                .map_or(' ', |h| cell[usize::from(h)]);
            line.push(c);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let mut boxes = String::new();
    for (b, info) in index.boxes.iter().enumerate() {
        let units: Vec<&str> = state
            .us_at(UsLoc::Box(b as u8))
            .map(|u| index.us[usize::from(u)].name.as_str())
            .collect();
        if !units.is_empty() {
            let _ = write!(boxes, " {}: {};", info.name, units.join(", "));
        }
    }
    if !boxes.is_empty() {
        let _ = writeln!(out, "Landing boxes:{boxes}");
    }
    let ashore: Vec<String> = state
        .us
        .iter()
        .enumerate()
        .filter_map(|(i, u)| {
            let UsLoc::Hex(h) = u.loc else { return None };
            let mut marks = String::new();
            if u.flags.has(UsFlags::DISRUPTED) {
                marks.push_str(" disrupted");
            }
            if u.flags.has(UsFlags::CLIMB) || u.flags.has(UsFlags::CLIMB_CLIFF) {
                marks.push_str(" climbing");
            }
            // 18: a Command Post, with its command range.
            if let Some(range) = crate::command::range(state, i as UsId) {
                marks.push_str(&format!(" command post, range {range}"));
            }
            // 11.1: Hero / Inspired markers.
            if let Some(h) = state.hero_with(i as u8) {
                let side = if state.heroes[h].inspired {
                    "inspired"
                } else {
                    "hero"
                };
                marks.push_str(&format!(" {side} {}", state.hero_name(h)));
            }
            Some(format!(
                "{} {} ({}){marks}",
                index.us[i].name,
                index.hexes[usize::from(h)].label,
                u.steps
            ))
        })
        .collect();
    if !ashore.is_empty() {
        let _ = writeln!(out, "Ashore: {}", ashore.join("; "));
    }
    // 19: Engineer Bases with their ranges, and Garrison markers.
    let bases: Vec<String> = state
        .bases
        .iter()
        .map(|b| {
            format!(
                "{} ({} Division, range {})",
                index.hexes[usize::from(b.hex)].label,
                b.division,
                crate::engineer_bases::base_range(state, b)
            )
        })
        .collect();
    if !bases.is_empty() {
        let _ = writeln!(out, "Engineer Bases: {}", bases.join("; "));
    }
    let garrisons: Vec<&str> = index
        .positions
        .iter()
        .enumerate()
        .filter(|&(p, _)| crate::engineer_bases::garrisoned(state, p as crate::index::PosId))
        .map(|(_, p)| p.name.as_str())
        .collect();
    if !garrisons.is_empty() {
        let _ = writeln!(out, "Garrisons: {}", garrisons.join(", "));
    }
    if let Some(line) = choice_line(state) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Where each option of a G-FIRE-TIE, G-LEADER, G-ART-TIE or P-LEADER-FOLLOW prompt stands: the
/// numbered answers name units only, and the choice is about where they are.
fn choice_line(state: &Omaha) -> Option<String> {
    let index = &state.data.index;
    let place = |u: UsId| -> String {
        let Some(us) = state.us.get(usize::from(u)) else {
            return "?".to_owned();
        };
        match us.loc {
            UsLoc::Hex(h) => index
                .hexes
                .get(usize::from(h))
                .map_or("?".to_owned(), |x| x.label.to_string()),
            UsLoc::Box(b) => index
                .boxes
                .get(usize::from(b))
                .map_or("?".to_owned(), |x| x.name.clone()),
            _ => "off the map".to_owned(),
        }
    };
    let at = |u: UsId| -> String {
        let steps = state.us.get(usize::from(u)).map_or(0, |x| x.steps);
        let plural = if steps == 1 { "" } else { "s" };
        format!("{} {} ({steps} step{plural})", state.name(u), place(u))
    };
    let listed = |units: &[UsId]| units.iter().map(|&u| at(u)).collect::<Vec<_>>().join("; ");
    // 11.41: G-LEADER names the Leader a star hit falls on (an HQ, a General, or the Hero with
    // a unit) and where it stands.
    let leaders = || {
        state
            .choices
            .iter()
            .map(|&u| format!("{} {}", crate::fire::star_target_name(state, u), place(u)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    Some(match state.step {
        Step::FireTie { position, take, .. } => format!(
            "G-FIRE-TIE (6.31): {} hits {take} of: {}",
            crate::fire::position_name(state, position),
            listed(&state.choices)
        ),
        Step::LeaderHit { position, left, .. } => format!(
            "G-LEADER (11.41): {}'s star hits {left} of: {}",
            crate::fire::position_name(state, position),
            leaders()
        ),
        Step::TankFireTie { tank, take, .. } => format!(
            "G-FIRE-TIE (6.31, 23.4): the German tank {} hits {take} of: {}",
            crate::tanks::tank_name(state, tank),
            listed(&state.choices)
        ),
        Step::TankLeaderHit { tank, left, .. } => format!(
            "G-LEADER (11.41, 23.4): the German tank {}'s star hits {left} of: {}",
            crate::tanks::tank_name(state, tank),
            leaders()
        ),
        Step::TankMoveTie { tank, .. } => format!(
            "G-TANK-TIE (23.5): the German tank {} goes on to one of: {}",
            crate::tanks::tank_name(state, tank),
            state
                .hex_choices
                .iter()
                .map(|&h| state.data.index.label(h))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Step::ArtilleryTie { sector, .. } => format!(
            "G-ART-TIE (6.5): German artillery in the {sector:?} sector hits one of: {}",
            listed(&state.choices)
        ),
        Step::LeaderFollow { leader, .. } => format!(
            "P-LEADER-FOLLOW (5.12): {} in {} may follow {}, or stay",
            state.name(leader),
            place(leader),
            listed(&crate::landing::follow_options(state, leader))
        ),
        _ => return None,
    })
}
