//! The map picture of `overlord map normandy44`: the board drawn by `overlord-mapdraw`, with the
//! game's lines on top (the Army Boundary, the 27 June line, the naval bombardment zone, the
//! Cherbourg perimeter) and its places marked (the nine assault beaches, beachheads, drop and
//! landing zones, German entry and mobilization hexes, naval batteries).

use crate::data::{Assault, N44Data};
use overlord_hexmap::{Hex, HexId};
use overlord_mapdraw::{
    HexText, LineRule, Mark, Overlays, RegionBoundary, Shape, Stroke, Style, to_svg,
};

/// The map as SVG.
pub fn svg(data: &N44Data) -> String {
    let mut overlays = Overlays::new();
    places(data, &mut overlays);
    to_svg(&data.map.file, &style(), &overlays)
}

/// The wargame style with the game's terrain colours and lines.
pub fn style() -> Style {
    let mut style = Style::wargame();
    style.hex_size = 18.0;
    // The printed rows grow northwards (RRCC): mirror the board so that north is up.
    style.mirror = true;
    for (terrain, colour) in [
        ("sea", "#8cb8dc"),
        ("clear", "#eef0d2"),
        ("mixed", "#d8e4b0"),
        ("bocage", "#b9cf8c"),
        ("woods", "#6f9a58"),
        ("flooded", "#a9cfd8"),
        ("marsh", "#7aa0a0"),
        ("town", "#d9c2a5"),
        ("city", "#c49a7a"),
    ] {
        style.set_terrain_colour(terrain, colour);
    }
    // Each line is drawn between a region and its complement on land, so none runs along the
    // coast.
    for (region, other, colour, legend) in [
        (
            "us_sector",
            "cw_sector",
            "#1b5e20",
            "Army Boundary (US | CW)",
        ),
        (
            "h_line_allied",
            "h_line_german",
            "#c62828",
            "27 June Historical Advance Line",
        ),
        (
            "naval_bombardment_zone",
            "beyond_bombardment_line",
            "#1565c0",
            "Naval Bombardment Zone and Bombardment Line",
        ),
    ] {
        style.region_boundaries.push(RegionBoundary {
            region: region.to_owned(),
            other: Some(other.to_owned()),
            stroke: Stroke::new(colour, 2.5).dashed(&[10.0, 4.0]),
            legend: Some(legend.to_owned()),
        });
    }
    style.features = vec![
        LineRule::new("major_river", Stroke::new("#1565c0", 4.0).rounded())
            .with_legend("major river (Orne canal included)"),
        LineRule::new("minor_river", Stroke::new("#42a5f5", 2.0).rounded())
            .with_legend("minor river"),
        LineRule::new("flooded", Stroke::new("#4dd0e1", 3.0).dashed(&[5.0, 3.0]))
            .with_legend("flooded hexside"),
        LineRule::new("causeway", Stroke::new("#795548", 4.0).rounded()).with_legend("causeway"),
        LineRule::new("impassable", Stroke::new("#0d47a1", 5.0)).with_legend("impassable"),
        LineRule::new("all_sea", Stroke::new("#8cb8dc", 4.0)).with_legend("all-sea hexside"),
        LineRule::new("carpiquet", Stroke::new("#9e9e9e", 4.0).dashed(&[3.0, 2.0]))
            .with_legend("Carpiquet airfield"),
        LineRule::new("cherbourg_perimeter", Stroke::new("#4e342e", 3.0))
            .with_ticks(0.2)
            .with_legend("Cherbourg Perimeter"),
    ];
    style.name_size = 7.0;
    style
}

fn places(data: &N44Data, overlays: &mut Overlays) {
    let map = &data.map;
    let hex = |id: HexId| -> Option<Hex> { map.hexes.hex(id) };
    for (assault, &id) in Assault::ALL.iter().zip(&map.assaults) {
        if let Some(h) = hex(id) {
            overlays
                .marks
                .push(Mark::new(h, Shape::Triangle, "#f9a825").with_title(assault.name()));
        }
    }
    for &id in map.beachheads.iter().chain(&map.mulberries) {
        if let Some(h) = hex(id) {
            overlays
                .marks
                .push(Mark::new(h, Shape::Ring, "#f57f17").with_title("beachhead"));
        }
    }
    for (colour, hexes) in &map.entries {
        for &id in hexes {
            if let Some(h) = hex(id) {
                overlays
                    .texts
                    .push(HexText::new(h, &colour.name()[..1].to_uppercase()).bold());
            }
        }
    }
    for &id in map.mobilization_243.iter().chain(&map.mobilization_709) {
        if let Some(h) = hex(id) {
            overlays
                .marks
                .push(Mark::new(h, Shape::Square, "#616161").with_title("mobilization hex"));
        }
    }
    for (name, id) in &map.batteries {
        if let Some(h) = hex(*id) {
            overlays
                .marks
                .push(Mark::new(h, Shape::Diamond, "#212121").with_title(name));
        }
    }
    for p in map.file.positions() {
        if p.id.starts_with("drop-") || p.id.starts_with("lz-") {
            for &h in &p.hexes {
                overlays
                    .marks
                    .push(Mark::new(h, Shape::Circle, "#6a1b9a").with_title(&p.id));
            }
        }
    }
}
