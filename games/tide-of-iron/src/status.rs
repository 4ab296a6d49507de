//! The Status Phase's choices (`TOI-STAT`): putting units in Op Fire (`TOI-STAT-OPFIRE`, and
//! before round 1, `TOI-SETUP-7`) and placing the round's reinforcements (`TOI-STAT-REINF`),
//! figures moved between squads of one hex (`TOI-STAT-XFER`), each side in initiative order. The
//! clean-up and the round marker are the turn's (`turn.rs`), the draw the cards' (`cards.rs`).

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::Nation;
use crate::state::{EMPTY_SLOT, Kind, Location, Step, ToiGame, Token, UnitId};
use crate::tables::results::Condition;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// `TOI-STAT-OPFIRE`.
pub const STATUS_OP_FIRE: RuleId = RuleId("TOI-STAT-OPFIRE");
/// `TOI-SETUP-7`.
pub const SETUP_OP_FIRE: RuleId = RuleId("TOI-SETUP-7");
/// `TOI-STAT-REINF`.
pub const REINFORCEMENTS: RuleId = RuleId("TOI-STAT-REINF");
/// `TOI-STAT-XFER`.
pub const TRANSFERS: RuleId = RuleId("TOI-STAT-XFER");
/// `TOI-FAQ`: FAQ-10, reinforcements the box has run out of figures for.
pub const FAQ: RuleId = RuleId("TOI-FAQ");

/// `TOI-STAT-XFER`: whether `unit` may give or take figures: a squad of `nation` on the map (not
/// aboard), neither specialized, pinned, disrupted nor in a fortification.
fn may_transfer(game: &ToiGame, unit: UnitId, nation: Nation) -> bool {
    let u = game.unit(unit);
    u.nation == nation
        && u.spec.is_none()
        && u.fort == crate::state::Fort::None
        && matches!(u.at, Location::Hex(_))
        && matches!(
            u.kind,
            Kind::Squad {
                condition: Condition::Normal,
                ..
            }
        )
}

/// `TOI-STAT-XFER`: the figure moves open to `nation`: from one of its squads to another in the
/// same hex with room for the figure (one move per kind of figure a squad holds).
pub fn transfers(game: &ToiGame, nation: Nation, out: &mut Vec<ToiAction>) {
    let squads: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| may_transfer(game, u, nation))
        .collect();
    for &from in &squads {
        let Kind::Squad { figures, .. } = game.unit(from).kind else {
            continue;
        };
        for &to in &squads {
            // TOI-TEAM-XFER: between divisions only with the partner's consent, which the
            // engine does not ask: never in team play.
            if to == from
                || game.hex_of(to) != game.hex_of(from)
                || (game.seating.by_division()
                    && game.unit(to).division != game.unit(from).division)
            {
                continue;
            }
            let Kind::Squad {
                figures: theirs, ..
            } = game.unit(to).kind
            else {
                continue;
            };
            let room = 4 - game.slots_used(&theirs).min(4);
            let mut seen = Vec::new();
            for (slot, &f) in figures.iter().enumerate() {
                let fits = game
                    .data()
                    .figures
                    .get(usize::from(f))
                    .is_some_and(|d| d.slots <= room);
                if f != EMPTY_SLOT && !seen.contains(&f) && fits && theirs.contains(&EMPTY_SLOT) {
                    seen.push(f);
                    out.push(ToiAction::Transfer {
                        from,
                        slot: slot as u8,
                        to,
                    });
                }
            }
        }
    }
}

/// Move the figure in `slot` of `from` into `to`; an emptied base leaves the map.
fn transfer(
    game: &mut ToiGame,
    nation: Nation,
    from: UnitId,
    slot: u8,
    to: UnitId,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let mut offered = Vec::new();
    transfers(game, nation, &mut offered);
    if !offered.contains(&ToiAction::Transfer { from, slot, to }) {
        return Err(Refusal::by_rule(
            TRANSFERS,
            "a figure moves between two of your squads in one hex, neither specialized, pinned, disrupted, aboard nor in a fortification, into a squad with room for it",
        ));
    }
    let (
        Kind::Squad {
            figures: mut giving,
            condition,
        },
        Kind::Squad {
            figures: mut taking,
            condition: theirs,
        },
    ) = (game.unit(from).kind, game.unit(to).kind)
    else {
        return Err(Refusal::by_rule(TRANSFERS, "squads only"));
    };
    let figure = giving[usize::from(slot)];
    giving[usize::from(slot)] = EMPTY_SLOT;
    if let Some(free) = taking.iter_mut().find(|f| **f == EMPTY_SLOT) {
        *free = figure;
    }
    game.units[from.index()].kind = Kind::Squad {
        figures: giving,
        condition,
    };
    game.units[to.index()].kind = Kind::Squad {
        figures: taking,
        condition: theirs,
    };
    let emptied = giving.iter().all(|&f| f == EMPTY_SLOT);
    if emptied {
        game.units[from.index()].at = Location::Gone;
    }
    log.public(TRANSFERS, ToiEvent::Note, || {
        format!(
            "A figure moves from {} to {}{}",
            crate::text::unit_name(game, from),
            crate::text::unit_name(game, to),
            if emptied {
                "; the empty base goes back to the box"
            } else {
                ""
            }
        )
    });
    Ok(())
}

/// The units `nation` may put in Op Fire now: its own on the map, fresh, able to fire.
pub fn op_fire_candidates(game: &ToiGame, nation: Nation) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| {
            game.unit(u).nation == nation
                && game.unit(u).token == Token::Fresh
                && crate::opfire::prepare_refusal(game, u).is_none()
        })
        .collect()
}

/// The reinforcement `nation` places next, if any is due.
pub fn next_reinforcement(game: &ToiGame, nation: Nation) -> Option<UnitId> {
    game.unit_ids().find(|&u| {
        game.unit(u).nation == nation
            && matches!(game.unit(u).at, Location::Reserve(round) if round <= game.round())
    })
}

/// `TOI-STAT-REINF`: the hexes `unit` may be placed in: its nation's "R" hexes (green the US's,
/// grey the German's), with no enemy unit and room for it.
pub fn reinforcement_hexes(game: &ToiGame, unit: UnitId) -> Vec<HexId> {
    let nation = game.unit(unit).nation;
    let tag = match nation {
        Nation::Us => "reinforcement_green",
        Nation::De => "reinforcement_grey",
    };
    let field = &game.scenario().battlefield;
    field
        .hexes
        .ids()
        .filter(|&h| {
            !field.is_half(h)
                && field
                    .hexes
                    .hex(h)
                    .is_some_and(|hex| field.map.tags(hex).any(|t| t == tag))
                && crate::stacking::may_stop(game, h, unit)
        })
        .collect()
}

pub fn legal(game: &ToiGame, step: Step, out: &mut Vec<ToiAction>) {
    match step {
        Step::StatusOpFire { nation } => {
            out.extend(
                op_fire_candidates(game, nation)
                    .into_iter()
                    .map(|unit| ToiAction::PutOpFire { unit }),
            );
            out.push(ToiAction::Done);
        }
        Step::Transfers { nation } => {
            transfers(game, nation, out);
            out.push(ToiAction::Done);
        }
        Step::Reinforce { nation } => {
            if let Some(unit) = next_reinforcement(game, nation) {
                out.extend(
                    reinforcement_hexes(game, unit)
                        .into_iter()
                        .map(|hex| ToiAction::PlaceReinforcement { hex }),
                );
            }
        }
        _ => {}
    }
}

pub fn answer(
    game: &mut ToiGame,
    step: Step,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let rule = if game.round() == 0 {
        SETUP_OP_FIRE
    } else {
        STATUS_OP_FIRE
    };
    match (step, action) {
        (Step::StatusOpFire { nation }, ToiAction::PutOpFire { unit }) => {
            if !op_fire_candidates(game, nation).contains(&unit) {
                return Err(Refusal::by_rule(
                    rule,
                    "only your fresh units able to fire go into Op Fire (pinned and disrupted squads never)",
                ));
            }
            game.units[unit.index()].token = Token::OpFire;
            log.public(rule, ToiEvent::Note, || {
                format!("{} is put in Op Fire", crate::text::unit_name(game, unit))
            });
            Ok(())
        }
        (Step::StatusOpFire { nation }, ToiAction::Done) => {
            if nation == game.initiative() {
                game.step = Step::StatusOpFire {
                    nation: nation.enemy(),
                };
            } else if game.round() == 0 {
                // TOI-SETUP-7 done: round 1 begins.
                game.step = Step::NextRound;
            } else {
                game.step = Step::Transfers {
                    nation: game.initiative(),
                };
            }
            Ok(())
        }
        (Step::Transfers { nation }, ToiAction::Transfer { from, slot, to }) => {
            transfer(game, nation, from, slot, to, log)
        }
        (Step::Transfers { nation }, ToiAction::Done) => {
            if nation == game.initiative() {
                game.step = Step::Transfers {
                    nation: nation.enemy(),
                };
            } else {
                reinforce(game, game.initiative(), log);
            }
            Ok(())
        }
        (Step::Reinforce { nation }, ToiAction::PlaceReinforcement { hex }) => {
            let Some(unit) = next_reinforcement(game, nation) else {
                return Err(Refusal::by_rule(REINFORCEMENTS, "no reinforcement is due"));
            };
            if !reinforcement_hexes(game, unit).contains(&hex) {
                return Err(Refusal::by_rule(
                    REINFORCEMENTS,
                    "a reinforcement goes into one of your reinforcement hexes, with no enemy unit and room for it",
                ));
            }
            game.units[unit.index()].at = Location::Hex(hex);
            let label = game.scenario().battlefield.label(hex);
            log.public(REINFORCEMENTS, ToiEvent::Moved { unit, hex }, || {
                format!("{} arrives at {label}", crate::text::unit_name(game, unit))
            });
            reinforce(game, nation, log);
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            rule,
            "not an answer to this step of the Status Phase",
        )),
    }
}

/// `TOI-STAT-REINF`: `nation`'s reinforcements due now, placed one at a time; those with no
/// hex to go to are lost; then the other side's, then the round marker.
pub fn reinforce(game: &mut ToiGame, nation: Nation, log: &mut ToiLog) {
    while let Some(unit) = next_reinforcement(game, nation) {
        if !make_do(game, unit, log) {
            continue;
        }
        if !reinforcement_hexes(game, unit).is_empty() {
            game.step = Step::Reinforce { nation };
            return;
        }
        game.units[unit.index()].at = Location::Gone;
        log.public(REINFORCEMENTS, ToiEvent::Note, || {
            format!(
                "{} cannot arrive: every reinforcement hex is held or full; it is lost",
                crate::text::unit_name(game, unit)
            )
        });
    }
    if nation == game.initiative() {
        reinforce(game, nation.enemy(), log);
    } else {
        game.step = Step::NextRound;
    }
}

/// `TOI-FAQ` (FAQ-10), `TOI-COMP`: the figures of type `figure` on the map or aboard now, out of
/// the box.
fn in_play(game: &ToiGame, figure: u8) -> u16 {
    let mut count = 0;
    for u in game.unit_ids() {
        let unit = game.unit(u);
        if !matches!(unit.at, Location::Hex(_) | Location::Aboard(_)) {
            continue;
        }
        count += match unit.kind {
            Kind::Squad { figures, .. } => figures.iter().filter(|&&f| f == figure).count() as u16,
            Kind::Vehicle { figure: v, .. } => u16::from(v == figure),
        };
    }
    count
}

/// `TOI-FAQ` (FAQ-10): reinforcement `unit` arrives with the figures the box still holds: a
/// regular stands in for each missing infantry figure (two for a two-slot crew); a figure with
/// no regular left for it stays out, and a squad left empty, or a vehicle the box has run out
/// of, does not arrive. Whether it arrives.
fn make_do(game: &mut ToiGame, unit: UnitId, log: &mut ToiLog) -> bool {
    let figures = &game.data().figures;
    let left = |game: &ToiGame, f: u8| {
        figures
            .get(usize::from(f))
            .and_then(|d| d.count)
            .map_or(u16::MAX, |count| count.saturating_sub(in_play(game, f)))
    };
    let nation = game.unit(unit).nation;
    let regular = figures
        .iter()
        .position(|f| f.nation == nation && f.class == crate::data::FigureClass::Regular)
        .and_then(|i| u8::try_from(i).ok());
    let arrives = match game.unit(unit).kind {
        Kind::Vehicle { figure, .. } => left(game, figure) > 0,
        Kind::Squad {
            figures: wanted,
            condition,
        } => {
            let mut avail: Vec<u16> = (0..figures.len()).map(|f| left(game, f as u8)).collect();
            let mut now = [EMPTY_SLOT; 4];
            let mut filled = 0;
            let mut put = |f: u8, now: &mut [u8; 4]| {
                if let Some(slot) = now.get_mut(filled) {
                    *slot = f;
                    filled += 1;
                }
            };
            let mut stood_in = 0;
            for f in wanted.into_iter().filter(|&f| f != EMPTY_SLOT) {
                let have = &mut avail[usize::from(f)];
                if *have > 0 {
                    *have -= 1;
                    put(f, &mut now);
                    continue;
                }
                let slots = figures
                    .get(usize::from(f))
                    .map_or(1, |d| u16::from(d.slots));
                if let Some(r) = regular
                    && avail[usize::from(r)] >= slots
                {
                    avail[usize::from(r)] -= slots;
                    for _ in 0..slots {
                        put(r, &mut now);
                    }
                    stood_in += 1;
                }
            }
            if now != wanted {
                game.units[unit.index()].kind = Kind::Squad {
                    figures: now,
                    condition,
                };
                log.public(FAQ, ToiEvent::Note, || {
                    format!(
                        "{}: the box has run out of some of its figures; {stood_in} replaced by regulars (FAQ-10)",
                        crate::text::unit_name(game, unit)
                    )
                });
            }
            now != [EMPTY_SLOT; 4]
        }
    };
    if !arrives {
        game.units[unit.index()].at = Location::Gone;
        log.public(FAQ, ToiEvent::Note, || {
            format!(
                "{} cannot arrive: the box has none of its figures left (FAQ-10)",
                crate::text::unit_name(game, unit)
            )
        });
    }
    arrives
}
