//! Cover (`TOI-COMBAT-COVER`) and smoke (`TOI-FORT-SMOKE`): what protects a unit where it
//! stands, asked by fire, area attacks and hidden squads alike.

use crate::state::{Kind, ToiGame, UnitId};

/// `TOI-FORT-SMOKE`: whether smoke lies on the battlefield hex at `hex` (axial), for lines of
/// sight.
pub fn smoke_at(game: &ToiGame, hex: overlord_hexmap::Hex) -> bool {
    game.scenario()
        .battlefield
        .hexes
        .id(hex)
        .is_some_and(|id| game.smoke(id))
}

/// `TOI-COMBAT-LOS`, `TOI-FORT-SMOKE`: whether units in hexes `a` and `b` see each other, the
/// smoke on the battlefield now counted.
pub fn sees(game: &ToiGame, a: overlord_hexmap::HexId, b: overlord_hexmap::HexId) -> bool {
    let any_smoke = game.markers.iter().any(|(_, m)| m.smoke);
    game.scenario()
        .battlefield
        .sees(a, b, any_smoke, &|h| smoke_at(game, h))
}

/// `TOI-COMBAT-COVER`: the cover `hex`'s terrain gives.
pub fn terrain_cover(game: &ToiGame, hex: overlord_hexmap::HexId) -> u8 {
    game.scenario()
        .battlefield
        .terrain
        .get(hex.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
        .map_or(0, |t| t.cover)
}

/// `TOI-COMBAT-COVER`: the cover of `unit` where it stands: its hex's terrain, the
/// fortification a squad is in (`TOI-FORT-ENTR` +2, `TOI-FORT-PILL` +6), tank traps for squads
/// (`TOI-FORT-TRAP` +1), smoke for everyone (`TOI-FORT-SMOKE` +2), and a cover modifier
/// card's amount for its side's squads.
pub fn cover(game: &ToiGame, unit: UnitId) -> u8 {
    let Some(hex) = game.hex_of(unit) else {
        return 0;
    };
    let terrain = terrain_cover(game, hex);
    let squad = matches!(game.unit(unit).kind, Kind::Squad { .. });
    let markers = game.markers(hex);
    let fort = match game.unit(unit).fort {
        crate::state::Fort::None => 0,
        crate::state::Fort::Entrenchment => 2,
        crate::state::Fort::Pillbox => 6,
    };
    // A modifier card ("Dig In") in the play area: more cover for its squads this round.
    let bonus = if squad {
        game.card_bonus(game.unit(unit).nation, crate::data::Stat::Cover)
    } else {
        0
    };
    terrain + fort + u8::from(squad && markers.traps) + 2 * u8::from(markers.smoke) + bonus
}
