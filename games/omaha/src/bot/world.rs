//! Determinizations for search (`Heuristics::determinize_for_search`): a function of the
//! player's view and the search's generator alone.
//!
//! [`crate::view::determinize`] redraws what the view hides by shuffling it from where it lies,
//! so two states that differ only in hidden information give different (equally likely)
//! results for the same generator. Here the hidden parts are first put in one canonical order
//! (the deck's draw pile sorted; face-down units and depth markers given their places in a
//! fixed order within each group that `determinize` shuffles), then `determinize` shuffles
//! them: the result depends on the view and the generator only. (`determinize` reseeds the
//! state's own generator too, so reshuffles and random picks to come are not the real ones.)

use crate::index::{GerId, GerKind};
use crate::state::{DepthLoc, DepthPool, GerLoc, GerPool, German, Omaha};
use rand::Rng;

/// A state drawn from the player's information set, for search.
pub(crate) fn for_search<R: Rng + ?Sized>(state: &Omaha, rng: &mut R) -> Omaha {
    let mut canonical = state.clone();
    canonicalize(&mut canonical);
    crate::view::determinize(&canonical, rng)
}

/// A key that orders the places of German units.
fn loc_key(loc: GerLoc) -> (u8, u16) {
    match loc {
        GerLoc::Slot(s) => (0, u16::from(s)),
        GerLoc::Hex(h) => (1, h),
        GerLoc::Pool(pool) => (
            2,
            match pool {
                GerPool::Tactical => 0,
                GerPool::Division => 1,
                GerPool::Meyer => 2,
                GerPool::OptionalArmor => 3,
                GerPool::Artillery(crate::data::Sector::East) => 4,
                GerPool::Artillery(crate::data::Sector::West) => 5,
                GerPool::EliminatedWn => 6,
            },
        ),
        GerLoc::OutOfPlay => (3, 0),
    }
}

/// Where a depth marker lies: with the unit at a map place (it stays with the place when the
/// unit's identity is redrawn, as in `determinize`), or in a box.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MarkerPlace {
    Under(GerLoc),
    Loose(DepthLoc),
}

impl MarkerPlace {
    fn key(self) -> (u8, (u8, u16)) {
        match self {
            MarkerPlace::Under(loc) => (0, loc_key(loc)),
            MarkerPlace::Loose(DepthLoc::Pool(pool)) => (
                1,
                (
                    match pool {
                        DepthPool::Wn => 0,
                        DepthPool::Mobile => 1,
                        DepthPool::Building => 2,
                        DepthPool::Meyer => 3,
                        DepthPool::Armor => 4,
                    },
                    0,
                ),
            ),
            MarkerPlace::Loose(DepthLoc::Under(g)) => (2, (0, u16::from(g))),
            MarkerPlace::Loose(DepthLoc::OutOfPlay) => (3, (0, 0)),
        }
    }
}

/// Put every hidden part of `state` in a fixed order that depends on the view alone.
pub(crate) fn canonicalize(state: &mut Omaha) {
    state.deck.hidden_cards_mut().sort_unstable();
    let index = std::sync::Arc::clone(&state.data);
    let index = &index.index;
    // Where each marker lies, by the place of the unit it is under (a unit on a map place has
    // that place alone, so the marker can follow the place).
    let marker_places: Vec<MarkerPlace> = state
        .depth
        .iter()
        .map(|d| match d.loc {
            DepthLoc::Under(g) => match state.germans.get(usize::from(g)).map(|x| x.loc) {
                Some(loc @ (GerLoc::Slot(_) | GerLoc::Hex(_))) => MarkerPlace::Under(loc),
                _ => MarkerPlace::Loose(d.loc),
            },
            loc => MarkerPlace::Loose(loc),
        })
        .collect();
    // Face-down units: within each group, the places in key order go to the units in id order.
    let mut groups: Vec<(GerKind, Vec<usize>)> = Vec::new();
    for (g, german) in state.germans.iter().enumerate() {
        let Some(key) = index
            .germans
            .get(g)
            .and_then(|i| crate::view::hidden_group(i.kind))
        else {
            continue;
        };
        if german.revealed {
            continue;
        }
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(g),
            None => groups.push((key, vec![g])),
        }
    }
    for (_, members) in &groups {
        let mut places: Vec<German> = members.iter().map(|&g| state.germans[g]).collect();
        places.sort_by_key(|p| (loc_key(p.loc), p.disrupted, p.active));
        for (&g, place) in members.iter().zip(places) {
            state.germans[g] = German {
                depth: None,
                ..place
            };
        }
    }
    // Face-down markers: within each kind, the places in key order go to the markers in id
    // order; face-up markers keep theirs.
    let mut places = marker_places.clone();
    let mut kinds: Vec<(crate::data::DepthKind, Vec<usize>)> = Vec::new();
    for (d, marker) in state.depth.iter().enumerate() {
        let Some(kind) = index.depth.get(d).map(|i| i.kind) else {
            continue;
        };
        if marker.revealed {
            continue;
        }
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, members)) => members.push(d),
            None => kinds.push((kind, vec![d])),
        }
    }
    for (_, members) in &kinds {
        let mut sorted: Vec<MarkerPlace> = members.iter().map(|&d| marker_places[d]).collect();
        sorted.sort_by_key(|p| p.key());
        for (&d, place) in members.iter().zip(sorted) {
            places[d] = place;
        }
    }
    // Put the markers back under whichever unit now stands on their place.
    for german in &mut state.germans {
        german.depth = None;
    }
    for (d, place) in places.into_iter().enumerate() {
        let loc = match place {
            MarkerPlace::Under(at) => match state.germans.iter().position(|x| x.loc == at) {
                Some(g) => {
                    state.germans[g].depth = Some(d as crate::index::DepthId);
                    DepthLoc::Under(g as GerId)
                }
                None => continue,
            },
            MarkerPlace::Loose(loc) => {
                // A marker under a unit off the map (none in the rules as written) stays with
                // that unit.
                if let DepthLoc::Under(g) = loc
                    && let Some(german) = state.germans.get_mut(usize::from(g))
                {
                    german.depth = Some(d as crate::index::DepthId);
                }
                loc
            }
        };
        if let Some(marker) = state.depth.get_mut(d) {
            marker.loc = loc;
        }
    }
}
