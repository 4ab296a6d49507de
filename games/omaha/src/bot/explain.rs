//! Why the rule-based US player takes an action, in a sentence for a hint
//! (`Heuristics::explain`): the rule of thumb that scores that kind of action in `choose`,
//! with the rule it serves. A hint shows it beside the suggested action.

use crate::action::OmahaAction;

/// The rule of thumb behind `action`, when the rule bot has one for its kind.
pub(crate) fn reason(action: &OmahaAction) -> Option<&'static str> {
    Some(match action {
        OmahaAction::RangerDrift { .. } => {
            "Drift East only toward a quieter beach: drifting off the line delays the Rangers two turns (5.13, 5.11)."
        }
        OmahaAction::MineVictim { .. }
        | OmahaAction::FireTieTarget { .. }
        | OmahaAction::ArtilleryTarget { .. }
        | OmahaAction::MeemiesTarget { .. }
        | OmahaAction::NavalHitTarget { .. }
        | OmahaAction::GermanTarget { .. } => {
            "Give the hit to the unit that can best spare a step (5.14, 6.31)."
        }
        OmahaAction::LeaderTarget { .. } => {
            "Give the star hit to the Leader whose loss costs least (11.41)."
        }
        OmahaAction::SacrificeHero { .. } => "The Hero dies so that the unit lives (11.14).",
        OmahaAction::LeaderFollows { .. } => {
            "A Leader goes where the units it would command are (5.12)."
        }
        OmahaAction::PlaceInBox { .. } => {
            "Land in the box whose beach is under the weakest German fire next turn (5.3)."
        }
        OmahaAction::Delay { .. } => "Delaying a landing is a last resort (5.34).",
        OmahaAction::DeployOnHex { .. } => {
            "Start where German fire is weakest and the way off the beach is short (21.1)."
        }
        OmahaAction::Clear { .. } => {
            "Always clear obstacles, mid-tide-line ones first, where the mines strike (10.1, 5.14)."
        }
        OmahaAction::FirstDivision { .. } => {
            "The division with more units ready to act goes first (7.2)."
        }
        OmahaAction::CompleteInfiltration { .. } => {
            "Go on only if the new hex is better than the old (7.32)."
        }
        OmahaAction::EliminateForStacking { .. } => "Lose the unit that is worth least (7.63).",
        OmahaAction::PlaceHero { .. } => {
            "The Hero joins the strongest infantry next to the Germans, which will attack (11.11)."
        }
        OmahaAction::AddStep { .. } => "Restore a company on the map that can fight again (13.12).",
        OmahaAction::RevealGerman { .. } => "Learn about the German unit nearest our troops.",
        OmahaAction::PlaceBase { .. }
        | OmahaAction::AdvanceBase { .. }
        | OmahaAction::EstablishCp { .. } => {
            "Use what the extended game offers: engineer bases and command posts (19.1, 18.1)."
        }
        OmahaAction::Move { .. }
        | OmahaAction::MovePair { .. }
        | OmahaAction::MovePairAlong { .. }
        | OmahaAction::MoveAlong { .. }
        | OmahaAction::StartCliff { .. }
        | OmahaAction::StartCliffPair { .. }
        | OmahaAction::ContinueCliff { .. }
        | OmahaAction::Displace { .. } => {
            "Gain ground or shelter: inland, onto high ground, out of German fire (7, 12)."
        }
        OmahaAction::Attack { .. }
        | OmahaAction::AttackWith { .. }
        | OmahaAction::AttackWithPair { .. }
        | OmahaAction::AttackDeclared
        | OmahaAction::AttackConfirm => {
            "Attack where the odds are good, with the weapons the target needs (8)."
        }
        OmahaAction::RemoveClimb { .. } | OmahaAction::RemoveDisrupted { .. } => {
            "Take the free actions first (7.4)."
        }
        OmahaAction::EndDivision | OmahaAction::StopClearing => {
            "Nothing left that gains anything this phase."
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 5.3, 8: a hint says why, for the kinds of action the rule bot weighs.
    #[test]
    fn r5_3_hints_give_the_rule_of_thumb_behind_an_action() {
        let landing = reason(&OmahaAction::PlaceInBox {
            unit: 0,
            landing_box: 0,
        });
        assert!(landing.is_some_and(|r| r.contains("weakest German fire") && r.contains("5.3")));
        assert!(reason(&OmahaAction::EndDivision).is_some());
        assert_eq!(reason(&OmahaAction::SkipBase), None);
    }
}
