//! The games this build of Overlord knows.
//!
//! The CLI, the server and the simulator know games only through the engine's traits and this
//! list; a new game crate is added here and nowhere else.

use overlord_engine::{Entry, Registry};

/// Every game of this build.
pub fn registry() -> Registry {
    Registry::new(vec![Entry::<overlord_omaha::Omaha>::boxed()])
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
