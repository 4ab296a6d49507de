//! Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse 2012) with
//! root parallelism.
//!
//! Every simulation starts from a new determinization of the deciding seat's information set
//! ([`Heuristics::determinize_for_search`]): the search never reads the state it is given
//! except through such draws, so what the seat cannot see cannot steer its choice. Selection is
//! UCT restricted to the actions legal in the current determinization, with availability counts
//! in place of the parent's visits; rollouts run a policy to a depth limit and score the leaf
//! with [`Heuristics::evaluate`] when the game is not over.
//!
//! Root parallelism: `trees` independent trees search from distinct seeds (drawn from the
//! bot's generator) on rayon's pool and their root visit counts are summed. With an iteration
//! budget the choice depends only on the seed and `trees`, never on the pool's size or timing.

use crate::rollout::{Budget, Rollout, RolloutPolicy};
use crate::tree::{RootEdge, Tree, best_first, not_futile};
use crate::{Bot, BotRng, forced};
use overlord_engine::{Heuristics, Seat};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// How an [`IsMcts`] bot searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsMctsConfig {
    /// Simulations (in all, across trees) or time per decision.
    pub budget: Budget,
    /// How simulations play on from the tree's leaves.
    pub rollout: Rollout,
    /// The UCB exploration constant `c` (rewards lie in `[0, 1]`).
    pub exploration: f64,
    /// Independent trees searched in parallel (root parallelism); 1 searches on the caller's
    /// thread.
    pub trees: usize,
    /// Progressive widening: a node with `n` visits chooses among the `1 + ⌊widening·√n⌋`
    /// actions the game ranks best ([`Heuristics::rank_actions`]); 0 lets every legal action
    /// that is not futile ([`Heuristics::futile`]) in from the first visit, and never asks
    /// for a ranking.
    pub widening: f64,
    /// The paired root: when at least 2, the root compares the `paired` actions the game
    /// ranks best ([`Heuristics::rank_actions`]) in rounds, each round one determinization on
    /// which every one of them is simulated once, from the same random stream; the search then
    /// plays the best mean (the best ranked on a tie). Comparing the actions on the same cards
    /// and draws (common random numbers) cancels most of the luck that makes plain UCT's
    /// samples too noisy at a few dozen simulations. Below the root the tree is searched as
    /// usual. 0 (or 1) keeps the plain UCT root.
    pub paired: usize,
    /// With a paired root: how far another candidate's mean must beat the best ranked one's
    /// for the search to play it instead (rewards lie in `[0, 1]`). At a few dozen simulations
    /// a lead of a point or two is noise, and a search that follows it drifts from the rule's
    /// choice for nothing. 0 plays the best mean.
    pub margin: f64,
    /// Search only the decisions the game calls worth it ([`Heuristics::worth_searching`]);
    /// the others get the rule-based action at once.
    pub selective: bool,
}

impl Default for IsMctsConfig {
    /// 1,000 simulations on one tree, rule-based rollouts of 20 decisions, c = 0.7.
    fn default() -> Self {
        IsMctsConfig {
            budget: Budget::iterations(1000),
            rollout: Rollout {
                policy: RolloutPolicy::RuleBased,
                max_depth: 20,
            },
            exploration: 0.7,
            trees: 1,
            widening: 0.0,
            paired: 0,
            margin: 0.0,
            selective: false,
        }
    }
}

impl IsMctsConfig {
    /// Whether the root is paired ([`IsMctsConfig::paired`]).
    pub fn pairs(&self) -> bool {
        self.paired >= 2
    }
}

impl std::fmt::Display for IsMctsConfig {
    /// `1000 it, rule d20`, then what differs from one tree, no widening, c = 0.7, the plain
    /// root and searching everywhere: `, 2 trees`, `, widen 0.5`, `, c 0.3`, `, paired 3`,
    /// `, selective`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {}", self.budget, self.rollout)?;
        if self.trees > 1 {
            write!(f, ", {} trees", self.trees)?;
        }
        if self.widening > 0.0 {
            write!(f, ", widen {}", self.widening)?;
        }
        if self.exploration != IsMctsConfig::default().exploration {
            write!(f, ", c {}", self.exploration)?;
        }
        if self.pairs() {
            write!(f, ", paired {}", self.paired)?;
            if self.margin > 0.0 {
                write!(f, ", margin {}", self.margin)?;
            }
        }
        if self.selective {
            f.write_str(", selective")?;
        }
        Ok(())
    }
}

/// What the last search did, for speed figures and reports.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Simulations run, over all trees.
    pub simulations: u64,
    /// Decisions made in rollouts, over all trees.
    pub rollout_steps: u64,
    /// Nodes in the largest tree.
    pub nodes: usize,
    pub elapsed: Duration,
}

/// The IS-MCTS bot. It keeps its trees' memory between decisions.
pub struct IsMcts<G: Heuristics> {
    pub config: IsMctsConfig,
    trees: Vec<Tree<G>>,
    last: SearchStats,
}

impl<G: Heuristics> IsMcts<G> {
    pub fn new(config: IsMctsConfig) -> IsMcts<G> {
        IsMcts {
            config,
            trees: Vec::new(),
            last: SearchStats::default(),
        }
    }

    /// What the last decision's search did (zero when the decision was forced).
    pub fn last_search(&self) -> SearchStats {
        self.last
    }

    /// Search from `state` for `seat` and return each root action's visits and summed reward
    /// over all trees, in a fixed order (first tree's expansion order, then the others').
    pub fn search(
        &mut self,
        state: &G,
        seat: Seat,
        rng: &mut BotRng,
    ) -> Vec<(G::Action, u32, f64)> {
        let trees = self.config.trees.max(1);
        self.trees.truncate(trees);
        while self.trees.len() < trees {
            self.trees.push(Tree::new());
        }
        let seeds: Vec<u64> = (0..trees).map(|_| rng.next_u64()).collect();
        let config = self.config;
        let started = Instant::now();
        let run = |(i, (tree, seed)): (usize, (&mut Tree<G>, u64))| {
            search_tree(
                tree,
                state,
                seat,
                &config,
                config.budget.share(i, trees),
                seed,
                started,
            )
        };
        let counts: Vec<u64> = if trees == 1 {
            self.trees
                .iter_mut()
                .zip(seeds)
                .enumerate()
                .map(run)
                .collect()
        } else {
            self.trees
                .par_iter_mut()
                .zip(seeds)
                .enumerate()
                .map(run)
                .collect()
        };
        let mut summed: Vec<(G::Action, u32, f64)> = Vec::new();
        for tree in &self.trees {
            for RootEdge {
                action,
                visits,
                reward,
            } in tree.root_edges()
            {
                match summed.iter_mut().find(|(a, _, _)| *a == action) {
                    Some(entry) => {
                        entry.1 += visits;
                        entry.2 += reward;
                    }
                    None => summed.push((action, visits, reward)),
                }
            }
        }
        self.last = SearchStats {
            simulations: counts.iter().sum(),
            rollout_steps: self.trees.iter().map(|t| t.rollout_steps).sum(),
            nodes: self.trees.iter().map(Tree::len).max().unwrap_or(0),
            elapsed: started.elapsed(),
        };
        summed
    }
}

/// Run one tree's share of the budget; returns the simulations run. A time budget runs from
/// `started`, the start of the decision, for every tree: the decision takes that long whatever
/// the pool's size (a tree that only gets a thread after the time is up adds nothing).
fn search_tree<G: Heuristics>(
    tree: &mut Tree<G>,
    state: &G,
    seat: Seat,
    config: &IsMctsConfig,
    budget: Budget,
    seed: u64,
    started: Instant,
) -> u64 {
    let mut rng = BotRng::seed_from_u64(seed);
    tree.reset(seat);
    if config.pairs() {
        return search_paired(tree, state, seat, config, budget, &mut rng, started);
    }
    let mut done = 0;
    while !budget.spent(done, started) {
        let world = state.determinize_for_search(seat, &mut rng);
        tree.simulate(world, config, &mut rng, None);
        done += 1;
    }
    done
}

/// The paired root ([`IsMctsConfig::paired`]): rounds of one determinization each, on which
/// every root candidate is simulated once with the same rollout stream, until the budget is
/// spent (a round is never cut short). The candidates are the best ranked non-futile actions
/// of the first determinization (ranking reads only the seat's view, so every
/// determinization ranks alike). Returns the simulations run.
fn search_paired<G: Heuristics>(
    tree: &mut Tree<G>,
    state: &G,
    seat: Seat,
    config: &IsMctsConfig,
    budget: Budget,
    rng: &mut BotRng,
    started: Instant,
) -> u64 {
    let mut candidates: Vec<G::Action> = Vec::new();
    let mut done = 0;
    while !budget.spent(done, started) {
        let world = state.determinize_for_search(seat, rng);
        if candidates.is_empty() {
            candidates = root_candidates(&world, config.paired);
            if candidates.is_empty() {
                break;
            }
        }
        let round = rng.next_u64();
        for &action in &candidates {
            let mut stream = BotRng::seed_from_u64(round);
            tree.simulate(world.clone(), config, &mut stream, Some(action));
            done += 1;
        }
    }
    done
}

/// The `count` actions `world` ranks best among those not futile (all, if every one is),
/// best first; equal scores keep the legal list's order.
fn root_candidates<G: Heuristics>(world: &G, count: usize) -> Vec<G::Action> {
    let mut legal = Vec::new();
    world.legal_actions(&mut legal);
    let mut order = Vec::new();
    not_futile(world, &legal, &mut order);
    best_first(world, &legal, &mut Vec::new(), &mut order);
    order.truncate(count);
    order.into_iter().map(|i| legal[i]).collect()
}

/// A paired root's choice among its `edges` (action, visits, total reward; the best ranked
/// first) that `legal` offers: the best mean, unless it beats the best ranked candidate's by no
/// more than `margin`, when the best ranked stays; the first found on a tie. `None` if no edge
/// is legal.
fn paired_choice<A: Copy + PartialEq>(
    edges: &[(A, u32, f64)],
    legal: &[A],
    margin: f64,
) -> Option<A> {
    let mean = |visits: u32, reward: f64| reward / f64::from(visits.max(1));
    let mut offered = edges
        .iter()
        .filter(|(action, _, _)| legal.contains(action))
        .map(|&(action, visits, reward)| (action, mean(visits, reward)));
    let first = offered.next()?;
    let best = offered.fold(first, |best, e| if e.1 > best.1 { e } else { best });
    Some(if best.1 > first.1 + margin {
        best.0
    } else {
        first.0
    })
}

impl<G: Heuristics> Bot<G> for IsMcts<G> {
    fn name(&self) -> String {
        format!("ismcts({})", self.config)
    }

    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut BotRng,
    ) -> Option<G::Action> {
        self.last = SearchStats::default();
        if let Some(only) = forced(legal) {
            return Some(only);
        }
        if self.config.selective && !state.worth_searching(seat) {
            return state.rule_based_action(legal, rng);
        }
        let edges = self.search(state, seat, rng);
        if self.config.pairs() {
            return paired_choice(&edges, legal, self.config.margin)
                .or_else(|| legal.first().copied());
        }
        // The most visited action the real state offers; ties go to the better mean, then to
        // the first found. Nothing visited (no budget): the first legal action. (A paired root
        // visits its candidates alike and chose above, by mean.)
        let mean = |visits: u32, reward: f64| reward / f64::from(visits.max(1));
        let mut best: Option<(G::Action, u32, f64)> = None;
        for &(action, visits, reward) in &edges {
            if !legal.contains(&action) {
                continue;
            }
            let better = match best {
                None => true,
                Some((_, v, r)) => visits > v || (visits == v && mean(visits, reward) > mean(v, r)),
            };
            if better {
                best = Some((action, visits, reward));
            }
        }
        best.map(|(action, _, _)| action)
            .or_else(|| legal.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::paired_choice;

    /// The paired root plays the best mean, but keeps the best ranked candidate (the first)
    /// while the best mean leads it by no more than the margin; actions not legal are passed
    /// over.
    #[test]
    fn a_paired_root_keeps_the_best_ranked_within_its_margin() {
        // (action, visits, total reward): means 0.45, 0.47, 0.50.
        let edges = [('a', 8, 3.6), ('b', 8, 3.76), ('c', 8, 4.0)];
        let legal = ['a', 'b', 'c'];
        assert_eq!(paired_choice(&edges, &legal, 0.0), Some('c'));
        assert_eq!(paired_choice(&edges, &legal, 0.03), Some('c'));
        assert_eq!(paired_choice(&edges, &legal, 0.06), Some('a'));
        assert_eq!(paired_choice(&edges, &['a', 'b'], 0.01), Some('b'));
        assert_eq!(paired_choice(&edges, &['b', 'c'], 0.06), Some('b'));
        assert_eq!(paired_choice(&edges, &['z'], 0.0), None);
        // A tie keeps the first found.
        assert_eq!(
            paired_choice(&[('a', 4, 2.0), ('b', 4, 2.0)], &['a', 'b'], 0.0),
            Some('a')
        );
    }
}
