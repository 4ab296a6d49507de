//! Scenario files (rules 3, 21.1, Easy Fox; scenarios/*.toml).

use super::{Geo, Report};
use crate::data::{DepthKind, OmahaData, Pool, WnCategory};
use overlord_hexmap::HexLabel;

/// The German boxes a deal may fill (docs/omaha/data.md).
pub const GERMAN_BOXES: [&str; 9] = [
    "box:tactical",
    "box:division",
    "box:kg_meyer",
    "box:optional_armor",
    "box:artillery_east",
    "box:artillery_west",
    "box:wn_depth",
    "box:mobile_depth",
    "box:building_depth",
];

const IDS: [&str; 4] = ["easy-fox", "first-wave", "d-day", "beyond-the-beach"];

/// How many counters a deal group holds, or `None` for an unknown group.
pub fn group_size(data: &OmahaData, group: &str) -> Option<usize> {
    let g = &data.german;
    let depth = |k: DepthKind| g.depth_markers.iter().filter(|d| d.kind == k).count();
    let pool = |p: Pool| g.reinforcements.iter().filter(|u| u.pool == p).count();
    let wn = |c: WnCategory| g.wn_units.iter().filter(|u| u.category == c).count();
    Some(match group {
        "wn_units" => g.wn_units.len(),
        "wn_units:88" => wn(WnCategory::C88),
        "wn_units:75" => wn(WnCategory::C75),
        "wn_units:rocket" => wn(WnCategory::Rocket),
        "wn_units:none" => wn(WnCategory::None),
        "wn_depth" => depth(DepthKind::Wn),
        "mobile_depth" => depth(DepthKind::Mobile),
        "building_depth" => depth(DepthKind::Building),
        "armor_depth" => depth(DepthKind::Armor),
        "T" => pool(Pool::T),
        "D" => pool(Pool::D),
        "M" => pool(Pool::M),
        "tanks" => g.tanks.len(),
        "artillery" => g.artillery.len(),
        _ => return None,
    })
}

pub fn check(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    for (scenario, id) in data.scenarios.iter().zip(IDS) {
        let file = scenario.file;
        if scenario.id != id {
            report.file(file, "id", format!("this file holds the scenario `{id}`"));
        }
        let [first, last] = scenario.turns;
        if !(1..=32).contains(&first) || !(first..=32).contains(&last) {
            report.file(file, "turns", "turns run within 1-32, first to last");
        }
        if scenario.extended_from.is_some_and(|t| t != 17) {
            report.file(
                file,
                "extended_from",
                "the extended rules start on turn 17 (rule 14)",
            );
        }
        if scenario.sectors.is_empty() {
            report.file(file, "sectors", "name the sectors in play");
        }
        for deal in &scenario.deals {
            let Some(size) = group_size(data, &deal.counters) else {
                report.at(
                    &deal.at,
                    "deal.counters",
                    format!(
                        "no counter group `{}`; see docs/omaha/data.md",
                        deal.counters
                    ),
                );
                continue;
            };
            let take = deal.take.map_or(deal.to.len(), usize::from);
            if take > size || deal.to.len() > take.max(deal.to.len()) {
                report.at(
                    &deal.at,
                    "deal.take",
                    format!("deals {take} of the {size} counters in `{}`", deal.counters),
                );
            }
            for place in deal.to.iter().chain(deal.rest.iter()) {
                let known = place == "removed"
                    || GERMAN_BOXES.contains(&place.as_str())
                    || data.positions.place(place).is_some();
                if !known {
                    report.at(
                        &deal.at,
                        "deal.to",
                        format!("`{place}` is not a position, a German box or \"removed\""),
                    );
                }
            }
        }
        for (placed, placement) in scenario.us.iter().enumerate() {
            let at = &placement.entry;
            let unit = data.us.unit(&placement.unit);
            let leader = data.us.hqs.iter().any(|h| h.id == placement.unit)
                || data.us.generals.iter().any(|g| g.name == placement.unit);
            if unit.is_none() && !leader {
                report.at(
                    at,
                    "us.unit",
                    format!("no US unit, HQ or General `{}`", placement.unit),
                );
            }
            if let (Some(unit), Some(steps)) = (unit, placement.steps)
                && !(1..=unit.steps()).contains(&usize::from(steps))
            {
                report.at(
                    at,
                    "us.steps",
                    format!("{} has 1-{} steps", unit.id, unit.steps()),
                );
            }
            // 21.1: a unit goes to one hex, one landing box, one Turn-track space, or is
            // eliminated (wiped out before the scenario starts, A/1/116).
            let place_ok = match placement.at.strip_prefix("track:") {
                Some(turn) => turn.parse::<u8>().is_ok_and(|t| (1..=32).contains(&t)),
                None => {
                    placement.at == "eliminated"
                        || crate::data::Deploy::of(&placement.at).is_some()
                        || placement
                            .at
                            .parse::<HexLabel>()
                            .is_ok_and(|h| geo.exists(h))
                        || data.boxes.landing_box(&placement.at).is_some()
                }
            };
            if !place_ok {
                report.at(
                    at,
                    "us.at",
                    format!(
                        "`{}` is not a map hex, a landing box, track:N, choose:beach, choose:box or eliminated",
                        placement.at
                    ),
                );
            }
            if scenario.us[..placed]
                .iter()
                .any(|earlier| earlier.unit == placement.unit)
            {
                report.at(
                    at,
                    "us.unit",
                    format!("`{}` is placed twice", placement.unit),
                );
            }
            if let Some(hero) = &placement.hero
                && scenario.us[..placed]
                    .iter()
                    .any(|earlier| earlier.hero.as_ref() == Some(hero))
            {
                report.at(at, "us.hero", format!("Hero `{hero}` is placed twice"));
            }
            if placement.hero.is_some()
                && (placement.at == "eliminated"
                    || placement.at.starts_with("track:")
                    || crate::data::Deploy::of(&placement.at).is_some())
            {
                report.at(at, "us.hero", "a Hero goes with a unit on the map (AMB-79)");
            }
            if let Some(hero) = &placement.hero
                && !data.us.heroes.iter().any(|h| &h.name == hero)
            {
                report.at(at, "us.hero", format!("no Hero `{hero}`"));
            }
        }
        for cleared in &scenario.cleared {
            for &hex in &cleared.hexes {
                if !geo.has_tag(hex, "obstacle") {
                    report.at(&cleared.at, "cleared.hexes", format!("{hex} is not an obstacle hex; only those take Cleared markers (rule 10.1)"));
                }
            }
        }
    }
}
