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
//!   "last_tile":false,"declaration":null,"first_turn":"human"}]}
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
//! ```
//!
//! A record may start with `{"type":"seed","seed":42,"dealer":0,"door_from_dice":false}`
//! instead of the deal: the reader expands it to the deal that seed gives.
//! [`to_json_seen`] writes the same lines as one seat sees them: other seats' dealt tiles and
//! draws are `?` (flowers are shown), their 暗槓 is `ankan ?`, and the wall is a count.
//!
//! `action` is [`Action::name`]; win `kind` is `self_draw`, `discard`, `robbing_kong`,
//! `eight_flowers`, `seven_rob_one` or `after_robbing_flower` (the last four but
//! `eight_flowers` carry `from`); `declaration` is `ready`, `migi` or null; `first_turn` is
//! `heaven`, `earth`, `human` or null.

use std::fmt::Write as _;

use crate::error::{Error, Result};
use crate::hand::Meld;
use crate::notation::{self, format};
use crate::tile::Tile;

use super::action::Action;
use super::event::Event;
use super::result::{DrawReason, FalseWin, FirstTurn, HandResult, Win, WinKind};
use super::state::{Deal, Declaration, Piece, Rules, WallBreak, SEATS};
use crate::scoring::{Value as Setting, Variant};

/// One event as one line of JSON.
pub fn to_json(ev: &Event) -> String {
    match ev {
        Event::Deal(d) => {
            let hands: Vec<String> = d.hands.iter().map(|h| quote(&codes(h))).collect();
            format!(
                r#"{{"type":"deal","dealer":{},"dice":[{},{},{}],"door_from_dice":{},"hands":[{}],"live":{},"dead":{}}}"#,
                d.dealer,
                d.dice[0],
                d.dice[1],
                d.dice[2],
                d.door_from_dice,
                hands.join(","),
                quote(&codes(&d.live)),
                quote(&codes(&d.dead))
            )
        }
        Event::Draw {
            seat,
            piece,
            replacement,
        } => format!(
            r#"{{"type":"draw","seat":{seat},"tile":"{}","replacement":{replacement}}}"#,
            piece.code()
        ),
        Event::Act { seat, action } => {
            format!(
                r#"{{"type":"act","seat":{seat},"action":"{}"}}"#,
                action.name()
            )
        }
        Event::Claim { seat, action } => {
            format!(
                r#"{{"type":"claim","seat":{seat},"action":"{}"}}"#,
                action.name()
            )
        }
        Event::Rules(r) => {
            let overrides: Vec<String> = r
                .variant
                .overrides
                .iter()
                .map(|(k, v)| format!("{}:{v}", quote(k)))
                .collect();
            format!(
                r#"{{"type":"rules","preset":"{}","overrides":{{{}}},"streak":{},"round_wind":{}}}"#,
                r.variant.preset,
                overrides.join(","),
                r.streak,
                r.round_wind
            )
        }
        Event::Exchange {
            round,
            offset,
            given,
        } => {
            let g: Vec<String> = given.iter().map(|c| quote(&format(c, 0))).collect();
            format!(
                r#"{{"type":"exchange","round":{round},"offset":{offset},"given":[{}]}}"#,
                g.join(",")
            )
        }
        Event::Break(b) => format!(
            r#"{{"type":"break","roller":{},"total":{},"wall":{},"kept":{}}}"#,
            b.roller, b.total, b.wall, b.kept
        ),
        Event::End(r) => {
            let wins: Vec<String> = r.wins.iter().map(win_json).collect();
            let mut s = format!(
                r#"{{"type":"end","dealer":{},"east":{},"wins":[{}]"#,
                r.dealer,
                r.east,
                wins.join(",")
            );
            if let Some(d) = r.draw {
                let _ = write!(s, r#","draw":"{}""#, d.key());
            }
            if let Some(f) = r.false_win {
                let _ = write!(s, r#","false_win":{{"seat":{},"tai":{}}}"#, f.seat, f.tai);
            }
            // 003 註13 詢問費, written only when there is one (older records have none).
            if !r.fees.is_empty() {
                let f: Vec<String> = r.fees.iter().map(|(p, q)| format!("[{p},{q}]")).collect();
                let _ = write!(s, r#","fees":[{}]"#, f.join(","));
            }
            s.push('}');
            s
        }
    }
}

/// One event as `seat` sees it while the hand is played (not replayable).
pub fn to_json_seen(ev: &Event, seat: u8) -> String {
    match ev {
        Event::Deal(d) => {
            let hands: Vec<String> = d
                .hands
                .iter()
                .enumerate()
                .map(|(s, h)| {
                    if s == seat as usize {
                        quote(&codes(h))
                    } else {
                        quote(&"?".repeat(h.len()))
                    }
                })
                .collect();
            format!(
                r#"{{"type":"deal","dealer":{},"dice":[{},{},{}],"door_from_dice":{},"hands":[{}],"wall":{}}}"#,
                d.dealer,
                d.dice[0],
                d.dice[1],
                d.dice[2],
                d.door_from_dice,
                hands.join(","),
                d.live.len() + d.dead.len()
            )
        }
        Event::Draw {
            seat: s,
            piece,
            replacement,
        } if *s != seat && piece.flower().is_none() => {
            format!(r#"{{"type":"draw","seat":{s},"tile":"?","replacement":{replacement}}}"#)
        }
        Event::Act {
            seat: s,
            action: Action::Ankan(_),
        } if *s != seat => format!(r#"{{"type":"act","seat":{s},"action":"ankan ?"}}"#),
        Event::Act {
            seat: s,
            action: Action::Pass3(_),
        } if *s != seat => format!(r#"{{"type":"act","seat":{s},"action":"pass3 ?"}}"#),
        Event::Exchange {
            round,
            offset,
            given,
        } => {
            // A seat sees what it passed and what it received, nothing else.
            let giver = (seat as usize + SEATS - *offset as usize % SEATS) % SEATS;
            let g: Vec<String> = given
                .iter()
                .enumerate()
                .map(|(s, c)| {
                    if s == seat as usize || s == giver {
                        quote(&format(c, 0))
                    } else {
                        quote("???")
                    }
                })
                .collect();
            format!(
                r#"{{"type":"exchange","round":{round},"offset":{offset},"given":[{}]}}"#,
                g.join(",")
            )
        }
        other => to_json(other),
    }
}

/// The whole log, one line per event.
pub fn write_log(events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        out.push_str(&to_json(e));
        out.push('\n');
    }
    out
}

/// Reads a log written by [`write_log`] (blank lines ignored); the error names the line.
pub fn read_log(text: &str) -> Result<Vec<Event>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| from_json(l).map_err(|e| Error::hand(format!("line {}: {e}", i + 1))))
        .collect()
}

fn codes(pieces: &[Piece]) -> String {
    pieces.iter().map(|p| p.code()).collect()
}

fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

fn win_json(w: &Win) -> String {
    let (kind, from) = w.kind.key();
    let mut s = format!(r#"{{"seat":{},"kind":"{kind}""#, w.seat);
    if let Some(f) = from {
        let _ = write!(s, r#","from":{f}"#);
    }
    let tile = w.tile.map_or("null".to_owned(), |t| quote(&t.code()));
    let melds: Vec<String> = w
        .melds
        .iter()
        .map(|m| {
            let mut c = [0u8; 34];
            m.add_to(&mut c);
            format!(
                r#"{{"kind":"{}","tiles":"{}"}}"#,
                m.kind.name(),
                format(&c, 0)
            )
        })
        .collect();
    let decl = match w.declaration {
        None => "null",
        Some(Declaration::Ready) => "\"ready\"",
        Some(Declaration::Migi) => "\"migi\"",
    };
    let first = match w.first_turn {
        None => "null",
        Some(FirstTurn::Heaven) => "\"heaven\"",
        Some(FirstTurn::Earth) => "\"earth\"",
        Some(FirstTurn::Human) => "\"human\"",
    };
    let _ = write!(
        s,
        r#","tile":{tile},"concealed":"{}","melds":[{}],"flowers":"{}","replacement":{},"last_tile":{},"declaration":{decl},"first_turn":{first}}}"#,
        format(&w.concealed, 0),
        melds.join(","),
        format(&[0; 34], w.flowers),
        w.replacement,
        w.last_tile
    );
    s
}

/// A parsed JSON value (the subset the record uses: no floats).
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Num(i64),
    Str(String),
    Arr(Vec<Value>),
    Obj(Vec<(String, Value)>),
}

/// Our view of a JSON value read by `serde_json`: numbers must be integers in `i64`.
fn convert(v: serde_json::Value) -> Result<Value> {
    use serde_json::Value as J;
    Ok(match v {
        J::Null => Value::Null,
        J::Bool(b) => Value::Bool(b),
        J::Number(n) => Value::Num(
            n.as_i64()
                .ok_or_else(|| Error::hand(format!("number {n} is not a whole number in range")))?,
        ),
        J::String(s) => Value::Str(s),
        J::Array(a) => Value::Arr(a.into_iter().map(convert).collect::<Result<_>>()?),
        J::Object(m) => Value::Obj(
            m.into_iter()
                .map(|(k, v)| Ok((k, convert(v)?)))
                .collect::<Result<_>>()?,
        ),
    })
}

fn parse_value(line: &str) -> Result<Value> {
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| Error::hand(format!("bad JSON: {e}")))?;
    convert(v)
}

fn field<'v>(obj: &'v [(String, Value)], key: &str) -> Result<&'v Value> {
    obj.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .ok_or_else(|| Error::hand(format!("missing field '{key}'")))
}

fn num(obj: &[(String, Value)], key: &str, max: i64) -> Result<u8> {
    match field(obj, key)? {
        Value::Num(n) if (0..=max).contains(n) => Ok(*n as u8),
        _ => Err(Error::hand(format!(
            "field '{key}' must be a number 0–{max}"
        ))),
    }
}

fn text<'v>(obj: &'v [(String, Value)], key: &str) -> Result<&'v str> {
    match field(obj, key)? {
        Value::Str(s) => Ok(s),
        _ => Err(Error::hand(format!("field '{key}' must be a string"))),
    }
}

fn flag(obj: &[(String, Value)], key: &str) -> Result<bool> {
    match field(obj, key)? {
        Value::Bool(b) => Ok(*b),
        _ => Err(Error::hand(format!("field '{key}' must be true or false"))),
    }
}

fn action(obj: &[(String, Value)]) -> Result<Action> {
    let name = text(obj, "action")?;
    Action::parse(name).ok_or_else(|| Error::hand(format!("unknown action '{name}'")))
}

fn one_tile(s: &str) -> Result<Tile> {
    let t = notation::parse(s)?;
    match t.tile_list().as_slice() {
        [x] if t.flowers == 0 => Ok(*x),
        _ => Err(Error::hand(format!("'{s}' is not one tile"))),
    }
}

/// Reads one event written by [`to_json`].
pub fn from_json(line: &str) -> Result<Event> {
    let Value::Obj(o) = parse_value(line)? else {
        return Err(Error::hand("an event is a JSON object"));
    };
    let seat = || num(&o, "seat", SEATS as i64 - 1);
    Ok(match text(&o, "type")? {
        "seed" => {
            let seed = match field(&o, "seed")? {
                Value::Num(n) if *n >= 0 => *n as u64,
                _ => return Err(Error::hand("field 'seed' must be a number ≥ 0")),
            };
            Event::Deal(Box::new(Deal::from_seed(
                seed,
                num(&o, "dealer", 3)?,
                flag(&o, "door_from_dice")?,
            )))
        }
        "deal" => {
            let dice = match field(&o, "dice")? {
                Value::Arr(v) if v.len() == 3 => {
                    let mut d = [0u8; 3];
                    for (slot, x) in d.iter_mut().zip(v) {
                        *slot = match x {
                            Value::Num(n) if (1..=6).contains(n) => *n as u8,
                            _ => return Err(Error::hand("dice show 1–6")),
                        };
                    }
                    d
                }
                _ => return Err(Error::hand("field 'dice' must hold three dice")),
            };
            let hands = match field(&o, "hands")? {
                Value::Arr(v) if v.len() == SEATS => {
                    let mut h: [Vec<Piece>; SEATS] = Default::default();
                    for (slot, x) in h.iter_mut().zip(v) {
                        let Value::Str(s) = x else {
                            return Err(Error::hand("each hand is a string of tiles"));
                        };
                        *slot = Piece::parse_list(s)?;
                    }
                    h
                }
                _ => return Err(Error::hand("field 'hands' must hold four hands")),
            };
            Event::Deal(Box::new(Deal {
                dealer: num(&o, "dealer", 3)?,
                dice,
                door_from_dice: flag(&o, "door_from_dice")?,
                hands,
                live: Piece::parse_list(text(&o, "live")?)?,
                dead: Piece::parse_list(text(&o, "dead")?)?,
            }))
        }
        "rules" => {
            let mut v = Variant::preset(text(&o, "preset")?)?;
            let Value::Obj(ov) = field(&o, "overrides")? else {
                return Err(Error::hand("field 'overrides' must be an object"));
            };
            for (k, x) in ov {
                let setting = match x {
                    Value::Num(n) => Setting::Int(*n),
                    Value::Bool(b) => Setting::Bool(*b),
                    Value::Str(s) => Setting::Text(s.clone()),
                    _ => return Err(Error::hand(format!("override '{k}' has a bad value"))),
                };
                v.set(k, &setting)?;
            }
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
                    for (slot, x) in g.iter_mut().zip(v) {
                        let Value::Str(s) = x else {
                            return Err(Error::hand("each given set is a string of tiles"));
                        };
                        *slot = notation::parse(s)?.counts;
                    }
                    g
                }
                _ => return Err(Error::hand("field 'given' must hold four sets of tiles")),
            };
            Event::Exchange {
                round: num(&o, "round", 2)?,
                offset: num(&o, "offset", 3)?,
                given,
            }
        }
        "draw" => {
            let piece = match Piece::parse_list(text(&o, "tile")?)?.as_slice() {
                [p] => *p,
                _ => return Err(Error::hand("field 'tile' must be one tile")),
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
                return Err(Error::hand("field 'wins' must be a list"));
            };
            let wins = ws.iter().map(win_from).collect::<Result<Vec<_>>>()?;
            let false_win = match o.iter().find(|(k, _)| k == "false_win") {
                None | Some((_, Value::Null)) => None,
                Some((_, Value::Obj(f))) => Some(FalseWin {
                    seat: num(f, "seat", SEATS as i64 - 1)?,
                    tai: match field(f, "tai")? {
                        Value::Num(n) if (0..=i64::from(u32::MAX)).contains(n) => *n as u32,
                        _ => return Err(Error::hand("field 'tai' must be a number ≥ 0")),
                    },
                }),
                Some(_) => return Err(Error::hand("field 'false_win' must be an object")),
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
                        .ok_or_else(|| Error::hand(format!("unknown draw reason '{d}'")))?,
                ),
                Some(_) => return Err(Error::hand("field 'draw' must be a reason")),
            };
            Event::End(HandResult {
                dealer: num(&o, "dealer", 3)?,
                east: num(&o, "east", 3)?,
                wins,
                draw,
                false_win,
                fees: fees_from(&o)?,
            })
        }
        "break" => Event::Break(WallBreak {
            roller: num(&o, "roller", SEATS as i64 - 1)?,
            total: num(&o, "total", 18)?,
            wall: num(&o, "wall", SEATS as i64 - 1)?,
            kept: num(&o, "kept", 18)?,
        }),
        other => return Err(Error::hand(format!("unknown event type '{other}'"))),
    })
}

/// The optional `fees` of an end event: `[[payer, payee], …]` (003 註13 詢問費).
fn fees_from(o: &[(String, Value)]) -> Result<Vec<(u8, u8)>> {
    let bad = || Error::hand("field 'fees' must be a list of [payer, payee] seat pairs");
    let Some((_, v)) = o.iter().find(|(k, _)| k == "fees") else {
        return Ok(Vec::new());
    };
    let Value::Arr(fs) = v else {
        return Err(bad());
    };
    let seat = |v: &Value| match v {
        Value::Num(n) if (0..SEATS as i64).contains(n) => Ok(*n as u8),
        _ => Err(bad()),
    };
    fs.iter()
        .map(|f| match f {
            Value::Arr(pq) if pq.len() == 2 => Ok((seat(&pq[0])?, seat(&pq[1])?)),
            _ => Err(bad()),
        })
        .collect()
}

fn win_from(v: &Value) -> Result<Win> {
    let Value::Obj(o) = v else {
        return Err(Error::hand("a win is a JSON object"));
    };
    let from = || num(o, "from", 3);
    let kind = match text(o, "kind")? {
        "self_draw" => WinKind::SelfDraw,
        "discard" => WinKind::Discard { from: from()? },
        "robbing_kong" => WinKind::RobbingKong { from: from()? },
        "eight_flowers" => WinKind::EightFlowers,
        "seven_rob_one" => WinKind::SevenRobOne { from: from()? },
        "after_robbing_flower" => WinKind::AfterRobbingFlower { from: from()? },
        k => return Err(Error::hand(format!("unknown win kind '{k}'"))),
    };
    let tile = match field(o, "tile")? {
        Value::Null => None,
        Value::Str(s) => Some(one_tile(s)?),
        _ => return Err(Error::hand("field 'tile' must be a tile or null")),
    };
    let Value::Arr(ms) = field(o, "melds")? else {
        return Err(Error::hand("field 'melds' must be a list"));
    };
    let mut melds = Vec::with_capacity(ms.len());
    for (i, m) in ms.iter().enumerate() {
        let Value::Obj(mo) = m else {
            return Err(Error::hand("a meld is a JSON object"));
        };
        melds.push(Meld::parse(text(mo, "kind")?, text(mo, "tiles")?, i)?);
    }
    let declaration = match field(o, "declaration")? {
        Value::Null => None,
        Value::Str(s) if s == "ready" => Some(Declaration::Ready),
        Value::Str(s) if s == "migi" => Some(Declaration::Migi),
        _ => {
            return Err(Error::hand(
                "field 'declaration' must be ready, migi or null",
            ))
        }
    };
    let first_turn = match field(o, "first_turn")? {
        Value::Null => None,
        Value::Str(s) if s == "heaven" => Some(FirstTurn::Heaven),
        Value::Str(s) if s == "earth" => Some(FirstTurn::Earth),
        Value::Str(s) if s == "human" => Some(FirstTurn::Human),
        _ => {
            return Err(Error::hand(
                "field 'first_turn' must be heaven, earth, human or null",
            ))
        }
    };
    Ok(Win {
        seat: num(o, "seat", 3)?,
        kind,
        tile,
        concealed: notation::parse(text(o, "concealed")?)?.counts,
        melds,
        flowers: notation::parse(text(o, "flowers")?)?.flowers,
        replacement: flag(o, "replacement")?,
        last_tile: flag(o, "last_tile")?,
        declaration,
        first_turn,
    })
}
