//! Operations (AMB-OPS, AMB-OPA-1, AMB-COND, AMBX-MIS-6..9) and the paragraph book's effects
//! (AMBX-PAR): the squad enters hexes, each entry read on the mission sheet; events, Activation
//! Checks, paragraphs and their effects; Condition changes; until a German becomes active and
//! the Activation Phase begins.
//!
//! The work is a stack ([`Task`]) so that a question to the player (a bulleted line) can stop
//! it anywhere and [`choose`] picks it up again. A free fire is fired with the first weapon
//! that can make the shot, at the German the effect names (docs/ambush/interpretations.md).

use crate::blast;
use crate::data::mission::{
    Effect, Entry, LineMode, Marker, MissionResult, Ref, Shooter, Stance, When, Who,
};
use crate::data::weapons::Side;
use crate::fire::{self, Kind};
use crate::german;
use crate::map::Hex;
use crate::sheet::{self, Reading};
use crate::state::{
    Actor, Ambush, Ask, Item, Phase, Place, RoundState, SoldierId, Task, marker_bit,
};
use crate::tables::dice;
use crate::tables::track::Row;
use overlord_engine::RuleId;

/// AMB-OPS-7: the event roll.
pub const EVENT: RuleId = RuleId("AMB-OPS-7");
/// AMB-OPS-8: the Activation Check.
pub const ACTIVATION: RuleId = RuleId("AMB-OPS-8");
/// AMBX-PAR-2: a paragraph's Perception Check.
pub const PC_CHECK: RuleId = RuleId("AMBX-PAR-2");

fn bit(id: SoldierId) -> Actor {
    1 << id.0
}

fn members(actor: Actor) -> impl Iterator<Item = SoldierId> {
    (0..64u8)
        .filter(move |i| actor & (1 << i) != 0)
        .map(SoldierId)
}

/// AMB-OPS-1, AMB-OPA-3: `soldiers` (one, or a group moving together) enter `hex`; the sheet
/// is read, and everything it leads to is done until a question or the end of the work.
pub fn enter(game: &mut Ambush, soldiers: &[SoldierId], hex: Hex) {
    for &id in soldiers {
        game.soldiers[id.index()].place = Place::Hex(hex);
    }
    entered(game, soldiers, hex);
}

/// AMB-OPS-1: `soldiers`, already there (aboard a vehicle driven in), enter `hex`: the sheet is
/// read as for soldiers on foot.
pub fn entered(game: &mut Ambush, soldiers: &[SoldierId], hex: Hex) {
    let mut actor = 0;
    for &id in soldiers {
        actor |= bit(id);
    }
    if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
        *m |= crate::state::TRAIL;
    }
    // AMBX-ASLT-4: entering the hex of a German who surrendered captures him.
    german::capture_surrendered(game, hex);
    if game.phase == Phase::Entry
        && game
            .side(Side::Us)
            .all(|id| game.soldier(id).place != Place::OffMap)
    {
        game.phase = Phase::Operations;
    }
    // AMBX-HID: the sheet is hidden, so a state drawn for search reads none of it, and goes
    // on: the squad's public model of a hex entered is that nothing is there but what it
    // knows (a marked minefield). Stopping here ended a search at the first step any soldier
    // took, before the Germans answered it, and a step looked free.
    if game.veil != crate::state::Veil::Off {
        minefield(game, hex, actor);
    } else {
        game.work.push(Task::Check {
            hex,
            actor,
            quiet: false,
        });
    }
    run(game);
}

/// AMB-OPS-6: answer the open question with option `index`.
pub fn choose(game: &mut Ambush, index: usize) -> Result<(), &'static str> {
    match game.ask.take() {
        Some(Ask::SheetLine {
            hex,
            actor,
            options,
        }) => {
            let Some(&line) = options.get(index) else {
                game.ask = Some(Ask::SheetLine {
                    hex,
                    actor,
                    options,
                });
                return Err("no such line");
            };
            act_on(game, sheet::reading_of(line), hex, actor, false);
        }
        Some(Ask::ParagraphLine { id, actor, options }) => {
            let Some(&line) = options.get(index) else {
                game.ask = Some(Ask::ParagraphLine { id, actor, options });
                return Err("no such line");
            };
            game.work.push(Task::Effects {
                id,
                line: Some(line),
                next: 0,
                actor,
            });
        }
        None => return Err("no question is open"),
    }
    run(game);
    Ok(())
}

/// Do the work until a question is asked or none is left; then, if a German became active in
/// Operations, the Activation Phase begins (AMB-AWR-1).
pub fn run(game: &mut Ambush) {
    while game.ask.is_none() {
        if matches!(game.phase, Phase::Ended { .. }) {
            game.work.clear();
            return;
        }
        let Some(task) = game.work.pop() else { break };
        match task {
            // AMB-COND-4, AMBX-MOV-4: a German active, the remaining checks are abandoned.
            Task::Check { .. } if game.activated => {}
            Task::Check { hex, actor, quiet } => check(game, hex, actor, quiet),
            Task::Effects {
                id,
                line,
                next,
                actor,
            } => effects(game, id, line, next, actor),
            Task::MarkEvent { hex } => mark(game, hex, Marker::Event),
            Task::EndOfChange { activated } => game.activated |= activated,
        }
    }
    if game.ask.is_none() && game.activated && game.phase == Phase::Operations {
        begin_rounds(game);
    }
}

/// AMB-AWR-1: the Activation Phase begins: every US marker Unaware, every German Complete.
fn begin_rounds(game: &mut Ambush) {
    game.activated = false;
    for s in &mut game.soldiers {
        if s.inactive() {
            continue;
        }
        s.marker.row = if s.side == Side::Us {
            Row::Unaware
        } else {
            Row::Complete
        };
    }
    game.phase = Phase::Rounds(RoundState {
        number: 1,
        us_die: 0,
        german_die: 0,
        us_initiative: false,
        action_number: 0,
        opened: false,
    });
}

fn mark(game: &mut Ambush, hex: Hex, marker: Marker) {
    if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
        *m |= marker_bit(marker);
    }
}

/// AMB-OPS-1/2, AMBX-MIS-9: a hex entry: a known minefield first, then the sheet.
fn check(game: &mut Ambush, hex: Hex, actor: Actor, quiet: bool) {
    if !quiet {
        minefield(game, hex, actor);
    }
    if game.veiled() {
        return;
    }
    let reading = sheet::hex_entry(game, hex);
    act_on(game, reading, hex, actor, quiet);
}

/// AMB-PC-3: a hex known to be a minefield blasts those who enter it.
fn minefield(game: &mut Ambush, hex: Hex, actor: Actor) {
    if game.marked(hex, Marker::Minefield) {
        let entering: Vec<SoldierId> = members(actor).collect();
        let results = blast::minefield(game, hex, &entering);
        crate::attacks::log_damage(game, &results, blast::MINEFIELD);
    }
}

/// What a reading makes happen (AMB-OPS-3..8, AMB-COND-3).
fn act_on(game: &mut Ambush, reading: Reading, hex: Hex, actor: Actor, quiet: bool) {
    match reading {
        Reading::Nothing => {}
        // AMB-COND-3: during a Condition change an Event only marks the hex.
        Reading::Event if quiet => mark(game, hex, Marker::Event),
        Reading::Event => {
            game.work.push(Task::MarkEvent { hex });
            event(game, hex, actor);
        }
        Reading::Activation => activation_check(game, actor),
        Reading::Paragraph(id) => game.work.push(Task::Effects {
            id,
            line: None,
            next: 0,
            actor,
        }),
        Reading::Choose(options) => {
            game.ask = Some(Ask::SheetLine {
                hex,
                actor,
                options,
            })
        }
    }
}

/// AMB-OPS-7, AMBX-MIS-5: roll 2d10 and read the RE column.
fn event(game: &mut Ambush, hex: Hex, actor: Actor) {
    if game.veiled() {
        return;
    }
    let index = dice::event_index(&mut game.rng, EVENT);
    let entry = game.mission().table.events.get(index).cloned();
    if let Some(entry) = entry {
        let reading = sheet::read(game, &entry);
        act_on(game, reading, hex, actor, true);
    }
}

/// AMB-RND-2: a round's Event Check: 2d10 on the RE column, no marker placed; what it reads
/// is done at once, for a random active US soldier (AMBX-MIS-7).
pub fn round_event(game: &mut Ambush) {
    // AMBX-HID: the event column is hidden, so a state drawn for search reads none of it. It
    // does not stop there either: the squad's public model of a round's event is that nothing
    // happens, and play goes on into the next round. Stopping here ended every search at the
    // round's end, before a firefight was decided.
    if game.veil != crate::state::Veil::Off {
        return;
    }
    let index = dice::event_index(&mut game.rng, RuleId("AMB-RND-2"));
    let Some(entry) = game.mission().table.events.get(index).cloned() else {
        return;
    };
    let reading = sheet::read(game, &entry);
    if reading == Reading::Nothing {
        return;
    }
    let candidates: Vec<SoldierId> = game
        .side(Side::Us)
        .filter(|&id| {
            !game.soldier(id).inactive() && game.soldier(id).hex(&game.vehicles).is_some()
        })
        .collect();
    let Some(&first) = candidates.first() else {
        return;
    };
    let pick = if candidates.len() > 1 {
        candidates[dice::random_determination(&mut game.rng, candidates.len())]
    } else {
        first
    };
    let Some(hex) = game.soldier(pick).hex(&game.vehicles) else {
        return;
    };
    act_on(game, reading, hex, bit(pick), true);
    run(game);
}

/// AMB-OPS-8, AMBX-MIS-6: a d10 at most the Activation Level reads the pool's first valid
/// entry.
fn activation_check(game: &mut Ambush, actor: Actor) {
    if game.veiled() {
        return;
    }
    let level = game
        .mission()
        .conditions
        .iter()
        .find(|c| c.number == game.condition)
        .map_or(0, |c| c.activation_level);
    let die = dice::d10(&mut game.rng, ACTIVATION);
    if !dice::activation_succeeds(die, level) {
        return;
    }
    match sheet::pool(game) {
        Some(Ref::Paragraph(p)) => {
            game.used_pool.push(p);
            game.work.push(Task::Effects {
                id: p,
                line: None,
                next: 0,
                actor,
            });
        }
        Some(Ref::Gated { paragraph, .. }) => {
            game.work.push(Task::Effects {
                id: paragraph,
                line: None,
                next: 0,
                actor,
            });
        }
        _ => {}
    }
}

/// AMBX-PAR-1/2: apply paragraph `id`'s effects from `next`.
fn effects(game: &mut Ambush, id: u16, line: Option<u8>, next: u8, actor: Actor) {
    // A paragraph not read before is hidden until it is (AMBX-HID); a real game never asks.
    if game.veil != crate::state::Veil::Off
        && next == 0
        && line.is_none()
        && game.paragraphs_read.binary_search(&id).is_err()
        && game.veiled()
    {
        return;
    }
    let label = format!("{id:03}");
    let Some(paragraph) = game.mission().paragraph(&label).cloned() else {
        return;
    };
    if next == 0 && line.is_none() {
        // AMB-OPS-3: the paragraph is read (shown to the player), its sighting recorded.
        game.reveals += 1;
        let text = paragraph.text.trim().to_owned();
        game.note(
            RuleId("AMB-OPS-3"),
            crate::action::AmbEvent::Read { paragraph: id },
            |_| format!("paragraph {label}: {text}"),
        );
        if let Some(n) = paragraph.sighting {
            game.sightings |= 1 << n;
        }
        if let Err(at) = game.paragraphs_read.binary_search(&id) {
            game.paragraphs_read.insert(at, id);
        }
    }
    let list: Vec<Effect> = match (line, &paragraph.lines) {
        (Some(l), Some(lines)) => lines
            .get(usize::from(l))
            .map(|l| l.effects.iter().map(|e| e.get_ref().clone()).collect())
            .unwrap_or_default(),
        (None, Some(lines)) => {
            // AMB-OPS-6: numbered lines, the first valid; bulleted, the player's choice.
            let valid: Vec<u8> = (0..lines.len() as u8)
                .filter(|&i| holds(game, &lines[usize::from(i)].when, actor))
                .collect();
            match (paragraph.mode, valid.as_slice()) {
                (_, []) => return,
                (Some(LineMode::Any), [_, _, ..]) => {
                    game.ask = Some(Ask::ParagraphLine {
                        id,
                        actor,
                        options: valid,
                    });
                    return;
                }
                (_, [first, ..]) => {
                    game.work.push(Task::Effects {
                        id,
                        line: Some(*first),
                        next: 0,
                        actor,
                    });
                    return;
                }
            }
        }
        _ => paragraph
            .effects
            .iter()
            .flatten()
            .map(|e| e.get_ref().clone())
            .collect(),
    };
    for (k, effect) in list.iter().enumerate().skip(usize::from(next)) {
        let rest = Task::Effects {
            id,
            line,
            next: k as u8 + 1,
            actor,
        };
        if !apply(game, effect, actor, rest) {
            return;
        }
    }
}

/// AMBX-PAR-3: whether `when` holds now for `actor`.
fn holds(game: &Ambush, when: &When, actor: Actor) -> bool {
    let mission = game.mission();
    let flag = |name: &str| {
        mission
            .flag_index(name)
            .is_some_and(|i| game.flags & (1 << i) != 0)
    };
    let german = |code: &str| {
        mission
            .germans
            .iter()
            .position(|g| g.get_ref().code == code)
            .map(|card| game.soldier(SoldierId((game.side(Side::Us).count() + card) as u8)))
    };
    let actor_hex = members(actor).find_map(|id| game.soldier(id).hex(&game.vehicles));
    when.sighting.is_none_or(|s| game.sighted(s))
        && when.not_sighting.is_none_or(|s| !game.sighted(s))
        && when.flag.as_deref().is_none_or(flag)
        && when.not_flag.as_deref().is_none_or(|f| !flag(f))
        && when.condition.is_none_or(|c| c == game.condition)
        && when.phase.is_none_or(|p| {
            matches!(
                (p, game.phase),
                (
                    crate::data::mission::PhaseName::Ops,
                    Phase::Operations | Phase::Entry
                ) | (crate::data::mission::PhaseName::Rounds, Phase::Rounds(_))
            )
        })
        && when
            .hex_marker
            .is_none_or(|m| actor_hex.is_some_and(|h| game.marked(h, m)))
        && when
            .german_active
            .as_deref()
            .is_none_or(|g| german(g).is_some_and(|s| s.active_on_map()))
        && when.german_wounded.as_deref().is_none_or(|g| {
            german(g).is_some_and(|s| s.health == crate::tables::damage::Health::Wounded)
        })
        && when.us_within.as_ref().is_none_or(|u| {
            let Some(there) = german(&u.of).and_then(|s| s.hex(&game.vehicles)) else {
                return false;
            };
            let Some(map) = mission.hexes.as_ref() else {
                return false;
            };
            let near = game
                .side(Side::Us)
                .filter(|&id| !game.soldier(id).inactive())
                .filter_map(|id| game.soldier(id).hex(&game.vehicles))
                .filter(|&h| map.distance(h, there) <= u32::from(u.range))
                .count();
            near >= usize::from(u.min)
        })
        && when.german_on_map.is_none_or(|want| {
            game.side(Side::German)
                .any(|id| game.soldier(id).active_on_map())
                == want
        })
        && when.actor_free_port_box.is_none_or(|want| {
            members(actor).any(|id| crate::equipment::free_port_boxes(game, id) > 0) == want
        })
}

/// The soldier of German card `code`.
fn german_of(game: &Ambush, code: &str) -> Option<SoldierId> {
    let card = game
        .mission()
        .germans
        .iter()
        .position(|g| g.get_ref().code == code)?;
    game.side(Side::German)
        .find(|&id| usize::from(game.soldier(id).card) == card)
}

/// Apply one effect; `false` when the paragraph's list stops here (its rest, `rest`, pushed
/// where it must come after other work, or dropped after a `goto`).
fn apply(game: &mut Ambush, effect: &Effect, actor: Actor, rest: Task) -> bool {
    let map_hex = |game: &Ambush, label: &str| game.map().and_then(|m| m.hex(label));
    let actor_hex = members(actor).find_map(|id| game.soldier(id).hex(&game.vehicles));
    match effect {
        Effect::Nothing => {}
        Effect::Vp { amount } => game.vp = game.vp.saturating_add(*amount as i16),
        Effect::SetFlag { flag } => {
            if let Some(i) = game.mission().flag_index(flag) {
                game.flags |= 1 << i;
            }
        }
        Effect::MarkHex { marker, hex } => {
            let at = hex.as_deref().and_then(|h| map_hex(game, h)).or(actor_hex);
            if let Some(at) = at {
                mark(game, at, *marker);
            }
        }
        Effect::PlaceGerman {
            german,
            hex,
            stance,
            prepared,
            ar,
        } => {
            if let (Some(id), Some(at)) = (german_of(game, german), map_hex(game, hex)) {
                let weapons = &game.data().weapons;
                let ready: Vec<u8> = prepared
                    .iter()
                    .filter_map(|w| weapons.index_of(w))
                    .collect();
                let s = &mut game.soldiers[id.index()];
                s.place = Place::Hex(at);
                // AMB-STS-5: one already out of the fight lies where he is put.
                if !s.inactive() {
                    s.stance = *stance;
                }
                for item in &mut s.items {
                    item.prepared |= ready.contains(&item.weapon);
                }
                game.activated = true;
                enters_rounds(game, id, *ar);
            }
        }
        Effect::PlaceVehicle {
            vehicle,
            hex,
            facing,
            driver,
            passengers,
            open,
            ..
        } => {
            let index = game
                .mission()
                .vehicles
                .iter()
                .position(|v| &v.get_ref().id == vehicle);
            if let (Some(v), Some(at)) = (index, map_hex(game, hex)) {
                let car = &mut game.vehicles[v];
                car.hex = Some(at);
                car.facing = *facing;
                if let Some(open) = open {
                    car.open = *open || car.open;
                }
                let mut aboard = Vec::new();
                for (seat, code) in std::iter::once(driver).chain(passengers).enumerate() {
                    if let Some(id) = german_of(game, code) {
                        game.soldiers[id.index()].place = Place::Aboard {
                            vehicle: crate::state::VehicleId(v as u8),
                            seat: seat as u8,
                        };
                        aboard.push((code.clone(), id));
                    }
                }
                // AMBX-VEH-1/7: a tank's crew card fights with the tank's weapons (the gun
                // loaded, the machine guns mounted ready).
                let kind = game.vehicles[v].kind;
                let mounts: Option<Vec<Item>> = game
                    .data()
                    .vehicles
                    .values()
                    .nth(usize::from(kind))
                    .filter(|k| k.crew > 0)
                    .map(|k| {
                        [&k.turret_gun, &k.turret_mg, &k.bow_mg]
                            .into_iter()
                            .flatten()
                            .filter_map(|w| game.data().weapons.index_of(w))
                            .map(|weapon| Item {
                                weapon,
                                prepared: true,
                                jammed: false,
                                captured: false,
                            })
                            .collect()
                    });
                if let (Some(items), Some(crew)) = (mounts, german_of(game, driver)) {
                    game.soldiers[crew.index()].items = items;
                }
                game.activated = true;
                // AMB-RND-6: the new Germans' dice in alphabetical order.
                aboard.sort();
                for (_, id) in aboard {
                    enters_rounds(game, id, None);
                }
            }
        }
        Effect::SetCondition { value } => {
            if *value != game.condition {
                game.work.push(rest);
                change_condition(game, *value);
                return false;
            }
        }
        Effect::Event => {
            game.work.push(rest);
            if let Some(hex) = actor_hex {
                event(game, hex, actor);
            }
            return false;
        }
        Effect::ActivationCheck => {
            game.work.push(rest);
            activation_check(game, actor);
            return false;
        }
        Effect::Goto { paragraph } => {
            if let Ok(id) = crate::data::mission::paragraph_id(paragraph) {
                game.work.push(Task::Effects {
                    id,
                    line: None,
                    next: 0,
                    actor,
                });
            }
            return false;
        }
        Effect::PcCheck { who, success, fail } => {
            let passed = pc_check(game, *who, actor);
            let next = if passed { success } else { fail };
            if let Some(Ok(id)) = next.as_deref().map(crate::data::mission::paragraph_id) {
                game.work.push(Task::Effects {
                    id,
                    line: None,
                    next: 0,
                    actor,
                });
                return false;
            }
        }
        Effect::FreeFire {
            shooter,
            fire,
            target,
        } => {
            let shooters = match shooter {
                Shooter::Actor => actor,
                Shooter::PcPassed => game.pc_passed,
            };
            let target = target.as_deref().and_then(|t| german_of(game, t));
            let kind = if *fire == crate::data::mission::FireKind::Aimed {
                Kind::Aimed
            } else {
                Kind::Snap
            };
            // The first of them still in the fight.
            let shooter = members(shooters).find(|&id| !game.soldier(id).inactive());
            if let (Some(s), Some(t)) = (shooter, target) {
                // AMBX-PAR-4: he may rise from prone to crouching for the shot.
                if game.soldier(s).stance == Stance::Prone {
                    game.soldiers[s.index()].stance = Stance::Crouching;
                }
                if let Some(item) = (0..game.soldier(s).items.len())
                    .find(|&i| fire::dd(game, s, i, t, kind).is_ok())
                {
                    crate::attacks::resolve_shot(game, s, item, t, kind);
                }
            }
        }
        Effect::GermanFreeFire {
            german: code,
            fire,
            target,
        } => {
            let kind = if *fire == crate::data::mission::FireKind::Aimed {
                Kind::Aimed
            } else {
                Kind::Snap
            };
            if let Some(g) = german_of(game, code) {
                let chosen = if target == "actor" {
                    members(actor).next().and_then(|t| {
                        (0..game.soldier(g).items.len())
                            .find(|&i| fire::dd(game, g, i, t, kind).is_ok())
                            .map(|i| (i, t))
                    })
                } else {
                    match german::arms(game, g, kind) {
                        german::Arms::Fire { item, target } => Some((item, target)),
                        _ => None,
                    }
                };
                if let Some((item, t)) = chosen {
                    crate::attacks::resolve_shot(game, g, item, t, kind);
                }
            }
        }
        Effect::Boobytrap => {
            // AMB-VMINE-3: a car driven onto the trap: its driver's check, not the squad's.
            let car = members(actor).find_map(|id| match game.soldier(id).place {
                Place::Aboard { vehicle, .. } => Some(vehicle),
                _ => None,
            });
            if let (Some(v), Some(hex)) = (car, actor_hex) {
                blast::trap_under_a_car(game, v, hex);
            } else if let Some(hex) = actor_hex {
                let results = blast::booby_trap(game, hex);
                crate::attacks::log_damage(game, &results, blast::TRAP);
            }
        }
        Effect::Minefield => {
            if let Some(hex) = actor_hex {
                let there: Vec<SoldierId> = (0..game.soldiers.len() as u8)
                    .map(SoldierId)
                    .filter(|&id| game.soldier(id).place == Place::Hex(hex))
                    .collect();
                let results = blast::minefield(game, hex, &there);
                crate::attacks::log_damage(game, &results, blast::MINEFIELD);
            }
        }
        Effect::Blast {
            hex,
            table,
            pc_check,
        } => {
            let at = if hex == "random_us" {
                let candidates: Vec<SoldierId> = game
                    .side(Side::Us)
                    .filter(|&id| {
                        !game.soldier(id).inactive()
                            && matches!(game.soldier(id).place, Place::Hex(_))
                    })
                    .collect();
                if candidates.is_empty() {
                    None
                } else {
                    let pick = dice::random_determination(&mut game.rng, candidates.len());
                    game.soldier(candidates[pick]).hex(&game.vehicles)
                }
            } else {
                map_hex(game, hex)
            };
            if let Some(at) = at {
                let results = blast::blast(game, at, table, *pc_check, RuleId("AMBX-PAR-2"));
                crate::attacks::log_damage(game, &results, RuleId("AMBX-PAR-2"));
            }
        }
        Effect::Surrender { german: code } => {
            if let Some(g) = german_of(game, code) {
                german::surrender(game, g);
            }
        }
        Effect::GiveItem {
            item, ammo_boxes, ..
        } => {
            let weapon = game.data().weapons.index_of(item);
            let taker = members(actor).find(|&id| crate::equipment::free_port_boxes(game, id) > 0);
            if let (Some(weapon), Some(taker)) = (weapon, taker) {
                let s = &mut game.soldiers[taker.index()];
                s.items.push(Item {
                    weapon,
                    prepared: false,
                    jammed: false,
                    captured: true,
                });
                for _ in 0..*ammo_boxes {
                    if (s.ammo.len() as u8) < s.ammo_slots {
                        s.ammo.push(weapon);
                    }
                }
            }
        }
        Effect::EndMission { result } => {
            game.phase = Phase::Ended {
                success: *result == MissionResult::Success,
            };
            return false;
        }
    }
    true
}

/// AMB-NEWG-1/2: a German placed during the Activation Phase goes straight onto the AR Track,
/// in the German half: where the paragraph says, else from a die rolled for him alone.
fn enters_rounds(game: &mut Ambush, id: SoldierId, ar: Option<crate::data::mission::ArStart>) {
    use crate::data::mission::ArStart;
    let Phase::Rounds(round) = game.phase else {
        return;
    };
    let row = match ar {
        Some(ArStart::TwoTurns) => Row::TwoTurns,
        Some(ArStart::OneTurn) => Row::OneTurn,
        Some(ArStart::Complete) => Row::Complete,
        Some(ArStart::Roll) | None => {
            let die = dice::d10(&mut game.rng, RuleId("AMB-NEWG-2"));
            let table = game.data().tables.ar_track.clone();
            let s = game.soldier(id);
            let wounded = s.health == crate::tables::damage::Health::Wounded;
            crate::tables::track::place(die, s.ratings.initiative, wounded, &table).row
        }
    };
    let marker = &mut game.soldiers[id.index()].marker;
    marker.row = row;
    marker.advantage = !round.us_initiative;
}

/// A paragraph's Perception Check (AMBX-PAR-2, AMBIG-3): the actor (the first), the group's
/// best PC, the best PC in the actor's hex, or each in the hex (passed if all pass). The
/// soldiers who passed are remembered for `free_fire`'s `pc_passed`.
fn pc_check(game: &mut Ambush, who: Who, actor: Actor) -> bool {
    let best = |game: &Ambush, ids: Vec<SoldierId>| {
        ids.into_iter()
            .filter(|&id| !game.soldier(id).inactive())
            .max_by_key(|&id| (game.soldier(id).ratings.pc, std::cmp::Reverse(id)))
    };
    let hex = members(actor).find_map(|id| game.soldier(id).hex(&game.vehicles));
    let in_hex: Vec<SoldierId> = game
        .side(Side::Us)
        .filter(|&id| hex.is_some() && game.soldier(id).hex(&game.vehicles) == hex)
        .collect();
    let rollers: Vec<SoldierId> = match who {
        Who::Actor => members(actor).take(1).collect(),
        Who::ActorGroup => best(game, members(actor).collect()).into_iter().collect(),
        Who::BestInHex => best(game, in_hex).into_iter().collect(),
        Who::EachInHex => in_hex,
    };
    game.pc_passed = 0;
    let mut all = !rollers.is_empty();
    for id in rollers {
        let pc = i16::from(game.soldier(id).ratings.pc);
        if dice::skill_roll(&mut game.rng, pc, PC_CHECK).1 {
            game.pc_passed |= bit(id);
        } else {
            all = false;
        }
    }
    all
}

/// AMB-COND-1..4: a new Condition: every Event Marker goes, then every hex the squad holds is
/// checked in ascending order, an Event only marking it, until a German becomes active.
pub fn change_condition(game: &mut Ambush, value: u8) {
    game.condition = value;
    // The checks below stop for a German they activate, not for one already active.
    game.work.push(Task::EndOfChange {
        activated: game.activated,
    });
    game.activated = false;
    for m in &mut game.markers {
        *m &= !marker_bit(Marker::Event);
    }
    let mut hexes: Vec<(Hex, Actor)> = Vec::new();
    for id in game.side(Side::Us).collect::<Vec<_>>() {
        let s = game.soldier(id);
        if s.inactive() {
            continue;
        }
        if let Place::Hex(h) = s.place {
            match hexes.iter_mut().find(|(x, _)| *x == h) {
                Some((_, a)) => *a |= bit(id),
                None => hexes.push((h, bit(id))),
            }
        }
    }
    hexes.sort();
    for &(hex, actor) in hexes.iter().rev() {
        game.work.push(Task::Check {
            hex,
            actor,
            quiet: true,
        });
    }
}

/// What `entry` would read (for callers holding an entry).
pub fn reading(game: &Ambush, entry: &Entry) -> Reading {
    sheet::read(game, entry)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    use crate::los::{End, line_of_sight};
    use crate::testkit::{dice_all_used, hex, put};

    fn s1(dice: &[u16]) -> Ambush {
        crate::testkit::s1(dice)
    }

    const C: usize = 7;

    /// T-OPS-6 (AMB-OPS-7): an `E` entry rolls 2d10 on the RE column, then marks the hex.
    #[test]
    fn t_ops_6_an_event() {
        let mut game = s1(&[3, 4]);
        game.phase = Phase::Operations;
        let h = hex(&game, "0303");
        enter(&mut game, &[SoldierId(3)], h);
        assert!(game.marked(hex(&game, "0303"), Marker::Event));
        assert_eq!(game.phase, Phase::Operations);
        dice_all_used(&game);
    }

    /// T-OPS-7 (AMB-OPS-8, AMBX-MIS-6): an Activation Check that succeeds places C and starts
    /// the Activation Phase; one that fails does nothing.
    #[test]
    fn t_ops_7_an_activation_check() {
        let mut game = s1(&[1]);
        game.phase = Phase::Operations;
        let h = hex(&game, "0304");
        enter(&mut game, &[SoldierId(0)], h);
        let c = &game.soldiers[C];
        assert_eq!(
            (c.place, c.stance),
            (Place::Hex(hex(&game, "0306")), Stance::Crouching)
        );
        assert!(matches!(game.phase, Phase::Rounds(_)));
        assert_eq!(game.soldiers[0].marker.row, Row::Unaware, "AMB-AWR-1");
        dice_all_used(&game);
        let mut game = s1(&[5]);
        game.phase = Phase::Operations;
        let h = hex(&game, "0304");
        enter(&mut game, &[SoldierId(0)], h);
        assert_eq!(game.phase, Phase::Operations);
        assert_eq!(game.soldiers[C].place, Place::OffMap);
        dice_all_used(&game);
    }

    /// T-S1-2 (AMB-OPS-1, AMB-OPS-3, AMB-OPA-3): the squad enters at 0104, moves to 0204 (101:
    /// s1 and the tracks), then 0304 (an Activation Check: 112 places C in 0306, out of the
    /// squad's sight behind the brush of 0305).
    #[test]
    fn t_s1_2_the_squad_comes_in() {
        let mut game = s1(&[1]);
        let squad: Vec<SoldierId> = game.side(Side::Us).collect();
        let h = hex(&game, "0104");
        enter(&mut game, &squad, h);
        assert_eq!(game.phase, Phase::Operations);
        let h = hex(&game, "0204");
        enter(&mut game, &squad, h);
        assert!(game.sighted(1));
        let tracks = game.mission().flag_index("tracks_seen").unwrap();
        assert!(game.flags & (1 << tracks) != 0);
        let h = hex(&game, "0304");
        enter(&mut game, &squad, h);
        assert!(game.sighted(7));
        assert_eq!(game.soldiers[C].place, Place::Hex(hex(&game, "0306")));
        assert!(matches!(game.phase, Phase::Rounds(_)));
        let map = game.map().unwrap();
        assert!(!line_of_sight(
            map,
            End::new(hex(&game, "0304"), Stance::Standing),
            End::new(hex(&game, "0306"), Stance::Crouching)
        ));
        dice_all_used(&game);
    }

    /// T-COND-2 (AMB-COND-2/3): a new Condition marks the squad's Event hexes, rolling nothing.
    #[test]
    fn t_cond_2_events_only_marked() {
        let mut game = s1(&[]);
        game.phase = Phase::Operations;
        put(&mut game, 0, "0203");
        put(&mut game, 1, "0303");
        change_condition(&mut game, 2);
        run(&mut game);
        assert!(game.marked(hex(&game, "0203"), Marker::Event));
        assert!(game.marked(hex(&game, "0303"), Marker::Event));
        dice_all_used(&game);
    }

    /// T-COND-1 (AMB-COND-1..4): paragraph 120 with a German on the map raises Condition 2:
    /// the markers go, 0302 then 0404 are checked, the pool places C, and 0504 is not checked.
    #[test]
    fn t_cond_1_a_condition_change() {
        let mut game = s1(&[7, 3]);
        game.phase = Phase::Operations;
        for label in ["0303", "0705"] {
            let h = hex(&game, label);
            game.markers[usize::from(h.0)] |= marker_bit(Marker::Event);
        }
        put(&mut game, 1, "0302");
        put(&mut game, 2, "0404");
        put(&mut game, 0, "0504");
        put(&mut game, 6, "0702");
        game.work.push(Task::Effects {
            id: 120,
            line: None,
            next: 0,
            actor: 1 << 1,
        });
        run(&mut game);
        assert_eq!(game.condition, 2);
        assert!(!game.marked(hex(&game, "0303"), Marker::Event));
        assert!(!game.marked(hex(&game, "0705"), Marker::Event));
        assert_eq!(game.soldiers[C].place, Place::Hex(hex(&game, "0505")));
        assert!(
            !game.marked(hex(&game, "0504"), Marker::Event),
            "0504 is not checked"
        );
        assert!(matches!(game.phase, Phase::Rounds(_)));
        dice_all_used(&game);
    }

    /// T-OPS-2 (AMB-OPS-3/4, AMBIG-3): 0403's `s3:104` reads 104 and records s3, its PC check
    /// made by the group's best PC; the German fire and Condition change follow; later the
    /// same gate yields nothing.
    #[test]
    fn t_ops_2_a_gated_paragraph_once() {
        // PC 9 fails → 106: A fires (no jam 50, miss 9); Condition 2: 0403's `A` fails on 9.
        let mut game = s1(&[9, 50, 9, 9]);
        game.phase = Phase::Operations;
        let h = hex(&game, "0403");
        enter(&mut game, &[SoldierId(1)], h);
        assert!(game.sighted(3));
        assert_eq!(game.condition, 2);
        assert_eq!(
            game.soldiers[5].place,
            Place::Hex(hex(&game, "0503")),
            "A placed by 106"
        );
        assert!(matches!(game.phase, Phase::Rounds(_)));
        dice_all_used(&game);
        let h = hex(&game, "0502");
        game.condition = 1;
        enter(&mut game, &[SoldierId(2)], h);
        dice_all_used(&game);
    }

    fn in_rounds(game: &mut Ambush, number: u16) {
        game.phase = Phase::Rounds(RoundState {
            number,
            us_die: 6,
            german_die: 2,
            us_initiative: true,
            action_number: 0,
            opened: true,
        });
    }

    /// T-NEWG-1 (AMB-NEWG-1): in round 3, 113 puts C on 1 Turn in the German half, no die.
    #[test]
    fn t_newg_1_a_german_with_his_place() {
        let mut game = s1(&[]);
        in_rounds(&mut game, 3);
        for s in &mut game.soldiers {
            s.marker.row = Row::Complete;
        }
        game.work.push(Task::Effects {
            id: 113,
            line: None,
            next: 0,
            actor: 0,
        });
        run(&mut game);
        let c = &game.soldiers[C];
        assert_eq!((c.marker.row, c.marker.advantage), (Row::OneTurn, false));
        assert!(
            game.side(Side::Us)
                .all(|id| game.soldier(id).marker.row == Row::Complete)
        );
        dice_all_used(&game);
    }

    /// T-NEWG-2 (AMB-NEWG-2): 117 in rounds places D and E without a place: a die each, D's
    /// first.
    #[test]
    fn t_newg_2_new_germans_roll_their_places() {
        let mut game = s1(&[8, 0]);
        in_rounds(&mut game, 2);
        game.work.push(Task::Effects {
            id: 117,
            line: None,
            next: 0,
            actor: 0,
        });
        run(&mut game);
        let (d, e) = (&game.soldiers[8], &game.soldiers[9]);
        assert_eq!((d.marker.row, d.marker.advantage), (Row::TwoTurns, false));
        assert_eq!(e.marker.row, Row::Complete);
        assert_eq!(game.condition, 3);
        dice_all_used(&game);
    }

    /// T-OPS-5 with `choose` (AMB-OPS-6, AMBIG-2): bulleted lines ask the player.
    #[test]
    fn t_ops_5_the_player_chooses_a_bulleted_line() {
        let mut game = s1(&[]);
        game.phase = Phase::Operations;
        let h = hex(&game, "0701");
        enter(&mut game, &[SoldierId(0)], h);
        assert!(matches!(game.ask, Some(Ask::SheetLine { .. })));
        choose(&mut game, 1).unwrap();
        assert!(game.sighted(6), "118 read");
        assert_eq!(game.vp, 1);
        assert!(game.ask.is_none());
        assert!(choose(&mut game, 0).is_err());
    }
}
