//! The Command Phase (`TOI-CMD`), the Status Phase (`TOI-STAT`) and winning (`TOI-WIN`).

use super::*;
use crate::tables::results::Condition;

/// Answer the Status Phase's Op Fire placements with `Done`, and place reinforcements in the
/// first hex offered, until the round marker has moved.
fn finish_status(g: &mut ToiGame) {
    loop {
        match step(g) {
            Step::StatusOpFire { .. } | Step::Transfers { .. } => {
                act(g, ToiAction::Done);
            }
            Step::Reinforce { .. } => {
                let first = legal(g)[0];
                act(g, first);
            }
            _ => break,
        }
    }
}

/// A game at its Command Phase.
fn at_command(game: &mut ToiGame) {
    crate::command::begin(game, &mut ToiLog::new());
}

#[test]
fn t_cmd_02_toi_cmd_ctrl_a_unit_alone_on_an_objective_takes_it_and_keeps_it() {
    let mut g = empty_game(&[]);
    // The neutral command objective at 0407 (value 1).
    let i = g
        .scenario()
        .objectives
        .iter()
        .position(|o| o.hex == hex(&g, "0407"))
        .unwrap();
    assert_eq!(
        g.controller(i),
        None,
        "TOI-CMD-CTRL: no control at the start"
    );
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0407");
    at_command(&mut g);
    assert_eq!(g.controller(i), Some(Nation::Us));
    // TOI-CMD-INCOME: a neutral objective's command goes to its controller.
    assert_eq!(g.side(Nation::Us).command, 1);
    // It stays the US's with no unit there.
    g.units[s.index()].at = Location::Gone;
    at_command(&mut g);
    assert_eq!(g.controller(i), Some(Nation::Us));
}

#[test]
fn t_cmd_01_toi_cmd_income_only_own_and_neutral_objectives_pay() {
    let mut g = empty_game(&[]);
    // The US holds the German command objective (0604, 2) and its own (0402, 2) and the neutral
    // one (0407, 1): it receives 3.
    for label in ["0604", "0402", "0407"] {
        squad(&mut g, Nation::Us, &["us-regular"; 4], label);
    }
    at_command(&mut g);
    assert_eq!(g.side(Nation::Us).command, 3);
}

#[test]
fn t_cmd_04_toi_cmd_spend_command_on_the_initiative_card() {
    let mut g = empty_game(&[]);
    at_command(&mut g);
    g.sides[Nation::Us.index()].command = 5;
    assert_eq!(step(&g), Step::Command { nation: Nation::Us });
    act(&mut g, ToiAction::AddInitiative { amount: 3 });
    assert_eq!(g.side(Nation::Us).command, 2);
    assert_eq!(g.side(Nation::Us).initiative_card, 3);
    assert!(
        !legal(&g).contains(&ToiAction::AddInitiative { amount: 3 }),
        "2 left"
    );
}

#[test]
fn t_cmd_05_toi_cmd_init_the_higher_card_takes_the_initiative_a_tie_changes_hands() {
    let mut g = empty_game(&[]);
    g.sides[Nation::Us.index()].initiative_card = 5;
    g.sides[Nation::De.index()].initiative_card = 3;
    g.initiative = Nation::De;
    crate::command::decide_initiative(&mut g, &mut ToiLog::new());
    assert_eq!(g.initiative(), Nation::Us);
    g.sides[Nation::De.index()].initiative_card = 5;
    crate::command::decide_initiative(&mut g, &mut ToiLog::new());
    assert_eq!(
        g.initiative(),
        Nation::De,
        "a tie goes to the side that did not hold it"
    );
}

#[test]
fn t_stat_02_toi_stat_clean_tokens_off_pins_off_disrupted_pinned() {
    let mut g = empty_game(&[]);
    let p = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let d = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    let q = squad(
        &mut g,
        Nation::De,
        &["de-regular", "de-regular", "de-regular", "de-officer"],
        "1108",
    );
    for (u, c) in [
        (p, Condition::Pinned),
        (d, Condition::Disrupted),
        (q, Condition::Disrupted),
    ] {
        if let Kind::Squad { figures, .. } = g.units[u.index()].kind {
            g.units[u.index()].kind = Kind::Squad {
                figures,
                condition: c,
            };
        }
        g.units[u.index()].token = crate::state::Token::Fatigued;
    }
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    finish_status(&mut g);
    let condition = |g: &ToiGame, u: UnitId| match g.unit(u).kind {
        Kind::Squad { condition, .. } => condition,
        Kind::Vehicle { .. } => panic!(),
    };
    assert_eq!(condition(&g, p), Condition::Normal);
    assert_eq!(condition(&g, d), Condition::Pinned);
    assert_eq!(
        condition(&g, q),
        Condition::Normal,
        "an officer in the hex rallies it"
    );
    assert!(
        g.units
            .iter()
            .all(|u| u.token == crate::state::Token::Fresh)
    );
    assert_eq!(g.round(), 2, "TOI-STAT-ROUND");
}

#[test]
fn t_stat_05_toi_stat_round_the_game_ends_after_the_last_round() {
    let mut g = empty_game(&[]);
    g.round = g.scenario().rounds;
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    finish_status(&mut g);
    assert_eq!(step(&g), Step::Over);
    assert!(g.outcome().is_some());
}

#[test]
fn t_win_01_toi_win_a_vp_tie_goes_to_the_initiative_holder() {
    let mut g = empty_game(&[]);
    g.sides[Nation::Us.index()].vp = 6;
    g.sides[Nation::De.index()].vp = 6;
    g.initiative = Nation::De;
    crate::victory::end(&mut g, &mut ToiLog::new());
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reward(crate::victory::seat_of(Nation::De)), 1.0);
    assert_eq!(outcome.reward(crate::victory::seat_of(Nation::Us)), 0.0);
}

#[test]
fn toi_cmd_vp_victory_objectives_score_each_round() {
    let mut g = empty_game(&[]);
    squad(&mut g, Nation::De, &["de-regular"; 4], "0605");
    at_command(&mut g);
    assert_eq!(g.side(Nation::De).vp, 2);
}

#[test]
fn t_cmd_06_toi_cmd_vp_no_cap() {
    let mut g = empty_game(&[]);
    g.sides[Nation::De.index()].vp = 10;
    squad(&mut g, Nation::De, &["de-regular"; 4], "0903");
    at_command(&mut g);
    assert_eq!(g.side(Nation::De).vp, 11);
}

#[test]
fn toi_stat_opfire_units_go_into_op_fire_in_initiative_order() {
    let mut g = empty_game(&[]);
    let us = squad(&mut g, Nation::Us, &["us-regular"; 4], "0302");
    let pinned = squad(&mut g, Nation::Us, &["us-regular"; 4], "0303");
    if let Kind::Squad { figures, .. } = g.units[pinned.index()].kind {
        g.units[pinned.index()].kind = Kind::Squad {
            figures,
            condition: Condition::Disrupted,
        };
    }
    let de = squad(&mut g, Nation::De, &["de-regular"; 4], "1108");
    g.initiative = Nation::De;
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    assert_eq!(
        step(&g),
        Step::StatusOpFire { nation: Nation::De },
        "the initiative first"
    );
    act(&mut g, ToiAction::PutOpFire { unit: de });
    act(&mut g, ToiAction::Done);
    assert_eq!(step(&g), Step::StatusOpFire { nation: Nation::Us });
    // The disrupted squad is pinned after the clean-up: not eligible (TOI-COMBAT-COND).
    assert!(!legal(&g).contains(&ToiAction::PutOpFire { unit: pinned }));
    act(&mut g, ToiAction::PutOpFire { unit: us });
    act(&mut g, ToiAction::Done);
    // TOI-STAT-XFER, step 4: the transfers, in initiative order.
    assert_eq!(step(&g), Step::Transfers { nation: Nation::De });
    act(&mut g, ToiAction::Done);
    act(&mut g, ToiAction::Done);
    assert_eq!(g.unit(de).token, crate::state::Token::OpFire);
    assert_eq!(g.unit(us).token, crate::state::Token::OpFire);
    assert_eq!(g.round(), 2);
}

#[test]
fn toi_stat_reinf_reinforcements_arrive_in_their_r_hexes_or_are_lost() {
    let mut g = empty_game(&[]);
    // Le Hameau's US Sherman is due in round 2; the German squad in round 3.
    let sherman = g
        .unit_ids()
        .find(|&u| {
            g.unit(u).nation == Nation::Us
                && matches!(g.unit(u).kind, Kind::Vehicle { .. })
                && g.scenario().units[u.index()].round == Some(2)
        })
        .unwrap();
    g.units[sherman.index()].at = Location::Reserve(2);
    g.round = 2;
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    for _ in 0..4 {
        act(&mut g, ToiAction::Done);
    }
    assert_eq!(step(&g), Step::Reinforce { nation: Nation::Us });
    // 1A's green R hex is 0601.
    let r = hex(&g, "0601");
    assert_eq!(legal(&g), vec![ToiAction::PlaceReinforcement { hex: r }]);
    act(&mut g, ToiAction::PlaceReinforcement { hex: r });
    assert_eq!(g.unit(sherman).at, Location::Hex(r));
    // Next time, with the R hex held by the enemy, a reinforcement is lost.
    let mut g = empty_game(&[]);
    g.units[sherman.index()].at = Location::Reserve(2);
    g.round = 2;
    squad(&mut g, Nation::De, &["de-regular"; 4], "0601");
    crate::turn::status_phase(&mut g, &mut ToiLog::new());
    for _ in 0..4 {
        act(&mut g, ToiAction::Done);
    }
    assert_eq!(g.unit(sherman).at, Location::Gone);
    assert_eq!(g.round(), 3);
}

#[test]
fn t_setup_04_toi_setup_7_initial_op_fire_counts_as_activated() {
    use overlord_engine::Game;
    let mut log = ToiLog::new();
    let mut g = ToiGame::setup(
        &data(),
        "le-hameau",
        &Default::default(),
        GameRng::seeded(1),
        &mut log,
    )
    .unwrap();
    assert_eq!(g.round(), 0);
    // TOI-SETUP-3: the starting cards first, the initiative's 2 then the German's 1.
    for (nation, left) in [(Nation::Us, 2), (Nation::Us, 1), (Nation::De, 1)] {
        assert!(
            matches!(step(&g), Step::Draw { nation: n, left: l, setup: true, .. } if n == nation && l == left),
            "{:?}",
            step(&g)
        );
        let draw = legal(&g)[0];
        let _ = g.apply(draw, &mut log).unwrap();
    }
    assert_eq!(
        (g.hand(Nation::Us).hq.len(), g.hand(Nation::De).hq.len()),
        (2, 1)
    );
    assert_eq!(
        step(&g),
        Step::StatusOpFire { nation: Nation::Us },
        "the initiative first"
    );
    let us = g
        .unit_ids()
        .find(|&u| g.unit(u).nation == Nation::Us && g.hex_of(u).is_some())
        .unwrap();
    let _ = g
        .apply(ToiAction::PutOpFire { unit: us }, &mut log)
        .unwrap();
    let _ = g.apply(ToiAction::Done, &mut log).unwrap();
    let _ = g.apply(ToiAction::Done, &mut log).unwrap();
    assert_eq!(g.round(), 1);
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    // In Op Fire: it cannot be chosen for an action in round 1.
    assert!(!legal(&g).contains(&ToiAction::Fatigue { unit: us }));
}

#[test]
fn t_stat_03_toi_stat_xfer_figures_between_squads_of_one_hex() {
    let mut g = empty_game(&[]);
    let two = squad(&mut g, Nation::Us, &["us-regular"; 2], "0305");
    let three = squad(&mut g, Nation::Us, &["us-regular"; 3], "0305");
    let medic = squad(&mut g, Nation::Us, &["us-regular"; 2], "0305");
    g.units[medic.index()].spec = Some(crate::data::Specialization::Medic);
    let pinned = squad(&mut g, Nation::Us, &["us-regular"; 1], "0306");
    let dug_in = squad(&mut g, Nation::Us, &["us-regular"; 2], "0306");
    if let Kind::Squad { figures, .. } = g.units[pinned.index()].kind {
        g.units[pinned.index()].kind = Kind::Squad {
            figures,
            condition: Condition::Pinned,
        };
    }
    g.units[dug_in.index()].fort = crate::state::Fort::Entrenchment;
    g.step = Step::Transfers { nation: Nation::Us };
    let offered = legal(&g);
    for u in [medic, pinned, dug_in] {
        assert!(
            !offered.iter().any(
                |a| matches!(a, ToiAction::Transfer { from, to, .. } if *from == u || *to == u)
            ),
            "no transfer with #{}",
            u.0
        );
    }
    act(
        &mut g,
        ToiAction::Transfer {
            from: two,
            slot: 0,
            to: three,
        },
    );
    let count = |g: &ToiGame, u: UnitId| match g.unit(u).kind {
        Kind::Squad { figures, .. } => figures.iter().filter(|&&f| f != EMPTY_SLOT).count(),
        Kind::Vehicle { .. } => 0,
    };
    assert_eq!((count(&g, two), count(&g, three)), (1, 4));
    assert!(
        !legal(&g).contains(&ToiAction::Transfer {
            from: two,
            slot: 1,
            to: three
        }),
        "no free slot"
    );
    // A squad giving its last figure: the empty base leaves.
    let one = squad(&mut g, Nation::Us, &["us-regular"; 1], "0305");
    act(
        &mut g,
        ToiAction::Transfer {
            from: one,
            slot: 0,
            to: two,
        },
    );
    assert_eq!(g.unit(one).at, Location::Gone);
    assert_eq!(count(&g, two), 2);
}

#[test]
fn t_cond_02_toi_combat_cond_a_pinned_squad_is_never_put_in_op_fire() {
    let mut g = empty_game(&[]);
    let s = squad(&mut g, Nation::Us, &["us-regular"; 4], "0305");
    if let Kind::Squad { figures, .. } = g.units[s.index()].kind {
        g.units[s.index()].kind = Kind::Squad {
            figures,
            condition: Condition::Pinned,
        };
    }
    g.step = Step::StatusOpFire { nation: Nation::Us };
    assert!(!legal(&g).contains(&ToiAction::PutOpFire { unit: s }));
}
