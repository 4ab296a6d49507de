//! Flat Monte Carlo: every legal action gets the same share of simulations; the best mean
//! reward is chosen. No tree: the baseline that IS-MCTS must beat.

use crate::rollout::{Budget, Rollout, Scratch};
use crate::{Bot, BotRng, forced, reward};
use overlord_engine::{Heuristics, Seat};
use std::time::Instant;

/// Flat Monte Carlo over determinizations of the seat's information set.
#[derive(Clone, Copy, Debug)]
pub struct FlatMonteCarlo {
    pub budget: Budget,
    pub rollout: Rollout,
}

/// Sums of one root action.
#[derive(Clone, Copy, Default)]
struct Tally {
    samples: u32,
    reward: f64,
}

impl Tally {
    fn mean(&self) -> f64 {
        if self.samples == 0 {
            f64::NEG_INFINITY
        } else {
            self.reward / f64::from(self.samples)
        }
    }
}

impl<G: Heuristics> Bot<G> for FlatMonteCarlo {
    fn name(&self) -> String {
        format!("flat-mc({}, {})", self.budget, self.rollout)
    }

    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut BotRng,
    ) -> Option<G::Action> {
        if let Some(only) = forced(legal) {
            return Some(only);
        }
        if legal.is_empty() {
            return None;
        }
        let mut tallies = vec![Tally::default(); legal.len()];
        let mut scratch = Scratch::<G>::new();
        // Actions the game calls futile (an undo that would be taken again and again) are
        // not tried while any other is legal.
        let mut tried: Vec<usize> = (0..legal.len())
            .filter(|&i| !state.futile(&legal[i]))
            .collect();
        if tried.is_empty() {
            tried.extend(0..legal.len());
        }
        let started = Instant::now();
        let mut done = 0u64;
        // Round-robin over the actions. Each simulation draws a fresh determinization, so an
        // action that the drawn state does not offer (its legality hangs on something hidden)
        // is skipped for that round.
        while !self.budget.spent(done, started) {
            let i = tried[(done % tried.len() as u64) as usize];
            done += 1;
            let mut world = state.determinize_for_search(seat, rng);
            world.legal_actions(&mut scratch.legal);
            let action = legal[i];
            if !scratch.legal.contains(&action)
                || world.apply_listed(action, &mut scratch.log).is_err()
            {
                continue;
            }
            self.rollout.play(&mut world, &mut scratch, rng);
            let tally = &mut tallies[i];
            tally.samples += 1;
            tally.reward += reward(&world, seat);
        }
        // The best mean; ties go to the better-sampled action, then to the first listed.
        let best = tried.iter().fold(None::<usize>, |best, &i| match best {
            Some(b)
                if tallies[b].mean() > tallies[i].mean()
                    || (tallies[b].mean() == tallies[i].mean()
                        && tallies[b].samples >= tallies[i].samples) =>
            {
                Some(b)
            }
            _ => Some(i),
        });
        best.and_then(|i| legal.get(i).copied())
    }
}
