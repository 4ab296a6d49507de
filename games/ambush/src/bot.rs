//! What the bots are told (the engine's [`Heuristics`]): an estimate of how the mission stands,
//! and a first rule of thumb: fire the best shot there is, else hold; in Operations, close on
//! the mission's objective as a group, and end the mission once it is held.
//!
//! Not yet here: the full rule bot of issue 30 (cover, bounds, a base of fire, perception
//! before buildings).

use crate::action::AmbAction;
use crate::data::weapons::Side;
use crate::fire::{self, Kind};
use crate::map::Hex;
use crate::state::{Ambush, Phase, Place};
use overlord_engine::{Heuristics, Seat};
use rand::Rng;

/// The hexes the mission asks the squad to hold (AMBX-MIS-10).
fn objectives(game: &Ambush) -> Vec<Hex> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    game.mission()
        .victory
        .require_us_in
        .iter()
        .filter_map(|l| map.hex(l))
        .collect()
}

/// The objectives no active US soldier holds yet.
fn unheld(game: &Ambush) -> Vec<Hex> {
    objectives(game)
        .into_iter()
        .filter(|&o| !game.side(Side::Us).any(|id| holds(game, id, o)))
        .collect()
}

fn holds(game: &Ambush, id: crate::state::SoldierId, hex: Hex) -> bool {
    let s = game.soldier(id);
    !s.inactive() && s.place == Place::Hex(hex)
}

/// How far `hex` is from the nearest of `goals` (0 with none).
fn distance_to(game: &Ambush, goals: &[Hex], hex: Hex) -> u32 {
    let Some(map) = game.map() else {
        return 0;
    };
    goals
        .iter()
        .map(|&o| map.distance(hex, o))
        .min()
        .unwrap_or(0)
}

/// The hexes of the Germans the squad can see on the map.
fn enemy_hexes(game: &Ambush) -> Vec<Hex> {
    game.side(Side::German)
        .filter(|&g| game.soldier(g).active_on_map())
        .filter_map(|g| match game.soldier(g).place {
            Place::Hex(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// The hexes no US soldier has entered yet, that a soldier may enter.
fn unexplored(game: &Ambush) -> Vec<Hex> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    map.hexes().filter(|&h| !game.trodden(h)).collect()
}

/// Whether `id` is the only active US soldier on an objective.
fn sole_holder(game: &Ambush, id: crate::state::SoldierId) -> bool {
    let Place::Hex(here) = game.soldier(id).place else {
        return false;
    };
    objectives(game).contains(&here)
        && game
            .side(Side::Us)
            .filter(|&o| holds(game, o, here))
            .count()
            == 1
}

impl Heuristics for Ambush {
    /// The squad still standing, and the Germans out of the fight, on a 0..1 scale.
    fn evaluate(&self, _seat: Seat) -> f64 {
        let us: Vec<bool> = self
            .side(Side::Us)
            .map(|id| !self.soldier(id).inactive())
            .collect();
        let standing = us.iter().filter(|&&a| a).count() as f64 / us.len().max(1) as f64;
        let germans_out = self
            .side(Side::German)
            .filter(|&g| crate::view::known(self, g) && !self.soldier(g).active_on_map())
            .count() as f64;
        (0.2 + 0.6 * standing + 0.05 * germans_out).min(1.0)
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[AmbAction],
        rng: &mut R,
    ) -> Option<AmbAction> {
        if legal.is_empty() {
            return None;
        }
        // Short of the VP the mission asks, the squad explores (the nearest hexes it has not
        // entered); with them, it makes for the objectives.
        let short_of_vp =
            crate::victory::final_vp(self) < self.mission().victory.require_vp_at_least;
        let goals = if short_of_vp && matches!(self.phase, Phase::Operations) {
            unexplored(self)
        } else {
            unheld(self)
        };
        let enemies = enemy_hexes(self);
        let score = |a: &AmbAction| -> i32 {
            match *a {
                AmbAction::Fire {
                    item,
                    target,
                    aimed,
                } => self.turn.map_or(0, |t| {
                    let kind = if aimed { Kind::Aimed } else { Kind::Snap };
                    fire::dd(self, t.soldier, usize::from(item), target, kind)
                        .map_or(0, |dd| 100 + i32::from(dd) * 4 + i32::from(aimed))
                }),
                AmbAction::Throw { .. } => 90,
                // The enemy's vehicles: the bazooka and charges first.
                AmbAction::FireAtVehicle {
                    item,
                    vehicle,
                    aimed,
                } => self.turn.map_or(0, |t| {
                    let kind = if aimed { Kind::Aimed } else { Kind::Snap };
                    let explosive = self
                        .soldier(t.soldier)
                        .items
                        .get(usize::from(item))
                        .and_then(|it| self.data().weapons.type_by_index(it.weapon))
                        .is_some_and(|k| k.pen.is_some());
                    if !explosive {
                        return 0;
                    }
                    crate::vehicle_hits::dd(self, t.soldier, usize::from(item), vehicle, kind)
                        .map_or(0, |dd| 110 + i32::from(dd) * 4)
                }),
                // A bazooka through the wall of a house holding Germans.
                AmbAction::FireAtWall { item, hex, aimed } => self.turn.map_or(0, |t| {
                    let explosive = self
                        .soldier(t.soldier)
                        .items
                        .get(usize::from(item))
                        .and_then(|it| self.data().weapons.type_by_index(it.weapon))
                        .is_some_and(|k| k.explosive);
                    let kind = if aimed { Kind::Aimed } else { Kind::Snap };
                    if !explosive {
                        return 0;
                    }
                    crate::walls::dd(self, t.soldier, usize::from(item), hex, kind)
                        .map_or(0, |dd| 100 + i32::from(dd) * 3)
                }),
                AmbAction::ThrowAtVehicle { satchel, into, .. } => {
                    92 + i32::from(satchel) * 4 + i32::from(into) * 2
                }
                AmbAction::Assault { capture, .. } => 95 + i32::from(capture),
                AmbAction::Activate { .. } | AmbAction::Line { .. } => 50,
                AmbAction::Enter { .. } => 50,
                AmbAction::ClearJam { .. } => 60,
                // A weapon is prepared once the squad stops moving (a move undoes an MG's).
                AmbAction::Prepare { .. } => {
                    if self.turn.is_some() {
                        15
                    } else {
                        30
                    }
                }
                AmbAction::Move { soldier, to, group } => {
                    let Place::Hex(from) = self.soldier(soldier).place else {
                        return 0;
                    };
                    // Nobody leaves an objective empty behind him.
                    if sole_holder(self, soldier) || (group && objectives(self).contains(&from)) {
                        return 0;
                    }
                    let gain = distance_to(self, &goals, from) as i32
                        - distance_to(self, &goals, to) as i32;
                    if gain > 0 && !goals.is_empty() {
                        40 + i32::from(group)
                    } else {
                        0
                    }
                }
                // In a round with no shot: close on the nearest German.
                AmbAction::Step { to } | AmbAction::ChargeStep { to } => {
                    let Some(from) = self.turn.and_then(|t| match self.soldier(t.soldier).place {
                        Place::Hex(h) => Some(h),
                        _ => None,
                    }) else {
                        return 0;
                    };
                    let gain = distance_to(self, &enemies, from) as i32
                        - distance_to(self, &enemies, to) as i32;
                    if gain > 0 && !enemies.is_empty() {
                        20 + i32::from(matches!(a, AmbAction::ChargeStep { .. }))
                    } else {
                        0
                    }
                }
                AmbAction::EndMission => {
                    if matches!(self.phase, Phase::Operations)
                        && (crate::victory::success(self) || goals.is_empty())
                    {
                        200
                    } else {
                        5
                    }
                }
                // Up from the ground to go on toward the objective.
                AmbAction::Stance { soldier, stance } => {
                    let s = self.soldier(soldier);
                    let getting_up = s.stance == crate::data::mission::Stance::Prone
                        && stance == crate::data::mission::Stance::Standing;
                    if self.turn.is_none() && getting_up && !goals.is_empty() {
                        35
                    } else {
                        1
                    }
                }
                AmbAction::EndTurn => 10,
                // A debrief: the XP shared evenly, PC first, every point spent on men.
                AmbAction::AssignXp { amount } => 20 - i32::from(amount),
                AmbAction::Improve { choice } => 25 - i32::from(choice),
                AmbAction::Recruit {
                    initiative,
                    commander,
                } => {
                    let leaderless = self
                        .campaign
                        .as_ref()
                        .is_some_and(|c| !c.roster.iter().any(|s| s.commander));
                    30 + i32::from(initiative) + if commander == leaderless { 10 } else { 0 }
                }
                AmbAction::EndStep => 10,
                _ => 1,
            }
        };
        let best = legal.iter().map(score).max()?;
        let top: Vec<AmbAction> = legal.iter().copied().filter(|a| score(a) == best).collect();
        top.get(overlord_engine::uniform_below(rng, top.len() as u32) as usize)
            .copied()
    }
}
