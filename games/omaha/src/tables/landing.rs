//! T1, the US Landing table (PA "Tabella Sbarco USA"; rules 5.1, 5.11–5.15, 22.1, 22.2), and the
//! mine turns of T10 (5.14).
//!
//! The row is the unit's type and the current turn band; the column is the landing letter that
//! the Landing card pairs with the unit's target symbol (5.1). [`landing_table`] reads the table
//! for a [`LandingKind`]; [`landing_result`] is the same for a [`UsKind`] in a given box.

use crate::data::{LandingLetter, UsKind};

/// The variants that change which T1 row applies (22.1, 22.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LandingOptions {
    /// 22.1 Effective Allied bombardment: turns 4 and 5 use the turn-2 and turn-3 rows.
    pub bombardment_22_1: bool,
    /// 22.2 First-wave tanks safe: tanks landing on turn 1 use the "Armor, turns 2–3" row.
    pub tanks_safe_22_2: bool,
}

/// What T1 does to one unit (5.1, 5.11, 5.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LandingResult {
    /// "No effect": the unit lands from its box. A Ranger may then drift (5.13,
    /// [`ranger_may_drift`]).
    NoEffect,
    /// The unit's type has no row in this turn's band: no landing check, but the mine check of
    /// 5.14 still applies (AMB-40). Also the answer for leaders (5.12).
    NoCheck,
    /// Infantry from turn 15: no landing check, mine check only (5.15, T1 "Turns 15+").
    MineCheckOnly,
    /// Drift `boxes` boxes East (left) or West (right) along the box line, then land (5.11,
    /// AMB-57). Beyond either end of the line the unit is delayed two turns instead (5.11).
    Drift { east: bool, boxes: u8 },
    /// Put the unit on the Turn track `turns` spaces after the current turn; it is placed in a
    /// box in step I.3 of that turn and lands the turn after (T1 "Delay").
    Delay { turns: u8 },
    /// "Delayed to 7 June": removed from play; not an elimination (T1 note).
    RemovedFromPlay,
    /// Lose this many steps (a unit with fewer steps is eliminated, 6.32).
    LoseSteps(u8),
    /// Lose one step, then drift (armor, turn 1, column D).
    LoseStepAndDrift { east: bool, boxes: u8 },
    /// Eliminated.
    Eliminated,
}

/// The T1 row families (5.1, 5.15). [`LandingKind::of`] maps a [`UsKind`] onto them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LandingKind {
    /// Tanks: the "Armor" rows of turns 1–3; no row from turn 4 (AMB-40).
    Tank,
    /// SP artillery and SP AA: armored ("Corazzati", 2.23), so the Armor rows on turns 1–3;
    /// from turn 4 the "Artillery, anti-aircraft & anti-tank" row of their type (INTERP, as
    /// for T3 where SP artillery is artillery and SP AA is anti-aircraft). No SP unit of the
    /// shipped roster lands before turn 6.
    SelfPropelled,
    /// Infantry companies (heavy ones included). `dog_green_or_charlie`: the unit is in a DG
    /// (Dog Green) or CH (Charlie) box, which has its own row on turns 1–3.
    Infantry { dog_green_or_charlie: bool },
    /// Ranger companies: the infantry rows, plus the 5.13 drift option.
    Ranger { dog_green_or_charlie: bool },
    /// Amphibious (DUKW) artillery: rows on turns 4+ only (AMB-40 on turns 1–3).
    Dukw,
    /// Towed artillery, anti-aircraft and anti-tank: rows on turns 4+ only (AMB-40).
    ArtilleryAaAt,
    /// Engineers: no row in any band (AMB-40).
    Engineer,
    /// HQs and Generals: never checked (5.12).
    Leader,
}

impl LandingKind {
    /// The row family of a unit of `kind` in a box that is (or not) a DG or CH box.
    pub fn of(kind: UsKind, dog_green_or_charlie: bool) -> LandingKind {
        match kind {
            UsKind::Tank => LandingKind::Tank,
            UsKind::SpArtillery | UsKind::SpAa => LandingKind::SelfPropelled,
            UsKind::Infantry => LandingKind::Infantry {
                dog_green_or_charlie,
            },
            UsKind::Ranger => LandingKind::Ranger {
                dog_green_or_charlie,
            },
            UsKind::Dukw => LandingKind::Dukw,
            UsKind::Artillery | UsKind::Aa | UsKind::AntiTank => LandingKind::ArtilleryAaAt,
            UsKind::Engineer => LandingKind::Engineer,
        }
    }
}

/// The three turn bands of T1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LandingBand {
    /// Turns 1–3 (with 22.1 also turns 4 and 5).
    Early,
    /// Turns 4–14.
    Middle,
    /// Turns 15 and later.
    Late,
}

/// The turn whose T1 row applies on `turn`: 22.1 makes turns 4 and 5 use the rows of turns 2
/// and 3 (T1 note, T-22.1).
pub fn table_turn(turn: u8, options: &LandingOptions) -> u8 {
    if options.bombardment_22_1 && (4..=5).contains(&turn) {
        turn - 2
    } else {
        turn
    }
}

/// The T1 band of `turn` (after 22.1).
pub fn band(turn: u8, options: &LandingOptions) -> LandingBand {
    match table_turn(turn, options) {
        0..=3 => LandingBand::Early,
        4..=14 => LandingBand::Middle,
        _ => LandingBand::Late,
    }
}

const fn east(boxes: u8) -> LandingResult {
    LandingResult::Drift { east: true, boxes }
}

const fn west(boxes: u8) -> LandingResult {
    LandingResult::Drift { east: false, boxes }
}

/// Armor, turn 1 (T1): Delay +2 | Eliminated | Lose 1 step | Lose 1 step and drift 2 East.
fn armor_turn_1(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::Delay { turns: 2 },
        LandingLetter::B => LandingResult::Eliminated,
        LandingLetter::C => LandingResult::LoseSteps(1),
        LandingLetter::D => LandingResult::LoseStepAndDrift {
            east: true,
            boxes: 2,
        },
    }
}

/// Armor, turns 2–3 (T1): No effect | Drift 1 East | Lose 1 step | Drift 3 East.
fn armor_turns_2_3(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::NoEffect,
        LandingLetter::B => east(1),
        LandingLetter::C => LandingResult::LoseSteps(1),
        LandingLetter::D => east(3),
    }
}

/// Infantry in boxes other than DG and CH, turns 1–3 (T1): 4 East | 2 East | 9 East | No effect.
fn infantry_early(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => east(4),
        LandingLetter::B => east(2),
        LandingLetter::C => east(9),
        LandingLetter::D => LandingResult::NoEffect,
    }
}

/// Infantry and Rangers in DG and CH boxes on turns 1–3, and infantry and Rangers anywhere on
/// turns 4–14 (T1, the two rows are the same): No effect | 1 East | 4 East | 1 West.
fn infantry_dg_ch_or_middle(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::NoEffect,
        LandingLetter::B => east(1),
        LandingLetter::C => east(4),
        LandingLetter::D => west(1),
    }
}

/// DUKW artillery, turns 4+ (T1, both bands): Eliminated | Lose 1 | Lose 2 | No effect.
fn dukw(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::Eliminated,
        LandingLetter::B => LandingResult::LoseSteps(1),
        LandingLetter::C => LandingResult::LoseSteps(2),
        LandingLetter::D => LandingResult::NoEffect,
    }
}

/// Artillery, AA and AT, turns 4–14 (T1): Delay +3 | 2 East | Lose 1 step | No effect.
fn artillery_middle(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::Delay { turns: 3 },
        LandingLetter::B => east(2),
        LandingLetter::C => LandingResult::LoseSteps(1),
        LandingLetter::D => LandingResult::NoEffect,
    }
}

/// Artillery, AA and AT, turns 15+ (T1): Delay +3 | Removed from play (7 June) | No effect |
/// Lose 1 step.
fn artillery_late(letter: LandingLetter) -> LandingResult {
    match letter {
        LandingLetter::A => LandingResult::Delay { turns: 3 },
        LandingLetter::B => LandingResult::RemovedFromPlay,
        LandingLetter::C => LandingResult::NoEffect,
        LandingLetter::D => LandingResult::LoseSteps(1),
    }
}

/// T1 (rules 5.1, 5.15, 22.1, 22.2): the landing result for a unit of row family `kind` on
/// `turn` whose symbol the Landing card pairs with `letter`.
///
/// Types with no row in the band get [`LandingResult::NoCheck`] (AMB-40); infantry and Rangers
/// from turn 15 get [`LandingResult::MineCheckOnly`] (5.15); leaders get `NoCheck` (5.12).
pub fn landing_table(
    kind: LandingKind,
    turn: u8,
    letter: LandingLetter,
    options: &LandingOptions,
) -> LandingResult {
    let row_turn = table_turn(turn, options);
    match (band(turn, options), kind) {
        (_, LandingKind::Leader | LandingKind::Engineer) => LandingResult::NoCheck,
        // Armor rows, turns 1–3 (22.2: turn-1 tanks use the turns 2–3 row).
        (LandingBand::Early, LandingKind::Tank | LandingKind::SelfPropelled) => {
            if row_turn <= 1 && !options.tanks_safe_22_2 {
                armor_turn_1(letter)
            } else {
                armor_turns_2_3(letter)
            }
        }
        (
            LandingBand::Early,
            LandingKind::Infantry {
                dog_green_or_charlie: false,
            }
            | LandingKind::Ranger {
                dog_green_or_charlie: false,
            },
        ) => infantry_early(letter),
        (
            LandingBand::Early,
            LandingKind::Infantry {
                dog_green_or_charlie: true,
            }
            | LandingKind::Ranger {
                dog_green_or_charlie: true,
            },
        ) => infantry_dg_ch_or_middle(letter),
        // AMB-40: DUKW and artillery/AA/AT have no row on turns 1–3.
        (LandingBand::Early, LandingKind::Dukw | LandingKind::ArtilleryAaAt) => {
            LandingResult::NoCheck
        }
        // AMB-40: armor has no row from turn 4; SP units use the artillery/AA row (INTERP).
        (LandingBand::Middle | LandingBand::Late, LandingKind::Tank) => LandingResult::NoCheck,
        (LandingBand::Middle, LandingKind::Infantry { .. } | LandingKind::Ranger { .. }) => {
            infantry_dg_ch_or_middle(letter)
        }
        (LandingBand::Late, LandingKind::Infantry { .. } | LandingKind::Ranger { .. }) => {
            LandingResult::MineCheckOnly
        }
        (LandingBand::Middle | LandingBand::Late, LandingKind::Dukw) => dukw(letter),
        (LandingBand::Middle, LandingKind::ArtilleryAaAt | LandingKind::SelfPropelled) => {
            artillery_middle(letter)
        }
        (LandingBand::Late, LandingKind::ArtilleryAaAt | LandingKind::SelfPropelled) => {
            artillery_late(letter)
        }
    }
}

/// T1 (rules 5.1, 5.15, 22.1, 22.2) for a unit of `kind` in a box that is (or not) a DG or CH
/// box: [`landing_table`] with [`LandingKind::of`].
pub fn landing_result(
    kind: UsKind,
    turn: u8,
    letter: LandingLetter,
    dog_green_or_charlie: bool,
    options: &LandingOptions,
) -> LandingResult {
    landing_table(
        LandingKind::of(kind, dog_green_or_charlie),
        turn,
        letter,
        options,
    )
}

/// 5.15 (AMB-40, AMB-04): whether a unit of `kind` needs a landing-table check on `turn`, that
/// is whether T1 has a row for it in this band. The answer does not depend on the box (both
/// infantry rows of turns 1–3 are checks). Mine checks (5.14) are separate: see
/// [`mines_possible`].
pub fn needs_check(kind: UsKind, turn: u8, options: &LandingOptions) -> bool {
    let result = landing_table(
        LandingKind::of(kind, false),
        turn,
        LandingLetter::A,
        options,
    );
    !matches!(
        result,
        LandingResult::NoCheck | LandingResult::MineCheckOnly
    )
}

/// 5.14 and T10: turns on which a Landing card's mine symbol can cost a step (7–22: Mid Tide
/// from 7, High Tide 16–22; from turn 23 every obstacle counts as cleared, AMB-31).
pub fn mines_possible(turn: u8) -> bool {
    (7..=22).contains(&turn)
}

/// The most boxes a Ranger may drift East by the 5.13 option (RB "1 to 4"; PA "4").
pub const RANGER_DRIFT_MAX: u8 = 4;

/// 5.13: whether a unit of `kind` with this T1 `result` on `turn` may choose to drift 1 to
/// [`RANGER_DRIFT_MAX`] boxes East (RB, over PA's "4 East"). Only Rangers, only on a "No effect"
/// result of the turns 4–14 band (the band that carries the option; from turn 15 there is no
/// landing check). The caller also excludes C/2R, the Ranger unit landing on turn 2.
pub fn ranger_may_drift(
    kind: UsKind,
    turn: u8,
    result: LandingResult,
    options: &LandingOptions,
) -> bool {
    kind == UsKind::Ranger
        && result == LandingResult::NoEffect
        && band(turn, options) == LandingBand::Middle
}

#[cfg(test)]
mod tests {
    use super::*;
    use LandingLetter::{A, B, C, D};

    const BASIC: LandingOptions = LandingOptions {
        bombardment_22_1: false,
        tanks_safe_22_2: false,
    };

    fn row(kind: UsKind, turn: u8, dg_ch: bool, options: &LandingOptions) -> [LandingResult; 4] {
        [A, B, C, D].map(|l| landing_result(kind, turn, l, dg_ch, options))
    }

    #[test]
    fn t1_armor_turn_1_row() {
        assert_eq!(
            row(UsKind::Tank, 1, false, &BASIC),
            [
                LandingResult::Delay { turns: 2 },
                LandingResult::Eliminated,
                LandingResult::LoseSteps(1),
                LandingResult::LoseStepAndDrift {
                    east: true,
                    boxes: 2
                },
            ]
        );
        // The box does not matter to armor.
        assert_eq!(
            row(UsKind::Tank, 1, true, &BASIC),
            row(UsKind::Tank, 1, false, &BASIC)
        );
    }

    #[test]
    fn t1_armor_turns_2_3_row() {
        let expected = [
            LandingResult::NoEffect,
            east(1),
            LandingResult::LoseSteps(1),
            east(3),
        ];
        assert_eq!(row(UsKind::Tank, 2, false, &BASIC), expected);
        assert_eq!(row(UsKind::Tank, 3, true, &BASIC), expected);
        assert_eq!(row(UsKind::SpAa, 3, false, &BASIC), expected);
    }

    #[test]
    fn t1_infantry_other_boxes_turns_1_3_row() {
        let expected = [east(4), east(2), east(9), LandingResult::NoEffect];
        for turn in 1..=3 {
            assert_eq!(row(UsKind::Infantry, turn, false, &BASIC), expected);
            assert_eq!(row(UsKind::Ranger, turn, false, &BASIC), expected);
        }
    }

    #[test]
    fn t1_infantry_and_rangers_dg_ch_turns_1_3_row() {
        let expected = [LandingResult::NoEffect, east(1), east(4), west(1)];
        for turn in 1..=3 {
            assert_eq!(row(UsKind::Infantry, turn, true, &BASIC), expected);
            assert_eq!(row(UsKind::Ranger, turn, true, &BASIC), expected);
        }
    }

    #[test]
    fn t1_infantry_and_rangers_turns_4_14_row() {
        let expected = [LandingResult::NoEffect, east(1), east(4), west(1)];
        for turn in 4..=14 {
            for dg_ch in [false, true] {
                assert_eq!(row(UsKind::Infantry, turn, dg_ch, &BASIC), expected);
                assert_eq!(row(UsKind::Ranger, turn, dg_ch, &BASIC), expected);
            }
        }
    }

    #[test]
    fn t1_dukw_rows_turns_4_14_and_15_plus() {
        let expected = [
            LandingResult::Eliminated,
            LandingResult::LoseSteps(1),
            LandingResult::LoseSteps(2),
            LandingResult::NoEffect,
        ];
        for turn in [4, 9, 14, 15, 22, 32] {
            assert_eq!(row(UsKind::Dukw, turn, false, &BASIC), expected);
        }
    }

    #[test]
    fn t1_artillery_aa_at_turns_4_14_row() {
        let expected = [
            LandingResult::Delay { turns: 3 },
            east(2),
            LandingResult::LoseSteps(1),
            LandingResult::NoEffect,
        ];
        for kind in [
            UsKind::Artillery,
            UsKind::Aa,
            UsKind::AntiTank,
            UsKind::SpArtillery,
            UsKind::SpAa,
        ] {
            for turn in [4, 10, 14] {
                assert_eq!(row(kind, turn, false, &BASIC), expected, "{kind:?} {turn}");
            }
        }
    }

    #[test]
    fn t1_artillery_aa_at_turns_15_plus_row() {
        let expected = [
            LandingResult::Delay { turns: 3 },
            LandingResult::RemovedFromPlay,
            LandingResult::NoEffect,
            LandingResult::LoseSteps(1),
        ];
        for kind in [
            UsKind::Artillery,
            UsKind::Aa,
            UsKind::AntiTank,
            UsKind::SpArtillery,
        ] {
            for turn in [15, 20, 26] {
                assert_eq!(row(kind, turn, false, &BASIC), expected, "{kind:?} {turn}");
            }
        }
    }

    /// 5.15: infantry from turn 15 makes no landing check, mine check only.
    #[test]
    fn t1_5_15_infantry_turns_15_plus_mine_check_only() {
        for kind in [UsKind::Infantry, UsKind::Ranger] {
            for turn in [15, 16, 22, 23] {
                for dg_ch in [false, true] {
                    assert_eq!(
                        row(kind, turn, dg_ch, &BASIC),
                        [LandingResult::MineCheckOnly; 4]
                    );
                }
                assert!(!needs_check(kind, turn, &BASIC));
            }
            assert!(needs_check(kind, 14, &BASIC));
        }
    }

    #[test]
    fn amb_40_kinds_without_a_row_make_no_check() {
        // Armor on turn 4+.
        for turn in [4, 14, 29] {
            assert_eq!(
                row(UsKind::Tank, turn, false, &BASIC),
                [LandingResult::NoCheck; 4]
            );
            assert!(!needs_check(UsKind::Tank, turn, &BASIC));
        }
        // Artillery, AA, AT and DUKW on turns 1–3.
        for kind in [
            UsKind::Artillery,
            UsKind::Aa,
            UsKind::AntiTank,
            UsKind::Dukw,
        ] {
            for turn in 1..=3 {
                assert_eq!(row(kind, turn, false, &BASIC), [LandingResult::NoCheck; 4]);
                assert!(!needs_check(kind, turn, &BASIC));
            }
            assert!(needs_check(kind, 4, &BASIC));
        }
        // Engineers never.
        for turn in [1, 5, 15] {
            assert_eq!(
                row(UsKind::Engineer, turn, false, &BASIC),
                [LandingResult::NoCheck; 4]
            );
            assert!(!needs_check(UsKind::Engineer, turn, &BASIC));
        }
    }

    /// 5.12: HQs and Generals make no landing check.
    #[test]
    fn r_5_12_leaders_make_no_check() {
        for turn in [1, 8, 20] {
            for l in [A, B, C, D] {
                assert_eq!(
                    landing_table(LandingKind::Leader, turn, l, &BASIC),
                    LandingResult::NoCheck
                );
            }
        }
    }

    #[test]
    fn t_5_1_landing_check_example() {
        // Turn 2, West boxes (none DG or CH), card "◆B ▲A ●D" (AMB-54: the letter rules).
        let letter_of = |symbol: char| match symbol {
            '◆' => B,
            '▲' => A,
            _ => D,
        };
        let result = |symbol| landing_result(UsKind::Infantry, 2, letter_of(symbol), false, &BASIC);
        assert_eq!(result('◆'), east(2)); // U1 drifts 2 East
        assert_eq!(result('▲'), east(4)); // U4 drifts 4 East
        assert_eq!(result('●'), LandingResult::NoEffect); // U2, U3
        assert!(needs_check(UsKind::Infantry, 2, &BASIC));
    }

    #[test]
    fn t_22_1_turns_4_and_5_use_the_turn_2_and_3_rows() {
        let v = LandingOptions {
            bombardment_22_1: true,
            tanks_safe_22_2: false,
        };
        assert_eq!(table_turn(4, &v), 2);
        assert_eq!(table_turn(5, &v), 3);
        assert_eq!(table_turn(6, &v), 6);
        assert_eq!(
            row(UsKind::Tank, 4, false, &v),
            row(UsKind::Tank, 2, false, &BASIC)
        );
        assert_eq!(
            row(UsKind::Infantry, 5, false, &v),
            [east(4), east(2), east(9), LandingResult::NoEffect]
        );
        assert_eq!(
            row(UsKind::Infantry, 6, false, &v),
            row(UsKind::Infantry, 6, false, &BASIC)
        );
        // Artillery has no row on the turns 1–3 band, so none on turns 4–5 either.
        assert!(!needs_check(UsKind::Aa, 4, &v));
        assert!(needs_check(UsKind::Aa, 6, &v));
        assert!(needs_check(UsKind::Tank, 5, &v));
        assert!(!needs_check(UsKind::Tank, 6, &v));
    }

    #[test]
    fn r_22_2_turn_1_tanks_use_the_turn_2_row() {
        let v = LandingOptions {
            bombardment_22_1: false,
            tanks_safe_22_2: true,
        };
        assert_eq!(
            row(UsKind::Tank, 1, false, &v),
            row(UsKind::Tank, 2, false, &BASIC)
        );
        // Infantry is unaffected.
        assert_eq!(
            row(UsKind::Infantry, 1, false, &v),
            row(UsKind::Infantry, 1, false, &BASIC)
        );
    }

    /// 5.13: the Ranger option after "No effect", from turn 4 (the turns 4–14 band).
    #[test]
    fn r_5_13_ranger_option() {
        assert!(ranger_may_drift(
            UsKind::Ranger,
            4,
            LandingResult::NoEffect,
            &BASIC
        ));
        assert!(ranger_may_drift(
            UsKind::Ranger,
            14,
            LandingResult::NoEffect,
            &BASIC
        ));
        // Not before turn 4, not after 14 (mine check only), not on other results.
        assert!(!ranger_may_drift(
            UsKind::Ranger,
            3,
            LandingResult::NoEffect,
            &BASIC
        ));
        assert!(!ranger_may_drift(
            UsKind::Ranger,
            15,
            LandingResult::MineCheckOnly,
            &BASIC
        ));
        assert!(!ranger_may_drift(UsKind::Ranger, 8, east(1), &BASIC));
        assert!(!ranger_may_drift(
            UsKind::Infantry,
            8,
            LandingResult::NoEffect,
            &BASIC
        ));
        assert_eq!(RANGER_DRIFT_MAX, 4);
    }

    #[test]
    fn t_5_14_mine_turns() {
        assert!(!mines_possible(4)); // Low Tide
        assert!(!mines_possible(6));
        assert!(mines_possible(7));
        assert!(mines_possible(9));
        assert!(mines_possible(16));
        assert!(mines_possible(22));
        assert!(!mines_possible(23)); // all obstacles cleared (AMB-31)
    }

    #[test]
    fn t1_bands() {
        assert_eq!(band(1, &BASIC), LandingBand::Early);
        assert_eq!(band(3, &BASIC), LandingBand::Early);
        assert_eq!(band(4, &BASIC), LandingBand::Middle);
        assert_eq!(band(14, &BASIC), LandingBand::Middle);
        assert_eq!(band(15, &BASIC), LandingBand::Late);
        assert_eq!(band(32, &BASIC), LandingBand::Late);
    }
}
