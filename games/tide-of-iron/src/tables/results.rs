//! What net hits do (`TOI-COMBAT-NORMAL-VEH`, `TOI-COMBAT-VEHDMG`, `TOI-COMBAT-SUPP`): a
//! vehicle's damage and a squad's condition, and a damaged vehicle's values.

/// A vehicle's damage token (`TOI-COMBAT-VEHDMG`), ordered by severity.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Damage {
    #[default]
    None,
    Light,
    Heavy,
}

/// A vehicle after a normal attack's net hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VehicleOutcome {
    Damaged(Damage),
    Destroyed,
}

/// `TOI-COMBAT-NORMAL-VEH`: `hits` net hits on a vehicle with damage `now`; a `fragile`
/// vehicle (trucks) is destroyed by heavy damage. No hit: unchanged.
pub fn vehicle_hits(now: Damage, hits: u8, fragile: bool) -> VehicleOutcome {
    // One step of damage for 1-2 hits, two for 3, three for 4 or more.
    let steps = match hits {
        0 => 0,
        1 | 2 => 1,
        3 => 2,
        _ => 3,
    };
    let level = match now {
        Damage::None => 0,
        Damage::Light => 1,
        Damage::Heavy => 2,
    } + steps;
    match level {
        0 => VehicleOutcome::Damaged(Damage::None),
        1 => VehicleOutcome::Damaged(Damage::Light),
        2 if !fragile => VehicleOutcome::Damaged(Damage::Heavy),
        _ => VehicleOutcome::Destroyed,
    }
}

/// A vehicle's values as its damage leaves them (`TOI-COMBAT-VEHDMG`): light damage −1
/// movement and −1 armor; heavy damage no movement, −1 armor (not −2) and firepower halved,
/// rounded up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Damaged {
    pub movement: u8,
    pub armor: u8,
    pub vs_infantry: u8,
    pub vs_vehicle: u8,
}

/// [`Damaged`] for a vehicle of `movement`, `armor` and firepower `vs_infantry` /
/// `vs_vehicle` with damage `damage`.
pub fn damaged(
    damage: Damage,
    movement: u8,
    armor: u8,
    vs_infantry: u8,
    vs_vehicle: u8,
) -> Damaged {
    match damage {
        Damage::None => Damaged {
            movement,
            armor,
            vs_infantry,
            vs_vehicle,
        },
        Damage::Light => Damaged {
            movement: movement.saturating_sub(1),
            armor: armor.saturating_sub(1),
            vs_infantry,
            vs_vehicle,
        },
        Damage::Heavy => Damaged {
            movement: 0,
            armor: armor.saturating_sub(1),
            vs_infantry: super::strength::half_up(vs_infantry),
            vs_vehicle: super::strength::half_up(vs_vehicle),
        },
    }
}

/// A squad's condition (`TOI-COMBAT-COND`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Condition {
    #[default]
    Normal,
    Pinned,
    Disrupted,
}

/// A squad after a suppressive attack's net hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuppressiveOutcome {
    Shaken(Condition),
    /// Removed from the map.
    Routed,
}

/// `TOI-COMBAT-SUPP`: `hits` net suppressive hits on a squad in condition `now`.
pub fn suppressive_hits(now: Condition, hits: u8) -> SuppressiveOutcome {
    let steps = match hits {
        0 => 0,
        1 | 2 => 1,
        3 => 2,
        _ => 3,
    };
    let level = match now {
        Condition::Normal => 0,
        Condition::Pinned => 1,
        Condition::Disrupted => 2,
    } + steps;
    match level {
        0 => SuppressiveOutcome::Shaken(Condition::Normal),
        1 => SuppressiveOutcome::Shaken(Condition::Pinned),
        2 => SuppressiveOutcome::Shaken(Condition::Disrupted),
        _ => SuppressiveOutcome::Routed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_veh_01_toi_combat_normal_veh_the_damage_table() {
        use Damage::{Heavy, Light, None as Undamaged};
        use VehicleOutcome::{Damaged as D, Destroyed};
        let cases = [
            (Undamaged, 1, D(Light)),
            (Undamaged, 2, D(Light)),
            (Undamaged, 3, D(Heavy)),
            (Undamaged, 4, Destroyed),
            (Undamaged, 6, Destroyed),
            (Light, 1, D(Heavy)),
            (Light, 2, D(Heavy)),
            (Light, 3, Destroyed),
            (Heavy, 1, Destroyed),
            (Light, 0, D(Light)),
        ];
        for (now, hits, expected) in cases {
            assert_eq!(vehicle_hits(now, hits, false), expected, "{now:?} + {hits}");
        }
    }

    #[test]
    fn t_veh_02_toi_combat_vehdmg_a_damaged_shermans_values() {
        // Sherman: movement 7, armor 4, FP 7 / 8.
        assert_eq!(
            damaged(Damage::Heavy, 7, 4, 7, 8),
            Damaged {
                movement: 0,
                armor: 3,
                vs_infantry: 4,
                vs_vehicle: 4
            }
        );
        assert_eq!(
            damaged(Damage::Light, 7, 4, 7, 8),
            Damaged {
                movement: 6,
                armor: 3,
                vs_infantry: 7,
                vs_vehicle: 8
            }
        );
    }

    #[test]
    fn t_veh_03_toi_unit_truck_fragile_heavy_damage_destroys_a_truck() {
        assert_eq!(
            vehicle_hits(Damage::None, 3, true),
            VehicleOutcome::Destroyed
        );
        assert_eq!(
            vehicle_hits(Damage::Light, 1, true),
            VehicleOutcome::Destroyed
        );
        assert_eq!(
            vehicle_hits(Damage::None, 2, true),
            VehicleOutcome::Damaged(Damage::Light)
        );
    }

    #[test]
    fn t_supp_01_toi_combat_supp_the_suppression_table() {
        use Condition::{Disrupted, Normal, Pinned};
        use SuppressiveOutcome::{Routed, Shaken};
        let cases = [
            (Normal, 1, Shaken(Pinned)),
            (Normal, 2, Shaken(Pinned)),
            (Normal, 3, Shaken(Disrupted)),
            (Normal, 4, Routed),
            (Pinned, 1, Shaken(Disrupted)),
            (Pinned, 2, Shaken(Disrupted)),
            (Pinned, 3, Routed),
            (Disrupted, 1, Routed),
            (Pinned, 0, Shaken(Pinned)),
        ];
        for (now, hits, expected) in cases {
            assert_eq!(suppressive_hits(now, hits), expected, "{now:?} + {hits}");
        }
    }
}
