//! Line of sight from a selected unit, as the browser shows it (`crate::sight`): the same
//! answers the attack itself gives, and the reason for every target it could not fire on.

use super::*;
use crate::los::Blocked;
use overlord_engine::Game;

/// A pair of board-1A hexes, both on the battlefield, at `distance` hexes, for which `keep`
/// holds; the first in hex order.
fn pair(g: &ToiGame, distance: u32, keep: impl Fn(HexId, HexId) -> bool) -> (HexId, HexId) {
    let field = &g.scenario().battlefield;
    let on_1a = |h: HexId| field.label(h).starts_with("1A:") && !field.is_half(h);
    field
        .hexes
        .ids()
        .filter(|&a| on_1a(a))
        .flat_map(|a| field.hexes.ids().map(move |b| (a, b)))
        .find(|&(a, b)| on_1a(b) && field.hexes.distance(a, b) == distance && keep(a, b))
        .expect("the board has such a pair")
}

#[test]
fn toi_combat_los_sight_names_every_seen_hex_and_the_targets_fire_could_reach() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0902");
    // A German squad in every third hex of the board: some in sight and range, some not.
    let field = g.scenario().battlefield.clone();
    let germans: Vec<UnitId> = field
        .hexes
        .ids()
        .filter(|h| field.label(*h).starts_with("1A:") && !field.is_half(*h))
        .step_by(3)
        .take(30)
        .map(|h| {
            let label = field.label(h);
            squad(&mut g, Nation::De, &["de-regular"; 3], &label[3..])
        })
        .collect();
    let sight = g
        .sight(overlord_engine::Viewer::Spectator, u32::from(us.0))
        .unwrap();
    let from = g.hex_of(us).unwrap();
    assert_eq!(sight.from, field.label(from));
    let seen: Vec<String> = field
        .hexes
        .ids()
        .filter(|&h| crate::cover::sees(&g, from, h))
        .map(|h| field.label(h))
        .collect();
    assert_eq!(sight.hexes, seen);
    assert!(
        sight.hexes.len() < field.hexes.len(),
        "some hexes are out of sight"
    );
    assert_eq!(sight.targets.len(), germans.len());
    let fireable: Vec<u32> = sight
        .targets
        .iter()
        .filter(|t| t.blocked.is_none())
        .map(|t| t.unit)
        .collect();
    let targets: Vec<u32> = crate::fire::targets(&g, us, false)
        .into_iter()
        .map(|t| u32::from(t.0))
        .collect();
    assert_eq!(fireable, targets);
    assert!(!targets.is_empty() && targets.len() < germans.len());
    for target in sight.targets.iter().filter(|t| t.blocked.is_some()) {
        let why = target.blocked.as_deref().unwrap();
        assert!(why.contains("(TOI-"), "{why} cites its rule");
    }
}

#[test]
fn toi_combat_los_algo_a_blocked_target_names_the_hex_and_rule_that_block() {
    let mut g = empty_game(&[]);
    let field = g.scenario().battlefield.clone();
    let (a, b) = pair(&g, 3, |a, b| !crate::cover::sees(&g, a, b));
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], &field.label(a)[3..]);
    let de = squad(&mut g, Nation::De, &["de-regular"; 3], &field.label(b)[3..]);
    let (ha, hb) = (field.hexes.hex(a).unwrap(), field.hexes.hex(b).unwrap());
    let blocked = field.sight.explain(ha, hb, &|_| false).unwrap_err();
    let sight = crate::sight::sight(&g, u32::from(us.0)).unwrap();
    let target = sight
        .targets
        .iter()
        .find(|t| t.unit == u32::from(de.0))
        .unwrap();
    let why = target.blocked.as_deref().unwrap();
    assert!(why.ends_with(&format!("({})", blocked.rule())), "{why}");
    if let Blocked::Line(obstruction) = blocked {
        let hex = field.hexes.id(obstruction.hex()).unwrap();
        assert!(
            why.contains(&field.label(hex)),
            "{why} names the blocking hex"
        );
    }
    assert!(!sight.hexes.contains(&field.label(b)));
}

#[test]
fn toi_combat_range_and_hidden_targets_say_why_they_cannot_be_fired_on() {
    let mut g = empty_game(&[]);
    let field = g.scenario().battlefield.clone();
    // Clear sight far beyond a regular's long range (2 × 4 hexes on one level).
    let (a, b) = pair(&g, 9, |a, b| {
        crate::cover::sees(&g, a, b) && field.level(a) == field.level(b)
    });
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], &field.label(a)[3..]);
    let far = squad(&mut g, Nation::De, &["de-regular"; 3], &field.label(b)[3..]);
    let near_hex = field
        .hexes
        .neighbours_on_map(a)
        .find(|&h| !field.is_half(h) && field.label(h).starts_with("1A:"))
        .unwrap();
    let near = squad(
        &mut g,
        Nation::De,
        &["de-regular"; 3],
        &field.label(near_hex)[3..],
    );
    g.units[near.index()].hidden = true;
    let sight = crate::sight::sight(&g, u32::from(us.0)).unwrap();
    let why = |u: UnitId| {
        sight
            .targets
            .iter()
            .find(|t| t.unit == u32::from(u.0))
            .and_then(|t| t.blocked.clone())
            .unwrap()
    };
    assert_eq!(why(far), "out of range: 9 hexes away (TOI-COMBAT-RANGE)");
    assert!(why(near).contains("TOI-COMBAT-HIDDEN"));
    // A pinned squad cannot fire at all: every target in the open says so.
    set_condition(&mut g, us, Condition::Pinned);
    let pinned = crate::sight::sight(&g, u32::from(us.0)).unwrap();
    let open = pinned
        .targets
        .iter()
        .filter(|t| t.unit != u32::from(near.0));
    assert!(open.clone().count() > 0);
    for target in open {
        let why = target.blocked.as_deref().unwrap();
        assert!(why.contains("TOI-COMBAT-COND"), "{why}");
    }
    // Off the battlefield, no sight.
    g.units[us.index()].at = Location::Gone;
    assert!(crate::sight::sight(&g, u32::from(us.0)).is_none());
    assert!(crate::sight::sight(&g, 250).is_none());
}
