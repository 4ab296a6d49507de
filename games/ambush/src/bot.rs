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

/// How many steps each hex of the map is from the nearest of `goals`, walking round the walls
/// (AMBX-MOV-1: a wall is never crossed; doors, windows and breaches are): `u32::MAX` where no
/// walk reaches one. Plain hex distance would leave a soldier beside an objective behind a wall
/// with no step that brings him nearer.
fn walk_field(game: &Ambush, goals: &[Hex]) -> Vec<u32> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    let costs = &game.data().tables.movement.infantry;
    let mut steps = vec![u32::MAX; map.cells.len()];
    let mut frontier = std::collections::VecDeque::new();
    for &goal in goals {
        if steps[usize::from(goal.0)] != 0 {
            steps[usize::from(goal.0)] = 0;
            frontier.push_back(goal);
        }
    }
    while let Some(at) = frontier.pop_front() {
        let next_steps = steps[usize::from(at.0)] + 1;
        for dir in crate::data::map::Dir::ALL {
            let Some(from) = map.neighbour(at, dir) else {
                continue;
            };
            if steps[usize::from(from.0)] == u32::MAX
                && crate::movement::infantry_cost(map, costs, from, at).is_some()
            {
                steps[usize::from(from.0)] = next_steps;
                frontier.push_back(from);
            }
        }
    }
    steps
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
    /// AMBX-HID: the state drawn for search reseeds the dice to come and draws the veil over
    /// the sheet, the paragraphs not read and the German cards ([`crate::state::Veil`]).
    fn determinize_for_search<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Self {
        let mut drawn = crate::view::determinize(self, rng);
        drawn.veil = crate::state::Veil::Drawn;
        drawn
    }

    /// Search stops where a state drawn for it came to something hidden.
    fn horizon(&self) -> bool {
        self.beyond_veil()
    }

    /// The firefights of the Action Rounds are worth a search; in Operations every hex entered
    /// is looked up on the hidden sheet, so a search sees no further than the rule's own
    /// exploring, and the rule plays.
    fn worth_searching(&self, _seat: Seat) -> bool {
        matches!(self.phase, Phase::Rounds(_))
    }

    /// The squad still standing, the Germans out of the fight, the mission's VP and how near
    /// the squad stands to the hexes it must hold, on a 0..1 scale.
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
        // The mission's VP so far against those it asks (AMBX-MIS-10), for the search to tell
        // progress from mere survival.
        let required = self.mission().victory.require_vp_at_least;
        let progress = if required > 0 {
            (f64::from(crate::victory::final_vp(self)) / f64::from(required)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        // How close the squad stands to each hex the mission asks it to hold.
        let goals = objectives(self);
        let near = if goals.is_empty() {
            0.0
        } else {
            let map = self.map();
            goals
                .iter()
                .map(|&o| {
                    self.side(Side::Us)
                        .filter(|&id| !self.soldier(id).inactive())
                        .filter_map(|id| match self.soldier(id).place {
                            Place::Hex(h) => map.map(|m| m.distance(h, o)),
                            _ => None,
                        })
                        .min()
                        .map_or(0.0, |d| 1.0 / (1.0 + f64::from(d)))
                })
                .sum::<f64>()
                / goals.len() as f64
        };
        // A mission that asks for no German left active (AMBX-MIS-10) is not won by VP alone:
        // each German out counts for more there.
        let per_german = if self.mission().victory.require_no_active_germans {
            0.15
        } else {
            0.05
        };
        (0.1 + 0.25 * standing + per_german * germans_out + 0.3 * progress + 0.25 * near).min(1.0)
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[AmbAction],
        rng: &mut R,
    ) -> Option<AmbAction> {
        let scores = self.rule_scores(legal);
        let best = scores.iter().copied().max()?;
        let top: Vec<AmbAction> = legal
            .iter()
            .zip(&scores)
            .filter(|&(_, &s)| s == best)
            .map(|(&a, _)| a)
            .collect();
        top.get(overlord_engine::uniform_below(rng, top.len() as u32) as usize)
            .copied()
    }

    /// The rule's own scores: the search's paired root compares the rule's best
    /// actions, and its widening tries them first. Left at the default (every action alike),
    /// the root compared the first actions listed (a stance change, the end of the turn) and
    /// never the rule's shot.
    fn rank_actions(&self, legal: &[AmbAction], scores: &mut Vec<f64>) {
        scores.clear();
        scores.extend(self.rule_scores(legal).into_iter().map(f64::from));
    }
}

impl Ambush {
    /// The rule bot's score of each of `legal`, in order, higher better: what
    /// [`Heuristics::rule_based_action`] picks the best of and [`Heuristics::rank_actions`]
    /// ranks by. Only what the squad may know is read.
    fn rule_scores(&self, legal: &[AmbAction]) -> Vec<i32> {
        if legal.is_empty() {
            return Vec::new();
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
        // Walking distances, worked out only if a move is offered.
        let moves = legal.iter().any(|a| matches!(a, AmbAction::Move { .. }));
        let steps = legal
            .iter()
            .any(|a| matches!(a, AmbAction::Step { .. } | AmbAction::ChargeStep { .. }));
        let to_goals = if moves {
            walk_field(self, &goals)
        } else {
            Vec::new()
        };
        let to_enemies = if steps {
            walk_field(self, &enemies)
        } else {
            Vec::new()
        };
        // The gain of a step from `from` to `to` in walking distance (hex distance where the
        // field has nothing, off the map).
        let gain = |field: &[u32], targets: &[Hex], from: Hex, to: Hex| -> i32 {
            match (field.get(usize::from(from.0)), field.get(usize::from(to.0))) {
                (Some(&a), Some(&b)) if b != u32::MAX => {
                    i64::from(a.min(b.saturating_add(2))).saturating_sub(i64::from(b)) as i32
                }
                (Some(_), Some(_)) => 0,
                _ => {
                    distance_to(self, targets, from) as i32 - distance_to(self, targets, to) as i32
                }
            }
        };
        let score = |a: &AmbAction| -> i32 {
            match *a {
                // Never at a German who has surrendered (AMB-GER-5): he waits to be captured.
                AmbAction::Fire { target, .. } if !self.soldier(target).active_on_map() => 0,
                AmbAction::Throw { hex, .. } if !enemies.contains(&hex) => 0,
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
                    let gain = gain(&to_goals, &goals, from, to);
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
                    let gain = gain(&to_enemies, &enemies, from, to);
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
        legal.iter().map(score).collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod rule_tests {
    use super::*;
    use crate::AmbushData;
    use overlord_engine::{Components, Game, GameRng, Log, RandomSpec};
    use rand::SeedableRng;
    use std::path::Path;
    use std::sync::Arc;

    /// Mission S1 dealt from seed 1.
    fn s1() -> Ambush {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = Arc::new(<AmbushData as Components>::load(&dir).unwrap());
        Ambush::setup(
            &data,
            "S1",
            &Default::default(),
            GameRng::new(&RandomSpec::seeded(1)),
            &mut Log::disabled(),
        )
        .unwrap()
    }

    /// AMBX-MOV-1: the rule bot counts its way to an objective walking round the walls. S1's
    /// farmhouse room 0503 has a wall on its north-west side and its door on the south-west: from
    /// 0402, one hex away across the wall, it is two steps by the door (0403), and from
    /// 0403 one. By hex distance alone no step from 0402 came nearer, and the bot gave up.
    #[test]
    fn ambx_mov_1_the_rule_bot_walks_round_a_wall_to_its_objective() {
        let game = s1();
        let map = game.map().unwrap();
        let hex = |label: &str| map.hex(label).unwrap();
        let (room, outside, door) = (hex("0503"), hex("0402"), hex("0403"));
        assert_eq!(map.distance(outside, room), 1, "across the wall");
        let field = walk_field(&game, &[room]);
        assert_eq!(field[usize::from(room.0)], 0);
        assert_eq!(field[usize::from(door.0)], 1, "through the door");
        assert_eq!(field[usize::from(outside.0)], 2, "round by the door");
    }

    /// AMB-GER-5: a German who has surrendered waits to be captured; the rule bot throws no
    /// grenade at his hex (it would at a German still fighting there).
    #[test]
    fn amb_ger_5_the_rule_bot_throws_nothing_at_a_german_who_surrendered() {
        let mut game = s1();
        let hex = game.map().unwrap().hex("0306").unwrap();
        let german = (0..game.soldiers.len())
            .position(|i| game.soldiers[i].side == Side::German)
            .unwrap();
        game.soldiers[german].place = Place::Hex(hex);
        let legal = [
            AmbAction::Throw {
                hex,
                satchel: false,
            },
            AmbAction::EndTurn,
        ];
        let mut rng = overlord_ai::BotRng::seed_from_u64(1);
        assert_eq!(
            game.rule_based_action(&legal, &mut rng),
            Some(legal[0]),
            "at a German still fighting"
        );
        game.soldiers[german].surrendered = true;
        assert_eq!(
            game.rule_based_action(&legal, &mut rng),
            Some(AmbAction::EndTurn)
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod search_tests {
    //! The search bot (issue 31, deliverable 3): IS-MCTS over states drawn behind the veil
    //! ([`crate::state::Veil`]). Its leak test: two states that differ only in what the squad
    //! has not uncovered (the sheet, the event column, the activation pools, the paragraphs not
    //! read, the German cards, the Germans not placed) give the search the same tree, visit for
    //! visit, from the same seed, and so the same choice.

    use super::unheld;
    use crate::state::{Ambush, Phase, Place, Veil};
    use crate::{AmbushData, data::weapons::Side};
    use overlord_ai::{Bot, BotRng, Budget, IsMcts, IsMctsConfig, Rollout, RolloutPolicy};
    use overlord_engine::{Components, Game, GameRng, Heuristics, Log, RandomSpec, Seat, Status};
    use rand::SeedableRng;
    use std::path::Path;
    use std::sync::{Arc, OnceLock};

    fn data() -> Arc<AmbushData> {
        static DATA: OnceLock<Arc<AmbushData>> = OnceLock::new();
        Arc::clone(DATA.get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
            Arc::new(<AmbushData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
        }))
    }

    fn search_bot(iterations: u64) -> IsMcts<Ambush> {
        IsMcts::new(IsMctsConfig {
            budget: Budget::iterations(iterations),
            rollout: Rollout {
                policy: RolloutPolicy::RuleBased,
                max_depth: 200,
            },
            exploration: 0.7,
            trees: 1,
            widening: 0.01,
            paired: 3,
            margin: 0.03,
            selective: true,
        })
    }

    /// Mission `mission` dealt from `seed`.
    fn new_game(mission: &str, seed: u64) -> Ambush {
        Ambush::setup(
            &data(),
            mission,
            &Default::default(),
            GameRng::new(&RandomSpec::seeded(seed)),
            &mut Log::disabled(),
        )
        .unwrap()
    }

    /// The states the rule bot meets every `every` decisions of mission `mission` from `seed`.
    fn states(mission: &str, seed: u64, every: usize) -> Vec<Ambush> {
        let mut game = new_game(mission, seed);
        let mut rng = BotRng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut seen = Vec::new();
        for step in 0..5_000 {
            let Status::ToAct(_) = game.status() else {
                break;
            };
            game.legal_actions(&mut legal);
            if step % every == 0 && legal.len() > 1 {
                seen.push(game.clone());
            }
            let action = game.rule_based_action(&legal, &mut rng).unwrap();
            let _ = game.apply(action, &mut Log::disabled()).unwrap();
        }
        seen
    }

    /// `game` with everything the squad has not uncovered made different: another mission
    /// data whose sheet, event column, activation pools, unread paragraphs and German cards are
    /// changed, and the Germans not yet placed rated otherwise.
    fn other_hidden(game: &Ambush) -> Ambush {
        let mut data = (*game.data).clone();
        let mission = &mut data.missions[usize::from(game.mission)];
        let table = &mut mission.table;
        for row in &mut table.check {
            row.iter_mut().for_each(|e| *e = None);
        }
        for row in &mut table.gmove {
            row.reverse();
        }
        table.events.reverse();
        for pool in &mut table.pools {
            pool.reverse();
        }
        for p in &mut mission.paragraphs {
            let read = p
                .get_ref()
                .id
                .parse::<u16>()
                .is_ok_and(|id| game.paragraphs_read.binary_search(&id).is_ok());
            if !read {
                let p = p.get_mut();
                p.effects = None;
                p.lines = None;
            }
        }
        for g in &mut mission.germans {
            g.get_mut().table.reverse();
        }
        let mut other = game.clone();
        other.data = Arc::new(data);
        for s in &mut other.soldiers {
            if s.side == Side::German && s.place == Place::OffMap {
                s.ratings.ws = s.ratings.ws.saturating_add(3);
                s.ratings.initiative = 0;
            }
        }
        other
    }

    #[test]
    fn ambx_hid_the_search_reads_nothing_the_squad_has_not_uncovered() {
        let mut checked = 0;
        let mut legal = Vec::new();
        for (mission, seed) in [("S1", 1), ("S1", 2), ("M3", 3), ("M7", 4)] {
            for (i, state) in states(mission, seed, 7).iter().enumerate() {
                let Status::ToAct(seat) = state.status() else {
                    continue;
                };
                let other = other_hidden(state);
                // The squad cannot tell them apart.
                assert_eq!(
                    serde_json::to_string(&state.view(overlord_engine::Viewer::Seat(seat)))
                        .unwrap(),
                    serde_json::to_string(&other.view(overlord_engine::Viewer::Seat(seat)))
                        .unwrap()
                );
                state.legal_actions(&mut legal);
                let mut bot = search_bot(9);
                let mut search = |s: &Ambush| {
                    let mut rng = BotRng::seed_from_u64(99);
                    let edges = bot.search(s, seat, &mut rng);
                    let mut rng = BotRng::seed_from_u64(99);
                    (edges, bot.choose(s, seat, &legal, &mut rng))
                };
                let (edges_a, choice_a) = search(state);
                let (edges_b, choice_b) = search(&other);
                assert_eq!(edges_a, edges_b, "{mission} seed {seed} state {i}");
                assert_eq!(choice_a, choice_b, "{mission} seed {seed} state {i}");
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked} states");
    }

    /// Why a mission that ended was not accomplished, for the strength test's breakdown: the
    /// first condition of AMBX-MIS-10 it misses, or "ended" where the squad ended it meeting
    /// them all (a paragraph's own end).
    fn failure(game: &Ambush) -> &'static str {
        let victory = &game.mission().victory;
        if game.side(Side::Us).all(|id| game.soldier(id).inactive()) {
            "squad out"
        } else if crate::victory::final_vp(game) < victory.require_vp_at_least {
            "short of VP"
        } else if !unheld(game).is_empty() {
            "objective unheld"
        } else if victory.require_no_active_germans
            && game
                .side(Side::German)
                .any(|g| game.soldier(g).active_on_map())
        {
            "Germans active"
        } else {
            "ended"
        }
    }

    /// Mission `mission` from `seed` played to its end by the search bot of `iterations`
    /// simulations a decision (or the rule bot, with 0), and its slowest decision.
    fn played(mission: &str, seed: u64, iterations: u64) -> (Ambush, std::time::Duration) {
        let mut game = new_game(mission, seed);
        let mut search = search_bot(iterations);
        let mut rng = BotRng::seed_from_u64(seed ^ 0x5eed);
        let mut legal = Vec::new();
        let mut slowest = std::time::Duration::ZERO;
        for _ in 0..20_000 {
            match game.status() {
                Status::Over(_) => return (game, slowest),
                Status::ToAct(seat) => {
                    game.legal_actions(&mut legal);
                    let started = std::time::Instant::now();
                    let action = if iterations > 0 {
                        search.choose(&game, seat, &legal, &mut rng).unwrap()
                    } else {
                        game.rule_based_action(&legal, &mut rng).unwrap()
                    };
                    slowest = slowest.max(started.elapsed());
                    let _ = game.apply(action, &mut Log::disabled()).unwrap();
                }
            }
        }
        panic!("{mission} {seed} did not end");
    }

    /// The search bot against the rule bot on the same seeds of each mission (the 400
    /// games; `SEARCH_GAMES` and `SEARCH_MISSIONS` narrow it).
    #[test]
    #[ignore = "cargo test --release -p overlord-ambush --lib search_beats -- --ignored --nocapture"]
    fn ambx_hid_search_beats_the_rule_bot() {
        let games: u64 = std::env::var("SEARCH_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(400);
        let iterations: u64 = std::env::var("SEARCH_ITERATIONS")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(24);
        let first: u64 = std::env::var("SEARCH_FIRST_SEED")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(0);
        let missions = std::env::var("SEARCH_MISSIONS")
            .unwrap_or_else(|_| "S1,M2,M3,M4,M5,M6,M7,M8".to_owned());
        for mission in missions.split(',') {
            // Games accomplished, and the failures by their first missed condition.
            let tally = |iterations: u64| {
                let mut failures = std::collections::BTreeMap::<&str, u64>::new();
                let mut wins = 0;
                let mut slowest = std::time::Duration::ZERO;
                for seed in first..first + games {
                    let (end, slowest_here) = played(mission, seed, iterations);
                    slowest = slowest.max(slowest_here);
                    if matches!(end.phase, Phase::Ended { success: true }) {
                        wins += 1;
                    } else {
                        *failures.entry(failure(&end)).or_default() += 1;
                    }
                }
                (wins, failures, slowest)
            };
            let (rule, rule_failures, _) = tally(0);
            let (searched, search_failures, slowest) = tally(iterations);
            println!("{mission} failures: rule {rule_failures:?}, search {search_failures:?}");
            // Wall-clock, so only a report (item 5 asks 2 s a decision): never asserted.
            println!("{mission}: the search's slowest decision {slowest:.2?}");
            let interval = |wins: u64| {
                overlord_ai::stats::Proportion {
                    successes: wins,
                    trials: games,
                }
                .wilson95()
            };
            let (r, s) = (interval(rule), interval(searched));
            println!(
                "{mission}: rule {rule}/{games} [{:.1}, {:.1}], search {searched}/{games} [{:.1}, {:.1}]",
                100.0 * r.low,
                100.0 * r.high,
                100.0 * s.low,
                100.0 * s.high
            );
        }
    }

    /// The search's paired root compares the actions ranked best, ties in the legal list's
    /// order: those must be the rule's own choices (AMBX-HID's search starts from the rule).
    /// Every state of rule-bot games of S1, M5 and M8 where the rule fires or throws: the first
    /// ranked action is one the rule plays there. Ranked all alike (the engine's default), the
    /// first ranked is the first listed (a stance change), and the search never fired.
    #[test]
    fn ambx_hid_the_search_ranks_the_rule_bots_shot_first() {
        let shot = |a: &crate::AmbAction| {
            matches!(
                a,
                crate::AmbAction::Fire { .. }
                    | crate::AmbAction::FireAtVehicle { .. }
                    | crate::AmbAction::Throw { .. }
                    | crate::AmbAction::ThrowAtVehicle { .. }
            )
        };
        let (mut legal, mut scores) = (Vec::new(), Vec::new());
        let mut checked = 0;
        for mission in ["S1", "M5", "M8"] {
            for seed in 0..4 {
                for state in states(mission, seed, 1) {
                    state.legal_actions(&mut legal);
                    let rule_plays: Vec<_> = (0..8)
                        .filter_map(|s| {
                            state.rule_based_action(&legal, &mut BotRng::seed_from_u64(s))
                        })
                        .collect();
                    if !rule_plays.iter().any(shot) {
                        continue;
                    }
                    state.rank_actions(&legal, &mut scores);
                    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let first = scores.iter().position(|&s| s == best).unwrap();
                    assert!(
                        rule_plays.contains(&legal[first]),
                        "{mission} seed {seed}: ranked first {:?}, the rule plays {rule_plays:?}",
                        legal[first]
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} states with a shot");
    }

    /// A state drawn for search stops at the first hidden thing it would read, and a real game
    /// never does: here the checks of a Condition change (AMB-COND-3), which read the sheet.
    #[test]
    fn ambx_hid_a_state_drawn_for_search_stops_at_the_veil() {
        let mut reached = 0;
        for state in states("S1", 5, 3) {
            assert_eq!(state.veil, Veil::Off);
            assert!(!state.horizon());
            let Some(hex) = state
                .side(Side::Us)
                .find_map(|id| match state.soldier(id).place {
                    Place::Hex(h) => Some(h),
                    _ => None,
                })
            else {
                continue;
            };
            let check = crate::state::Task::Check {
                hex,
                actor: 1,
                quiet: true,
            };
            let mut real = state.clone();
            real.work.push(check.clone());
            crate::operations::run(&mut real);
            assert!(!real.horizon(), "a real game reads the sheet");
            let mut drawn = state.determinize_for_search(Seat(0), &mut BotRng::seed_from_u64(1));
            assert_eq!(drawn.veil, Veil::Drawn);
            drawn.work.push(check);
            crate::operations::run(&mut drawn);
            assert!(drawn.horizon());
            assert!(drawn.work.is_empty(), "nothing more is done past the veil");
            reached += 1;
        }
        assert!(reached > 3, "{reached} draws reached the veil");
    }

    /// AMBX-HID: the sheet is hidden, so a soldier of a state drawn for search who enters a hex
    /// reads none of it, and play goes on (the squad's public model: nothing there): a step
    /// does not end the search before the Germans answer it.
    #[test]
    fn ambx_hid_a_drawn_state_reads_no_sheet_on_entering_a_hex() {
        let mut entered = 0;
        for seed in 0..3 {
            for state in states("M5", seed, 5) {
                let Some(map) = state.map() else { continue };
                let next_unwalked = |id| match state.soldier(id).place {
                    Place::Hex(h) => crate::data::map::Dir::ALL
                        .iter()
                        .filter_map(|&d| map.neighbour(h, d))
                        .find(|&n| !state.trodden(n))
                        .map(|n| (id, n)),
                    _ => None,
                };
                let Some((id, to)) = state
                    .side(Side::Us)
                    .filter(|&id| !state.soldier(id).inactive())
                    .find_map(next_unwalked)
                else {
                    continue;
                };
                let mut drawn =
                    state.determinize_for_search(Seat(0), &mut BotRng::seed_from_u64(1));
                let (read, reveals) = (drawn.paragraphs_read.clone(), drawn.reveals);
                crate::operations::enter(&mut drawn, &[id], to);
                assert!(!drawn.horizon(), "{seed}: entering {to:?} reached the veil");
                assert_eq!(drawn.paragraphs_read, read);
                assert_eq!(drawn.reveals, reveals);
                assert_eq!(drawn.soldier(id).place, Place::Hex(to));
                entered += 1;
            }
        }
        assert!(entered > 5, "{entered} hexes entered");
    }

    /// AMBX-HID: a round's Event Check reads the hidden event column, so a state drawn for
    /// search reads none of it, and goes on past it (the squad's public model: nothing
    /// happens): the veil is not reached and the state is as it was.
    #[test]
    fn ambx_hid_a_drawn_state_goes_on_past_the_rounds_event_check() {
        let mut crossed = 0;
        for seed in 0..3 {
            for state in states("M5", seed, 5) {
                if !matches!(state.phase, Phase::Rounds(_)) {
                    continue;
                }
                let mut drawn =
                    state.determinize_for_search(Seat(0), &mut BotRng::seed_from_u64(1));
                let before = drawn.clone();
                crate::operations::round_event(&mut drawn);
                assert_eq!(drawn.veil, Veil::Drawn);
                assert!(drawn == before, "nothing read, nothing changed");
                crossed += 1;
            }
        }
        assert!(crossed > 5, "{crossed} states in a round");
    }
}
