//! Rule 17 (extended-game moves): 17.1, 17.11, 17.12, 17.2, 17.21, 17.22, 17.23, AMB-27 and
//! AMB-28 on the shipped map (`moves_extended`, not yet offered by any prompt).

use super::combat::{leader, us};
use super::*;
use crate::data::UsKind;
use crate::index::{GerId, UsCounter};
use crate::moves_extended::{
    MovePath, max_hexes, one_hex_only, one_hex_paths, tank_road_paths, two_hex_paths,
};
use crate::tables::terrain::Crossing;

/// Put some unused German unit in `slot`, disrupted or not.
fn man(state: &mut Omaha, slot: &str, disrupted: bool) -> GerId {
    let s = state.data.index.slot_named(slot).expect("slot");
    let g = state
        .germans
        .iter()
        .position(|g| g.loc == GerLoc::OutOfPlay)
        .expect("a free German unit");
    state.germans[g].loc = GerLoc::Slot(s);
    state.germans[g].disrupted = disrupted;
    g as GerId
}

fn infantry(state: &mut Omaha, label: &str) -> UsId {
    us(state, label, 0, |u| u.kind == UsKind::Infantry)
}

fn tank(state: &mut Omaha, label: &str) -> UsId {
    us(state, label, 0, |u| u.kind == UsKind::Tank)
}

/// The paths as label sequences ("1403-1404").
fn labels(state: &Omaha, paths: &[MovePath]) -> Vec<String> {
    paths
        .iter()
        .map(|p| {
            p.hexes
                .iter()
                .map(|&h| state.data.index.hexes[usize::from(h)].label.to_string())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

fn has(paths: &[String], path: &str) -> bool {
    paths.iter().any(|p| p == path)
}

/// Whether some path ends in `label`.
fn reaches(paths: &[String], label: &str) -> bool {
    paths.iter().any(|p| p.ends_with(label))
}

#[test]
fn r_17_1_infantry_two_hexes_along_a_road_through_bocage() {
    let mut s = empty(28);
    let u = infantry(&mut s, "1402");
    let paths = labels(&s, &two_hex_paths(&s, u));
    // The main road 1401-1408 runs through bocage: along it the move goes on.
    assert!(has(&paths, "1403-1404"), "{paths:?}");
    // Clear hexes, two steps.
    assert!(has(&paths, "1303-1304"), "{paths:?}");
    // Bocage entered off the road (1503): one hex only.
    assert!(has(&paths, "1503"));
    assert!(!paths.iter().any(|p| p.starts_with("1503-")), "{paths:?}");
    // Never more than two hexes, never back to the start.
    assert!(paths.iter().all(|p| p.len() <= 9));
    assert!(!reaches(&paths, "1402"));
}

#[test]
fn amb_27_moderate_or_intense_of_a_manned_position_ends_the_move() {
    // 1403 has A5 Moderate and A9 Sporadic; 1404 has A8 Intense.
    let mut s = empty(28);
    let u = infantry(&mut s, "1402");
    // A9 manned: a Sporadic point does not stop the move (AMB-27: Intense or Moderate).
    let a9 = man(&mut s, "A9", false);
    assert!(has(&labels(&s, &two_hex_paths(&s, u)), "1403-1404"));
    s.germans[usize::from(a9)].loc = GerLoc::OutOfPlay;
    // A5 manned: 1403 is Moderate, the move ends there.
    let a5 = man(&mut s, "A5", false);
    let paths = labels(&s, &two_hex_paths(&s, u));
    assert!(has(&paths, "1403"));
    assert!(!reaches(&paths, "1404"), "{paths:?}");
    // A disrupted position projects no field (6.4): the move goes on.
    s.germans[usize::from(a5)].disrupted = true;
    assert!(has(&labels(&s, &two_hex_paths(&s, u)), "1403-1404"));
    s.germans[usize::from(a5)].loc = GerLoc::OutOfPlay;
    // A8 manned: 1404 is Intense and may only be the hex of a one-hex move.
    man(&mut s, "A8", false);
    assert!(!reaches(&labels(&s, &two_hex_paths(&s, u)), "1404"));
    let v = infantry(&mut s, "1403");
    assert!(has(&labels(&s, &two_hex_paths(&s, v)), "1404"));
}

#[test]
fn r_17_1_bocage_one_hex_for_infantry_two_for_leaders() {
    let mut s = empty(28);
    let u = infantry(&mut s, "1516");
    let paths = labels(&s, &two_hex_paths(&s, u));
    assert!(has(&paths, "1616"));
    assert!(!reaches(&paths, "1716"), "{paths:?}");
    assert!(paths.iter().all(|p| p.len() == 4), "{paths:?}");
    for counter in [UsCounter::Hq, UsCounter::General] {
        let l = leader(&mut s, "1516", counter);
        let paths = labels(&s, &two_hex_paths(&s, l));
        assert!(has(&paths, "1616-1716"), "{counter:?}: {paths:?}");
    }
}

#[test]
fn r_17_1_leaders_never_enter_rough() {
    // 0435 is rough: 0436 lies beyond it; 0536 is reached around it.
    let mut s = empty(28);
    for counter in [UsCounter::Hq, UsCounter::General] {
        let l = leader(&mut s, "0434", counter);
        let paths = labels(&s, &two_hex_paths(&s, l));
        assert!(!paths.iter().any(|p| p.contains("0435")), "{paths:?}");
        assert!(!reaches(&paths, "0436"));
        assert!(has(&paths, "0535-0536"), "{counter:?}: {paths:?}");
    }
    // AMB-20: a General crosses the scalable cliff down to the beach, an HQ does not.
    let hq = leader(&mut s, "0434", UsCounter::Hq);
    assert!(!reaches(&labels(&s, &two_hex_paths(&s, hq)), "0433"));
    let general = leader(&mut s, "0434", UsCounter::General);
    assert!(reaches(&labels(&s, &two_hex_paths(&s, general)), "0433"));
}

#[test]
fn r_17_11_bluff_infantry_one_hex_without_marker_leader_two() {
    let mut s = empty(28);
    let u = infantry(&mut s, "0702");
    let paths = two_hex_paths(&s, u);
    let names = labels(&s, &paths);
    let up = paths
        .iter()
        .find(|p| p.hexes == [hex(&s, "0802")])
        .expect("a one-hex climb");
    assert!(!up.climb_marker, "17.11: no Climb marker");
    assert!(!names.iter().any(|p| p.starts_with("0802-")), "{names:?}");
    // Nor may the bluff be the second hex.
    let v = infantry(&mut s, "0601");
    let names = labels(&s, &two_hex_paths(&s, v));
    assert!(has(&names, "0702"));
    assert!(
        !reaches(&names, "0802") && !reaches(&names, "0801"),
        "{names:?}"
    );
    // A leader crossing a bluff still moves two hexes.
    let hq = leader(&mut s, "0702", UsCounter::Hq);
    assert!(has(&labels(&s, &two_hex_paths(&s, hq)), "0802-0903"));
}

#[test]
fn r_17_12_cliff_crossed_at_once_with_a_climb_marker() {
    let mut s = empty(28);
    let u = infantry(&mut s, "0433");
    let paths = two_hex_paths(&s, u);
    let up = paths
        .iter()
        .find(|p| p.hexes == [hex(&s, "0434")])
        .expect("17.12: across the cliff at once");
    assert!(up.climb_marker);
    let names = labels(&s, &paths);
    assert!(!names.iter().any(|p| p.starts_with("0434-")), "{names:?}");
    // T5a is unchanged for the basic game: there it is a Climb Cliff action.
    assert_eq!(
        crate::movement::crossing(&s, u, hex(&s, "0433"), hex(&s, "0434")),
        Crossing::ClimbCliff
    );
}

#[test]
fn r_17_1_tide_and_7_31_german_hexes_on_either_step() {
    // Turn 17 is High Tide: the low- and mid-tide lines are under water (5.21).
    let mut s = empty(17);
    let u = infantry(&mut s, "0702");
    let paths = labels(&s, &two_hex_paths(&s, u));
    assert!(has(&paths, "0701"));
    assert!(
        !paths
            .iter()
            .any(|p| p.contains("0602") || p.contains("0601"))
    );
    // A German hex is neither entered nor passed through (7.31).
    let mut s = empty(28);
    let u = infantry(&mut s, "1402");
    man(&mut s, "A5", true);
    let paths = labels(&s, &two_hex_paths(&s, u));
    assert!(!paths.iter().any(|p| p.contains("1303")), "{paths:?}");
}

#[test]
fn r_17_1_infiltration_per_step_and_leaders_never_alone() {
    // 1401 and 1402 are both adjacent to A9 (1502) and in its field.
    let mut s = empty(28);
    let a9 = man(&mut s, "A9", false);
    let slot = s.data.index.slot_named("A9").unwrap();
    let bit = 1u128 << s.data.index.slots[usize::from(slot)].position;
    let u = infantry(&mut s, "1401");
    let paths = two_hex_paths(&s, u);
    let step = paths
        .iter()
        .find(|p| p.hexes == [hex(&s, "1402")])
        .expect("an infiltration is a legal move");
    assert_eq!(step.infiltrates, vec![bit]);
    // HQ from 1301: the first step is no infiltration, the second would be (7.32: not alone).
    let hq = leader(&mut s, "1301", UsCounter::Hq);
    let paths = labels(&s, &two_hex_paths(&s, hq));
    assert!(has(&paths, "1401"));
    assert!(!has(&paths, "1401-1402"), "{paths:?}");
    s.germans[usize::from(a9)].disrupted = true;
    assert!(has(&labels(&s, &two_hex_paths(&s, hq)), "1401-1402"));
}

#[test]
fn r_17_2_main_road_four_hexes_stop_on_intense() {
    let mut s = empty(28);
    let t = tank(&mut s, "1309");
    let paths = labels(&s, &tank_road_paths(&s, t, |_| false));
    assert!(has(&paths, "1310-1311-1312-1313"), "{paths:?}");
    assert!(has(&paths, "1408-1407-1406-1405"), "{paths:?}");
    assert!(!reaches(&paths, "1314"));
    // A main-road start follows main roads only.
    assert!(!paths.iter().any(|p| p.contains("1210")), "{paths:?}");
    // B9 (Intense in 1311, 1312) manned: the tank stops in 1311.
    let b9 = man(&mut s, "B9", false);
    let paths = labels(&s, &tank_road_paths(&s, t, |_| false));
    assert!(has(&paths, "1310-1311"));
    assert!(!reaches(&paths, "1312"), "{paths:?}");
    s.germans[usize::from(b9)].disrupted = true;
    assert!(has(
        &labels(&s, &tank_road_paths(&s, t, |_| false)),
        "1310-1311-1312-1313"
    ));
    s.germans[usize::from(b9)].loc = GerLoc::OutOfPlay;
    // B5 (Moderate in 1311, 1312) does not stop it.
    man(&mut s, "B5", false);
    assert!(has(
        &labels(&s, &tank_road_paths(&s, t, |_| false)),
        "1310-1311-1312-1313"
    ));
}

#[test]
fn r_17_2_secondary_road_two_hexes() {
    let mut s = empty(28);
    let t = tank(&mut s, "1210");
    let paths = labels(&s, &tank_road_paths(&s, t, |_| false));
    for p in ["1110", "1110-1010", "1310", "1310-1311", "1310-1309"] {
        assert!(has(&paths, p), "{p}: {paths:?}");
    }
    assert!(
        !reaches(&paths, "0910") && !reaches(&paths, "1312"),
        "{paths:?}"
    );
}

#[test]
fn r_17_21_start_on_the_road_and_stay_on_it() {
    let mut s = empty(28);
    let t = tank(&mut s, "1302");
    assert!(tank_road_paths(&s, t, |_| false).is_empty());
    let t = tank(&mut s, "1309");
    let paths = labels(&s, &tank_road_paths(&s, t, |_| false));
    assert!(
        !paths
            .iter()
            .any(|p| p.contains("1409") || p.contains("1209"))
    );
}

#[test]
fn r_17_22_mined_roads_need_an_engineer_base_amb_28() {
    let mut s = empty(28);
    let t = tank(&mut s, "1110");
    let mined = hex(&s, "1011");
    let paths = labels(&s, &tank_road_paths(&s, t, |_| false));
    assert!(has(&paths, "1110-1010") || has(&paths, "1010"), "{paths:?}");
    assert!(!reaches(&paths, "1011"), "{paths:?}");
    let paths = labels(&s, &tank_road_paths(&s, t, |h| h == mined));
    assert!(has(&paths, "1010-1011"), "{paths:?}");
    let u = tank(&mut s, "1010");
    assert!(!reaches(
        &labels(&s, &one_hex_paths(&s, u, |_| false)),
        "1011"
    ));
    assert!(reaches(
        &labels(&s, &one_hex_paths(&s, u, |h| h == mined)),
        "1011"
    ));
}

#[test]
fn amb_28_no_trail_for_tanks() {
    // 1309 -> 1208 is a trail into woods.
    let mut s = empty(28);
    let t = tank(&mut s, "1309");
    let (a, b) = (hex(&s, "1309"), hex(&s, "1208"));
    assert!(!reaches(
        &labels(&s, &one_hex_paths(&s, t, |_| false)),
        "1208"
    ));
    assert!(!reaches(
        &labels(&s, &tank_road_paths(&s, t, |_| false)),
        "1208"
    ));
    // The basic game is unchanged (TEC note 6), and other vehicles keep the trail.
    assert_eq!(crate::movement::crossing(&s, t, a, b), Crossing::Allowed);
    let gun = us(&mut s, "1309", 0, |u| u.kind == UsKind::Artillery);
    assert!(reaches(
        &labels(&s, &one_hex_paths(&s, gun, |_| false)),
        "1208"
    ));
}

#[test]
fn r_17_23_one_hex_units() {
    let mut s = empty(28);
    for kind in [
        UsKind::Artillery,
        UsKind::SpArtillery,
        UsKind::AntiTank,
        UsKind::Aa,
        UsKind::SpAa,
    ] {
        assert!(one_hex_only(kind));
        assert_eq!(max_hexes(UsCounter::Unit(kind)), 1);
    }
    assert!(!one_hex_only(UsKind::Tank) && !one_hex_only(UsKind::Infantry));
    assert_eq!(max_hexes(UsCounter::Unit(UsKind::Tank)), 4);
    assert_eq!(max_hexes(UsCounter::Unit(UsKind::Ranger)), 2);
    assert_eq!(max_hexes(UsCounter::Hq), 2);
    let gun = us(&mut s, "1309", 0, |u| u.kind == UsKind::Artillery);
    assert!(two_hex_paths(&s, gun).is_empty());
    assert!(tank_road_paths(&s, gun, |_| false).is_empty());
    assert!(
        one_hex_paths(&s, gun, |_| false)
            .iter()
            .all(|p| p.hexes.len() == 1)
    );
}
