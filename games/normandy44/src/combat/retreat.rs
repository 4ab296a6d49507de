//! Retreat paths (13.1-13.3, 13.5, 16.3; ): every way one unit may retreat, with the
//! places whose step losses its group would pay, and the minimum-loss rule over the group.
//!
//! A path moves one hex farther from the start hex at each step (13.1: it ends exactly that
//! many hexes away), never into an enemy unit or an enemy bond, never into prohibited terrain,
//! and no hex after the first in an empty enemy ZOC. A first hex in an empty EZOC, a major-river
//! or flooded hexside crossed after the first step by a non-mechanized unit, and a flooded hex
//! passed through off road by one each cost the group a step; a mechanized unit may make none of
//! those crossings (it would be eliminated). A 2-hex retreat may stop after one hex where 13.3
//! allows; a retreat that cannot end within the stacking limit goes on, up to two more hexes.

use super::{cf, mobility};
use crate::data::{Side, UnitId};
use crate::state::{Normandy44, UnitFlags};
use crate::tables::terrain::{
    HexsideFeature, Mobility, RetreatPenalty, Terrain, retreat_across, retreat_into_flooded_hex,
    stops_retreat,
};
use crate::zoc::Zones;
use overlord_hexmap::HexId;

/// One way a unit may retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatPath {
    /// Where it ends.
    pub end: HexId,
    /// The hexes entered, the start excluded.
    pub path: Vec<HexId>,
    /// 13.2: the places whose step loss the group pays on this path (sorted).
    pub keys: Vec<u32>,
    /// 13.3: a one-hex retreat stopped by friendly units (it uses their capacity).
    pub by_friends: bool,
}

const KEY_EZOC: u32 = 1 << 28;
const KEY_HEXSIDE: u32 = 2 << 28;
const KEY_FLOODED: u32 = 3 << 28;

/// The key of the hexside between `a` and its neighbour `b` in direction `k`, the same from
/// either side.
fn hexside_key(a: HexId, b: HexId, k: usize) -> u32 {
    let (lo, dir) = if a < b { (a, k) } else { (b, (k + 3) % 6) };
    KEY_HEXSIDE | (u32::try_from(lo.index() * 6 + dir).unwrap_or(0) & 0x0fff_ffff)
}

struct Search<'a> {
    game: &'a Normandy44,
    zones: Zones<'a>,
    unit: UnitId,
    side: Side,
    start: HexId,
    length: u8,
    one_hex: bool,
    group: &'a [UnitId],
    mobility: Mobility,
    out: Vec<RetreatPath>,
}

impl Search<'_> {
    /// Whether `hex` is in the enemy's ZOC for this retreat (16.3: a German unit ignores Allied
    /// ZOC projected into the Perimeter from outside).
    fn zoc(&self, hex: HexId) -> bool {
        if self.side == Side::German {
            self.zones.in_zoc_ignoring_perimeter(hex)
        } else {
            self.zones.in_zoc(hex)
        }
    }

    /// Friendly units in `hex` that did not retreat in this combat (13.1: they negate the EZOC).
    fn friends(&self, hex: HexId) -> impl Iterator<Item = UnitId> + '_ {
        self.game
            .units_in(hex)
            .filter(move |&u| self.game.side_of(u) == self.side && !self.group.contains(&u))
    }

    /// 13.1: an empty EZOC hex.
    fn empty_ezoc(&self, hex: HexId) -> bool {
        self.zoc(hex) && self.friends(hex).next().is_none()
    }

    /// 13.3: whether a 2-hex retreat may stop in `hex` after one hex, and whether that uses the
    /// capacity of the friendly units there.
    fn one_hex_stop(&self, hex: HexId) -> Option<bool> {
        let game = self.game;
        let undisorganized: Vec<UnitId> = self
            .friends(hex)
            .filter(|&u| !game.unit(u).flags.has(UnitFlags::DISORGANIZED))
            .collect();
        // 13.3: not in an EZOC unless a non-Disorganized friendly unit is there already.
        if self.zoc(hex) && undisorganized.is_empty() {
            return None;
        }
        if stops_retreat(&[game.terrain(hex)], super::fortification(game, hex)) {
            return Some(false);
        }
        let capacity: u16 = undisorganized.iter().map(|&u| u16::from(cf(game, u))).sum();
        let used = game
            .combat
            .stops
            .iter()
            .filter(|(h, _)| *h == hex)
            .map(|&(_, c)| u16::from(c))
            .sum::<u16>();
        (capacity >= used + u16::from(cf(game, self.unit))).then_some(true)
    }

    fn fits(&self, hex: HexId) -> bool {
        crate::stacking::fits(self.game, hex, &[self.unit])
    }

    fn walk(
        &mut self,
        at: HexId,
        depth: u8,
        road_in: bool,
        path: &mut Vec<HexId>,
        keys: &mut Vec<u32>,
    ) {
        let game = self.game;
        let map = &game.data.map;
        for (k, next) in map.hexes.neighbours(at).into_iter().enumerate() {
            if next.is_none() || next == self.start || path.contains(&next) {
                continue;
            }
            let d = depth + 1;
            // 13.1: the path moves away from the start, one hex at a time.
            if map.hexes.distance(self.start, next) != u32::from(d) {
                continue;
            }
            let terrain = map.terrain(next);
            // 13.2: enemy units, enemy bonds and prohibited terrain eliminate.
            if terrain.impassable()
                || game.occupant(next) == Some(self.side.enemy())
                || self.zones.blocks_step(at, next)
            {
                continue;
            }
            let hexside = map.side(at, k);
            let features: Vec<HexsideFeature> = HexsideFeature::ALL
                .into_iter()
                .filter(|&f| hexside.has(f))
                .collect();
            let road = hexside.road.is_some();
            let mark = keys.len();
            // 13.2, A-20, A-54: rivers and flooded hexsides.
            match retreat_across(&features, self.mobility, depth == 0, road) {
                RetreatPenalty::Eliminated => continue,
                RetreatPenalty::StepLoss => keys.push(hexside_key(at, next, k)),
                RetreatPenalty::None => {}
            }
            // 9.5, 13.2: a mechanized unit enters a flooded hex only by road.
            if terrain == Terrain::Flooded
                && retreat_into_flooded_hex(self.mobility, false, road)
                    == RetreatPenalty::Eliminated
            {
                keys.truncate(mark);
                continue;
            }
            // 13.2: through a flooded hex off road.
            if depth >= 1 && map.terrain(at) == Terrain::Flooded {
                match retreat_into_flooded_hex(self.mobility, true, road_in && road) {
                    RetreatPenalty::Eliminated => {
                        keys.truncate(mark);
                        continue;
                    }
                    RetreatPenalty::StepLoss => {
                        keys.push(KEY_FLOODED | u32::try_from(at.index()).unwrap_or(0))
                    }
                    RetreatPenalty::None => {}
                }
            }
            // 13.1: a first hex in an empty EZOC costs a step; later ones are closed.
            let ezoc = self.empty_ezoc(next);
            if ezoc {
                if depth > 0 {
                    keys.truncate(mark);
                    continue;
                }
                keys.push(KEY_EZOC | u32::try_from(next.index()).unwrap_or(0));
            }
            path.push(next);
            let fits = self.fits(next);
            if d >= self.length {
                if fits {
                    self.record(path, keys, false);
                } else if d < self.length + 2 {
                    // 13.1: overstacked at the end: retreat farther.
                    self.walk(next, d, road, path, keys);
                }
            } else {
                if d == 1
                    && self.one_hex
                    && !ezoc
                    && fits
                    && let Some(by_friends) = self.one_hex_stop(next)
                {
                    self.record(path, keys, by_friends);
                }
                self.walk(next, d, road, path, keys);
            }
            path.pop();
            keys.truncate(mark);
        }
    }

    fn record(&mut self, path: &[HexId], keys: &[u32], by_friends: bool) {
        let mut keys = keys.to_vec();
        keys.sort_unstable();
        keys.dedup();
        let Some(&end) = path.last() else {
            return;
        };
        self.out.push(RetreatPath {
            end,
            path: path.to_vec(),
            keys,
            by_friends,
        });
    }
}

/// Every way `unit`, in `start`, may retreat `length` hexes (2 or 4; `one_hex`: a 2-hex retreat
/// that 13.3 may stop after one hex), `group` being the units retreating in this combat (their
/// presence negates no EZOC, 13.1).
pub fn retreat_paths(
    game: &Normandy44,
    unit: UnitId,
    start: HexId,
    length: u8,
    one_hex: bool,
    group: &[UnitId],
) -> Vec<RetreatPath> {
    let side = game.side_of(unit);
    let mut search = Search {
        game,
        zones: crate::zoc::zones_of(game, side.enemy()),
        unit,
        side,
        start,
        length: length.max(1),
        one_hex: one_hex && length == 2,
        group,
        mobility: mobility(game, unit),
        out: Vec::new(),
    };
    let mut path = Vec::new();
    let mut keys = Vec::new();
    search.walk(start, 0, false, &mut path, &mut keys);
    search.out
}

/// The distinct key sets of `paths` beyond `paid`, supersets dropped (they never lose less).
pub fn key_sets(paths: &[RetreatPath], paid: &[u32]) -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> = paths
        .iter()
        .map(|p| {
            p.keys
                .iter()
                .copied()
                .filter(|k| !paid.contains(k))
                .collect()
        })
        .collect();
    sets.sort();
    sets.dedup();
    let all = sets.clone();
    sets.retain(|s| {
        !all.iter()
            .any(|o| o.len() < s.len() && o.iter().all(|k| s.contains(k)))
    });
    sets
}

/// 13.1-13.2: the fewest step losses the units with `options` (each unit's key sets) cost
/// together, having paid `union` already: the size of the smallest union of one set per unit.
pub fn fewest_losses(options: &[Vec<Vec<u32>>], union: &[u32]) -> usize {
    let Some((first, rest)) = options.split_first() else {
        return union.len();
    };
    let mut best = usize::MAX;
    for set in first {
        let mut next = union.to_vec();
        for &k in set {
            if !next.contains(&k) {
                next.push(k);
            }
        }
        if next.len() >= best {
            continue;
        }
        best = best.min(fewest_losses(rest, &next));
    }
    if first.is_empty() {
        best = fewest_losses(rest, union);
    }
    best
}
