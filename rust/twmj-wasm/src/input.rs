//! Reading the JavaScript wrapper's requests: each export but the fast paths takes one JSON
//! object (the wrapper writes it with `JSON.stringify`), read here into the core's inputs. A
//! value of the wrong JSON type is an error of the argument's kind at its `field`, as the
//! Python binding names it.

use serde_json::{Map, Value};
use twmj_core::hand::{Form, Hand, Meld};
use twmj_core::notation::{self, Tiles};
use twmj_core::scoring::{Context, ContextArgs};
use twmj_core::vocab::Int;
use twmj_core::{Counts, Error, Variant, KINDS};

pub type Result<T> = std::result::Result<T, Error>;

/// The request object (anything else is a `HandError` on the whole call).
pub fn request(text: &str) -> Result<Map<String, Value>> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => Ok(m),
        _ => Err(Error::hand("the request must be a JSON object")),
    }
}

/// A present, non-null value of `req`.
pub fn get<'a>(req: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    req.get(key).filter(|v| !v.is_null())
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Tiles from notation (read under `rules`) or 34 counts (an array of integers; the wrapper
/// turns a `Uint8Array` into one).
pub fn tiles(v: &Value, field: &str, rules: &Variant) -> Result<Tiles> {
    match v {
        Value::String(s) => rules.parse(s).map_err(|e| e.at(field)),
        Value::Array(items) => {
            let mut bytes = Vec::with_capacity(items.len());
            for x in items {
                match x.as_u64() {
                    Some(n) if n <= 255 => bytes.push(n as u8),
                    _ => {
                        return Err(Error::hand(format!(
                            "{field} counts must be integers 0 to 255"
                        ))
                        .at(field))
                    }
                }
            }
            let counts = notation::counts_from_bytes(&bytes).map_err(|e| e.at(field))?;
            Ok(Tiles { counts, flowers: 0 })
        }
        other => Err(Error::hand(format!(
            "{field} must be tile notation (a string) or 34 counts (a Uint8Array), not {}",
            kind_name(other)
        ))
        .at(field)),
    }
}

/// A text field: `None` when absent; a non-string is an error made by `bad` at `field`.
pub fn text<'a>(
    req: &'a Map<String, Value>,
    key: &str,
    bad: impl Fn(String) -> Error,
) -> Result<Option<&'a str>> {
    match get(req, key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(bad(format!(
            "{key} must be a string, not {}",
            kind_name(other)
        ))),
    }
}

/// Melds from an array of `{kind, tiles}` objects or `[kind, tiles]` pairs (errors at
/// `melds[i].kind`, `melds[i].tiles`, or under `prefix`).
pub fn melds(v: Option<&Value>, prefix: Option<&str>) -> Result<Vec<Meld>> {
    let nest = |e: Error| match prefix {
        Some(p) => e.under(p),
        None => e,
    };
    let bad = |field: String, msg: String| nest(Error::hand(msg).at(&field));
    let Some(v) = v else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = v else {
        return Err(bad(
            "melds".to_owned(),
            format!(
                "melds must be a list of {{kind, tiles}} objects or [kind, tiles] pairs, not {}",
                kind_name(v)
            ),
        ));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let (kind, tiles) = match item {
            Value::Array(pair) if pair.len() == 2 => (&pair[0], &pair[1]),
            Value::Object(m) => {
                let field = |name: &str| {
                    m.get(name).ok_or_else(|| {
                        bad(
                            format!("melds[{i}].{name}"),
                            format!("meld {i} has no '{name}'"),
                        )
                    })
                };
                (field("kind")?, field("tiles")?)
            }
            other => {
                return Err(bad(
                    format!("melds[{i}]"),
                    format!(
                        "meld {i} must be a {{kind, tiles}} object or a [kind, tiles] pair, not {}",
                        kind_name(other)
                    ),
                ))
            }
        };
        let Value::String(kind) = kind else {
            return Err(bad(
                format!("melds[{i}].kind"),
                format!("meld {i}: the kind must be a string"),
            ));
        };
        let Value::String(tiles) = tiles else {
            return Err(bad(
                format!("melds[{i}].tiles"),
                format!("meld {i}: the tiles must be a string"),
            ));
        };
        out.push(Meld::parse(kind, tiles, i).map_err(nest)?);
    }
    Ok(out)
}

/// The request's hand (`hand`, `melds`) for `form` as `rules` read it.
pub fn hand(req: &Map<String, Value>, form: Form, rules: &Variant) -> Result<Hand> {
    let h = get(req, "hand").ok_or_else(|| Error::hand("hand is required").at("hand"))?;
    let t = tiles(h, "hand", rules)?;
    let m = melds(get(req, "melds"), None)?;
    rules.hand(t, m, form).map_err(|e| e.at("hand"))
}

/// The request's `visible` tiles as counts, checked against the variant's set.
pub fn visible(req: &Map<String, Value>, rules: &Variant) -> Result<Counts> {
    match get(req, "visible") {
        None => Ok([0; KINDS]),
        Some(v) => {
            let counts = tiles(v, "visible", rules)?.counts;
            rules.check_in_play(&counts).map_err(|e| e.at("visible"))?;
            Ok(counts)
        }
    }
}

/// A JSON integer as the core's [`Int`]; anything else an error from `bad`.
pub fn int(v: &Value, field: &str, bad: &dyn Fn(&str, String) -> Error) -> Result<Int> {
    if let Some(i) = v.as_i64() {
        return Ok(Int::from(i128::from(i)));
    }
    if let Some(u) = v.as_u64() {
        return Ok(Int::from(i128::from(u)));
    }
    if let Some(f) = v.as_f64() {
        // JavaScript has one number type: 3.0 is the integer 3; beyond 2^53 it is still an
        // integer, named as written.
        if f.fract() == 0.0 && f.is_finite() {
            return Ok(Int::wide(format!("{f:.0}")));
        }
        return Err(bad(field, format!("{field} must be an integer, not {f}")));
    }
    Err(bad(
        field,
        format!("{field} must be an integer, not {}", kind_name(v)),
    ))
}

fn context_error(field: &str, msg: String) -> Error {
    Error::context(field, msg)
}

/// The request's `context` object read by the core ([`ContextArgs::read`]); errors name
/// `context.<field>`.
pub fn context(req: &Map<String, Value>) -> Result<Context> {
    let Some(given) = get(req, "context") else {
        return Ok(Context::default());
    };
    let Value::Object(c) = given else {
        return Err(Error::context("context", "context must be an object"));
    };
    let allowed = [
        "winner",
        "dealer",
        "streak",
        "seat_wind",
        "round_wind",
        "win",
        "from_seat",
        "last_tile",
        "declared",
        "first_turn",
        "flowers",
        "dice",
        "discards",
        "shown",
        "first_eight",
    ];
    if let Some(k) = c.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(Error::context(
            format!("context.{k}"),
            format!("the context has no field '{k}'"),
        ));
    }
    let int_at = |key: &str| -> Result<Option<Int>> {
        get(c, key)
            .map(|v| int(v, &format!("context.{key}"), &context_error))
            .transpose()
    };
    let text_at = |key: &str| -> Result<Option<&str>> {
        text(c, key, |m| Error::context(format!("context.{key}"), m))
    };
    let bool_at = |key: &str| -> Result<bool> {
        match get(c, key) {
            None => Ok(false),
            Some(Value::Bool(x)) => Ok(*x),
            Some(other) => Err(Error::context(
                format!("context.{key}"),
                format!("{key} must be true or false, not {}", kind_name(other)),
            )),
        }
    };
    let dice = match get(c, "dice") {
        None => None,
        Some(Value::Array(faces)) if faces.len() == 3 => {
            let mut out = Vec::with_capacity(3);
            for (n, x) in faces.iter().enumerate() {
                out.push(int(x, &format!("context.dice[{n}]"), &context_error)?);
            }
            out.try_into().ok()
        }
        Some(_) => {
            return Err(Error::context(
                "context.dice",
                "dice must be three integers",
            ))
        }
    };
    let args = ContextArgs {
        winner: int_at("winner")?,
        dealer: int_at("dealer")?,
        streak: int_at("streak")?,
        seat_wind: text_at("seat_wind")?,
        round_wind: text_at("round_wind")?,
        win: text_at("win")?,
        from_seat: int_at("from_seat")?,
        last_tile: bool_at("last_tile")?,
        declared: text_at("declared")?,
        first_turn: bool_at("first_turn")?,
        flowers: text_at("flowers")?,
        dice,
        discards: int_at("discards")?,
        shown: int_at("shown")?,
        first_eight: bool_at("first_eight")?,
    };
    args.read()
}

/// A boolean option (`why_not`); absent is false.
pub fn flag(req: &Map<String, Value>, key: &str) -> Result<bool> {
    match get(req, key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(Error::context(
            key,
            format!("{key} must be true or false, not {}", kind_name(other)),
        )),
    }
}
