//! Hidden squads (`TOI-COMBAT-HIDDEN`).

use super::*;
use crate::state::Markers;

/// A hidden US 4R in the orchard's woods (1003) and a German 4R three hexes south in clear
/// (1006), in sight of each other.
fn hidden_in_woods(rolls: &[u16]) -> (ToiGame, UnitId, UnitId) {
    let mut g = empty_game(rolls);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    g.units[us.index()].hidden = true;
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "1006");
    (g, us, de)
}

fn revealed_by_rule(log: &ToiLog) -> bool {
    log.entries()
        .iter()
        .any(|e| e.rule == crate::hidden::HIDDEN)
}

#[test]
fn t_hid_01_toi_combat_hidden_no_target_while_in_cover() {
    let (mut g, us, de) = hidden_in_woods(&[]);
    assert!(!crate::fire::targets(&g, de, false).contains(&us));
    let mortar = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-mortar", "de-regular", "de-regular"],
        "1008",
    );
    assert!(
        !crate::area::targets(&g, mortar).contains(&hex(&g, "1003")),
        "no area attack on a hex of hidden squads only"
    );
    // Revealed, it is a target again: the sight line itself is clear.
    g.units[us.index()].hidden = false;
    assert!(crate::fire::targets(&g, de, false).contains(&us));
    assert!(crate::area::targets(&g, mortar).contains(&hex(&g, "1003")));
    g.units[us.index()].hidden = true;
    // An action goes by: the woods keep it hidden.
    act(&mut g, ToiAction::Fatigue { unit: us });
    assert!(g.unit(us).hidden);
}

#[test]
fn t_hid_01_toi_combat_hidden_revealed_in_the_open_in_sight() {
    let (mut g, us, _de) = hidden_in_woods(&[]);
    act(&mut g, ToiAction::Advance { unit: us });
    let to = hex(&g, "1004");
    let log = act(&mut g, ToiAction::MoveTo { hex: to });
    assert!(!g.unit(us).hidden, "clear ground in the German's sight");
    assert!(revealed_by_rule(&log));
}

#[test]
fn t_hid_01_toi_combat_hidden_smoke_keeps_it_hidden() {
    let (mut g, us, _de) = hidden_in_woods(&[]);
    let smoke = hex(&g, "1004");
    g.set_markers(
        smoke,
        Markers {
            smoke: true,
            ..Markers::default()
        },
    );
    act(&mut g, ToiAction::Advance { unit: us });
    act(&mut g, ToiAction::MoveTo { hex: smoke });
    assert!(g.unit(us).hidden, "smoke is cover");
}

/// AMB-39: an entrenchment in clear ground protects under fire but does not hide: a hidden squad
/// dug in there is revealed in the enemy's sight once an action is over.
#[test]
fn t_hid_01_toi_combat_hidden_an_entrenchment_in_the_open_does_not_hide() {
    let mut g = empty_game(&[]);
    let dug = hex(&g, "1004");
    g.set_markers(
        dug,
        Markers {
            entrenchments: 1,
            ..Markers::default()
        },
    );
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "1004");
    g.units[us.index()].hidden = true;
    g.units[us.index()].fort = crate::state::Fort::Entrenchment;
    let other = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1006");
    assert!(crate::cover::cover(&g, us) > 0, "cover under fire");
    act(&mut g, ToiAction::Fatigue { unit: other });
    assert!(
        !g.unit(us).hidden,
        "clear ground, whatever the entrenchment"
    );
}

#[test]
fn t_hid_01_toi_combat_hidden_firing_reveals() {
    // US 4R at normal range on a 4R in clear: B[1,1,1,1], no hit.
    let (mut g, us, de) = hidden_in_woods(&[1, 1, 1, 1]);
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: us,
            target: de,
        },
    );
    assert!(!g.unit(us).hidden);
    assert!(revealed_by_rule(&log));
}

#[test]
fn t_hid_01_toi_combat_hidden_an_objective_hex_reveals_even_in_cover() {
    let (mut g, us, _de) = hidden_in_woods(&[]);
    act(&mut g, ToiAction::Advance { unit: us });
    // 0903 is the orchard's objective, in woods.
    let to = hex(&g, "0903");
    act(&mut g, ToiAction::MoveTo { hex: to });
    assert!(!g.unit(us).hidden);
}

#[test]
fn t_hid_01_toi_combat_hidden_next_to_an_enemy_squad_at_the_end_of_the_status_phase() {
    let (mut g, us, de) = hidden_in_woods(&[]);
    // The German squad stands next to it, in clear (1002): the woods still hide it...
    g.units[de.index()].at = Location::Hex(hex(&g, "1002"));
    let mut log = ToiLog::new();
    crate::hidden::reveal_seen(&mut g, &mut log);
    assert!(g.unit(us).hidden);
    // ...until the Status Phase ends.
    g.step = Step::NextRound;
    overlord_engine::driver::run(&mut g, &mut log);
    assert!(!g.unit(us).hidden);
    assert!(revealed_by_rule(&log));
}

#[test]
fn t_hid_02_toi_combat_hidden_through_but_not_into_a_hex_of_hidden_squads() {
    // A hidden US squad alone in the orchard (0902); a German squad moves 0802 - 0902 - 1002.
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0902");
    g.units[us.index()].hidden = true;
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0802");
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    act(&mut g, ToiAction::Advance { unit: de });
    let through = hex(&g, "0902");
    g.set_markers(
        through,
        Markers {
            entrenchments: 1,
            ..Markers::default()
        },
    );
    assert!(legal(&g).contains(&ToiAction::MoveTo { hex: through }));
    act(&mut g, ToiAction::MoveTo { hex: through });
    assert!(g.unit(us).hidden, "the woods hide it still");
    assert!(
        !legal(&g).contains(&ToiAction::StopMoving),
        "no stopping among hidden enemies"
    );
    assert!(
        !legal(&g).contains(&ToiAction::EnterFort { pillbox: false }),
        "nor digging in there"
    );
    let to = hex(&g, "1002");
    act(&mut g, ToiAction::MoveTo { hex: to });
    assert!(legal(&g).contains(&ToiAction::StopMoving));
    // A tank passes at the terrain's cost, nothing more.
    let tank = vehicle(&mut g, Nation::De, "de-panzer-iv", "0802");
    assert_eq!(
        crate::movement::entry_cost(&g, tank, hex(&g, "0802"), through),
        Ok(3 * crate::movement::THIRDS)
    );
    // A revealed squad holds its hex: a tank overruns it for 1 MP more (TOI-UNIT-TANK).
    g.units[us.index()].hidden = false;
    assert_eq!(
        crate::movement::entry_cost(&g, tank, hex(&g, "0802"), through),
        Ok(4 * crate::movement::THIRDS)
    );
}

/// A US squad ready to assault 0306, where a German 4R stands revealed and another hidden.
fn assaulting_a_hidden_squad(rolls: &[u16]) -> (ToiGame, UnitId, UnitId, UnitId) {
    let mut g = empty_game(rolls);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let seen = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let hidden = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[hidden.index()].hidden = true;
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0306");
    act(&mut g, ToiAction::AssaultHex { hex: target });
    assert!(matches!(step(&g), Step::HiddenDefenders(_)));
    assert_eq!(crate::decisions::decider(&g), Nation::De);
    assert_eq!(
        legal(&g),
        vec![ToiAction::Reveal { unit: hidden }, ToiAction::Done]
    );
    (g, a, seen, hidden)
}

#[test]
fn t_hid_03_toi_combat_hidden_a_squad_staying_hidden_neither_fights_nor_loses() {
    // Attack 4 dice [6,6,6,1]: 3 hits (no cover in clear); defence: the revealed 4R only,
    // [1,1,1,1]: none.
    let (mut g, _a, seen, hidden) = assaulting_a_hidden_squad(&[6, 6, 6, 1, 1, 1, 1, 1]);
    act(&mut g, ToiAction::Done);
    assert!(matches!(step(&g), Step::DefenderLosses(_)));
    assert!(
        legal(&g)
            .iter()
            .all(|l| matches!(l, ToiAction::LoseFrom { unit, .. } if *unit == seen)),
        "the hidden squad takes no casualties"
    );
    for slot in 0..3 {
        act(&mut g, ToiAction::LoseFrom { unit: seen, slot });
    }
    // The assault succeeded: the hidden squad is revealed and retreats with the other.
    assert!(matches!(step(&g), Step::Retreat(_)));
    assert!(!g.unit(hidden).hidden);
    let to = hex(&g, "0307");
    act(&mut g, ToiAction::RetreatTo { hex: to });
    assert_eq!(g.unit(seen).at, Location::Hex(to));
    assert_eq!(g.unit(hidden).at, Location::Hex(to));
}

#[test]
fn t_hid_03_toi_combat_hidden_a_squad_revealing_itself_fights() {
    // Attack [6,6,1,1]: 2 hits; defence 8 dice [6,6,6,1,1,1,1,1]: 3 hits, the assault fails.
    let (mut g, a, _seen, hidden) =
        assaulting_a_hidden_squad(&[6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1]);
    act(&mut g, ToiAction::Reveal { unit: hidden });
    assert!(!g.unit(hidden).hidden);
    assert!(
        matches!(step(&g), Step::Casualties { unit, hits: 3, .. } if unit == a),
        "both squads' dice: {:?}",
        step(&g)
    );
}
