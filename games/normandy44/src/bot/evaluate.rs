//! How the game stands, for the Allies, in [0, 1]: the towns and cities they hold beyond the
//! beaches (what every scenario's victory counts, 24.3, 25.2, 26.3), and the steps each side
//! has on the map.

use crate::data::{HexFlags, Side};
use crate::state::Normandy44;

/// The Allies' chances, by a rough logistic of objectives held and strength.
pub fn allied_chances(game: &Normandy44) -> f64 {
    let map = &game.data().map;
    let mut objectives = 0.0;
    for hex in map.hexes.ids() {
        let flags = map.flags(hex);
        let value = if flags.has(HexFlags::CITY) {
            2.0
        } else if flags.has(HexFlags::TOWN) {
            1.0
        } else {
            continue;
        };
        if game.allied_controls(hex) {
            objectives += value;
        }
    }
    let strength = |side: Side| -> f64 {
        game.unit_ids()
            .filter(|&u| game.side_of(u) == side && game.hex_of(u).is_some())
            .map(|u| {
                game.data()
                    .face(u, game.unit(u).step)
                    .map_or(0.0, |f| f64::from(f.cf))
            })
            .sum()
    };
    let (allied, german) = (strength(Side::Allied), strength(Side::German));
    let ratio = (allied + 1.0) / (german + 1.0);
    // About 14 VP wins the mini game (25.2): objectives near that, with a fair strength ratio,
    // read as even chances.
    let x = (objectives - 12.0) / 6.0 + ratio.ln();
    1.0 / (1.0 + (-x).exp())
}
