//! The dice (AMB-DICE, AMBX-DICE; the spec's section 5.1): skill rolls against a rating,
//! table rolls, percentiles, the 2d10 event sum, the Activation Check and random determination.
//! Every roll goes through the game's [`GameRng`] with the rule it is for, so a scripted test
//! fails when the game rolls a different die, or for a different rule, than the spec's order.

use overlord_engine::{Die, GameRng, RuleId};

/// AMB-DICE-1: a skill roll succeeds on a natural 0 and fails on a natural 9, whatever the
/// target.
pub const SKILL: RuleId = RuleId("AMB-DICE-1");
/// AMB-DICE-2: rolls on fixed tables read the die as it falls.
pub const TABLE: RuleId = RuleId("AMB-DICE-2");
/// AMBX-DICE-2: a random choice among candidates.
pub const RANDOM: RuleId = RuleId("AMBX-DICE-2");

/// AMBX-DICE-1, AMB-DICE-1: whether a skill roll of `die` (0..=9) against the modified
/// `target` succeeds. Targets are not clamped: 0 always succeeds, 9 always fails.
pub fn skill_succeeds(die: u8, target: i16) -> bool {
    die == 0 || (die != 9 && i16::from(die) <= target)
}

/// Roll a skill roll against `target` for `rule`: the die and whether it succeeded.
pub fn skill_roll(rng: &mut GameRng, target: i16, rule: RuleId) -> (u8, bool) {
    let die = d10(rng, rule);
    (die, skill_succeeds(die, target))
}

/// A d10 read 0..=9 (a table roll, AMB-DICE-2, or the die of a skill roll).
pub fn d10(rng: &mut GameRng, rule: RuleId) -> u8 {
    u8::try_from(rng.roll(Die::D10, rule)).unwrap_or(9)
}

/// AMBIG-35: a percentile roll's "00" reads 100, so the result runs 1..=100.
pub fn percentile_value(face: u16) -> u16 {
    if face == 0 { 100 } else { face }
}

/// Roll d% for `rule`: 1..=100.
pub fn percentile(rng: &mut GameRng, rule: RuleId) -> u16 {
    percentile_value(rng.roll(Die::Percentile, rule))
}

/// AMB-FIRE-1, AMB-FIRE-6, AMB-GREN-5: a jam, an ammunition use or a dud happens when the
/// percentile roll is at most the chart's value.
pub fn percent_happens(roll: u16, value: u8) -> bool {
    roll <= u16::from(value)
}

/// AMB-OPS-7, AMB-RND-2 (AMBIG-37): the event roll, the sum of two d10, 0..=18: the index of
/// the RE column entry to read.
pub fn event_index(rng: &mut GameRng, rule: RuleId) -> usize {
    let (a, b) = rng.roll_2d10(rule);
    usize::from(a + b)
}

/// AMB-OPS-8 (AMBIG-36): an Activation Check succeeds when the die is at most the Activation
/// Level; a plain comparison, not a skill roll (no automatic 0 or 9).
pub fn activation_succeeds(die: u8, level: u8) -> bool {
    die <= level
}

/// AMBX-DICE-2: a random one of `count` candidates (ordered by id by the caller): a d10,
/// rerolled while it names no candidate, for up to ten; a uniform draw beyond.
pub fn random_determination(rng: &mut GameRng, count: usize) -> usize {
    if count <= 1 {
        return 0;
    }
    if count > 10 {
        return rng.pick_index(count, RANDOM);
    }
    loop {
        let die = usize::from(d10(rng, RANDOM));
        if die < count {
            return die;
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use overlord_engine::{RandomSpec, Script, ScriptedRoll};

    fn scripted(dice: &[u16]) -> GameRng {
        let script = Script {
            dice: dice.iter().map(|&d| ScriptedRoll::Value(d)).collect(),
            strict: true,
            ..Script::default()
        };
        GameRng::new(&RandomSpec::scripted(0, script))
    }

    /// T-DICE-1 (AMB-DICE-1): a PC check against PC 3.
    #[test]
    fn t_dice_1_a_perception_check() {
        assert!(skill_succeeds(0, 3));
        assert!(skill_succeeds(3, 3));
        assert!(!skill_succeeds(4, 3));
    }

    /// T-DICE-2, T-DICE-3 (AMBX-DICE-1): targets are not clamped; 9 always misses and 0 always
    /// hits.
    #[test]
    fn t_dice_2_and_3_natural_nine_and_zero() {
        assert!(!skill_succeeds(9, 11));
        assert!(skill_succeeds(8, 11));
        assert!(skill_succeeds(0, -3));
        assert!(!skill_succeeds(1, -3));
    }

    /// T-DICE-4 (AMB-DICE-2, AMB-OPA-6): a table roll reads the die as it falls: 0 is the
    /// table's result for moving a wounded inactive soldier, no automatic success.
    #[test]
    fn t_dice_4_table_rolls_read_the_die() {
        let mut rng = scripted(&[0, 9]);
        let dies = |d: u8| d == 0;
        assert!(dies(d10(&mut rng, TABLE)));
        assert!(!dies(d10(&mut rng, TABLE)));
        assert!(rng.fault().is_none());
    }

    /// T-DICE-5 (AMB-FIRE-1, AMBIG-35): a jam value of 3 against d% 03, 04 and 00.
    #[test]
    fn t_dice_5_percentiles_and_double_zero() {
        let mut rng = scripted(&[3, 4, 0]);
        let jams = |rng: &mut GameRng| percent_happens(percentile(rng, RuleId("AMB-FIRE-1")), 3);
        assert!(jams(&mut rng));
        assert!(!jams(&mut rng));
        assert!(!jams(&mut rng), "00 reads 100");
    }

    /// T-DICE-6 (AMB-OPS-7, AMBIG-37): the event roll is the sum of two d10.
    #[test]
    fn t_dice_6_the_event_roll_sums_two_dice() {
        let mut rng = scripted(&[9, 9, 0, 0]);
        assert_eq!(event_index(&mut rng, RuleId("AMB-OPS-7")), 18);
        assert_eq!(event_index(&mut rng, RuleId("AMB-OPS-7")), 0);
    }

    /// T-DICE-7 (AMB-OPS-8, AMBIG-36): the Activation Check is a plain comparison.
    #[test]
    fn t_dice_7_the_activation_check() {
        assert!(activation_succeeds(2, 2));
        assert!(!activation_succeeds(3, 2));
        assert!(activation_succeeds(9, 9), "no automatic failure on 9");
        assert!(activation_succeeds(0, 0));
    }

    /// AMBX-DICE-2: among three candidates a d10 is rerolled until it names one.
    #[test]
    fn ambx_dice_2_random_determination_rerolls() {
        let mut rng = scripted(&[7, 4, 2]);
        assert_eq!(random_determination(&mut rng, 3), 2);
        assert!(rng.fault().is_none());
        assert!(!rng.script_pending());
    }
}
