//! The Action Round's opening steps (AMB-AWR, AMB-RND-3..5, AMBX-AR): awareness, and the
//! markers placed on the AR Track from the initiative dice with the command check on red
//! numbers.
//!
//! The round's activations and its end are [`crate::turn`]'s and [`crate::activation`]'s.

use crate::command;
use crate::data::mission::Stance;
use crate::data::weapons::Side;
use crate::los::{End, line_of_sight};
use crate::state::{Ambush, SoldierId};
use crate::tables::damage::Health;
use crate::tables::dice;
use crate::tables::track::{Row, place};
use overlord_engine::RuleId;

/// AMB-AWR-2/3: an Unaware soldier's Perception Check.
pub const AWARENESS: RuleId = RuleId("AMB-AWR-2");

/// Whether US soldier `id` sees an active German (AMB-AWR-2).
fn sees_an_enemy(game: &Ambush, id: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    let s = game.soldier(id);
    let Some(here) = s.hex(&game.vehicles) else {
        return false;
    };
    game.side(Side::German).any(|g| {
        let german = game.soldier(g);
        german.active_on_map()
            && german.hex(&game.vehicles).is_some_and(|there| {
                line_of_sight(
                    map,
                    End::new(here, s.stance),
                    End::new(there, german.stance),
                )
            })
    })
}

/// AMB-AWR-2..4 (AMB-RND-1): round 1, the Unaware who see an enemy check PC; round 2, every
/// Unaware soldier checks; round 3, all become aware. Success puts the marker on Complete.
/// Checks are made in soldier-id order.
pub fn awareness(game: &mut Ambush, round: u16) {
    let unaware: Vec<SoldierId> = game
        .side(Side::Us)
        .filter(|&id| {
            let s = game.soldier(id);
            s.marker.row == Row::Unaware && !s.inactive() && s.hex(&game.vehicles).is_some()
        })
        .collect();
    for id in unaware {
        let aware = match round {
            1 if sees_an_enemy(game, id) => {
                let pc = i16::from(game.soldier(id).ratings.pc);
                dice::skill_roll(&mut game.rng, pc, AWARENESS).1
            }
            1 => false,
            2 => {
                let pc = i16::from(game.soldier(id).ratings.pc);
                dice::skill_roll(&mut game.rng, pc, RuleId("AMB-AWR-3")).1
            }
            _ => true,
        };
        if aware {
            game.soldiers[id.index()].marker.row = Row::Complete;
        }
    }
}

/// AMB-RND-4/5, AMBX-AR-1/2: every marker on Complete placed from its side's die and its IN,
/// the side with the initiative in the advantage half; a US non-commander landing on a red
/// number out of command goes to Panic. Unaware, Panic and Inactive markers stay.
pub fn place_markers(game: &mut Ambush, us_die: u8, german_die: u8, us_initiative: bool) {
    let table = game.data().tables.ar_track.clone();
    let ids: Vec<SoldierId> = (0..game.soldiers.len() as u8).map(SoldierId).collect();
    let mut red_us = Vec::new();
    for id in ids {
        let s = game.soldier(id);
        if s.marker.row != Row::Complete || s.inactive() || s.hex(&game.vehicles).is_none() {
            continue;
        }
        let us = s.side == Side::Us;
        let die = if us { us_die } else { german_die };
        let p = place(
            die,
            s.ratings.initiative,
            s.health == Health::Wounded,
            &table,
        );
        let marker = &mut game.soldiers[id.index()].marker;
        marker.row = p.row;
        marker.advantage = us == us_initiative;
        // AMB-VMOV-2: no command panic aboard a vehicle.
        let riding = matches!(game.soldier(id).place, crate::state::Place::Aboard { .. });
        if us && p.red && !riding {
            red_us.push(id);
        }
    }
    // AMB-RND-5: the command check is made with everyone placed.
    let panicking: Vec<SoldierId> = red_us
        .into_iter()
        .filter(|&id| command::out_of_command(game, id))
        .collect();
    for id in panicking {
        let s = &mut game.soldiers[id.index()];
        s.panicked = true;
        s.marker.row = Row::Panic;
    }
}

/// AMB-RND-1..5 (the spec's normative dice order): a round's opening: awareness (rounds 1 to
/// 3), the Event Check (from round 2), the German Action Number, the US then the German
/// initiative die, and the markers placed.
pub fn start_round(game: &mut Ambush, number: u16) {
    awareness(game, number);
    if number >= 2 {
        crate::operations::round_event(game);
    }
    let action_number = dice::d10(&mut game.rng, crate::german::ACTION_NUMBER);
    let us_die = dice::d10(&mut game.rng, RuleId("AMB-RND-3"));
    let german_die = dice::d10(&mut game.rng, RuleId("AMB-RND-3"));
    let us_initiative = crate::tables::track::us_has_initiative(us_die, german_die);
    place_markers(game, us_die, german_die, us_initiative);
    game.phase = crate::state::Phase::Rounds(crate::state::RoundState {
        number,
        us_die,
        german_die,
        us_initiative,
        action_number,
        opened: true,
    });
}

/// AMB-PRIS-2: at the round's end a German prisoner with no US soldier in his hex is freed: in
/// sight of the squad, every Unaware US soldier becomes aware and he acts on his S column from
/// now on; out of sight, he slips away off the map (and is no prisoner of the squad's).
pub fn free_prisoners(game: &mut Ambush) {
    let Some(map) = game.map() else {
        return;
    };
    // Who goes free, and whether in sight, worked out before anything changes.
    let freed: Vec<(SoldierId, bool)> = game
        .side(Side::German)
        .filter(|&g| game.soldier(g).captured && game.soldier(g).health != Health::Killed)
        .filter_map(|g| {
            let here = game.soldier(g).hex(&game.vehicles)?;
            let us: Vec<(crate::map::Hex, Stance)> = game
                .side(Side::Us)
                .filter(|&id| !game.soldier(id).inactive())
                .filter_map(|id| {
                    Some((
                        game.soldier(id).hex(&game.vehicles)?,
                        game.soldier(id).stance,
                    ))
                })
                .collect();
            if us.iter().any(|&(h, _)| h == here) {
                return None;
            }
            let seen = us.iter().any(|&(h, stance)| {
                line_of_sight(map, End::new(h, stance), End::new(here, Stance::Prone))
            });
            Some((g, seen))
        })
        .collect();
    for (g, seen) in freed {
        let s = &mut game.soldiers[g.index()];
        s.captured = false;
        if seen {
            s.s_column = true;
            s.marker.row = Row::Complete;
            for u in game.soldiers.iter_mut().filter(|u| u.side == Side::Us) {
                if u.marker.row == Row::Unaware {
                    u.marker.row = Row::Complete;
                }
            }
        } else {
            s.place = crate::state::Place::Exited;
        }
    }
}

/// AMB-STS-2: at the round's end a panicked soldier goes prone, his marker to Complete.
pub fn end_of_round_panic(game: &mut Ambush) {
    for s in &mut game.soldiers {
        if s.panicked && !s.inactive() {
            s.panicked = false;
            s.stance = Stance::Prone;
            s.marker.row = Row::Complete;
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    use crate::state::Place;
    use crate::testkit::{dice_all_used, put};

    fn s1(dice: &[u16]) -> Ambush {
        crate::testkit::s1(dice)
    }

    /// T-AWR-1 (AMB-AWR-2): in round 1 only the Unaware who see an enemy roll.
    #[test]
    fn t_awr_1_round_one() {
        let mut game = s1(&[4]);
        put(&mut game, 5, "0404");
        put(&mut game, 0, "0304");
        put(&mut game, 1, "0101");
        awareness(&mut game, 1);
        assert_eq!(game.soldiers[0].marker.row, Row::Complete, "4 ≤ PC 7");
        assert_eq!(game.soldiers[1].marker.row, Row::Unaware);
        dice_all_used(&game);
    }

    /// T-AWR-2 (AMB-AWR-3, AMB-AWR-4): round 2, everyone Unaware rolls (9 always fails); round 3, all
    /// aware without dice.
    #[test]
    fn t_awr_2_rounds_two_and_three() {
        let mut game = s1(&[7, 9]);
        for s in &mut game.soldiers {
            s.place = Place::OffMap;
        }
        put(&mut game, 1, "0101");
        put(&mut game, 4, "0102");
        for id in [0usize, 2, 3] {
            game.soldiers[id].marker.row = Row::Complete;
        }
        awareness(&mut game, 2);
        assert_eq!(game.soldiers[1].marker.row, Row::Unaware);
        assert_eq!(game.soldiers[4].marker.row, Row::Unaware);
        awareness(&mut game, 3);
        assert_eq!(game.soldiers[1].marker.row, Row::Complete);
        assert_eq!(game.soldiers[4].marker.row, Row::Complete);
        dice_all_used(&game);
    }

    /// T-PAN-2 (AMB-RND-5, AMBX-CMD-1) placed: three on red in a hex panic with the commander
    /// 3 hexes away; with him 2 away, US2 gets 1 Turn and US3 and US5 Complete.
    #[test]
    fn t_pan_2_placement_with_the_command_check() {
        for (commander_at, panic) in [("0404", true), ("0304", false)] {
            let mut game = s1(&[]);
            for id in [0u8, 1, 2, 4] {
                game.soldiers[usize::from(id)].marker.row = Row::Complete;
            }
            for id in [1, 2, 4] {
                put(&mut game, id, "0104");
            }
            put(&mut game, 0, commander_at);
            place_markers(&mut game, 1, 0, true);
            let rows: Vec<Row> = [1usize, 2, 4]
                .iter()
                .map(|&i| game.soldiers[i].marker.row)
                .collect();
            if panic {
                assert_eq!(rows, [Row::Panic, Row::Panic, Row::Panic]);
            } else {
                assert_eq!(rows, [Row::OneTurn, Row::Complete, Row::Complete]);
            }
        }
    }

    /// T-RND-1, T-RND-2 (AMB-RND-2/3): no Event Check in round 1; in round 2 the 2d10 comes
    /// after awareness and before the Action Number; a tie gives the Germans the initiative.
    #[test]
    fn t_rnd_1_the_rounds_dice_in_order() {
        use crate::state::{Phase, RoundState};
        let mut game = s1(&[3, 5, 5]);
        put(&mut game, 0, "0104");
        game.soldiers[0].marker.row = Row::Complete;
        start_round(&mut game, 1);
        let Phase::Rounds(RoundState {
            action_number,
            us_initiative,
            ..
        }) = game.phase
        else {
            panic!("in rounds");
        };
        assert_eq!((action_number, us_initiative), (3, false));
        dice_all_used(&game);
        let mut game = s1(&[3, 4, 1, 6, 2]);
        put(&mut game, 0, "0104");
        game.soldiers[0].marker.row = Row::Complete;
        start_round(&mut game, 2);
        let Phase::Rounds(RoundState {
            action_number,
            us_initiative,
            ..
        }) = game.phase
        else {
            panic!("in rounds");
        };
        assert_eq!((action_number, us_initiative), (1, true));
        dice_all_used(&game);
    }

    /// T-PRIS-1, T-PRIS-2 (AMB-PRIS-2): a prisoner left unguarded is freed: in sight of US4
    /// the squad is aware and he takes his S column; out of sight he leaves the map.
    #[test]
    fn t_pris_1_and_2_unguarded_prisoners() {
        for (us4_at, seen) in [("0306", true), ("0101", false)] {
            let mut game = s1(&[]);
            put(&mut game, 7, "0305");
            game.soldiers[7].captured = true;
            game.soldiers[7].stance = Stance::Prone;
            put(&mut game, 3, us4_at);
            put(&mut game, 1, "0601");
            free_prisoners(&mut game);
            let c = &game.soldiers[7];
            assert!(!c.captured);
            if seen {
                assert!(c.s_column);
                assert!(
                    game.side(Side::Us)
                        .all(|id| game.soldier(id).marker.row != Row::Unaware)
                );
            } else {
                assert_eq!(c.place, Place::Exited);
                assert_eq!(game.soldiers[1].marker.row, Row::Unaware);
            }
        }
    }

    /// T-PAN-4 (AMB-STS-2): a panicked soldier, at the round's end, prone on Complete.
    #[test]
    fn t_pan_4_panic_ends_with_the_round() {
        let mut game = s1(&[]);
        put(&mut game, 2, "0104");
        game.soldiers[2].panicked = true;
        game.soldiers[2].marker.row = Row::Panic;
        end_of_round_panic(&mut game);
        let s = &game.soldiers[2];
        assert_eq!(
            (s.panicked, s.stance, s.marker.row),
            (false, Stance::Prone, Row::Complete)
        );
    }
}
