//! Draw any hexmap TOML file as SVG or PNG:
//!
//! ```sh
//! cargo run -p overlord-mapdraw --example draw_map -- data/omaha/map.toml out.png [--scale 1.5] [--turns N]
//! ```
//!
//! The output's extension picks the format. Given an `.svg` instead of a map, it only rasterises
//! that SVG. The map is drawn in `Style::wargame()` with no game layers (a game's own picture,
//! such as Omaha's positions and landing boxes, comes from `overlord map <game>`); `--turns N`
//! turns the board by N clockwise quarter turns.

use std::path::Path;
use std::process::ExitCode;

use overlord_hexmap::MapData;
use overlord_mapdraw::{Overlays, Rotation, Style, svg_to_png, to_svg};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut files = Vec::new();
    let mut scale = 1.0_f32;
    let mut turns: Option<i32> = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--scale" => match iter.next().and_then(|s| s.parse().ok()) {
                Some(s) => scale = s,
                None => return usage("--scale needs a number"),
            },
            "--turns" => match iter.next().and_then(|s| s.parse().ok()) {
                Some(t) => turns = Some(t),
                None => return usage("--turns needs a whole number"),
            },
            _ => files.push(arg.clone()),
        }
    }
    let [input, output] = files.as_slice() else {
        return usage("give a map file and an output file");
    };
    if input.ends_with(".svg") {
        // An SVG in: only rasterise it (handy to look at a cropped or edited drawing).
        let result = std::fs::read_to_string(input)
            .map_err(|e| e.to_string())
            .and_then(|svg| svg_to_png(&svg, scale).map_err(|e| e.to_string()))
            .and_then(|png| std::fs::write(output, png).map_err(|e| e.to_string()));
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let map = match MapData::load(Path::new(input)) {
        Ok(map) => map,
        Err(errors) => {
            eprintln!("{errors}");
            return ExitCode::FAILURE;
        }
    };
    let mut style = Style::wargame();
    if let Some(turns) = turns {
        style.rotation = Rotation::from_quarter_turns(turns);
    }
    let svg = to_svg(&map, &style, &Overlays::new());
    let bytes = if output.ends_with(".svg") {
        svg.into_bytes()
    } else if output.ends_with(".png") {
        match svg_to_png(&svg, scale) {
            Ok(png) => png,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        return usage("the output must end in .svg or .png");
    };
    if let Err(error) = std::fs::write(output, bytes) {
        eprintln!("error: cannot write {output}: {error}");
        return ExitCode::FAILURE;
    }
    println!("{input}: {} hexes drawn to {output}", map.len());
    ExitCode::SUCCESS
}

fn usage(problem: &str) -> ExitCode {
    eprintln!(
        "error: {problem}\nusage: draw_map <map.toml> <out.svg|out.png> [--scale S] [--turns N]"
    );
    ExitCode::FAILURE
}
