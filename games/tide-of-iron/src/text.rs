//! Names for people: units and hexes in the log and prompts, and the terminal's picture of the
//! table.

use crate::state::{Kind, ToiGame, UnitId};
use overlord_hexmap::HexId;

/// A unit's name: its nation, its figures or its vehicle, and its id (`US 3R+O #2`).
pub fn unit_name(game: &ToiGame, unit: UnitId) -> String {
    let u = game.unit(unit);
    let data = game.data();
    let what = match u.kind {
        Kind::Squad { figures, .. } => {
            let mut parts: Vec<&str> = Vec::new();
            for &f in figures.iter() {
                if let Some(def) = data.figures.get(usize::from(f)) {
                    parts.push(match def.class {
                        crate::data::FigureClass::Regular => "R",
                        crate::data::FigureClass::Elite => "E",
                        crate::data::FigureClass::Officer => "O",
                        crate::data::FigureClass::MgCrew => "MG",
                        crate::data::FigureClass::MortarCrew => "M",
                        _ => "?",
                    });
                }
            }
            parts.join("+")
        }
        Kind::Vehicle { figure, .. } => data
            .figures
            .get(usize::from(figure))
            .map_or_else(|| "vehicle".to_owned(), |f| f.name.clone()),
    };
    format!("{} {what} #{}", u.nation.name(), unit.0)
}

/// The terminal picture (`overlord play`): the battlefield hex by hex, two text lines a row so
/// the shifted columns sit between their neighbours, each hex its terrain's letter and what
/// stands there (`U2` two US units, `G1` one German, `*` an objective, `~` smoke); then the
/// round, the sides' points, command and cards, and every unit on the map by hex.
pub fn picture(game: &ToiGame) -> String {
    use std::fmt::Write as _;
    let field = &game.scenario().battlefield;
    let data = game.data();
    let mut cells: Vec<(i32, i32, HexId)> = field
        .hexes
        .ids()
        .filter_map(|id| field.hexes.hex(id).map(|h| (h.x, h.y, id)))
        .map(|(q, r, id)| (q, r + (q - (q & 1)) / 2, id))
        .collect();
    if cells.is_empty() {
        return String::new();
    }
    let (min_q, max_q) = cells
        .iter()
        .fold((i32::MAX, i32::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
    let (min_r, max_r) = cells
        .iter()
        .fold((i32::MAX, i32::MIN), |(a, b), c| (a.min(c.1), b.max(c.1)));
    cells.sort_unstable_by_key(|&(q, r, _)| (r, q));
    let width = usize::try_from(max_q - min_q + 1).unwrap_or(0);
    let height = usize::try_from(max_r - min_r + 1).unwrap_or(0);
    let mut lines = vec![vec!["    ".to_owned(); width]; height * 2 + 1];
    for &(q, r, id) in &cells {
        let terrain = field
            .terrain
            .get(id.index())
            .and_then(|&t| data.terrain.get(usize::from(t)))
            .map_or('?', |t| {
                t.id.chars().next().unwrap_or('?').to_ascii_uppercase()
            });
        let units: Vec<UnitId> = game.units_in(id).collect();
        let nation = units.first().map(|&u| game.unit(u).nation);
        let what = match nation {
            Some(crate::data::Nation::Us) => format!("U{}", units.len()),
            Some(crate::data::Nation::De) => format!("G{}", units.len()),
            None if game.smoke(id) => "~~".to_owned(),
            None if field.is_half(id) => "··".to_owned(),
            None => "..".to_owned(),
        };
        let objective = if game.scenario().objectives.iter().any(|o| o.hex == id) {
            '*'
        } else {
            ' '
        };
        let line = usize::try_from((r - min_r) * 2 + (q & 1)).unwrap_or(0);
        let col = usize::try_from(q - min_q).unwrap_or(0);
        if let Some(cell) = lines.get_mut(line).and_then(|l| l.get_mut(col)) {
            *cell = format!("{terrain}{what}{objective}");
        }
    }
    let mut out = String::new();
    for line in lines {
        let text = line.concat();
        if !text.trim().is_empty() {
            let _ = writeln!(out, "{}", text.trim_end());
        }
    }
    let _ = writeln!(
        out,
        "\nRound {} of {} · initiative: {}",
        game.round(),
        game.scenario().rounds,
        game.initiative().name()
    );
    for nation in crate::data::Nation::ALL {
        let side = game.side(nation);
        let hq: Vec<String> = game
            .hand(nation)
            .hq
            .iter()
            .filter_map(|&c| data.cards.cards.get(usize::from(c)))
            .map(|c| format!("{} ({})", c.name, c.cost))
            .collect();
        let _ = writeln!(
            out,
            "{}: {} VP, {} command, initiative card {}; cards: {}",
            nation.name(),
            side.vp,
            side.command,
            side.initiative_card,
            if hq.is_empty() {
                "none".to_owned()
            } else {
                hq.join(", ")
            }
        );
    }
    for &(_, _, id) in &cells {
        let units: Vec<UnitId> = game.units_in(id).collect();
        if units.is_empty() {
            continue;
        }
        let names: Vec<String> = units
            .iter()
            .map(|&u| {
                let unit = game.unit(u);
                let mut tags = Vec::new();
                if unit.token != crate::state::Token::Fresh {
                    tags.push(format!("{:?}", unit.token).to_lowercase());
                }
                if let Kind::Squad { condition, .. } = unit.kind
                    && condition != crate::tables::results::Condition::Normal
                {
                    tags.push(format!("{condition:?}").to_lowercase());
                }
                if unit.hidden {
                    tags.push("hidden".to_owned());
                }
                if let Some(spec) = unit.spec {
                    tags.push(spec.name().to_owned());
                }
                if tags.is_empty() {
                    unit_name(game, u)
                } else {
                    format!("{} ({})", unit_name(game, u), tags.join(", "))
                }
            })
            .collect();
        let _ = writeln!(out, "{}: {}", field.label(id), names.join("; "));
    }
    out
}

/// What a strategy card does, in words, for a player reading it at a click (the browser's
/// card list): when it is played, its cost, and its effect with its numbers
/// (`TOI-CARD-STRAT`, `TOI-KW-*`).
pub fn card_text(card: &crate::data::CardDef) -> String {
    use crate::data::{CardEffect, CardPhase, Stat};
    let when = match card.phase {
        CardPhase::Action => "an action (TOI-ACT-CARD)",
        CardPhase::Command => "in the Command Phase (TOI-CMD-SPEND)",
    };
    let count = card.count.unwrap_or(1);
    let amount = card.amount.unwrap_or(0);
    let effect = match card.effect {
        CardEffect::Refresh => {
            "remove the activation token of one of your fatigued units".to_owned()
        }
        CardEffect::CostReduction => format!(
            "your {} cards cost {amount} less",
            card.card_type.as_deref().unwrap_or("other")
        ),
        CardEffect::Bombardment => {
            let mut parts = Vec::new();
            if let Some(contact) = card.contact {
                parts.push(format!("Establish Contact on {contact}+"));
            }
            parts.push("Target Hex, Determine Drift".to_owned());
            if let Some(area) = card.area {
                parts.push(format!(
                    "Area Attack {area}{}",
                    if card.suppressive {
                        " (suppressive)"
                    } else {
                        ""
                    }
                ));
            }
            if let Some(blast) = card.blast {
                parts.push(format!("Blast {blast}"));
            }
            format!("an off-board strike: {} (TOI-KW)", parts.join(", "))
        }
        CardEffect::Regulars => format!("{count} regular figure(s) into your reduced squads"),
        CardEffect::Hide => format!(
            "{count} hidden-squad marker(s) on your squads of one hex, none next to an enemy (TOI-COMBAT-HIDDEN)"
        ),
        CardEffect::Reinforcements => format!(
            "your next {count} reinforcement(s) due later arrive this round (TOI-STAT-REINF)"
        ),
        CardEffect::Modifier => format!(
            "your squads' {} is {amount} more to the end of the round",
            match card.stat {
                Some(Stat::Cover) => "cover",
                _ => "movement",
            }
        ),
    };
    format!(
        "{when}, cost {}{}{}: {effect}",
        card.cost,
        if card.play_area {
            ", stays in your play area (TOI-CARD-PLAYAREA)"
        } else {
            ""
        },
        if card.plus { ", + draw" } else { "" }
    )
}

/// What an operations card does, in words (`TOI-CARD-OPS`).
pub fn operation_text(operation: &crate::data::OperationDef) -> &'static str {
    use crate::data::OperationRule;
    match operation.rule {
        OperationRule::DesperateDefense => {
            "pinned and disrupted squads may attack at half firepower; an officer adds nothing more"
        }
        OperationRule::DoubleTime => "a squad's Advance has 2 MP more",
        OperationRule::Camouflage => {
            "hidden squads are not revealed by firing unless the attack inflicts 2 hits or more"
        }
        OperationRule::CreateSmoke => {
            "an engineer squad may, as its action, lay smoke in its own hex or an adjacent one"
        }
    }
}
