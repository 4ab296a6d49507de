//! The mission map as the player sees it before play (`overlord map ambush --scenario S1`):
//! terrain and elevation, building walls with their doors and windows, embankments and crests,
//! the squad's entry hexes. Nothing hidden is drawn (AMBX-HID-1): no German, no sheet entry.

use crate::data::map::Feature;
use crate::data::mission::MissionDef;
use overlord_mapdraw::{HexText, LineRule, Mark, Overlays, Shape, Stroke, Style};

/// The SVG picture of `mission`'s map; a note in place of the map when it failed its checks
/// (a mission that loaded always has one).
pub fn mission_svg(mission: &MissionDef) -> String {
    drawn(mission, |_, _| {})
}

/// The mission's map with a heat map on it (`overlord sim`'s report): `counts` gives, per hex
/// label, how many US soldiers were put out of the fight there over a batch of games. Labels
/// the map does not have are left out.
pub fn heat_svg(mission: &MissionDef, counts: &[(String, u32)]) -> String {
    drawn(mission, |map, overlays| {
        let cells: Vec<_> = counts
            .iter()
            .filter_map(|(label, n)| Some((map.axial(map.hex(label)?)?, *n)))
            .collect();
        overlays.add_heat(&cells, "US soldiers killed or incapacitated here");
    })
}

/// The map drawn with `extra` overlays added after the terrain's own.
fn drawn(
    mission: &MissionDef,
    extra: impl FnOnce(&crate::map::MissionMap, &mut Overlays),
) -> String {
    let Some(map) = mission.hexes.as_ref() else {
        return String::new();
    };
    let Some(hexmap) = map.hexmap() else {
        return String::new();
    };
    let mut style = Style {
        hex_size: 36.0,
        ..Style::default()
    };
    style.title = Some(format!(
        "Ambush! mission {} \u{2014} {} ({}), authored by the Overlord project",
        mission.header.id, mission.header.name, mission.header.date
    ));
    style.features = vec![
        LineRule::new(Feature::Wall.name(), Stroke::new("#3b2a1a", 4.0)).with_legend("wall"),
        LineRule::new(Feature::Door.name(), Stroke::new("#c8102e", 4.0)).with_legend("door"),
        LineRule::new(Feature::Window.name(), Stroke::new("#2f7fd0", 4.0)).with_legend("window"),
        LineRule::new(
            Feature::Breach.name(),
            Stroke::new("#888888", 4.0).dashed(&[4.0, 3.0]),
        )
        .with_legend("breach"),
        LineRule::new(Feature::Embankment.name(), Stroke::new("#6b4f2a", 2.5))
            .with_ticks(0.18)
            .with_legend("embankment"),
        LineRule::new(
            Feature::Crest.name(),
            Stroke::new("#5a3d1e", 2.0).dashed(&[6.0, 3.0]),
        )
        .with_ticks(0.25)
        .with_legend("crest"),
    ];
    let mut overlays = Overlays::new();
    for hex in map.hexes() {
        let cell = map.cell(hex);
        let Some(axial) = map.axial(hex) else {
            continue;
        };
        if cell.elev > 0 {
            overlays.texts.push(
                HexText::new(axial, &format!("\u{25b2}{}", cell.elev))
                    .with_size(9.0)
                    .with_offset(0.0, 0.5),
            );
        }
        if let Some(b) = cell.building {
            let name = map
                .buildings
                .get(usize::from(b))
                .map_or("", |b| b.id.as_str());
            overlays.texts.push(
                HexText::new(axial, name)
                    .with_size(8.0)
                    .with_offset(0.0, 0.1),
            );
        }
    }
    for entry in &mission.header.us_entry {
        if let Some(axial) = map.hex(entry).and_then(|h| map.axial(h)) {
            overlays
                .marks
                .push(Mark::new(axial, Shape::Triangle, "#2e7d32").with_title("US entry hex"));
        }
    }
    extra(map, &mut overlays);
    overlord_mapdraw::to_svg(hexmap, &style, &overlays)
}
