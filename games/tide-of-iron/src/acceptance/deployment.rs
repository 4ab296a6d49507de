//! Setup (`TOI-SETUP-3` to `TOI-SETUP-6`, `TOI-SQUAD`, `TOI-SPEC-ASSIGN`): the starting cards,
//! the bases a player may build, and the players' own building and deployment (options
//! `TOI-SETUP-5` and `TOI-SETUP-6`), in initiative order.

use super::*;
use crate::data::Specialization;
use crate::game::ToiOptions;
use overlord_engine::{Audience, Game, Seat, SeatSet, Viewer};

/// Le Hameau set up with `options`, its setup draws answered (the first deck each time).
fn set_up(options: &ToiOptions) -> ToiGame {
    let rng = GameRng::new(&RandomSpec::seeded(11));
    let mut g =
        <ToiGame as Game>::setup(&data(), "le-hameau", options, rng, &mut ToiLog::new()).unwrap();
    while matches!(step(&g), Step::Draw { .. }) {
        let first = legal(&g)[0];
        act(&mut g, first);
    }
    g
}

fn figure(g: &ToiGame, id: &str) -> u8 {
    g.data().figures.iter().position(|f| f.id == id).unwrap() as u8
}

fn units_of(g: &ToiGame, nation: Nation) -> usize {
    g.unit_ids().filter(|&u| g.unit(u).nation == nation).count()
}

#[test]
fn t_setup_01_toi_setup_3_starting_cards_come_from_the_decks_chosen_without_the_plus() {
    let mut g = empty_game(&[]);
    let (morale, command) = (deck(&g, "morale-1"), deck(&g, "command-1"));
    let in_deck = |g: &ToiGame, d: u8| -> Vec<u16> {
        let id = &g.data().cards.decks[usize::from(d)].id;
        let mut cards: Vec<u16> = (0..g.data().cards.cards.len() as u16)
            .filter(|&c| &g.data().cards.cards[usize::from(c)].deck == id)
            .collect();
        cards.reverse();
        cards
    };
    let mut morale_cards = in_deck(&g, morale);
    // "Replacements" (+) on top of Morale: a setup draw never earns the extra card.
    let plus = card(&g, "replacements");
    morale_cards.retain(|&c| c != plus);
    morale_cards.push(plus);
    let command_cards = in_deck(&g, command);
    let (m, c) = (morale_cards.len(), command_cards.len());
    let expected = vec![
        morale_cards[m - 1],
        morale_cards[m - 2],
        command_cards[c - 1],
    ];
    g.hands[Nation::De.index()].decks = vec![(morale, morale_cards), (command, command_cards)];
    crate::cards::begin_draws(&mut g, Nation::De, 3, true);
    act(&mut g, ToiAction::DrawFrom { deck: morale });
    act(&mut g, ToiAction::DrawFrom { deck: morale });
    act(&mut g, ToiAction::DrawFrom { deck: command });
    let hand = g.hand(Nation::De);
    assert_eq!(hand.hq, expected, "face up in the HQ, in the order drawn");
    assert_eq!(hand.decks[0].1.len(), m - 2);
    assert_eq!(hand.decks[1].1.len(), c - 1);
    assert_eq!(
        step(&g),
        Step::StatusOpFire { nation: Nation::Us },
        "no fourth draw for the \"+\": the setup goes on to the initial Op Fire"
    );
}

#[test]
fn t_setup_02_toi_squad_the_bases_a_player_may_build() {
    let g = empty_game(&[]);
    let all = &g.data().figures;
    let [r, o, mg, mortar] =
        ["us-regular", "us-officer", "us-mg", "us-mortar"].map(|id| figure(&g, id));
    let fault = |figures: &[u8], specs| crate::data::base_fault(all, figures, specs);
    for valid in [
        vec![mg, r, r],
        vec![mortar, mortar],
        vec![r, r, r, r],
        vec![r, r, r, o],
    ] {
        assert_eq!(fault(&valid, 0), None, "{valid:?} is a full base");
    }
    assert!(fault(&[mg, r], 0).unwrap().1.contains("fills its 4 slots"));
    assert!(fault(&[r, r, r, r, r], 0).unwrap().1.contains("4 slots"));
    assert_eq!(fault(&[mg, r, r], 1).unwrap().0, "spec");
    assert!(
        fault(&[r, r, r, r], 2)
            .unwrap()
            .1
            .contains("one specialization token")
    );
    assert_eq!(fault(&[r, r, r, r], 1), None, "one token on a rifle squad");
}

#[test]
fn t_setup_03_toi_setup_6_the_initiative_side_deploys_all_its_units_first() {
    let options = ToiOptions {
        deploy_units: true,
        ..ToiOptions::default()
    };
    let mut g = set_up(&options);
    let us = units_of(&g, Nation::Us)
        - g.unit_ids()
            .filter(|&u| {
                g.unit(u).nation == Nation::Us
                    && matches!(g.unit(u).at, Location::Reserve(1..) | Location::Aboard(_))
            })
            .count();
    for placed in 0..us {
        assert_eq!(
            step(&g),
            Step::Deploy { nation: Nation::Us },
            "the US deploys unit {placed} of {us} before the German deploys any"
        );
        // A hex of the German deployment area (the hamlet) is refused, and changes nothing.
        let theirs = hex(&g, "0605");
        let before = g.clone();
        let refused = crate::decisions::answer(
            &mut g,
            ToiAction::Deploy { hex: theirs },
            &mut ToiLog::new(),
        );
        assert!(refused.is_err(), "outside the US deployment areas");
        assert_eq!(g, before);
        let first = legal(&g)[0];
        let ToiAction::Deploy { hex: at } = first else {
            panic!("{first:?}")
        };
        assert!(g.scenario().deployment[Nation::Us.index()].contains(&at));
        act(&mut g, first);
    }
    assert_eq!(step(&g), Step::Deploy { nation: Nation::De });
    while matches!(step(&g), Step::Deploy { .. }) {
        let first = legal(&g)[0];
        act(&mut g, first);
    }
    assert_eq!(step(&g), Step::StatusOpFire { nation: Nation::Us });
    for u in g.unit_ids() {
        let unit = g.unit(u);
        if let Location::Hex(at) = unit.at {
            assert!(g.scenario().deployment[unit.nation.index()].contains(&at));
        }
    }
}

#[test]
fn toi_setup_5_toi_spec_assign_players_build_full_bases_from_the_scenario_figures() {
    let options = ToiOptions {
        build_squads: true,
        ..ToiOptions::default()
    };
    let mut g = set_up(&options);
    let pool = g.setup.pool[Nation::Us.index()].clone();
    let tokens = g.setup.tokens[Nation::Us.index()].clone();
    assert!(
        !pool.is_empty() && !tokens.is_empty(),
        "Le Hameau's US has figures and tokens"
    );
    let mg = figure(&g, "us-mg");
    let mut specialized_heavy = false;
    let mut built = 0;
    while let Step::Build { nation, unit } | Step::Specialize { nation, unit } = step(&g) {
        if nation == Nation::De {
            break;
        }
        if let Step::Specialize { .. } = step(&g) {
            let Kind::Squad { figures, .. } = g.unit(unit).kind else {
                panic!()
            };
            specialized_heavy |= figures.contains(&mg);
            let first = legal(&g)[0];
            act(&mut g, first);
            continue;
        }
        // The machine gun first while it fits: a base of a crew and 2 regulars.
        let choices = legal(&g);
        let pick = choices
            .iter()
            .copied()
            .find(|a| *a == ToiAction::BuildFigure { figure: mg })
            .unwrap_or(choices[0]);
        act(&mut g, pick);
        if !matches!(step(&g), Step::Build { unit: u, .. } if u == unit) {
            built += 1;
        }
    }
    assert!(
        !specialized_heavy,
        "no token is offered to a machine-gun squad"
    );
    assert!(
        g.setup.pool[Nation::Us.index()].is_empty(),
        "every figure on a base"
    );
    let mut bases: Vec<u8> = Vec::new();
    let mut on_bases = Vec::new();
    for u in g.unit_ids().filter(|&u| g.unit(u).nation == Nation::Us) {
        if let (Kind::Squad { figures, .. }, false) = (
            g.unit(u).kind,
            matches!(g.unit(u).at, Location::Reserve(1..)),
        ) {
            bases.push(g.slots_used(&figures));
            on_bases.extend(figures.into_iter().filter(|&f| f != EMPTY_SLOT));
        }
    }
    assert!(bases.iter().all(|&s| s == 4), "every base full: {bases:?}");
    assert_eq!(bases.len(), built);
    on_bases.sort_unstable();
    assert_eq!(on_bases, pool, "the scenario's figures, no more, no fewer");
    let given: Vec<Specialization> = g
        .unit_ids()
        .filter(|&u| g.unit(u).nation == Nation::Us)
        .filter_map(|u| g.unit(u).spec)
        .collect();
    assert_eq!(given.len(), tokens.len(), "every token on a base");
}

#[test]
fn toi_setup_5_a_figure_that_would_leave_a_crew_without_room_is_refused() {
    let options = ToiOptions {
        build_squads: true,
        ..ToiOptions::default()
    };
    let mut g = set_up(&options);
    let Step::Build { nation, unit } = step(&g) else {
        panic!("{:?}", step(&g))
    };
    // Leave the pool one machine gun and two regulars, and the one base to fill.
    let (mg, r) = (figure(&g, "us-mg"), figure(&g, "us-regular"));
    g.setup.pool[nation.index()] = vec![r, r, mg];
    g.setup.pool[nation.index()].sort_unstable();
    for u in 0..g.units.len() {
        if u != unit.index()
            && g.units[u].nation == nation
            && let Kind::Squad { figures, .. } = &mut g.units[u].kind
        {
            *figures = [r, r, r, r];
        }
    }
    act(&mut g, ToiAction::BuildFigure { figure: r });
    act(&mut g, ToiAction::BuildFigure { figure: r });
    // Two regulars on the base: a third would leave the crew no two slots.
    assert_eq!(legal(&g), vec![ToiAction::BuildFigure { figure: mg }]);
    let before = g.clone();
    let refused = crate::decisions::answer(
        &mut g,
        ToiAction::BuildFigure { figure: r },
        &mut ToiLog::new(),
    );
    assert!(refused.is_err());
    assert_eq!(g, before);
}

#[test]
fn toi_setup_5_bases_built_in_secret_are_hidden_from_the_other_side_until_deployment() {
    let options = ToiOptions {
        secret_building: true,
        ..ToiOptions::default()
    };
    let mut g = set_up(&options);
    let (us_seat, de_seat) = (Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)));
    let first_us = g
        .unit_ids()
        .find(|&u| g.unit(u).nation == Nation::Us && matches!(g.unit(u).kind, Kind::Squad { .. }))
        .unwrap();
    let mut secret_lines = 0;
    while matches!(step(&g), Step::Build { .. } | Step::Specialize { .. }) {
        let first = legal(&g)[0];
        let log = act(&mut g, first);
        for entry in log.entries() {
            if entry.rule == crate::deployment::BUILD {
                secret_lines += 1;
                assert!(matches!(entry.audience, Audience::Seats(s) if s != SeatSet::first(2)));
            }
        }
        if matches!(
            step(&g),
            Step::Build {
                nation: Nation::De,
                ..
            }
        ) {
            let shown = |viewer| {
                let view = g.view(viewer);
                view.units[first_us.index()].unit.kind
            };
            assert_ne!(
                shown(us_seat),
                shown(de_seat),
                "the German cannot see the US bases"
            );
        }
    }
    assert!(secret_lines > 0);
    // Built: everyone sees every base.
    assert_eq!(
        g.view(us_seat).units[first_us.index()].unit,
        g.view(de_seat).units[first_us.index()].unit
    );
}

/// `TOI-SETUP-1`: a scenario and a nation each: an unknown scenario is refused naming those
/// there are; with two players seat 0 plays the US, seat 1 the German.
#[test]
fn toi_setup_1_choose_a_scenario_and_a_nation() {
    let rng = || GameRng::new(&RandomSpec::seeded(3));
    let refused = <ToiGame as Game>::setup(
        &data(),
        "omaha-beach",
        &ToiOptions::default(),
        rng(),
        &mut ToiLog::new(),
    );
    let Err(why) = refused else {
        panic!("an unknown scenario is refused")
    };
    assert!(why.0.contains("le-hameau"), "{}", why.0);
    let g = set_up(&ToiOptions::default());
    assert_eq!(crate::teams::commands(&g, Seat(0)).0, Nation::Us);
    assert_eq!(crate::teams::commands(&g, Seat(1)).0, Nation::De);
}

/// `TOI-SETUP-4`: the round marker on space 1 when play begins, the initiative token with the
/// scenario's side, the command pool untouched.
#[test]
fn toi_setup_4_round_one_and_the_scenario_initiative() {
    let mut g = set_up(&ToiOptions::default());
    while matches!(step(&g), Step::StatusOpFire { .. }) {
        act(&mut g, ToiAction::Done);
    }
    assert_eq!(g.round(), 1);
    assert_eq!(g.initiative(), g.scenario().initiative);
    assert_eq!(
        step(&g),
        Step::Action {
            nation: g.scenario().initiative
        }
    );
}

/// `TOI-TERMS`: a full-strength squad fills its four slots; one with a slot empty is
/// reduced-strength, and only it takes replacements.
#[test]
fn toi_terms_full_and_reduced_strength() {
    let mut g = empty_game(&[]);
    let full = squad(
        &mut g,
        Nation::Us,
        &["us-mg", "us-regular", "us-regular"],
        "0305",
    );
    let reduced = squad(&mut g, Nation::Us, &["us-regular"; 3], "0306");
    let figures = |g: &ToiGame, u: UnitId| match g.unit(u).kind {
        Kind::Squad { figures, .. } => figures,
        Kind::Vehicle { .. } => panic!(),
    };
    assert!(
        !g.is_reduced(&figures(&g, full)),
        "a crew and 2 regulars fill 4 slots"
    );
    assert!(g.is_reduced(&figures(&g, reduced)));
}
