//! What one client may ask of the server: body sizes, and how fast it may send.
//!
//! Flooding is slowed by token buckets, one per seat token and one per client address: each
//! request (and each WebSocket message) takes a token from both; an empty bucket answers 429
//! with how long to wait. The buckets are hand-written rather than `tower_governor`'s because
//! the same budget must cover messages arriving on an open WebSocket, which a tower layer never
//! sees, and because a seat's budget follows its token, not its address (players behind one
//! router, or the load test's two hundred clients on loopback).

use crate::errors::ApiError;
use std::collections::HashMap;
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

/// The token buckets of every client.
#[derive(Debug)]
pub struct RateLimiter {
    limits: Limits,
    buckets: Mutex<HashMap<String, Bucket>>,
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
        }
    }

    /// Take one request from the client's buckets, or say how long to wait.
    pub fn admit(&self, client: &Client) -> Result<(), ApiError> {
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
        let mut keys = Vec::with_capacity(2);
        if let Some(hash) = &client.token_hash {
            keys.push(format!("token:{hash}"));
        }
        if let Some(address) = client.address {
            keys.push(format!("address:{address}"));
        }
        for key in keys {
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
        }
        Ok(())
    }
}

fn rates(limits: &Limits, key: &str) -> (f64, f64) {
    if key.starts_with("token:") {
        (limits.token_burst, limits.token_per_second)
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

    #[test]
    fn a_burst_passes_then_the_flood_is_told_to_wait() {
        let limiter = RateLimiter::new(Limits {
            token_burst: 3.0,
            token_per_second: 0.5,
            ..Limits::default()
        });
        let client = Client {
            token_hash: Some("seat".into()),
            address: None,
        };
        for _ in 0..3 {
            assert!(limiter.admit(&client).is_ok());
        }
        let refused = limiter.admit(&client).err();
        assert_eq!(refused.as_ref().map(|e| e.code), Some("too_many_requests"));
        assert_eq!(refused.and_then(|e| e.retry_after_s), Some(2));
        // Another seat has its own bucket.
        let other = Client {
            token_hash: Some("other".into()),
            address: None,
        };
        assert!(limiter.admit(&other).is_ok());
    }
}
