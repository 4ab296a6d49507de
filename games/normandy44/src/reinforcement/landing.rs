//! The Allied side of reinforcement: landings from Great Britain and the landing boxes (6.5,
//! 20.5, 21.1), evacuation (21.2) and the Army Boundary's return (22.1).

use super::{
    CLOSED, EVACUATION, EVACUATIONS_PER_HEX, LANDING, RP_COST, SECOND_WAVE, open_movement,
};
use crate::action::{MoveMode, N44Event, N44Log};
use crate::beaches::{beach_active, beach_of_engineer, beachhead, landing_site};
use crate::data::{Army, Beach, Class, GbUnit, Side, Size, UnitId};
use crate::movement::{Goal, must_move_tactically, reach_for, why_stuck, within_boundary};
use crate::stacking::stacker;
use crate::state::{Location, Normandy44, UnitFlags};
use crate::tables::costs::{LandingSite, RpKind, StackTally, Stacker, landing_fits};
use overlord_engine::Refusal;
use overlord_hexmap::HexId;

// ---- Allied landings ---------------------------------------------------------------------

/// 2.14, 6.5.1, A-33: what landing `unit` from Great Britain costs: its GB-box line, else the
/// cost its type lists.
pub fn rp_cost(game: &Normandy44, unit: UnitId) -> u8 {
    rp_cost_with(game, unit, game.data().gb_line(unit, game.scenario))
}

/// [`rp_cost`], with the unit's GB-box line given (the legal list looks it up once per unit).
fn rp_cost_with(game: &Normandy44, unit: UnitId, line: Option<&GbUnit>) -> u8 {
    let data = game.data();
    let def = data.unit(unit);
    if let Some(line) = line {
        return line.cost;
    }
    let one_step = data.step_count(unit) == 1;
    let kind = match def.class {
        Class::Hq => RpKind::Hq,
        _ if one_step => RpKind::OneStepUnit,
        Class::Armor if def.size == Size::Brigade && def.army == Some(Army::Cw) => {
            RpKind::BritishArmouredBrigade
        }
        Class::Armor if def.army == Some(Army::Us) => RpKind::UsCombatCommand,
        Class::Recon if def.army == Some(Army::Us) => RpKind::UsReconGroup,
        Class::Silhouette | Class::Armor | Class::Recon => RpKind::TwoStepArmored,
        _ if def.size == Size::Regiment && def.army == Some(Army::Us) => RpKind::UsRegiment,
        Class::Motorized | Class::Panzergrenadier => RpKind::CwMotorizedBrigade,
        _ if def.size == Size::Brigade => RpKind::CwInfantryBrigade,
        _ => RpKind::OtherMultiStep,
    };
    kind.cost()
}

/// Where `unit` waits to land, and whether its landing is free (20.5: the Second Wave and Next
/// Wave boxes) and at which beach it must land (its box's).
pub(super) fn landing_box(game: &Normandy44, unit: UnitId) -> Option<(bool, Option<Beach>)> {
    match game.unit(unit).at {
        Location::Britain => Some((false, None)),
        Location::SecondWave(b) => Some((true, Beach::ALL.get(usize::from(b)).copied())),
        // 20.3.3: the Next Wave box lands at Omaha.
        Location::NextWave => Some((true, Some(Beach::Omaha))),
        _ => None,
    }
}

/// D11, D12: whether `unit` may land in `hex` now, and what it costs.
pub fn land_check(game: &Normandy44, unit: UnitId, hex: HexId) -> Result<u8, Refusal> {
    if !open_movement(game, Side::Allied) {
        return Err(Refusal::by_rule(
            LANDING,
            "reinforcements land in the Allied Movement Phase",
        ));
    }
    let Some((free, box_beach)) = landing_box(game, unit) else {
        return Err(Refusal::by_rule(LANDING, "the unit is not waiting to land"));
    };
    let data = game.data();
    let def = data.unit(unit);
    let Some(army) = def.army else {
        return Err(Refusal::by_rule(LANDING, "not an Allied unit"));
    };
    if !free {
        if game.turn < 2 {
            return Err(Refusal::by_rule(
                RP_COST,
                "the GB box is not used on turn 1 (20.5)",
            ));
        }
        let from = data.gb_line(unit, game.scenario).and_then(|g| g.from_turn);
        if from.is_some_and(|t| game.turn < t) {
            return Err(Refusal::by_rule(RP_COST, "the unit is not available yet"));
        }
    }
    let lander = Lander::of(game, unit, army, free, box_beach);
    let at = LandingHex::of(game, army, hex);
    match lands(game, &lander, &at) {
        Ok(()) => Ok(lander.cost),
        Err(why) => Err(match why {
            NoLanding::NotASite => Refusal::by_rule(
                LANDING,
                "reinforcements land at one of their army's beachheads or its complete Mulberry",
            ),
            NoLanding::OtherBeach => {
                Refusal::by_rule(SECOND_WAVE, "the unit lands at its own box's beach")
            }
            NoLanding::German => Refusal::by_rule(LANDING, "German units hold the hex"),
            NoLanding::NotOwnBeachhead => Refusal::by_rule(
                CLOSED,
                "a beach engineer lands only in its own beachhead, once it is \
                 Allied-controlled",
            ),
            NoLanding::Closed => Refusal::by_rule(
                CLOSED,
                "the beachhead is closed: only its engineer may land there",
            ),
            NoLanding::NoRp => Refusal::by_rule(
                RP_COST,
                format!(
                    "the unit costs {} RP and {} are left",
                    lander.cost,
                    game.tracks.rp[army.index()]
                ),
            ),
            NoLanding::BeachLimit(beach) => Refusal::by_rule(LANDING, rp_limit_reason(beach)),
            // 20.5: a second-wave unit that cannot land for stacking waits for a later turn.
            NoLanding::NoRoom => Refusal::by_rule(LANDING, "the hex has no room for it (7.1)"),
        }),
    }
}

/// What [`land_check`] reads of the unit that lands, the same for every hex: the legal list
/// works it out once per unit.
pub(super) struct Lander {
    pub(super) army: Army,
    /// 20.5: a second-wave (or Next Wave) unit lands free...
    free: bool,
    /// ...at its own box's beach.
    pub(super) box_beach: Option<Beach>,
    /// 6.5.1: its RP cost (0 when free).
    cost: u8,
    /// 21.1: the beach whose engineer it is.
    engineer: Option<Beach>,
    /// 7.1: how it counts for stacking.
    stacker: Stacker,
}

impl Lander {
    pub(super) fn of(
        game: &Normandy44,
        unit: UnitId,
        army: Army,
        free: bool,
        box_beach: Option<Beach>,
    ) -> Lander {
        Lander {
            army,
            free,
            box_beach,
            cost: if free { 0 } else { rp_cost(game, unit) },
            engineer: beach_of_engineer(game, unit),
            stacker: stacker(game, unit),
        }
    }

    /// `unit`, waiting to land, as [`land_check`] reads it, unless it cannot land anywhere
    /// now for what it is and costs alone: it is not waiting to land or has no army, or it
    /// comes from the GB box before turn 2 (20.5) or its line's first turn, or costs more RP
    /// than are left (6.5.1). The legal list asks it once per unit and [`land_check`]'s hex
    /// checks ([`may_land`]) only of the units it gives: every `None` is a refusal of
    /// `land_check` whatever the hex, so the list is the same.
    pub(super) fn waiting(game: &Normandy44, unit: UnitId) -> Option<Lander> {
        let (free, box_beach) = landing_box(game, unit)?;
        let data = game.data();
        let army = data.unit(unit).army?;
        let cost = if free {
            0
        } else {
            if game.turn < 2 {
                return None;
            }
            let line = data.gb_line(unit, game.scenario);
            if line
                .and_then(|g| g.from_turn)
                .is_some_and(|t| game.turn < t)
            {
                return None;
            }
            let cost = rp_cost_with(game, unit, line);
            if game.tracks.rp.get(army.index()).is_none_or(|&rp| rp < cost) {
                return None;
            }
            cost
        };
        Some(Lander {
            army,
            free,
            box_beach,
            cost,
            engineer: beach_of_engineer(game, unit),
            stacker: stacker(game, unit),
        })
    }
}

/// What [`land_check`] reads of a landing hex, the same for every unit of one army: the legal
/// list works it out once per hex, where it asked it once per unit and hex.
pub(super) struct LandingHex {
    pub(super) hex: HexId,
    /// 6.5.2, 21.1: the landing site the hex is for the army (a beachhead, its complete
    /// Mulberry), if any.
    site: Option<LandingSite>,
    /// German units hold it.
    german: bool,
    /// 21.1: the beach of a beachhead site is open (its engineer in its beachhead hex); `true`
    /// for a Mulberry.
    open: bool,
    /// 21.1: the Allies control it.
    allied: bool,
    /// 7.1: the stacking tally of the units already there (a lander comes from off the map,
    /// so it is never one of them).
    stack: StackTally,
}

impl LandingHex {
    pub(super) fn of(game: &Normandy44, army: Army, hex: HexId) -> LandingHex {
        let site = landing_site(game, army, hex);
        LandingHex {
            hex,
            site,
            german: game.occupant(hex) == Some(Side::German),
            open: match site {
                Some(LandingSite::Beach(beach)) => beach_active(game, beach),
                _ => true,
            },
            allied: game.allied_controls(hex),
            stack: crate::stacking::tally(game, hex),
        }
    }
}

/// Why a landing is refused ([`land_check`] writes it out).
enum NoLanding {
    NotASite,
    OtherBeach,
    German,
    NotOwnBeachhead,
    Closed,
    NoRp,
    BeachLimit(Beach),
    NoRoom,
}

/// [`land_check`]'s checks of `lander` at `at`, once the unit waits to land and may land this
/// turn (20.5's GB box from turn 2, its line's first turn), in the order the refusals are
/// given.
fn lands(game: &Normandy44, lander: &Lander, at: &LandingHex) -> Result<(), NoLanding> {
    let Some(site) = at.site else {
        return Err(NoLanding::NotASite);
    };
    if lander
        .box_beach
        .is_some_and(|b| site != LandingSite::Beach(b))
    {
        return Err(NoLanding::OtherBeach);
    }
    if at.german {
        return Err(NoLanding::German);
    }
    match lander.engineer {
        Some(beach) => {
            if beachhead(game, beach) != at.hex || !at.allied {
                return Err(NoLanding::NotOwnBeachhead);
            }
        }
        None => {
            if !at.open {
                return Err(NoLanding::Closed);
            }
        }
    }
    if !lander.free {
        if game.tracks.rp[lander.army.index()] < lander.cost {
            return Err(NoLanding::NoRp);
        }
        let limit_beach = site.limit_beach();
        if !landing_fits(game.tracks.rp_landed[limit_beach.index()], lander.cost) {
            return Err(NoLanding::BeachLimit(limit_beach));
        }
    }
    let mut stack = at.stack;
    stack.add(lander.stacker);
    if !stack.legal() {
        return Err(NoLanding::NoRoom);
    }
    Ok(())
}

/// [`land_check`] for the legal list: `lander` and `at` worked out once, the unit's own checks
/// made ([`Lander::waiting`] gave it).
pub(super) fn may_land(game: &Normandy44, lander: &Lander, at: &LandingHex) -> bool {
    lands(game, lander, at).is_ok()
}

/// 6.5.2's refusal of a landing past a beach's RP for the turn, written out for each beach so
/// that a legal list asking the check formats nothing.
fn rp_limit_reason(beach: Beach) -> &'static str {
    macro_rules! reason {
        ($beach:literal) => {
            concat!(
                "at most 4 RP land at ",
                $beach,
                " in a turn (the Mulberries count as Gold and Omaha, A-32)"
            )
        };
    }
    match beach {
        Beach::Utah => reason!("utah"),
        Beach::Omaha => reason!("omaha"),
        Beach::Gold => reason!("gold"),
        Beach::Juno => reason!("juno"),
        Beach::Sword => reason!("sword"),
    }
}

/// The hexes a unit of `army` might land in: its beachheads and Mulberry, in hex order.
pub(super) fn army_landing_hexes(game: &Normandy44, army: Army) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = Beach::ALL
        .into_iter()
        .filter(|b| b.army() == army)
        .map(|b| beachhead(game, b))
        .collect();
    hexes.push(crate::beaches::mulberry_hex(game, army));
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

pub(super) fn land(
    game: &mut Normandy44,
    unit: UnitId,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let cost = land_check(game, unit, hex)?;
    let free = cost == 0 && !matches!(game.unit(unit).at, Location::Britain);
    if let (Some(army), Some(site)) = (
        game.army_of(unit),
        game.army_of(unit).and_then(|a| landing_site(game, a, hex)),
    ) && !free
    {
        game.tracks.rp[army.index()] -= cost;
        game.tracks.rp_landed[site.limit_beach().index()] += cost;
    }
    let mut state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = 0;
    state.flags = UnitFlags::default();
    state.flags.set(UnitFlags::LANDED, true);
    drop(state);
    game.set_control(hex, Side::Allied);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    let rule = if free { SECOND_WAVE } else { LANDING };
    log.public(
        rule,
        N44Event::Moved {
            unit,
            from: None,
            to: hex,
        },
        || {
            if free {
                format!("{name} lands in {label} with the second wave")
            } else {
                format!("{name} lands in {label} ({cost} RP)")
            }
        },
    );
    Ok(())
}

/// D13 (21.2): whether `unit` may evacuate to Great Britain now: in a beach (landing) hex, not
/// moved this phase (it spends its whole MA), at most two a turn from one hex; it may be in an
/// enemy ZOC.
pub fn evacuate_check(game: &Normandy44, unit: UnitId) -> Result<HexId, Refusal> {
    if !open_movement(game, Side::Allied) || game.side_of(unit) != Side::Allied {
        return Err(Refusal::by_rule(
            EVACUATION,
            "Allied units evacuate in the Allied Movement Phase",
        ));
    }
    let Some(hex) = game.hex_of(unit) else {
        return Err(Refusal::by_rule(EVACUATION, "the unit is not on the map"));
    };
    if !in_beach_hex(game, hex) {
        return Err(Refusal::by_rule(
            EVACUATION,
            "the unit is not in a beach hex",
        ));
    }
    if let Some(why) = why_stuck(game, unit, false) {
        return Err(Refusal::by_rule(
            EVACUATION,
            format!("it cannot move: {why}"),
        ));
    }
    let state = game.unit(unit);
    if state.spent > 0 || state.flags.has(UnitFlags::LANDED) {
        return Err(Refusal::by_rule(
            EVACUATION,
            "evacuating takes the unit's whole MA",
        ));
    }
    if !evacuations_left(game, hex) {
        return Err(Refusal::by_rule(
            EVACUATION,
            "at most two units a turn evacuate from one beach hex",
        ));
    }
    Ok(hex)
}

/// 21.2: whether fewer than two units have evacuated from beach hex `hex` this turn.
pub(super) fn evacuations_left(game: &Normandy44, hex: HexId) -> bool {
    game.evacuations.iter().filter(|&&h| h == hex).count() < EVACUATIONS_PER_HEX
}

/// 21.2: whether `hex` is a beach (landing) hex, from which units may evacuate.
pub(super) fn in_beach_hex(game: &Normandy44, hex: HexId) -> bool {
    Beach::ALL.into_iter().any(|b| beachhead(game, b) == hex)
}

pub(super) fn evacuate(
    game: &mut Normandy44,
    unit: UnitId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let hex = evacuate_check(game, unit)?;
    game.evacuations.push(hex);
    game.take_off(unit, Location::Britain);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    log.public(EVACUATION, N44Event::Note, || {
        format!("{name} evacuates from {label} to Great Britain")
    });
    Ok(())
}

/// 22.1, A-29: whether `unit` stands more than one hex beyond its army's side of the Army
/// Boundary (after a retreat) and must come back.
pub fn beyond_boundary(game: &Normandy44, unit: UnitId) -> bool {
    game.side_of(unit) == Side::Allied
        && game
            .hex_of(unit)
            .is_some_and(|h| !within_boundary(game, unit, h))
}

/// 22.1, A-29: an Allied unit beyond the boundary that can still move back this phase (every
/// move it makes ends within the limit); the phase may not end while there is one.
///
/// Asked of every list that offers the end, so [`beyond_boundary`] is read off the unit lists
/// and the boundary's hexes as kept (`movement::within_boundary` fills them): nearly every unit
/// is ruled out on where it is or its side at once.
pub fn must_still_return(game: &Normandy44) -> Option<UnitId> {
    if !open_movement(game, Side::Allied) {
        return None;
    }
    let data = game.data();
    let within = [Army::Us, Army::Cw].map(|a| data.within_boundary[a.index()].get());
    let units = game.units.iter().zip(&data.units).enumerate();
    units.into_iter().find_map(|(i, (state, def))| {
        let Location::Hex(hex) = state.at else {
            return None;
        };
        if def.side != Side::Allied {
            return None;
        }
        let u = UnitId(i as u16);
        let beyond = match def.army.and_then(|a| within[a.index()]) {
            Some(within) => !crate::hex_bits::has(within, hex),
            None => !within_boundary(game, u, hex),
        };
        // 27.1: in three or four players, the one whose part of the phase it is (asked after
        // the boundary, which rules out nearly every unit at once).
        let back = beyond && game.in_part(u) && why_stuck(game, u, false).is_none() && {
            let mode = if must_move_tactically(game, u) {
                MoveMode::Tactical
            } else {
                MoveMode::Normal
            };
            reach_for(game, &[u], mode, false, Goal::Any)
                .is_some_and(|r| r.destinations().next().is_some())
        };
        back.then_some(u)
    })
}
