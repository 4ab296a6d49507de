//! The Event Phase (II) and the event catalogue (RB "Event descriptions", 8.5, 9.2–9.5, 11.1,
//! 13.12, 19.33), with the Easy Fox changes (ignore 29th-Division events, WN69, Smoke on WN66
//! and above, Kampfgruppe Meyer and zones E–G; "each sector" becomes one marker).
//!
//! Events that need a decision stop at a prompt: P-HERO, P-STEP-ADD, G-PRISONER,
//! G-PATROL-REPORT-TIE, G-MEEMIES, G-NAVALHIT, and G-ART-TIE (6.5) for the German artillery
//! event; a prompt with a single answer is answered by the engine. Once the event is done the
//! turn goes on to the German Fire Phase.

use crate::action::{DrawFor, OmahaAction, OmahaEvent, OmahaLog};
use crate::data::{
    DepthWhere, Division, EventEffect, NavalTarget, Sector, Symbol, UsKind, VictoryKind, WnCategory,
};
use crate::index::{GerId, GerKind, Ground, HexId, PosId, PosKind, SlotId, UsId};
use crate::state::{GerLoc, GerPool, Omaha, Step, UsLoc};
use overlord_engine::RuleId;

pub const EVENT_PHASE: RuleId = RuleId("4.2-II");
pub const EASY_FOX: RuleId = RuleId("EASY-FOX");
pub const NAVAL_GUNFIRE: RuleId = RuleId("8.5");
pub const HERO: RuleId = RuleId("11.11");
pub const STEP_ADD: RuleId = RuleId("13.12");
pub const ARTILLERY_LIMITS: RuleId = RuleId("EV-ARTILLERY-LIMITS");
pub const PLUNGING_FIRE: RuleId = RuleId("EV-PLUNGING-FIRE");
pub const PRISONER: RuleId = RuleId("EV-PRISONER-TALKS");
pub const ROCKET_DESTROYED: RuleId = RuleId("EV-ROCKET-DESTROYED");
pub const CONCEALED: RuleId = RuleId("EV-GERMANS-CONCEALED");
pub const MEEMIES: RuleId = RuleId("EV-SCREAMING-MEEMIES");
pub const SMOKE: RuleId = RuleId("EV-SMOKE");
pub const SNIPERS: RuleId = RuleId("EV-SNIPERS");
pub const NAVAL_HIT: RuleId = RuleId("EV-NAVAL-FIRE-HITS");
pub const PATROL: RuleId = RuleId("EV-PATROL-REPORT");
pub const GERMAN_ARTILLERY: RuleId = RuleId("19.33");
/// 4.2: the turn sequence, for a step that is no event's.
const SEQUENCE: RuleId = RuleId("4.2");

fn easy_fox(state: &Omaha) -> bool {
    state.scenario_kind() == VictoryKind::EasyFox
}

/// The event is over: on to the German Fire Phase (4.2 III), or after the second Event Phase
/// of an extended turn (15 IV) on to the US Engineer and HQ Phase (15 V).
fn done(state: &mut Omaha) {
    state.step = if state.second_event {
        crate::engineers::phase_start(state)
    } else {
        Step::Fire(Sector::East)
    };
}

/// II: draw the Event card and resolve its event for this turn.
pub fn event_phase(state: &mut Omaha, log: &mut OmahaLog) {
    done(state);
    let Some(card) = state.draw_card(DrawFor::Event, log) else {
        return;
    };
    let turn = state.turn;
    let Some(event) = state
        .data
        .card(card)
        .and_then(|c| c.event_on(turn))
        .cloned()
    else {
        return;
    };
    let title = event.title.clone().unwrap_or_default();
    log.public(EVENT_PHASE, OmahaEvent::Note, || format!("Event: {title}."));
    if let Some(why) = easy_fox_ignores(state, &event.effect) {
        log.public(EASY_FOX, OmahaEvent::Note, || {
            format!("Easy Fox ignores this event ({why}).")
        });
        return;
    }
    resolve(state, &event.effect, log);
}

/// Easy Fox: the events it ignores, and why.
fn easy_fox_ignores(state: &Omaha, effect: &EventEffect) -> Option<&'static str> {
    if !easy_fox(state) {
        return None;
    }
    let t29 = Division::TwentyNinth;
    match effect {
        EventEffect::NavalGunfire {
            division: Some(d), ..
        }
        | EventEffect::Hero { division: d, .. }
        | EventEffect::AddStep { division: d }
            if *d == t29 =>
        {
            Some("it affects the 29th Division")
        }
        EventEffect::ScreamingMeemies | EventEffect::RocketArtilleryDestroyed => {
            Some("it involves WN69")
        }
        EventEffect::NavalFireHitsPosition { targets }
            if targets.iter().any(|t| t.position == "WN69") =>
        {
            Some("it involves WN69")
        }
        EventEffect::Smoke { wns } if wns.iter().any(|&w| w >= 66) => {
            Some("Smoke on WN66 or higher")
        }
        EventEffect::KampfgruppeMeyer { .. } => Some("it involves Kampfgruppe Meyer"),
        _ => None,
    }
}

fn resolve(state: &mut Omaha, effect: &EventEffect, log: &mut OmahaLog) {
    match effect {
        EventEffect::None => {}
        EventEffect::AddDepthMarker { place, sector } => match place {
            DepthWhere::One => {
                crate::germans::add_depth_marker(state, None, log);
            }
            DepthWhere::Sector => {
                crate::germans::add_depth_marker(state, *sector, log);
            }
            // Easy Fox: "in each sector" becomes one marker.
            DepthWhere::EachSector if easy_fox(state) => {
                crate::germans::add_depth_marker(state, None, log);
            }
            DepthWhere::EachSector => crate::germans::add_depth_marker_each_sector(state, log),
        },
        EventEffect::Reinforcements { zones } => {
            let zones: Vec<char> = zones
                .iter()
                .copied()
                .filter(|z| !(easy_fox(state) && matches!(z, 'E' | 'F' | 'G')))
                .collect();
            if zones.is_empty() {
                log.public(EASY_FOX, OmahaEvent::Note, || {
                    "Easy Fox ignores reinforcements for zones E, F and G.".to_owned()
                });
            }
            crate::germans::event_reinforcements(state, &zones, log);
        }
        EventEffect::KampfgruppeMeyer { units, markers } => {
            crate::germans::kampfgruppe_meyer(state, *units, *markers, log)
        }
        EventEffect::NavalGunfire { count, .. } => {
            state.naval_gunfire = state.naval_gunfire.saturating_add(*count);
            let (count, held) = (*count, state.naval_gunfire);
            log.public(NAVAL_GUNFIRE, OmahaEvent::Note, || {
                format!("{count} Naval Gunfire marker(s) received; {held} held (8.5).")
            });
        }
        EventEffect::Hero {
            division,
            depth_marker,
        } => hero_event(state, *division, *depth_marker, log),
        EventEffect::ArtilleryLimitsEngineers => artillery_limits(state, log),
        // 15 IV: drawn in the Second Event Phase, after the German Fire Phase, it is ignored.
        EventEffect::PlungingFire if state.second_event => {
            log.public(PLUNGING_FIRE, OmahaEvent::Note, || {
                "German Plunging Fire drawn after the German Fire Phase: ignored (15 IV).".into()
            });
        }
        EventEffect::PlungingFire => {
            state.plunging_fire = true;
            log.public(PLUNGING_FIRE, OmahaEvent::Note, || {
                "In the next German Fire Phase, Sporadic fire points on beach hexes beside a protective hexside count as Intense.".to_owned()
            });
        }
        EventEffect::PrisonerTalks { sector } => prisoner_talks(state, *sector, log),
        EventEffect::RocketArtilleryDestroyed => rocket_destroyed(state, log),
        EventEffect::GermansConcealed { symbol } => concealed(state, *symbol, log),
        EventEffect::AddStep { division } => step_add_event(state, *division, log),
        EventEffect::ScreamingMeemies => meemies(state, log),
        EventEffect::Smoke { wns } => smoke(state, wns, log),
        EventEffect::Snipers { hq } => {
            if crate::tables::schedule::extended(state.turn) {
                // 18, Snipers Target Runners: the named CP's range is 1 this turn.
                let hq = hq.clone();
                crate::command_posts::snipers(state, &hq, log);
            } else {
                let hq = hq.clone();
                log.public(SNIPERS, OmahaEvent::Note, || {
                    format!("{hq} has no Command Post before turn 17: no effect (18).")
                });
            }
        }
        EventEffect::NavalFireHitsPosition { targets } => naval_hit(state, targets, log),
        EventEffect::PatrolReport { sector } => patrol_report(state, *sector, log),
        EventEffect::GermanArtillery { sector } => german_artillery(state, *sector, log),
    }
}

// ---------------------------------------------------------------------------------------------
// Hero (11.11, 9.23) and the steps added back (13.12).

fn hero_event(state: &mut Omaha, division: Division, depth_marker: bool, log: &mut OmahaLog) {
    let candidates = crate::heroes::hero_candidates(state, division);
    if crate::heroes::next_marker(state, division).is_none() || candidates.is_empty() {
        log.public(HERO, OmahaEvent::Note, || {
            format!("No Hero can join a unit of the {division} Division on the map (11.11).")
        });
        if depth_marker {
            crate::germans::add_depth_marker(state, None, log);
        }
        return;
    }
    if let [unit] = candidates[..] {
        hero_placed(state, division, unit, depth_marker, log);
    } else {
        state.step = Step::HeroPlacement {
            division,
            depth_marker,
        };
    }
}

/// 11.11, then 9.23: the event's depth marker goes in the Hero's sector if possible.
fn hero_placed(
    state: &mut Omaha,
    division: Division,
    unit: UsId,
    depth_marker: bool,
    log: &mut OmahaLog,
) {
    crate::heroes::place_hero(state, division, unit, log);
    if depth_marker {
        let sector = match state.us[usize::from(unit)].loc {
            UsLoc::Hex(h) => state.data.index.hexes[usize::from(h)].sector,
            _ => match division {
                Division::First => Sector::East,
                Division::TwentyNinth => Sector::West,
            },
        };
        log.public(crate::germans::HERO_DEPTH, OmahaEvent::Note, || {
            format!("The event also adds a depth marker, in the Hero's sector ({sector:?}) if possible (9.23).")
        });
        crate::germans::add_depth_marker(state, Some(sector), log);
    }
    done(state);
}

/// P-STEP-ADD: 1-step regular infantry of `division` in play (on the map or in a box).
fn step_candidates(state: &Omaha, division: Division) -> Vec<UsId> {
    let index = &state.data.index;
    (0..state.us.len())
        .filter(|&i| {
            let u = &state.us[i];
            index.us[i].kind() == Some(UsKind::Infantry)
                && index.us[i].division == division
                && u.steps == 1
                && matches!(u.loc, UsLoc::Hex(_) | UsLoc::Box(_))
        })
        .map(|i| i as UsId)
        .collect()
}

fn step_add_event(state: &mut Omaha, division: Division, log: &mut OmahaLog) {
    let other = match division {
        Division::First => Division::TwentyNinth,
        Division::TwentyNinth => Division::First,
    };
    let (division, candidates) = match step_candidates(state, division) {
        c if !c.is_empty() => (division, c),
        _ => (other, step_candidates(state, other)),
    };
    match candidates[..] {
        [] => log.public(STEP_ADD, OmahaEvent::Note, || {
            "No regular infantry unit is down to one step: no effect (13.12).".to_owned()
        }),
        [unit] => add_step(state, unit, log),
        _ => state.step = Step::StepAdd { division },
    }
}

/// 13.12: the unit is back on its 2-step side, its counter out of the Losses box.
fn add_step(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    if let Some(u) = state.us.get_mut(usize::from(unit)) {
        u.steps = u.steps.saturating_add(1);
    }
    let name = state.name(unit).to_owned();
    log.public(STEP_ADD, OmahaEvent::Note, || {
        format!("{name} gets a step back and leaves the Infantry Losses box (13.12).")
    });
    done(state);
}

// ---------------------------------------------------------------------------------------------
// Revealing events (9.1, 9.4 face-up).

/// The face-down German units on the map in `sector`, with their slots, in slot order: the
/// G-PRISONER and G-PATROL-REPORT-TIE prompts list them, and an order by unit would tell the
/// player which unit lies where (6.3).
fn face_down(state: &Omaha, sector: Sector) -> Vec<(GerId, SlotId)> {
    let index = &state.data.index;
    let mut units: Vec<(GerId, SlotId)> = state
        .germans
        .iter()
        .enumerate()
        .filter_map(|(g, german)| {
            let GerLoc::Slot(s) = german.loc else {
                return None;
            };
            let pos = &index.positions[usize::from(index.slots[usize::from(s)].position)];
            (!german.revealed && pos.sector == sector && state.in_play(sector))
                .then_some((g as GerId, s))
        })
        .collect();
    units.sort_unstable_by_key(|&(_, slot)| slot);
    units
}

fn unit_in_slot(state: &Omaha, slot: SlotId) -> Option<GerId> {
    state
        .germans
        .iter()
        .position(|g| g.loc == GerLoc::Slot(slot))
        .map(|g| g as GerId)
}

/// German Prisoner Talks: a face-down unit of the named sector (else the other) of the player's
/// choice is revealed with its depth marker (G-PRISONER).
fn prisoner_talks(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    let mut sector = sector;
    if face_down(state, sector).is_empty() {
        sector = crate::germans::other(sector);
    }
    match face_down(state, sector)[..] {
        [] => log.public(PRISONER, OmahaEvent::Note, || {
            "No German unit is face-down: no effect.".to_owned()
        }),
        [(g, _)] => reveal_for_event(state, g, log),
        _ => state.step = Step::Prisoner { sector },
    }
}

/// US Patrol Report: the face-down unit of the named sector nearest any US unit.
fn patrol_candidates(state: &Omaha, sector: Sector) -> Vec<(GerId, SlotId)> {
    let index = &state.data.index;
    let us = crate::germans::us_hexes(state);
    let all = face_down(state, sector);
    let distance = |s: SlotId| {
        let hex = index.slots[usize::from(s)].hex;
        us.iter()
            .map(|&h| index.distance(h, hex))
            .min()
            .unwrap_or(u32::MAX)
    };
    let Some(best) = all.iter().map(|&(_, s)| distance(s)).min() else {
        return Vec::new();
    };
    all.into_iter()
        .filter(|&(_, s)| distance(s) == best)
        .collect()
}

fn patrol_report(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    match patrol_candidates(state, sector)[..] {
        [] => log.public(PATROL, OmahaEvent::Note, || {
            format!("No German unit is face-down in the {sector:?} sector: no effect.")
        }),
        [(g, _)] => reveal_for_event(state, g, log),
        _ => state.step = Step::PatrolReport { sector },
    }
}

/// 9.1 with 9.4 face-up: the unit and its depth marker are revealed.
fn reveal_for_event(state: &mut Omaha, g: GerId, log: &mut OmahaLog) {
    crate::germans::reveal_with_depth(state, g, log);
    done(state);
}

// ---------------------------------------------------------------------------------------------
// Fire events: Screaming Meemies, Unexpected US Naval Fire, German artillery.

/// WN69 and the rocket unit in it, when it is there and not disrupted.
fn rocket(state: &Omaha) -> Option<(PosId, GerId)> {
    let index = &state.data.index;
    let p = index
        .positions
        .iter()
        .position(|p| p.kind == PosKind::Wn { number: 69 })? as PosId;
    let slots = &index.positions[usize::from(p)].slots;
    let g = state.germans.iter().enumerate().position(|(g, german)| {
        matches!(german.loc, GerLoc::Slot(s) if slots.contains(&s))
            && index.germans[g].kind == GerKind::Wn(WnCategory::Rocket)
    })?;
    Some((p, g as GerId))
}

/// Screaming Meemies: US units on beach or flat hexes 3 to 7 hexes from WN69, those with the
/// most steps.
pub(crate) fn meemies_candidates(state: &Omaha) -> Vec<UsId> {
    let index = &state.data.index;
    let Some((p, _)) = rocket(state) else {
        return Vec::new();
    };
    let wn_hexes: Vec<HexId> = index.positions[usize::from(p)]
        .slots
        .iter()
        .map(|&s| index.slots[usize::from(s)].hex)
        .collect();
    let eligible: Vec<(u8, UsId)> = state
        .us
        .iter()
        .enumerate()
        .filter(|(i, _)| !index.us[*i].is_leader())
        .filter_map(|(i, u)| {
            let UsLoc::Hex(h) = u.loc else { return None };
            let ground = index.hexes[usize::from(h)].ground;
            let d = wn_hexes
                .iter()
                .map(|&w| index.distance(w, h))
                .min()
                .unwrap_or(u32::MAX);
            (matches!(ground, Ground::Beach | Ground::Flat) && (3..=7).contains(&d))
                .then_some((u.steps, i as UsId))
        })
        .collect();
    let most = eligible.iter().map(|&(s, _)| s).max().unwrap_or(0);
    eligible
        .into_iter()
        .filter(|&(s, _)| s == most)
        .map(|(_, u)| u)
        .collect()
}

fn meemies(state: &mut Omaha, log: &mut OmahaLog) {
    let Some((_, g)) = rocket(state) else {
        log.public(MEEMIES, OmahaEvent::Note, || {
            "The rocket unit is not in WN69: no effect.".to_owned()
        });
        return;
    };
    if state.germans[usize::from(g)].disrupted {
        log.public(MEEMIES, OmahaEvent::Note, || {
            "The rocket unit in WN69 is disrupted: no effect.".to_owned()
        });
        return;
    }
    state.meemies_occurred = true;
    match meemies_candidates(state)[..] {
        [] => log.public(MEEMIES, OmahaEvent::Note, || {
            "The Nebelwerfer barrage finds no US unit on the beach or the flat 3 to 7 hexes from WN69.".to_owned()
        }),
        [unit] => meemies_hit(state, unit, log),
        _ => state.step = Step::Meemies,
    }
}

/// The barrage costs `unit` a step; it is German artillery fire in the unit's sector (19.33,
/// AMB-30).
fn meemies_hit(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let name = state.name(unit).to_owned();
    log.public(MEEMIES, OmahaEvent::Note, || {
        format!("The Nebelwerfer barrage from WN69 hits {name}.")
    });
    done(state);
    crate::fire::artillery_hit(state, unit, MEEMIES, log);
}

/// Unexpected US Naval Fire Hits Position: a Fire card picks the position by its symbol.
fn naval_hit(state: &mut Omaha, targets: &[NavalTarget], log: &mut OmahaLog) {
    let Some(card) = state.draw_card(DrawFor::NavalFire, log) else {
        return;
    };
    let Some(symbol) = state
        .data
        .card(card)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
    else {
        return;
    };
    let index = &state.data.index;
    let Some(target) = targets.iter().find(|t| t.symbol == symbol) else {
        log.public(NAVAL_HIT, OmahaEvent::Note, || {
            format!("No listed position shows {symbol:?}: no effect.")
        });
        return;
    };
    let Some(p) = index.position_named(&target.position) else {
        return;
    };
    let name = target.position.clone();
    log.public(NAVAL_HIT, OmahaEvent::Note, || {
        format!("The naval fire falls on {name} ({symbol:?}).")
    });
    let slots = index.positions[usize::from(p)].slots.clone();
    let hexes: Vec<HexId> = slots
        .iter()
        .map(|&s| index.slots[usize::from(s)].hex)
        .collect();
    // German units there: disrupted, depth marker removed from play.
    for g in 0..state.germans.len() {
        let GerLoc::Slot(s) = state.germans[g].loc else {
            continue;
        };
        if !slots.contains(&s) {
            continue;
        }
        state.germans[g].disrupted = true;
        if let Some(d) = state.germans[g].depth.take() {
            state.depth[usize::from(d)].loc = crate::state::DepthLoc::OutOfPlay;
        }
        let at = index.slots[usize::from(s)].name.clone();
        log.public(NAVAL_HIT, OmahaEvent::Note, || {
            format!("The German unit in {at} is disrupted and loses any depth marker.")
        });
    }
    // US units there: a second card; one unit with its symbol loses a step (leaders unaffected).
    let us_there = state.us.iter().enumerate().any(|(i, u)| {
        !index.us[i].is_leader() && matches!(u.loc, UsLoc::Hex(h) if hexes.contains(&h))
    });
    if !us_there {
        return;
    }
    let Some(second) = state.draw_card(DrawFor::NavalFire, log) else {
        return;
    };
    let Some(symbol) = state
        .data
        .card(second)
        .and_then(|c| c.fire.as_ref())
        .map(|f| f.target)
    else {
        return;
    };
    match naval_candidates(state, p, symbol)[..] {
        [] => log.public(NAVAL_HIT, OmahaEvent::Note, || {
            format!("No US unit there shows {symbol:?}: no US loss.")
        }),
        [unit] => naval_loss(state, unit, log),
        _ => {
            state.step = Step::NavalHit {
                position: p,
                symbol,
            }
        }
    }
}

/// G-NAVALHIT: US units (not leaders) with `symbol` in position `p`.
fn naval_candidates(state: &Omaha, p: PosId, symbol: Symbol) -> Vec<UsId> {
    let index = &state.data.index;
    let Some(pos) = index.positions.get(usize::from(p)) else {
        return Vec::new();
    };
    let hexes: Vec<HexId> = pos
        .slots
        .iter()
        .map(|&s| index.slots[usize::from(s)].hex)
        .collect();
    (0..state.us.len())
        .filter(|&i| {
            !index.us[i].is_leader()
                && index.us[i].symbol == Some(symbol)
                && matches!(state.us[i].loc, UsLoc::Hex(h) if hexes.contains(&h))
        })
        .map(|i| i as UsId)
        .collect()
}

fn naval_loss(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let name = state.name(unit).to_owned();
    log.public(NAVAL_HIT, OmahaEvent::Note, || {
        format!("{name} is caught by its own navy's fire.")
    });
    done(state);
    state.lose_step(unit, NAVAL_HIT, log);
}

/// The German artillery event (19.33): the sector's artillery fires if any of it can (a
/// non-disrupted 75/88 WN unit of the sector, or an active off-map battery of its box): one US
/// unit in the sector's boxes or on its beach loses a step, chosen by the 6.5 priorities with
/// no symbol needed; equal targets are the player's choice (G-ART-TIE, 6.5), asked only when
/// there are two or more. The hit sets the sector's artillery-fire flag (AMB-30).
fn german_artillery(state: &mut Omaha, sector: Sector, log: &mut OmahaLog) {
    if !state.in_play(sector) {
        return;
    }
    let index = &state.data.index;
    let guns = state.germans.iter().enumerate().any(|(g, german)| {
        match (index.germans[g].kind, german.loc) {
            (GerKind::Wn(WnCategory::C75 | WnCategory::C88), GerLoc::Slot(s)) => {
                let pos = &index.positions[usize::from(index.slots[usize::from(s)].position)];
                !german.disrupted && pos.sector == sector
            }
            (GerKind::OffMapArtillery, GerLoc::Pool(GerPool::Artillery(box_sector))) => {
                german.active && box_sector == sector
            }
            _ => false,
        }
    });
    if !guns {
        log.public(GERMAN_ARTILLERY, OmahaEvent::Note, || {
            format!("No German artillery can fire on the {sector:?} sector: no effect (19.33).")
        });
        return;
    }
    // 6.5 priorities: infantry in a box; non-infantry on the beach; non-infantry in a box;
    // infantry on the beach; most steps; then G-ART-TIE.
    let tied = crate::fire::artillery_targets(state, sector, None);
    match tied[..] {
        [] => log.public(GERMAN_ARTILLERY, OmahaEvent::Note, || {
            format!(
                "German artillery shells the {sector:?} beach, but no US unit is there (19.33)."
            )
        }),
        [unit] => german_artillery_hit(state, sector, unit, log),
        _ => {
            log.public(GERMAN_ARTILLERY, OmahaEvent::Note, || {
                format!(
                    "German artillery shells the {sector:?} beach: several targets are equal (19.33, G-ART-TIE)."
                )
            });
            crate::fire::ask_artillery_tie(state, sector, tied, true);
        }
    }
}

/// G-ART-TIE answered for the German artillery event (19.33, 6.5): the chosen unit loses the
/// step, and the turn goes on to the German Fire Phase.
pub(crate) fn german_artillery_answered(state: &mut Omaha, unit: UsId, log: &mut OmahaLog) {
    let Step::ArtilleryTie { sector, .. } = state.step else {
        return;
    };
    state.choices.clear();
    let name = state.name(unit).to_owned();
    log.public(GERMAN_ARTILLERY, OmahaEvent::Note, || {
        format!("G-ART-TIE: German artillery hits {name} (19.33, 6.5, the player's choice).")
    });
    german_artillery_hit(state, sector, unit, log);
}

/// The event's hit: the unit loses a step (sets the 19.33 flag, AMB-30); the event is over.
fn german_artillery_hit(state: &mut Omaha, sector: Sector, unit: UsId, log: &mut OmahaLog) {
    let name = state.name(unit).to_owned();
    log.public(GERMAN_ARTILLERY, OmahaEvent::Note, || {
        format!(
            "German artillery shells the {sector:?} beach and hits {name} (19.33, 6.5 priorities)."
        )
    });
    done(state);
    crate::fire::artillery_hit(state, unit, GERMAN_ARTILLERY, log);
}

// ---------------------------------------------------------------------------------------------
// The other events.

/// German Artillery Limits Engineer Operations (19.33): in force this turn unless no WN
/// artillery unit is in play and every off-map battery is inactive.
fn artillery_limits(state: &mut Omaha, log: &mut OmahaLog) {
    let index = &state.data.index;
    let any = state.germans.iter().enumerate().any(|(g, german)| {
        match (index.germans[g].kind, german.loc) {
            (GerKind::Wn(WnCategory::C75 | WnCategory::C88), GerLoc::Slot(_)) => true,
            (GerKind::OffMapArtillery, GerLoc::Pool(GerPool::Artillery(_))) => german.active,
            _ => false,
        }
    });
    state.engineers_limited = any;
    log.public(ARTILLERY_LIMITS, OmahaEvent::Note, || {
        if any {
            "This turn: no new Engineer Bases, no Engineer range increases, no traffic management (19).".to_owned()
        } else {
            "No German artillery is in play: no effect.".to_owned()
        }
    });
}

/// German Rocket Artillery Destroyed: after a Screaming Meemies, US naval fire destroys the
/// rocket unit in WN69 and its depth marker.
fn rocket_destroyed(state: &mut Omaha, log: &mut OmahaLog) {
    let rocket = rocket_unit(state);
    match rocket {
        Some(g) if state.meemies_occurred => {
            if let Some(d) = state.germans[usize::from(g)].depth.take() {
                state.depth[usize::from(d)].loc = crate::state::DepthLoc::OutOfPlay;
            }
            state.germans[usize::from(g)].loc = GerLoc::OutOfPlay;
            log.public(ROCKET_DESTROYED, OmahaEvent::Note, || {
                "US naval fire destroys the rocket unit in WN69 and its depth marker.".to_owned()
            });
        }
        _ => log.public(ROCKET_DESTROYED, OmahaEvent::Note, || {
            "Screaming Meemies has not occurred, or the rocket unit is gone: no effect.".to_owned()
        }),
    }
}

/// The rocket unit in WN69, disrupted or not.
fn rocket_unit(state: &Omaha) -> Option<GerId> {
    let index = &state.data.index;
    state
        .germans
        .iter()
        .enumerate()
        .position(|(g, german)| {
            index.germans[g].kind == GerKind::Wn(WnCategory::Rocket)
                && matches!(german.loc, GerLoc::Slot(s)
                    if index.positions[usize::from(index.slots[usize::from(s)].position)].kind
                        == PosKind::Wn { number: 69 })
        })
        .map(|g| g as GerId)
}

/// Germans Concealed: every US unit with `symbol` adjacent to a face-down reinforcement unit is
/// disrupted (leaders never are, 11.42).
fn concealed(state: &mut Omaha, symbol: Symbol, log: &mut OmahaLog) {
    let index = &state.data.index;
    let hidden: Vec<HexId> = state
        .germans
        .iter()
        .enumerate()
        .filter(|(g, german)| {
            !german.revealed
                && matches!(
                    index.germans[*g].kind,
                    GerKind::Tactical | GerKind::Divisional | GerKind::Meyer
                )
        })
        .filter_map(|(_, german)| match german.loc {
            GerLoc::Slot(s) => Some(index.slots[usize::from(s)].hex),
            _ => None,
        })
        .collect();
    let victims: Vec<UsId> = (0..state.us.len())
        .filter(|&i| {
            let UsLoc::Hex(h) = state.us[i].loc else {
                return false;
            };
            !index.us[i].is_leader()
                && index.us[i].symbol == Some(symbol)
                && hidden
                    .iter()
                    .any(|&g| index.hexes[usize::from(g)].neighbours.contains(&h))
        })
        .map(|i| i as UsId)
        .collect();
    if victims.is_empty() {
        log.public(CONCEALED, OmahaEvent::Note, || {
            format!("No US unit with {symbol:?} is next to a face-down reinforcement: no effect.")
        });
    }
    for unit in victims {
        state.disrupt(unit, CONCEALED, log);
    }
}

/// Smoke Obscures Beach: the named WNs do not fire this turn (AMB-62).
fn smoke(state: &mut Omaha, wns: &[u8], log: &mut OmahaLog) {
    let index = &state.data.index;
    for (p, pos) in index.positions.iter().enumerate() {
        if let PosKind::Wn { number } = pos.kind
            && wns.contains(&number)
            && !state.smoke.contains(&(p as PosId))
        {
            state.smoke.push(p as PosId);
        }
    }
    let list: Vec<String> = wns.iter().map(|w| format!("WN{w}")).collect();
    log.public(SMOKE, OmahaEvent::Note, || {
        format!(
            "Smoke covers {}: they do not fire this turn (AMB-62).",
            list.join(", ")
        )
    });
}

/// VI: this turn's event markers come off (Smoke, Plunging Fire, the 19.33 limits).
pub(crate) fn end_of_turn(state: &mut Omaha) {
    state.second_event = false;
    state.smoke.clear();
    state.plunging_fire = false;
    state.engineers_limited = false;
    state.artillery_fired = [false; 2];
    state.snipers = None;
}

// ---------------------------------------------------------------------------------------------
// The prompts.

/// The prompt of an event step (and of P-HERO-SACRIFICE): name, rule, text.
pub(crate) fn prompt(state: &Omaha) -> (&'static str, RuleId, String) {
    match state.step {
        Step::HeroPlacement { division, .. } => (
            "hero",
            HERO,
            format!("A Hero arrives: choose a unit of the {division} Division on the map (11.11)."),
        ),
        Step::StepAdd { division } => (
            "step_add",
            STEP_ADD,
            format!(
                "Choose a one-step infantry unit of the {division} Division to get a step back (13.12)."
            ),
        ),
        Step::Prisoner { sector } => (
            "prisoner",
            PRISONER,
            format!(
                "German Prisoner Talks: choose a face-down German unit of the {sector:?} sector to reveal."
            ),
        ),
        Step::PatrolReport { sector } => (
            "patrol_report_tie",
            PATROL,
            format!(
                "US Patrol Report: several face-down German units of the {sector:?} sector are nearest; choose one to reveal."
            ),
        ),
        Step::Meemies => (
            "meemies",
            MEEMIES,
            "Screaming Meemies: choose which unit loses a step.".to_owned(),
        ),
        Step::NavalHit { symbol, .. } => (
            "naval_hit",
            NAVAL_HIT,
            format!("Unexpected naval fire: choose which unit with {symbol:?} loses a step."),
        ),
        Step::HeroSacrifice { unit } => (
            "hero_sacrifice",
            crate::heroes::SACRIFICE,
            format!(
                "{} must lose its last step to German fire: sacrifice its Hero instead (11.14)?",
                state.name(unit)
            ),
        ),
        _ => ("running", SEQUENCE, "The turn runs on.".to_owned()),
    }
}

/// The legal answers of an event step (and of P-HERO-SACRIFICE).
pub(crate) fn legal(state: &Omaha, out: &mut Vec<OmahaAction>) {
    match state.step {
        Step::HeroPlacement { division, .. } => out.extend(
            crate::heroes::hero_candidates(state, division)
                .into_iter()
                .map(|unit| OmahaAction::PlaceHero { unit }),
        ),
        Step::StepAdd { division } => out.extend(
            step_candidates(state, division)
                .into_iter()
                .map(|unit| OmahaAction::AddStep { unit }),
        ),
        Step::Prisoner { sector } => out.extend(
            face_down(state, sector)
                .into_iter()
                .map(|(_, slot)| OmahaAction::RevealGerman { slot }),
        ),
        Step::PatrolReport { sector } => out.extend(
            patrol_candidates(state, sector)
                .into_iter()
                .map(|(_, slot)| OmahaAction::RevealGerman { slot }),
        ),
        Step::Meemies => out.extend(
            meemies_candidates(state)
                .into_iter()
                .map(|unit| OmahaAction::MeemiesTarget { unit }),
        ),
        Step::NavalHit { position, symbol } => out.extend(
            naval_candidates(state, position, symbol)
                .into_iter()
                .map(|unit| OmahaAction::NavalHitTarget { unit }),
        ),
        Step::HeroSacrifice { .. } => {
            out.extend([true, false].map(|sacrifice| OmahaAction::SacrificeHero { sacrifice }))
        }
        _ => {}
    }
}

/// An answer to an event step (already checked against [`legal`]).
pub(crate) fn apply(state: &mut Omaha, action: OmahaAction, log: &mut OmahaLog) {
    match (state.step, action) {
        (
            Step::HeroPlacement {
                division,
                depth_marker,
            },
            OmahaAction::PlaceHero { unit },
        ) => hero_placed(state, division, unit, depth_marker, log),
        (Step::StepAdd { .. }, OmahaAction::AddStep { unit }) => add_step(state, unit, log),
        (Step::Prisoner { .. } | Step::PatrolReport { .. }, OmahaAction::RevealGerman { slot }) => {
            match unit_in_slot(state, slot) {
                Some(g) => reveal_for_event(state, g, log),
                None => done(state),
            }
            // Invariant 5: a reveal is a barrier for undo.
            state.draws += 1;
        }
        (Step::Meemies, OmahaAction::MeemiesTarget { unit }) => meemies_hit(state, unit, log),
        (Step::NavalHit { .. }, OmahaAction::NavalHitTarget { unit }) => {
            naval_loss(state, unit, log)
        }
        (Step::HeroSacrifice { .. }, OmahaAction::SacrificeHero { sacrifice }) => {
            crate::heroes::answer_sacrifice(state, sacrifice, log)
        }
        _ => {}
    }
}

/// Anchors of the answers to event steps.
pub(crate) fn anchor_label(state: &Omaha, action: &OmahaAction) -> Option<String> {
    let name = |u: UsId| state.name(u).to_owned();
    let slot = |s: SlotId| {
        state
            .data
            .index
            .slots
            .get(usize::from(s))
            .map_or_else(|| "?".to_owned(), |x| x.name.clone())
    };
    Some(match *action {
        OmahaAction::PlaceHero { unit } => format!("Hero joins {}", name(unit)),
        OmahaAction::AddStep { unit } => format!("{} gets a step back", name(unit)),
        OmahaAction::RevealGerman { slot: s } => format!("Reveal the German unit in {}", slot(s)),
        OmahaAction::MeemiesTarget { unit } | OmahaAction::NavalHitTarget { unit } => {
            format!("{} loses a step", name(unit))
        }
        OmahaAction::SacrificeHero { sacrifice } => if sacrifice {
            "Sacrifice the Hero"
        } else {
            "Lose the unit"
        }
        .to_owned(),
        _ => return None,
    })
}
