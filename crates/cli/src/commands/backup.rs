//! `overlord backup`: a whole, consistent copy of the server's database, safe to make while
//! the server runs (copying the file itself is not: part of the games may still be in its
//! `-wal` file beside it).

use anyhow::Result;
use std::io::Write;
use std::path::Path;

pub fn run(db: &Path, copy: &Path, out: &mut impl Write) -> Result<()> {
    overlord_server::backup(db, copy)?;
    writeln!(
        out,
        "Backed up {} to {}; serve the copy with `overlord serve --db {}`.",
        db.display(),
        copy.display(),
        copy.display()
    )?;
    Ok(())
}
