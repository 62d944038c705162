//! The context of a win: who won, how, from whom, and what the table knew (seats, winds,
//! 連莊, declarations, dice, discards). The items read it; the scorer validates it.

use crate::error::{Code, Error, Result};
use crate::notation;
use crate::rules::{setting, Item, Kind, Variant};
use crate::tile::{Tile, COPIES};
use crate::vocab::{die_error, seat_error, Int, DIE_FACES, SEATS, WINDS};
pub use crate::vocab::{Declaration, Replacement, Seat, Seats, WinKind};

/// A wind: 東 南 西 北 (seat winds 門風 and round winds 圈風).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wind {
    East = 0,
    South = 1,
    West = 2,
    North = 3,
}

impl Wind {
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind tile, `1z`–`4z`.
    pub fn tile(self) -> Tile {
        Tile::wind(self as usize)
    }

    /// Its key, `E` `S` `W` `N` ([`WINDS`]).
    pub const fn key(self) -> &'static str {
        WINDS[self as usize].key
    }

    /// `E`, `S`, `W`, `N` or 東南西北.
    pub fn parse(s: &str) -> Option<Wind> {
        match s {
            "E" | "東" => Some(Wind::East),
            "S" | "南" => Some(Wind::South),
            "W" | "西" => Some(Wind::West),
            "N" | "北" => Some(Wind::North),
            _ => None,
        }
    }
}

/// Everything about a win besides the tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    pub winner: Seat,
    pub dealer: Seat,
    /// 連莊 count N of the dealer (莊家台 = 1 + 2N).
    pub streak: u8,
    /// The winner's 門風.
    pub seat_wind: Wind,
    pub round_wind: Wind,
    pub win: WinKind,
    /// The winning tile is the last drawable tile of the wall (海底).
    pub last_tile: bool,
    pub declared: Declaration,
    /// Nobody has called or kong'd yet (暗槓 and 加槓 included) and the winner has neither
    /// discarded nor kong'd: the state 天胡, 地胡 and 人胡 require.
    pub first_turn: bool,
    /// The winning tile is among the hand's first eight discards and nobody has called (吃,
    /// 碰, 槓) before it (003 改良式 人胡: 在各家未吃碰下八張牌內有人放槍): with a declared 天聽,
    /// the state improved16's 人胡 requires.
    pub first_eight: bool,
    /// Flowers the winner holds, bit i = flower i (0 春 … 7 竹).
    pub flowers: u8,
    /// The opening dice (american 骰規台).
    pub dice: Option<[u8; 3]>,
    /// Tiles the winner has discarded before this win (hk16 七隻內); `None` when not known.
    pub discards: Option<u8>,
    /// Copies of the winning tile's kind already shown on the table, the winning tile itself
    /// not counted (003 fan list 胡絕張: 牌池，桌面已亮明的三張牌): the discards lying in the
    /// rivers and the tiles of every player's 吃, 碰, 明槓 and 加槓, the winner's own included.
    /// A claimed discard is counted once, in the meld that took it; an 暗槓 lies face down and
    /// is not shown. `None` when not known: 胡絕張 then reads the winner's own open melds only.
    pub shown: Option<u8>,
}

/// A context as a caller states it (the binding's keyword arguments): integers as given, the
/// winds, the win kind and the declaration by key, the flowers in notation. `None` (or false)
/// is the default: [`Context::new`]'s seat 0 dealing and winning by self-draw, 東 round and
/// door, nothing declared. [`ContextArgs::read`] checks every range and names the field
/// (`context.from_seat`); what needs the variant (seats of 004, `streak_cap`) is checked when
/// the win is scored.
#[derive(Debug, Clone, Default)]
pub struct ContextArgs<'a> {
    pub winner: Option<Int>,
    pub dealer: Option<Int>,
    pub streak: Option<Int>,
    pub seat_wind: Option<&'a str>,
    pub round_wind: Option<&'a str>,
    pub win: Option<&'a str>,
    pub from_seat: Option<Int>,
    pub last_tile: bool,
    pub declared: Option<&'a str>,
    pub first_turn: bool,
    pub flowers: Option<&'a str>,
    pub dice: Option<[Int; 3]>,
    pub discards: Option<Int>,
    pub shown: Option<Int>,
    pub first_eight: bool,
}

/// The largest `streak_cap` the settings registry allows (000 連莊): no variant scores a
/// longer streak, so no context holds one.
fn streak_limit() -> u8 {
    match setting("streak_cap").map(|s| s.kind) {
        Some(Kind::Int { max, .. }) => u8::try_from(max).unwrap_or(u8::MAX),
        _ => u8::MAX,
    }
}

fn wind_at(field: &str, given: Option<&str>) -> Result<Wind> {
    let Some(text) = given else {
        return Ok(Wind::East);
    };
    Wind::parse(text).ok_or_else(|| {
        let keys: Vec<&str> = WINDS.iter().map(|w| w.key).collect();
        let names: String = WINDS.iter().map(|w| w.name).collect();
        Error::context(
            field,
            format!("'{text}' is not a wind ({} or {names})", keys.join(", ")),
        )
        .coded(Code::NotAWind, &[("value", &text)])
    })
}

impl ContextArgs<'_> {
    /// The context these arguments state, each range checked here: seats 0 to 3, 連莊 up to
    /// the largest `streak_cap`, die faces 1 to 6, copies shown 0 to 3 besides the winning
    /// tile (003 胡絕張), the flowers nothing but flowers.
    pub fn read(&self) -> Result<Context> {
        let seat =
            |field: &str, s: &Option<Int>| s.as_ref().map_or(Ok(0), |s| s.seat(field, SEATS));
        let from_seat = self
            .from_seat
            .as_ref()
            .map(|f| f.seat("context.from_seat", SEATS))
            .transpose()?;
        let cap = streak_limit();
        let streak = self.streak.as_ref().map_or(Ok(0), |n| {
            n.at_most("context.streak", cap, |n| {
                format!("連莊 {n} is out of range (0 to {cap}, the largest streak_cap)")
            })
            .map_err(|e| e.coded(Code::StreakOverCap, &[("streak", n), ("cap", &cap)]))
        })?;
        let flowers = match self.flowers {
            None => 0,
            Some(text) => {
                let parsed = notation::parse(text).map_err(|e| e.at("context.flowers"))?;
                if parsed.counts.iter().any(|&c| c > 0) {
                    return Err(Error::context(
                        "context.flowers",
                        format!("'{text}' holds tiles that are not flowers"),
                    )
                    .coded(Code::NotAFlower, &[("text", &text)]));
                }
                parsed.flowers
            }
        };
        let shown_max = COPIES - 1;
        Ok(Context {
            winner: seat("context.winner", &self.winner)?,
            dealer: seat("context.dealer", &self.dealer)?,
            streak,
            seat_wind: wind_at("context.seat_wind", self.seat_wind)?,
            round_wind: wind_at("context.round_wind", self.round_wind)?,
            win: WinKind::parse(self.win.unwrap_or(WinKind::SelfDraw.key()), from_seat)?,
            last_tile: self.last_tile,
            declared: Declaration::parse(self.declared.unwrap_or("none"), "context.declared")?,
            first_turn: self.first_turn,
            first_eight: self.first_eight,
            flowers,
            dice: self
                .dice
                .as_ref()
                .map(|d| Int::dice("context.dice", d))
                .transpose()?,
            discards: self
                .discards
                .as_ref()
                .map(|n| {
                    n.at_most("context.discards", u8::MAX, |n| {
                        format!("{n} discards is out of range (0 to {})", u8::MAX)
                    })
                })
                .transpose()?,
            // 003 fan list 胡絕張: copies of the winning tile's kind shown on the table.
            shown: self
                .shown
                .as_ref()
                .map(|n| {
                    n.at_most("context.shown", shown_max, |n| {
                        format!(
                            "{n} copies shown is out of range (0 to {shown_max} besides the \
                             winning tile)"
                        )
                    })
                })
                .transpose()?,
        })
    }
}

impl Context {
    /// A plain context: seat 0 is dealer and 東, round 東, no streak, nothing declared.
    pub fn new(winner: Seat, win: WinKind) -> Context {
        Context {
            winner,
            dealer: 0,
            streak: 0,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            win,
            last_tile: false,
            declared: Declaration::None,
            first_turn: false,
            first_eight: false,
            flowers: 0,
            dice: None,
            discards: None,
            shown: None,
        }
    }

    /// The seats that pay this win.
    pub fn payers(&self) -> Seats {
        self.win
            .from_seat()
            .map_or_else(|| Seats::others(self.winner), Seats::one)
    }

    pub(crate) fn validate(&self, variant: &Variant) -> Result<()> {
        // 004 兩人麻將、三人麻將規則: only seats `0..players` are seated.
        let n = variant.seats();
        let seat = |field: &'static str, s: Seat| {
            if s < n {
                Ok(())
            } else {
                Err(seat_error(field, s, n))
            }
        };
        seat("context.winner", self.winner)?;
        seat("context.dealer", self.dealer)?;
        if let Some(from) = self.win.from_seat() {
            seat("context.from_seat", from)?;
            if from == self.winner {
                return Err(Error::context(
                    "context.from_seat",
                    format!("the paying seat {from} is the winner's own seat"),
                )
                .coded(Code::PayerIsWinner, &[("seat", &from)]));
            }
        }
        variant.check_streak("context.streak", self.streak)?;
        if let Some(d) = self.dice {
            if let Some(f) = d.iter().find(|&&f| !(1..=DIE_FACES).contains(&f)) {
                return Err(die_error("context.dice", f));
            }
        }
        if self.first_turn && matches!(self.win, WinKind::RobbingKong { .. }) {
            return Err(conflict(
                "context.first_turn",
                "a robbed 加槓 means someone kong'd, so it cannot be the first turn",
                ["第一巡", "搶槓", "搶加槓表示有人槓過了"],
            ));
        }
        self.validate_table(variant)?;
        self.validate_moment()?;
        self.validate_declarer(variant)
    }

    /// A declaration belongs to the seat its text names (rules README), as the game lets only
    /// that seat make it: 天聽 is the dealer's where `heaven_ready_dealer` (001 天聽: 在莊家取完牌後
    /// ，打出第一張牌時即聽牌; 003 hk16 天聽: 莊家配牌，打第一隻後就叫胡), 地聽 a 閒家's where
    /// `migi_first_discard` (003 hk16 地聽: 閒家配牌後立即聽牌).
    fn validate_declarer(&self, variant: &Variant) -> Result<()> {
        let dealer = self.winner == self.dealer;
        let (item, seat, setting, text) = match self.declared {
            Declaration::HeavenReady if !dealer && variant.scoring.heaven_ready_dealer => (
                Item::HeavenReady,
                "a 閒家",
                "heaven_ready_dealer",
                "天聽 is the dealer's declaration, made with its first discard",
            ),
            Declaration::Migi if dealer && variant.flow.migi_first_discard => (
                Item::Migi,
                "the dealer",
                "migi_first_discard",
                "地聽 is a 閒家's declaration, made with its own first discard",
            ),
            _ => return Ok(()),
        };
        let who = if dealer { "閒家" } else { "莊家" };
        Err(Error::context(
            "context.declared",
            format!(
                "{} ({}) by {seat} (winner {}, dealer {}) cannot happen under {}: {text} ({setting})",
                self.declared.key(),
                variant.name_of(item),
                self.winner,
                self.dealer,
                variant.preset
            ),
        )
        .coded(
            Code::WrongDeclarer,
            &[
                ("decl", &variant.name_of(item)),
                ("who", &who),
                ("setting", &setting),
                ("winner", &self.winner),
            ],
        ))
    }

    /// The preset's own switches bind the context (004 兩人麻將、三人麻將規則): three players
    /// leave the 北 seat empty (空出北風位), so nobody sits 北 and no round is 北; a table played
    /// without flowers has none to score.
    fn validate_table(&self, variant: &Variant) -> Result<()> {
        if variant.players == 3 {
            let empty = |field: &'static str, what: &str, zh: &str| {
                Error::context(
                    field,
                    format!(
                        "{what} is 北, but {} seats three players and leaves the 北 seat empty \
                         (004 三人麻將: 空出北風位)",
                        variant.preset
                    ),
                )
                .coded(Code::NorthSeatEmpty, &[("what", &zh)])
            };
            if self.seat_wind == Wind::North {
                return Err(empty("context.seat_wind", "the winner's 門風", "門風"));
            }
            if self.round_wind == Wind::North {
                return Err(empty("context.round_wind", "the 圈風", "圈風"));
            }
        }
        if !variant.flowers && self.flowers != 0 {
            return Err(Error::context(
                "context.flowers",
                format!(
                    "{} plays without flowers (flowers = false; 004 兩人麻將 花牌看桌), but the \
                     winner holds {}",
                    variant.preset,
                    self.flowers.count_ones()
                ),
            )
            .coded(
                Code::NoFlowersPlayed,
                &[
                    ("preset", &variant.preset),
                    ("n", &self.flowers.count_ones()),
                ],
            ));
        }
        Ok(())
    }

    /// Contexts no hand can reach, by the texts' definitions of the moments they name.
    fn validate_moment(&self) -> Result<()> {
        let discard = matches!(self.win, WinKind::Discard { .. });
        if self.first_turn {
            // first_turn: the winner has not discarded, nobody has called or kong'd.
            if self.declared != Declaration::None {
                return Err(conflict(
                    "context.declared",
                    format!(
                        "a declaration ({}) is made with a discard, but first_turn says the \
                         winner has not discarded yet",
                        self.declared.key()
                    ),
                    ["宣告", "第一巡", "宣告要在打牌時，第一巡胡牌的人還沒打過牌"],
                ));
            }
            if self.winner == self.dealer && discard {
                return Err(conflict(
                    "context.first_turn",
                    "the dealer discards first: it cannot win on a discard before its own \
                     first discard",
                    ["第一巡", "莊家放槍胡", "莊家先打牌，第一巡不能胡別人打的牌"],
                ));
            }
            if matches!(
                self.win,
                WinKind::Replacement(Replacement::Ankan | Replacement::Kakan)
            ) {
                return Err(conflict(
                    "context.first_turn",
                    "a replacement after a kong means someone kong'd, so it cannot be the first \
                     turn",
                    ["第一巡", "槓上開花", "槓後補牌表示有人槓過了"],
                ));
            }
            if let Some(n) = self.discards.filter(|&n| n > 0) {
                return Err(conflict(
                    "context.discards",
                    format!("{n} discards, but first_turn says the winner has not discarded"),
                    ["打過的牌數", "第一巡", "第一巡胡牌的人還沒打過牌"],
                ));
            }
        }
        if self.last_tile && matches!(self.win, WinKind::RobbingKong { .. }) {
            return Err(conflict(
                "context.last_tile",
                "a robbed 加槓 is no tile of the wall nor its last discard (搶槓 is never 海底 \
                 or 河底)",
                ["海底", "搶槓", "搶槓的牌不是牌牆的最後一張"],
            ));
        }
        if self.win == WinKind::Replacement(Replacement::Flower) && self.flowers == 0 {
            return Err(conflict(
                "context.win",
                "a win on a flower's replacement, but the winner holds no flower",
                ["花上自摸", "沒有花", "補花要先有花"],
            ));
        }
        if self.first_eight && self.last_tile {
            return Err(conflict(
                "context.last_tile",
                "the wall's last discard cannot be one of the hand's first eight",
                ["河底", "前八張", "最後一張打出的牌不會是前八張"],
            ));
        }
        if self.first_eight && !discard {
            return Err(conflict(
                "context.first_eight",
                format!(
                    "first_eight says the winning tile is one of the first eight discards, but \
                     the win is {}",
                    self.win.key()
                ),
                ["前八張", "不是放槍", "前八張指的是別人打出的牌"],
            ));
        }
        Ok(())
    }
}

/// A context error at `field` for two facts no hand reaches together: `[what, other, why]` in
/// Chinese name them and say why (code `moments_conflict`).
pub(crate) fn conflict(field: &str, message: impl Into<String>, zh: [&str; 3]) -> Error {
    let [what, other, why] = zh;
    Error::context(field, message).coded(
        Code::MomentsConflict,
        &[("what", &what), ("other", &other), ("why", &why)],
    )
}
