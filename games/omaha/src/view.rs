//! What the player may know (spec 6.3): face-down German units and depth markers show only
//! their backs, the deck only its size and discards. `determinize` redraws exactly what the
//! view hides; anchors place each legal action on the board.

use crate::action::OmahaAction;
use crate::index::{GerKind, UsId};
use crate::state::{DepthLoc, GerLoc, Omaha, Step, UsLoc};
use overlord_engine::{Anchors, DeckView, Outcome, Place, Viewer, shuffle_slice};
use rand::Rng;
use serde::Serialize;

/// One US counter as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UsView {
    pub name: String,
    pub loc: UsLoc,
    pub steps: u8,
    pub flags: u16,
}

/// A German unit on the map: its back always, its front only once revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GermanView {
    /// The slot (`WN62N`), or a German tank's hex label (23).
    pub slot: String,
    /// The back: `WN`, `T`, `D`, `M` or `tank`.
    pub back: &'static str,
    /// Name and strength, once revealed.
    pub front: Option<(String, u8)>,
    pub disrupted: bool,
    /// The back of its depth marker, if it has one, and the front once revealed.
    pub depth: Option<(&'static str, Option<(String, u8)>)>,
}

/// The whole view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OmahaView {
    pub turn: u8,
    pub step: Step,
    pub us: Vec<UsView>,
    pub germans: Vec<GermanView>,
    /// Face-down counters in each German box, by box.
    pub pools: Vec<(String, usize)>,
    pub deck: DeckView<u8>,
    pub turn_cards: Vec<u8>,
    pub cleared: Vec<String>,
    pub outcome: Option<Outcome>,
    /// Hero markers placed (11.1): name, the unit carrying it, Inspired side up (11.15).
    pub heroes: Vec<HeroView>,
    /// Positions under Smoke this turn (event, AMB-62).
    pub smoke: Vec<String>,
    /// German Plunging Fire is waiting for the next German Fire Phase (event).
    pub plunging_fire: bool,
    /// Command Posts (18): the HQ, its range now (18.2, Snipers included).
    pub command_posts: Vec<(String, u8)>,
    /// Engineer Bases (19): the hex and its range (19.2).
    pub engineer_bases: Vec<(String, u8)>,
    /// Positions with a US Garrison marker (19.3).
    pub garrisons: Vec<String>,
}

/// A Hero or Inspired marker on a unit (11.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeroView {
    pub name: String,
    pub unit: UsId,
    pub inspired: bool,
}

fn back(kind: GerKind) -> &'static str {
    match kind {
        GerKind::Wn(_) => "WN",
        GerKind::OffMapArtillery => "artillery",
        GerKind::Tactical => "T",
        GerKind::Divisional => "D",
        GerKind::Meyer => "M",
        GerKind::Tank => "tank",
    }
}

fn depth_back(kind: crate::data::DepthKind) -> &'static str {
    match kind {
        crate::data::DepthKind::Wn => "WN",
        crate::data::DepthKind::Mobile => "mobile",
        crate::data::DepthKind::Building => "building",
        crate::data::DepthKind::Armor => "armor",
    }
}

/// The view of `state`; the game is solitaire, so every viewer sees the player's view.
pub fn view(state: &Omaha, _viewer: Viewer) -> OmahaView {
    let index = &state.data.index;
    let us = state
        .us
        .iter()
        .enumerate()
        .map(|(i, u)| UsView {
            name: index.us[i].name.clone(),
            loc: u.loc,
            steps: u.steps,
            flags: u.flags.0,
        })
        .collect();
    let mut germans: Vec<GermanView> = state
        .germans
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            // 23: a tank stands on a hex, named by its label; it is always revealed (23.41).
            let at = match g.loc {
                GerLoc::Slot(slot) => index.slots.get(usize::from(slot))?.name.clone(),
                GerLoc::Hex(h) => index.hexes.get(usize::from(h))?.label.to_string(),
                GerLoc::Pool(_) | GerLoc::OutOfPlay => return None,
            };
            let info = &index.germans[i];
            let depth = g.depth.map(|d| {
                let dinfo = &index.depth[usize::from(d)];
                let front = state.depth[usize::from(d)]
                    .revealed
                    .then(|| (dinfo.name.clone(), dinfo.strength));
                (depth_back(dinfo.kind), front)
            });
            Some(GermanView {
                slot: at,
                back: back(info.kind),
                front: (g.revealed || matches!(g.loc, GerLoc::Hex(_)))
                    .then(|| (info.name.clone(), info.strength)),
                disrupted: g.disrupted,
                depth,
            })
        })
        .collect();
    germans.sort_by(|a, b| a.slot.cmp(&b.slot));
    let mut pools: Vec<(String, usize)> = Vec::new();
    for (i, g) in state.germans.iter().enumerate() {
        if let GerLoc::Pool(pool) = g.loc {
            let name = format!("{pool:?} ({})", back(index.germans[i].kind));
            match pools.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => pools.push((name, 1)),
            }
        }
    }
    for d in &state.depth {
        if let DepthLoc::Pool(pool) = d.loc {
            let name = format!("{pool:?} depth markers");
            match pools.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => pools.push((name, 1)),
            }
        }
    }
    pools.sort();
    let cleared = (0..index.hexes.len() as u16)
        .filter(|&h| state.is_cleared(h))
        .map(|h| index.hexes[usize::from(h)].label.to_string())
        .collect();
    OmahaView {
        turn: state.turn,
        step: state.step,
        us,
        germans,
        pools,
        deck: state.deck.view(),
        turn_cards: state.turn_cards.clone(),
        cleared,
        outcome: state.outcome,
        heroes: state
            .heroes
            .iter()
            .enumerate()
            .filter_map(|(i, h)| match h.loc {
                crate::state::HeroLoc::On(unit) => Some(HeroView {
                    name: state.hero_name(i).to_owned(),
                    unit,
                    inspired: h.inspired,
                }),
                _ => None,
            })
            .collect(),
        smoke: state
            .smoke
            .iter()
            .filter_map(|&p| index.positions.get(usize::from(p)).map(|x| x.name.clone()))
            .collect(),
        plunging_fire: state.plunging_fire,
        command_posts: state
            .command_posts
            .iter()
            .map(|c| {
                (
                    state.name(c.hq).to_owned(),
                    crate::command::range(state, c.hq).unwrap_or(1),
                )
            })
            .collect(),
        engineer_bases: state
            .bases
            .iter()
            .map(|b| {
                (
                    index
                        .hexes
                        .get(usize::from(b.hex))
                        .map_or("?".to_owned(), |h| h.label.to_string()),
                    crate::engineer_bases::base_range(state, b),
                )
            })
            .collect(),
        garrisons: (0..index.positions.len())
            .filter(|&p| crate::engineer_bases::garrisoned(state, p as crate::index::PosId))
            .map(|p| index.positions[p].name.clone())
            .collect(),
    }
}

/// The group [`determinize`] shuffles a face-down unit of `kind` within: WN units by setup
/// category (the printed artillery symbols make it public), reinforcements by the back they
/// show; off-map artillery and tanks are never hidden (`None`).
pub(crate) fn hidden_group(kind: GerKind) -> Option<GerKind> {
    match kind {
        GerKind::OffMapArtillery | GerKind::Tank => None,
        kind => Some(kind),
    }
}

/// A state the player cannot tell from this one: the draw pile reshuffled, and the identities
/// of face-down German units and depth markers redrawn among counters with the same back.
pub fn determinize<R: Rng + ?Sized>(state: &Omaha, rng: &mut R) -> Omaha {
    let mut out = state.clone();
    // The generator holds the draws to come: hidden like the deck's order.
    out.rng = overlord_engine::GameRng::seeded(rng.next_u64());
    shuffle_slice(rng, out.deck.hidden_cards_mut());
    let index = &state.data.index;
    // Units: permute places among hidden units of one back (`hidden_group`).
    let group_of = |i: usize| hidden_group(index.germans[i].kind);
    let mut groups: Vec<(GerKind, Vec<usize>)> = Vec::new();
    for (i, g) in state.germans.iter().enumerate() {
        if g.revealed {
            continue;
        }
        let Some(group) = group_of(i) else { continue };
        match groups.iter_mut().find(|(n, _)| *n == group) {
            Some((_, members)) => members.push(i),
            None => groups.push((group, vec![i])),
        }
    }
    // The marker under each occupied slot, or under a German tank on its hex (23), stays there:
    // only identities move.
    let slot_depth: Vec<(GerLoc, u8)> = state
        .germans
        .iter()
        .filter_map(|g| Some((g.loc, g.depth?)))
        .filter(|(l, _)| matches!(l, GerLoc::Slot(_) | GerLoc::Hex(_)))
        .collect();
    for (_, members) in &groups {
        let mut places: Vec<_> = members.iter().map(|&i| state.germans[i]).collect();
        shuffle_slice(rng, &mut places);
        for (&i, place) in members.iter().zip(places) {
            out.germans[i] = crate::state::German {
                depth: None,
                ..place
            };
        }
    }
    for g in &mut out.germans {
        g.depth = None;
    }
    // Depth markers: permute places among hidden markers of one kind; `moved[d]` is the marker
    // that now lies where marker `d` lay.
    let mut moved: Vec<u8> = (0..state.depth.len() as u8).collect();
    let mut kinds: Vec<(crate::data::DepthKind, Vec<usize>)> = Vec::new();
    for (i, d) in state.depth.iter().enumerate() {
        if d.revealed {
            continue;
        }
        let kind = index.depth[i].kind;
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, members)) => members.push(i),
            None => kinds.push((kind, vec![i])),
        }
    }
    for (_, members) in &kinds {
        let mut order = members.clone();
        shuffle_slice(rng, &mut order);
        for (&old, &new) in members.iter().zip(&order) {
            out.depth[new].loc = state.depth[old].loc;
            moved[old] = new as u8;
        }
    }
    for (place, old) in slot_depth {
        let new = moved[usize::from(old)];
        if let Some(unit) = out.germans.iter().position(|g| g.loc == place) {
            out.germans[unit].depth = Some(new);
            out.depth[usize::from(new)].loc = DepthLoc::Under(unit as u8);
        }
    }
    out
}

/// Where an action shows on the board.
pub fn anchors(state: &Omaha, action: &OmahaAction) -> Anchors {
    let index = &state.data.index;
    let name = |u: UsId| {
        index
            .us
            .get(usize::from(u))
            .map_or("?".to_owned(), |i| i.name.clone())
    };
    let hex = |h: u16| {
        index
            .hexes
            .get(usize::from(h))
            .map_or(String::new(), |x| x.label.to_string())
    };
    let unit_hex = |u: UsId| match state.us.get(usize::from(u)).map(|x| x.loc) {
        Some(UsLoc::Hex(h)) => vec![hex(h)],
        _ => Vec::new(),
    };
    let mut a = match *action {
        OmahaAction::RangerDrift { boxes } => Anchors::label(if boxes == 0 {
            "Stay".to_owned()
        } else {
            format!("Drift {boxes} East")
        }),
        OmahaAction::MineVictim { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} takes the loss", name(unit)))
        },
        OmahaAction::PlaceInBox { unit, landing_box } => {
            let box_name = index
                .boxes
                .get(usize::from(landing_box))
                .map_or("?", |b| b.name.as_str());
            // 5.1: the landing box is a place on the map the player can click.
            Anchors {
                units: vec![u32::from(unit)],
                places: vec![Place::new(Place::BOX, box_name)],
                ..Anchors::label(format!("{} to {box_name}", name(unit)))
            }
        }
        OmahaAction::DeployOnHex { unit, hex: h } => Anchors {
            hexes: vec![hex(h)],
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} starts in {}", name(unit), hex(h)))
        },
        OmahaAction::Delay { unit, to_turn } => Anchors {
            units: vec![u32::from(unit)],
            // 5.3: the Turn track's space the unit waits on.
            places: vec![Place::new(Place::TRACK, format!("turn:{to_turn}"))],
            ..Anchors::label(format!("Delay {} to turn {to_turn}", name(unit)))
        },
        OmahaAction::Clear { hex: h } => Anchors {
            hexes: vec![hex(h)],
            ..Anchors::label(format!("Clear {}", hex(h)))
        },
        OmahaAction::StopClearing => Anchors::label("Done clearing"),
        OmahaAction::FirstDivision { division } => {
            Anchors::label(format!("{division} Division first"))
        }
        OmahaAction::Move { unit, to }
        | OmahaAction::MovePair { unit, to, .. }
        | OmahaAction::ContinueCliff { unit, to } => {
            let mut hexes = unit_hex(unit);
            hexes.push(hex(to));
            let with = match *action {
                OmahaAction::MovePair { with, .. } => Some(with),
                _ => None,
            };
            let movers = match with {
                Some(w) => format!("{} and {}", name(unit), name(w)),
                None => name(unit),
            };
            // 7.22: a unit of the other division crossing the sector line names who pays.
            let payer = [Some(unit), with]
                .into_iter()
                .flatten()
                .find_map(|u| crate::actions::paid_by_other(state, u))
                .map_or(String::new(), |d| format!(" (by the {d} Division, 7.22)"));
            Anchors {
                hexes,
                units: [Some(unit), with]
                    .into_iter()
                    .flatten()
                    .map(u32::from)
                    .collect(),
                ..Anchors::label(format!("Move {movers} to {}{payer}", hex(to)))
            }
        }
        OmahaAction::MovePairAlong { unit, with, path } => {
            let mut hexes = unit_hex(unit);
            hexes.extend(path.hexes().iter().map(|&h| hex(h)));
            let payer = [unit, with]
                .into_iter()
                .find_map(|u| crate::actions::paid_by_other(state, u))
                .map_or(String::new(), |d| format!(" (by the {d} Division, 7.22)"));
            let via: Vec<String> = path.hexes().iter().map(|&h| hex(h)).collect();
            Anchors {
                hexes,
                units: vec![u32::from(unit), u32::from(with)],
                ..Anchors::label(format!(
                    "Move {} and {} via {}{payer}",
                    name(unit),
                    name(with),
                    via.join("-")
                ))
            }
        }
        OmahaAction::StartCliffPair { unit, with, toward } => Anchors {
            hexes: vec![hex(toward)],
            units: vec![u32::from(unit), u32::from(with)],
            ..Anchors::label(format!(
                "{} and {}: start climbing toward {}",
                name(unit),
                name(with),
                hex(toward)
            ))
        },
        OmahaAction::StartCliff { unit, toward } => Anchors {
            hexes: vec![hex(toward)],
            units: vec![u32::from(unit)],
            ..Anchors::label(format!(
                "{}: start climbing toward {}",
                name(unit),
                hex(toward)
            ))
        },
        OmahaAction::RemoveClimb { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{}: remove climb marker", name(unit)))
        },
        OmahaAction::ExitMap { unit } => Anchors {
            hexes: unit_hex(unit),
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{}: leave the map by this exit (20.3)", name(unit)))
        },
        OmahaAction::RemoveDisrupted { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{}: rally", name(unit)))
        },
        OmahaAction::CompleteInfiltration { go } => {
            Anchors::label(if go { "Complete the move" } else { "Stay" })
        }
        OmahaAction::EndDivision => Anchors::label("End this division's actions"),
        OmahaAction::MoveAlong { unit, path } => {
            let mut hexes = unit_hex(unit);
            hexes.extend(path.hexes().iter().map(|&h| hex(h)));
            let via: Vec<String> = path.hexes().iter().map(|&h| hex(h)).collect();
            let payer = crate::actions::paid_by_other(state, unit)
                .map_or(String::new(), |d| format!(" (by the {d} Division, 7.22)"));
            Anchors {
                hexes,
                units: vec![u32::from(unit)],
                ..Anchors::label(format!("Move {} via {}{payer}", name(unit), via.join("-")))
            }
        }
        OmahaAction::PlaceBase { hex: h } => Anchors {
            hexes: vec![hex(h)],
            ..Anchors::label(format!("Engineer Base in {}", hex(h)))
        },
        OmahaAction::AdvanceBase { hex: h } => Anchors {
            hexes: vec![hex(h)],
            ..Anchors::label(format!("Extend the range of the base in {}", hex(h)))
        },
        OmahaAction::SkipBase => Anchors::label("No Engineer Base this turn"),
        OmahaAction::EstablishCp { hq } => Anchors {
            units: vec![u32::from(hq)],
            ..Anchors::label(format!("{} becomes a Command Post", name(hq)))
        },
        OmahaAction::CommandPostsDone => Anchors::label("No more Command Posts"),
        OmahaAction::AbandonCp { hq } => Anchors {
            units: vec![u32::from(hq)],
            ..Anchors::label(format!("{}: abandon the Command Post", name(hq)))
        },
        OmahaAction::EliminateForStacking { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("Eliminate {}", name(unit)))
        },
        OmahaAction::Attack { target } => Anchors {
            hexes: vec![hex(target)],
            ..Anchors::label(format!("Attack {}", hex(target)))
        },
        OmahaAction::AttackWith { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} joins the attack", name(unit)))
        },
        OmahaAction::AttackWithPair { unit, with } => Anchors {
            units: vec![u32::from(unit), u32::from(with)],
            ..Anchors::label(format!("{} and {} join the attack", name(unit), name(with)))
        },
        OmahaAction::AttackDeclared => Anchors::label("No more attackers"),
        OmahaAction::NavalSupport { use_marker } => Anchors::label(if use_marker {
            "Use a Naval Gunfire marker"
        } else {
            "No naval gunfire"
        }),
        OmahaAction::AttackConfirm => Anchors::label("Resolve the attack"),
        OmahaAction::AttackBack => Anchors::label("Call off the attack"),
        OmahaAction::HeroBonus { bonus } => Anchors::label(match bonus {
            crate::action::HeroChoice::Strength => "Hero: +1 strength",
            crate::action::HeroChoice::Wildcard => "Hero: wildcard weapon",
            crate::action::HeroChoice::Nothing => "No Hero bonus",
        }),
        OmahaAction::Attrition { unit: Some(unit) } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} loses a step: depth marker removed", name(unit)))
        },
        OmahaAction::Attrition { unit: None } => Anchors::label("Decline attrition"),
        OmahaAction::Barrage { unit, target } => {
            let mut hexes = unit_hex(unit);
            hexes.push(hex(target));
            Anchors {
                hexes,
                units: vec![u32::from(unit)],
                ..Anchors::label(format!("{} barrages {}", name(unit), hex(target)))
            }
        }
        OmahaAction::NavalBarrage { target } => Anchors {
            hexes: vec![hex(target)],
            ..Anchors::label(format!("Naval barrage on {}", hex(target)))
        },
        // Event prompts (P-HERO, P-STEP-ADD, G-MEEMIES, G-NAVALHIT) and P-HERO-SACRIFICE.
        OmahaAction::PlaceHero { unit }
        | OmahaAction::AddStep { unit }
        | OmahaAction::MeemiesTarget { unit }
        | OmahaAction::NavalHitTarget { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(crate::events::anchor_label(state, action).unwrap_or_default())
        },
        // G-PRISONER, G-PATROL-REPORT-TIE: the slot's hex.
        OmahaAction::RevealGerman { slot } => Anchors {
            hexes: index
                .slots
                .get(usize::from(slot))
                .map(|s| vec![hex(s.hex)])
                .unwrap_or_default(),
            ..Anchors::label(crate::events::anchor_label(state, action).unwrap_or_default())
        },
        OmahaAction::LeaderFollows { unit } => {
            let leader = match state.step {
                Step::LeaderFollow { leader, .. } => Some(leader),
                _ => None,
            };
            let box_of = |u: UsId| match state.us.get(usize::from(u)).map(|x| x.loc) {
                Some(UsLoc::Box(b)) => index
                    .boxes
                    .get(usize::from(b))
                    .map_or("?".to_owned(), |x| x.name.clone()),
                _ => "?".to_owned(),
            };
            let who = leader.map_or("?".to_owned(), name);
            Anchors {
                units: leader.into_iter().chain(unit).map(u32::from).collect(),
                ..Anchors::label(match (unit, leader) {
                    (Some(u), _) => format!("{who} follows {} to {}", name(u), box_of(u)),
                    (None, Some(l)) => format!("{who} stays in {}", box_of(l)),
                    (None, None) => "Stay".to_owned(),
                })
            }
        }
        // G-FIRE-TIE, G-LEADER: the firing position's (or German tank's, 23.4) hexes, then
        // the target's.
        OmahaAction::FireTieTarget { unit } | OmahaAction::LeaderTarget { unit } => {
            let position = match state.step {
                Step::FireTie { position, .. } | Step::LeaderHit { position, .. } => Some(position),
                _ => None,
            };
            let tank = match state.step {
                Step::TankFireTie { tank, .. } | Step::TankLeaderHit { tank, .. } => Some(tank),
                _ => None,
            };
            let mut hexes: Vec<String> = position
                .and_then(|p| index.positions.get(usize::from(p)))
                .map(|p| {
                    p.slots
                        .iter()
                        .filter_map(|&s| index.slots.get(usize::from(s)))
                        .map(|s| hex(s.hex))
                        .collect()
                })
                .unwrap_or_default();
            hexes.extend(tank.and_then(|g| state.german_hex(g)).map(hex));
            hexes.extend(unit_hex(unit));
            let from = match (position, tank) {
                (Some(p), _) => crate::fire::position_name(state, p).to_owned(),
                (None, Some(g)) => crate::tanks::tank_name(state, g),
                (None, None) => "?".to_owned(),
            };
            let target = match action {
                OmahaAction::LeaderTarget { .. } => crate::fire::star_target_name(state, unit),
                _ => name(unit),
            };
            Anchors {
                hexes,
                units: vec![u32::from(unit)],
                ..Anchors::label(format!("{from} hits {target}"))
            }
        }
        // G-TANK-TIE: the moving tank's hex, then the hex offered.
        OmahaAction::TankMoveTo { hex: to } => {
            let tank = match state.step {
                Step::TankMoveTie { tank, .. } => Some(tank),
                _ => None,
            };
            Anchors {
                hexes: tank
                    .and_then(|g| state.german_hex(g))
                    .into_iter()
                    .chain([to])
                    .map(hex)
                    .collect(),
                ..Anchors::label(format!(
                    "{} moves on to {}",
                    tank.map_or_else(
                        || "The tank".to_owned(),
                        |g| crate::tanks::tank_name(state, g)
                    ),
                    hex(to)
                ))
            }
        }
        OmahaAction::ArtilleryTarget { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("German artillery hits {}", name(unit)))
        },
        OmahaAction::GermanTarget { unit } => Anchors {
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} takes it", name(unit)))
        },
        OmahaAction::RedeployTo { position } => {
            let p = index.positions.get(usize::from(position));
            Anchors {
                hexes: p
                    .and_then(|p| p.slots.first())
                    .map(|&s| vec![hex(index.slots[usize::from(s)].hex)])
                    .unwrap_or_default(),
                ..Anchors::label(format!(
                    "Redeploy to {}",
                    p.map_or("?", |p| p.name.as_str())
                ))
            }
        }
        OmahaAction::Displace { unit, to } => Anchors {
            hexes: vec![hex(to)],
            units: vec![u32::from(unit)],
            ..Anchors::label(format!("{} to {}", name(unit), hex(to)))
        },
        OmahaAction::SacrificeHero { .. } => {
            let mut a =
                Anchors::label(crate::events::anchor_label(state, action).unwrap_or_default());
            if let Step::HeroSacrifice { unit } = state.step {
                a.units = vec![u32::from(unit)];
            }
            a
        }
    };
    if a.hexes.is_empty()
        && let Some(u) = unit_of(action)
    {
        a.hexes = unit_hex(u);
    }
    a
}

fn unit_of(action: &OmahaAction) -> Option<UsId> {
    match *action {
        OmahaAction::MineVictim { unit }
        | OmahaAction::RemoveClimb { unit }
        | OmahaAction::RemoveDisrupted { unit }
        | OmahaAction::EliminateForStacking { unit }
        | OmahaAction::PlaceHero { unit }
        | OmahaAction::AddStep { unit }
        | OmahaAction::MeemiesTarget { unit }
        | OmahaAction::NavalHitTarget { unit }
        | OmahaAction::ArtilleryTarget { unit }
        | OmahaAction::EstablishCp { hq: unit }
        | OmahaAction::AbandonCp { hq: unit } => Some(unit),
        _ => None,
    }
}
