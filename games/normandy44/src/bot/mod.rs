//! The rule bot: an evaluation of a position for either side and rules of thumb for every
//! decision, under the engine's `Heuristics` (so the AI crate's search bots play Normandy '44
//! too). The Allies push inland toward the towns and cities the victory conditions count while
//! keeping their stacks out of bad odds; the German holds a line in good terrain close to the
//! Allied front and counterattacks where the odds are good.

mod choose;
mod evaluate;

use crate::N44Action;
use crate::state::{Normandy44, side_of_seat};
use overlord_engine::{Heuristics, Outcome, Seat};
use rand::Rng;

impl Heuristics for Normandy44 {
    fn evaluate(&self, seat: Seat) -> f64 {
        let allied = evaluate::allied_chances(self);
        if side_of_seat(seat) == crate::data::Side::Allied {
            allied
        } else {
            1.0 - allied
        }
    }

    /// A win or a loss, and by how much: the score (net VP, or ±100 for an automatic victory)
    /// weighs a little, so that search tells a narrow result from a wide one.
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        let margin = f64::from(outcome.score(seat).clamp(-20, 20)) / 40.0 + 0.5;
        0.9 * outcome.reward(seat) + 0.1 * margin
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[N44Action],
        rng: &mut R,
    ) -> Option<N44Action> {
        choose::choose(self, legal, rng)
    }

    fn rank_actions(&self, legal: &[N44Action], scores: &mut Vec<f64>) {
        choose::scores(self, legal, scores);
    }

    /// Putting a picked unit down, switching how it moves, or giving up an attack being built,
    /// which a search would follow by picking the same again, for ever.
    fn futile(&self, action: &N44Action) -> bool {
        matches!(
            action,
            N44Action::Unpick | N44Action::Cancel | N44Action::Mode { .. }
        )
    }

    fn explain(&self, action: &N44Action) -> Option<String> {
        choose::explain(self, action)
    }
}
