//! The players' own setup, when they choose it: building the squads from the scenario's
//! figures (`TOI-SETUP-5`, `TOI-SQUAD`, `TOI-SPEC-ASSIGN`) and deploying the starting units in
//! the scenario's deployment areas (`TOI-SETUP-6`), each in initiative order, one small prompt
//! at a time. Without the options the scenario's squads and placement stand.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{FigureClass, Nation, Specialization};
use crate::state::{EMPTY_SLOT, Kind, Location, Step, ToiGame, UnitId};
use overlord_engine::{Audience, Refusal, RuleId, SeatSet};
use overlord_hexmap::HexId;

/// `TOI-SETUP-5`: building squads.
pub const BUILD: RuleId = RuleId("TOI-SETUP-5");
/// `TOI-SPEC-ASSIGN`: specialization tokens at setup.
pub const SPEC_ASSIGN: RuleId = RuleId("TOI-SPEC-ASSIGN");
/// `TOI-SETUP-6`: deploying the starting units.
pub const DEPLOY: RuleId = RuleId("TOI-SETUP-6");
/// A base's slots (`TOI-SQUAD`).
const SLOTS: u8 = 4;

/// Round 0 of a reserve: a starting unit still to be deployed.
const UNDEPLOYED: Location = Location::Reserve(0);

/// `TOI-SETUP-5`: at the start of a game with the option, empty `nation`'s starting bases into
/// its pool of figures, and their specialization tokens into its tokens.
pub fn empty_bases(game: &mut ToiGame) {
    for u in 0..game.units.len() {
        let unit = &mut game.units[u];
        if matches!(unit.at, Location::Reserve(round) if round > 0) {
            continue;
        }
        if let Kind::Squad { figures, .. } = &mut unit.kind {
            let pool = &mut game.setup.pool[unit.nation.index()];
            pool.extend(figures.iter().copied().filter(|&f| f != EMPTY_SLOT));
            *figures = [EMPTY_SLOT; 4];
            if let Some(spec) = unit.spec.take() {
                game.setup.tokens[unit.nation.index()].push(spec);
            }
        }
    }
    for pool in &mut game.setup.pool {
        pool.sort_unstable();
    }
}

/// After the setup's card draws: the building of squads, the deployment, or (with neither
/// option) the initial Op Fire (`TOI-SETUP-7`).
pub fn begin(game: &mut ToiGame, log: &mut ToiLog) {
    if game.setup.build {
        build_next(game, game.initiative(), log);
    } else {
        begin_deployment(game, log);
    }
}

/// Whether `unit` is an empty base still to build.
fn unbuilt(game: &ToiGame, unit: UnitId) -> bool {
    matches!(game.unit(unit).kind, Kind::Squad { figures, .. } if figures == [EMPTY_SLOT; 4])
        && !matches!(game.unit(unit).at, Location::Gone | Location::Reserve(1..))
}

/// `nation`'s next base to build, then the other side's (in initiative order), then the
/// deployment.
fn build_next(game: &mut ToiGame, nation: Nation, log: &mut ToiLog) {
    if let Some(unit) = game
        .unit_ids()
        .find(|&u| game.unit(u).nation == nation && unbuilt(game, u))
    {
        game.step = Step::Build { nation, unit };
        return;
    }
    let unused = std::mem::take(&mut game.setup.tokens[nation.index()]);
    if !unused.is_empty() {
        log.public(SPEC_ASSIGN, ToiEvent::Note, || {
            format!(
                "{}: {} specialization token(s) left off, with no base to take them",
                nation.name(),
                unused.len()
            )
        });
    }
    if nation == game.initiative() {
        build_next(game, nation.enemy(), log);
    } else {
        begin_deployment(game, log);
    }
}

/// The slots a figure fills.
fn slots_of(game: &ToiGame, figure: u8) -> u8 {
    game.data()
        .figures
        .get(usize::from(figure))
        .map_or(SLOTS, |f| f.slots)
}

/// `TOI-SETUP-5`: the figures `nation` may put on base `unit` now: one that fits the base's free
/// slots and leaves the rest of its pool able to fill every base still to build exactly (a
/// two-slot crew needs two free slots on one base).
pub fn buildable(game: &ToiGame, nation: Nation, unit: UnitId) -> Vec<u8> {
    let Kind::Squad { figures, .. } = game.unit(unit).kind else {
        return Vec::new();
    };
    let free = SLOTS.saturating_sub(game.slots_used(&figures));
    let later = game
        .unit_ids()
        .filter(|&u| u != unit && game.unit(u).nation == nation && unbuilt(game, u))
        .count();
    let pool = &game.setup.pool[nation.index()];
    let mut out: Vec<u8> = Vec::new();
    for &figure in pool {
        if out.last() == Some(&figure) {
            continue;
        }
        let slots = slots_of(game, figure);
        if slots > free {
            continue;
        }
        let mut rest = pool.clone();
        if let Some(i) = rest.iter().position(|&f| f == figure) {
            rest.remove(i);
        }
        let doubles = rest.iter().filter(|&&f| slots_of(game, f) == 2).count();
        let room = usize::from((free - slots) / 2) + 2 * later;
        if doubles <= room {
            out.push(figure);
        }
    }
    out
}

/// `TOI-SPEC-ASSIGN`: the tokens `nation` may snap on full base `unit`: one at most, and none
/// on a squad with a machine gun or mortar crew.
pub fn tokens_for(game: &ToiGame, nation: Nation, unit: UnitId) -> Vec<Specialization> {
    let Kind::Squad { figures, .. } = game.unit(unit).kind else {
        return Vec::new();
    };
    let heavy = figures
        .iter()
        .filter_map(|&f| game.data().figures.get(usize::from(f)))
        .any(|f| matches!(f.class, FigureClass::MgCrew | FigureClass::MortarCrew));
    if heavy || game.unit(unit).spec.is_some() {
        return Vec::new();
    }
    let mut out = game.setup.tokens[nation.index()].clone();
    out.sort_unstable_by_key(|&s| s as u8);
    out.dedup();
    out
}

/// `TOI-SETUP-6`: the hexes `unit` may be deployed in: its nation's deployment areas, where its
/// terrain lets it stand, with no enemy unit and room for it (`TOI-STACK`; a vehicle with its
/// passengers is one unit).
pub fn deploy_hexes(game: &ToiGame, unit: UnitId) -> Vec<HexId> {
    let nation = game.unit(unit).nation;
    game.scenario().deployment[nation.index()]
        .iter()
        .copied()
        .filter(|&hex| {
            crate::movement::terrain_open(game, unit, hex)
                && crate::stacking::may_stop(game, hex, unit)
        })
        .collect()
}

/// `TOI-SETUP-6`: with the option, every starting unit on the map is taken up to be deployed
/// (its passengers with it), the initiative side's first; without it, the initial Op Fire.
fn begin_deployment(game: &mut ToiGame, log: &mut ToiLog) {
    if game.setup.deploy {
        for unit in &mut game.units {
            if matches!(unit.at, Location::Hex(_)) {
                unit.at = UNDEPLOYED;
            }
        }
        deploy_next(game, game.initiative(), log);
    } else {
        game.step = Step::StatusOpFire {
            nation: game.initiative(),
        };
    }
}

/// The next unit `nation` deploys.
pub fn next_to_deploy(game: &ToiGame, nation: Nation) -> Option<UnitId> {
    game.unit_ids()
        .find(|&u| game.unit(u).nation == nation && game.unit(u).at == UNDEPLOYED)
}

/// `nation`'s next unit to deploy (one with nowhere to go is lost, as a reinforcement is), then
/// the other side's, then the initial Op Fire (`TOI-SETUP-7`).
fn deploy_next(game: &mut ToiGame, nation: Nation, log: &mut ToiLog) {
    while let Some(unit) = next_to_deploy(game, nation) {
        if !deploy_hexes(game, unit).is_empty() {
            game.step = Step::Deploy { nation };
            return;
        }
        game.units[unit.index()].at = Location::Gone;
        for u in 0..game.units.len() {
            if game.units[u].at == Location::Aboard(unit) {
                game.units[u].at = Location::Gone;
            }
        }
        log.public(DEPLOY, ToiEvent::Note, || {
            format!(
                "{} has no room in its deployment areas; it is out of the game",
                crate::text::unit_name(game, unit)
            )
        });
    }
    if nation == game.initiative() {
        deploy_next(game, nation.enemy(), log);
    } else {
        game.step = Step::StatusOpFire {
            nation: game.initiative(),
        };
    }
}

/// The legal answers to a building or deployment prompt.
pub fn legal(game: &ToiGame, step: Step, out: &mut Vec<ToiAction>) {
    match step {
        Step::Build { nation, unit } => out.extend(
            buildable(game, nation, unit)
                .into_iter()
                .map(|figure| ToiAction::BuildFigure { figure }),
        ),
        Step::Specialize { nation, unit } => {
            out.extend(
                tokens_for(game, nation, unit)
                    .into_iter()
                    .map(|spec| ToiAction::Specialize { spec }),
            );
            out.push(ToiAction::Done);
        }
        Step::Deploy { nation } => {
            if let Some(unit) = next_to_deploy(game, nation) {
                out.extend(
                    deploy_hexes(game, unit)
                        .into_iter()
                        .map(|hex| ToiAction::Deploy { hex }),
                );
            }
        }
        _ => {}
    }
}

/// Answer a building or deployment prompt.
pub fn answer(
    game: &mut ToiGame,
    step: Step,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    match (step, action) {
        (Step::Build { nation, unit }, ToiAction::BuildFigure { figure }) => {
            if !buildable(game, nation, unit).contains(&figure) {
                return Err(Refusal::by_rule(
                    BUILD,
                    "a figure from your pool that fits the base, leaving the rest able to fill your other bases (every base full, a crew on two slots of one base)",
                ));
            }
            let pool = &mut game.setup.pool[nation.index()];
            if let Some(i) = pool.iter().position(|&f| f == figure) {
                pool.remove(i);
            }
            if let Kind::Squad { figures, .. } = &mut game.units[unit.index()].kind
                && let Some(slot) = figures.iter_mut().find(|f| **f == EMPTY_SLOT)
            {
                *slot = figure;
            }
            let Kind::Squad { figures, .. } = game.unit(unit).kind else {
                return Ok(());
            };
            if game.slots_used(&figures) < SLOTS {
                return Ok(());
            }
            // Secret building (`TOI-SETUP-5`): the base's make-up is told to its own side only.
            let text = || {
                format!(
                    "{} builds {}",
                    nation.name(),
                    crate::text::unit_name(game, unit)
                )
            };
            if game.setup.secret {
                let seats = SeatSet::only(crate::teams::seat_of(game, nation, 1))
                    .with(crate::teams::seat_of(game, nation, 2));
                log.push(BUILD, Audience::Seats(seats), ToiEvent::Note, text);
            } else {
                log.public(BUILD, ToiEvent::Note, text);
            }
            if tokens_for(game, nation, unit).is_empty() {
                build_next(game, nation, log);
            } else {
                game.step = Step::Specialize { nation, unit };
            }
            Ok(())
        }
        (Step::Specialize { nation, unit }, ToiAction::Specialize { spec }) => {
            if !tokens_for(game, nation, unit).contains(&spec) {
                return Err(Refusal::by_rule(
                    SPEC_ASSIGN,
                    "one of your tokens, on a squad with no machine gun or mortar crew",
                ));
            }
            let tokens = &mut game.setup.tokens[nation.index()];
            if let Some(i) = tokens.iter().position(|&s| s == spec) {
                tokens.remove(i);
            }
            game.units[unit.index()].spec = Some(spec);
            log.public(SPEC_ASSIGN, ToiEvent::Note, || {
                format!(
                    "{} gets the {} token",
                    crate::text::unit_name(game, unit),
                    spec.name()
                )
            });
            build_next(game, nation, log);
            Ok(())
        }
        (Step::Specialize { nation, .. }, ToiAction::Done) => {
            build_next(game, nation, log);
            Ok(())
        }
        (Step::Deploy { nation }, ToiAction::Deploy { hex }) => {
            let Some(unit) = next_to_deploy(game, nation) else {
                return Err(Refusal::by_rule(DEPLOY, "no unit is left to deploy"));
            };
            if !deploy_hexes(game, unit).contains(&hex) {
                return Err(Refusal::by_rule(
                    DEPLOY,
                    "a starting unit goes into your deployment areas, on terrain it may enter, with no enemy unit and room for it (TOI-STACK)",
                ));
            }
            game.units[unit.index()].at = Location::Hex(hex);
            let label = game.scenario().battlefield.label(hex);
            log.public(DEPLOY, ToiEvent::Moved { unit, hex }, || {
                format!("{} deploys at {label}", crate::text::unit_name(game, unit))
            });
            deploy_next(game, nation, log);
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            BUILD,
            "build your squads or deploy your units, as asked",
        )),
    }
}
