//! The checks made across files once every file has decoded, one module per part of the game.
//! Each check cites the rule it protects; every problem names file, line and field.

mod boxes;
mod cards;
mod map;
mod positions;
mod rosters;
mod scenarios;

use super::OmahaData;
use super::files::Report;
use overlord_hexmap::{Hex, HexLabel, HexMap};
use std::collections::HashMap;

/// Counters in the published game (rule 2).
pub const COUNTERS: u32 = 352;

/// Run every check.
pub fn all(data: &OmahaData, report: &mut Report) {
    let map = Geo::new(&data.map);
    map::check(data, &map, report);
    positions::check(data, &map, report);
    boxes::check(data, &map, report);
    rosters::check(data, report);
    cards::check(data, report);
    scenarios::check(data, &map, report);
    // Rule 2: the counter sheet.
    let count = data.counter_count();
    if count != COUNTERS {
        report.file(
            "counters.toml",
            "markers",
            format!(
                "the counter sheet adds up to {count}, the rulebook says {COUNTERS} (rule 2): \
                 US units (two counters for 3-4 steps) + leaders + German counters + markers"
            ),
        );
    }
}

/// Map questions the checks ask by printed label.
pub struct Geo<'a> {
    pub map: &'a HexMap,
}

impl<'a> Geo<'a> {
    fn new(map: &'a HexMap) -> Geo<'a> {
        Geo { map }
    }

    pub fn hex(&self, label: HexLabel) -> Option<Hex> {
        self.map.hex(label)
    }

    pub fn exists(&self, label: HexLabel) -> bool {
        self.hex(label).is_some()
    }

    pub fn terrain(&self, label: HexLabel) -> Option<&str> {
        let hex = self.hex(label)?;
        self.map.terrain_name(self.map.terrain(hex)?)
    }

    pub fn has_tag(&self, label: HexLabel, tag: &str) -> bool {
        self.hex(label)
            .is_some_and(|hex| self.map.tags(hex).any(|t| t == tag))
    }

    pub fn in_region(&self, label: HexLabel, region: &str) -> bool {
        match (self.hex(label), self.map.region(region)) {
            (Some(hex), Some(place)) => place.hexes.contains(&hex),
            _ => false,
        }
    }

    pub fn adjacent(&self, a: HexLabel, b: HexLabel) -> bool {
        match (self.hex(a), self.hex(b)) {
            (Some(a), Some(b)) => overlord_hexmap::distance(a, b) == 1,
            _ => false,
        }
    }

    /// The road kind between two adjacent hexes.
    pub fn road(&self, a: HexLabel, b: HexLabel) -> Option<&str> {
        let kind = self.map.road_between(self.hex(a)?, self.hex(b)?)?;
        self.map.road_kind_name(kind)
    }
}

/// Report each id seen twice, with the line of its first use.
fn unique<'a>(
    report: &mut Report,
    field: &str,
    items: impl IntoIterator<Item = (String, &'a super::At)>,
) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (id, at) in items {
        if let Some(first) = seen.get(&id) {
            report.at(
                at,
                field,
                format!("`{id}` is already used at line {first}; ids must be unique"),
            );
        } else {
            seen.insert(id, at.line);
        }
    }
}
