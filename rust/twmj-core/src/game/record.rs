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
//! Every line is written field by field through `serde_json` (every string escaped by the
//! library) and read with its fields in order.
//!
//! `action` is [`Action::name`]; win `kind` is `self_draw`, `discard`, `robbing_kong`,
//! `eight_flowers`, `seven_rob_one`, `after_robbing_flower` or `four_kongs` (`discard`,
//! `robbing_kong`, `seven_rob_one` and `after_robbing_flower` carry `from`); `declaration` is
//! `ready`, `migi`, `heaven_ready` or null; `first_turn` is `heaven`, `earth`, `human` or null; `discards` is
//! the winner's discard count and `shown` the winning tile's kind shown on the table (胡絕張;
//! both absent in older records, `shown` also for a win without a tile). An end line has
//! `fees` (詢問費, `[[payer, payee], …]`) and `ankan_fees` (hk16 暗槓 底, `[[owner, tile], …]`)
//! only when there are some.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value as J;

use crate::error::{Error, Result};
use crate::hand::Meld;
use crate::notation::{self, format};
use crate::tile::{Counts, Tile};

use super::action::Action;
use super::event::Event;
use super::result::{DrawReason, FalseWin, FirstTurn, HandResult, Win, WinKind};
use super::state::{Deal, Declaration, Piece, Rules, WallBreak, SEATS};

/// What a win's `declaration` may be: a declaration key (`none` aside) or null.
const DECLARATION_KEYS: &str = "must be ready, migi, heaven_ready or null";
use crate::rules::{Value as Setting, Variant};

/// A JSON object written field by field in the order given. Every key and every value goes
/// through `serde_json`, so every string is escaped by the library.
struct Obj(String);

impl Obj {
    fn new(kind: &str) -> Obj {
        let mut o = Obj(String::from("{"));
        o.put("type", kind);
        o
    }

    fn empty() -> Obj {
        Obj(String::from("{"))
    }

    fn key(&mut self, key: &str) {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        self.0.push_str(&J::from(key).to_string());
        self.0.push(':');
    }

    /// A field whose value `serde_json` writes.
    fn put(&mut self, key: &str, v: impl Into<J>) -> &mut Obj {
        self.key(key);
        self.0.push_str(&v.into().to_string());
        self
    }

    /// A field whose value is JSON written by another [`Obj`] (or a list of them).
    fn raw(&mut self, key: &str, json: &str) -> &mut Obj {
        self.key(key);
        self.0.push_str(json);
        self
    }

    fn done(&mut self) -> String {
        self.0.push('}');
        std::mem::take(&mut self.0)
    }
}

/// JSON values written one after another as a list.
fn list(items: &[String]) -> String {
    format!("[{}]", items.join(","))
}

fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> J {
    J::Array(
        items
            .into_iter()
            .map(|s| J::from(s.as_ref().to_owned()))
            .collect(),
    )
}

fn deal_head(d: &Deal, kind: &str) -> Obj {
    let mut o = Obj::new(kind);
    o.put("dealer", d.dealer)
        .put("dice", J::from(d.dice.to_vec()))
        .put("door_from_dice", d.door_from_dice);
    o
}

/// One event as one line of JSON (a deal is always written whole; see [`write_log`] for the
/// `seed` line).
pub fn to_json(ev: &Event) -> String {
    match ev {
        Event::Deal(d) => deal_head(d, "deal")
            .put("hands", strings(d.hands.iter().map(|h| codes(h))))
            .put("live", codes(&d.live))
            .put("dead", codes(&d.dead))
            .done(),
        Event::Draw {
            seat,
            piece,
            replacement,
        } => Obj::new("draw")
            .put("seat", *seat)
            .put("tile", piece.code())
            .put("replacement", *replacement)
            .done(),
        Event::Act { seat, action } => Obj::new("act")
            .put("seat", *seat)
            .put("action", action.name())
            .done(),
        Event::Claim { seat, action } => Obj::new("claim")
            .put("seat", *seat)
            .put("action", action.name())
            .done(),
        Event::Rules(r) => {
            let mut ov = Obj::empty();
            for (k, v) in &r.variant.overrides {
                // The override's value as `Variant::set` took it: a number, true/false or a
                // quoted text (its `Display`).
                let value = serde_json::from_str::<J>(v).unwrap_or_else(|_| J::from(v.clone()));
                ov.put(k, value);
            }
            Obj::new("rules")
                .put("preset", r.variant.preset)
                .raw("overrides", &ov.done())
                .put("streak", r.streak)
                .put("round_wind", r.round_wind)
                .done()
        }
        Event::Exchange {
            round,
            offset,
            given,
        } => Obj::new("exchange")
            .put("round", *round)
            .put("offset", *offset)
            .put("given", strings(given.iter().map(|c| format(c, 0))))
            .done(),
        Event::Show { seat, hand } => Obj::new("show")
            .put("seat", *seat)
            .put("hand", format(hand, 0))
            .done(),
        Event::Break(b) => Obj::new("break")
            .put("roller", b.roller)
            .put("total", b.total)
            .put("wall", b.wall)
            .put("kept", b.kept)
            .done(),
        Event::End(r) => {
            let wins: Vec<String> = r.wins.iter().map(win_json).collect();
            let mut o = Obj::new("end");
            o.put("dealer", r.dealer)
                .put("east", r.east)
                .raw("wins", &list(&wins));
            if let Some(d) = r.draw {
                o.put("draw", d.key());
            }
            if let Some(f) = r.false_win {
                let mut fw = Obj::empty();
                fw.put("seat", f.seat).put("tai", f.tai);
                // 003 詐胡的罰則 賠聽牌者所聽台數: `[[seat, tai], …]`, only when a seat was ready.
                let ready: Vec<String> = (0u8..)
                    .zip(f.ready)
                    .filter_map(|(s, t)| t.map(|t| format!("[{s},{t}]")))
                    .collect();
                if !ready.is_empty() {
                    fw.raw("ready", &list(&ready));
                }
                o.raw("false_win", &fw.done());
            }
            // 003 註13 詢問費, written only when there is one (older records have none).
            if !r.fees.is_empty() {
                let f: Vec<String> = r.fees.iter().map(|(p, q)| format!("[{p},{q}]")).collect();
                o.raw("fees", &list(&f));
            }
            // 003 hk16 槓牌 暗槓 底, each kong turned over (有人胡後須翻出來給大家看), written only
            // when there is one (older records have none).
            if !r.ankan_fees.is_empty() {
                let a: Vec<String> = r
                    .ankan_fees
                    .iter()
                    .map(|(s, k)| J::Array(vec![J::from(*s), J::from(k.code())]).to_string())
                    .collect();
                o.raw("ankan_fees", &list(&a));
            }
            o.done()
        }
    }
}

/// The `seed` line of a deal dealt from a seed ([`Deal::from_seed`]), when the seed,
/// under `rules`' variant, deals exactly this deal.
fn seed_line(d: &Deal, rules: &Rules) -> Option<String> {
    let o = d.origin?;
    let again = Deal::from_seed(o.seed, o.dealer, d.door_from_dice, &rules.variant);
    (again == *d).then(|| {
        Obj::new("seed")
            .put("seed", o.seed)
            .put("dealer", o.dealer)
            .put("door_from_dice", d.door_from_dice)
            .done()
    })
}

/// The whole log, one line per event. A hand dealt from a seed starts with its `seed` line
/// (the reader expands it under the record's rules line) instead of the whole deal.
pub fn write_log(events: &[Event]) -> String {
    let rules = match events.get(1) {
        Some(Event::Rules(r)) => (**r).clone(),
        _ => Rules::default(),
    };
    let mut out = String::new();
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::Deal(d) if i == 0 => {
                out.push_str(&seed_line(d, &rules).unwrap_or_else(|| to_json(e)));
            }
            _ => out.push_str(&to_json(e)),
        }
        out.push('\n');
    }
    out
}

/// Reads a log written by [`write_log`] (blank lines ignored); the error names the line.
/// A `seed` line is expanded under the variant of the rules line that follows it (taiwan
/// without one). A per-seat record ([`write_seen_log`]) is refused: read it with
/// [`read_seen_log`].
pub fn read_log(text: &str) -> Result<Vec<Event>> {
    fn rules(e: &Event) -> Option<&Variant> {
        match e {
            Event::Rules(r) => Some(&r.variant),
            _ => None,
        }
    }
    read_lines(text, from_json, rules, |d| Event::Deal(Box::new(d)))
}

/// The events of a record's non-blank lines, each read by `parse`; an error names its line.
/// A `seed` first line deals under the variant of the rules line after it (three players, the
/// dice's walls, …: `rules` finds it), put in place by `dealt`.
fn read_lines<T>(
    text: &str,
    parse: fn(&str) -> Result<T>,
    rules: fn(&T) -> Option<&Variant>,
    dealt: fn(Deal) -> T,
) -> Result<Vec<T>> {
    let at = |i: usize| move |e: Error| e.in_line(i + 1);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let mut events = lines
        .iter()
        .map(|&(i, l)| parse(l).map_err(at(i)))
        .collect::<Result<Vec<_>>>()?;
    if let (Some(&(i, first)), Some(v)) = (lines.first(), events.get(1).and_then(rules)) {
        if let Some(d) = seed_deal(first, v).map_err(at(i))? {
            events[0] = dealt(d);
        }
    }
    Ok(events)
}

/// The deal of a `seed` line under `variant`; `None` when the line is no seed line.
fn seed_deal(line: &str, variant: &Variant) -> Result<Option<Deal>> {
    let Value::Obj(o) = parse_value(line)? else {
        return Ok(None);
    };
    if text(&o, "type")? != "seed" {
        return Ok(None);
    }
    let (seed, dealer, door) = seed_fields(&o)?;
    Ok(Some(Deal::from_seed(seed, dealer, door, variant)))
}

fn seed_fields(o: &[(String, Value)]) -> Result<(u64, u8, bool)> {
    let seed = match field(o, "seed")? {
        Value::Num(n) => {
            u64::try_from(*n).map_err(|_| Error::record("seed", "must be a number 0 to 2⁶⁴ − 1"))?
        }
        _ => return Err(Error::record("seed", "must be a number 0 to 2⁶⁴ − 1")),
    };
    Ok((seed, num(o, "dealer", 3)?, flag(o, "door_from_dice")?))
}

fn codes(pieces: &[Piece]) -> String {
    pieces.iter().map(|p| p.code()).collect()
}

fn win_json(w: &Win) -> String {
    let mut o = Obj::empty();
    o.put("seat", w.seat).put("kind", w.kind.key());
    if let Some(f) = w.kind.from_seat() {
        o.put("from", f);
    }
    let melds: Vec<String> = w
        .melds
        .iter()
        .map(|m| {
            let mut c = [0u8; 34];
            m.add_to(&mut c);
            Obj::empty()
                .put("kind", m.kind.name())
                .put("tiles", format(&c, 0))
                .done()
        })
        .collect();
    let decl = match w.declaration {
        Declaration::None => J::Null,
        d => J::from(d.key()),
    };
    let first = w.first_turn.map_or(J::Null, |f| J::from(f.key()));
    o.put("tile", w.tile.map_or(J::Null, |t| J::from(t.code())))
        .put("concealed", format(&w.concealed, 0))
        .raw("melds", &list(&melds))
        .put("flowers", format(&[0; 34], w.flowers))
        .put("replacement", w.replacement)
        .put("last_tile", w.last_tile)
        .put("declaration", decl)
        .put("first_turn", first);
    if let Some(n) = w.discards {
        o.put("discards", n);
    }
    if let Some(n) = w.shown {
        o.put("shown", n);
    }
    o.done()
}

/// A parsed JSON value (the subset the record uses: no floats). Objects keep their fields in
/// the order written (a key written twice keeps its first place and its last value).
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    /// Whole numbers from −2⁶³ to 2⁶⁴ − 1 (a seed is any `u64`).
    Num(i128),
    Str(String),
    Arr(Vec<Value>),
    Obj(Vec<(String, Value)>),
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> std::result::Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> std::result::Result<Value, E> {
        Ok(Value::Num(i128::from(n)))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> std::result::Result<Value, E> {
        Ok(Value::Num(i128::from(n)))
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> std::result::Result<Value, E> {
        Err(E::custom(format!(
            "number {x} is not a whole number in range"
        )))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<Value, E> {
        Ok(Value::Str(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> std::result::Result<Value, E> {
        Ok(Value::Str(s))
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Value, D::Error> {
        Value::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> std::result::Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some(x) = a.next_element()? {
            v.push(x);
        }
        Ok(Value::Arr(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> std::result::Result<Value, A::Error> {
        let mut v: Vec<(String, Value)> = Vec::new();
        while let Some((k, x)) = a.next_entry::<String, Value>()? {
            match v.iter_mut().find(|(key, _)| *key == k) {
                Some(slot) => slot.1 = x,
                None => v.push((k, x)),
            }
        }
        Ok(Value::Obj(v))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

fn parse_value(line: &str) -> Result<Value> {
    serde_json::from_str(line).map_err(|e| Error::record("", format!("bad JSON: {e}")))
}

fn field<'v>(obj: &'v [(String, Value)], key: &str) -> Result<&'v Value> {
    obj.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .ok_or_else(|| Error::record(key, "missing"))
}

fn num(obj: &[(String, Value)], key: &str, max: i128) -> Result<u8> {
    match field(obj, key)? {
        Value::Num(n) if (0..=max).contains(n) => Ok(*n as u8),
        _ => Err(Error::record(key, format!("must be a number 0–{max}"))),
    }
}

fn text<'v>(obj: &'v [(String, Value)], key: &str) -> Result<&'v str> {
    match field(obj, key)? {
        Value::Str(s) => Ok(s),
        _ => Err(Error::record(key, "must be a string")),
    }
}

fn flag(obj: &[(String, Value)], key: &str) -> Result<bool> {
    match field(obj, key)? {
        Value::Bool(b) => Ok(*b),
        _ => Err(Error::record(key, "must be true or false")),
    }
}

/// What the full-record reader says of a line only a per-seat record has.
const PER_SEAT: &str =
    "a per-seat record (hidden tiles or a wall count): read it with read_seen_log";

fn action(obj: &[(String, Value)]) -> Result<Action> {
    let name = text(obj, "action")?;
    if name.ends_with(" ?") {
        return Err(Error::record("action", PER_SEAT));
    }
    Action::parse(name).ok_or_else(|| Error::record("action", format!("unknown action '{name}'")))
}

/// The one tile written at `key`.
fn one_tile(s: &str, key: &str) -> Result<Tile> {
    let t = notation::parse(s).map_err(|e| e.at(key))?;
    match t.tile_list().as_slice() {
        [x] if t.flowers == 0 => Ok(*x),
        _ => Err(Error::record(key, format!("'{s}' is not one tile"))),
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

/// An error of a nested object, its key put under `prefix` (`wins[0]`).
fn under(prefix: String) -> impl Fn(Error) -> Error {
    move |e| e.under(&prefix)
}

/// Reads one event written by [`to_json`].
pub fn from_json(line: &str) -> Result<Event> {
    let Value::Obj(o) = parse_value(line)? else {
        return Err(Error::record("", "an event is a JSON object"));
    };
    let seat = || num(&o, "seat", SEATS as i128 - 1);
    Ok(match text(&o, "type")? {
        "seed" => {
            // Alone, a seed line deals the taiwan way; `read_log` redeals it under the record's
            // rules line.
            let (seed, dealer, door) = seed_fields(&o)?;
            Event::Deal(Box::new(Deal::from_seed(
                seed,
                dealer,
                door,
                &crate::rules::TAIWAN,
            )))
        }
        "deal" if o.iter().any(|(k, _)| k == "wall") => {
            return Err(Error::record("wall", PER_SEAT));
        }
        "deal" => {
            let dice = dice_of(&o)?;
            let hands = match field(&o, "hands")? {
                Value::Arr(v) if v.len() == SEATS => {
                    let mut h: [Vec<Piece>; SEATS] = Default::default();
                    for (i, (slot, x)) in h.iter_mut().zip(v).enumerate() {
                        let Value::Str(s) = x else {
                            return Err(Error::record(
                                format!("hands[{i}]"),
                                "each hand is a string of tiles",
                            ));
                        };
                        *slot = pieces_at(s, &format!("hands[{i}]"))?;
                    }
                    h
                }
                _ => return Err(Error::record("hands", "must hold four hands")),
            };
            Event::Deal(Box::new(Deal {
                dealer: num(&o, "dealer", 3)?,
                dice,
                door_from_dice: flag(&o, "door_from_dice")?,
                hands,
                live: pieces_at(text(&o, "live")?, "live")?,
                dead: pieces_at(text(&o, "dead")?, "dead")?,
                origin: None,
            }))
        }
        "rules" => {
            let mut v = Variant::preset(text(&o, "preset")?)
                .map_err(|e| Error::record("preset", e.to_string()))?;
            let Value::Obj(ov) = field(&o, "overrides")? else {
                return Err(Error::record("overrides", "must be an object"));
            };
            for (k, x) in ov {
                let setting = match x {
                    Value::Num(n) => Setting::Int(i64::try_from(*n).map_err(|_| {
                        Error::record(format!("overrides.{k}"), format!("{n} is out of range"))
                    })?),
                    Value::Bool(b) => Setting::Bool(*b),
                    Value::Str(s) => Setting::Text(s.clone()),
                    _ => return Err(Error::record(format!("overrides.{k}"), "has a bad value")),
                };
                v.set(k, &setting)?;
            }
            v.check()?;
            Event::Rules(Box::new(Rules::new(
                &v,
                num(&o, "streak", 255)?,
                num(&o, "round_wind", 3)?,
            )))
        }
        "exchange" => {
            let given = match field(&o, "given")? {
                Value::Arr(v) if v.len() == SEATS => {
                    let mut g = [[0u8; 34]; SEATS];
                    for (i, (slot, x)) in g.iter_mut().zip(v).enumerate() {
                        let Value::Str(s) = x else {
                            return Err(Error::record(
                                format!("given[{i}]"),
                                "each given set is a string of tiles",
                            ));
                        };
                        *slot = tiles_at(s, &format!("given[{i}]"))?.counts;
                    }
                    g
                }
                _ => return Err(Error::record("given", "must hold four sets of tiles")),
            };
            Event::Exchange {
                round: num(&o, "round", 2)?,
                offset: num(&o, "offset", 3)?,
                given,
            }
        }
        "draw" if text(&o, "tile")? == "?" => return Err(Error::record("tile", PER_SEAT)),
        "draw" => {
            let piece = match pieces_at(text(&o, "tile")?, "tile")?.as_slice() {
                [p] => *p,
                _ => return Err(Error::record("tile", "must be one tile")),
            };
            Event::Draw {
                seat: seat()?,
                piece,
                replacement: flag(&o, "replacement")?,
            }
        }
        "act" => Event::Act {
            seat: seat()?,
            action: action(&o)?,
        },
        "claim" => Event::Claim {
            seat: seat()?,
            action: action(&o)?,
        },
        "end" => {
            let Value::Arr(ws) = field(&o, "wins")? else {
                return Err(Error::record("wins", "must be a list"));
            };
            let wins = ws
                .iter()
                .enumerate()
                .map(|(i, w)| win_from(w).map_err(under(format!("wins[{i}]"))))
                .collect::<Result<Vec<_>>>()?;
            let false_win = match o.iter().find(|(k, _)| k == "false_win") {
                None | Some((_, Value::Null)) => None,
                Some((_, Value::Obj(f))) => {
                    let nest = under("false_win".to_owned());
                    Some(FalseWin {
                        seat: num(f, "seat", SEATS as i128 - 1).map_err(&nest)?,
                        tai: match field(f, "tai").map_err(&nest)? {
                            Value::Num(n) if (0..=i128::from(u32::MAX)).contains(n) => *n as u32,
                            _ => {
                                return Err(Error::record("false_win.tai", "must be a number ≥ 0"))
                            }
                        },
                        ready: ready_from(f).map_err(&nest)?,
                    })
                }
                Some(_) => return Err(Error::record("false_win", "must be an object")),
            };
            // A record written before draw reasons: an end without wins is a 流局.
            let draw = match o.iter().find(|(k, _)| k == "draw") {
                None | Some((_, Value::Null)) => {
                    (wins.is_empty() && false_win.is_none()).then_some(DrawReason::Wall)
                }
                Some((_, Value::Str(d))) => Some(
                    DrawReason::ALL
                        .into_iter()
                        .find(|r| r.key() == d)
                        .ok_or_else(|| {
                            Error::record("draw", format!("unknown draw reason '{d}'"))
                        })?,
                ),
                Some(_) => return Err(Error::record("draw", "must be a reason")),
            };
            Event::End(HandResult {
                dealer: num(&o, "dealer", 3)?,
                east: num(&o, "east", 3)?,
                wins,
                draw,
                false_win,
                fees: fees_from(&o)?,
                ankan_fees: ankan_fees_from(&o)?,
            })
        }
        "show" => Event::Show {
            seat: num(&o, "seat", SEATS as i128 - 1)?,
            hand: tiles_at(text(&o, "hand")?, "hand")?.counts,
        },
        "break" => Event::Break(WallBreak {
            roller: num(&o, "roller", SEATS as i128 - 1)?,
            total: num(&o, "total", 18)?,
            wall: num(&o, "wall", SEATS as i128 - 1)?,
            kept: num(&o, "kept", 18)?,
        }),
        other => {
            return Err(Error::record(
                "type",
                format!("unknown event type '{other}'"),
            ))
        }
    })
}

/// The optional list of `[a, b]` pairs at `key` (empty when absent), each side read by `a`
/// and `b` (`None`: not that kind of value); `what` names a pair in the error.
fn pairs_from<A, B>(
    o: &[(String, Value)],
    key: &str,
    what: &str,
    a: impl Fn(&Value) -> Result<Option<A>>,
    b: impl Fn(&Value) -> Result<Option<B>>,
) -> Result<Vec<(A, B)>> {
    let bad = || Error::record(key, format!("must be a list of {what} pairs"));
    let Some((_, v)) = o.iter().find(|(k, _)| k == key) else {
        return Ok(Vec::new());
    };
    let Value::Arr(pairs) = v else {
        return Err(bad());
    };
    pairs
        .iter()
        .map(|p| match p {
            Value::Arr(ab) if ab.len() == 2 => {
                Ok((a(&ab[0])?.ok_or_else(bad)?, b(&ab[1])?.ok_or_else(bad)?))
            }
            _ => Err(bad()),
        })
        .collect()
}

/// A seat number 0–3 of a pair.
fn seat_value(v: &Value) -> Option<u8> {
    match v {
        Value::Num(n) if (0..SEATS as i128).contains(n) => Some(*n as u8),
        _ => None,
    }
}

/// The optional `fees` of an end event: `[[payer, payee], …]` (003 註13 詢問費).
fn fees_from(o: &[(String, Value)]) -> Result<Vec<(u8, u8)>> {
    let seat = |v: &Value| Ok(seat_value(v));
    pairs_from(o, "fees", "[payer, payee] seat", seat, seat)
}

/// The optional `ready` of a 詐胡: `[[seat, tai], …]` (003 詐胡的罰則 賠聽牌者所聽台數).
fn ready_from(o: &[(String, Value)]) -> Result<[Option<u32>; 4]> {
    let tai = |v: &Value| {
        Ok(match v {
            Value::Num(t) if (0..=i128::from(u32::MAX)).contains(t) => Some(*t as u32),
            _ => None,
        })
    };
    let mut out = [None; 4];
    for (s, t) in pairs_from(o, "ready", "[seat, tai]", |v| Ok(seat_value(v)), tai)? {
        out[usize::from(s)] = Some(t);
    }
    Ok(out)
}

/// The optional `ankan_fees` of an end event: `[[owner, tile], …]`, each 暗槓 that collects
/// its 底 (003 hk16 槓牌).
fn ankan_fees_from(o: &[(String, Value)]) -> Result<Vec<(u8, Tile)>> {
    // A string that is no tile keeps its own error (`one_tile`).
    let tile = |v: &Value| match v {
        Value::Str(k) => one_tile(k, "ankan_fees").map(Some),
        _ => Ok(None),
    };
    pairs_from(o, "ankan_fees", "[seat, tile]", |v| Ok(seat_value(v)), tile)
}

fn win_from(v: &Value) -> Result<Win> {
    let Value::Obj(o) = v else {
        return Err(Error::record("", "a win is a JSON object"));
    };
    // The kind's key (or an old alias of it), with `from` where one seat pays.
    let key = text(o, "kind")?;
    let from = match o.iter().find(|(k, _)| k == "from") {
        None | Some((_, Value::Null)) => None,
        Some(_) => Some(num(o, "from", 3)?),
    };
    let kind = WinKind::parse(key, from).map_err(|e| match e.field().as_deref() {
        Some("context.from_seat") => Error::record("from", "missing"),
        _ => Error::record("kind", format!("unknown win kind '{key}'")),
    })?;
    let tile = match field(o, "tile")? {
        Value::Null => None,
        Value::Str(s) => Some(one_tile(s, "tile")?),
        _ => return Err(Error::record("tile", "must be a tile or null")),
    };
    let Value::Arr(ms) = field(o, "melds")? else {
        return Err(Error::record("melds", "must be a list"));
    };
    let mut melds = Vec::with_capacity(ms.len());
    for (i, m) in ms.iter().enumerate() {
        let Value::Obj(mo) = m else {
            return Err(Error::record(
                format!("melds[{i}]"),
                "a meld is a JSON object",
            ));
        };
        let nest = under(format!("melds[{i}]"));
        melds.push(Meld::parse(
            text(mo, "kind").map_err(&nest)?,
            text(mo, "tiles").map_err(&nest)?,
            i,
        )?);
    }
    let declaration = match field(o, "declaration")? {
        Value::Null => Declaration::None,
        Value::Str(s) => Declaration::parse(s, "declaration")
            .map_err(|_| Error::record("declaration", DECLARATION_KEYS))?,
        _ => return Err(Error::record("declaration", DECLARATION_KEYS)),
    };
    let first_turn = match field(o, "first_turn")? {
        Value::Null => None,
        Value::Str(s) if s == "heaven" => Some(FirstTurn::Heaven),
        Value::Str(s) if s == "earth" => Some(FirstTurn::Earth),
        Value::Str(s) if s == "human" => Some(FirstTurn::Human),
        _ => {
            return Err(Error::record(
                "first_turn",
                "must be heaven, earth, human or null",
            ))
        }
    };
    // 003 hk16 七隻內: written since the count was kept; an older record has none.
    let discards = match o.iter().find(|(k, _)| k == "discards") {
        None | Some((_, Value::Null)) => None,
        Some((_, Value::Num(n))) if (0..=255).contains(n) => Some(*n as u8),
        Some(_) => return Err(Error::record("discards", "must be a number 0–255")),
    };
    // 003 fan list 胡絕張: written since the count was kept; an older record has none.
    let shown = match o.iter().find(|(k, _)| k == "shown") {
        None | Some((_, Value::Null)) => None,
        Some((_, Value::Num(n))) if (0..=3).contains(n) => Some(*n as u8),
        Some(_) => return Err(Error::record("shown", "must be a number 0–3")),
    };
    Ok(Win {
        discards,
        shown,
        seat: num(o, "seat", 3)?,
        kind,
        tile,
        concealed: tiles_at(text(o, "concealed")?, "concealed")?.counts,
        melds,
        flowers: tiles_at(text(o, "flowers")?, "flowers")?.flowers,
        replacement: flag(o, "replacement")?,
        last_tile: flag(o, "last_tile")?,
        declaration,
        first_turn,
    })
}

// ---------------------------------------------------------------- the per-seat record

/// A seat's dealt pieces in a per-seat record: its own, or another seat's count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeenHand {
    Shown(Vec<Piece>),
    /// Another seat's dealt pieces, flowers included: only how many.
    Hidden(usize),
}

/// An action whose tile another seat does not see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiddenAction {
    /// 暗槓 is face down: `ankan ?`.
    Ankan,
    /// A 換三張 pick: `pass3 ?`.
    Pass3,
}

impl HiddenAction {
    /// The action's name in a per-seat record.
    pub const fn name(self) -> &'static str {
        match self {
            HiddenAction::Ankan => "ankan ?",
            HiddenAction::Pass3 => "pass3 ?",
        }
    }
}

/// One event of a hand as one seat saw it while it was played ([`seen`]): what a per-seat
/// record ([`write_seen_log`]) holds and [`read_seen_log`] gives back. The public information
/// of the hand: every discard, call, flower, kong and the end in full; other seats' dealt
/// tiles, drawn tiles, 暗槓 and 換三張 picks hidden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeenEvent {
    /// An event the seat sees whole.
    Open(Event),
    /// The deal: the seat's own dealt pieces, the others' counts, and the wall's size
    /// (`live` + `dead`, the kept-back tiles included).
    Deal {
        dealer: u8,
        dice: [u8; 3],
        door_from_dice: bool,
        hands: [SeenHand; SEATS],
        wall: usize,
    },
    /// Another seat drew a tile (a flower is shown, so its draw is [`SeenEvent::Open`]).
    HiddenDraw { seat: u8, replacement: bool },
    /// Another seat's 暗槓 or 換三張 pick, its tile not shown.
    HiddenAct { seat: u8, action: HiddenAction },
    /// A 換三張 round: the sets the seat passed and received, the others `None`.
    Exchange {
        round: u8,
        offset: u8,
        given: [Option<Counts>; SEATS],
    },
}

/// `ev` as `seat` sees it.
pub fn seen(ev: &Event, seat: u8) -> SeenEvent {
    match ev {
        Event::Deal(d) => SeenEvent::Deal {
            dealer: d.dealer,
            dice: d.dice,
            door_from_dice: d.door_from_dice,
            hands: std::array::from_fn(|s| {
                if s == usize::from(seat) {
                    SeenHand::Shown(d.hands[s].clone())
                } else {
                    SeenHand::Hidden(d.hands[s].len())
                }
            }),
            wall: d.live.len() + d.dead.len(),
        },
        Event::Draw {
            seat: s,
            piece,
            replacement,
        } if *s != seat && piece.flower().is_none() => SeenEvent::HiddenDraw {
            seat: *s,
            replacement: *replacement,
        },
        Event::Act {
            seat: s,
            action: Action::Ankan(_),
        } if *s != seat => SeenEvent::HiddenAct {
            seat: *s,
            action: HiddenAction::Ankan,
        },
        Event::Act {
            seat: s,
            action: Action::Pass3(_),
        } if *s != seat => SeenEvent::HiddenAct {
            seat: *s,
            action: HiddenAction::Pass3,
        },
        Event::Exchange {
            round,
            offset,
            given,
        } => {
            // A seat sees what it passed and what it received, nothing else.
            let giver = (usize::from(seat) + SEATS - usize::from(*offset) % SEATS) % SEATS;
            SeenEvent::Exchange {
                round: *round,
                offset: *offset,
                given: std::array::from_fn(|s| {
                    (s == usize::from(seat) || s == giver).then_some(given[s])
                }),
            }
        }
        other => SeenEvent::Open(other.clone()),
    }
}

/// One event of a per-seat record as one line of JSON.
pub fn seen_to_json(ev: &SeenEvent) -> String {
    match ev {
        SeenEvent::Open(e) => to_json(e),
        SeenEvent::Deal {
            dealer,
            dice,
            door_from_dice,
            hands,
            wall,
        } => {
            let hands = hands.iter().map(|h| match h {
                SeenHand::Shown(p) => codes(p),
                SeenHand::Hidden(n) => "?".repeat(*n),
            });
            Obj::new("deal")
                .put("dealer", *dealer)
                .put("dice", J::from(dice.to_vec()))
                .put("door_from_dice", *door_from_dice)
                .put("hands", strings(hands))
                .put("wall", *wall)
                .done()
        }
        SeenEvent::HiddenDraw { seat, replacement } => Obj::new("draw")
            .put("seat", *seat)
            .put("tile", "?")
            .put("replacement", *replacement)
            .done(),
        SeenEvent::HiddenAct { seat, action } => Obj::new("act")
            .put("seat", *seat)
            .put("action", action.name())
            .done(),
        SeenEvent::Exchange {
            round,
            offset,
            given,
        } => Obj::new("exchange")
            .put("round", *round)
            .put("offset", *offset)
            .put(
                "given",
                strings(
                    given
                        .iter()
                        .map(|g| g.map_or_else(|| "???".to_owned(), |c| format(&c, 0))),
                ),
            )
            .done(),
    }
}

/// One event as `seat` sees it while the hand is played: [`seen`] written by
/// [`seen_to_json`]. [`read_seen_log`] reads it back.
pub fn to_json_seen(ev: &Event, seat: u8) -> String {
    seen_to_json(&seen(ev, seat))
}

/// The record of the hand as `seat` saw it, one line per event (never a `seed` line: the
/// seed would show every tile).
pub fn write_seen_log(events: &[Event], seat: u8) -> String {
    let mut out = String::new();
    for e in events {
        out.push_str(&to_json_seen(e, seat));
        out.push('\n');
    }
    out
}

/// Reads one line of a per-seat record (or of a full record: every full event reads as
/// [`SeenEvent::Open`], a deal included).
pub fn seen_from_json(line: &str) -> Result<SeenEvent> {
    let Value::Obj(o) = parse_value(line)? else {
        return Err(Error::record("", "an event is a JSON object"));
    };
    let seat = || num(&o, "seat", SEATS as i128 - 1);
    Ok(match text(&o, "type")? {
        "deal" if o.iter().any(|(k, _)| k == "wall") => {
            let dice = dice_of(&o)?;
            let Value::Arr(v) = field(&o, "hands")? else {
                return Err(Error::record("hands", "must hold four hands"));
            };
            if v.len() != SEATS {
                return Err(Error::record("hands", "must hold four hands"));
            }
            let mut hands: [SeenHand; SEATS] = std::array::from_fn(|_| SeenHand::Hidden(0));
            for (i, (slot, x)) in hands.iter_mut().zip(v).enumerate() {
                let Value::Str(s) = x else {
                    return Err(Error::record(
                        format!("hands[{i}]"),
                        "each hand is a string of tiles or of '?'",
                    ));
                };
                *slot = if s.chars().all(|c| c == '?') {
                    SeenHand::Hidden(s.chars().count())
                } else {
                    SeenHand::Shown(pieces_at(s, &format!("hands[{i}]"))?)
                };
            }
            let wall = match field(&o, "wall")? {
                Value::Num(n) if (0..=1000).contains(n) => *n as usize,
                _ => return Err(Error::record("wall", "must be a count 0–1000")),
            };
            SeenEvent::Deal {
                dealer: num(&o, "dealer", 3)?,
                dice,
                door_from_dice: flag(&o, "door_from_dice")?,
                hands,
                wall,
            }
        }
        "draw" if text(&o, "tile")? == "?" => SeenEvent::HiddenDraw {
            seat: seat()?,
            replacement: flag(&o, "replacement")?,
        },
        "act" if text(&o, "action")?.ends_with(" ?") => {
            let name = text(&o, "action")?;
            let action = [HiddenAction::Ankan, HiddenAction::Pass3]
                .into_iter()
                .find(|a| a.name() == name)
                .ok_or_else(|| {
                    Error::record("action", format!("unknown hidden action '{name}'"))
                })?;
            SeenEvent::HiddenAct {
                seat: seat()?,
                action,
            }
        }
        "exchange" => {
            let Value::Arr(v) = field(&o, "given")? else {
                return Err(Error::record("given", "must hold four sets of tiles"));
            };
            if v.len() != SEATS {
                return Err(Error::record("given", "must hold four sets of tiles"));
            }
            let mut given = [None; SEATS];
            for (i, (slot, x)) in given.iter_mut().zip(v).enumerate() {
                let Value::Str(s) = x else {
                    return Err(Error::record(
                        format!("given[{i}]"),
                        "each given set is a string of tiles",
                    ));
                };
                if s != "???" {
                    *slot = Some(tiles_at(s, &format!("given[{i}]"))?.counts);
                }
            }
            SeenEvent::Exchange {
                round: num(&o, "round", 2)?,
                offset: num(&o, "offset", 3)?,
                given,
            }
        }
        _ => SeenEvent::Open(from_json(line)?),
    })
}

/// Reads a per-seat record written by [`write_seen_log`] (or a full record, every event
/// [`SeenEvent::Open`]); blank lines ignored, the error names the line. It gives back what
/// the seat saw; it cannot be replayed (other seats' tiles are not in it).
pub fn read_seen_log(text: &str) -> Result<Vec<SeenEvent>> {
    fn rules(e: &SeenEvent) -> Option<&Variant> {
        match e {
            SeenEvent::Open(Event::Rules(r)) => Some(&r.variant),
            _ => None,
        }
    }
    read_lines(text, seen_from_json, rules, |d| {
        SeenEvent::Open(Event::Deal(Box::new(d)))
    })
}

fn dice_of(o: &[(String, Value)]) -> Result<[u8; 3]> {
    match field(o, "dice")? {
        Value::Arr(v) if v.len() == 3 => {
            let mut d = [0u8; 3];
            for (slot, x) in d.iter_mut().zip(v) {
                *slot = match x {
                    Value::Num(n) if (1..=6).contains(n) => *n as u8,
                    _ => return Err(Error::record("dice", "dice show 1–6")),
                };
            }
            Ok(d)
        }
        _ => Err(Error::record("dice", "must hold three dice")),
    }
}
