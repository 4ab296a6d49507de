//! Strategy and operations cards (`TOI-CARD-STRAT`, `TOI-CARD-OPS`, `TOI-KW-*`,
//! `TOI-STAT-DRAW`). The decks of a test game are in the file's order, the first card on top.

use super::*;
use crate::data::OperationRule;
use crate::state::Token;
use crate::tables::results::Condition;

/// Give `nation` the card `id`, face up in its HQ, and `command` to spend.
fn holding(g: &mut ToiGame, nation: Nation, id: &str, command: u16) -> u16 {
    let c = card(g, id);
    g.hands[nation.index()].hq.push(c);
    g.sides[nation.index()].command = command;
    c
}

fn condition(g: &ToiGame, u: UnitId) -> Condition {
    match g.unit(u).kind {
        Kind::Squad { condition, .. } => condition,
        Kind::Vehicle { .. } => Condition::Normal,
    }
}

/// "Le Hameau" as [`empty_game`], with `nation` holding the operations card bringing `rule`.
fn with_operation(rolls: &[u16], nation: Nation, rule: OperationRule) -> ToiGame {
    let mut data = (*data()).clone();
    let op = data
        .cards
        .operations
        .iter()
        .position(|o| o.rule == rule)
        .unwrap();
    let scenario = data
        .scenarios
        .iter_mut()
        .find(|s| s.id == "le-hameau")
        .unwrap();
    scenario.cards[nation.index()].operations = vec![op];
    let mut g = empty_game(rolls);
    g.data = Arc::new(data);
    g
}

#[test]
fn t_act_07_toi_act_card_refresh_a_fatigued_unit() {
    let mut g = empty_game(&[]);
    let x = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[x.index()].token = Token::Fatigued;
    let rally = holding(&mut g, Nation::Us, "rally-the-line", 2);
    let before = g.side(Nation::Us).actions_left;
    act(&mut g, ToiAction::PlayCard { card: rally });
    act(&mut g, ToiAction::CardUnit { unit: x });
    assert_eq!(g.unit(x).token, Token::Fresh);
    assert_eq!(g.side(Nation::Us).command, 1);
    assert!(!g.hand(Nation::Us).hq.contains(&rally), "out of the HQ");
    assert!(
        g.hand(Nation::Us).play_area.is_empty(),
        "removed from the game, not in the play area"
    );
    assert_eq!(g.side(Nation::Us).actions_left, before - 1, "one action");
}

#[test]
fn t_act_04_toi_act_card_only_what_can_be_paid() {
    let mut g = empty_game(&[]);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    let x = squad(&mut g, Nation::De, &["de-regular"; 4], "0305");
    g.units[x.index()].token = Token::Fatigued;
    let hold = holding(&mut g, Nation::De, "hold-at-all-costs", 1);
    let camouflage = card(&g, "camouflaged-positions");
    g.hands[Nation::De.index()].hq.push(camouflage);
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: hold }));
    assert!(
        !legal(&g).contains(&ToiAction::PlayCard { card: camouflage }),
        "it costs 2, the German has 1"
    );
    act(&mut g, ToiAction::PlayCard { card: hold });
    assert_eq!(g.side(Nation::De).command, 0);
}

#[test]
fn t_card_01_toi_card_types_increased_priority_cheapens_every_artillery_card() {
    let mut g = empty_game(&[]);
    let priority = holding(&mut g, Nation::Us, "increased-priority", 5);
    act(&mut g, ToiAction::PlayCard { card: priority });
    assert_eq!(g.side(Nation::Us).command, 4);
    assert_eq!(g.hand(Nation::Us).play_area, vec![(priority, None)]);
    let cost = |g: &ToiGame, id: &str| crate::cards::cost(g, Nation::Us, card(g, id));
    // Artillery I and Artillery II alike.
    assert_eq!(cost(&g, "continuous-barrage"), 2);
    assert_eq!(cost(&g, "harassing-fire"), 0);
    // Another type is not: the Air Support deck's cards keep their cost.
    assert_eq!(cost(&g, "typhoon-rockets"), 3);
    assert_eq!(cost(&g, "rally-the-line"), 1);
    assert_eq!(cost(&g, "keep-moving"), 0);
}

#[test]
fn t_card_02_toi_card_playarea_paid_once_and_decks_never_refilled() {
    let mut g = empty_game(&[]);
    let priority = holding(&mut g, Nation::Us, "increased-priority", 1);
    act(&mut g, ToiAction::PlayCard { card: priority });
    assert_eq!(g.side(Nation::Us).command, 0);
    // It works on, free, round after round.
    g.round = 4;
    assert_eq!(
        crate::cards::cost(&g, Nation::Us, card(&g, "fire-mission")),
        2
    );
    // A deck drawn to its end is exhausted.
    let artillery = deck(&g, "artillery-1");
    g.hands[Nation::Us.index()]
        .decks
        .retain(|(d, _)| *d == artillery);
    g.hands[Nation::Us.index()].decks[0].1.clear();
    assert!(!g.hand(Nation::Us).can_draw());
    g.step = Step::Status;
    overlord_engine::driver::run(&mut g, &mut ToiLog::new());
    assert!(
        !matches!(
            step(&g),
            Step::Draw {
                nation: Nation::Us,
                ..
            }
        ),
        "no draw from an empty deck"
    );
}

#[test]
fn t_stat_01_toi_stat_draw_a_plus_card_draws_one_more_once() {
    let mut g = empty_game(&[]);
    // The command deck's top card is "Keep Moving" (+), the artillery deck's "Time on Target" (+).
    let (cmd, art) = (deck(&g, "command-1"), deck(&g, "artillery-1"));
    let keep = card(&g, "keep-moving");
    let tot = card(&g, "time-on-target");
    for (d, cards) in &mut g.hands[Nation::Us.index()].decks {
        cards.push(if *d == cmd { keep } else { tot });
    }
    g.step = Step::Status;
    overlord_engine::driver::run(&mut g, &mut ToiLog::new());
    assert!(matches!(
        step(&g),
        Step::Draw {
            nation: Nation::Us,
            extra: false,
            ..
        }
    ));
    act(&mut g, ToiAction::DrawFrom { deck: cmd });
    assert!(matches!(
        step(&g),
        Step::Draw {
            nation: Nation::Us,
            extra: true,
            ..
        }
    ));
    assert!(
        legal(&g).contains(&ToiAction::Done),
        "the second draw is a may"
    );
    act(&mut g, ToiAction::DrawFrom { deck: art });
    assert_eq!(g.hand(Nation::Us).hq, vec![keep, tot]);
    assert!(
        matches!(
            step(&g),
            Step::Draw {
                nation: Nation::De,
                ..
            }
        ),
        "no third draw: the German's turn to draw"
    );
}

#[test]
fn toi_setup_3_setup_draws_ignore_the_plus() {
    let mut g = empty_game(&[]);
    let cmd = deck(&g, "command-1");
    let keep = card(&g, "keep-moving");
    for (d, cards) in &mut g.hands[Nation::Us.index()].decks {
        if *d == cmd {
            cards.push(keep);
        }
    }
    crate::cards::begin_draws(&mut g, Nation::Us, 1, true);
    act(&mut g, ToiAction::DrawFrom { deck: cmd });
    assert!(matches!(
        step(&g),
        Step::Draw {
            nation: Nation::De,
            setup: true,
            ..
        }
    ));
}

#[test]
fn t_contact_01_toi_kw_contact_a_missed_contact_waits_for_a_later_round() {
    // Contact (4): 3, missed. Next round: 5, made; then the target hex, the drift (a friendly
    // squad next to it: 3; black 6, on target), the Area Attack (5 dice, no hit).
    let mut g = empty_game(&[3, 5, 6, 1, 1, 1, 1, 1, 1]);
    let _spotter = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    g.sides[Nation::Us.index()].actions_left = 3;
    let mission = holding(&mut g, Nation::Us, "fire-mission", 3);
    act(&mut g, ToiAction::PlayCard { card: mission });
    assert_eq!(g.side(Nation::Us).command, 0);
    assert_eq!(g.hand(Nation::Us).play_area, vec![(mission, Some(1))]);
    assert!(
        !legal(&g).contains(&ToiAction::RetryContact { card: mission }),
        "not again this round"
    );
    g.round = 2;
    g.step = Step::Action { nation: Nation::Us };
    act(&mut g, ToiAction::RetryContact { card: mission });
    assert_eq!(g.side(Nation::Us).command, 0, "nothing paid again");
    assert!(matches!(step(&g), Step::Card(_)));
    let target = hex(&g, "0305");
    act(&mut g, ToiAction::TargetHex { hex: target });
    assert!(
        g.hand(Nation::Us).play_area.is_empty(),
        "resolved, the card is discarded"
    );
}

#[test]
fn t_drift_02_toi_kw_drift_the_drift_number() {
    let mut g = empty_game(&[]);
    let target = hex(&g, "1003");
    // Nobody sees it: 6.
    assert_eq!(crate::cards::drift_number(&g, Nation::Us, 0, target), 6);
    // A fatigued squad seeing it changes nothing.
    let eye = squad(&mut g, Nation::Us, &["us-regular"; 4], "1006");
    g.units[eye.index()].token = Token::Fatigued;
    assert_eq!(crate::cards::drift_number(&g, Nation::Us, 0, target), 6);
    // Fresh: 4.
    g.units[eye.index()].token = Token::Fresh;
    assert_eq!(crate::cards::drift_number(&g, Nation::Us, 0, target), 4);
    // With an officer: 3.
    g.units[eye.index()].at = Location::Gone;
    squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "1006",
    );
    assert_eq!(crate::cards::drift_number(&g, Nation::Us, 0, target), 3);
}

#[test]
fn t_drift_01_toi_kw_drift_black_below_the_number_drifts_black_hexes() {
    // Drift number 6 (nobody sees 0305): black 2, red 4 (South): two hexes south, 0307.
    // Then black 6: on target. Then black 5, red 1 (North) from 0302: off the battlefield.
    let mut g = empty_game(&[2, 4, 6, 3, 5, 1]);
    let mut log = ToiLog::new();
    let aim = hex(&g, "0305");
    assert_eq!(
        crate::cards::drift(&mut g, Nation::Us, 0, aim, &mut log),
        Some(hex(&g, "0307"))
    );
    assert_eq!(
        crate::cards::drift(&mut g, Nation::Us, 0, aim, &mut log),
        Some(aim)
    );
    let edge = hex(&g, "0302");
    assert_eq!(
        crate::cards::drift(&mut g, Nation::Us, 0, edge, &mut log),
        None,
        "T-DRIFT-03: off the map, no effect"
    );
}

#[test]
fn t_arty_01_toi_arty_ex_toi_kw_target_toi_kw_area_toi_kw_blast_continuous_barrage() {
    // Contact (4): 4. Target 0905, a US squad next to it (drift 3): black 3, on target (red 1).
    // Area 4 suppressive [5,6,1,2]: 2 hits: both Germans in the clear pinned. Blast 3 on each
    // hex next to it with units: [6,3,1], 1 hit: the US squad pinned; the German halftrack is
    // a vehicle: a suppressive blast does nothing to it.
    let mut g = empty_game(&[4, 3, 1, 5, 6, 1, 2, 6, 3, 1, 6, 3, 1]);
    let target = hex(&g, "0905");
    let g1 = squad(&mut g, Nation::De, &["de-regular"; 4], "0905");
    let g2 = squad(&mut g, Nation::De, &["de-regular"; 4], "0905");
    let around: Vec<HexId> = g
        .scenario()
        .battlefield
        .hexes
        .neighbours_on_map(target)
        .collect();
    let e = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[e.index()].at = Location::Hex(around[0]);
    let f = vehicle(&mut g, Nation::De, "de-halftrack", "0305");
    g.units[f.index()].at = Location::Hex(around[1]);
    for u in [e, g1, g2] {
        assert_eq!(crate::cover::cover(&g, u), 0, "in the clear");
    }
    let barrage = holding(&mut g, Nation::Us, "continuous-barrage", 3);
    act(&mut g, ToiAction::PlayCard { card: barrage });
    act(&mut g, ToiAction::TargetHex { hex: target });
    assert_eq!(condition(&g, g1), Condition::Pinned);
    assert_eq!(condition(&g, g2), Condition::Pinned);
    assert_eq!(condition(&g, e), Condition::Pinned, "friendly fire");
    assert!(matches!(
        g.unit(f).kind,
        Kind::Vehicle { damage, .. } if damage == Default::default()
    ));
}

#[test]
fn toi_card_strat_regulars_and_hidden_markers() {
    let mut g = empty_game(&[]);
    // In the orchard's woods: hidden, they stay hidden in the German's sight.
    let reduced = squad(&mut g, Nation::Us, &["us-regular"; 2], "0902");
    let full = squad(&mut g, Nation::Us, &["us-regular"; 4], "0902");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    // Hardened Veterans, in the Command Phase: 2 regulars into reduced squads.
    g.step = Step::Command { nation: Nation::Us };
    let veterans = holding(&mut g, Nation::Us, "hardened-veterans", 2);
    act(&mut g, ToiAction::PlayCard { card: veterans });
    assert!(!legal(&g).contains(&ToiAction::CardUnit { unit: full }));
    act(&mut g, ToiAction::CardUnit { unit: reduced });
    act(&mut g, ToiAction::CardUnit { unit: reduced });
    match g.unit(reduced).kind {
        Kind::Squad { figures, .. } => {
            assert_eq!(figures.iter().filter(|&&f| f != EMPTY_SLOT).count(), 4);
        }
        Kind::Vehicle { .. } => panic!(),
    }
    assert_eq!(step(&g), Step::Command { nation: Nation::Us });
    // Go to Ground: two squads of one hex, none next to an enemy, hidden.
    g.step = Step::Action { nation: Nation::Us };
    let ground = holding(&mut g, Nation::Us, "go-to-ground", 1);
    act(&mut g, ToiAction::PlayCard { card: ground });
    act(&mut g, ToiAction::CardUnit { unit: reduced });
    act(&mut g, ToiAction::CardUnit { unit: full });
    assert!(g.unit(reduced).hidden && g.unit(full).hidden);
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    // A squad next to an enemy takes no marker.
    let near = squad(&mut g, Nation::Us, &["us-regular"; 4], "1107");
    let more = holding(&mut g, Nation::Us, "go-to-ground", 1);
    assert!(
        !legal(&g).contains(&ToiAction::PlayCard { card: more }),
        "no hex has two squads free to hide"
    );
    let _beside = squad(&mut g, Nation::Us, &["us-regular"; 4], "1107");
    assert!(crate::cards::playable(&g, Nation::Us, crate::data::CardPhase::Action).is_empty());
    g.units[near.index()].at = Location::Hex(hex(&g, "0305"));
    g.units[_beside.index()].at = Location::Hex(hex(&g, "0305"));
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: more }));
}

#[test]
fn t_ops_01_toi_card_ops_desperate_defense() {
    // A pinned German 4R fires at half: 2 dice [1, 1].
    let mut g = with_operation(&[1, 1], Nation::De, OperationRule::DesperateDefense);
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    if let Kind::Squad { figures, .. } = g.units[de.index()].kind {
        g.units[de.index()].kind = Kind::Squad {
            figures,
            condition: Condition::Pinned,
        };
    }
    assert!(crate::fire::targets(&g, de, false).contains(&us));
    let log = act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: de,
            target: us,
        },
    );
    let black = log.entries().iter().find_map(|e| match &e.event {
        crate::action::ToiEvent::Attack { black, .. } => Some(black.len()),
        _ => None,
    });
    assert_eq!(black, Some(2));
    // Without the card, a pinned squad does not fire.
    let mut plain = empty_game(&[]);
    let de = squad(&mut plain, Nation::Us, &["us-regular"; 4], "0306");
    if let Kind::Squad { figures, .. } = plain.units[de.index()].kind {
        plain.units[de.index()].kind = Kind::Squad {
            figures,
            condition: Condition::Pinned,
        };
    }
    assert!(crate::fire::cannot_fire(&plain, de).is_some());
}

#[test]
fn t_err_01_toi_errata_double_time() {
    let mut g = with_operation(&[], Nation::Us, OperationRule::DoubleTime);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    act(&mut g, ToiAction::Advance { unit: s });
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 6 * crate::movement::THIRDS));
    let mut g = with_operation(&[], Nation::Us, OperationRule::DoubleTime);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    act(&mut g, ToiAction::FireAndMovement { unit: s });
    assert!(matches!(step(&g), Step::Moving(mv) if mv.mp == 3 * crate::movement::THIRDS));
}

#[test]
fn toi_combat_hidden_camouflage_firing_with_fewer_than_2_hits_stays_hidden() {
    // A hidden US 4R in the orchard fires at a German 4R three hexes off in the clear:
    // [5, 1, 1, 1]: 1 hit: still hidden; then [5, 6, 1, 1]: 2 hits: revealed.
    let mut g = with_operation(
        &[5, 1, 1, 1, 5, 6, 1, 1],
        Nation::Us,
        OperationRule::Camouflage,
    );
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "1003");
    g.units[us.index()].hidden = true;
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "1006");
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: us,
            target: de,
        },
    );
    assert!(g.unit(us).hidden);
    act(&mut g, ToiAction::Lose { slot: 0 });
    g.units[us.index()].token = Token::Fresh;
    g.step = Step::Action { nation: Nation::Us };
    g.sides[Nation::Us.index()].actions_left = 2;
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: us,
            target: de,
        },
    );
    assert!(!g.unit(us).hidden);
}

/// `TOI-CARD-STRAT` (the `reinforcements` verb): "Rapid Mobilization" brings the next
/// reinforcement due in a later round to this round's Status Phase.
#[test]
fn toi_card_strat_rapid_mobilization_hastens_the_next_reinforcement() {
    let mut g = empty_game(&[]);
    let soon = squad(&mut g, Nation::Us, &["us-regular"; 4], "0101");
    let late = squad(&mut g, Nation::Us, &["us-regular"; 4], "0102");
    g.units[soon.index()].at = Location::Reserve(3);
    g.units[late.index()].at = Location::Reserve(5);
    let mobilize = holding(&mut g, Nation::Us, "rapid-mobilization", 2);
    g.step = Step::Command { nation: Nation::Us };
    assert!(legal(&g).contains(&ToiAction::PlayCard { card: mobilize }));
    act(&mut g, ToiAction::PlayCard { card: mobilize });
    assert_eq!(
        g.unit(soon).at,
        Location::Reserve(1),
        "this round's Status Phase"
    );
    assert_eq!(
        g.unit(late).at,
        Location::Reserve(5),
        "one reinforcement only"
    );
    assert_eq!(g.side(Nation::Us).command, 0);
    // With none due later the card has nothing to act on and is not offered.
    let mut g = empty_game(&[]);
    let mobilize = holding(&mut g, Nation::Us, "rapid-mobilization", 2);
    g.step = Step::Command { nation: Nation::Us };
    assert!(!legal(&g).contains(&ToiAction::PlayCard { card: mobilize }));
}

/// `TOI-CARD-PLAYAREA` (the `modifier` verb): "Forced March" gives the side's squads 1 MP more
/// and "Dig In" 1 cover die more, to the end of the round.
#[test]
fn toi_card_playarea_modifiers_last_to_the_end_of_the_round() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0308");
    let thirds = crate::movement::THIRDS;
    assert_eq!(crate::movement::movement_points(&g, s), 4 * thirds);
    let march = holding(&mut g, Nation::Us, "forced-march", 3);
    act(&mut g, ToiAction::PlayCard { card: march });
    assert_eq!(crate::movement::movement_points(&g, s), 5 * thirds);
    assert_eq!(
        crate::movement::movement_points(&g, de),
        4 * thirds,
        "the side's own squads"
    );
    let cover = crate::cover::cover(&g, s);
    let dig_in = holding(&mut g, Nation::Us, "dig-in", 2);
    g.sides[Nation::Us.index()].actions_left = 1;
    g.step = Step::Action { nation: Nation::Us };
    act(&mut g, ToiAction::PlayCard { card: dig_in });
    assert_eq!(crate::cover::cover(&g, s), cover + 1);
    // The Status Phase's clean-up ends them.
    let mut log = ToiLog::new();
    crate::turn::status_phase(&mut g, &mut log);
    assert!(g.hand(Nation::Us).play_area.is_empty());
    assert_eq!(crate::movement::movement_points(&g, s), 4 * thirds);
    assert_eq!(crate::cover::cover(&g, s), cover);
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule == crate::cards::PLAY_AREA)
    );
}

/// `TOI-ACT-SPECIAL`, `TOI-CARD-OPS` ("Create Smoke"): with the card, an engineer squad lays
/// smoke in its hex or next to it, never in a building, as its action; the smoke blocks sight
/// and goes in the Status Phase.
#[test]
fn toi_act_special_create_smoke_lets_engineers_lay_smoke() {
    let mut g = with_operation(&[], Nation::Us, OperationRule::CreateSmoke);
    let engineers = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    g.units[engineers.index()].spec = Some(crate::data::Specialization::Engineer);
    let plain = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let watcher = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    let screen = hex(&g, "0304");
    let smoke = ToiAction::ThrowSmoke {
        unit: engineers,
        hex: screen,
    };
    let offered = legal(&g);
    assert!(offered.contains(&smoke));
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, ToiAction::ThrowSmoke { unit, .. } if *unit == plain))
    );
    // 0604, a building of the hamlet, is never offered (and is not adjacent anyway).
    let building = hex(&g, "0604");
    assert!(!crate::specialization::smoke_hexes(&g, engineers).contains(&building));
    assert!(crate::fire::targets(&g, watcher, false).contains(&plain));
    act(&mut g, smoke);
    assert!(g.smoke(screen));
    assert_eq!(g.unit(engineers).token, Token::Fatigued);
    assert!(
        !crate::fire::targets(&g, watcher, false).contains(&plain),
        "the smoke between them blocks the German's sight"
    );
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    assert!(!g.smoke(screen), "gone in the Status Phase");
    // Without the card, no engineer lays smoke.
    let mut g = empty_game(&[]);
    let engineers = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    g.units[engineers.index()].spec = Some(crate::data::Specialization::Engineer);
    assert!(crate::specialization::smoke_hexes(&g, engineers).is_empty());
}
