//! Spec table 2.10, the Isolation Attrition Table (rule 18.5; ).
//!
//! Each Isolated unit adjacent to an enemy unit rolls one die in its Supply Phase: a modified
//! 1–4 costs it a step. The DRM is +2 for a line of supply to a haven (a friendly city hex, a
//! friendly SP for the German, a coastal hex for the Allies, or a friendly HQ; one +2 only),
//! plus the unit's TQ, at most +3 in all. A strongpoint always has the +2.

/// 18.5: the haven DRM (not cumulative).
pub const HAVEN_DRM: i8 = 2;

/// 18.5: the most the attrition DRM may total.
pub const MAX_DRM: i8 = 3;

/// 18.5: the attrition DRM of a unit with troop quality `tq`; `haven`: it traces a line of
/// supply to a friendly city hex, SP (German), coastal hex (Allied) or HQ (always true for an SP,
/// which traces to itself). At most +3; no minimum is stated.
pub fn attrition_drm(haven: bool, tq: i8) -> i8 {
    let haven = if haven { HAVEN_DRM } else { 0 };
    haven.saturating_add(tq).min(MAX_DRM)
}

/// A result of 2.10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttritionResult {
    /// Modified ≤4: the unit loses one step (it may be eliminated).
    LoseStep,
    /// Modified 5 or more.
    NoEffect,
}

/// 2.10, 18.5: the result of die `roll` with DRM `drm` ([`attrition_drm`]).
pub fn attrition(roll: u8, drm: i8) -> AttritionResult {
    if i16::from(roll) + i16::from(drm) <= 4 {
        AttritionResult::LoseStep
    } else {
        AttritionResult::NoEffect
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AttritionResult::{LoseStep, NoEffect};

    #[test]
    fn rule_18_5_attrition_table() {
        for drm in -3..=3i8 {
            for roll in 1..=6u8 {
                let modified = i16::from(roll) + i16::from(drm);
                let expected = if modified <= 4 { LoseStep } else { NoEffect };
                assert_eq!(attrition(roll, drm), expected, "roll {roll} drm {drm}");
            }
        }
        // Unmodified: 1–4 lose a step, 5–6 no effect.
        let plain: Vec<_> = (1..=6).map(|r| attrition(r, 0)).collect();
        assert_eq!(
            plain,
            [LoseStep, LoseStep, LoseStep, LoseStep, NoEffect, NoEffect]
        );
    }

    #[test]
    fn rule_18_5_drm_haven_tq_and_cap() {
        assert_eq!(attrition_drm(false, 0), 0);
        assert_eq!(attrition_drm(true, 0), 2);
        assert_eq!(attrition_drm(true, 1), 3);
        assert_eq!(attrition_drm(true, 2), 3);
        assert_eq!(attrition_drm(false, 2), 2);
        assert_eq!(attrition_drm(false, -2), -2);
        assert_eq!(attrition_drm(true, -1), 1);
        assert_eq!(attrition_drm(true, i8::MAX), 3);
    }

    #[test]
    fn rule_18_5_isolated_unit_with_hq_and_tq_plus_1() {
        // The isolation example's table part: TQ +1 and a friendly HQ reachable: DRM = min(+3, +3) = +3.
        let drm = attrition_drm(true, 1);
        assert_eq!(drm, 3);
        // Die 1 → 4 → loses a step; die 2 → 5 → no effect.
        assert_eq!(attrition(1, drm), LoseStep);
        assert_eq!(attrition(2, drm), NoEffect);
    }

    #[test]
    fn rule_18_5_strongpoints_always_get_the_haven() {
        // The SP attrition example's table part: an SP rolls with +2 ± its TQ.
        assert_eq!(attrition_drm(true, 0), 2);
        assert_eq!(attrition(2, attrition_drm(true, 0)), LoseStep);
        assert_eq!(attrition(3, attrition_drm(true, 0)), NoEffect);
    }
}
