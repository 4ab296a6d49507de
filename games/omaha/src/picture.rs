//! The map picture of `overlord map omaha`: the board drawn by `overlord-mapdraw` in the Omaha
//! style, with the game's layers on top: German positions in their colours, fire points by
//! intensity (rule 2.1), advance arrows (16.8), exits, tank end points (23.5) and the landing
//! boxes below the sea (5.2).

use crate::data::{Colour, FireLevel, OmahaData};
use overlord_hexmap::{Hex, HexLabel, HexMap};
use overlord_mapdraw::{
    HexText, Link, Mark, OffMapBox, Overlays, RegionBoundary, Rotation, Shape, Side, Stroke, Style,
    TagRule, TagStyle, to_svg,
};

/// The map as SVG.
pub fn svg(data: &OmahaData) -> String {
    let mut overlays = Overlays::new();
    fire_points(data, &mut overlays);
    positions(data, &mut overlays);
    exits_and_end_points(&data.map, &mut overlays);
    landing_boxes(data, &mut overlays);
    to_svg(&data.map, &style(), &overlays)
}

/// The board turned a quarter anticlockwise: printed columns (inland) go up, rows (westward) go
/// left to right, the sea at the bottom, as the rulebook describes the map (rule 2.1).
pub fn style() -> Style {
    let mut style = Style::wargame();
    style.rotation = Rotation::Anticlockwise;
    style.hex_size = 28.0;
    for (terrain, colour) in [
        ("sea", "#7fb2d9"),
        ("beach", "#ecdcab"),
        ("flat", "#dfe8c0"),
        ("high_ground", "#9cc07a"),
    ] {
        style.set_terrain_colour(terrain, colour);
    }
    style.region_boundaries.push(RegionBoundary {
        region: "east".to_owned(),
        other: Some("west".to_owned()),
        stroke: Stroke::new("#6a1b9a", 3.0).dashed(&[14.0, 4.0, 3.0, 4.0]),
        legend: Some("sector line (East | West)".to_owned()),
    });
    for (tag, legend) in [
        ("tide_low", "low-tide line"),
        ("tide_mid", "mid-tide line"),
        ("tide_high", "high-tide line"),
    ] {
        if let Some(rule) = style.tags.iter_mut().find(|r| r.tag == tag) {
            rule.legend = Some(legend.to_owned());
        }
    }
    style.tags.push(TagRule {
        tag: "draw".to_owned(),
        style: TagStyle::Tint {
            colour: "#8d6e63".to_owned(),
            opacity: 0.25,
        },
        legend: Some("draw".to_owned()),
    });
    style
}

fn hex(map: &HexMap, label: HexLabel) -> Option<Hex> {
    map.hex(label)
}

/// Where in a hex a colour's fire point sits, so points of several colours in one hex stay apart.
fn colour_offset(colour: Colour) -> (f64, f64) {
    let index = Colour::ALL.iter().position(|&c| c == colour).unwrap_or(0);
    let angle = std::f64::consts::TAU * (index as f64) / 6.0 + 0.5;
    (0.5 * angle.cos(), 0.5 * angle.sin())
}

/// Intense ●, Moderate ⊕ (a ring with a dot), Sporadic ○ (rule 2.1).
fn fire_points(data: &OmahaData, overlays: &mut Overlays) {
    for position in data.positions.all() {
        let rgb = position.colour.rgb();
        let (dx, dy) = colour_offset(position.colour);
        for (label, level) in position.fire.points() {
            let Some(at) = hex(&data.map, label) else {
                continue;
            };
            let title = format!("{} {level:?} fire", position.name);
            // One layer per colour, so a client can show the fire fields colour by colour.
            let layer = format!("fire:{}", position.colour);
            let ring = Mark::new(at, Shape::Ring, rgb)
                .with_size(0.2)
                .with_offset(dx, dy)
                .with_title(&title)
                .in_layer(&layer);
            let dot = Mark::new(at, Shape::Circle, rgb)
                .with_offset(dx, dy)
                .with_title(&title)
                .in_layer(&layer);
            match level {
                FireLevel::Intense => overlays.marks.push(dot.with_size(0.2)),
                FireLevel::Moderate => {
                    overlays.marks.push(ring);
                    overlays.marks.push(dot.with_size(0.08));
                }
                FireLevel::Sporadic => overlays.marks.push(ring),
            }
        }
    }
}

/// WNs as squares, reinforcement positions as circles, in their colour, with their name;
/// advance arrows between positions (rule 16.8).
fn positions(data: &OmahaData, overlays: &mut Overlays) {
    let outline = || Stroke::new("#1a1a1a", 1.5);
    for wn in &data.positions.wns {
        for (name, label) in wn.hex_names() {
            let Some(at) = hex(&data.map, label) else {
                continue;
            };
            overlays.marks.push(
                Mark::new(at, Shape::Square, wn.colour.rgb())
                    .with_size(0.55)
                    .with_stroke(outline())
                    .with_title(&name),
            );
            overlays.texts.push(
                HexText::new(at, &name.replace("WN", ""))
                    .with_colour("#ffffff")
                    .with_size(9.0)
                    .bold(),
            );
        }
    }
    for r in &data.positions.reinforcements {
        let Some(at) = hex(&data.map, r.hex) else {
            continue;
        };
        let mark = Mark::new(at, Shape::Circle, r.colour.rgb())
            .with_size(0.5)
            .with_stroke(if r.vp {
                Stroke::new("#ffd600", 2.5)
            } else {
                outline()
            })
            .with_title(&r.name());
        overlays.marks.push(mark);
        if let Some(id) = &r.id {
            overlays.texts.push(
                HexText::new(at, id)
                    .with_colour("#ffffff")
                    .with_size(8.0)
                    .bold(),
            );
        }
        for target in &r.advance {
            if let Some(to) = data
                .positions
                .reinforcement(target)
                .and_then(|t| hex(&data.map, t.hex))
            {
                overlays
                    .links
                    .push(Link::arrow(at, to, Stroke::new(r.colour.rgb(), 2.0)));
            }
        }
    }
}

/// Exit hexes A-G (rule 2.1) as flags with their letter; tank end points (23.5) as red hexagons.
fn exits_and_end_points(map: &HexMap, overlays: &mut Overlays) {
    for place in map.positions() {
        let Some(letter) = place.id.strip_prefix("exit-") else {
            continue;
        };
        for &at in &place.hexes {
            overlays.marks.push(
                Mark::new(at, Shape::Diamond, "#ffffff")
                    .with_size(0.5)
                    .with_stroke(Stroke::new("#b00020", 1.5))
                    .with_title(&place.id),
            );
            overlays.texts.push(
                HexText::new(at, letter)
                    .with_colour("#b00020")
                    .with_size(9.0)
                    .bold(),
            );
        }
    }
    if let Some(tag) = map.tag_id("tank_end_point") {
        for at in map.hexes_tagged(tag) {
            overlays.marks.push(
                Mark::new(at, Shape::Triangle, "#b00020")
                    .with_size(0.25)
                    .with_offset(0.0, -0.45)
                    .with_title("German tank end point (23.5)"),
            );
        }
    }
}

/// The landing boxes below the sea, east to west, each pointing at its low-tide hex (rule 5.2).
fn landing_boxes(data: &OmahaData, overlays: &mut Overlays) {
    for b in &data.boxes.landing {
        let Some(at) = hex(&data.map, b.land.low) else {
            continue;
        };
        let fill = if b.letters.is_some() {
            "#fffdf4"
        } else {
            "#eeeeee"
        };
        overlays
            .boxes
            .push(OffMapBox::new(&b.id, at).on(Side::Bottom).with_fill(fill));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fire_point_offsets_of_different_colours_differ() {
        let offsets: Vec<(i64, i64)> = Colour::ALL
            .iter()
            .map(|&c| {
                let (x, y) = colour_offset(c);
                ((x * 1000.0) as i64, (y * 1000.0) as i64)
            })
            .collect();
        for (i, a) in offsets.iter().enumerate() {
            assert!(!offsets[i + 1..].contains(a));
        }
    }
}
