//! A mission written in the mission editor: the workshop's template, added to a copy of the
//! data as the server's workshop adds it, loads as a standalone mission and plays; an id
//! already taken and a dangling paragraph are reported with file, line and field.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ambush::{Ambush, AmbushData};
use overlord_engine::Components;
use overlord_engine::testing::{Conformance, conformance};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush")
}

fn template() -> String {
    std::fs::read_to_string(shipped().join("workshop/new_mission.toml")).unwrap()
}

/// A copy of the shipped data with `text` as `missions/x1_new.toml`.
fn with_mission(text: &str) -> (tempfile::TempDir, Result<AmbushData, String>) {
    let dir = tempfile::tempdir().unwrap();
    copy(&shipped(), dir.path());
    std::fs::write(dir.path().join("missions/x1_new.toml"), text).unwrap();
    let loaded = AmbushData::load(dir.path()).map_err(|e| e.to_string());
    (dir, loaded)
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// AMBX-CAMP: a mission the campaign does not list is a standalone scenario, after the
/// campaign's missions; the campaign itself is unchanged.
#[test]
fn ambx_camp_a_mission_outside_the_campaign_plays_on_its_own() {
    let (_dir, loaded) = with_mission(&template());
    let data = loaded.unwrap_or_else(|e| panic!("the template does not load: {e}"));
    let ids: Vec<String> = data.scenarios().into_iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [
            "S1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "X1", "campaign"
        ],
        "the standalone mission after the campaign's, before the campaign"
    );
    assert_eq!(data.campaign.missions.len(), 8, "the campaign is unchanged");
    let data = Arc::new(data);
    conformance::<Ambush>(&data, &Conformance::<Ambush>::new("X1").games(4));
}

#[test]
fn a_mission_id_already_taken_is_reported_in_the_new_file() {
    let (_dir, loaded) = with_mission(&template().replace("id = \"X1\"", "id = \"S1\""));
    let problems = loaded.expect_err("two missions called S1");
    assert!(
        problems.contains("missions/x1_new.toml:7")
            && problems.contains("mission.id")
            && problems.contains("s1_crossroads_farm.toml"),
        "{problems}"
    );
    let (_dir, loaded) = with_mission(&template().replace("id = \"X1\"", "id = \"campaign\""));
    let problems = loaded.expect_err("a mission called campaign");
    assert!(problems.contains("campaign's scenario id"), "{problems}");
}

/// AMBX-PAR: a sheet entry naming a paragraph the mission does not have is a dangling
/// reference, reported at its line.
#[test]
fn ambx_par_a_dangling_paragraph_is_reported_at_its_line() {
    let text = template().replace(
        "\"0402\" = { 1 = \"s1:101\" }",
        "\"0402\" = { 1 = \"150\" }",
    );
    let line = text.lines().position(|l| l.contains("\"150\"")).unwrap() + 1;
    let (_dir, loaded) = with_mission(&text);
    let problems = loaded.expect_err("paragraph 150 does not exist");
    assert!(
        problems.contains(&format!("missions/x1_new.toml:{line}")) && problems.contains("150"),
        "{problems}"
    );
}
