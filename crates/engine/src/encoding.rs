//! A game's fixed action space and observation tensor, for learning agents (the Python
//! package's PettingZoo, Gymnasium and OpenSpiel environments).
//!
//! The engine's actions are the game's own typed values, and its legal lists change from one
//! position to the next. A learning agent wants instead a fixed set of integers, the same for
//! every position of a scenario, and a mask of the legal ones; and a fixed-shape array of
//! numbers for what its seat sees. A game gives both through [`Game::action_space`],
//! [`Game::action_id`], [`Game::observation_shape`] and [`Game::observe`].
//!
//! An action space is a list of named blocks, one per kind of action, each a mixed-radix
//! number over named dimensions (`move`: `unit` × `direction`), so every id can be read back
//! as a kind and its coordinates ([`ActionSpace::locate`]) and documented as such. An id only
//! has to tell apart the legal actions of one position: a game may give it relative to the
//! state (a step in one of six directions from where the unit stands), and an id is played by
//! finding the legal action that has it.
//!
//! The observation is a function of what the seat may know, so it cannot reveal more than the
//! view does; the conformance suite checks it the way it checks views (a determinized state
//! and a state the seat cannot tell apart give the same numbers).
//!
//! [`Game::action_space`]: crate::Game::action_space
//! [`Game::action_id`]: crate::Game::action_id
//! [`Game::observation_shape`]: crate::Game::observation_shape
//! [`Game::observe`]: crate::Game::observe

use serde::Serialize;

/// One kind of action in an [`ActionSpace`]: ids `offset .. offset + size`, the coordinates
/// laid out as a mixed-radix number, the first dimension the most significant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionBlock {
    /// The kind of action, as the game's actions name it (`move_along`).
    pub name: &'static str,
    /// Each dimension's name and size (`("unit", 95)`).
    pub dims: Vec<(&'static str, u32)>,
    /// The block's first id.
    pub offset: u32,
    /// How many ids it holds: the product of its dimensions' sizes.
    pub size: u32,
}

/// A fixed action space: ids `0 .. size`, in blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ActionSpace {
    blocks: Vec<ActionBlock>,
    size: u32,
}

/// A block of an [`ActionSpace`], by its place in it: the `n`th block added is `BlockId(n)`,
/// so a game that always adds its blocks in one order can name them by constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockId(pub usize);

impl ActionSpace {
    /// An empty space: add its blocks with [`ActionSpace::block`].
    pub fn new() -> ActionSpace {
        ActionSpace::default()
    }

    /// Add the block `name` with dimensions `dims` after the blocks before it. A dimension of
    /// size 0 makes an empty block (a kind of action this scenario never offers).
    pub fn block(&mut self, name: &'static str, dims: &[(&'static str, u32)]) -> BlockId {
        let size = dims
            .iter()
            .try_fold(1u32, |product, (_, size)| product.checked_mul(*size))
            .unwrap_or(u32::MAX);
        self.blocks.push(ActionBlock {
            name,
            dims: dims.to_vec(),
            offset: self.size,
            size,
        });
        self.size = self.size.saturating_add(size);
        BlockId(self.blocks.len() - 1)
    }

    /// How many ids there are.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// The blocks, in id order.
    pub fn blocks(&self) -> &[ActionBlock] {
        &self.blocks
    }

    /// The id of the action of `block` at `coords` (one per dimension), or `None` when a
    /// coordinate is out of its dimension's range or the count is wrong.
    pub fn id(&self, block: BlockId, coords: &[u32]) -> Option<u32> {
        let block = self.blocks.get(block.0)?;
        if coords.len() != block.dims.len() {
            return None;
        }
        let mut index = 0u32;
        for (&coord, &(_, size)) in coords.iter().zip(&block.dims) {
            if coord >= size {
                return None;
            }
            index = index * size + coord;
        }
        Some(block.offset + index)
    }

    /// The block `id` is in and its coordinates there, or `None` past the end.
    pub fn locate(&self, id: u32) -> Option<(&ActionBlock, Vec<u32>)> {
        let block = self
            .blocks
            .iter()
            .find(|b| id >= b.offset && id - b.offset < b.size)?;
        let mut rest = id - block.offset;
        let mut coords = vec![0; block.dims.len()];
        for (coord, &(_, size)) in coords.iter_mut().zip(&block.dims).rev() {
            *coord = rest % size;
            rest /= size;
        }
        Some((block, coords))
    }
}

/// The shape of a game's observation: `planes` values for each of `cells` places (a plane is
/// `cells` values in a row), then the `globals`. Values are small numbers, most of them 0 or
/// 1, and counts scaled by a constant the plane's name gives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ObservationShape {
    /// What each plane holds, in order (`us_infantry_steps/4`).
    pub planes: Vec<String>,
    /// The places a plane covers (a map's hexes).
    pub cells: u32,
    /// The name of each cell, in order (a hex's printed label).
    pub cell_names: Vec<String>,
    /// What each global value holds, in order (`turn/32`).
    pub globals: Vec<String>,
}

impl ObservationShape {
    /// How many values an observation has.
    pub fn len(&self) -> usize {
        self.planes.len() * self.cells as usize + self.globals.len()
    }

    /// Whether an observation has no value at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_mixed_radix_numbers_within_their_block_and_read_back() {
        let mut space = ActionSpace::new();
        let pass = space.block("pass", &[]);
        let moves = space.block("move", &[("unit", 3), ("direction", 6)]);
        let none = space.block("never", &[("unit", 0)]);
        let fire = space.block("fire", &[("target", 4)]);
        assert_eq!(space.size(), 1 + 18 + 4);
        assert_eq!(space.id(pass, &[]), Some(0));
        assert_eq!(space.id(moves, &[0, 0]), Some(1));
        assert_eq!(space.id(moves, &[2, 5]), Some(18));
        assert_eq!(space.id(moves, &[1, 2]), Some(1 + 6 + 2));
        assert_eq!(space.id(fire, &[3]), Some(22));
        // Out of range, or the wrong number of coordinates: no id.
        assert_eq!(space.id(moves, &[3, 0]), None);
        assert_eq!(space.id(moves, &[0]), None);
        assert_eq!(space.id(none, &[0]), None);
        for id in 0..space.size() {
            let (block, coords) = space.locate(id).unwrap();
            let back = space
                .blocks()
                .iter()
                .position(|b| b.name == block.name)
                .unwrap();
            assert_eq!(space.id(BlockId(back), &coords), Some(id));
        }
        assert!(space.locate(space.size()).is_none());
    }

    #[test]
    fn an_observation_is_its_planes_over_the_cells_then_the_globals() {
        let shape = ObservationShape {
            planes: vec!["a".into(), "b".into()],
            cells: 10,
            cell_names: Vec::new(),
            globals: vec!["turn".into()],
        };
        assert_eq!(shape.len(), 21);
        assert!(!shape.is_empty());
    }
}
