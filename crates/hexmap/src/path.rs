//! Movement costs in exact thirds, and least-cost paths over hexes.
//!
//! Tide of Iron trucks pay 1/3 MP per road hex (TOI 0.2, `TOI-UNIT-TRUCK`), so costs are whole
//! thirds: three road hexes cost exactly one point, with no rounding anywhere.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign};
use std::collections::HashMap;

use pathfinding::num_traits::Zero;
use pathfinding::prelude::{dijkstra, dijkstra_reach};
use serde::{Deserialize, Serialize};

use crate::coords::{Hex, neighbours};

/// A movement cost counted in thirds of a movement point. Addition saturates at `Cost::MAX`
/// instead of overflowing.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cost(u32);

impl Cost {
    pub const ZERO: Self = Self(0);
    pub const MAX: Self = Self(u32::MAX);

    /// `n` whole movement points.
    #[must_use]
    pub const fn points(n: u32) -> Self {
        Self(n.saturating_mul(3))
    }

    /// `n` thirds of a movement point.
    #[must_use]
    pub const fn thirds(n: u32) -> Self {
        Self(n)
    }

    /// The cost in thirds.
    #[must_use]
    pub const fn as_thirds(self) -> u32 {
        self.0
    }

    /// Whole points, rounded down.
    #[must_use]
    pub const fn whole_points(self) -> u32 {
        self.0 / 3
    }

    /// The thirds left over after the whole points (0, 1 or 2).
    #[must_use]
    pub const fn extra_thirds(self) -> u32 {
        self.0 % 3
    }

    #[must_use]
    pub const fn checked_add(self, other: Self) -> Option<Self> {
        match self.0.checked_add(other.0) {
            Some(sum) => Some(Self(sum)),
            None => None,
        }
    }

    #[must_use]
    pub const fn saturating_add(self, other: Self) -> Self {
        Self(self.0.saturating_add(other.0))
    }

    #[must_use]
    pub const fn checked_sub(self, other: Self) -> Option<Self> {
        match self.0.checked_sub(other.0) {
            Some(diff) => Some(Self(diff)),
            None => None,
        }
    }

    #[must_use]
    pub const fn saturating_sub(self, other: Self) -> Self {
        Self(self.0.saturating_sub(other.0))
    }
}

impl Add for Cost {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        self.saturating_add(other)
    }
}

impl AddAssign for Cost {
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl Sum for Cost {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, Add::add)
    }
}

impl Zero for Cost {
    fn zero() -> Self {
        Self::ZERO
    }

    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

/// As printed on a player aid: "2", "⅔", "1⅓", "0".
impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.whole_points();
        let fraction = match self.extra_thirds() {
            1 => "⅓",
            2 => "⅔",
            _ => "",
        };
        if whole == 0 && !fraction.is_empty() {
            f.write_str(fraction)
        } else {
            write!(f, "{whole}{fraction}")
        }
    }
}

/// The cheapest path from `from` to `to`, both ends included, with its total cost.
///
/// `step_cost(a, b)` prices entering neighbour `b` from `a`; `None` makes the step impossible.
/// It must return `None` for hexes off the map: on an unbounded plane an unreachable `to` would
/// be searched for forever. [`shortest_path_within`] has no such requirement.
pub fn shortest_path<F>(from: Hex, to: Hex, step_cost: F) -> Option<(Vec<Hex>, Cost)>
where
    F: Fn(Hex, Hex) -> Option<Cost>,
{
    let step_cost = &step_cost;
    // Plain Dijkstra: a distance heuristic would need the cheapest possible step, which the
    // caller's closure does not tell us, and zero would make A* the same search anyway.
    dijkstra(&from, |&hex| successors(hex, step_cost), |&hex| hex == to)
}

/// The cheapest path from `from` to `to` costing at most `budget`, or `None` if there is none.
/// Terminates on any graph whose steps cost at least a third.
pub fn shortest_path_within<F>(
    from: Hex,
    to: Hex,
    budget: Cost,
    step_cost: F,
) -> Option<(Vec<Hex>, Cost)>
where
    F: Fn(Hex, Hex) -> Option<Cost>,
{
    let step_cost = &step_cost;
    let mut parents: HashMap<Hex, Hex> = HashMap::new();
    let reach = dijkstra_reach(&from, |&hex| successors(hex, step_cost));
    for item in reach.take_while(|item| item.total_cost <= budget) {
        if let Some(parent) = item.parent {
            parents.insert(item.node, parent);
        }
        if item.node == to {
            let mut path = vec![to];
            let mut at = to;
            while let Some(&parent) = parents.get(&at) {
                path.push(parent);
                at = parent;
            }
            path.reverse();
            return Some((path, item.total_cost));
        }
    }
    None
}

/// Every hex reachable from `from` for at most `budget`, with its least cost, cheapest first
/// (`from` itself comes first, at zero). Terminates on any graph whose steps cost at least a third.
pub fn reachable<F>(from: Hex, budget: Cost, step_cost: F) -> Vec<(Hex, Cost)>
where
    F: Fn(Hex, Hex) -> Option<Cost>,
{
    let step_cost = &step_cost;
    dijkstra_reach(&from, |&hex| successors(hex, step_cost))
        .take_while(|item| item.total_cost <= budget)
        .map(|item| (item.node, item.total_cost))
        .collect()
}

fn successors<F>(hex: Hex, step_cost: &F) -> impl Iterator<Item = (Hex, Cost)> + '_
where
    F: Fn(Hex, Hex) -> Option<Cost>,
{
    neighbours(hex)
        .into_iter()
        .filter_map(move |next| step_cost(hex, next).map(|cost| (next, cost)))
}
