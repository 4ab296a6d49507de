//! T10, the per-turn rule schedule: the values that change with the turn number and had no
//! function yet (turn length, Event phases, actions per division, the extended rules' start,
//! the 6.34 cap, the 19.4 demolition). The rest of T10 lives next to the rules that use it:
//! the tide ([`crate::data::tide_of_turn`]), the mine turns
//! ([`crate::tables::landing::mines_possible`]), the engineer clears
//! ([`crate::engineers::clears_allowed`]), the hit limits
//! ([`crate::tables::fire_chart::hit_limit`]) and the catastrophe threshold
//! ([`crate::effects::catastrophe_threshold`]); the tests below check all of them against T10's
//! rows.
//!
//! The Action Phase takes its actions per division from [`actions_per_division`]; the rest is
//! not wired into the turn sequence yet (the basic game has one Event phase, and the 6.34 cap).

/// 14, 15: the first turn of the extended rules (rules 14–20 and variant 23) in *D-Day at Omaha
/// Beach* and *Beyond the Beach*.
pub const EXTENDED_FROM: u8 = 17;

/// 14.2 (optional, "early German actions"): the first turn of section 16 when the option is on.
pub const EARLY_GERMAN_ACTIONS_FROM: u8 = 12;

/// 19.4, AMB-31: the first turn on which every mid-tide obstacle counts as demolished (RB 19.4
/// says 24; 5.14, 5.15 and the PA say 23, which is used).
pub const OBSTACLES_DEMOLISHED_FROM: u8 = 23;

/// 14, 15 (T10 "extended rules"): whether turn `turn` is played with the extended rules.
pub fn extended(turn: u8) -> bool {
    turn >= EXTENDED_FROM
}

/// T10 "Time/turn" (14: 30-minute turns from turn 17): the minutes turn `turn` lasts.
pub fn minutes_per_turn(turn: u8) -> u8 {
    if extended(turn) { 30 } else { 15 }
}

/// T10 "Time" (AMB-85): the minutes after midnight at which turn `turn` starts: 06:15 for turn
/// 1, 15 minutes a turn through turn 17 (10:15), then 30 minutes a turn (turn 32: 17:45).
pub fn start_minutes(turn: u8) -> u16 {
    (1..turn.max(1))
        .map(|t| u16::from(minutes_per_turn(t)))
        .sum::<u16>()
        + 6 * 60
        + 15
}

/// 4 II, 15 II and IV (T10): the Event phases of turn `turn`. None on turn 1 (T10) nor on turn
/// 32 (15: "Skipped on turn 32"); one on turns 2–16; two on turns 17–31 (14: "two Event cards
/// per turn").
pub fn event_phases(turn: u8) -> u8 {
    match turn {
        0 | 1 => 0,
        2..=16 => 1,
        17..=31 => 2,
        _ => 0,
    }
}

/// 7, 14, 15 VI (T10): the actions each division takes in the US Action Phase of turn `turn`:
/// two in the basic game, three from turn 17 (free actions not counted).
pub fn actions_per_division(turn: u8) -> u8 {
    if extended(turn) { 3 } else { 2 }
}

/// 6.34, 14.12: whether a US unit loses at most one step per German Fire Phase (turns 1–16).
/// From turn 17 the cap is gone; the unit still loses at most one step to the same position.
pub fn one_step_per_fire_phase(turn: u8) -> bool {
    !extended(turn)
}

/// 16, 14.2 (T10): whether German positions take section 16's actions (the Fire card's action
/// letters) on turn `turn`: from turn 17, or from turn 12 with the optional early German actions
/// (`early_actions`, 14.2).
pub fn german_actions(turn: u8, early_actions: bool) -> bool {
    let from = if early_actions {
        EARLY_GERMAN_ACTIONS_FROM
    } else {
        EXTENDED_FROM
    };
    turn >= from
}

/// 19.4, AMB-31 (T10 turns 23–32): whether every mid-tide obstacle counts as demolished on turn
/// `turn`, with or without Engineer Bases.
pub fn obstacles_demolished(turn: u8) -> bool {
    turn >= OBSTACLES_DEMOLISHED_FROM
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Tide, tide_of_turn};
    use crate::effects::catastrophe_threshold;
    use crate::engineers::clears_allowed;
    use crate::tables::fire_chart::hit_limit;
    use crate::tables::landing::mines_possible;

    const EXTENDED_TURNS: std::ops::RangeInclusive<u8> = 17..=32;

    #[test]
    fn t10_tide_turns_17_to_32() {
        for turn in 17..=22 {
            assert_eq!(tide_of_turn(turn), Tide::High, "turn {turn}");
        }
        for turn in 23..=27 {
            assert_eq!(tide_of_turn(turn), Tide::Mid, "turn {turn}");
        }
        for turn in 28..=32 {
            assert_eq!(tide_of_turn(turn), Tide::Low, "turn {turn}");
        }
    }

    /// T10, 14: 30-minute turns from 17; AMB-85's clock (turn 17 at 10:15, turn 32 at 17:45,
    /// the game ends at 18:15).
    #[test]
    fn t10_14_amb_85_time_turns_17_to_32() {
        assert_eq!(minutes_per_turn(16), 15);
        for turn in EXTENDED_TURNS {
            assert_eq!(minutes_per_turn(turn), 30, "turn {turn}");
        }
        assert_eq!(start_minutes(1), 6 * 60 + 15);
        assert_eq!(start_minutes(17), 10 * 60 + 15);
        assert_eq!(start_minutes(18), 10 * 60 + 45);
        assert_eq!(start_minutes(32), 17 * 60 + 45);
        assert_eq!(
            start_minutes(32) + u16::from(minutes_per_turn(32)),
            18 * 60 + 15
        );
    }

    /// The Turn track of tracks.toml agrees with T10's clock and tides on every turn.
    #[test]
    fn t10_turn_track_data_matches_schedule() {
        let data = crate::acceptance::data();
        assert_eq!(data.tracks.turns.len(), 32);
        for t in &data.tracks.turns {
            let m = start_minutes(t.turn);
            assert_eq!(
                t.time,
                format!("{:02}:{:02}", m / 60, m % 60),
                "turn {}",
                t.turn
            );
            assert_eq!(t.tide, tide_of_turn(t.turn), "turn {}", t.turn);
        }
    }

    /// T10 "Mines (5.14)": checks through turn 22 (High Tide), none from 23 (AMB-31: all
    /// obstacles demolished from 23, 19.4).
    #[test]
    fn t10_5_14_19_4_amb_31_mines_turns_17_to_32() {
        for turn in 17..=22 {
            assert!(mines_possible(turn), "turn {turn}");
            assert!(!obstacles_demolished(turn), "turn {turn}");
        }
        for turn in 23..=32 {
            assert!(!mines_possible(turn), "turn {turn}");
            assert!(obstacles_demolished(turn), "turn {turn}");
        }
    }

    /// T10 "Engineer clears (10.12)": 0 on High Tide turns 17–22; the basic Engineer Phase no
    /// longer exists in the extended game (15 ▶), so nothing from 23 either.
    #[test]
    fn t10_10_12_no_engineer_clears_turns_17_to_32() {
        for turn in EXTENDED_TURNS {
            assert_eq!(clears_allowed(turn), 0, "turn {turn}");
        }
    }

    /// T10, 15 II/IV: one Event phase on turns 2–16, two on 17–31, none on turns 1 and 32.
    #[test]
    fn t10_15_event_phases() {
        assert_eq!(event_phases(1), 0);
        assert_eq!(event_phases(2), 1);
        assert_eq!(event_phases(16), 1);
        for turn in 17..=31 {
            assert_eq!(event_phases(turn), 2, "turn {turn}");
        }
        assert_eq!(event_phases(32), 0);
    }

    /// T10, 14, 15 VI: two actions per division through turn 16, three from 17.
    #[test]
    fn t10_15_actions_per_division() {
        assert_eq!(actions_per_division(1), 2);
        assert_eq!(actions_per_division(16), 2);
        for turn in EXTENDED_TURNS {
            assert_eq!(actions_per_division(turn), 3, "turn {turn}");
            assert!(extended(turn), "turn {turn}");
        }
        assert!(!extended(16));
    }

    /// T10, 14.11: doubled hit limits from 17 (lone unit → 2, unit + depth marker → 4).
    #[test]
    fn t10_14_11_hit_limits_doubled_turns_17_to_32() {
        assert_eq!((hit_limit(1, 16), hit_limit(2, 16)), (1, 2));
        for turn in EXTENDED_TURNS {
            assert_eq!(
                (hit_limit(1, turn), hit_limit(2, turn)),
                (2, 4),
                "turn {turn}"
            );
        }
    }

    /// 6.34, 14.12: the one-step-per-phase cap holds through 16 and is lifted from 17.
    #[test]
    fn t10_6_34_14_12_one_step_cap() {
        assert!(one_step_per_fire_phase(16));
        for turn in EXTENDED_TURNS {
            assert!(!one_step_per_fire_phase(turn), "turn {turn}");
        }
    }

    /// T10, 20.1: the catastrophic-defeat threshold is 14 on turns 17–32 (8 before).
    #[test]
    fn t10_20_1_catastrophe_threshold_turns_17_to_32() {
        assert_eq!(catastrophe_threshold(16), 8);
        for turn in EXTENDED_TURNS {
            assert_eq!(catastrophe_threshold(turn), 14, "turn {turn}");
        }
    }

    /// T10, 16, 14.2: German actions from 17, or from 12 with the optional rule.
    #[test]
    fn t10_16_14_2_german_actions() {
        assert!(!german_actions(16, false));
        assert!(german_actions(17, false));
        assert!(german_actions(32, false));
        assert!(!german_actions(11, true));
        assert!(german_actions(12, true));
        assert!(german_actions(32, true));
    }
}
