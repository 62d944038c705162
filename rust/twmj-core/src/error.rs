//! The one error type of the core: every variant names what is wrong and where.

use std::fmt;

/// An error from parsing or validating caller input.
///
/// `Tile` errors come from the notation (a symbol at a character position);
/// `Hand` errors from a hand that parses but cannot exist or does not fit the
/// call (a fifth copy, a meld that is not a set, a wrong tile count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A bad symbol in tile notation. `position` is the 0-based character index.
    Tile {
        symbol: String,
        position: usize,
        reason: &'static str,
    },
    /// A well-formed hand that is impossible or does not fit the call.
    Hand { message: String },
    /// A variant setting or override that does not exist or has a bad value; `key` names it.
    Variant { key: String, message: String },
    /// A scoring context that is impossible or contradicts the hand; `field` names it.
    Context {
        field: &'static str,
        message: String,
    },
    /// A game action the rules forbid at this point; `rule` names the rule it breaks
    /// (the rule text's own name where it has one, e.g. `吃入打出`, `過水`).
    Illegal { rule: &'static str, message: String },
}

impl Error {
    pub(crate) fn tile(symbol: impl Into<String>, position: usize, reason: &'static str) -> Self {
        Error::Tile {
            symbol: symbol.into(),
            position,
            reason,
        }
    }

    pub(crate) fn hand(message: impl Into<String>) -> Self {
        Error::Hand {
            message: message.into(),
        }
    }

    pub(crate) fn variant(key: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Variant {
            key: key.into(),
            message: message.into(),
        }
    }

    pub(crate) fn context(field: &'static str, message: impl Into<String>) -> Self {
        Error::Context {
            field,
            message: message.into(),
        }
    }

    pub(crate) fn illegal(rule: &'static str, message: impl Into<String>) -> Self {
        Error::Illegal {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Tile {
                symbol,
                position,
                reason,
            } => write!(f, "{reason}: '{symbol}' at position {position}"),
            Error::Hand { message } => f.write_str(message),
            Error::Variant { key, message } => write!(f, "variant setting '{key}': {message}"),
            Error::Context { field, message } => write!(f, "context field '{field}': {message}"),
            Error::Illegal { rule, message } => write!(f, "illegal ({rule}): {message}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
