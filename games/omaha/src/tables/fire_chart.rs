//! T2, the German Fire chart (PA "Fuoco Tedesco"; rules 6.3, 6.31–6.37, 11.4, 14.11, 16.9).
//!
//! The row is the fire point level the firing position projects into the US-occupied hex; the
//! column is the kind of firer. [`fire_effect`] says what happens to one US unit in that hex.
//! The caller works out the unit's effective symbol (6.35, concentrated target: see
//! [`is_concentrated`]) and whether it still counts as armored (6.36, armor bonus).

use crate::data::FireLevel;

/// The firer column of T2 (6.3, 16.9, 23.41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FireColumn {
    /// A WN position or a revealed reinforcement unit (German tanks too, 23.41).
    WnOrRevealed,
    /// An unrevealed (face-down) reinforcement unit.
    Unrevealed,
    /// Ambush from an unoccupied reinforcement position (turn 17+, 16.9): hits **one** unit.
    Ambush,
}

impl FireColumn {
    /// 16.9, 16.92: the Ambush column hits only one US unit (nearest, then most steps, then the
    /// player's choice), an Intense-hex unit first; the other columns hit every qualifying
    /// unit up to the position's hit limit (6.31).
    pub fn single_target(self) -> bool {
        self == FireColumn::Ambush
    }
}

/// The US unit as T2 sees it (6.35, 6.36).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FireTarget {
    /// Armored (tank, SP artillery, SP AA; 2.23) and not turned non-armored by the armor
    /// bonus of the firing colour (6.36).
    pub armored: bool,
    /// Has the card's target symbol, printed or by being in a concentrated target (6.35).
    pub has_symbol: bool,
}

/// What a T2 cell does to one unit (6.32, 6.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FireEffect {
    /// Not hit.
    None,
    /// Disrupted (6.33).
    Disrupt,
    /// Loses one step (6.32).
    LoseStep,
    /// Loses one step and is disrupted.
    LoseStepAndDisrupt,
}

impl FireEffect {
    /// Whether the unit loses a step.
    pub fn loses_step(self) -> bool {
        matches!(self, FireEffect::LoseStep | FireEffect::LoseStepAndDisrupt)
    }

    /// Whether the unit is disrupted.
    pub fn disrupts(self) -> bool {
        matches!(self, FireEffect::Disrupt | FireEffect::LoseStepAndDisrupt)
    }
}

/// T2 (rules 6.3, 6.36, 16.9; AMB-41, AMB-42): the effect of fire of `level` from a firer of
/// `column` on one US unit.
///
/// | level    | WN or revealed            | Unrevealed                       | Ambush (one unit)   |
/// |----------|---------------------------|----------------------------------|---------------------|
/// | Intense  | any unit: step            | any unit: step + disrupt         | symbol: step        |
/// | Moderate | non-armored, symbol: step | non-armored, symbol: step + dis. | symbol: disrupt     |
/// | Sporadic | non-armored, symbol: dis. | non-armored, symbol: disrupt     | symbol: disrupt     |
pub fn fire_effect(level: FireLevel, column: FireColumn, unit: FireTarget) -> FireEffect {
    let soft_with_symbol = !unit.armored && unit.has_symbol;
    match (level, column) {
        // AMB-41: Intense hits any unit regardless of its symbol (RB ex. 1, 6.36), not PA's
        // "with symbol".
        (FireLevel::Intense, FireColumn::WnOrRevealed) => FireEffect::LoseStep,
        (FireLevel::Intense, FireColumn::Unrevealed) => FireEffect::LoseStepAndDisrupt,
        (FireLevel::Moderate, FireColumn::WnOrRevealed) if soft_with_symbol => FireEffect::LoseStep,
        (FireLevel::Moderate, FireColumn::Unrevealed) if soft_with_symbol => {
            FireEffect::LoseStepAndDisrupt
        }
        // AMB-42: the blank unrevealed/Sporadic cell is merged with the WN/revealed one.
        (FireLevel::Sporadic, FireColumn::WnOrRevealed | FireColumn::Unrevealed)
            if soft_with_symbol =>
        {
            FireEffect::Disrupt
        }
        // 16.9: any type with the symbol (armor gives no protection).
        (FireLevel::Intense, FireColumn::Ambush) if unit.has_symbol => FireEffect::LoseStep,
        // AMB-42, 16.9: the blank Ambush/Sporadic cell is the Moderate one.
        (FireLevel::Moderate | FireLevel::Sporadic, FireColumn::Ambush) if unit.has_symbol => {
            FireEffect::Disrupt
        }
        _ => FireEffect::None,
    }
}

/// 6.31 (T2 "Fire priority"): the priority of a fire point level when a position has more
/// candidates than its hit limit: 1 Intense, 2 Moderate, 3 Sporadic. Within one level the
/// nearest unit comes first, then the one with more steps, then the player's choice.
pub fn priority(level: FireLevel) -> u8 {
    match level {
        FireLevel::Intense => 1,
        FireLevel::Moderate => 2,
        FireLevel::Sporadic => 3,
    }
}

/// 6.31, 14.11 (T2 "Hit limit"): how many US units a position with `counters` German counters
/// (units plus depth markers, not counting a disrupted hex's, 6.41) may hit: that many on turns
/// 1–16, double from turn 17.
pub fn hit_limit(counters: u8, turn: u8) -> u8 {
    if turn >= 17 {
        counters.saturating_mul(2)
    } else {
        counters
    }
}

/// 6.35 (AMB-08: "five or more", not 7.62's "more than five"): a hex whose US units total
/// `steps` steps is a concentrated target, and every unit in it counts as having the card's
/// symbol. Never for landing boxes (AMB-10) nor for an infiltration check (7.32).
pub fn is_concentrated(steps: u16) -> bool {
    steps >= 5
}

/// 11.4 (T2 "Leader hit"): a star position may hit a Leader only in an Intense or Moderate hex
/// of its fire field, after every other qualifying unit (11.41).
pub fn leader_exposed(level: FireLevel) -> bool {
    matches!(level, FireLevel::Intense | FireLevel::Moderate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FireColumn::{Ambush, Unrevealed, WnOrRevealed};
    use FireLevel::{Intense, Moderate, Sporadic};

    /// Every (armored, has_symbol) target, in a fixed order.
    const TARGETS: [FireTarget; 4] = [
        FireTarget {
            armored: false,
            has_symbol: true,
        },
        FireTarget {
            armored: false,
            has_symbol: false,
        },
        FireTarget {
            armored: true,
            has_symbol: true,
        },
        FireTarget {
            armored: true,
            has_symbol: false,
        },
    ];

    fn cell(level: FireLevel, column: FireColumn) -> [FireEffect; 4] {
        TARGETS.map(|t| fire_effect(level, column, t))
    }

    use FireEffect::{Disrupt, LoseStep, LoseStepAndDisrupt, None as Miss};

    #[test]
    fn t2_intense_row() {
        // AMB-41: any unit, any symbol.
        assert_eq!(cell(Intense, WnOrRevealed), [LoseStep; 4]);
        assert_eq!(cell(Intense, Unrevealed), [LoseStepAndDisrupt; 4]);
        assert_eq!(cell(Intense, Ambush), [LoseStep, Miss, LoseStep, Miss]);
    }

    #[test]
    fn t2_moderate_row() {
        assert_eq!(cell(Moderate, WnOrRevealed), [LoseStep, Miss, Miss, Miss]);
        assert_eq!(
            cell(Moderate, Unrevealed),
            [LoseStepAndDisrupt, Miss, Miss, Miss]
        );
        assert_eq!(cell(Moderate, Ambush), [Disrupt, Miss, Disrupt, Miss]);
    }

    #[test]
    fn t2_sporadic_row_amb_42() {
        assert_eq!(cell(Sporadic, WnOrRevealed), [Disrupt, Miss, Miss, Miss]);
        assert_eq!(cell(Sporadic, Unrevealed), [Disrupt, Miss, Miss, Miss]);
        assert_eq!(cell(Sporadic, Ambush), [Disrupt, Miss, Disrupt, Miss]);
    }

    #[test]
    fn t2_columns_single_target() {
        assert!(Ambush.single_target());
        assert!(!WnOrRevealed.single_target());
        assert!(!Unrevealed.single_target());
    }

    #[test]
    fn t2_effect_parts() {
        assert!(!Miss.loses_step() && !Miss.disrupts());
        assert!(!Disrupt.loses_step() && Disrupt.disrupts());
        assert!(LoseStep.loses_step() && !LoseStep.disrupts());
        assert!(LoseStepAndDisrupt.loses_step() && LoseStepAndDisrupt.disrupts());
    }

    #[test]
    fn t_6_3a_german_fire_example_1_lookups() {
        // Card symbol ◆. Red WN 0728 fires (WN column).
        let inf = |has_symbol| FireTarget {
            armored: false,
            has_symbol,
        };
        // 0427 infantry ▲ in red Intense: loses a step regardless of symbol.
        assert_eq!(fire_effect(Intense, WnOrRevealed, inf(false)), LoseStep);
        // 0527 infantry ◆ and 0626 AA ◆ in red Moderate: both qualify (AMB-55).
        assert_eq!(fire_effect(Moderate, WnOrRevealed, inf(true)), LoseStep);
        let aa = FireTarget {
            armored: false,
            has_symbol: true,
        };
        assert_eq!(fire_effect(Moderate, WnOrRevealed, aa), LoseStep);
        // Purple: three ● units in Moderate hexes lack ◆.
        assert_eq!(fire_effect(Moderate, WnOrRevealed, inf(false)), Miss);
        // 0333 Ranger ◆ in purple Sporadic: disrupted.
        assert_eq!(fire_effect(Sporadic, WnOrRevealed, inf(true)), Disrupt);
        // Red: unit + depth marker, cap 2; purple: two units + one depth, cap 3.
        assert_eq!(hit_limit(2, 1), 2);
        assert_eq!(hit_limit(3, 1), 3);
        // Priority: Intense before Moderate before Sporadic.
        assert!(priority(Intense) < priority(Moderate));
        assert!(priority(Moderate) < priority(Sporadic));
    }

    #[test]
    fn t_6_3b_german_fire_example_2_lookups() {
        // Card symbol ▲; red has the tank symbol (armor bonus), blue does not.
        // 0427 infantry ● in red Intense: loses a step.
        let plain = FireTarget {
            armored: false,
            has_symbol: false,
        };
        assert_eq!(fire_effect(Intense, WnOrRevealed, plain), LoseStep);
        // 0328 tank ▲ in red Moderate: the armor bonus makes it non-armored.
        let tank_with_bonus = FireTarget {
            armored: false,
            has_symbol: true,
        };
        assert_eq!(
            fire_effect(Moderate, WnOrRevealed, tank_with_bonus),
            LoseStep
        );
        // Without the bonus the tank would be spared.
        let tank = FireTarget {
            armored: true,
            has_symbol: true,
        };
        assert_eq!(fire_effect(Moderate, WnOrRevealed, tank), Miss);
        // 0333 Ranger ◆ in blue's field: symbol mismatch.
        assert_eq!(fire_effect(Moderate, WnOrRevealed, plain), Miss);
        assert_eq!(fire_effect(Sporadic, WnOrRevealed, plain), Miss);
    }

    #[test]
    fn t_6_31_hit_limits() {
        // Lone unit 1 / 2; unit + depth 2 / 4; two units + one depth 3 / 6 (14.11).
        assert_eq!((hit_limit(1, 16), hit_limit(1, 17)), (1, 2));
        assert_eq!((hit_limit(2, 1), hit_limit(2, 32)), (2, 4));
        assert_eq!((hit_limit(3, 10), hit_limit(3, 20)), (3, 6));
        assert_eq!(hit_limit(0, 20), 0);
    }

    #[test]
    fn t_6_35_concentrated_target() {
        // AMB-08: 3 + 2 steps = 5 is concentrated; 3 + 1 = 4 is not.
        assert!(is_concentrated(3 + 2));
        assert!(!is_concentrated(3 + 1));
        // Concentrated units count as having the symbol: a Moderate WN hit.
        let unit = FireTarget {
            armored: false,
            has_symbol: is_concentrated(5),
        };
        assert_eq!(fire_effect(Moderate, WnOrRevealed, unit), LoseStep);
    }

    #[test]
    fn t_6_36_armor_bonus_and_intense() {
        // Armored units in Intense hexes are hit anyway; in Moderate only with the bonus.
        let armored = FireTarget {
            armored: true,
            has_symbol: true,
        };
        assert_eq!(fire_effect(Intense, WnOrRevealed, armored), LoseStep);
        assert_eq!(fire_effect(Moderate, WnOrRevealed, armored), Miss);
        assert_eq!(fire_effect(Sporadic, Unrevealed, armored), Miss);
    }

    #[test]
    fn t_11_4_leader_exposure() {
        assert!(leader_exposed(Intense));
        assert!(leader_exposed(Moderate));
        assert!(!leader_exposed(Sporadic));
    }

    #[test]
    fn t_16_9_ambush() {
        // Symbol ▲: a ▲ tank in an Intense hex loses a step (any type).
        let tank = FireTarget {
            armored: true,
            has_symbol: true,
        };
        assert_eq!(fire_effect(Intense, Ambush, tank), LoseStep);
        // Without it, a ▲ infantry in a Moderate hex is disrupted.
        let infantry = FireTarget {
            armored: false,
            has_symbol: true,
        };
        assert_eq!(fire_effect(Moderate, Ambush, infantry), Disrupt);
        assert!(Ambush.single_target());
    }
}
