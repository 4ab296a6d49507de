//! Seats and their secret tokens.
//!
//! Creating a game makes one random token per seat; whoever holds it plays that seat. The
//! server keeps only the token's SHA-256, so a copy of the database lets nobody act. A token
//! travels in `Authorization: Bearer TOKEN` on HTTP and in `?token=` on the WebSocket (a
//! browser cannot set headers there); the join link carries it after `#`, which browsers never
//! send to a server, so it stays out of logs and `Referer` headers.

use crate::errors::ApiError;
use axum::http::{HeaderMap, header};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// Bytes of randomness in a token: 256 bits, beyond guessing.
const TOKEN_BYTES: usize = 32;

/// Bytes of randomness in a game id: public, only needs to be unique.
const GAME_ID_BYTES: usize = 8;

fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).map_err(|error| {
        ApiError::internal(format!(
            "the system gave no randomness for a token: {error}"
        ))
    })?;
    Ok(hex(&buffer))
}

fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _infallible = write!(text, "{byte:02x}");
    }
    text
}

/// A new secret seat token (64 hex digits).
pub fn new_token() -> Result<String, ApiError> {
    random_hex(TOKEN_BYTES)
}

/// A new game id (16 hex digits).
pub fn new_game_id() -> Result<String, ApiError> {
    random_hex(GAME_ID_BYTES)
}

/// A random seed for a game created without one.
pub fn new_seed() -> Result<u64, ApiError> {
    let mut buffer = [0u8; 8];
    getrandom::fill(&mut buffer).map_err(|error| {
        ApiError::internal(format!("the system gave no randomness for a seed: {error}"))
    })?;
    Ok(u64::from_le_bytes(buffer))
}

/// What the server stores and compares instead of the token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The token in an `Authorization: Bearer` header, if any; a header of another shape is
/// refused rather than ignored, so a client bug does not silently turn a seat into a
/// spectator.
pub fn bearer_token(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().unwrap_or_default().trim();
    // The scheme's name is case-insensitive (RFC 9110, 11.1): `bearer` is `Bearer`.
    let token = text
        .split_once(' ')
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    match token {
        Some(token) if !token.is_empty() => Ok(Some(token.to_owned())),
        _ => Err(ApiError::unauthorized(
            "the Authorization header must be `Bearer TOKEN`, with the token of your seat's link",
        )),
    }
}

/// The join link of a seat: the page, the game, and the token after `#`.
pub fn join_link(game_id: &str, token: &str) -> String {
    format!("/play/{game_id}#{token}")
}

/// The link to watch a game (the public view only).
pub fn spectate_link(game_id: &str) -> String {
    format!("/play/{game_id}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_only_as_their_hash() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        let hash = token_hash(&a);
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, a);
        assert_eq!(hash, token_hash(&a));
    }

    #[test]
    fn only_a_bearer_header_carries_a_token() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer_token(&headers).unwrap(), None);
        headers.insert(header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(bearer_token(&headers).unwrap(), Some("abc".into()));
        headers.insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer_token(&headers).unwrap_err().code, "bad_token");
    }
}
