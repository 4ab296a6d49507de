//! What one client may ask of the server: body sizes, and how fast it may send.
//!
//! Flooding is slowed by token buckets: an empty bucket answers 429 with how long to wait. Each
//! request (and each WebSocket message) is charged to one bucket only, so a request refused by
//! one never spends another:
//!
//! * a request carrying a seat's token is charged to that token's bucket: players behind one
//!   router, a school or a reverse proxy share an address but not a budget, and a seat whose
//!   address is busy with others' requests still plays;
//! * every other request (no token, or one that is no seat's: made-up tokens buy nothing) is
//!   charged to its client address.
//!
//! Whether a token is a seat's is known without the database for the seats made or checked
//! since the server started; an unknown token is looked up only when its address's bucket is
//! empty (the caller does it: [`RateLimiter::admit`] says so).
//!
//! Behind a reverse proxy every request comes from the proxy's address: with
//! [`Limits::trust_proxy`] the client's address is the last one of `X-Forwarded-For` (the one
//! the proxy added), and only then, since any client can send that header.
//!
//! The buckets are hand-written rather than `tower_governor`'s because the same budget must
//! cover messages arriving on an open WebSocket, which a tower layer never sees, and because
//! the bucket a request is charged to depends on whether its token is a seat's.

use crate::errors::ApiError;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::Instant;

/// The server's limits. `Default` suits a server on the open internet for people playing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The largest request body, except a record to import.
    pub body_bytes: usize,
    /// The largest record to import (a whole game's actions).
    pub record_bytes: usize,
    /// The most memory a record to import may take once parsed, in bytes, counted from its
    /// JSON values before it is parsed: what bounds an import's memory, whatever its shape.
    pub record_memory: usize,
    /// The most actions a record to import may hold.
    pub record_actions: usize,
    /// Imports read and replayed at once; more are told to come back (503).
    pub imports_in_flight: usize,
    /// Requests a seat token may send at once, after a pause.
    pub token_burst: f64,
    /// Requests a seat token may send per second, sustained.
    pub token_per_second: f64,
    /// Requests one client address may send at once, whatever tokens it uses.
    pub address_burst: f64,
    /// Requests one client address may send per second, sustained.
    pub address_per_second: f64,
    /// Games one client address may create or import at once, after a pause.
    pub creations_burst: f64,
    /// Games one client address may create or import per minute, sustained.
    pub creations_per_minute: f64,
    /// Actions a game may take back in all: each undo is a row of the game's log, kept for
    /// good, so without a bound a client taking back and playing again grows it for ever.
    pub undos_per_game: u64,
    /// Games not changed for this long are deleted (`None`, the default: kept for ever).
    pub retention: Option<std::time::Duration>,
    /// Connections open at once; more wait in the system's queue until one closes. Below the
    /// open files a process may have (commonly 1,024), with room for the database's.
    pub connections: usize,
    /// Connections open at once from one client address (not counted behind a trusted proxy).
    pub connections_per_address: usize,
    /// How long a client may take to send a request's headers before its connection is closed.
    pub header_timeout: std::time::Duration,
    /// WebSockets open at once; more are refused (503) until one closes. With `connections`,
    /// below the open files a process may have.
    pub sockets: usize,
    /// WebSockets open at once from one client address (not counted behind a trusted proxy).
    pub sockets_per_address: usize,
    /// How often an open WebSocket is pinged.
    pub socket_ping: std::time::Duration,
    /// A WebSocket that sends nothing for this long, not even the answer to a ping, is closed.
    pub socket_idle: std::time::Duration,
    /// Read the client's address from the last entry of `X-Forwarded-For` (set this only
    /// behind a reverse proxy that adds it; otherwise anyone could choose their address).
    pub trust_proxy: bool,
    /// Games kept replayed in memory: past this many, those no request or WebSocket is using
    /// are dropped (and replayed from the database when asked for again).
    pub live_games: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 16 * 1024,
            record_bytes: 8 * 1024 * 1024,
            // The longest games (Normandy '44's whole campaign, a 100,000-game sweep's
            // longest) hold some thousands of actions of a kilobyte or less each, parsed.
            record_memory: 64 * 1024 * 1024,
            record_actions: 50_000,
            imports_in_flight: 2,
            token_burst: 40.0,
            token_per_second: 20.0,
            address_burst: 200.0,
            address_per_second: 100.0,
            // A long game keeps its whole log in memory (up to a few MB): a few hundred games
            // at once is far beyond a table of friends and still modest memory.
            live_games: 256,
            trust_proxy: false,
            // A class behind one address each starting a game, then a game a few seconds.
            creations_burst: 60.0,
            creations_per_minute: 30.0,
            undos_per_game: 5_000,
            retention: None,
            // Connections and sockets together stay under the common limit of 1,024 open
            // files, with room for the database's.
            connections: 512,
            // A school or an office behind one address: a few connections per player.
            connections_per_address: 256,
            header_timeout: std::time::Duration::from_secs(10),
            sockets: 384,
            sockets_per_address: 64,
            socket_ping: std::time::Duration::from_secs(30),
            socket_idle: std::time::Duration::from_secs(90),
        }
    }
}

/// One bucket: how many requests may go now, and when it was last filled.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    filled: Instant,
}

/// Beyond this many buckets, full ones (idle clients) are forgotten.
const BUCKETS_KEPT: usize = 10_000;

/// Beyond this many, the seats' token hashes made or checked are no longer remembered (their
/// requests are then charged to their address until it is empty, and looked up then).
const SEATS_KNOWN: usize = 1_000_000;

/// The token buckets of every client, and which tokens are seats'.
#[derive(Debug)]
pub struct RateLimiter {
    limits: Limits,
    buckets: Mutex<HashMap<String, Bucket>>,
    seats: Mutex<HashSet<String>>,
}

/// Why a request was not admitted.
#[derive(Debug)]
pub enum Refusal {
    /// Its bucket is empty: the 429 to answer.
    Wait(ApiError),
    /// It carries a token not known to be a seat's and its address's bucket is empty: if the
    /// token is a seat's after all ([`RateLimiter::know_seat`]), ask again.
    LookUp(ApiError),
}

/// Who is asking: the hash of its seat token, if it sent one, and its address, if known.
#[derive(Clone, Debug, Default)]
pub struct Client {
    pub token_hash: Option<String>,
    pub address: Option<std::net::IpAddr>,
}

impl RateLimiter {
    /// Buckets sized by `limits`.
    pub fn new(limits: Limits) -> RateLimiter {
        RateLimiter {
            limits,
            buckets: Mutex::new(HashMap::new()),
            seats: Mutex::new(HashSet::new()),
        }
    }

    /// Remember that `token_hash` is a seat's (made, or found in the database).
    pub fn know_seat(&self, token_hash: &str) {
        if let Ok(mut seats) = self.seats.lock()
            && seats.len() < SEATS_KNOWN
        {
            seats.insert(token_hash.to_owned());
        }
    }

    fn knows_seat(&self, token_hash: &str) -> bool {
        self.seats
            .lock()
            .is_ok_and(|seats| seats.contains(token_hash))
    }

    /// Charge one request to the client's bucket (see the module's doc), or say why not.
    pub fn admit(&self, client: &Client) -> Result<(), Refusal> {
        let seat = client
            .token_hash
            .as_deref()
            .filter(|hash| self.knows_seat(hash));
        let key = match (seat, &client.token_hash, client.address) {
            (Some(hash), _, _) => format!("token:{hash}"),
            (None, _, Some(address)) => format!("address:{address}"),
            // No address (a client the tests make): what it has.
            (None, Some(hash), None) => format!("token:{hash}"),
            (None, None, None) => return Ok(()),
        };
        match self.charge(key) {
            Ok(()) => Ok(()),
            Err(wait) if seat.is_none() && client.token_hash.is_some() => {
                Err(Refusal::LookUp(wait))
            }
            Err(wait) => Err(Refusal::Wait(wait)),
        }
    }

    /// Charge the creation (or import) of a game to the client's address, beside the request
    /// itself: a game is stored for good, so they come slower than requests.
    pub fn admit_creation(&self, address: Option<std::net::IpAddr>) -> Result<(), ApiError> {
        match address {
            Some(address) => self.charge(format!("create:{address}")),
            None => Ok(()),
        }
    }

    /// Take one request from bucket `key`, or say how long to wait.
    fn charge(&self, key: String) -> Result<(), ApiError> {
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            // A panic elsewhere poisoned the lock: serving on without a limit beats refusing all.
            return Ok(());
        };
        if buckets.len() > BUCKETS_KEPT {
            let limits = self.limits;
            buckets.retain(|key, bucket| {
                let (burst, rate) = rates(&limits, key);
                refill(bucket, now, burst, rate) < burst
            });
        }
        let (burst, rate) = rates(&self.limits, &key);
        let bucket = buckets.entry(key).or_insert(Bucket {
            tokens: burst,
            filled: now,
        });
        let tokens = refill(bucket, now, burst, rate);
        if tokens < 1.0 {
            let wait = ((1.0 - tokens) / rate.max(f64::MIN_POSITIVE)).ceil();
            return Err(ApiError::too_many_requests(wait.clamp(1.0, 3600.0) as u64));
        }
        bucket.tokens = tokens - 1.0;
        Ok(())
    }
}

/// What is open per client address (connections, WebSockets).
#[derive(Debug, Default)]
pub struct PerAddress(Mutex<HashMap<std::net::IpAddr, usize>>);

impl PerAddress {
    /// Count one more from `address`, unless it has `most` already.
    pub fn open(&self, address: std::net::IpAddr, most: usize) -> bool {
        let Ok(mut open) = self.0.lock() else {
            return true;
        };
        let count = open.entry(address).or_insert(0);
        if *count >= most {
            return false;
        }
        *count += 1;
        true
    }

    /// Count one fewer from `address`.
    pub fn close(&self, address: std::net::IpAddr) {
        if let Ok(mut open) = self.0.lock()
            && let Some(count) = open.get_mut(&address)
        {
            *count -= 1;
            if *count == 0 {
                open.remove(&address);
            }
        }
    }
}

/// The client's address: the connection's, or behind a trusted proxy the last address of
/// `X-Forwarded-For` (the one the proxy added; those before it the client may have written).
pub fn client_address(
    headers: &axum::http::HeaderMap,
    connection: Option<std::net::IpAddr>,
    trust_proxy: bool,
) -> Option<std::net::IpAddr> {
    if trust_proxy {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .next_back()
            .and_then(|last| last.trim().parse().ok());
        if forwarded.is_some() {
            return forwarded;
        }
    }
    connection
}

fn rates(limits: &Limits, key: &str) -> (f64, f64) {
    if key.starts_with("token:") {
        (limits.token_burst, limits.token_per_second)
    } else if key.starts_with("create:") {
        (limits.creations_burst, limits.creations_per_minute / 60.0)
    } else {
        (limits.address_burst, limits.address_per_second)
    }
}

/// The bucket's tokens now (at most `burst`), recording the fill.
fn refill(bucket: &mut Bucket, now: Instant, burst: f64, rate: f64) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.filled).as_secs_f64();
    bucket.tokens = (bucket.tokens + elapsed * rate).min(burst);
    bucket.filled = now;
    bucket.tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused_code(refusal: Result<(), Refusal>) -> Option<(&'static str, bool)> {
        match refusal {
            Ok(()) => None,
            Err(Refusal::Wait(error)) => Some((error.code, false)),
            Err(Refusal::LookUp(error)) => Some((error.code, true)),
        }
    }

    #[test]
    fn a_burst_passes_then_the_flood_is_told_to_wait() {
        let limiter = RateLimiter::new(Limits {
            token_burst: 3.0,
            token_per_second: 0.5,
            ..Limits::default()
        });
        limiter.know_seat("seat");
        limiter.know_seat("other");
        let client = Client {
            token_hash: Some("seat".into()),
            address: None,
        };
        for _ in 0..3 {
            assert!(limiter.admit(&client).is_ok());
        }
        let Err(Refusal::Wait(refused)) = limiter.admit(&client) else {
            panic!("the fourth request passed");
        };
        assert_eq!(refused.code, "too_many_requests");
        assert_eq!(refused.retry_after_s, Some(2));
        // Another seat has its own bucket.
        let other = Client {
            token_hash: Some("other".into()),
            address: None,
        };
        assert!(limiter.admit(&other).is_ok());
    }

    #[test]
    fn a_seat_behind_a_busy_address_still_plays_and_spends_nothing_of_the_address() {
        let limiter = RateLimiter::new(Limits {
            address_burst: 2.0,
            address_per_second: 0.001,
            ..Limits::default()
        });
        let address = Some("203.0.113.7".parse().unwrap());
        let anonymous = Client {
            token_hash: None,
            address,
        };
        assert!(limiter.admit(&anonymous).is_ok());
        // A seat's requests go to its token alone: the address's last request is still there.
        limiter.know_seat("seat");
        let seat = Client {
            token_hash: Some("seat".into()),
            address,
        };
        for _ in 0..10 {
            assert!(limiter.admit(&seat).is_ok());
        }
        assert!(limiter.admit(&anonymous).is_ok());
        assert_eq!(
            refused_code(limiter.admit(&anonymous)),
            Some(("too_many_requests", false))
        );
        assert!(
            limiter.admit(&seat).is_ok(),
            "the busy address blocks no seat"
        );
    }

    #[test]
    fn a_token_not_known_to_be_a_seats_pays_as_its_address_and_is_looked_up_once_it_is_empty() {
        let limiter = RateLimiter::new(Limits {
            address_burst: 1.0,
            address_per_second: 0.001,
            ..Limits::default()
        });
        let address = Some("203.0.113.7".parse().unwrap());
        let made_up = Client {
            token_hash: Some("made-up".into()),
            address,
        };
        assert!(limiter.admit(&made_up).is_ok());
        // Made-up tokens buy nothing: the address is empty for all of them.
        let another = Client {
            token_hash: Some("another".into()),
            address,
        };
        assert_eq!(
            refused_code(limiter.admit(&another)),
            Some(("too_many_requests", true))
        );
        // Found to be a seat's (the caller looked it up), it goes on its own budget.
        limiter.know_seat("another");
        assert!(limiter.admit(&another).is_ok());
    }

    #[test]
    fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "198.51.100.1, 203.0.113.9".parse().unwrap(),
        );
        let proxy = Some("127.0.0.1".parse().unwrap());
        assert_eq!(client_address(&headers, proxy, false), proxy);
        assert_eq!(
            client_address(&headers, proxy, true),
            Some("203.0.113.9".parse().unwrap()),
            "the last address, the one the proxy added"
        );
        let garbled = axum::http::HeaderMap::from_iter([(
            axum::http::HeaderName::from_static("x-forwarded-for"),
            "not an address".parse().unwrap(),
        )]);
        assert_eq!(client_address(&garbled, proxy, true), proxy);
    }
}
