//! Area attacks and mortars (`TOI-COMBAT-AREA`, `TOI-UNIT-MORTAR`).

use super::*;
use crate::state::Token;
use crate::tables::results::Condition;

#[test]
fn t_mort_02_toi_unit_mortar_firepower_by_attack_type_and_no_mixed_fire() {
    let mut g = empty_game(&[]);
    let two = squad(&mut g, Nation::Us, &["us-mortar", "us-mortar"], "0302");
    assert_eq!(crate::area::mortars(&g, two, true).map(|m| m.0), Some(8));
    assert_eq!(crate::area::mortars(&g, two, false).map(|m| m.0), Some(4));
    // A mortar and two regulars: the regulars' direct fire leaves the mortar out.
    let mixed = squad(
        &mut g,
        Nation::Us,
        &["us-mortar", "us-regular", "us-regular"],
        "0303",
    );
    assert_eq!(crate::fire::weapon(&g, mixed, false), Some((2, 4)));
    assert_eq!(
        crate::fire::weapon(&g, two, false),
        None,
        "mortars fire no direct attack"
    );
}

#[test]
fn t_mort_01_toi_unit_mortar_who_may_be_attacked() {
    let mut g = empty_game(&[]);
    let m = squad(&mut g, Nation::Us, &["us-mortar", "us-mortar"], "0302");
    // Adjacent: the minimum range.
    let near = squad(&mut g, Nation::De, &["de-regular"; 4], "0303");
    assert!(crate::area::check(&g, m, hex(&g, "0303")).is_err());
    // Beyond the orchard's woods, seen by nobody of the US: refused; seen by a fresh US squad:
    // allowed; by a fatigued one only: refused.
    let far = squad(&mut g, Nation::De, &["de-regular"; 4], "1103");
    let far_hex = hex(&g, "1103");
    let sees = |g: &ToiGame| crate::area::check(g, m, far_hex).is_ok();
    let spotter = squad(&mut g, Nation::Us, &["us-regular"; 4], "1106");
    assert!(sees(&g), "a fresh friendly squad sees it");
    g.units[spotter.index()].token = Token::Fatigued;
    let mortar_sees = g.scenario().battlefield.sight.line_of_sight(
        g.scenario().battlefield.hexes.hex(hex(&g, "0302")).unwrap(),
        g.scenario().battlefield.hexes.hex(far_hex).unwrap(),
        &|_| false,
    );
    assert_eq!(
        sees(&g),
        mortar_sees,
        "only a fatigued spotter: the mortar's own sight counts"
    );
    let _ = (near, far);
}

#[test]
fn t_area_01_toi_combat_area_each_unit_rolls_its_own_defence() {
    // A suppressive attack by one mortar (FP 4, normal range) on 1003 (woods) holding two US
    // squads: black [5, 6, 6, 1]: 3 hits; S1 red [1, 3] (woods 2): 3 net: disrupted; S2 red
    // [5, 6]: 1 net: pinned. The mortar squad is fatigued.
    let mut g = empty_game(&[5, 6, 6, 1, 1, 3, 5, 6]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g.sides[Nation::De.index()].actions_left = 2;
    let m = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-regular", "de-regular"],
        "1006",
    );
    let s1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    let s2 = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    let target = hex(&g, "1003");
    act(
        &mut g,
        ToiAction::AreaFire {
            unit: m,
            hex: target,
            suppressive: true,
        },
    );
    let condition = |g: &ToiGame, u: UnitId| match g.unit(u).kind {
        Kind::Squad { condition, .. } => condition,
        Kind::Vehicle { .. } => panic!(),
    };
    assert_eq!(condition(&g, s1), Condition::Disrupted);
    assert_eq!(condition(&g, s2), Condition::Pinned);
    assert_eq!(g.unit(m).token, Token::Fatigued);
}

#[test]
fn t_area_02_toi_combat_area_normal_losses_squad_by_squad() {
    // A normal attack, FP 2, black [6, 6]: 2 hits; S1 red [1, 1]: 2 losses; S2 red [6, 1]: 1.
    let mut g = empty_game(&[6, 6, 1, 1, 6, 1]);
    let m = squad(
        &mut g,
        Nation::Us,
        &["us-mortar", "us-regular", "us-regular"],
        "1006",
    );
    let s1 = squad(&mut g, Nation::De, &["de-regular"; 4], "1003");
    let s2 = squad(&mut g, Nation::De, &["de-regular"; 4], "1003");
    let target = hex(&g, "1003");
    act(
        &mut g,
        ToiAction::AreaFire {
            unit: m,
            hex: target,
            suppressive: false,
        },
    );
    assert!(matches!(step(&g), Step::Casualties { unit, hits: 2, .. } if unit == s1));
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    assert!(matches!(step(&g), Step::Casualties { unit, hits: 1, .. } if unit == s2));
    act(&mut g, ToiAction::Lose { slot: 0 });
    assert_eq!(g.unit(m).token, Token::Fatigued);
}
