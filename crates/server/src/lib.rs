//! `overlord serve`: games played in the browser, over HTTP and a WebSocket per seat, stored
//! in an embedded SQLite database.
//!
//! * The server is authoritative: it holds every game (replayed from the database into a
//!   [`DynMatch`](overlord_engine::DynMatch)), checks every request against its seat's token,
//!   its turn and the engine's own rules, and sends each seat only its own view.
//! * Each accepted change is written and committed (WAL, `synchronous=FULL`) before it is
//!   acknowledged, to an append-only action log; a game replays from it after any crash.
//! * A game saved under another rules version is never replayed under this one: the server
//!   says to finish it with that build, or to export its record.
//!
//! The server knows games only through the engine's [`Registry`];
//! the caller passes the registry and the data folder. The API is described in
//! `docs/server-api.md`; the modules follow a request's path: `api` and `ws` read it,
//! `limits` slows floods, `play` checks and carries it out on a `live` game, `store` and `db`
//! keep it, `views` builds what a seat sees (`replay` too, for a frame of the replay slider).
//! `bots` plays the seats the server plays itself, off the request path, and gives hints.

mod api;
mod app;
mod assets;
mod bots;
mod catalog;
mod db;
mod errors;
mod hosts;
mod imports;
mod limits;
mod listen;
mod live;
mod play;
mod replay;
mod schema;
mod seats;
mod store;
mod views;
mod workshop;
mod ws;

pub use app::{App, ServerConfig};
pub use bots::BotSettings;
pub use db::{DbError, backup};
pub use errors::ApiError;
pub use limits::Limits;

use overlord_engine::Registry;
use std::future::Future;
use std::net::SocketAddr;

/// Why the server did not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The address could not be listened on.
    #[error("cannot listen on {address}: {error}; choose another with --addr")]
    Bind {
        address: String,
        error: std::io::Error,
    },
    /// The server stopped on an I/O error.
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// The router of `app`: hand it to `axum::serve`, or call it in tests.
pub fn router(app: App) -> axum::Router {
    api::router(app)
}

/// Serve `app` on `listener` until `shutdown` completes. Games whose seat to act the server
/// plays (left so by a restart) go on at once.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: App,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    if let Err(error) = app.resume_bots().await {
        // The games still go on when next opened; serving matters more.
        tracing::error!("the computer's seats could not be resumed: {error}");
    }
    let stopping = app.clone();
    let shutdown = async move {
        shutdown.await;
        stopping.bots.stop();
        // WebSockets are told the server is going away (their pages reconnect to the next
        // one); requests in flight finish.
        stopping.stop_sockets();
    };
    if let Some(retention) = app.limits.retention {
        tokio::spawn(app.clone().forget_untouched_games(retention));
    }
    if let Ok(local) = listener.local_addr()
        && let Some(hosts) = hosts::Hosts::new(local, &app.allowed_hosts, app.limits.trust_proxy)
    {
        let _set_once = app.hosts.set(hosts);
    }
    listen::serve(listener, router(app.clone()), app.limits, shutdown).await;
    // Every game is in the database file alone once it is closed: copying that one file is a
    // whole backup (`overlord backup` makes one while the server runs).
    app.db.close().await?;
    Ok(())
}

/// Until Ctrl-C (SIGINT) or, on Unix, SIGTERM (what `kill`, systemd and container runtimes
/// send); forever if neither can be listened for.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Open the database, listen on `address`, call `ready` with the address bound (port 0 picks
/// a free one), and serve until Ctrl-C or SIGTERM, then close the database. Blocks; runs its
/// own runtime.
pub fn run(
    config: &ServerConfig,
    registry: Registry,
    address: &str,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let app = App::open(config, registry)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| ServeError::Bind {
                address: address.to_owned(),
                error,
            })?;
        ready(listener.local_addr()?);
        serve(listener, app, stop_signal()).await
    })
}
