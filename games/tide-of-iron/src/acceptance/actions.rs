//! The Action Phase (`TOI-ACT`), movement (`TOI-MOVE`) and fire (`TOI-COMBAT`) cases.

use super::*;
use crate::action::ToiEvent;
use crate::state::Token;

#[test]
fn t_act_11_toi_act_fatigue_a_fresh_squad_is_fatigued_with_nothing_else() {
    let mut g = empty_game(&[]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let b = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    g.sides[Nation::Us.index()].actions_left = 2;
    act(&mut g, ToiAction::Fatigue { unit: a });
    assert_eq!(g.unit(a).token, Token::Fatigued);
    assert_eq!(g.unit(a).at, Location::Hex(hex(&g, "0302")));
    // TOI-ACT: a fatigued unit may not be activated again.
    assert!(!legal(&g).contains(&ToiAction::Fatigue { unit: a }));
    assert!(legal(&g).contains(&ToiAction::Fatigue { unit: b }));
}

#[test]
fn t_act_09_toi_act_end_the_other_side_then_acts_until_it_ends() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let de: Vec<UnitId> = ["1107", "1108", "1008"]
        .iter()
        .map(|h| squad(&mut g, Nation::De, &["de-regular"; 4], h))
        .collect();
    crate::turn::begin_round(&mut g, 1, &mut ToiLog::new());
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    act(&mut g, ToiAction::Fatigue { unit: us });
    // The US has nothing fresh left: its phase is over, and the German takes every action.
    for unit in de {
        assert_eq!(step(&g), Step::Action { nation: Nation::De });
        act(&mut g, ToiAction::Fatigue { unit });
    }
    assert_eq!(
        step(&g),
        Step::Command { nation: Nation::Us },
        "both done: Command Phase"
    );
}

#[test]
fn t_act_01_toi_act_adv_advance_then_fatigued() {
    let mut g = empty_game(&[]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0308");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1101");
    act(&mut g, ToiAction::Advance { unit: a });
    assert!(matches!(step(&g), Step::Moving(mv) if mv.unit == a && mv.mp == 12));
    // Clear hexes cost 1 each: 0408, 0409... four moves, then the activation ends.
    for label in ["0208", "0109"] {
        let h = hex(&g, label);
        if legal(&g).contains(&ToiAction::MoveTo { hex: h }) {
            act(&mut g, ToiAction::MoveTo { hex: h });
        }
    }
    act(&mut g, ToiAction::StopMoving);
    assert_eq!(g.unit(a).token, Token::Fatigued);
}

#[test]
fn t_move_03_toi_terr_woods_cost_2_and_an_officer_adds_1() {
    let mut g = empty_game(&[]);
    // 3R+O: movement 4, +1 for the officer (TOI-UNIT-OFFICER): 5.
    let s = squad(
        &mut g,
        Nation::Us,
        &["us-regular", "us-regular", "us-regular", "us-officer"],
        "0702",
    );
    assert_eq!(crate::movement::movement_points(&g, s), 15, "in thirds");
    // 0802 is woods: 2 MP.
    let (from, woods) = (hex(&g, "0702"), hex(&g, "0802"));
    assert_eq!(crate::movement::entry_cost(&g, s, from, woods), Ok(6));
    // A low rise (level 1) costs 2 to climb (TOI-TERR-HILL), 1 to come down.
    let (flat, rise) = (hex(&g, "0302"), hex(&g, "0402"));
    assert_eq!(crate::movement::entry_cost(&g, s, flat, rise), Ok(6));
    assert_eq!(crate::movement::entry_cost(&g, s, rise, flat), Ok(3));
}

#[test]
fn t_move_06_toi_move_halfhex_a_half_hex_is_never_entered() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0203");
    let half = hex(&g, "0103");
    assert!(crate::movement::entry_cost(&g, s, hex(&g, "0203"), half).is_err());
    assert!(!crate::movement::destinations(&g, s, 12).contains(&half));
}

#[test]
fn t_move_07_toi_terr_road_costs_1_along_the_road_whatever_lies_under() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0507");
    // 0507 -> 0407 (the bridge) along the road: 1; and onwards to 0308.
    assert_eq!(
        crate::movement::entry_cost(&g, s, hex(&g, "0507"), hex(&g, "0407")),
        Ok(3)
    );
    // Off the road into the fordable stream: 2 for a squad.
    assert_eq!(
        crate::movement::entry_cost(&g, s, hex(&g, "0407"), hex(&g, "0508")),
        Ok(6)
    );
}

#[test]
fn t_stack_01_toi_stack_through_a_full_hex_but_never_stopping_there() {
    let mut g = empty_game(&[]);
    for _ in 0..3 {
        squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    }
    let mover = squad(&mut g, Nation::Us, &["us-regular"; 4], "0205");
    let full = hex(&g, "0305");
    assert!(!crate::stacking::fits(&g, full, mover));
    // It may enter the full hex on its way, and not stop there.
    assert!(crate::movement::destinations(&g, mover, 12).contains(&full));
    act(&mut g, ToiAction::Advance { unit: mover });
    act(&mut g, ToiAction::MoveTo { hex: full });
    assert!(!legal(&g).contains(&ToiAction::StopMoving));
    assert!(!legal(&g).is_empty());
}

#[test]
fn t_seq_04_toi_act_conc_concentrated_fire_one_hit_the_owner_chooses() {
    // B[5,6,2,3] R[6,1]: US 4R at normal range on a DE 4R in woods: net 1 hit.
    let mut g = empty_game(&[5, 6, 2, 3, 6, 1]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0902");
    let de = squad(
        &mut g,
        Nation::De,
        &["de-regular", "de-regular", "de-regular", "de-officer"],
        "0903",
    );
    // The target in the orchard's woods (1003, cover 2), the shooter 3 hexes south down the
    // column, in clear: normal range, a clear line.
    g.units[de.index()].at = Location::Hex(hex(&g, "1003"));
    g.units[us.index()].at = Location::Hex(hex(&g, "1006"));
    let band = crate::fire::band(&g, us, de, false);
    assert_eq!(band, Some(crate::tables::dice::RangeBand::Normal));
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: us,
            target: de,
        },
    );
    assert_eq!(
        step(&g),
        Step::Casualties {
            unit: de,
            hits: 1,
            then: crate::state::Then::End(us)
        }
    );
    // The German chooses: a regular or the officer (one choice per kind of figure).
    assert_eq!(legal(&g).len(), 2);
    assert_eq!(crate::decisions::decider(&g), Nation::De);
    act(&mut g, ToiAction::Lose { slot: 0 });
    assert_eq!(g.unit(us).token, Token::Fatigued);
    match g.unit(de).kind {
        Kind::Squad { figures, .. } => {
            assert_eq!(figures.iter().filter(|&&f| f != EMPTY_SLOT).count(), 3);
        }
        Kind::Vehicle { .. } => panic!("a squad"),
    }
}

#[test]
fn t_cas_01_toi_combat_normal_squad_the_last_figure_takes_the_base() {
    // Close range (4-6): B[4,5,6,6] vs a 2R+O in clear with no cover: 4 hits, 3 figures.
    let mut g = empty_game(&[4, 5, 6, 6]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let de = squad(
        &mut g,
        Nation::De,
        &["de-regular", "de-regular", "de-officer"],
        "0306",
    );
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: us,
            target: de,
        },
    );
    assert!(matches!(step(&g), Step::Casualties { hits: 4, .. }));
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    act(&mut g, ToiAction::Lose { slot: 2 });
    assert_eq!(
        g.unit(de).at,
        Location::Gone,
        "the base goes with its last figure"
    );
    assert_eq!(g.unit(us).token, Token::Fatigued);
}

#[test]
fn t_supp_01_toi_combat_supp_a_suppressive_attack_pins() {
    // Close range: B[5,6,1,1], no cover: 2 hits: pinned. (The German fires at the US: the
    // Germans of Le Hameau hold "Desperate Defense", which lets their pinned squads fire.)
    let mut g = empty_game(&[5, 6, 1, 1]);
    let de = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let us = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    act(
        &mut g,
        ToiAction::SuppressiveFire {
            unit: us,
            target: de,
        },
    );
    assert!(matches!(
        g.unit(de).kind,
        Kind::Squad {
            condition: Condition::Pinned,
            ..
        }
    ));
    // TOI-MOVE-IMMOBILE, TOI-COMBAT-COND: it can neither move nor fire.
    assert!(crate::movement::immobile(&g, de).is_some());
    assert!(crate::fire::targets(&g, de, false).is_empty());
}

#[test]
fn t_act_03_toi_act_opprep_an_op_fire_unit_is_activated_and_waits() {
    let mut g = empty_game(&[]);
    let c = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let _other = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    act(&mut g, ToiAction::PrepareOpFire { unit: c });
    assert_eq!(g.unit(c).token, Token::OpFire);
    assert!(
        !legal(&g).contains(&ToiAction::Fatigue { unit: c }),
        "activated: not again"
    );
}

#[test]
fn t_act_05_toi_move_opfire_op_fire_as_the_enemy_enters_a_hex() {
    // US C in Op Fire at 0305; DE E advances from 0309 north into 0308, 3 hexes away in the
    // open: normal range. Black [5, 6, 1, 1] (2 hits), no cover: 2 hits, normal: 2 figures.
    let mut g = empty_game(&[5, 6, 1, 1]);
    let c = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[c.index()].token = Token::OpFire;
    let e = squad(&mut g, Nation::De, &["de-regular"; 4], "0309");
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g.sides[Nation::De.index()].actions_left = 2;
    act(&mut g, ToiAction::Advance { unit: e });
    let to = hex(&g, "0308");
    act(&mut g, ToiAction::MoveTo { hex: to });
    // The US may fire: its prompt, one attack for this hex.
    assert!(matches!(step(&g), Step::OpFire(_)));
    assert_eq!(crate::decisions::decider(&g), Nation::Us);
    act(
        &mut g,
        ToiAction::OpFire {
            lead: c,
            suppressive: false,
            mg_only: false,
        },
    );
    assert_eq!(g.unit(c).token, Token::Fatigued, "it fired: fatigued");
    // Two normal hits: the German picks the figures, then E may move on.
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.unit == e),
        "{:?}",
        step(&g)
    );
}

#[test]
fn t_move_04_toi_move_opfire_a_suppressed_mover_stops_fatigued() {
    // Suppressive Op Fire, black [6, 6, 1, 1]: 2 hits, pinned: E stops at once.
    let mut g = empty_game(&[6, 6, 1, 1]);
    let c = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    g.units[c.index()].token = Token::OpFire;
    let e = squad(&mut g, Nation::De, &["de-regular"; 4], "0309");
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g.sides[Nation::De.index()].actions_left = 2;
    act(&mut g, ToiAction::Advance { unit: e });
    let entered = hex(&g, "0308");
    act(&mut g, ToiAction::MoveTo { hex: entered });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: c,
            suppressive: true,
            mg_only: false,
        },
    );
    assert_eq!(g.unit(e).token, Token::Fatigued);
    assert_eq!(g.unit(e).at, Location::Hex(entered), "it stays in the hex");
    assert!(
        !matches!(step(&g), Step::Moving(_) | Step::OpFire(_)),
        "its activation is over"
    );
}

#[test]
fn t_seq_05_toi_act_fm_move_then_fire_at_half_firepower() {
    // US 4R, Fire and Movement (3 MP), moves into 0305, fires at a DE squad in the open 3
    // hexes away: FP 4 halved, 2 dice [5, 1]: 1 hit.
    let mut g = empty_game(&[5, 1]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0308");
    act(&mut g, ToiAction::FireAndMovement { unit: us });
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.mp == 9),
        "a squad moves 1 less"
    );
    let to = hex(&g, "0305");
    act(&mut g, ToiAction::MoveTo { hex: to });
    act(
        &mut g,
        ToiAction::MovingFire {
            target: de,
            suppressive: false,
        },
    );
    assert!(matches!(step(&g), Step::Casualties { hits: 1, .. }));
    act(&mut g, ToiAction::Lose { slot: 0 });
    assert_eq!(
        g.unit(us).token,
        Token::Fatigued,
        "firing after moving ends it"
    );
    assert_eq!(g.unit(us).at, Location::Hex(hex(&g, "0305")));
}

#[test]
fn t_act_10_toi_act_fm_no_fire_and_movement_for_a_heavy_weapon_squad() {
    let mut g = empty_game(&[]);
    let mg = squad(
        &mut g,
        Nation::Us,
        &["us-mg", "us-regular", "us-regular"],
        "0304",
    );
    let rifles = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let _de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    let listed = legal(&g);
    assert!(!listed.contains(&ToiAction::FireAndMovement { unit: mg }));
    assert!(listed.contains(&ToiAction::FireAndMovement { unit: rifles }));
}

#[test]
fn t_act_06_toi_act_fm_no_long_range_with_fire_and_movement() {
    // US 4R (range 4) at 0301, DE 8 hexes south at 0309: long range for Concentrated Fire,
    // out of reach for Fire and Movement.
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0301");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0309");
    assert_eq!(
        crate::fire::band(&g, us, de, false),
        Some(crate::tables::dice::RangeBand::Long)
    );
    assert_eq!(crate::fire::band(&g, us, de, true), None);
}

#[test]
fn t_comb_01_toi_combat_combined_supporters_add_half_at_the_worst_band() {
    // US lead 4R adjacent to a DE 4R in the open (0306 next to 0305); two US 4R supporters 3
    // hexes off at 0302 and 0303 (normal range). 4 + 2 + 2 = 8 black dice at normal range:
    // [5, 6, 4, 4, 4, 1, 1, 1] hits twice (the 4s do not count), no red dice.
    let mut g = empty_game(&[5, 6, 4, 4, 4, 1, 1, 1]);
    let lead = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let s1 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    let s2 = squad(&mut g, Nation::Us, &["us-regular"; 4], "0304");
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "0306");
    g.units[s1.index()].at = Location::Hex(hex(&g, "0603"));
    assert_eq!(
        crate::fire::band(&g, lead, de, false),
        Some(crate::tables::dice::RangeBand::Close)
    );
    assert_eq!(
        crate::fire::band(&g, s1, de, false),
        Some(crate::tables::dice::RangeBand::Normal)
    );
    let actions_before = g.side(Nation::Us).actions_left;
    act(
        &mut g,
        ToiAction::ConcentratedFire {
            unit: lead,
            target: de,
        },
    );
    assert!(matches!(step(&g), Step::Combining(_)));
    act(&mut g, ToiAction::Support { unit: s1 });
    act(&mut g, ToiAction::Support { unit: s2 });
    assert!(
        !legal(&g).contains(&ToiAction::Support { unit: s1 }),
        "once"
    );
    act(&mut g, ToiAction::Fire);
    assert!(
        matches!(step(&g), Step::Casualties { hits: 2, .. }),
        "{:?}",
        step(&g)
    );
    act(&mut g, ToiAction::Lose { slot: 0 });
    act(&mut g, ToiAction::Lose { slot: 1 });
    // TOI-ACT-FREE (T-ACT-08): every participant fatigued, one action spent.
    for u in [lead, s1, s2] {
        assert_eq!(g.unit(u).token, Token::Fatigued);
    }
    assert_eq!(g.side(Nation::Us).actions_left, actions_before - 1);
}

#[test]
fn toi_combat_combined_op_fire_units_join_op_fire() {
    // Two US Op Fire squads see 0308; the German mover enters it; the US leads with one and
    // adds the other: 4 + 2 = 6 dice, all 1s.
    let mut g = empty_game(&[1, 1, 1, 1, 1, 1]);
    let a = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    let b = squad(&mut g, Nation::Us, &["us-regular"; 4], "0405");
    for u in [a, b] {
        g.units[u.index()].token = Token::OpFire;
    }
    let e = squad(&mut g, Nation::De, &["de-regular"; 4], "0309");
    g.turn_of = Nation::De;
    g.step = Step::Action { nation: Nation::De };
    g.sides[Nation::De.index()].actions_left = 2;
    act(&mut g, ToiAction::Advance { unit: e });
    let to = hex(&g, "0308");
    act(&mut g, ToiAction::MoveTo { hex: to });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: a,
            suppressive: false,
            mg_only: false,
        },
    );
    assert!(matches!(step(&g), Step::Combining(att) if att.op_fire.is_some()));
    act(&mut g, ToiAction::Support { unit: b });
    act(&mut g, ToiAction::Fire);
    assert_eq!(
        (g.unit(a).token, g.unit(b).token),
        (Token::Fatigued, Token::Fatigued)
    );
    assert!(
        matches!(step(&g), Step::Moving(mv) if mv.unit == e),
        "no hit: it moves on"
    );
}

/// A German MG+2R in Op Fire at 0305; two US 4R squads and a Sherman to the south, the US alone
/// to act (the German side has ended its phase).
fn machine_gun_waiting(rolls: &[u16]) -> (ToiGame, UnitId, [UnitId; 3]) {
    let mut g = empty_game(rolls);
    let mg = squad(
        &mut g,
        Nation::De,
        &["de-mg", "de-regular", "de-regular"],
        "0305",
    );
    g.units[mg.index()].token = Token::OpFire;
    let v = squad(&mut g, Nation::Us, &["us-regular"; 4], "0309");
    let w = squad(&mut g, Nation::Us, &["us-regular"; 4], "0409");
    let tank = vehicle(&mut g, Nation::Us, "us-sherman", "0307");
    g.sides[Nation::De.index()].ended = true;
    (g, mg, [v, w, tank])
}

#[test]
fn t_opf_01_toi_combat_opfire_one_attack_per_active_unit_per_activation() {
    // The MG alone (4 dice) at V in 0308: [1,1,1,1], no hit.
    let (mut g, mg, [v, w, _]) = machine_gun_waiting(&[1, 1, 1, 1, 1, 1, 1, 1]);
    act(&mut g, ToiAction::Advance { unit: v });
    let to = hex(&g, "0308");
    act(&mut g, ToiAction::MoveTo { hex: to });
    let alone = ToiAction::OpFire {
        lead: mg,
        suppressive: false,
        mg_only: true,
    };
    assert!(legal(&g).contains(&alone));
    act(&mut g, alone);
    assert_eq!(g.unit(mg).token, Token::OpFire, "Rapid Op Fire");
    // V's next hex: the MG may not fire at V again; no Op Fire prompt at all.
    let next = hex(&g, "0307");
    act(&mut g, ToiAction::MoveTo { hex: next });
    assert!(matches!(step(&g), Step::Moving(mv) if mv.unit == v));
    act(&mut g, ToiAction::StopMoving);
    // W's activation: the MG may fire at W.
    act(&mut g, ToiAction::Advance { unit: w });
    let to = hex(&g, "0408");
    act(&mut g, ToiAction::MoveTo { hex: to });
    assert!(matches!(step(&g), Step::OpFire(_)));
    assert!(legal(&g).contains(&alone));
}

#[test]
fn t_mg_01_toi_unit_mg_rapid_op_fire_until_the_whole_squad_fires() {
    // MG alone at V [1,1,1,1]; MG alone at W [1,1,1,1]; the whole squad at the Sherman next to
    // it: 4 black [1,1,1,1] against armour 4 red [1,1,1,1].
    let (mut g, mg, [v, w, tank]) =
        machine_gun_waiting(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    for (unit, label) in [(v, "0308"), (w, "0408")] {
        act(&mut g, ToiAction::Advance { unit });
        let to = hex(&g, label);
        act(&mut g, ToiAction::MoveTo { hex: to });
        act(
            &mut g,
            ToiAction::OpFire {
                lead: mg,
                suppressive: false,
                mg_only: true,
            },
        );
        assert_eq!(g.unit(mg).token, Token::OpFire);
        act(&mut g, ToiAction::StopMoving);
    }
    act(&mut g, ToiAction::Advance { unit: tank });
    let to = hex(&g, "0306");
    act(&mut g, ToiAction::MoveTo { hex: to });
    act(
        &mut g,
        ToiAction::OpFire {
            lead: mg,
            suppressive: false,
            mg_only: false,
        },
    );
    assert_eq!(g.unit(mg).token, Token::Fatigued, "the regulars fired too");
}

#[test]
fn toi_unit_mg_a_machine_gun_supporting_alone_stays_in_op_fire() {
    // A German 4R leads the Op Fire at V in 0308, the MG+2R supports with its MG alone: 4 + half
    // of 4 = 6 black dice, [1; 6].
    let (mut g, mg, [v, _, _]) = machine_gun_waiting(&[1, 1, 1, 1, 1, 1]);
    let lead = squad(&mut g, Nation::De, &["de-regular"; 4], "0405");
    g.units[lead.index()].token = Token::OpFire;
    act(&mut g, ToiAction::Advance { unit: v });
    let to = hex(&g, "0308");
    act(&mut g, ToiAction::MoveTo { hex: to });
    act(
        &mut g,
        ToiAction::OpFire {
            lead,
            suppressive: false,
            mg_only: false,
        },
    );
    assert!(legal(&g).contains(&ToiAction::Support { unit: mg }));
    act(&mut g, ToiAction::SupportWithMg { unit: mg });
    let log = act(&mut g, ToiAction::Fire);
    let dice = log.entries().iter().find_map(|e| match &e.event {
        ToiEvent::Attack { black, .. } => Some(black.len()),
        _ => None,
    });
    assert_eq!(dice, Some(6));
    assert_eq!(
        (g.unit(lead).token, g.unit(mg).token),
        (Token::Fatigued, Token::OpFire)
    );
}
