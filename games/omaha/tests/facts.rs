//! The facts the rulebook reveals about its components (omaha-beach.md 7.1–7.6) hold in the data
//! we authored. Test names cite the spec section they check.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_hexmap::HexLabel;
use overlord_omaha::data::{Colour, EventEffect, FireLevel, OmahaData, Positions, Sector};
use std::path::Path;
use std::sync::OnceLock;

fn data() -> &'static OmahaData {
    static DATA: OnceLock<OmahaData> = OnceLock::new();
    DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}"))
    })
}

fn h(label: &str) -> HexLabel {
    label.parse().unwrap()
}

/// The level at which `position` fires into `hex`, if it does.
fn fire(positions: &Positions, position: &str, hex: &str) -> Option<FireLevel> {
    let p = positions.all().into_iter().find(|p| p.name == position)?;
    p.fire.points().find(|(x, _)| *x == h(hex)).map(|(_, l)| l)
}

fn tagged(hex: &str, tag: &str) -> bool {
    let map = &data().map;
    map.tags(map.hex(h(hex)).unwrap()).any(|t| t == tag)
}

fn sector(hex: &str) -> Sector {
    let map = &data().map;
    let hex = map.hex(h(hex)).unwrap();
    if map.region("east").unwrap().hexes.contains(&hex) {
        Sector::East
    } else {
        Sector::West
    }
}

#[test]
fn spec_7_2_wn_positions() {
    let p = &data().positions;
    let wn = |n| p.wn(n).unwrap_or_else(|| panic!("WN{n}"));
    assert_eq!(wn(62).hexes, [h("0812"), h("0912")]);
    assert_eq!(wn(65).hexes, [h("0817"), h("0918")]);
    assert_eq!(wn(65).colour, Colour::Red);
    assert_eq!(
        (wn(70).hexes.as_slice(), wn(70).colour),
        ([h("0728")].as_slice(), Colour::Red)
    );
    assert_eq!(
        (wn(71).hexes.as_slice(), wn(71).colour),
        ([h("0629")].as_slice(), Colour::Green)
    );
    assert_eq!(
        (wn(72).hexes.as_slice(), wn(72).colour),
        ([h("0531"), h("0631")].as_slice(), Colour::Purple)
    );
    assert_eq!(
        (wn(73).hexes.as_slice(), wn(73).colour),
        ([h("0533")].as_slice(), Colour::Blue)
    );
    assert_eq!(wn(60).colour, Colour::Purple);
    assert!(p.wn(63).is_none(), "there is no WN63");
    for (n, s) in [
        (60, Sector::East),
        (61, Sector::East),
        (62, Sector::East),
        (64, Sector::East),
        (65, Sector::East),
        (66, Sector::West),
        (67, Sector::West),
        (68, Sector::West),
        (69, Sector::West),
        (70, Sector::West),
        (71, Sector::West),
        (72, Sector::West),
        (73, Sector::West),
    ] {
        assert_eq!(sector(&wn(n).hexes[0].to_string()), s, "WN{n}");
    }
    let colours: std::collections::BTreeSet<Colour> = p.all().iter().map(|x| x.colour).collect();
    assert_eq!(colours.len(), 6, "all six colours are in use (spec 7.2)");
}

#[test]
fn spec_7_1_fire_points_of_the_examples() {
    let p = &data().positions;
    // Fire examples 1 and 2 (RB L618-636): red WN70 in 0728.
    assert_eq!(fire(p, "WN70", "0427"), Some(FireLevel::Intense));
    assert_eq!(fire(p, "WN70", "0527"), Some(FireLevel::Moderate));
    assert_eq!(fire(p, "WN70", "0626"), Some(FireLevel::Moderate));
    assert_eq!(fire(p, "WN70", "0328"), Some(FireLevel::Moderate));
    assert_eq!(fire(p, "WN70", "0429"), Some(FireLevel::Sporadic));
    assert_eq!(fire(p, "WN72", "0333"), Some(FireLevel::Sporadic));
    assert!(fire(p, "WN73", "0333").is_some());
    // 6.22: six West-sector hexes in WN65's field.
    let wn65 = p.all().into_iter().find(|x| x.name == "WN65").unwrap();
    let west = wn65
        .fire
        .points()
        .filter(|(hex, _)| sector(&hex.to_string()) == Sector::West)
        .count();
    assert_eq!(west, 6);
    // 10.1 example: WN60 covers 0606-0611; 0612 has no red, purple or blue fire point.
    for hex in ["0606", "0607", "0608", "0609", "0610", "0611"] {
        assert!(fire(p, "WN60", hex).is_some(), "{hex}");
    }
    let colours_on_0612: Vec<Colour> = p
        .all()
        .iter()
        .filter(|x| x.fire.points().any(|(hex, _)| hex == h("0612")))
        .map(|x| x.colour)
        .collect();
    assert!(
        !colours_on_0612
            .iter()
            .any(|c| matches!(c, Colour::Red | Colour::Purple | Colour::Blue)),
        "{colours_on_0612:?}"
    );
}

#[test]
fn spec_7_3_reinforcement_positions() {
    let p = &data().positions;
    let r = |id: &str| p.reinforcement(id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!((r("C1").hex, r("C1").colour), (h("1113"), Colour::Brown));
    assert_eq!(sector("1113"), Sector::East);
    assert_eq!(r("C5").colour, Colour::Brown);
    assert!(fire(p, "C5", "1313").is_some() && fire(p, "C5", "1314").is_some());
    assert!(
        fire(p, "C1", "1313").is_none() && fire(p, "C1", "1314").is_none(),
        "6.23 example"
    );
    let at_1313 = p
        .reinforcements
        .iter()
        .find(|x| x.hex == h("1313"))
        .expect("a position in 1313");
    assert_eq!(at_1313.colour, Colour::Red);
    assert!(at_1313.advance.iter().any(|t| t == "C1"));
    assert_eq!(
        p.reinforcements
            .iter()
            .find(|x| x.hex == h("0907"))
            .expect("0907")
            .colour,
        Colour::Brown
    );
    for hex in ["0828", "1014"] {
        assert!(
            p.reinforcements
                .iter()
                .any(|x| x.hex == h(hex) && x.id.is_none()),
            "{hex} is a position without ID"
        );
    }
    assert_eq!(r("D4").hex, h("1321"));
    assert_eq!(r("A4").colour, Colour::Purple);
    assert_eq!(r("C3").colour, Colour::Red);
    assert_eq!(r("B1").advance, ["A7", "A6"]);
    for id in [
        "A3", "A6", "A7", "C2", "C4", "C6", "D1", "E5", "F1", "G1", "G2", "G5", "G6",
    ] {
        r(id);
    }
    assert_eq!(p.reinforcements.iter().filter(|x| x.vp).count(), 42);
}

#[test]
fn spec_7_1_and_7_4_beach_boxes_and_terrain() {
    let d = data();
    let er1 = d.boxes.landing_box("ER1").unwrap();
    assert_eq!(
        (er1.land.low, er1.land.mid, er1.land.high),
        (h("0513"), h("0613"), Some(h("0714")))
    );
    for hex in [
        "0606", "0610", "0612", "0613", "0614", "0618", "0523", "0524", "0525", "0426",
    ] {
        assert!(tagged(hex, "obstacle"), "{hex} is an obstacle hex");
    }
    assert!(tagged("1316", "bocage"));
    let map = &d.map;
    let shingle = map.feature_id("shingle").unwrap();
    for hex in ["0710", "0711", "0712"] {
        let hex = map.hex(h(hex)).unwrap();
        assert!(
            map.neighbours_on_map(hex)
                .any(|n| map.hexside_has(hex, n, shingle)),
            "19.31: shingle by {hex:?}"
        );
    }
    let ditch = map.feature_id("at_ditch").unwrap();
    for hex in ["0810", "0811"] {
        let hex = map.hex(h(hex)).unwrap();
        assert!(
            map.neighbours_on_map(hex)
                .any(|n| map.hexside_has(hex, n, ditch)),
            "19.31: AT ditch by {hex:?}"
        );
    }
    for hex in ["1220", "1320", "1322"] {
        assert!(
            map.road_links(map.hex(h(hex)).unwrap())
                .iter()
                .any(|_| true),
            "{hex} is a road hex"
        );
    }
    let order = d
        .tank_orders
        .iter()
        .find(|o| o.hex == h("1321"))
        .expect("23.5: an order on 1321");
    let by = order.by_symbol.as_ref().expect("1321 is a junction");
    assert_eq!(
        (by.circle, by.triangle, by.diamond),
        (h("1322"), h("1320"), h("1220"))
    );
    assert_eq!(sector("0819"), Sector::West);
}

#[test]
fn spec_7_5_counters() {
    let d = data();
    assert_eq!(d.counter_count(), 352);
    let tanks: Vec<&str> =
        d.us.units
            .iter()
            .filter(|u| u.arrival.is_none())
            .map(|u| u.id.as_str())
            .collect();
    assert_eq!(tanks.len(), 8);
    for id in [
        "A/1/16",
        "C/2R",
        "A-B/2R",
        "1/A/741",
        "7FA",
        "58FA",
        "62FA",
        "1•2/397",
        "5•6/397",
        "A•B/197",
        "C•D/467",
    ] {
        assert!(d.us.unit(id).is_some(), "{id}");
    }
    assert_eq!(d.us.unit("A/1/16").unwrap().attack, [2, 4, 6]);
}

#[test]
fn spec_7_6_cards() {
    let d = data();
    assert_eq!(d.cards.len(), 55);
    assert!(d.card(55).unwrap().summary);
    let c19 = d.card(19).unwrap().event_on(17).unwrap();
    assert!(
        matches!(&c19.effect, EventEffect::Reinforcements { zones } if zones.contains(&'C') && zones.contains(&'G'))
    );
}

/// A folder holding some of the files (a printed deck, the tests' reference deck and roster)
/// over a complete one: each file comes from the first folder that has it.
#[test]
fn a_layered_load_takes_each_file_from_the_first_folder_that_has_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let reference = root.join("tests/fixtures/reference");
    let shipped = root.join("../../data/omaha");
    let layered = OmahaData::load_layered(&[&reference, &shipped]).unwrap();
    let strengths =
        |d: &OmahaData| -> Vec<u8> { d.german.wn_units.iter().map(|u| u.strength).collect() };
    // The reference roster is the one before the balance tuning, which weakened the WN units.
    assert!(strengths(&layered).iter().sum::<u8>() > strengths(data()).iter().sum::<u8>());
    // The map is not in the reference folder, so it is the shipped one.
    assert_eq!(layered.map.len(), data().map.len());
    assert_eq!(layered.cards.len(), data().cards.len());
}
