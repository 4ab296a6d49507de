//! The terminal picture of a game (`overlord play normandy44`): the turn, weather and tracks, a
//! map drawn one character a hex (north up, odd rows shifted half a hex east, as printed), and
//! every stack on the map with its units' values.

use crate::data::{HexFlags, Side};
use crate::state::{Location, Normandy44, UnitFlags};
use crate::tables::terrain::Terrain;
use std::fmt::Write;

/// The picture.
pub fn picture(game: &Normandy44) -> String {
    let mut out = String::new();
    let w = game.weather();
    let t = game.tracks;
    let _ = writeln!(
        out,
        "Turn {}/{} · {:?} (row {}) · SupP 7th {} Fortress {} US {} CW {} · RP US {} CW {} · air US {} CW {} · naval US {} CW {}",
        game.turn(),
        game.last_turn(),
        w.condition,
        w.row,
        t.supply[0],
        t.supply[1],
        t.supply[2],
        t.supply[3],
        t.rp[0],
        t.rp[1],
        t.air[0],
        t.air[1],
        t.naval[0],
        t.naval[1],
    );
    map(game, &mut out);
    stacks(game, &mut out);
    out
}

/// One character a hex: `G`/`A` a German or Allied stack, `#` a city, `o` a town, `~` sea,
/// `=` flooded or marsh, `^` woods, `.` other land; rows printed north first.
fn map(game: &Normandy44, out: &mut String) {
    let map = &game.data().map;
    let mut rows: std::collections::BTreeMap<u16, Vec<(u16, char)>> = Default::default();
    for hex in map.hexes.ids() {
        let Some(label) = map.hexes.label(hex) else {
            continue;
        };
        let code: u16 = label.to_string().parse().unwrap_or(0);
        let (row, column) = (code / 100, code % 100);
        let c = match game.occupant(hex) {
            Some(Side::German) => 'G',
            Some(Side::Allied) => 'A',
            None => match map.terrain(hex) {
                Terrain::Sea => '~',
                Terrain::Flooded | Terrain::Marsh => '=',
                Terrain::Woods => '^',
                _ if map.flags(hex).has(HexFlags::CITY) => '#',
                _ if map.flags(hex).has(HexFlags::TOWN) => 'o',
                _ => '.',
            },
        };
        rows.entry(row).or_default().push((column, c));
    }
    for (row, mut cells) in rows.into_iter().rev() {
        cells.sort_unstable();
        let mut line = format!("{row:02} ");
        if row % 2 == 1 {
            line.push(' ');
        }
        for (_, c) in cells {
            line.push(c);
            line.push(' ');
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// Every stack on the map, German first: hex, place name, and each unit as
/// `name cf-ma [markers]`.
fn stacks(game: &Normandy44, out: &mut String) {
    let data = game.data();
    for side in [Side::German, Side::Allied] {
        let _ = writeln!(out, "{}:", side.name());
        for hex in game.occupied_hexes(side) {
            let place = data
                .map
                .name(hex)
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            let units: Vec<String> = game
                .units_in(hex)
                .map(|u| {
                    let state = game.unit(u);
                    let face = data.face(u, state.step);
                    let (cf, ma) = face.map_or((0, 0), |f| (f.cf, f.ma));
                    let mut marks = String::new();
                    for (bit, mark) in [
                        (UnitFlags::DISORGANIZED, "D"),
                        (UnitFlags::RESERVE, "R"),
                        (UnitFlags::OOS, "S"),
                        (UnitFlags::ISOLATED, "I"),
                        (UnitFlags::SCATTERED, "X"),
                        (UnitFlags::SM, "M"),
                    ] {
                        if state.flags.has(bit) {
                            marks.push_str(mark);
                        }
                    }
                    let marks = if marks.is_empty() {
                        String::new()
                    } else {
                        format!(" [{marks}]")
                    };
                    format!("{} {cf}-{ma}{marks}", data.unit(u).short)
                })
                .collect();
            let _ = writeln!(
                out,
                "  {}{place}: {}",
                data.map.label(hex),
                units.join(", ")
            );
        }
        let waiting = game
            .unit_ids()
            .filter(|&u| game.side_of(u) == side)
            .filter(|&u| {
                !matches!(
                    game.unit(u).at,
                    Location::Hex(_) | Location::OutOfPlay | Location::Eliminated
                )
            })
            .count();
        let _ = writeln!(out, "  ({waiting} units off the map, waiting to arrive)");
    }
}
