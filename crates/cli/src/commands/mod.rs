//! One module per subcommand.

pub mod backup;
pub mod games;
pub mod map;
pub mod play;
pub mod replay;
pub mod scenarios;
pub mod serve;
pub mod sim;
pub mod validate;

/// One line typed at a prompt.
pub enum Typed {
    /// The end of the input.
    End,
    /// A line of text.
    Text(String),
    /// A line that is not UTF-8: answered and ignored, never the end of a game.
    NotText,
}

/// Read one line from `input`. Bytes, not a `String`: `read_line` fails on a line that is not
/// UTF-8, and that error would end the game (and lose it) over one mistyped line.
pub fn read_typed(input: &mut impl std::io::BufRead) -> std::io::Result<Typed> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Typed::End);
    }
    Ok(String::from_utf8(bytes).map_or(Typed::NotText, Typed::Text))
}
