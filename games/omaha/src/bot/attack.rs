//! The rule bot's attacks (8.1–8.3): what an attack is expected to achieve, and who joins it.
//!
//! T6 is deterministic once the German counters are known. A face-down unit may be any
//! face-down unit of its group (its back, and for WN units the setup category, are public;
//! who is where is not), and a face-down depth marker any face-down marker of its kind: the
//! expected result is the mean over those identities, each counted once. Nothing else of the
//! German side is read, so the estimate is the same in every state the player cannot tell
//! apart.

use crate::action::HeroChoice;
use crate::data::Weapon;
use crate::index::{GerId, GerKind, HexId, UsId};
use crate::state::hex_of;
use crate::state::{AttackStage, Omaha, Step, UsFlags};
use crate::tables::attack::{self, AttackResult, Counter, Depth};
use crate::tables::terrain::{Multipliers, SideDefence, defence_multipliers, hexside_defence_all};
use crate::tables::weapons::{
    Attacker, NAVAL_GUNFIRE, NAVAL_GUNFIRE_STRENGTH, Weapons, printed_weapons, unit_weapons,
};
use crate::{OmahaAction, index::Ground};
use overlord_engine::{Game, Log};

/// What a T6 result is worth to the US player, from a defeated German (the position can be
/// taken, 13.2) down to disrupted attackers under a stronger defender.
fn result_value(result: AttackResult) -> f64 {
    match result {
        AttackResult::GermanDefeated | AttackResult::DepthEliminatedUnitDefeated => 1.0,
        // 9.4, AMB-16: defeated, but a reinforcement enters nearby.
        AttackResult::TacticalReinforcement => 0.7,
        AttackResult::DepthEliminatedUnitDisrupted => 0.5,
        AttackResult::GermanDisruptedPossibleAttrition => 0.35,
        // 6.4: a disrupted unit neither fires nor projects a fire field until it recovers.
        AttackResult::GermanDisrupted => 0.3,
        AttackResult::RevealDepth => 0.2,
        AttackResult::NoEffect => -0.1,
        AttackResult::GermanDepth => -0.3,
        AttackResult::UsDisrupted => -0.5,
        AttackResult::UsDisruptedGermanDepth | AttackResult::UsDisruptedGermanHidden => -0.7,
    }
}

fn is_low(state: &Omaha, hex: HexId) -> bool {
    state
        .data
        .index
        .hexes
        .get(usize::from(hex))
        .is_none_or(|h| h.ground != Ground::High)
}

/// T5b, 8.15: how an adjacent attack from `from` crosses into `target`.
fn side(state: &Omaha, from: HexId, target: HexId) -> SideDefence {
    let sides = state
        .data
        .index
        .edge(from, target)
        .map_or(&[][..], |e| e.sides.as_slice());
    hexside_defence_all(sides, !is_low(state, from) && is_low(state, target))
}

/// 8.15: whether an attack from `from` may cross into the adjacent `target`.
pub(super) fn may_attack_across(state: &Omaha, from: HexId, target: HexId) -> bool {
    side(state, from, target) != SideDefence::Prohibited
}

/// 8.1, 8.15: an infantry unit adjacent to the target across a hexside it may attack across:
/// an attack needs one.
pub(crate) fn adjacent_infantry(state: &Omaha, unit: UsId, target: HexId) -> bool {
    let infantry = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .and_then(|i| i.kind())
        .is_some_and(crate::data::UsKind::infantry);
    infantry
        && hex_of(state, unit).is_some_and(|h| {
            state.data.index.distance(h, target) == 1
                && side(state, h, target) != SideDefence::Prohibited
        })
}

/// The German counter `g` as T6 reads it: printed strength and required weapons (2.2.1), by
/// the roster's order (WN units, off-map artillery, reinforcements, tanks).
fn counter(state: &Omaha, g: usize) -> Counter {
    let roster = &state.data.german;
    let strength = state.data.index.germans.get(g).map_or(0, |i| i.strength);
    let mut i = g;
    let required: &[Weapon] = if let Some(u) = roster.wn_units.get(i) {
        &u.required
    } else {
        i -= roster.wn_units.len();
        if i < roster.artillery.len() {
            &[]
        } else {
            i -= roster.artillery.len();
            match roster.reinforcements.get(i) {
                Some(u) => &u.required,
                None => roster
                    .tanks
                    .get(i - roster.reinforcements.len())
                    .map_or(&[][..], |t| t.required.as_slice()),
            }
        }
    };
    Counter {
        strength,
        required: required.iter().copied().collect(),
    }
}

/// Distinct items with how many times each occurs.
fn tally<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<(T, u32)> {
    let mut out: Vec<(T, u32)> = Vec::new();
    for item in items {
        match out.iter_mut().find(|(x, _)| *x == item) {
            Some((_, n)) => *n += 1,
            None => out.push((item, 1)),
        }
    }
    out
}

/// What the player knows the attacked unit may be: itself once revealed, else any face-down
/// unit of its group.
fn unit_candidates(state: &Omaha, g: GerId) -> Vec<(Counter, u32)> {
    let index = &state.data.index;
    let Some(german) = state.germans.get(usize::from(g)) else {
        return Vec::new();
    };
    if german.revealed {
        return vec![(counter(state, usize::from(g)), 1)];
    }
    let Some(kind) = index.germans.get(usize::from(g)).map(|i| i.kind) else {
        return Vec::new();
    };
    tally(
        state
            .germans
            .iter()
            .enumerate()
            .filter(|(o, x)| {
                !x.revealed
                    && index.germans.get(*o).map(|i| i.kind) == Some(kind)
                    && kind != GerKind::Tank
            })
            .map(|(o, _)| counter(state, o)),
    )
}

/// The depth marker under the unit as the player knows it: none, the revealed one, or any
/// face-down marker of the kind its back shows.
fn depth_candidates(state: &Omaha, g: GerId) -> Vec<(Option<Depth>, u32)> {
    let markers = &state.data.german.depth_markers;
    let depth_of = |d: usize, revealed: bool| {
        markers.get(d).map(|m| Depth {
            counter: Counter {
                strength: m.strength,
                required: m.required.iter().copied().collect(),
            },
            revealed,
            tactical_reinforcement: m.tactical_reinforcement,
        })
    };
    let Some(d) = state.germans.get(usize::from(g)).and_then(|x| x.depth) else {
        return vec![(None, 1)];
    };
    let d = usize::from(d);
    if state.depth.get(d).is_some_and(|x| x.revealed) {
        return vec![(depth_of(d, true), 1)];
    }
    let kind = state.data.index.depth.get(d).map(|i| i.kind);
    tally(
        state
            .depth
            .iter()
            .enumerate()
            .filter(|(o, x)| !x.revealed && state.data.index.depth.get(*o).map(|i| i.kind) == kind)
            .map(|(o, _)| depth_of(o, false)),
    )
}

/// The attackers' side of 8.3 (8.31 pooling, 8.22 hexes, 8.24 radios, 8.26, 8.27, T5-ALG).
struct Side {
    strength: u16,
    weapons: Weapons,
    hexes: Vec<HexId>,
    sides: Vec<Multipliers>,
}

fn attackers(state: &Omaha, target: HexId, with: &[UsId]) -> Side {
    let index = &state.data.index;
    let mut out = Side {
        strength: 0,
        weapons: Weapons::EMPTY,
        hexes: Vec::new(),
        sides: Vec::new(),
    };
    for &u in with {
        let (Some(from), Some(info), Some(us), Some(roster)) = (
            hex_of(state, u),
            index.us.get(usize::from(u)),
            state.us.get(usize::from(u)),
            state.data.us.units.get(usize::from(u)),
        ) else {
            continue;
        };
        let Some(kind) = info.kind() else { continue };
        out.strength += u16::from(crate::combat::strength(state, u));
        let d = index.distance(from, target);
        let full = us.steps == info.steps;
        let across = d == 1
            && index.edge(from, target).is_some_and(|e| {
                e.sides.iter().any(|s| {
                    matches!(
                        s,
                        crate::tables::terrain::Hexside::Bluff
                            | crate::tables::terrain::Hexside::ScalableCliff
                            | crate::tables::terrain::Hexside::SheerCliff
                    )
                })
            });
        out.weapons = out.weapons.union(unit_weapons(&Attacker {
            kind,
            full_strength: full,
            printed: printed_weapons(roster, us.steps),
            heavy: roster.heavy && full,
            distance: u8::try_from(d).unwrap_or(u8::MAX),
            across_bluff_or_cliff: across,
            hq_command: crate::command::commanded(state, u, true),
        }));
        if d == 1 {
            if !out.hexes.contains(&from) {
                out.hexes.push(from);
            }
            if let SideDefence::Allowed(m) = side(state, from, target) {
                out.sides.push(m);
            }
        }
    }
    out
}

/// The expected worth (−0.7 to 1) of attacking the German unit in `target` with `with`, a Naval
/// Gunfire marker if `naval` (8.51), and the Hero's help `hero` (8.23); `None` when no German
/// unit is there.
pub(crate) fn value(
    state: &Omaha,
    target: HexId,
    with: &[UsId],
    naval: bool,
    hero: HeroChoice,
) -> Option<f64> {
    let g = crate::combat::german_at(state, target)?;
    let index = &state.data.index;
    let mut side = attackers(state, target, with);
    if naval {
        side.strength += u16::from(NAVAL_GUNFIRE_STRENGTH);
        side.weapons = side.weapons.union(NAVAL_GUNFIRE);
    }
    if hero == HeroChoice::Strength {
        side.strength += 1;
    }
    let non_adjacent_pair = side.hexes.iter().enumerate().any(|(i, &a)| {
        side.hexes[i + 1..]
            .iter()
            .any(|&b| index.distance(a, b) != 1)
    });
    let tank = index.germans.get(usize::from(g)).map(|i| i.kind) == Some(GerKind::Tank);
    let feature = index.hexes.get(usize::from(target))?.feature;
    let terrain = defence_multipliers(feature, &side.sides, tank);
    let units = unit_candidates(state, g);
    let depths = depth_candidates(state, g);
    let mut total = 0.0;
    let mut weight = 0.0;
    for &(unit, n) in &units {
        for &(depth, m) in &depths {
            let outcome = attack::resolve(&attack::Attack {
                us_strength: side.strength,
                weapons: side.weapons,
                hero_wildcard: hero == HeroChoice::Wildcard,
                attack_hexes: u8::try_from(side.hexes.len()).unwrap_or(u8::MAX),
                non_adjacent_pair,
                unit,
                depth,
                terrain,
                turn: state.turn,
            });
            let w = f64::from(n) * f64::from(m);
            total += w * result_value(outcome.result);
            weight += w;
        }
    }
    (weight > 0.0).then(|| total / weight)
}

/// The units declared in the attack being built.
pub(crate) fn participants(state: &Omaha) -> Vec<UsId> {
    (0..state.us.len())
        .filter(|&u| state.us[u].flags.has(UsFlags::ATTACKING))
        .map(|u| u as UsId)
        .collect()
}

/// The next answer while attackers are declared (A-ATTACK, 8.1, 8.13): the unit or pair that
/// adds most to the expected result for the actions it spends, an adjacent infantry unit first
/// while the attack has none; then declare; back off only when no attack can be made.
/// Deterministic, so the plan made before starting the attack is the one carried out.
pub(crate) fn next_participant(state: &Omaha, target: HexId, legal: &[OmahaAction]) -> OmahaAction {
    let with = participants(state);
    let base = value(state, target, &with, false, HeroChoice::Nothing).unwrap_or(-1.0);
    let declarable = legal.contains(&OmahaAction::AttackDeclared);
    let mut best: Option<(f64, OmahaAction)> = None;
    for &action in legal {
        let (joined, count) = match action {
            OmahaAction::AttackWith { unit } => ([unit, unit], 1),
            OmahaAction::AttackWithPair { unit, with: other } => ([unit, other], 2),
            _ => continue,
        };
        let joining = &joined[..count];
        let mut all = with.clone();
        all.extend_from_slice(joining);
        let mut gain =
            value(state, target, &all, false, HeroChoice::Nothing).unwrap_or(-1.0) - base;
        // 8.13, 7.1: a unit that is not free spends one of the division's few actions.
        let paid = joining
            .iter()
            .filter(|&&u| !crate::movement::free(state, u))
            .count();
        gain -= if paid > 0 { 0.1 } else { 0.0 };
        if !declarable && joining.iter().any(|&u| adjacent_infantry(state, u, target)) {
            gain += 10.0; // 8.1: without adjacent infantry there is no attack.
        }
        if best.is_none_or(|(b, _)| gain > b) {
            best = Some((gain, action));
        }
    }
    match best {
        Some((gain, action)) if gain > 0.02 || !declarable => action,
        _ if declarable => OmahaAction::AttackDeclared,
        _ => OmahaAction::AttackBack,
    }
}

/// Plan the attack on `target` from the Action Phase as [`next_participant`] would build it,
/// on a copy of the state (declaring attackers reveals nothing), and return its expected worth
/// and the division's actions it spends; `None` if it cannot be made.
pub(crate) fn plan(state: &Omaha, target: HexId) -> Option<(f64, u8)> {
    let mut world = state.clone();
    let mut log = Log::disabled();
    let _ = world
        .apply_listed(OmahaAction::Attack { target }, &mut log)
        .ok()?;
    let mut legal = Vec::new();
    // Each step adds a unit, so the roster bounds the loop; the cap is a guard.
    for _ in 0..world.us.len() + 2 {
        let Step::Attack { stage, .. } = world.step else {
            return None;
        };
        if stage != AttackStage::Participants {
            let naval = stage == AttackStage::Naval && wants_naval(&world, target);
            let with = participants(&world);
            let worth = value(&world, target, &with, naval, HeroChoice::Nothing)?;
            return Some((worth, spent(&world, &with)));
        }
        world.legal_actions(&mut legal);
        let action = next_participant(&world, target, &legal);
        if action == OmahaAction::AttackBack {
            return None;
        }
        let _ = world.apply_listed(action, &mut log).ok()?;
    }
    None
}

/// 8.13, 7.21: the actions the participants will spend (free units nothing, a same-hex pair
/// one between them).
fn spent(state: &Omaha, with: &[UsId]) -> u8 {
    let mut hexes: Vec<(HexId, u8)> = Vec::new();
    for &u in with {
        if crate::movement::free(state, u) {
            continue;
        }
        let Some(h) = hex_of(state, u) else { continue };
        match hexes.iter_mut().find(|(x, _)| *x == h) {
            Some((_, n)) => *n += 1,
            None => hexes.push((h, 1)),
        }
    }
    hexes.iter().map(|(_, n)| n.div_ceil(2)).sum()
}

/// 8.51: use a Naval Gunfire marker (+9, NA, AR, DE) when it changes the expected result
/// enough to be worth one of the few markers.
pub(crate) fn wants_naval(state: &Omaha, target: HexId) -> bool {
    let with = participants(state);
    let without = value(state, target, &with, false, HeroChoice::Nothing).unwrap_or(0.0);
    let with_marker = value(state, target, &with, true, HeroChoice::Nothing).unwrap_or(0.0);
    with_marker - without > 0.15
}

/// P-HERO-BONUS (8.23, 11.13): the help that gives the better expected result.
pub(crate) fn hero_choice(state: &Omaha, target: HexId, naval: bool) -> HeroChoice {
    let with = participants(state);
    let of = |h| value(state, target, &with, naval, h).unwrap_or(-1.0);
    if of(HeroChoice::Wildcard) > of(HeroChoice::Strength) {
        HeroChoice::Wildcard
    } else {
        HeroChoice::Strength
    }
}
