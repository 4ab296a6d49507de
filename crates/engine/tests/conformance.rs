//! The conformance suite (`overlord_engine::testing`) on Duel, in one line; and on Faulty, Duel
//! with one deliberate defect at a time, each of which the suite must catch and name.

// Test helpers outside `#[test]` functions fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// Duel's helpers that only contract.rs uses are dead code here.
#[allow(dead_code)]
mod duel;
mod faulty;

use duel::{Duel, DuelOptions};
use faulty::{Defect, Faulty, FaultyOptions};
use overlord_engine::testing::{Conformance, Failure, Property, check, conformance};
use overlord_engine::{Match, Seat};

/// Every rule id Duel names.
const DUEL_RULES: [&str; 7] = [
    "DUEL-SETUP",
    "DUEL-TURN",
    "DUEL-DRAW",
    "DUEL-ATTACK",
    "DUEL-BRACE",
    "DUEL-WIN",
    "DUEL-END",
];

#[test]
fn duel_conforms() {
    let summary = conformance::<Duel>(
        &duel::data(),
        &Conformance::new("standard").games(50).rule_ids(DUEL_RULES),
    );
    println!("{summary}");
    // The suite did look: every kind of check ran.
    assert_eq!(summary.games, 50);
    assert!(summary.decisions > 500, "{summary}");
    assert!(
        summary.determinizations > 0 && summary.undos > 0,
        "{summary}"
    );
    assert!(summary.refusals > 0 && summary.replays >= 50, "{summary}");
}

#[test]
fn duel_conforms_in_long_games_with_reshuffles() {
    let settings = Conformance::new("long")
        .options(DuelOptions { start_hp: 30 })
        .games(6)
        .first_seed(1_000)
        .check_every(3);
    conformance::<Duel>(&duel::data(), &settings);
}

/// The run of Faulty with `defect` (the same settings for every defect).
fn faulty(defect: Defect) -> Conformance<Faulty> {
    Conformance::new("standard")
        .options(FaultyOptions { defect })
        .games(30)
        .max_decisions(2_000)
        .rule_ids(faulty::RULE_IDS)
}

/// The failure the suite reports for `defect`.
fn caught(defect: Defect) -> Box<Failure> {
    match check::<Faulty>(&duel::data(), &faulty(defect)) {
        Ok(summary) => panic!("{defect:?} was not caught: {summary}"),
        Err(failure) => failure,
    }
}

#[test]
fn faulty_without_a_defect_conforms() {
    conformance::<Faulty>(&duel::data(), &faulty(Defect::None));
}

/// Each defect is caught, under the property that names it, with the words a person needs.
#[test]
fn the_suite_catches_each_defect_and_names_the_property() {
    let cases = [
        (
            Defect::ViewShowsTheOtherHand,
            Property::Determinize,
            "/slipped",
        ),
        (
            Defect::PromptNamesTheOtherHand,
            Property::Leak,
            "/prompt/text",
        ),
        (
            Defect::LegalOrderFollowsTheOtherHand,
            Property::Leak,
            "/legal",
        ),
        (Defect::SightShowsTheOtherHand, Property::Leak, "/sight"),
        (
            Defect::SpectatorSeesTheHands,
            Property::Leak,
            "/spectator_view/slipped",
        ),
        (
            Defect::MutatesBeforeRefusing,
            Property::Refusal,
            "changed the state",
        ),
        (
            Defect::RefusesWithoutReason,
            Property::Refusal,
            "without a reason",
        ),
        (
            Defect::ListsAnIllegalAction,
            Property::Legal,
            "apply refused an action of the legal list",
        ),
        (
            Defect::AcceptsAnUnlistedAction,
            Property::Legal,
            "which the legal list does not name",
        ),
        (Defect::ListsAnActionTwice, Property::Legal, "Pass twice"),
        (
            Defect::ListedShortcutDiffers,
            Property::Apply,
            "apply_listed gives another state",
        ),
        (
            Defect::StateDependsOnTheLog,
            Property::Apply,
            "whether the log is kept",
        ),
        (
            Defect::NotDeterministic,
            Property::Apply,
            "not deterministic",
        ),
        (
            Defect::SetupNotSeeded,
            Property::Replay,
            "replayed state differs",
        ),
        (Defect::Stalls, Property::Stall, "no action is legal"),
        (Defect::NeverEnds, Property::Decisions, "2000 decisions"),
        (
            Defect::PanicsOnAnUnknownCard,
            Property::Panic,
            "index out of bounds",
        ),
        (
            Defect::UnstableClone,
            Property::CloneStable,
            "another order",
        ),
        (Defect::QuietDraw, Property::Undo, "Applied::QUIET"),
        (Defect::ActsFromAThirdSeat, Property::Seat, "seat 3"),
        (Defect::LogsAnUnknownRule, Property::RuleIds, "DUEL-NOPE"),
        (Defect::DrawWithAWinner, Property::Outcome, "drawn and won"),
        (
            Defect::ViewDoesNotSerialize,
            Property::Views,
            "does not serialise",
        ),
        (
            Defect::ObservationShowsTheOtherSecret,
            Property::Leak,
            "/observation",
        ),
        (
            Defect::TwoActionsShareAnId,
            Property::Encoding,
            "two legal actions have id 0",
        ),
        (
            Defect::ObservationTooShort,
            Property::Encoding,
            "has 2 values; its shape has 3",
        ),
    ];
    for (defect, property, words) in cases {
        let failure = caught(defect);
        // The reports, for a person who runs this with --nocapture to see what they look like.
        println!("{defect:?}:\n{failure}\n");
        assert_eq!(failure.property, property, "{defect:?}:\n{failure}");
        assert!(
            failure.message.contains(words),
            "{defect:?}: the report does not say {words:?}:\n{failure}"
        );
    }
}

/// A leak that determinize hides from the generic check (it forgets to redraw what the view
/// shows) is caught by the game's own leak pairs: the other seat's secret changed.
#[test]
fn the_games_own_leak_pairs_catch_what_determinize_hides() {
    let settings = || faulty(Defect::LazyDeterminizeAndLeak);
    // The generic check alone cannot see it: the determinizations agree with the view.
    check::<Faulty>(&duel::data(), &settings()).expect("no generic check sees this leak");
    let pairs = settings().indistinguishable(|state: &Faulty, seat, _rng| {
        let other = Seat(1 - seat.0);
        vec![state.with_secret(other, (state.secret(other) + 1) % 6)]
    });
    let failure = check::<Faulty>(&duel::data(), &pairs).expect_err("the pairs show the leak");
    assert_eq!(failure.property, Property::Leak, "{failure}");
    assert!(failure.message.contains("leak pair"), "{failure}");
}

/// The game's own invariants are checked after every step, and a broken one is reported with
/// its words: Duel lets hit points go below zero (a 2-point hit on 1 left).
#[test]
fn the_games_invariants_are_checked_after_every_step() {
    let settings = Conformance::<Duel>::new("standard")
        .games(200)
        .check_every(20)
        .invariant(|state| {
            for seat in [Seat(0), Seat(1)] {
                if state.hp(seat) < 0 {
                    return Err(format!("{seat} has {} hit points", state.hp(seat)));
                }
            }
            Ok(())
        });
    let failure = check::<Duel>(&duel::data(), &settings).expect_err("hp goes below 0");
    assert_eq!(failure.property, Property::Invariant, "{failure}");
    assert!(failure.message.contains("hit points"), "{failure}");
    let transitions = Conformance::<Duel>::new("standard").transition(|before, after| {
        if after.hp(Seat(0)) > before.hp(Seat(0)) {
            Err("seat 1 healed".into())
        } else {
            Ok(())
        }
    });
    check::<Duel>(&duel::data(), &transitions).expect("nobody heals in Duel");
}

/// A report names the seed and step, and both reproduce the failure: its record replays to the
/// failing step, and the rerun it suggests fails the same way at the same step.
#[test]
fn a_failure_reproduces_from_its_report() {
    let failure = caught(Defect::PanicsOnAnUnknownCard);
    let text = failure.to_string();
    for words in [
        "failed: no panic",
        &format!("seed {}", failure.seed),
        &format!("step {}", failure.step),
        "first_seed(",
        "Match::from_record",
    ] {
        assert!(text.contains(words), "{words:?} missing from:\n{text}");
    }
    let replayed = Match::<Faulty>::from_record(duel::data(), &failure.record).expect("replays");
    assert_eq!(replayed.actions().len(), failure.step);
    assert_eq!(replayed.status().seat(), failure.seat);
    let alone = faulty(Defect::PanicsOnAnUnknownCard)
        .first_seed(failure.seed)
        .games(1);
    let again = check::<Faulty>(&duel::data(), &alone).expect_err("the same failure");
    assert_eq!(
        (again.property, again.seed, again.step),
        (failure.property, failure.seed, failure.step)
    );
    // On threads, the report is the same: the failing game with the lowest seed.
    let threaded = check::<Faulty>(
        &duel::data(),
        &faulty(Defect::PanicsOnAnUnknownCard).threads(3),
    )
    .expect_err("the same failure");
    assert_eq!((threaded.seed, threaded.step), (failure.seed, failure.step));
}

/// A defect the run is told to tolerate cuts its games short and is counted, while every other
/// property still fails the run.
#[test]
fn a_known_defect_is_counted_and_hides_only_its_property() {
    let tolerant = faulty(Defect::QuietDraw).known_defect(Property::Undo, "issue 0: quiet draws");
    let summary = check::<Faulty>(&duel::data(), &tolerant).expect("tolerated");
    assert!(summary.known_defects > 0, "{summary}");
    assert!(
        summary.to_string().contains("issue 0: quiet draws"),
        "{summary}"
    );
    let other = faulty(Defect::ListsAnActionTwice).known_defect(Property::Undo, "issue 0");
    let failure = check::<Faulty>(&duel::data(), &other).expect_err("not tolerated");
    assert_eq!(failure.property, Property::Legal);
}
