//! Zones of control and ZOC bonds (rule 8): which hexes one side's units hold in their zone of
//! control (8.1) and which hexes and hexsides their ZOC bonds close to the enemy (8.5.1–8.5.6),
//! with the terrain limits of 9.6 and the TEC, the scattered airborne units of 20.2 (A-10) and
//! the Cherbourg Perimeter of 16.3. Movement (8.2, 8.3, 9.10), retreat (13.1, 13.2), advance
//! (14.3) and the line of supply (18.2) ask these questions; the answers are theirs to use.
//!
//! Everything here is a pure function of the map and an [`Occupancy`] (per hex: whose units,
//! whether they exert a ZOC, whether they can form bonds), which the caller fills from the
//! state. [`Zones::compute`] works out one side's ZOC and bonds in one pass over the map, into
//! a byte per hex and bit sets per hex and per (hex, direction), so that a search asks
//! "may an enemy step from here to there" in constant time, many thousands of times.
//!
//! # What the caller decides
//!
//! - A stack *exerts a ZOC* when one of its units does: a combat unit with CF 2 or more that is
//!   not a strongpoint (8.1). CF-1 units (HQs, which defend with 1, included), strongpoints and
//!   markers exert none (T-ZOC-01). Disorganized (13.6) and out-of-supply (18.4) units keep
//!   their ZOC, and so do scattered airborne units (20.2, A-10).
//! - A stack *forms bonds* when one of its units exerts a ZOC and is not scattered (8.5.1, 20.2:
//!   scattered units "cannot form bonds or help form them"). Disorganized units keep the ability
//!   (13.6). [`Occupancy::add`], called once per unit, ORs these facts into the stack's.
//! - A unit on the move counts where it stands: the occupancy is the map as it is.
//!
//! # Geometry
//!
//! Directions are the map's neighbour table order (hexx's `EdgeDirection::ALL_DIRECTIONS`),
//! which runs round the hex: neighbours `k` and `k + 1` (mod 6) are adjacent to each other,
//! `k + 3` is opposite `k`, and stepping twice in direction `k` is a straight line. Nothing
//! here reads labels or rows, so the printed grid's orientation does not matter.
//!
//! A **hex bond** (8.5.1) joins two stacks `A` and `B` two hexes apart in a straight line; the
//! bond is the middle hex `M`:
//!
//! ```text
//!  / \ / \ / \
//! | A | M | B |
//!  \ / \ / \ /
//! ```
//!
//! A **hexside bond** (8.5.1) joins `U` to the hex `E` two hexes away, not in line. `C` and `D`,
//! the neighbours of `U` in two adjacent directions, are their two common neighbours; the bond is
//! the hexside `C`–`D` (drawn `#`), which runs from the vertex `U`/`C`/`D` to the vertex
//! `C`/`D`/`E`:
//!
//! ```text
//!  / \ / \
//! | U | C |
//!  \ / # / \
//!   | D | E |
//!    \ / \ /
//! ```
//!
//! A **border bond** (8.5.5) is the same hexside bond with the border instead of a second stack:
//! the far vertex `C`/`D`/`E` lies on the border when
//! - `E` is off the map and both `C` and `D` are south-edge or east-edge hexes (the vertex is on
//!   the south or east map edge; the west and north edges are no border);
//! - `E` is a sea hex (the vertex is on the coast) or the Marais de Gorges marsh hex;
//! - the hexside `C`–`E` or `D`–`E` is a blue impassable or an all-sea hexside.
//!
//! So a stack forms a border bond when it is one hex away from the edge row, the coast, the
//! marsh or an impassable hexside, with the bond sealing the gap between it and the border. A
//! stack on the border itself needs none, and a gap of a whole hex (`E` = the border hex in the
//! hex bond's line) is never bonded: a hex bond with the border does not exist (T-BOND-03).
//!
//! # What "across" means (8.5.6, 9.6, A-25)
//!
//! A bond forms only where each of its stacks projects its ZOC into the bond (A-25): for a hex
//! bond, each of `A` and `B` into `M`; for a hexside bond, each of `U` and `E` into both `C` and
//! `D`, and for a border bond `U` into both. A ZOC does not cross an impassable or all-sea
//! hexside and does not enter the marsh (8.1) or the sea, so the two stacks do not bond when any
//! of those hexsides is impassable or all-sea, or when a bond hex is the marsh or the sea. The
//! hexside bond's own hexside `C`–`D` must not be impassable or all-sea either. Major rivers,
//! flooded hexsides and flooded hexes stop neither the ZOC nor the bond (8.5.6).
//!
//! An impassable or all-sea hexside between one end of a hexside bond and `C` or `D` ends at a
//! vertex of `C`–`D`, and that makes the vertex border (8.5.5): the other end, when it projects
//! into both `C` and `D`, still bonds `C`–`D`, with the border rather than with the cut-off
//! stack. Only when both ends are cut off does no hexside bond form. A hex bond's cut-off
//! hexside touches no vertex of a bond the other end could form, so it simply fails.

use crate::data::{Class, GameMap, HexFlags, Hexside, Side, UnitId};
use crate::state::{Memoized, Normandy44, Table, UnitFlags, UnitState, UnitTable};
use crate::tables::terrain::{HexsideFeature, Terrain};
use overlord_hexmap::HexId;
use std::sync::Arc;

/// What the ZOC rules need to know of the units on the map, per hex (dense by [`HexId`] index):
/// whose units are there, whether they exert a ZOC, whether they can form bonds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Occupancy {
    cells: Vec<u8>,
    /// A bit per hex for each side (German, Allied): the hexes holding its units, kept in step
    /// with `cells`, so that a side's hexes are read a word at a time.
    held: [Vec<u64>; 2],
}

const GERMAN: u8 = 1;
const ALLIED: u8 = 1 << 1;
const EXERTS_ZOC: u8 = 1 << 2;
const FORMS_BONDS: u8 = 1 << 3;

fn side_bit(side: Side) -> u8 {
    match side {
        Side::German => GERMAN,
        Side::Allied => ALLIED,
    }
}

impl Occupancy {
    /// An empty map of `hex_count` hexes.
    pub fn new(hex_count: usize) -> Self {
        let words = hex_count.div_ceil(64);
        Occupancy {
            cells: vec![0; hex_count],
            held: [vec![0; words], vec![0; words]],
        }
    }

    /// Sets what `hex` holds: `side`'s units, which exert a ZOC or not and can form bonds or
    /// not (see the module doc for who decides).
    pub fn set(&mut self, hex: HexId, side: Side, exerts_zoc: bool, forms_bonds: bool) {
        self.put(hex, 0);
        self.add(hex, side, exerts_zoc, forms_bonds);
    }

    /// Adds one unit of `side` to `hex`: the stack exerts a ZOC if any of its units does and
    /// forms bonds if any of its units does.
    pub fn add(&mut self, hex: HexId, side: Side, exerts_zoc: bool, forms_bonds: bool) {
        let mut cell = self.cell(hex) | side_bit(side);
        if exerts_zoc {
            cell |= EXERTS_ZOC;
            // 8.5.1: only a unit that exerts a ZOC can form a bond.
            if forms_bonds {
                cell |= FORMS_BONDS;
            }
        }
        self.put(hex, cell);
    }

    /// Empties `hex`.
    pub fn clear(&mut self, hex: HexId) {
        self.put(hex, 0);
    }

    /// Write `hex`'s cell, and its bits in `held`.
    fn put(&mut self, hex: HexId, cell: u8) {
        let i = hex.index();
        let Some(slot) = self.cells.get_mut(i) else {
            return;
        };
        *slot = cell;
        for (bits, side) in self.held.iter_mut().zip([GERMAN, ALLIED]) {
            if let Some(word) = bits.get_mut(i / 64) {
                if cell & side != 0 {
                    *word |= 1 << (i % 64);
                } else {
                    *word &= !(1 << (i % 64));
                }
            }
        }
    }

    /// The bits of the hexes holding units of `side`.
    fn held(&self, side: Side) -> &[u64] {
        match side {
            Side::German => &self.held[0],
            Side::Allied => &self.held[1],
        }
    }

    fn cell(&self, hex: HexId) -> u8 {
        self.cells.get(hex.index()).copied().unwrap_or(0)
    }

    /// Whose units are in `hex`, if any.
    pub fn side(&self, hex: HexId) -> Option<Side> {
        let cell = self.cell(hex);
        if cell & GERMAN != 0 {
            Some(Side::German)
        } else if cell & ALLIED != 0 {
            Some(Side::Allied)
        } else {
            None
        }
    }

    /// The hexes holding units of `side`, in hex order, each once.
    pub fn hexes_of(&self, side: Side) -> Vec<HexId> {
        let held = self.held(side);
        let count = held.iter().map(|w| w.count_ones() as usize).sum();
        let mut hexes = Vec::with_capacity(count);
        for (w, &word) in held.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                hexes.extend(HexId::from_index(w * 64 + rest.trailing_zeros() as usize));
                rest &= rest - 1;
            }
        }
        hexes
    }

    /// [`Occupancy::hexes_of`], read a word of `held` at a time.
    fn held_hexes(&self, side: Side) -> impl Iterator<Item = HexId> + '_ {
        ones(self.held(side)).filter_map(HexId::from_index)
    }

    /// Whether `hex` holds no unit at all.
    pub fn is_empty(&self, hex: HexId) -> bool {
        self.cell(hex) & (GERMAN | ALLIED) == 0
    }

    /// Whether `hex` holds units of `side`.
    pub fn has(&self, hex: HexId, side: Side) -> bool {
        self.cell(hex) & side_bit(side) != 0
    }

    /// Whether `hex` holds a stack of `side` that exerts a ZOC.
    pub fn exerts_zoc(&self, hex: HexId, side: Side) -> bool {
        let cell = self.cell(hex);
        cell & side_bit(side) != 0 && cell & EXERTS_ZOC != 0
    }

    /// Whether `hex` holds a stack of `side` that can form bonds.
    pub fn forms_bonds(&self, hex: HexId, side: Side) -> bool {
        let cell = self.cell(hex);
        cell & side_bit(side) != 0 && cell & FORMS_BONDS != 0
    }

    /// The hexes holding a stack of `side` with every bit of `what` ([`EXERTS_ZOC`],
    /// [`FORMS_BONDS`]), in hex order: read off the side's bits, so the zones visit only the
    /// few occupied hexes of a map of a thousand.
    fn hexes_with(&self, side: Side, what: u8) -> impl Iterator<Item = HexId> + '_ {
        let mask = side_bit(side) | what;
        self.held_hexes(side)
            .filter(move |&hex| self.cell(hex) & mask == mask)
    }
}

/// A fixed-size bit set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    fn new(len: usize) -> Self {
        Bits {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    fn set(&mut self, i: usize) {
        if i < self.len
            && let Some(word) = self.words.get_mut(i / 64)
        {
            *word |= 1 << (i % 64);
        }
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        i < self.len
            && self
                .words
                .get(i / 64)
                .is_some_and(|w| (w >> (i % 64)) & 1 != 0)
    }

    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        ones(&self.words)
    }
}

/// The indices of the bits set in `words`, 64 a word, lowest first.
fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(w * 64 + bit)
        })
    })
}

/// One side's ZOC and ZOC bonds in one position: everything they forbid the other side,
/// computed once ([`Zones::compute`]) and asked in constant time.
#[derive(Clone, Debug)]
pub struct Zones<'m> {
    map: &'m GameMap,
    owner: Side,
    sets: Arc<ZoneSets>,
    /// Where the other side's units stand now: their presence cancels bonds (8.5.3), so the
    /// owner's sets, which depend on the owner's units alone, are read through it.
    occupancy: Arc<Occupancy>,
}

/// What [`Zones`] asks, without the map: what the game's memo keeps per side. It depends on
/// the owner's units alone (the other side's cancel bonds when asked, 8.5.3), so it stays
/// right while the other side moves: a Movement Phase works out the enemy's zones once.
#[derive(Debug)]
pub struct ZoneSets {
    /// Per hex, the directions (bit `k`: the neighbour in direction `k`) from which an owner's
    /// stack projects its ZOC into the hex.
    zoc: Vec<u8>,
    /// Hex bonds as the owner's units form them, by hex index: a hostile unit in the hex
    /// cancels one (8.5.3), asked by [`Zones::hex_bond`].
    hex_bonds: Bits,
    /// Hexside bonds as the owner's units form them, by `hex * 6 + direction`, set on both of
    /// the hexside's entries: hostile units on both sides cancel one (8.5.3), asked by
    /// [`Zones::hexside_bond_towards`].
    side_bonds: Bits,
    /// The hexes a step out of may meet a bond ([`Zones::bond_on_step`]): the ends of hexside
    /// bonds and the neighbours of hex bonds, by hex index.
    bond_steps: Bits,
}

/// The direction opposite `k`.
fn opposite(k: usize) -> usize {
    (k + 3) % 6
}

/// Whether a ZOC stops at this hexside: 8.1 (all-sea), 9.6 (blue impassable).
fn closed(side: Hexside) -> bool {
    side.has(HexsideFeature::Impassable) || side.has(HexsideFeature::AllSea)
}

/// Whether a ZOC can enter `hex`: 8.1, never the Marais de Gorges marsh; the sea is out of play.
fn open_hex(map: &GameMap, hex: HexId) -> bool {
    !hex.is_none() && !matches!(map.terrain(hex), Terrain::Marsh | Terrain::Sea)
}

/// The neighbour of `hex` in direction `k`, [`HexId::NONE`] off the map.
fn step(map: &GameMap, hex: HexId, k: usize) -> HexId {
    map.hexes
        .neighbours(hex)
        .get(k)
        .copied()
        .unwrap_or(HexId::NONE)
}

/// The directions (bit `k`) into which a ZOC-exerting stack in `hex` projects its ZOC (8.1).
fn reach(map: &GameMap, hex: HexId) -> u8 {
    let mut mask = 0;
    for (k, n) in map.hexes.neighbours(hex).into_iter().enumerate() {
        if open_hex(map, n) && !closed(map.side(hex, k)) {
            mask |= 1 << k;
        }
    }
    mask
}

/// Whether `hex` is on the south or east map edge (8.5.5).
fn edge_hex(map: &GameMap, hex: HexId) -> bool {
    let flags = map.flags(hex);
    flags.has(HexFlags::SOUTH_EDGE) || flags.has(HexFlags::EAST_EDGE)
}

impl<'m> Zones<'m> {
    /// `owner`'s ZOC and bonds with the units of `occupancy` on `map`.
    pub fn compute(map: &'m GameMap, occupancy: &Occupancy, owner: Side) -> Zones<'m> {
        Zones {
            map,
            owner,
            sets: Arc::new(Self::sets(map, occupancy, owner)),
            occupancy: Arc::new(occupancy.clone()),
        }
    }

    /// [`Self::compute`]'s answers, from the owner's units only (the other side's cancel
    /// bonds when asked).
    fn sets(map: &GameMap, occupancy: &Occupancy, owner: Side) -> ZoneSets {
        let n = map.hexes.len();
        let mut zones = ZoneSets {
            zoc: vec![0; n],
            hex_bonds: Bits::new(n),
            side_bonds: Bits::new(n * 6),
            bond_steps: Bits::new(n),
        };
        // Where each of the owner's ZOC-exerting stacks projects its ZOC (8.1): bonds read it
        // for both their ends (A-25).
        let mut reaches = vec![0u8; n];
        for hex in occupancy.hexes_with(owner, EXERTS_ZOC) {
            let mask = reach(map, hex);
            if let Some(r) = reaches.get_mut(hex.index()) {
                *r = mask;
            }
            for (k, n) in map.hexes.neighbours(hex).into_iter().enumerate() {
                if mask & (1 << k) != 0
                    && let Some(z) = zones.zoc.get_mut(n.index())
                {
                    *z |= 1 << opposite(k);
                }
            }
        }
        let reach_of = |hex: HexId| reaches.get(hex.index()).copied().unwrap_or(0);
        // 8.5.1: only stacks that exert a ZOC, and are not all scattered (20.2), form bonds.
        for a in occupancy.hexes_with(owner, FORMS_BONDS) {
            let reach_a = reach_of(a);
            for k in 0..6 {
                // 8.5.1 hex bond: B two hexes away in direction k, the middle hex M empty.
                // A friendly unit in M makes no bond (A-25); a hostile one cancels it (8.5.3),
                // which `Zones::hex_bond` asks.
                let m = step(map, a, k);
                let b = step(map, m, k);
                if reach_a & (1 << k) != 0
                    && !occupancy.has(m, owner)
                    && occupancy.forms_bonds(b, owner)
                    && reach_of(b) & (1 << opposite(k)) != 0
                {
                    zones.hex_bonds.set(m.index());
                    for next in map.hexes.neighbours_on_map(m) {
                        zones.bond_steps.set(next.index());
                    }
                }
                // 8.5.1 hexside bond on C–D, C and D the neighbours of A in directions k and
                // k + 1; the far vertex is C/D/E.
                let k1 = (k + 1) % 6;
                if reach_a & (1 << k) == 0 || reach_a & (1 << k1) == 0 {
                    continue;
                }
                let c = step(map, a, k);
                let d = step(map, a, k1);
                // D = C + (direction k + 1) - (direction k), which is direction k + 2 from C.
                let c_to_d = (k + 2) % 6;
                // 8.5.6, 9.6, A-25: no bond on an impassable or all-sea hexside.
                if closed(map.side(c, c_to_d)) {
                    continue;
                }
                // 8.5.3's cancelling by hostile units in both C and D is asked by
                // `Zones::hexside_bond_towards`.
                let e = step(map, c, k1);
                // E's directions to C and to D.
                let (e_to_c, e_to_d) = (opposite(k1), opposite(k));
                let with_unit = occupancy.forms_bonds(e, owner)
                    && reach_of(e) & (1 << e_to_c) != 0
                    && reach_of(e) & (1 << e_to_d) != 0;
                if with_unit || Self::border_vertex(map, c, d, e, k, k1) {
                    zones.side_bonds.set(c.index() * 6 + c_to_d);
                    zones.side_bonds.set(d.index() * 6 + opposite(c_to_d));
                    zones.bond_steps.set(c.index());
                    zones.bond_steps.set(d.index());
                }
            }
        }
        zones
    }

    /// 8.5.5: whether the vertex shared by C, D and E (E being C's neighbour in direction `k1`
    /// and D's in direction `k`) lies on the border.
    fn border_vertex(map: &GameMap, c: HexId, d: HexId, e: HexId, k: usize, k1: usize) -> bool {
        if e.is_none() {
            // Off the map: the south and east map edges only.
            return edge_hex(map, c) && edge_hex(map, d);
        }
        // The coast (a sea hex) and the Marais de Gorges marsh hex.
        if matches!(map.terrain(e), Terrain::Sea | Terrain::Marsh) {
            return true;
        }
        // A blue impassable hexside, or an all-sea one (the coast), ending at the vertex.
        closed(map.side(c, k1)) || closed(map.side(d, k))
    }

    /// The side whose ZOC and bonds these are.
    pub fn owner(&self) -> Side {
        self.owner
    }

    /// 8.1: whether `hex` is in the owner's ZOC (for the other side, an EZOC hex).
    pub fn in_zoc(&self, hex: HexId) -> bool {
        self.sets.zoc.get(hex.index()).is_some_and(|&z| z != 0)
    }

    /// Whether an owner's stack in `from` projects its ZOC into the adjacent hex `to` (8.1): 13.1
    /// and 14.3 ask whose ZOC a hex is in.
    pub fn zoc_across(&self, from: HexId, to: HexId) -> bool {
        self.direction(to, from).is_some_and(|k| {
            self.sets
                .zoc
                .get(to.index())
                .is_some_and(|&z| z & (1 << k) != 0)
        })
    }

    /// The hexes whose owner's stacks project their ZOC into `hex`.
    pub fn zoc_sources(&self, hex: HexId) -> impl Iterator<Item = HexId> + '_ {
        let mask = self.sets.zoc.get(hex.index()).copied().unwrap_or(0);
        self.map
            .hexes
            .neighbours(hex)
            .into_iter()
            .enumerate()
            .filter(move |&(k, _)| mask & (1 << k) != 0)
            .map(|(_, n)| n)
    }

    /// 16.3: whether `hex` is in the owner's ZOC once the ZOC projected across the Cherbourg
    /// Perimeter from outside to inside is ignored. A German unit forced to retreat reads the
    /// Allied zones this way.
    pub fn in_zoc_ignoring_perimeter(&self, hex: HexId) -> bool {
        let inside = |h: HexId| self.map.flags(h).has(HexFlags::CHERBOURG_PERIMETER);
        self.zoc_sources(hex).any(|source| {
            let across = self.direction(hex, source).is_some_and(|k| {
                self.map
                    .side(hex, k)
                    .has(HexsideFeature::CherbourgPerimeter)
            });
            !(across && inside(hex) && !inside(source))
        })
    }

    /// 8.5.1: whether `hex` is an owner's hex bond, not cancelled by a hostile unit in it
    /// (8.5.3).
    pub fn hex_bond(&self, hex: HexId) -> bool {
        !hex.is_none()
            && self.sets.hex_bonds.get(hex.index())
            && !self.occupancy.has(hex, self.owner.enemy())
    }

    /// 8.5.1, 8.5.5: whether the hexside between the adjacent hexes `a` and `b` is an owner's
    /// hexside bond (not cancelled, 8.5.3); false when they are not adjacent.
    pub fn hexside_bond(&self, a: HexId, b: HexId) -> bool {
        self.direction(a, b)
            .is_some_and(|k| self.hexside_bond_towards(a, k))
    }

    /// Whether the hexside of `hex` facing direction `k` is an owner's hexside bond, not
    /// cancelled by hostile units on both its sides (8.5.3, only both).
    pub fn hexside_bond_towards(&self, hex: HexId, k: usize) -> bool {
        !hex.is_none()
            && k < 6
            && self.sets.side_bonds.get(hex.index() * 6 + k)
            && !(self.occupancy.has(hex, self.owner.enemy())
                && self
                    .occupancy
                    .has(step(self.map, hex, k), self.owner.enemy()))
    }

    /// 8.5.2, 8.5.4: whether a unit of the other side stepping from `from` to the adjacent `to`
    /// would enter an owner's hex bond or cross an owner's hexside bond. It may do neither in
    /// movement (8.3, 9.10), is eliminated doing so in a retreat (13.2), may not advance so except
    /// into the vacated defender hex (14.3), and no line of supply goes so (18.2). False when the
    /// hexes are not adjacent.
    pub fn blocks_step(&self, from: HexId, to: HexId) -> bool {
        self.direction(from, to)
            .is_some_and(|k| self.blocks_towards(from, k))
    }

    /// [`Self::blocks_step`] for the step from `from` to its neighbour in direction `k`.
    pub fn blocks_towards(&self, from: HexId, k: usize) -> bool {
        self.blocks_into(from, k, step(self.map, from, k))
    }

    /// [`Self::blocks_towards`] with `to`, the neighbour in direction `k`, already known: the
    /// movement search's inner step. The bits first, as most hexes and hexsides hold no bond.
    #[inline]
    pub fn blocks_into(&self, from: HexId, k: usize, to: HexId) -> bool {
        let hostile = |hex: HexId| self.occupancy.has(hex, self.owner.enemy());
        let side_bond = k < 6
            && !from.is_none()
            && self.sets.side_bonds.get(from.index() * 6 + k)
            && !(hostile(from) && hostile(to));
        side_bond || (!to.is_none() && self.sets.hex_bonds.get(to.index()) && !hostile(to))
    }

    /// Whether the step from `from` to its neighbour `to` in direction `k` meets one of the
    /// owner's bonds, cancelled or not: where the other side's units decide, by standing in
    /// `from` or `to`, whether [`Self::blocks_into`] blocks it (8.5.3).
    #[inline]
    pub fn bond_on_step(&self, from: HexId, k: usize, to: HexId) -> bool {
        (k < 6 && !from.is_none() && self.sets.side_bonds.get(from.index() * 6 + k))
            || (!to.is_none() && self.sets.hex_bonds.get(to.index()))
    }

    /// Whether a step out of `hex` may meet one of the owner's bonds, cancelled or not
    /// ([`Self::bond_on_step`]): `hex` ends a hexside bond or lies next to a hex bond.
    pub fn bond_steps_from(&self, hex: HexId) -> bool {
        self.sets.bond_steps.get(hex.index())
    }

    /// Every hex bond.
    pub fn hex_bonds(&self) -> impl Iterator<Item = HexId> + '_ {
        self.sets
            .hex_bonds
            .ones()
            .filter_map(HexId::from_index)
            .filter(|&hex| self.hex_bond(hex))
    }

    /// Every hexside bond, as its two hexes (lower id first).
    pub fn hexside_bonds(&self) -> impl Iterator<Item = (HexId, HexId)> + '_ {
        self.sets.side_bonds.ones().filter_map(|i| {
            let a = HexId::from_index(i / 6)?;
            let b = step(self.map, a, i % 6);
            (a < b && !b.is_none() && self.hexside_bond_towards(a, i % 6)).then_some((a, b))
        })
    }

    /// The direction from `a` to its neighbour `b`.
    fn direction(&self, a: HexId, b: HexId) -> Option<usize> {
        if b.is_none() {
            return None;
        }
        self.map.hexes.neighbours(a).iter().position(|&n| n == b)
    }
}

/// Whether `unit` exerts a ZOC (8.1): a combat unit on the map whose current face has CF 2 or
/// more and no white box; strongpoints never do.
pub fn exerts_zoc(game: &Normandy44, unit: UnitId) -> bool {
    let def = game.data().unit(unit);
    if def.class == Class::Strongpoint || game.hex_of(unit).is_none() {
        return false;
    }
    game.data()
        .face(unit, game.unit(unit).step)
        .is_some_and(|f| f.cf >= 2 && !f.no_zoc)
}

/// The map's occupancy as the ZOC rules see it: scattered airborne units keep their ZOC but
/// neither form nor help form bonds (20.2, A-10). Kept in the game's memo.
pub fn occupancy(game: &Normandy44) -> Arc<Occupancy> {
    game.memo().table(Table::Occupancy, || occupancy_now(game))
}

/// [`occupancy`], worked out.
fn occupancy_now(game: &Normandy44) -> Occupancy {
    let mut occupancy = Occupancy::new(game.data().map.hexes.len());
    for unit in game.unit_ids() {
        if let Some(hex) = game.hex_of(unit) {
            occupancy.add_unit(game, hex, unit);
        }
    }
    occupancy
}

impl Occupancy {
    /// Count `unit`, in `hex`, in the hex's cell.
    fn add_unit(&mut self, game: &Normandy44, hex: HexId, unit: UnitId) {
        let zoc = exerts_zoc(game, unit);
        let bonds = zoc && !game.unit(unit).flags.has(UnitFlags::SCATTERED);
        self.add(hex, game.side_of(unit), zoc, bonds);
    }
}

impl Normandy44 {
    /// The hexes holding units of `side`, in hex order, each once: read off the occupancy,
    /// which every change of a unit mends (written here, beside the occupancy, as the state
    /// layer does not read this one).
    pub fn occupied_hexes(&self, side: Side) -> Vec<HexId> {
        occupancy(self).hexes_of(side)
    }
}

/// The occupancy is mended where a unit changed: the cells of the hex it left and the hex it
/// is in are counted again from their units.
impl UnitTable for Occupancy {
    /// Only where a unit stands, its face and whether it is scattered count here.
    fn touched_by(&self, before: &UnitState, now: &UnitState) -> bool {
        now.at != before.at
            || now.step != before.step
            || now.flags.has(UnitFlags::SCATTERED) != before.flags.has(UnitFlags::SCATTERED)
    }

    fn update(&mut self, game: &Normandy44, unit: UnitId, before: &UnitState) {
        for hex in [before.hex(), game.hex_of(unit)].into_iter().flatten() {
            self.put(hex, 0);
            for u in game.units_in(hex) {
                self.add_unit(game, hex, u);
            }
        }
    }

    fn copy(&self) -> Box<dyn UnitTable> {
        Box::new(self.clone())
    }
}

/// `owner`'s zones of control and bonds now.
pub fn zones_of(game: &Normandy44, owner: Side) -> Zones<'_> {
    let map = &game.data().map;
    let slot = match owner {
        Side::German => Memoized::GermanZones,
        Side::Allied => Memoized::AlliedZones,
    };
    let occupancy = occupancy(game);
    let sets = game
        .memo()
        .get(slot, || Zones::sets(map, &occupancy, owner));
    Zones {
        map,
        owner,
        sets,
        occupancy,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    //! The test maps are 10 rows of 10 pointy-top hexes, labels `RRCC`, odd rows shifted east
    //! (so the neighbours of an odd-row hex `r,c` are `r,c±1`, `r-1,c`, `r-1,c+1`, `r+1,c`,
    //! `r+1,c+1`, and of an even-row hex `r,c±1`, `r-1,c-1`, `r-1,c`, `r+1,c-1`, `r+1,c`). Row
    //! 01 is sea (the coast is row 02), row 10 is the south edge, column 10 the east edge and
    //! column 01 the west edge, which is no border.
    use super::*;
    use overlord_hexmap::MapData;

    const BASE: &str = r#"
name = "ZOC test map"
authored_by = "Overlord project (test)"
[convention]
orientation = "pointy_top"
order = "row_column"
shifted = "odd"
[terrain]
sea = {}
clear = {}
flooded = {}
marsh = {}
[[fill]]
terrain = "clear"
columns = [1, 10]
rows = [1, 10]
[[fill]]
terrain = "sea"
columns = [1, 10]
rows = [1, 1]
[[region]]
id = "south_edge"
hexes = ["1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009", "1010"]
[[region]]
id = "east_edge"
hexes = ["0210", "0310", "0410", "0510", "0610", "0710", "0810", "0910", "1010"]
[[region]]
id = "cherbourg_perimeter"
hexes = ["0802", "0803"]
[[region]]
id = "naval_bombardment_zone"
hexes = ["0202"]
[[region]]
id = "us_sector"
hexes = ["0202"]
[[region]]
id = "h_line_allied"
hexes = ["0202"]
[[region]]
id = "beyond_bombardment_line"
hexes = ["0202"]
[[region]]
id = "cotentin"
hexes = ["0202"]
[[position]]
id = "beach-utah"
hexes = ["0202"]
[[position]]
id = "beach-pdh"
hexes = ["0202"]
[[position]]
id = "beach-omaha-29"
hexes = ["0202"]
[[position]]
id = "beach-omaha-1"
hexes = ["0202"]
[[position]]
id = "beach-gold-jig"
hexes = ["0202"]
[[position]]
id = "beach-gold-king"
hexes = ["0202"]
[[position]]
id = "beach-juno-mike"
hexes = ["0202"]
[[position]]
id = "beach-juno-nan"
hexes = ["0202"]
[[position]]
id = "beach-sword-queen"
hexes = ["0202"]
[[position]]
id = "beachhead-utah"
hexes = ["0202"]
[[position]]
id = "beachhead-omaha"
hexes = ["0202"]
[[position]]
id = "beachhead-gold"
hexes = ["0202"]
[[position]]
id = "beachhead-juno"
hexes = ["0202"]
[[position]]
id = "beachhead-sword"
hexes = ["0202"]
[[position]]
id = "mulberry-us"
hexes = ["0202"]
[[position]]
id = "mulberry-cw"
hexes = ["0202"]
[[position]]
id = "entry-blue-1"
hexes = ["1001"]
[[position]]
id = "entry-green-1"
hexes = ["1002"]
[[position]]
id = "entry-red-1"
hexes = ["1003"]
[[position]]
id = "entry-orange-1"
hexes = ["1004"]
"#;

    /// The base map with `extra` (`[[hex]]` and `[[hexside]]` entries) on top.
    fn map(extra: &str) -> GameMap {
        let text = format!("{BASE}\n{extra}");
        let file = MapData::from_toml_str(&text, "zoc-test.toml").expect("the test map parses");
        GameMap::new(file).expect("the test map is a Normandy '44 map")
    }

    fn hexside(a: &str, b: &str, feature: &str) -> String {
        format!("[[hexside]]\nbetween = [\"{a}\", \"{b}\"]\nfeatures = [\"{feature}\"]\n")
    }

    fn terrain(at: &str, terrain: &str) -> String {
        format!("[[hex]]\nat = \"{at}\"\nterrain = \"{terrain}\"\n")
    }

    fn h(map: &GameMap, label: &str) -> HexId {
        map.hex(label).expect(label)
    }

    /// A stack: side, exerts a ZOC, forms bonds.
    type Stack = (Side, bool, bool);
    /// A German stack with a ZOC.
    const GER: Stack = (Side::German, true, true);
    /// An Allied stack with a ZOC.
    const ALL: Stack = (Side::Allied, true, true);
    /// A German stack without a ZOC (CF 1, a strongpoint, an HQ).
    const GER_NO_ZOC: Stack = (Side::German, false, false);
    /// Scattered Allied airborne units (20.2).
    const SCATTERED: Stack = (Side::Allied, true, false);

    fn occupancy(map: &GameMap, stacks: &[(&str, Stack)]) -> Occupancy {
        let mut occupancy = Occupancy::new(map.hexes.len());
        for &(at, (side, zoc, bonds)) in stacks {
            occupancy.set(h(map, at), side, zoc, bonds);
        }
        occupancy
    }

    fn labels(map: &GameMap, hexes: impl Iterator<Item = HexId>) -> Vec<String> {
        let mut out: Vec<String> = hexes.map(|x| map.label(x)).collect();
        out.sort();
        out
    }

    fn hexside_bonds(map: &GameMap, zones: &Zones<'_>) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = zones
            .hexside_bonds()
            .map(|(a, b)| {
                let (a, b) = (map.label(a), map.label(b));
                if a < b { (a, b) } else { (b, a) }
            })
            .collect();
        out.sort();
        out
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_owned(), b.to_owned())
    }

    #[test]
    fn geometry_neighbour_order_runs_round_the_hex() {
        let map = map("");
        let a = h(&map, "0505");
        assert_eq!(
            labels(&map, map.hexes.neighbours(a).into_iter()),
            ["0405", "0406", "0504", "0506", "0605", "0606"],
            "the odd-r labels of the tests' comments"
        );
        for k in 0..6 {
            let k1 = (k + 1) % 6;
            let (c, d) = (step(&map, a, k), step(&map, a, k1));
            assert_eq!(map.hexes.distance(c, d), 1, "neighbours {k} and {k1} touch");
            assert_eq!(step(&map, c, (k + 2) % 6), d, "D is C's neighbour in k + 2");
            assert_eq!(step(&map, c, k1), step(&map, d, k), "E closes the rhombus");
            assert_eq!(step(&map, step(&map, a, k), opposite(k)), a);
            assert_eq!(
                map.hexes.distance(a, step(&map, c, k)),
                2,
                "a straight line"
            );
        }
    }

    #[test]
    fn rule_8_1_zoc_is_the_six_adjacent_hexes() {
        let map = map("");
        let occ = occupancy(&map, &[("0505", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        let all: Vec<HexId> = map.hexes.ids().filter(|&x| german.in_zoc(x)).collect();
        assert_eq!(
            labels(&map, all.into_iter()),
            ["0405", "0406", "0504", "0506", "0605", "0606"]
        );
        assert!(german.zoc_across(h(&map, "0505"), h(&map, "0506")));
        assert!(!german.zoc_across(h(&map, "0506"), h(&map, "0505")));
        assert!(
            !german.zoc_across(h(&map, "0505"), h(&map, "0507")),
            "not adjacent"
        );
        assert_eq!(labels(&map, german.zoc_sources(h(&map, "0506"))), ["0505"]);
        // The other side's zones hold nothing of the German's.
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(map.hexes.ids().all(|x| !allied.in_zoc(x)));
        assert_eq!(allied.owner(), Side::Allied);
    }

    #[test]
    fn rule_8_1_no_zoc_across_impassable_or_all_sea_hexsides() {
        let extra = hexside("0505", "0506", "impassable") + &hexside("0505", "0405", "all_sea");
        let map = map(&extra);
        let occ = occupancy(&map, &[("0505", GER)]);
        let zones = Zones::compute(&map, &occ, Side::German);
        assert!(!zones.in_zoc(h(&map, "0506")), "9.6: not across impassable");
        assert!(!zones.zoc_across(h(&map, "0505"), h(&map, "0506")));
        assert!(
            !zones.in_zoc(h(&map, "0405")),
            "8.1: not across an all-sea hexside"
        );
        assert!(zones.in_zoc(h(&map, "0406")));
        // A major river, a flooded hexside and a flooded hex stop no ZOC.
        let extra = hexside("0505", "0506", "major_river")
            + &hexside("0505", "0405", "flooded")
            + &terrain("0406", "flooded");
        let map = self::map(&extra);
        let occ = occupancy(&map, &[("0505", GER)]);
        let zones = Zones::compute(&map, &occ, Side::German);
        for x in ["0506", "0405", "0406"] {
            assert!(zones.in_zoc(h(&map, x)), "{x}");
        }
    }

    #[test]
    fn rule_8_1_no_zoc_into_the_marsh_or_the_sea() {
        let map = map(&terrain("0506", "marsh"));
        let occ = occupancy(&map, &[("0505", GER), ("0205", ALL)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert!(!german.in_zoc(h(&map, "0506")), "never into the marsh");
        assert!(german.in_zoc(h(&map, "0504")));
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(!allied.in_zoc(h(&map, "0105")), "the sea is out of play");
        assert!(allied.in_zoc(h(&map, "0204")));
    }

    #[test]
    fn t_zoc_01_cf1_strongpoint_and_hq_exert_no_zoc() {
        // A CF-1 unit, a strongpoint, an HQ: the caller passes "no ZOC" for each.
        let map = map("");
        let occ = occupancy(&map, &[("0503", GER_NO_ZOC), ("0505", GER_NO_ZOC)]);
        let zones = Zones::compute(&map, &occ, Side::German);
        assert!(
            map.hexes.ids().all(|x| !zones.in_zoc(x)),
            "an enemy moves past"
        );
        assert!(!zones.hex_bond(h(&map, "0504")), "8.5.1: no ZOC, no bond");
        assert_eq!(zones.hex_bonds().count() + zones.hexside_bonds().count(), 0);
        // Nor does one help a ZOC-exerting unit form a bond, even with a ZOC claimed in error.
        let mut occ = occupancy(&map, &[("0503", GER)]);
        occ.set(h(&map, "0505"), Side::German, false, true);
        let zones = Zones::compute(&map, &occ, Side::German);
        assert!(!zones.hex_bond(h(&map, "0504")));
        assert!(!occ.forms_bonds(h(&map, "0505"), Side::German));
    }

    #[test]
    fn t_zoc_02_zoc_to_zoc_unless_a_bond_is_crossed() {
        // German 0505 and 0607 bond the hexside 0506–0606; an Allied unit starts in 0506.
        let map = map("");
        let occ = occupancy(&map, &[("0505", GER), ("0607", GER), ("0506", ALL)]);
        let german = Zones::compute(&map, &occ, Side::German);
        let (from, to) = (h(&map, "0506"), h(&map, "0406"));
        assert!(
            german.in_zoc(from),
            "8.2: it starts in an EZOC (+1 MP to leave)"
        );
        assert!(
            german.in_zoc(to) && !german.blocks_step(from, to),
            "8.3: to 0406 and stop"
        );
        let to = h(&map, "0507");
        assert!(
            german.in_zoc(to) && !german.blocks_step(from, to),
            "8.3: to 0507 and stop"
        );
        let to = h(&map, "0606");
        assert!(
            german.in_zoc(to) && german.blocks_step(from, to),
            "8.3: not across a bond"
        );
    }

    #[test]
    fn t_bond_01_hex_bond_formed_and_cancelled() {
        let map = map("");
        let occ = occupancy(&map, &[("0503", GER), ("0505", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        let m = h(&map, "0504");
        assert!(german.hex_bond(m));
        assert_eq!(labels(&map, german.hex_bonds()), ["0504"]);
        assert_eq!(german.hexside_bonds().count(), 0);
        // 8.5.2: no Allied unit may enter it, from any side (movement, retreat, supply).
        for from in ["0404", "0405", "0604", "0605"] {
            assert!(german.blocks_step(h(&map, from), m), "{from}");
        }
        assert!(!german.blocks_step(h(&map, "0404"), h(&map, "0405")));
        assert!(
            !german.blocks_step(h(&map, "0404"), h(&map, "0606")),
            "not adjacent"
        );
        // 8.5.3: an Allied unit in the middle hex cancels it.
        let occ = occupancy(&map, &[("0503", GER), ("0505", GER), ("0504", ALL)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert!(!german.hex_bond(m));
        assert!(!german.blocks_step(m, h(&map, "0404")), "it may leave");
        // A straight line on the diagonal: 0606, 0506, 0407.
        let occ = occupancy(&map, &[("0606", GER), ("0407", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(labels(&map, german.hex_bonds()), ["0506"]);
        assert_eq!(german.hexside_bonds().count(), 0);
    }

    #[test]
    fn rule_8_5_1_hex_bond_needs_an_empty_middle_hex() {
        // A-25: a friendly unit in the middle hex makes no bond (the enemy may not enter its hex
        // anyway, 9.1), even one without a ZOC.
        let map = map("");
        let occ = occupancy(&map, &[("0503", GER), ("0505", GER), ("0504", GER_NO_ZOC)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert!(!german.hex_bond(h(&map, "0504")));
        // Three hexes apart: no bond.
        let occ = occupancy(&map, &[("0503", GER), ("0506", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(
            german.hex_bonds().count() + german.hexside_bonds().count(),
            0
        );
        // Two sides' units never bond together.
        let occ = occupancy(&map, &[("0503", GER), ("0505", ALL)]);
        for side in [Side::German, Side::Allied] {
            let zones = Zones::compute(&map, &occ, side);
            assert_eq!(zones.hex_bonds().count() + zones.hexside_bonds().count(), 0);
        }
    }

    #[test]
    fn rule_8_5_6_hex_bond_across_rivers_and_flooded_not_impassable() {
        let stacks = [("0503", GER), ("0505", GER)];
        let bond = |extra: &str| {
            let map = map(extra);
            let occ = occupancy(&map, &stacks);
            Zones::compute(&map, &occ, Side::German).hex_bond(h(&map, "0504"))
        };
        assert!(
            bond(&hexside("0503", "0504", "major_river")),
            "across a major river"
        );
        assert!(bond(&hexside("0505", "0504", "minor_river")));
        assert!(
            bond(&hexside("0503", "0504", "flooded")),
            "across a flooded hexside"
        );
        assert!(bond(&terrain("0504", "flooded")), "on a flooded hex");
        assert!(!bond(&hexside("0503", "0504", "impassable")), "9.6, A-25");
        assert!(!bond(&hexside("0505", "0504", "impassable")), "9.6, A-25");
        assert!(!bond(&hexside("0503", "0504", "all_sea")), "A-25");
        assert!(
            !bond(&terrain("0504", "marsh")),
            "A-9, A-25: no bond on the marsh"
        );
        // One end cut off: the other unit's ZOC still covers the middle hex.
        let map = map(&hexside("0503", "0504", "impassable"));
        let occ = occupancy(&map, &stacks);
        assert!(Zones::compute(&map, &occ, Side::German).in_zoc(h(&map, "0504")));
    }

    #[test]
    fn t_bond_02_hexside_bond_formed_and_cancelled_only_by_both_sides() {
        // 0505 and 0607 are two apart, not in line; their common neighbours are 0506 and 0606.
        let map = map("");
        let (c, d) = (h(&map, "0506"), h(&map, "0606"));
        let germans = [("0505", GER), ("0607", GER)];
        let occ = occupancy(&map, &germans);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(hexside_bonds(&map, &german), [pair("0506", "0606")]);
        assert!(german.hexside_bond(c, d) && german.hexside_bond(d, c));
        assert!(
            german.blocks_step(c, d) && german.blocks_step(d, c),
            "8.5.2: not crossed"
        );
        assert!(
            !german.hex_bond(c) && !german.hex_bond(d),
            "a hexside, not a hex"
        );
        assert!(!german.blocks_step(h(&map, "0406"), c), "C may be entered");
        assert!(!german.hexside_bond(c, h(&map, "0507")));
        assert!(
            !german.hexside_bond(c, h(&map, "0607")),
            "no bond on a unit's own hexside"
        );
        // An Allied unit in one of C and D: the bond stands.
        for one in ["0506", "0606"] {
            let mut occ = occupancy(&map, &germans);
            occ.set(h(&map, one), Side::Allied, true, true);
            let german = Zones::compute(&map, &occ, Side::German);
            assert!(german.blocks_step(c, d), "{one}");
        }
        // 8.5.3: Allied units in both cancel it.
        let mut occ = occupancy(&map, &germans);
        occ.set(c, Side::Allied, true, true);
        occ.set(d, Side::Allied, false, false);
        let german = Zones::compute(&map, &occ, Side::German);
        assert!(!german.hexside_bond(c, d) && !german.blocks_step(c, d));
        assert_eq!(german.hexside_bonds().count(), 0);
    }

    #[test]
    fn rule_8_5_1_hexside_bond_flanking_hexes_need_not_be_empty() {
        // "One empty hex" is the hex bond's middle hex; a hexside bond has two hexes between its
        // ends and 8.5.3 alone says when units there matter (both hostile).
        let map = map("");
        let occ = occupancy(&map, &[("0505", GER), ("0607", GER), ("0506", GER_NO_ZOC)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert!(german.hexside_bond(h(&map, "0506"), h(&map, "0606")));
    }

    #[test]
    fn rule_8_5_6_hexside_bond_terrain() {
        let stacks = [("0505", GER), ("0607", GER)];
        let bond = |extra: &str| {
            let map = map(extra);
            let occ = occupancy(&map, &stacks);
            Zones::compute(&map, &occ, Side::German).hexside_bond(h(&map, "0506"), h(&map, "0606"))
        };
        assert!(
            bond(&hexside("0506", "0606", "major_river")),
            "on a major river"
        );
        assert!(
            bond(&hexside("0505", "0506", "major_river")),
            "across a major river"
        );
        assert!(
            bond(&hexside("0506", "0606", "flooded")),
            "on a flooded hexside"
        );
        assert!(bond(&terrain("0506", "flooded")), "by a flooded hex");
        assert!(
            !bond(&hexside("0506", "0606", "impassable")),
            "9.6: not on impassable"
        );
        assert!(
            !bond(&hexside("0506", "0606", "all_sea")),
            "A-25: not on all-sea"
        );
        assert!(
            !bond(&terrain("0506", "marsh")),
            "A-25: not a marsh hexside"
        );
        // A-25: each end must project its ZOC into both C and D. An impassable or all-sea
        // hexside between an end and C or D ends at the bond's vertex, so the other end still
        // bonds C–D, with the border (8.5.5) instead of with the cut-off unit...
        assert!(bond(&hexside("0505", "0506", "impassable")));
        assert!(bond(&hexside("0505", "0606", "impassable")));
        assert!(bond(&hexside("0607", "0606", "impassable")));
        assert!(bond(&hexside("0607", "0506", "all_sea")));
        // ...but when both ends are cut off, neither projects into both hexes: no bond.
        let both = hexside("0505", "0506", "impassable") + &hexside("0607", "0606", "impassable");
        assert!(!bond(&both));
        let map = map(&both);
        let occ = occupancy(&map, &stacks);
        assert_eq!(
            Zones::compute(&map, &occ, Side::German)
                .hexside_bonds()
                .count(),
            0
        );
        // One unit alone, cut off from C: no bond (its pair is the border's, above).
        let map = self::map(&hexside("0505", "0506", "impassable"));
        let occ = occupancy(&map, &[("0505", GER)]);
        assert_eq!(
            Zones::compute(&map, &occ, Side::German)
                .hexside_bonds()
                .count(),
            0
        );
    }

    #[test]
    fn t_bond_03_border_bond_with_the_south_edge() {
        // 0905 is two hexes from the off-map row below row 10: its bottom vertex, the hexside
        // 1005–1006 and that hexside's vertex on the south edge seal the gap.
        let map = map("");
        let occ = occupancy(&map, &[("0905", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(hexside_bonds(&map, &german), [pair("1005", "1006")]);
        let (c, d) = (h(&map, "1005"), h(&map, "1006"));
        assert!(german.blocks_step(c, d) && german.blocks_step(d, c));
        // Never a hex bond with the edge.
        assert_eq!(german.hex_bonds().count(), 0);
        assert!(!german.blocks_step(h(&map, "1004"), c));
        // A stack on the edge row, or three rows from the edge, bonds with nothing.
        for at in ["1005", "0805"] {
            let occ = occupancy(&map, &[(at, GER)]);
            let german = Zones::compute(&map, &occ, Side::German);
            assert_eq!(
                german.hexside_bonds().count() + german.hex_bonds().count(),
                0,
                "{at}"
            );
        }
    }

    #[test]
    fn t_bond_03_border_bond_with_the_marsh_and_impassable_hexsides() {
        // 0505 alone, with the far vertex 0506/0606/0607 on the border.
        let border = |extra: &str| {
            let map = map(extra);
            let occ = occupancy(&map, &[("0505", GER)]);
            hexside_bonds(&map, &Zones::compute(&map, &occ, Side::German))
        };
        let bond = [pair("0506", "0606")];
        assert_eq!(
            border(&terrain("0607", "marsh")),
            bond,
            "the Marais de Gorges"
        );
        assert_eq!(border(&hexside("0506", "0607", "impassable")), bond);
        assert_eq!(border(&hexside("0606", "0607", "impassable")), bond);
        assert_eq!(border(""), [], "an inland vertex is no border");
        assert_eq!(
            border(&terrain("0607", "flooded")),
            [],
            "a flooded hex is no border"
        );
        assert_eq!(border(&hexside("0606", "0607", "major_river")), []);
        // Never a hex bond with the marsh: 0505, 0506, marsh 0507.
        let map = map(&terrain("0507", "marsh"));
        let occ = occupancy(&map, &[("0505", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(german.hex_bonds().count(), 0);
        assert!(!german.blocks_step(h(&map, "0406"), h(&map, "0506")));
    }

    #[test]
    fn rule_8_5_5_border_bond_with_the_east_edge() {
        // Odd rows stick out east: 0509 bonds 0410–0510 and 0510–0610 with the east edge.
        let map = map("");
        let occ = occupancy(&map, &[("0509", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(
            hexside_bonds(&map, &german),
            [pair("0410", "0510"), pair("0510", "0610")]
        );
        // 0609's east neighbour 0610 is a whole hex between it and the edge: no hexside reaches.
        let occ = occupancy(&map, &[("0609", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(
            german.hexside_bonds().count() + german.hex_bonds().count(),
            0
        );
    }

    #[test]
    fn rule_8_5_5_border_bond_with_the_coast() {
        // Row 01 is sea: 0305 bonds 0205–0206, whose far vertex touches the sea hex 0105.
        let map = map("");
        let occ = occupancy(&map, &[("0305", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(hexside_bonds(&map, &german), [pair("0205", "0206")]);
        // A coastal stack has no gap to seal.
        let occ = occupancy(&map, &[("0205", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(german.hexside_bonds().count(), 0);
        // An all-sea hexside inland is coast too.
        let map = self::map(&hexside("0506", "0607", "all_sea"));
        let occ = occupancy(&map, &[("0505", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(hexside_bonds(&map, &german), [pair("0506", "0606")]);
    }

    #[test]
    fn rule_8_5_5_west_edge_is_no_border() {
        // 0602's vertices 0501/0601/off-map and 0601/0701/off-map are on the west edge.
        let map = map("");
        let occ = occupancy(&map, &[("0602", GER)]);
        let german = Zones::compute(&map, &occ, Side::German);
        assert_eq!(
            german.hexside_bonds().count() + german.hex_bonds().count(),
            0
        );
    }

    #[test]
    fn rule_8_5_3_border_bond_cancelled_only_by_both_sides() {
        let map = map("");
        let (c, d) = (h(&map, "1005"), h(&map, "1006"));
        let mut occ = occupancy(&map, &[("0905", GER), ("1005", ALL)]);
        assert!(Zones::compute(&map, &occ, Side::German).blocks_step(c, d));
        occ.set(d, Side::Allied, true, true);
        assert!(!Zones::compute(&map, &occ, Side::German).blocks_step(c, d));
    }

    #[test]
    fn rule_8_5_3_kept_sets_read_the_other_side_where_it_stands_now() {
        // The game keeps one side's sets while the other side moves (`Memo::forget_for`): the
        // cancelling must come from the occupancy asked with, not the one they were made from.
        let map = map("");
        let (m, c, d) = (h(&map, "0504"), h(&map, "1005"), h(&map, "1006"));
        let before = occupancy(&map, &[("0503", GER), ("0505", GER), ("0905", GER)]);
        let kept = Zones::compute(&map, &before, Side::German);
        assert!(kept.hex_bond(m) && kept.blocks_step(c, d));
        let mut after = before.clone();
        after.set(m, Side::Allied, true, true);
        after.set(c, Side::Allied, true, true);
        after.set(d, Side::Allied, true, true);
        let now = Zones {
            occupancy: Arc::new(after.clone()),
            ..kept.clone()
        };
        let fresh = Zones::compute(&map, &after, Side::German);
        assert!(
            !now.hex_bond(m) && !fresh.hex_bond(m),
            "8.5.3: a hostile unit in M"
        );
        assert!(
            !now.blocks_step(c, d) && !fresh.blocks_step(c, d),
            "8.5.3: both C and D"
        );
        assert_eq!(now.hex_bonds().count(), fresh.hex_bonds().count());
        assert_eq!(now.hexside_bonds().count(), fresh.hexside_bonds().count());
    }

    #[test]
    fn t_bond_04_scattered_units_form_no_bond_but_keep_zoc() {
        // A-10: two scattered paratroop units two hexes apart; the German enters the gap and
        // stops there.
        let map = map("");
        let gap = h(&map, "0504");
        let occ = occupancy(&map, &[("0503", SCATTERED), ("0505", SCATTERED)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(!allied.hex_bond(gap) && !allied.blocks_step(h(&map, "0404"), gap));
        assert!(allied.in_zoc(gap), "20.2: they keep their ZOC");
        // 20.2: nor do they help a unit that could form one.
        let occ = occupancy(&map, &[("0503", SCATTERED), ("0505", ALL)]);
        assert!(!Zones::compute(&map, &occ, Side::Allied).hex_bond(gap));
        let occ = occupancy(&map, &[("0505", SCATTERED), ("0607", ALL)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert_eq!(allied.hexside_bonds().count(), 0);
        // A scattered unit stacked with one that is not: the stack bonds.
        let mut occ = occupancy(&map, &[("0503", ALL)]);
        occ.add(h(&map, "0505"), Side::Allied, true, false);
        assert!(!Zones::compute(&map, &occ, Side::Allied).hex_bond(gap));
        occ.add(h(&map, "0505"), Side::Allied, true, true);
        assert!(Zones::compute(&map, &occ, Side::Allied).hex_bond(gap));
    }

    #[test]
    fn rule_20_2_scattered_unit_forms_no_border_bond() {
        let map = map("");
        let occ = occupancy(&map, &[("0905", SCATTERED)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert_eq!(allied.hexside_bonds().count(), 0);
        assert!(allied.in_zoc(h(&map, "1005")));
    }

    #[test]
    fn rule_8_5_4_intersecting_bonds_bind_both_sides() {
        // German 0505 and 0607 bond the hexside 0506–0606; Allied 0606 and 0407 bond the hex
        // 0506. Neither bond is cancelled: 0506 is empty, only 0606 of C and D is Allied.
        let map = map("");
        let occ = occupancy(
            &map,
            &[("0505", GER), ("0607", GER), ("0606", ALL), ("0407", ALL)],
        );
        let german = Zones::compute(&map, &occ, Side::German);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        let (c, d) = (h(&map, "0506"), h(&map, "0606"));
        assert!(allied.hex_bond(c));
        assert!(german.hexside_bond(c, d));
        assert!(
            german.blocks_step(d, c),
            "the Allied unit in 0606 may not cross into 0506"
        );
        assert!(
            allied.blocks_step(h(&map, "0505"), c),
            "no German may enter 0506"
        );
        assert!(allied.blocks_step(h(&map, "0607"), c));
        assert!(
            !german.blocks_step(h(&map, "0407"), c),
            "the other Allied unit may"
        );
        // Until cancelled: an Allied unit in 0506 ends both.
        let mut occ = occ;
        occ.set(c, Side::Allied, true, true);
        let german = Zones::compute(&map, &occ, Side::German);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(!german.hexside_bond(c, d) && !allied.hex_bond(c));
    }

    #[test]
    fn rule_16_3_allied_zoc_across_the_perimeter_may_be_ignored() {
        // 0802 and 0803 are inside; the hexside 0803–0804 is the Perimeter.
        let map = map(&hexside("0803", "0804", "cherbourg_perimeter"));
        let inside = h(&map, "0803");
        let occ = occupancy(&map, &[("0804", ALL)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(allied.in_zoc(inside), "the ZOC crosses the Perimeter");
        assert!(
            !allied.in_zoc_ignoring_perimeter(inside),
            "a German retreat ignores it"
        );
        assert!(
            allied.in_zoc_ignoring_perimeter(h(&map, "0904")),
            "outside it counts"
        );
        // Allied ZOC from a hex outside but not across a Perimeter hexside still counts.
        let occ = occupancy(&map, &[("0804", ALL), ("0702", ALL)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(allied.in_zoc_ignoring_perimeter(inside));
        // From inside to outside it is no exception.
        let occ = occupancy(&map, &[("0803", ALL)]);
        let allied = Zones::compute(&map, &occ, Side::Allied);
        assert!(allied.in_zoc_ignoring_perimeter(h(&map, "0804")));
    }
}
