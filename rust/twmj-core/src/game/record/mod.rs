//! The written record of a hand: JSON lines, one event per line, in the spirit of mjai.
//!
//! Tiles are written in the notation (`5m`, `3z`, `2f`); an ordered list of pieces is their
//! codes one after another (`1m1m5p3f`, order kept); a hand's counts are canonical notation.
//!
//! ```text
//! {"type":"deal","dealer":0,"dice":[3,5,2],"door_from_dice":false,"hands":["…",…],"live":"…","dead":"…"}
//! {"type":"draw","seat":1,"tile":"5m","replacement":false}
//! {"type":"act","seat":1,"action":"discard 5m"}
//! {"type":"claim","seat":2,"action":"pon"}
//! {"type":"end","dealer":0,"east":0,"wins":[{"seat":2,"kind":"discard","from":1,"tile":"5m",
//!   "concealed":"…","melds":[{"kind":"pon","tiles":"555p"}],"flowers":"1f","replacement":false,
//!   "last_tile":false,"declaration":null,"first_turn":"human","discards":3,"shown":1}]}
//! ```
//!
//! An american (or any non-default) hand has a rules line right after the deal, and each
//! 換三張 round ends with an exchange line (`given[s]` goes to seat `s + offset`):
//!
//! ```text
//! {"type":"rules","preset":"american","overrides":{"min_tai":2},"streak":0,"round_wind":0}
//! {"type":"act","seat":0,"action":"pass3 5m"}
//! {"type":"exchange","round":1,"offset":1,"given":["5m9p1z","…","…","…"]}
//! {"type":"act","seat":0,"action":"no second exchange"}
//! ```
//!
//! A hand dealt by the dice (`dealing = "wall"`, traditional) has a break line after the rules
//! line; a draw's end line names its reason, and a 詐胡 ends with its seat and tai:
//!
//! ```text
//! {"type":"break","roller":0,"total":11,"wall":2,"kept":11}
//! {"type":"end","dealer":0,"east":0,"wins":[],"draw":"four_winds"}
//! {"type":"end","dealer":2,"east":2,"wins":[],"false_win":{"seat":1,"tai":8}}
//! {"type":"end","dealer":0,"east":0,"wins":[],"false_win":{"seat":3,"tai":0,"ready":[[1,3]]}}
//! ```
//!
//! (`ready`, under `false_win_waits`: each seat ready at the 詐胡 with the tai it waited for.)
//!
//! A 十三不搭 shown at the start (003 改良式, improved16) ends with the seat's tiles:
//!
//! ```text
//! {"type":"act","seat":1,"action":"redeal"}
//! {"type":"show","seat":1,"hand":"147m258p369s1234567z"}
//! {"type":"end","dealer":0,"east":0,"wins":[],"draw":"thirteen_unconnected"}
//! ```
//!
//! A hand dealt from a seed starts with `{"type":"seed","seed":42,"dealer":0,
//! "door_from_dice":false}` instead of the deal ([`write_log`]); the reader deals it again under
//! the record's rules line. [`to_json_seen`] / [`write_seen_log`] write the same lines as one
//! seat sees them: other seats' dealt tiles and draws are `?` (flowers are shown), their 暗槓
//! is `ankan ?`, and the wall is a count; [`read_seen_log`] reads that back ([`SeenEvent`]).
//!
//! Each kind of line is one Rust type ([`Line`]: [`SeedLine`], [`DealLine`], … [`EndLine`]),
//! written and read by serde: `type` first, then the fields in the order the type declares them
//! (a rules line's overrides in the order given). A bad line is a record error naming its line
//! and the field (`wins[0].kind`).
//!
//! `action` is [`Action::name`]; win `kind` is `self_draw`, `discard`, `robbing_kong`,
//! `eight_flowers`, `seven_rob_one`, `after_robbing_flower` or `four_kongs` (`discard`,
//! `robbing_kong`, `seven_rob_one` and `after_robbing_flower` carry `from`); `declaration` is
//! `ready`, `migi`, `heaven_ready` or null; `first_turn` is `heaven`, `earth`, `human` or null; `discards` is
//! the winner's discard count and `shown` the winning tile's kind shown on the table (胡絕張;
//! both absent in older records, `shown` also for a win without a tile). An end line has
//! `fees` (詢問費, `[[payer, payee], …]`) and `ankan_fees` (hk16 暗槓 底, `[[owner, tile], …]`)
//! only when there are some.

mod missing;
mod seen;
pub use seen::{
    read_seen_log, seen, seen_from_json, seen_to_json, to_json_seen, write_seen_log, HiddenAction,
    SeenEvent, SeenHand,
};

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value as J};

use crate::error::{Code, Error, Result};
use crate::hand::Meld;
use crate::notation::{self, format};
use crate::rules::{Value as Setting, Variant};
use crate::tile::Tile;
use crate::vocab::DIE_FACES;

use super::action::Action;
use super::event::Event;
use super::result::{DrawReason, FalseWin, FirstTurn, HandResult, Win, WinKind};
use super::state::{Deal, Declaration, Piece, Rules, WallBreak, SEATS};

/// What a win's `declaration` may be: a declaration key (`none` aside) or null.
const DECLARATION_KEYS: &str = "must be ready, migi, heaven_ready or null";

/// What the full-record reader says of a line only a per-seat record has.
/// The error for a per-seat line's hidden value (`key`) in a record read as a full one.
fn per_seat(key: &str) -> Error {
    Error::record(key, PER_SEAT).coded(Code::PerSeatLine, &[("key", &key)])
}

const PER_SEAT: &str =
    "a per-seat record (hidden tiles or a wall count) cannot be replayed: read it with read_seen_log (Python: twmj.read_record_for)";

/// How a per-seat record writes what the seat does not see: a tile, a 換三張 set.
const HIDDEN_TILE: &str = "?";
const HIDDEN_SET: &str = "???";

// ---------------------------------------------------------------- the line types

/// One line of a record, its kind in `type`. A per-seat record ([`write_seen_log`]) has the
/// same kinds, with `?` for what the seat does not see (a deal's `wall` instead of its walls).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    Seed(SeedLine),
    Deal(DealLine),
    Rules(RulesLine),
    Break(BreakLine),
    Draw(DrawLine),
    Act(ActLine),
    Claim(ActLine),
    Exchange(ExchangeLine),
    Show(ShowLine),
    End(EndLine),
}

/// A hand dealt from a seed: [`Deal::from_seed`] under the record's rules line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedLine {
    pub seed: u64,
    pub dealer: u8,
    pub door_from_dice: bool,
}

/// The deal written whole (`live`, `dead`), or as one seat saw it (`?` for each piece of
/// another seat's hand, the `wall` a count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealLine {
    pub dealer: u8,
    pub dice: [u8; 3],
    pub door_from_dice: bool,
    pub hands: [String; SEATS],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<usize>,
}

/// The variant (a preset and its overrides, in order) and the match position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RulesLine {
    pub preset: String,
    pub overrides: Map<String, J>,
    pub streak: u8,
    pub round_wind: u8,
}

/// Where the dice broke the wall (001 起莊、發牌).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakLine {
    pub roller: u8,
    pub total: u8,
    pub wall: u8,
    pub kept: u8,
}

/// A draw (`tile` `?` when another seat drew it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawLine {
    pub seat: u8,
    pub tile: String,
    pub replacement: bool,
}

/// An `act` or a `claim`: the action's name ([`Action::name`]; `ankan ?`, `pass3 ?` hidden).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActLine {
    pub seat: u8,
    pub action: String,
}

/// A 換三張 round: `given[s]` went to seat `s + offset` (`???` where the seat did not see it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeLine {
    pub round: u8,
    pub offset: u8,
    pub given: [String; SEATS],
}

/// A seat's tiles shown (十三不搭 亮牌).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShowLine {
    pub seat: u8,
    pub hand: String,
}

/// The end of the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndLine {
    pub dealer: u8,
    pub east: u8,
    pub wins: Vec<WinLine>,
    /// A draw's reason ([`DrawReason::key`]); absent in records written before the reasons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub false_win: Option<FalseWinLine>,
    /// 003 註13 詢問費 `[payer, payee]`, written only when there is one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fees: Vec<(u8, u8)>,
    /// 003 hk16 槓牌 暗槓 底 `[owner, tile]`, each kong turned over (有人胡後須翻出來給大家看),
    /// written only when there is one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ankan_fees: Vec<(u8, String)>,
}

/// A 詐胡 (`ready`: 003 詐胡的罰則 賠聽牌者所聽台數, `[seat, tai]` of each seat ready then).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FalseWinLine {
    pub seat: u8,
    pub tai: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ready: Vec<(u8, u32)>,
}

/// One win of an end line. `tile`, `declaration` and `first_turn` are written null when they
/// have no value (and must be there); `from`, `discards` and `shown` are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinLine {
    pub seat: u8,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u8>,
    #[serde(deserialize_with = "nullable")]
    pub tile: Option<String>,
    pub concealed: String,
    pub melds: Vec<MeldLine>,
    pub flowers: String,
    pub replacement: bool,
    pub last_tile: bool,
    #[serde(deserialize_with = "nullable")]
    pub declaration: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub first_turn: Option<String>,
    /// 003 hk16 七隻內; absent in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discards: Option<u8>,
    /// 003 fan list 胡絕張; absent in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<u8>,
}

/// A meld of a win.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldLine {
    pub kind: String,
    pub tiles: String,
}

/// A field that must be present and may be null (serde's `Option` alone takes a missing
/// field for null).
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> std::result::Result<Option<T>, D::Error> {
    Option::deserialize(d)
}

/// The `type` of a line.
#[derive(Deserialize)]
struct Tag<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
}

/// A line's `type` of any value: what a refused line's tag is read again with, to tell a
/// missing `type` from one of the wrong type.
#[derive(Deserialize)]
struct AnyTag {
    #[serde(rename = "type")]
    _kind: serde::de::IgnoredAny,
}

// ---------------------------------------------------------------- reading one line

/// `line` read as `T`; a bad value is a record error at its path in the line, a missing
/// field named at its own (found as data, [`missing::missing_field`]).
fn parse<T: DeserializeOwned>(line: &str) -> Result<T> {
    let mut de = serde_json::Deserializer::from_str(line);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        if e.inner().is_data() {
            if let Some((path, name)) = missing::missing_field::<T>(line) {
                return missing_error(&path, name);
            }
        }
        let path = e.path().to_string();
        let inner = e.into_inner();
        serde_error(if path == "." { "" } else { &path }, &inner)
    })?;
    de.end().map_err(|e| serde_error("", &e))?;
    Ok(value)
}

/// The required field `name` missing from the object at `path` (`wins[0].tile`: missing).
fn missing_error(path: &str, name: &str) -> Error {
    let key = if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    };
    Error::record(&key, "missing").coded(Code::MissingField, &[("key", &key)])
}

/// A `serde_json` error at `path` as a record error: bad JSON names no field; a value of the
/// wrong type or out of range says what was expected (serde's words).
fn serde_error(path: &str, e: &serde_json::Error) -> Error {
    let text = e.to_string();
    // The error's place in the line is the field, not a line and column of a one-line text.
    let message = match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => &text[..i],
        _ => &text,
    };
    if !e.is_data() {
        return Error::record("", format!("bad JSON: {text}"))
            .coded(crate::error::Code::BadJson, &[]);
    }
    Error::record(path, message).coded(
        Code::WrongType,
        &[
            ("field", &path),
            ("want", &format!("正確的型別（{message}）")),
        ],
    )
}

impl Line {
    /// Reads one line of a record (full or per-seat). The `type` picks the line's type, which
    /// is then read with the path of every field: serde's own reading of an internally tagged
    /// enum buffers the line first and loses the path (`wins[0].kind`), so `Line` is only
    /// written by serde's tagged form and read here.
    pub fn read(line: &str) -> Result<Line> {
        let kind = tag(line)?;
        Ok(match &*kind {
            "seed" => Line::Seed(parse(line)?),
            "deal" => Line::Deal(parse(line)?),
            "rules" => Line::Rules(parse(line)?),
            "break" => Line::Break(parse(line)?),
            "draw" => Line::Draw(parse(line)?),
            "act" => Line::Act(parse(line)?),
            "claim" => Line::Claim(parse(line)?),
            "exchange" => Line::Exchange(parse(line)?),
            "show" => Line::Show(parse(line)?),
            "end" => Line::End(parse(line)?),
            other => {
                return Err(
                    Error::record("type", format!("unknown event type '{other}'"))
                        .coded(Code::UnknownEvent, &[("name", &other)]),
                )
            }
        })
    }

    /// The line as JSON, `type` first and the fields in order.
    pub fn to_json(&self) -> String {
        let mut out = Vec::with_capacity(96);
        self.write_to(&mut out);
        utf8(out)
    }

    /// Appends the line's JSON to `out`.
    fn write_to(&self, out: &mut Vec<u8>) {
        // serde_json fails only on a map with keys that are not strings or a `Serialize` that
        // fails; a line has neither, and writing to a `Vec` cannot fail.
        if let Err(e) = serde_json::to_writer(&mut *out, self) {
            unreachable!("a record line always serializes: {e}");
        }
    }
}

/// Lines written by `serde_json`, which writes UTF-8 only (the empty text is never reached).
fn utf8(out: Vec<u8>) -> String {
    String::from_utf8(out).unwrap_or_default()
}

/// The `type` of `line`. A line written by the library starts with it: read straight off;
/// any other order goes through serde.
fn tag(line: &str) -> Result<Cow<'_, str>> {
    if let Some(rest) = line.trim_start().strip_prefix(r#"{"type":""#) {
        if let Some(end) = rest.find(['"', '\\']) {
            if rest[end..].starts_with('"') {
                return Ok(Cow::Borrowed(&rest[..end]));
            }
        }
    }
    match serde_json::from_str::<Tag<'_>>(line) {
        Ok(t) => Ok(t.kind),
        Err(e) if e.is_data() && !line.trim_start().starts_with('{') => {
            Err(Error::record("", "an event is a JSON object").coded(Code::BadJson, &[]))
        }
        Err(e) if e.is_data() && missing::missing_field::<AnyTag>(line).is_some() => {
            Err(missing_error("", "type"))
        }
        Err(e) if e.is_data() => Err(Error::record("type", "must be a string")
            .coded(Code::WrongType, &[("field", &"type"), ("want", &"字串")])),
        Err(e) => Err(serde_error("", &e)),
    }
}

// ---------------------------------------------------------------- values of a line

/// `n` when it is at most `max`, else an error at `key`.
fn upto(n: u8, max: usize, key: &str) -> Result<u8> {
    if usize::from(n) <= max {
        Ok(n)
    } else {
        Err(
            Error::record(key, format!("must be a number 0–{max}")).coded(
                Code::OutOfRange,
                &[("field", &key), ("value", &n), ("max", &max)],
            ),
        )
    }
}

fn seat_at(n: u8, key: &str) -> Result<u8> {
    upto(n, SEATS - 1, key).map_err(|e| {
        e.coded(
            Code::SeatOutOfRange,
            &[("seat", &n), ("last", &(SEATS - 1))],
        )
    })
}

/// The one tile written at `key`.
fn one_tile(s: &str, key: &str) -> Result<Tile> {
    let t = notation::parse(s).map_err(|e| e.at(key))?;
    match t.tile_list().as_slice() {
        [x] if t.flowers == 0 => Ok(*x),
        _ => Err(Error::record(key, format!("'{s}' is not one tile")).coded(
            Code::NotOnePiece,
            &[("field", &key), ("what", &"牌"), ("text", &s)],
        )),
    }
}

/// Notation read at `key`: its errors name the key.
fn tiles_at(s: &str, key: &str) -> Result<notation::Tiles> {
    notation::parse(s).map_err(|e| e.at(key))
}

/// Pieces read at `key`: its errors name the key.
fn pieces_at(s: &str, key: &str) -> Result<Vec<Piece>> {
    Piece::parse_list(s).map_err(|e| e.at(key))
}

fn codes(pieces: &[Piece]) -> String {
    pieces.iter().map(|p| p.code()).collect()
}

fn dice_at(dice: [u8; 3]) -> Result<[u8; 3]> {
    let faces = 1..=DIE_FACES;
    if dice.iter().all(|d| faces.contains(d)) {
        Ok(dice)
    } else {
        let face = dice.iter().find(|d| !faces.contains(*d)).unwrap_or(&0);
        Err(
            Error::record("dice", format!("dice show 1–{DIE_FACES}")).coded(
                Code::DieOutOfRange,
                &[("face", face), ("faces", &DIE_FACES)],
            ),
        )
    }
}

/// A 換三張 set, its `given[i]` key.
fn given_key(i: usize) -> String {
    format!("given[{i}]")
}

// ---------------------------------------------------------------- events as lines

impl SeedLine {
    /// The deal of this seed under `variant`.
    fn deal(&self, variant: &Variant) -> Result<Deal> {
        let dealer = seat_at(self.dealer, "dealer")?;
        Ok(Deal::from_seed(
            self.seed,
            dealer,
            self.door_from_dice,
            variant,
        ))
    }
}

impl DealLine {
    fn of(d: &Deal) -> DealLine {
        DealLine {
            dealer: d.dealer,
            dice: d.dice,
            door_from_dice: d.door_from_dice,
            hands: std::array::from_fn(|s| codes(&d.hands[s])),
            live: Some(codes(&d.live)),
            dead: Some(codes(&d.dead)),
            wall: None,
        }
    }

    fn deal(&self) -> Result<Deal> {
        if self.wall.is_some() {
            return Err(per_seat("wall"));
        }
        let mut hands: [Vec<Piece>; SEATS] = Default::default();
        for (i, (slot, h)) in hands.iter_mut().zip(&self.hands).enumerate() {
            *slot = pieces_at(h, &format!("hands[{i}]"))?;
        }
        let wall = |w: &Option<String>, key: &str| match w {
            Some(s) => pieces_at(s, key),
            None => Err(Error::record(key, "missing").coded(Code::MissingField, &[("key", &key)])),
        };
        Ok(Deal {
            dealer: seat_at(self.dealer, "dealer")?,
            dice: dice_at(self.dice)?,
            door_from_dice: self.door_from_dice,
            hands,
            live: wall(&self.live, "live")?,
            dead: wall(&self.dead, "dead")?,
            origin: None,
        })
    }
}

impl RulesLine {
    fn of(r: &Rules) -> RulesLine {
        let overrides = r
            .variant
            .overrides
            .iter()
            .map(|(k, v)| {
                // The override's value as `Variant::set` took it: a number, true/false or a
                // quoted text (its `Display`).
                let value = serde_json::from_str::<J>(v).unwrap_or_else(|_| J::from(v.clone()));
                (k.clone(), value)
            })
            .collect();
        RulesLine {
            preset: r.variant.preset.to_owned(),
            overrides,
            streak: r.streak,
            round_wind: r.round_wind,
        }
    }

    fn rules(&self) -> Result<Rules> {
        let mut v = Variant::preset(&self.preset)
            .map_err(|e| Error::record("preset", e.to_string()).keeping(&e))?;
        for (k, x) in &self.overrides {
            let setting = match x {
                J::Number(n) => Setting::Int(n.as_i64().ok_or_else(|| {
                    Error::record(format!("overrides.{k}"), format!("{n} is out of range")).coded(
                        Code::BadSettingValue,
                        &[("key", k), ("why", &format!("{n} 超出範圍"))],
                    )
                })?),
                J::Bool(b) => Setting::Bool(*b),
                J::String(s) => Setting::Text(s.clone()),
                _ => {
                    return Err(
                        Error::record(format!("overrides.{k}"), "has a bad value").coded(
                            Code::BadSettingValue,
                            &[("key", k), ("why", &"要是數字、true/false 或字串")],
                        ),
                    )
                }
            };
            v.set(k, &setting)?;
        }
        v.check()?;
        Ok(Rules::new(
            &v,
            self.streak,
            upto(self.round_wind, SEATS - 1, "round_wind")?,
        ))
    }
}

impl BreakLine {
    fn of(b: WallBreak) -> BreakLine {
        BreakLine {
            roller: b.roller,
            total: b.total,
            wall: b.wall,
            kept: b.kept,
        }
    }

    fn wall_break(&self) -> Result<WallBreak> {
        Ok(WallBreak {
            roller: seat_at(self.roller, "roller")?,
            total: upto(self.total, 18, "total")?,
            wall: seat_at(self.wall, "wall")?,
            kept: upto(self.kept, 18, "kept")?,
        })
    }
}

impl ActLine {
    fn of(seat: u8, action: Action) -> ActLine {
        ActLine {
            seat,
            action: action.name(),
        }
    }

    /// The seat and its action; a hidden one (`ankan ?`) is only in a per-seat record.
    fn act(&self) -> Result<(u8, Action)> {
        let name = &self.action;
        if name.ends_with(" ?") {
            return Err(per_seat("action"));
        }
        let action = Action::parse(name).ok_or_else(|| {
            Error::record("action", format!("unknown action '{name}'"))
                .coded(Code::UnknownAction, &[])
        })?;
        Ok((seat_at(self.seat, "seat")?, action))
    }
}

impl EndLine {
    fn of(r: &HandResult) -> EndLine {
        EndLine {
            dealer: r.dealer,
            east: r.east,
            wins: r.wins.iter().map(WinLine::of).collect(),
            draw: r.draw.map(|d| d.key().to_owned()),
            false_win: r.false_win.map(|f| FalseWinLine {
                seat: f.seat,
                tai: f.tai,
                ready: (0u8..)
                    .zip(f.ready)
                    .filter_map(|(s, t)| t.map(|t| (s, t)))
                    .collect(),
            }),
            fees: r.fees.clone(),
            ankan_fees: r.ankan_fees.iter().map(|(s, t)| (*s, t.code())).collect(),
        }
    }

    fn result(&self) -> Result<HandResult> {
        let wins = self
            .wins
            .iter()
            .enumerate()
            .map(|(i, w)| w.win().map_err(|e| e.under(&format!("wins[{i}]"))))
            .collect::<Result<Vec<_>>>()?;
        let false_win = match &self.false_win {
            None => None,
            Some(f) => Some(f.false_win().map_err(|e| e.under("false_win"))?),
        };
        // A record written before draw reasons: an end without wins is a 流局.
        let draw = match &self.draw {
            None => (wins.is_empty() && false_win.is_none()).then_some(DrawReason::Wall),
            Some(d) => Some(
                DrawReason::ALL
                    .into_iter()
                    .find(|r| r.key() == d)
                    .ok_or_else(|| {
                        Error::record("draw", format!("unknown draw reason '{d}'")).coded(
                            Code::UnknownName,
                            &[
                                ("what", &"流局原因"),
                                ("name", &d),
                                ("expected", &DrawReason::ALL.map(DrawReason::key).join("、")),
                            ],
                        )
                    })?,
            ),
        };
        let fee_pair = || {
            Error::record("fees", "must be a list of [payer, payee] seat pairs").coded(
                Code::SeatOutOfRange,
                &[("seat", &"fees"), ("last", &(SEATS - 1))],
            )
        };
        let fees = self
            .fees
            .iter()
            .map(|&(p, q)| {
                (usize::from(p) < SEATS && usize::from(q) < SEATS)
                    .then_some((p, q))
                    .ok_or_else(fee_pair)
            })
            .collect::<Result<Vec<_>>>()?;
        let ankan_fees = self
            .ankan_fees
            .iter()
            .map(|(s, t)| {
                if usize::from(*s) >= SEATS {
                    return Err(Error::record(
                        "ankan_fees",
                        "must be a list of [seat, tile] pairs",
                    )
                    .coded(Code::SeatOutOfRange, &[("seat", s), ("last", &(SEATS - 1))]));
                }
                Ok((*s, one_tile(t, "ankan_fees")?))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(HandResult {
            dealer: seat_at(self.dealer, "dealer")?,
            east: seat_at(self.east, "east")?,
            wins,
            draw,
            false_win,
            fees,
            ankan_fees,
        })
    }
}

impl FalseWinLine {
    fn false_win(&self) -> Result<FalseWin> {
        let mut ready = [None; 4];
        for &(s, t) in &self.ready {
            if usize::from(s) >= SEATS {
                return Err(
                    Error::record("ready", "must be a list of [seat, tai] pairs").coded(
                        Code::SeatOutOfRange,
                        &[("seat", &s), ("last", &(SEATS - 1))],
                    ),
                );
            }
            ready[usize::from(s)] = Some(t);
        }
        Ok(FalseWin {
            seat: seat_at(self.seat, "seat")?,
            tai: self.tai,
            ready,
        })
    }
}

impl WinLine {
    fn of(w: &Win) -> WinLine {
        WinLine {
            seat: w.seat,
            kind: w.kind.key().to_owned(),
            from: w.kind.from_seat(),
            tile: w.tile.map(Tile::code),
            concealed: format(&w.concealed, 0),
            melds: w
                .melds
                .iter()
                .map(|m| {
                    let mut c = [0u8; 34];
                    m.add_to(&mut c);
                    MeldLine {
                        kind: m.kind.name().to_owned(),
                        tiles: format(&c, 0),
                    }
                })
                .collect(),
            flowers: format(&[0; 34], w.flowers),
            replacement: w.replacement,
            last_tile: w.last_tile,
            declaration: match w.declaration {
                Declaration::None => None,
                d => Some(d.key().to_owned()),
            },
            first_turn: w.first_turn.map(|f| f.key().to_owned()),
            discards: w.discards,
            shown: w.shown,
        }
    }

    fn win(&self) -> Result<Win> {
        // The kind's key (or an old alias of it), with `from` where one seat pays.
        let from = self.from.map(|f| seat_at(f, "from")).transpose()?;
        let key = &self.kind;
        let kind = WinKind::parse(key, from).map_err(|e| match e.field().as_deref() {
            Some("context.from_seat") => Error::record("from", "missing").keeping(&e),
            _ => Error::record("kind", format!("unknown win kind '{key}'")).keeping(&e),
        })?;
        let melds = self
            .melds
            .iter()
            .enumerate()
            .map(|(i, m)| Meld::parse(&m.kind, &m.tiles, i))
            .collect::<Result<Vec<_>>>()?;
        let declaration = match &self.declaration {
            None => Declaration::None,
            Some(s) => Declaration::parse(s, "declaration")
                .map_err(|e| Error::record("declaration", DECLARATION_KEYS).keeping(&e))?,
        };
        let first_turn = match self.first_turn.as_deref() {
            None => None,
            Some(s) => Some(
                [FirstTurn::Heaven, FirstTurn::Earth, FirstTurn::Human]
                    .into_iter()
                    .find(|f| f.key() == s)
                    .ok_or_else(|| {
                        Error::record("first_turn", "must be heaven, earth, human or null").coded(
                            Code::UnknownName,
                            &[
                                ("what", &"first_turn"),
                                ("name", &s),
                                ("expected", &"heaven、earth、human 或 null"),
                            ],
                        )
                    })?,
            ),
        };
        Ok(Win {
            discards: self.discards,
            shown: self.shown.map(|n| upto(n, 3, "shown")).transpose()?,
            seat: seat_at(self.seat, "seat")?,
            kind,
            tile: self
                .tile
                .as_deref()
                .map(|t| one_tile(t, "tile"))
                .transpose()?,
            concealed: tiles_at(&self.concealed, "concealed")?.counts,
            melds,
            flowers: tiles_at(&self.flowers, "flowers")?.flowers,
            replacement: self.replacement,
            last_tile: self.last_tile,
            declaration,
            first_turn,
        })
    }
}

impl Line {
    /// The line of `ev` (a deal always whole; see [`write_log`] for the `seed` line).
    pub fn of(ev: &Event) -> Line {
        match ev {
            Event::Deal(d) => Line::Deal(DealLine::of(d)),
            Event::Draw {
                seat,
                piece,
                replacement,
            } => Line::Draw(DrawLine {
                seat: *seat,
                tile: piece.code(),
                replacement: *replacement,
            }),
            Event::Act { seat, action } => Line::Act(ActLine::of(*seat, *action)),
            Event::Claim { seat, action } => Line::Claim(ActLine::of(*seat, *action)),
            Event::Rules(r) => Line::Rules(RulesLine::of(r)),
            Event::Exchange {
                round,
                offset,
                given,
            } => Line::Exchange(ExchangeLine {
                round: *round,
                offset: *offset,
                given: given.map(|c| format(&c, 0)),
            }),
            Event::Show { seat, hand } => Line::Show(ShowLine {
                seat: *seat,
                hand: format(hand, 0),
            }),
            Event::Break(b) => Line::Break(BreakLine::of(*b)),
            Event::End(r) => Line::End(EndLine::of(r)),
        }
    }

    /// The event of a full record's line; a `seed` line deals under `variant`. A line only a
    /// per-seat record has is refused (read it with [`read_seen_log`]).
    fn event(&self, variant: &Variant) -> Result<Event> {
        Ok(match self {
            Line::Seed(s) => Event::Deal(Box::new(s.deal(variant)?)),
            Line::Deal(d) => Event::Deal(Box::new(d.deal()?)),
            Line::Rules(r) => Event::Rules(Box::new(r.rules()?)),
            Line::Break(b) => Event::Break(b.wall_break()?),
            Line::Draw(d) => {
                if d.tile == HIDDEN_TILE {
                    return Err(per_seat("tile"));
                }
                let piece = match pieces_at(&d.tile, "tile")?.as_slice() {
                    [p] => *p,
                    _ => {
                        return Err(Error::record("tile", "must be one tile").coded(
                            Code::NotOnePiece,
                            &[("field", &"tile"), ("what", &"牌"), ("text", &d.tile)],
                        ))
                    }
                };
                Event::Draw {
                    seat: seat_at(d.seat, "seat")?,
                    piece,
                    replacement: d.replacement,
                }
            }
            Line::Act(a) => {
                let (seat, action) = a.act()?;
                Event::Act { seat, action }
            }
            Line::Claim(a) => {
                let (seat, action) = a.act()?;
                Event::Claim { seat, action }
            }
            Line::Exchange(x) => {
                let mut given = [[0u8; 34]; SEATS];
                for (i, (slot, s)) in given.iter_mut().zip(&x.given).enumerate() {
                    *slot = tiles_at(s, &given_key(i))?.counts;
                }
                Event::Exchange {
                    round: upto(x.round, 2, "round")?,
                    offset: seat_at(x.offset, "offset")?,
                    given: Box::new(given),
                }
            }
            Line::Show(s) => Event::Show {
                seat: seat_at(s.seat, "seat")?,
                hand: tiles_at(&s.hand, "hand")?.counts,
            },
            Line::End(e) => Event::End(Box::new(e.result()?)),
        })
    }
}

/// One event as one line of JSON (a deal is always written whole; see [`write_log`] for the
/// `seed` line).
pub fn to_json(ev: &Event) -> String {
    Line::of(ev).to_json()
}

/// The `seed` line of a deal dealt from a seed ([`Deal::from_seed`]), when the seed,
/// under `rules`' variant, deals exactly this deal.
fn seed_line(d: &Deal, rules: &Rules) -> Option<Line> {
    let o = d.origin?;
    let again = Deal::from_seed(o.seed, o.dealer, d.door_from_dice, &rules.variant);
    (again == *d).then_some(Line::Seed(SeedLine {
        seed: o.seed,
        dealer: o.dealer,
        door_from_dice: d.door_from_dice,
    }))
}

/// The whole log, one line per event. A hand dealt from a seed starts with its `seed` line
/// (the reader expands it under the record's rules line) instead of the whole deal.
pub fn write_log(events: &[Event]) -> String {
    let rules = match events.get(1) {
        Some(Event::Rules(r)) => (**r).clone(),
        _ => Rules::default(),
    };
    let mut out = Vec::with_capacity(events.len() * 64);
    for (i, e) in events.iter().enumerate() {
        let line = match e {
            Event::Deal(d) if i == 0 => seed_line(d, &rules).unwrap_or_else(|| Line::of(e)),
            _ => Line::of(e),
        };
        line.write_to(&mut out);
        out.push(b'\n');
    }
    utf8(out)
}

/// Reads a log written by [`write_log`] (blank lines ignored); the error names the line.
/// A `seed` line is expanded under the variant of the rules line that follows it (taiwan
/// without one). A per-seat record ([`write_seen_log`]) is refused: read it with
/// [`read_seen_log`].
pub fn read_log(text: &str) -> Result<Vec<Event>> {
    read_lines(
        text,
        Line::event,
        |e| match e {
            Event::Rules(r) => Some(&r.variant),
            _ => None,
        },
        |d| Event::Deal(Box::new(d)),
    )
}

/// A record's lines that hold an event, each with its 0-based index among all the lines: a
/// line of only whitespace holds none (docs/log-format.md). The one rule for what a line is:
/// the readers, `twmj.record_lines` and the service's event counts all read it here.
pub fn record_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
}

/// The events of a record's non-blank lines, each read by `event` (under the record's
/// variant, for a `seed` line); an error names its line. A `seed` first line deals under the
/// variant of the rules line after it (three players, the dice's walls, …: `rules` finds it),
/// put in place by `dealt`.
fn read_lines<T>(
    text: &str,
    event: fn(&Line, &Variant) -> Result<T>,
    rules: fn(&T) -> Option<&Variant>,
    dealt: fn(Deal) -> T,
) -> Result<Vec<T>> {
    let at = |i: usize| move |e: Error| e.in_line(i + 1);
    let mut seed: Option<(usize, SeedLine)> = None;
    let mut events = Vec::new();
    for (i, l) in record_lines(text) {
        let line = Line::read(l).map_err(at(i))?;
        match &line {
            // Dealt once the rules line after it is read.
            Line::Seed(s) if events.is_empty() && seed.is_none() => {
                seat_at(s.dealer, "dealer").map_err(at(i))?;
                seed = Some((i, s.clone()));
            }
            _ => events.push(event(&line, &crate::rules::TAIWAN).map_err(at(i))?),
        }
    }
    if let Some((i, s)) = seed {
        let variant = events
            .first()
            .and_then(rules)
            .unwrap_or(&crate::rules::TAIWAN);
        let deal = s.deal(variant).map_err(at(i))?;
        events.insert(0, dealt(deal));
    }
    Ok(events)
}

/// Reads one event written by [`to_json`] (a `seed` line alone deals the taiwan way;
/// [`read_log`] deals it under the record's rules line).
pub fn from_json(line: &str) -> Result<Event> {
    Line::read(line)?.event(&crate::rules::TAIWAN)
}
