//! A scenario's battlefield (`TOI-SETUP-2`): its boards and overlays put together, the dense
//! per-hex tables the rules read (terrain, level), and line of sight over it, its answers kept
//! as they are first asked.

use overlord_hexmap::{HexId, HexIndex, MapData};

/// A scenario's battlefield: the composed map and the dense per-hex tables the rules read.
#[derive(Clone, Debug)]
pub struct Battlefield {
    pub map: MapData,
    pub hexes: HexIndex,
    /// Per hex, its terrain's index in [`super::ToiData::terrain`].
    pub terrain: Vec<u8>,
    /// Per hex, its level (0, 1 or 2).
    pub level: Vec<i8>,
    /// Line of sight over it (`TOI-COMBAT-LOS`).
    pub sight: crate::los::Sight,
    /// The answers of `sight` without smoke, filled as they are asked (see `LosMemo`).
    pub memo: LosMemo,
}

/// Line of sight between two hexes without smoke never changes in a game: the answers are kept
/// as they are first asked, for every game of the battlefield (and every thread: a racing write
/// stores the same answer). Tracing the exact line was most of a random game's time.
#[derive(Debug, Default)]
pub struct LosMemo {
    hexes: usize,
    /// Per ordered pair of hex ids: 0 not asked yet, 1 in sight, 2 out of sight.
    answers: Vec<std::sync::atomic::AtomicU8>,
}

impl LosMemo {
    fn new(hexes: usize) -> LosMemo {
        LosMemo {
            hexes,
            answers: (0..hexes * hexes)
                .map(|_| std::sync::atomic::AtomicU8::new(0))
                .collect(),
        }
    }

    fn slot(&self, a: HexId, b: HexId) -> Option<&std::sync::atomic::AtomicU8> {
        (a.index() < self.hexes && b.index() < self.hexes)
            .then(|| self.answers.get(a.index() * self.hexes + b.index()))
            .flatten()
    }

    #[cfg(test)]
    fn forget(&self) {
        for answer in &self.answers {
            answer.store(0, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

impl Clone for LosMemo {
    fn clone(&self) -> LosMemo {
        let memo = LosMemo::new(self.hexes);
        for (to, from) in memo.answers.iter().zip(&self.answers) {
            to.store(
                from.load(std::sync::atomic::Ordering::Relaxed),
                std::sync::atomic::Ordering::Relaxed,
            );
        }
        memo
    }
}

impl Battlefield {
    /// Build the tables of `map` against the terrain table; `None` (with the problem reported)
    /// when a hex shows a terrain the table lacks.
    pub(super) fn new(
        map: MapData,
        data_terrain: &[super::TerrainDef],
    ) -> Result<Battlefield, String> {
        let hexes = HexIndex::new(&map).ok_or("the battlefield has too many hexes")?;
        let mut terrain = Vec::with_capacity(map.len());
        let mut level = Vec::with_capacity(map.len());
        for &hex in map.hexes() {
            let name = map
                .terrain(hex)
                .and_then(|t| map.terrain_name(t))
                .unwrap_or("clear");
            let index = data_terrain
                .iter()
                .position(|t| t.id == name)
                .ok_or_else(|| format!("terrain `{name}` is not in terrain.toml"))?;
            terrain.push(u8::try_from(index).map_err(|_| "too many terrains")?);
            level.push(map.level(hex).unwrap_or(0));
        }
        let sight = crate::los::Sight::new(&map, data_terrain);
        let memo = LosMemo::new(map.len());
        Ok(Battlefield {
            map,
            hexes,
            terrain,
            level,
            sight,
            memo,
        })
    }

    /// The hex called `text` (`1A:0605`).
    pub fn find(&self, text: &str) -> Option<HexId> {
        self.map
            .find(text)
            .and_then(|hex| self.map.index(hex))
            .and_then(HexId::from_index)
    }

    /// The printed name of `hex` (`1A:0605`).
    pub fn label(&self, hex: HexId) -> String {
        self.hexes
            .hex(hex)
            .and_then(|h| self.map.full_label(h))
            .unwrap_or_else(|| "off-map".to_owned())
    }

    pub fn level(&self, hex: HexId) -> i8 {
        self.level.get(hex.index()).copied().unwrap_or(0)
    }

    pub fn is_half(&self, hex: HexId) -> bool {
        self.hexes.is_half(hex)
    }

    /// Raise or lower `hex` to `level`, for movement and sight alike: the acceptance cases lay
    /// the spec's hills on a shipped board.
    #[cfg(test)]
    pub(crate) fn set_level(&mut self, hex: HexId, level: i8) {
        if let Some(l) = self.level.get_mut(hex.index()) {
            *l = level;
        }
        if let Some(h) = self.hexes.hex(hex) {
            self.sight.set_level(h, level);
        }
        self.memo.forget();
    }

    /// `TOI-COMBAT-LOS`: whether units in `a` and `b` see each other; `smoke(h)` says whether
    /// smoke lies in `h`, `any_smoke` whether it lies anywhere (without, the answer is kept).
    pub fn sees(
        &self,
        a: HexId,
        b: HexId,
        any_smoke: bool,
        smoke: &dyn Fn(overlord_hexmap::Hex) -> bool,
    ) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let (Some(ha), Some(hb)) = (self.hexes.hex(a), self.hexes.hex(b)) else {
            return false;
        };
        if any_smoke {
            return self.sight.line_of_sight(ha, hb, smoke);
        }
        let slot = self.memo.slot(a, b);
        match slot.map(|s| s.load(Relaxed)) {
            Some(1) => true,
            Some(2) => false,
            _ => {
                let seen = self.sight.line_of_sight(ha, hb, &|_| false);
                let answer = if seen { 1 } else { 2 };
                // Step 7 of TOI-COMBAT-LOS-ALGO: symmetric.
                for s in [slot, self.memo.slot(b, a)].into_iter().flatten() {
                    s.store(answer, Relaxed);
                }
                seen
            }
        }
    }
}
