//! Attacks resolved and logged, for either side: a shot (AMB-FIRE), a throw (AMB-GREN,
//! AMB-PC-1), an assault (AMB-ASLT), a jam cleared (AMBX-WTC-5), and what each soldier took.
//! The chapters below work the numbers out; this is where the log hears of them.

use crate::action::AmbEvent;
use crate::assault::{self, Mode};
use crate::fire::{self, Kind};
use crate::grenade;
use crate::map::Hex;
use crate::state::{Ambush, SoldierId};
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMBX-WTC-5: a jam cleared in rounds.
pub const CLEAR_JAM: RuleId = RuleId("AMBX-WTC-5");

/// A shot resolved and logged (for either side).
pub fn resolve_shot(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    target: SoldierId,
    kind: Kind,
) {
    let Ok(shot) = fire::shoot(game, shooter, item, target, kind) else {
        return;
    };
    game.reveals += 1;
    let kind_text = match kind {
        Kind::Aimed => "aimed",
        Kind::Snap => "snap",
    };
    game.note(
        fire::HIT,
        AmbEvent::Attack {
            attacker: shooter,
            target: Some(target),
        },
        |game| {
            let (who, whom) = (game.name(shooter), game.name(target));
            if shot.jammed {
                format!("{who}'s weapon jams ({kind_text} fire at {whom})")
            } else {
                format!(
                    "{who} takes {kind_text} fire at {whom}: DD {}, {}",
                    shot.dd,
                    if shot.hit { "hit" } else { "miss" }
                )
            }
        },
    );
    log_damage(game, &shot.results, fire::DAMAGE);
    if shot.ammo_used {
        game.note(
            RuleId("AMB-FIRE-6"),
            AmbEvent::Weapon { soldier: shooter },
            |game| format!("{} uses up an Ammo Box", game.name(shooter)),
        );
    }
}

/// Log what each soldier took.
pub fn log_damage(
    game: &mut Ambush,
    results: &[(SoldierId, crate::data::weapons::Damage)],
    rule: RuleId,
) {
    for &(id, result) in results {
        game.note(rule, AmbEvent::Damage { soldier: id }, |game| {
            let health = game.soldier(id).health;
            format!("{} takes {result:?}: now {health:?}", game.name(id))
        });
    }
}

/// AMBX-WTC-5: a skill roll at 6 + WS clears the jam.
pub fn clear_jam(game: &mut Ambush, soldier: SoldierId, item: usize) {
    let target = 6 + i16::from(game.soldier(soldier).ratings.ws);
    let (_, cleared) = dice::skill_roll(&mut game.rng, target, CLEAR_JAM);
    game.reveals += 1;
    if cleared && let Some(it) = game.soldiers[soldier.index()].items.get_mut(item) {
        it.jammed = false;
    }
    game.note(CLEAR_JAM, AmbEvent::Weapon { soldier }, |game| {
        let name = game.name(soldier);
        format!(
            "{name} {} his jam",
            if cleared { "clears" } else { "fails to clear" }
        )
    });
}

/// A throw resolved and logged (for either side).
pub fn resolve_throw(game: &mut Ambush, thrower: SoldierId, hex: Hex, satchel: bool) {
    let Ok(thrown) = grenade::throw(game, thrower, hex, satchel) else {
        return;
    };
    game.reveals += 1;
    let label = |game: &Ambush, h: Hex| {
        game.mission()
            .hexes
            .as_ref()
            .map_or_else(String::new, |m| m.label(h))
    };
    game.note(
        grenade::HIT,
        AmbEvent::Attack {
            attacker: thrower,
            target: None,
        },
        |game| {
            let who = game.name(thrower);
            let at = label(game, hex);
            let landed = thrown.landed.map(|h| label(game, h));
            let what = if satchel {
                "a satchel charge"
            } else {
                "a grenade"
            };
            let result = match (&landed, thrown.hit, thrown.dud) {
                (None, ..) => "it scatters off the map".to_owned(),
                (Some(_), true, false) => "on target".to_owned(),
                (Some(l), false, false) => format!("it scatters to {l}"),
                (Some(_), _, true) => "a dud".to_owned(),
            };
            format!("{who} throws {what} at {at} (DD {}): {result}", thrown.dd)
        },
    );
    if let Some((tosser, away)) = thrown.tossed {
        let name = game.name(tosser);
        let to = label(game, away);
        game.note(
            grenade::PERCEPTION,
            AmbEvent::Moved { soldier: tosser },
            |_| format!("{name} tosses it away into {to}"),
        );
    }
    log_damage(game, &thrown.results, grenade::DAMAGE);
}

/// An assault resolved and logged (for either side).
pub fn resolve_assault(
    game: &mut Ambush,
    attacker: SoldierId,
    target: SoldierId,
    mode: Mode,
    charged: bool,
) {
    let Ok(result) = assault::resolve(game, attacker, target, mode, charged) else {
        return;
    };
    game.reveals += 1;
    game.note(
        assault::HIT,
        AmbEvent::Attack {
            attacker,
            target: Some(target),
        },
        |game| {
            let (who, whom) = (game.name(attacker), game.name(target));
            format!(
                "{who} assaults {whom} to {}: DD {}, {}",
                match mode {
                    Mode::Kill => "kill",
                    Mode::Capture => "capture",
                },
                result.dd,
                if result.hit { "hit" } else { "miss" }
            )
        },
    );
    if let Some(outcome) = result.outcome {
        log_damage(game, &[(target, outcome)], assault::OUTCOME);
    }
}
