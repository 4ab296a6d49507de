//! Three and four players (`TOI-TEAM`).

use super::*;
use crate::state::{Seating, Token};
use overlord_engine::Seat;

/// "Le Hameau" for four players with `actions` actions a turn, its units off the map.
fn four_players(actions: u8, rolls: &[u16]) -> ToiGame {
    let mut data = (*data()).clone();
    data.scenarios
        .iter_mut()
        .find(|s| s.id == "le-hameau")
        .unwrap()
        .actions = actions;
    let mut g = empty_game(rolls);
    g.data = Arc::new(data);
    g.seating = Seating::Four;
    g
}

/// A squad of `nation`'s `division`.
fn division_squad(g: &mut ToiGame, nation: Nation, division: u8, label: &str) -> UnitId {
    let figure = if nation == Nation::Us {
        "us-regular"
    } else {
        "de-regular"
    };
    let u = squad(g, nation, &[figure; 4], label);
    g.units[u.index()].division = division;
    u
}

#[test]
fn t_team_01_toi_team_order_members_play_half_the_actions_each() {
    let mut g = four_players(3, &[]);
    let filippo = [
        division_squad(&mut g, Nation::Us, 1, "0302"),
        division_squad(&mut g, Nation::Us, 1, "0303"),
        division_squad(&mut g, Nation::Us, 1, "0304"),
    ];
    let maria = [
        division_squad(&mut g, Nation::Us, 2, "0402"),
        division_squad(&mut g, Nation::Us, 2, "0403"),
    ];
    division_squad(&mut g, Nation::De, 1, "1108");
    division_squad(&mut g, Nation::De, 2, "1107");
    crate::turn::begin_round(&mut g, 1, &mut ToiLog::new());
    // The US team chooses its first player: Filippo (1st division).
    assert_eq!(step(&g), Step::TeamOrder { nation: Nation::Us });
    act(&mut g, ToiAction::FirstDivision { division: 1 });
    assert_eq!(crate::decisions::seat(&g), Seat(0));
    assert_eq!(g.side(Nation::Us).actions_left, 2, "half of 3, rounded up");
    assert!(
        !legal(&g).contains(&ToiAction::Fatigue { unit: maria[0] }),
        "his own division's units only"
    );
    act(&mut g, ToiAction::Fatigue { unit: filippo[0] });
    act(&mut g, ToiAction::Fatigue { unit: filippo[1] });
    // Then Maria, 2 actions.
    assert_eq!(crate::decisions::seat(&g), Seat(2));
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    act(&mut g, ToiAction::Fatigue { unit: maria[0] });
    // Maria ends her Action Phase: the German team's turn, then Filippo's alone.
    act(&mut g, ToiAction::EndActionPhase);
    assert_eq!(step(&g), Step::TeamOrder { nation: Nation::De });
    act(&mut g, ToiAction::FirstDivision { division: 2 });
    assert_eq!(crate::decisions::seat(&g), Seat(3));
    act(&mut g, ToiAction::EndActionPhase);
    assert_eq!(crate::decisions::seat(&g), Seat(1));
    act(&mut g, ToiAction::EndActionPhase);
    // The German team has ended: Filippo goes on as long as he likes.
    assert_eq!(crate::decisions::seat(&g), Seat(0));
    assert_eq!(step(&g), Step::Action { nation: Nation::Us });
    act(&mut g, ToiAction::Fatigue { unit: filippo[2] });
}

#[test]
fn t_team_02_toi_team_cards_hardened_veterans_for_the_activator_only() {
    let mut g = four_players(2, &[]);
    let mine = division_squad(&mut g, Nation::Us, 1, "0305");
    let partners = division_squad(&mut g, Nation::Us, 2, "0306");
    for u in [mine, partners] {
        if let Kind::Squad {
            mut figures,
            condition,
        } = g.units[u.index()].kind
        {
            figures[3] = EMPTY_SLOT;
            g.units[u.index()].kind = Kind::Squad { figures, condition };
        }
    }
    let veterans = g
        .data()
        .cards
        .cards
        .iter()
        .position(|c| c.id == "hardened-veterans")
        .unwrap() as u16;
    g.hands[Nation::Us.index()].hq.push(veterans);
    g.sides[Nation::Us.index()].command = 2;
    g.step = Step::Command { nation: Nation::Us };
    act(&mut g, ToiAction::PlayCard { card: veterans });
    assert!(legal(&g).contains(&ToiAction::CardUnit { unit: mine }));
    assert!(!legal(&g).contains(&ToiAction::CardUnit { unit: partners }));
}

#[test]
fn t_team_03_toi_team_restr_support_across_divisions_and_spotting() {
    let mut g = four_players(2, &[1; 20]);
    let lead = division_squad(&mut g, Nation::Us, 1, "0304");
    let partner = division_squad(&mut g, Nation::Us, 2, "0303");
    let target = division_squad(&mut g, Nation::De, 1, "0306");
    g.sides[Nation::Us.index()].command = 1;
    g.division = 1;
    act(&mut g, ToiAction::ConcentratedFire { unit: lead, target });
    act(&mut g, ToiAction::Support { unit: partner });
    assert_eq!(
        g.side(Nation::Us).command,
        0,
        "1 command for the other division's help"
    );
    // With no command left, the other division cannot help; with an officer beside it, free.
    let mut g = four_players(2, &[1; 20]);
    let lead = division_squad(&mut g, Nation::Us, 1, "0304");
    let partner = division_squad(&mut g, Nation::Us, 2, "0303");
    let target = division_squad(&mut g, Nation::De, 1, "0306");
    g.division = 1;
    act(&mut g, ToiAction::ConcentratedFire { unit: lead, target });
    assert!(!legal(&g).contains(&ToiAction::Support { unit: partner }));
    let officer = squad(
        &mut g,
        Nation::Us,
        &["us-officer", "us-regular", "us-regular", "us-regular"],
        "0303",
    );
    g.units[officer.index()].division = 2;
    g.units[officer.index()].token = Token::Fatigued;
    assert!(legal(&g).contains(&ToiAction::Support { unit: partner }));
    // A division's units do not spot for the other's mortar.
    let mut g = four_players(2, &[]);
    let mortar = squad(&mut g, Nation::Us, &["us-mortar", "us-mortar"], "0302");
    let _far = division_squad(&mut g, Nation::De, 1, "1103");
    let spotter = division_squad(&mut g, Nation::Us, 2, "1106");
    let far_hex = hex(&g, "1103");
    assert!(crate::area::check(&g, mortar, far_hex).is_err());
    g.units[spotter.index()].division = 1;
    assert!(crate::area::check(&g, mortar, far_hex).is_ok());
}

#[test]
fn t_team_04_toi_team_cards_one_draw_a_team() {
    let mut g = four_players(2, &[]);
    g.step = Step::Status;
    overlord_engine::driver::run(&mut g, &mut ToiLog::new());
    assert!(matches!(
        step(&g),
        Step::Draw {
            nation: Nation::Us,
            ..
        }
    ));
    assert_eq!(
        crate::decisions::seat(&g),
        Seat(0),
        "the team's first player"
    );
    let first = legal(&g)[0];
    act(&mut g, first);
    assert!(
        matches!(
            step(&g),
            Step::Draw {
                nation: Nation::De,
                ..
            }
        ),
        "one card for the US team, then the German team's"
    );
    let first = legal(&g)[0];
    act(&mut g, first);
    assert!(!matches!(step(&g), Step::Draw { .. }));
}

#[test]
fn toi_team_xfer_no_transfers_between_divisions() {
    let mut g = four_players(2, &[]);
    let mine = division_squad(&mut g, Nation::Us, 1, "0305");
    let partners = division_squad(&mut g, Nation::Us, 2, "0305");
    let other_mine = division_squad(&mut g, Nation::Us, 1, "0305");
    for u in [mine, partners, other_mine] {
        if let Kind::Squad {
            mut figures,
            condition,
        } = g.units[u.index()].kind
        {
            figures[3] = EMPTY_SLOT;
            g.units[u.index()].kind = Kind::Squad { figures, condition };
        }
    }
    g.step = Step::Transfers { nation: Nation::Us };
    let offered = legal(&g);
    assert!(offered.contains(&ToiAction::Transfer {
        from: mine,
        slot: 0,
        to: other_mine
    }));
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, ToiAction::Transfer { from, to, .. } if *from == partners || *to == partners)),
        "the partner's squads are his"
    );
}

/// `TOI-TEAM-RESTR`, `TOI-UNIT-MG`: a machine gun of the other division supporting an Op Fire
/// with its crew alone costs the team 1 command, as any supporter of the other division does.
#[test]
fn toi_team_restr_a_machine_gun_alone_across_divisions_costs_1_command() {
    for command in [1, 0] {
        let mut g = four_players(2, &[]);
        let lead = division_squad(&mut g, Nation::Us, 1, "0304");
        let mg = squad(
            &mut g,
            Nation::Us,
            &["us-mg", "us-regular", "us-regular"],
            "0404",
        );
        g.units[mg.index()].division = 2;
        for u in [lead, mg] {
            g.units[u.index()].token = Token::OpFire;
        }
        let mover = division_squad(&mut g, Nation::De, 1, "0307");
        g.sides[Nation::Us.index()].command = command;
        german_turn(&mut g);
        g.division = 1;
        act(&mut g, ToiAction::Advance { unit: mover });
        let into = hex(&g, "0306");
        act(&mut g, ToiAction::MoveTo { hex: into });
        assert!(matches!(step(&g), Step::OpFire(_)), "{:?}", step(&g));
        act(
            &mut g,
            ToiAction::OpFire {
                lead,
                suppressive: false,
                mg_only: false,
            },
        );
        let offered = legal(&g).contains(&ToiAction::SupportWithMg { unit: mg });
        assert_eq!(offered, command > 0, "with {command} command");
        if offered {
            act(&mut g, ToiAction::SupportWithMg { unit: mg });
            assert_eq!(g.side(Nation::Us).command, 0);
        }
    }
}
