//! `overlord play`: any playable game in the terminal, through the engine's JSON face. The
//! player reads the prompt and numbered actions, and types a number, `hint`, `undo`,
//! `save FILE`, `log`, `help` or `quit`. Seats given a bot (`--bot SEAT=BOT`) are played by
//! the computer, which says what it chose. Reading and writing go through the given streams,
//! so tests script whole games. Nothing the player types ends the game but `quit` or the end
//! of input: a line that is not text, or a save that cannot be written, is answered and the
//! prompt comes back.

use anyhow::{Context, Result, bail};
use overlord_engine::{
    AdviceRequest, DynMatch, GameRecord, RandomSpec, Registry, Seat, Status, Viewer,
};
use overlord_registry::data_root;
use overlord_sim::{SeatName, seat_list};
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
    /// `--bot SEAT=BOT`: seats the computer plays, by number from 0 or by label.
    pub bots: Vec<String>,
}

/// The bot a hint asks: the game's rules of thumb, quick enough to answer at once.
const HINT_BOT: &str = "rule";

/// The most a searching bot seat may think per decision in the terminal.
const BOT_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// A bot's seed for the decision after `log_len` log lines of a game seeded `seed`: the same
/// game asks the same question the same way.
fn advice_seed(seed: u64, log_len: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (log_len as u64)
}

/// `--bot SEAT=BOT`, each resolved against the game's seats (a number from 0 or a label) and
/// the bot's name checked: one bot per seat, in seat order.
fn bot_seats(game: &dyn DynMatch, asked: &[String]) -> Result<Vec<Option<String>>> {
    let mut bots = vec![None; usize::from(game.seats())];
    for text in asked {
        let Some((seat, bot)) = text.split_once('=') else {
            bail!(
                "--bot {text}: write SEAT=BOT, the seat by number from 0 or by its label (`--bot 1=rule`)"
            );
        };
        let (seat, bot) = (SeatName::parse(seat), bot.trim());
        let label = |s| game.seat_label(s);
        let Some(found) = seat.find(game.seats(), label) else {
            bail!(
                "--bot {text}: no seat `{seat}`; the seats are {}",
                seat_list(game.seats(), label)
            );
        };
        overlord_sim::BotSpec::parse(bot, overlord_sim::BotParams::default())
            .with_context(|| format!("--bot {text}"))?;
        if let Some(slot) = bots.get_mut(found.index()) {
            *slot = Some(bot.to_owned());
        }
    }
    Ok(bots)
}

/// The scenario options as the game reads them: a JSON object of `NAME: VALUE` (`true` for a
/// bare `NAME`), or null when none is given.
pub fn options_json(options: &[String]) -> Result<serde_json::Value> {
    overlord_engine::options_json(options).map_err(anyhow::Error::msg)
}

const HELP: &str = "Type the number of an action, or: hint, undo, save FILE, log, help, quit.";

pub fn run(
    registry: &Registry,
    data_root: &Path,
    options: Options,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let mut game = start(registry, data_root, &options)?;
    let bots = bot_seats(game.as_ref(), &options.bots)?;
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
        if let Some(Some(bot)) = bots.get(seat.index()) {
            // The computer's seat: it decides from what its seat may know, and says so.
            let request = AdviceRequest {
                bot: bot.clone(),
                seed: advice_seed(options.seed, game.log_len()),
                time: Some(BOT_TIME),
            };
            let advised = game.advise(seat, &request)?;
            writeln!(
                out,
                "{} (computer, {}): {}",
                game.seat_label(seat),
                advised.bot,
                advised.anchors.label
            )?;
            game.apply_json(seat, &advised.action)?;
            continue;
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
        let line = match super::read_typed(input)? {
            super::Typed::End => {
                writeln!(
                    out,
                    "\nEnd of input: the game is left unfinished (save it with `save FILE` next \
                     time)."
                )?;
                return Ok(());
            }
            super::Typed::NotText => {
                writeln!(
                    out,
                    "That line is not text (UTF-8), so it was ignored and the game goes on. {HELP}"
                )?;
                continue;
            }
            super::Typed::Text(line) => line,
        };
        let line = line.trim();
        let (word, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" => writeln!(out, "{HELP}")?,
            "hint" => {
                let request = AdviceRequest {
                    bot: HINT_BOT.to_owned(),
                    seed: advice_seed(options.seed, game.log_len()),
                    time: None,
                };
                match game.advise(seat, &request) {
                    Ok(advised) => {
                        let number = legal
                            .iter()
                            .position(|a| a.action == advised.action)
                            .map_or(String::new(), |i| format!("{}. ", i + 1));
                        write!(
                            out,
                            "Hint ({}): {number}{}",
                            advised.bot, advised.anchors.label
                        )?;
                        match advised.reason {
                            Some(reason) => writeln!(out, " ({reason})")?,
                            None => writeln!(out)?,
                        }
                    }
                    Err(error) => writeln!(out, "No hint: {error}")?,
                }
            }
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
                // A save that fails leaves the game as it was: say why and let the player
                // try another file, rather than end the game it was meant to keep.
                match std::fs::write(rest, json) {
                    Ok(()) => writeln!(
                        out,
                        "Saved to {rest}; go on later with `overlord play --load {rest}`."
                    )?,
                    Err(error) => writeln!(
                        out,
                        "Not saved: cannot write {rest} ({error}); the game goes on. Save to a \
                         file in a folder that exists and that you may write to: save FILE"
                    )?,
                }
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
