//! A snapshot as Python and the service write it (the `/v1/legal` schema): a JSON object read
//! into a [`Snapshot`] through derived serde types. Every error names its field under
//! `snapshot` (`snapshot.hand`, `snapshot.decision.turn.drawn`): the seat's tiles and rule
//! memory are hand errors, the table's numbers and the decision's shape context errors.
//! `null` is the same as an absent field; fields the schema does not have are not read.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::error::{Code, Error, Result};
use crate::hand::Meld;
use crate::notation::{self, Symbol};
use crate::rules::Variant;
use crate::tile::{Flower, Tile, FLOWERS, KINDS};
use crate::vocab::{DIE_FACES, WINDS};

use super::deal::SEATS;
use super::furiten::Furiten;
use super::snapshot::{Decision, Situation, Snapshot};
use super::state::{CallLock, Declaration, OfferKind, Player, Rules, Turn};

/// The field every path starts from.
const ROOT: &str = "snapshot";

/// What `declared` may be.
const DECLARED: &str = "declared must be ready, migi, heaven_ready or null";

/// The seat's own fields. The table's situation ([`SituationDoc`]) is read only under a
/// variant.
#[derive(Deserialize)]
struct SnapshotDoc {
    seat: Option<i64>,
    hand: Option<String>,
    flowers: Option<String>,
    declared: Option<String>,
    no_pon: Option<String>,
    furiten: Option<bool>,
    furiten_hold: Option<bool>,
    furiten_declined: Option<String>,
    furiten_tiles: Option<String>,
    last_discard: Option<String>,
    no_self_draw: Option<bool>,
    has_discarded: Option<bool>,
    has_konged: Option<bool>,
    drawable: Option<u64>,
    decision: Option<DecisionDoc>,
}

/// `{"turn": …}`, `{"offer": …}` or `{"opening": true}`.
#[derive(Deserialize)]
struct DecisionDoc {
    opening: Option<bool>,
    turn: Option<TurnDoc>,
    offer: Option<OfferDoc>,
}

#[derive(Deserialize)]
struct TurnDoc {
    drawn: Option<String>,
    after_call: Option<AfterCallDoc>,
    replacement: Option<bool>,
    last_tile: Option<bool>,
    rob_from: Option<i64>,
}

/// `{"pon": tile}` or `{"chi": tile, "other_end": tile|null}`.
#[derive(Deserialize)]
struct AfterCallDoc {
    pon: Option<String>,
    chi: Option<String>,
    other_end: Option<String>,
}

/// A discard, a kakan, an ankan (face down) or a flower offered by `from`.
#[derive(Deserialize)]
struct OfferDoc {
    from: Option<i64>,
    discard: Option<String>,
    last: Option<bool>,
    kakan: Option<String>,
    ankan: Option<bool>,
    flower: Option<String>,
}

/// Where the decision sits at the table.
#[derive(Deserialize)]
struct SituationDoc {
    streak: Option<u64>,
    round_wind: Option<u64>,
    dealer: Option<u64>,
    east: Option<u64>,
    dice: Option<Vec<u64>>,
    discards_total: Option<u64>,
    any_call: Option<bool>,
    ankan_asks: Option<Vec<u64>>,
    flower_paid: Option<bool>,
}

/// The bounds of the situation's small numbers: the 連莊 count is the variant's `streak_cap`
/// (000 連莊最多 18 次 under taiwan; an override sets another), as a match and `score()` bound it.
fn small_max(key: &str, variant: &Variant) -> usize {
    match key {
        "streak" => usize::from(variant.streak_cap),
        "round_wind" => WINDS.len() - 1,
        _ => SEATS - 1,
    }
}

/// The error for a value of the wrong type at `path` (serde's path in the snapshot,
/// `decision.offer.from`, `dice[1]`): each field says what it must be, as a hand error for
/// the seat's tiles and flags, a context error for the table's numbers and the decision's
/// shape.
fn wrong(path: &str) -> Error {
    // A list's item is its list's error.
    let path = path.split('[').next().unwrap_or(path);
    let field = if path.is_empty() || path == "." {
        ROOT.to_owned()
    } else {
        format!("{ROOT}.{path}")
    };
    let key = path.rsplit('.').next().unwrap_or(path);
    let context = |m: &str, zh: &str| {
        Error::context(&field, m).coded(Code::WrongType, &[("field", &field), ("want", &zh)])
    };
    let hand = |m: String, zh: &str| {
        Error::hand(m)
            .at(&field)
            .coded(Code::BadHandField, &[("field", &field), ("want", &zh)])
    };
    match key {
        "" | "." => Error::context(ROOT, "a snapshot is an object").coded(
            Code::WrongType,
            &[("field", &ROOT), ("want", &"一個 JSON 物件")],
        ),
        "seat" => context(
            &format!("seat must be 0 to {}", SEATS - 1),
            &format!("座位 0 到 {}", SEATS - 1),
        ),
        "hand" => hand("hand must be tile notation".to_owned(), "牌的寫法（字串）"),
        "flowers" | "no_pon" | "furiten_tiles" => {
            hand(format!("{key} must be notation"), "牌的寫法（字串）")
        }
        "declared" => context(DECLARED, "宣告的名稱（字串）"),
        "drawable" | "discards_total" => context(&format!("{key} must be a count"), "張數（整數）"),
        "decision" => context("decision must be an object", "一個 JSON 物件"),
        "turn" | "offer" => context(
            &format!("decision.{key} must be an object"),
            "一個 JSON 物件",
        ),
        "after_call" => context("after_call must be an object", "一個 JSON 物件"),
        "rob_from" => context("rob_from must be a seat", "座位（整數）"),
        "from" => context("offer.from must be a seat", "座位（整數）"),
        "flower" => hand("offer.flower must be a flower".to_owned(), "一張花"),
        "dice" => context(
            &format!("dice are three faces 1 to {DIE_FACES}"),
            &format!("三顆骰子的點數（1 到 {DIE_FACES}）"),
        ),
        "ankan_asks" => context(
            &format!("ankan_asks is a list of seats 0 to {}", SEATS - 1),
            &format!("座位的清單（0 到 {}）", SEATS - 1),
        ),
        "streak" => context(
            "streak must be a number 0 to the variant's streak_cap",
            "0 到連莊上限的整數",
        ),
        "round_wind" | "dealer" | "east" => context(
            &format!(
                "{key} must be a number 0 to {}",
                small_max(key, &crate::rules::TAIWAN)
            ),
            "整數",
        ),
        "drawn" | "discard" | "kakan" | "pon" | "chi" | "other_end" | "furiten_declined"
        | "last_discard" => hand(format!("{key} must be a tile"), "一張牌"),
        "furiten" | "furiten_hold" | "no_self_draw" | "has_discarded" | "has_konged"
        | "opening" | "replacement" | "last_tile" | "last" | "ankan" | "any_call"
        | "flower_paid" => hand(format!("{key} must be true or false"), "true 或 false"),
        _ => context(&format!("{key} has a value of the wrong type"), "別的型別"),
    }
}

/// `value` read as `T`; a value of the wrong type is named by its path ([`wrong`]).
fn read<T: DeserializeOwned>(value: &Value) -> Result<T> {
    serde_path_to_error::deserialize(value).map_err(|e| wrong(&e.path().to_string()))
}

fn hand_error(field: &str, message: impl Into<String>) -> Error {
    Error::hand(message).at(field)
}

/// The path of `key` under `snapshot`.
fn at(path: &str) -> String {
    format!("{ROOT}.{path}")
}

/// The one tile `text` names; `field` is where it was given.
fn one_tile(text: &str, field: &str) -> Result<Tile> {
    match notation::symbols(text).map_err(|e| e.at(field))?.as_slice() {
        [Symbol::Tile(t, _)] => Ok(*t),
        _ => Err(
            hand_error(field, format!("{field}: '{text}' is not one tile")).coded(
                Code::NotOnePiece,
                &[("field", &field), ("what", &"牌"), ("text", &text)],
            ),
        ),
    }
}

/// The tile at `path` when given.
fn tile(text: Option<&String>, path: &str) -> Result<Option<Tile>> {
    text.map(|t| one_tile(t, &at(path))).transpose()
}

/// The one flower `text` names.
fn one_flower(text: &str, field: &str) -> Result<Flower> {
    match notation::symbols(text).map_err(|e| e.at(field))?.as_slice() {
        [Symbol::Flower(f, _)] => Ok(*f),
        _ => Err(
            hand_error(field, format!("{field}: '{text}' is not one flower")).coded(
                Code::NotOnePiece,
                &[("field", &field), ("what", &"花"), ("text", &text)],
            ),
        ),
    }
}

/// The seat `n` at `path`.
fn seat_at(n: i64, path: &str) -> Result<u8> {
    u8::try_from(n)
        .ok()
        .filter(|&s| usize::from(s) < SEATS)
        .ok_or_else(|| {
            Error::context(
                at(path),
                format!("seat {n} does not exist (seats are 0 to {})", SEATS - 1),
            )
            .coded(
                crate::error::Code::SeatOutOfRange,
                &[("seat", &n), ("last", &(SEATS - 1))],
            )
        })
}

/// Notation at `path` when given, parsed.
fn notation_at(text: Option<&String>, path: &str) -> Result<Option<notation::Tiles>> {
    text.map(|s| notation::parse(s).map_err(|e| e.at(at(path))))
        .transpose()
}

/// The fields a derived `Deserialize` reads, as serde's derive lists them: a deserializer
/// that answers `deserialize_struct` by keeping its field names and stopping.
struct Fields(&'static [&'static str]);

#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("fields read")
    }
}

impl std::error::Error for Stop {}

impl serde::de::Error for Stop {
    fn custom<T: std::fmt::Display>(_: T) -> Stop {
        Stop
    }
}

impl<'de> serde::Deserializer<'de> for &mut Fields {
    type Error = Stop;

    fn deserialize_any<V: serde::de::Visitor<'de>>(
        self,
        _: V,
    ) -> std::result::Result<V::Value, Stop> {
        Err(Stop)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> std::result::Result<V::Value, Stop> {
        self.0 = fields;
        Err(Stop)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

fn fields_of<T: DeserializeOwned>() -> &'static [&'static str] {
    let mut f = Fields(&[]);
    let _ = T::deserialize(&mut f);
    f.0
}

impl Snapshot {
    /// Every field the JSON snapshot is read by, at each object of it (`""` the snapshot
    /// itself, the seat's fields and the table's; `decision`, `decision.turn`,
    /// `decision.turn.after_call`, `decision.offer`), as the derived readers list them: what
    /// the service's request model and [`wrong`]'s table are held to. `melds` and the
    /// `variant` are not among them: the caller reads them ([`Snapshot::from_json`]).
    pub fn json_fields() -> Vec<(&'static str, Vec<&'static str>)> {
        let mut top = fields_of::<SnapshotDoc>().to_vec();
        top.extend_from_slice(fields_of::<SituationDoc>());
        vec![
            ("", top),
            ("decision", fields_of::<DecisionDoc>().to_vec()),
            ("decision.turn", fields_of::<TurnDoc>().to_vec()),
            (
                "decision.turn.after_call",
                fields_of::<AfterCallDoc>().to_vec(),
            ),
            ("decision.offer", fields_of::<OfferDoc>().to_vec()),
        ]
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
        let doc: SnapshotDoc = read(value)?;
        let seat = doc.seat.map_or(Ok(0), |n| seat_at(n, "seat"))?;
        let tiles = notation_at(doc.hand.as_ref(), "hand")?.ok_or_else(|| {
            hand_error(&at("hand"), "hand is required").coded(
                Code::BadHandField,
                &[("field", &at("hand")), ("want", &"牌的寫法（必填）")],
            )
        })?;
        // Flowers written in the hand and in `flowers` are the seat's one set of them: one of
        // each flower (000 花牌 8 張), so a flower in both is named twice.
        let shown = notation_at(doc.flowers.as_ref(), "flowers")?.map_or(0, |t| t.flowers);
        if let Some(f) = (0..FLOWERS).find(|&f| (shown & tiles.flowers) >> f & 1 == 1) {
            let code = Flower::new(f).map_or_else(String::new, Flower::code);
            return Err(hand_error(
                &at("flowers"),
                format!("{code} is written in both hand and flowers: there is one of each flower"),
            )
            .coded(
                Code::FlowerTwice,
                &[
                    ("tile", &Flower::new(f).map_or("", Flower::name)),
                    ("where", &"hand 和 flowers 都寫了"),
                ],
            ));
        }
        let flowers = shown | tiles.flowers;
        let declared = match &doc.declared {
            None => Declaration::None,
            Some(key) => Declaration::parse(key, &at("declared"))?,
        };
        let no_pon = notation_at(doc.no_pon.as_ref(), "no_pon")?.map_or(0, |t| {
            (0..KINDS)
                .filter(|&i| t.counts[i] > 0)
                .fold(0u64, |m, i| m | 1 << i)
        });
        // 004 過水 (別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張): only the
        // tiles let go are barred. `furiten: true` bars every win, so the two are not given
        // together.
        let barred = notation_at(doc.furiten_tiles.as_ref(), "furiten_tiles")?.map_or(0, |t| {
            (0..KINDS)
                .filter(|&i| t.counts[i] > 0)
                .fold(0u64, |m, i| m | 1 << i)
        });
        let every = doc.furiten.unwrap_or(false);
        if every && barred != 0 {
            return Err(hand_error(
                &at("furiten_tiles"),
                "furiten_tiles is 004's 過水 of the tiles let go; with furiten true every win is \
                 barred already: give one of them",
            )
            .coded(
                Code::BadHandField,
                &[
                    ("field", &at("furiten_tiles")),
                    (
                        "want",
                        &"空的（furiten 為 true 時所有的胡都已擋下，兩者只給一個）",
                    ),
                ],
            ));
        }
        let player = Player {
            concealed: tiles.counts,
            melds,
            flowers,
            discards: Vec::new(),
            declared,
            // 過水 is the field `furiten` with the 003 declined tile; `furiten_hold`, the flow's
            // memory of whether this turn's discard releases it, changes no legal action at a
            // decision point and is read only from older snapshots (README, 過水 in a snapshot).
            furiten: if barred == 0 {
                Furiten::from_parts(
                    every,
                    doc.furiten_hold.unwrap_or(false),
                    tile(doc.furiten_declined.as_ref(), "furiten_declined")?,
                )
            } else {
                Furiten::barring(barred)
            },
            no_pon,
            last_discard: tile(doc.last_discard.as_ref(), "last_discard")?,
            no_self_draw: doc.no_self_draw.unwrap_or(false),
            has_discarded: doc.has_discarded.unwrap_or(false),
            has_konged: doc.has_konged.unwrap_or(false),
        };
        let drawable = doc
            .drawable
            .ok_or_else(|| {
                Error::context(at("drawable"), "drawable is required")
                    .coded(Code::RequiredField, &[("key", &at("drawable"))])
            })
            .and_then(|n| {
                usize::try_from(n).map_err(|_| {
                    Error::context(at("drawable"), "drawable must be a count").coded(
                        Code::WrongType,
                        &[
                            ("field", &at("drawable")),
                            ("want", &"張數（0 以上的整數）"),
                        ],
                    )
                })
            })?;
        let d = doc.decision.ok_or_else(|| {
            Error::context(at("decision"), "decision is required")
                .coded(Code::RequiredField, &[("key", &at("decision"))])
        })?;
        let decision = decision(d, seat)?;
        let situation = variant.map(|v| situation(&read(value)?, v)).transpose()?;
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
fn decision(d: DecisionDoc, seat: u8) -> Result<Decision> {
    let one_of = || {
        Error::context(
            at("decision"),
            "decision is one of {\"turn\": …}, {\"offer\": …} or {\"opening\": true}",
        )
        .coded(
            Code::WrongType,
            &[
                ("field", &at("decision")),
                (
                    "want",
                    &"{\"turn\": …}、{\"offer\": …} 或 {\"opening\": true} 其中一種",
                ),
            ],
        )
    };
    // One decision at a time: a seat is on its turn, or offered another seat's tile, or at
    // its opening; a snapshot naming two of them is refused at the second one's field.
    let opening = d.opening.unwrap_or(false);
    let given: Vec<&str> = [
        ("turn", d.turn.is_some()),
        ("offer", d.offer.is_some()),
        ("opening", opening),
    ]
    .into_iter()
    .filter_map(|(k, on)| on.then_some(k))
    .collect();
    if let [_, second, ..] = given.as_slice() {
        return Err(Error::context(
            at(&format!("decision.{second}")),
            format!(
                "a decision is one of turn, offer and opening; this one gives {}",
                given.join(" and ")
            ),
        )
        .coded(Code::TwoDecisions, &[("keys", &given.join("、"))]));
    }
    if opening {
        return Ok(Decision::Opening);
    }
    if let Some(t) = d.turn {
        let after_call = match t.after_call {
            None => None,
            Some(a) => Some(
                if let Some(p) = tile(a.pon.as_ref(), "decision.turn.after_call.pon")? {
                    CallLock::Pon(p)
                } else if let Some(claimed) = tile(a.chi.as_ref(), "decision.turn.after_call.chi")?
                {
                    CallLock::Chi {
                        claimed,
                        other_end: tile(
                            a.other_end.as_ref(),
                            "decision.turn.after_call.other_end",
                        )?,
                    }
                } else {
                    return Err(Error::context(
                        at("decision.turn.after_call"),
                        "after_call is {\"pon\": tile} or {\"chi\": tile, \"other_end\": tile|null}",
                    )
                    .coded(
                        Code::WrongType,
                        &[
                            ("field", &at("decision.turn.after_call")),
                            ("want", &"{\"pon\": 牌} 或 {\"chi\": 牌, \"other_end\": 牌或 null}"),
                        ],
                    ));
                },
            ),
        };
        return Ok(Decision::Turn(Turn {
            seat,
            drawn: tile(t.drawn.as_ref(), "decision.turn.drawn")?,
            after_call,
            replacement: t.replacement.unwrap_or(false),
            last_tile: t.last_tile.unwrap_or(false),
            // 七搶一 case 1: the seat holding the 8th flower (the legality checks the rest).
            rob_from: t
                .rob_from
                .map(|n| seat_at(n, "decision.turn.rob_from"))
                .transpose()?,
        }));
    }
    let Some(o) = d.offer else {
        return Err(one_of());
    };
    let from = o.from.ok_or_else(|| {
        Error::context(at("decision.offer.from"), "offer.from is required")
            .coded(Code::RequiredField, &[("key", &at("decision.offer.from"))])
    })?;
    let kind = if let Some(tile) = tile(o.discard.as_ref(), "decision.offer.discard")? {
        OfferKind::Discard {
            tile,
            last: o.last.unwrap_or(false),
        }
    } else if let Some(tile) = tile(o.kakan.as_ref(), "decision.offer.kakan")? {
        OfferKind::Kakan { tile }
    } else if o.ankan.unwrap_or(false) {
        // 003 註13: an 暗槓 offered face down to a 十三么 ready on the orphan it lacks; the
        // asker's choice does not depend on the tile, which it does not see.
        OfferKind::Ankan {
            tile: one_tile("1m", &at("decision.offer.ankan"))?,
        }
    } else if let Some(f) = &o.flower {
        OfferKind::Flower {
            flower: one_flower(f, &at("decision.offer.flower"))?,
        }
    } else {
        return Err(Error::context(
            at("decision.offer"),
            "an offer is a discard, a kakan, an ankan or a flower",
        )
        .coded(
            Code::WrongType,
            &[
                ("field", &at("decision.offer")),
                ("want", &"discard、kakan、ankan 或 flower 其中一種"),
            ],
        ));
    };
    Ok(Decision::Offer {
        from: seat_at(from, "decision.offer.from")?,
        kind,
    })
}

/// Where the decision sits at the table, under `variant`.
fn situation(s: &SituationDoc, variant: &Variant) -> Result<Situation> {
    let small = |n: Option<u64>, key: &str| -> Result<u8> {
        let max = small_max(key, variant);
        match n.unwrap_or(0) {
            n if n <= max as u64 => Ok(n as u8),
            n => Err(Error::context(
                at(key),
                format!(
                    "{key} must be a number 0 to {max}{}",
                    if key == "streak" { " (streak_cap)" } else { "" }
                ),
            )
            .coded(
                Code::OutOfRange,
                &[("field", &at(key)), ("value", &n), ("max", &max)],
            )
            .coded_if(
                key == "streak",
                Code::StreakOverCap,
                &[("streak", &n), ("cap", &max)],
            )),
        }
    };
    let shown = 1..=u64::from(DIE_FACES);
    let dice = match &s.dice {
        None => [1, 1, 1],
        Some(faces) => match <[u64; 3]>::try_from(faces.as_slice()) {
            Ok(three) if three.iter().all(|f| shown.contains(f)) => three.map(|f| f as u8),
            Ok(three) => {
                let face = three.iter().find(|f| !shown.contains(*f)).unwrap_or(&0);
                return Err(crate::vocab::die_error(&at("dice"), face));
            }
            Err(_) => {
                return Err(Error::context(
                    at("dice"),
                    format!("dice are three faces 1 to {DIE_FACES}"),
                )
                .coded(
                    Code::WrongCount,
                    &[("what", &"骰子"), ("n", &faces.len()), ("want", &3)],
                ))
            }
        },
    };
    let ankan_asks = match &s.ankan_asks {
        None => 0,
        Some(l) => l
            .iter()
            .map(|&s| (s < SEATS as u64).then_some(s))
            .try_fold(0u8, |m, s| s.map(|s| m | 1 << s))
            .ok_or_else(|| {
                Error::context(
                    at("ankan_asks"),
                    format!("ankan_asks is a list of seats 0 to {}", SEATS - 1),
                )
                .coded(Code::BadAnkanAsks, &[("last", &(SEATS - 1))])
            })?,
    };
    Ok(Situation {
        rules: Rules::new(
            variant,
            small(s.streak, "streak")?,
            small(s.round_wind, "round_wind")?,
        ),
        dealer: small(s.dealer, "dealer")?,
        east: small(s.east, "east")?,
        dice,
        discards_total: match s.discards_total {
            None => 0,
            Some(n) => u32::try_from(n).map_err(|_| {
                Error::context(at("discards_total"), "discards_total must be a count").coded(
                    Code::OutOfRange,
                    &[
                        ("field", &at("discards_total")),
                        ("value", &n),
                        ("max", &u32::MAX),
                    ],
                )
            })?,
        },
        any_call: s.any_call.unwrap_or(false),
        // 003 註13: the seats with an 暗槓 this seat has not asked about.
        ankan_asks,
        // `flower_win.play_on` (issue #30): the hand's flower win already paid on the spot.
        flower_paid: s.flower_paid.unwrap_or(false),
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

    /// The message [`wrong`] gives a field its table does not name.
    fn unnamed(e: &Error) -> bool {
        e.to_string().ends_with("has a value of the wrong type")
    }

    #[test]
    fn every_field_read_has_its_own_wrong_type_message() {
        // The readers' fields come from their derives; each must be named in `wrong`'s table
        // (what it must be, as a hand or a context error), so a field added to a reader and not
        // to the table fails here.
        let fields = Snapshot::json_fields();
        assert!(fields.iter().map(|(_, f)| f.len()).sum::<usize>() > 30);
        for (under, names) in &fields {
            for name in names {
                let path = if under.is_empty() {
                    (*name).to_owned()
                } else {
                    format!("{under}.{name}")
                };
                let e = wrong(&path);
                assert!(!unnamed(&e), "{path}: {e}");
                assert_eq!(e.field(), Some(format!("snapshot.{path}")), "{path}");
            }
        }
        // The probe tells the table's fallback apart.
        assert!(unnamed(&wrong("decision.late")));
        // The situation's fields are read at the top, beside the seat's.
        let top = &fields[0].1;
        assert!(top.contains(&"hand") && top.contains(&"dealer") && top.contains(&"decision"));
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
            (
                &["declared"][..],
                json!(true),
                "snapshot.declared",
                "context_error",
            ),
            // A wrong type deep inside is named by its whole path.
            (
                &["decision"][..],
                json!({"turn": {"after_call": {"pon": 5}}}),
                "snapshot.decision.turn.after_call.pon",
                "hand_error",
            ),
            (
                &["decision"][..],
                json!({"turn": {"rob_from": "x"}}),
                "snapshot.decision.turn.rob_from",
                "context_error",
            ),
            (
                &["decision"][..],
                json!({"offer": {"from": 1, "flower": 2}}),
                "snapshot.decision.offer.flower",
                "hand_error",
            ),
        ] {
            let e = with(path, v);
            assert_eq!(e.field().as_deref(), Some(field), "{path:?}: {e}");
            assert_eq!(e.kind(), code, "{path:?}: {e}");
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
        // Without a variant the table's numbers are not read, whatever they hold.
        assert!(Snapshot::from_json(&s, Vec::new(), None).is_ok());
        let mut odd = s.clone();
        odd["dice"] = json!([1, "x", 3]);
        odd["streak"] = json!(2);
        assert!(Snapshot::from_json(&odd, Vec::new(), None).is_ok());
        let e = Snapshot::from_json(&odd, Vec::new(), Some(&Variant::taiwan())).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("snapshot.dice"), "{e}");
        assert_eq!(e.kind(), "context_error", "{e}");
        let e = Snapshot::from_json(&s, Vec::new(), Some(&Variant::american())).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("snapshot.streak"), "{e}");
        let cap = Variant::american().streak_cap;
        assert!(e.to_string().contains(&format!("0 to {cap}")), "{e}");
    }

    #[test]
    fn the_streak_is_bounded_by_the_variants_streak_cap() {
        // Issue 31 item 9: the cap is the setting `streak_cap` (000 連莊最多 18 次 under taiwan),
        // as a match and `score()` read it, not the match's constant.
        let at = |streak: u64| {
            json!({"seat": 1, "hand": "2223456m123456789p", "drawable": 40, "streak": streak,
                   "decision": {"offer": {"from": 0, "discard": "1m"}}})
        };
        let taiwan = Variant::taiwan();
        assert!(Snapshot::from_json(&at(18), Vec::new(), Some(&taiwan)).is_ok());
        let e = Snapshot::from_json(&at(19), Vec::new(), Some(&taiwan)).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("snapshot.streak"), "{e}");
        let thirty = taiwan
            .with_overrides(&[("streak_cap", crate::rules::Value::Int(30))])
            .unwrap();
        let s = Snapshot::from_json(&at(25), Vec::new(), Some(&thirty)).unwrap();
        assert_eq!(s.situation.map(|s| s.rules.streak), Some(25));
        assert!(Snapshot::from_json(&at(30), Vec::new(), Some(&thirty)).is_ok());
        let e = Snapshot::from_json(&at(31), Vec::new(), Some(&thirty)).unwrap_err();
        assert!(e.to_string().contains("0 to 30"), "{e}");
        // The scorer takes the same range under the same variant.
        assert!(thirty.check_streak("streak", 30).is_ok());
        assert!(thirty.check_streak("streak", 31).is_err());
    }
}
