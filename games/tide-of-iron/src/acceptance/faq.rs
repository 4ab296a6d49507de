//! The rulebook's FAQ (`TOI-FAQ`, spec 1.40, src L2427-2468): one test per ruling, T-FAQ-01 to
//! T-FAQ-10.

use super::*;
use crate::action::ToiEvent;
use crate::data::Specialization;
use crate::state::{Fort, Token};
use crate::tables::results::Condition;

/// The text of the log's assault roll.
fn assault_line(log: &ToiLog) -> String {
    log.entries()
        .iter()
        .find(|e| e.text.starts_with("Assault: attack"))
        .map(|e| e.text.clone())
        .expect("an assault roll")
}

/// The US squad at `from` assaults `target` at once (no move, no supporter offered); the log
/// of the roll.
fn assault(g: &mut ToiGame, squad: UnitId, target: &str) -> ToiLog {
    act(g, ToiAction::AssaultWith { unit: squad });
    let h = hex(g, target);
    act(g, ToiAction::AssaultHex { hex: h })
}

/// T-FAQ-01 (`TOI-FAQ` FAQ-1): a disrupted squad may be attacked by mortars (and artillery).
#[test]
fn t_faq_01_toi_faq_a_disrupted_squad_is_a_mortar_target() {
    // The German mortar's suppressive area attack, 4 dice [5, 1, 1, 1]: 1 hit; the US squad in
    // the open rolls no red die; disrupted, 1 more hit routs it.
    let mut g = empty_game(&[5, 1, 1, 1]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    set_condition(&mut g, us, Condition::Disrupted);
    let mortar = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-regular", "de-regular"],
        "0208",
    );
    german_turn(&mut g);
    let target = hex(&g, "0205");
    let fire = ToiAction::AreaFire {
        unit: mortar,
        hex: target,
        suppressive: true,
    };
    assert!(legal(&g).contains(&fire));
    act(&mut g, fire);
    assert_eq!(g.unit(us).at, Location::Gone, "routed");
}

/// T-FAQ-02 (FAQ-2): a pinned squad with an officer in its hex defends an assault at full
/// firepower; without one, at half.
#[test]
fn t_faq_02_toi_faq_an_officer_keeps_a_pinned_defender_at_full_firepower() {
    for officer in [false, true] {
        let mut g = empty_game(&[1; 40]);
        let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
        let pinned = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
        set_condition(&mut g, pinned, Condition::Pinned);
        if officer {
            // The officer's own squad, pinned too: both at full firepower.
            let o = squad(
                &mut g,
                Nation::De,
                &["de-officer", "de-regular", "de-regular"],
                "0306",
            );
            set_condition(&mut g, o, Condition::Pinned);
        }
        let line = assault_line(&assault(&mut g, a, "0306"));
        let expected = if officer {
            "defence 7 dice"
        } else {
            "defence 2 dice"
        };
        assert!(line.contains(expected), "{line}");
    }
}

/// T-FAQ-03 (FAQ-3): a squad assaulting from a razor-wire hex does so at half firepower; out of
/// the wire first, at full.
#[test]
fn t_faq_03_toi_faq_assaulting_from_razor_wire_halves_firepower() {
    let mut g = empty_game(&[1; 40]);
    mark(&mut g, "0305", |m| m.wire = true);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let line = assault_line(&assault(&mut g, a, "0306"));
    assert!(line.contains("attack 2 dice"), "{line}");
    // The same squad stepping out of the wire to 0205, next to 0306 too: full firepower.
    let mut g = empty_game(&[1; 40]);
    mark(&mut g, "0305", |m| m.wire = true);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let out = hex(&g, "0205");
    act(&mut g, ToiAction::MoveTo { hex: out });
    let target = hex(&g, "0306");
    let line = assault_line(&act(&mut g, ToiAction::AssaultHex { hex: target }));
    assert!(line.contains("attack 4 dice"), "{line}");
}

/// T-FAQ-04 (FAQ-4): 3 successes of a single area attack, normal or suppressive, cut razor
/// wire; the hits of an attack on a unit do not.
#[test]
fn t_faq_04_toi_faq_wire_falls_to_one_area_attack_of_3_suppressive_too() {
    // The mortar's suppressive attack [5, 6, 6, 1]: 3 successes; the German 4R's normal attack
    // next [5, 5, 6, 1] at normal range: 3 hits, on the squad only.
    let mut g = empty_game(&[5, 6, 6, 1, 5, 5, 6, 1]);
    mark(&mut g, "0205", |m| m.wire = true);
    mark(&mut g, "0405", |m| m.wire = true);
    let _us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    let other = squad(&mut g, Nation::Us, &["us-regular"; 4], "0405");
    let mortar = squad(
        &mut g,
        Nation::De,
        &["de-mortar", "de-regular", "de-regular"],
        "0208",
    );
    let rifles = squad(&mut g, Nation::De, &["de-regular"; 4], "0407");
    german_turn(&mut g);
    let target = hex(&g, "0205");
    act(
        &mut g,
        ToiAction::AreaFire {
            unit: mortar,
            hex: target,
            suppressive: true,
        },
    );
    assert!(!g.markers(target).wire, "cut by a suppressive area attack");
    g.sides[Nation::De.index()].actions_left = 1;
    g.step = Step::Action { nation: Nation::De };
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: rifles,
            target: other,
        },
    );
    assert!(matches!(step(&g), Step::Casualties { hits: 3, .. }));
    assert!(
        g.markers(hex(&g, "0405")).wire,
        "not by an attack on a unit"
    );
}

/// T-FAQ-05 (FAQ-5): a flamethrower next to its target keeps its +2 and -5 when a friend
/// supports it from normal range; the attack hits on 5-6.
#[test]
fn t_faq_05_toi_faq_flamethrower_combined_at_normal_range() {
    // Lead 4 + 2, supporter half of 4: 8 black [4, 4, 4, 5, 6, 1, 1, 1]: 2 hits at normal range;
    // the woods' cover 2 - 5: no red die.
    let mut g = empty_game(&[4, 4, 4, 5, 6, 1, 1, 1]);
    let flame = squad(&mut g, Nation::Us, &["us-regular"; 4], "0904");
    g.units[flame.index()].spec = Some(Specialization::Flamethrower);
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
    let attack = log.entries().iter().find_map(|e| match &e.event {
        ToiEvent::Attack {
            black, red, hits, ..
        } => Some((black.len(), red.len(), *hits)),
        _ => None,
    });
    assert_eq!(attack, Some((8, 0, 2)));
}

/// T-FAQ-06 (FAQ-6): a hidden squad that stays hidden in an assaulted hex neither fights nor
/// loses, and retreats, revealed, when the attacker wins.
#[test]
fn t_faq_06_toi_faq_a_hidden_defender_stays_out_then_retreats_revealed() {
    // Attack [6, 6, 6, 6]: 4 hits, no cover; the revealed German 3R defends alone [1, 1, 1].
    let mut g = empty_game(&[6, 6, 6, 6, 1, 1, 1]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let seen = squad(&mut g, Nation::De, &["de-regular"; 3], "0306");
    let hidden = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[hidden.index()].hidden = true;
    act(&mut g, ToiAction::AssaultWith { unit: a });
    let target = hex(&g, "0306");
    act(&mut g, ToiAction::AssaultHex { hex: target });
    act(&mut g, ToiAction::Done);
    // 4 hits on a 3-figure squad: it is wiped out; the hidden squad loses nothing.
    while matches!(step(&g), Step::DefenderLosses(_)) {
        let first = legal(&g)[0];
        assert!(matches!(first, ToiAction::LoseFrom { unit, .. } if unit == seen));
        act(&mut g, first);
    }
    assert_eq!(g.unit(seen).at, Location::Gone);
    assert_eq!(figures_of(&g, hidden), 4);
    assert!(!g.unit(hidden).hidden, "revealed");
    assert!(matches!(step(&g), Step::Retreat(_)), "and it retreats");
}

/// T-FAQ-07 (FAQ-7): a medic's Bandage helps the defenders of an assault, never the
/// assaulters.
#[test]
fn t_faq_07_toi_faq_bandage_for_the_defenders_only() {
    // Defending medic in the open: 1 red die (Bandage).
    let mut g = empty_game(&[1; 40]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let medic = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[medic.index()].spec = Some(Specialization::Medic);
    let line = assault_line(&assault(&mut g, a, "0306"));
    assert!(line.contains("against cover [1]"), "{line}");
    // An assaulting medic squad: the defenders' 2 successes [6, 6, 1, 1] all hit it.
    let mut g = empty_game(&[1, 1, 1, 1, 6, 6, 1, 1]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[a.index()].spec = Some(Specialization::Medic);
    squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let line = assault_line(&assault(&mut g, a, "0306"));
    assert!(line.contains("against cover []"), "{line}");
    assert!(
        matches!(step(&g), Step::Casualties { unit, hits: 2, .. } if unit == a),
        "{line}"
    );
}

/// T-FAQ-08 (FAQ-8): an objective with a fortification is controlled from its hex, inside the
/// fortification or not.
#[test]
fn t_faq_08_toi_faq_an_entrenched_objective_is_held_from_the_hex() {
    let mut g = empty_game(&[]);
    // 0604: the German command objective, with its entrenchment.
    mark(&mut g, "0604", |m| m.entrenchments = 1);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0604");
    assert_eq!(g.unit(us).fort, Fort::None);
    let objective = g
        .scenario()
        .objectives
        .iter()
        .position(|o| o.hex == hex(&g, "0604"))
        .unwrap();
    g.control[objective] = Some(Nation::De);
    crate::command::begin(&mut g, &mut ToiLog::new());
    assert_eq!(g.controller(objective), Some(Nation::Us));
}

/// T-FAQ-09 (FAQ-9): the squad advancing after a successful assault on an entrenched hex
/// enters the hex, not the entrenchment.
#[test]
fn t_faq_09_toi_faq_advancing_after_an_assault_never_enters_the_fortification() {
    // Attack [6, 6, 6, 6], cover: the entrenchment's 2 red [1, 1]; the entrenched 4R's defence
    // [1, 1, 1, 1]: it is wiped out.
    let mut g = empty_game(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1]);
    mark(&mut g, "0306", |m| m.entrenchments = 1);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[de.index()].fort = Fort::Entrenchment;
    let line = assault_line(&assault(&mut g, a, "0306"));
    assert!(line.contains("against cover [1, 1]"), "{line}");
    while matches!(step(&g), Step::DefenderLosses(_)) {
        let first = legal(&g)[0];
        act(&mut g, first);
    }
    assert_eq!(g.unit(de).at, Location::Gone);
    act(&mut g, ToiAction::AdvanceInto { unit: a });
    assert_eq!(g.unit(a).at, Location::Hex(hex(&g, "0306")));
    assert_eq!(g.unit(a).fort, Fort::None, "not in the entrenchment");
    assert_eq!(g.unit(a).token, Token::Fatigued);
}

/// T-FAQ-09 (FAQ-9), the squad assaulting from an entrenchment of its own hex: advancing, it
/// leaves that fortification and enters none.
#[test]
fn t_faq_09_toi_faq_an_entrenched_assaulter_advances_out_of_its_fortification() {
    let mut g = empty_game(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1]);
    mark(&mut g, "0305", |m| m.entrenchments = 1);
    mark(&mut g, "0306", |m| m.entrenchments = 1);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[a.index()].fort = Fort::Entrenchment;
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[de.index()].fort = Fort::Entrenchment;
    assault(&mut g, a, "0306");
    while matches!(step(&g), Step::DefenderLosses(_)) {
        let first = legal(&g)[0];
        act(&mut g, first);
    }
    act(&mut g, ToiAction::AdvanceInto { unit: a });
    assert_eq!(g.unit(a).at, Location::Hex(hex(&g, "0306")));
    assert_eq!(g.unit(a).fort, Fort::None, "in no fortification");
}

/// T-FAQ-10 (FAQ-10, `TOI-COMP`): every US officer and machine-gun crew of the box on the map, a
/// reinforcement of an officer, a machine gun and a regular arrives as four regulars (two for
/// the two-slot crew); a truck the box has run out of does not arrive.
#[test]
fn t_faq_10_toi_faq_regulars_stand_in_for_figures_the_box_has_run_out_of() {
    let mut g = empty_game(&[]);
    squad(&mut g, Nation::Us, &["us-officer"; 4], "0101");
    squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-officer", "us-regular", "us-regular"],
        "0102",
    );
    for label in ["0201", "0202", "0203"] {
        squad(&mut g, Nation::Us, &["us-mg", "us-mg"], label);
    }
    for label in ["0301", "0302", "0303", "0401", "0402", "0403"] {
        vehicle(&mut g, Nation::Us, "us-truck", label);
    }
    let late = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-mg", "us-regular"],
        "0501",
    );
    let truck = vehicle(&mut g, Nation::Us, "us-truck", "0502");
    for u in [late, truck] {
        g.units[u.index()].at = Location::Reserve(1);
    }
    let regular = g
        .data()
        .figures
        .iter()
        .position(|f| f.id == "us-regular")
        .unwrap() as u8;
    let mut log = ToiLog::new();
    crate::status::reinforce(&mut g, Nation::Us, &mut log);
    assert_eq!(
        g.unit(late).kind,
        Kind::Squad {
            figures: [regular; 4],
            condition: Condition::Normal
        }
    );
    assert_eq!(step(&g), Step::Reinforce { nation: Nation::Us });
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "TOI-FAQ" && e.text.contains("FAQ-10"))
    );
    let place = legal(&g)[0];
    act(&mut g, place);
    assert!(matches!(g.unit(late).at, Location::Hex(_)));
    assert_eq!(g.unit(truck).at, Location::Gone, "no truck left in the box");
}

/// FAQ-10 with figures to spare: a reinforcement arrives as written.
#[test]
fn toi_faq_a_reinforcement_the_box_can_supply_arrives_as_written() {
    let mut g = empty_game(&[]);
    let late = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-mg", "us-regular"],
        "0501",
    );
    g.units[late.index()].at = Location::Reserve(1);
    let written = g.unit(late).kind;
    crate::status::reinforce(&mut g, Nation::Us, &mut ToiLog::new());
    assert_eq!(g.unit(late).kind, written);
}
