//! A campaign between two missions (AMB-CAMP, AMBX-CAMP): the mission's result recorded, the XP
//! pool shared among the survivors one at a time, each soldier's improvements, the lost
//! replaced, and the next mission begun with the squad carried over. After the last mission
//! the campaign is over.
//!
//! Re-arming (AMB-CAMP-7) gives each soldier back his card's equipment and each replacement an
//! M1 Garand with two clips while the squad's equipment points last, else a pistol
//! (docs/ambush/interpretations.md): the player's own purchases come with the browser.

use crate::action::{AmbAction, AmbEvent};
use crate::campaign::{self, Improvement};
use crate::data::squad::SoldierDef;
use crate::data::weapons::Side;
use crate::state::{Ambush, Campaign, Debrief, Phase, Place, SoldierId};
use crate::tables::damage::Health;
use crate::tables::dice;
use overlord_engine::RuleId;
use std::collections::BTreeMap;

/// AMB-CAMP-1: the XP a mission earns.
pub const XP: RuleId = RuleId("AMB-CAMP-1");
/// AMB-CAMP-3: a survivor's share.
pub const SHARE: RuleId = RuleId("AMB-CAMP-3");
/// AMB-CAMP-5: an improvement bought.
pub const IMPROVE: RuleId = RuleId("AMB-CAMP-5");
/// AMBX-CAMP-5: a replacement.
pub const RECRUIT: RuleId = RuleId("AMBX-CAMP-5");
/// AMBX-SOL-3: a replacement's rolled ratings.
pub const ROLL: RuleId = RuleId("AMBX-SOL-3");

/// A new campaign's record: the campaign squad's cards, no XP, the first mission.
pub fn new_campaign(roster: Vec<SoldierDef>) -> Campaign {
    Campaign {
        xp: vec![0; roster.len()],
        roster,
        step: 0,
        results: Vec::new(),
        debrief: Debrief::Recruit,
        survivors: Vec::new(),
        pool_covers_all: true,
        budget: 0,
        forming: false,
    }
}

/// AMBX-SOL-2: a new campaign whose squad the player buys: no one yet, the squad points to
/// spend, the first mission waiting.
pub fn forming_campaign(squad_points: u8) -> Campaign {
    Campaign {
        budget: u16::from(squad_points),
        forming: true,
        ..new_campaign(Vec::new())
    }
}

/// AMBX-MIS-10: whether US soldier `id` (inactive) is rescued at the mission's end: in a rescue
/// hex, or carried by an active US soldier standing in one.
fn rescued(game: &Ambush, id: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    let in_rescue = |place: Place| {
        game.mission()
            .victory
            .rescue_hexes
            .iter()
            .filter_map(|l| map.hex(l))
            .any(|h| place == Place::Hex(h))
    };
    in_rescue(game.soldier(id).place)
        || game.side(Side::Us).any(|c| {
            let carrier = game.soldier(c);
            carrier.carrying == Some(id) && !carrier.inactive() && in_rescue(carrier.place)
        })
}

/// Whether the mission just ended still waits for its debrief.
pub fn due(game: &Ambush) -> bool {
    game.campaign
        .as_ref()
        .is_some_and(|c| c.results.len() <= usize::from(c.step))
}

/// AMB-CAMP-1/2, AMBX-CAMP-1/3: the mission just ended with `success`: its result recorded, the
/// lost taken off the roster (the killed, the captured, the incapacitated not rescued), the XP
/// pool worked out; after the last mission, the campaign's end (won when at least half the
/// missions succeeded).
pub fn begin(game: &mut Ambush, success: bool) {
    let vp = crate::victory::final_vp(game);
    let mut kept = Vec::new();
    let mut lost_cost = 0u16;
    let mut penalised = 0u8;
    for id in game.side(Side::Us).collect::<Vec<_>>() {
        let s = game.soldier(id);
        let saved = rescued(game, id);
        let survived = !s.inactive();
        if !survived && !saved {
            penalised += 1;
        }
        let stays = survived || (s.health == Health::Incapacitated && !s.captured && saved);
        if stays {
            kept.push((usize::from(s.card), survived));
        } else if let Some(card) = game
            .campaign
            .as_ref()
            .and_then(|c| c.roster.get(usize::from(s.card)))
        {
            lost_cost += u16::from(card.cost);
        }
    }
    let table = game.data().tables.campaign.clone();
    let survivors = kept.iter().filter(|k| k.1).count() as u16;
    let earned = campaign::pool(&table, success, survivors as u8, penalised);
    let pool = earned.min(u16::from(table.xp_max_each) * survivors);
    let missions = game.data().campaign.missions.len();
    let Some(c) = game.campaign.as_mut() else {
        return;
    };
    c.results.push((success, vp));
    c.roster = kept.iter().map(|&(k, _)| c.roster[k].clone()).collect();
    c.xp = kept
        .iter()
        .map(|&(k, _)| c.xp.get(k).copied().unwrap_or(0))
        .collect();
    c.survivors = (0..kept.len() as u8)
        .filter(|&i| kept[usize::from(i)].1)
        .collect();
    c.pool_covers_all = pool >= u16::from(table.xp_min_each) * survivors;
    c.budget = lost_cost;
    c.debrief = if pool > 0 {
        Debrief::Xp {
            next: 0,
            left: pool,
        }
    } else {
        next_improver(c, 0)
    };
    let results = c.results.clone();
    let last = usize::from(c.step) + 1 >= missions;
    let number = results.len();
    game.note(XP, AmbEvent::Ended { success, vp }, |_| {
        format!(
            "campaign mission {number}: {}, {vp} VP; {earned} XP earned, {pool} to share",
            if success { "success" } else { "failure" }
        )
    });
    if last {
        let won = results.iter().filter(|r| r.0).count() * 2 >= results.len();
        game.phase = Phase::Ended { success: won };
        let total: i32 = results.iter().map(|r| r.1).sum();
        game.note(
            XP,
            AmbEvent::Ended {
                success: won,
                vp: total,
            },
            |_| {
                format!(
                    "the campaign is over: {} of {} missions succeeded, {total} VP",
                    results.iter().filter(|r| r.0).count(),
                    results.len()
                )
            },
        );
    } else {
        game.phase = Phase::Debrief;
    }
}

/// The next card from `from` with enough XP to spend, else the replacements.
fn next_improver(c: &Campaign, from: u8) -> Debrief {
    match (usize::from(from)..c.roster.len()).find(|&i| c.xp[i] >= 6) {
        Some(i) => Debrief::Improve { next: i as u8 },
        None => Debrief::Recruit,
    }
}

/// The shares survivor number `next` may get of `left` points (AMBX-CAMP-2): 1 to 6 each while
/// the pool covers everyone, else 0 or 1, always leaving what the others must get.
fn shares(
    c: &Campaign,
    next: u8,
    left: u16,
    max_each: u16,
    min_each: u16,
) -> std::ops::RangeInclusive<u16> {
    let after = (c.survivors.len() as u16).saturating_sub(u16::from(next) + 1);
    if c.pool_covers_all {
        left.saturating_sub(max_each * after).max(min_each)
            ..=left.saturating_sub(min_each * after).min(max_each)
    } else {
        left.saturating_sub(after)..=left.min(1)
    }
}

fn ratings_of(card: &SoldierDef) -> crate::state::Ratings {
    crate::state::Ratings {
        initiative: card.initiative,
        pc: card.pc,
        ws: card.ws,
        ds: card.ds,
        mpa: card.mpa,
    }
}

const CHOICES: [Improvement; 4] = [
    Improvement::Pc,
    Improvement::Ws,
    Improvement::Ds,
    Improvement::RollPcOrIn,
];

/// The debrief's legal actions.
pub fn legal(game: &Ambush, out: &mut Vec<AmbAction>) {
    let Some(c) = game.campaign.as_ref() else {
        return;
    };
    let table = &game.data().tables.campaign;
    match c.debrief {
        Debrief::Xp { next, left } => {
            let range = shares(
                c,
                next,
                left,
                u16::from(table.xp_max_each),
                u16::from(table.xp_min_each),
            );
            out.extend(range.map(|a| AmbAction::AssignXp { amount: a as u8 }));
        }
        Debrief::Improve { next } => {
            let card = &c.roster[usize::from(next)];
            for (i, &choice) in CHOICES.iter().enumerate() {
                // Any die will do to ask whether the rating can rise at all: a roll is refused
                // only when both of its ratings are capped.
                let can = (0..10)
                    .any(|die| campaign::improve(table, ratings_of(card), choice, die).is_some());
                if can {
                    out.push(AmbAction::Improve { choice: i as u8 });
                }
            }
            out.push(AmbAction::EndStep);
        }
        Debrief::Recruit => {
            let generation = &game.data().tables.generation;
            if c.roster.len() < usize::from(generation.max_squad) {
                for initiative in 0..=generation.in_max_at_purchase {
                    for commander in [false, true] {
                        let leaders = c.roster.iter().filter(|s| s.commander).count();
                        if commander && leaders >= 2 {
                            continue;
                        }
                        let cost = u16::from(generation.base_cost)
                            + u16::from(initiative)
                            + if commander {
                                u16::from(generation.commander_cost)
                            } else {
                                0
                            };
                        if cost <= c.budget {
                            out.push(AmbAction::Recruit {
                                initiative,
                                commander,
                            });
                        }
                    }
                }
            }
            // AMBX-SOL-2: a squad goes out with its leader (a second commander allowed), and a
            // squad, not nobody, while the points buy one.
            let leaders = c.roster.iter().filter(|s| s.commander).count();
            let leader_cost =
                u16::from(generation.base_cost) + u16::from(generation.commander_cost);
            let can_buy_a_leader =
                c.budget >= leader_cost && c.roster.len() < usize::from(generation.max_squad);
            if leaders >= 1 || !can_buy_a_leader {
                out.push(AmbAction::EndStep);
            }
        }
    }
}

/// Carry out a debrief action (known legal).
pub fn answer(game: &mut Ambush, action: AmbAction) {
    let table = game.data().tables.campaign.clone();
    let Some(debrief) = game.campaign.as_ref().map(|c| c.debrief) else {
        return;
    };
    match (debrief, action) {
        (Debrief::Xp { next, left }, AmbAction::AssignXp { amount }) => {
            let Some(c) = game.campaign.as_mut() else {
                return;
            };
            let card = usize::from(c.survivors[usize::from(next)]);
            c.xp[card] = c.xp[card].saturating_add(amount);
            let left = left.saturating_sub(u16::from(amount));
            let next = next + 1;
            c.debrief = if usize::from(next) < c.survivors.len() && left > 0 {
                Debrief::Xp { next, left }
            } else {
                next_improver(c, 0)
            };
            let name = c.roster[card].id.clone();
            game.note(SHARE, AmbEvent::Sheet, |_| {
                format!("{name} gets {amount} XP")
            });
        }
        (Debrief::Improve { next }, AmbAction::Improve { choice }) => {
            let Some(&choice) = CHOICES.get(usize::from(choice)) else {
                return;
            };
            let die = if choice == Improvement::RollPcOrIn {
                dice::d10(&mut game.rng, IMPROVE)
            } else {
                0
            };
            let Some(c) = game.campaign.as_mut() else {
                return;
            };
            let card = &mut c.roster[usize::from(next)];
            let Some(r) = campaign::improve(&table, ratings_of(card), choice, die) else {
                // AMBX-CAMP-4: both capped, the XP is refunded (not spent).
                return;
            };
            card.initiative = r.initiative;
            card.pc = r.pc;
            card.ws = r.ws;
            card.ds = r.ds;
            let name = card.id.clone();
            c.xp[usize::from(next)] -= table.improvement_cost.min(c.xp[usize::from(next)]);
            if c.xp[usize::from(next)] < table.improvement_cost {
                c.debrief = next_improver(c, next + 1);
            }
            game.note(IMPROVE, AmbEvent::Sheet, |_| {
                format!("{name} improves: {choice:?}")
            });
        }
        (Debrief::Improve { next }, AmbAction::EndStep) => {
            if let Some(c) = game.campaign.as_mut() {
                c.debrief = next_improver(c, next + 1);
            }
        }
        (
            Debrief::Recruit,
            AmbAction::Recruit {
                initiative,
                commander,
            },
        ) => recruit(game, initiative, commander),
        (Debrief::Recruit, AmbAction::EndStep) => next_mission(game),
        _ => {}
    }
}

/// AMBX-CAMP-5, AMBX-SOL-2/3: a replacement bought, his PC, WS, DS and MPA rolled.
fn recruit(game: &mut Ambush, initiative: u8, commander: bool) {
    let generation = game.data().tables.generation.clone();
    let mut roll =
        |table: usize| usize::from(dice::d10(&mut game.rng, ROLL)).min(table.saturating_sub(1));
    let pc = generation.pc[roll(generation.pc.len())];
    let ws = generation.ws[roll(generation.ws.len())];
    let ds = generation.ds[roll(generation.ds.len())];
    let mpa = generation.mpa[roll(generation.mpa.len())];
    let cost = generation.base_cost
        + initiative
        + if commander {
            generation.commander_cost
        } else {
            0
        };
    // AMB-CAMP-7, AMBX-SOL-6: the squad re-armed within its equipment points: a Garand with
    // two clips while they last, else the pistol.
    let weapons = &game.data().weapons;
    let spent: u32 = game.campaign.as_ref().map_or(0, |c| {
        c.roster
            .iter()
            .map(|card| crate::data::squad::kit_cost(weapons, card))
            .sum()
    });
    let mut card = SoldierDef {
        id: String::new(),
        name: String::new(),
        commander,
        initiative,
        pc,
        ws,
        ds,
        mpa,
        cost,
        items: vec!["m1_garand".to_owned()],
        ammo: BTreeMap::from([("m1_garand".to_owned(), 2)]),
    };
    let affordable = spent + crate::data::squad::kit_cost(weapons, &card)
        <= u32::from(generation.equipment_points);
    if !affordable {
        card.items = vec!["m1911".to_owned()];
        card.ammo = BTreeMap::new();
    }
    let Some(c) = game.campaign.as_mut() else {
        return;
    };
    let number = (1..)
        .find(|n| !c.roster.iter().any(|s| s.id == format!("US{n}")))
        .unwrap_or(99);
    let id = format!("US{number}");
    card.id = id.clone();
    card.name = if c.forming {
        format!("Pvt. Recruit {number}")
    } else {
        format!("Pvt. Replacement {number}")
    };
    c.roster.push(card);
    c.xp.push(0);
    c.budget = c.budget.saturating_sub(u16::from(cost));
    game.note(RECRUIT, AmbEvent::Sheet, |_| {
        format!("{id} joins the squad: IN {initiative}, PC {pc}, WS {ws:+}, DS {ds}, MPA {mpa}")
    });
}

/// The next mission of the campaign, begun with the squad as it stands (healed, re-armed).
fn next_mission(game: &mut Ambush) {
    let Some(mut c) = game.campaign.take() else {
        return;
    };
    // The squad just bought goes into the first mission; otherwise the next one.
    if c.forming {
        c.forming = false;
    } else {
        c.step += 1;
    }
    let data = std::sync::Arc::clone(&game.data);
    let Some(index) = data
        .campaign
        .missions
        .get(usize::from(c.step))
        .and_then(|id| {
            data.missions
                .iter()
                .position(|m| m.header.id == *id.get_ref())
        })
    else {
        game.campaign = Some(c);
        game.phase = Phase::Ended { success: false };
        return;
    };
    match Ambush::from_cards(&data, index, &c.roster, game.rng.clone()) {
        Ok(mut next) => {
            next.journal_on = game.journal_on;
            next.veil = game.veil;
            next.journal = std::mem::take(&mut game.journal);
            next.reveals = game.reveals;
            let name = next.mission().header.name.clone();
            next.campaign = Some(c);
            *game = next;
            game.note(RuleId("AMBX-MIS-1"), AmbEvent::Sheet, |_| {
                format!("the next mission: {name}")
            });
        }
        Err(_) => {
            game.campaign = Some(c);
            game.phase = Phase::Ended { success: false };
        }
    }
}
