//! One single-observer IS-MCTS tree (Cowling, Powley and Whitehouse 2012, "Information Set
//! Monte Carlo Tree Search", algorithm 2), in an arena that is kept from one decision to the
//! next so a search allocates nothing per node.
//!
//! A node stands for the actions taken from the root, whatever the determinization: the same
//! action path reached in two determinizations is one node (chance and hidden information are
//! fixed by each determinization, not branched on). Each node keeps the statistics of the edge
//! into it from the point of view of the seat that chose that edge, so the tree also handles
//! the other seats' decisions (each maximising its own reward).

use crate::IsMctsConfig;
use crate::rollout::{RolloutPolicy, Scratch};
use crate::{BotRng, reward};
use overlord_engine::{Game, Heuristics, Seat, Status, uniform_below};

const NONE: u32 = u32::MAX;

struct Node<A> {
    /// The action into this node (`None` at the root).
    action: Option<A>,
    /// The seat that chose `action`; its reward is what `reward` sums.
    seat: Seat,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times this node's action was legal when its parent was selected from (the "availability
    /// count" that replaces the parent's visits in UCB for information-set search).
    available: u32,
    reward: f64,
}

/// Root statistics of one action after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RootEdge<A> {
    pub action: A,
    pub visits: u32,
    pub reward: f64,
}

/// The indices of `legal` a search may choose among, into `out`: those `world` does not call
/// futile ([`Heuristics::futile`]), or all if every one is.
pub(crate) fn not_futile<G: Heuristics>(world: &G, legal: &[G::Action], out: &mut Vec<usize>) {
    out.clear();
    out.extend((0..legal.len()).filter(|&i| !world.futile(&legal[i])));
    if out.is_empty() {
        out.extend(0..legal.len());
    }
}

/// Sort `order` (indices of `legal`) best first by the game's ranking
/// ([`Heuristics::rank_actions`], written into `scores`). Equal scores keep their order (a
/// stable sort), so the ranking is a function of the determinization alone.
pub(crate) fn best_first<G: Heuristics>(
    world: &G,
    legal: &[G::Action],
    scores: &mut Vec<f64>,
    order: &mut [usize],
) {
    world.rank_actions(legal, scores);
    let score = |i: usize| scores.get(i).copied().unwrap_or(f64::NEG_INFINITY);
    order.sort_by(|&a, &b| score(b).total_cmp(&score(a)));
}

pub(crate) struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    /// The nodes entered by the current simulation, root excluded.
    path: Vec<u32>,
    /// Per legal action of the node being selected from: its child, if expanded.
    child_of_legal: Vec<u32>,
    /// The candidates of the node being selected from ([`Tree::candidates`]): their indices
    /// in the legal list (best first with widening), and per legal action whether it is one.
    ranked: Vec<usize>,
    is_candidate: Vec<bool>,
    /// With progressive widening: the game's ranking of the legal actions.
    scores: Vec<f64>,
    scratch: Scratch<G>,
    /// Decisions made in rollouts, for the speed figures.
    pub rollout_steps: u64,
}

impl<G: Heuristics> Tree<G> {
    pub fn new() -> Tree<G> {
        Tree {
            nodes: Vec::new(),
            path: Vec::new(),
            child_of_legal: Vec::new(),
            ranked: Vec::new(),
            is_candidate: Vec::new(),
            scores: Vec::new(),
            scratch: Scratch::new(),
            rollout_steps: 0,
        }
    }

    /// Forget the last search (keeping the memory) and start from a bare root.
    pub fn reset(&mut self, seat: Seat) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            seat,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        self.rollout_steps = 0;
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self
            .nodes
            .get(node as usize)
            .map_or(NONE, |n| n.first_child);
        std::iter::successors(Some(first).filter(|&c| c != NONE), |&c| {
            Some(self.nodes[c as usize].next_sibling).filter(|&s| s != NONE)
        })
    }

    fn add_child(&mut self, parent: u32, action: G::Action, seat: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        let next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            action: Some(action),
            seat,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 1,
            reward: 0.0,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    /// UCB1 with availability counts: mean reward plus `c·√(ln available / visits)`.
    fn ucb(&self, child: u32, exploration: f64) -> f64 {
        let n = &self.nodes[child as usize];
        let visits = f64::from(n.visits.max(1));
        n.reward / visits + exploration * (f64::from(n.available.max(1)).ln() / visits).sqrt()
    }

    /// Which of the legal actions of `node` (in `scratch.legal`) this visit may choose
    /// among: every one the game does not call futile ([`Heuristics::futile`]: an undo that
    /// a search would take and take again for ever), or all if every one is; with
    /// progressive widening (Coulom 2007; Chaslot et al. 2008) only the
    /// `1 + ⌊widening·√visits⌋` best of those by the game's ranking
    /// ([`Heuristics::rank_actions`]), so a node starts with the rule's own choice and adds
    /// the next only as its visits grow. The ranking is asked for only with widening: it
    /// may cost as much as a rule-based decision, and this runs at every step of the tree.
    /// Leaves the candidates' indices in `ranked` (best first with widening, else in the
    /// list's order) and marks them in `is_candidate`.
    fn candidates(&mut self, world: &G, node: u32, widening: f64) {
        let legal = &self.scratch.legal;
        not_futile(world, legal, &mut self.ranked);
        if widening > 0.0 {
            best_first(world, legal, &mut self.scores, &mut self.ranked);
            let visits = f64::from(self.nodes[node as usize].visits);
            let width = 1 + (widening * visits.sqrt()) as usize;
            self.ranked.truncate(width);
        }
        self.is_candidate.clear();
        self.is_candidate.resize(legal.len(), false);
        for &i in &self.ranked {
            self.is_candidate[i] = true;
        }
    }

    /// One simulation from `world`, a fresh determinization of the root's information set:
    /// select down the tree among the actions `world` offers (all, or with progressive
    /// widening the best-ranked few), expand one untried action, roll out, and back the
    /// rewards up. With `first`, the root's action is that one (the paired root of
    /// [`IsMctsConfig::paired`] chooses it); a `first` that `world` refuses ends the
    /// simulation with nothing backed up.
    pub fn simulate(
        &mut self,
        mut world: G,
        config: &IsMctsConfig,
        rng: &mut BotRng,
        first: Option<G::Action>,
    ) {
        let rollout = &config.rollout;
        let exploration = config.exploration;
        let widening = config.widening;
        self.path.clear();
        let mut node = 0u32;
        if let Some(action) = first {
            let Status::ToAct(actor) = world.status() else {
                return;
            };
            if world.apply_listed(action, &mut self.scratch.log).is_err() {
                return;
            }
            let known = self
                .children(0)
                .find(|&c| self.nodes[c as usize].action == Some(action));
            node = match known {
                Some(child) => {
                    self.nodes[child as usize].available += 1;
                    child
                }
                None => self.add_child(0, action, actor),
            };
            self.path.push(node);
        }
        while let Status::ToAct(actor) = world.status() {
            // Beyond the horizon of what the searching seat may know, nothing is searched:
            // the state is scored as it stands (`Heuristics::horizon`).
            if world.horizon() {
                break;
            }
            world.legal_actions(&mut self.scratch.legal);
            if self.scratch.legal.is_empty() {
                break;
            }
            self.candidates(&world, node, widening);
            // Which candidate actions have a child; every child whose action is a candidate
            // in this determinization was available once more.
            self.child_of_legal.clear();
            self.child_of_legal.resize(self.scratch.legal.len(), NONE);
            let mut untried = self.ranked.len();
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let c = &mut self.nodes[child as usize];
                if let Some(i) = c
                    .action
                    .and_then(|a| self.scratch.legal.iter().position(|&l| l == a))
                    .filter(|&i| self.is_candidate[i])
                {
                    c.available += 1;
                    self.child_of_legal[i] = child;
                    untried -= 1;
                }
                child = c.next_sibling;
            }
            if untried > 0 {
                // Expand one untried candidate: with widening the best ranked; otherwise with
                // rule-based rollouts the rule's own choice first (what the rule would play is
                // tried at every node before the rest), else one drawn uniformly.
                let untried_at = |i: &usize| self.child_of_legal[*i] == NONE;
                let chosen = if widening > 0.0 {
                    self.ranked.iter().copied().find(untried_at)
                } else {
                    let ruled = match rollout.policy {
                        RolloutPolicy::RuleBased => world
                            .rule_based_action(&self.scratch.legal, rng)
                            .and_then(|a| self.scratch.legal.iter().position(|&l| l == a))
                            .filter(|i| untried_at(i) && self.is_candidate[*i]),
                        RolloutPolicy::Random => None,
                    };
                    let k = uniform_below(rng, untried as u32) as usize;
                    ruled.or_else(|| self.ranked.iter().copied().filter(untried_at).nth(k))
                };
                let Some(i) = chosen else { break };
                let action = self.scratch.legal[i];
                if world.apply_listed(action, &mut self.scratch.log).is_err() {
                    break;
                }
                node = self.add_child(node, action, actor);
                self.path.push(node);
                break;
            }
            // Select: the available child of best UCB (the first listed on a tie).
            let mut best = NONE;
            let mut best_value = f64::NEG_INFINITY;
            for &i in &self.ranked {
                let c = self.child_of_legal[i];
                let value = self.ucb(c, exploration);
                if value > best_value {
                    best = c;
                    best_value = value;
                }
            }
            let Some(action) = self.nodes.get(best as usize).and_then(|n| n.action) else {
                break;
            };
            if world.apply_listed(action, &mut self.scratch.log).is_err() {
                break;
            }
            node = best;
            self.path.push(node);
        }
        self.rollout_steps += u64::from(rollout.play(&mut world, &mut self.scratch, rng));
        // Back up each edge's reward for the seat that chose it; each seat's reward is worked
        // out once (evaluations can be costly).
        let mut known: [Option<f64>; Seat::MAX as usize] = [None; Seat::MAX as usize];
        for &n in &self.path {
            let seat = self.nodes[n as usize].seat;
            let slot = known.get_mut(seat.index());
            let r = match slot {
                Some(Some(r)) => *r,
                Some(slot) => *slot.insert(reward(&world, seat)),
                None => reward(&world, seat),
            };
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += r;
        }
        self.nodes[0].visits += 1;
    }

    /// The root's children: action, visits, summed reward, in the order they were expanded.
    pub fn root_edges(&self) -> impl Iterator<Item = RootEdge<G::Action>> + '_ {
        let mut edges: Vec<u32> = self.children(0).collect();
        // Children are linked newest first; report them oldest first.
        edges.reverse();
        edges.into_iter().filter_map(|c| {
            let n = &self.nodes[c as usize];
            Some(RootEdge {
                action: n.action?,
                visits: n.visits,
                reward: n.reward,
            })
        })
    }
}
