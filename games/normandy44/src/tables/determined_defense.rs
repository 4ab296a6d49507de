//! Spec table 2.3, the Determined Defense Table (rules 12.4, 12.4.1–12.4.4,
//!
//!
//! After a D1, DR, A1/D1 or A1/DR with a surviving step ([`super::crt::CrtResult`]), the defender
//! may roll one die on this table: the column is the defending hex's terrain, unless it holds an IP
//! or an SP ([`DdColumn::of`]); the DRM is the lead unit's TQ or its armor comparison
//! ([`armor_comparison`]), plus +1 for defensive support, at most +2 in all ([`dd_drm`]).

use super::terrain::{Fortification, Terrain};

/// The columns of 2.3, from the least to the most favourable to the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DdColumn {
    /// "Flooded, Clear": a flooded or clear hex.
    FloodedClear,
    /// "Other": every other hex terrain (mixed, bocage, woods, town, hilltop, airfield…).
    Other,
    /// "Improved Position (IP)": the hex holds an IP.
    ImprovedPosition,
    /// "Strongpoint, City": the hex holds an SP, or is a city hex.
    StrongpointCity,
}

impl DdColumn {
    /// Every column, left to right as printed.
    pub const ALL: [DdColumn; 4] = [
        DdColumn::FloodedClear,
        DdColumn::Other,
        DdColumn::ImprovedPosition,
        DdColumn::StrongpointCity,
    ];

    /// 12.4.1, 16.1, 16.2, 2.3: the column for a defending hex showing `terrains`, on a hilltop
    /// or not, with `fortification`. An SP or a city gives "Strongpoint, City"; else an IP gives
    /// "IP"; else a hex that is only clear or flooded, and no hilltop, gives "Flooded, Clear";
    /// anything else "Other". 2.3 lists hilltops, towns and airfields under "Other" by name, which
    /// is followed even where the TEC says "OTIH" (a reading). A hex with several terrains takes
    /// the best column for the defender (11.2's "best available").
    pub fn of(terrains: &[Terrain], hilltop: bool, fortification: Fortification) -> DdColumn {
        if fortification == Fortification::Strongpoint || terrains.contains(&Terrain::City) {
            DdColumn::StrongpointCity
        } else if fortification == Fortification::ImprovedPosition {
            DdColumn::ImprovedPosition
        } else if !hilltop
            && terrains
                .iter()
                .all(|t| matches!(t, Terrain::Clear | Terrain::Flooded))
        {
            DdColumn::FloodedClear
        } else {
            DdColumn::Other
        }
    }
}

/// A result of 2.3 (12.4.4). "•" (success) cancels the retreat and the attacker's advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DdResult {
    /// "—": the DD fails; the defender retreats; no losses.
    Failed,
    /// "−1" without a dot ("Flooded, Clear" on 5, A-3): the DD fails and the lead unit also loses
    /// a step.
    FailedLoseStep,
    /// "• −1": success; the lead unit loses a step.
    HoldLoseStep,
    /// "• EX": success; the lead unit loses a step and one attacking MAF unit of the defender's
    /// choice loses a step.
    HoldExchange,
    /// "• AL": success; one attacking unit of the attacker's choice (any participant) loses a
    /// step.
    HoldAttackerLoses,
    /// "• AL\*": as [`DdResult::HoldAttackerLoses`], and the defender's IP is removed.
    HoldAttackerLosesIpRemoved,
}

impl DdResult {
    /// The result as printed.
    pub fn label(self) -> &'static str {
        match self {
            DdResult::Failed => "—",
            DdResult::FailedLoseStep => "−1",
            DdResult::HoldLoseStep => "• −1",
            DdResult::HoldExchange => "• EX",
            DdResult::HoldAttackerLoses => "• AL",
            DdResult::HoldAttackerLosesIpRemoved => "• AL*",
        }
    }

    /// 12.4.4 "•": whether the retreat (and with it the attacker's advance) is cancelled.
    pub fn retreat_cancelled(self) -> bool {
        !matches!(self, DdResult::Failed | DdResult::FailedLoseStep)
    }

    /// 12.4.4 "−1" and "EX": whether the lead unit loses a step.
    pub fn lead_unit_loses_step(self) -> bool {
        matches!(
            self,
            DdResult::FailedLoseStep | DdResult::HoldLoseStep | DdResult::HoldExchange
        )
    }

    /// 12.4.4 "EX": whether one attacking MAF unit, chosen by the defender, loses a step.
    pub fn maf_step_defender_chooses(self) -> bool {
        self == DdResult::HoldExchange
    }

    /// 12.4.4 "AL": whether one attacking unit (any participant), chosen by the attacker, loses a
    /// step.
    pub fn attacker_step_attacker_chooses(self) -> bool {
        matches!(
            self,
            DdResult::HoldAttackerLoses | DdResult::HoldAttackerLosesIpRemoved
        )
    }

    /// 12.4.4 "\*": whether the defender's IP is removed.
    pub fn ip_removed(self) -> bool {
        self == DdResult::HoldAttackerLosesIpRemoved
    }
}

/// 12.4.1: the most the DD DRM may total.
pub const MAX_DRM: i8 = 2;

/// 12.4.1, 12.4.3: the DD DRM: `quality` (the lead unit's TQ, or its armor comparison,
/// never both) plus 1 if a defensive support source is used (at most one, 12.4.3); at most +2 in
/// all, with no minimum.
pub fn dd_drm(quality: i8, support: bool) -> i8 {
    quality.saturating_add(i8::from(support)).min(MAX_DRM)
}

/// The armor value of a DD lead unit (12.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeadArmor {
    /// A grey AV: an armored unit (and a FLAK unit printed grey).
    Grey(u8),
    /// A red AV: an anti-tank unit.
    Red(u8),
}

/// 12.4.2: the armor comparison of a lead unit with AV `lead` against the best AV (red or
/// grey) of the attacker's MAF `maf_best` (`None`: no MAF unit has an AV): +1 if the lead unit's
/// is higher or the MAF has none, −1 if the MAF's is higher, 0 if equal. `None` when it may not be
/// used: an anti-tank (red) lead unit needs an armored unit somewhere in the attack
/// (`attack_has_armor`), and then uses its TQ instead.
pub fn armor_comparison(
    lead: LeadArmor,
    maf_best: Option<u8>,
    attack_has_armor: bool,
) -> Option<i8> {
    let av = match lead {
        LeadArmor::Red(_) if !attack_has_armor => return None,
        LeadArmor::Red(av) | LeadArmor::Grey(av) => av,
    };
    Some(match maf_best {
        None => 1,
        Some(best) if av > best => 1,
        Some(best) if av < best => -1,
        Some(_) => 0,
    })
}

/// 2.3 as printed: `TABLE[row][column]`, rows ≤1, 2, 3, 4, 5, 6, 7+.
const TABLE: [[DdResult; 4]; 7] = {
    use DdResult::{
        Failed, FailedLoseStep, HoldAttackerLoses, HoldAttackerLosesIpRemoved, HoldExchange,
        HoldLoseStep,
    };
    [
        [Failed, Failed, Failed, Failed],
        [Failed, Failed, Failed, Failed],
        [Failed, Failed, Failed, HoldLoseStep],
        [Failed, Failed, HoldLoseStep, HoldExchange],
        // "Flooded, Clear"/5 is "−1" without a dot, as printed (flag `dd_clear5_success`).
        [FailedLoseStep, HoldLoseStep, HoldExchange, HoldExchange],
        // the "*" only on IP/6, as printed.
        [
            HoldExchange,
            HoldExchange,
            HoldAttackerLosesIpRemoved,
            HoldAttackerLoses,
        ],
        [
            HoldAttackerLoses,
            HoldAttackerLoses,
            HoldAttackerLoses,
            HoldAttackerLoses,
        ],
    ]
};

/// 2.3, 12.4.4: the result on `column` of the modified roll `modified` (die +
/// [`dd_drm`]). Below 1 reads as the "≤1" row, above 7 as "7+".
pub fn dd_result(column: DdColumn, modified: i8) -> DdResult {
    dd_result_variant(column, modified, false)
}

/// [`dd_result`] with the A-3 alternative: `dd_clear5_success` reads "Flooded, Clear"/5 as
/// "• −1" (a lost dot) instead of the printed "−1".
pub fn dd_result_variant(column: DdColumn, modified: i8, dd_clear5_success: bool) -> DdResult {
    let row = usize::try_from(modified.clamp(1, 7) - 1).unwrap_or(0);
    let result = TABLE[row][column as usize];
    if dd_clear5_success && result == DdResult::FailedLoseStep {
        DdResult::HoldLoseStep
    } else {
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DdColumn::{FloodedClear, ImprovedPosition, Other, StrongpointCity};
    use DdResult::{
        Failed, FailedLoseStep, HoldAttackerLoses, HoldAttackerLosesIpRemoved, HoldExchange,
        HoldLoseStep,
    };
    use Terrain::*;

    /// 2.3 copied from the spec, rows ≤1 to 7+.
    const SPEC: [[&str; 4]; 7] = [
        ["—", "—", "—", "—"],
        ["—", "—", "—", "—"],
        ["—", "—", "—", "• −1"],
        ["—", "—", "• −1", "• EX"],
        ["−1", "• −1", "• EX", "• EX"],
        ["• EX", "• EX", "• AL*", "• AL"],
        ["• AL", "• AL", "• AL", "• AL"],
    ];

    #[test]
    fn rule_12_4_4_every_cell_matches_the_spec() {
        for (i, cells) in SPEC.iter().enumerate() {
            let modified = i as i8 + 1;
            for (column, cell) in DdColumn::ALL.into_iter().zip(cells) {
                assert_eq!(
                    dd_result(column, modified).label(),
                    *cell,
                    "{column:?} {modified}"
                );
            }
        }
    }

    #[test]
    fn rule_12_4_4_rows_beyond_the_table_a_37() {
        for column in DdColumn::ALL {
            for m in [i8::MIN, -3, 0] {
                assert_eq!(dd_result(column, m), Failed);
            }
            for m in [8, 9, i8::MAX] {
                assert_eq!(dd_result(column, m), HoldAttackerLoses);
            }
        }
    }

    #[test]
    fn rule_12_4_4_result_parts() {
        // (result, success, lead step, MAF step by defender, attacker step by attacker, IP off)
        let parts = [
            (Failed, false, false, false, false, false),
            (FailedLoseStep, false, true, false, false, false),
            (HoldLoseStep, true, true, false, false, false),
            (HoldExchange, true, true, true, false, false),
            (HoldAttackerLoses, true, false, false, true, false),
            (HoldAttackerLosesIpRemoved, true, false, false, true, true),
        ];
        for (r, ok, lead, maf, al, ip) in parts {
            assert_eq!(r.retreat_cancelled(), ok, "{r:?}");
            assert_eq!(r.lead_unit_loses_step(), lead, "{r:?}");
            assert_eq!(r.maf_step_defender_chooses(), maf, "{r:?}");
            assert_eq!(r.attacker_step_attacker_chooses(), al, "{r:?}");
            assert_eq!(r.ip_removed(), ip, "{r:?}");
        }
    }

    #[test]
    fn rule_12_4_4_clear_5_without_a_dot_a_3() {
        assert_eq!(dd_result(FloodedClear, 5), FailedLoseStep);
        assert!(!dd_result(FloodedClear, 5).retreat_cancelled());
        // The flag `dd_clear5_success` reads it as "• −1"; nothing else changes.
        assert_eq!(dd_result_variant(FloodedClear, 5, true), HoldLoseStep);
        for column in DdColumn::ALL {
            for m in -2..=9 {
                if (column, m) != (FloodedClear, 5) {
                    assert_eq!(dd_result_variant(column, m, true), dd_result(column, m));
                }
            }
        }
    }

    #[test]
    fn rule_12_4_4_only_ip_6_removes_the_ip_a_4() {
        for column in DdColumn::ALL {
            for m in -2..=9 {
                assert_eq!(
                    dd_result(column, m).ip_removed(),
                    column == ImprovedPosition && m == 6,
                    "{column:?} {m}"
                );
            }
        }
    }

    #[test]
    fn rule_12_4_1_columns_never_worse_to_the_right_except_a_3() {
        // Rank by outcome for the defender; each column is at least as good as its left
        // neighbour row by row (2.3's right-aligned reconstruction).
        let rank = |r: DdResult| match r {
            FailedLoseStep => 0,
            Failed => 1,
            HoldLoseStep => 2,
            HoldExchange => 3,
            HoldAttackerLoses | HoldAttackerLosesIpRemoved => 4,
        };
        for m in 1..=7 {
            for pair in DdColumn::ALL.windows(2) {
                assert!(rank(dd_result(pair[0], m)) <= rank(dd_result(pair[1], m)));
            }
        }
    }

    #[test]
    fn rule_12_4_1_column_choice() {
        let none = Fortification::None;
        assert_eq!(DdColumn::of(&[Clear], false, none), FloodedClear);
        assert_eq!(DdColumn::of(&[Flooded], false, none), FloodedClear);
        assert_eq!(DdColumn::of(&[], false, none), FloodedClear);
        for t in [Mixed, Bocage, Woods, Town, Airfield] {
            assert_eq!(DdColumn::of(&[t], false, none), Other, "{t:?}");
        }
        // 2.3: a hilltop is "Other".
        assert_eq!(DdColumn::of(&[Clear], true, none), Other);
        assert_eq!(DdColumn::of(&[City], false, none), StrongpointCity);
        // 16.1, 16.2: a fortification takes its own column.
        assert_eq!(
            DdColumn::of(&[Bocage], false, Fortification::ImprovedPosition),
            ImprovedPosition
        );
        assert_eq!(
            DdColumn::of(&[Clear], false, Fortification::Strongpoint),
            StrongpointCity
        );
        // Several terrains: the best for the defender.
        assert_eq!(DdColumn::of(&[Clear, Town], false, none), Other);
        assert_eq!(DdColumn::of(&[Town, City], false, none), StrongpointCity);
    }

    #[test]
    fn rule_12_4_1_drm_capped_at_plus_2() {
        for q in -3..=3i8 {
            for support in [false, true] {
                assert_eq!(dd_drm(q, support), (q + i8::from(support)).min(2));
            }
        }
        assert_eq!(dd_drm(i8::MAX, true), 2);
        assert_eq!(dd_drm(i8::MIN, false), i8::MIN);
    }

    #[test]
    fn t_dd_01_drm_cap() {
        // FJ lead, TQ +1, with support → +2.
        assert_eq!(dd_drm(1, true), 2);
        // TQ +2 with support → +2 (capped, not +3).
        assert_eq!(dd_drm(2, true), 2);
        // TQ −2 with support → −1.
        assert_eq!(dd_drm(-2, true), -1);
    }

    #[test]
    fn rule_12_4_2_armor_comparison() {
        for lead in [LeadArmor::Grey(3), LeadArmor::Red(3)] {
            assert_eq!(armor_comparison(lead, Some(2), true), Some(1));
            assert_eq!(armor_comparison(lead, Some(3), true), Some(0));
            assert_eq!(armor_comparison(lead, Some(4), true), Some(-1));
            assert_eq!(armor_comparison(lead, None, true), Some(1));
        }
        // an AT lead needs armor in the attack; a grey lead does not.
        assert_eq!(armor_comparison(LeadArmor::Red(3), None, false), None);
        assert_eq!(armor_comparison(LeadArmor::Red(5), Some(2), false), None);
        assert_eq!(armor_comparison(LeadArmor::Grey(3), None, false), Some(1));
        assert_eq!(
            armor_comparison(LeadArmor::Grey(2), Some(3), false),
            Some(-1)
        );
    }

    #[test]
    fn t_dd_06_at_armor_comparison() {
        // A red-AV 3 AT lead against an attack with no armored unit: not available.
        assert_eq!(armor_comparison(LeadArmor::Red(3), None, false), None);
        // A grey-AV lead against the same attack: +1.
        assert_eq!(armor_comparison(LeadArmor::Grey(3), None, false), Some(1));
    }

    #[test]
    fn t_dd_02_flak_lead() {
        use crate::tables::crt::{Column, CrtResult, OddsColumn};
        // Mixed terrain (DCB 2); 9:9 = 1-1; naval R → 2-1; die 5 → DR.
        let raw = Column::from_strengths(9, 9);
        assert_eq!(raw, OddsColumn::On(Column::OneToOne));
        let r = raw.shifted(1).unwrap().result(5);
        assert_eq!(r, CrtResult::Dr);
        assert!(r.determined_defense_allowed());
        // FLAK lead (AV 4) vs a MAF whose best AV is 3 → +1.
        let drm = dd_drm(
            armor_comparison(LeadArmor::Grey(4), Some(3), true).unwrap(),
            false,
        );
        assert_eq!(drm, 1);
        // DD die 4 → 5 on "Other" → "• −1".
        let column = DdColumn::of(&[Mixed], false, Fortification::None);
        assert_eq!(column, Other);
        let dd = dd_result(column, 4 + drm);
        assert_eq!(dd, HoldLoseStep);
        // The FLAK loses a step; the retreat is cancelled and no advance takes place.
        assert!(dd.lead_unit_loses_step());
        assert!(dd.retreat_cancelled());
        assert!(!dd.maf_step_defender_chooses() && !dd.attacker_step_attacker_chooses());
    }

    #[test]
    fn t_dd_03_88_mm_lead() {
        use crate::tables::crt::{Column, CrtResult, OddsColumn};
        // 12:6 = 2-1; naval R → 3-1 (the AT gun cancels the armor shift); die 3 → DR.
        let raw = Column::from_strengths(12, 6);
        assert_eq!(raw, OddsColumn::On(Column::TwoToOne));
        let r = raw.shifted(1).unwrap().result(3);
        assert_eq!(r, CrtResult::Dr);
        // The 88 (red AV, higher) as lead with armor in the attack → +1.
        let q = armor_comparison(LeadArmor::Red(4), Some(3), true).unwrap();
        assert_eq!(q, 1);
        // DD die 5 → 6 on "Other" → "• EX".
        let dd = dd_result(Other, 5 + dd_drm(q, false));
        assert_eq!(dd, HoldExchange);
        // The 88 loses its last step, the German picks a MAF unit to lose one, and the retreat
        // is cancelled.
        assert!(dd.lead_unit_loses_step());
        assert!(dd.maf_step_defender_chooses());
        assert!(dd.retreat_cancelled());
    }

    #[test]
    fn rule_12_4_1_strongpoint_lead_fails_on_2() {
        // Combat J's table part: the SP lead uses the SP/City column; 2 → no effect,
        // the DD fails and the group retreats.
        let column = DdColumn::of(&[Clear], false, Fortification::Strongpoint);
        assert_eq!(column, StrongpointCity);
        let dd = dd_result(column, 2);
        assert_eq!(dd, Failed);
        assert!(!dd.retreat_cancelled() && !dd.lead_unit_loses_step());
    }

    #[test]
    fn t_ip_02_ip_effects() {
        use crate::tables::terrain::attacker_armor_shift_into;
        // Defender in an IP hex: the attacker's armor shift is denied; DD uses the IP column.
        assert!(!attacker_armor_shift_into(
            &[Clear],
            Fortification::ImprovedPosition
        ));
        let column = DdColumn::of(&[Clear], false, Fortification::ImprovedPosition);
        assert_eq!(column, ImprovedPosition);
        // DD die 6 → "• AL*": success, an attacking unit of the attacker's choice loses a step,
        // and the IP is removed.
        let dd = dd_result(column, 6);
        assert_eq!(dd, HoldAttackerLosesIpRemoved);
        assert!(dd.retreat_cancelled());
        assert!(dd.attacker_step_attacker_chooses());
        assert!(dd.ip_removed());
    }
}
