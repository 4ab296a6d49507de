//! The rule-based US player: each legal action gets a score by rules of thumb and the best is
//! played (ties broken at random). It lands where German fire is weakest, takes its free
//! actions, clears obstacles, attacks with the weapons the target needs, climbs to high ground,
//! keeps stacks within the limit and gives German hits to the units that can best spare a step.

use super::attack;
use super::sight::Sight;
use crate::OmahaAction;
use crate::data::{Division, Tide};
use crate::index::{HexId, UsId};
use crate::state::hex_of;
use crate::state::{AttackStage, Omaha, Step, UsFlags, UsLoc};
use overlord_engine::Game;
use rand::Rng;

/// The rule bot's choice among `legal` (`None` only when it is empty): the best of
/// [`scores`], ties broken at random.
pub(crate) fn choose<R: Rng + ?Sized>(
    state: &Omaha,
    legal: &[OmahaAction],
    rng: &mut R,
) -> Option<OmahaAction> {
    match legal {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    // An attack being declared follows its plan, with no tie to break.
    if let Step::Attack { target, stage, .. } = state.step {
        return Some(attack_step(state, target, stage, legal));
    }
    let mut scores = Vec::with_capacity(legal.len());
    self::scores(state, legal, &mut scores);
    overlord_engine::best_scored(legal, &scores, rng)
}

/// The rule bot's score of each of `legal`, into `out` (cleared first): higher is better, and
/// a score that is not a number (never expected) ranks last. While an attack is being
/// declared its plan decides (deterministic, see `attack`): the planned step scores 1, the
/// rest 0.
pub(crate) fn scores(state: &Omaha, legal: &[OmahaAction], out: &mut Vec<f64>) {
    out.clear();
    if let Step::Attack { target, stage, .. } = state.step {
        let planned = attack_step(state, target, stage, legal);
        out.extend(legal.iter().map(|&a| if a == planned { 1.0 } else { 0.0 }));
        return;
    }
    let sight = Sight::new(state);
    out.extend(
        legal
            .iter()
            .map(|a| score(&sight, a))
            .map(|s| if s.is_nan() { f64::NEG_INFINITY } else { s }),
    );
}

fn attack_step(
    state: &Omaha,
    target: HexId,
    stage: AttackStage,
    legal: &[OmahaAction],
) -> OmahaAction {
    let chosen = match stage {
        AttackStage::Participants => attack::next_participant(state, target, legal),
        AttackStage::Naval => OmahaAction::NavalSupport {
            use_marker: attack::wants_naval(state, target),
        },
        // The attack was planned before it started: carry it out (going back would only
        // start it again).
        AttackStage::Confirm { .. } => OmahaAction::AttackConfirm,
        AttackStage::HeroBonus { naval } => OmahaAction::HeroBonus {
            bonus: attack::hero_choice(state, target, naval),
        },
        // T6 attrition: trade a step for the depth marker only with a unit that can spare one.
        AttackStage::Attrition => {
            let sight = Sight::new(state);
            legal
                .iter()
                .filter_map(|&a| match a {
                    OmahaAction::Attrition { unit: Some(u) } => Some((sight.loss_cost(u), a)),
                    _ => None,
                })
                .filter(|&(cost, _)| cost <= 2.0)
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map_or(OmahaAction::Attrition { unit: None }, |(_, a)| a)
        }
    };
    if legal.contains(&chosen) {
        chosen
    } else {
        legal.first().copied().unwrap_or(chosen)
    }
}

/// The landing hex of box `b` at the tide of `turn` (5.2).
fn landing_hex(state: &Omaha, b: usize, turn: u8) -> Option<HexId> {
    let slot = match crate::data::tide_of_turn(turn) {
        Tide::Low => 0,
        Tide::Mid => 1,
        Tide::High => 2,
    };
    state
        .data
        .index
        .boxes
        .get(b)?
        .land
        .get(slot)
        .copied()
        .flatten()
}

/// How bad landing in box `b` on `turn` is: the fire on its landing hex (6.3), the way off the
/// beach from there (7.1), and on turns 7-22 an obstacle hex not yet cleared (5.14 mines).
pub(super) fn landing_danger(sight: &Sight<'_>, b: usize, turn: u8) -> f64 {
    let state = sight.state;
    let Some(h) = landing_hex(state, b, turn) else {
        return 20.0; // no hex at this tide: delayed (5.11, AMB-03)
    };
    let Some(hex) = state.data.index.hexes.get(usize::from(h)) else {
        return 20.0;
    };
    let mined = (7..=22).contains(&turn) && hex.obstacle && !state.is_cleared(h);
    sight.exposure(h)
        + 0.3 * f64::from(hex.protective_distance.min(6))
        + if mined { 1.0 } else { 0.0 }
}

fn score(sight: &Sight<'_>, action: &OmahaAction) -> f64 {
    let state = sight.state;
    match *action {
        // P-RANGER-DRIFT (5.13): drift East only toward a quieter beach; drifting off the line
        // delays the unit two turns (5.11).
        OmahaAction::RangerDrift { boxes } => {
            let Step::RangerDrift { unit, .. } = state.step else {
                return 0.0;
            };
            let Some(UsLoc::Box(b)) = state.us.get(usize::from(unit)).map(|u| u.loc) else {
                return 0.0;
            };
            match usize::from(b).checked_sub(usize::from(boxes)) {
                Some(to) => {
                    -landing_danger(sight, to, state.turn) + if boxes == 0 { 0.5 } else { 0.0 }
                }
                None => -20.0,
            }
        }
        // Hits the player allocates (5.14, 6.31, 6.5, events, 16): the unit that can best
        // spare a step.
        OmahaAction::MineVictim { unit }
        | OmahaAction::FireTieTarget { unit }
        | OmahaAction::ArtilleryTarget { unit }
        | OmahaAction::MeemiesTarget { unit }
        | OmahaAction::NavalHitTarget { unit }
        | OmahaAction::GermanTarget { unit } => -sight.loss_cost(unit),
        OmahaAction::LeaderTarget { unit } => -sight.leader_hit_cost(unit),
        // 11.14: the Hero dies so the unit lives.
        OmahaAction::SacrificeHero { sacrifice } => f64::from(u8::from(sacrifice)),
        // P-LEADER-FOLLOW (5.12): a leader goes where the units it would command are.
        OmahaAction::LeaderFollows { unit } => {
            let in_box = |u: UsId| match state.us.get(usize::from(u)).map(|x| x.loc) {
                Some(UsLoc::Box(b)) => state
                    .us_at(UsLoc::Box(b))
                    .filter(|&o| {
                        state
                            .data
                            .index
                            .us
                            .get(usize::from(o))
                            .is_some_and(|i| !i.is_leader())
                    })
                    .count() as f64,
                _ => 0.0,
            };
            match (unit, state.step) {
                (Some(u), _) => in_box(u),
                (None, Step::LeaderFollow { leader, .. }) => in_box(leader) + 0.1,
                (None, _) => 0.0,
            }
        }
        // P-BOX (5.3): the box whose beach is under the weakest fire next turn, when it lands;
        // never a voluntary delay (5.34).
        OmahaAction::PlaceInBox { landing_box, .. } => -landing_danger(
            sight,
            usize::from(landing_box),
            state.turn.saturating_add(1),
        ),
        OmahaAction::Delay { .. } => -30.0,
        // P-DEPLOY (21.1): the hex worth most to the unit, as a move there would be.
        OmahaAction::DeployOnHex { unit, hex } => sight.hex_value(unit, hex, true),
        // P-CLEAR (10.1): always clear; mid-tide-line obstacles first, where the mines of 5.14
        // strike on turns 7-15, and the landing hexes of boxes among them.
        OmahaAction::Clear { hex } => {
            let mid = state
                .data
                .index
                .hexes
                .get(usize::from(hex))
                .is_some_and(|h| h.tide == Some(Tide::Mid));
            let landing = state
                .data
                .index
                .boxes
                .iter()
                .any(|b| b.land.get(1).copied().flatten() == Some(hex));
            1.0 + f64::from(u8::from(mid)) + 0.5 * f64::from(u8::from(landing))
        }
        OmahaAction::StopClearing => 0.0,
        // P-DIV-ORDER (7.2): the division with more units ready to act goes first.
        OmahaAction::FirstDivision { division } => ready(state, division) as f64,
        // P-INFILTRATE-DONE (7.32): go on only if the new hex is better.
        OmahaAction::CompleteInfiltration { go } => match state.step {
            Step::Infiltration { unit, to, .. } if go => hex_of(state, unit).map_or(0.0, |from| {
                sight.hex_value(unit, to, true) - sight.hex_value(unit, from, false)
            }),
            _ => 0.0,
        },
        // P-STACKING (7.63): lose the unit that is worth least.
        OmahaAction::EliminateForStacking { unit } => -sight.elimination_cost(unit),
        // P-HERO (11.11): the strongest infantry next to the Germans, who will attack.
        OmahaAction::PlaceHero { unit } => hero_score(sight, unit),
        // P-STEP-ADD (13.12): a company on the map that can fight again.
        OmahaAction::AddStep { unit } => match state.us.get(usize::from(unit)) {
            Some(u) if matches!(u.loc, UsLoc::Hex(_)) => {
                1.0 + f64::from(u8::from(!u.flags.has(UsFlags::DISRUPTED)))
            }
            _ => 0.0,
        },
        // G-PRISONER, G-PATROL-REPORT-TIE: learn about the German nearest our units.
        OmahaAction::RevealGerman { slot } => state
            .data
            .index
            .slots
            .get(usize::from(slot))
            .map_or(0.0, |s| -f64::from(nearest_us(state, s.hex).min(50))),
        // P-ENG-BASE (19.1, 19.2), P-CP (18.1): use what the extended game offers.
        OmahaAction::PlaceBase { .. } => 2.0,
        OmahaAction::AdvanceBase { .. } => 1.0,
        OmahaAction::EstablishCp { .. } => 1.0,
        OmahaAction::SkipBase | OmahaAction::CommandPostsDone => 0.0,
        // P-ADVANCE-DISPLACE (16.82): the better hex.
        OmahaAction::Displace { unit, to } => sight.hex_value(unit, to, true),
        _ => action_phase(sight, action),
    }
}

/// The Action Phase (7, 8): free actions first, moves that gain ground or shelter, attacks
/// expected to succeed; ending the division's actions scores 0, so only gains are taken.
fn action_phase(sight: &Sight<'_>, action: &OmahaAction) -> f64 {
    rules_of_thumb(sight, action) + VP_GAIN * vp_gain(sight, action)
}

/// What one more victory point is worth against the rules of thumb, in the last turns: more
/// than any step of ground, because the points are what the check counts (tuned by `overlord
/// sim`, docs/omaha/balance.md).
const VP_GAIN: f64 = 30.0;

/// How many turns before a victory check the bot starts arranging its units for it.
const VP_WINDOW: u8 = 3;

/// The same for the 20.3 check that ends the extended games: its points (road-side positions,
/// units on the high ground, exits) take longer to gather. Measured with `overlord sim omaha
/// --bot rule --games 2000 --seed 1` against 3 turns, paired on the games that reach turn 32
/// (docs/omaha/balance.md): 5 turns adds 1.3 points in D-Day at Omaha Beach without more
/// catastrophic defeats; 8 adds a little more but loses more games to 13.1 first, and 16 adds
/// nothing.
const FINAL_VP_WINDOW: u8 = 5;

/// 13.2, 20.2, 20.3: in the last turns before a victory check and the turn of it, the victory
/// points of that check a move would add now (control and lines of communication shift as units
/// move; [`super::sight::scored_points`]); worked out on a copy of the state, and only then,
/// because it costs a replay of the action.
pub(super) fn vp_gain(sight: &Sight<'_>, action: &OmahaAction) -> f64 {
    let state = sight.state;
    let window = if state.turn > 16 {
        FINAL_VP_WINDOW
    } else {
        VP_WINDOW
    };
    if !near_victory_check(state, window) {
        return 0.0;
    }
    if !matches!(
        action,
        OmahaAction::Move { .. }
            | OmahaAction::MovePair { .. }
            | OmahaAction::MoveAlong { .. }
            | OmahaAction::MovePairAlong { .. }
    ) {
        return 0.0;
    }
    let now = sight.victory_points();
    let mut world = state.clone();
    let mut log = overlord_engine::Log::disabled();
    if world.apply_listed(*action, &mut log).is_err() {
        return 0.0;
    }
    f64::from(super::sight::scored_points(&world) - now)
}

/// 13.2, 20.2, 20.3: whether a victory check (end of turn 16, and of the scenario's last
/// turn) comes this turn or within `window` turns.
pub(super) fn near_victory_check(state: &Omaha, window: u8) -> bool {
    [16, state.last_turn()]
        .iter()
        .any(|&t| state.turn + window >= t && state.turn <= t)
}

fn rules_of_thumb(sight: &Sight<'_>, action: &OmahaAction) -> f64 {
    let state = sight.state;
    match *action {
        OmahaAction::Move { unit, to } => move_gain(sight, unit, to),
        // 7.21: two units of one hex for one action (free only for a leader with a unit acting
        // free); together they count twice against the stacking limit, a leader not at all.
        OmahaAction::MovePair { unit, with, to } => pair_gain(sight, unit, with, to),
        OmahaAction::MovePairAlong { unit, with, path } => path
            .end()
            .map_or(f64::NEG_INFINITY, |to| pair_gain(sight, unit, with, to)),
        OmahaAction::StartCliffPair { unit, with, toward } => {
            hex_of(state, unit).map_or(0.0, |from| {
                [unit, with]
                    .iter()
                    .map(|&u| {
                        0.5 * (sight.hex_value(u, toward, true) - sight.hex_value(u, from, false))
                    })
                    .sum::<f64>()
                    - 0.3
            })
        }
        OmahaAction::MoveAlong { unit, path } => path
            .end()
            .map_or(f64::NEG_INFINITY, |to| move_gain(sight, unit, to)),
        // 7.5: three turns to the top of a cliff.
        OmahaAction::StartCliff { unit, toward } => hex_of(state, unit).map_or(0.0, |from| {
            0.5 * (sight.hex_value(unit, toward, true) - sight.hex_value(unit, from, false)) - 0.3
        }),
        // 7.5, 7.51: free; carry the climb on rather than abandon it.
        OmahaAction::ContinueCliff { .. } => 3.0,
        OmahaAction::RemoveClimb { unit } => {
            let cliff = state
                .us
                .get(usize::from(unit))
                .is_some_and(|u| u.flags.has(UsFlags::CLIMB_CLIFF));
            if cliff { -0.5 } else { 2.0 }
        }
        // 7.7: free, and the only way back into the fight.
        OmahaAction::RemoveDisrupted { .. } => 2.0,
        OmahaAction::Attack { target } => attack::plan(state, target)
            .map_or(f64::NEG_INFINITY, |(worth, paid)| {
                ATTACK_GAIN * worth + PAID * f64::from(paid)
            }),
        // 8.4: a tank's barrage only costs its action, and tanks have little else to do.
        OmahaAction::Barrage { target, .. } => 0.6 + 0.1 * fire_on_us(sight, target),
        // 8.52, 8.53: free; disrupts the position and removes its depth marker.
        OmahaAction::NavalBarrage { target } => {
            let depth = crate::combat::german_at(state, target)
                .and_then(|g| state.germans.get(usize::from(g)))
                .is_some_and(|g| g.depth.is_some());
            0.3 + 0.15 * fire_on_us(sight, target) + 0.5 * f64::from(u8::from(depth))
        }
        OmahaAction::ExitMap { .. } => 0.5,
        OmahaAction::AbandonCp { .. } => -1.0,
        _ => 0.0,
    }
}

/// What an attack's expected result (−0.7 to 1) is worth: a sure defeat of the German unit
/// beats any move, since taking positions is what opens the beach (13.2).
const ATTACK_GAIN: f64 = 50.0;

/// The cost of spending one of the division's counted actions (7.2).
const PAID: f64 = -0.4;

/// What moving `unit` to `to` gains: the worth of the new hex over the old, less a counted
/// action unless the move is free (7.1); a leader stays while units it commands still have to
/// act (7.33).
fn move_gain(sight: &Sight<'_>, unit: UsId, to: HexId) -> f64 {
    let state = sight.state;
    let Some(from) = hex_of(state, unit) else {
        return f64::NEG_INFINITY;
    };
    let leader = state
        .data
        .index
        .us
        .get(usize::from(unit))
        .is_some_and(|i| i.is_leader());
    if leader && sight.leader_still_needed(unit) {
        return -3.0;
    }
    let free = crate::movement::free(state, unit)
        || crate::movement::self_preservation(state, unit, from, to);
    ground_gain(sight, unit, to) + if free { 0.0 } else { PAID }
}

/// What moving `unit` and `with` together to `to` gains (7.21): both units' ground, one counted
/// action unless both move free, crowding counted for the units the stacking limit counts
/// (7.61: not leaders); a leader stays while units it commands still have to act (7.33).
fn pair_gain(sight: &Sight<'_>, unit: UsId, with: UsId, to: HexId) -> f64 {
    let state = sight.state;
    let leader = |u: UsId| {
        state
            .data
            .index
            .us
            .get(usize::from(u))
            .is_some_and(|i| i.is_leader())
    };
    if [unit, with]
        .into_iter()
        .any(|u| leader(u) && sight.leader_still_needed(u))
    {
        return -3.0;
    }
    let counted = [unit, with].into_iter().filter(|&u| !leader(u)).count();
    let crowded = if counted == 2 && sight.stacked(to) >= 1 {
        -6.0
    } else {
        0.0
    };
    let free = [unit, with]
        .into_iter()
        .all(|u| crate::movement::free(state, u));
    ground_gain(sight, unit, to)
        + ground_gain(sight, with, to)
        + crowded
        + if free { 0.0 } else { PAID }
}

/// The worth of `to` over the hex `unit` stands in.
fn ground_gain(sight: &Sight<'_>, unit: UsId, to: HexId) -> f64 {
    hex_of(sight.state, unit).map_or(f64::NEG_INFINITY, |from| {
        sight.hex_value(unit, to, true) - sight.hex_value(unit, from, false)
    })
}

/// 6.3: how much US presence the position in `target` fires on: the hexes of its fire field
/// that hold US units.
fn fire_on_us(sight: &Sight<'_>, target: HexId) -> f64 {
    let state = sight.state;
    let Some(pos) =
        crate::combat::german_at(state, target).and_then(|g| crate::germans::position_of(state, g))
    else {
        return 0.0;
    };
    state
        .data
        .index
        .hexes
        .iter()
        .enumerate()
        .filter(|(h, _)| sight.stacked(*h as HexId) > 0)
        .flat_map(|(_, x)| x.fire.iter().filter(|&&(p, _)| p == pos))
        .count() as f64
}

fn hero_score(sight: &Sight<'_>, unit: UsId) -> f64 {
    let state = sight.state;
    let steps = state.us.get(usize::from(unit)).map_or(0, |u| u.steps);
    let near = hex_of(state, unit).is_some_and(|h| sight.next_to_germans(h));
    f64::from(steps)
        + 0.2 * f64::from(crate::combat::strength(state, unit))
        + if near { 2.0 } else { 0.0 }
}

/// Units of `division` on the map that may still act.
fn ready(state: &Omaha, division: Division) -> usize {
    state
        .us
        .iter()
        .filter(|u| {
            u.command == division
                && matches!(u.loc, UsLoc::Hex(_))
                && !u.flags.has(UsFlags::DISRUPTED | UsFlags::ACTED)
        })
        .count()
}

/// Hexes from `hex` to the nearest US unit on the map.
fn nearest_us(state: &Omaha, hex: HexId) -> u32 {
    state
        .us
        .iter()
        .filter_map(|u| match u.loc {
            UsLoc::Hex(h) => Some(state.data.index.distance(h, hex)),
            _ => None,
        })
        .min()
        .unwrap_or(u32::MAX)
}
