//! What the player may know (AMBX-HID): the map and every counter placed, the squad's cards,
//! each placed German's name, weapons and status, the AR Track, the Condition, the sightings
//! that occurred; never the mission sheet, the paragraphs not read, the Germans not yet placed
//! or the dice to come. And where each action shows on the table.

use crate::action::AmbAction;
use crate::data::weapons::Side;
use crate::state::{Ambush, Phase, Place, SoldierId};
use overlord_engine::{Anchors, GameRng, Viewer};
use rand::Rng;
use serde::Serialize;

/// The player's view.
#[derive(Clone, Debug, Serialize)]
pub struct AmbView {
    pub mission: String,
    pub phase: String,
    /// The round under way, with its dice (AMBX-HID-2: the AR Track and Action Number show).
    pub round: Option<RoundView>,
    pub condition: u8,
    pub vp: i16,
    /// The sightings that occurred, by number.
    pub sightings: Vec<u8>,
    /// The squad, then every German placed so far.
    pub soldiers: Vec<SoldierView>,
    /// Each marked hex and its markers.
    pub markers: Vec<(String, Vec<String>)>,
    /// The vehicles placed so far (AMBX-HID: one not yet placed is the mission's secret).
    pub vehicles: Vec<VehicleView>,
}

/// A vehicle on the map.
#[derive(Clone, Debug, Serialize)]
pub struct VehicleView {
    pub id: u8,
    pub name: String,
    pub side: Side,
    pub hex: String,
    /// The hexside its front faces (AMBX-VEH).
    pub facing: String,
    pub open: bool,
    pub status: String,
    /// A tank's surviving crew.
    pub crew: u8,
}

/// The round under way.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub number: u16,
    pub action_number: u8,
    pub us_die: u8,
    pub german_die: u8,
    pub us_initiative: bool,
    /// Who is acting now.
    pub acting: Option<u8>,
}

/// A soldier as the player sees him.
#[derive(Clone, Debug, Serialize)]
pub struct SoldierView {
    pub id: u8,
    pub name: String,
    pub side: Side,
    pub hex: Option<String>,
    pub stance: String,
    pub health: String,
    pub row: String,
    pub advantage: bool,
    pub panicked: bool,
    pub captured: bool,
    pub surrendered: bool,
    pub commander: bool,
    /// IN, PC, WS, DS, MPA (a German's IN and WS only, AMBX-HID-2).
    pub ratings: Vec<i16>,
    pub items: Vec<String>,
    pub ammo: Vec<String>,
    pub mp_spent: u8,
}

/// Whether the player knows of German `id`: once a paragraph has placed him.
pub fn known(game: &Ambush, id: SoldierId) -> bool {
    let s = game.soldier(id);
    s.side == Side::Us || s.place != Place::OffMap || s.captured || s.inactive()
}

fn weapon_name(game: &Ambush, weapon: u8) -> String {
    game.data()
        .weapons
        .by_index(weapon)
        .map_or_else(|| "?".to_owned(), |(_, def)| def.name.clone())
}

/// Where a soldier is, as printed.
pub fn place_label(game: &Ambush, id: SoldierId) -> Option<String> {
    let map = game.map()?;
    match game.soldier(id).place {
        Place::Hex(h) => Some(map.label(h)),
        Place::Aboard { vehicle, .. } => game
            .vehicles
            .get(usize::from(vehicle.0))
            .and_then(|v| v.hex)
            .map(|h| format!("{} (aboard)", map.label(h))),
        Place::Exited => Some("exited".to_owned()),
        Place::OffMap => None,
    }
}

/// The player's view (there is one seat; observers see the same).
pub fn view(game: &Ambush, _viewer: Viewer) -> AmbView {
    let soldiers = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| known(game, id))
        .map(|id| {
            let s = game.soldier(id);
            let us = s.side == Side::Us;
            let r = s.ratings;
            SoldierView {
                id: id.0,
                name: game.name(id),
                side: s.side,
                hex: place_label(game, id),
                stance: format!("{:?}", s.stance),
                health: format!("{:?}", s.health),
                row: format!("{:?}", s.marker.row),
                advantage: s.marker.advantage,
                panicked: s.panicked,
                captured: s.captured,
                surrendered: s.surrendered,
                commander: s.commander,
                ratings: if us {
                    vec![
                        i16::from(r.initiative),
                        i16::from(r.pc),
                        i16::from(r.ws),
                        i16::from(r.ds),
                        i16::from(r.mpa),
                    ]
                } else {
                    vec![i16::from(r.initiative), i16::from(r.ws)]
                },
                items: s
                    .items
                    .iter()
                    .map(|it| {
                        let mut name = weapon_name(game, it.weapon);
                        if it.prepared {
                            name.push_str(" (prepared)");
                        }
                        if it.jammed {
                            name.push_str(" (jammed)");
                        }
                        name
                    })
                    .collect(),
                ammo: if us {
                    s.ammo.iter().map(|&w| weapon_name(game, w)).collect()
                } else {
                    Vec::new()
                },
                mp_spent: s.turn.mp_spent,
            }
        })
        .collect();
    let map = game.map();
    let markers = map
        .map(|map| {
            map.hexes()
                .filter_map(|h| {
                    let bits = *game.markers.get(usize::from(h.0))?;
                    (bits != 0).then(|| {
                        let names = crate::data::mission::Marker::ALL
                            .iter()
                            .filter(|&&m| game.marked(h, m))
                            .map(|m| format!("{m:?}"))
                            .collect();
                        (map.label(h), names)
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    AmbView {
        mission: game.mission().header.id.clone(),
        phase: match game.phase {
            Phase::Entry => "entry".to_owned(),
            Phase::Operations => "operations".to_owned(),
            Phase::Rounds(_) => "rounds".to_owned(),
            Phase::Debrief => "debrief".to_owned(),
            Phase::Ended { success } => {
                if success {
                    "ended: success".to_owned()
                } else {
                    "ended: failure".to_owned()
                }
            }
        },
        round: match game.phase {
            Phase::Rounds(r) if r.opened => Some(RoundView {
                number: r.number,
                action_number: r.action_number,
                us_die: r.us_die,
                german_die: r.german_die,
                us_initiative: r.us_initiative,
                acting: game.turn.map(|t| t.soldier.0),
            }),
            _ => None,
        },
        condition: game.condition,
        vp: game.vp,
        sightings: (0..64u8).filter(|&n| game.sighted(n)).collect(),
        soldiers,
        markers,
        vehicles: game
            .vehicles
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let id = crate::state::VehicleId(u8::try_from(i).ok()?);
                Some(VehicleView {
                    id: id.0,
                    name: crate::driving::kind_of(game, id)
                        .map_or_else(|| "vehicle".to_owned(), |k| k.name.clone()),
                    side: v.side,
                    hex: map?.label(v.hex?),
                    facing: format!("{:?}", v.facing),
                    open: v.open,
                    status: format!("{:?}", v.status),
                    crew: v.crew,
                })
            })
            .collect(),
    }
}

/// AMBX-HID: the hidden part of the state is the dice to come (the book and the Germans not yet
/// placed are the mission's, fixed by the scenario chosen): the generator is reseeded.
pub fn determinize<R: Rng + ?Sized>(game: &Ambush, rng: &mut R) -> Ambush {
    let mut out = game.clone();
    out.rng = GameRng::seeded(rng.next_u64());
    out
}

fn vehicle_name(game: &Ambush, v: crate::state::VehicleId) -> String {
    crate::driving::kind_of(game, v)
        .map_or_else(|| "the vehicle".to_owned(), |k| format!("the {}", k.name))
}

/// Where `action` shows, and its button label.
pub fn anchors(game: &Ambush, action: &AmbAction) -> Anchors {
    let name = |id: SoldierId| game.name(id);
    let hex = |h: crate::map::Hex| {
        game.mission()
            .hexes
            .as_ref()
            .map_or_else(String::new, |m| m.label(h))
    };
    let item = |soldier: SoldierId, item: u8| {
        game.soldier(soldier)
            .items
            .get(usize::from(item))
            .map_or_else(|| "?".to_owned(), |it| weapon_name(game, it.weapon))
    };
    let vehicle_hex = |v: crate::state::VehicleId| -> Vec<String> {
        game.vehicles
            .get(usize::from(v.0))
            .and_then(|car| car.hex)
            .map(hex)
            .into_iter()
            .collect()
    };
    let acting = game.turn.map(|t| t.soldier);
    let actor = || acting.map_or_else(String::new, name);
    let (label, hexes, units) = match *action {
        AmbAction::Enter { soldier, hex: h } => (
            format!("{} enters at {}", name(soldier), hex(h)),
            vec![hex(h)],
            vec![soldier],
        ),
        AmbAction::Move { soldier, to, group } => (
            format!(
                "{}{} to {}",
                name(soldier),
                if group { " and his hex" } else { "" },
                hex(to)
            ),
            vec![hex(to)],
            vec![soldier],
        ),
        AmbAction::Stance { soldier, stance } => (
            format!("{} goes {stance:?}", name(soldier)),
            vec![],
            vec![soldier],
        ),
        AmbAction::Prepare { soldier, item: i } => (
            format!("{} prepares the {}", name(soldier), item(soldier, i)),
            vec![],
            vec![soldier],
        ),
        AmbAction::ClearJam { soldier, item: i } => (
            format!("{} clears the {}", name(soldier), item(soldier, i)),
            vec![],
            vec![soldier],
        ),
        AmbAction::Take {
            soldier,
            from,
            item: i,
        } => (
            format!(
                "{} takes the {} of {}",
                name(soldier),
                item(from, i),
                name(from)
            ),
            vec![],
            vec![soldier, from],
        ),
        AmbAction::Carry { soldier, other } => (
            format!("{} takes {} along", name(soldier), name(other)),
            vec![],
            vec![soldier, other],
        ),
        AmbAction::Release { soldier } => (
            format!("{} puts down whom he carries", name(soldier)),
            vec![],
            vec![soldier],
        ),
        AmbAction::EndMission => ("End the mission".to_owned(), vec![], vec![]),
        AmbAction::Mount {
            soldier,
            vehicle,
            seat,
        } => (
            format!(
                "{} gets into {} ({})",
                name(soldier),
                vehicle_name(game, vehicle),
                if seat == 0 { "driving" } else { "a passenger" }
            ),
            vec![],
            vec![soldier],
        ),
        AmbAction::Dismount { soldier } => {
            (format!("{} gets out", name(soldier)), vec![], vec![soldier])
        }
        AmbAction::Drive { soldier, to, fast } => (
            format!(
                "{} drives to {}{}",
                name(soldier),
                hex(to),
                if fast { " fast" } else { "" }
            ),
            vec![hex(to)],
            vec![soldier],
        ),
        AmbAction::ChangeSeat { other } => (
            format!("{} changes seats with {}", actor(), name(other)),
            vec![],
            acting.into_iter().chain([other]).collect(),
        ),
        AmbAction::AssignXp { amount } => (format!("{amount} XP"), vec![], vec![]),
        AmbAction::Improve { choice } => (
            match choice {
                0 => "PC +1".to_owned(),
                1 => "WS +1".to_owned(),
                2 => "DS +2".to_owned(),
                _ => "Roll to raise PC or IN".to_owned(),
            },
            vec![],
            vec![],
        ),
        AmbAction::Recruit {
            initiative,
            commander,
        } => (
            format!(
                "Recruit a{} soldier of IN {initiative}",
                if commander { " commander," } else { "" }
            ),
            vec![],
            vec![],
        ),
        AmbAction::EndStep => ("Done".to_owned(), vec![], vec![]),
        AmbAction::Line { index } => (format!("Line {}", index + 1), vec![], vec![]),
        AmbAction::Activate { soldier } => {
            (format!("{} acts", name(soldier)), vec![], vec![soldier])
        }
        AmbAction::Fire {
            item: i,
            target,
            aimed,
        } => (
            format!(
                "{} {} fire at {} with the {}{}",
                actor(),
                if aimed { "aimed" } else { "snap" },
                name(target),
                acting.map_or_else(String::new, |a| item(a, i)),
                acting
                    .and_then(|a| crate::fire::preview(
                        game,
                        a,
                        usize::from(i),
                        target,
                        if aimed {
                            crate::fire::Kind::Aimed
                        } else {
                            crate::fire::Kind::Snap
                        }
                    ))
                    .map_or_else(String::new, |odds| format!(" ({odds})"))
            ),
            vec![],
            acting.into_iter().chain([target]).collect(),
        ),
        AmbAction::Assault { target, capture } => (
            format!(
                "{} assaults {} to {}",
                actor(),
                name(target),
                if capture { "capture" } else { "kill" }
            ),
            vec![],
            acting.into_iter().chain([target]).collect(),
        ),
        AmbAction::FireAtWall {
            item: i,
            hex: h,
            aimed,
        } => (
            format!(
                "{} {} fire at the wall of {} with the {}",
                actor(),
                if aimed { "aimed" } else { "snap" },
                hex(h),
                acting.map_or_else(String::new, |a| item(a, i))
            ),
            vec![hex(h)],
            acting.into_iter().collect(),
        ),
        AmbAction::DoubleFire {
            item: i,
            partner,
            target,
        } => (
            format!(
                "{} and {} fire the {} at {}",
                actor(),
                name(partner),
                acting.map_or_else(String::new, |a| item(a, i)),
                name(target)
            ),
            vec![],
            acting.into_iter().chain([partner, target]).collect(),
        ),
        AmbAction::MoveCrewWeapon { partner, to, .. } => (
            format!(
                "{} and {} carry the crew weapon to {}",
                actor(),
                name(partner),
                hex(to)
            ),
            vec![hex(to)],
            acting.into_iter().chain([partner]).collect(),
        ),
        AmbAction::FireAtVehicle {
            item: i,
            vehicle,
            aimed,
        } => (
            format!(
                "{} {} fire at {} with the {}",
                actor(),
                if aimed { "aimed" } else { "snap" },
                vehicle_name(game, vehicle),
                acting.map_or_else(String::new, |a| item(a, i))
            ),
            vehicle_hex(vehicle),
            acting.into_iter().collect(),
        ),
        AmbAction::ThrowAtVehicle {
            vehicle,
            satchel,
            into,
        } => (
            format!(
                "{} throws {} {} {}",
                actor(),
                if satchel {
                    "a satchel charge"
                } else {
                    "a grenade"
                },
                if into { "into" } else { "against" },
                vehicle_name(game, vehicle)
            ),
            vehicle_hex(vehicle),
            acting.into_iter().collect(),
        ),
        AmbAction::Throw { hex: h, satchel } => (
            format!(
                "{} throws {} at {}",
                actor(),
                if satchel {
                    "a satchel charge"
                } else {
                    "a grenade"
                },
                hex(h)
            ),
            vec![hex(h)],
            acting.into_iter().collect(),
        ),
        AmbAction::Step { to } => (
            format!("{} moves to {}", actor(), hex(to)),
            vec![hex(to)],
            acting.into_iter().collect(),
        ),
        AmbAction::SnapStep { to } => (
            format!("{} moves (then snap fire) to {}", actor(), hex(to)),
            vec![hex(to)],
            acting.into_iter().collect(),
        ),
        AmbAction::ChargeStep { to } => (
            format!("{} charges to {}", actor(), hex(to)),
            vec![hex(to)],
            acting.into_iter().collect(),
        ),
        AmbAction::GiveAction { to } => (
            format!("{} gives an action to {}", actor(), name(to)),
            vec![],
            acting.into_iter().chain([to]).collect(),
        ),
        AmbAction::Awaken { target } => (
            format!("{} wakes {}", actor(), name(target)),
            vec![],
            acting.into_iter().chain([target]).collect(),
        ),
        AmbAction::EndTurn => (
            format!("{} ends his turn", actor()),
            vec![],
            acting.into_iter().collect(),
        ),
    };
    let mut anchors = Anchors::label(label);
    anchors.hexes = hexes;
    anchors.units = units.into_iter().map(|u| u32::from(u.0)).collect();
    anchors
}
