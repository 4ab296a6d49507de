//! The 55 cards (rules 2.3, 5.1, 6.1, 9.3, event descriptions; cards.toml).

use super::Report;
use super::positions::WN_NUMBERS;
use crate::data::{EventEffect, OmahaData};

pub fn check(data: &OmahaData, report: &mut Report) {
    let numbers: Vec<u8> = data.cards.iter().map(|c| c.number).collect();
    if numbers != (1..=55).collect::<Vec<u8>>() {
        report.file(
            "cards.toml",
            "card.number",
            "the deck is cards 1 to 55, in order (rule 2.3)",
        );
    }
    for card in &data.cards {
        let n = card.number;
        if card.summary != (n == 55) {
            report.at(
                &card.at,
                "card.summary",
                "card 55, and only card 55, is the US-actions summary (rule 2.3)",
            );
        }
        if card.summary {
            if card.landing.is_some() || card.fire.is_some() || !card.event.is_empty() {
                report.at(
                    &card.at,
                    "card",
                    "the summary card has no landing, event or fire section (rule 2.3)",
                );
            }
            continue;
        }
        if card.landing.is_none() {
            report.at(
                &card.at,
                "card.landing",
                format!("card {n} has no landing section (rule 2.3)"),
            );
        }
        match &card.fire {
            Some(fire) if fire.icons.len() == 3 => {}
            _ => report.at(
                &card.at,
                "card.fire",
                format!("card {n} needs a fire section with three icons (rule 6.1)"),
            ),
        }
        // The event in force depends on the turn; events run from turn 2 (no event phase on 1).
        for turn in 2..=32 {
            let count = card
                .event
                .iter()
                .filter(|e| e.turns[0] <= turn && turn <= e.turns[1])
                .count();
            if count != 1 {
                report.at(
                    &card.at,
                    "card.event",
                    format!(
                        "card {n} has {count} events on turn {turn}; give exactly one per turn 2-32"
                    ),
                );
                break;
            }
        }
        for event in &card.event {
            effect(data, card, &event.effect, report);
        }
    }
    // Spec 7.6: card 19's extended-play event brings reinforcements in zones C and G.
    if let Some(card) = data.card(19) {
        let ok = matches!(card.event_on(20).map(|e| &e.effect), Some(EventEffect::Reinforcements { zones }) if zones.contains(&'C') && zones.contains(&'G'));
        if !ok {
            report.at(&card.at, "card.event", "card 19's event on turns 17-32 brings German reinforcements in zones C and G (rule 9.3)");
        }
    }
}

fn effect(data: &OmahaData, card: &crate::data::Card, effect: &EventEffect, report: &mut Report) {
    let at = &card.at;
    match effect {
        EventEffect::Reinforcements { zones }
            if zones.is_empty() || zones.iter().any(|z| !('A'..='G').contains(z)) =>
        {
            report.at(
                at,
                "card.event.zones",
                "reinforcement zones are letters A-G (rule 9.3)",
            );
        }
        EventEffect::Smoke { wns } => {
            if let Some(wn) = wns.iter().find(|w| !WN_NUMBERS.contains(w)) {
                report.at(at, "card.event.wns", format!("there is no WN{wn}"));
            }
        }
        EventEffect::Snipers { hq } if !data.us.hqs.iter().any(|h| &h.id == hq) => {
            report.at(at, "card.event.hq", format!("no HQ `{hq}`"));
        }
        EventEffect::NavalFireHitsPosition { targets } => {
            if targets.len() != 3 {
                report.at(
                    at,
                    "card.event.targets",
                    "Unexpected US Naval Fire lists three positions",
                );
            }
            for t in targets {
                if !data.positions.has(&t.position) {
                    report.at(
                        at,
                        "card.event.targets",
                        format!("no position `{}`", t.position),
                    );
                }
            }
        }
        _ => {}
    }
}
