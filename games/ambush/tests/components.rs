//! The shipped components load and say what the spec says of them (T-S1-1).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ambush::AmbushData;
use overlord_ambush::data::map::{Dir, Feature, Terrain};
use std::path::Path;

fn data() -> AmbushData {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
    AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}"))
}

/// T-S1-1: mission S1 with the sample squad passes every cross-reference check of 7.17.
#[test]
fn t_s1_1_the_sample_mission_and_squad_pass_every_check() {
    let data = data();
    let s1 = data.mission("S1").expect("S1");
    assert_eq!(s1.header.name, "Crossroads Farm");
    assert_eq!(s1.paragraphs.len(), 20, "101-121 without 108");
    assert_eq!(s1.germans.len(), 5);
    let squad = data.squad("sample_squad").expect("the sample squad");
    assert_eq!(squad.soldiers.len(), 5);
    assert_eq!(squad.equipment_points_used, 37);
}

/// AMBX-MAP-5: a building's outer sides are walls unless listed; its inner side is open;
/// AMBX-MAP-4: a side listed on one hex is mirrored to its neighbour.
#[test]
fn ambx_map_4_and_5_walls_doors_windows_and_mirrored_sides() {
    let data = data();
    let map = data
        .mission("S1")
        .and_then(|m| m.hexes.as_ref())
        .expect("S1's map");
    let farmhouse_w = map.hex("0503").unwrap();
    assert_eq!(map.cell(farmhouse_w).terrain, Terrain::Building);
    assert_eq!(map.side(farmhouse_w, Dir::N), Some(Feature::Window));
    assert_eq!(map.side(farmhouse_w, Dir::SW), Some(Feature::Door));
    // 0503|0603 is inside the farmhouse: open.
    let farmhouse_e = map.hex("0603").unwrap();
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| map.neighbour(farmhouse_w, d) == Some(farmhouse_e))
        .expect("adjacent");
    assert_eq!(map.side(farmhouse_w, dir), None);
    // Unlisted outer sides are walls, seen from both hexes.
    assert_eq!(map.side(farmhouse_w, Dir::NW), Some(Feature::Wall));
    let outside = map.neighbour(farmhouse_w, Dir::NW).unwrap();
    assert_eq!(map.side(outside, Dir::SE), Some(Feature::Wall));
    // The door seen from the road hex 0403.
    let road = map.hex("0403").unwrap();
    assert_eq!(map.neighbour(farmhouse_w, Dir::SW), Some(road));
    assert_eq!(map.side(road, Dir::NE), Some(Feature::Door));
    // The embankment 0701|0601 listed on 0701 only.
    let hill = map.hex("0701").unwrap();
    let below = map.neighbour(hill, Dir::SW).unwrap();
    assert_eq!(map.label(below), "0601");
    assert_eq!(map.side(below, Dir::NE), Some(Feature::Embankment));
}

/// The rules reference the browser opens from a rule id (`data/ambush/rules.toml`, written by
/// `scripts/rules-reference.py`) has an entry for every rule id of the spec, so every id the
/// game's log and prompts cite opens its own text.
#[test]
fn amb_rules_reference_has_every_rule_id_of_the_spec() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let missing = overlord_engine::testing::rules_without_text(
        &root.join("data/ambush"),
        &root.join("docs/ambush/rule-ids.txt"),
    )
    .unwrap();
    assert!(missing.is_empty(), "rule ids with no text: {missing:?}");
}
