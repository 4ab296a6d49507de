//! The Special Invasion Phase of turn 1 (20.1 A, spec 4.2): the airborne drops roll for scatter
//! ([`airborne`], 20.2), then the nine assaults are fought one after the other in the order of
//! [`Assault::ALL`] ([`assault`], 20.3). The turn-2 glider regiments land in the Initial Phase
//! ([`gliders`], 20.2, A-35).
//!
//! # Where the phase is
//!
//! [`Step::Invasion`]`(k)` counts the sub-steps: `k = 0` is the drops, `1 + 8 i + s` is stage `s`
//! ([`Stage`]) of assault `i`, and [`GLIDER_LANDING`] is the D4 prompt of a delayed glider
//! regiment in a later Initial Phase. The rest of an assault's facts (its latest die, the losses
//! still due, the failed sectors) are in [`crate::state::Invasion`].
//!
//! # Readings
//!
//! - The assault units stay in their box ([`Location::AssaultBox`]) while they are "adjacent to
//!   the beach" (20.3.1); they reach the map only by advancing (20.3.6). Survivors that do not
//!   advance (the player ends the advance with `Done`, or stacking leaves no room) land later with
//!   their beach's second wave: they go to its Second Wave box (20.5); Pointe du Hoc's go to the
//!   29th Division's Next Wave box, as the 5th Rangers do (20.3.4).
//! - The Invasion Combat Table has no plain A1: the only unsuccessful assault (20.3.6: "not an A1
//!   result") is an Omaha sector that fails under repeated A1\* (20.3.3). It fails when, after an
//!   A1\* loss, no surviving infantry assault unit of the sector has a step to lose short of
//!   elimination ("both assault regiments at cadre level"). Its survivors (the cadres and the
//!   tank battalion) go to Omaha's Second Wave box, the sector's beach is closed
//!   ([`crate::state::Invasion::failed`], 21.1) and its beach hex stays German.
//! - The DD tank roll is made for each of the 8 assaults with a tank battalion, whatever the
//!   assault's result (20.3.5: "independent of the assault roll"), a failed one included.
//! - Pointe du Hoc on a 1 (A2/D1, 20.3.4): the result stands (the beach SP is eliminated, as on
//!   every result but A1\*, 20.3.2) and the 2nd Rangers are eliminated outright, whatever their
//!   steps; no loss is chosen and nothing advances; the 5th Rangers go to the Next Wave box.
//! - The 5th Ranger Battalion is the second unit the Pointe du Hoc `[[assault]]` line lists
//!   (`units = [2nd, 5th]`): it waits in the box, takes no loss and does not advance; its die
//!   (1–3 Pointe du Hoc, 4–6 Next Wave) is rolled once the 2nd Rangers' advance is over, unless
//!   they were eliminated.
//! - An advance is advance after combat with the beach hex as the vacated defender hex (14.3,
//!   14.4): the second hex may not enter or cross a German ZOC bond, nor cross a major-river or
//!   flooded hexside (first hex only), nor go where movement may not (sea, marsh, mechanized
//!   units off road into a flooded hex); EZOCs do not stop it (the vacated-hex exception), and
//!   strongpoints have no ZOC and form no bond (T-INV-12). Stacking must hold in every hex
//!   entered (7.2), and the Army Boundary (22.1) applies.

pub mod airborne;
pub mod assault;

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Assault, Side, UnitId};
use crate::state::{Location, Normandy44, Step};
use overlord_engine::driver::Progress;
use overlord_engine::{Refusal, RuleId};

pub use airborne::gliders;

/// 20: the invasion turn.
pub const INVASION: RuleId = RuleId("20");
/// 17.9: a 3-step unit's second loss makes it a cadre.
pub const CADRE: RuleId = RuleId("17.9");

/// The `k` of [`Step::Invasion`] while a delayed glider regiment waits for its landing hex
/// (D4, 20.2) in an Initial Phase.
pub const GLIDER_LANDING: u8 = u8::MAX;

/// The stages of one assault (20.3), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The assault units move next to the beach and roll (20.3.1).
    Land,
    /// The result's losses, one `Lose` prompt a step (20.3.2).
    Losses,
    /// Bloody Omaha: roll again (20.3.3).
    Reroll,
    /// The strongpoint goes, Pointe du Hoc's failure, the DD tank roll (20.3.2, 20.3.4, 20.3.5).
    Resolve,
    /// The survivors advance, one `InvasionAdvance` prompt a hex (20.3.6).
    Advance,
    /// Those left in the box go to the second wave; the 5th Rangers' die (20.3.4).
    Finish,
}

impl Stage {
    const ALL: [Stage; 6] = [
        Stage::Land,
        Stage::Losses,
        Stage::Reroll,
        Stage::Resolve,
        Stage::Advance,
        Stage::Finish,
    ];
}

/// How many `k` values one assault spans.
const STAGES: u8 = 8;

/// Where in the Special Invasion Phase the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sub {
    Drops,
    Assault(u8, Stage),
    GliderLanding,
    /// Past the last assault.
    Over,
}

/// The sub-step `k` stands for.
pub fn decode(k: u8) -> Sub {
    if k == 0 {
        return Sub::Drops;
    }
    if k == GLIDER_LANDING {
        return Sub::GliderLanding;
    }
    let i = (k - 1) / STAGES;
    let s = usize::from((k - 1) % STAGES);
    match Stage::ALL.get(s) {
        Some(&stage) if usize::from(i) < Assault::ALL.len() => Sub::Assault(i, stage),
        _ => Sub::Over,
    }
}

/// The `k` of a sub-step.
pub fn encode(sub: Sub) -> u8 {
    match sub {
        Sub::Drops => 0,
        Sub::Assault(i, stage) => 1 + i * STAGES + stage as u8,
        Sub::GliderLanding => GLIDER_LANDING,
        Sub::Over => 1 + Assault::ALL.len() as u8 * STAGES,
    }
}

/// Go to `sub`.
pub(crate) fn goto(game: &mut Normandy44, sub: Sub) {
    game.step = Step::Invasion(encode(sub));
}

/// The sub-step the game is at, if in the invasion.
pub fn sub(game: &Normandy44) -> Option<Sub> {
    match game.step {
        Step::Invasion(k) => Some(decode(k)),
        _ => None,
    }
}

/// Carry out the automatic part of the sub-step the game is at, or say a decision is due.
pub fn advance(game: &mut Normandy44, log: &mut N44Log) -> Progress {
    let Some(sub) = sub(game) else {
        return Progress::Continue;
    };
    match sub {
        Sub::Drops => {
            airborne::drops(game, log);
            goto(game, Sub::Assault(0, Stage::Land));
            Progress::Continue
        }
        Sub::Assault(i, stage) => assault::advance(game, i, stage, log),
        Sub::GliderLanding => airborne::advance_landing(game, log),
        Sub::Over => {
            log.public(INVASION, N44Event::Note, || {
                "The Special Invasion Phase ends; the German player turn begins".to_owned()
            });
            game.step = Step::Begin(Side::German);
            Progress::Continue
        }
    }
}

/// The legal answers to the invasion's prompt showing.
pub fn legal(game: &Normandy44, out: &mut Vec<N44Action>) {
    out.clear();
    match sub(game) {
        Some(Sub::Assault(i, stage)) => assault::legal(game, i, stage, out),
        Some(Sub::GliderLanding) => airborne::landing_legal(game, out),
        _ => {}
    }
}

/// Answer the invasion's prompt showing.
pub fn answer(game: &mut Normandy44, action: N44Action, log: &mut N44Log) -> Result<(), Refusal> {
    let mut listed = Vec::new();
    legal(game, &mut listed);
    if !listed.contains(&action) {
        return Err(Refusal::by_rule(
            prompt(game).1,
            format!(
                "{action:?} is not an answer to \"{}\" ({} legal answers)",
                prompt(game).2,
                listed.len()
            ),
        ));
    }
    match sub(game) {
        Some(Sub::Assault(i, stage)) => assault::answer(game, i, stage, action, log),
        Some(Sub::GliderLanding) => airborne::landing_answer(game, action, log),
        _ => Err(Refusal::by_rule(INVASION, "no invasion decision is due")),
    }
}

/// The prompt showing: its name, rule and question.
pub fn prompt(game: &Normandy44) -> (&'static str, RuleId, String) {
    match sub(game) {
        Some(Sub::Assault(i, Stage::Losses)) => {
            let name = assault_of(i).name();
            let due = game.invasion.losses_due;
            let who = if game.chooser == Some(Side::German) {
                "the German player picks (EX)"
            } else {
                "the Allied player picks"
            };
            (
                "invasion_loss",
                assault::LOSSES,
                format!("{name}: which assault infantry unit loses a step? {due} to lose; {who}"),
            )
        }
        Some(Sub::Assault(i, Stage::Advance)) => (
            "invasion_advance",
            assault::ADVANCE,
            format!(
                "{}: which unit advances, and where? (Adv {}; the first hex is the beach hex)",
                assault_of(i).name(),
                assault::advance_allowed(game, i)
            ),
        ),
        Some(Sub::GliderLanding) => (
            "glider_landing",
            airborne::SCATTER,
            "Where does the delayed glider regiment land? (a friendly-controlled hex within 4 of \
             its landing zone)"
                .to_owned(),
        ),
        _ => (
            "invasion",
            INVASION,
            "The Special Invasion Phase".to_owned(),
        ),
    }
}

/// The assault of index `i` (Utah for an index out of range, which [`decode`] never gives).
pub fn assault_of(i: u8) -> Assault {
    Assault::ALL
        .get(usize::from(i))
        .copied()
        .unwrap_or(Assault::Utah)
}

/// 17.9: `unit` loses `steps` steps: it flips, becomes its cadre (the step past its
/// printed faces, while a cadre counter of its type is free), or is eliminated. True when it
/// is eliminated.
pub fn lose_steps(
    game: &mut Normandy44,
    unit: UnitId,
    steps: u8,
    rule: RuleId,
    log: &mut N44Log,
) -> bool {
    let data = game.data.clone();
    let def = data.unit(unit);
    let printed = u8::try_from(def.steps.len()).unwrap_or(u8::MAX);
    let mut step = game.unit(unit).step.saturating_add(steps);
    let mut eliminated = step >= data.step_count(unit);
    let mut no_cadre = false;
    if !eliminated && step >= printed {
        // 17.9: the cadre counter of its type, if one is free.
        if !cadre_free(game, unit) {
            eliminated = true;
            no_cadre = true;
        }
        step = printed;
    }
    let name = def.short.clone();
    game.unit_mut(unit).step = step.min(data.step_count(unit).saturating_sub(1));
    if eliminated {
        game.take_off(unit, Location::Eliminated);
    }
    let rule = if no_cadre { CADRE } else { rule };
    log.public(rule, N44Event::Loss { unit, eliminated }, || {
        let lost = if steps == 1 {
            "a step".to_owned()
        } else {
            format!("{steps} steps")
        };
        if no_cadre {
            format!(
                "{name} loses {lost}; no cadre counter of its type is free, so it is eliminated"
            )
        } else if eliminated {
            format!("{name} loses {lost} and is eliminated")
        } else if step >= printed {
            format!("{name} loses {lost} and is replaced by its cadre")
        } else {
            format!("{name} loses {lost}")
        }
    });
    eliminated
}

/// 17.9: whether a cadre counter of `unit`'s type is free: fewer of its type are in use (a
/// unit at its cadre step anywhere but out of play) than the cadre chart holds.
fn cadre_free(game: &Normandy44, unit: UnitId) -> bool {
    let data = &game.data;
    let Some(cadre) = data.cadre_of.get(unit.index()).copied().flatten() else {
        return false;
    };
    let Some(def) = data.cadres.get(usize::from(cadre)) else {
        return false;
    };
    let in_use = game
        .unit_ids()
        .filter(|&u| u != unit)
        .filter(|&u| data.cadre_of.get(u.index()).copied().flatten() == Some(cadre))
        .filter(|&u| {
            let s = game.unit(u);
            s.at != Location::OutOfPlay && usize::from(s.step) == data.unit(u).steps.len()
        })
        .count();
    in_use < usize::from(def.count)
}

/// The short name of `unit`, for the log.
pub(crate) fn name(game: &Normandy44, unit: UnitId) -> String {
    game.data.unit(unit).short.clone()
}

/// Roll a die for `purpose` under `rule`, count it as a reveal and log it with `text`.
pub(crate) fn roll(
    game: &mut Normandy44,
    rule: RuleId,
    purpose: &'static str,
    modifier: i8,
    log: &mut N44Log,
    text: impl FnOnce(u8, i8) -> String,
) -> u8 {
    let raw = u8::try_from(game.rng.roll(overlord_engine::Die::D6, rule)).unwrap_or(1);
    game.reveals += 1;
    let modified = i8::try_from(raw).unwrap_or(1).saturating_add(modifier);
    log.public(
        rule,
        N44Event::Die {
            purpose,
            raw,
            modified,
        },
        || text(raw, modified),
    );
    raw
}
