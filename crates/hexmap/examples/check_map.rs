//! Load a map file and report what is wrong with it: `cargo run -p overlord-hexmap --example
//! check_map -- data/omaha/map.toml`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: check_map <map.toml>");
        return ExitCode::FAILURE;
    };
    match overlord_hexmap::HexMap::load(std::path::Path::new(&path)) {
        Ok(map) => {
            println!("{path}: {} hexes, all well", map.len());
            ExitCode::SUCCESS
        }
        Err(errors) => {
            eprintln!("{errors}");
            ExitCode::FAILURE
        }
    }
}
