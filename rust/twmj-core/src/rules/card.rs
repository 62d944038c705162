//! The rule card: a table's whole rule set (its preset and the settings it changes) as one
//! short, stable code to share before the first hand, and the comparison of two rule sets item
//! by item. Every surface reads this codec (Python, the CLI, HTTP, the page, the WebAssembly
//! build), so a card written by one opens the same rules in any other.
//!
//! A card is `twmj1.<preset>` for a preset as it stands, or `twmj1.<preset>.<settings>` where
//! `<settings>` is the URL-safe base64 (no padding) of `key=value` pairs joined by `;`: only
//! the settings whose value differs from the preset's, sorted by key, each value as the
//! registry writes it (integers in decimal, `true`/`false`, texts as they are). `twmj1` is the
//! format's version: a later format takes another prefix, and this one stays readable.

use crate::error::{Code, Error, Result};
use crate::rules::item::Item;
use crate::rules::settings::{items_text, setting, Kind, EXCLUDE, TAI};
use crate::rules::variant::{Value, Variant};

/// The version prefix of every card this codec writes.
pub const CARD_PREFIX: &str = "twmj1";

/// One setting on which two rule sets differ: its key and each side's value (`None`: the
/// setting does not exist on that side, as `tai.<item>` for an item its table lacks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub key: String,
    pub left: Option<Value>,
    pub right: Option<Value>,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..=chunk.len() {
            out.push(char::from(B64[(n >> (18 - 6 * k)) as usize & 63]));
        }
    }
    out
}

fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = B64.iter().position(|&x| x == c)?;
        acc = (acc << 6) | u32::try_from(v).ok()?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xff).ok()?);
        }
    }
    // The unused low bits of the last character are zero in a canonical card.
    (acc & ((1 << bits) - 1) == 0 && bits < 6).then_some(out)
}

fn bad(card: &str, en: &str, zh: &str) -> Error {
    Error::variant("card", format!("'{card}' is not a rule card: {en}"))
        .coded(Code::BadCard, &[("card", &card), ("why", &zh)])
}

/// The value `text` of `key` in a card, read by the kind of its setting.
fn read_value(card: &str, key: &str, text: &str) -> Result<Value> {
    let kind = if let Some(s) = setting(key) {
        s.kind
    } else if key.starts_with(EXCLUDE.prefix) {
        EXCLUDE.kind
    } else {
        TAI.kind
    };
    Ok(match kind {
        Kind::Int { .. } | Kind::IntOf(_) => Value::Int(text.parse().map_err(|_| {
            bad(
                card,
                &format!("{key}={text} is not an integer"),
                &format!("{key}={text} 不是整數"),
            )
        })?),
        Kind::Bool => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => {
                return Err(bad(
                    card,
                    &format!("{key}={text} is not true or false"),
                    &format!("{key}={text} 要 true 或 false"),
                ))
            }
        },
        Kind::Choice(_) | Kind::Items => Value::Text(text.to_owned()),
    })
}

/// A value as a card writes it.
fn write_value(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Text(t) => t.clone(),
    }
}

impl Variant {
    /// The preset's value of `key` for a comparison: an exclusion is the preset's list even
    /// where its table lacks the item; any other key only where the preset lists it.
    fn preset_value(&self, preset: &[(String, Value)], key: &str) -> Option<Value> {
        if let Some(item) = EXCLUDE.item(key) {
            return Some(Value::Text(items_text(self.excludes(item), item)));
        }
        preset
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// The settings this variant changes from its preset, sorted by key: every setting it
    /// lists whose value the preset does not hold (an item drawn in from the library, its
    /// `tai.<item>` included).
    pub fn changes(&self) -> Result<Vec<(String, Value)>> {
        let base = Variant::preset(self.preset)?;
        let listed = base.settings();
        let mut out: Vec<(String, Value)> = self
            .settings()
            .into_iter()
            .filter(|(k, v)| base.preset_value(&listed, k).as_ref() != Some(v))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// The rule card of this variant ([`crate::rules::card`]).
    pub fn card(&self) -> Result<String> {
        let changes = self.changes()?;
        if changes.is_empty() {
            return Ok(format!("{CARD_PREFIX}.{}", self.preset));
        }
        let text: Vec<String> = changes
            .iter()
            .map(|(k, v)| format!("{k}={}", write_value(v)))
            .collect();
        Ok(format!(
            "{CARD_PREFIX}.{}.{}",
            self.preset,
            encode(text.join(";").as_bytes())
        ))
    }

    /// The variant a rule card holds: its preset with its settings applied and checked
    /// together. A setting whose range depends on another (底 a multiple of 每台) is applied
    /// so that the order a card lists them in never refuses a valid set.
    pub fn from_card(card: &str) -> Result<Variant> {
        let card = card.trim();
        let mut parts = card.splitn(3, '.');
        let (version, preset, payload) = (parts.next(), parts.next(), parts.next());
        if version != Some(CARD_PREFIX) {
            return Err(bad(
                card,
                &format!("it does not start with {CARD_PREFIX}."),
                &format!("開頭不是 {CARD_PREFIX}."),
            ));
        }
        let preset = preset.unwrap_or_default();
        let mut v = Variant::preset(preset).map_err(|e| e.at("card"))?;
        let Some(payload) = payload else {
            return Ok(v);
        };
        let text = decode(payload)
            .and_then(|b| String::from_utf8(b).ok())
            .ok_or_else(|| bad(card, "its settings are not readable", "家規部分讀不出來"))?;
        let mut pending: Vec<(String, Value)> = Vec::new();
        for pair in text.split(';') {
            let Some((k, x)) = pair.split_once('=') else {
                return Err(bad(
                    card,
                    &format!("'{pair}' is not key=value"),
                    &format!("「{pair}」不是 key=value"),
                ));
            };
            pending.push((k.to_owned(), read_value(card, k, x)?));
        }
        // 底 must be a multiple of 每台 at every step: with 每台 at 1 first (a divisor of any
        // 底) both apply in key order, base_money before tai_money.
        if pending.iter().any(|(k, _)| k == "tai_money") {
            v.set("tai_money", &Value::Int(1))?;
        }
        // Apply what applies; retry the rest while any progress is made.
        loop {
            let before = pending.len();
            let mut last = None;
            pending.retain(|(k, x)| match v.set(k, x) {
                Ok(()) => false,
                Err(e) => {
                    last = Some(e);
                    true
                }
            });
            match last {
                None => break,
                Some(e) if pending.len() == before => return Err(e),
                Some(_) => {}
            }
        }
        v.check()?;
        Ok(v)
    }

    /// The settings on which `self` and `other` differ, in `self`'s settings order then
    /// `other`'s own: what two tables compare before the first hand.
    pub fn diff(&self, other: &Variant) -> Vec<Difference> {
        let (a, b) = (self.settings(), other.settings());
        let get =
            |l: &[(String, Value)], k: &str| l.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
        let mut out = Vec::new();
        for (k, v) in &a {
            let right = get(&b, k);
            if right.as_ref() != Some(v) {
                out.push(Difference {
                    key: k.clone(),
                    left: Some(v.clone()),
                    right,
                });
            }
        }
        for (k, v) in &b {
            if get(&a, k).is_none() {
                out.push(Difference {
                    key: k.clone(),
                    left: None,
                    right: Some(v.clone()),
                });
            }
        }
        out
    }

    /// The name of the item a key of a family names (`tai.<item>`, `exclude.<item>`).
    pub fn item_of_key(key: &str) -> Option<Item> {
        TAI.item(key).or_else(|| EXCLUDE.item(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        for s in ["", "a", "ab", "abc", "abcd", "min_tai=3;unit=番"] {
            assert_eq!(decode(&encode(s.as_bytes())).unwrap(), s.as_bytes(), "{s}");
        }
        assert!(decode("a").is_none());
        assert!(decode("ab+").is_none());
    }

    #[test]
    fn a_preset_is_its_name_and_changes_are_sorted() {
        assert_eq!(Variant::taiwan().card().unwrap(), "twmj1.taiwan");
        let v = Variant::taiwan()
            .with_overrides(&[
                ("tai.ping_hu", Value::Int(3)),
                ("min_tai", Value::Int(2)),
                ("exclude.small_dragons", Value::Text(String::new())),
            ])
            .unwrap();
        let card = v.card().unwrap();
        let text = String::from_utf8(decode(card.rsplit('.').next().unwrap()).unwrap()).unwrap();
        assert_eq!(text, "exclude.small_dragons=;min_tai=2;tai.ping_hu=3");
        let back = Variant::from_card(&card).unwrap();
        assert_eq!(back.settings(), v.settings());
        assert_eq!(back.card().unwrap(), card);
        // Setting a value back to the preset's leaves the card.
        let same = v
            .with_overrides(&[("min_tai", Value::Int(0))])
            .unwrap()
            .card()
            .unwrap();
        assert_ne!(same, card);
        assert!(Variant::from_card("twmj2.taiwan").is_err());
        assert_eq!(
            Variant::from_card("twmj1.nope").unwrap_err().code(),
            "unknown_preset"
        );
        assert_eq!(
            Variant::from_card("twmj1.taiwan.!!").unwrap_err().code(),
            "bad_card"
        );
    }

    #[test]
    fn order_dependent_settings_apply() {
        // 底 250 with 每台 250: base_money is checked against tai_money, so applied in key order
        // (base_money first) it needs tai_money set first.
        let v = Variant::taiwan()
            .with_overrides(&[
                ("tai_money", Value::Int(50)),
                ("base_money", Value::Int(250)),
                ("tai_money", Value::Int(250)),
            ])
            .unwrap();
        let back = Variant::from_card(&v.card().unwrap()).unwrap();
        assert_eq!((back.base_money, back.tai_money), (250, 250));
    }

    #[test]
    fn diff_lists_each_setting_once() {
        let a = Variant::taiwan();
        let b = Variant::american();
        let d = a.diff(&b);
        let keys: Vec<&str> = d.iter().map(|x| x.key.as_str()).collect();
        assert!(keys.contains(&"min_tai") && keys.contains(&"exchange"));
        // 骰規台 exists only in american's table.
        let dice = d.iter().find(|x| x.key == "exclude.dice").unwrap();
        assert_eq!((dice.left.is_none(), dice.right.is_some()), (true, true));
        assert!(a.diff(&a).is_empty());
    }
}
