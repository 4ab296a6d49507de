//! Spec tables 2.8, the Jabo Table (rule 19.1.3), and 2.9, the Strafing Table (19.1.4; A-39).
//!
//! In Clear turns the Allies roll on the Jabo Table before every German attack (Reserve combats
//! included); its left shifts join the net column shift before the 10.6 limits
//! ([`super::crt::OddsColumn::shifted`]). Strafing rolls once per German unit in the strafed hex,
//! −1 if a FLAK unit is in or next to it.

use super::weather::Weather;

/// 19.1.3: whether the Allies roll on the Jabo Table before a German attack in `weather` (Clear
/// turns only). The roll uses no Allied air unit.
pub fn jabo_applies(weather: Weather) -> bool {
    weather == Weather::Clear
}

/// 2.8, 19.1.3: the column shifts left (0–3) of Jabo roll `roll`: 1–3 none, 4 one, 5 two, 6
/// three. The result is returned as a (negative or zero) net shift.
pub fn jabo_shift(roll: u8) -> i8 {
    match roll {
        0..=3 => 0,
        4 => -1,
        5 => -2,
        _ => -3,
    }
}

/// 19.1.4 (2.9 DRM): the strafing DRM when a FLAK unit is in or adjacent to the target hex.
pub const FLAK_DRM: i8 = -1;

/// A result of the Strafing Table (2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrafeResult {
    /// Modified ≤4.
    NoEffect,
    /// "D" (modified 5): the unit is Disorganized.
    Disorganized,
    /// "D1" (modified 6): the unit is Disorganized, and a silhouette unit also loses a step (it
    /// can be its last).
    DisorganizedSilhouetteStep,
}

impl StrafeResult {
    /// 19.1.4: whether the unit becomes Disorganized.
    pub fn disorganizes(self) -> bool {
        self != StrafeResult::NoEffect
    }

    /// 19.1.4: whether a unit that is (not) a silhouette unit loses a step.
    pub fn step_lost(self, silhouette: bool) -> bool {
        silhouette && self == StrafeResult::DisorganizedSilhouetteStep
    }
}

/// 2.9, 19.1.4: the strafing result of die `roll` against one German unit; `flak`: a FLAK unit is
/// in or adjacent to the target hex (−1). Strafing has no effect on SPs, IPs or markers, and woods
/// and city hexes cannot be strafed ([`super::terrain::can_be_strafed`]).
pub fn strafe(roll: u8, flak: bool) -> StrafeResult {
    let modified = i16::from(roll) + if flak { i16::from(FLAK_DRM) } else { 0 };
    match modified {
        ..=4 => StrafeResult::NoEffect,
        5 => StrafeResult::Disorganized,
        _ => StrafeResult::DisorganizedSilhouetteStep,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StrafeResult::{Disorganized, DisorganizedSilhouetteStep, NoEffect};

    #[test]
    fn rule_19_1_3_jabo_table() {
        let expected = [0, 0, 0, -1, -2, -3];
        for (roll, shift) in (1..=6u8).zip(expected) {
            assert_eq!(jabo_shift(roll), shift, "roll {roll}");
        }
        assert!(jabo_applies(Weather::Clear));
        assert!(!jabo_applies(Weather::Overcast));
        assert!(!jabo_applies(Weather::Storm));
    }

    #[test]
    fn t_cbt_13_jabos() {
        use crate::tables::crt::{Column, FinalColumn};
        // A German 4-1 attack in a Clear turn; Jabo roll 6 → 3L → 1-1.
        assert!(jabo_applies(Weather::Clear));
        assert_eq!(
            Column::FourToOne.shifted(jabo_shift(6)),
            FinalColumn::Column(Column::OneToOne)
        );
        // In Overcast no Jabo roll is made.
        assert!(!jabo_applies(Weather::Overcast));
    }

    #[test]
    fn rule_19_1_4_strafing_table() {
        let plain = [
            NoEffect,
            NoEffect,
            NoEffect,
            NoEffect,
            Disorganized,
            DisorganizedSilhouetteStep,
        ];
        let flak = [
            NoEffect,
            NoEffect,
            NoEffect,
            NoEffect,
            NoEffect,
            Disorganized,
        ];
        for roll in 1..=6u8 {
            let i = usize::from(roll - 1);
            assert_eq!(strafe(roll, false), plain[i], "roll {roll}");
            assert_eq!(strafe(roll, true), flak[i], "roll {roll} with FLAK");
        }
        assert_eq!(strafe(0, true), NoEffect);
        assert_eq!(FLAK_DRM, -1);
    }

    #[test]
    fn rule_19_1_4_result_parts() {
        assert!(!NoEffect.disorganizes());
        assert!(Disorganized.disorganizes() && !Disorganized.step_lost(true));
        assert!(DisorganizedSilhouetteStep.disorganizes());
        assert!(DisorganizedSilhouetteStep.step_lost(true));
        assert!(!DisorganizedSilhouetteStep.step_lost(false));
    }

    #[test]
    fn t_straf_01_strafing() {
        use crate::tables::terrain::{Terrain, can_be_strafed};
        use crate::tables::weather::air_units_per_combat;
        // A clear hex with an infantry unit and a silhouette panzer, FLAK adjacent: dice 6 and 6
        // → modified 5 and 5 → both Disorganized, no step loss.
        assert!(can_be_strafed(&[Terrain::Clear]));
        for silhouette in [false, true] {
            let r = strafe(6, true);
            assert_eq!(r, Disorganized);
            assert!(r.disorganizes() && !r.step_lost(silhouette));
        }
        // No FLAK nearby: die 6 → the silhouette is Disorganized and loses a step.
        let r = strafe(6, false);
        assert!(r.disorganizes() && r.step_lost(true));
        // Woods and city hexes cannot be strafed.
        assert!(!can_be_strafed(&[Terrain::Woods]));
        assert!(!can_be_strafed(&[Terrain::City]));
        // A second air unit on the same hex before turn 17 is rejected.
        assert_eq!(air_units_per_combat(16), 1);
        assert_eq!(air_units_per_combat(17), 2);
    }
}
