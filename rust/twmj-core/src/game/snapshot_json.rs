//! A snapshot as Python and the service write it (the `/v1/legal` schema): a JSON object read
//! into a [`Snapshot`]. Every error names its field under `snapshot` (`snapshot.hand`,
//! `snapshot.decision.turn.drawn`): the seat's tiles and rule memory are hand errors, the
//! table's numbers and the decision's shape context errors.

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::hand::Meld;
use crate::notation::{self, Symbol};
use crate::rules::Variant;
use crate::tile::{Flower, Tile, KINDS};
use crate::vocab::WINDS;

use super::deal::SEATS;
use super::furiten::Furiten;
use super::series::MAX_STREAK;
use super::snapshot::{Decision, Situation, Snapshot};
use super::state::{CallLock, Declaration, OfferKind, Player, Rules, Turn};

/// The field every path starts from.
const ROOT: &str = "snapshot";

/// One object of the snapshot at `path`.
struct Obj<'a> {
    map: &'a Map<String, Value>,
    path: String,
}

fn hand_error(field: &str, message: impl Into<String>) -> Error {
    Error::hand(message).at(field)
}

/// The one tile `text` names; `field` is where it was given.
fn one_tile(text: &str, field: &str) -> Result<Tile> {
    match notation::symbols(text).map_err(|e| e.at(field))?.as_slice() {
        [Symbol::Tile(t, _)] => Ok(*t),
        _ => Err(hand_error(
            field,
            format!("{field}: '{text}' is not one tile"),
        )),
    }
}

/// The one flower `text` names.
fn one_flower(text: &str, field: &str) -> Result<Flower> {
    match notation::symbols(text).map_err(|e| e.at(field))?.as_slice() {
        [Symbol::Flower(f, _)] => Ok(*f),
        _ => Err(hand_error(
            field,
            format!("{field}: '{text}' is not one flower"),
        )),
    }
}

/// A seat number at `field`, `what` naming the wrong type.
fn seat_at(v: &Value, field: &str, what: &str) -> Result<u8> {
    let Some(n) = v.as_i64() else {
        return Err(Error::context(field, what));
    };
    u8::try_from(n)
        .ok()
        .filter(|&s| usize::from(s) < SEATS)
        .ok_or_else(|| {
            Error::context(
                field,
                format!("seat {n} does not exist (seats are 0 to {})", SEATS - 1),
            )
        })
}

impl<'a> Obj<'a> {
    fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// The value of `key`; a missing key and `null` are both absent.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn bool(&self, key: &str) -> Result<bool> {
        self.get(key).map_or(Ok(false), |v| {
            v.as_bool()
                .ok_or_else(|| hand_error(&self.at(key), format!("{key} must be true or false")))
        })
    }

    fn tile(&self, key: &str) -> Result<Option<Tile>> {
        self.get(key)
            .map(|v| {
                let s = v
                    .as_str()
                    .ok_or_else(|| hand_error(&self.at(key), format!("{key} must be a tile")))?;
                one_tile(s, &self.at(key))
            })
            .transpose()
    }

    /// Tile notation at `key` (`what` names the wrong type), parsed.
    fn notation(&self, key: &str, what: &str) -> Result<Option<notation::Tiles>> {
        self.get(key)
            .map(|v| {
                let s = v.as_str().ok_or_else(|| hand_error(&self.at(key), what))?;
                notation::parse(s).map_err(|e| e.at(self.at(key)))
            })
            .transpose()
    }

    /// The object at `key`, `what` naming the wrong type.
    fn object(&self, key: &str, what: &str) -> Result<Option<Obj<'a>>> {
        self.get(key)
            .map(|v| {
                v.as_object()
                    .map(|map| Obj {
                        map,
                        path: self.at(key),
                    })
                    .ok_or_else(|| Error::context(self.at(key), what))
            })
            .transpose()
    }

    /// A count at `key` (0 when absent), `what` naming a wrong one.
    fn count<T: TryFrom<u64>>(&self, key: &str, what: &str) -> Result<Option<T>> {
        self.get(key)
            .map(|v| {
                v.as_u64()
                    .and_then(|n| T::try_from(n).ok())
                    .ok_or_else(|| Error::context(self.at(key), what))
            })
            .transpose()
    }
}

impl Snapshot {
    /// The snapshot written as the JSON object `value` (the `/v1/legal` schema's `snapshot`),
    /// with the seat's `melds` (read by the caller, which may hold them as objects of its
    /// own) and, when given, the `variant` the table plays: the table's situation (dealer,
    /// 連莊, 圈風, dice …) is read only then, and without it the snapshot plays the taiwan
    /// rules ([`Situation`]).
    pub fn from_json(
        value: &Value,
        melds: Vec<Meld>,
        variant: Option<&Variant>,
    ) -> Result<Snapshot> {
        let Some(map) = value.as_object() else {
            return Err(Error::context(ROOT, "a snapshot is an object"));
        };
        let top = Obj {
            map,
            path: ROOT.to_owned(),
        };
        let seat = top.get("seat").map_or(Ok(0), |v| {
            seat_at(v, &top.at("seat"), "seat must be 0 to 3")
        })?;
        let tiles = top
            .notation("hand", "hand must be tile notation")?
            .ok_or_else(|| hand_error(&top.at("hand"), "hand is required"))?;
        let flowers = top
            .notation("flowers", "flowers must be notation")?
            .map_or(0, |t| t.flowers)
            | tiles.flowers;
        let declared = match top.get("declared") {
            None => Declaration::None,
            Some(v) => {
                let key = v.as_str().ok_or_else(|| {
                    Error::context(
                        top.at("declared"),
                        "declared must be ready, migi, heaven_ready or null",
                    )
                })?;
                Declaration::parse(key, &top.at("declared"))?
            }
        };
        let no_pon = top
            .notation("no_pon", "no_pon must be notation")?
            .map_or(0, |t| {
                (0..KINDS)
                    .filter(|&i| t.counts[i] > 0)
                    .fold(0u64, |m, i| m | 1 << i)
            });
        let player = Player {
            concealed: tiles.counts,
            melds,
            flowers,
            discards: Vec::new(),
            declared,
            // 過水 is the field `furiten` with the 003 declined tile; `furiten_hold`, the flow's
            // memory of whether this turn's discard releases it, changes no legal action at a
            // decision point and is read only from older snapshots (README, 過水 in a snapshot).
            furiten: Furiten::from_parts(
                top.bool("furiten")?,
                top.bool("furiten_hold")?,
                top.tile("furiten_declined")?,
            ),
            no_pon,
            last_discard: top.tile("last_discard")?,
            no_self_draw: top.bool("no_self_draw")?,
            has_discarded: top.bool("has_discarded")?,
            has_konged: top.bool("has_konged")?,
        };
        let drawable = top
            .count::<usize>("drawable", "drawable must be a count")?
            .ok_or_else(|| Error::context(top.at("drawable"), "drawable is required"))?;
        let d = top
            .object("decision", "decision must be an object")?
            .ok_or_else(|| Error::context(top.at("decision"), "decision is required"))?;
        let decision = decision(&d, seat)?;
        let situation = variant.map(|v| situation(&top, v)).transpose()?;
        Ok(Snapshot {
            seat,
            player,
            drawable,
            decision,
            situation,
        })
    }
}

/// The decision: `{"turn": …}`, `{"offer": …}` or `{"opening": true}`.
fn decision(d: &Obj<'_>, seat: u8) -> Result<Decision> {
    let one_of = || {
        Error::context(
            d.path.clone(),
            "decision is one of {\"turn\": …}, {\"offer\": …} or {\"opening\": true}",
        )
    };
    if d.bool("opening")? {
        if d.get("turn").is_some() || d.get("offer").is_some() {
            return Err(one_of());
        }
        return Ok(Decision::Opening);
    }
    if let Some(t) = d.object("turn", "decision.turn must be an object")? {
        let after_call = match t.object("after_call", "after_call must be an object")? {
            None => None,
            Some(a) => Some(if let Some(p) = a.tile("pon")? {
                CallLock::Pon(p)
            } else if let Some(claimed) = a.tile("chi")? {
                CallLock::Chi {
                    claimed,
                    other_end: a.tile("other_end")?,
                }
            } else {
                return Err(Error::context(
                    a.path.clone(),
                    "after_call is {\"pon\": tile} or {\"chi\": tile, \"other_end\": tile|null}",
                ));
            }),
        };
        return Ok(Decision::Turn(Turn {
            seat,
            drawn: t.tile("drawn")?,
            after_call,
            replacement: t.bool("replacement")?,
            last_tile: t.bool("last_tile")?,
            // 七搶一 case 1: the seat holding the 8th flower (the legality checks the rest).
            rob_from: t
                .get("rob_from")
                .map(|v| seat_at(v, &t.at("rob_from"), "rob_from must be a seat"))
                .transpose()?,
        }));
    }
    let Some(o) = d.object("offer", "decision.offer must be an object")? else {
        return Err(one_of());
    };
    let from = o
        .get("from")
        .ok_or_else(|| Error::context(o.at("from"), "offer.from is required"))?;
    let kind = if let Some(tile) = o.tile("discard")? {
        OfferKind::Discard {
            tile,
            last: o.bool("last")?,
        }
    } else if let Some(tile) = o.tile("kakan")? {
        OfferKind::Kakan { tile }
    } else if o.bool("ankan")? {
        // 003 註13: an 暗槓 offered face down to a 十三么 ready on the orphan it lacks; the
        // asker's choice does not depend on the tile, which it does not see.
        OfferKind::Ankan {
            tile: one_tile("1m", &o.at("ankan"))?,
        }
    } else if let Some(f) = o.get("flower") {
        let s = f
            .as_str()
            .ok_or_else(|| hand_error(&o.at("flower"), "offer.flower must be a flower"))?;
        OfferKind::Flower {
            flower: one_flower(s, &o.at("flower"))?,
        }
    } else {
        return Err(Error::context(
            o.path.clone(),
            "an offer is a discard, a kakan, an ankan or a flower",
        ));
    };
    Ok(Decision::Offer {
        from: seat_at(from, &o.at("from"), "offer.from must be a seat")?,
        kind,
    })
}

/// Where the decision sits at the table, under `variant`.
fn situation(top: &Obj<'_>, variant: &Variant) -> Result<Situation> {
    let small = |key: &str, max: usize| -> Result<u8> {
        let what = format!("{key} must be a number 0 to {max}");
        let n = top.count::<u8>(key, &what)?.unwrap_or(0);
        if usize::from(n) > max {
            return Err(Error::context(top.at(key), what));
        }
        Ok(n)
    };
    let dice = match top.get("dice") {
        None => [1, 1, 1],
        Some(d) => d
            .as_array()
            .filter(|a| a.len() == 3)
            .and_then(|a| {
                let face = |v: &Value| v.as_u64().filter(|f| (1..=6).contains(f));
                Some([face(&a[0])?, face(&a[1])?, face(&a[2])?].map(|f| f as u8))
            })
            .ok_or_else(|| Error::context(top.at("dice"), "dice are three faces 1 to 6"))?,
    };
    let ankan_asks = match top.get("ankan_asks") {
        None => 0,
        Some(v) => v
            .as_array()
            .and_then(|l| {
                l.iter()
                    .map(|s| s.as_u64().filter(|&s| s < SEATS as u64))
                    .try_fold(0u8, |m, s| s.map(|s| m | 1 << s))
            })
            .ok_or_else(|| {
                Error::context(top.at("ankan_asks"), "ankan_asks is a list of seats 0 to 3")
            })?,
    };
    Ok(Situation {
        rules: Rules::new(
            variant,
            small("streak", usize::from(MAX_STREAK))?,
            small("round_wind", WINDS.len() - 1)?,
        ),
        dealer: small("dealer", SEATS - 1)?,
        east: small("east", SEATS - 1)?,
        dice,
        discards_total: top
            .count::<u32>("discards_total", "discards_total must be a count")?
            .unwrap_or(0),
        any_call: top.bool("any_call")?,
        // 003 註13: the seats with an 暗槓 this seat has not asked about.
        ankan_asks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use serde_json::json;

    fn names(v: &Value) -> Result<Vec<String>> {
        let s = Snapshot::from_json(v, Vec::new(), None)?;
        Ok(s.legal_actions()?.into_iter().map(Action::name).collect())
    }

    #[test]
    fn a_ready_seat_may_win_the_discard_it_waits_on() {
        // 二二二三四五六萬＋一到九筒 waits on 1m (and 3, 4, 6, 7萬).
        let offer = |tile: &str| {
            json!({"seat": 0, "hand": "2223456m123456789p", "drawable": 40,
                   "decision": {"offer": {"from": 3, "discard": tile}}})
        };
        assert!(names(&offer("1m")).unwrap().contains(&"win".to_owned()));
        assert!(!names(&offer("9s")).unwrap().contains(&"win".to_owned()));
    }

    #[test]
    fn errors_name_their_field_and_kind() {
        let base = json!({"seat": 0, "hand": "2223456m123456789p", "drawable": 40,
                          "decision": {"offer": {"from": 3, "discard": "1m"}}});
        let with = |path: &[&str], v: Value| {
            let mut s = base.clone();
            let mut at = &mut s;
            for k in &path[..path.len() - 1] {
                at = &mut at[*k];
            }
            at[path[path.len() - 1]] = v;
            Snapshot::from_json(&s, Vec::new(), None).unwrap_err()
        };
        for (path, v, field, code) in [
            (&["seat"][..], json!("x"), "snapshot.seat", "context_error"),
            (&["seat"][..], json!(7), "snapshot.seat", "context_error"),
            (&["hand"][..], json!(5), "snapshot.hand", "hand_error"),
            (&["hand"][..], json!("1x"), "snapshot.hand", "tile_error"),
            (&["furiten"][..], json!(1), "snapshot.furiten", "hand_error"),
            (
                &["drawable"][..],
                json!(-1),
                "snapshot.drawable",
                "context_error",
            ),
            (
                &["decision"][..],
                json!([]),
                "snapshot.decision",
                "context_error",
            ),
            (
                &["decision", "offer", "from"][..],
                json!(9),
                "snapshot.decision.offer.from",
                "context_error",
            ),
            (
                &["decision", "offer", "discard"][..],
                json!("12m"),
                "snapshot.decision.offer.discard",
                "hand_error",
            ),
            (
                &["declared"][..],
                json!("later"),
                "snapshot.declared",
                "context_error",
            ),
        ] {
            let e = with(path, v);
            assert_eq!(e.field().as_deref(), Some(field), "{path:?}: {e}");
            assert_eq!(e.code(), code, "{path:?}: {e}");
        }
        let mut missing = base.clone();
        missing.as_object_mut().unwrap().remove("hand");
        let e = Snapshot::from_json(&missing, Vec::new(), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            hand_error("snapshot.hand", "hand is required").to_string()
        );
    }

    #[test]
    fn the_situation_is_read_under_a_variant_only() {
        let s = json!({"seat": 1, "hand": "2223456m123456789p", "drawable": 40, "streak": 99,
                       "decision": {"offer": {"from": 0, "discard": "1m"}}});
        // Without a variant the table's numbers are not read.
        assert!(Snapshot::from_json(&s, Vec::new(), None).is_ok());
        let e = Snapshot::from_json(&s, Vec::new(), Some(&Variant::american())).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("snapshot.streak"), "{e}");
        assert!(e.to_string().contains(&format!("0 to {MAX_STREAK}")), "{e}");
    }
}
