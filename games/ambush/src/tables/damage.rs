//! AMBX-DMG-1, AMB-STS, AMB-FIRE-8: what a damage result does to a soldier.

use crate::data::mission::Stance;
use crate::data::weapons::Damage;
use serde::{Deserialize, Serialize};

/// A soldier's health (AMB-STS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Health {
    Healthy,
    Wounded,
    Incapacitated,
    Killed,
}

/// What a result does: the new health, whether he panics, whether he is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub health: Health,
    pub panic: bool,
    pub captured: bool,
}

/// AMBX-DMG-1: apply `result` to a soldier of `health` in `stance`.
pub fn apply(health: Health, stance: Stance, result: Damage) -> Effect {
    let step = |h: Health| match h {
        Health::Healthy => Health::Wounded,
        Health::Wounded => Health::Incapacitated,
        Health::Incapacitated | Health::Killed => Health::Killed,
    };
    let unchanged = Effect {
        health,
        panic: false,
        captured: false,
    };
    match result {
        Damage::None => unchanged,
        Damage::Panic => Effect {
            panic: true,
            ..unchanged
        },
        // AMB-FIRE-8: WND PRONE panics a prone target and wounds any other.
        Damage::WoundProne if stance == Stance::Prone => Effect {
            panic: true,
            ..unchanged
        },
        // AMB-STS-1, -3, -4.
        Damage::WoundProne | Damage::Wound => Effect {
            health: step(health),
            ..unchanged
        },
        Damage::Incapacitate => Effect {
            health: match health {
                Health::Healthy | Health::Wounded => Health::Incapacitated,
                _ => Health::Killed,
            },
            ..unchanged
        },
        Damage::Kill => Effect {
            health: Health::Killed,
            ..unchanged
        },
        // AMBX-ASLT-2: captured, prone and inactive (AMB-PRIS-1).
        Damage::Capture => Effect {
            captured: true,
            ..unchanged
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// T-STS-2 (AMB-STS-3, AMB-STS-4, AMBX-DMG-1): wounds step health down; I and K.
    #[test]
    fn t_sts_2_results_on_each_health() {
        let h = |health, result| apply(health, Stance::Standing, result).health;
        assert_eq!(h(Health::Wounded, Damage::Wound), Health::Incapacitated);
        assert_eq!(h(Health::Incapacitated, Damage::Wound), Health::Killed);
        assert_eq!(
            h(Health::Healthy, Damage::Incapacitate),
            Health::Incapacitated
        );
        assert_eq!(
            h(Health::Incapacitated, Damage::Incapacitate),
            Health::Killed
        );
        assert_eq!(h(Health::Healthy, Damage::Kill), Health::Killed);
        assert_eq!(h(Health::Healthy, Damage::Wound), Health::Wounded);
    }

    /// T-STS-3 (AMB-FIRE-8): WND PRONE panics a prone soldier and wounds a crouching one.
    #[test]
    fn t_sts_3_wound_prone() {
        let prone = apply(Health::Healthy, Stance::Prone, Damage::WoundProne);
        assert_eq!((prone.health, prone.panic), (Health::Healthy, true));
        let crouching = apply(Health::Healthy, Stance::Crouching, Damage::WoundProne);
        assert_eq!(
            (crouching.health, crouching.panic),
            (Health::Wounded, false)
        );
        let panic = apply(Health::Wounded, Stance::Standing, Damage::Panic);
        assert_eq!((panic.health, panic.panic), (Health::Wounded, true));
    }
}
