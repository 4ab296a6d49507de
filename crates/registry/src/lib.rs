//! The games this build of Overlord knows.
//!
//! The CLI, the server and the simulator know games only through the engine's traits and this
//! list; a new game crate is added here and nowhere else.
//!
//! Two faces: [`registry`], the object-safe one (JSON actions and views, for playing), and
//! [`visit_game`], which hands a [`GameVisitor`] the game's concrete type, for work that must
//! be compiled for each game to be fast (batch simulation).

pub mod data_root;

use overlord_engine::{Entry, Game, Heuristics, Registry};

/// The one list of games: each game's `Game` type, from which both faces below are made, so a
/// new game crate is registered by adding its type here and nowhere else. Every game listed
/// has bots (`overlord_ai`'s, through its `Heuristics`), so it can be simulated, and its seats
/// played by the computer in the terminal and on the server.
///
/// A game whose components are authored before its rules is listed after `components:` by its
/// `info()` and its `Components` type: `overlord validate`, `scenarios` and `map` work for it,
/// and starting a game says the rules are not playable yet.
macro_rules! games {
    ($($game:ty),+ $(,)?; components: $(($info:expr, $data:ty)),* $(,)?) => {
        /// Every game of this build.
        pub fn registry() -> Registry {
            Registry::new(vec![$(
                Entry::<$game>::boxed_with_bots(overlord_ai::advice::advise::<$game>)
            ),+ $(, overlord_engine::ComponentsEntry::<$data>::boxed($info))*])
        }

        /// Call `visitor` with the type of the game called `id` (as `overlord games` lists
        /// it), or `None` when no game that bots can play has that id.
        pub fn visit_game<V: GameVisitor>(id: &str, visitor: V) -> Option<V::Output> {
            $(
                if id == <$game as Game>::info().id {
                    return Some(visitor.visit::<$game>());
                }
            )+
            None
        }
    };
}

games!(
    overlord_omaha::Omaha,
    overlord_normandy44::Normandy44,
    overlord_tide_of_iron::ToiGame,
    overlord_ambush::Ambush;
    components:
);

/// Work to be done on a game whose type is known only at run time, by its id: [`visit_game`]
/// calls [`GameVisitor::visit`] with the game's type, so the work is monomorphised for it.
pub trait GameVisitor {
    type Output;
    /// Do the work on game type `G`.
    fn visit<G: Game + Heuristics>(self) -> Self::Output;
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

    struct Id;

    impl GameVisitor for Id {
        type Output = &'static str;
        fn visit<G: Game + Heuristics>(self) -> &'static str {
            G::info().id
        }
    }

    #[test]
    fn every_playable_game_can_be_visited_by_its_id() {
        for game in registry().games().filter(|g| g.playable()) {
            let id = game.info().id;
            assert_eq!(visit_game(id, Id), Some(id));
            assert!(game.has_bots(), "{id}: every listed game has bots");
        }
        assert_eq!(visit_game("chess", Id), None);
    }
}
