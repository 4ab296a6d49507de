//! SYS-FIRE-ALLOC (spec 5.3; rules 6.31, 6.33, 6.34, 14.11, 14.12, AMB-51): which US units each
//! firing German position hits, given every way it could hit one (SYS-FIRE-CANDIDATES).
//!
//! [`allocate`] is a pure function of the positions' hit limits and the candidates. It knows
//! nothing of the map or the state; the caller builds the candidates (T2, 6.35, 6.36), applies
//! the hits (6.32, 6.33) and then the star hits on leaders (11.41) with [`Allocation::unused`].
//!
//! The priority rules of basic and extended mode, the algorithm (a max-flow oracle with a
//! witness) and the proof that it answers every question right are in
//! `docs/omaha/fire-allocation.md`.

use std::cmp::Reverse;
use std::ops::Range;

use crate::data::FireLevel;

/// One way a firing position can hit one US unit (SYS-FIRE-CANDIDATES).
///
/// `loses_step` and `disrupts` are the hit's **effective** effects (AMB-51): the caller clears
/// `disrupts` for a unit that is already disrupted and `loses_step` for a unit that already lost
/// its step of the phase (basic mode), and drops the candidate if nothing is left. A candidate
/// with neither effect, or with a position outside `capacities`, is ignored. If a position has
/// several candidates for one unit, only its highest-priority one counts (a position hits a
/// unit at most once, 14.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// Index of the firing position in the caller's list (positions are examined in that order,
    /// which the caller makes SYS-GER-ORDER).
    pub position: usize,
    /// The US unit, by any id the caller likes; ties are settled by the lowest id.
    pub unit: usize,
    /// The fire level of the unit's hex for this position (after Plunging Fire).
    pub level: FireLevel,
    /// Distance from the position (its nearest hex) to the unit's hex.
    pub distance: u32,
    /// The unit's current steps.
    pub steps: u8,
    /// The hit makes the unit lose a step.
    pub loses_step: bool,
    /// The hit disrupts the unit.
    pub disrupts: bool,
}

impl Candidate {
    /// The 6.31 priority key: the smaller key is hit first (level, then nearest, then most
    /// steps). Equal keys are the player's choice (G-FIRE-TIE).
    pub fn key(&self) -> (FireLevel, u32, Reverse<u8>) {
        (self.level, self.distance, Reverse(self.steps))
    }

    fn effective(&self) -> bool {
        self.loses_step || self.disrupts
    }
}

/// Which allocation rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Turns 1–16: one step per unit per phase, hits spread over as many units as possible (6.34).
    Basic,
    /// Turns 17–32: each position fires on its own (14.12). The caller doubles the
    /// capacities (14.11).
    Extended,
}

/// A choice the rules leave to the player (G-FIRE-TIE): `position` hits `take` more of
/// `candidates`, which have the same key, and any `take` of them would do as well.
///
/// The engine has already picked the lowest unit ids; they are in [`Allocation::hits`]. To let
/// the player choose instead, prompt with the first tie, add the candidate the player picks to
/// the pins and call [`allocate_pinned`] again: the choice can change later ties, so take them
/// one at a time, in order. Candidates already pinned are not in `candidates`, nor in `take`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tie {
    pub position: usize,
    /// Candidate indices, ordered by unit id.
    pub candidates: Vec<usize>,
    pub take: usize,
}

/// The result of [`allocate`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Allocation {
    /// Per position (as in `capacities`): the indices of its chosen candidates, in priority order.
    pub hits: Vec<Vec<usize>>,
    /// Per position: slots it did not use, `c(P) − hits`. A position whose card icon has a star
    /// may spend them on leaders (11.41).
    pub unused: Vec<u8>,
    /// The choices left to the player, in the order they should be asked.
    pub ties: Vec<Tie>,
}

/// SYS-FIRE-ALLOC: choose the hits of every firing position.
///
/// `capacities[p]` is the hit limit c(P) of position `p` (6.31, 6.41; already doubled in
/// extended mode, 14.11). `candidates` are every (position, unit) hit SYS-FIRE-CANDIDATES found.
/// See the module documentation for the rules applied. Never panics.
pub fn allocate(mode: Mode, capacities: &[u8], candidates: &[Candidate]) -> Allocation {
    allocate_pinned(mode, capacities, candidates, &[])
}

/// [`allocate`] with the player's answers to earlier G-FIRE-TIE prompts: `pinned` holds indices
/// into `candidates`, each an option of a [`Tie`] reported with the answers before it. The
/// pinned candidates are hit, and the rest is chosen as [`allocate`] would, with the ties still
/// open reported. Answers offered by ties can always be met together by an optimal allocation,
/// so the result is then as good as [`allocate`]'s (module documentation). An index out of range
/// or of a candidate that no position lists is ignored; pins that no valid allocation can meet
/// together are all ignored. Never panics.
pub fn allocate_pinned(
    mode: Mode,
    capacities: &[u8],
    candidates: &[Candidate],
    pinned: &[usize],
) -> Allocation {
    let groups = priority_groups(capacities, candidates);
    let mut picked = vec![false; candidates.len()];
    for &c in pinned {
        if let Some(p) = picked.get_mut(c) {
            *p = true;
        }
    }
    let (hits, ties) = match mode {
        Mode::Extended => extended(capacities, &groups, &picked),
        Mode::Basic => basic(capacities, candidates, &groups, &picked),
    };
    let unused = capacities
        .iter()
        .zip(&hits)
        .map(|(&c, h)| c.saturating_sub(u8::try_from(h.len()).unwrap_or(u8::MAX)))
        .collect();
    Allocation { hits, unused, ties }
}

/// Per position: its usable candidates in priority order, grouped by equal key, each group in
/// unit order (the engine's choice on a tie), one candidate per unit.
fn priority_groups(capacities: &[u8], candidates: &[Candidate]) -> Vec<Vec<Vec<usize>>> {
    let mut lists: Vec<Vec<(Candidate, usize)>> = vec![Vec::new(); capacities.len()];
    for (i, c) in candidates.iter().enumerate() {
        if let Some(list) = lists.get_mut(c.position)
            && c.effective()
        {
            list.push((*c, i));
        }
    }
    lists
        .into_iter()
        .map(|mut list| {
            list.sort_by_key(|(c, i)| (c.key(), c.unit, *i));
            // Lists hold a few dozen candidates: a scan beats hashing here.
            let mut seen: Vec<usize> = Vec::with_capacity(list.len());
            list.retain(|(c, _)| {
                let first = !seen.contains(&c.unit);
                if first {
                    seen.push(c.unit);
                }
                first
            });
            list.chunk_by(|(a, _), (b, _)| a.key() == b.key())
                .map(|g| g.iter().map(|&(_, i)| i).collect())
                .collect()
        })
        .collect()
}

/// Extended mode: each position takes its first c(P) candidates (14.12); within a key group
/// the player's picks first, then the lowest unit ids.
fn extended(
    capacities: &[u8],
    groups: &[Vec<Vec<usize>>],
    picked: &[bool],
) -> (Vec<Vec<usize>>, Vec<Tie>) {
    let is_picked = |c: &usize| picked.get(*c).copied().unwrap_or(false);
    let mut hits = Vec::with_capacity(groups.len());
    let mut ties = Vec::new();
    for (position, (&capacity, groups)) in capacities.iter().zip(groups).enumerate() {
        let mut left = usize::from(capacity);
        let mut chosen = Vec::new();
        for group in groups {
            if left == 0 {
                break;
            }
            let take = left.min(group.len());
            let pins = group.iter().filter(|c| is_picked(c)).count().min(take);
            let (mut pins_left, mut free_left) = (pins, take - pins);
            for &c in group {
                let slot = if is_picked(&c) {
                    &mut pins_left
                } else {
                    &mut free_left
                };
                if *slot > 0 {
                    *slot -= 1;
                    chosen.push(c);
                }
            }
            let open: Vec<usize> = group.iter().copied().filter(|c| !is_picked(c)).collect();
            if take > pins && take - pins < open.len() {
                ties.push(Tie {
                    position,
                    candidates: open,
                    take: take - pins,
                });
            }
            left -= take;
        }
        hits.push(chosen);
    }
    (hits, ties)
}

/// Basic mode (6.34), split into independent parts.
///
/// Positions that share no candidate unit cannot affect each other's choices: objectives 1 and
/// 2 are sums over the parts, objective 3 fixes each position's counts in turn and a count in
/// one part never limits another, and a tie's options depend only on the pins of its own part.
/// So solving each part on its own and putting the results back in position order gives
/// exactly the answer of the whole. A position alone in its part needs no flow at all
/// ([`single_position`]); the rest go to the flow oracle, each on a network of its own size
/// (the oracle's cost grows with the product of flow and network size). The proptest
/// `prop_parts_match_the_whole` checks this against the oracle run on the whole problem.
fn basic(
    capacities: &[u8],
    candidates: &[Candidate],
    groups: &[Vec<Vec<usize>>],
    picked: &[bool],
) -> (Vec<Vec<usize>>, Vec<Tie>) {
    let parts = parts(candidates, groups);
    let mut hits = vec![Vec::new(); groups.len()];
    let mut ties = Vec::new();
    for part in parts {
        let solved = match part.as_slice() {
            [p] => single_position(
                *p,
                capacities.get(*p).copied().unwrap_or(0),
                candidates,
                groups.get(*p).map_or(&[][..], Vec::as_slice),
                picked,
            ),
            _ => None,
        };
        let (part_hits, part_ties) = solved.unwrap_or_else(|| {
            let caps: Vec<u8> = part
                .iter()
                .map(|&p| capacities.get(p).copied().unwrap_or(0))
                .collect();
            let sub: Vec<Vec<Vec<usize>>> = part
                .iter()
                .map(|&p| groups.get(p).cloned().unwrap_or_default())
                .collect();
            let (h, mut t) = Basic::new(&caps, candidates, &sub, picked.to_vec()).allocate();
            for tie in &mut t {
                tie.position = part.get(tie.position).copied().unwrap_or(tie.position);
            }
            (h, t)
        });
        for (&p, h) in part.iter().zip(part_hits) {
            if let Some(slot) = hits.get_mut(p) {
                *slot = h;
            }
        }
        ties.extend(part_ties);
    }
    // Ties are asked position by position; within a position they already come in key order.
    ties.sort_by_key(|t| t.position);
    (hits, ties)
}

/// The positions, split into parts that share no candidate unit (connected components of
/// "fires on the same unit"), each part in position order. Positions with no candidate are
/// left out: they hit nothing.
fn parts(candidates: &[Candidate], groups: &[Vec<Vec<usize>>]) -> Vec<Vec<usize>> {
    // Union-find over positions; a few dozen positions at most, so no ranks.
    let mut parent: Vec<usize> = (0..groups.len()).collect();
    fn root(parent: &mut [usize], mut p: usize) -> usize {
        while let Some(&q) = parent.get(p) {
            if q == p {
                break;
            }
            let grand = parent.get(q).copied().unwrap_or(q);
            if let Some(slot) = parent.get_mut(p) {
                *slot = grand;
            }
            p = grand;
        }
        p
    }
    // (unit, position) of every listed candidate: sorted, equal units are neighbours.
    let mut owners: Vec<(usize, usize)> = groups
        .iter()
        .enumerate()
        .flat_map(|(p, g)| {
            g.iter()
                .flatten()
                .filter_map(move |&c| candidates.get(c).map(|x| (x.unit, p)))
        })
        .collect();
    owners.sort_unstable();
    for pair in owners.windows(2) {
        if let [(u, p), (v, q)] = *pair
            && u == v
        {
            let (a, b) = (root(&mut parent, p), root(&mut parent, q));
            if let Some(slot) = parent.get_mut(a.max(b)) {
                *slot = a.min(b);
            }
        }
    }
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut part_of_root = vec![usize::MAX; groups.len()];
    for (p, g) in groups.iter().enumerate() {
        if g.is_empty() {
            continue;
        }
        let r = root(&mut parent, p);
        match part_of_root.get(r).copied() {
            Some(i) if i != usize::MAX => {
                if let Some(part) = parts.get_mut(i) {
                    part.push(p);
                }
            }
            _ => {
                if let Some(slot) = part_of_root.get_mut(r) {
                    *slot = parts.len();
                }
                parts.push(vec![p]);
            }
        }
    }
    parts
}

/// Basic mode for a position that shares no unit with another: every candidate is a unit of
/// its own, so the optimum is known without a flow. Objective 1 takes s = min(c, step hits)
/// candidates that lose a step, objective 2 adds d = min(c, all) − s that only disrupt, and
/// objective 3 takes, group by group in key order, as many of each kind as the two quotas
/// still allow (the split of a group's count between the kinds is then forced). Any member of
/// a kind the group still takes can be chosen, so the options of a tie are the members of the
/// kinds with room left, and the engine's picks are the lowest unit ids of each kind.
///
/// `None` when the player's pins do not fit this optimum (pins never offered): the flow oracle
/// then finds the best allocation that holds them.
fn single_position(
    position: usize,
    capacity: u8,
    candidates: &[Candidate],
    groups: &[Vec<usize>],
    picked: &[bool],
) -> Option<(Vec<Vec<usize>>, Vec<Tie>)> {
    let loses_step = |c: usize| candidates.get(c).is_some_and(|x| x.loses_step);
    let is_picked = |c: usize| picked.get(c).copied().unwrap_or(false);
    let capacity = usize::from(capacity);
    let all = groups.iter().map(Vec::len).sum::<usize>();
    let stepping = groups.iter().flatten().filter(|&&c| loses_step(c)).count();
    let mut steps_left = capacity.min(stepping);
    let mut disruptions_left = capacity.min(all) - steps_left;
    let mut hits = Vec::new();
    let mut ties = Vec::new();
    for members in groups {
        let kind = |step: bool| members.iter().filter(move |&&c| loses_step(c) == step);
        let take_steps = kind(true).count().min(steps_left);
        let take_disruptions = kind(false).count().min(disruptions_left);
        steps_left -= take_steps;
        disruptions_left -= take_disruptions;
        let picked_steps = kind(true).filter(|&&c| is_picked(c)).count();
        let picked_disruptions = kind(false).filter(|&&c| is_picked(c)).count();
        if picked_steps > take_steps || picked_disruptions > take_disruptions {
            return None;
        }
        // Room left in each kind once the player's picks hold their places.
        let mut room = [
            take_disruptions - picked_disruptions,
            take_steps - picked_steps,
        ];
        let open = room[0] + room[1];
        let options: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&c| !is_picked(c) && room[usize::from(loses_step(c))] > 0)
            .collect();
        if open > 0 && options.len() > open {
            ties.push(Tie {
                position,
                candidates: options,
                take: open,
            });
        }
        for &c in members {
            let slot = &mut room[usize::from(loses_step(c))];
            if is_picked(c) {
                hits.push(c);
            } else if *slot > 0 {
                *slot -= 1;
                hits.push(c);
            }
        }
    }
    Some((vec![hits], ties))
}

/// The positions from `first` on whose objective-3 counts one oracle call can settle: as many
/// as the weights of [`lex_weights`] allow (at least `first` itself).
fn lex_batch(capacities: &[u8], groups: &[Vec<Vec<usize>>], first: usize) -> Range<usize> {
    let mut end = first + 1;
    while end < groups.len() && lex_total(capacities, groups, first..end + 1).is_some() {
        end += 1;
    }
    first..end
}

/// Gains for the key groups of `batch` (per position, per group) whose order is the
/// lexicographic order of the groups' hit counts, positions in order, groups in key order.
///
/// Position P hits at most c(P) units, so each of its counts is a digit below c(P) + 1: with
/// that radix for P's digits, the weight of a digit is the product of the radices of every
/// later digit, and the weighted sum writes the counts as one mixed-radix number, compared
/// digit by digit. Only meaningful when [`lex_total`] accepts the batch.
fn lex_weights(
    capacities: &[u8],
    groups: &[Vec<Vec<usize>>],
    batch: Range<usize>,
) -> Vec<Vec<i64>> {
    let mut weights: Vec<Vec<i64>> = batch
        .clone()
        .map(|q| vec![1; groups.get(q).map_or(0, Vec::len)])
        .collect();
    let mut weight = 1i64;
    for (q, slots) in batch.zip(weights.iter_mut()).rev() {
        let radix = i64::from(capacities.get(q).copied().unwrap_or(0)) + 1;
        for slot in slots.iter_mut().rev() {
            *slot = weight;
            weight = weight.saturating_mul(radix);
        }
    }
    weights
}

/// The largest total gain of [`lex_weights`] over `batch`, or `None` above 2^32 (the oracle's
/// tiers above objective 3 must stay within `i64`).
fn lex_total(capacities: &[u8], groups: &[Vec<Vec<usize>>], batch: Range<usize>) -> Option<i64> {
    const LIMIT: i64 = 1 << 32;
    let mut weight = 1i64;
    let mut total = 0i64;
    for q in batch.rev() {
        let radix = i64::from(capacities.get(q).copied().unwrap_or(0)) + 1;
        for members in groups.get(q).into_iter().flatten().rev() {
            total = total.checked_add(weight.checked_mul(i64::try_from(members.len()).ok()?)?)?;
            weight = weight.checked_mul(radix)?;
        }
    }
    (total <= LIMIT).then_some(total)
}

/// How the oracle treats the arc of one key group of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GroupRule {
    /// Not decided yet: any number of its members.
    Open,
    /// Being decided: each member hit gains this much (below objectives 1 and 2). Several
    /// groups of one position are decided together with weights that make the gain order the
    /// lexicographic order of their counts.
    Weighted(i64),
    /// Decided: exactly this many of its members.
    Fixed(usize),
}

/// How the oracle treats one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pin {
    Free,
    In,
    Out,
}

/// One answer of the oracle: a valid allocation and its objectives 1 and 2.
#[derive(Clone, Debug)]
struct Solution {
    chosen: Vec<bool>,
    score: (usize, usize),
}

impl Solution {
    fn has(&self, c: usize) -> bool {
        self.chosen.get(c).copied().unwrap_or(false)
    }

    fn count(&self, members: &[usize]) -> usize {
        members.iter().filter(|&&c| self.has(c)).count()
    }
}

/// Basic mode (6.34): the problem and its flow oracle.
struct Basic<'a> {
    capacities: &'a [u8],
    candidates: &'a [Candidate],
    groups: &'a [Vec<Vec<usize>>],
    /// Per candidate index: the dense index of its unit.
    unit_of: Vec<usize>,
    units: usize,
    /// Candidates that appear in some group.
    listed: usize,
    group_rule: Vec<Vec<GroupRule>>,
    pin: Vec<Pin>,
    /// Per candidate index: the player pinned it (G-FIRE-TIE).
    picked: Vec<bool>,
}

impl<'a> Basic<'a> {
    fn new(
        capacities: &'a [u8],
        candidates: &'a [Candidate],
        groups: &'a [Vec<Vec<usize>>],
        mut picked: Vec<bool>,
    ) -> Self {
        // Only listed candidates can be pinned: the others take part in no allocation.
        let mut listed_ones = vec![false; candidates.len()];
        for &c in groups.iter().flatten().flatten() {
            if let Some(l) = listed_ones.get_mut(c) {
                *l = true;
            }
        }
        for (p, l) in picked.iter_mut().zip(&listed_ones) {
            *p &= *l;
        }
        let pin = picked
            .iter()
            .map(|&p| if p { Pin::In } else { Pin::Free })
            .collect();
        // Only the units of listed candidates take part: a sub-problem (one group of positions
        // that share units) gets a network of its own units alone.
        let mut ids: Vec<usize> = groups
            .iter()
            .flatten()
            .flatten()
            .filter_map(|&c| candidates.get(c).map(|x| x.unit))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let unit_of = candidates
            .iter()
            .map(|c| ids.binary_search(&c.unit).unwrap_or(0))
            .collect();
        Basic {
            capacities,
            candidates,
            groups,
            unit_of,
            units: ids.len(),
            listed: groups.iter().flatten().map(Vec::len).sum(),
            group_rule: groups
                .iter()
                .map(|g| vec![GroupRule::Open; g.len()])
                .collect(),
            pin,
            picked,
        }
    }

    fn is_picked(&self, c: usize) -> bool {
        self.picked.get(c).copied().unwrap_or(false)
    }

    /// Objectives 1 and 2 of a set of hits: units losing a step, units affected.
    fn score(&self, chosen: &[bool]) -> (usize, usize) {
        let mut stepped = vec![false; self.units];
        let mut affected = vec![false; self.units];
        for (c, _) in chosen.iter().enumerate().filter(|(_, on)| **on) {
            let (Some(candidate), Some(&u)) = (self.candidates.get(c), self.unit_of.get(c)) else {
                continue;
            };
            if let Some(a) = affected.get_mut(u) {
                *a = true;
            }
            if let Some(s) = stepped.get_mut(u) {
                *s |= candidate.loses_step;
            }
        }
        (
            stepped.iter().filter(|s| **s).count(),
            affected.iter().filter(|a| **a).count(),
        )
    }

    /// The oracle: a valid allocation that respects the current rules and pins, has the best
    /// objectives 1 and 2 among those, and then the most hits in the `Current` group. `None` if
    /// the rules and pins cannot all be met.
    fn solve(&self) -> Option<Solution> {
        let big = |n: usize| i64::try_from(n).unwrap_or(i64::MAX).saturating_add(1);
        // Objective 2 must outweigh every weighted gain together.
        let weighted: i64 = self
            .group_rule
            .iter()
            .zip(self.groups)
            .flat_map(|(rules, groups)| rules.iter().zip(groups))
            .map(|(rule, members)| match rule {
                GroupRule::Weighted(w) => {
                    w.saturating_mul(i64::try_from(members.len()).unwrap_or(i64::MAX))
                }
                _ => 0,
            })
            .fold(0, i64::saturating_add);
        let r2 = big(self.listed).max(weighted.saturating_add(1));
        let r1 = r2.saturating_mul(big(self.units));
        let fixed = r1.saturating_mul(big(self.units));

        let group_count: usize = self.groups.iter().map(Vec::len).sum();
        let positions = self.groups.len();
        let (source, sink) = (0, 1);
        let first_group = 2 + positions;
        let first_candidate = first_group + group_count;
        let first_unit = first_candidate + self.listed;
        let step = |u: usize| first_unit + 3 * u;
        let disrupt = |u: usize| first_unit + 3 * u + 1;
        let unit = |u: usize| first_unit + 3 * u + 2;
        let arc_estimate = positions + group_count + 3 * self.listed + 4 * self.units;
        let mut net = Network::new(first_unit + 3 * self.units, arc_estimate);

        let mut arcs: Vec<(usize, usize)> = Vec::with_capacity(self.listed);
        let mut rules: Vec<(GroupRule, usize, &[usize])> = Vec::with_capacity(group_count);
        let mut group_node = first_group;
        let mut candidate_node = first_candidate;
        for (p, groups) in self.groups.iter().enumerate() {
            let capacity = self.capacities.get(p).copied().unwrap_or(0);
            net.add(source, 2 + p, u32::from(capacity), 0);
            for (g, members) in groups.iter().enumerate() {
                let rule = self
                    .group_rule
                    .get(p)
                    .and_then(|r| r.get(g))
                    .copied()
                    .unwrap_or(GroupRule::Open);
                let len = u32::try_from(members.len()).unwrap_or(u32::MAX);
                let (cap, gain) = match rule {
                    GroupRule::Open => (len, 0),
                    GroupRule::Weighted(w) => (len, w),
                    GroupRule::Fixed(k) => (u32::try_from(k).unwrap_or(u32::MAX), fixed),
                };
                let group_arc = net.add(2 + p, group_node, cap, gain);
                rules.push((rule, group_arc, members));
                for &c in members {
                    let node = candidate_node;
                    candidate_node += 1;
                    let pin = self.pin.get(c).copied().unwrap_or(Pin::Free);
                    let (Some(candidate), Some(&u)) = (self.candidates.get(c), self.unit_of.get(c))
                    else {
                        continue;
                    };
                    if pin == Pin::Out {
                        continue;
                    }
                    let gain = if pin == Pin::In { fixed } else { 0 };
                    // A hit with one effect goes straight to its slot: a node with one arc in
                    // and one out, both of capacity 1, carries the same flows as the two arcs
                    // made one, and the smaller network is searched faster.
                    let arc = match (candidate.loses_step, candidate.disrupts) {
                        (true, true) => {
                            let arc = net.add(group_node, node, 1, gain);
                            net.add(node, step(u), 1, 0);
                            net.add(node, disrupt(u), 1, 0);
                            arc
                        }
                        (true, false) => net.add(group_node, step(u), 1, gain),
                        (false, true) => net.add(group_node, disrupt(u), 1, gain),
                        (false, false) => continue,
                    };
                    arcs.push((c, arc));
                }
                group_node += 1;
            }
        }
        for u in 0..self.units {
            net.add(step(u), unit(u), 1, r1);
            net.add(disrupt(u), unit(u), 1, 0);
            net.add(unit(u), sink, 1, r2);
            net.add(unit(u), sink, 1, 0);
        }
        net.maximise(source, sink);

        let mut chosen = vec![false; self.candidates.len()];
        for &(c, arc) in &arcs {
            if let Some(slot) = chosen.get_mut(c) {
                *slot = net.flow(arc) > 0;
            }
        }
        let solution = Solution {
            score: self.score(&chosen),
            chosen,
        };
        let pins_met = self
            .pin
            .iter()
            .enumerate()
            .all(|(c, pin)| *pin != Pin::In || solution.has(c));
        let groups_met = rules.iter().all(|(rule, _, members)| match rule {
            GroupRule::Fixed(k) => solution.count(members) == *k,
            _ => true,
        });
        (pins_met && groups_met).then_some(solution)
    }

    fn allocate(mut self) -> (Vec<Vec<usize>>, Vec<Tie>) {
        // The first call already settles objective 3 for the first batch of positions: the
        // weights sit below objectives 1 and 2, so its score is still their optimum.
        let first_batch = Some(lex_batch(self.capacities, self.groups, 0)).filter(|b| {
            !self.groups.is_empty() && lex_total(self.capacities, self.groups, b.clone()).is_some()
        });
        if let Some(batch) = first_batch.clone() {
            self.weigh(batch);
        }
        let first = match self.solve() {
            Some(s) => Some(s),
            // Answers no allocation holds together were never offered: drop them all.
            None if self.picked.iter().any(|&p| p) => {
                self.picked.fill(false);
                self.pin.fill(Pin::Free);
                self.solve()
            }
            None => None,
        };
        let Some(mut witness) = first else {
            return (vec![Vec::new(); self.groups.len()], Vec::new());
        };
        let best = witness.score;
        let optimal = |s: Option<Solution>| s.filter(|s| s.score == best);

        // Objective 3: the count of each key group, positions in order, groups in key order.
        let mut p = 0;
        if let Some(batch) = first_batch {
            self.fix(batch.clone(), &witness);
            p = batch.end;
        }
        while let Some(groups) = self.groups.get(p) {
            let capacity = usize::from(self.capacities.get(p).copied().unwrap_or(0));
            // The witness may already reach the greedy bound in every group: nothing to ask.
            let mut left = capacity;
            let reached = groups.iter().all(|members| {
                let k = witness.count(members);
                let most = members.len().min(left);
                left = left.saturating_sub(k);
                k >= most
            });
            let batch = if reached {
                p..p + 1
            } else {
                let batch = lex_batch(self.capacities, self.groups, p);
                if lex_total(self.capacities, self.groups, batch.clone()).is_some() {
                    // One oracle call for the whole batch of positions.
                    self.weigh(batch.clone());
                    if let Some(s) = optimal(self.solve()) {
                        witness = s;
                    }
                } else {
                    // A position with too many groups for the weights: one group at a time.
                    let mut left = capacity;
                    for (g, members) in groups.iter().enumerate() {
                        let most = members.len().min(left);
                        let mut k = witness.count(members);
                        if k < most {
                            self.set_group(p, g, GroupRule::Weighted(1));
                            if let Some(s) = optimal(self.solve()) {
                                k = s.count(members);
                                witness = s;
                            }
                        }
                        self.set_group(p, g, GroupRule::Fixed(k));
                        left = left.saturating_sub(k);
                    }
                }
                batch
            };
            self.fix(batch.clone(), &witness);
            p = batch.end;
        }

        // The player's choices (G-FIRE-TIE): lowest unit id first, reporting real choices.
        let mut ties = Vec::new();
        for (p, groups) in self.groups.iter().enumerate() {
            for members in groups {
                let take = witness.count(members);
                if take == 0 || take == members.len() {
                    for &c in members {
                        self.set_pin(c, if witness.has(c) { Pin::In } else { Pin::Out });
                    }
                    continue;
                }
                // The player's picks hold their places first; the witness holds them all.
                let mut taken = members.iter().filter(|&&c| self.is_picked(c)).count();
                let mut options = Vec::new();
                for &c in members {
                    if !self.is_picked(c)
                        && (witness.has(c)
                            || self.swap_in(&witness, c, members, best).is_some()
                            || self.feasible_with(c, &optimal))
                    {
                        options.push(c);
                    }
                }
                let open = take.saturating_sub(taken);
                if open > 0 && options.len() > open {
                    ties.push(Tie {
                        position: p,
                        candidates: options.clone(),
                        take: open,
                    });
                }
                for &c in members {
                    if self.is_picked(c) {
                        continue;
                    }
                    if taken < take && options.contains(&c) {
                        self.set_pin(c, Pin::In);
                        if witness.has(c) {
                            taken += 1;
                            continue;
                        }
                        if let Some(s) = self
                            .swap_in(&witness, c, members, best)
                            .or_else(|| optimal(self.solve()))
                        {
                            witness = s;
                            taken += 1;
                            continue;
                        }
                    }
                    self.set_pin(c, Pin::Out);
                }
            }
        }

        let hits = self
            .groups
            .iter()
            .map(|groups| {
                groups
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|&c| witness.has(c))
                    .collect()
            })
            .collect();
        (hits, ties)
    }

    /// A cheap proof that candidate `c` fits an optimal allocation under the current rules and
    /// pins, without asking the oracle: if no hit of the witness touches `c`'s unit, trading a
    /// member of the same key group for `c` keeps every group count (objective 3) and every pin
    /// (the traded member is not pinned in), and gives a valid set of hits (the unit of `c` gets
    /// one hit, the other unit one fewer). The trade is kept only if objectives 1 and 2 stay at
    /// their optimum `best`, so a `Some` is always right; a `None` proves nothing and the
    /// oracle is asked. In a tie this settles most options: the units a position could not
    /// reach are usually hit by nobody.
    fn swap_in(
        &self,
        witness: &Solution,
        c: usize,
        members: &[usize],
        best: (usize, usize),
    ) -> Option<Solution> {
        let candidate = self.candidates.get(c)?;
        let unit = self.unit_of.get(c)?;
        if self.pin.get(c) == Some(&Pin::Out) {
            return None;
        }
        let touched = witness
            .chosen
            .iter()
            .zip(&self.unit_of)
            .any(|(&on, u)| on && u == unit);
        if touched {
            return None;
        }
        members
            .iter()
            .copied()
            .filter(|&out| {
                out != c
                    && witness.has(out)
                    && self.pin.get(out) != Some(&Pin::In)
                    && (candidate.loses_step
                        || !self.candidates.get(out).is_some_and(|o| o.loses_step))
            })
            .find_map(|out| {
                let mut chosen = witness.chosen.clone();
                if let Some(slot) = chosen.get_mut(out) {
                    *slot = false;
                }
                if let Some(slot) = chosen.get_mut(c) {
                    *slot = true;
                }
                let score = self.score(&chosen);
                (score == best).then_some(Solution { chosen, score })
            })
    }

    /// Whether an optimal allocation hits with candidate `c` under the current rules.
    fn feasible_with(
        &mut self,
        c: usize,
        optimal: &impl Fn(Option<Solution>) -> Option<Solution>,
    ) -> bool {
        self.set_pin(c, Pin::In);
        let found = optimal(self.solve()).is_some();
        self.set_pin(c, Pin::Free);
        found
    }

    /// Objective 3 for `batch` in the next oracle call ([`lex_weights`]).
    fn weigh(&mut self, batch: Range<usize>) {
        let weights = lex_weights(self.capacities, self.groups, batch.clone());
        for (q, weights) in batch.zip(weights) {
            for (g, w) in weights.into_iter().enumerate() {
                self.set_group(q, g, GroupRule::Weighted(w));
            }
        }
    }

    /// Holds the group counts of `batch` at the witness's from now on.
    fn fix(&mut self, batch: Range<usize>, witness: &Solution) {
        for q in batch {
            let Some(groups) = self.groups.get(q) else {
                continue;
            };
            for (g, members) in groups.iter().enumerate() {
                self.set_group(q, g, GroupRule::Fixed(witness.count(members)));
            }
        }
    }

    fn set_group(&mut self, p: usize, g: usize, rule: GroupRule) {
        if let Some(r) = self.group_rule.get_mut(p).and_then(|r| r.get_mut(g)) {
            *r = rule;
        }
    }

    fn set_pin(&mut self, c: usize, pin: Pin) {
        if let Some(slot) = self.pin.get_mut(c) {
            *slot = pin;
        }
    }
}

/// A flow network for maximum-gain flow by successive shortest paths.
///
/// Adjacency is kept as intrusive linked lists in flat vectors (the classic arc-list layout)
/// rather than one `Vec` per node: a network is built for every oracle call of every Fire Phase
/// of every playout, and one allocation per node was the simulator's largest malloc cost.
struct Network {
    /// Arc `2k` and its residual twin `2k + 1`: head node, residual capacity, cost = −gain.
    head: Vec<u32>,
    capacity: Vec<u32>,
    cost: Vec<i64>,
    /// The next arc out of the same tail node, or `NONE`.
    next: Vec<u32>,
    /// Per node: its first outgoing arc, or `NONE`.
    first: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Network {
    fn new(nodes: usize, arcs: usize) -> Self {
        Network {
            head: Vec::with_capacity(2 * arcs),
            capacity: Vec::with_capacity(2 * arcs),
            cost: Vec::with_capacity(2 * arcs),
            next: Vec::with_capacity(2 * arcs),
            first: vec![NONE; nodes],
        }
    }

    fn push_arc(&mut self, from: usize, to: usize, capacity: u32, cost: i64) {
        let id = u32::try_from(self.head.len()).unwrap_or(NONE);
        self.head.push(u32::try_from(to).unwrap_or(NONE));
        self.capacity.push(capacity);
        self.cost.push(cost);
        let next = match self.first.get_mut(from) {
            Some(first) => std::mem::replace(first, id),
            None => NONE,
        };
        self.next.push(next);
    }

    /// Adds an arc and returns its id.
    fn add(&mut self, from: usize, to: usize, capacity: u32, gain: i64) -> usize {
        // An arc to a node that does not exist would be a bug of the caller: leave it out (its
        // flow reads as 0) rather than index past the end later.
        if from >= self.first.len() || to >= self.first.len() {
            return usize::MAX;
        }
        let id = self.head.len();
        self.push_arc(from, to, capacity, gain.saturating_neg());
        self.push_arc(to, from, 0, gain);
        id
    }

    /// The flow on arc `id`.
    fn flow(&self, id: usize) -> u32 {
        self.capacity.get(id ^ 1).copied().unwrap_or(0)
    }

    /// Pushes flow along cheapest (most gaining) paths while a path gains anything. The
    /// network starts acyclic and successive shortest paths keep the residual network free of
    /// negative cycles, so Bellman-Ford is exact and the result is a maximum-gain flow.
    fn maximise(&mut self, source: usize, sink: usize) {
        const UNREACHED: i64 = i64::MAX;
        let nodes = self.first.len();
        if source >= nodes || sink >= nodes {
            return;
        }
        // Each augmentation moves at least one unit; the bound only guards against a bug.
        let mut rounds = self.head.len() + 1;
        // One set of buffers for every round.
        let mut dist = vec![UNREACHED; nodes];
        let mut via: Vec<u32> = vec![NONE; nodes];
        let mut queued = vec![false; nodes];
        let mut queue: Vec<usize> = Vec::with_capacity(4 * nodes);
        while rounds > 0 {
            rounds -= 1;
            dist.fill(UNREACHED);
            via.fill(NONE);
            queued.fill(false);
            dist[source] = 0;
            queue.clear();
            queue.push(source);
            queued[source] = true;
            let mut front = 0;
            let mut budget = nodes.saturating_mul(self.head.len()).saturating_add(nodes);
            while let Some(&v) = queue.get(front) {
                if budget == 0 {
                    return;
                }
                budget -= 1;
                front += 1;
                queued[v] = false;
                let dv = dist[v];
                let mut a = self.first[v];
                while a != NONE {
                    let i = a as usize;
                    a = self.next[i];
                    let w = self.head[i] as usize;
                    let nd = dv.saturating_add(self.cost[i]);
                    if self.capacity[i] == 0 || dist[w] <= nd {
                        continue;
                    }
                    dist[w] = nd;
                    via[w] = a_index(i);
                    if !queued[w] {
                        queued[w] = true;
                        queue.push(w);
                    }
                }
            }
            if dist[sink] == UNREACHED || dist[sink] >= 0 {
                return;
            }
            // Walk the path back twice: once for its bottleneck, once to push.
            let mut push = u32::MAX;
            let mut v = sink;
            let mut length = 0;
            while v != source {
                let a = via[v] as usize;
                push = push.min(self.capacity[a]);
                v = self.head[a ^ 1] as usize;
                length += 1;
                if length > nodes {
                    return;
                }
            }
            let mut v = sink;
            while v != source {
                let a = via[v] as usize;
                self.capacity[a] -= push;
                self.capacity[a ^ 1] += push;
                v = self.head[a ^ 1] as usize;
            }
        }
    }
}

/// An arc index as stored in the network (networks have far fewer than 2^32 arcs).
fn a_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FireLevel::{Intense, Moderate, Sporadic};
    use proptest::prelude::*;

    /// A candidate that makes the unit lose a step (WN or revealed position, T2).
    fn step(position: usize, unit: usize, level: FireLevel, distance: u32, steps: u8) -> Candidate {
        Candidate {
            position,
            unit,
            level,
            distance,
            steps,
            loses_step: true,
            disrupts: false,
        }
    }

    /// A candidate that only disrupts (Sporadic, T2).
    fn disrupt(position: usize, unit: usize, distance: u32, steps: u8) -> Candidate {
        Candidate {
            position,
            unit,
            level: Sporadic,
            distance,
            steps,
            loses_step: false,
            disrupts: true,
        }
    }

    /// A candidate from an unrevealed position: step loss and disruption (T2).
    fn both(position: usize, unit: usize, level: FireLevel, distance: u32, steps: u8) -> Candidate {
        Candidate {
            position,
            unit,
            level,
            distance,
            steps,
            loses_step: true,
            disrupts: true,
        }
    }

    /// The units each position hits, in its priority order.
    fn units(a: &Allocation, cs: &[Candidate]) -> Vec<Vec<usize>> {
        a.hits
            .iter()
            .map(|h| h.iter().map(|&c| cs[c].unit).collect())
            .collect()
    }

    #[test]
    fn t_6_31_hit_limit_priority() {
        // One position, limit 3: Intense first, then Moderate nearest, then most steps.
        let cs = [
            step(0, 1, Moderate, 1, 1),
            disrupt(0, 2, 1, 3),
            step(0, 3, Moderate, 1, 3),
            step(0, 4, Intense, 4, 1),
            step(0, 5, Moderate, 2, 3),
        ];
        for mode in [Mode::Basic, Mode::Extended] {
            let a = allocate(mode, &[3], &cs);
            assert_eq!(units(&a, &cs), vec![vec![4, 3, 1]], "{mode:?}");
            assert_eq!(a.unused, vec![0]);
            assert!(a.ties.is_empty());
        }
    }

    #[test]
    fn t_6_31_ordering_keys() {
        // Level beats distance, distance beats steps, more steps first.
        let level = [step(0, 1, Moderate, 1, 3), step(0, 2, Intense, 5, 1)];
        let distance = [step(0, 1, Moderate, 2, 3), step(0, 2, Moderate, 1, 1)];
        let steps = [step(0, 1, Moderate, 2, 1), step(0, 2, Moderate, 2, 2)];
        let sporadic = [disrupt(0, 1, 1, 3), step(0, 2, Moderate, 5, 1)];
        for mode in [Mode::Basic, Mode::Extended] {
            for cs in [level, distance, steps, sporadic] {
                assert_eq!(
                    units(&allocate(mode, &[1], &cs), &cs),
                    vec![vec![2]],
                    "{mode:?} {cs:?}"
                );
            }
        }
        assert!(Candidate::key(&level[1]) < Candidate::key(&level[0]));
    }

    #[test]
    fn t_6_31_14_11_hit_limits() {
        // The caller gives c(P); extended limits are doubled by the caller (14.11).
        let cs: Vec<Candidate> = (0..6).map(|u| step(0, u, Intense, 1, 3)).collect();
        for (cap, mode) in [
            (1, Mode::Basic),
            (2, Mode::Extended),
            (3, Mode::Basic),
            (6, Mode::Extended),
        ] {
            let a = allocate(mode, &[cap], &cs);
            assert_eq!(a.hits[0].len(), usize::from(cap));
            assert_eq!(a.unused, vec![0]);
        }
        assert_eq!(
            allocate(Mode::Basic, &[0], &cs).hits,
            vec![Vec::<usize>::new()]
        );
    }

    #[test]
    fn t_6_34_spreading_step_losses() {
        // RB L577: A (limit 2) can hit X > Y > Z, B (limit 1) only X.
        let (x, y, z) = (1, 2, 3);
        let cs = [
            step(0, x, Intense, 1, 3),
            step(0, y, Intense, 2, 3),
            step(0, z, Moderate, 1, 3),
            step(1, x, Moderate, 2, 3),
        ];
        let a = allocate(Mode::Basic, &[2, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![y, z], vec![x]]);
        assert!(a.ties.is_empty());
        // Whichever position is examined first.
        let swapped: Vec<Candidate> = cs
            .iter()
            .map(|c| Candidate {
                position: 1 - c.position,
                ..*c
            })
            .collect();
        assert_eq!(
            units(&allocate(Mode::Basic, &[1, 2], &swapped), &swapped),
            vec![vec![x], vec![y, z]]
        );
        // 14.12: extended, same data: A hits X and Y, B hits X (X loses 2 steps, Z none).
        assert_eq!(
            units(&allocate(Mode::Extended, &[2, 1], &cs), &cs),
            vec![vec![x, y], vec![x]]
        );
    }

    #[test]
    fn t_6_34_excess_ignored_when_nowhere_to_go() {
        // Both positions can hit only X: X loses one step; B's hit would change nothing.
        let cs = [step(0, 7, Intense, 1, 3), step(1, 7, Intense, 1, 3)];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![7], vec![]]);
        assert_eq!(a.unused, vec![0, 1]);
        let a = allocate(Mode::Extended, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![7], vec![7]]);
    }

    /// RB L618–624. West card: red single, purple single, green double; symbol ◆. Candidates as
    /// SYS-FIRE-CANDIDATES builds them: red 0728 (limit 2), purple 0531/0631 (limit 3); green
    /// has no depth marker and blue is not on the card, so they do not fire.
    #[test]
    fn t_6_3a_fire_example_1() {
        let (u0427, u0527, u0626, u0333) = (0, 1, 2, 6);
        let cs = [
            step(0, u0427, Intense, 3, 3), // Intense: hit regardless of symbol.
            step(0, u0527, Moderate, 2, 3),
            step(0, u0626, Moderate, 2, 2),
            // Purple: the three ● units in Moderate hexes lack ◆: no candidates.
            disrupt(1, u0333, 2, 3), // Sporadic ◆ Ranger: disrupted.
        ];
        let a = allocate(Mode::Basic, &[2, 3], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u0427, u0527], vec![u0333]]);
        assert_eq!(a.unused, vec![0, 2]);
        assert!(a.ties.is_empty());
    }

    /// RB L628–636. West card: orange, red with tank symbol, blue; symbol ▲.
    #[test]
    fn t_6_3b_fire_example_2() {
        let (u0427, u0328, u0429) = (0, 1, 4);
        let cs = [
            step(0, u0427, Intense, 3, 3),
            step(0, u0328, Moderate, 2, 2), // Armored, but the tank icon makes it non-armored.
            disrupt(0, u0429, 1, 3), // Sporadic ▲: would be disrupted, but the limit is reached.
                                     // Blue: 0333 Ranger ◆ lacks ▲: no candidate.
        ];
        let a = allocate(Mode::Basic, &[2, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u0427, u0328], vec![]]);
        assert_eq!(a.unused, vec![0, 1]);
    }

    #[test]
    fn t_x1_basic_one_step_cap_with_disruption() {
        // A (revealed) takes U's step; unrevealed B (Intense on U) goes to its next candidate.
        let (u, v) = (1, 2);
        let cs = [
            step(0, u, Intense, 1, 3),
            both(1, u, Intense, 1, 3),
            both(1, v, Moderate, 2, 2),
        ];
        assert_eq!(
            units(&allocate(Mode::Basic, &[1, 1], &cs), &cs),
            vec![vec![u], vec![v]]
        );
    }

    #[test]
    fn amb_51_excess_step_still_disrupts() {
        // 6.33 and AMB-51: without another target, B's hit still counts for its disruption (the
        // step goes to A): U loses one step and is disrupted. T-X1's "U is unaffected by B" is
        // read as "U loses no step to B".
        let u = 1;
        let cs = [step(0, u, Intense, 1, 3), both(1, u, Intense, 1, 3)];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u], vec![u]]);
        assert_eq!(a.unused, vec![0, 0]);
    }

    #[test]
    fn t_6_33_disrupted_by_one_step_lost_to_another() {
        let u = 3;
        let cs = [disrupt(0, u, 1, 2), step(1, u, Moderate, 1, 2)];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u], vec![u]]);
    }

    #[test]
    fn amb_51_ineffective_hits_take_no_slot() {
        // B's step-only hit on U changes nothing once A takes U's step: B disrupts W instead,
        // although W is lower in its priority.
        let (u, w) = (1, 2);
        let cs = [
            step(0, u, Intense, 1, 3),
            step(1, u, Intense, 1, 3),
            disrupt(1, w, 1, 3),
        ];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u], vec![w]]);
        // A second disruption-only hit on a unit is never taken either.
        let cs = [disrupt(0, u, 1, 3), disrupt(1, u, 1, 3)];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![u], vec![]]);
        assert_eq!(a.unused, vec![0, 1]);
    }

    #[test]
    fn t_6_34_step_losses_before_disruptions() {
        // A (limit 1) prefers Intense X, which B also hits: A hits Y (Moderate) so that two
        // units lose a step, rather than disrupting Z with B.
        let (x, y, z) = (1, 2, 3);
        let cs = [
            step(0, x, Intense, 1, 3),
            step(0, y, Moderate, 3, 1),
            step(1, x, Intense, 1, 3),
            disrupt(1, z, 1, 3),
        ];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![y], vec![x]]);
    }

    #[test]
    fn t_11_41_unused_slots_for_leaders() {
        // Two qualifying units, limit 3: one slot left for a star hit.
        let cs = [step(0, 1, Intense, 1, 3), disrupt(0, 2, 1, 3)];
        let a = allocate(Mode::Basic, &[3], &cs);
        assert_eq!(a.unused, vec![1]);
        let a = allocate(Mode::Extended, &[2], &cs);
        assert_eq!(a.unused, vec![0]);
    }

    #[test]
    fn g_fire_tie_reported_extended() {
        let cs = [
            step(0, 9, Moderate, 2, 2),
            step(0, 4, Moderate, 2, 2),
            step(0, 6, Moderate, 2, 2),
            step(0, 1, Intense, 4, 1),
        ];
        let a = allocate(Mode::Extended, &[2], &cs);
        assert_eq!(units(&a, &cs), vec![vec![1, 4]]);
        assert_eq!(
            a.ties,
            vec![Tie {
                position: 0,
                candidates: vec![1, 2, 0],
                take: 1
            }]
        );
        // No tie when the limit covers the whole group, or stops before it.
        assert!(allocate(Mode::Extended, &[4], &cs).ties.is_empty());
        assert!(allocate(Mode::Extended, &[1], &cs).ties.is_empty());
    }

    #[test]
    fn g_fire_tie_reported_basic() {
        let cs = [
            step(0, 9, Moderate, 2, 2),
            step(0, 4, Moderate, 2, 2),
            step(1, 7, Intense, 1, 1),
        ];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![4], vec![7]]);
        assert_eq!(
            a.ties,
            vec![Tie {
                position: 0,
                candidates: vec![1, 0],
                take: 1
            }]
        );
        // The player picks unit 9: pin it and allocate again.
        let a = allocate_pinned(Mode::Basic, &[1, 1], &cs, &[0]);
        assert_eq!(units(&a, &cs), vec![vec![9], vec![7]]);
        assert!(a.ties.is_empty());
        // Picking the first option gives what `allocate` gives.
        let a = allocate_pinned(Mode::Basic, &[1, 1], &cs, &[1]);
        assert_eq!(a.hits, allocate(Mode::Basic, &[1, 1], &cs).hits);
        assert!(a.ties.is_empty());
    }

    #[test]
    fn g_fire_tie_6_31_answers_one_at_a_time() {
        // Limit 2 among three equal candidates: two prompts, the second without the first pick.
        let cs = [
            step(0, 3, Moderate, 2, 2),
            step(0, 5, Moderate, 2, 2),
            step(0, 8, Moderate, 2, 2),
        ];
        for mode in [Mode::Basic, Mode::Extended] {
            let a = allocate(mode, &[2], &cs);
            assert_eq!(
                a.ties,
                vec![Tie {
                    position: 0,
                    candidates: vec![0, 1, 2],
                    take: 2
                }],
                "{mode:?}"
            );
            let a = allocate_pinned(mode, &[2], &cs, &[2]);
            assert_eq!(
                a.ties,
                vec![Tie {
                    position: 0,
                    candidates: vec![0, 1],
                    take: 1
                }],
                "{mode:?}"
            );
            assert_eq!(units(&a, &cs), vec![vec![3, 8]], "{mode:?}");
            let a = allocate_pinned(mode, &[2], &cs, &[2, 1]);
            assert!(a.ties.is_empty(), "{mode:?}");
            assert_eq!(units(&a, &cs), vec![vec![5, 8]], "{mode:?}");
        }
    }

    #[test]
    fn g_fire_tie_6_31_odd_pins() {
        // B can hit only X, so A hits Y: no tie is offered. A pin of A on X, never offered, is
        // still honoured (B's hit then changes nothing); indices out of range are ignored, and
        // pins no valid allocation holds together (two hits of one position with limit 1) are
        // all dropped.
        let (x, y) = (1, 2);
        let cs = [
            step(0, x, Moderate, 2, 2),
            step(0, y, Moderate, 2, 2),
            step(1, x, Intense, 1, 2),
        ];
        let free = allocate(Mode::Basic, &[1, 1], &cs);
        assert!(free.ties.is_empty());
        let pinned = allocate_pinned(Mode::Basic, &[1, 1], &cs, &[0]);
        assert_eq!(units(&pinned, &cs), vec![vec![x], vec![]]);
        assert_eq!(allocate_pinned(Mode::Basic, &[1, 1], &cs, &[99]), free);
        assert_eq!(allocate_pinned(Mode::Basic, &[1, 1], &cs, &[0, 1]), free);
    }

    #[test]
    fn g_fire_tie_only_among_equally_good_choices() {
        // A is indifferent between X and Y, but B can hit only X: not a tie, A hits Y.
        let (x, y) = (1, 2);
        let cs = [
            step(0, x, Moderate, 2, 2),
            step(0, y, Moderate, 2, 2),
            step(1, x, Intense, 1, 2),
        ];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![y], vec![x]]);
        assert!(a.ties.is_empty());
        // A's tie is settled by B's priority (objective 3 for B): B prefers X to Z.
        let z = 3;
        let cs = [
            step(0, x, Moderate, 2, 2),
            step(0, y, Moderate, 2, 2),
            step(1, x, Intense, 1, 2),
            step(1, z, Moderate, 1, 2),
        ];
        let a = allocate(Mode::Basic, &[1, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![y], vec![x]]);
        assert!(a.ties.is_empty());
    }

    #[test]
    fn odd_inputs_are_ignored() {
        let cs = [
            step(5, 1, Intense, 1, 1), // No such position.
            Candidate {
                disrupts: false,
                ..disrupt(0, 2, 1, 1)
            }, // No effect.
            step(0, 3, Moderate, 1, 1),
            step(0, 3, Intense, 1, 1), // Same unit twice: the better one counts.
            step(0, usize::MAX, Sporadic, u32::MAX, 0),
        ];
        for mode in [Mode::Basic, Mode::Extended] {
            let a = allocate(mode, &[u8::MAX], &cs);
            assert_eq!(a.hits, vec![vec![3, 4]], "{mode:?}");
            assert_eq!(a.unused, vec![u8::MAX - 2]);
            assert_eq!(allocate(mode, &[], &cs), Allocation::default());
            assert_eq!(
                allocate(mode, &[2, 2], &[]).hits,
                vec![Vec::<usize>::new(); 2]
            );
        }
    }

    /// Whether a set of hits is allowed in basic mode: each unit gets at most one step and at
    /// most one disruption, each from a different hit.
    fn basic_valid(chosen: &[usize], cs: &[Candidate]) -> bool {
        let mut by_unit: std::collections::BTreeMap<usize, Vec<Candidate>> = Default::default();
        for &c in chosen {
            by_unit.entry(cs[c].unit).or_default().push(cs[c]);
        }
        by_unit.values().all(|h| match h.as_slice() {
            [a] => a.effective(),
            [a, b] => {
                a.position != b.position
                    && ((a.loses_step && b.disrupts) || (b.loses_step && a.disrupts))
            }
            _ => false,
        })
    }

    fn candidate() -> impl Strategy<Value = Candidate> {
        (
            0usize..7,
            0usize..12,
            0u8..3,
            0u32..4,
            0u8..4,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(
                |(position, unit, level, distance, steps, loses_step, disrupts)| Candidate {
                    position,
                    unit,
                    level: [Intense, Moderate, Sporadic][usize::from(level)],
                    distance,
                    steps,
                    loses_step,
                    disrupts,
                },
            )
    }

    /// Small inputs with one candidate per (position, unit), all effective.
    fn small() -> impl Strategy<Value = (Vec<u8>, Vec<Candidate>)> {
        let cell = (any::<bool>(), 0u8..3, 1u32..3, 1u8..3, 0u8..3);
        (
            prop::collection::vec(0u8..4, 1..4),
            1usize..5,
            prop::collection::vec(cell, 16),
        )
            .prop_map(|(caps, n_units, cells)| {
                let mut cs = Vec::new();
                for (i, &(present, level, distance, steps, effect)) in
                    cells.iter().enumerate().take(caps.len() * n_units)
                {
                    if present {
                        let (loses_step, disrupts) =
                            [(true, false), (false, true), (true, true)][usize::from(effect)];
                        let level = [Intense, Moderate, Sporadic][usize::from(level)];
                        cs.push(Candidate {
                            position: i / n_units,
                            unit: i % n_units,
                            level,
                            distance,
                            steps,
                            loses_step,
                            disrupts,
                        });
                    }
                }
                (caps, cs)
            })
    }

    /// Exhaustive basic mode: every valid choice, scored by objectives 1, 2, 3 and then the
    /// engine's tie-break (lowest unit first). Returns the best choice and whether the best by
    /// objectives 1–3 alone is unique.
    fn brute(caps: &[u8], cs: &[Candidate]) -> (Vec<Vec<usize>>, bool) {
        let lists: Vec<Vec<usize>> = (0..caps.len())
            .map(|p| {
                let mut l: Vec<usize> = (0..cs.len()).filter(|&i| cs[i].position == p).collect();
                l.sort_by_key(|&i| (cs[i].key(), cs[i].unit));
                l
            })
            .collect();
        let options: Vec<Vec<Vec<usize>>> = lists
            .iter()
            .zip(caps)
            .map(|(l, &cap)| {
                (0u32..1 << l.len())
                    .filter(|m| m.count_ones() <= u32::from(cap))
                    .map(|m| {
                        l.iter()
                            .enumerate()
                            .filter(|(b, _)| m >> b & 1 == 1)
                            .map(|(_, &i)| i)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        // Every valid choice with its score: objectives 1–2, the key-group counts of objective 3
        // and, last, the engine's tie-break (each position's candidates, lowest unit first).
        type Ranked = ((usize, usize), Vec<usize>, Vec<bool>);
        let mut all: Vec<(Ranked, Vec<Vec<usize>>)> = Vec::new();
        let mut pick = vec![0usize; caps.len()];
        loop {
            let choice: Vec<Vec<usize>> = pick
                .iter()
                .zip(&options)
                .map(|(&k, o)| o[k].clone())
                .collect();
            let flat: Vec<usize> = choice.iter().flatten().copied().collect();
            if basic_valid(&flat, cs) {
                let units = |f: &dyn Fn(&Candidate) -> bool| {
                    flat.iter()
                        .filter(|&&c| f(&cs[c]))
                        .map(|&c| cs[c].unit)
                        .collect::<std::collections::BTreeSet<_>>()
                        .len()
                };
                let score = (units(&|c| c.loses_step), units(&|_| true));
                let mut profile = Vec::new();
                let mut indicator = Vec::new();
                for (l, chosen) in lists.iter().zip(&choice) {
                    for g in l.chunk_by(|&a, &b| cs[a].key() == cs[b].key()) {
                        profile.push(g.iter().filter(|c| chosen.contains(c)).count());
                    }
                    indicator.extend(l.iter().map(|c| chosen.contains(c)));
                }
                all.push(((score, profile, indicator), choice));
            }
            let mut i = 0;
            while i < pick.len() {
                pick[i] += 1;
                if pick[i] < options[i].len() {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
            if i == pick.len() {
                break;
            }
        }
        let best = all.iter().max_by(|a, b| a.0.cmp(&b.0)).cloned();
        let best_count = best.as_ref().map_or(0, |(b, _)| {
            all.iter()
                .filter(|(k, _)| (&k.0, &k.1) == (&b.0, &b.1))
                .count()
        });
        let best = best.map(|(_, c)| c).unwrap_or_default();
        (best, best_count == 1)
    }

    /// 6.31, 6.34: a position with more key groups than the objective-3 weights can hold is
    /// settled one group at a time, with the same result: spreading (objective 1) moves the
    /// first position off the unit the second one can reach, then its nearest units follow.
    #[test]
    fn rule_6_34_many_key_groups() {
        let mut cs: Vec<Candidate> = (0..30u32)
            .map(|d| step(0, d as usize, Intense, d, 1))
            .collect();
        cs.push(step(1, 0, Intense, 0, 1));
        assert!(lex_total(&[3, 1], &priority_groups(&[3, 1], &cs), 0..1).is_none());
        let a = allocate(Mode::Basic, &[3, 1], &cs);
        assert_eq!(units(&a, &cs), vec![vec![1, 2, 3], vec![0]]);
        assert!(a.ties.is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_allocation_is_valid(
            caps in prop::collection::vec(0u8..5, 0..7),
            cs in prop::collection::vec(candidate(), 0..40),
            basic in any::<bool>(),
        ) {
            let mode = if basic { Mode::Basic } else { Mode::Extended };
            let a = allocate(mode, &caps, &cs);
            prop_assert_eq!(a.hits.len(), caps.len());
            prop_assert_eq!(a.unused.len(), caps.len());
            for (p, hits) in a.hits.iter().enumerate() {
                prop_assert!(hits.len() <= usize::from(caps[p]), "limit exceeded");
                prop_assert_eq!(usize::from(a.unused[p]) + hits.len(), usize::from(caps[p]));
                let mut seen = std::collections::BTreeSet::new();
                for &c in hits {
                    let cand = cs.get(c);
                    prop_assert!(cand.is_some_and(|x| x.position == p && x.effective()), "no such candidate");
                    prop_assert!(seen.insert(cs[c].unit), "a unit hit twice by one position");
                }
                if mode == Mode::Extended {
                    // The first c(P) in priority order: nothing better was left out.
                    let worst = hits.iter().map(|&c| cs[c].key()).max();
                    for (i, x) in cs.iter().enumerate() {
                        if x.position == p && x.effective() && !hits.contains(&i) && !seen.contains(&x.unit) {
                            prop_assert!(hits.len() == usize::from(caps[p]) && worst.is_none_or(|w| x.key() >= w));
                        }
                    }
                }
            }
            if mode == Mode::Basic {
                let flat: Vec<usize> = a.hits.iter().flatten().copied().collect();
                prop_assert!(basic_valid(&flat, &cs), "a unit loses two steps or a hit changes nothing");
            }
            for t in &a.ties {
                prop_assert!(t.take > 0 && t.take < t.candidates.len());
                let chosen = t.candidates.iter().filter(|c| a.hits[t.position].contains(c)).count();
                prop_assert_eq!(chosen, t.take);
            }
        }

        #[test]
        fn prop_lowest_answers_match_allocate(
            caps in prop::collection::vec(0u8..5, 0..7),
            cs in prop::collection::vec(candidate(), 0..40),
            basic in any::<bool>(),
        ) {
            // G-FIRE-TIE answered with the first option every time: what `allocate` gives.
            let mode = if basic { Mode::Basic } else { Mode::Extended };
            let engine = allocate(mode, &caps, &cs);
            let mut pins = Vec::new();
            let mut a = allocate_pinned(mode, &caps, &cs, &pins);
            while let Some(tie) = a.ties.first() {
                prop_assert!(pins.len() <= cs.len(), "the prompts never end");
                prop_assert!(!pins.contains(&tie.candidates[0]), "a pinned candidate offered again");
                pins.push(tie.candidates[0]);
                a = allocate_pinned(mode, &caps, &cs, &pins);
            }
            prop_assert_eq!(&a.hits, &engine.hits);
            prop_assert_eq!(&a.unused, &engine.unused);
            // Each tie the engine settled is asked, once per hit at most.
            prop_assert!(pins.len() >= engine.ties.len());
            prop_assert!(pins.len() <= engine.ties.iter().map(|t| t.take).sum::<usize>());
        }

        #[test]
        fn prop_any_answers_stay_optimal(
            (caps, cs) in small(),
            choices in prop::collection::vec(any::<prop::sample::Index>(), 8),
        ) {
            // G-FIRE-TIE answered at random: every answer is hit, the allocation stays valid
            // and as good as the best by objectives 1-3 (6.34, 6.31), and the prompts end.
            let (best, _) = brute(&caps, &cs);
            let score = |hits: &[Vec<usize>]| {
                let flat: Vec<usize> = hits.iter().flatten().copied().collect();
                let units = |f: &dyn Fn(&Candidate) -> bool| {
                    flat.iter()
                        .filter(|&&c| f(&cs[c]))
                        .map(|&c| cs[c].unit)
                        .collect::<std::collections::BTreeSet<_>>()
                        .len()
                };
                let mut profile = Vec::new();
                for (p, chosen) in hits.iter().enumerate() {
                    let mut l: Vec<usize> = (0..cs.len()).filter(|&i| cs[i].position == p).collect();
                    l.sort_by_key(|&i| (cs[i].key(), cs[i].unit));
                    for g in l.chunk_by(|&a, &b| cs[a].key() == cs[b].key()) {
                        profile.push(g.iter().filter(|c| chosen.contains(c)).count());
                    }
                }
                ((units(&|c| c.loses_step), units(&|_| true)), profile)
            };
            let mut pins = Vec::new();
            let mut a = allocate_pinned(Mode::Basic, &caps, &cs, &pins);
            let mut asked = 0;
            while let Some(tie) = a.ties.first() {
                prop_assert!(asked < 64, "the prompts never end");
                let pick = tie.candidates[choices[asked % choices.len()].index(tie.candidates.len())];
                asked += 1;
                pins.push(pick);
                a = allocate_pinned(Mode::Basic, &caps, &cs, &pins);
            }
            let flat: Vec<usize> = a.hits.iter().flatten().copied().collect();
            prop_assert!(basic_valid(&flat, &cs));
            for c in &pins {
                prop_assert!(flat.contains(c), "an answer is not hit");
            }
            prop_assert_eq!(score(&a.hits), score(&best));
        }

        #[test]
        fn prop_parts_match_the_whole(
            caps in prop::collection::vec(0u8..4, 1..5),
            cs in prop::collection::vec(candidate(), 0..30),
            spread in 1usize..4,
            choices in prop::collection::vec(any::<prop::sample::Index>(), 8),
        ) {
            // 6.34 solved part by part (and a lone position without a flow) gives what the flow
            // oracle gives on the whole problem: the same hits and the same ties, under any
            // G-FIRE-TIE answers. `spread` thins out the units two positions share.
            let cs: Vec<Candidate> = cs
                .into_iter()
                .map(|c| Candidate {
                    // Few keys, so that groups outgrow the limits and ties come up often.
                    position: c.position % 4,
                    unit: c.unit * spread + c.position % spread,
                    level: if c.level == Sporadic { Moderate } else { c.level },
                    distance: c.distance % 2,
                    steps: 1 + c.steps % 2,
                    ..c
                })
                .collect();
            let whole = |pins: &[usize]| {
                let groups = priority_groups(&caps, &cs);
                let mut picked = vec![false; cs.len()];
                for &c in pins {
                    picked[c] = true;
                }
                Basic::new(&caps, &cs, &groups, picked).allocate()
            };
            let mut pins = Vec::new();
            for asked in 0..64 {
                let a = allocate_pinned(Mode::Basic, &caps, &cs, &pins);
                let (hits, ties) = whole(&pins);
                prop_assert_eq!(&a.hits, &hits);
                prop_assert_eq!(&a.ties, &ties);
                let Some(tie) = a.ties.first() else { break };
                prop_assert!(asked < 63, "the prompts never end");
                pins.push(tie.candidates[choices[asked % choices.len()].index(tie.candidates.len())]);
            }
        }

        #[test]
        fn prop_basic_matches_brute_force((caps, cs) in small()) {
            let a = allocate(Mode::Basic, &caps, &cs);
            let (best, unique) = brute(&caps, &cs);
            prop_assert_eq!(&a.hits, &best);
            prop_assert_eq!(a.ties.is_empty(), unique);
        }
    }
}
