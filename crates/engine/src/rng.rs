//! Randomness: one seeded generator per game, with a scripted mode in which a scenario or a
//! test fixes the die rolls, the card order and the random picks.
//!
//! Every random outcome of a game comes from its [`GameRng`], which lives in the game state, so
//! `(scenario, options, randomness, actions)` rebuilds the state bit for bit.
//!
//! The generator is ChaCha8 (`rand_chacha`), named explicitly: `StdRng` may change its
//! algorithm between versions and would break saved games. Uniform integers and shuffles are
//! drawn by our own code ([`uniform_below`]) rather than `rand`'s samplers, because `rand`
//! reserves the right to change sampling algorithms in minor releases, and a saved game must
//! replay identically whatever version of `rand` the binary was built with.

use crate::log::RuleId;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The kinds of die the four games roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    /// Six faces, 1–6 (Normandy '44, Tide of Iron).
    D6,
    /// Ten faces, 0–9 (Ambush!).
    D10,
    /// Two ten-sided dice read as 00–99 (Ambush! percentile rolls; 00 may mean 100 by rule).
    Percentile,
}

impl Die {
    /// The lowest and highest face.
    pub fn faces(self) -> (u16, u16) {
        match self {
            Die::D6 => (1, 6),
            Die::D10 => (0, 9),
            Die::Percentile => (0, 99),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D10 => "d10",
            Die::Percentile => "percentile",
        }
    }
}

/// One die value of a script, optionally with the rule id the roll is expected to serve (so a
/// test fails loudly when the game rolls for something else than the author thought).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScriptedRoll {
    /// Just the value.
    Value(u16),
    /// The value and the rule id that must ask for it.
    Expect {
        /// The face to return.
        value: u16,
        /// The rule id the roll must be made for.
        rule: String,
    },
}

impl ScriptedRoll {
    fn value(&self) -> u16 {
        match self {
            ScriptedRoll::Value(value) | ScriptedRoll::Expect { value, .. } => *value,
        }
    }

    fn expected_rule(&self) -> Option<&str> {
        match self {
            ScriptedRoll::Value(_) => None,
            ScriptedRoll::Expect { rule, .. } => Some(rule),
        }
    }
}

/// Fixed random outcomes, consumed in order, one queue per kind of request.
///
/// * `dice`: each roll takes the next value (checked against the die's faces).
/// * `stacks`: each shuffle takes the next list of card keys and puts those cards on top of
///   the shuffled pile in that order (first = drawn first); the rest stay in seeded order below.
/// * `picks`: each random pick takes the next key (for a pick among items, the key of the item;
///   for a pick of an index, the index).
///
/// When a queue runs dry, a `strict` script is at fault (tests want to know); otherwise the
/// game goes on with the seeded generator (a tutorial scripts the opening and then lets go).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// Die faces in the order they are rolled.
    #[serde(default)]
    pub dice: Vec<ScriptedRoll>,
    /// For each shuffle, the keys of the cards to put on top, in drawing order.
    #[serde(default)]
    pub stacks: Vec<Vec<u32>>,
    /// For each random pick, the key (or index) picked.
    #[serde(default)]
    pub picks: Vec<u32>,
    /// Whether running out of scripted outcomes is a fault.
    #[serde(default)]
    pub strict: bool,
}

/// Where a game's randomness comes from: part of the game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomSpec {
    /// Seed of the ChaCha8 generator.
    pub seed: u64,
    /// Outcomes fixed in advance, drawn before the seeded generator is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<Script>,
}

impl RandomSpec {
    /// Plain seeded randomness.
    pub fn seeded(seed: u64) -> RandomSpec {
        RandomSpec { seed, script: None }
    }

    /// Scripted randomness, falling back on `seed` where the script allows.
    pub fn scripted(seed: u64, script: Script) -> RandomSpec {
        RandomSpec {
            seed,
            script: Some(script),
        }
    }
}

/// A scripted outcome that did not fit the request: the script, not the game, is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("the randomness script does not fit the game: {message}")]
pub struct ScriptFault {
    /// What did not fit, and what the game asked for instead.
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ScriptCursor {
    script: Arc<Script>,
    dice: u32,
    stacks: u32,
    picks: u32,
}

/// The random generator of one game. Cloned with the state; cheap to clone (the script sits
/// behind an `Arc`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng {
    chacha: ChaCha8Rng,
    script: Option<ScriptCursor>,
    /// Random outcomes produced so far: an action that moves it reveals randomness, which is
    /// where undo must stop.
    outcomes: u32,
    fault: Option<Box<ScriptFault>>,
}

impl GameRng {
    /// The generator a game record names.
    pub fn new(spec: &RandomSpec) -> GameRng {
        GameRng {
            chacha: ChaCha8Rng::seed_from_u64(spec.seed),
            script: spec.script.as_ref().map(|script| ScriptCursor {
                script: Arc::new(script.clone()),
                dice: 0,
                stacks: 0,
                picks: 0,
            }),
            outcomes: 0,
            fault: None,
        }
    }

    /// A plain seeded generator.
    pub fn seeded(seed: u64) -> GameRng {
        GameRng::new(&RandomSpec::seeded(seed))
    }

    /// How many random outcomes this generator has produced.
    pub fn outcomes(&self) -> u32 {
        self.outcomes
    }

    /// The first scripted outcome that did not fit, if any. The game went on with a seeded
    /// value; callers that run scripts (the [`Match`](crate::Match), tests) refuse the action.
    pub fn fault(&self) -> Option<&ScriptFault> {
        self.fault.as_deref()
    }

    /// Whether any scripted outcome is still waiting to be used.
    pub fn script_pending(&self) -> bool {
        self.script.as_ref().is_some_and(|cursor| {
            (cursor.dice as usize) < cursor.script.dice.len()
                || (cursor.stacks as usize) < cursor.script.stacks.len()
                || (cursor.picks as usize) < cursor.script.picks.len()
        })
    }

    /// Roll one die for the rule `rule`.
    pub fn roll(&mut self, die: Die, rule: RuleId) -> u16 {
        self.outcomes += 1;
        let (low, high) = die.faces();
        let seeded = low + uniform_below(&mut self.chacha, u32::from(high - low) + 1) as u16;
        let GameRng { script, fault, .. } = self;
        let Some(cursor) = script.as_mut() else {
            return seeded;
        };
        let Some(entry) = cursor.script.dice.get(cursor.dice as usize).cloned() else {
            if cursor.script.strict {
                note_fault(
                    fault,
                    format!(
                        "the game rolled a {} for {rule} after the script's {} dice ran out",
                        die.name(),
                        cursor.script.dice.len()
                    ),
                );
            }
            return seeded;
        };
        let index = cursor.dice;
        cursor.dice += 1;
        let value = entry.value();
        if value < low || value > high {
            note_fault(
                fault,
                format!(
                    "scripted die {index} is {value}, but the game rolled a {} (faces {low}–{high}) for {rule}",
                    die.name()
                ),
            );
            return seeded;
        }
        if let Some(expected) = entry.expected_rule()
            && expected != rule.0
        {
            note_fault(
                fault,
                format!(
                    "scripted die {index} was meant for {expected}, but the game rolled for {rule}"
                ),
            );
        }
        value
    }

    /// Roll two ten-sided dice (Ambush!'s 2d10), returning both faces.
    pub fn roll_2d10(&mut self, rule: RuleId) -> (u16, u16) {
        (self.roll(Die::D10, rule), self.roll(Die::D10, rule))
    }

    /// A uniformly random index below `count` (which must be positive). Scripted picks give
    /// the index itself.
    pub fn pick_index(&mut self, count: usize, rule: RuleId) -> usize {
        self.pick_by(count, |index| index as u32, rule)
    }

    /// A uniformly random item of `items`, as an index. Scripted picks give the item's `key`
    /// (a card number, a counter id), which is how a test author thinks of it.
    pub fn pick<T>(&mut self, items: &[T], key: impl Fn(&T) -> u32, rule: RuleId) -> usize {
        self.pick_by(items.len(), |index| key(&items[index]), rule)
    }

    fn pick_by(&mut self, count: usize, key: impl Fn(usize) -> u32, rule: RuleId) -> usize {
        debug_assert!(count > 0, "a random pick among nothing for {rule}");
        if count == 0 {
            return 0;
        }
        self.outcomes += 1;
        let seeded = uniform_below(&mut self.chacha, count as u32) as usize;
        let GameRng { script, fault, .. } = self;
        let Some(cursor) = script.as_mut() else {
            return seeded;
        };
        let Some(&wanted) = cursor.script.picks.get(cursor.picks as usize) else {
            if cursor.script.strict {
                note_fault(
                    fault,
                    format!(
                        "the game made a random pick for {rule} after the script's {} picks ran out",
                        cursor.script.picks.len()
                    ),
                );
            }
            return seeded;
        };
        let index = cursor.picks;
        cursor.picks += 1;
        match (0..count).find(|&i| key(i) == wanted) {
            Some(found) => found,
            None => {
                let offered: Vec<u32> = (0..count).map(&key).collect();
                note_fault(
                    fault,
                    format!(
                        "scripted pick {index} is {wanted}, but the pick for {rule} was among {offered:?}"
                    ),
                );
                seeded
            }
        }
    }

    /// Shuffle `items` into a random order (index 0 first). A scripted stack puts the listed
    /// keys first, in its order; the other items follow in seeded order.
    pub fn shuffle<T>(&mut self, items: &mut [T], key: impl Fn(&T) -> u32, rule: RuleId) {
        self.outcomes += 1;
        shuffle_slice(&mut self.chacha, items);
        let GameRng { script, fault, .. } = self;
        let Some(cursor) = script.as_mut() else {
            return;
        };
        let Some(stack) = cursor.script.stacks.get(cursor.stacks as usize).cloned() else {
            if cursor.script.strict {
                note_fault(
                    fault,
                    format!(
                        "the game shuffled for {rule} after the script's {} stacks ran out",
                        cursor.script.stacks.len()
                    ),
                );
            }
            return;
        };
        let index = cursor.stacks;
        cursor.stacks += 1;
        for (position, wanted) in stack.iter().enumerate() {
            let found = items[position..]
                .iter()
                .position(|item| key(item) == *wanted);
            match found {
                Some(offset) => items.swap(position, position + offset),
                None => {
                    note_fault(
                        fault,
                        format!(
                            "scripted stack {index} puts {wanted} at position {position}, but the shuffle for {rule} holds no such item there or below"
                        ),
                    );
                    return;
                }
            }
        }
    }
}

/// Keep the first fault: it is the one that explains the rest.
fn note_fault(fault: &mut Option<Box<ScriptFault>>, message: String) {
    if fault.is_none() {
        *fault = Some(Box::new(ScriptFault { message }));
    }
}

/// A uniform integer in `0..bound` (`bound > 0`) by Lemire's multiply-and-reject method: exact,
/// unbiased, and fixed here so saved games never depend on `rand`'s internals.
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, bound: u32) -> u32 {
    if bound == 0 {
        return 0;
    }
    let mut product = u64::from(rng.next_u32()) * u64::from(bound);
    let mut low = product as u32;
    if low < bound {
        let threshold = bound.wrapping_neg() % bound;
        while low < threshold {
            product = u64::from(rng.next_u32()) * u64::from(bound);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}

/// Fisher–Yates shuffle drawing from [`uniform_below`].
pub fn shuffle_slice<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for last in (1..items.len()).rev() {
        let other = uniform_below(rng, last as u32 + 1) as usize;
        items.swap(last, other);
    }
}

impl fmt::Display for RandomSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.script {
            None => write!(f, "seed {}", self.seed),
            Some(_) => write!(f, "seed {} with a script", self.seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: RuleId = RuleId("TEST-1");

    #[test]
    fn same_seed_same_outcomes() {
        let mut a = GameRng::seeded(7);
        let mut b = GameRng::seeded(7);
        let rolls_a: Vec<u16> = (0..50).map(|_| a.roll(Die::D6, RULE)).collect();
        let rolls_b: Vec<u16> = (0..50).map(|_| b.roll(Die::D6, RULE)).collect();
        assert_eq!(rolls_a, rolls_b);
        assert_eq!(a, b);
        let mut c = GameRng::seeded(8);
        let rolls_c: Vec<u16> = (0..50).map(|_| c.roll(Die::D6, RULE)).collect();
        assert_ne!(rolls_a, rolls_c);
    }

    #[test]
    fn every_die_stays_on_its_faces_and_shows_them_all() {
        let mut rng = GameRng::seeded(1);
        for die in [Die::D6, Die::D10, Die::Percentile] {
            let (low, high) = die.faces();
            let mut seen = vec![false; usize::from(high - low) + 1];
            for _ in 0..5_000 {
                let value = rng.roll(die, RULE);
                assert!((low..=high).contains(&value), "{die:?} gave {value}");
                seen[usize::from(value - low)] = true;
            }
            assert!(seen.iter().all(|s| *s), "{die:?} never showed some face");
        }
    }

    #[test]
    fn a_d6_is_fair_within_reason() {
        let mut rng = GameRng::seeded(99);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(rng.roll(Die::D6, RULE) - 1)] += 1;
        }
        // Each face expects 10,000; 5 standard deviations is about 456.
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn uniform_below_is_unbiased_on_an_awkward_bound() {
        let mut chacha = ChaCha8Rng::seed_from_u64(3);
        let bound = 3u32;
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[uniform_below(&mut chacha, bound) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn scripted_dice_come_first_then_the_seed_takes_over() {
        let script = Script {
            dice: vec![ScriptedRoll::Value(6), ScriptedRoll::Value(0)],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(5, script));
        assert_eq!(rng.roll(Die::D6, RULE), 6);
        assert_eq!(rng.roll(Die::D10, RULE), 0);
        assert!(!rng.script_pending());
        let third = rng.roll(Die::D6, RULE);
        assert!((1..=6).contains(&third));
        assert!(rng.fault().is_none());
        assert_eq!(rng.outcomes(), 3);
    }

    #[test]
    fn a_strict_script_faults_when_it_runs_dry() {
        let script = Script {
            dice: vec![ScriptedRoll::Value(2)],
            strict: true,
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(5, script));
        assert_eq!(rng.roll(Die::D6, RULE), 2);
        assert!(rng.fault().is_none());
        rng.roll(Die::D6, RULE);
        let fault = rng.fault().expect("a fault");
        assert!(fault.message.contains("ran out"), "{fault}");
    }

    #[test]
    fn a_scripted_value_off_the_die_is_a_fault() {
        let script = Script {
            dice: vec![ScriptedRoll::Value(7)],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(5, script));
        rng.roll(Die::D6, RULE);
        assert!(rng.fault().expect("a fault").message.contains("faces 1–6"));
    }

    #[test]
    fn a_scripted_roll_for_another_rule_is_a_fault() {
        let script = Script {
            dice: vec![ScriptedRoll::Expect {
                value: 3,
                rule: "OTHER-2".into(),
            }],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(5, script));
        assert_eq!(rng.roll(Die::D6, RULE), 3);
        assert!(rng.fault().expect("a fault").message.contains("OTHER-2"));
    }

    #[test]
    fn a_scripted_stack_puts_its_cards_on_top_in_order() {
        let script = Script {
            stacks: vec![vec![9, 2, 5]],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(11, script));
        let mut cards: Vec<u32> = (1..=10).collect();
        rng.shuffle(&mut cards, |c| *c, RULE);
        assert_eq!(&cards[..3], &[9, 2, 5]);
        let mut sorted = cards.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>());
        assert!(rng.fault().is_none());
    }

    #[test]
    fn a_scripted_stack_naming_a_missing_card_is_a_fault() {
        let script = Script {
            stacks: vec![vec![42]],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(11, script));
        let mut cards: Vec<u32> = (1..=10).collect();
        rng.shuffle(&mut cards, |c| *c, RULE);
        assert!(rng.fault().expect("a fault").message.contains("42"));
    }

    #[test]
    fn scripted_picks_name_the_item_by_key() {
        let script = Script {
            picks: vec![30, 1],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(0, script));
        let pool = [10u32, 20, 30];
        assert_eq!(rng.pick(&pool, |v| *v, RULE), 2);
        assert_eq!(rng.pick_index(3, RULE), 1);
        assert!(rng.fault().is_none());
    }

    #[test]
    fn the_generator_survives_serialisation_mid_stream() {
        let mut rng = GameRng::seeded(21);
        for _ in 0..17 {
            rng.roll(Die::D10, RULE);
        }
        let json = serde_json::to_string(&rng).expect("serialise");
        let mut back: GameRng = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(back, rng);
        assert_eq!(back.roll(Die::D10, RULE), rng.roll(Die::D10, RULE));
    }
}
