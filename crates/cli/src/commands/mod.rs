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
