//! One module per subcommand.

pub mod games;
pub mod replay;
pub mod scenarios;
