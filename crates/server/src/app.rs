//! The server's shared state: the database, the registry and its catalog, the games in
//! memory, and the limits.

use crate::bots::{BotSettings, Bots};
use crate::catalog::Catalog;
use crate::db::{Db, DbError};
use crate::limits::{Limits, RateLimiter};
use crate::live::Games;
use overlord_engine::Registry;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the server keeps its games and finds the games' data.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The SQLite database file, created on first start.
    pub db_path: PathBuf,
    /// The folder holding one data folder per game (`<root>/omaha`).
    pub data_root: PathBuf,
    pub limits: Limits,
    /// How the seats the server plays think.
    pub bots: BotSettings,
    /// The host names the server answers to (`--allowed-host`); none given, any name, or only
    /// the loopback names when it listens on a loopback address (`hosts`).
    pub allowed_hosts: Vec<String>,
}

/// Everything a request handler needs; cheap to clone.
#[derive(Clone)]
pub struct App(Arc<Parts>);

/// The parts of [`App`].
pub struct Parts {
    pub db: Db,
    pub registry: Registry,
    pub catalog: Catalog,
    pub games: Games,
    pub limiter: RateLimiter,
    pub limits: Limits,
    pub bots: Bots,
    /// The host names answered to, set when the server starts listening (`hosts`); unset,
    /// any.
    pub hosts: std::sync::OnceLock<crate::hosts::Hosts>,
    /// The names given with `--allowed-host`.
    pub allowed_hosts: Vec<String>,
    /// The WebSockets open.
    pub sockets: crate::ws::Sockets,
    /// Set when the server stops: every WebSocket then closes.
    pub stopping: tokio::sync::watch::Sender<bool>,
    /// Leave to read and replay an import, [`Limits::imports_in_flight`] at once.
    pub imports: Arc<tokio::sync::Semaphore>,
    /// The scenario files people wrote, beside the database.
    pub workshop: crate::workshop::Workshop,
    /// Leave to play a balance batch: one at a time, as each takes a core for seconds.
    pub balance: Arc<tokio::sync::Semaphore>,
}

impl std::ops::Deref for App {
    type Target = Parts;
    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl App {
    /// Open the database (creating it and its schema if need be) and read the catalog.
    pub fn open(config: &ServerConfig, registry: Registry) -> Result<App, DbError> {
        let db = Db::open(&config.db_path)?;
        let catalog = Catalog::read(&registry, &config.data_root);
        Ok(App(Arc::new(Parts {
            db,
            registry,
            catalog,
            games: Games::default(),
            limiter: RateLimiter::new(config.limits),
            limits: config.limits,
            // A shadow is a second copy of a game the bots think on: a few dozen is plenty
            // for the games whose bots are busy at once, and bounds the memory they take.
            bots: Bots::new(config.bots, config.limits.live_games.min(64)),
            hosts: std::sync::OnceLock::new(),
            allowed_hosts: config.allowed_hosts.clone(),
            sockets: crate::ws::Sockets::default(),
            stopping: tokio::sync::watch::Sender::new(false),
            imports: Arc::new(tokio::sync::Semaphore::new(
                config.limits.imports_in_flight.max(1),
            )),
            workshop: crate::workshop::Workshop::beside(&config.db_path),
            balance: Arc::new(tokio::sync::Semaphore::new(1)),
        })))
    }

    /// Close every WebSocket (going away), now and for any opened later.
    pub fn stop_sockets(&self) {
        self.stopping.send_replace(true);
    }

    /// Delete the games nobody changed for `retention`, now and every hour (or every
    /// `retention`, if shorter), until the server stops.
    pub async fn forget_untouched_games(self, retention: std::time::Duration) {
        let every = retention.min(std::time::Duration::from_secs(3600));
        let mut stopping = self.stopping.subscribe();
        loop {
            let cutoff = crate::store::now_ms()
                .saturating_sub(i64::try_from(retention.as_millis()).unwrap_or(i64::MAX));
            match self
                .db
                .call(move |connection| crate::store::delete_untouched_since(connection, cutoff))
                .await
            {
                Ok(deleted) => {
                    for id in &deleted {
                        self.games.forget_game(id);
                    }
                    if !deleted.is_empty() {
                        tracing::info!(
                            games = deleted.len(),
                            "deleted games untouched for the retention time"
                        );
                    }
                }
                Err(error) => tracing::error!("could not delete the games past retention: {error}"),
            }
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                _ = stopping.wait_for(|stopping| *stopping) => return,
            }
        }
    }
}
