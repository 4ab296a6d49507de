//! The Command Phase (`TOI-CMD`): objective control, command and VP income, spending command on
//! initiative, and the initiative for the next round. Strategy cards come later.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{Nation, ObjectiveKind};
use crate::state::{Step, ToiGame};
use overlord_engine::{Refusal, RuleId};

/// `TOI-CMD-CTRL`.
pub const CONTROL: RuleId = RuleId("TOI-CMD-CTRL");
/// `TOI-CMD-INCOME`.
pub const INCOME: RuleId = RuleId("TOI-CMD-INCOME");
/// `TOI-CMD-VP`.
pub const VP: RuleId = RuleId("TOI-CMD-VP");
/// `TOI-CMD-SPEND`.
pub const SPEND: RuleId = RuleId("TOI-CMD-SPEND");
/// `TOI-CMD-INIT`.
pub const INITIATIVE: RuleId = RuleId("TOI-CMD-INIT");

/// The most command one `AddInitiative` moves (larger sums take several).
pub const MOST_AT_ONCE: u8 = 5;

/// Steps 1 and 2, then step 3's first prompt, the initiative holder's.
pub fn begin(game: &mut ToiGame, log: &mut ToiLog) {
    log.public(
        SPEND,
        ToiEvent::Phase {
            name: "Command Phase",
        },
        || "Command Phase".to_owned(),
    );
    take_control(game, log);
    income(game, log);
    game.step = Step::Command {
        nation: game.initiative,
    };
}

/// `TOI-CMD-CTRL`: an objective hex held by one side's units alone is that side's; control
/// stays with no unit there.
pub fn take_control(game: &mut ToiGame, log: &mut ToiLog) {
    for i in 0..game.scenario().objectives.len() {
        let hex = game.scenario().objectives[i].hex;
        let present: Vec<Nation> = game.units_in(hex).map(|u| game.unit(u).nation).collect();
        let Some(&first) = present.first() else {
            continue;
        };
        if present.iter().any(|&n| n != first) || game.control.get(i) == Some(&Some(first)) {
            continue;
        }
        if let Some(c) = game.control.get_mut(i) {
            *c = Some(first);
        }
        let label = game.scenario().battlefield.label(hex);
        log.public(
            CONTROL,
            ToiEvent::Control {
                objective: i as u8,
                nation: first,
            },
            || format!("The {} take the objective at {label}", first.name()),
        );
    }
}

/// `TOI-CMD-INCOME`, `TOI-CMD-VP`: command from controlled command objectives of one's own
/// nation or neutral (AMB-06), VP from controlled victory objectives.
pub fn income(game: &mut ToiGame, log: &mut ToiLog) {
    for nation in Nation::ALL {
        let (mut command, mut vp) = (0u16, 0i16);
        for (i, o) in game.scenario().objectives.iter().enumerate() {
            if game.control.get(i) != Some(&Some(nation)) {
                continue;
            }
            match o.kind {
                ObjectiveKind::Command if o.nation.is_none_or(|n| n == nation) => {
                    command += u16::from(o.value);
                }
                ObjectiveKind::Victory => vp += i16::from(o.value),
                ObjectiveKind::Command => {}
            }
        }
        let side = &mut game.sides[nation.index()];
        side.command += command;
        side.vp += vp;
        let (total, points) = (side.command, side.vp);
        log.public(
            INCOME,
            ToiEvent::Command {
                nation,
                amount: command,
            },
            || {
                format!(
                    "The {} receive {command} command ({total} available)",
                    nation.name()
                )
            },
        );
        if vp > 0 {
            log.public(VP, ToiEvent::Points { nation, vp: points }, || {
                format!("The {} score {vp} VP ({points} in all)", nation.name())
            });
        }
    }
}

/// The answers to `nation`'s spending prompt.
pub fn legal(game: &ToiGame, nation: Nation, out: &mut Vec<ToiAction>) {
    let available = game.side(nation).command;
    let most = u8::try_from(available).unwrap_or(u8::MAX).min(MOST_AT_ONCE);
    out.extend((1..=most).map(|amount| ToiAction::AddInitiative { amount }));
    // TOI-CMD-SPEND: the Command Phase cards it can pay for.
    for card in crate::cards::playable(game, nation, crate::data::CardPhase::Command) {
        out.push(ToiAction::PlayCard { card });
    }
    out.push(ToiAction::Done);
}

/// Answer `nation`'s spending prompt.
pub fn answer(
    game: &mut ToiGame,
    nation: Nation,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    match action {
        ToiAction::AddInitiative { amount } => {
            let side = &mut game.sides[nation.index()];
            if amount == 0 || u16::from(amount) > side.command || amount > MOST_AT_ONCE {
                return Err(Refusal::by_rule(
                    SPEND,
                    format!(
                        "1 to {} of the {} command available",
                        MOST_AT_ONCE, side.command
                    ),
                ));
            }
            side.command -= u16::from(amount);
            side.initiative_card += u16::from(amount);
            let card = side.initiative_card;
            log.public(SPEND, ToiEvent::Note, || {
                format!(
                    "The {} put {amount} on their initiative card ({card})",
                    nation.name()
                )
            });
            Ok(())
        }
        ToiAction::PlayCard { card } => {
            crate::cards::play(game, nation, card, crate::data::CardPhase::Command, log)
        }
        ToiAction::Done => {
            if nation == game.initiative {
                game.step = Step::Command {
                    nation: nation.enemy(),
                };
            } else {
                decide_initiative(game, log);
                game.step = Step::Status;
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule(SPEND, "not a Command Phase choice")),
    }
}

/// `TOI-CMD-INIT`: the higher initiative card; a tie to the side that did not hold the
/// initiative this round (AMB-08).
pub fn decide_initiative(game: &mut ToiGame, log: &mut ToiLog) {
    let (us, de) = (
        game.side(Nation::Us).initiative_card,
        game.side(Nation::De).initiative_card,
    );
    let holder = game.initiative;
    let next = match us.cmp(&de) {
        std::cmp::Ordering::Greater => Nation::Us,
        std::cmp::Ordering::Less => Nation::De,
        std::cmp::Ordering::Equal => holder.enemy(),
    };
    game.previous_initiative = holder;
    game.initiative = next;
    log.public(INITIATIVE, ToiEvent::Initiative { nation: next }, || {
        format!(
            "The {} take the initiative (cards: US {us}, German {de})",
            next.name()
        )
    });
}
