//! Seats the server plays itself, and hints.
//!
//! A game may be created with a bot on some seats (`"bots": {"1": "rule"}`). Whenever such a
//! seat is to act (after the game is created, after any change, when the game is read back
//! after a restart) the game's **driver** wakes: a task of its own, one per game, that asks
//! the engine's [`DynMatch::advise`] for the seat's action and plays it through the same path
//! as a person's move ([`App::commit`]: stored before anyone is told, then pushed to every
//! WebSocket), until it is a person's turn or the game is over.
//!
//! Thinking never holds the game's lock and never runs on the threads that answer requests:
//! the driver takes the record under the lock, lets go, and decides on another thread, on a
//! **shadow** copy of the game kept in step with the record (applying the actions played
//! since, or replaying it when an undo made them differ). The rule bot decides in a few
//! milliseconds on tokio's blocking threads. A searching bot queues for the **thinkers**, a
//! few threads of its own ([`BotSettings::thinkers`], fewer than the cores) at the lowest
//! scheduling priority, and thinks for at most [`BotSettings::think_time`] per decision: the
//! operating system then runs people's requests first, so bot games use the idle cores without
//! slowing people's games. When the decision is made the driver locks the game again and
//! plays it only if the game has not moved on in the meantime (otherwise it looks again).
//!
//! A hint (`GET /api/games/{id}/hint`) is the same decision asked for the asking seat, shown
//! instead of played.

use crate::app::App;
use crate::errors::ApiError;
use crate::live::Holder;
use crate::store::{self, Change};
use overlord_ai::spec::{BotKind, BotParams, BotSpec};
use overlord_engine::{AdviceRequest, AdvisedAction, DynMatch, GameRecord, MatchError, Seat};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// How the server's bots think. `Default` suits a small server: searches take turns on all
/// but one core, two seconds a decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSettings {
    /// The most a searching bot thinks per decision, for a seat's move or a hint (its
    /// iterations may stop it sooner).
    pub think_time: Duration,
    /// Searching decisions made at once, over all games; the others wait their turn. Kept
    /// below the core count so the games of people always have a core to answer on.
    pub thinkers: usize,
    /// The most trees a search may ask for (`ismcts:trees=N`): each takes a core of its own.
    pub max_trees: usize,
    /// A pause before each of a bot's moves, so people watching can follow (none by default:
    /// the move shows as soon as it is made).
    pub pace: Duration,
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        BotSettings {
            think_time: Duration::from_secs(2),
            thinkers: cores.saturating_sub(1).max(1),
            max_trees: 1,
            pace: Duration::ZERO,
        }
    }
}

/// The bot a hint asks unless told otherwise: the game's rules of thumb, quick to answer.
pub const HINT_BOT: &str = "rule";

/// Games whose driver is running, each with whether it was woken again since it last looked
/// at its game; and the shadow copies the bots think on.
pub struct Bots {
    settings: BotSettings,
    thinkers: Thinkers,
    drivers: Mutex<HashMap<String, bool>>,
    shadows: Mutex<HashMap<String, Box<dyn DynMatch>>>,
    shadows_kept: usize,
    stopped: AtomicBool,
}

impl Bots {
    /// No driver running yet; at most `shadows_kept` shadow copies kept between decisions.
    pub fn new(settings: BotSettings, shadows_kept: usize) -> Bots {
        Bots {
            thinkers: Thinkers::start(settings.thinkers.max(1)),
            settings,
            drivers: Mutex::new(HashMap::new()),
            shadows: Mutex::new(HashMap::new()),
            shadows_kept: shadows_kept.max(1),
            stopped: AtomicBool::new(false),
        }
    }

    /// The server is stopping: drivers make no further move (a move being stored still is),
    /// and the thinkers end once their queue is done. A server started again on the database
    /// picks the games up where they stopped.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        self.thinkers.close();
    }

    fn stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    /// The bot called `name`, or a 400 that says what is wrong with the name.
    pub fn check(&self, name: &str) -> Result<BotSpec, ApiError> {
        let spec = BotSpec::parse(name.trim(), BotParams::default()).map_err(|error| {
            ApiError::bad_request(
                "bad_bot",
                format!("bot `{name}`: {error} (for example `rule`, or `ismcts:iterations=400`)"),
            )
        })?;
        if spec.kind == BotKind::IsMcts && spec.params.trees > self.settings.max_trees {
            return Err(ApiError::bad_request(
                "bad_bot",
                format!(
                    "bot `{name}`: this server lets a search use at most {} tree(s) \
                     (trees={}), so that bot games leave cores for people's games",
                    self.settings.max_trees, spec.params.trees
                ),
            ));
        }
        Ok(spec)
    }

    /// Mark game `id`'s driver as running; `true` when none was, so one must be started.
    fn claim(&self, id: &str) -> bool {
        let Ok(mut drivers) = self.drivers.lock() else {
            return false;
        };
        match drivers.get_mut(id) {
            Some(woken) => {
                *woken = true;
                false
            }
            None => {
                drivers.insert(id.to_owned(), false);
                true
            }
        }
    }

    /// The driver of `id` is about to look at its game: a wake-up from now on is news.
    fn looking(&self, id: &str) {
        if let Ok(mut drivers) = self.drivers.lock()
            && let Some(woken) = drivers.get_mut(id)
        {
            *woken = false;
        }
    }

    /// The driver of `id` found nothing to do: it stops, unless it was woken since it looked
    /// (a change it did not see), in which case it looks again (`false`).
    fn release(&self, id: &str) -> bool {
        let Ok(mut drivers) = self.drivers.lock() else {
            return true;
        };
        if drivers.get(id) == Some(&true) {
            drivers.insert(id.to_owned(), false);
            return false;
        }
        drivers.remove(id);
        true
    }

    /// Stop the driver of `id` whatever happened since it looked (it gave up).
    fn abandon(&self, id: &str) {
        if let Ok(mut drivers) = self.drivers.lock() {
            drivers.remove(id);
        }
    }

    fn take_shadow(&self, id: &str) -> Option<Box<dyn DynMatch>> {
        self.shadows.lock().ok()?.remove(id)
    }

    fn keep_shadow(&self, id: String, shadow: Box<dyn DynMatch>) {
        let Ok(mut shadows) = self.shadows.lock() else {
            return;
        };
        if shadows.len() >= self.shadows_kept
            && let Some(other) = shadows.keys().next().cloned()
        {
            // Any other game's copy will do: it is rebuilt from the record if wanted again.
            shadows.remove(&other);
        }
        shadows.insert(id, shadow);
    }
}

/// Work for a thinker.
type Job = Box<dyn FnOnce() + Send>;

/// The threads searching bots think on, at the lowest scheduling priority, sharing one queue.
struct Thinkers {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
}

impl Thinkers {
    /// `count` threads (those the system lets start; with none, searches run on tokio's
    /// blocking threads instead).
    fn start(count: usize) -> Thinkers {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let started = (0..count)
            .filter(|number| {
                let queue = Arc::clone(&queue);
                std::thread::Builder::new()
                    .name(format!("overlord-bot-{number}"))
                    .spawn(move || think_on(&queue))
                    .is_ok()
            })
            .count();
        Thinkers {
            jobs: Mutex::new((started > 0).then_some(jobs)),
        }
    }

    /// Queue `job`; `false` when there are no thinkers (none started, or stopped).
    fn run(&self, job: Job) -> bool {
        let Ok(jobs) = self.jobs.lock() else {
            return false;
        };
        jobs.as_ref().is_some_and(|jobs| jobs.send(job).is_ok())
    }

    /// Let the threads end once the queue is empty.
    fn close(&self) {
        if let Ok(mut jobs) = self.jobs.lock() {
            *jobs = None;
        }
    }
}

/// A thinker's life: lower its own priority, then take jobs until the queue closes.
fn think_on(queue: &Mutex<mpsc::Receiver<Job>>) {
    lower_priority();
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else {
            return;
        };
        // A bot that panics fails its one decision (its answer never comes), not the thread.
        let _failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}

/// Nice this thread to the lowest priority: on Linux `setpriority` with a thread's id sets
/// that thread's alone. Failing leaves it at the normal priority, which still works.
#[cfg(target_os = "linux")]
fn lower_priority() {
    let _normal_priority_then =
        rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19);
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// A bot's seed for the decision after `actions` actions of game `game_id` by `seat`: the same
/// game asks the same question the same way (a hint asked twice gives the same answer). Drawn
/// from the public game id, never from the game's seed, so the bot's guesses at what is hidden
/// have nothing in common with the hidden draws themselves.
pub fn advice_seed(game_id: &str, actions: usize, seat: Seat) -> u64 {
    let digest = Sha256::digest(format!("overlord bot:{game_id}:{actions}:{}", seat.0));
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(bytes)
}

/// The answer to a hint: the action a bot would play, with its anchors and reason, and the
/// revision it answers.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    #[serde(flatten)]
    pub advice: AdvisedAction,
    /// The game's revision the hint was asked at: a client drops it once the game moves on.
    pub revision: u64,
}

/// Bring `shadow` (a copy of the game as it was) up to `record`: the actions played since
/// applied to it, or the record replayed when they differ (an undo) or no copy is kept.
fn in_step(
    app: &App,
    shadow: Option<Box<dyn DynMatch>>,
    record: &GameRecord,
    data_dir: &std::path::Path,
) -> Result<Box<dyn DynMatch>, ApiError> {
    if let Some(mut shadow) = shadow {
        let had = shadow.record().actions;
        if had.len() <= record.actions.len() && record.actions[..had.len()] == had[..] {
            let caught_up = record.actions[had.len()..].iter().all(|action| {
                shadow
                    .status()
                    .seat()
                    .is_some_and(|seat| shadow.apply_json(seat, action).is_ok())
            });
            if caught_up {
                return Ok(shadow);
            }
        }
    }
    let entry = app.registry.get(&record.game)?;
    entry.replay(data_dir, record).map_err(|error| {
        ApiError::internal(format!(
            "the game does not replay for its bot ({error}); export its record and report it"
        ))
    })
}

/// Whether a driver that failed with `error` may try again: only when the database was at
/// fault, which may pass.
fn worth_retrying(error: &ApiError) -> bool {
    error.code == "storage"
}

/// How many times a driver tries again after the database failed it before it gives up (the
/// next change to the game, or a restart, wakes it again).
const RETRIES: u32 = 3;

impl App {
    /// Have game `id`'s bot play if it is a bot seat's turn: start the game's driver, or tell
    /// the running one to look again. Returns at once.
    pub fn wake_bots(&self, id: &str) {
        if !self.bots.claim(id) {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.bots.abandon(id);
            return;
        };
        runtime.spawn(self.clone().drive(id.to_owned()));
    }

    /// Wake the bot of every game in progress whose seat to act the server plays: after a
    /// restart they go on where they stopped. Answers how many there were.
    pub async fn resume_bots(&self) -> Result<usize, ApiError> {
        let waiting = self
            .db
            .call(store::awaiting_bots)
            .await
            .map_err(ApiError::storage)?;
        for id in &waiting {
            self.wake_bots(id);
        }
        Ok(waiting.len())
    }

    /// Game `id`'s driver: the bot seats' moves, one after another, until a person is to act
    /// or the game ends.
    async fn drive(self, id: String) {
        let mut failures = 0;
        loop {
            if self.bots.stopped() {
                self.bots.abandon(&id);
                return;
            }
            self.bots.looking(&id);
            match self.bot_move(&id).await {
                Ok(true) => failures = 0,
                Ok(false) => {
                    if self.bots.release(&id) {
                        return;
                    }
                }
                Err(error) if worth_retrying(&error) && failures < RETRIES => {
                    failures += 1;
                    tokio::time::sleep(Duration::from_millis(500) * 2u32.pow(failures)).await;
                }
                Err(error) => {
                    self.bots.abandon(&id);
                    // A game this build cannot play says so in the list of games; anything
                    // else is worth a line for whoever runs the server.
                    if !matches!(
                        error.code,
                        "rules_version" | "unknown_game" | "not_found" | "stopping"
                    ) {
                        tracing::error!(
                            game = %id,
                            code = error.code,
                            "the computer could not play its seat: {}",
                            error.reason
                        );
                    }
                    return;
                }
            }
        }
    }

    /// One move of the bot whose turn it is in game `id`; `false` when it is no bot's turn.
    async fn bot_move(&self, id: &str) -> Result<bool, ApiError> {
        let (seat, bot, record, revision, data_dir) = {
            let game = self.lock_game(id).await?;
            let Some((seat, bot)) = game.bot_to_act() else {
                return Ok(false);
            };
            (
                seat,
                bot.to_owned(),
                game.record(),
                game.row.progress.revision,
                self.data_dir_of(&game.row.game, game.row.workshop.as_deref()),
            )
        };
        let spec = self.bots.check(&bot).map_err(|error| {
            ApiError::internal(format!(
                "the stored bot of {seat} does not work with this build: {}",
                error.reason
            ))
        })?;
        if !self.bots.settings.pace.is_zero() {
            tokio::time::sleep(self.bots.settings.pace).await;
        }
        let request = AdviceRequest {
            seed: advice_seed(id, record.actions.len(), seat),
            bot,
            time: Some(self.bots.settings.think_time),
        };
        let advised = self
            .think(id, record, seat, request, spec, data_dir)
            .await?;
        let mut game = self.lock_game(id).await?;
        if self.bots.stopped() {
            return Ok(false);
        }
        if game.row.progress.revision != revision {
            // Someone changed the game while the bot thought (an undo): look again.
            return Ok(true);
        }
        game.session.apply_json(seat, &advised.action)?;
        self.commit(game, seat, Change::Act(advised.action)).await?;
        Ok(true)
    }

    /// What the bot of `request` plays for `seat` in the game of `record`, decided off the
    /// request path on the game's shadow copy: a searching bot's on the thinkers, the rule
    /// bot's (a few milliseconds) on a blocking thread.
    async fn think(
        &self,
        id: &str,
        record: GameRecord,
        seat: Seat,
        request: AdviceRequest,
        spec: BotSpec,
        data_dir: std::path::PathBuf,
    ) -> Result<AdvisedAction, ApiError> {
        let app = self.clone();
        let id = id.to_owned();
        let decide = move || {
            let shadow = in_step(&app, app.bots.take_shadow(&id), &record, &data_dir)?;
            let advised = shadow.advise(seat, &request);
            if shadow.status().seat().is_some() {
                app.bots.keep_shadow(id, shadow);
            }
            advised.map_err(ApiError::from)
        };
        let stopped = || ApiError::internal("the bot stopped without an answer");
        if spec.kind.searches() {
            let (answer, answered) = tokio::sync::oneshot::channel();
            let queued = self.bots.thinkers.run(Box::new(move || {
                // The asker may have gone (the server stopping); the answer is not wanted then.
                let _unwanted = answer.send(decide());
            }));
            if !queued {
                return Err(ApiError::new(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    "stopping",
                    "the server is stopping; ask again once it is back",
                ));
            }
            return answered.await.map_err(|_| stopped())?;
        }
        tokio::task::spawn_blocking(decide)
            .await
            .map_err(|_| stopped())?
    }

    /// `GET /api/games/{id}/hint`: what `bot` (the rule bot by default) would play for the seat
    /// of `token`, when it is that seat's decision; from what the seat may know only.
    pub async fn hint(
        &self,
        id: &str,
        token: Option<&str>,
        bot: Option<&str>,
    ) -> Result<Hint, ApiError> {
        let bot = bot.unwrap_or(HINT_BOT).trim().to_owned();
        let spec = self.bots.check(&bot)?;
        let (seat, record, revision, data_dir) = {
            let game = self.lock_game(id).await?;
            let seat = match self.holder(&game, token).await? {
                Holder::Seat(seat) => seat,
                Holder::HotSeat => crate::play::hot_seat_to_act(&game)?,
                Holder::Spectator => {
                    return Err(ApiError::unauthorized(
                        "a hint is for a seat: send `Authorization: Bearer TOKEN` with the \
                         token of your seat's link",
                    ));
                }
            };
            match game.session.status() {
                overlord_engine::Status::Over(outcome) => {
                    return Err(MatchError::GameOver(outcome).into());
                }
                overlord_engine::Status::ToAct(to_act) if to_act != seat => {
                    return Err(ApiError::conflict(
                        "not_your_turn",
                        format!(
                            "it is {}'s decision, not yours ({}): a hint is for the seat to act",
                            game.label_of(to_act),
                            game.label_of(seat)
                        ),
                    ));
                }
                overlord_engine::Status::ToAct(_) => {}
            }
            (
                seat,
                game.record(),
                game.row.progress.revision,
                self.data_dir_of(&game.row.game, game.row.workshop.as_deref()),
            )
        };
        let request = AdviceRequest {
            seed: advice_seed(id, record.actions.len(), seat),
            bot,
            time: Some(self.bots.settings.think_time),
        };
        let advice = self
            .think(id, record, seat, request, spec, data_dir)
            .await?;
        Ok(Hint { advice, revision })
    }

    /// The seats of a game about to be created that the server plays, from the request's
    /// `bots` (seat number from 0 as text, to bot name): one entry per seat, checked.
    pub fn bot_seats(
        &self,
        session: &dyn DynMatch,
        game: &str,
        asked: &std::collections::BTreeMap<String, String>,
    ) -> Result<Vec<Option<String>>, ApiError> {
        let seat_count = session.seats();
        let mut bots = vec![None; usize::from(seat_count)];
        if asked.is_empty() {
            return Ok(bots);
        }
        let has_bots = self.registry.get(game).is_ok_and(|entry| entry.has_bots());
        if !has_bots {
            return Err(ApiError::bad_request(
                "bad_bots",
                format!(
                    "{} has no bots yet: every seat is played by a person",
                    session.info().name
                ),
            ));
        }
        let seats_text = || {
            (0..seat_count)
                .map(|seat| format!("{seat} ({})", session.seat_label(Seat(seat))))
                .collect::<Vec<_>>()
                .join(", ")
        };
        for (key, bot) in asked {
            let seat = key
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&seat| seat < seat_count)
                .ok_or_else(|| {
                    ApiError::bad_request(
                        "bad_bots",
                        format!(
                            "bots: no seat `{key}` in this game; its seats, by number from 0, \
                             are {}",
                            seats_text()
                        ),
                    )
                })?;
            self.bots.check(bot)?;
            match bots.get_mut(usize::from(seat)) {
                Some(slot @ None) => *slot = Some(bot.trim().to_owned()),
                _ => {
                    return Err(ApiError::bad_request(
                        "bad_bots",
                        format!("bots: seat {seat} is given a bot twice"),
                    ));
                }
            }
        }
        Ok(bots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_follow_the_game_the_move_and_the_seat() {
        let seed = advice_seed("0fa69203e5eab75e", 12, Seat(0));
        assert_eq!(seed, advice_seed("0fa69203e5eab75e", 12, Seat(0)));
        assert_ne!(seed, advice_seed("0fa69203e5eab75e", 13, Seat(0)));
        assert_ne!(seed, advice_seed("0fa69203e5eab75e", 12, Seat(1)));
        assert_ne!(seed, advice_seed("1fa69203e5eab75e", 12, Seat(0)));
    }

    #[test]
    fn bot_names_are_checked_and_searches_kept_to_the_servers_trees() {
        let bots = Bots::new(BotSettings::default(), 4);
        assert!(bots.check("rule").is_ok());
        assert!(bots.check("ismcts:iterations=400").is_ok());
        let unknown = bots.check("genius").unwrap_err();
        assert_eq!((unknown.status.as_u16(), unknown.code), (400, "bad_bot"));
        assert!(
            unknown.reason.contains("no bot called `genius`"),
            "{unknown}"
        );
        let bad_value = bots.check("ismcts:iterations=0").unwrap_err();
        assert!(bad_value.reason.contains("iterations"), "{bad_value}");
        let greedy = bots.check("ismcts:trees=64").unwrap_err();
        assert!(greedy.reason.contains("at most 1 tree"), "{greedy}");
    }

    /// Searches think at the lowest priority, so the threads answering people come first.
    #[cfg(target_os = "linux")]
    #[test]
    fn thinkers_run_at_the_lowest_priority_and_stop_when_closed() {
        let thinkers = Thinkers::start(1);
        let (answer, answered) = mpsc::channel();
        assert!(thinkers.run(Box::new(move || {
            // Field 19 of a thread's stat line is its nice value.
            let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            let nice: i32 = after_name.split(' ').nth(16).unwrap().parse().unwrap();
            answer.send(nice).unwrap();
        })));
        assert_eq!(answered.recv_timeout(Duration::from_secs(30)).unwrap(), 19);
        thinkers.close();
        assert!(
            !thinkers.run(Box::new(|| {})),
            "closed: nothing more is queued"
        );
    }

    #[test]
    fn a_driver_woken_while_it_looked_looks_again_before_it_stops() {
        let bots = Bots::new(BotSettings::default(), 4);
        assert!(bots.claim("g"), "the first wake-up starts a driver");
        assert!(!bots.claim("g"), "a second one only tells it");
        bots.looking("g");
        assert!(!bots.claim("g"));
        assert!(!bots.release("g"), "woken since it looked: look again");
        assert!(bots.release("g"), "nothing new: stop");
        assert!(bots.claim("g"), "a later wake-up starts a new driver");
        bots.abandon("g");
        assert!(bots.claim("g"));
    }
}
