//! The board: extent, terrain names, sectors, draws, exits, and the tank movement map
//! (rules 2.1, 13.21, 23.5; map.toml, tank_movement.toml).

use super::{Geo, Report};
use crate::data::OmahaData;
use overlord_hexmap::HexLabel;

const TERRAINS: [&str; 4] = ["sea", "beach", "flat", "high_ground"];
const DRAWS: [&str; 4] = ["draw-D1", "draw-D3", "draw-E1", "draw-E3"];
const EXITS: [&str; 7] = [
    "exit-A", "exit-B", "exit-C", "exit-D", "exit-E", "exit-F", "exit-G",
];

pub fn check(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let map = &data.map;
    let file = "map.toml";
    for terrain in map.terrains() {
        if !TERRAINS.contains(&terrain.name.as_str()) {
            report.file(
                file,
                "terrain",
                format!(
                    "terrain `{}` has no meaning in the rules; use {}",
                    terrain.name,
                    TERRAINS.join(", ")
                ),
            );
        }
    }
    // Rule 2.1: the extent, columns 01-18 by rows 01-36.
    let missing: Vec<String> = (1..=18u8)
        .flat_map(|col| (1..=36u8).filter_map(move |row| HexLabel::new(col, row)))
        .filter(|&label| !geo.exists(label))
        .map(|label| label.to_string())
        .collect();
    if !missing.is_empty() {
        report.file(
            file,
            "hex",
            format!(
                "the map must cover columns 01-18 and rows 01-36; missing {}",
                missing.join(", ")
            ),
        );
    }
    // Rule 2.1: the sector line splits the map in two.
    let (east, west) = (map.region("east"), map.region("west"));
    match (east, west) {
        (Some(east), Some(west)) => {
            for &hex in map.hexes() {
                let count =
                    usize::from(east.hexes.contains(&hex)) + usize::from(west.hexes.contains(&hex));
                if count != 1 {
                    let label = map.label(hex).map(|l| l.to_string()).unwrap_or_default();
                    report.file(
                        file,
                        "region",
                        format!("hex {label} is in {count} sectors; each hex is in exactly one of `east`, `west` (rule 2.1)"),
                    );
                }
            }
        }
        _ => report.file(
            file,
            "region",
            "the regions `east` and `west` (the sectors, rule 2.1) are required",
        ),
    }
    // Rule 13.21: the four draws.
    for draw in DRAWS {
        match map.region(draw) {
            Some(region) if !region.hexes.is_empty() => {}
            _ => report.file(
                file,
                "region",
                format!("region `{draw}` (a draw, rule 13.21) is missing or empty"),
            ),
        }
    }
    // Rule 2.1: exits A-G, each one map-edge hex.
    for exit in EXITS {
        match map.position(exit) {
            Some(place) if place.hexes.len() == 1 => {}
            _ => report.file(
                file,
                "position",
                format!("`{exit}` must be a position with exactly one hex (rule 2.1)"),
            ),
        }
    }
    tank_orders(data, geo, report);
}

/// Rule 23.5: every order sits on a main or secondary road and leads along one; end points exist.
fn tank_orders(data: &OmahaData, geo: &Geo<'_>, report: &mut Report) {
    let mut seen = Vec::new();
    for order in &data.tank_orders {
        if seen.contains(&order.hex) {
            report.at(
                &order.at,
                "order.hex",
                format!("{} has two orders", order.hex),
            );
        }
        seen.push(order.hex);
        if !geo.exists(order.hex) {
            report.at(
                &order.at,
                "order.hex",
                format!("{} is not on the map", order.hex),
            );
            continue;
        }
        if order.next.is_some() == order.by_symbol.is_some() {
            report.at(
                &order.at,
                "order",
                "give exactly one of `next` or `by_symbol` (rule 23.5)",
            );
        }
        for to in order.destinations() {
            let road = geo.road(order.hex, to);
            if !matches!(road, Some("main" | "secondary")) {
                report.at(
                    &order.at,
                    "order.next",
                    format!(
                        "{} to {to} is not along a main or secondary road (rule 23.52)",
                        order.hex
                    ),
                );
            }
        }
    }
    let end_points = data
        .map
        .tag_id("tank_end_point")
        .map_or(0, |tag| data.map.hexes_tagged(tag).count());
    if end_points == 0 && !data.tank_orders.is_empty() {
        report.file(
            "map.toml",
            "hex.tags",
            "no hex is tagged `tank_end_point` (rule 23.5)",
        );
    }
}
