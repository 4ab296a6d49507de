//! Reading a record to import, within bounds: an import is the one request that carries a
//! whole game, and parsed carelessly one body of a few megabytes takes hundreds of megabytes
//! of memory (a JSON value per node of the record, a tree node per object) on the threads that
//! answer everyone.
//!
//! So a body is read in two passes on a blocking thread. The first walks it keeping nothing
//! and adds up the memory its parsed values would take, refusing past
//! [`Limits::record_memory`]; only a body under that bound is then parsed into the typed
//! request, whose actions are counted against [`Limits::record_actions`]. The memory an
//! import takes is thus bounded whatever the record's shape, and
//! [`Limits::imports_in_flight`] bounds the imports at once.

use crate::errors::ApiError;
use crate::limits::Limits;
use crate::play::ImportRequest;
use axum::http::StatusCode;
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;

/// The import request in `body`, or why it is refused: bad JSON (400), too much memory or too
/// many actions (413).
pub fn read(body: &[u8], limits: &Limits) -> Result<ImportRequest, ApiError> {
    weigh(body, limits.record_memory)?;
    let request: ImportRequest = serde_json::from_slice(body).map_err(|error| {
        ApiError::bad_request(
            "bad_json",
            format!("the body is not the JSON this call takes: {error} (see docs/server-api.md)"),
        )
    })?;
    let actions = request.record.actions.len();
    if actions > limits.record_actions {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_actions",
            format!(
                "the record holds {actions} actions, over this server's limit of {}; play it \
                 on with `overlord replay` instead, or ask the server's operator to raise \
                 `--record-actions`",
                limits.record_actions
            ),
        ));
    }
    Ok(request)
}

/// What one parsed JSON value takes in memory, before what it owns.
const VALUE: usize = size_of::<serde_json::Value>();
/// What an object's tree takes per node: it holds up to 11 entries, each a key (a `String`)
/// and a value, whatever the number used.
const OBJECT_NODE: usize = 11 * (size_of::<String>() + VALUE) + 16;
/// Entries of an object one tree node holds.
const NODE_ENTRIES: usize = 11;

/// Walk `body`'s JSON, keeping nothing, and refuse it once its values, parsed, would take more
/// than `cap` bytes.
fn weigh(body: &[u8], cap: usize) -> Result<(), ApiError> {
    let weight = Cell::new(0);
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    let walked = Scale {
        weight: &weight,
        cap,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end());
    match walked {
        Ok(()) => Ok(()),
        Err(_) if weight.get() > cap => Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!(
                "the record would take more than this server's limit of {} MiB of memory to \
                 read; no game's record needs that much",
                cap / (1024 * 1024)
            ),
        )),
        Err(error) => Err(ApiError::bad_request(
            "bad_json",
            format!("the body is not JSON: {error} (see docs/server-api.md)"),
        )),
    }
}

/// Adds up the memory of every value below it, as `serde_json::Value` would hold it.
#[derive(Clone, Copy)]
struct Scale<'a> {
    weight: &'a Cell<usize>,
    cap: usize,
}

impl Scale<'_> {
    fn add<E: serde::de::Error>(self, bytes: usize) -> Result<(), E> {
        self.weight.set(self.weight.get().saturating_add(bytes));
        if self.weight.get() > self.cap {
            return Err(E::custom("over the memory limit"));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Scale<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Scale<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        self.add(VALUE)
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        self.add(VALUE)
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        self.add(VALUE)
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        self.add(VALUE)
    }
    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<(), E> {
        self.add(VALUE + text.len())
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.add(VALUE)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.add(VALUE)?;
        // Each element, plus its slot in the array's buffer (which may be up to twice the
        // elements, as it grows by doubling).
        while seq.next_element_seed(Slot(self))?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.add(VALUE)?;
        let mut entries = 0;
        while let Some(key) = map.next_key_seed(KeyLength)? {
            if entries % NODE_ENTRIES == 0 {
                self.add(OBJECT_NODE)?;
            }
            entries += 1;
            self.add(key)?;
            map.next_value_seed(self)?;
        }
        Ok(())
    }
}

/// An element of an array: its value and the slots it takes in the array's buffer.
struct Slot<'a>(Scale<'a>);

impl<'de> DeserializeSeed<'de> for Slot<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        self.0.add::<D::Error>(VALUE)?;
        self.0.deserialize(deserializer)
    }
}

/// An object's key, read only for its length.
struct KeyLength;

impl<'de> DeserializeSeed<'de> for KeyLength {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyLength {
    type Value = usize;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an object's key")
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<usize, E> {
        Ok(key.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(memory: usize, actions: usize) -> Limits {
        Limits {
            record_memory: memory,
            record_actions: actions,
            ..Limits::default()
        }
    }

    #[test]
    fn every_value_weighs_whatever_its_depth() {
        // The object (a value and a node), "a": 1, "b": [...] with two slots, true, the inner
        // object with its node, "c": null.
        let body = br#"{"a": 1, "b": [true, {"c": null}]}"#;
        let weight = 5 * VALUE + OBJECT_NODE + 1 + 1 + 2 * VALUE + VALUE + OBJECT_NODE + 1;
        assert!(weigh(body, weight).is_ok());
        let refused = weigh(body, weight - 1).unwrap_err();
        assert_eq!(refused.code, "too_large");
        assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[test]
    fn a_body_that_is_not_json_is_a_bad_request_not_too_large() {
        let refused = weigh(b"{\"a\": [1, 2", 1 << 20).unwrap_err();
        assert_eq!(refused.code, "bad_json");
        let trailing = weigh(b"{} {}", 1 << 20).unwrap_err();
        assert_eq!(trailing.code, "bad_json");
    }

    #[test]
    fn a_record_over_the_action_cap_is_refused_with_what_to_do() {
        let actions = vec![serde_json::json!("pass"); 11];
        let body = serde_json::json!({ "record": {
            "format": 1, "game": "omaha", "rules_version": "1", "scenario": "s",
            "options": {}, "randomness": { "seed": 1 }, "actions": actions } });
        let body = serde_json::to_vec(&body).unwrap();
        let refused = read(&body, &limits(1 << 20, 10)).unwrap_err();
        assert_eq!(refused.code, "too_many_actions");
        assert!(refused.reason.contains("11 actions"), "{}", refused.reason);
        assert!(read(&body, &limits(1 << 20, 11)).is_ok());
    }
}
