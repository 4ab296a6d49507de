//! Specialized squads (`TOI-SPEC`) and the obstacles engineers and tanks deal with
//! (`TOI-FORT-WIRE`, `TOI-FORT-MINE`).

use super::*;
use crate::action::ToiEvent;
use crate::data::Specialization;
use crate::state::{Fort, Token};
use crate::tables::dice::RangeBand;
use crate::tables::results::Condition;

fn specialize(g: &mut ToiGame, unit: UnitId, spec: Specialization) {
    g.units[unit.index()].spec = Some(spec);
}

/// The black and red dice of the first attack in `log`.
fn dice(log: &ToiLog) -> (Vec<u8>, Vec<u8>) {
    log.entries()
        .iter()
        .find_map(|e| match &e.event {
            ToiEvent::Attack { black, red, .. } => Some((black.clone(), red.clone())),
            _ => None,
        })
        .expect("an attack")
}

#[test]
fn t_at_01_toi_spec_at_range_3_and_plus_3_against_vehicles() {
    let mut g = empty_game(&[]);
    let at = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let panzer = vehicle(&mut g, Nation::De, "de-panzer-iv", "0309");
    assert_eq!(crate::fire::weapon(&g, at, true), Some((4, 1)));
    assert_eq!(crate::fire::band(&g, at, panzer, false), None, "range 1");
    specialize(&mut g, at, Specialization::AntiTank);
    assert_eq!(crate::fire::weapon(&g, at, true), Some((7, 3)));
    assert_eq!(
        crate::fire::band(&g, at, panzer, false),
        Some(RangeBand::Long),
        "5 hexes at range 3: long, hits on 6"
    );
    // Against squads, nothing changes.
    assert_eq!(crate::fire::weapon(&g, at, false), Some((4, 4)));
    // TOI-SPEC-RULES: pinned, it cannot use its ability.
    set_condition(&mut g, at, Condition::Pinned);
    assert_eq!(crate::fire::weapon(&g, at, true), Some((4, 1)));
}

#[test]
fn t_flame_01_toi_spec_flame_plus_2_and_minus_5_cover_next_door() {
    // The flamethrower 4R at 0904 on a German 4R in the orchard's woods at 0903 (cover 2):
    // 6 black dice, no red one.
    let mut g = empty_game(&[1, 1, 1, 1, 1, 1]);
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0904");
    specialize(&mut g, flame, Specialization::Flamethrower);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0903");
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: flame,
            target: de,
        },
    );
    let (black, red) = dice(&log);
    assert_eq!((black.len(), red.len()), (6, 0));
}

#[test]
fn t_flame_01_toi_spec_flame_with_a_supporter_farther_off_at_normal_range() {
    // FAQ-5: lead flamethrower 6 + half of a 4R at 0906 (3 hexes: normal) = 8 black dice, no
    // red; [4; 8] would all hit at close range, none at normal.
    let mut g = empty_game(&[4, 4, 4, 4, 4, 4, 4, 4]);
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0904");
    specialize(&mut g, flame, Specialization::Flamethrower);
    let friend = squad(&mut g, Nation::Us, &["us-regular"; 4], "0906");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0903");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: flame,
            target: de,
        },
    );
    act(&mut g, ToiAction::Support { unit: friend });
    let log = act(&mut g, ToiAction::Fire);
    let (black, red) = dice(&log);
    assert_eq!((black.len(), red.len()), (8, 0));
    assert_eq!(figures_of(&g, de), 4, "no hit at normal range");
}

#[test]
fn t_flame_01_toi_spec_flame_no_bonus_against_a_tank() {
    // 4 regulars against a Panzer IV next door: 4 black, armour 4 red, nothing burnt.
    let mut g = empty_game(&[1, 1, 1, 1, 1, 1, 1, 1]);
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    specialize(&mut g, flame, Specialization::Flamethrower);
    let panzer = vehicle(&mut g, Nation::De, "de-panzer-iv", "0306");
    assert!(!crate::specialization::burns(&g, flame, panzer));
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: flame,
            target: panzer,
        },
    );
    let (black, red) = dice(&log);
    assert_eq!((black.len(), red.len()), (4, 4));
}

#[test]
fn t_mods_01_toi_mods_a_specialist_supporter_adds_half_its_bonus_too() {
    // A 4R leads on a German 4R in clear at 0306; the flamethrower next to the target supports:
    // 4 + (4 + 2) / 2 = 7 black dice.
    let mut g = empty_game(&[1, 1, 1, 1, 1, 1, 1]);
    let lead = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    specialize(&mut g, flame, Specialization::Flamethrower);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: lead,
            target: de,
        },
    );
    act(&mut g, ToiAction::Support { unit: flame });
    let log = act(&mut g, ToiAction::Fire);
    assert_eq!(dice(&log).0.len(), 7);
}

#[test]
fn t_medic_01_toi_spec_medic_heal_adds_a_regular_on_4_to_6() {
    let mut g = empty_game(&[4, 3]);
    let medic = squad(&mut g, Nation::Us, &["us-regular"; 2], "0305");
    specialize(&mut g, medic, Specialization::Medic);
    let reduced = squad(&mut g, Nation::Us, &["us-regular"; 2], "0305");
    let full = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let heal = |target| ToiAction::Heal {
        unit: medic,
        target,
    };
    assert!(
        !legal(&g).contains(&heal(full)),
        "a full squad needs no medic"
    );
    assert!(legal(&g).contains(&heal(medic)), "it may treat itself");
    act(&mut g, heal(reduced));
    assert_eq!(figures_of(&g, reduced), 3);
    assert_eq!(g.unit(medic).token, Token::Fatigued);
    // Next time, a 3: nothing, the medic fatigued all the same.
    g.units[medic.index()].token = Token::Fresh;
    g.sides[Nation::Us.index()].actions_left = 2;
    g.step = Step::Action { nation: Nation::Us };
    act(&mut g, heal(reduced));
    assert_eq!(figures_of(&g, reduced), 3);
    assert_eq!(g.unit(medic).token, Token::Fatigued);
}

#[test]
fn t_medic_01_toi_spec_medic_bandage_against_normal_attacks_only() {
    let mut g = empty_game(&[]);
    let medic = squad(&mut g, Nation::Us, &["us-regular"; 2], "1003");
    let other = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    let woods = crate::cover::cover(&g, other);
    specialize(&mut g, medic, Specialization::Medic);
    for u in [medic, other] {
        assert_eq!(crate::fire::attack_cover(&g, u, false, false), woods + 1);
        assert_eq!(crate::fire::attack_cover(&g, u, true, false), woods);
    }
    // TOI-SPEC-RULES: a disrupted medic bandages nobody.
    set_condition(&mut g, medic, Condition::Disrupted);
    assert_eq!(crate::fire::attack_cover(&g, other, false, false), woods);
}

#[test]
fn toi_unit_elite_resilience_against_suppressive_attacks() {
    let mut g = empty_game(&[]);
    let elites = squad(
        &mut g,
        Nation::Us,
        &["us-elite", "us-elite", "us-regular", "us-regular"],
        "0305",
    );
    assert_eq!(crate::fire::attack_cover(&g, elites, true, false), 2);
    assert_eq!(crate::fire::attack_cover(&g, elites, false, false), 0);
}

#[test]
fn t_eng_01_toi_spec_eng_digging_in() {
    let mut g = empty_game(&[]);
    let eng = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    specialize(&mut g, eng, Specialization::Engineer);
    mark(&mut g, "0305", |m| m.entrenchments = 2);
    let dig = ToiAction::Entrench {
        unit: eng,
        occupy: true,
    };
    act(&mut g, dig);
    assert_eq!(g.markers(hex(&g, "0305")).entrenchments, 3);
    assert_eq!(g.unit(eng).fort, Fort::Entrenchment);
    assert_eq!(g.unit(eng).token, Token::Fatigued);
    // Three fortifications: no more.
    g.units[eng.index()].token = Token::Fresh;
    assert!(!crate::specialization::may_entrench(&g, eng));
    // Never in a stream or a building.
    for label in ["0207", "0604"] {
        g.units[eng.index()].at = Location::Hex(hex(&g, label));
        g.units[eng.index()].fort = Fort::None;
        assert!(!crate::specialization::may_entrench(&g, eng), "{label}");
    }
}

#[test]
fn t_aslt_06_toi_spec_flame_assault_burns_the_cover_away() {
    // The flamethrower 4R at 0904 assaults 0903 (woods, one entrenched German 4R: cover 4):
    // strength 4 + 2 = 6 [1; 6], cover 4 - 5: no red die; the defence's 4 dice [1; 4].
    let mut g = empty_game(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0904");
    specialize(&mut g, flame, Specialization::Flamethrower);
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0903");
    mark(&mut g, "0903", |m| m.entrenchments = 1);
    g.units[de.index()].fort = Fort::Entrenchment;
    act(&mut g, ToiAction::AssaultWith { unit: flame });
    let target = hex(&g, "0903");
    let log = act(&mut g, ToiAction::AssaultHex { hex: target });
    assert!(
        log.entries()
            .iter()
            .any(|e| e.text.contains("attack 6 dice") && e.text.contains("against cover []")),
        "{:?}",
        log.entries().iter().map(|e| &e.text).collect::<Vec<_>>()
    );
}

#[test]
fn t_fort_02_toi_fort_wire_engineers_and_tanks_pass_and_clear_it() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0306", |m| m.wire = true);
    let eng = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    specialize(&mut g, eng, Specialization::Engineer);
    act(&mut g, ToiAction::Advance { unit: eng });
    let wire = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: wire });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.unit == eng),
        "an engineer squad is not stopped"
    );
    // It clears the wire for 2 MP.
    let before = match step(&g) {
        Step::Moving(mv) => mv.mp,
        _ => unreachable!(),
    };
    act(&mut g, ToiAction::RemoveWire);
    assert!(!g.markers(wire).wire);
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp + crate::movement::WIRE_REMOVAL == before)
    );
}

#[test]
fn t_fort_02_toi_fort_wire_three_successes_of_one_area_attack_cut_it() {
    // A German mortar (FP 4, normal range) on 0306: [5, 5, 6, 1]: 3 successes.
    let mut g = empty_game(&[5, 5, 6, 1, 1, 1, 1, 1]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    let m = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-regular", "de-regular"],
        "0309",
    );
    let _us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0306");
    mark(&mut g, "0306", |m| m.wire = true);
    let target = hex(&g, "0306");
    act(
        &mut g,
        ToiAction::AreaFire {
            unit: m,
            hex: target,
            suppressive: true,
        },
    );
    assert!(!g.markers(target).wire);
}

#[test]
fn t_fort_04_toi_fort_mine_engineers_lose_nothing_but_stop() {
    let mut g = empty_game(&[]);
    mark(&mut g, "0306", |m| m.mines = true);
    let eng = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    specialize(&mut g, eng, Specialization::Engineer);
    act(&mut g, ToiAction::Advance { unit: eng });
    let mines = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: mines });
    assert_eq!(g.unit(eng).at, Location::Hex(mines));
    assert_eq!(g.unit(eng).token, Token::Fatigued);
    assert_eq!(figures_of(&g, eng), 4);
}
