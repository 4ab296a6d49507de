//! A mission's starting position (the spec's section 3.1): the squad off the map waiting to
//! enter, every German card and vehicle off the map until a paragraph places it, the starting
//! Condition, no sighting, flag, marker or VP.

use crate::data::AmbushData;
use crate::data::mission::Stance;
use crate::data::weapons::Side;
use crate::state::{
    Ambush, ArMarker, Item, Phase, Place, Ratings, Soldier, TurnState, Vehicle, VehicleStatus,
};
use crate::tables::damage::Health;
use crate::tables::track::Row;
use overlord_engine::GameRng;
use std::sync::Arc;

/// Why a mission cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupFault(pub String);

impl Ambush {
    /// Mission `mission` with squad `squad` (the mission's own squad, else the campaign's,
    /// when `None`).
    ///
    /// # Errors
    /// No such mission or squad, or a squad too big for the ids the state uses.
    pub fn start(
        data: &Arc<AmbushData>,
        mission: &str,
        squad: Option<&str>,
        rng: GameRng,
    ) -> Result<Ambush, SetupFault> {
        let index = data
            .missions
            .iter()
            .position(|m| m.header.id == mission)
            .ok_or_else(|| {
                SetupFault(format!(
                    "no mission `{mission}`; `overlord scenarios ambush` lists them"
                ))
            })?;
        let def = &data.missions[index];
        let squad_id = squad
            .map(str::to_owned)
            .or_else(|| def.header.squad.clone())
            .unwrap_or_else(|| data.campaign.squad.clone());
        let squad_index = data
            .squads
            .iter()
            .position(|q| q.id == squad_id)
            .ok_or_else(|| SetupFault(format!("no squad `{squad_id}` in squads/")))?;
        let squad = &data.squads[squad_index];
        let mut game = Ambush::from_cards(data, index, &squad.soldiers, rng)?;
        game.squad = u8::try_from(squad_index).map_err(|_| SetupFault("too many squads".into()))?;
        Ok(game)
    }

    /// Mission number `index` (among the data's missions) played by the soldiers of `cards`.
    ///
    /// # Errors
    /// A mission without a map, a vehicle of an unknown kind, or more soldiers than the state
    /// numbers.
    pub fn from_cards(
        data: &Arc<AmbushData>,
        index: usize,
        cards: &[crate::data::squad::SoldierDef],
        rng: GameRng,
    ) -> Result<Ambush, SetupFault> {
        let def = data
            .missions
            .get(index)
            .ok_or_else(|| SetupFault(format!("no mission number {index}")))?;
        let mission = def.header.id.as_str();
        let map = def
            .hexes
            .as_ref()
            .ok_or_else(|| SetupFault(format!("mission `{mission}` has no map")))?;
        let generation = &data.tables.generation;
        let weapon = |id: &str| data.weapons.index_of(id);
        let items = |ids: &[String]| -> Vec<Item> {
            ids.iter()
                .filter_map(|id| weapon(id))
                .map(|weapon| Item {
                    weapon,
                    prepared: false,
                    jammed: false,
                    captured: false,
                })
                .collect()
        };
        // Everyone starts healthy, standing, off the map, with the generation's capacities.
        let fresh = |side: Side,
                     card: usize,
                     ratings: Ratings,
                     commander: bool,
                     items: Vec<Item>,
                     row: Row| {
            Ok(Soldier {
                side,
                card: u8::try_from(card).map_err(|_| SetupFault("too many soldiers".into()))?,
                ratings,
                commander,
                health: Health::Healthy,
                captured: false,
                surrendered: false,
                panicked: false,
                stance: Stance::Standing,
                place: Place::OffMap,
                port_boxes: generation.port_boxes,
                ammo_slots: generation.ammo_slots,
                items,
                ammo: Vec::new(),
                grenades: 0,
                marker: ArMarker {
                    row,
                    advantage: false,
                },
                turn: TurnState::default(),
                carrying: None,
                xp: 0,
                s_column: false,
            })
        };
        let mut soldiers = Vec::new();
        for (card, s) in cards.iter().enumerate() {
            let ratings = Ratings {
                initiative: s.initiative,
                pc: s.pc,
                ws: s.ws,
                ds: s.ds,
                mpa: s.mpa,
            };
            // AMB-AWR-1: US markers start Unaware when the Activation Phase begins.
            let mut soldier = fresh(
                Side::Us,
                card,
                ratings,
                s.commander,
                items(&s.items),
                Row::Unaware,
            )?;
            soldier.ammo = s
                .ammo
                .iter()
                .filter_map(|(id, &boxes)| Some((weapon(id)?, boxes)))
                .flat_map(|(w, boxes)| std::iter::repeat_n(w, usize::from(boxes)))
                .collect();
            soldiers.push(soldier);
        }
        for (card, g) in def.germans.iter().map(|g| g.get_ref()).enumerate() {
            let ratings = Ratings {
                initiative: g.initiative,
                pc: g.pc,
                ws: g.ws,
                ds: g.ds.unwrap_or(0),
                mpa: g.mpa,
            };
            // AMB-AWR-1: German markers start on Complete; AMBX-GER-8: no ammunition kept.
            let mut soldier = fresh(
                Side::German,
                card,
                ratings,
                g.commander,
                items(&g.weapons),
                Row::Complete,
            )?;
            soldier.grenades = g.grenades;
            soldiers.push(soldier);
        }
        if soldiers.len() > usize::from(u8::MAX) {
            return Err(SetupFault("more soldiers than the state numbers".into()));
        }
        let vehicles = def
            .vehicles
            .iter()
            .map(|v| v.get_ref())
            .map(|v| {
                let (kind, def) = data
                    .vehicles
                    .iter()
                    .enumerate()
                    .find(|(_, (id, _))| **id == v.kind)
                    .map(|(i, (_, k))| (i, k))
                    .ok_or_else(|| SetupFault(format!("no vehicle kind `{}`", v.kind)))?;
                Ok(Vehicle {
                    kind: u8::try_from(kind).unwrap_or(u8::MAX),
                    side: v.side,
                    hex: None,
                    facing: crate::data::map::Dir::N,
                    // AMB-VMOV-3: an unarmoured vehicle is always open.
                    open: !def.can_close,
                    crew: def.crew,
                    exposed_crew_killed: 0,
                    status: VehicleStatus::Ok,
                    moved_fast: false,
                    moved_this_round: false,
                })
            })
            .collect::<Result<Vec<_>, SetupFault>>()?;
        let hexes = map.cells.len();
        Ok(Ambush {
            data: Arc::clone(data),
            mission: u8::try_from(index).map_err(|_| SetupFault("too many missions".into()))?,
            squad: 0,
            campaign: None,
            breached_map: None,
            rng,
            phase: Phase::Entry,
            condition: def.header.start_condition,
            sightings: 0,
            paragraphs_read: Vec::new(),
            flags: 0,
            vp: 0,
            used_pool: Vec::new(),
            markers: vec![0; hexes],
            breaches: vec![0; hexes],
            soldiers,
            vehicles,
            work: Vec::new(),
            ask: None,
            activated: false,
            pc_passed: 0,
            turn: None,
            journal: Vec::new(),
            journal_on: false,
            reveals: 0,
            veil: crate::state::Veil::Off,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use std::path::Path;

    fn data() -> Arc<AmbushData> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        Arc::new(AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }

    /// AMBX-MIS-1, AMB-AWR-1: S1 starts with the sample squad off the map waiting to enter,
    /// the five German cards and the Kübelwagen off the map, Condition 1.
    #[test]
    fn ambx_mis_1_the_starting_position_of_s1() {
        let data = data();
        let game = Ambush::start(&data, "S1", None, GameRng::seeded(1)).unwrap();
        assert_eq!(game.phase, Phase::Entry);
        assert_eq!(game.condition, 1);
        assert_eq!(game.side(Side::Us).count(), 5);
        assert_eq!(game.side(Side::German).count(), 5);
        assert!(game.soldiers.iter().all(|s| s.place == Place::OffMap));
        let us1 = &game.soldiers[0];
        assert!(us1.commander);
        assert_eq!(us1.marker.row, Row::Unaware);
        let thompson = data.weapons.index_of("thompson").unwrap();
        let mk2 = data.weapons.index_of("mk2").unwrap();
        assert_eq!(
            us1.items.iter().map(|i| i.weapon).collect::<Vec<_>>(),
            [thompson]
        );
        assert_eq!(us1.ammo.iter().filter(|&&w| w == thompson).count(), 3);
        assert_eq!(us1.ammo.iter().filter(|&&w| w == mk2).count(), 2);
        let adler = &game.soldiers[5];
        assert_eq!(
            (adler.side, adler.grenades, adler.marker.row),
            (Side::German, 2, Row::Complete)
        );
        assert_eq!(game.vehicles.len(), 1);
        assert!(game.vehicles[0].open, "a Kübelwagen is always open");
        assert_eq!(game.markers.len(), 48);
        assert_eq!(
            game.mission().flags,
            ["hill_view", "tracks_seen", "wire_cut", "wire_found"]
        );
    }

    /// A standalone mission starts with its own squad; another may be named.
    #[test]
    fn a_mission_starts_with_its_squad_or_the_one_named() {
        let data = data();
        let m2 = Ambush::start(&data, "M2", None, GameRng::seeded(1)).unwrap();
        assert_eq!(m2.side(Side::Us).count(), 8);
        let s1 = Ambush::start(&data, "S1", Some("campaign_squad"), GameRng::seeded(1)).unwrap();
        assert_eq!(s1.side(Side::Us).count(), 8);
        assert!(Ambush::start(&data, "S9", None, GameRng::seeded(1)).is_err());
        assert!(Ambush::start(&data, "S1", Some("nobody"), GameRng::seeded(1)).is_err());
    }
}
