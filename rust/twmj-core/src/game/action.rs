//! The one action space of the game: every choice a player can make, each at a fixed index.
//!
//! | offset | count | action |
//! |---|---|---|
//! | [`DISCARD`] | 34 | discard a tile kind |
//! | [`DECLARE`] | 34 | declare ready (天聽 / MIGI・地聽 / 嗆聽) while discarding a tile kind |
//! | [`CHI_LOW`], [`CHI_MID`], [`CHI_HIGH`] | 3 | 吃 with the claimed tile lowest, middle, highest |
//! | [`PON`] | 1 | 碰 |
//! | [`MINKAN`] | 1 | 明槓 |
//! | [`ANKAN`] | 34 | 暗槓 of a tile kind |
//! | [`KAKAN`] | 34 | 加槓 of a tile kind |
//! | [`WIN`] | 1 | 胡 / 自摸 (also 搶槓) |
//! | [`PASS`] | 1 | 過 |
//! | [`EIGHT_FLOWERS`] | 1 | 八仙過海 |
//! | [`SEVEN_ROB_ONE`] | 1 | 七搶一 |
//! | [`PASS3`] | 34 | 換三張: pick one tile of this kind to pass (three picks per round) |
//! | [`EXCHANGE_AGAIN`] | 1 | 換三張: the dealer calls a second round |
//! | [`EXCHANGE_DONE`] | 1 | 換三張: the dealer starts play without a second round |
//! | [`REDEAL`] | 1 | 十三不搭 亮牌重洗: show a 十三不搭 hand at the start and end the hand as a draw |
//! | [`ASK`] | 4 | 003 註13: ask what seat N's 暗槓 is, later than at the kong (`ask 0` … `ask 3`) |
//!
//! Indices 0–144 are the taiwan space, unchanged; the 換三張 actions (002 一局開始的順序,
//! american preset only) are appended at 145–180, and 十三不搭's `redeal` (003 改良式
//! 特殊流局情形, with `special_draw.thirteen_unconnected`) at 181, and 註13's later ask of an
//! 暗槓 (`special_shapes.ask_ankan`) at 182–185. [`ACTION_COUNT`] is the size of the space and
//! of a legal-action mask.

use crate::error::{Error, Result};
use crate::notation::{symbols, Symbol};
use crate::tile::{Tile, KINDS};
use crate::vocab::{Int, Term};
use std::fmt;

/// First index of the discards (one per tile kind).
pub const DISCARD: usize = 0;
/// First index of declare-ready-and-discard (one per tile kind).
pub const DECLARE: usize = DISCARD + KINDS;
/// 吃 with the claimed tile as the lowest of the run (claim 3, hold 4 5).
pub const CHI_LOW: usize = DECLARE + KINDS;
/// 吃 with the claimed tile in the middle (claim 4, hold 3 5).
pub const CHI_MID: usize = CHI_LOW + 1;
/// 吃 with the claimed tile as the highest (claim 5, hold 3 4).
pub const CHI_HIGH: usize = CHI_MID + 1;
/// 碰 of the tile on offer.
pub const PON: usize = CHI_HIGH + 1;
/// 明槓 of the tile on offer.
pub const MINKAN: usize = PON + 1;
/// First index of 暗槓 (one per tile kind).
pub const ANKAN: usize = MINKAN + 1;
/// First index of 加槓 (one per tile kind).
pub const KAKAN: usize = ANKAN + KINDS;
/// 胡: self-draw on one's own turn, or the tile on offer (discard or 搶槓).
pub const WIN: usize = KAKAN + KINDS;
/// 過: decline every claim on the tile on offer.
pub const PASS: usize = WIN + 1;
/// 八仙過海: declare the eight-flower win.
pub const EIGHT_FLOWERS: usize = PASS + 1;
/// 七搶一: rob the eighth flower.
pub const SEVEN_ROB_ONE: usize = EIGHT_FLOWERS + 1;
/// First index of 換三張 picks (one per tile kind): `pass3 5m` picks one 5m to pass.
pub const PASS3: usize = SEVEN_ROB_ONE + 1;
/// 換三張: the dealer calls the second round (002 一局開始的順序 6–7).
pub const EXCHANGE_AGAIN: usize = PASS3 + KINDS;
/// 換三張: the dealer starts play after the first round (002 一局開始的順序 6).
pub const EXCHANGE_DONE: usize = EXCHANGE_AGAIN + 1;
/// 十三不搭 亮牌重洗 (003 改良式 特殊流局情形): at the start of a hand (起手), a seat whose dealt
/// tiles are 十三不搭 shows them and the hand ends as a draw.
pub const REDEAL: usize = EXCHANGE_DONE + 1;
/// First index of the later 暗槓 asks (003 註13: 詢問時機可自行判斷，不一定要開槓時問), one per
/// seat whose 暗槓 is asked about: `ask 2` asks seat 2.
pub const ASK: usize = REDEAL + 1;
/// Size of the action space (186: the taiwan 145, the 36 換三張 actions, `redeal`, 4 asks).
pub const ACTION_COUNT: usize = ASK + 4;

/// The actions by their name's first word (`discard 5m` is a `discard`), with the rule texts'
/// names: what [`Action::name`] writes, in the order of the action space.
pub const ACTION_TERMS: [Term; 18] = [
    Term {
        key: "discard",
        name: "打牌",
    },
    Term {
        key: "declare",
        // 000 嗆聽與 MIGI, 001 地聽 / 天聽: which one the moment and the table decide.
        name: "宣告聽牌（嗆聽、MIGI／地聽、天聽）",
    },
    Term {
        key: "chi low",
        name: "吃（吃進最小張）",
    },
    Term {
        key: "chi mid",
        name: "吃（吃進中間張）",
    },
    Term {
        key: "chi high",
        name: "吃（吃進最大張）",
    },
    Term {
        key: "pon",
        name: "碰",
    },
    Term {
        key: "minkan",
        name: "明槓",
    },
    Term {
        key: "ankan",
        name: "暗槓",
    },
    Term {
        key: "kakan",
        name: "加槓",
    },
    Term {
        key: "win",
        name: "胡",
    },
    Term {
        key: "pass",
        name: "過",
    },
    Term {
        key: "eight flowers",
        name: "八仙過海",
    },
    Term {
        key: "seven rob one",
        name: "七搶一",
    },
    Term {
        key: "pass3",
        name: "換三張",
    },
    Term {
        key: "exchange again",
        name: "再換一次",
    },
    Term {
        key: "no second exchange",
        name: "不再換",
    },
    Term {
        key: "redeal",
        name: "十三不搭 亮牌重洗",
    },
    Term {
        key: "ask",
        name: "詢問暗槓",
    },
];

/// Which tile of a 吃 run the claimed tile is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChiPos {
    /// The claimed tile is the lowest: claim 3 with 4 5.
    Low,
    /// The claimed tile is the middle: claim 4 with 3 5 (嵌張).
    Mid,
    /// The claimed tile is the highest: claim 5 with 3 4.
    High,
}

impl ChiPos {
    pub const ALL: [ChiPos; 3] = [ChiPos::Low, ChiPos::Mid, ChiPos::High];

    /// The two tiles taken from the hand to 吃 `claimed` this way, if the run exists.
    pub fn partners(self, claimed: Tile) -> Option<(Tile, Tile)> {
        if claimed.is_honor() {
            return None;
        }
        let i = claimed.index();
        let n = claimed.number();
        let (a, b) = match self {
            ChiPos::Low if n <= 7 => (i + 1, i + 2),
            ChiPos::Mid if (2..=8).contains(&n) => (i - 1, i + 1),
            ChiPos::High if n >= 3 => (i - 2, i - 1),
            _ => return None,
        };
        Some((Tile::new(a)?, Tile::new(b)?))
    }

    /// Lowest tile of the run formed with `claimed`.
    pub fn run_start(self, claimed: Tile) -> Option<Tile> {
        let (a, _) = self.partners(claimed)?;
        Some(match self {
            ChiPos::Low => claimed,
            ChiPos::Mid | ChiPos::High => a,
        })
    }
}

/// One action of the action space. See the module table for the index of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Discard one tile of this kind (打牌).
    Discard(Tile),
    /// Declare ready and discard this tile; the hand must be ready after the discard. The
    /// declaration is 天聽, MIGI (地聽) or 嗆聽 by the moment, the first the variant's table
    /// has (see `legality::declaration_now`).
    Declare(Tile),
    /// 吃 the discard of the player on the left.
    Chi(ChiPos),
    /// 碰 the tile on offer with two of the same from the hand.
    Pon,
    /// 明槓 the tile on offer with three of the same (not from the player on the left).
    Minkan,
    /// 暗槓 four concealed tiles of this kind.
    Ankan(Tile),
    /// 加槓: add this tile to the player's 碰 of the same kind.
    Kakan(Tile),
    /// 胡: 自摸 on one's turn, or win on the tile on offer (a discard, or 搶槓 of a 加槓).
    Win,
    /// 過: let the tile on offer go.
    Pass,
    /// 八仙過海: win with all eight flowers.
    EightFlowers,
    /// 七搶一: with seven flowers, take the eighth from the player who holds it.
    SevenRobOne,
    /// 換三張: pick one concealed tile of this kind to pass (each seat picks three).
    Pass3(Tile),
    /// 換三張: the dealer calls a second (and last) round.
    ExchangeAgain,
    /// 換三張: the dealer starts play after the first round.
    ExchangeDone,
    /// 十三不搭 亮牌重洗: show the dealt 十三不搭 hand at the start (起手) and end the hand as a
    /// draw, the dealer keeping the deal (003 改良式 特殊流局情形).
    Redeal,
    /// 003 註13: while answering a discard, a seat ready for 十三么 on the one orphan it lacks
    /// asks what this seat's 暗槓 is (the ones it has not asked about yet): if one is that
    /// orphan it wins by robbing it (搶暗槓), else it owes a 詢問費 unless it wins the hand.
    Ask(u8),
}

impl Action {
    /// The fixed index of the action, `0..ACTION_COUNT`.
    pub fn index(self) -> usize {
        match self {
            Action::Discard(t) => DISCARD + t.index(),
            Action::Declare(t) => DECLARE + t.index(),
            Action::Chi(ChiPos::Low) => CHI_LOW,
            Action::Chi(ChiPos::Mid) => CHI_MID,
            Action::Chi(ChiPos::High) => CHI_HIGH,
            Action::Pon => PON,
            Action::Minkan => MINKAN,
            Action::Ankan(t) => ANKAN + t.index(),
            Action::Kakan(t) => KAKAN + t.index(),
            Action::Win => WIN,
            Action::Pass => PASS,
            Action::EightFlowers => EIGHT_FLOWERS,
            Action::SevenRobOne => SEVEN_ROB_ONE,
            Action::Pass3(t) => PASS3 + t.index(),
            Action::ExchangeAgain => EXCHANGE_AGAIN,
            Action::ExchangeDone => EXCHANGE_DONE,
            Action::Redeal => REDEAL,
            Action::Ask(s) => ASK + usize::from(s % 4),
        }
    }

    /// The action at index `i`, if `i < ACTION_COUNT`.
    pub fn from_index(i: usize) -> Option<Action> {
        let tile = |base: usize| Tile::new(i - base);
        Some(match i {
            _ if i < DECLARE => Action::Discard(tile(DISCARD)?),
            _ if i < CHI_LOW => Action::Declare(tile(DECLARE)?),
            CHI_LOW => Action::Chi(ChiPos::Low),
            CHI_MID => Action::Chi(ChiPos::Mid),
            CHI_HIGH => Action::Chi(ChiPos::High),
            PON => Action::Pon,
            MINKAN => Action::Minkan,
            _ if i < KAKAN => Action::Ankan(tile(ANKAN)?),
            _ if i < WIN => Action::Kakan(tile(KAKAN)?),
            WIN => Action::Win,
            PASS => Action::Pass,
            EIGHT_FLOWERS => Action::EightFlowers,
            SEVEN_ROB_ONE => Action::SevenRobOne,
            _ if i < EXCHANGE_AGAIN => Action::Pass3(tile(PASS3)?),
            EXCHANGE_AGAIN => Action::ExchangeAgain,
            EXCHANGE_DONE => Action::ExchangeDone,
            REDEAL => Action::Redeal,
            _ if i < ACTION_COUNT => Action::Ask(u8::try_from(i - ASK).ok()?),
            _ => return None,
        })
    }

    /// A short stable name: `discard 5p`, `declare 3m`, `chi low`, `pon`, `ankan 1z`, `win`,
    /// `pass3 5m`, `exchange again`, `no second exchange`, `redeal`, `ask 2`.
    pub fn name(self) -> String {
        match self {
            Action::Discard(t) => format!("discard {}", t.code()),
            Action::Declare(t) => format!("declare {}", t.code()),
            Action::Chi(ChiPos::Low) => "chi low".to_owned(),
            Action::Chi(ChiPos::Mid) => "chi mid".to_owned(),
            Action::Chi(ChiPos::High) => "chi high".to_owned(),
            Action::Pon => "pon".to_owned(),
            Action::Minkan => "minkan".to_owned(),
            Action::Ankan(t) => format!("ankan {}", t.code()),
            Action::Kakan(t) => format!("kakan {}", t.code()),
            Action::Win => "win".to_owned(),
            Action::Pass => "pass".to_owned(),
            Action::EightFlowers => "eight flowers".to_owned(),
            Action::SevenRobOne => "seven rob one".to_owned(),
            Action::Pass3(t) => format!("pass3 {}", t.code()),
            Action::ExchangeAgain => "exchange again".to_owned(),
            Action::ExchangeDone => "no second exchange".to_owned(),
            Action::Redeal => "redeal".to_owned(),
            Action::Ask(s) => format!("ask {s}"),
        }
    }
}

impl Action {
    /// The action written as by [`Action::name`] (`discard 5p`, `chi low`, `win`, …).
    pub fn parse(s: &str) -> Option<Action> {
        let (head, arg) = s.trim().split_once(' ').unwrap_or((s.trim(), ""));
        let tile = || match symbols(arg).ok()?.as_slice() {
            [Symbol::Tile(t, _)] => Some(*t),
            _ => None,
        };
        Some(match (head, arg) {
            ("discard", _) => Action::Discard(tile()?),
            ("declare", _) => Action::Declare(tile()?),
            ("chi", "low") => Action::Chi(ChiPos::Low),
            ("chi", "mid") => Action::Chi(ChiPos::Mid),
            ("chi", "high") => Action::Chi(ChiPos::High),
            ("pon", "") => Action::Pon,
            ("minkan", "") => Action::Minkan,
            ("ankan", _) => Action::Ankan(tile()?),
            ("kakan", _) => Action::Kakan(tile()?),
            ("win", "") => Action::Win,
            ("pass", "") => Action::Pass,
            ("eight", "flowers") => Action::EightFlowers,
            ("seven", "rob one") => Action::SevenRobOne,
            ("pass3", _) => Action::Pass3(tile()?),
            ("exchange", "again") => Action::ExchangeAgain,
            ("no", "second exchange") => Action::ExchangeDone,
            ("redeal", "") => Action::Redeal,
            ("ask", "0") => Action::Ask(0),
            ("ask", "1") => Action::Ask(1),
            ("ask", "2") => Action::Ask(2),
            ("ask", "3") => Action::Ask(3),
            _ => return None,
        })
    }
}

impl Action {
    /// The action named `text` ([`Action::parse`]); an unknown name is an `unknown_action`
    /// error.
    pub fn read(text: &str) -> Result<Action> {
        Action::parse(text)
            .ok_or_else(|| Error::action(format!("unknown action '{text}' (see twmj.ACTIONS)")))
    }

    /// The action at `index` of the action space ([`Action::from_index`]); any other number
    /// is an `unknown_action` error.
    pub fn at(index: &Int) -> Result<Action> {
        index
            .to::<usize>()
            .and_then(Action::from_index)
            .ok_or_else(|| {
                Error::action(format!(
                    "action index {index} is outside 0 to {}",
                    ACTION_COUNT - 1
                ))
            })
    }

    /// `actions` as a mask over the action space.
    pub fn mask(actions: &[Action]) -> [bool; ACTION_COUNT] {
        let mut m = [false; ACTION_COUNT];
        for a in actions {
            m[a.index()] = true;
        }
        m
    }

    /// The rule texts' name of this action's kind ([`ACTION_TERMS`], keyed by [`Action::name`]
    /// without its tile or seat): 吃（吃進最小張） for `chi low`, 打牌 for any discard.
    pub fn term(self) -> Option<&'static Term> {
        let name = self.name();
        ACTION_TERMS.iter().find(|t| {
            name.strip_prefix(t.key)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
        })
    }

    /// Every action's name, by index (the action space).
    pub fn names() -> Vec<String> {
        (0..ACTION_COUNT)
            .filter_map(Action::from_index)
            .map(Action::name)
            .collect()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trip() {
        assert_eq!(ACTION_COUNT, 186);
        assert_eq!(PASS3, 145);
        // Appended: every earlier index is unchanged.
        assert_eq!((EXCHANGE_DONE, REDEAL, ASK), (180, 181, 182));
        assert_eq!(Action::parse("ask 4"), None);
        for i in 0..ACTION_COUNT {
            let a = Action::from_index(i).unwrap();
            assert_eq!(a.index(), i, "{a}");
        }
        assert_eq!(Action::from_index(ACTION_COUNT), None);
        for i in 0..ACTION_COUNT {
            let a = Action::from_index(i).unwrap();
            assert_eq!(Action::parse(&a.name()), Some(a));
        }
        assert_eq!(Action::parse("discard"), None);
        assert_eq!(Action::parse("chi sideways"), None);
    }

    #[test]
    fn chi_partners() {
        let t = |i| Tile::new(i).unwrap();
        // 3p (index 11): low with 4p 5p, mid with 2p 4p, high with 1p 2p.
        assert_eq!(ChiPos::Low.partners(t(11)), Some((t(12), t(13))));
        assert_eq!(ChiPos::Mid.partners(t(11)), Some((t(10), t(12))));
        assert_eq!(ChiPos::High.partners(t(11)), Some((t(9), t(10))));
        assert_eq!(ChiPos::High.partners(t(10)), None);
        assert_eq!(ChiPos::Low.partners(t(16)), None);
        assert_eq!(ChiPos::Low.partners(t(27)), None);
    }
}

#[cfg(test)]
mod term_tests {
    use super::*;

    #[test]
    fn every_action_name_starts_with_a_term() {
        for i in 0..ACTION_COUNT {
            let name = Action::from_index(i).map(Action::name).unwrap_or_default();
            assert!(
                ACTION_TERMS
                    .iter()
                    .any(|t| name == t.key || name.starts_with(&format!("{} ", t.key))),
                "{name}"
            );
        }
    }

    #[test]
    fn each_action_reads_its_own_kinds_term() {
        // Every action of the space has one, whose key is its name without the tile or seat;
        // `pass` is not `pass3 5m`'s (a key is a whole word of the name).
        for i in 0..ACTION_COUNT {
            let a = Action::from_index(i).unwrap();
            let t = a.term().unwrap_or_else(|| panic!("{a} has no term"));
            let name = a.name();
            let rest = name.strip_prefix(t.key).unwrap();
            assert!(
                rest.is_empty() || rest.split(' ').count() == 2,
                "{name}: {}",
                t.key
            );
        }
        assert_eq!(
            Action::Chi(ChiPos::Low).term().unwrap().name,
            "吃（吃進最小張）"
        );
        assert_eq!(
            Action::Pass3(Tile::new(4).unwrap()).term().unwrap().name,
            "換三張"
        );
        assert_eq!(Action::Pass.term().unwrap().name, "過");
        assert_eq!(Action::Ask(2).term().unwrap().key, "ask");
    }
}
