//! Spec tables 2.14 (the Allied reinforcement point costs, rule 6.5.1), 2.15 (RP per turn and the
//! landing limits, 6.5.2, 6.5.3, 26.1), 2.16 (stacking values, 7.1) and 2.18 (the counter and
//! marker limits the rules state), with the stockpile caps of 5.1 and 6.1.

use super::Scenario;
use super::weather::Weather;

// ---- 2.18, limits ------------------------------------------------------------------------

/// 15.1: Reserve markers per side (one per stack).
pub const RESERVE_MARKERS: u8 = 6;
/// 9.8.3: Strategic Movement markers per side.
pub const SM_MARKERS: u8 = 3;
/// 9.8.6: the German truck marker (one unit per turn).
pub const TRUCK_MARKERS: u8 = 1;
/// 19.2: naval support markers per nation (2 US, 2 British).
pub const NAVAL_MARKERS_PER_NATION: u8 = 2;
/// 2.5: the most air units per nation per turn (3 US + 3 CW).
pub const MAX_AIR_UNITS_PER_NATION: u8 = 3;
/// 5.1: SupP per army marker; any excess is lost.
pub const SUPPLY_CAP: u8 = 19;
/// 6.1: replacements per replacement marker; any excess is lost.
pub const REPLACEMENT_CAP: u8 = 9;
/// 11.6: artillery shifts per attack (HQs and Werfers together), outside Storm.
pub const MAX_ARTILLERY_SHIFTS: u8 = 2;
/// 11.6, 4.3: artillery shifts per attack in a Storm turn.
pub const MAX_ARTILLERY_SHIFTS_STORM: u8 = 1;
/// 11.6, 17.2: shifts one Allied HQ may give a combat (1 SupP each).
pub const ALLIED_HQ_SHIFTS: u8 = 2;
/// 11.6, 17.2: shifts one German HQ may give a combat (1 SupP).
pub const GERMAN_HQ_SHIFTS: u8 = 1;
/// 19.2: naval markers per attack or defense.
pub const NAVAL_MARKERS_PER_COMBAT: u8 = 1;
/// 12.4.3: defensive support sources per Determined Defense.
pub const DD_SUPPORT_SOURCES: u8 = 1;
/// 21.2: units evacuated per landing beach hex per turn.
pub const EVACUATIONS_PER_BEACH_HEX: u8 = 2;
/// 6.2: replacements one unit may receive per turn.
pub const REPLACEMENTS_PER_UNIT: u8 = 1;
/// 6.2, 20.2: replacements one Allied airborne division may receive per turn.
pub const REPLACEMENTS_PER_AIRBORNE_DIVISION: u8 = 1;

/// 11.6, 4.3: the artillery shifts one attack may use in `weather` (2; 1 in Storm).
pub fn max_artillery_shifts(weather: Weather) -> u8 {
    if weather == Weather::Storm {
        MAX_ARTILLERY_SHIFTS_STORM
    } else {
        MAX_ARTILLERY_SHIFTS
    }
}

/// 5.1, 6.1: a stockpile of `current` after receiving `gained`, with the marker's `cap`
/// ([`SUPPLY_CAP`], [`REPLACEMENT_CAP`]); the excess is lost.
pub fn stockpile(current: u8, gained: u8, cap: u8) -> u8 {
    current.saturating_add(gained).min(cap)
}

// ---- 2.14, RP costs ----------------------------------------------------------------------

/// What the Allies may buy with RP in the "In Great Britain" box (2.14, 6.5.1, A-33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RpKind {
    /// A British armoured brigade (8-6).
    BritishArmouredBrigade,
    /// A US combat command (7-6).
    UsCombatCommand,
    /// A US regiment.
    UsRegiment,
    /// A British or Canadian infantry brigade.
    CwInfantryBrigade,
    /// A British or Canadian motorized (mechanized) infantry brigade.
    CwMotorizedBrigade,
    /// One SupP (only after that army's Mulberry is complete, 5.3).
    SupplyPoint,
    /// An HQ.
    Hq,
    /// A US reconnaissance group.
    UsReconGroup,
    /// A 2-step armored (silhouette) unit.
    TwoStepArmored,
    /// A 1-step unit (the chart: a 1-step silhouette tank unit; A-33: any 1-step unit, beach
    /// engineers included).
    OneStepUnit,
    /// a Special Service brigade or another multi-step non-armored unit the list misses,
    /// priced as a brigade.
    OtherMultiStep,
}

impl RpKind {
    /// Every kind.
    pub const ALL: [RpKind; 11] = [
        RpKind::BritishArmouredBrigade,
        RpKind::UsCombatCommand,
        RpKind::UsRegiment,
        RpKind::CwInfantryBrigade,
        RpKind::CwMotorizedBrigade,
        RpKind::SupplyPoint,
        RpKind::Hq,
        RpKind::UsReconGroup,
        RpKind::TwoStepArmored,
        RpKind::OneStepUnit,
        RpKind::OtherMultiStep,
    ];

    /// 2.14, 6.5.1: the RP cost.
    pub fn cost(self) -> u8 {
        match self {
            RpKind::BritishArmouredBrigade | RpKind::UsCombatCommand => 4,
            RpKind::UsRegiment
            | RpKind::CwInfantryBrigade
            | RpKind::CwMotorizedBrigade
            | RpKind::SupplyPoint => 3,
            // priced as a brigade.
            RpKind::OtherMultiStep => 3,
            RpKind::Hq | RpKind::UsReconGroup | RpKind::TwoStepArmored => 2,
            // beach engineers and any other 1-step unit.
            RpKind::OneStepUnit => 1,
        }
    }

    /// 5.3, 6.5.1: whether it may be bought by an army whose Mulberry is (not) complete: a SupP
    /// only after the Mulberry (26.2: in the Cherbourg scenario from turn 6, when the caller
    /// treats it as complete).
    pub fn available(self, mulberry_complete: bool) -> bool {
        self != RpKind::SupplyPoint || mulberry_complete
    }
}

// ---- 2.15, RP per turn and landing limits -------------------------------------------------

/// The two Allied armies (US First Army; British Second Army, "CW").
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Army {
    /// US First Army.
    Us,
    /// British Second Army, Canadians included.
    Cw,
}

impl Army {
    /// 0 for the US, 1 for the CW.
    pub fn index(self) -> usize {
        match self {
            Army::Us => 0,
            Army::Cw => 1,
        }
    }
}

/// 6.5.1, 2.15, 26.1: an army's RP in `weather` before the 6.5.3 reductions: 6 US and 6 CW in
/// Clear or Overcast, none in Storm; in the Cherbourg scenario the US gets 4 in Clear, 3 in
/// Overcast, and the CW none.
pub fn rp_per_turn(army: Army, weather: Weather, scenario: Scenario) -> u8 {
    match (scenario, army, weather) {
        (_, _, Weather::Storm) => 0,
        (Scenario::Cherbourg, Army::Cw, _) => 0,
        (Scenario::Cherbourg, Army::Us, Weather::Clear) => 4,
        (Scenario::Cherbourg, Army::Us, Weather::Overcast) => 3,
        (Scenario::Campaign | Scenario::MiniGame, _, _) => 6,
    }
}

/// 6.5.3: the RP lost for each beach engineer off its beach hex, and for a destroyed Mulberry.
pub const RP_REDUCTION: u8 = 2;

/// 6.5.3, 2.15: RP after the reductions: −2 per beach engineer of the army removed from its
/// beach (counted only at the beaches of [`Beach::counts_for_engineer_reduction`]) and −2 if the
/// army's Mulberry was destroyed; never below 0.
pub fn rp_after_reductions(base: u8, engineers_off_beach: u8, mulberry_destroyed: bool) -> u8 {
    let lost = u16::from(engineers_off_beach) * u16::from(RP_REDUCTION)
        + u16::from(mulberry_destroyed) * u16::from(RP_REDUCTION);
    u8::try_from(u16::from(base).saturating_sub(lost)).unwrap_or(0)
}

/// The five landing beaches (6.5.2, A-42).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Beach {
    Utah,
    Omaha,
    Gold,
    Juno,
    Sword,
}

impl Beach {
    /// The beach's id in the data (`utah`).
    pub fn id(self) -> &'static str {
        match self {
            Beach::Utah => "utah",
            Beach::Omaha => "omaha",
            Beach::Gold => "gold",
            Beach::Juno => "juno",
            Beach::Sword => "sword",
        }
    }

    /// Its index in per-beach arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Every beach.
    pub const ALL: [Beach; 5] = [
        Beach::Utah,
        Beach::Omaha,
        Beach::Gold,
        Beach::Juno,
        Beach::Sword,
    ];

    /// The army the beach belongs to.
    pub fn army(self) -> Army {
        match self {
            Beach::Utah | Beach::Omaha => Army::Us,
            Beach::Gold | Beach::Juno | Beach::Sword => Army::Cw,
        }
    }

    /// 6.5.3: whether removing this beach's engineer costs its army 2 RP (US: Utah or Omaha; CW:
    /// Gold or Juno; closing Sword costs nothing).
    pub fn counts_for_engineer_reduction(self) -> bool {
        self != Beach::Sword
    }
}

/// Where Allied reinforcements land (6.5.2, 21.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LandingSite {
    Beach(Beach),
    /// The British Mulberry at Arromanches-les-Bains.
    BritishMulberry,
    /// The US Mulberry, on an Omaha beach hex.
    UsMulberry,
}

impl LandingSite {
    /// 6.5.2: the beach whose 4-RP limit the site counts against: Arromanches counts as
    /// Gold; the US Mulberry as Omaha (A-32, by analogy).
    pub fn limit_beach(self) -> Beach {
        match self {
            LandingSite::Beach(beach) => beach,
            LandingSite::BritishMulberry => Beach::Gold,
            LandingSite::UsMulberry => Beach::Omaha,
        }
    }
}

/// 6.5.2: the most RP landed per beach per turn (second-wave units are free and outside it,
/// 20.5).
pub const MAX_RP_PER_BEACH: u8 = 4;

/// 6.5.2: whether `cost` more RP may land at a beach where `landed` RP already landed this turn.
pub fn landing_fits(landed: u8, cost: u8) -> bool {
    u16::from(landed) + u16::from(cost) <= u16::from(MAX_RP_PER_BEACH)
}

// ---- 2.16, stacking values ---------------------------------------------------------------

/// 7.1: the most stacking points per hex (plus one free silhouette unit).
pub const STACKING_LIMIT: u8 = 4;

/// 7.1: silhouette units stacking free per hex.
pub const FREE_SILHOUETTES: u8 = 1;

/// 7.1: the stacking points of a unit whose current CF is `cf`: 1 for CF 1 or 2, 2 for CF
/// 3 or more. A CF of 0 (no such unit is known) counts as 1.
pub fn stacking_points(cf: u8) -> u8 {
    if cf >= 3 { 2 } else { 1 }
}

/// How a unit counts for stacking (7.1, 2.16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stacker {
    /// An ordinary unit with its current CF.
    Unit { cf: u8 },
    /// A silhouette unit: the first in a hex is free, the others count by CF.
    Silhouette { cf: u8 },
    /// Free, at most one per hex.
    Strongpoint,
    /// Free, at most one per hex.
    Hq,
    /// Free, at most one per hex.
    BeachEngineer,
    /// Free, at most one per hex.
    Werfer,
    /// Markers never count.
    Marker,
}

/// 7.1, 2.16: the stacking points of the units `stack` in one hex (the highest-CF silhouette is
/// the free one).
pub fn stack_points(stack: &[Stacker]) -> u8 {
    StackTally::of(stack).points()
}

/// 7.1, 2.16: whether the units `stack` may end a Movement Phase (or an advance) in one hex: at
/// most 4 points plus one free silhouette, and at most one strongpoint, HQ, beach engineer and
/// Werfer.
pub fn stack_legal(stack: &[Stacker]) -> bool {
    StackTally::of(stack).legal()
}

/// A hex's stack counted one unit at a time (7.1, 2.16): what [`stack_points`] and
/// [`stack_legal`] read, kept as a few numbers so that a check adds the units of a hex and
/// those joining them without gathering them first, and a move's own units are counted once
/// per search ([`StackTally::with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StackTally {
    /// The stacking points of every unit and silhouette, the free silhouette's included.
    points: u16,
    /// The highest CF of a silhouette in the stack: that one is free (7.1).
    free_silhouette: Option<u8>,
    /// Strongpoints, HQs, beach engineers and Werfers: free, at most one of each.
    singles: [u8; 4],
}

impl StackTally {
    /// The tally of `stack`.
    pub fn of(stack: &[Stacker]) -> StackTally {
        let mut tally = StackTally::default();
        for &s in stack {
            tally.add(s);
        }
        tally
    }

    /// Count one more unit.
    pub fn add(&mut self, stacker: Stacker) {
        let single = match stacker {
            Stacker::Unit { cf } => {
                self.points += u16::from(stacking_points(cf));
                return;
            }
            Stacker::Silhouette { cf } => {
                self.points += u16::from(stacking_points(cf));
                self.free_silhouette = self.free_silhouette.max(Some(cf));
                return;
            }
            Stacker::Marker => return,
            Stacker::Strongpoint => 0,
            Stacker::Hq => 1,
            Stacker::BeachEngineer => 2,
            Stacker::Werfer => 3,
        };
        self.singles[single] = self.singles[single].saturating_add(1);
    }

    /// The two stacks in one hex.
    pub fn with(mut self, other: &StackTally) -> StackTally {
        self.points += other.points;
        self.free_silhouette = self.free_silhouette.max(other.free_silhouette);
        for (mine, theirs) in self.singles.iter_mut().zip(other.singles) {
            *mine = mine.saturating_add(theirs);
        }
        self
    }

    /// The stack's points, its highest-CF silhouette free.
    pub fn points(&self) -> u8 {
        let free = self.free_silhouette.map_or(0, stacking_points);
        u8::try_from(self.points - u16::from(free)).unwrap_or(u8::MAX)
    }

    /// Whether the stack is within the limits (7.1).
    pub fn legal(&self) -> bool {
        self.points() <= STACKING_LIMIT && self.singles.iter().all(|&n| n <= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_6_5_1_rp_costs() {
        let expected = [
            (RpKind::BritishArmouredBrigade, 4),
            (RpKind::UsCombatCommand, 4),
            (RpKind::UsRegiment, 3),
            (RpKind::CwInfantryBrigade, 3),
            (RpKind::CwMotorizedBrigade, 3),
            (RpKind::SupplyPoint, 3),
            (RpKind::Hq, 2),
            (RpKind::UsReconGroup, 2),
            (RpKind::TwoStepArmored, 2),
            (RpKind::OneStepUnit, 1),
            (RpKind::OtherMultiStep, 3),
        ];
        assert_eq!(expected.len(), RpKind::ALL.len());
        for (kind, cost) in expected {
            assert_eq!(kind.cost(), cost, "{kind:?}");
        }
    }

    #[test]
    fn t_rp_04_supply_purchase() {
        // Before the Mulberry: rejected; after: 3 RP for 1 SupP.
        assert!(!RpKind::SupplyPoint.available(false));
        assert!(RpKind::SupplyPoint.available(true));
        assert_eq!(RpKind::SupplyPoint.cost(), 3);
        for kind in RpKind::ALL {
            if kind != RpKind::SupplyPoint {
                assert!(kind.available(false), "{kind:?}");
            }
        }
    }

    #[test]
    fn rule_6_5_1_rp_per_turn() {
        for scenario in [Scenario::Campaign, Scenario::MiniGame] {
            for army in [Army::Us, Army::Cw] {
                assert_eq!(rp_per_turn(army, Weather::Clear, scenario), 6);
                assert_eq!(rp_per_turn(army, Weather::Overcast, scenario), 6);
                assert_eq!(rp_per_turn(army, Weather::Storm, scenario), 0);
            }
        }
    }

    #[test]
    fn rule_26_1_cherbourg_rp() {
        assert_eq!(
            rp_per_turn(Army::Us, Weather::Clear, Scenario::Cherbourg),
            4
        );
        assert_eq!(
            rp_per_turn(Army::Us, Weather::Overcast, Scenario::Cherbourg),
            3
        );
        assert_eq!(
            rp_per_turn(Army::Us, Weather::Storm, Scenario::Cherbourg),
            0
        );
        for w in [Weather::Clear, Weather::Overcast, Weather::Storm] {
            assert_eq!(rp_per_turn(Army::Cw, w, Scenario::Cherbourg), 0);
        }
    }

    #[test]
    fn rule_6_5_3_reductions() {
        assert_eq!(rp_after_reductions(6, 0, false), 6);
        assert_eq!(rp_after_reductions(6, 1, false), 4);
        assert_eq!(rp_after_reductions(6, 1, true), 2);
        assert_eq!(rp_after_reductions(6, 2, true), 0);
        assert_eq!(rp_after_reductions(6, 200, true), 0);
        assert_eq!(rp_after_reductions(0, 0, true), 0);
        for beach in Beach::ALL {
            assert_eq!(beach.counts_for_engineer_reduction(), beach != Beach::Sword);
        }
        assert_eq!(Beach::Utah.army(), Army::Us);
        assert_eq!(Beach::Omaha.army(), Army::Us);
        for b in [Beach::Gold, Beach::Juno, Beach::Sword] {
            assert_eq!(b.army(), Army::Cw);
        }
    }

    #[test]
    fn t_rp_02_engineer_loss() {
        // Utah engineer eliminated, Overcast: US RP = 6 − 2 = 4.
        let base = rp_per_turn(Army::Us, Weather::Overcast, Scenario::Campaign);
        assert!(Beach::Utah.counts_for_engineer_reduction());
        assert_eq!(rp_after_reductions(base, 1, false), 4);
        // A destroyed CW Mulberry plus a Gold engineer removed: 6 − 2 − 2 = 2.
        let cw = rp_per_turn(Army::Cw, Weather::Overcast, Scenario::Campaign);
        assert!(Beach::Gold.counts_for_engineer_reduction());
        assert_eq!(rp_after_reductions(cw, 1, true), 2);
        // Closing Sword costs the CW nothing.
        assert!(!Beach::Sword.counts_for_engineer_reduction());
        assert_eq!(rp_after_reductions(cw, 0, false), 6);
    }

    #[test]
    fn t_rp_01_beach_limit() {
        // 4 at Utah, 2 at Omaha, 4 at Gold, 2 at Juno: all accepted.
        assert!(landing_fits(0, 4));
        assert!(landing_fits(0, 2));
        assert!(landing_fits(2, 2));
        // A 5th RP at Utah is rejected.
        assert!(!landing_fits(4, 1));
        // RP at the Arromanches Mulberry count towards Gold.
        assert_eq!(LandingSite::BritishMulberry.limit_beach(), Beach::Gold);
        assert!(!landing_fits(4, 1));
    }

    #[test]
    fn rule_6_5_2_landing_sites_a_32() {
        for beach in Beach::ALL {
            assert_eq!(LandingSite::Beach(beach).limit_beach(), beach);
        }
        assert_eq!(LandingSite::UsMulberry.limit_beach(), Beach::Omaha);
        assert_eq!(MAX_RP_PER_BEACH, 4);
        assert!(landing_fits(3, 1) && !landing_fits(3, 2) && !landing_fits(u8::MAX, 1));
    }

    #[test]
    fn rule_7_1_stacking_points_by_cf() {
        assert_eq!(stacking_points(0), 1);
        assert_eq!(stacking_points(1), 1);
        assert_eq!(stacking_points(2), 1);
        assert_eq!(stacking_points(3), 2);
        assert_eq!(stacking_points(9), 2);
        // Free types and markers.
        for s in [
            Stacker::Strongpoint,
            Stacker::Hq,
            Stacker::BeachEngineer,
            Stacker::Werfer,
            Stacker::Marker,
        ] {
            assert_eq!(stack_points(&[s]), 0, "{s:?}");
        }
        // The first silhouette is free, the second counts.
        assert_eq!(stack_points(&[Stacker::Silhouette { cf: 4 }]), 0);
        assert_eq!(
            stack_points(&[Stacker::Silhouette { cf: 2 }, Stacker::Silhouette { cf: 5 }]),
            1
        );
        // a reduced regiment at CF 2 costs 1.
        assert_eq!(stack_points(&[Stacker::Unit { cf: 2 }]), 1);
    }

    #[test]
    fn t_stk_01_points() {
        let mut hex = vec![
            Stacker::Unit { cf: 3 },
            Stacker::Unit { cf: 3 },
            Stacker::Silhouette { cf: 4 },
            Stacker::Hq,
            Stacker::Strongpoint,
            Stacker::Werfer,
        ];
        assert_eq!(stack_points(&hex), 4);
        assert!(stack_legal(&hex));
        // Adding a 2-CF battalion (1 point) is illegal.
        let mut over = hex.clone();
        over.push(Stacker::Unit { cf: 2 });
        assert!(!stack_legal(&over));
        // A second HQ is illegal.
        hex.push(Stacker::Hq);
        assert!(!stack_legal(&hex));
    }

    #[test]
    fn rule_5_1_rule_6_1_stockpile_caps() {
        assert_eq!(SUPPLY_CAP, 19);
        assert_eq!(REPLACEMENT_CAP, 9);
        assert_eq!(stockpile(3, 2, SUPPLY_CAP), 5);
        assert_eq!(stockpile(u8::MAX, 1, SUPPLY_CAP), 19);
    }

    #[test]
    fn t_wx_09_caps() {
        // 18 SupP + 2 → 19; 8 infantry replacements + 2 → 9; the excess is lost.
        assert_eq!(stockpile(18, 2, SUPPLY_CAP), 19);
        assert_eq!(stockpile(8, 2, REPLACEMENT_CAP), 9);
    }

    #[test]
    fn rule_11_6_artillery_shift_limits() {
        assert_eq!(max_artillery_shifts(Weather::Clear), 2);
        assert_eq!(max_artillery_shifts(Weather::Overcast), 2);
        assert_eq!(max_artillery_shifts(Weather::Storm), 1);
        assert_eq!((ALLIED_HQ_SHIFTS, GERMAN_HQ_SHIFTS), (2, 1));
    }

    #[test]
    fn rule_15_1_rule_9_8_3_rule_19_2_rule_21_2_marker_limits() {
        assert_eq!(RESERVE_MARKERS, 6);
        assert_eq!(SM_MARKERS, 3);
        assert_eq!(TRUCK_MARKERS, 1);
        assert_eq!(NAVAL_MARKERS_PER_NATION, 2);
        assert_eq!(NAVAL_MARKERS_PER_COMBAT, 1);
        assert_eq!(MAX_AIR_UNITS_PER_NATION, 3);
        assert_eq!(DD_SUPPORT_SOURCES, 1);
        assert_eq!(EVACUATIONS_PER_BEACH_HEX, 2);
        assert_eq!(REPLACEMENTS_PER_UNIT, 1);
        assert_eq!(REPLACEMENTS_PER_AIRBORNE_DIVISION, 1);
        assert_eq!(RP_REDUCTION, 2);
        assert_eq!((STACKING_LIMIT, FREE_SILHOUETTES), (4, 1));
    }
}
