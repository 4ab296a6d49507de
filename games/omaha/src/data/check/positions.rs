//! German positions and fire fields (rules 2.1, 6.2, 6.23, 9.3, 16.8, 20.3; positions.toml).

use super::{Geo, Report, unique};
use crate::data::{OmahaData, WnArtillery};
use overlord_hexmap::HexLabel;
use std::collections::HashMap;

/// The WN numbers of the game: 60 to 73, there is no WN63 (rule 2.1, spec 7.2).
pub const WN_NUMBERS: [u8; 13] = [60, 61, 62, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73];
/// The WNs printed on two hexes (setup, rule 3).
pub const TWO_HEX_WNS: [u8; 5] = [62, 65, 66, 68, 72];
/// Reinforcement positions carrying the VP symbol (rule 20.3).
pub const VP_POSITIONS: usize = 42;

pub fn check(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let positions = &data.positions;
    unique(
        report,
        "id",
        positions.all().into_iter().map(|p| (p.name, p.at)),
    );
    for number in WN_NUMBERS {
        if positions.wn(number).is_none() {
            report.file(
                "positions.toml",
                "wn",
                format!("WN{number} is missing (rule 2.1)"),
            );
        }
    }
    for wn in &positions.wns {
        if !WN_NUMBERS.contains(&wn.number) {
            report.at(
                &wn.at,
                "wn.number",
                format!("there is no WN{}; the WNs are 60-73 without 63", wn.number),
            );
        }
        let hexes = if TWO_HEX_WNS.contains(&wn.number) {
            2
        } else {
            1
        };
        if wn.hexes.len() != hexes {
            report.at(
                &wn.at,
                "wn.hexes",
                format!("WN{} has {hexes} hex(es) (setup, rule 3)", wn.number),
            );
        }
        if wn.artillery.len() != wn.hexes.len() {
            report.at(&wn.at, "wn.artillery", "give one artillery symbol per hex");
        }
        if wn.hexes.len() == 2 && !geo.adjacent(wn.hexes[0], wn.hexes[1]) {
            report.at(&wn.at, "wn.hexes", "the two hexes of a WN must be adjacent");
        }
    }
    let count = positions.wns.len() + positions.reinforcements.len();
    if count > crate::index::MAX_POSITIONS {
        report.file(
            "positions.toml",
            "reinforcement",
            format!(
                "{count} positions; the engine holds at most {} (sets of positions are 128-bit masks)",
                crate::index::MAX_POSITIONS
            ),
        );
    }
    artillery_symbols(data, report);
    let mut zones: HashMap<char, usize> = HashMap::new();
    for r in &positions.reinforcements {
        if let Some(id) = &r.id {
            match r.zone_priority() {
                Some((zone @ 'A'..='G', 1..=11)) => *zones.entry(zone).or_default() += 1,
                _ => report.at(
                    &r.at,
                    "reinforcement.id",
                    format!(
                        "`{id}` must be a zone letter A-G and a priority 1-11, like C1 (rule 9.3)"
                    ),
                ),
            }
        }
        for target in &r.advance {
            if positions.reinforcement(target).is_none() {
                report.at(
                    &r.at,
                    "reinforcement.advance",
                    format!("no reinforcement position `{target}` to advance to (rule 16.8)"),
                );
            } else if !positions
                .advance_paths
                .iter()
                .any(|p| p.from == r.name() && &p.to == target)
            {
                report.at(
                    &r.at,
                    "reinforcement.advance",
                    format!(
                        "the arrow {} -> {target} has no [[advance_path]] (rule 16.82)",
                        r.name()
                    ),
                );
            }
        }
    }
    for zone in 'A'..='G' {
        if !zones.contains_key(&zone) {
            report.file(
                "positions.toml",
                "reinforcement",
                format!("zone {zone} has no reinforcement position (rule 9.3)"),
            );
        }
    }
    let vp = positions.reinforcements.iter().filter(|r| r.vp).count();
    if vp != VP_POSITIONS {
        report.file(
            "positions.toml",
            "reinforcement.vp",
            format!(
                "{vp} positions carry the VP symbol; the rulebook says {VP_POSITIONS} (rule 20.3)"
            ),
        );
    }
    advance_paths(data, geo, report);
    fire_fields(data, geo, report);
}

/// Setup rule 3: artillery symbols on 60, 61, 62S, 65S, 68S, 70, 72S, 73; the rocket on 69.
fn artillery_symbols(data: &OmahaData, report: &mut Report) {
    let expected: [(&str, &[WnArtillery]); 3] = [
        ("88", &[WnArtillery::C88]),
        ("75", &[WnArtillery::C75]),
        ("rocket", &[WnArtillery::Rocket]),
    ];
    let mut counts = [0usize; 3];
    for wn in &data.positions.wns {
        for symbol in &wn.artillery {
            for (i, (_, kinds)) in expected.iter().enumerate() {
                if kinds.contains(symbol) {
                    counts[i] += 1;
                }
            }
        }
    }
    for ((name, _), (count, want)) in expected.iter().zip(counts.iter().zip([2, 6, 1])) {
        if *count != want {
            report.file(
                "positions.toml",
                "wn.artillery",
                format!(
                    "{count} WN hexes carry \"{name}\"; setup (rule 3) places {want} such units"
                ),
            );
        }
    }
}

/// Rule 16.82: each path runs hex by hex from its origin to its destination.
fn advance_paths(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let positions = &data.positions;
    for path in &data.positions.advance_paths {
        let (Some(from), Some(to)) = (
            positions.reinforcement(&path.from),
            positions.reinforcement(&path.to),
        ) else {
            report.at(
                &path.at,
                "advance_path",
                format!(
                    "`{}` or `{}` is not a reinforcement position",
                    path.from, path.to
                ),
            );
            continue;
        };
        if !from.advance.contains(&path.to) {
            report.at(
                &path.at,
                "advance_path",
                format!("{} has no arrow to {}", path.from, path.to),
            );
        }
        let chain: Vec<HexLabel> = std::iter::once(from.hex)
            .chain(path.path.iter().copied())
            .chain(std::iter::once(to.hex))
            .collect();
        if let Some(pair) = chain.windows(2).find(|w| !geo.adjacent(w[0], w[1])) {
            report.at(
                &path.at,
                "advance_path.path",
                format!(
                    "{} and {} are not adjacent; a path goes hex by hex",
                    pair[0], pair[1]
                ),
            );
        }
    }
}

/// Rules 2.1, 6.23: fire points lie on the map, outside the position, once per position; two
/// positions of the same colour never share a hex.
fn fire_fields(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let mut owner: HashMap<(crate::data::Colour, HexLabel), String> = HashMap::new();
    for position in data.positions.all() {
        for &hex in &position.hexes {
            if !geo.exists(hex) {
                report.at(position.at, "hexes", format!("{hex} is not on the map"));
            }
        }
        let mut mine: Vec<HexLabel> = Vec::new();
        for (hex, _) in position.fire.points() {
            if !geo.exists(hex) {
                report.at(
                    position.at,
                    "fire",
                    format!("fire point {hex} is not on the map"),
                );
            }
            if position.hexes.contains(&hex) {
                report.at(
                    position.at,
                    "fire",
                    format!("{} puts a fire point in its own hex {hex}", position.name),
                );
            }
            if mine.contains(&hex) {
                report.at(
                    position.at,
                    "fire",
                    format!("{} has two fire points in {hex}", position.name),
                );
            }
            mine.push(hex);
            if let Some(other) = owner.insert((position.colour, hex), position.name.clone()) {
                report.at(
                    position.at,
                    "fire",
                    format!("{} and {other} are both {} and both fire into {hex}; same-colour fields never overlap (rule 6.23)", position.name, position.colour),
                );
            }
        }
    }
}
