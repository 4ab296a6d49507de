//! Issue 25's hints and bot seats: the advice a bot gives is one of the seat's legal actions,
//! replays with its seed, and depends only on what the seat may know (two states that differ
//! in hidden German units and the deck's order get the same advice).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ai::advice::advise;
use overlord_ai::{Bot, BotRng, RandomBot};
use overlord_engine::{
    AdviceRequest, Components, Game, GameRng, Log, Match, MatchError, RandomSpec, Seat, Status,
};
use overlord_omaha::{Omaha, OmahaData};
use rand::SeedableRng;
use std::path::Path;
use std::sync::Arc;

fn data() -> Arc<OmahaData> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
}

/// States along a random First Wave game, every few decisions.
fn states(seed: u64) -> Vec<Omaha> {
    let mut state = Omaha::setup(
        &data(),
        "first-wave",
        &Default::default(),
        GameRng::seeded(seed),
        &mut Log::disabled(),
    )
    .unwrap();
    let mut rng = BotRng::seed_from_u64(seed);
    let (mut legal, mut out) = (Vec::new(), Vec::new());
    let mut log = Log::disabled();
    for step in 0..400 {
        let Status::ToAct(seat) = state.status() else {
            break;
        };
        state.legal_actions(&mut legal);
        if step % 25 == 0 && legal.len() > 1 {
            out.push(state.clone());
        }
        let action = RandomBot.choose(&state, seat, &legal, &mut rng).unwrap();
        let _ = state.apply(action, &mut log).unwrap();
    }
    out
}

#[test]
fn a_hint_is_legal_replays_with_its_seed_and_reads_only_what_the_seat_may_know() {
    let mut checked = 0;
    for state in states(11) {
        let Status::ToAct(seat) = state.status() else {
            continue;
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        for request in [
            AdviceRequest::rule(5),
            AdviceRequest {
                bot: "flatmc:iterations=8,depth=4".into(),
                seed: 5,
                time: None,
            },
        ] {
            let advice = advise(&state, seat, &request).unwrap();
            assert!(legal.contains(&advice.action));
            assert_eq!(
                advise(&state, seat, &request).unwrap(),
                advice,
                "a seed replays"
            );
            // States the seat cannot tell apart from this one: the hidden German units and
            // the deck redrawn. The advice must not change.
            for k in 0..3 {
                let other = state.determinize(seat, &mut BotRng::seed_from_u64(100 + k));
                assert_eq!(
                    other.view(overlord_engine::Viewer::Seat(seat)),
                    state.view(overlord_engine::Viewer::Seat(seat))
                );
                assert_eq!(
                    advise(&other, seat, &request).unwrap().action,
                    advice.action,
                    "{}",
                    request.bot
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked}");
}

#[test]
fn advice_is_refused_with_a_reason_for_an_unknown_bot_another_seat_or_no_bots() {
    let state = states(3).remove(0);
    let error = advise(
        &state,
        Seat(0),
        &AdviceRequest {
            bot: "chess".into(),
            seed: 1,
            time: None,
        },
    )
    .unwrap_err();
    assert!(error.contains("no bot called `chess`"), "{error}");

    let game = Match::<Omaha>::new(
        data(),
        "first-wave",
        Default::default(),
        RandomSpec::seeded(1),
    )
    .unwrap();
    let error = game.advise(Seat(0), &AdviceRequest::rule(1)).unwrap_err();
    assert!(
        matches!(error, MatchError::NoAdvice(_)),
        "a game without an advisor: {error}"
    );
    let game = game.with_advisor(advise::<Omaha>);
    assert!(game.advise(Seat(0), &AdviceRequest::rule(1)).is_ok());
    let error = game.advise(Seat(1), &AdviceRequest::rule(1)).unwrap_err();
    assert!(matches!(error, MatchError::NotYourTurn { .. }), "{error}");
}
