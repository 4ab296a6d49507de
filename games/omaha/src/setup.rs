//! Setting up a scenario (rule 3, Easy Fox, 4.1): the German counters dealt face-down as the
//! scenario file says, the US counters on the Turn track or in their boxes, the deck shuffled.

use crate::data::{DepthKind, Division, OmahaData, Sector, VictoryKind, WnCategory};
use crate::index::{GerKind, Index};
use crate::state::{
    Depth, DepthLoc, DepthPool, GerLoc, GerPool, German, Omaha, OmahaOptions, Step, UsFlags, UsLoc,
    UsUnit,
};
use overlord_engine::{Deck, GameRng, RuleId, SetupError};
use std::sync::Arc;

pub const SETUP: RuleId = RuleId("3");
pub const EASY_FOX: RuleId = RuleId("EASY-FOX");
pub const GAME_START: RuleId = RuleId("4.1");

/// A new game of scenario `id` (its setup not logged).
pub fn setup(
    data: &Arc<OmahaData>,
    id: &str,
    options: &OmahaOptions,
    rng: GameRng,
) -> Result<Omaha, SetupError> {
    setup_logged(
        data,
        id,
        options,
        rng,
        &mut overlord_engine::Log::disabled(),
    )
}

/// A new game of scenario `id`; the variants' setup (22.1's bombardment) goes to `log`.
pub fn setup_logged(
    data: &Arc<OmahaData>,
    id: &str,
    options: &OmahaOptions,
    mut rng: GameRng,
    log: &mut crate::action::OmahaLog,
) -> Result<Omaha, SetupError> {
    let Some(scenario_index) = data.scenarios.iter().position(|s| s.id == id) else {
        let ids: Vec<&str> = data.scenarios.iter().map(|s| s.id.as_str()).collect();
        return Err(SetupError(format!(
            "no scenario `{id}`; the scenarios are {}",
            ids.join(", ")
        )));
    };
    let scenario = &data.scenarios[scenario_index];
    let kind = scenario
        .victory
        .as_ref()
        .map_or(VictoryKind::FirstWave, |v| v.kind);
    // 20, 21: D-Day at Omaha Beach and Beyond the Beach set up like the others; the extended
    // turn sequence (14-19) is the turn driver's.
    for (flag, name) in [
        (options.effective_bombardment, "22.1"),
        (options.first_wave_tanks_safe, "22.2"),
        (options.rangers_reinforce_pointe_du_hoc, "22.3"),
        (options.improved_german_reaction, "22.4"),
        (options.early_german_actions, "14.2"),
        (options.german_armor, "23"),
    ] {
        if flag && !scenario.variants.iter().any(|v| v == name) {
            return Err(SetupError(format!(
                "variant {name} is not offered by `{id}` (its variants: {})",
                scenario.variants.join(", ")
            )));
        }
    }
    let easy_fox = kind == VictoryKind::EasyFox;
    // P-SETUP, rule 1: two players are one per division, each on its half of the beach.
    if options.two_player && easy_fox {
        return Err(SetupError(format!(
            "`{id}` is played in the East sector only, by the 1st Division: the two-player game (one player per division) needs a scenario with both sectors, such as first-wave"
        )));
    }
    let index = &data.index;
    let last_turn = scenario.turns[1];
    // 21.1: a scenario with explicit US placements starts with the US already ashore.
    let placed = !scenario.us.is_empty();
    let us = index
        .us
        .iter()
        .map(|info| {
            // Setup 5 / Easy Fox: only the counters that can land before the scenario ends.
            let in_play = if easy_fox {
                info.division == Division::First && info.arrival.is_none_or(|t| t <= 10)
            } else if placed {
                // 21.1: the units the scenario does not place are those due from its first
                // turn on (on the Turn track); every other one is removed from play.
                info.arrival
                    .is_some_and(|t| t >= scenario.turns[0] && t < last_turn)
            } else {
                info.arrival.is_none_or(|t| t < last_turn)
            };
            let loc = match (in_play, info.arrival, &info.landing) {
                (false, _, _) => UsLoc::OutOfPlay,
                (true, Some(turn), _) => UsLoc::Track(turn),
                (true, None, crate::index::Landing::Box(b)) => UsLoc::Box(*b),
                (true, None, _) => UsLoc::OutOfPlay,
            };
            UsUnit {
                loc,
                steps: info.steps,
                flags: UsFlags::default(),
                command: info.division,
            }
        })
        .collect();
    let germans = index
        .germans
        .iter()
        .enumerate()
        .map(|(i, g)| German {
            loc: default_german_loc(data, index, i, g.kind),
            revealed: g.kind == GerKind::Tank,
            disrupted: false,
            active: true,
            depth: None,
        })
        .collect();
    let depth = index
        .depth
        .iter()
        .map(|d| Depth {
            loc: DepthLoc::Pool(match d.kind {
                DepthKind::Wn => DepthPool::Wn,
                DepthKind::Mobile => DepthPool::Mobile,
                DepthKind::Building => DepthPool::Building,
                DepthKind::Armor => DepthPool::Armor,
            }),
            revealed: false,
        })
        .collect();
    let mut deck = Deck::new((1..=54).collect());
    // 4.1: card 55 (the US-actions summary) is out; the 54 others are shuffled.
    deck.shuffle(&mut rng, GAME_START);
    let mut state = Omaha {
        data: Arc::clone(data),
        scenario: scenario_index as u8,
        options: options.clone(),
        rng,
        turn: scenario.turns[0],
        step: Step::LandingCheck(Sector::East),
        deck,
        turn_cards: Vec::new(),
        landing_cards: [None; 2],
        fire_cards: [None; 2],
        us,
        germans,
        depth,
        cleared: vec![0; index.hexes.len().div_ceil(64)],
        outcome: None,
        draws: 0,
        flips: 0,
        attacked: Vec::new(),
        barraged: Vec::new(),
        naval_gunfire: 0,
        heroes: vec![
            crate::state::HeroState {
                loc: crate::state::HeroLoc::Unused,
                inspired: false,
            };
            data.us.heroes.len()
        ],
        hero_pending: Vec::new(),
        hero_resume: Step::Over,
        smoke: Vec::new(),
        plunging_fire: false,
        meemies_occurred: scenario.screaming_meemies_occurred,
        engineers_limited: false,
        artillery_fired: [false; 2],
        mobile_refilled: false,
        second_event: false,
        ger_done: 0,
        ger_advances: 0,
        ger_acting: None,
        choices: Vec::new(),
        fire_picks: Vec::new(),
        star_slots: Vec::new(),
        follow: Vec::new(),
        command_posts: Vec::new(),
        snipers: None,
        bases: Vec::new(),
        garrisons: 0,
        move_rest: Vec::new(),
        deploy: Vec::new(),
        tank_picks: Vec::new(),
        hex_choices: Vec::new(),
        tanks_entered: 0,
        armor_turn: 0,
    };
    deal(&mut state)?;
    place_us(&mut state)?;
    crate::germans::improved_reaction_setup(&mut state);
    rangers_to_pointe_du_hoc(&mut state);
    effective_bombardment(&mut state, log);
    // 21.1: the player's placements come before the first turn.
    if let Some(&unit) = state.deploy.first() {
        state.step = Step::Deploy(unit);
    }
    Ok(state)
}

fn default_german_loc(data: &OmahaData, index: &Index, i: usize, kind: GerKind) -> GerLoc {
    match kind {
        GerKind::Wn(_) => GerLoc::OutOfPlay,
        GerKind::OffMapArtillery => {
            let offset = i - data.german.wn_units.len();
            let sector = data
                .german
                .artillery
                .get(offset)
                .map_or(Sector::East, |a| a.sector);
            GerLoc::Pool(GerPool::Artillery(sector))
        }
        GerKind::Tactical => GerLoc::Pool(GerPool::Tactical),
        GerKind::Divisional => GerLoc::Pool(GerPool::Division),
        GerKind::Meyer => GerLoc::Pool(GerPool::Meyer),
        GerKind::Tank => {
            let _ = index;
            GerLoc::Pool(GerPool::OptionalArmor)
        }
    }
}

/// Counters of a deal group, German units or depth markers.
enum Group {
    Units(Vec<usize>),
    Depth(Vec<usize>),
}

fn group(index: &Index, name: &str) -> Option<Group> {
    let units = |f: &dyn Fn(GerKind) -> bool| {
        Group::Units(
            index
                .germans
                .iter()
                .enumerate()
                .filter(|(_, g)| f(g.kind))
                .map(|(i, _)| i)
                .collect(),
        )
    };
    let depth = |k: DepthKind| {
        Group::Depth(
            index
                .depth
                .iter()
                .enumerate()
                .filter(|(_, d)| d.kind == k)
                .map(|(i, _)| i)
                .collect(),
        )
    };
    Some(match name {
        "wn_units" => units(&|k| matches!(k, GerKind::Wn(_))),
        "wn_units:88" => units(&|k| k == GerKind::Wn(WnCategory::C88)),
        "wn_units:75" => units(&|k| k == GerKind::Wn(WnCategory::C75)),
        "wn_units:rocket" => units(&|k| k == GerKind::Wn(WnCategory::Rocket)),
        "wn_units:none" => units(&|k| k == GerKind::Wn(WnCategory::None)),
        "T" => units(&|k| k == GerKind::Tactical),
        "D" => units(&|k| k == GerKind::Divisional),
        "M" => units(&|k| k == GerKind::Meyer),
        "tanks" => units(&|k| k == GerKind::Tank),
        "artillery" => units(&|k| k == GerKind::OffMapArtillery),
        "wn_depth" => depth(DepthKind::Wn),
        "mobile_depth" => depth(DepthKind::Mobile),
        "building_depth" => depth(DepthKind::Building),
        "armor_depth" => depth(DepthKind::Armor),
        _ => return None,
    })
}

/// Where a deal puts a counter.
#[derive(Clone, Copy)]
enum Place {
    Slot(crate::index::SlotId),
    Pool(GerPool),
    DepthPool(DepthPool),
    Removed,
}

fn place(index: &Index, name: &str) -> Option<Place> {
    Some(match name {
        "removed" => Place::Removed,
        "box:tactical" => Place::Pool(GerPool::Tactical),
        "box:division" => Place::Pool(GerPool::Division),
        "box:kg_meyer" => Place::Pool(GerPool::Meyer),
        "box:optional_armor" => Place::Pool(GerPool::OptionalArmor),
        "box:artillery_east" => Place::Pool(GerPool::Artillery(Sector::East)),
        "box:artillery_west" => Place::Pool(GerPool::Artillery(Sector::West)),
        "box:wn_depth" => Place::DepthPool(DepthPool::Wn),
        "box:mobile_depth" => Place::DepthPool(DepthPool::Mobile),
        "box:building_depth" => Place::DepthPool(DepthPool::Building),
        slot => Place::Slot(index.slot_named(slot)?),
    })
}

/// Rule 3 (and Easy Fox): each deal shuffles the undealt counters of its group face-down and
/// puts one in each place; a box place takes all that remain to be dealt there.
fn deal(state: &mut Omaha) -> Result<(), SetupError> {
    let data = Arc::clone(&state.data);
    let index = &data.index;
    let scenario = &data.scenarios[usize::from(state.scenario)];
    let mut dealt_units = vec![false; index.germans.len()];
    let mut dealt_depth = vec![false; index.depth.len()];
    for d in &scenario.deals {
        let bad =
            |what: &str| SetupError(format!("{}: deal `{}`: {what}", scenario.file, d.counters));
        let group = group(index, &d.counters).ok_or_else(|| bad("unknown counter group"))?;
        let places: Vec<Place> =
            d.to.iter()
                .map(|p| place(index, p).ok_or_else(|| bad(&format!("unknown place `{p}`"))))
                .collect::<Result<_, _>>()?;
        let rest = d
            .rest
            .as_deref()
            .map(|r| place(index, r).ok_or_else(|| bad(&format!("unknown place `{r}`"))))
            .transpose()?;
        let (mut members, is_depth) = match group {
            Group::Units(m) => (
                m.into_iter()
                    .filter(|&i| !dealt_units[i])
                    .collect::<Vec<_>>(),
                false,
            ),
            Group::Depth(m) => (
                m.into_iter()
                    .filter(|&i| !dealt_depth[i])
                    .collect::<Vec<_>>(),
                true,
            ),
        };
        state.rng.shuffle(&mut members, |&i| i as u32, SETUP);
        let take = d.take.map_or(places.len(), usize::from).min(members.len());
        for (n, &member) in members.iter().enumerate() {
            let target = if n < take {
                places.get(n).or(places.last()).copied()
            } else {
                rest
            };
            let Some(target) = target else { continue };
            if is_depth {
                dealt_depth[member] = true;
                put_depth(state, member, target, d.under).map_err(|e| bad(&e))?;
            } else {
                dealt_units[member] = true;
                put_unit(state, member, target);
            }
        }
    }
    Ok(())
}

fn put_unit(state: &mut Omaha, unit: usize, place: Place) {
    let loc = match place {
        Place::Slot(slot) => GerLoc::Slot(slot),
        Place::Pool(pool) => GerLoc::Pool(pool),
        Place::DepthPool(_) | Place::Removed => GerLoc::OutOfPlay,
    };
    if let Some(g) = state.germans.get_mut(unit) {
        g.loc = loc;
    }
}

fn put_depth(state: &mut Omaha, marker: usize, place: Place, under: bool) -> Result<(), String> {
    let loc = match place {
        Place::Slot(slot) if under => {
            let unit = state
                .germans
                .iter()
                .position(|g| g.loc == GerLoc::Slot(slot))
                .ok_or("no unit to put the depth marker under")?;
            state.germans[unit].depth = Some(marker as u8);
            DepthLoc::Under(unit as u8)
        }
        Place::Slot(_) => return Err("a depth marker goes under a unit: set `under = true`".into()),
        Place::DepthPool(pool) => DepthLoc::Pool(pool),
        Place::Pool(GerPool::Meyer) => DepthLoc::Pool(DepthPool::Meyer),
        // 23.1: the Armor depth markers wait with the tanks in the Optional Armor box.
        Place::Pool(GerPool::OptionalArmor) => DepthLoc::Pool(DepthPool::Armor),
        Place::Pool(_) => {
            return Err(
                "depth markers go to a depth box, the KG Meyer box or the Optional Armor box"
                    .into(),
            );
        }
        Place::Removed => DepthLoc::OutOfPlay,
    };
    if let Some(d) = state.depth.get_mut(marker) {
        d.loc = loc;
    }
    Ok(())
}

/// 21.1: the scenario's US placements (hex, landing box, Turn-track space or `eliminated`),
/// with their steps, Hero and command; and its Cleared markers. A placement that does not
/// resolve is refused with its file, line and field (the data check reports the same).
fn place_us(state: &mut Omaha) -> Result<(), SetupError> {
    let data = Arc::clone(&state.data);
    let index = &data.index;
    let scenario = &data.scenarios[usize::from(state.scenario)];
    for p in &scenario.us {
        let bad = |field: &str, what: String| {
            SetupError(format!(
                "{}:{}: us.{field}: {what}",
                p.entry.file, p.entry.line
            ))
        };
        let Some(unit) = index.us.iter().position(|u| u.name == p.unit) else {
            return Err(bad(
                "unit",
                format!("no US unit, HQ or General `{}`", p.unit),
            ));
        };
        let info = &index.us[unit];
        let loc = match p.at.strip_prefix("track:") {
            _ if p.at == "eliminated" => UsLoc::Eliminated,
            // 21.1: the player places it (P-DEPLOY); until then it waits on the first turn's
            // space of the Turn track, as a counter still to come.
            _ if crate::data::Deploy::of(&p.at).is_some() => {
                if let Ok(u) = crate::index::UsId::try_from(unit) {
                    state.deploy.push(u);
                }
                UsLoc::Track(state.turn)
            }
            Some(turn) => match turn.parse::<u8>() {
                Ok(t) if (1..=32).contains(&t) => UsLoc::Track(t),
                _ => return Err(bad("at", format!("`{}`: track:N takes a turn 1-32", p.at))),
            },
            None => {
                if let Some(h) = p.at.parse().ok().and_then(|l| index.hex(l)) {
                    UsLoc::Hex(h)
                } else if let Some(b) = index.box_named(&p.at) {
                    UsLoc::Box(b)
                } else {
                    return Err(bad(
                        "at",
                        format!(
                            "`{}` is not a map hex, a landing box, track:N, choose:beach, choose:box or eliminated",
                            p.at
                        ),
                    ));
                }
            }
        };
        let steps = match (loc, p.steps) {
            (UsLoc::Eliminated, _) => 0,
            (_, None) => info.steps,
            (_, Some(n)) if (1..=info.steps).contains(&n) => n,
            (_, Some(n)) => {
                return Err(bad(
                    "steps",
                    format!("{} has 1-{} steps, not {n}", info.name, info.steps),
                ));
            }
        };
        if let Some(u) = state.us.get_mut(unit) {
            u.loc = loc;
            u.steps = steps;
            // 5.22: a unit landed in the other sector is commanded by that sector's division.
            if let Some(command) = p.command {
                u.command = command;
            }
        }
        if let Some(hero) = &p.hero {
            // 11.11: the Hero is with the unit from the start.
            let Some(h) = data.us.heroes.iter().position(|x| &x.name == hero) else {
                return Err(bad("hero", format!("no Hero `{hero}`")));
            };
            if !matches!(loc, UsLoc::Hex(_)) {
                return Err(bad(
                    "hero",
                    format!(
                        "a Hero goes with a unit on the map (AMB-79), not at `{}`",
                        p.at
                    ),
                ));
            }
            if let (Some(slot), Ok(unit)) =
                (state.heroes.get_mut(h), crate::index::UsId::try_from(unit))
            {
                slot.loc = crate::state::HeroLoc::On(unit);
            }
        }
    }
    // 21.1: Cleared markers on the beach hexes the scenario names.
    for cleared in &scenario.cleared {
        for &label in &cleared.hexes {
            let Some(h) = index.hex(label) else {
                return Err(SetupError(format!(
                    "{}:{}: cleared.hexes: {label} is not on the map",
                    cleared.at.file, cleared.at.line
                )));
            };
            state.set_cleared(h);
        }
    }
    Ok(())
}

/// 22.3: every Ranger unit but C/2R (the turn-1 arrival) goes to Pointe du Hoc: out of play.
fn rangers_to_pointe_du_hoc(state: &mut Omaha) {
    if !state.options.rangers_reinforce_pointe_du_hoc {
        return;
    }
    let data = Arc::clone(&state.data);
    for (u, info) in state.us.iter_mut().zip(&data.index.us) {
        if info.kind() == Some(crate::data::UsKind::Ranger) && info.name != "C/2R" {
            u.loc = UsLoc::OutOfPlay;
        }
    }
    // Nor does the player place them (21.1).
    let index = &data.index;
    state.deploy.retain(|&u| {
        index.us[usize::from(u)].kind() != Some(crate::data::UsKind::Ranger)
            || index.us[usize::from(u)].name == "C/2R"
    });
}

/// 22.1: the late start and the pre-invasion bombardment. A scenario starting on turn 1 starts
/// on turn 4; units due before turn 16 arrive 3 turns later, units due on turn 16 or later 1
/// turn later (first-wave tanks stay in their boxes); a unit pushed to the scenario's last turn
/// or beyond never lands (out of play). Beyond the Beach (turn 17 on) keeps only the 1-turn
/// delay of its Turn-track units. Then two Fire cards: every WN unit of a colour on either card
/// is disrupted and loses its depth marker; of a colour on both, it leaves play with its
/// marker. Both cards are discarded.
fn effective_bombardment(state: &mut Omaha, log: &mut crate::action::OmahaLog) {
    const RULE: RuleId = RuleId("22.1");
    if !state.options.effective_bombardment {
        return;
    }
    let late_start = state.turn == 1;
    let last = state.last_turn();
    for u in &mut state.us {
        if let UsLoc::Track(t) = u.loc {
            let delay = if t < 16 { 3 } else { 1 };
            if !late_start && t < 16 {
                continue;
            }
            let to = t.saturating_add(delay);
            u.loc = if to < last {
                UsLoc::Track(to)
            } else {
                UsLoc::OutOfPlay
            };
        }
    }
    if !late_start {
        return;
    }
    state.turn = 4;
    log.public(RULE, crate::action::OmahaEvent::Note, || {
        "Effective Allied bombardment: the landings start at 07:00 (turn 4); every arrival is delayed (22.1).".into()
    });
    let mut colours: [Vec<crate::data::Colour>; 2] = [Vec::new(), Vec::new()];
    for c in &mut colours {
        let Some(card) = state.draw_card(crate::action::DrawFor::Bombardment, log) else {
            return;
        };
        state.turn_cards.retain(|&x| x != card);
        state.deck.discard(card);
        if let Some(fire) = state
            .data
            .cards
            .iter()
            .find(|x| x.number == card)
            .and_then(|x| x.fire.as_ref())
        {
            *c = fire.icons.iter().map(|i| i.colour).collect();
        }
    }
    bombard(state, &colours, log);
}

/// 22.1: the pre-invasion bombardment with the colours of the two Fire cards.
pub(crate) fn bombard(
    state: &mut Omaha,
    colours: &[Vec<crate::data::Colour>; 2],
    log: &mut crate::action::OmahaLog,
) {
    const RULE: RuleId = RuleId("22.1");
    let data = Arc::clone(&state.data);
    let index = &data.index;
    for g in 0..state.germans.len() {
        let german = state.germans[g];
        let (GerKind::Wn(_), GerLoc::Slot(slot)) = (index.germans[g].kind, german.loc) else {
            continue;
        };
        let Some(position) = index
            .slots
            .get(usize::from(slot))
            .and_then(|s| index.positions.get(usize::from(s.position)))
        else {
            continue;
        };
        let on = |c: &Vec<crate::data::Colour>| c.contains(&position.colour);
        let (first, second) = (on(&colours[0]), on(&colours[1]));
        if !first && !second {
            continue;
        }
        if let Some(d) = german.depth
            && let Some(marker) = state.depth.get_mut(usize::from(d))
        {
            marker.loc = DepthLoc::OutOfPlay;
        }
        let g_state = &mut state.germans[g];
        g_state.depth = None;
        let name = position.name.clone();
        if first && second {
            g_state.loc = GerLoc::OutOfPlay;
            log.public(RULE, crate::action::OmahaEvent::Note, || {
                format!(
                    "The bombardment destroys {name}: its unit and depth marker leave play (22.1)."
                )
            });
        } else {
            g_state.disrupted = true;
            log.public(RULE, crate::action::OmahaEvent::Note, || {
                format!("The bombardment disrupts {name} and strips its depth marker (22.1).")
            });
        }
    }
}
