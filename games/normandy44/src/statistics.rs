//! What `overlord sim` reports of a Normandy '44 game besides its outcome: the turn it ended on,
//! each side's steps lost turn by turn, the towns and cities each side holds, and the German
//! cities still held at the end (St-Lô, Caen, Cherbourg, Bayeux).

use crate::data::{HexFlags, Side};
use crate::state::{Location, Normandy44};
use overlord_engine::Statistics;

impl Statistics for Normandy44 {
    fn turn(&self) -> Option<u32> {
        Some(u32::from(self.turn()))
    }

    /// Steps lost so far by each side: every step below full strength, eliminated units'
    /// included.
    fn losses(&self) -> Vec<(String, u32)> {
        [Side::German, Side::Allied]
            .iter()
            .map(|&side| {
                let lost: u32 = self
                    .unit_ids()
                    .filter(|&u| self.side_of(u) == side)
                    .map(|u| {
                        let state = self.unit(u);
                        match state.at {
                            Location::Eliminated => u32::from(self.data().step_count(u)),
                            Location::OutOfPlay => 0,
                            _ => u32::from(state.step),
                        }
                    })
                    .sum();
                (side.name().to_owned(), lost)
            })
            .collect()
    }

    fn counters(&self) -> Vec<(String, i64)> {
        let map = &self.data().map;
        let (mut towns, mut cities) = (0, 0);
        for hex in map.hexes.ids() {
            let f = map.flags(hex);
            if self.allied_controls(hex) {
                towns += i64::from(f.has(HexFlags::TOWN));
                cities += i64::from(f.has(HexFlags::CITY));
            }
        }
        vec![
            ("Allied-held town hexes".to_owned(), towns),
            ("Allied-held city hexes".to_owned(), cities),
        ]
    }

    /// The city hexes the German still holds, by name.
    fn holding_out(&self) -> Vec<String> {
        let map = &self.data().map;
        let mut held: Vec<String> = map
            .hexes
            .ids()
            .filter(|&h| map.flags(h).has(HexFlags::CITY) && !self.allied_controls(h))
            .map(|h| format!("{} {}", map.name(h).unwrap_or("city"), map.label(h)))
            .collect();
        held.dedup();
        held
    }
}
