//! The game state (spec section 3): small and flat, integer ids into the data, cloned by search
//! and simulation. The components and the scenario's battlefield sit behind the `Arc`.

use crate::data::{Nation, ScenarioDef, ToiData};
use crate::tables::results::{Condition, Damage};
use overlord_engine::{GameRng, Outcome};
use overlord_hexmap::HexId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A unit's dense id: its index in the game's units ([`ToiGame::unit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u8);

impl UnitId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// No figure in a squad's slot.
pub const EMPTY_SLOT: u8 = u8::MAX;

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    Hex(HexId),
    /// Carried by the vehicle (`TOI-TRANS`): off the map, out of reach of every attack.
    Aboard(UnitId),
    /// A reinforcement due in the Status Phase of this round (`TOI-STAT-REINF`).
    Reserve(u8),
    /// Eliminated, routed or destroyed: out of the game.
    Gone,
}

/// A unit's activation token (`TOI-ACT`, `TOI-TERMS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Token {
    /// No token: it may be activated.
    #[default]
    Fresh,
    Fatigued,
    OpFire,
}

/// A squad or a vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A base of up to 4 slots of figures (indices into the data's figures; [`EMPTY_SLOT`]
    /// where none), a heavy weapon filling two slots with one figure (`TOI-SQUAD`).
    Squad {
        figures: [u8; 4],
        condition: Condition,
    },
    Vehicle {
        figure: u8,
        damage: Damage,
    },
}

/// One unit on the battlefield (spec 3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub nation: Nation,
    /// 1 or 2 (`TOI-DIV`).
    pub division: u8,
    pub at: Location,
    pub token: Token,
    pub kind: Kind,
    /// The fortification a squad is in (`TOI-FORT-ENTR`, `TOI-FORT-PILL`).
    pub fort: Fort,
    /// A hidden squad (`TOI-COMBAT-HIDDEN`): public, but out of reach of fire.
    pub hidden: bool,
    /// A squad's specialization (`TOI-SPEC`).
    pub spec: Option<crate::data::Specialization>,
}

/// A fortification a squad may occupy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fort {
    #[default]
    None,
    Entrenchment,
    Pillbox,
}

pub use crate::data::Markers;

/// One nation's side (spec 3.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// Available command (`TOI-CMD-INCOME`).
    pub command: u16,
    /// The total on its initiative card, never decreasing (`TOI-CMD-SPEND`).
    pub initiative_card: u16,
    pub vp: i16,
    /// Whether it has ended its Action Phase this round (`TOI-ACT-END`).
    pub ended: bool,
    /// Actions left in its current Action Phase turn.
    pub actions_left: u8,
}

/// How the players sit (`TOI-TEAM`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seating {
    /// One player a nation.
    #[default]
    Two,
    /// `TOI-TEAM-3`: two players for this nation, one for the other.
    Three(Nation),
    /// `TOI-TEAM-4`: two players a nation, one a division.
    Four,
}

impl Seating {
    /// How many players.
    pub fn players(self) -> u8 {
        match self {
            Seating::Two => 2,
            Seating::Three(_) => 3,
            Seating::Four => 4,
        }
    }

    /// Whether the divisions play apart (`TOI-TEAM`: three and four players; the lone player of
    /// three plays his nation as two).
    pub fn by_division(self) -> bool {
        self != Seating::Two
    }
}

/// A side's strategy cards (`TOI-CARD-STRAT`): its decks, face down; the cards face up in its HQ
/// area, the ones it may activate; and its play area.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    /// Per deck the scenario gives (an index into the data's decks), its cards still to draw,
    /// the top one last. Their order is hidden from everyone (section 6.2).
    pub decks: Vec<(u8, Vec<u16>)>,
    /// Face up in the HQ area: the cards it may activate (indices into the data's cards).
    pub hq: Vec<u16>,
    /// In the play area: lasting cards (`TOI-CARD-PLAYAREA`, `None`), and cards waiting for
    /// contact, with the round of their last try (`TOI-KW-CONTACT`).
    pub play_area: Vec<(u16, Option<u8>)>,
}

impl Hand {
    /// Whether any deck still has a card.
    pub fn can_draw(&self) -> bool {
        self.decks.iter().any(|(_, cards)| !cards.is_empty())
    }
}

/// What a strategy card being resolved asks for next (`TOI-CARD-STRAT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardPlay {
    pub nation: Nation,
    /// The card (an index into the data's cards).
    pub card: u16,
    /// Choices still to make (units to refresh, reinforce or hide).
    pub left: u8,
    /// The hex the first hidden squad was chosen in (`HexId::NONE` before).
    pub hex: HexId,
    /// `TOI-TEAM-CARDS`: the division of the player who activated it, whose units alone it
    /// acts on (0 when each nation has one player).
    pub division: u8,
}

/// Where the game is: the prompt showing, or a system step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// `TOI-ACT`: `nation` picks its next action.
    Action {
        nation: Nation,
    },
    /// `TOI-MOVE`: the active unit moves.
    Moving(Move),
    /// `TOI-COMBAT-OPFIRE`, `TOI-MOVE-OPFIRE`: the moving unit has entered a hex its enemy's Op
    /// Fire units see: the enemy may fire at it, once.
    OpFire(Move),
    /// `TOI-COMBAT-COMBINED`: the attacker adds supporters to its attack, then fires.
    Combining(Attack),
    /// `TOI-COMBAT-ASSAULT` step 1: the assaulting squad's player adds up to 2 supporters.
    AssaultSupport(Assault),
    /// A system step: the attacker's losses in an assault are removed; the defender's next.
    AssaultLosses(Assault),
    /// `TOI-COMBAT-ASSAULT` step 7: the defender removes the attacker's hits from his units.
    DefenderLosses(Assault),
    /// FAQ-6: the defender chooses which hidden squads in the assaulted hex fight.
    HiddenDefenders(Assault),
    /// `TOI-COMBAT-ASSAULT` step 9: the defender picks the hex all his units retreat to.
    Retreat(Assault),
    /// `TOI-COMBAT-ASSAULT` step 10: the attacker's squads may advance into the emptied hex.
    AdvanceAfter(Assault),
    /// `TOI-COMBAT-NORMAL-SQUAD`: the owner of squad `unit` removes `hits` more figures; then
    /// `then`.
    Casualties {
        unit: UnitId,
        hits: u8,
        then: Then,
    },
    /// `TOI-CMD-SPEND`: `nation` spends command.
    Command {
        nation: Nation,
    },
    /// A system step: the moving unit has just entered a hex (Op Fire may answer,
    /// `TOI-MOVE-OPFIRE`).
    Entered(Move),
    /// A system step: the moving unit goes on after an Op Fire attack (the hex's obstacles
    /// next, `TOI-TIMING`).
    Resume(Move),
    /// A system step: the moving unit meets the obstacles of the hex it entered (`TOI-FORT`).
    Obstacles(Move),
    /// `TOI-TIMING` (D-OBSTACLE-ORDER): the moving unit's player orders the several obstacles
    /// that act on it.
    ObstacleOrder(Move),
    /// A system step: Op Fire stopped the moving unit (`TOI-MOVE-OPFIRE`).
    Stopped(Move),
    /// `TOI-SETUP-3`, `TOI-STAT-DRAW`: `nation` draws a card from a deck of its choice, `left`
    /// more to go; `extra` when it is the "+" card's optional draw.
    Draw {
        nation: Nation,
        left: u8,
        setup: bool,
        extra: bool,
    },
    /// A strategy card's choice: a unit, or a target hex (`TOI-CARD-STRAT`, `TOI-KW-TARGET`).
    Card(CardPlay),
    /// `TOI-STAT-CLEAN`: the Status Phase's tokens come off once the cards are drawn.
    StatusClean,
    /// `TOI-TEAM-ORDER`: `nation`'s team chooses which member plays first this turn.
    TeamOrder {
        nation: Nation,
    },
    /// `TOI-STAT-XFER`: `nation` moves figures between its squads of one hex, one at a time.
    Transfers {
        nation: Nation,
    },
    /// `TOI-STAT-OPFIRE`, `TOI-SETUP-7`: `nation` puts units in Op Fire, one at a time.
    StatusOpFire {
        nation: Nation,
    },
    /// `TOI-STAT-REINF`: `nation` places its next reinforcement.
    Reinforce {
        nation: Nation,
    },
    /// A system step: the setup's cards are drawn; the players build their squads and deploy
    /// their units, if they choose to (`TOI-SETUP-5`, `TOI-SETUP-6`), before the initial Op Fire.
    SetupDone,
    /// `TOI-SETUP-5`: `nation` puts its next figure on base `unit`.
    Build {
        nation: Nation,
        unit: UnitId,
    },
    /// `TOI-SPEC-ASSIGN`: `nation` may snap a specialization token on base `unit`, just filled.
    Specialize {
        nation: Nation,
        unit: UnitId,
    },
    /// `TOI-SETUP-6`: `nation` places its next starting unit in its deployment areas.
    Deploy {
        nation: Nation,
    },
    /// A system step: the round marker advances (`TOI-STAT-ROUND`).
    NextRound,
    /// A system step: an activation is over; the turn driver says who acts next.
    AfterAction,
    /// A system step: both sides have spent command; the Status Phase.
    Status,
    Over,
}

/// The active unit's move in progress (`TOI-MOVE`, `TOI-ACT-ADV`, `TOI-ACT-FM`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub unit: UnitId,
    /// Movement points left.
    pub mp: u8,
    /// Fire and Movement (`TOI-ACT-FM`): whether it has fired; `None` for an Advance.
    pub fired: Option<bool>,
    /// Whether it has entered a hex yet.
    pub moved: bool,
    /// An Assault (`TOI-ACT-ASLT`): it may assault an adjacent enemy hex when it stops.
    pub assault: bool,
    /// It began in a minefield: one hex, no more (`TOI-FORT-MINE`).
    pub from_mines: bool,
    /// The last hex it entered where it could stop: where it goes back to if its move ends in a
    /// full hex (`TOI-STACK`).
    pub back: HexId,
}

/// An attack being built with combined fire (`TOI-COMBAT-COMBINED`): its lead, its target, the
/// supporters added so far (a bit per unit id), and, for Op Fire, the move it interrupts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    pub lead: UnitId,
    pub target: UnitId,
    pub suppressive: bool,
    pub supporters: u128,
    pub op_fire: Option<Move>,
    /// The participants (lead or supporters) firing with their machine-gun crews alone
    /// (`TOI-UNIT-MG`), a bit per unit.
    pub mg_only: u128,
}

impl Attack {
    /// The supporters added, in id order.
    pub fn supporters(&self) -> Vec<UnitId> {
        (0..128u8)
            .filter(|&i| self.supporters & (1u128 << i) != 0)
            .map(UnitId)
            .collect()
    }
}

/// An assault under way (`TOI-COMBAT-ASSAULT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Assault {
    /// The active squad.
    pub squad: UnitId,
    /// The assaulted hex.
    pub hex: HexId,
    /// Its supporters (a bit per unit id), at most 2.
    pub supporters: u128,
    /// The participants already fatigued before the assault: they may not advance (step 10).
    pub tired: u128,
    /// The attacker's hits on the defenders, and the defender's on the attackers.
    pub attacker_hits: u8,
    pub defender_hits: u8,
    /// The attacker's hits still to be removed by the defender.
    pub to_remove: u8,
}

impl Assault {
    /// The active squad and its supporters.
    pub fn participants(&self) -> Vec<UnitId> {
        std::iter::once(self.squad)
            .chain(
                (0..128u8)
                    .filter(|&i| self.supporters & (1u128 << i) != 0)
                    .map(UnitId),
            )
            .collect()
    }
}

/// What comes after a squad's owner has removed its losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Then {
    /// The attacker's activation ends (it is fatigued).
    End(UnitId),
    /// The moving unit, hit by Op Fire, may move on (`TOI-MOVE-OPFIRE`).
    Resume(Move),
    /// The assault goes on to the defender's losses (`TOI-COMBAT-ASSAULT` step 7).
    Assault(Assault),
    /// An area attack's losses go on to the next squad hit (`ToiGame::losses`), then its
    /// attacker's activation ends, or, for an off-board strike, the action (`TOI-COMBAT-AREA`).
    Losses(Option<UnitId>),
    /// The moving unit, stopped by a minefield, ends its move (`TOI-FORT-MINE`).
    Stop(Move),
}

/// A game of Tide of Iron.
#[derive(Clone, Debug)]
pub struct ToiGame {
    pub(crate) data: Arc<ToiData>,
    /// The scenario's index in the data.
    pub(crate) scenario: u8,
    pub(crate) rng: GameRng,
    pub(crate) round: u8,
    pub(crate) step: Step,
    /// Who holds the initiative token (`TOI-CMD-INIT`), and who held it the round before.
    pub(crate) initiative: Nation,
    pub(crate) previous_initiative: Nation,
    /// Whose Action Phase turn it is when `step` is inside an activation.
    pub(crate) turn_of: Nation,
    pub(crate) sides: [Side; 2],
    pub(crate) units: Vec<Unit>,
    /// Per objective of the scenario, who controls it (`TOI-CMD-CTRL`).
    pub(crate) control: Vec<Option<Nation>>,
    /// The hexes with fortifications, obstacles or smoke, in hex order (`TOI-FORT`).
    pub(crate) markers: Vec<(HexId, Markers)>,
    /// The units that have Op Fired at the active unit during its activation, a bit per unit
    /// (`TOI-COMBAT-OPFIRE`: once each; only machine guns firing alone stay in Op Fire to try
    /// again, `TOI-UNIT-MG`). Cleared after every action.
    pub(crate) op_fired: u128,
    /// The squads an area attack hit, with their hits, still to choose their losses after the
    /// one choosing now (`TOI-COMBAT-AREA`).
    pub(crate) losses: Vec<(UnitId, u8)>,
    /// Each side's strategy cards.
    pub(crate) hands: [Hand; 2],
    /// How the players sit (`TOI-TEAM`).
    pub(crate) seating: Seating,
    /// When divisions play apart: the division whose player acts now (1 or 2), whether he is
    /// his team's second this turn, and each division's end of its Action Phase
    /// (`TOI-TEAM-ORDER`).
    pub(crate) division: u8,
    pub(crate) second: bool,
    pub(crate) division_ended: [[bool; 2]; 2],
    pub(crate) reveals: u64,
    pub(crate) outcome: Option<Outcome>,
    /// The players' own setup (`TOI-SETUP-5`, `TOI-SETUP-6`).
    pub(crate) setup: SetupChoices,
    /// Where each unit eliminated, destroyed or routed on the battlefield was, and whose it
    /// was, in the order they fell: for the balance lab's heat map (`overlord sim`), never read
    /// by the rules.
    pub(crate) fallen: Vec<(Nation, HexId)>,
}

/// Whether the players build the squads and deploy the units themselves (options `TOI-SETUP-5`,
/// `TOI-SETUP-6`; otherwise the scenario's squads and placement stand), whether they build in
/// secret, and, while squads are built, each nation's figures and specialization tokens not
/// yet on a base.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetupChoices {
    pub build: bool,
    pub secret: bool,
    pub deploy: bool,
    /// Per nation: figures (indices into the data's figures) still to put on a base.
    pub pool: [Vec<u8>; 2],
    /// Per nation: specialization tokens still to give out.
    pub tokens: [Vec<crate::data::Specialization>; 2],
}

impl PartialEq for ToiGame {
    fn eq(&self, other: &Self) -> bool {
        self.scenario == other.scenario
            && self.rng == other.rng
            && self.round == other.round
            && self.step == other.step
            && self.initiative == other.initiative
            && self.previous_initiative == other.previous_initiative
            && self.turn_of == other.turn_of
            && self.sides == other.sides
            && self.units == other.units
            && self.control == other.control
            && self.markers == other.markers
            && self.op_fired == other.op_fired
            && self.losses == other.losses
            && self.hands == other.hands
            && self.seating == other.seating
            && self.division == other.division
            && self.second == other.second
            && self.division_ended == other.division_ended
            && self.reveals == other.reveals
            && self.outcome == other.outcome
            && self.setup == other.setup
            && self.fallen == other.fallen
    }
}

impl ToiGame {
    pub fn data(&self) -> &ToiData {
        &self.data
    }

    /// The scenario being played.
    pub fn scenario(&self) -> &ScenarioDef {
        &self.data.scenarios[usize::from(self.scenario)]
    }

    /// The bytes the state takes: its own size and what its vectors hold (the components are
    /// shared behind the `Arc` and not counted).
    pub fn footprint(&self) -> usize {
        use std::mem::size_of;
        let hands: usize = self
            .hands
            .iter()
            .map(|h| {
                h.decks.capacity() * size_of::<(u8, Vec<u16>)>()
                    + h.decks
                        .iter()
                        .map(|(_, c)| c.capacity() * size_of::<u16>())
                        .sum::<usize>()
                    + h.hq.capacity() * size_of::<u16>()
                    + h.play_area.capacity() * size_of::<(u16, Option<u8>)>()
            })
            .sum();
        size_of::<Self>()
            + self.units.capacity() * size_of::<Unit>()
            + self.control.capacity() * size_of::<Option<Nation>>()
            + self.markers.capacity() * size_of::<(HexId, Markers)>()
            + self.losses.capacity() * size_of::<(UnitId, u8)>()
            + hands
            + self.setup.pool.iter().map(Vec::capacity).sum::<usize>()
            + self.setup.tokens.iter().map(Vec::capacity).sum::<usize>()
    }

    /// Whether `unit` (a vehicle's figure, or any figure of a squad) has the trait `name`
    /// (`TOI-UNIT-*`).
    pub fn has_trait(&self, unit: UnitId, name: &str) -> bool {
        let figures: &[u8] = match &self.units[unit.index()].kind {
            Kind::Squad { figures, .. } => figures,
            Kind::Vehicle { figure, .. } => std::slice::from_ref(figure),
        };
        figures
            .iter()
            .filter_map(|&f| self.data.figures.get(usize::from(f)))
            .any(|f| f.traits.iter().any(|t| t == name))
    }

    /// Whether a squad of `nation` in `hex` has a figure with the trait `name` (an officer's
    /// Rally or Determination reach the whole hex).
    pub fn trait_in_hex(&self, hex: HexId, nation: Nation, name: &str) -> bool {
        self.units_in(hex).any(|u| {
            self.units[u.index()].nation == nation
                && matches!(self.units[u.index()].kind, Kind::Squad { .. })
                && self.has_trait(u, name)
        })
    }

    /// Whether `nation` holds an operations card bringing `rule` (`TOI-CARD-OPS`).
    pub fn operation(&self, nation: Nation, rule: crate::data::OperationRule) -> bool {
        self.scenario().cards[nation.index()]
            .operations
            .iter()
            .filter_map(|&i| self.data.cards.operations.get(i))
            .any(|o| o.rule == rule)
    }

    /// `nation`'s strategy cards.
    pub fn hand(&self, nation: Nation) -> &Hand {
        &self.hands[nation.index()]
    }

    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn initiative(&self) -> Nation {
        self.initiative
    }

    pub fn side(&self, nation: Nation) -> &Side {
        &self.sides[nation.index()]
    }

    pub fn unit(&self, unit: UnitId) -> &Unit {
        &self.units[unit.index()]
    }

    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.units.len() as u8).map(UnitId)
    }

    /// The hex `unit` stands in, if on the map.
    pub fn hex_of(&self, unit: UnitId) -> Option<HexId> {
        match self.units.get(unit.index())?.at {
            Location::Hex(hex) => Some(hex),
            Location::Aboard(_) | Location::Reserve(_) | Location::Gone => None,
        }
    }

    /// The units in `hex`.
    pub fn units_in(&self, hex: HexId) -> impl Iterator<Item = UnitId> + '_ {
        self.unit_ids()
            .filter(move |&u| self.units[u.index()].at == Location::Hex(hex))
    }

    /// The slots `figures` fill on their base (`TOI-SQUAD`: a machine gun or mortar crew fills
    /// two).
    pub fn slots_used(&self, figures: &[u8; 4]) -> u8 {
        figures
            .iter()
            .filter(|&&f| f != EMPTY_SLOT)
            .filter_map(|&f| self.data.figures.get(usize::from(f)))
            .map(|f| f.slots)
            .sum()
    }

    /// `TOI-TERMS`, `TOI-SQUAD`: a reduced-strength squad, one with a slot left empty (a
    /// full-strength one fills all four).
    pub fn is_reduced(&self, figures: &[u8; 4]) -> bool {
        figures.contains(&EMPTY_SLOT) && self.slots_used(figures) < 4
    }

    /// What the modifier cards in `nation`'s play area add to its squads' `stat` this round
    /// (`TOI-CARD-PLAYAREA`, `CardEffect::Modifier`).
    pub fn card_bonus(&self, nation: Nation, stat: crate::data::Stat) -> u8 {
        self.hand(nation)
            .play_area
            .iter()
            .filter_map(|&(card, _)| self.data.cards.cards.get(usize::from(card)))
            .filter(|c| c.effect == crate::data::CardEffect::Modifier && c.stat == Some(stat))
            .map(|c| c.amount.unwrap_or(0))
            .fold(0, u8::saturating_add)
    }

    /// The figures `nation` has still to put on its bases (`TOI-SETUP-5`), sorted.
    pub fn figures_to_build(&self, nation: Nation) -> &[u8] {
        &self.setup.pool[nation.index()]
    }

    /// Who controls objective `i` (`TOI-CMD-CTRL`).
    pub fn controller(&self, objective: usize) -> Option<Nation> {
        self.control.get(objective).copied().flatten()
    }

    /// The markers on `hex` (`TOI-FORT`).
    pub fn markers(&self, hex: HexId) -> Markers {
        self.markers
            .binary_search_by_key(&hex, |&(h, _)| h)
            .ok()
            .and_then(|i| self.markers.get(i))
            .map_or_else(Markers::default, |&(_, m)| m)
    }

    /// Change the markers on `hex`.
    pub fn set_markers(&mut self, hex: HexId, markers: Markers) {
        match self.markers.binary_search_by_key(&hex, |&(h, _)| h) {
            Ok(i) if markers == Markers::default() => {
                self.markers.remove(i);
            }
            Ok(i) => {
                if let Some(slot) = self.markers.get_mut(i) {
                    slot.1 = markers;
                }
            }
            Err(_) if markers == Markers::default() => {}
            Err(i) => self.markers.insert(i, (hex, markers)),
        }
    }

    /// Whether smoke lies on `hex` (`TOI-FORT-SMOKE`).
    pub fn smoke(&self, hex: HexId) -> bool {
        self.markers(hex).smoke
    }

    /// The squads `vehicle` carries (`TOI-TRANS`).
    pub fn passengers(&self, vehicle: UnitId) -> impl Iterator<Item = UnitId> + '_ {
        self.unit_ids()
            .filter(move |&u| self.units[u.index()].at == Location::Aboard(vehicle))
    }

    /// `unit` is eliminated, destroyed or routed: off the game, and the squads it carries with
    /// it (`TOI-TRANS`: a destroyed vehicle's passengers are destroyed).
    pub fn destroy(&mut self, unit: UnitId) {
        let carried: Vec<UnitId> = self.passengers(unit).collect();
        let hex = match self.units.get(unit.index()).map(|u| u.at) {
            Some(Location::Hex(hex)) => Some(hex),
            _ => None,
        };
        for u in std::iter::once(unit).chain(carried) {
            if let Some(state) = self.units.get_mut(u.index()) {
                if let Some(hex) = hex {
                    self.fallen.push((state.nation, hex));
                }
                state.at = Location::Gone;
            }
        }
    }

    /// The active unit's action is over: it is fatigued (`TOI-ACT`: an Op Fire unit keeps its
    /// token), and the turn driver takes over.
    pub fn end_activation(&mut self, unit: UnitId) {
        if let Some(u) = self.units.get_mut(unit.index())
            && u.token == Token::Fresh
        {
            u.token = Token::Fatigued;
        }
        self.step = Step::AfterAction;
    }

    /// The game's result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}
