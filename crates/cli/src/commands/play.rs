//! `overlord play`: any playable game in the terminal, through the engine's JSON face. The
//! player reads the prompt and numbered actions, and types a number, `undo`, `save FILE`,
//! `log`, `help` or `quit`. Reading and writing go through the given streams, so tests script
//! whole games.

use crate::data_root;
use anyhow::{Context, Result, bail};
use overlord_engine::{DynMatch, GameRecord, RandomSpec, Registry, Seat, Status, Viewer};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What the player asked for on the command line.
pub struct Options {
    pub game: Option<String>,
    pub scenario: Option<String>,
    pub seed: u64,
    pub load: Option<PathBuf>,
    /// `--option NAME[=VALUE]`: the game's scenario options (22.1–22.4 and 23 for Omaha).
    pub options: Vec<String>,
}

/// The scenario options as the game reads them: a JSON object of `NAME: VALUE` (`true` for a
/// bare `NAME`), or null when none is given.
pub fn options_json(options: &[String]) -> Result<serde_json::Value> {
    if options.is_empty() {
        return Ok(serde_json::Value::Null);
    }
    let mut map = serde_json::Map::new();
    for option in options {
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (
                name,
                serde_json::from_str(value)
                    .unwrap_or_else(|_| serde_json::Value::String(value.to_owned())),
            ),
            None => (option.as_str(), serde_json::Value::Bool(true)),
        };
        if name.is_empty() {
            bail!("`--option {option}` names no option");
        }
        map.insert(name.to_owned(), value);
    }
    Ok(serde_json::Value::Object(map))
}

const HELP: &str = "Type the number of an action, or: undo, save FILE, log, help, quit.";

pub fn run(
    registry: &Registry,
    data_root: &Path,
    options: Options,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let mut game = start(registry, data_root, &options)?;
    let mut shown = 0;
    writeln!(out, "{} — {HELP}", game.info().name)?;
    loop {
        // Hot seat: one terminal, each seat seeing what it may know when it decides.
        let seat = match game.status() {
            Status::ToAct(seat) => seat,
            Status::Over(_) => Seat(0),
        };
        let viewer = Viewer::Seat(seat);
        for line in game.log(viewer, shown) {
            writeln!(out, "  [{}] {}", line.rule, line.text)?;
        }
        shown = game.log_len();
        if let Status::Over(outcome) = game.status() {
            writeln!(out, "Game over: {outcome}")?;
            return Ok(());
        }
        if let Some(picture) = game.text_picture(viewer) {
            writeln!(out, "{picture}")?;
        }
        let prompt = game.prompt();
        let legal = game.legal_actions();
        if game.seats() > 1 {
            write!(out, "\n{} to decide:", game.seat_label(seat))?;
        }
        writeln!(out, "\n{} [{}]", prompt.text, prompt.rule)?;
        for (i, action) in legal.iter().enumerate() {
            writeln!(out, "  {:>3}. {}", i + 1, action.anchors.label)?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(
                out,
                "\nEnd of input: the game is left unfinished (save it with `save FILE` next time)."
            )?;
            return Ok(());
        }
        let line = line.trim();
        let (word, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" => writeln!(out, "{HELP}")?,
            "log" => {
                for line in game.log(viewer, 0) {
                    writeln!(out, "  [{}] {}", line.rule, line.text)?;
                }
            }
            "undo" => match game.undo() {
                Ok(()) => {
                    writeln!(out, "Undone.")?;
                    shown = game.log_len();
                }
                Err(error) => writeln!(out, "{error}")?,
            },
            "save" if !rest.is_empty() => {
                let json = serde_json::to_string_pretty(&game.record())?;
                std::fs::write(rest, json).with_context(|| format!("cannot write {rest}"))?;
                writeln!(
                    out,
                    "Saved to {rest}; go on later with `overlord play --load {rest}`."
                )?;
            }
            "save" => writeln!(out, "Say where: save FILE")?,
            number => match number
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|n| legal.get(n))
            {
                Some(action) => {
                    if let Err(error) = game.apply_json(seat, &action.action) {
                        writeln!(out, "Refused: {error}")?;
                    }
                }
                None => writeln!(
                    out,
                    "`{line}` is not an action number (1-{}). {HELP}",
                    legal.len()
                )?,
            },
        }
    }
}

fn start(registry: &Registry, data_root: &Path, options: &Options) -> Result<Box<dyn DynMatch>> {
    if let Some(path) = &options.load {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the saved game {}", path.display()))?;
        let record: GameRecord = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a saved game record", path.display()))?;
        let entry = registry.get(&record.game)?;
        return Ok(entry.replay(&data_root::game_dir(data_root, &record.game), &record)?);
    }
    let Some(game) = &options.game else {
        bail!("name a game to play (`overlord games` lists them), or `--load FILE`");
    };
    let entry = registry.get(game)?;
    let dir = data_root::game_dir(data_root, game);
    let scenario = match &options.scenario {
        Some(s) => s.clone(),
        None => {
            let scenarios = entry.scenarios(&dir)?;
            let ids: Vec<String> = scenarios.iter().map(|s| s.id.clone()).collect();
            bail!("choose a scenario with --scenario: {}", ids.join(", "));
        }
    };
    Ok(entry.new_match(
        &dir,
        &scenario,
        &options_json(&options.options)?,
        RandomSpec::seeded(options.seed),
    )?)
}
