//! The shared vocabulary: how a win came about and what was declared, each term with its stable
//! key (records, answers, Python, HTTP) and its name in the rule texts, defined once.
//!
//! This floor sits under scoring and game: both read the one [`WinKind`] and [`Declaration`].
//! The other terms (wait shapes, meld kinds, actions, presets, error codes) keep their lists
//! where they are defined and are collected with these by the binding.

use crate::error::{Code, Error, Result};

/// A seat at the table, 0–3; seat `s + 1` (mod 4) is the 下家 of `s` (turn order).
pub type Seat = u8;

/// The seats that pay one win, in turn order from the winner: the other three, or the one
/// that discarded (or was robbed). Held inline, so a score allocates nothing for them; reads
/// as a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seats {
    seats: [Seat; 3],
    len: u8,
}

impl Seats {
    /// One seat.
    pub const fn one(s: Seat) -> Seats {
        Seats {
            seats: [s; 3],
            len: 1,
        }
    }

    /// The three seats other than `s`, from its 下家 on.
    pub const fn others(s: Seat) -> Seats {
        Seats {
            seats: [(s + 1) % 4, (s + 2) % 4, (s + 3) % 4],
            len: 3,
        }
    }

    /// Keeps the seats for which `keep` holds, in order.
    pub fn retain(&mut self, keep: impl Fn(Seat) -> bool) {
        let mut n = 0;
        for i in 0..usize::from(self.len) {
            let s = self.seats[i];
            if keep(s) {
                self.seats[n] = s;
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

impl std::ops::Deref for Seats {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Seats {
    type Item = &'a Seat;
    type IntoIter = std::slice::Iter<'a, Seat>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq<[Seat]> for Seats {
    fn eq(&self, other: &[Seat]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[Seat; N]> for Seats {
    fn eq(&self, other: &[Seat; N]) -> bool {
        **self == other[..]
    }
}

impl PartialEq<Vec<Seat>> for Seats {
    fn eq(&self, other: &Vec<Seat>) -> bool {
        **self == other[..]
    }
}

/// One term: its stable key and its name as the rule texts write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Term {
    pub key: &'static str,
    pub name: &'static str,
}

/// A meld kind with the tiles it lays down (3 for 吃 and 碰, 4 for a kong).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct MeldTerm {
    pub key: &'static str,
    pub name: &'static str,
    pub tiles: usize,
}

/// One fixed number of the table (a count every layer bounds its inputs by), with its key,
/// its name and the rule it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Limit {
    pub key: &'static str,
    pub name: &'static str,
    pub value: u32,
    pub doc: &'static str,
}

/// Seats at the table (the 4 winds 東南西北 are as many); seat `s + 1 (mod 4)` is the 下家 of
/// `s`. 004's three- and two-player tables seat `0..players` of them.
pub const SEATS: u8 = 4;

/// Faces of a die (the opening dice: 骰規台, 換三張's direction, the wall's break).
pub const DIE_FACES: u8 = 6;

/// An integer as a caller gave it (a seat, a seed, a die, a count): exact up to 128 bits, else
/// only its decimal text. The core checks its range and names it as given in the error, so a
/// caller in another language never needs a range of its own (nor an overflow error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Int {
    value: i128,
    /// The decimal text of an integer beyond 128 bits (then `value` is unused).
    wide: Option<String>,
}

impl Int {
    /// An integer beyond 128 bits, known by its text.
    pub fn wide(text: impl Into<String>) -> Int {
        Int {
            value: 0,
            wide: Some(text.into()),
        }
    }

    /// The value as `T` when it fits.
    pub fn to<T: TryFrom<i128>>(&self) -> Option<T> {
        if self.wide.is_some() {
            return None;
        }
        T::try_from(self.value).ok()
    }

    /// The value as `T` when it lies in `0..=max`; else a context error at `field` whose
    /// message `what` writes from the value as given.
    pub fn at_most<T: TryFrom<i128> + Into<i128> + Copy>(
        &self,
        field: &str,
        max: T,
        what: impl FnOnce(&Int) -> String,
    ) -> Result<T> {
        self.to::<T>()
            .filter(|&v| (0..=max.into()).contains(&v.into()))
            .ok_or_else(|| {
                Error::context(field, what(self)).coded(
                    Code::OutOfRange,
                    &[("field", &field), ("value", self), ("max", &max.into())],
                )
            })
    }

    /// A seat of a table of `seats` (at most [`SEATS`]) at `field`.
    pub fn seat(&self, field: &str, seats: u8) -> Result<Seat> {
        let seats = seats.min(SEATS);
        self.at_most(field, seats.saturating_sub(1), |n| seat_text(n, seats))
            .map_err(|_| seat_error(field, self, seats))
    }

    /// A seed: any 64-bit unsigned integer.
    pub fn seed(&self) -> Result<u64> {
        self.at_most("seed", u64::MAX, |n| {
            format!("seed {n} is out of range (0 to 2**64 - 1)")
        })
    }

    /// The face of a die at `field`: 1 to [`DIE_FACES`].
    pub fn die(&self, field: &str) -> Result<u8> {
        self.to::<u8>()
            .filter(|f| (1..=DIE_FACES).contains(f))
            .ok_or_else(|| die_error(field, self))
    }

    /// A count at `field` (hands to play, tables): 0 to `u32::MAX`.
    pub fn count(&self, field: &str) -> Result<u32> {
        self.at_most(field, u32::MAX, |n| {
            format!("{field} {n} is out of range (0 to {})", u32::MAX)
        })
    }

    /// A number of tai at `field`: 0 to `u32::MAX`.
    pub fn tai(&self, field: &str) -> Result<u32> {
        self.at_most(field, u32::MAX, |n| {
            format!("{n} tai is out of range (0 to {})", u32::MAX)
        })
    }

    /// Three dice at `field`.
    pub fn dice(field: &str, dice: &[Int; 3]) -> Result<[u8; 3]> {
        Ok([
            dice[0].die(field)?,
            dice[1].die(field)?,
            dice[2].die(field)?,
        ])
    }
}

impl From<i128> for Int {
    fn from(value: i128) -> Int {
        Int { value, wide: None }
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.wide {
            Some(text) => f.write_str(text),
            None => write!(f, "{}", self.value),
        }
    }
}

/// "seat 7 does not exist (seats are 0 to 3)", the one wording of a bad seat; `seats` below
/// [`SEATS`] (004) adds how many players sit.
pub fn seat_text(seat: impl std::fmt::Display, seats: u8) -> String {
    let last = seats.saturating_sub(1);
    if seats < SEATS {
        format!("seat {seat} does not exist (seats are 0 to {last}; {seats} players)")
    } else {
        format!("seat {seat} does not exist (seats are 0 to {last})")
    }
}

/// The context error at `field` for a seat a table of `seats` does not have.
pub fn seat_error(field: &str, seat: impl std::fmt::Display, seats: u8) -> Error {
    let last = seats.saturating_sub(1);
    Error::context(field, seat_text(&seat, seats))
        .coded(Code::SeatOutOfRange, &[("seat", &seat), ("last", &last)])
}

/// The context error at `field` for a die showing `face` (faces are 1 to [`DIE_FACES`]).
pub fn die_error(field: &str, face: impl std::fmt::Display) -> Error {
    Error::context(field, die_text(&face)).coded(
        Code::DieOutOfRange,
        &[("face", &face), ("faces", &DIE_FACES)],
    )
}

/// "a die shows 7; faces are 1 to 6".
pub fn die_text(face: impl std::fmt::Display) -> String {
    format!("a die shows {face}; faces are 1 to {DIE_FACES}")
}

/// What the replacement draw followed (明槓 replacements cannot win, 000 槓).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Replacement {
    Flower,
    Ankan,
    Kakan,
}

impl Replacement {
    pub const fn name(self) -> &'static str {
        match self {
            Replacement::Flower => "a flower",
            Replacement::Ankan => "an 暗槓",
            Replacement::Kakan => "a 加槓",
        }
    }
}

/// How a win came about; it decides who pays (000 計分) and several tai items.
///
/// The game records the kinds of its wins (a replacement self-draw as `SelfDraw` with its
/// `replacement` flag); a scoring context takes every kind (the flower wins and 四槓胡 are
/// scored by their own functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// 自摸: the winner drew the tile (the other three pay).
    SelfDraw,
    /// 槓上開花: the replacement after a flower, an 暗槓 or a 加槓 (the other three pay).
    Replacement(Replacement),
    /// 胡 on a discard of `from` (放槍: `from` pays).
    Discard { from: Seat },
    /// 搶槓: the tile of `from`'s 加槓 (`from` pays).
    RobbingKong { from: Seat },
    /// 八仙過海: all eight flowers (the other three pay).
    EightFlowers,
    /// 七搶一: the eighth flower taken from `from` (`from` pays).
    SevenRobOne { from: Seat },
    /// The regular win on the replacement tile drawn after 七搶一 case 2 (the robbed player
    /// shows the 8th flower): paid by `from` alone, without 自摸, with 槓上開花 (000 花牌與花胡).
    AfterRobbingFlower { from: Seat },
    /// 四槓胡 (001 特殊胡牌, with `four_kongs_win`): the winner's own fourth kong ended the hand;
    /// a self-draw (the other seats pay), the hand not complete.
    FourKongs,
}

/// One win kind in the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct WinTerm {
    pub key: &'static str,
    pub name: &'static str,
    /// One seat pays, named by `from_seat` (the discarder, the robbed player).
    pub from_seat: bool,
    /// A win `twmj.score` and `/v1/score` take: every win on a tile, and 四槓胡 (scored on the
    /// four kongs, [`crate::scoring::score`]); the flower wins are scored by their own call.
    pub regular: bool,
}

const fn win(key: &'static str, name: &'static str, from_seat: bool, regular: bool) -> WinTerm {
    WinTerm {
        key,
        name,
        from_seat,
        regular,
    }
}

/// One row per win kind, the one place a kind is written: the kind (as a pattern, and as a
/// value with `from` its paying seat where one seat pays), its key, its Chinese name, whether
/// one seat pays (`from_seat`) and whether it is a regular win ([`WinTerm::regular`]). The
/// row's place is [`WinKind::index`]; [`WIN_KINDS`], `index`, [`WinKind::from_seat`] and
/// [`WinKind::parse`] are all read from it, so a new kind is one row (and its variant).
macro_rules! win_kinds {
    ($from:ident; $([$($kind:tt)+] $key:literal, $name:literal, $one:literal, $regular:literal;)+) => {
        /// The win kinds, in the order of [`WinKind::index`].
        pub const WIN_KINDS: [WinTerm; [$($key),+].len()] = [$(win($key, $name, $one, $regular)),+];

        impl WinKind {
            /// The kind's place in [`WIN_KINDS`].
            #[allow(unused_variables)] // the rows that carry a seat bind it
            pub const fn index(self) -> usize {
                let mut i = 0;
                $(
                    if matches!(self, $($kind)+) {
                        return i;
                    }
                    i += 1;
                )+
                i
            }

            /// The one paying seat, when one seat pays (the `from_seat` of the key).
            pub const fn from_seat(self) -> Option<Seat> {
                // Read only on the rows whose pattern binds (and so shadows) it.
                let $from: Seat = 0;
                match self {
                    $($($kind)+ => if $one { Some($from) } else { None },)+
                }
            }

            /// The kind of row `row` of [`WIN_KINDS`], its paying seat asked of `seat` where
            /// one seat pays.
            #[allow(unused_assignments)] // the last row's count is not read
            fn of_row(row: usize, seat: impl Fn() -> Result<Seat>) -> Option<Result<WinKind>> {
                let mut i = 0;
                $(
                    if i == row {
                        #[allow(unused_variables)] // read by the rows that carry a seat
                        let $from: Seat = if $one {
                            match seat() {
                                Ok(s) => s,
                                Err(e) => return Some(Err(e)),
                            }
                        } else {
                            0
                        };
                        return Some(Ok($($kind)+));
                    }
                    i += 1;
                )+
                None
            }
        }
    };
}

win_kinds! {
    from;
    [WinKind::SelfDraw] "self_draw", "自摸", false, true;
    [WinKind::Replacement(Replacement::Flower)] "after_flower", "槓上開花（補花）", false, true;
    [WinKind::Replacement(Replacement::Ankan)] "after_ankan", "槓上開花（暗槓）", false, true;
    [WinKind::Replacement(Replacement::Kakan)] "after_kakan", "槓上開花（加槓）", false, true;
    [WinKind::Discard { from }] "discard", "放槍", true, true;
    [WinKind::RobbingKong { from }] "robbing_kong", "搶槓", true, true;
    [WinKind::EightFlowers] "eight_flowers", "八仙過海", false, false;
    [WinKind::SevenRobOne { from }] "seven_rob_one", "七搶一", true, false;
    [WinKind::AfterRobbingFlower { from }] "after_robbing_flower", "七搶一後補牌胡", true, true;
    [WinKind::FourKongs] "four_kongs", "四槓胡", false, true;
}

/// Keys read as another kind's key: records and calls written before the vocabulary was one
/// (`/v1/score` said `flower_rob_draw` where records said `after_robbing_flower`).
const WIN_ALIASES: [(&str, &str); 1] = [("flower_rob_draw", "after_robbing_flower")];

impl WinKind {
    /// The kind's term: key, Chinese name, whether one seat pays.
    pub const fn term(self) -> WinTerm {
        WIN_KINDS[self.index()]
    }

    /// The kind's key in records, answers and calls.
    pub const fn key(self) -> &'static str {
        self.term().key
    }

    /// The other three pay (自摸 and what counts as one: 槓上開花, 八仙過海, 四槓胡).
    pub const fn is_self_draw(self) -> bool {
        self.from_seat().is_none()
    }

    /// The kind of `key`, of its name in the rule texts (`自摸`, `放槍`, `搶槓`: what the CLI,
    /// the service and the page's labels say) or of an alias, with its paying seat `from_seat`
    /// where one seat pays. Errors name `context.win` or `context.from_seat`.
    pub fn parse(key: &str, from_seat: Option<Seat>) -> Result<WinKind> {
        let key = WIN_ALIASES
            .iter()
            .find(|(alias, _)| *alias == key)
            .map_or(key, |(_, k)| k);
        let Some(i) = WIN_KINDS.iter().position(|t| t.key == key || t.name == key) else {
            let keys: Vec<&str> = WIN_KINDS.iter().map(|t| t.key).collect();
            return Err(Error::context(
                "context.win",
                format!("unknown win '{key}' (expected {})", keys.join(", ")),
            )
            .coded(Code::UnknownWinKind, &[("key", &key)]));
        };
        let key = WIN_KINDS[i].key;
        let seat = || {
            from_seat.ok_or_else(|| {
                Error::context("context.from_seat", format!("a {key} win needs from_seat"))
                    .coded(Code::MissingFromSeat, &[("win", &WIN_KINDS[i].name)])
            })
        };
        // `i` is a row of WIN_KINDS, which `of_row` reads from the same rows.
        WinKind::of_row(i, seat).unwrap_or(Ok(WinKind::SelfDraw))
    }
}

/// A ready declaration (000 嗆聽與 MIGI; 001 地聽, 天聽).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Declaration {
    #[default]
    None,
    /// 嗆聽.
    Ready,
    /// MIGI (within the first 8 discards, nobody having called); 001's 地聽.
    Migi,
    /// 天聽 (001): ready and declared at one's first discard.
    HeavenReady,
}

/// The declarations, in the order of the enum (`none` first).
pub const DECLARATIONS: [Term; 4] = [
    Term {
        key: "none",
        name: "無",
    },
    Term {
        key: "ready",
        name: "嗆聽",
    },
    Term {
        key: "migi",
        name: "MIGI",
    },
    Term {
        key: "heaven_ready",
        name: "天聽",
    },
];

impl Declaration {
    const ALL: [Declaration; 4] = [
        Declaration::None,
        Declaration::Ready,
        Declaration::Migi,
        Declaration::HeavenReady,
    ];

    pub const fn key(self) -> &'static str {
        DECLARATIONS[self as usize].key
    }

    /// The declarer may not let a winning tile go (000 MIGI 一定要胡; 001 地聽, 天聽: 喊出聽牌後
    /// 不得換牌或過水; 003 天聽（不可換牌、過水）): MIGI (地聽) and 天聽. 嗆聽 may pass.
    pub const fn must_win(self) -> bool {
        matches!(self, Declaration::Migi | Declaration::HeavenReady)
    }

    /// The declaration of `key` or of its name (`嗆聽`, `MIGI`, `天聽`); errors name `field`.
    pub fn parse(key: &str, field: &str) -> Result<Declaration> {
        DECLARATIONS
            .iter()
            .position(|t| t.key == key || t.name == key)
            .map(|i| Declaration::ALL[i])
            .ok_or_else(|| {
                let keys: Vec<&str> = DECLARATIONS.iter().map(|t| t.key).collect();
                Error::context(
                    field,
                    format!("unknown declaration '{key}' (expected {})", keys.join(", ")),
                )
                .coded(Code::UnknownDeclaration, &[("key", &key)])
            })
    }
}

/// The winds a context names (門風, 圈風), by the letters the API takes; 東南西北 are the honours
/// 1z–4z.
pub const WINDS: [Term; 4] = [
    Term {
        key: "E",
        name: "東",
    },
    Term {
        key: "S",
        name: "南",
    },
    Term {
        key: "W",
        name: "西",
    },
    Term {
        key: "N",
        name: "北",
    },
];

/// The presets with their names (the rule text each follows); [`crate::rules::PRESETS`]
/// lists the same keys in the same order (a test holds them together).
pub const PRESETS: [Term; 7] = [
    Term {
        key: "taiwan",
        name: "台灣 16 張（鬥雀）",
    },
    Term {
        key: "american",
        name: "美國麻將",
    },
    Term {
        key: "traditional",
        name: "臺灣麻將（傳統）",
    },
    Term {
        key: "improved16",
        name: "改良式十六張（含瀝咕瀝咕、十三么）",
    },
    Term {
        key: "hk16",
        name: "港澳十六張（番；含瀝姑瀝姑、十三么）",
    },
    Term {
        key: "three_player",
        name: "三人麻將（無二至八萬）",
    },
    Term {
        key: "two_player",
        name: "兩人麻將（萬子＋字牌）",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_parses_back_from_its_key() {
        let kinds = [
            WinKind::SelfDraw,
            WinKind::Replacement(Replacement::Flower),
            WinKind::Replacement(Replacement::Ankan),
            WinKind::Replacement(Replacement::Kakan),
            WinKind::Discard { from: 2 },
            WinKind::RobbingKong { from: 2 },
            WinKind::EightFlowers,
            WinKind::SevenRobOne { from: 2 },
            WinKind::AfterRobbingFlower { from: 2 },
            WinKind::FourKongs,
        ];
        assert_eq!(WIN_KINDS.len(), kinds.len());
        for (i, k) in kinds.into_iter().enumerate() {
            assert_eq!(k.index(), i);
            assert_eq!(k.term().from_seat, k.from_seat().is_some(), "{}", k.key());
            // The seat a kind carries is the one read back (a row flagged `one seat pays`
            // whose pattern binds no seat would answer seat 0).
            let carried = matches!(
                k,
                WinKind::Discard { .. }
                    | WinKind::RobbingKong { .. }
                    | WinKind::SevenRobOne { .. }
                    | WinKind::AfterRobbingFlower { .. }
            );
            assert_eq!(k.from_seat(), carried.then_some(2), "{}", k.key());
            assert_eq!(WinKind::parse(k.key(), k.from_seat()), Ok(k));
        }
        // The old /v1/score key reads as the record's.
        assert_eq!(
            WinKind::parse("flower_rob_draw", Some(1)),
            Ok(WinKind::AfterRobbingFlower { from: 1 })
        );
        let e = WinKind::parse("discard", None).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("context.from_seat"));
        let e = WinKind::parse("tsumo", None).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("context.win"));
    }

    #[test]
    fn every_kind_parses_from_its_name() {
        // 000 計分: 自摸 (the other three pay), 放槍 (the discarder pays), 搶槓 — the names the
        // rule texts write, as a player types them.
        assert_eq!(WinKind::parse("自摸", None), Ok(WinKind::SelfDraw));
        assert_eq!(
            WinKind::parse("放槍", Some(2)),
            Ok(WinKind::Discard { from: 2 })
        );
        assert_eq!(
            WinKind::parse("搶槓", Some(1)),
            Ok(WinKind::RobbingKong { from: 1 })
        );
        for t in WIN_KINDS {
            let kind = WinKind::parse(t.name, t.from_seat.then_some(3)).unwrap();
            assert_eq!(kind.key(), t.key);
        }
        // A missing payer is named with the kind's key, whichever way the kind was written.
        let e = WinKind::parse("放槍", None).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("context.from_seat"));
        assert!(e.to_string().contains("a discard win"), "{e}");
    }

    #[test]
    fn declarations_parse_back() {
        for d in Declaration::ALL {
            assert_eq!(Declaration::parse(d.key(), "declared"), Ok(d));
        }
        // 000 嗆聽與 MIGI, 001 天聽: by name too.
        assert_eq!(
            Declaration::parse("嗆聽", "declared"),
            Ok(Declaration::Ready)
        );
        assert_eq!(
            Declaration::parse("MIGI", "declared"),
            Ok(Declaration::Migi)
        );
        assert_eq!(
            Declaration::parse("天聽", "declared"),
            Ok(Declaration::HeavenReady)
        );
        assert!(Declaration::parse("riichi", "declared").is_err());
    }

    #[test]
    fn presets_are_the_variants() {
        let keys: Vec<&str> = PRESETS.iter().map(|t| t.key).collect();
        assert_eq!(keys, crate::rules::PRESETS);
    }
}
