//! The invasion turn's tables: 2.11, the Airborne Scatter Table (rule 20.2; A-8); 2.12, the
//! Invasion Combat Table (20.3.1–20.3.3, 20.3.6; A-7); 2.13, the DD Tank Table (20.3.5); and the
//! 5th Rangers roll (20.3.4).

/// The airborne divisions, one column each of 2.11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AirborneDivision {
    Us82nd,
    Us101st,
    British6th,
}

impl AirborneDivision {
    /// Every column, left to right.
    pub const ALL: [AirborneDivision; 3] = [
        AirborneDivision::Us82nd,
        AirborneDivision::Us101st,
        AirborneDivision::British6th,
    ];

    /// 2.11: the columns are a diagonal, each division one pip better than the one to its left;
    /// this is the pip offset (82nd 0, 101st 1, 6th 2).
    fn offset(self) -> u8 {
        match self {
            AirborneDivision::Us82nd => 0,
            AirborneDivision::Us101st => 1,
            AirborneDivision::British6th => 2,
        }
    }
}

/// A result of 2.11 (20.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScatterResult {
    /// Blank: a good drop.
    NoEffect,
    /// "S": scattered.
    S,
    /// "S1": scattered, −1 step, +1 airborne replacement.
    S1,
    /// "S2": scattered, −2 steps, +1 airborne replacement (A-8: the legend's second "S1").
    S2,
}

impl ScatterResult {
    /// The result as printed.
    pub fn label(self) -> &'static str {
        match self {
            ScatterResult::NoEffect => "—",
            ScatterResult::S => "S",
            ScatterResult::S1 => "S1",
            ScatterResult::S2 => "S2",
        }
    }

    /// 20.2: whether the unit is Scattered.
    pub fn scattered(self) -> bool {
        self != ScatterResult::NoEffect
    }

    /// 20.2: the steps the unit loses.
    pub fn steps_lost(self) -> u8 {
        match self {
            ScatterResult::NoEffect | ScatterResult::S => 0,
            ScatterResult::S1 => 1,
            ScatterResult::S2 => 2,
        }
    }

    /// 20.2: the airborne replacements of the unit's nationality recorded on the GRT:
    /// exactly one for S1 and for S2.
    pub fn airborne_replacements(self) -> u8 {
        u8::from(self.steps_lost() > 0)
    }
}

/// 20.2: the scatter DRM of a glider regiment.
pub const GLIDER_DRM: u8 = 1;

/// 2.11, 20.2: the scatter result of die `roll` for a unit of `division`; `glider`: a glider
/// regiment (+1). A modified result above 6 reads as 6 (2.11, *recommended*; no A-id).
pub fn scatter(division: AirborneDivision, roll: u8, glider: bool) -> ScatterResult {
    let modified = roll.clamp(1, 6) + if glider { GLIDER_DRM } else { 0 };
    // The 82nd's column read one pip further for each division to its right.
    match (modified + division.offset()).min(6) {
        1 | 2 => ScatterResult::S2,
        3 | 4 => ScatterResult::S1,
        5 => ScatterResult::S,
        _ => ScatterResult::NoEffect,
    }
}

/// The columns of 2.12 (20.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InvasionColumn {
    Utah,
    /// Both Omaha sectors (29th and 1st Division).
    Omaha,
    /// Every other assault, Pointe du Hoc included.
    AllOthers,
}

impl InvasionColumn {
    /// Every column, left to right.
    pub const ALL: [InvasionColumn; 3] = [
        InvasionColumn::Utah,
        InvasionColumn::Omaha,
        InvasionColumn::AllOthers,
    ];
}

/// The combat part of a 2.12 result (20.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InvasionOutcome {
    /// "A1\*" (Bloody Omaha): the Allies lose a step and roll again on the Omaha column; the SP
    /// stays (20.3.3).
    A1Star,
    /// The Allies lose two steps (their choice); the SP is eliminated.
    A2D1,
    /// The Allies lose a step chosen by the German; the SP is eliminated.
    Ex,
    /// The Allies lose a step (their choice); the SP is eliminated.
    A1D1,
    /// The SP is eliminated.
    D1,
}

/// A result of 2.12: the outcome and the hexes the assault units may advance ("Adv n"; the first
/// must be the beach hex, 20.3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvasionResult {
    pub outcome: InvasionOutcome,
    pub advance: u8,
}

impl InvasionResult {
    /// The result as printed ("A1/D1, Adv 2").
    pub fn label(self) -> String {
        let outcome = match self.outcome {
            InvasionOutcome::A1Star => return "A1*".to_string(),
            InvasionOutcome::A2D1 => "A2/D1",
            InvasionOutcome::Ex => "EX",
            InvasionOutcome::A1D1 => "A1/D1",
            InvasionOutcome::D1 => "D1",
        };
        format!("{outcome}, Adv {}", self.advance)
    }

    /// 20.3.2, 20.3.3: the steps the Allied assault infantry loses (never the tank battalion,
    /// whose losses come only from the DD Tank Table).
    pub fn attacker_steps(self) -> u8 {
        match self.outcome {
            InvasionOutcome::A2D1 => 2,
            InvasionOutcome::A1Star | InvasionOutcome::Ex | InvasionOutcome::A1D1 => 1,
            InvasionOutcome::D1 => 0,
        }
    }

    /// 20.3.2: whether the (one-step) beach SP is eliminated: on every result but A1\*.
    pub fn strongpoint_eliminated(self) -> bool {
        self.outcome != InvasionOutcome::A1Star
    }

    /// 20.3.3: whether the Allies roll again on the Omaha column (A1\*).
    pub fn roll_again(self) -> bool {
        self.outcome == InvasionOutcome::A1Star
    }

    /// 20.3.2, 12.2: whether the German chooses which Allied assault unit loses the step (EX);
    /// otherwise the Allies choose.
    pub fn german_chooses_loss(self) -> bool {
        self.outcome == InvasionOutcome::Ex
    }

    /// 20.3.6, 20.3.3: the advance allowed; `bloody_first_roll`: the first roll in this Omaha
    /// sector was A1\*, which caps any later advance at one hex.
    pub fn advance_after(self, bloody_first_roll: bool) -> u8 {
        if bloody_first_roll {
            self.advance.min(1)
        } else {
            self.advance
        }
    }

    /// 20.3.2: there is no Determined Defense in invasion combat.
    pub fn determined_defense_allowed(self) -> bool {
        false
    }

    /// 20.3.2: the assault's losses come from infantry-type units only, never from the tank
    /// battalion.
    pub fn losses_from_infantry_only(self) -> bool {
        true
    }
}

const fn result(outcome: InvasionOutcome, advance: u8) -> InvasionResult {
    InvasionResult { outcome, advance }
}

/// 2.12 as printed: `TABLE[die - 1]` = (Utah, Omaha, All others).
const TABLE: [[InvasionResult; 3]; 6] = {
    use InvasionOutcome::{A1D1, A1Star, A2D1, D1, Ex};
    [
        [result(Ex, 1), result(A1Star, 0), result(A2D1, 1)],
        // Omaha/2 = A2/D1 Adv 1 and Others/2 = EX Adv 1 (the extraction had them swapped).
        [result(A1D1, 1), result(A2D1, 1), result(Ex, 1)],
        [result(A1D1, 1), result(Ex, 1), result(A1D1, 1)],
        [result(A1D1, 2), result(A1D1, 1), result(A1D1, 1)],
        [result(D1, 2), result(A1D1, 1), result(A1D1, 2)],
        [result(D1, 2), result(A1D1, 2), result(D1, 2)],
    ]
};

/// 2.12, 20.3: the invasion result on `column` with die `roll` (no DRM; a roll outside 1–6
/// reads as the nearest row).
pub fn invasion(column: InvasionColumn, roll: u8) -> InvasionResult {
    TABLE[usize::from(roll.clamp(1, 6) - 1)][column as usize]
}

/// 20.3.4: at Pointe du Hoc, an A2/D1 (a roll of 1) means the landing fails: the 2nd Ranger
/// Battalion is eliminated, and the 5th lands at Omaha with the next wave.
pub fn pointe_du_hoc_landing_fails(result: InvasionResult) -> bool {
    result.outcome == InvasionOutcome::A2D1
}

/// Where the 5th Ranger Battalion goes (20.3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FifthRangers {
    /// Placed at Pointe du Hoc.
    PointeDuHoc,
    /// The 29th Division's "Next Wave" box: it lands at Omaha with the second wave.
    OmahaNextWave,
}

/// 20.3.4: where the 5th Rangers go; `landing_failed`: the 2nd Rangers' landing failed
/// ([`pointe_du_hoc_landing_fails`]), so no roll is made; otherwise die `roll`: 1–3 Pointe du
/// Hoc, 4–6 Omaha's next wave.
pub fn fifth_rangers(landing_failed: bool, roll: u8) -> FifthRangers {
    if landing_failed || roll >= 4 {
        FifthRangers::OmahaNextWave
    } else {
        FifthRangers::PointeDuHoc
    }
}

/// A result of 2.13 (20.3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DdTankResult {
    /// 1–3: the tank battalion loses a step.
    LoseStep,
    /// 4–6.
    NoEffect,
}

impl DdTankResult {
    /// The steps the tank battalion loses.
    pub fn steps_lost(self) -> u8 {
        u8::from(self == DdTankResult::LoseStep)
    }
}

/// 2.13, 20.3.5: the DD Tank Table, rolled for each of the 8 assaults with a tank battalion (not
/// Pointe du Hoc), independently of the assault roll.
pub fn dd_tank(roll: u8) -> DdTankResult {
    if roll <= 3 {
        DdTankResult::LoseStep
    } else {
        DdTankResult::NoEffect
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AirborneDivision::{British6th, Us82nd, Us101st};
    use InvasionColumn::{AllOthers, Omaha, Utah};
    use InvasionOutcome::{A1D1, A1Star, A2D1, D1, Ex};
    use ScatterResult::{NoEffect, S, S1, S2};

    /// 2.11 copied from the spec: rows 1–6, columns 82nd, 101st, 6th.
    const SCATTER: [[&str; 3]; 6] = [
        ["S2", "S2", "S1"],
        ["S2", "S1", "S1"],
        ["S1", "S1", "S"],
        ["S1", "S", "—"],
        ["S", "—", "—"],
        ["—", "—", "—"],
    ];

    #[test]
    fn rule_20_2_scatter_table_every_cell() {
        for (i, cells) in SCATTER.iter().enumerate() {
            let roll = i as u8 + 1;
            for (division, cell) in AirborneDivision::ALL.into_iter().zip(cells) {
                assert_eq!(
                    scatter(division, roll, false).label(),
                    *cell,
                    "{division:?} {roll}"
                );
            }
        }
    }

    #[test]
    fn rule_20_2_scatter_glider_drm_and_clamp() {
        for division in AirborneDivision::ALL {
            for roll in 1..=5u8 {
                assert_eq!(
                    scatter(division, roll, true),
                    scatter(division, roll + 1, false)
                );
            }
            // A modified 7 reads as 6.
            assert_eq!(scatter(division, 6, true), NoEffect);
            assert_eq!(scatter(division, 0, false), scatter(division, 1, false));
        }
    }

    #[test]
    fn rule_20_2_scatter_columns_are_a_diagonal() {
        for roll in 1..=5u8 {
            assert_eq!(
                scatter(Us82nd, roll + 1, false),
                scatter(Us101st, roll, false)
            );
            assert_eq!(
                scatter(Us101st, roll + 1, false),
                scatter(British6th, roll, false)
            );
        }
    }

    #[test]
    fn rule_20_2_scatter_result_parts_a_8() {
        let parts = [
            (NoEffect, false, 0, 0),
            (S, true, 0, 0),
            (S1, true, 1, 1),
            (S2, true, 2, 1),
        ];
        for (r, scattered, steps, repl) in parts {
            assert_eq!(r.scattered(), scattered, "{r:?}");
            assert_eq!(r.steps_lost(), steps, "{r:?}");
            assert_eq!(r.airborne_replacements(), repl, "{r:?}");
        }
    }

    #[test]
    fn t_inv_01_82nd_scatter() {
        let rolls = [2, 5, 2]; // 507th, 505th, 508th
        let results = rolls.map(|r| scatter(Us82nd, r, false));
        assert_eq!(results, [S2, S, S2]);
        // The 507th and 508th lose 2 steps from full (cadres); all three Scattered; +2 US
        // airborne replacements.
        assert_eq!(results[0].steps_lost(), 2);
        assert_eq!(results[2].steps_lost(), 2);
        assert!(results.iter().all(|r| r.scattered()));
        let repl: u8 = results.iter().map(|r| r.airborne_replacements()).sum();
        assert_eq!(repl, 2);
    }

    #[test]
    fn t_inv_02_101st_scatter() {
        let rolls = [2, 6, 1]; // 502nd, 506th, 501st
        let results = rolls.map(|r| scatter(Us101st, r, false));
        assert_eq!(results, [S1, NoEffect, S2]);
        assert_eq!(results[0].steps_lost(), 1);
        let repl: u8 = results.iter().map(|r| r.airborne_replacements()).sum();
        assert_eq!(repl, 2);
        assert!(results[0].scattered() && results[2].scattered());
        assert!(!results[1].scattered());
    }

    #[test]
    fn t_inv_03_6th_airborne_scatter() {
        let rolls = [6, 3, 1]; // 3rd(−), 5th, 8/3
        let results = rolls.map(|r| scatter(British6th, r, false));
        assert_eq!(results, [NoEffect, S, S1]);
        let repl: u8 = results.iter().map(|r| r.airborne_replacements()).sum();
        assert_eq!(repl, 1);
    }

    #[test]
    fn t_inv_04_glider_drm() {
        // A turn-2 glider regiment of the 82nd with die 4 → 5 → S (not S1).
        assert_eq!(scatter(Us82nd, 4, true), S);
    }

    /// 2.12 copied from the spec: rows 1–6, columns Utah, Omaha, All others.
    const INVASION: [[&str; 3]; 6] = [
        ["EX, Adv 1", "A1*", "A2/D1, Adv 1"],
        ["A1/D1, Adv 1", "A2/D1, Adv 1", "EX, Adv 1"],
        ["A1/D1, Adv 1", "EX, Adv 1", "A1/D1, Adv 1"],
        ["A1/D1, Adv 2", "A1/D1, Adv 1", "A1/D1, Adv 1"],
        ["D1, Adv 2", "A1/D1, Adv 1", "A1/D1, Adv 2"],
        ["D1, Adv 2", "A1/D1, Adv 2", "D1, Adv 2"],
    ];

    #[test]
    fn rule_20_3_1_invasion_table_every_cell_a_7() {
        for (i, cells) in INVASION.iter().enumerate() {
            let roll = i as u8 + 1;
            for (column, cell) in InvasionColumn::ALL.into_iter().zip(cells) {
                assert_eq!(invasion(column, roll).label(), *cell, "{column:?} {roll}");
            }
        }
        assert_eq!(invasion(Utah, 0), invasion(Utah, 1));
        assert_eq!(invasion(Omaha, 9), invasion(Omaha, 6));
    }

    #[test]
    fn rule_20_3_1_invasion_columns_are_a_diagonal_a_7() {
        // Omaha = Others one pip worse; Utah = Others one pip better.
        for roll in 1..=5u8 {
            assert_eq!(invasion(Omaha, roll + 1), invasion(AllOthers, roll));
            assert_eq!(invasion(Utah, roll), invasion(AllOthers, roll + 1));
        }
    }

    #[test]
    fn rule_20_3_2_results() {
        for column in InvasionColumn::ALL {
            for roll in 1..=6 {
                let r = invasion(column, roll);
                let steps = match r.outcome {
                    A2D1 => 2,
                    D1 => 0,
                    _ => 1,
                };
                assert_eq!(r.attacker_steps(), steps);
                assert_eq!(r.strongpoint_eliminated(), r.outcome != A1Star);
                assert_eq!(r.german_chooses_loss(), r.outcome == Ex);
                assert!(!r.determined_defense_allowed());
                assert!(r.losses_from_infantry_only());
                // Only A1* gives no advance.
                assert_eq!(r.advance == 0, r.roll_again());
            }
        }
    }

    #[test]
    fn rule_20_3_3_bloody_omaha_only_on_omaha_1() {
        for column in InvasionColumn::ALL {
            for roll in 1..=6 {
                assert_eq!(
                    invasion(column, roll).roll_again(),
                    column == Omaha && roll == 1
                );
            }
        }
    }

    #[test]
    fn rule_20_3_6_advance_capped_after_a_bloody_first_roll() {
        for roll in 1..=6 {
            let r = invasion(Omaha, roll);
            assert_eq!(r.advance_after(false), r.advance);
            assert_eq!(r.advance_after(true), r.advance.min(1));
        }
    }

    #[test]
    fn rule_20_3_4_fifth_rangers() {
        for roll in 1..=3 {
            assert_eq!(fifth_rangers(false, roll), FifthRangers::PointeDuHoc);
            assert_eq!(fifth_rangers(true, roll), FifthRangers::OmahaNextWave);
        }
        for roll in 4..=6 {
            assert_eq!(fifth_rangers(false, roll), FifthRangers::OmahaNextWave);
        }
        for roll in 1..=6 {
            assert_eq!(
                pointe_du_hoc_landing_fails(invasion(AllOthers, roll)),
                roll == 1
            );
        }
    }

    #[test]
    fn rule_20_3_5_dd_tank_table() {
        for roll in 1..=6 {
            let r = dd_tank(roll);
            assert_eq!(r.steps_lost(), u8::from(roll <= 3), "roll {roll}");
        }
    }

    #[test]
    fn t_inv_05_utah() {
        let r = invasion(Utah, 4);
        assert_eq!(r, result(A1D1, 2));
        // The SP is eliminated, one infantry step lost, the units may enter the beach hex and 1
        // more hex.
        assert!(r.strongpoint_eliminated());
        assert_eq!(r.attacker_steps(), 1);
        assert_eq!(r.advance_after(false), 2);
        // DD tank die 1 → the tank battalion loses a step.
        assert_eq!(dd_tank(1), DdTankResult::LoseStep);
    }

    #[test]
    fn t_inv_06_pointe_du_hoc() {
        let r = invasion(AllOthers, 4);
        assert_eq!(r, result(A1D1, 1));
        // The SP is eliminated; the 2nd Rangers land reduced in the beach hex.
        assert!(r.strongpoint_eliminated());
        assert_eq!(r.attacker_steps(), 1);
        assert!(!pointe_du_hoc_landing_fails(r));
        // 5th Rangers die 4 → the 29th Division's Next Wave box.
        assert_eq!(fifth_rangers(false, 4), FifthRangers::OmahaNextWave);
        // Assault die 1 (A2/D1): the 2nd Rangers are eliminated, the 5th go to Omaha.
        let fail = invasion(AllOthers, 1);
        assert_eq!(fail.outcome, A2D1);
        assert!(pointe_du_hoc_landing_fails(fail));
        assert_eq!(fifth_rangers(true, 1), FifthRangers::OmahaNextWave);
    }

    #[test]
    fn t_inv_07_omaha_29th_sector_bloody_omaha() {
        // Die 1 → A1*: one step, roll again, SP stays.
        let first = invasion(Omaha, 1);
        assert_eq!(first.outcome, A1Star);
        assert!(first.roll_again() && !first.strongpoint_eliminated());
        // Re-roll 6 → A1/D1 Adv 2, capped to Adv 1; one more step; the SP is eliminated.
        let second = invasion(Omaha, 6);
        assert_eq!(second, result(A1D1, 2));
        assert_eq!(second.advance_after(true), 1);
        assert!(second.strongpoint_eliminated());
        // DD tank die 2 → the tank battalion loses a step. Sector total: 3 steps.
        let tank = dd_tank(2);
        assert_eq!(tank, DdTankResult::LoseStep);
        assert_eq!(
            first.attacker_steps() + second.attacker_steps() + tank.steps_lost(),
            3
        );
    }

    #[test]
    fn t_inv_08_omaha_1st_sector() {
        // Die 2 → A2/D1 Adv 1: both regiments flipped, the SP eliminated, advance into the beach
        // hex. DD die 4 → no effect.
        let r = invasion(Omaha, 2);
        assert_eq!(r, result(A2D1, 1));
        assert_eq!(r.attacker_steps(), 2);
        assert!(r.strongpoint_eliminated());
        assert_eq!(r.advance_after(false), 1);
        assert_eq!(dd_tank(4), DdTankResult::NoEffect);
        // Omaha (29th: 3, 1st: 2) plus Pointe du Hoc (1) = 6 steps.
        let omaha_29 = invasion(Omaha, 1).attacker_steps()
            + invasion(Omaha, 6).attacker_steps()
            + dd_tank(2).steps_lost();
        let omaha_1 = r.attacker_steps() + dd_tank(4).steps_lost();
        let pointe = invasion(AllOthers, 4).attacker_steps();
        assert_eq!(omaha_29 + omaha_1 + pointe, 6);
    }

    #[test]
    fn t_inv_10_gold() {
        // Jig: die 4 → A1/D1 Adv 1; DD 6 → no effect.
        let jig = invasion(AllOthers, 4);
        assert_eq!(jig, result(A1D1, 1));
        assert_eq!(dd_tank(6), DdTankResult::NoEffect);
        // King: die 6 → D1 Adv 2; DD 1 → tank −1.
        let king = invasion(AllOthers, 6);
        assert_eq!(king, result(D1, 2));
        assert_eq!(dd_tank(1), DdTankResult::LoseStep);
        // Gold total: 2 steps.
        let total = jig.attacker_steps()
            + dd_tank(6).steps_lost()
            + king.attacker_steps()
            + dd_tank(1).steps_lost();
        assert_eq!(total, 2);
    }

    #[test]
    fn t_inv_11_juno() {
        // Mike: die 2 → EX Adv 1, the German chooses the Allied infantry loss; DD 1 → tank −1.
        let mike = invasion(AllOthers, 2);
        assert_eq!(mike, result(Ex, 1));
        assert!(mike.german_chooses_loss());
        assert_eq!(dd_tank(1), DdTankResult::LoseStep);
        // Nan: die 1 → A2/D1 Adv 1; DD 5 → no effect.
        let nan = invasion(AllOthers, 1);
        assert_eq!(nan, result(A2D1, 1));
        assert!(!nan.german_chooses_loss());
        assert_eq!(dd_tank(5), DdTankResult::NoEffect);
        // the per-roll outcomes add up to 4 steps (the rulebook prints 3).
        let total = mike.attacker_steps()
            + dd_tank(1).steps_lost()
            + nan.attacker_steps()
            + dd_tank(5).steps_lost();
        assert_eq!(total, 4);
    }

    #[test]
    fn t_inv_12_sword() {
        // Queen: die 6 → D1 Adv 2; DD 4 → no effect.
        let queen = invasion(AllOthers, 6);
        assert_eq!(queen, result(D1, 2));
        assert_eq!(queen.attacker_steps(), 0);
        assert_eq!(dd_tank(4), DdTankResult::NoEffect);
    }

    #[test]
    fn t_inv_13_no_dd_and_infantry_losses_only() {
        // No Determined Defense in invasion combat; an A2/D1 puts both losses on infantry.
        let r = invasion(AllOthers, 1);
        assert_eq!(r.outcome, A2D1);
        assert_eq!(r.attacker_steps(), 2);
        assert!(r.losses_from_infantry_only());
        for column in InvasionColumn::ALL {
            for roll in 1..=6 {
                assert!(!invasion(column, roll).determined_defense_allowed());
            }
        }
    }
}
