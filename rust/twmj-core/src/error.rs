//! The one error type of the core: every variant names what is wrong and where.
//!
//! Each variant has a stable [`Error::code`] (listed once in [`CODES`]), a [`Error::field`]
//! path into the call's arguments (`melds[1].tiles`, `context.from_seat`,
//! `overrides.min_tai`, `record[2].kind`), a character [`Error::position`] for notation and the
//! rule text's name ([`Error::rule`]) for an illegal action. The binding hands these to Python
//! as exception attributes and the service builds its error bodies from them.

use std::fmt;

/// An error from parsing or validating caller input.
///
/// `Tile` errors come from the notation (a symbol at a character position);
/// `Hand` errors from a hand that parses but cannot exist or does not fit the
/// call (a fifth copy, a meld that is not a set, a wrong tile count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A bad symbol in tile notation. `position` is the 0-based character index in the text
    /// of `field` (`None`: the call's only hand).
    Tile {
        symbol: String,
        position: usize,
        reason: &'static str,
        field: Option<String>,
    },
    /// A well-formed hand that is impossible or does not fit the call; `field` names the
    /// argument when the call has several (`melds[1].tiles`, `visible`); `position` the
    /// character of the tile at fault in that argument's text, when the error is about one
    /// tile written there (a tile the variant's set lacks).
    Hand {
        message: String,
        field: Option<String>,
        position: Option<usize>,
    },
    /// A variant setting or override that does not exist or has a bad value; `key` names it.
    Variant { key: String, message: String },
    /// A context that is impossible or contradicts the hand (a seat that does not exist, a win
    /// kind without its payer, a game asked for what its state cannot give); `field` is its
    /// path (`context.from_seat`, `seat`, `dice`).
    Context { field: String, message: String },
    /// A game action the rules forbid at this point; `rule` names the rule it breaks
    /// (the rule text's own name where it has one, e.g. `吃入打出`, `過水`).
    Illegal { rule: &'static str, message: String },
    /// An action that is not in the action space (an unknown name, an index out of range).
    Action { message: String },
    /// A bad line of a game record: `line` is 1-based, `key` the field of that line's JSON
    /// object (`wins[0].kind`; empty when the line as a whole is bad).
    Record {
        line: usize,
        key: String,
        message: String,
        /// The character position in the key's notation, for a notation error.
        position: Option<usize>,
    },
    /// A failure of twmj itself, not of the input (the binding turns a caught panic into one).
    Internal { message: String },
}

/// One error code: its key, the Python class that carries it and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCode {
    pub code: &'static str,
    /// The class in `twmj.errors` raised for it.
    pub class: &'static str,
    pub doc: &'static str,
    /// What a player reads: the code in Chinese (the page's messages start from it).
    pub name: &'static str,
}

/// Every error code, once: the binding, the Python classes and the service read them here.
pub const CODES: [ErrorCode; 8] = [
    ErrorCode {
        code: "tile_error",
        class: "TileError",
        doc: "bad tile notation: an unknown symbol at a character position",
        name: "有看不懂的牌",
    },
    ErrorCode {
        code: "hand_error",
        class: "HandError",
        doc: "a hand that parses but cannot exist or does not fit the call (tile count, copies, melds)",
        name: "這手牌不成立（張數、同一張超過四張或組合不對）",
    },
    ErrorCode {
        code: "variant_error",
        class: "VariantError",
        doc: "an unknown preset or setting, or a setting's bad value",
        name: "家規的值不對",
    },
    ErrorCode {
        code: "context_error",
        class: "ContextError",
        doc: "a context that cannot be: a seat that does not exist, a win kind without its payer, a game asked out of its state",
        name: "跟胡牌的情況對不上",
    },
    ErrorCode {
        code: "illegal_action",
        class: "IllegalActionError",
        doc: "an action the rules forbid at this point; `rule` names the rule text's rule",
        name: "不合規則",
    },
    ErrorCode {
        code: "unknown_action",
        class: "IllegalActionError",
        doc: "an action that is not in the action space (see `twmj.ACTIONS`)",
        name: "沒有這個動作",
    },
    ErrorCode {
        code: "record_error",
        class: "RecordError",
        doc: "a bad line of a game record; `field` names the line and its field",
        name: "牌譜有誤",
    },
    ErrorCode {
        code: "internal",
        class: "InternalError",
        doc: "a failure of twmj itself, not of the input: a panic caught in the library (`InternalError`), or over HTTP any other fault of the service",
        name: "伺服器出錯，請回報",
    },
];

impl Error {
    pub(crate) fn tile(symbol: impl Into<String>, position: usize, reason: &'static str) -> Self {
        Error::Tile {
            symbol: symbol.into(),
            position,
            reason,
            field: None,
        }
    }

    pub fn hand(message: impl Into<String>) -> Self {
        Error::Hand {
            message: message.into(),
            field: None,
            position: None,
        }
    }

    /// A hand error about the tile written at character `position` of the argument's text.
    pub(crate) fn hand_at(message: impl Into<String>, position: usize) -> Self {
        Error::Hand {
            message: message.into(),
            field: None,
            position: Some(position),
        }
    }

    pub fn variant(key: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Variant {
            key: key.into(),
            message: message.into(),
        }
    }

    /// A context error at `field` (a path: `context.win`, `seat`).
    pub fn context(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Context {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn illegal(rule: &'static str, message: impl Into<String>) -> Self {
        Error::Illegal {
            rule,
            message: message.into(),
        }
    }

    pub fn action(message: impl Into<String>) -> Self {
        Error::Action {
            message: message.into(),
        }
    }

    /// A record error about `key` of a line; the line number is set where the line is read.
    pub(crate) fn record(key: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Record {
            line: 0,
            key: key.into(),
            message: message.into(),
            position: None,
        }
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Error::Internal {
            message: message.into(),
        }
    }

    /// The error placed at argument `field` (a notation or hand error found in one argument of
    /// several, `melds[1].tiles`); other kinds already name their field and are kept.
    #[must_use]
    pub fn at(self, at: impl Into<String>) -> Self {
        match self {
            Error::Tile {
                symbol,
                position,
                reason,
                field: None,
            } => Error::Tile {
                symbol,
                position,
                reason,
                field: Some(at.into()),
            },
            Error::Hand {
                message,
                field: None,
                position,
            } => Error::Hand {
                message,
                field: Some(at.into()),
                position,
            },
            e => e,
        }
    }

    /// The error of row `r` of a batch (an `N×34` counts array): its class, code and position
    /// kept, its field put under `counts[r]`, and its message saying which row.
    #[must_use]
    pub fn in_row(self, r: usize) -> Self {
        let row = |m: String| format!("row {r}: {m}");
        let e = match self {
            Error::Hand {
                message,
                field,
                position,
            } => Error::Hand {
                message: row(message),
                field,
                position,
            },
            Error::Context { field, message } => Error::Context {
                field,
                message: row(message),
            },
            Error::Variant { key, message } => Error::Variant {
                key,
                message: row(message),
            },
            e => e,
        };
        e.under(&format!("counts[{r}]"))
    }

    /// The error of a nested argument: its field put under `prefix` (`wins[0]` + `tile` →
    /// `wins[0].tile`; no field → `prefix`). Errors that name no field (an illegal action)
    /// are kept.
    #[must_use]
    pub fn under(self, prefix: &str) -> Self {
        let path = |inner: Option<&str>| match inner {
            Some(f) if !f.is_empty() => format!("{prefix}.{f}"),
            _ => prefix.to_owned(),
        };
        match self {
            Error::Tile {
                symbol,
                position,
                reason,
                field,
            } => Error::Tile {
                symbol,
                position,
                reason,
                field: Some(path(field.as_deref())),
            },
            Error::Hand {
                message,
                field,
                position,
            } => Error::Hand {
                message,
                field: Some(path(field.as_deref())),
                position,
            },
            Error::Context { field, message } => Error::Context {
                field: path(Some(&field)),
                message,
            },
            Error::Record {
                line,
                key,
                message,
                position,
            } => Error::Record {
                line,
                key: path(Some(&key)),
                message,
                position,
            },
            e => e,
        }
    }

    /// The error as one of line `line` (1-based) of a record: every kind becomes a `Record`
    /// error; its field is the line's key it was about when known.
    #[must_use]
    pub fn in_line(self, line: usize) -> Self {
        match self {
            Error::Record {
                key,
                message,
                position,
                ..
            } => Error::Record {
                line,
                key,
                message,
                position,
            },
            Error::Tile {
                symbol,
                position,
                reason,
                field,
            } => Error::Record {
                line,
                key: field.unwrap_or_default(),
                message: format!("{reason}: '{symbol}' at position {position}"),
                position: Some(position),
            },
            Error::Hand {
                message,
                field,
                position,
            } => Error::Record {
                line,
                key: field.unwrap_or_default(),
                message,
                position,
            },
            Error::Variant { key, message } => Error::Record {
                line,
                key: format!("overrides.{key}"),
                message,
                position: None,
            },
            Error::Context { field, message } => Error::Record {
                line,
                key: field,
                message,
                position: None,
            },
            e => Error::Record {
                line,
                key: String::new(),
                message: e.to_string(),
                position: None,
            },
        }
    }

    /// The stable code of this error (one of [`CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Tile { .. } => "tile_error",
            Error::Hand { .. } => "hand_error",
            Error::Variant { .. } => "variant_error",
            Error::Context { .. } => "context_error",
            Error::Illegal { .. } => "illegal_action",
            Error::Action { .. } => "unknown_action",
            Error::Record { .. } => "record_error",
            Error::Internal { .. } => "internal",
        }
    }

    /// The path of the argument the error is about: `melds[1].tiles`, `context.from_seat`,
    /// `overrides.min_tai` (a setting; `preset` for the preset's name), `record[2].kind` (line
    /// 3 of a record, 0-based as every index here). `None` when the call's one input is meant.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::Tile { field, .. } | Error::Hand { field, .. } => field.clone(),
            Error::Variant { key, .. } if key == "preset" => Some("preset".to_owned()),
            Error::Variant { key, .. } => Some(format!("overrides.{key}")),
            Error::Context { field, .. } => Some(field.clone()),
            Error::Record { line, key, .. } => Some(match (line.checked_sub(1), key.as_str()) {
                (Some(i), "") => format!("record[{i}]"),
                (Some(i), k) => format!("record[{i}].{k}"),
                (None, "") => "record".to_owned(),
                (None, k) => format!("record.{k}"),
            }),
            Error::Illegal { .. } | Error::Action { .. } | Error::Internal { .. } => None,
        }
    }

    /// The 0-based character position in its text of a notation error, or of the one tile a
    /// hand error is about.
    pub fn position(&self) -> Option<usize> {
        match self {
            Error::Tile { position, .. } => Some(*position),
            Error::Record { position, .. } | Error::Hand { position, .. } => *position,
            _ => None,
        }
    }

    /// The rule an illegal action breaks (the rule text's name).
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Error::Illegal { rule, .. } => Some(rule),
            _ => None,
        }
    }

    /// The 1-based line of a record error.
    pub fn line(&self) -> Option<usize> {
        match self {
            Error::Record { line, .. } if *line > 0 => Some(*line),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The field is the error's attribute; the message reads as the caller wrote it.
            Error::Tile {
                symbol,
                position,
                reason,
                ..
            } => write!(f, "{reason}: '{symbol}' at position {position}"),

            Error::Variant { key, message } => write!(f, "variant setting '{key}': {message}"),
            Error::Context { field, message } => write!(f, "{field}: {message}"),
            Error::Illegal { rule, message } => write!(f, "illegal ({rule}): {message}"),
            Error::Hand { message, .. }
            | Error::Action { message }
            | Error::Internal { message } => f.write_str(message),
            Error::Record {
                line, key, message, ..
            } => {
                if *line > 0 {
                    write!(f, "line {line}: ")?;
                }
                if key.is_empty() {
                    f.write_str(message)
                } else {
                    write!(f, "field '{key}': {message}")
                }
            }
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_listed_code() {
        let all = [
            Error::tile("x", 0, "unknown symbol"),
            Error::hand("h"),
            Error::variant("min_tai", "v"),
            Error::context("context.win", "c"),
            Error::illegal("過水", "i"),
            Error::action("a"),
            Error::record("kind", "r"),
            Error::internal("p"),
        ];
        let listed: Vec<&str> = CODES.iter().map(|c| c.code).collect();
        for e in &all {
            assert!(listed.contains(&e.code()), "{}", e.code());
        }
        let mut codes: Vec<&str> = all.iter().map(Error::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), CODES.len(), "each code belongs to one variant");
    }

    #[test]
    fn a_batch_row_keeps_the_error() {
        let e = Error::hand_at("5m is not in play", 3).in_row(2);
        assert_eq!(e.code(), "hand_error");
        assert_eq!(e.field().as_deref(), Some("counts[2]"));
        assert_eq!(e.position(), Some(3));
        assert_eq!(e.to_string(), "row 2: 5m is not in play");
        let t = Error::tile("x", 1, "unknown symbol").in_row(0);
        assert_eq!((t.code(), t.position()), ("tile_error", Some(1)));
        assert_eq!(t.field().as_deref(), Some("counts[0]"));
        let c = Error::context("seat", "no such seat").in_row(4);
        assert_eq!(c.field().as_deref(), Some("counts[4].seat"));
        assert_eq!(c.to_string(), "counts[4].seat: row 4: no such seat");
    }

    #[test]
    fn fields_are_paths() {
        assert_eq!(
            Error::tile("x", 3, "unknown symbol")
                .at("melds[1].tiles")
                .field()
                .as_deref(),
            Some("melds[1].tiles")
        );
        assert_eq!(
            Error::variant("min_tai", "m").field().as_deref(),
            Some("overrides.min_tai")
        );
        let e = Error::record("wins[0].kind", "unknown").in_line(3);
        assert_eq!(e.field().as_deref(), Some("record[2].wins[0].kind"));
        assert_eq!(e.line(), Some(3));
        assert_eq!(e.to_string(), "line 3: field 'wins[0].kind': unknown");
        // A notation error inside a line keeps its field and is a record error.
        let t = Error::tile("x", 2, "unknown symbol").at("tile").in_line(1);
        assert_eq!(t.code(), "record_error");
        assert_eq!(t.field().as_deref(), Some("record[0].tile"));
        assert_eq!(t.position(), Some(2));
    }
}
