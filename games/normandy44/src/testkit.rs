//! Fixtures for tests: a small made-up map and counter mix built in code (the spec's
//! "abstract fixture" for examples whose map diagram the source lacks, section 8), and a game
//! state with units put where a test wants them.
//!
//! The board is rows 10-20 by columns 01-12 of land (pointy-top, rows growing north, odd rows
//! half a hex east, as the real map), with the sea on row 21. Row 10 is the south edge and
//! column 12 the east edge. Every position the rules need sits on the coast row, out of the way.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// A kit for every chapter's tests: not every test uses every piece.
#![allow(dead_code)]

use crate::data::{N44Data, Scenario, Side, UnitId};
use crate::setup::new_game;
use crate::state::{Location, N44Options, Normandy44, Phase, Stage, Step};
use overlord_engine::{GameRng, RandomSpec, Script, ScriptedRoll};
use overlord_hexmap::HexId;
use std::sync::Arc;

/// A fixture under construction.
#[derive(Clone, Debug, Default)]
pub struct Kit {
    hexes: Vec<String>,
    hexsides: Vec<String>,
    roads: Vec<String>,
    units: Vec<String>,
    formations: Vec<String>,
    /// The northmost land row (20 unless [`Kit::size`] says otherwise).
    top: Option<u8>,
    /// The eastmost column (12 unless [`Kit::size`] says otherwise).
    columns: Option<u8>,
    /// Regions given in place of the default ones, by id.
    regions: Vec<(String, Vec<String>)>,
    /// Positions given in place of (or besides) the default ones, by id.
    positions: Vec<(String, Vec<String>)>,
    /// Extra lines of setup.toml (`[[german]]`, `[[assault]]`, `[[drop]]`...).
    setup: Vec<String>,
    /// Cadre counters in cadres.toml's format.
    cadres: Vec<String>,
    gb: Vec<String>,
    arrivals: Vec<String>,
    perimeter: Option<Vec<String>>,
}

impl Kit {
    pub fn new() -> Kit {
        Kit::default()
    }

    /// Hex `label` shows `terrain` (`woods`, `flooded`...).
    pub fn terrain(mut self, label: &str, terrain: &str) -> Kit {
        self.hexes.push(format!(
            "[[hex]]\nat = \"{label}\"\nterrain = \"{terrain}\"\n"
        ));
        self
    }

    /// Hex `label` is a hilltop (11.8).
    pub fn hilltop(mut self, label: &str, terrain: &str) -> Kit {
        self.hexes.push(format!(
            "[[hex]]\nat = \"{label}\"\nterrain = \"{terrain}\"\ntags = [\"hilltop\"]\n"
        ));
        self
    }

    /// The hexside between `a` and `b` has `feature` (`major_river`...).
    pub fn hexside(mut self, a: &str, b: &str, feature: &str) -> Kit {
        self.hexsides.push(format!(
            "[[hexside]]\nbetween = [\"{a}\", \"{b}\"]\nfeatures = [\"{feature}\"]\n"
        ));
        self
    }

    /// The hexside between `a` and `b` has every one of `features` (a causeway over a flooded
    /// hexside...).
    pub fn hexside_all(mut self, a: &str, b: &str, features: &[&str]) -> Kit {
        let features: Vec<String> = features.iter().map(|f| format!("\"{f}\"")).collect();
        self.hexsides.push(format!(
            "[[hexside]]\nbetween = [\"{a}\", \"{b}\"]\nfeatures = [{}]\n",
            features.join(", ")
        ));
        self
    }

    /// A road of `kind` (`main`, `secondary`) along `path`.
    pub fn road(mut self, kind: &str, path: &[&str]) -> Kit {
        let hexes: Vec<String> = path.iter().map(|h| format!("\"{h}\"")).collect();
        self.roads.push(format!(
            "[[road]]\nkind = \"{kind}\"\npath = [{}]\n",
            hexes.join(", ")
        ));
        self
    }

    /// A two-step unit `id` of `side` and `class`, `cf`-`ma` with TQ `tq` at full strength and
    /// half its CF (rounded up) reduced. Allied units are US unless the id starts with `cw`.
    pub fn unit(self, id: &str, side: Side, class: &str, cf: u8, ma: u8, tq: i8) -> Kit {
        self.unit_with(id, side, class, cf, ma, tq, "", "")
    }

    /// The board runs from row 10 to row `top` and from column 01 to column `columns`, the sea
    /// on row `top + 1`; the default regions and positions follow the top row and east column.
    pub fn size(mut self, top: u8, columns: u8) -> Kit {
        self.top = Some(top);
        self.columns = Some(columns);
        self
    }

    /// Region `id` (`h_line_allied`, `cherbourg_perimeter`...) holds exactly `hexes`.
    pub fn region(mut self, id: &str, hexes: &[&str]) -> Kit {
        self.regions.retain(|(r, _)| r != id);
        self.regions.push((
            id.to_owned(),
            hexes.iter().map(|h| (*h).to_owned()).collect(),
        ));
        self
    }

    /// As [`Kit::unit`], with more keys: `unit_keys` on the unit (`formation = "x"`,
    /// `tiger = true`...), `face_keys` on both faces (`av = 3, av_colour = "grey"`...).
    #[allow(clippy::too_many_arguments)]
    pub fn unit_with(
        mut self,
        id: &str,
        side: Side,
        class: &str,
        cf: u8,
        ma: u8,
        tq: i8,
        unit_keys: &str,
        face_keys: &str,
    ) -> Kit {
        let (nation, army, side) = side_keys(id, side);
        let reduced = cf.div_ceil(2);
        let extra = |cf: u8| {
            let mut keys = String::new();
            if cf == 1 {
                keys.push_str(", no_zoc = true");
            }
            if !face_keys.is_empty() {
                keys.push_str(", ");
                keys.push_str(face_keys);
            }
            keys
        };
        self.units.push(format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"{side}\"\n\
             nation = \"{nation}\"\n{army}size = \"regiment\"\nclass = \"{class}\"\n\
             replacement = \"infantry\"\n{unit_keys}\nsteps = [\n  {{ cf = {cf}, ma = {ma}, tq = {tq}{} }},\n  \
             {{ cf = {reduced}, ma = {ma}, tq = {tq}{} }},\n]\n",
            extra(cf),
            extra(reduced)
        ));
        self
    }

    /// Map position `id` (`beachhead-juno`, `drop-505`, `mulberry-us`...) holds exactly `hexes`.
    pub fn position(mut self, id: &str, hexes: &[&str]) -> Kit {
        self.positions.retain(|(p, _)| p != id);
        self.positions.push((
            id.to_owned(),
            hexes.iter().map(|h| (*h).to_owned()).collect(),
        ));
        self
    }

    /// A one-step unit (an HQ, a Werfer, a strongpoint, a battalion), with keys as
    /// [`Kit::unit_with`].
    #[allow(clippy::too_many_arguments)]
    pub fn one_step(
        mut self,
        id: &str,
        side: Side,
        class: &str,
        cf: u8,
        ma: u8,
        tq: i8,
        unit_keys: &str,
        face_keys: &str,
    ) -> Kit {
        let (nation, army, side) = side_keys(id, side);
        let mut keys = String::new();
        if cf == 1 {
            keys.push_str(", no_zoc = true");
        }
        if !face_keys.is_empty() {
            keys.push_str(", ");
            keys.push_str(face_keys);
        }
        self.units.push(format!(
            "[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nshort = \"{id}\"\nside = \"{side}\"\n\
             nation = \"{nation}\"\n{army}size = \"battalion\"\nclass = \"{class}\"\n\
             replacement = \"infantry\"\n{unit_keys}\nsteps = [\n  {{ cf = {cf}, ma = {ma}, tq = {tq}{keys} }},\n]\n"
        ));
        self
    }

    /// Hex `label` shows `terrain` and the printed name `name`.
    pub fn named(mut self, label: &str, terrain: &str, name: &str) -> Kit {
        self.hexes.push(format!(
            "[[hex]]\nat = \"{label}\"\nterrain = \"{terrain}\"\nname = \"{name}\"\n"
        ));
        self
    }

    /// A cadre counter type in cadres.toml's format (`[[cadre]]` and its keys).
    pub fn cadre_toml(mut self, text: &str) -> Kit {
        self.cadres.push(text.to_owned());
        self
    }

    /// The hexes inside the Cherbourg Perimeter (by default only 2001); the Perimeter's
    /// hexsides are `hexside(.., "cherbourg_perimeter")`.
    pub fn perimeter(mut self, labels: &[&str]) -> Kit {
        self.perimeter = Some(labels.iter().map(|l| format!("\"{l}\"")).collect());
        self
    }

    /// A unit written out in units.toml's own format (`[[unit]]` and its keys).
    pub fn unit_toml(mut self, text: &str) -> Kit {
        self.units.push(text.to_owned());
        self
    }

    /// A formation in units.toml's format (`[[formation]]` and its keys).
    pub fn formation_toml(mut self, text: &str) -> Kit {
        self.formations.push(text.to_owned());
        self
    }

    /// Lines of setup.toml in its own format (`[[german]]`, `[[assault]]`, `[[second_wave]]`,
    /// `[[next_wave]]`, `[[drop]]`, `[[glider]]`...), after its `[tracks]`.
    pub fn setup_toml(mut self, text: &str) -> Kit {
        self.setup.push(text.to_owned());
        self
    }

    /// A line of the "In Great Britain" box: `unit` lands for `cost` RP (6.5.1).
    pub fn gb(mut self, unit: &str, cost: u8) -> Kit {
        self.gb
            .push(format!("[[gb]]\nunit = \"{unit}\"\ncost = {cost}\n"));
        self
    }

    /// A line of the German Reinforcement card: `unit` arrives on `turn` by the `colour` zone
    /// (6.6).
    pub fn arrival(mut self, unit: &str, turn: u8, colour: &str) -> Kit {
        self.arrivals.push(format!(
            "[[german]]\nunit = \"{unit}\"\nturn = {turn}\ncolour = \"{colour}\"\n"
        ));
        self
    }

    /// A line of the German Reinforcement card: `unit` arrives on `turn` at hex `hex` (26.1).
    pub fn arrival_at(mut self, unit: &str, turn: u8, hex: &str) -> Kit {
        self.arrivals.push(format!(
            "[[german]]\nunit = \"{unit}\"\nturn = {turn}\nhex = \"{hex}\"\n"
        ));
        self
    }

    /// A German supply line to the south edge (5.2, 18.1, 18.2): hex 2001 (inside the default
    /// Perimeter) a city, so a Cherbourg city hex, and a main road from it straight down column
    /// 01 to the south edge at 1001 (the green entry hex).
    pub fn cherbourg_road(self) -> Kit {
        let road: Vec<String> = (10..=20).rev().map(|r| format!("{r}01")).collect();
        let road: Vec<&str> = road.iter().map(String::as_str).collect();
        self.terrain("2001", "city").road("main", &road)
    }

    /// An Allied supply source (18.1) and a road from it: the Utah beachhead moved to `road[0]`,
    /// a US beach engineer `eng-utah` to stand in it (put it there with [`land_engineer`]), and a
    /// main road along `road`.
    pub fn beachhead_road(self, road: &[&str]) -> Kit {
        self.position("beachhead-utah", &road[..1])
            .unit("eng-utah", Side::Allied, "beach_engineer", 1, 0, 0)
            .road("main", road)
    }

    /// The map file's text.
    pub fn map_text(&self) -> String {
        let top = self.top.unwrap_or(20);
        let columns = self.columns.unwrap_or(12);
        let mut text = format!(
            "name = \"Fixture\"\nauthored_by = \"Overlord project\"\n\
             [convention]\norientation = \"pointy_top\"\norder = \"row_column\"\nshifted = \"odd\"\n\
             [terrain]\nsea = {{}}\nclear = {{}}\nmixed = {{}}\nbocage = {{}}\nwoods = {{}}\n\
             flooded = {{}}\nmarsh = {{}}\ntown = {{}}\ncity = {{}}\n\
             [[fill]]\nterrain = \"clear\"\ncolumns = [1, {columns}]\nrows = [10, {top}]\n\
             [[fill]]\nterrain = \"sea\"\ncolumns = [1, {columns}]\nrows = [{sea}, {sea}]\n",
            sea = top + 1,
        );
        for h in &self.hexes {
            text.push_str(h);
        }
        for h in &self.hexsides {
            text.push_str(h);
        }
        for r in &self.roads {
            text.push_str(r);
        }
        let row = |r: u8| {
            (1..=columns)
                .map(|c| format!("\"{r}{c:02}\""))
                .collect::<Vec<_>>()
        };
        let column = |c: u8| {
            (10..=top)
                .map(|r| format!("\"{r}{c:02}\""))
                .collect::<Vec<_>>()
        };
        let corner = vec![format!("\"{top}01\"")];
        let regions = [
            ("naval_bombardment_zone", row(top)),
            ("us_sector", (1..=columns / 2).flat_map(column).collect()),
            ("h_line_allied", row(top)),
            ("beyond_bombardment_line", row(10)),
            (
                "cherbourg_perimeter",
                self.perimeter
                    .clone()
                    .unwrap_or_else(|| vec!["\"2001\"".to_owned()]),
            ),
            ("south_edge", row(10)),
            ("east_edge", column(columns)),
            ("cotentin", corner),
        ];
        for (id, hexes) in regions {
            let hexes = match self.regions.iter().find(|(r, _)| r == id) {
                Some((_, given)) => given.iter().map(|h| format!("\"{h}\"")).collect(),
                None => hexes,
            };
            text.push_str(&format!(
                "[[region]]\nid = \"{id}\"\nhexes = [{}]\n",
                hexes.join(", ")
            ));
        }
        let positions = [
            "beach-utah",
            "beach-pdh",
            "beach-omaha-29",
            "beach-omaha-1",
            "beach-gold-jig",
            "beach-gold-king",
            "beach-juno-mike",
            "beach-juno-nan",
            "beach-sword-queen",
            "beachhead-utah",
            "beachhead-omaha",
            "beachhead-gold",
            "beachhead-juno",
            "beachhead-sword",
            "mulberry-us",
            "mulberry-cw",
        ];
        let moved = |id: &str| self.positions.iter().any(|(p, _)| p == id);
        for (i, id) in positions.iter().enumerate() {
            let column = i % 12 + 1;
            if moved(id) {
                continue;
            }
            text.push_str(&format!(
                "[[position]]\nid = \"{id}\"\nhexes = [\"{top}{column:02}\"]\n"
            ));
        }
        for (id, hexes) in &self.positions {
            let hexes: Vec<String> = hexes.iter().map(|h| format!("\"{h}\"")).collect();
            text.push_str(&format!(
                "[[position]]\nid = \"{id}\"\nhexes = [{}]\n",
                hexes.join(", ")
            ));
        }
        for (colour, hex) in [
            ("green", "1001"),
            ("blue", "1004"),
            ("red", "1008"),
            ("orange", "1412"),
        ] {
            let id = format!("entry-{colour}-1");
            if moved(&id) {
                continue;
            }
            text.push_str(&format!(
                "[[position]]\nid = \"{id}\"\nhexes = [\"{hex}\"]\n"
            ));
        }
        text
    }

    /// The components.
    pub fn data(self) -> Arc<N44Data> {
        let map = self.map_text();
        let cadres = format!(
            "authored_by = \"Overlord project\"\n{}",
            self.cadres.concat()
        );
        let reinforcements = format!(
            "authored_by = \"Overlord project\"\n{}{}",
            self.arrivals.concat(),
            self.gb.concat()
        );
        let units = format!(
            "authored_by = \"Overlord project\"\n{}{}",
            self.formations.concat(),
            self.units.concat()
        );
        let setup = format!(
            "authored_by = \"Overlord project\"\n[tracks]\n\
             german_supply = 2\nfortress_supply = 1\nus_supply = 0\ncw_supply = 0\n\
             cherbourg_german_supply = 3\n{}",
            self.setup.concat()
        );
        let files = move |name: &str| -> Option<String> {
            Some(match name {
                "map.toml" => map.clone(),
                "units.toml" => units.clone(),
                "cadres.toml" => cadres.clone(),
                "setup.toml" => setup.clone(),
                "reinforcements.toml" => reinforcements.clone(),
                "scenarios.toml" => "authored_by = \"Overlord project\"\n\
                     [[scenario]]\nid = \"campaign\"\nname = \"Campaign\"\nturns = 22\nrules = \"24\"\n\
                     [[scenario]]\nid = \"mini\"\nname = \"Mini\"\nturns = 7\nrules = \"25\"\n\
                     [[scenario]]\nid = \"cherbourg\"\nname = \"Cherbourg\"\nturns = 12\nrules = \"26\"\n"
                    .to_owned(),
                "markers.toml" => "authored_by = \"Overlord project\"\n[markers]\n".to_owned(),
                _ => return None,
            })
        };
        match N44Data::from_texts(&files) {
            Ok(data) => Arc::new(data),
            Err(problems) => panic!("the fixture's data is broken:\n{problems}"),
        }
    }
}

/// The shipped components (data/normandy44), read once for every test that asks.
pub fn shipped_data() -> Arc<N44Data> {
    static DATA: std::sync::OnceLock<Arc<N44Data>> = std::sync::OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/normandy44");
        Arc::new(
            <N44Data as overlord_engine::Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")),
        )
    }))
}

/// A game of the mini scenario on `data` with every unit out of play, at `side`'s `phase` of
/// turn 2 in Overcast-2, with dice from `rolls` (a test fails on a roll it did not script).
pub fn game(data: &Arc<N44Data>, side: Side, phase: Phase, rolls: &[u16]) -> Normandy44 {
    let script = Script {
        dice: rolls.iter().map(|&r| ScriptedRoll::Value(r)).collect(),
        strict: true,
        ..Script::default()
    };
    let rng = GameRng::new(&RandomSpec::scripted(7, script));
    let mut game = new_game(data, Scenario::MiniGame.id(), &N44Options::default(), rng)
        .expect("the fixture's scenario");
    for unit in game.unit_ids().collect::<Vec<_>>() {
        game.unit_mut(unit).at = Location::OutOfPlay;
    }
    game.turn = 2;
    game.step = Step::Phase(side, phase, Stage::Open);
    game
}

/// A new game of `scenario` on `data` as its setup leaves it (turn 1, the Special Invasion
/// Phase about to begin), with dice from `rolls` (strict).
pub fn new_scenario(data: &Arc<N44Data>, scenario: Scenario, rolls: &[u16]) -> Normandy44 {
    let script = Script {
        dice: rolls.iter().map(|&r| ScriptedRoll::Value(r)).collect(),
        strict: true,
        ..Script::default()
    };
    let rng = GameRng::new(&RandomSpec::scripted(7, script));
    new_game(data, scenario.id(), &N44Options::default(), rng).expect("the fixture's scenario")
}

/// The unit with data id `id`.
pub fn unit(game: &Normandy44, id: &str) -> UnitId {
    game.data()
        .unit_id(id)
        .unwrap_or_else(|| panic!("no unit `{id}` in the fixture"))
}

/// The hex printed `label`.
pub fn hex(game: &Normandy44, label: &str) -> HexId {
    game.data()
        .map
        .hex(label)
        .unwrap_or_else(|| panic!("no hex `{label}` on the fixture's map"))
}

/// Put unit `id` in hex `label`.
pub fn place(game: &mut Normandy44, id: &str, label: &str) {
    let u = unit(game, id);
    let h = hex(game, label);
    game.unit_mut(u).at = Location::Hex(h);
}

/// Put the engineer of [`Kit::beachhead_road`] in the Utah beachhead: an Allied supply source
/// (18.1).
pub fn land_engineer(game: &mut Normandy44) {
    let u = unit(game, "eng-utah");
    let h = crate::beaches::beachhead(game, crate::data::Beach::Utah);
    game.unit_mut(u).at = Location::Hex(h);
}

/// The legal answers to the prompt showing.
pub fn legal(game: &Normandy44) -> Vec<crate::action::N44Action> {
    let mut out = Vec::new();
    crate::decisions::legal(game, &mut out);
    out
}

/// Answer the prompt showing with `action`, without running the automatic steps after it; a
/// refused action leaves the game as it was. Fails the test if the legal list and the answer
/// disagree about `action`.
pub fn act(
    game: &mut Normandy44,
    action: crate::action::N44Action,
) -> Result<(), overlord_engine::Refusal> {
    let listed = legal(game).contains(&action);
    let mut probe = game.clone();
    let mut log = crate::action::N44Log::new();
    match crate::decisions::answer(&mut probe, action, &mut log) {
        Ok(()) => {
            assert!(listed, "{action:?} was accepted but not listed");
            *game = probe;
            Ok(())
        }
        Err(refusal) => {
            assert!(!listed, "{action:?} was listed but refused: {refusal:?}");
            Err(refusal)
        }
    }
}

/// The nation, army line and side of a kit unit `id` of `side`: German units are Heer, Allied
/// ones US unless the id starts with `cw`.
fn side_keys(id: &str, side: Side) -> (&'static str, String, &'static str) {
    match side {
        Side::German => ("heer", String::new(), "german"),
        Side::Allied if id.starts_with("cw") => ("british", "army = \"cw\"\n".to_owned(), "allied"),
        Side::Allied => ("us", "army = \"us\"\n".to_owned(), "allied"),
    }
}
