//! What the bots are told (the engine's [`Heuristics`]): an estimate of how the mission stands,
//! and the rule bot: in Operations the squad explores until it has the mission's VP, then makes
//! for the objectives, as a group through the open and into cover, the sharpest eyes first
//! into a building; in a round it fires the best shot there is (bazookas and charges at
//! vehicles and walls), else closes on the enemy by bounds, half the squad a round, the
//! automatic weapons staying as its base of fire, getting down under the enemy's eyes; it ends
//! the mission once it has succeeded.

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

/// The cover of `hex` for the bot: 0 in the open, more behind more (the FCM terrain modifier,
/// negated).
fn cover(game: &Ambush, hex: Hex) -> i32 {
    let Some(map) = game.map() else { return 0 };
    let terrain = map.cell(hex).terrain;
    -i32::from(
        game.data()
            .tables
            .fcm
            .terrain
            .get(terrain.name())
            .copied()
            .unwrap_or(0),
    )
}

/// A soldier with an automatic weapon: the squad's base of fire, who stays where he shoots from
/// while others are left to advance.
fn base_of_fire(game: &Ambush, id: crate::state::SoldierId) -> bool {
    let automatic = |o: crate::state::SoldierId| {
        game.soldier(o).items.iter().any(|it| {
            game.data()
                .weapons
                .type_by_index(it.weapon)
                .is_some_and(|t| t.auto && !t.crew)
        })
    };
    automatic(id)
        && game
            .side(Side::Us)
            .any(|o| o != id && !game.soldier(o).inactive() && !automatic(o))
}

/// Bounds: soldiers with an even id move in odd rounds, the others in even ones.
fn bounding(game: &Ambush, id: crate::state::SoldierId) -> bool {
    match game.phase {
        Phase::Rounds(r) => (r.number + u16::from(id.0)) % 2 == 1,
        _ => true,
    }
}

/// Whether a German on the map sees `id`.
fn seen_by_enemy(game: &Ambush, id: crate::state::SoldierId) -> bool {
    let Some(map) = game.map() else { return false };
    let s = game.soldier(id);
    let Place::Hex(here) = s.place else {
        return false;
    };
    game.side(Side::German).any(|g| {
        let german = game.soldier(g);
        german.active_on_map()
            && german.hex(&game.vehicles).is_some_and(|there| {
                crate::los::line_of_sight(
                    map,
                    crate::los::End::new(there, german.stance),
                    crate::los::End::new(here, s.stance),
                )
            })
    })
}

/// Whether `id` has the best PC among the active US soldiers of his hex (the lowest id among
/// equals).
fn sharpest_here(game: &Ambush, id: crate::state::SoldierId) -> bool {
    let here = game.soldier(id).place;
    game.side(Side::Us)
        .filter(|&o| game.soldier(o).place == here && !game.soldier(o).inactive())
        .max_by_key(|&o| (game.soldier(o).ratings.pc, std::cmp::Reverse(o)))
        == Some(id)
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
                    if gain <= 0 || goals.is_empty() {
                        return 0;
                    }
                    // Into a building the sharpest eyes go first, alone (the paragraphs'
                    // Perception Checks are his).
                    let building = self.map().is_some_and(|m| m.cell(to).building.is_some());
                    if building {
                        return if !group && sharpest_here(self, soldier) {
                            42
                        } else {
                            0
                        };
                    }
                    40 + i32::from(group) + cover(self, to).min(0)
                }
                // In a round with no shot: close on the nearest German.
                // In a round with no shot: close on the nearest German, by bounds (half the
                // squad moves in odd rounds, the other half in even ones), the automatic
                // weapons staying as the base of fire, into cover where there is a choice.
                AmbAction::Step { to } | AmbAction::ChargeStep { to } => {
                    let Some(t) = self.turn else { return 0 };
                    let Place::Hex(from) = self.soldier(t.soldier).place else {
                        return 0;
                    };
                    let gain = distance_to(self, &enemies, from) as i32
                        - distance_to(self, &enemies, to) as i32;
                    if gain <= 0 || enemies.is_empty() {
                        return 0;
                    }
                    if base_of_fire(self, t.soldier) || !bounding(self, t.soldier) {
                        return 0;
                    }
                    20 + i32::from(matches!(a, AmbAction::ChargeStep { .. })) + cover(self, to)
                }
                // Under the enemy's eyes, get down (the free change first).
                AmbAction::Stance { soldier, stance }
                    if self.turn.is_some()
                        && stance == crate::data::mission::Stance::Crouching
                        && self.soldier(soldier).stance
                            == crate::data::mission::Stance::Standing
                        && seen_by_enemy(self, soldier)
                        && crate::status::stance_change_cost(self.soldier(soldier)) == 0 =>
                {
                    12
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
