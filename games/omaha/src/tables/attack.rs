//! T6, the US Attack table (PA "Tabella Attacco USA"; rule 8.3), and the 8.3 procedure that
//! reads it: reveal the unit, compare strengths, check weapons, look up, and, on "reveal depth
//! marker", reveal it and read the table again in the revealed column.

use super::terrain::{Multipliers, german_defence};
use super::weapons::{Weapons, flanking_met, weapons_met};
use crate::data::Weapon;

/// The rows of T6: US attack strength against German defence (8.3 step 2; INTERP definitions
/// of T6). In the "not all weapons" half, `Less` and `Equal` share the "less or equal" row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Comparison {
    /// US < German.
    Less,
    /// US = German.
    Equal,
    /// German < US < 2 × German.
    GreaterNotDouble,
    /// US ≥ 2 × German.
    AtLeastDouble,
}

/// T6's strength comparison of `us` attack strength against `german` defence.
pub fn compare(us: u16, german: u16) -> Comparison {
    if us == german {
        Comparison::Equal
    } else if us < german {
        Comparison::Less
    } else if u32::from(us) >= 2 * u32::from(german) {
        Comparison::AtLeastDouble
    } else {
        Comparison::GreaterNotDouble
    }
}

/// The columns of T6: the German counters in the attacked hex (8.3 step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Composition {
    /// German unit alone.
    Alone,
    /// Unit and an unrevealed depth marker.
    UnrevealedDepth,
    /// Unit and a revealed depth marker.
    RevealedDepth,
}

/// A T6 result (PA result key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackResult {
    /// No effect.
    NoEffect,
    /// "US disrupted": every attacking US unit is disrupted (not leaders, not the Naval marker).
    UsDisrupted,
    /// US disrupted, and the German unit gets a depth marker ("German +1 depth").
    UsDisruptedGermanDepth,
    /// US disrupted, and the German unit is flipped face-down again ("German hidden").
    UsDisruptedGermanHidden,
    /// "German +1 depth": draw a depth marker (9.21) and put it face-down under the unit, only
    /// if the unit has LOC now (12.24); an empty pool (after Building → Mobile) gives none
    /// (AMB-47).
    GermanDepth,
    /// The German unit is disrupted.
    GermanDisrupted,
    /// The German unit is disrupted; the player may remove a step from an attacker adjacent to
    /// the target to remove the depth marker from play ("possible attrition").
    GermanDisruptedPossibleAttrition,
    /// "German defeated": retreat or elimination by 8.33 (German tanks are removed, 23.6).
    GermanDefeated,
    /// "Reveal depth marker; compare again and use the column to the right" (8.3 step 5).
    RevealDepth,
    /// The depth marker is removed from play and the unit disrupted.
    DepthEliminatedUnitDisrupted,
    /// The depth marker is removed from play and the unit defeated (turns 17–32).
    DepthEliminatedUnitDefeated,
    /// T6 note (1), 9.4, AMB-16: the depth marker revealed by [`AttackResult::RevealDepth`]
    /// bears the Tactical Reinforcement symbol: remove it, place the 9.4 reinforcement, and the
    /// attacked unit is defeated (8.33). Never a cell of the table: [`resolve`] returns it.
    TacticalReinforcement,
}

/// What a result does, part by part, for the rules that apply it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttackEffects {
    /// Every attacking US unit is disrupted.
    pub us_disrupted: bool,
    /// The German unit gets a depth marker (if it has LOC and the pool has one).
    pub german_depth_added: bool,
    /// The German unit is flipped face-down.
    pub german_hidden: bool,
    /// The German unit is disrupted.
    pub german_disrupted: bool,
    /// The German unit is defeated (8.33: retreat or elimination).
    pub german_defeated: bool,
    /// The depth marker is to be revealed and the table read again.
    pub reveal_depth: bool,
    /// The depth marker is removed from play.
    pub depth_eliminated: bool,
    /// The player may trade a step of an adjacent attacker for the depth marker.
    pub attrition_option: bool,
    /// A 9.4 Tactical reinforcement enters.
    pub tactical_reinforcement: bool,
}

impl AttackResult {
    /// The parts of this result.
    pub fn effects(self) -> AttackEffects {
        let none = AttackEffects::default();
        match self {
            AttackResult::NoEffect => none,
            AttackResult::UsDisrupted => AttackEffects {
                us_disrupted: true,
                ..none
            },
            AttackResult::UsDisruptedGermanDepth => AttackEffects {
                us_disrupted: true,
                german_depth_added: true,
                ..none
            },
            AttackResult::UsDisruptedGermanHidden => AttackEffects {
                us_disrupted: true,
                german_hidden: true,
                ..none
            },
            AttackResult::GermanDepth => AttackEffects {
                german_depth_added: true,
                ..none
            },
            AttackResult::GermanDisrupted => AttackEffects {
                german_disrupted: true,
                ..none
            },
            AttackResult::GermanDisruptedPossibleAttrition => AttackEffects {
                german_disrupted: true,
                attrition_option: true,
                ..none
            },
            AttackResult::GermanDefeated => AttackEffects {
                german_defeated: true,
                ..none
            },
            AttackResult::RevealDepth => AttackEffects {
                reveal_depth: true,
                ..none
            },
            AttackResult::DepthEliminatedUnitDisrupted => AttackEffects {
                depth_eliminated: true,
                german_disrupted: true,
                ..none
            },
            AttackResult::DepthEliminatedUnitDefeated => AttackEffects {
                depth_eliminated: true,
                german_defeated: true,
                ..none
            },
            AttackResult::TacticalReinforcement => AttackEffects {
                depth_eliminated: true,
                german_defeated: true,
                tactical_reinforcement: true,
                ..none
            },
        }
    }
}

/// T6 (rule 8.3): the cell for `all_weapons` (top half "No", bottom half "Yes"), the strength
/// comparison and the German composition, on `turn` (the last cell differs on turns 17–32).
///
/// | weapons | strength          | alone            | unrevealed depth   | revealed depth                 |
/// |---------|-------------------|------------------|--------------------|--------------------------------|
/// | No      | ≤                 | US dis. + G +1   | US dis. + G hidden | US disrupted                   |
/// | No      | >, not double     | G +1 depth       | US disrupted       | no effect                      |
/// | No      | ≥ double          | G disrupted      | G disrupted        | G disrupted + attrition        |
/// | Yes     | <                 | G +1 depth       | US disrupted       | no effect                      |
/// | Yes     | =                 | G disrupted      | no effect          | G disrupted                    |
/// | Yes     | >, not double     | G disrupted      | reveal depth       | depth elim. + unit disrupted   |
/// | Yes     | ≥ double          | G defeated       | reveal depth       | 1–16: as above; 17–32: depth elim. + unit defeated |
pub fn attack_result(
    all_weapons: bool,
    comparison: Comparison,
    composition: Composition,
    turn: u8,
) -> AttackResult {
    use AttackResult::*;
    use Comparison::{AtLeastDouble, Equal, GreaterNotDouble, Less};
    use Composition::{Alone, RevealedDepth, UnrevealedDepth};
    match (all_weapons, comparison, composition) {
        (false, Less | Equal, Alone) => UsDisruptedGermanDepth,
        (false, Less | Equal, UnrevealedDepth) => UsDisruptedGermanHidden,
        (false, Less | Equal, RevealedDepth) => UsDisrupted,
        (false, GreaterNotDouble, Alone) => GermanDepth,
        (false, GreaterNotDouble, UnrevealedDepth) => UsDisrupted,
        (false, GreaterNotDouble, RevealedDepth) => NoEffect,
        (false, AtLeastDouble, Alone | UnrevealedDepth) => GermanDisrupted,
        (false, AtLeastDouble, RevealedDepth) => GermanDisruptedPossibleAttrition,
        (true, Less, Alone) => GermanDepth,
        (true, Less, UnrevealedDepth) => UsDisrupted,
        (true, Less, RevealedDepth) => NoEffect,
        (true, Equal, Alone | RevealedDepth) => GermanDisrupted,
        (true, Equal, UnrevealedDepth) => NoEffect,
        (true, GreaterNotDouble, Alone) => GermanDisrupted,
        (true, GreaterNotDouble | AtLeastDouble, UnrevealedDepth) => RevealDepth,
        (true, GreaterNotDouble, RevealedDepth) => DepthEliminatedUnitDisrupted,
        (true, AtLeastDouble, Alone) => GermanDefeated,
        (true, AtLeastDouble, RevealedDepth) if turn >= 17 => DepthEliminatedUnitDefeated,
        (true, AtLeastDouble, RevealedDepth) => DepthEliminatedUnitDisrupted,
    }
}

/// A German counter's printed strength and required weapons (2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    pub strength: u8,
    pub required: Weapons,
}

/// The depth marker under the attacked unit (2.24, 9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Depth {
    pub counter: Counter,
    /// Already face-up.
    pub revealed: bool,
    /// A WN depth marker bearing the Tactical Reinforcement symbol (9.4, AMB-15).
    pub tactical_reinforcement: bool,
}

/// Everything 8.3 needs to resolve one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// Total US attack strength (8.31), Naval Gunfire's 9 (8.51) and a Hero's +1 (8.23)
    /// included when used.
    pub us_strength: u16,
    /// Pooled weapons (8.31), with HQ radios (8.24) and Naval Gunfire's NA, AR, DE (8.51).
    pub weapons: Weapons,
    /// A Hero is used as a wildcard weapon (8.23; not together with its +1).
    pub hero_wildcard: bool,
    /// Distinct hexes adjacent to the target that attackers attack from (8.22).
    pub attack_hexes: u8,
    /// Two of those hexes are not adjacent to each other (8.22).
    pub non_adjacent_pair: bool,
    /// The attacked German unit (revealed in step 1 if it was not).
    pub unit: Counter,
    /// Its depth marker, if any.
    pub depth: Option<Depth>,
    /// Terrain multipliers (T5-ALG, [`super::terrain::defence_multipliers`]).
    pub terrain: Multipliers,
    /// The current turn (T6's last cell).
    pub turn: u8,
}

/// One reading of T6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    pub defence: u16,
    pub all_weapons: bool,
    pub comparison: Comparison,
    pub composition: Composition,
    pub result: AttackResult,
}

/// The outcome of an attack: the first reading, and the second one after a revealed depth
/// marker (8.3 step 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttackOutcome {
    pub first: Reading,
    /// Present when the first reading was [`AttackResult::RevealDepth`] and the marker was not
    /// a Tactical Reinforcement one.
    pub second: Option<Reading>,
    /// The result to apply.
    pub result: AttackResult,
}

/// Read T6 once for the counters revealed so far.
fn read(attack: &Attack, depth_revealed: bool) -> Reading {
    let revealed_depth = attack.depth.filter(|_| depth_revealed);
    let composition = match attack.depth {
        None => Composition::Alone,
        Some(_) if depth_revealed => Composition::RevealedDepth,
        Some(_) => Composition::UnrevealedDepth,
    };
    let defence = german_defence(
        attack.unit.strength,
        revealed_depth.map(|d| d.counter.strength),
        attack.terrain,
    );
    let mut required = attack.unit.required;
    let mut fl = u8::from(required.contains(Weapon::FL));
    if let Some(d) = revealed_depth {
        required = required.union(d.counter.required);
        fl += u8::from(d.counter.required.contains(Weapon::FL));
    }
    let flanking = flanking_met(fl, attack.attack_hexes, attack.non_adjacent_pair);
    let all_weapons = weapons_met(attack.weapons, required, flanking, attack.hero_wildcard);
    let comparison = compare(attack.us_strength, defence);
    Reading {
        defence,
        all_weapons,
        comparison,
        composition,
        result: attack_result(all_weapons, comparison, composition, attack.turn),
    }
}

/// Rule 8.3 steps 1–5 (T6, T6 note (1), AMB-16): resolve an attack.
///
/// Step 1 reveals the unit; its depth marker stays as it is. Steps 2–4 read T6 with the
/// revealed counters only. On "reveal depth marker" the marker is revealed: a Tactical
/// Reinforcement marker gives [`AttackResult::TacticalReinforcement`]; otherwise the defence
/// and the weapons are worked out again with it and T6 is read in the revealed column.
pub fn resolve(attack: &Attack) -> AttackOutcome {
    let already_revealed = attack.depth.is_some_and(|d| d.revealed);
    let first = read(attack, already_revealed);
    if first.result != AttackResult::RevealDepth {
        return AttackOutcome {
            first,
            second: None,
            result: first.result,
        };
    }
    if attack.depth.is_some_and(|d| d.tactical_reinforcement) {
        return AttackOutcome {
            first,
            second: None,
            result: AttackResult::TacticalReinforcement,
        };
    }
    let second = read(attack, true);
    AttackOutcome {
        first,
        second: Some(second),
        result: second.result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AttackResult::*;
    use Comparison::{AtLeastDouble, Equal, GreaterNotDouble, Less};
    use Composition::{Alone, RevealedDepth, UnrevealedDepth};
    use Weapon::{AR, BG, BR, BZ, FL, MO, RD};

    fn row(all: bool, cmp: Comparison, turn: u8) -> [AttackResult; 3] {
        [Alone, UnrevealedDepth, RevealedDepth].map(|c| attack_result(all, cmp, c, turn))
    }

    #[test]
    fn t6_comparison() {
        assert_eq!(compare(3, 4), Less);
        assert_eq!(compare(4, 4), Equal);
        assert_eq!(compare(5, 4), GreaterNotDouble);
        assert_eq!(compare(7, 4), GreaterNotDouble);
        assert_eq!(compare(8, 4), AtLeastDouble);
        assert_eq!(compare(20, 4), AtLeastDouble);
        assert_eq!(compare(1, 0), AtLeastDouble);
    }

    #[test]
    fn t6_no_weapons_less_or_equal_row() {
        let expected = [UsDisruptedGermanDepth, UsDisruptedGermanHidden, UsDisrupted];
        assert_eq!(row(false, Less, 1), expected);
        assert_eq!(row(false, Equal, 1), expected);
        assert_eq!(row(false, Equal, 20), expected);
    }

    #[test]
    fn t6_no_weapons_greater_row() {
        assert_eq!(
            row(false, GreaterNotDouble, 5),
            [GermanDepth, UsDisrupted, NoEffect]
        );
    }

    #[test]
    fn t6_no_weapons_double_row() {
        let expected = [
            GermanDisrupted,
            GermanDisrupted,
            GermanDisruptedPossibleAttrition,
        ];
        assert_eq!(row(false, AtLeastDouble, 5), expected);
        assert_eq!(row(false, AtLeastDouble, 25), expected);
    }

    #[test]
    fn t6_weapons_less_row() {
        assert_eq!(row(true, Less, 5), [GermanDepth, UsDisrupted, NoEffect]);
    }

    #[test]
    fn t6_weapons_equal_row() {
        assert_eq!(
            row(true, Equal, 5),
            [GermanDisrupted, NoEffect, GermanDisrupted]
        );
    }

    #[test]
    fn t6_weapons_greater_row() {
        let expected = [GermanDisrupted, RevealDepth, DepthEliminatedUnitDisrupted];
        assert_eq!(row(true, GreaterNotDouble, 5), expected);
        assert_eq!(row(true, GreaterNotDouble, 20), expected);
    }

    #[test]
    fn t6_weapons_double_row_by_turn_band() {
        assert_eq!(
            row(true, AtLeastDouble, 1),
            [GermanDefeated, RevealDepth, DepthEliminatedUnitDisrupted]
        );
        assert_eq!(
            row(true, AtLeastDouble, 16),
            [GermanDefeated, RevealDepth, DepthEliminatedUnitDisrupted]
        );
        assert_eq!(
            row(true, AtLeastDouble, 17),
            [GermanDefeated, RevealDepth, DepthEliminatedUnitDefeated]
        );
        assert_eq!(
            row(true, AtLeastDouble, 32),
            [GermanDefeated, RevealDepth, DepthEliminatedUnitDefeated]
        );
    }

    #[test]
    fn t6_result_key() {
        let e = UsDisruptedGermanDepth.effects();
        assert!(e.us_disrupted && e.german_depth_added && !e.german_disrupted);
        let e = UsDisruptedGermanHidden.effects();
        assert!(e.us_disrupted && e.german_hidden);
        assert_eq!(NoEffect.effects(), AttackEffects::default());
        let e = GermanDisruptedPossibleAttrition.effects();
        assert!(e.german_disrupted && e.attrition_option && !e.depth_eliminated);
        let e = DepthEliminatedUnitDefeated.effects();
        assert!(e.depth_eliminated && e.german_defeated);
        let e = DepthEliminatedUnitDisrupted.effects();
        assert!(e.depth_eliminated && e.german_disrupted && !e.german_defeated);
        assert!(RevealDepth.effects().reveal_depth);
        assert!(GermanDefeated.effects().german_defeated);
        assert!(GermanDepth.effects().german_depth_added);
        assert!(GermanDisrupted.effects().german_disrupted);
        assert!(UsDisrupted.effects().us_disrupted);
        let e = TacticalReinforcement.effects();
        assert!(e.tactical_reinforcement && e.german_defeated && e.depth_eliminated);
    }

    fn counter(strength: u8, required: &[Weapon]) -> Counter {
        Counter {
            strength,
            required: Weapons::of(required),
        }
    }

    #[test]
    fn t_8_3a_attack_example_1() {
        // 2-step infantry (attack 4; printed BZ, BG, RD) with a Hero vs a lone WN64 unit
        // (strength 2, requires BZ, BR), no terrain multiplier.
        let attack = Attack {
            us_strength: 4,
            weapons: Weapons::of(&[BZ, BG, RD]),
            hero_wildcard: true,
            attack_hexes: 1,
            non_adjacent_pair: false,
            unit: counter(2, &[BZ, BR]),
            depth: None,
            terrain: Multipliers::NONE,
            turn: 9,
        };
        let outcome = resolve(&attack);
        assert_eq!(outcome.first.defence, 2);
        assert!(outcome.first.all_weapons);
        assert_eq!(outcome.first.comparison, AtLeastDouble);
        assert_eq!(outcome.result, GermanDefeated);
        assert_eq!(outcome.second, None);
        // Without the Hero: BR missing, still double → German disrupted.
        let no_hero = Attack {
            hero_wildcard: false,
            ..attack
        };
        assert_eq!(resolve(&no_hero).result, GermanDisrupted);
    }

    #[test]
    fn t_8_3b_attack_example_2() {
        // Full infantry (6) and a tank (2) vs WN61 across shingle: hidden unit (2; BG, MO)
        // over a hidden depth marker (1; AR, RD).
        let weapons = Weapons::of(&[BZ, BG, BR, Weapon::DE, MO, RD, AR]);
        let attack = Attack {
            us_strength: 8,
            weapons,
            hero_wildcard: false,
            attack_hexes: 1,
            non_adjacent_pair: false,
            unit: counter(2, &[BG, MO]),
            depth: Some(Depth {
                counter: counter(1, &[AR, RD]),
                revealed: false,
                tactical_reinforcement: false,
            }),
            terrain: Multipliers::UNIT_ONLY,
            turn: 6,
        };
        let outcome = resolve(&attack);
        assert_eq!(outcome.first.defence, 4);
        assert_eq!(outcome.first.comparison, AtLeastDouble);
        assert_eq!(outcome.first.composition, UnrevealedDepth);
        assert_eq!(outcome.first.result, RevealDepth);
        let second = outcome.second.expect("the depth marker is revealed");
        assert_eq!(second.defence, 5);
        assert!(second.all_weapons);
        assert_eq!(second.comparison, GreaterNotDouble);
        assert_eq!(second.composition, RevealedDepth);
        // AMB-58: the table also disrupts the unit.
        assert_eq!(outcome.result, DepthEliminatedUnitDisrupted);
    }

    #[test]
    fn t_8_3c_attack_example_3() {
        // Three infantry (12), one at full strength, from two mutually adjacent hexes vs a
        // hidden reinforcement unit (2; BR) with a hidden depth marker (1; FL, RD) in bocage.
        let attack = Attack {
            us_strength: 12,
            weapons: Weapons::of(&[BZ, BG, BR, Weapon::DE, MO, RD]),
            hero_wildcard: false,
            attack_hexes: 2,
            non_adjacent_pair: false,
            unit: counter(2, &[BR]),
            depth: Some(Depth {
                counter: counter(1, &[FL, RD]),
                revealed: false,
                tactical_reinforcement: false,
            }),
            terrain: Multipliers::BOTH,
            turn: 8,
        };
        let outcome = resolve(&attack);
        assert_eq!(outcome.first.defence, 4);
        assert_eq!(outcome.first.result, RevealDepth);
        let second = outcome.second.expect("the depth marker is revealed");
        assert_eq!(second.defence, 6);
        assert!(!second.all_weapons); // FL missing
        assert_eq!(second.comparison, AtLeastDouble);
        assert_eq!(outcome.result, GermanDisruptedPossibleAttrition);
        // From two hexes not adjacent to each other FL is met: depth eliminated, unit disrupted.
        let flanked = Attack {
            non_adjacent_pair: true,
            ..attack
        };
        assert_eq!(resolve(&flanked).result, DepthEliminatedUnitDisrupted);
        // The same on turn 17+: the unit is defeated too.
        let late = Attack {
            turn: 17,
            ..flanked
        };
        assert_eq!(resolve(&late).result, DepthEliminatedUnitDefeated);
    }

    #[test]
    fn t_9_4_tactical_reinforcement_marker_defeats_the_unit() {
        // AMB-16: "reveal depth" on a Tactical Reinforcement WN marker.
        let attack = Attack {
            us_strength: 8,
            weapons: Weapons::of(&[BZ]),
            hero_wildcard: false,
            attack_hexes: 1,
            non_adjacent_pair: false,
            unit: counter(2, &[BZ]),
            depth: Some(Depth {
                counter: counter(0, &[]),
                revealed: false,
                tactical_reinforcement: true,
            }),
            terrain: Multipliers::NONE,
            turn: 10,
        };
        let outcome = resolve(&attack);
        assert_eq!(outcome.first.result, RevealDepth);
        assert_eq!(outcome.second, None);
        assert_eq!(outcome.result, TacticalReinforcement);
    }

    #[test]
    fn r_8_3_already_revealed_depth_reads_the_revealed_column() {
        let attack = Attack {
            us_strength: 5,
            weapons: Weapons::EMPTY,
            hero_wildcard: false,
            attack_hexes: 1,
            non_adjacent_pair: false,
            unit: counter(2, &[]),
            depth: Some(Depth {
                counter: counter(1, &[BZ]),
                revealed: true,
                tactical_reinforcement: false,
            }),
            terrain: Multipliers::NONE,
            turn: 3,
        };
        // 5 vs 3 with BZ missing: No / greater / revealed → no effect.
        let outcome = resolve(&attack);
        assert_eq!(outcome.first.defence, 3);
        assert_eq!(outcome.first.composition, RevealedDepth);
        assert_eq!(outcome.result, NoEffect);
    }

    #[test]
    fn r_8_22_two_fl_requirements_need_three_hexes() {
        let attack = Attack {
            us_strength: 20,
            weapons: Weapons::EMPTY,
            hero_wildcard: false,
            attack_hexes: 2,
            non_adjacent_pair: true,
            unit: counter(2, &[FL]),
            depth: Some(Depth {
                counter: counter(1, &[FL]),
                revealed: true,
                tactical_reinforcement: false,
            }),
            terrain: Multipliers::NONE,
            turn: 3,
        };
        assert!(!resolve(&attack).first.all_weapons);
        let three = Attack {
            attack_hexes: 3,
            non_adjacent_pair: false,
            ..attack
        };
        assert!(resolve(&three).first.all_weapons);
    }
}
