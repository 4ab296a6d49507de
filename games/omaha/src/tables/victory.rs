//! T9's levels for the extended game (rules 20.2, 20.3, 21.2), the 20.3 VP items, and the VP
//! modifiers of the optional variants (22.1–22.4, 23.7).
//!
//! The catastrophic-defeat threshold of T9 (8 on turns 1–16, 14 on turns 17–32; 13.1, 20.1) is
//! [`crate::effects::catastrophe_threshold`], not repeated here. Counting the items (which
//! positions are controlled, which draws are open) needs the state; this module only adds
//! them up and reads the levels.

use crate::data::VictoryKind;
use crate::tables::landing::LandingOptions;

/// 20.2: the result of the D-Day at Omaha Beach check at the end of turn 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnSixteenCheck {
    /// 25 VP or more: decisive US victory; the game ends.
    DecisiveVictory,
    /// 11–24 VP: play on to turn 32.
    PlayOn,
    /// 10 VP or fewer: decisive US defeat; the game ends.
    DecisiveDefeat,
}

impl TurnSixteenCheck {
    /// Whether the game ends at the end of turn 16.
    pub fn ends_game(self) -> bool {
        self != TurnSixteenCheck::PlayOn
    }
}

/// 20.2 (T9): the turn-16 check of D-Day at Omaha Beach on `vp`, the 13.2 total.
pub fn turn_16_check(vp: i16) -> TurnSixteenCheck {
    match vp {
        25.. => TurnSixteenCheck::DecisiveVictory,
        11..=24 => TurnSixteenCheck::PlayOn,
        _ => TurnSixteenCheck::DecisiveDefeat,
    }
}

/// The scenarios played to turn 32 (20, 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtendedScenario {
    /// D-Day at Omaha Beach: turns 1–32, levels of 20.3.
    DDayAtOmahaBeach,
    /// Beyond the Beach: turns 17–32, levels of 21.2.
    BeyondTheBeach,
}

impl ExtendedScenario {
    /// The extended scenario of a scenario file's victory kind; `None` for The First Wave and
    /// Easy Fox (13.2).
    pub fn of(kind: VictoryKind) -> Option<ExtendedScenario> {
        match kind {
            VictoryKind::DDay => Some(ExtendedScenario::DDayAtOmahaBeach),
            VictoryKind::BeyondTheBeach => Some(ExtendedScenario::BeyondTheBeach),
            VictoryKind::FirstWave | VictoryKind::EasyFox => None,
        }
    }

    /// 20.2, 21.2: only D-Day at Omaha Beach has the turn-16 check (Beyond the Beach starts on
    /// turn 17).
    pub fn has_turn_16_check(self) -> bool {
        self == ExtendedScenario::DDayAtOmahaBeach
    }

    /// The lowest VP total of each level above decisive defeat, in [`VictoryLevel`] order:
    /// 20.3 for D-Day at Omaha Beach, 21.2 for Beyond the Beach (5 more at every step).
    pub fn level_floors(self) -> [i16; 5] {
        match self {
            ExtendedScenario::DDayAtOmahaBeach => [20, 30, 40, 50, 60],
            ExtendedScenario::BeyondTheBeach => [25, 35, 45, 55, 65],
        }
    }
}

/// The six levels of 20.3 and 21.2, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VictoryLevel {
    DecisiveDefeat,
    OperationalDefeat,
    TacticalDefeat,
    /// 20.3: the historical result.
    TacticalVictory,
    OperationalVictory,
    DecisiveVictory,
}

impl VictoryLevel {
    const ALL: [VictoryLevel; 6] = [
        VictoryLevel::DecisiveDefeat,
        VictoryLevel::OperationalDefeat,
        VictoryLevel::TacticalDefeat,
        VictoryLevel::TacticalVictory,
        VictoryLevel::OperationalVictory,
        VictoryLevel::DecisiveVictory,
    ];

    /// 20.3: the player wins with a tactical victory or better (40+ VP in D-Day at Omaha
    /// Beach; 21.2 keeps the names, so 45+ in Beyond the Beach).
    pub fn is_win(self) -> bool {
        self >= VictoryLevel::TacticalVictory
    }

    /// The level's name as the rules print it.
    pub fn name(self) -> &'static str {
        match self {
            VictoryLevel::DecisiveDefeat => "decisive US defeat",
            VictoryLevel::OperationalDefeat => "operational US defeat",
            VictoryLevel::TacticalDefeat => "tactical US defeat",
            VictoryLevel::TacticalVictory => "tactical US victory",
            VictoryLevel::OperationalVictory => "operational US victory",
            VictoryLevel::DecisiveVictory => "decisive US victory",
        }
    }
}

/// 20.3, 21.2 (T9): the level of a final total of `vp` in `scenario`.
pub fn final_level(scenario: ExtendedScenario, vp: i16) -> VictoryLevel {
    let above = scenario
        .level_floors()
        .iter()
        .filter(|&&floor| vp >= floor)
        .count();
    VictoryLevel::ALL[above]
}

/// The items of the 20.3 count at the end of turn 32 (T9 "20.3 VP"), as counted from the
/// state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FinalTally {
    /// Controlled VP reinforcement positions on or next to a road to the south edge: +1 each
    /// (AMB-65: exactly the positions with the VP flag).
    pub road_positions: u16,
    /// Draws opened to US traffic: +4 each (AMB-29: RB's "Duna" is a draw).
    pub draws_opened: u16,
    /// Non-infantry, non-HQ units on high ground: +1 each.
    pub high_ground_units: u16,
    /// Steps of tanks and regular infantry exited by a lettered exit with US LOC to it at the
    /// end: +1 each (AMB-32: a unit scores this or high ground, never both).
    pub exited_steps: u16,
    /// Steps of Rangers exited by exit F or G, LOC or not: +1 each.
    pub ranger_steps_f_g: u16,
    /// WN hexes not controlled: −1 each.
    pub uncontrolled_wn_hexes: u16,
    /// German units (not depth markers) in the Kampfgruppe Meyer box: −1 each.
    pub kg_meyer_units: u16,
}

impl FinalTally {
    /// 20.3: the VP of the count (before the variant modifiers, [`variant_vp`]).
    pub fn vp(&self) -> i16 {
        let plus = self.road_positions
            + 4 * self.draws_opened
            + self.high_ground_units
            + self.exited_steps
            + self.ranger_steps_f_g;
        let minus = self.uncontrolled_wn_hexes + self.kg_meyer_units;
        plus as i16 - minus as i16
    }
}

/// The optional variants in play, as their VP modifiers see them (22, 23).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants {
    /// 22.1 Effective Allied bombardment.
    pub bombardment_22_1: bool,
    /// 22.2 First-wave tanks safe.
    pub tanks_safe_22_2: bool,
    /// 22.3 Rangers reinforce Pointe du Hoc.
    pub rangers_pdh_22_3: bool,
    /// 22.4 Improved German reaction (D-Day at Omaha Beach and Beyond the Beach only).
    pub improved_reaction_22_4: bool,
    /// 23.7: German tanks that entered the map (variant 23; 0 without it), eliminated ones too.
    pub german_tanks_entered: u8,
}

/// 22.1: VP modifier of Effective Allied bombardment.
pub const BOMBARDMENT_VP: i16 = -10;
/// 22.2: VP modifier of First-wave tanks safe.
pub const TANKS_SAFE_VP: i16 = -5;
/// 22.3: VP modifier of Rangers reinforce Pointe du Hoc.
pub const RANGERS_PDH_VP: i16 = 5;
/// 22.4: VP modifier of Improved German reaction.
pub const IMPROVED_REACTION_VP: i16 = 5;
/// 23.7: at most 4 VP for German tanks (there are 4 tank units, 23.1).
pub const GERMAN_TANKS_VP_MAX: i16 = 4;

impl Variants {
    /// The T1 options these variants set (22.1, 22.2).
    pub fn landing(&self) -> LandingOptions {
        LandingOptions {
            bombardment_22_1: self.bombardment_22_1,
            tanks_safe_22_2: self.tanks_safe_22_2,
        }
    }
}

/// 22.1–22.4, 23.7 (T9 "Variant VP modifiers"): the sum of the VP modifiers of `variants`,
/// added to the final total.
pub fn variant_vp(variants: &Variants) -> i16 {
    let flag = |on: bool, vp: i16| if on { vp } else { 0 };
    flag(variants.bombardment_22_1, BOMBARDMENT_VP)
        + flag(variants.tanks_safe_22_2, TANKS_SAFE_VP)
        + flag(variants.rangers_pdh_22_3, RANGERS_PDH_VP)
        + flag(variants.improved_reaction_22_4, IMPROVED_REACTION_VP)
        + (variants.german_tanks_entered as i16).min(GERMAN_TANKS_VP_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExtendedScenario::{BeyondTheBeach, DDayAtOmahaBeach};
    use VictoryLevel::*;

    /// 20.2 (T9): ≥ 25 decisive victory, 11–24 play on, ≤ 10 decisive defeat.
    #[test]
    fn t9_20_2_turn_16_check() {
        assert_eq!(turn_16_check(25), TurnSixteenCheck::DecisiveVictory);
        assert_eq!(turn_16_check(40), TurnSixteenCheck::DecisiveVictory);
        assert_eq!(turn_16_check(24), TurnSixteenCheck::PlayOn);
        assert_eq!(turn_16_check(11), TurnSixteenCheck::PlayOn);
        assert_eq!(turn_16_check(10), TurnSixteenCheck::DecisiveDefeat);
        assert_eq!(turn_16_check(0), TurnSixteenCheck::DecisiveDefeat);
        assert_eq!(turn_16_check(-3), TurnSixteenCheck::DecisiveDefeat);
        assert!(turn_16_check(25).ends_game());
        assert!(turn_16_check(10).ends_game());
        assert!(!turn_16_check(18).ends_game());
        assert!(DDayAtOmahaBeach.has_turn_16_check());
        assert!(!BeyondTheBeach.has_turn_16_check());
    }

    /// 20.3 (T9): ≤19 / 20–29 / 30–39 / 40–49 / 50–59 / ≥60.
    #[test]
    fn t9_20_3_levels_d_day() {
        let at = |vp| final_level(DDayAtOmahaBeach, vp);
        assert_eq!(at(-5), DecisiveDefeat);
        assert_eq!(at(19), DecisiveDefeat);
        assert_eq!(at(20), OperationalDefeat);
        assert_eq!(at(29), OperationalDefeat);
        assert_eq!(at(30), TacticalDefeat);
        assert_eq!(at(39), TacticalDefeat);
        assert_eq!(at(40), TacticalVictory);
        assert_eq!(at(49), TacticalVictory);
        assert_eq!(at(50), OperationalVictory);
        assert_eq!(at(59), OperationalVictory);
        assert_eq!(at(60), DecisiveVictory);
        assert_eq!(at(99), DecisiveVictory);
        // "The player wins with 40+."
        assert!(!at(39).is_win());
        assert!(at(40).is_win());
    }

    /// 21.2 (T9): ≤24 / 25–34 / 35–44 / 45–54 / 55–64 / ≥65, the same names.
    #[test]
    fn t9_21_2_levels_beyond_the_beach() {
        let at = |vp| final_level(BeyondTheBeach, vp);
        assert_eq!(at(24), DecisiveDefeat);
        assert_eq!(at(25), OperationalDefeat);
        assert_eq!(at(34), OperationalDefeat);
        assert_eq!(at(35), TacticalDefeat);
        assert_eq!(at(44), TacticalDefeat);
        assert_eq!(at(45), TacticalVictory);
        assert_eq!(at(54), TacticalVictory);
        assert_eq!(at(55), OperationalVictory);
        assert_eq!(at(64), OperationalVictory);
        assert_eq!(at(65), DecisiveVictory);
        assert!(!at(44).is_win());
        assert!(at(45).is_win());
        // 40 wins D-Day at Omaha Beach but not Beyond the Beach.
        assert_eq!(at(40), TacticalDefeat);
    }

    #[test]
    fn t9_level_names_and_scenarios() {
        assert_eq!(TacticalVictory.name(), "tactical US victory");
        assert_eq!(DecisiveDefeat.name(), "decisive US defeat");
        assert_eq!(
            ExtendedScenario::of(VictoryKind::DDay),
            Some(DDayAtOmahaBeach)
        );
        assert_eq!(
            ExtendedScenario::of(VictoryKind::BeyondTheBeach),
            Some(BeyondTheBeach)
        );
        assert_eq!(ExtendedScenario::of(VictoryKind::FirstWave), None);
        assert_eq!(ExtendedScenario::of(VictoryKind::EasyFox), None);
    }

    /// T-20.3: 30 + 2×4 + 5 + 6 + 3 − 4 − 2 = 46 VP: tactical victory in both scenarios.
    #[test]
    fn t_20_3_final_vp_example() {
        let tally = FinalTally {
            road_positions: 30,
            draws_opened: 2,
            high_ground_units: 5,
            exited_steps: 6,
            ranger_steps_f_g: 3,
            uncontrolled_wn_hexes: 4,
            kg_meyer_units: 2,
        };
        assert_eq!(tally.vp(), 46);
        assert_eq!(final_level(DDayAtOmahaBeach, tally.vp()), TacticalVictory);
        assert_eq!(final_level(BeyondTheBeach, tally.vp()), TacticalVictory);
        // The total can go negative.
        let bad = FinalTally {
            uncontrolled_wn_hexes: 18,
            kg_meyer_units: 8,
            ..FinalTally::default()
        };
        assert_eq!(bad.vp(), -26);
    }

    /// 22.1 −10, 22.2 −5, 22.3 +5, 22.4 +5, 23.7 +1 per German tank, at most 4 (T9).
    #[test]
    fn t9_22_1_to_22_4_and_23_7_variant_vp() {
        let none = Variants::default();
        assert_eq!(variant_vp(&none), 0);
        let one = |v: Variants| variant_vp(&v);
        assert_eq!(
            one(Variants {
                bombardment_22_1: true,
                ..none
            }),
            -10
        );
        assert_eq!(
            one(Variants {
                tanks_safe_22_2: true,
                ..none
            }),
            -5
        );
        assert_eq!(
            one(Variants {
                rangers_pdh_22_3: true,
                ..none
            }),
            5
        );
        assert_eq!(
            one(Variants {
                improved_reaction_22_4: true,
                ..none
            }),
            5
        );
        for (entered, vp) in [(0, 0), (1, 1), (3, 3), (4, 4), (5, 4)] {
            assert_eq!(
                one(Variants {
                    german_tanks_entered: entered,
                    ..none
                }),
                vp
            );
        }
        // Combined: −10 − 5 + 5 + 5 + 2.
        let all = Variants {
            bombardment_22_1: true,
            tanks_safe_22_2: true,
            rangers_pdh_22_3: true,
            improved_reaction_22_4: true,
            german_tanks_entered: 2,
        };
        assert_eq!(variant_vp(&all), -3);
        // 22.1 and 22.2 also set the T1 options.
        assert_eq!(
            all.landing(),
            LandingOptions {
                bombardment_22_1: true,
                tanks_safe_22_2: true
            }
        );
    }

    /// 20.1 (T9): the catastrophe rows are `crate::effects::catastrophe_threshold`.
    #[test]
    fn t9_20_1_catastrophe_threshold_is_the_victory_module_one() {
        use crate::effects::catastrophe_threshold;
        assert_eq!(catastrophe_threshold(1), 8);
        assert_eq!(catastrophe_threshold(16), 8);
        assert_eq!(catastrophe_threshold(17), 14);
        assert_eq!(catastrophe_threshold(32), 14);
    }
}
