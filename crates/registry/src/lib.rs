//! The games this build of Overlord plays.
//!
//! The CLI, the server and the simulator know games only through the engine's traits and this
//! list; a new game crate is added here and nowhere else. No game has landed yet: the engine's
//! own test game lives in the engine's tests and is not a product.

use overlord_engine::Registry;

/// Every game of this build.
pub fn registry() -> Registry {
    Registry::new(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_are_unique() {
        let registry = registry();
        let mut ids: Vec<&str> = registry.games().map(|g| g.info().id).collect();
        let count = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count);
    }
}
