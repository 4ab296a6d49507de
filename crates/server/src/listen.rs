//! Accepting connections within bounds. axum's own `serve` reads a request's headers for as
//! long as the client takes and accepts every connection the system lets it: a thousand
//! clients that open a connection and never finish their headers then hold a thousand open
//! files, which on a machine with the common limit of 1,024 locks every new client out. This
//! loop is axum's (hyper's connection builder, upgrades for WebSockets, graceful shutdown) with
//! three bounds:
//!
//! * a request's headers must arrive within [`Limits::header_timeout`], or the connection is
//!   closed;
//! * at most [`Limits::connections`] connections are open at once (a WebSocket, once open,
//!   counts among [`Limits::sockets`] instead, `ws`); past that, new ones wait in
//!   the system's queue until one closes;
//! * at most [`Limits::connections_per_address`] of them from one address (not behind a
//!   trusted proxy, where every connection comes from the proxy).

use crate::limits::{Limits, PerAddress};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

/// How long a stopping server waits for the requests in flight before it closes their
/// connections anyway.
const DRAIN: Duration = Duration::from_secs(10);

/// Serve `router` on `listener` within `limits` until `shutdown` completes; then stop
/// accepting, let the requests in flight finish (for at most [`DRAIN`]), and return.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let (stop, stopping) = watch::channel(());
    let (open, mut all_closed) = watch::channel(());
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot,
            () = &mut shutdown => break,
        };
        let Ok(slot) = slot else { break };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of files or memory for a moment: wait rather than spin.
                    tracing::warn!("cannot accept a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let address = remote.ip();
        let counted = !limits.trust_proxy;
        if counted && !per_address.open(address, limits.connections_per_address) {
            tracing::warn!(%address, "refused a connection: too many open from this address");
            continue;
        }
        let service = router
            .clone()
            .map_request(move |mut request: hyper::Request<Incoming>| {
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(remote));
                request.map(Body::new)
            });
        let service = TowerToHyperService::new(service);
        let (builder, per_address) = (Arc::clone(&builder), Arc::clone(&per_address));
        let (mut stopping, open) = (stopping.clone(), open.clone());
        tokio::spawn(async move {
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            tokio::pin!(connection);
            let mut told = false;
            loop {
                tokio::select! {
                    _served = connection.as_mut() => break,
                    _ = stopping.changed(), if !told => {
                        told = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
            if counted {
                per_address.close(address);
            }
            drop((slot, open));
        });
    }
    drop(listener);
    drop(stop);
    drop(open);
    // Every connection's task holds a sender: all gone means all closed.
    let _drained = tokio::time::timeout(DRAIN, all_closed.changed()).await;
}
