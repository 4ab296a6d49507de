//! The terminal's picture of the mission (what the player may see): the phase and round, the
//! squad with its ratings, status and AR markers, the Germans placed, the hex markers.

use crate::data::weapons::Side;
use crate::state::{Ambush, Phase, SoldierId};
use crate::view::{known, place_label};
use std::fmt::Write;

/// The picture, a few dozen lines.
pub fn picture(game: &Ambush) -> String {
    let mut out = String::new();
    let mission = game.mission();
    let _ = writeln!(
        out,
        "{} {} ({}) - Condition {}, VP {}",
        mission.header.id, mission.header.name, mission.header.date, game.condition, game.vp
    );
    match game.phase {
        Phase::Entry => out.push_str("Entry: the squad comes onto the map\n"),
        Phase::Operations => out.push_str("Operations (no German active)\n"),
        Phase::Rounds(r) => {
            let _ = writeln!(
                out,
                "Action Round {}: Action Number {}, initiative US {} / German {} ({} advantage)",
                r.number,
                r.action_number,
                r.us_die,
                r.german_die,
                if r.us_initiative { "US" } else { "German" }
            );
        }
        Phase::Debrief => {
            if let Some(c) = game.campaign.as_ref() {
                if c.forming {
                    let _ = writeln!(out, "Buying the squad: {} squad points left", c.budget);
                } else {
                    let _ = writeln!(
                        out,
                        "Debrief after mission {}: {:?}",
                        c.results.len(),
                        c.debrief
                    );
                }
                for (card, xp) in c.roster.iter().zip(&c.xp) {
                    let _ = writeln!(
                        out,
                        "  {:<4} IN{} PC{} WS{:+} DS{} MPA{}  XP {xp}{}",
                        card.id,
                        card.initiative,
                        card.pc,
                        card.ws,
                        card.ds,
                        card.mpa,
                        if card.commander { " (commander)" } else { "" }
                    );
                }
            }
            return out;
        }
        Phase::Ended { success } => {
            let _ = writeln!(
                out,
                "Mission over: {} ({} VP)",
                if success { "success" } else { "failure" },
                crate::victory::final_vp(game)
            );
        }
    }
    for side in [Side::Us, Side::German] {
        for id in game.side(side).filter(|&id| known(game, id)) {
            line(game, id, &mut out);
        }
    }
    out
}

fn line(game: &Ambush, id: SoldierId, out: &mut String) {
    let s = game.soldier(id);
    let acting = game.turn.is_some_and(|t| t.soldier == id);
    let r = s.ratings;
    let ratings = match s.side {
        Side::Us => format!(
            "IN{} PC{} WS{:+} DS{} MPA{}",
            r.initiative, r.pc, r.ws, r.ds, r.mpa
        ),
        Side::German => format!("IN{} WS{:+}", r.initiative, r.ws),
    };
    let items: Vec<String> = s
        .items
        .iter()
        .map(|it| {
            let name = game
                .data()
                .weapons
                .by_index(it.weapon)
                .map_or("?", |(id, _)| id.as_str());
            format!(
                "{name}{}{}",
                if it.prepared { "*" } else { "" },
                if it.jammed { "(jammed)" } else { "" }
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "{} {:<4} {:<8} {:?} {:?} {:?}{}{}  {ratings}  [{}] ammo {}",
        if acting { ">" } else { " " },
        game.name(id),
        place_label(game, id).unwrap_or_else(|| "off map".to_owned()),
        s.stance,
        s.health,
        s.marker.row,
        if s.marker.advantage { "+" } else { "" },
        if s.commander { " (commander)" } else { "" },
        items.join(", "),
        s.ammo.len()
    );
}
