//! `overlord replay <record>`: rebuild a game from its record and show how it went: the whole
//! log at once, or (`--step`) one action at a time with the picture of the table after each.

use anyhow::{Context, Result, bail};
use overlord_engine::{DynMatch, GameRecord, Registry, Status, Viewer};
use overlord_registry::data_root;
use std::io::{BufRead, Write};
use std::path::Path;

/// How to show the record.
pub struct Options {
    /// Stop after each action and wait for the reader.
    pub step: bool,
}

const HELP: &str = "Enter: next action · a number N: go to just after action N · q: quit.";

pub fn run(
    registry: &Registry,
    data_root: &Path,
    record_path: &Path,
    options: Options,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let text = std::fs::read_to_string(record_path)
        .with_context(|| format!("cannot read the record {}", record_path.display()))?;
    let record: GameRecord = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a game record (JSON with game, rules_version, scenario, randomness, actions)",
            record_path.display()
        )
    })?;
    let entry = registry.get(&record.game)?;
    let dir = data_root::game_dir(data_root, &record.game);
    let game = entry
        .replay(&dir, &record)
        .with_context(|| format!("{} does not replay", record_path.display()))?;
    if !options.step {
        for line in game.log(Viewer::Spectator, 0) {
            writeln!(out, "[{}] {}", line.rule, line.text)?;
        }
        return where_it_stands(game.as_ref(), out);
    }
    // The record has replayed whole, so every prefix of it replays too.
    let opening = GameRecord {
        actions: Vec::new(),
        ..record.clone()
    };
    let mut game = entry.replay(&dir, &opening)?;
    let total = record.actions.len();
    writeln!(
        out,
        "{} — {}, {total} action(s). {HELP}",
        game.info().name,
        record.scenario
    )?;
    show(game.as_ref(), 0, out)?;
    let mut done = 0;
    loop {
        if done == total {
            writeln!(out, "End of the record.")?;
            where_it_stands(game.as_ref(), out)?;
        }
        write!(out, "[{done}/{total}] > ")?;
        out.flush()?;
        let line = match super::read_typed(input)? {
            super::Typed::End => return Ok(()),
            super::Typed::NotText => {
                writeln!(out, "That line is not text (UTF-8); it was ignored. {HELP}")?;
                continue;
            }
            super::Typed::Text(line) => line,
        };
        let target = match line.trim() {
            "" if done == total => continue,
            "" => done + 1,
            "q" | "quit" => return Ok(()),
            "help" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            number => match number.parse::<usize>() {
                Ok(n) if n <= total => n,
                _ => {
                    writeln!(out, "`{number}` is not a step (0-{total}). {HELP}")?;
                    continue;
                }
            },
        };
        if target < done {
            // Going back: replay the shorter prefix (records are cheap to replay).
            let prefix = GameRecord {
                actions: record.actions[..target].to_vec(),
                ..record.clone()
            };
            game = entry.replay(&dir, &prefix)?;
            done = target;
            writeln!(out, "Back to just after action {done}.")?;
            show(game.as_ref(), 0, out)?;
            continue;
        }
        while done < target {
            let from = game.log_len();
            let action = &record.actions[done];
            let Status::ToAct(seat) = game.status() else {
                bail!(
                    "the record goes on after the game ended (action {})",
                    done + 1
                );
            };
            let label = game
                .legal_actions()
                .into_iter()
                .find(|legal| &legal.action == action)
                .map_or_else(|| action.to_string(), |legal| legal.anchors.label);
            writeln!(out, "{}. {seat}: {label}", done + 1)?;
            game.apply_json(seat, action)
                .with_context(|| format!("action {} of the record is refused", done + 1))?;
            done += 1;
            for line in game.log(Viewer::Spectator, from) {
                writeln!(out, "  [{}] {}", line.rule, line.text)?;
            }
        }
        show(game.as_ref(), done, out)?;
    }
}

/// The picture of the table and the decision now asked for.
fn show(game: &dyn DynMatch, done: usize, out: &mut impl Write) -> Result<()> {
    if done == 0 {
        for line in game.log(Viewer::Spectator, 0) {
            writeln!(out, "  [{}] {}", line.rule, line.text)?;
        }
    }
    if let Some(picture) = game.text_picture(Viewer::Spectator) {
        writeln!(out, "{picture}")?;
    }
    if let Status::ToAct(seat) = game.status() {
        let prompt = game.prompt();
        writeln!(out, "{seat} to decide: {} [{}]", prompt.text, prompt.rule)?;
    }
    Ok(())
}

fn where_it_stands(game: &dyn DynMatch, out: &mut impl Write) -> Result<()> {
    match game.status() {
        Status::ToAct(seat) => writeln!(out, "{seat} to act: {}", game.prompt().text)?,
        Status::Over(outcome) => writeln!(out, "Game over: {outcome}")?,
    }
    Ok(())
}
