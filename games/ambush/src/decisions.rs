//! The decision machine (the spec's section 4): the legal actions of the prompt showing, and
//! each answer handed to the chapter that asked it.

use crate::action::{AmbAction, AmbEvent};
use crate::data::mission::Stance;
use crate::data::weapons::Side;
use crate::map::Hex;
use crate::movement::infantry_cost;
use crate::state::{Ambush, Ask, Phase, Place, SoldierId};
use crate::turn::{Next, next};
use overlord_engine::{Prompt, Refusal, RuleId};

/// AMBX-MIS-1: the squad's entry.
pub const ENTRY: RuleId = RuleId("AMBX-MIS-1");
/// AMB-OPA-1: Operations actions.
pub const OPERATIONS: RuleId = RuleId("AMB-OPA-1");
/// AMB-OPS-6: a bulleted line chosen.
pub const LINE: RuleId = RuleId("AMB-OPS-6");

/// The legal actions now, into `out` (cleared first).
pub fn legal(game: &Ambush, out: &mut Vec<AmbAction>) {
    out.clear();
    if matches!(game.phase, Phase::Ended { .. }) {
        return;
    }
    if let Some(ask) = &game.ask {
        let n = match ask {
            Ask::SheetLine { options, .. } => options.len(),
            Ask::ParagraphLine { options, .. } => options.len(),
        };
        out.extend((0..n.min(usize::from(u8::MAX))).map(|i| AmbAction::Line { index: i as u8 }));
        return;
    }
    match game.phase {
        Phase::Entry => entry(game, out),
        Phase::Operations => operations(game, out),
        Phase::Rounds(_) => {
            match game.turn {
                Some(turn) => crate::activation::legal(game, turn, out),
                None => {
                    if let Some(Next::Us(list)) = next(game) {
                        out.extend(
                            list.into_iter()
                                .map(|soldier| AmbAction::Activate { soldier }),
                        );
                    }
                }
            }
            // AMBX-MIS-10: a mission whose briefing allows it may be ended in a round too.
            if !out.is_empty() && !game.mission().victory.declare_end_only_in_ops {
                out.push(AmbAction::EndMission);
            }
        }
        Phase::Debrief => crate::debrief::legal(game, out),
        Phase::Ended { .. } => {}
    }
}

/// AMBX-MIS-1: each soldier still off the map, at each entry hex.
fn entry(game: &Ambush, out: &mut Vec<AmbAction>) {
    let Some(map) = game.map() else {
        return;
    };
    let hexes: Vec<Hex> = game
        .mission()
        .header
        .us_entry
        .iter()
        .filter_map(|label| map.hex(label))
        .collect();
    for soldier in game.side(Side::Us) {
        if game.soldier(soldier).place == Place::OffMap && !game.soldier(soldier).inactive() {
            out.extend(hexes.iter().map(|&hex| AmbAction::Enter { soldier, hex }));
        }
    }
}

/// AMB-OPA-3: the soldiers of `soldier`'s hex who move with him as a group: every active one
/// standing or crouching.
fn group_of(game: &Ambush, soldier: SoldierId) -> Vec<SoldierId> {
    let here = game.soldier(soldier).place;
    game.side(Side::Us)
        .filter(|&id| {
            let s = game.soldier(id);
            s.place == here && !s.inactive() && s.stance != Stance::Prone
        })
        .collect()
}

/// AMB-OPA-1..9 and the mission's end: every free action of every active soldier.
fn operations(game: &Ambush, out: &mut Vec<AmbAction>) {
    let Some(map) = game.map() else {
        return;
    };
    let costs = &game.data().tables.movement.infantry;
    for soldier in game.side(Side::Us) {
        let s = game.soldier(soldier);
        let Place::Hex(here) = s.place else { continue };
        if s.inactive() {
            continue;
        }
        // AMB-OPA-3: standing or crouching, into any next hex a soldier may enter.
        if s.stance != Stance::Prone {
            let group = group_of(game, soldier).len() > 1;
            for dir in crate::data::map::Dir::ALL {
                let Some(to) = map.neighbour(here, dir) else {
                    continue;
                };
                if infantry_cost(map, costs, here, to).is_none() {
                    continue;
                }
                out.push(AmbAction::Move {
                    soldier,
                    to,
                    group: false,
                });
                if group {
                    out.push(AmbAction::Move {
                        soldier,
                        to,
                        group: true,
                    });
                }
            }
        }
        // AMB-OPA-4.
        for stance in [Stance::Standing, Stance::Crouching, Stance::Prone] {
            if stance != s.stance {
                out.push(AmbAction::Stance { soldier, stance });
            }
        }
        // AMB-OPA-7/8: standing or crouching.
        if s.stance != Stance::Prone {
            for (item, it) in s.items.iter().enumerate() {
                let prep = game
                    .data()
                    .weapons
                    .type_by_index(it.weapon)
                    .and_then(|k| k.prep);
                if it.jammed {
                    out.push(AmbAction::ClearJam {
                        soldier,
                        item: item as u8,
                    });
                } else if prep.is_some() && !it.prepared {
                    out.push(AmbAction::Prepare {
                        soldier,
                        item: item as u8,
                    });
                }
            }
        }
    }
    for soldier in game.side(Side::Us) {
        crate::equipment::hands(game, soldier, out);
        crate::riding::legal(game, soldier, None, out);
    }
    out.push(AmbAction::EndMission);
}

/// Hand `action` (legal now) to the chapter that asked.
pub fn answer(game: &mut Ambush, action: AmbAction) -> Result<(), Refusal> {
    if game.ask.is_some() {
        let AmbAction::Line { index } = action else {
            return Err(Refusal::by_rule(LINE, "choose one of the lines offered"));
        };
        return crate::operations::choose(game, usize::from(index))
            .map_err(|why| Refusal::by_rule(LINE, why));
    }
    match (game.phase, action) {
        (Phase::Entry, AmbAction::Enter { soldier, hex }) => {
            game.note(ENTRY, AmbEvent::Moved { soldier }, |game| {
                format!("{} enters at {}", game.name(soldier), label(game, hex))
            });
            crate::operations::enter(game, &[soldier], hex);
        }
        (Phase::Operations, AmbAction::Move { soldier, to, group }) => {
            let movers = if group {
                group_of(game, soldier)
            } else {
                vec![soldier]
            };
            game.note(RuleId("AMB-OPA-3"), AmbEvent::Moved { soldier }, |game| {
                let names: Vec<String> = movers.iter().map(|&m| game.name(m)).collect();
                format!("{} move to {}", names.join(", "), label(game, to))
            });
            // AMB-OPA-7: a machine gun stays prepared until moved; AMB-OPA-6: whoever a
            // mover carries comes along.
            for &m in &movers {
                crate::activation::unprepare_on_moving(game, m);
                crate::equipment::carried_along(game, m, to);
            }
            crate::operations::enter(game, &movers, to);
        }
        (Phase::Operations, AmbAction::Stance { soldier, stance }) => {
            game.soldiers[soldier.index()].stance = stance;
            game.note(RuleId("AMB-OPA-4"), AmbEvent::Moved { soldier }, |game| {
                let name = game.name(soldier);
                format!("{name} goes {stance:?}")
            });
        }
        (Phase::Operations, AmbAction::Prepare { soldier, item }) => {
            if let Some(it) = game.soldiers[soldier.index()]
                .items
                .get_mut(usize::from(item))
            {
                it.prepared = true;
            }
            game.note(RuleId("AMB-OPA-7"), AmbEvent::Weapon { soldier }, |game| {
                let name = game.name(soldier);
                format!("{name} prepares his weapon")
            });
        }
        (Phase::Operations, AmbAction::ClearJam { soldier, item }) => {
            // AMBX-WTC-5: in Operations a jam clears without a roll.
            if let Some(it) = game.soldiers[soldier.index()]
                .items
                .get_mut(usize::from(item))
            {
                it.jammed = false;
            }
            game.note(RuleId("AMB-OPA-8"), AmbEvent::Weapon { soldier }, |game| {
                let name = game.name(soldier);
                format!("{name} clears his jam")
            });
        }
        (Phase::Operations, AmbAction::EndMission) => crate::turn::end_mission(game),
        (
            Phase::Operations,
            action @ (AmbAction::Mount { .. }
            | AmbAction::Dismount { .. }
            | AmbAction::Drive { .. }),
        ) => crate::riding::answer(game, None, action),
        (
            Phase::Operations,
            action @ (AmbAction::Take { .. } | AmbAction::Carry { .. } | AmbAction::Release { .. }),
        ) => {
            crate::equipment::hand_over(game, action);
        }
        (Phase::Debrief, action) => crate::debrief::answer(game, action),
        (Phase::Rounds(_), AmbAction::EndMission) => crate::turn::end_mission(game),
        (Phase::Rounds(_), AmbAction::Activate { soldier }) => {
            crate::activation::begin(game, soldier);
        }
        (Phase::Rounds(_), action) => {
            let Some(turn) = game.turn else {
                return Err(Refusal::by_rule(
                    crate::turn::ROUND,
                    "choose who acts first",
                ));
            };
            crate::activation::answer(game, turn, action);
        }
        _ => return Err(Refusal::new("not an answer to the prompt showing")),
    }
    Ok(())
}

fn label(game: &Ambush, hex: Hex) -> String {
    game.map()
        .map_or_else(|| format!("{}", hex.0), |m| m.label(hex))
}

/// The prompt showing.
pub fn prompt(game: &Ambush) -> Prompt {
    let (name, rule, text) = if game.ask.is_some() {
        ("line", LINE, "Which line applies?".to_owned())
    } else {
        match game.phase {
            Phase::Entry => ("enter", ENTRY, "Who enters the map, and where?".to_owned()),
            Phase::Operations => (
                "operations",
                OPERATIONS,
                "Operations: move, change stance, prepare, or end the mission".to_owned(),
            ),
            Phase::Rounds(r) => match game.turn {
                Some(turn) => (
                    "act",
                    crate::activation::ACTIVATE,
                    format!("Round {}: {} acts", r.number, game.name(turn.soldier)),
                ),
                None => (
                    "activate",
                    crate::turn::ROUND,
                    format!("Round {}: which soldier acts next?", r.number),
                ),
            },
            Phase::Debrief => match game.campaign.as_ref().map(|c| c.debrief) {
                Some(crate::state::Debrief::Xp { next, left }) => (
                    "share_xp",
                    crate::debrief::SHARE,
                    format!(
                        "{left} XP left to share: how many for {}?",
                        game.campaign
                            .as_ref()
                            .and_then(|c| c.survivors.get(usize::from(next)))
                            .and_then(|&k| game.campaign.as_ref()?.roster.get(usize::from(k)))
                            .map_or("the next survivor", |s| s.id.as_str())
                    ),
                ),
                Some(crate::state::Debrief::Improve { next }) => (
                    "improve",
                    crate::debrief::IMPROVE,
                    format!(
                        "{}: spend 6 XP? (0 PC +1, 1 WS +1, 2 DS +2, 3 a roll for PC or IN)",
                        game.campaign
                            .as_ref()
                            .and_then(|c| c.roster.get(usize::from(next)))
                            .map_or("the soldier", |s| s.id.as_str())
                    ),
                ),
                _ => (
                    "recruit",
                    crate::debrief::RECRUIT,
                    match game.campaign.as_ref() {
                        Some(c) if c.forming => format!(
                            "Buy the squad: {} squad points left (a leader among them)",
                            c.budget
                        ),
                        c => format!(
                            "Replacements: {} squad points to spend",
                            c.map_or(0, |c| c.budget)
                        ),
                    },
                ),
            },
            Phase::Ended { .. } => (
                "over",
                crate::turn::MISSION_END,
                "The mission is over".to_owned(),
            ),
        }
    };
    Prompt { name, rule, text }
}
