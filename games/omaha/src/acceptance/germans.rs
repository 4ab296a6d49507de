//! Rule 9: T-9.2, T-9.3, T-9.4 and every rule of the chapter (9.1–9.5), with 11.31 and 22.4.

use super::*;
use crate::control::german_loc;
use crate::control::tests::{pick, position, slot};
use crate::data::Sector;
use crate::data::{DepthKind, Division, UsKind};
use crate::index::{GerId, GerKind, PosId, PosKind};
use crate::state::{DepthPool, GerPool};
use overlord_engine::RuleId;

/// Every depth marker back in its box, every reinforcement unit in its box (setup 3.4).
pub fn boxes(s: &mut Omaha) {
    for (i, d) in s.depth.iter_mut().enumerate() {
        if d.loc == DepthLoc::OutOfPlay {
            d.loc = DepthLoc::Pool(match s.data.index.depth[i].kind {
                DepthKind::Wn => DepthPool::Wn,
                DepthKind::Mobile => DepthPool::Mobile,
                DepthKind::Building => DepthPool::Building,
                DepthKind::Armor => DepthPool::Armor,
            });
        }
    }
    for (i, g) in s.germans.iter_mut().enumerate() {
        if g.loc == GerLoc::OutOfPlay {
            g.loc = match s.data.index.germans[i].kind {
                GerKind::Tactical => GerLoc::Pool(GerPool::Tactical),
                GerKind::Divisional => GerLoc::Pool(GerPool::Division),
                GerKind::Meyer => GerLoc::Pool(GerPool::Meyer),
                _ => GerLoc::OutOfPlay,
            };
        }
    }
}

/// Empty a depth box (its markers leave play).
pub fn empty_box(s: &mut Omaha, pool: DepthPool) {
    for d in &mut s.depth {
        if d.loc == DepthLoc::Pool(pool) {
            d.loc = DepthLoc::OutOfPlay;
        }
    }
}

/// Empty a reinforcement box.
pub fn empty_units(s: &mut Omaha, pool: GerPool) {
    for g in &mut s.germans {
        if g.loc == GerLoc::Pool(pool) {
            g.loc = GerLoc::OutOfPlay;
        }
    }
}

/// A 1-step regular infantry unit of the 1st Division in hex `h` (it controls its hex only).
pub fn soldier(s: &mut Omaha, h: HexId) -> UsId {
    let u = pick(s, |i| {
        i.kind() == Some(UsKind::Infantry) && i.division == Division::First
    });
    s.us[usize::from(u)].loc = UsLoc::Hex(h);
    s.us[usize::from(u)].steps = 1;
    u
}

/// A German unit of kind `f` not on the map (off the board or in its box) put in slot `name`.
pub fn put_unit(s: &mut Omaha, name: &str, f: impl Fn(GerKind) -> bool) -> GerId {
    let at = slot(s, name);
    let g = (0..s.germans.len())
        .find(|&g| {
            matches!(
                s.germans[g].loc,
                GerLoc::OutOfPlay
                    | GerLoc::Pool(GerPool::Tactical | GerPool::Division | GerPool::Meyer)
            ) && f(s.data.index.germans[g].kind)
        })
        .expect("a German unit") as GerId;
    s.germans[usize::from(g)].loc = GerLoc::Slot(at);
    g
}

pub fn wn(k: GerKind) -> bool {
    matches!(k, GerKind::Wn(_))
}

pub fn tactical(k: GerKind) -> bool {
    k == GerKind::Tactical
}

/// Distance from slot `name` to the nearest US unit on the map.
fn nearest_us(s: &Omaha, name: &str) -> u32 {
    let h = s.data.index.slots[usize::from(slot(s, name))].hex;
    s.us.iter()
        .filter_map(|u| match u.loc {
            UsLoc::Hex(x) => Some(s.data.index.distance(x, h)),
            _ => None,
        })
        .min()
        .unwrap_or(u32::MAX)
}

fn slot_hex(s: &Omaha, name: &str) -> HexId {
    s.data.index.slots[usize::from(slot(s, name))].hex
}

fn land_hexes(s: &Omaha) -> Vec<HexId> {
    (0..s.data.index.hexes.len() as HexId)
        .filter(|&h| s.data.index.hexes[usize::from(h)].ground != crate::index::Ground::Sea)
        .collect()
}

fn marker_kind(s: &Omaha, g: GerId) -> Option<DepthKind> {
    s.germans[usize::from(g)]
        .depth
        .map(|d| s.data.index.depth[usize::from(d)].kind)
}

/// The unit in position `name` (first slot), if any.
fn unit_in(s: &Omaha, name: &str) -> Option<GerId> {
    let p = position(s, name);
    let slots = &s.data.index.positions[usize::from(p)].slots;
    s.germans
        .iter()
        .position(|g| matches!(g.loc, GerLoc::Slot(x) if slots.contains(&x)))
        .map(|g| g as GerId)
}

/// The T-9.2 board: units without markers in WN62N, WN64, C1 and WN60; one US unit two hexes
/// from each of WN62N, WN64 and C1, none nearer to any, WN60 four hexes from the nearest; all
/// four units with LOC.
fn t_9_2_board() -> (Omaha, [GerId; 4]) {
    let mut s = empty(5);
    boxes(&mut s);
    let wn62n = put_unit(&mut s, "WN62N", wn);
    let wn64 = put_unit(&mut s, "WN64", wn);
    let c1 = put_unit(&mut s, "C1", tactical);
    let wn60 = put_unit(&mut s, "WN60", wn);
    let targets = ["WN64", "WN62N", "C1"];
    let all = ["WN62N", "WN64", "C1", "WN60"];
    let near = |s: &Omaha, t: &str| -> Vec<HexId> {
        let th = slot_hex(s, t);
        land_hexes(s)
            .into_iter()
            .filter(|&h| {
                s.data.index.distance(h, th) == 2
                    && all
                        .iter()
                        .all(|o| s.data.index.distance(h, slot_hex(s, o)) >= 2)
                    && s.data.index.distance(h, slot_hex(s, "WN60")) >= 4
            })
            .collect()
    };
    let (a, b, c) = (
        near(&s, targets[0]),
        near(&s, targets[1]),
        near(&s, targets[2]),
    );
    for &x in &a {
        for &y in &b {
            for &z in &c {
                let mut t = s.clone();
                for h in [x, y, z] {
                    soldier(&mut t, h);
                }
                let distances_ok = nearest_us(&t, "WN62N") == 2
                    && nearest_us(&t, "WN64") == 2
                    && nearest_us(&t, "C1") == 2
                    && nearest_us(&t, "WN60") == 4;
                let loc_ok = ["WN62", "WN64", "C1", "WN60"]
                    .iter()
                    .all(|p| german_loc(&t, position(&t, p)));
                if distances_ok && loc_ok {
                    return (t, [wn62n, wn64, c1, wn60]);
                }
            }
        }
    }
    panic!("no T-9.2 board on this map");
}

// ---- 9.1 Revealing.

#[test]
fn rule_9_1_reveal_turns_the_unit_face_up_not_its_marker() {
    let mut s = empty(5);
    boxes(&mut s);
    let g = put_unit(&mut s, "WN64", wn);
    let mut log = log();
    assert!(crate::germans::add_depth_marker_to(&mut s, g, &mut log));
    let name = s.data.index.germans[usize::from(g)].name.clone();
    assert!(
        log.entries().iter().all(|e| !e.text.contains(&name)),
        "the log never names a face-down unit"
    );
    crate::germans::reveal(&mut s, g, &mut log);
    assert!(s.germans[usize::from(g)].revealed);
    let d = s.germans[usize::from(g)].depth.expect("marker");
    assert!(
        !s.depth[usize::from(d)].revealed,
        "9.1: the marker stays hidden"
    );
    assert!(log.entries().iter().any(|e| e.text.contains(&name)));
}

// ---- 9.2 Adding a depth marker (T-9.2).

#[test]
fn t_9_2_depth_marker_placement() {
    let (mut s, [wn62n, wn64, c1, wn60]) = t_9_2_board();
    let mut log = log();
    // Equal distance 2: the single-hex WN64 beats the two-hex WN62N and reinforcement C1.
    assert!(crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::East),
        &mut log
    ));
    assert_eq!(marker_kind(&s, wn64), Some(DepthKind::Wn), "9.21: WN box");
    assert!(s.germans[usize::from(wn62n)].depth.is_none());
    // Next: the two-hex WN beats the reinforcement position.
    assert!(crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::East),
        &mut log
    ));
    assert_eq!(marker_kind(&s, wn62n), Some(DepthKind::Wn));
    assert!(s.germans[usize::from(c1)].depth.is_none());
    assert!(s.germans[usize::from(wn60)].depth.is_none());
    assert!(s.check_invariants().is_ok());
}

#[test]
fn t_9_2_wn_box_empty_goes_to_a_reinforcement_unit() {
    let (mut s, [wn62n, wn64, c1, _]) = t_9_2_board();
    empty_box(&mut s, DepthPool::Wn);
    let mut log = log();
    assert!(crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::East),
        &mut log
    ));
    assert!(s.germans[usize::from(wn64)].depth.is_none());
    assert!(s.germans[usize::from(wn62n)].depth.is_none());
    // 9.24 then 9.21: C1 has no building, so a Mobile marker.
    assert_eq!(marker_kind(&s, c1), Some(DepthKind::Mobile));
    assert!(log.entries().iter().any(|e| e.rule == RuleId("9.24")));
}

#[test]
fn rule_9_2_needs_loc() {
    let mut s = empty(5);
    boxes(&mut s);
    let c1 = put_unit(&mut s, "C1", tactical);
    let wn60 = put_unit(&mut s, "WN60", wn);
    // US units all around C1: it is nearest, but has no line of communication.
    let around = s.data.index.hexes[usize::from(slot_hex(&s, "C1"))]
        .neighbours
        .clone();
    for h in around {
        soldier(&mut s, h);
    }
    assert!(!german_loc(&s, position(&s, "C1")));
    let mut log = log();
    assert!(crate::germans::add_depth_marker(&mut s, None, &mut log));
    assert!(s.germans[usize::from(c1)].depth.is_none());
    assert!(s.germans[usize::from(wn60)].depth.is_some());
}

#[test]
fn rule_9_2_named_sector_falls_back_to_the_other() {
    let mut s = empty(5);
    boxes(&mut s);
    let g = put_unit(&mut s, "WN64", wn);
    let mut log = log();
    // No German unit in the West: the East gets it.
    assert!(crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::West),
        &mut log
    ));
    assert!(s.germans[usize::from(g)].depth.is_some());
    // Nobody left without a marker: none placed.
    assert!(!crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::West),
        &mut log
    ));
}

#[test]
fn rule_9_21_box_by_unit_and_hex() {
    let mut s = empty(5);
    boxes(&mut s);
    // The one reinforcement position with a building is ID-less (1104).
    let building = s
        .data
        .index
        .positions
        .iter()
        .find(|p| matches!(p.kind, PosKind::Reinforcement { building: true, .. }))
        .map(|p| p.name.clone())
        .expect("a building position");
    let b = put_unit(&mut s, &building, tactical);
    let m = put_unit(&mut s, "C3", tactical);
    let mut log = log();
    assert!(crate::germans::add_depth_marker_to(&mut s, b, &mut log));
    assert!(crate::germans::add_depth_marker_to(&mut s, m, &mut log));
    assert_eq!(marker_kind(&s, b), Some(DepthKind::Building));
    assert_eq!(marker_kind(&s, m), Some(DepthKind::Mobile));
    assert!(s.check_invariants().is_ok());
    // The log says a marker was placed but never which.
    assert!(log.entries().iter().all(|e| !e.text.contains("MD-")));
}

/// 9.22: a unit that lost its depth marker may get a new one, with no limit.
#[test]
fn rule_9_22_a_unit_that_lost_its_marker_may_get_another() {
    let mut s = empty(5);
    boxes(&mut s);
    let g = put_unit(&mut s, "WN64", wn);
    let mut log = log();
    assert!(crate::germans::add_depth_marker_to(&mut s, g, &mut log));
    assert!(
        !crate::germans::add_depth_marker_to(&mut s, g, &mut log),
        "one at a time"
    );
    let d = s.germans[usize::from(g)].depth.take().expect("marker");
    s.depth[usize::from(d)].loc = DepthLoc::OutOfPlay;
    assert!(crate::germans::add_depth_marker_to(&mut s, g, &mut log));
    // AMB-47: the WN box empty, a WN unit gets nothing.
    let d = s.germans[usize::from(g)].depth.take().expect("marker");
    s.depth[usize::from(d)].loc = DepthLoc::OutOfPlay;
    empty_box(&mut s, DepthPool::Wn);
    assert!(!crate::germans::add_depth_marker_to(&mut s, g, &mut log));
}

#[test]
fn rule_9_24_building_then_mobile_then_none() {
    let mut s = empty(5);
    boxes(&mut s);
    empty_box(&mut s, DepthPool::Building);
    let building = s
        .data
        .index
        .positions
        .iter()
        .find(|p| matches!(p.kind, PosKind::Reinforcement { building: true, .. }))
        .map(|p| p.name.clone())
        .expect("a building position");
    let b = put_unit(&mut s, &building, tactical);
    let mut log = log();
    assert!(crate::germans::add_depth_marker_to(&mut s, b, &mut log));
    assert_eq!(marker_kind(&s, b), Some(DepthKind::Mobile));
    empty_box(&mut s, DepthPool::Mobile);
    let m = put_unit(&mut s, "C3", tactical);
    assert!(!crate::germans::add_depth_marker_to(&mut s, m, &mut log));
    assert!(!crate::germans::add_depth_marker(&mut s, None, &mut log));
}

#[test]
fn rule_9_24_one_marker_for_two_sectors_goes_by_the_whole_map() {
    let mut s = empty(5);
    boxes(&mut s);
    let east = put_unit(&mut s, "WN64", wn);
    let west = put_unit(&mut s, "WN71", wn);
    // One WN marker left; a US unit next to WN71 makes it the nearest on the whole map.
    let keep = s
        .depth
        .iter()
        .position(|d| d.loc == DepthLoc::Pool(DepthPool::Wn))
        .expect("a WN marker");
    for (i, d) in s.depth.iter_mut().enumerate() {
        if i != keep && matches!(d.loc, DepthLoc::Pool(_)) {
            d.loc = DepthLoc::OutOfPlay;
        }
    }
    let h = land_neighbour(&s, slot_hex(&s, "WN71"));
    soldier(&mut s, h);
    let mut log = log();
    crate::germans::add_depth_marker_each_sector(&mut s, &mut log);
    assert!(s.germans[usize::from(west)].depth.is_some());
    assert!(s.germans[usize::from(east)].depth.is_none());
}

#[test]
fn rule_9_23_hero_depth_marker_in_the_heros_sector() {
    // The event side is tested in `events`; here the sector preference itself.
    let mut s = empty(5);
    boxes(&mut s);
    let east = put_unit(&mut s, "WN64", wn);
    let west = put_unit(&mut s, "WN71", wn);
    let mut log = log();
    assert!(crate::germans::add_depth_marker(
        &mut s,
        Some(Sector::West),
        &mut log
    ));
    assert!(s.germans[usize::from(west)].depth.is_some());
    assert!(s.germans[usize::from(east)].depth.is_none());
}

// ---- 9.3 Event reinforcements (T-9.3).

/// A US unit adjacent to C1 (and C2 where possible) that leaves C1 its LOC.
fn t_9_3_board() -> Omaha {
    let mut s = empty(5);
    boxes(&mut s);
    let c1 = slot_hex(&s, "C1");
    let c2 = slot_hex(&s, "C2");
    let mut around: Vec<HexId> = s.data.index.hexes[usize::from(c1)].neighbours.clone();
    around.sort_by_key(|&h| s.data.index.distance(h, c2));
    for h in around {
        if h == c2 {
            continue;
        }
        let mut t = s.clone();
        soldier(&mut t, h);
        if german_loc(&t, position(&t, "C1")) {
            return t;
        }
    }
    panic!("no T-9.3 board");
}

#[test]
fn t_9_3_event_reinforcement_placement() {
    let mut s = t_9_3_board();
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    let g = unit_in(&s, "C1").expect("a unit in C1");
    let german = s.germans[usize::from(g)];
    assert_eq!(s.data.index.germans[usize::from(g)].kind, GerKind::Tactical);
    assert!(!german.revealed, "face-down");
    assert!(
        german.depth.is_none(),
        "9.3: Tactical units come without a marker"
    );
    let name = s.data.index.germans[usize::from(g)].name.clone();
    assert!(log.entries().iter().all(|e| !e.text.contains(&name)));
}

#[test]
fn rule_9_31_division_box_when_tactical_is_empty() {
    let mut s = t_9_3_board();
    empty_units(&mut s, GerPool::Tactical);
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    let g = unit_in(&s, "C1").expect("a unit in C1");
    assert_eq!(
        s.data.index.germans[usize::from(g)].kind,
        GerKind::Divisional
    );
    assert_eq!(
        marker_kind(&s, g),
        Some(DepthKind::Mobile),
        "9.31: with a marker"
    );
    assert!(s.check_invariants().is_ok());
}

#[test]
fn rule_9_34_both_boxes_empty_nothing() {
    let mut s = t_9_3_board();
    empty_units(&mut s, GerPool::Tactical);
    empty_units(&mut s, GerPool::Division);
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    assert!(unit_in(&s, "C1").is_none());
    assert!(log.entries().iter().any(|e| e.rule == RuleId("9.34")));
}

#[test]
fn rule_9_34_shortage_goes_by_the_whole_event() {
    let mut s = t_9_3_board();
    // One unit for zones A and C: C1 is adjacent to a US unit, zone A's best is not.
    empty_units(&mut s, GerPool::Division);
    let mut tactical_left = 0;
    for g in &mut s.germans {
        if g.loc == GerLoc::Pool(GerPool::Tactical) {
            tactical_left += 1;
            if tactical_left > 1 {
                g.loc = GerLoc::OutOfPlay;
            }
        }
    }
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['A', 'C'], &mut log);
    assert!(unit_in(&s, "C1").is_some());
    let zone_a = s.data.index.positions.iter().enumerate().any(|(p, pos)| {
        matches!(
            pos.kind,
            PosKind::Reinforcement {
                zone: Some('A'),
                ..
            }
        ) && unit_in(&s, &s.data.index.positions[p].name).is_some()
    });
    assert!(!zone_a);
}

/// 9.32: event reinforcements never enter positions without ID, WN positions, or positions held
/// by a German unit (or a US unit, AMB-80).
#[test]
fn rule_9_32_never_id_less_wn_or_occupied_positions() {
    let mut s = empty(5);
    boxes(&mut s);
    // Fill every zone-C position but C3 with German or US units.
    let zone_c: Vec<(PosId, String)> = s
        .data
        .index
        .positions
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            matches!(
                p.kind,
                PosKind::Reinforcement {
                    zone: Some('C'),
                    ..
                }
            )
        })
        .map(|(i, p)| (i as PosId, p.name.clone()))
        .collect();
    for (n, (_, name)) in zone_c.iter().enumerate() {
        if name == "C3" {
            continue;
        }
        if n % 2 == 0 {
            put_unit(&mut s, name, tactical);
        } else {
            let h = slot_hex(&s, name);
            soldier(&mut s, h);
        }
    }
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    let entered: Vec<String> = s
        .germans
        .iter()
        .filter_map(|g| match g.loc {
            GerLoc::Slot(x) => Some(s.data.index.slots[usize::from(x)].name.clone()),
            _ => None,
        })
        .collect();
    assert!(entered.contains(&"C3".to_owned()), "{entered:?}");
    assert!(
        entered
            .iter()
            .all(|n| !n.starts_with("R-") && !n.starts_with("WN"))
    );
    // Every zone-C position now taken: the next reinforcement finds none (9.33 log).
    let before = s.germans.clone();
    let odd_us: Vec<UsId> = s.us_at(UsLoc::Hex(slot_hex(&s, "C3"))).collect();
    assert!(odd_us.is_empty());
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    assert_eq!(s.germans, before);
}

#[test]
fn rule_9_33_no_loc_no_reinforcement() {
    let mut s = empty(5);
    boxes(&mut s);
    for h in s.data.index.hexes[usize::from(slot_hex(&s, "C1"))]
        .neighbours
        .clone()
    {
        soldier(&mut s, h);
    }
    assert!(!german_loc(&s, position(&s, "C1")));
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    assert!(unit_in(&s, "C1").is_none(), "C1 is adjacent but has no LOC");
}

#[test]
fn rule_11_31_a_lone_general_is_captured() {
    let mut s = t_9_3_board();
    let general = pick(&s, |i| i.counter == crate::index::UsCounter::General);
    s.us[usize::from(general)].loc = UsLoc::Hex(slot_hex(&s, "C1"));
    let mut log = log();
    crate::germans::event_reinforcements(&mut s, &['C'], &mut log);
    assert!(unit_in(&s, "C1").is_some());
    assert_eq!(s.us[usize::from(general)].loc, UsLoc::Eliminated);
    assert!(log.entries().iter().any(|e| e.rule == RuleId("11.31")));
}

// ---- 9.4 Tactical reinforcement (T-9.4).

/// A WN depth marker showing Tactical Reinforcement.
fn tr_marker(s: &Omaha) -> u8 {
    s.data
        .index
        .depth
        .iter()
        .position(|d| d.kind == DepthKind::Wn && d.tactical_reinforcement)
        .expect("a TR marker") as u8
}

#[test]
fn t_9_4_wn_triggered_tactical_reinforcement() {
    let mut s = empty(5);
    boxes(&mut s);
    let g = put_unit(&mut s, "WN62N", wn);
    let d = tr_marker(&s);
    s.depth[usize::from(d)].loc = DepthLoc::Under(g);
    s.germans[usize::from(g)].depth = Some(d);
    // As the combat chapter does on "reveal depth": the marker goes, then 9.4.
    s.germans[usize::from(g)].depth = None;
    s.depth[usize::from(d)].loc = DepthLoc::OutOfPlay;
    let mut log = log();
    let wn62 = position(&s, "WN62");
    crate::germans::tactical_reinforcement(&mut s, wn62, false, &mut log);
    // 9.41: C2 and the ID-less R-0913 are both next to WN62S; ID-less counts as 0 and wins.
    let to_wn62 = |s: &Omaha, name: &str| {
        ["WN62N", "WN62S"]
            .iter()
            .map(|w| s.data.index.distance(slot_hex(s, w), slot_hex(s, name)))
            .min()
            .unwrap_or(u32::MAX)
    };
    let nearest = s
        .data
        .index
        .positions
        .iter()
        .filter(|p| matches!(p.kind, PosKind::Reinforcement { .. }))
        .map(|p| to_wn62(&s, &p.name))
        .min()
        .expect("positions");
    assert_eq!(
        (to_wn62(&s, "R-0913"), to_wn62(&s, "C2")),
        (nearest, nearest)
    );
    let expected = "R-0913".to_owned();
    let t = unit_in(&s, &expected).expect("a reinforcement");
    assert_eq!(s.data.index.germans[usize::from(t)].kind, GerKind::Tactical);
    assert!(!s.germans[usize::from(t)].revealed);
    assert!(s.germans[usize::from(t)].depth.is_none(), "9.42: no marker");
}

/// 9.4, AMB-15: revealing a WN depth marker with the Tactical Reinforcement symbol removes it and
/// places a Tactical unit in the nearest open reinforcement position (face-up when an event
/// revealed it).
#[test]
fn rule_9_4_event_reveal_places_the_reinforcement_face_up() {
    let mut s = empty(5);
    boxes(&mut s);
    let g = put_unit(&mut s, "WN62N", wn);
    let d = tr_marker(&s);
    s.depth[usize::from(d)].loc = DepthLoc::Under(g);
    s.germans[usize::from(g)].depth = Some(d);
    let mut log = log();
    crate::germans::reveal_with_depth(&mut s, g, &mut log);
    assert!(s.germans[usize::from(g)].revealed);
    assert!(s.germans[usize::from(g)].depth.is_none(), "9.4 step 1");
    assert_eq!(s.depth[usize::from(d)].loc, DepthLoc::OutOfPlay);
    assert_eq!(
        s.germans[usize::from(g)].loc,
        GerLoc::Slot(slot(&s, "WN62N")),
        "AMB-16"
    );
    let t = unit_in(&s, "R-0913").expect("a reinforcement");
    assert!(s.germans[usize::from(t)].revealed, "face-up");
    assert!(s.check_invariants().is_ok());
}

#[test]
fn rule_9_41_id_less_positions_count_and_loc_applies() {
    let mut s = empty(5);
    boxes(&mut s);
    // Block the ID-less position beside WN62: the next nearest takes the unit.
    for h in s.data.index.hexes[usize::from(slot_hex(&s, "R-0913"))]
        .neighbours
        .clone()
    {
        soldier(&mut s, h);
    }
    assert!(!german_loc(&s, position(&s, "R-0913")));
    let mut log = log();
    let wn62 = position(&s, "WN62");
    crate::germans::tactical_reinforcement(&mut s, wn62, false, &mut log);
    assert!(unit_in(&s, "R-0913").is_none());
    assert_eq!(
        s.germans
            .iter()
            .filter(|g| matches!(g.loc, GerLoc::Slot(_)))
            .count(),
        1
    );
}

#[test]
fn rule_9_42_tactical_box_only() {
    let mut s = empty(5);
    boxes(&mut s);
    empty_units(&mut s, GerPool::Tactical);
    let mut log = log();
    let wn62 = position(&s, "WN62");
    crate::germans::tactical_reinforcement(&mut s, wn62, false, &mut log);
    assert!(s.germans.iter().all(|g| !matches!(g.loc, GerLoc::Slot(_))));
    assert!(log.entries().iter().any(|e| e.rule == RuleId("9.42")));
}

// ---- 9.5 Kampfgruppe Meyer, 22.4.

#[test]
fn rule_9_5_kampfgruppe_meyer_releases_four_units_and_two_markers() {
    let s0 = crate::setup::setup(
        &data(),
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(3),
    )
    .expect("setup");
    let mut s = s0.clone();
    let count = |s: &Omaha, p: GerPool| {
        s.germans
            .iter()
            .filter(|g| g.loc == GerLoc::Pool(p))
            .count()
    };
    let markers = |s: &Omaha, p: DepthPool| {
        s.depth
            .iter()
            .filter(|d| d.loc == DepthLoc::Pool(p))
            .count()
    };
    let (meyer, division, mobile) = (
        count(&s, GerPool::Meyer),
        count(&s, GerPool::Division),
        markers(&s, DepthPool::Mobile),
    );
    assert_eq!(meyer, 8);
    let mut log = log();
    crate::germans::kampfgruppe_meyer(&mut s, None, None, &mut log);
    assert_eq!(count(&s, GerPool::Meyer), meyer - 4);
    assert_eq!(count(&s, GerPool::Division), division + 4);
    assert_eq!(markers(&s, DepthPool::Mobile), mobile + 2);
    assert!(log.entries().iter().any(|e| e.text.contains("AMB-17")));
    crate::germans::kampfgruppe_meyer(&mut s, None, None, &mut log);
    crate::germans::kampfgruppe_meyer(&mut s, None, None, &mut log);
    assert_eq!(count(&s, GerPool::Meyer), 0, "ignored once empty");
    // Card counts win over the placeholder.
    let mut t = s0.clone();
    crate::germans::kampfgruppe_meyer(&mut t, Some(2), Some(1), &mut log);
    assert_eq!(count(&t, GerPool::Meyer), meyer - 2);
}

#[test]
fn rule_22_4_improved_german_reaction() {
    let mut s = empty(5);
    boxes(&mut s);
    s.options.improved_german_reaction = true;
    crate::germans::improved_reaction_setup(&mut s);
    assert!(
        s.germans
            .iter()
            .all(|g| g.loc != GerLoc::Pool(GerPool::Meyer))
    );
    assert!(
        s.depth
            .iter()
            .all(|d| d.loc != DepthLoc::Pool(DepthPool::Meyer))
    );
    let mut log = log();
    // KG Meyer events are ignored.
    crate::germans::kampfgruppe_meyer(&mut s, None, None, &mut log);
    assert!(log.entries().iter().any(|e| e.rule == RuleId("22.4")));
    // Tactical units come with a marker (9.3 and, AMB-35, 9.4).
    let wn62 = position(&s, "WN62");
    crate::germans::tactical_reinforcement(&mut s, wn62, false, &mut log);
    let t = unit_in(&s, "R-0913").expect("a reinforcement");
    assert!(s.germans[usize::from(t)].depth.is_some(), "AMB-35");
    // The first time the Mobile box runs out, five removed markers come back (once).
    empty_box(&mut s, DepthPool::Mobile);
    let c3 = put_unit(&mut s, "C3", tactical);
    assert!(crate::germans::add_depth_marker_to(&mut s, c3, &mut log));
    let left = s
        .depth
        .iter()
        .filter(|d| d.loc == DepthLoc::Pool(DepthPool::Mobile))
        .count();
    assert_eq!(left, 4);
    assert!(s.mobile_refilled);
}
