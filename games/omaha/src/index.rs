//! Dense integer ids over the loaded components, so the game state can be small and flat
//! (DESIGN.md, "Performance shape"): hexes, positions and their slots, landing boxes, units and
//! counters become `u8`/`u16` indices into arrays built once per data set.
//!
//! With them, what the rules ask of the map alone, worked out once: each hex's crossings (T5a)
//! and fire fields, the map facts of control and lines of communication ([`Terrain`], rule 12,
//! AMB-23), the exits (2.1) and the draws (13.21). The index is part of the components
//! ([`OmahaData::index`]): `data` and `index` are read together, at the bottom of the crate.

use crate::data::{
    Colour, DepthKind, Division, FireLevel, OmahaData, Sector, Symbol, Tide, UsKind, WnArtillery,
    WnCategory,
};
use fixedbitset::FixedBitSet;
use overlord_hexmap::{FeatureId, FeatureSet, Hex, HexLabel, HexMap};

/// A map hex, by its dense index in the map.
pub type HexId = u16;
/// A German position (WNs first, then reinforcement positions, in file order).
pub type PosId = u8;
/// A set of positions, one bit per `PosId`: infiltration asks "which positions are manned,
/// adjacent to both hexes and firing into both" on every candidate move (7.32), and four ANDs
/// answer it where scans of slots and counters took most of a playout's time.
pub type PosSet = u128;
/// Validation refuses more positions than a `PosSet` holds, less its top 4 bits, which stand
/// for German tanks in the infiltration test (7.32 with 23.3, `tanks::TANK_BITS`).
pub const MAX_POSITIONS: usize = PosSet::BITS as usize - 4;
/// One hex of a position: a WN hex (`WN62N`) or a reinforcement position.
pub type SlotId = u8;
/// A landing box, east to west.
pub type BoxId = u8;
/// A US unit of the roster.
pub type UsId = u8;
/// A German unit: WN units, off-map artillery, reinforcement units, tanks, in file order.
pub type GerId = u8;
/// A depth marker.
pub type DepthId = u8;

/// The ground of a hex (T5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    Sea,
    Beach,
    Flat,
    High,
}

/// What the rules ask of one hex.
#[derive(Clone, Debug)]
pub struct HexInfo {
    pub hex: Hex,
    pub label: HexLabel,
    pub ground: Ground,
    pub sector: Sector,
    pub tide: Option<Tide>,
    pub obstacle: bool,
    pub neighbours: Vec<HexId>,
    /// Fire points in this hex: (position, level).
    pub fire: Vec<(PosId, FireLevel)>,
    /// The positions with fire points in this hex (the positions of `fire`).
    pub fired_on_by: PosSet,
    /// The positions with an Intense fire point in this hex.
    pub intense_by: PosSet,
    /// The positions with an Intense or Moderate fire point in this hex.
    pub heavy_by: PosSet,
    /// The positions with a slot hex adjacent to this hex.
    pub adjacent_positions: PosSet,
    /// The defensive and movement feature of the hex itself (T5).
    pub feature: crate::tables::terrain::HexFeature,
    /// Per neighbour (same order as `neighbours`): the road along that step and the hexside
    /// features crossed (T5a), looked up once instead of on every move.
    pub edges: Vec<Edge>,
    /// Per neighbour (same order as `neighbours`): T5a for each mover (in `Mover::ALL` order) with no
    /// Engineer Base in range, worked out once (`movement::crossing` asks it for every unit and
    /// neighbour of every Action-Phase prompt).
    pub crossings: Vec<[crate::tables::terrain::Crossing; 4]>,
    /// Hexes to the nearest protective hex: one with a shingle, seawall, slope, bluff or
    /// scalable-cliff hexside (7.1, AMB-12).
    pub protective_distance: u32,
}

/// The step from a hex to one neighbour (T5a).
#[derive(Clone, Debug)]
pub struct Edge {
    pub road: crate::tables::terrain::Road,
    /// The kind of road along the step as the map names it (17.2 tells main, secondary and
    /// trail apart; T5a does not).
    pub class: RoadClass,
    pub sides: Vec<crate::tables::terrain::Hexside>,
}

/// The road along a step, by the map's road kinds (docs/omaha/data.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoadClass {
    None,
    Main,
    Secondary,
    Trail,
    Mined,
}

/// The kind of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PosKind {
    Wn {
        number: u8,
    },
    Reinforcement {
        zone: Option<char>,
        priority: u8,
        building: bool,
        vp: bool,
    },
}

#[derive(Clone, Debug)]
pub struct PosInfo {
    pub name: String,
    pub kind: PosKind,
    pub colour: Colour,
    pub sector: Sector,
    pub slots: Vec<SlotId>,
    /// A reinforcement position's Advance arrows (16.86), as positions, in the order of the
    /// data (the order 16.86 prefers them); none for a WN.
    pub advance: Vec<PosId>,
}

#[derive(Clone, Debug)]
pub struct SlotInfo {
    pub name: String,
    pub position: PosId,
    pub hex: HexId,
    pub artillery: WnArtillery,
}

#[derive(Clone, Debug)]
pub struct BoxInfo {
    pub name: String,
    pub sector: Sector,
    pub lettered: bool,
    /// A Charlie box: Rangers only (5.33).
    pub rangers_only: bool,
    /// A Dog Green or Charlie box: T1's own infantry row.
    pub dog_green_or_charlie: bool,
    /// Landing hex at low, mid and high tide (5.2).
    pub land: [Option<HexId>; 3],
    /// Hexes passed through to the high-tide hex (5.14).
    pub high_path: Vec<HexId>,
}

/// The kind of a German counter (2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GerKind {
    Wn(WnCategory),
    OffMapArtillery,
    Tactical,
    Divisional,
    Meyer,
    Tank,
}

#[derive(Clone, Debug)]
pub struct GerInfo {
    pub name: String,
    pub kind: GerKind,
    pub strength: u8,
    /// A tank's colour, printed on the counter: it acts as a position of that colour (23).
    pub colour: Option<Colour>,
}

#[derive(Clone, Debug)]
pub struct DepthInfo {
    pub name: String,
    pub kind: DepthKind,
    pub strength: u8,
    pub tactical_reinforcement: bool,
}

/// What a US counter is: a unit of the roster, an HQ or a General (2.2.1, 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsCounter {
    Unit(UsKind),
    Hq,
    General,
}

/// Where a US counter lands (5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Landing {
    /// A named box (`ER3`).
    Box(BoxId),
    /// Any box with these letters (`ER`).
    Beach(String),
    /// Any lettered box of the division's sector.
    Division,
}

/// One US counter: units first (roster order), then HQs, then Generals.
#[derive(Clone, Debug)]
pub struct UsInfo {
    pub name: String,
    pub division: Division,
    pub counter: UsCounter,
    /// Steps at full strength (leaders: 1).
    pub steps: u8,
    pub symbol: Option<Symbol>,
    pub arrival: Option<u8>,
    pub landing: Landing,
}

impl UsInfo {
    pub fn kind(&self) -> Option<UsKind> {
        match self.counter {
            UsCounter::Unit(kind) => Some(kind),
            _ => None,
        }
    }

    pub fn is_leader(&self) -> bool {
        !matches!(self.counter, UsCounter::Unit(_))
    }

    pub fn armored(&self) -> bool {
        self.kind().is_some_and(UsKind::armored)
    }

    /// Regular (non-Ranger) infantry, counted for catastrophic defeat (13.1).
    pub fn regular_infantry(&self) -> bool {
        self.kind() == Some(UsKind::Infantry)
    }
}

/// Every dense table, built once from the components.
#[derive(Clone, Debug, Default)]
pub struct Index {
    pub us: Vec<UsInfo>,
    pub hexes: Vec<HexInfo>,
    pub positions: Vec<PosInfo>,
    pub slots: Vec<SlotInfo>,
    /// Every slot, in hex order (then slot order): `combat::german_hexes` marks the occupied
    /// slots by their place here and reads them back in hex order, without a sort.
    pub slots_by_hex: Vec<SlotId>,
    /// Each slot's place in `slots_by_hex` (slot ids and places fit a `u8`: `SlotId`).
    pub slot_rank: Vec<u8>,
    pub boxes: Vec<BoxInfo>,
    pub germans: Vec<GerInfo>,
    pub depth: Vec<DepthInfo>,
    /// The HQs and Generals, for command questions asked of every unit (7.1, 11.2, 11.3).
    pub leaders: Vec<UsId>,
    /// The positions with fire points in some beach hex (8.12).
    pub firing_on_beach: PosSet,
    /// The obstacle hexes of each sector (East, West), in id order (10.1: what engineers clear).
    pub obstacles: [Vec<HexId>; 2],
    /// Map facts for control and lines of communication (12), built after the rest.
    pub terrain: Terrain,
    /// The lettered exit hexes (2.1, 20.3): `(letter, hex)` from the map's `exit-A` … `exit-G`
    /// places, in letter order.
    pub exits: Vec<(char, HexId)>,
    /// The draws (13.21): `(region index, hexes inland of the anti-tank barrier)`
    /// ([`crate::victory::draws`]).
    pub draws: Vec<(usize, Vec<HexId>)>,
    /// Per position, per hex (`p * hexes.len() + hex`): the distance from the nearest of the
    /// position's hexes, `u16::MAX` for a position without one. German actions ask it of every
    /// US counter for every position examined (16, 6.31).
    position_distances: Vec<u16>,
    /// The positions in SYS-GER-ORDER (6.3, 16 "Order"): descending number, then descending
    /// name, the order German positions fire and act in.
    pub german_order: Vec<PosId>,
    /// Per off-map artillery box (6.51), its observer positions (`None` for a name that is no
    /// position), looked up once instead of by name at every Fire Phase.
    pub artillery_observers: Vec<Vec<Option<PosId>>>,
}

impl Index {
    /// Build the tables; the data has passed validation, so every reference resolves (an entry
    /// that does not is left out rather than panicking).
    pub fn build(data: &OmahaData) -> Index {
        let map = &data.map;
        let mut index = Index::default();
        let tag = |hex: Hex, name: &str| map.tags(hex).any(|t| t == name);
        let east = map
            .region("east")
            .map(|r| r.hexes.clone())
            .unwrap_or_default();
        for (i, &hex) in map.hexes().iter().enumerate() {
            let terrain = map
                .terrain(hex)
                .and_then(|t| map.terrain_name(t))
                .unwrap_or("");
            let ground = match terrain {
                "sea" => Ground::Sea,
                "beach" => Ground::Beach,
                "flat" => Ground::Flat,
                _ => Ground::High,
            };
            let tide = [Tide::Low, Tide::Mid, Tide::High]
                .into_iter()
                .find(|t| tag(hex, t.tag()));
            let neighbours: Vec<HexId> = map
                .neighbours_on_map(hex)
                .filter_map(|n| map.index(n))
                .filter_map(|n| HexId::try_from(n).ok())
                .collect();
            let edges = neighbours
                .iter()
                .filter_map(|&n| map.hex_at(usize::from(n)))
                .map(|other| edge(map, hex, other))
                .collect();
            // Every map hex has a label; the fallback only keeps this free of panics.
            let Some(label) = map.label(hex).or_else(|| HexLabel::new(1, 1)) else {
                continue;
            };
            debug_assert_eq!(index.hexes.len(), i, "hex ids are the map's dense indices");
            index.hexes.push(HexInfo {
                hex,
                label,
                ground,
                sector: if east.contains(&hex) {
                    Sector::East
                } else {
                    Sector::West
                },
                tide,
                obstacle: tag(hex, "obstacle"),
                neighbours,
                feature: crate::tables::terrain::HexFeature::from_tags(map.tags(hex)),
                edges,
                crossings: Vec::new(),
                fire: Vec::new(),
                fired_on_by: 0,
                intense_by: 0,
                heavy_by: 0,
                adjacent_positions: 0,
                protective_distance: u32::MAX,
            });
        }
        index.protective_distances(map);
        index.exits = exits(map);
        index.draws = find_draws(map);
        for wn in &data.positions.wns {
            let position = index.positions.len() as PosId;
            let mut slots = Vec::new();
            for ((name, label), artillery) in wn.hex_names().into_iter().zip(&wn.artillery) {
                if let Some(hex) = hex_id(map, label) {
                    slots.push(index.slots.len() as SlotId);
                    index.slots.push(SlotInfo {
                        name,
                        position,
                        hex,
                        artillery: *artillery,
                    });
                }
            }
            let sector = slots.first().map_or(Sector::East, |&s| {
                index.hexes[usize::from(index.slots[usize::from(s)].hex)].sector
            });
            index.positions.push(PosInfo {
                name: wn.id(),
                kind: PosKind::Wn { number: wn.number },
                colour: wn.colour,
                sector,
                slots,
                advance: Vec::new(),
            });
            index.add_fire(map, position, &wn.fire);
        }
        for r in &data.positions.reinforcements {
            let position = index.positions.len() as PosId;
            let Some(hex) = hex_id(map, r.hex) else {
                continue;
            };
            let slot = index.slots.len() as SlotId;
            index.slots.push(SlotInfo {
                name: r.name(),
                position,
                hex,
                artillery: WnArtillery::None,
            });
            let (zone, priority) = r.zone_priority().map_or((None, 0), |(z, p)| (Some(z), p));
            index.positions.push(PosInfo {
                name: r.name(),
                kind: PosKind::Reinforcement {
                    zone,
                    priority,
                    building: r.building,
                    vp: r.vp,
                },
                colour: r.colour,
                sector: index.hexes[usize::from(hex)].sector,
                slots: vec![slot],
                advance: Vec::new(),
            });
            index.add_fire(map, position, &r.fire);
        }
        // 16.86: the arrows name positions; looked up once here, not at every examination.
        for p in 0..index.positions.len() {
            let name = index.positions[p].name.clone();
            let advance: Vec<PosId> = data
                .positions
                .reinforcements
                .iter()
                .find(|r| r.name() == name)
                .map(|r| {
                    r.advance
                        .iter()
                        .filter_map(|to| index.position_named(to))
                        .collect()
                })
                .unwrap_or_default();
            index.positions[p].advance = advance;
        }
        let mut slots_by_hex: Vec<SlotId> = (0..index.slots.len())
            .filter_map(|s| SlotId::try_from(s).ok())
            .collect();
        slots_by_hex.sort_by_key(|&s| (index.slots[usize::from(s)].hex, s));
        index.slot_rank = vec![0; slots_by_hex.len()];
        for (rank, &s) in slots_by_hex.iter().enumerate() {
            index.slot_rank[usize::from(s)] = rank as u8;
        }
        index.slots_by_hex = slots_by_hex;
        index.position_sets();
        index.position_distances();
        index.german_order = (0..index.positions.len() as PosId).collect();
        index.german_order.sort_by(|&a, &b| {
            let key = |p: PosId| {
                let pos = &index.positions[usize::from(p)];
                let number = match pos.kind {
                    PosKind::Wn { number } => number,
                    PosKind::Reinforcement { priority, .. } => priority,
                };
                (number, pos.name.as_str())
            };
            key(b).cmp(&key(a))
        });
        index.artillery_observers = data
            .boxes
            .artillery
            .iter()
            .map(|b| {
                b.observers
                    .iter()
                    .map(|name| index.position_named(name))
                    .collect()
            })
            .collect();
        index.crossings();
        for b in &data.boxes.landing {
            let land = [Some(b.land.low), Some(b.land.mid), b.land.high]
                .map(|h| h.and_then(|h| hex_id(map, h)));
            index.boxes.push(BoxInfo {
                name: b.id.clone(),
                sector: b.sector,
                lettered: b.letters.is_some(),
                rangers_only: b.rangers_only(),
                dog_green_or_charlie: b.dog_green_or_charlie(),
                land,
                high_path: b.high_path.iter().filter_map(|&h| hex_id(map, h)).collect(),
            });
        }
        let landing = |name: &str, boxes: &[BoxInfo]| match name {
            "1st" | "29th" => Landing::Division,
            _ => match boxes.iter().position(|b| b.name == name) {
                Some(b) => Landing::Box(b as BoxId),
                None => Landing::Beach(name.to_owned()),
            },
        };
        for u in &data.us.units {
            let info = UsInfo {
                name: u.id.clone(),
                division: u.division,
                counter: UsCounter::Unit(u.kind),
                steps: u.attack.len() as u8,
                symbol: Some(u.symbol),
                arrival: u.arrival,
                landing: landing(&u.landing, &index.boxes),
            };
            index.us.push(info);
        }
        for h in &data.us.hqs {
            let info = UsInfo {
                name: h.id.clone(),
                division: h.division,
                counter: UsCounter::Hq,
                steps: 1,
                symbol: None,
                arrival: Some(h.arrival),
                landing: landing(&h.landing, &index.boxes),
            };
            index.us.push(info);
        }
        for g in &data.us.generals {
            let info = UsInfo {
                name: g.name.clone(),
                division: g.division,
                counter: UsCounter::General,
                steps: 1,
                symbol: None,
                arrival: Some(g.arrival),
                landing: landing(&g.landing, &index.boxes),
            };
            index.us.push(info);
        }
        index.leaders = (0..index.us.len())
            .filter(|&u| index.us[u].is_leader())
            .filter_map(|u| UsId::try_from(u).ok())
            .collect();
        let g = &data.german;
        let mut add = |name: &str, kind, strength, colour| {
            index.germans.push(GerInfo {
                name: name.to_owned(),
                kind,
                strength,
                colour,
            })
        };
        for u in &g.wn_units {
            add(&u.id, GerKind::Wn(u.category), u.strength, None);
        }
        for u in &g.artillery {
            add(&u.id, GerKind::OffMapArtillery, 0, None);
        }
        for u in &g.reinforcements {
            let kind = match u.pool {
                crate::data::Pool::T => GerKind::Tactical,
                crate::data::Pool::D => GerKind::Divisional,
                crate::data::Pool::M => GerKind::Meyer,
            };
            add(&u.id, kind, u.strength, None);
        }
        for u in &g.tanks {
            add(&u.id, GerKind::Tank, u.strength, Some(u.colour));
        }
        for d in &g.depth_markers {
            index.depth.push(DepthInfo {
                name: d.id.clone(),
                kind: d.kind,
                strength: d.strength,
                tactical_reinforcement: d.tactical_reinforcement,
            });
        }
        index
    }

    /// Fill `crossings` (T5a) once the hexes and their edges are known.
    fn crossings(&mut self) {
        use crate::tables::terrain::{Crossing, Mover, step_crossing};
        let table: Vec<Vec<[Crossing; 4]>> = self
            .hexes
            .iter()
            .map(|from| {
                from.neighbours
                    .iter()
                    .zip(&from.edges)
                    .map(|(&to, edge)| {
                        let feature = self.hexes.get(usize::from(to)).map(|h| h.feature);
                        Mover::ALL.map(|mover| match feature {
                            Some(feature) => {
                                step_crossing(mover, feature, &edge.sides, edge.road, false, false)
                            }
                            None => Crossing::Prohibited,
                        })
                    })
                    .collect()
            })
            .collect();
        for (hex, crossings) in self.hexes.iter_mut().zip(table) {
            hex.crossings = crossings;
        }
    }

    /// Fill `position_distances` once the positions are known.
    fn position_distances(&mut self) {
        let n = self.hexes.len();
        let mut table = vec![u16::MAX; self.positions.len() * n];
        for (p, pos) in self.positions.iter().enumerate() {
            for &s in &pos.slots {
                let Some(from) = self.slots.get(usize::from(s)).map(|x| x.hex) else {
                    continue;
                };
                for h in 0..n {
                    let d = u16::try_from(self.distance(from, h as HexId)).unwrap_or(u16::MAX);
                    let cell = &mut table[p * n + h];
                    *cell = (*cell).min(d);
                }
            }
        }
        self.position_distances = table;
    }

    /// The distance from the nearest hex of position `p` to `hex` (`u32::MAX` for ids out of
    /// range or a position without hexes).
    pub fn position_distance(&self, p: PosId, hex: HexId) -> u32 {
        let n = self.hexes.len();
        if usize::from(hex) >= n {
            return u32::MAX;
        }
        match self
            .position_distances
            .get(usize::from(p) * n + usize::from(hex))
        {
            Some(&d) if d != u16::MAX => u32::from(d),
            _ => u32::MAX,
        }
    }

    /// Fill `fired_on_by` and `adjacent_positions` once the positions and fire are known.
    fn position_sets(&mut self) {
        for p in 0..self.positions.len().min(MAX_POSITIONS) {
            let bit: PosSet = 1 << p;
            for s in self.positions[p].slots.clone() {
                let hex = usize::from(self.slots[usize::from(s)].hex);
                for n in self.hexes[hex].neighbours.clone() {
                    self.hexes[usize::from(n)].adjacent_positions |= bit;
                }
            }
        }
        for (id, h) in self.hexes.iter().enumerate() {
            if h.obstacle {
                self.obstacles[h.sector.slot()].push(id as HexId);
            }
        }
        for h in &mut self.hexes {
            h.fired_on_by = h
                .fire
                .iter()
                .filter(|&&(p, _)| usize::from(p) < MAX_POSITIONS)
                .fold(0, |set, &(p, _)| set | (1 << p));
            let with = |levels: &[FireLevel]| {
                h.fire
                    .iter()
                    .filter(|&&(p, level)| {
                        usize::from(p) < MAX_POSITIONS && levels.contains(&level)
                    })
                    .fold(0, |set: PosSet, &(p, _)| set | (1 << p))
            };
            h.intense_by = with(&[FireLevel::Intense]);
            h.heavy_by = with(&[FireLevel::Intense, FireLevel::Moderate]);
            if h.ground == Ground::Beach {
                self.firing_on_beach |= h.fired_on_by;
            }
        }
    }

    /// 7.1, AMB-12: distance from every hex to the nearest protective hex.
    fn protective_distances(&mut self, map: &HexMap) {
        const PROTECTIVE: [&str; 5] = ["shingle", "seawall", "slope", "bluff", "scalable_cliff"];
        let features: Vec<_> = PROTECTIVE
            .iter()
            .filter_map(|f| map.feature_id(f))
            .collect();
        let protective: Vec<Hex> = self
            .hexes
            .iter()
            .filter(|h| {
                map.neighbours_on_map(h.hex)
                    .any(|n| features.iter().any(|&f| map.hexside_has(h.hex, n, f)))
            })
            .map(|h| h.hex)
            .collect();
        for h in &mut self.hexes {
            h.protective_distance = protective
                .iter()
                .map(|&p| overlord_hexmap::distance(h.hex, p))
                .min()
                .unwrap_or(u32::MAX);
        }
    }

    fn add_fire(&mut self, map: &HexMap, position: PosId, fire: &crate::data::FireField) {
        for (label, level) in fire.points() {
            if let Some(hex) = hex_id(map, label) {
                self.hexes[usize::from(hex)].fire.push((position, level));
            }
        }
    }

    /// The step from `a` to its neighbour `b` (T5a); `None` when they are not adjacent.
    pub fn edge(&self, a: HexId, b: HexId) -> Option<&Edge> {
        let from = self.hexes.get(usize::from(a))?;
        let i = from.neighbours.iter().position(|&n| n == b)?;
        from.edges.get(i)
    }

    /// The printed label of `hex` ("0812"), "?" for an id no hex has.
    pub fn label(&self, hex: HexId) -> String {
        self.hexes
            .get(usize::from(hex))
            .map_or_else(|| "?".to_owned(), |h| h.label.to_string())
    }

    /// The hex with this printed label.
    pub fn hex(&self, label: HexLabel) -> Option<HexId> {
        self.hexes
            .iter()
            .position(|h| h.label == label)
            .and_then(|i| HexId::try_from(i).ok())
    }

    /// 2.1, 20.3: the letter of the exit hex `hex`, if it is one.
    pub fn exit_at(&self, hex: HexId) -> Option<char> {
        self.exits.iter().find(|&&(_, h)| h == hex).map(|&(l, _)| l)
    }

    /// 2.1, 20.3: the hex of exit `letter`.
    pub fn exit_hex(&self, letter: char) -> Option<HexId> {
        self.exits
            .iter()
            .find(|&&(l, _)| l == letter)
            .map(|&(_, h)| h)
    }

    /// The landing box with this name.
    pub fn box_named(&self, name: &str) -> Option<BoxId> {
        self.boxes
            .iter()
            .position(|b| b.name == name)
            .and_then(|i| BoxId::try_from(i).ok())
    }

    /// The slot with this name (`WN62N`, `C1`).
    pub fn slot_named(&self, name: &str) -> Option<SlotId> {
        self.slots
            .iter()
            .position(|s| s.name == name)
            .and_then(|i| SlotId::try_from(i).ok())
    }

    /// The position with this name (`WN62`, a reinforcement position's id).
    pub fn position_named(&self, name: &str) -> Option<PosId> {
        self.positions
            .iter()
            .position(|p| p.name == name)
            .and_then(|i| PosId::try_from(i).ok())
    }

    /// Hex distance (0.4).
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        match (
            self.hexes.get(usize::from(a)),
            self.hexes.get(usize::from(b)),
        ) {
            (Some(a), Some(b)) => overlord_hexmap::distance(a.hex, b.hex),
            _ => u32::MAX,
        }
    }
}

/// The road and hexside features of the step from `a` to its neighbour `b`.
fn edge(map: &HexMap, a: Hex, b: Hex) -> Edge {
    use crate::tables::terrain::{Hexside, Road};
    let class = match map.road_between(a, b).and_then(|k| map.road_kind_name(k)) {
        None => RoadClass::None,
        Some("main") => RoadClass::Main,
        Some("secondary") => RoadClass::Secondary,
        Some("mined") => RoadClass::Mined,
        Some(_) => RoadClass::Trail,
    };
    let road = match class {
        RoadClass::None => Road::None,
        RoadClass::Mined => Road::Mined,
        _ => Road::Open,
    };
    let sides = overlord_hexmap::HexsideId::between(a, b)
        .map(|side| {
            map.hexside_features(side)
                .iter()
                .filter_map(|f| map.feature_name(f).and_then(Hexside::from_tag))
                .collect()
        })
        .unwrap_or_default();
    Edge { road, class, sides }
}

fn hex_id(map: &HexMap, label: HexLabel) -> Option<HexId> {
    map.hex(label)
        .and_then(|h| map.index(h))
        .and_then(|i| HexId::try_from(i).ok())
}

/// Which division a sector belongs to (rule 1).
pub fn division_of(sector: Sector) -> Division {
    match sector {
        Sector::East => Division::First,
        Sector::West => Division::TwentyNinth,
    }
}

/// 2.1: the exits of the map, `exit-<letter>` places tagged `exit` (their first hex), sorted by
/// letter.
fn exits(map: &HexMap) -> Vec<(char, HexId)> {
    let mut out: Vec<(char, HexId)> = map
        .positions()
        .iter()
        .filter(|p| p.has_tag("exit"))
        .filter_map(|p| {
            let letter = p.id.strip_prefix("exit-")?.chars().next()?;
            let hex = p.hexes.first().and_then(|&h| map.index(h))?;
            Some((letter, HexId::try_from(hex).ok()?))
        })
        .collect();
    out.sort_unstable();
    out
}

/// The draws (13.21) read off the map: each `draw-` region's hexes inland of the anti-tank
/// barrier ([`crate::victory::draws`]).
fn find_draws(map: &overlord_hexmap::MapData) -> Vec<(usize, Vec<HexId>)> {
    let inland = map.tag_id("inland_of_barrier");
    map.regions()
        .iter()
        .enumerate()
        .filter(|(_, r)| r.id.starts_with("draw-"))
        .map(|(i, r)| {
            let hexes = r
                .hexes
                .iter()
                .filter(|&&h| inland.is_some_and(|t| map.has_tag(h, t)))
                .filter_map(|&h| map.index(h).and_then(|h| HexId::try_from(h).ok()))
                .collect();
            (i, hexes)
        })
        .collect()
}

/// What control and lines of communication (12) need of the map alone, built once per data set
/// ([`Index::terrain`]) and read by [`crate::control`]'s floods.
#[derive(Clone, Debug, Default)]
pub struct Terrain {
    /// Bocage hexes (12.23).
    pub(crate) bocage: Vec<bool>,
    /// 12.2 terrain bans: sea, beach, rough, flat adjacent to a beach hex.
    pub(crate) german_banned: FixedBitSet,
    /// 12.3: land hexes a US line of communication may enter (not sea, not rough).
    pub(crate) us_land: FixedBitSet,
    /// Exit hexes A–G.
    pub(crate) exit: Vec<bool>,
    /// The same, listed: where every German flood starts.
    pub(crate) exits: Vec<usize>,
    /// The beach hexes, where every US flood starts.
    pub(crate) beaches: Vec<usize>,
    /// Per hex, its neighbours in `HexInfo::neighbours` order, `NO_HEX` past the last: the
    /// floods' inner loop reads them without going through the hex's record.
    pub(crate) neighbours: Vec<[u16; 6]>,
    /// Per position (below `MAX_POSITIONS`), the hexes it fires on (`HexInfo::fired_on_by`
    /// turned around): a state's fire fields are the union of its occupied positions' sets,
    /// which control works out for every state the rule bot weighs.
    pub(crate) fire_field_of: Vec<FixedBitSet>,
    /// AMB-23: per hex, a bit per neighbour (in `HexInfo::neighbours` order) across which a US
    /// line of communication may not run.
    pub(crate) us_blocked: Vec<u8>,
}

impl Terrain {
    pub fn build(data: &OmahaData) -> Terrain {
        let index = &data.index;
        let map = &data.map;
        let n = index.hexes.len();
        let tagged = |name: &str| -> Vec<bool> {
            match map.tag_id(name) {
                Some(tag) => index
                    .hexes
                    .iter()
                    .map(|h| map.has_tag(h.hex, tag))
                    .collect(),
                None => vec![false; n],
            }
        };
        let rough = tagged("rough");
        let ground = |h: HexId| index.hexes.get(usize::from(h)).map(|x| x.ground);
        let mut german_banned = FixedBitSet::with_capacity(n);
        let banned = index.hexes.iter().zip(&rough).map(|(h, &rough)| {
            rough
                || match h.ground {
                    Ground::Sea | Ground::Beach => true,
                    Ground::Flat => h
                        .neighbours
                        .iter()
                        .any(|&nb| ground(nb) == Some(Ground::Beach)),
                    Ground::High => false,
                }
        });
        for (i, banned) in banned.enumerate() {
            german_banned.set(i, banned);
        }
        let mut us_land = FixedBitSet::with_capacity(n);
        for (i, (h, &rough)) in index.hexes.iter().zip(&rough).enumerate() {
            us_land.set(i, h.ground != Ground::Sea && !rough);
        }
        let positions = index.positions.len().min(MAX_POSITIONS);
        let mut fire_field_of = vec![FixedBitSet::with_capacity(n); positions];
        for (i, h) in index.hexes.iter().enumerate() {
            for (p, field) in fire_field_of.iter_mut().enumerate() {
                if h.fired_on_by & (1 << p) != 0 {
                    field.insert(i);
                }
            }
        }
        let mut exit = vec![false; n];
        for place in map.positions().iter().filter(|p| p.has_tag("exit")) {
            for &hex in &place.hexes {
                if let Some(e) = map.index(hex).and_then(|i| exit.get_mut(i)) {
                    *e = true;
                }
            }
        }
        Terrain {
            exits: (0..n).filter(|&i| exit[i]).collect(),
            neighbours: index
                .hexes
                .iter()
                .map(|h| {
                    let mut out = [NO_HEX; 6];
                    for (slot, &nb) in out.iter_mut().zip(&h.neighbours) {
                        *slot = nb;
                    }
                    out
                })
                .collect(),
            beaches: (0..n)
                .filter(|&i| index.hexes[i].ground == Ground::Beach)
                .collect(),
            bocage: tagged("bocage"),
            german_banned,
            us_land,
            exit,
            us_blocked: us_blocked_sides(data),
            fire_field_of,
        }
    }
}

/// No neighbour (the map's edge) in `Terrain::neighbours`.
const NO_HEX: u16 = u16::MAX;

/// AMB-23: per hex, a bit per neighbour (in `HexInfo::neighbours` order) across which a US line
/// of communication may not run: a scalable or sheer cliff, or a bluff not crossed by a road.
fn us_blocked_sides(data: &OmahaData) -> Vec<u8> {
    let map = &data.map;
    let index = &data.index;
    let mut blocked = vec![0u8; index.hexes.len()];
    let bluff = map.feature_id("bluff");
    let cliffs = [
        map.feature_id("scalable_cliff"),
        map.feature_id("sheer_cliff"),
    ];
    let has = |set: FeatureSet, f: Option<FeatureId>| f.is_some_and(|f| set.contains(f));
    for &(side, features) in map.hexsides() {
        let cliff = cliffs.iter().any(|&c| has(features, c));
        if !cliff && !has(features, bluff) {
            continue;
        }
        let (a, b) = side.hexes();
        if !cliff && map.road_between(a, b).is_some() {
            continue; // AMB-23: a road crosses the bluff.
        }
        let (Some(ia), Some(ib)) = (map.index(a), map.index(b)) else {
            continue;
        };
        for (from, to) in [(ia, ib), (ib, ia)] {
            let Some(info) = index.hexes.get(from) else {
                continue;
            };
            if let Some(k) = info.neighbours.iter().position(|&nb| usize::from(nb) == to) {
                blocked[from] |= 1 << k;
            }
        }
    }
    blocked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::tests::{data, empty, empty_with, hex};
    use crate::state::Omaha;
    use std::path::Path;
    use std::sync::Arc;

    /// The neighbour bit of `b` in `a`'s blocked mask.
    fn side_blocked(s: &Omaha, blocked: &[u8], a: &str, b: &str) -> bool {
        let (a, b) = (hex(s, a), hex(s, b));
        let k = s.data.index.hexes[usize::from(a)]
            .neighbours
            .iter()
            .position(|&n| n == b)
            .expect("adjacent");
        blocked[usize::from(a)] & (1 << k) != 0
    }

    #[test]
    fn amb_23_bluffs_and_cliffs_block_us_loc() {
        let s = empty(5);
        let blocked = us_blocked_sides(s.data());
        assert!(side_blocked(&s, &blocked, "0705", "0805"), "bluff");
        assert!(
            side_blocked(&s, &blocked, "0805", "0705"),
            "from either side"
        );
        assert!(side_blocked(&s, &blocked, "0432", "0533"), "cliff");
        assert!(
            !side_blocked(&s, &blocked, "0631", "0732"),
            "a slope does not block"
        );
        assert!(
            !side_blocked(&s, &blocked, "0810", "0910"),
            "an anti-tank ditch does not block"
        );
    }

    #[test]
    fn amb_23_bluff_crossed_by_road_passes() {
        // The shipped map has no road across a bluff; add a trail across 0705-0805.
        let base = data();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha/map.toml");
        let text = std::fs::read_to_string(dir).expect("map");
        let text = format!("{text}\n[[road]]\nkind = \"trail\"\npath = [\"0705\", \"0805\"]\n");
        let map =
            overlord_hexmap::MapData::from_toml_str(&text, "map.toml").expect("map with the trail");
        let mut with_road = (*base).clone();
        with_road.map = map;
        let with_road = Arc::new(with_road);
        let s = empty_with(&with_road, 5);
        let blocked = us_blocked_sides(s.data());
        assert!(
            !side_blocked(&s, &blocked, "0705", "0805"),
            "a road crosses the bluff"
        );
        assert!(
            side_blocked(&s, &blocked, "0706", "0805"),
            "the next bluff hexside still blocks"
        );
        assert!(
            side_blocked(&s, &blocked, "0432", "0533"),
            "cliffs block, road or not"
        );
    }
}
