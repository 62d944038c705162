//! The rows of 001 台數表 (`traditional`) that 000 does not have: 河底撈魚, 天聽, 四槓牌 and
//! its 地胡 (the dealer's first-discard win), in [`Item`] order. `traditional` reads the rest
//! of its table from the 000 entries under its own names and values.

use crate::scoring::context::{Declaration, WinKind};
use crate::scoring::items::{
    how_won, kongs, no, not_first_turn, Check, Item, ItemDef, Scope, NONE,
};
use crate::scoring::items::{Also, Example, Needs};

/// The table's entries, in [`Item`] order.
pub(crate) const ITEMS: [ItemDef; 4] = [
    ItemDef {
        item: Item::LastDiscard,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "河底撈魚 (001 台數表; not in 000): winning on the last discard before the wall runs out \
              (the context's last_tile on a discard). Example: the player who drew the last tile \
              discards it and another player wins on it: 1 tai (traditional).",
        also: Also::MANNER,
        examples: &[
            Example {
                variant: "traditional",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                context: "last_tile",
                tai: 1,
                source: "001 台數表 河底撈魚 1: 最後一次捨牌剛好胡牌",
            },
        ],
        check: Check::Reading(|f| {
            if f.ctx.last_tile {
                f.yes_if(matches!(f.ctx.win, WinKind::Discard { .. }), || how_won(f.ctx))
            } else {
                no(&["not the last discard of the wall", "不是牌牆最後一張打出的牌"])
            }
        }),
    },
    ItemDef {
        item: Item::HeavenReady,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "天聽 (001 台數表, MIGI、天、地、人胡; not in 000): ready already at one's first discard \
              (the dealer's after taking its tiles) and declared then; no exchange or 過水 after, \
              and only this hand's win counts. Like MIGI (000's 備註 kept, 001 is silent): not with \
              門清, 不求, 嗆聽. Example: declared 天聽, won on a discard: 16 tai (traditional).",
        also: Also::WHOLE_HAND,
        examples: &[
            Example {
                variant: "traditional",
                hand: "123m456m789m23p678p55s",
                melds: &[],
                win: "4p",
                // 在莊家取完牌後，打出第一張牌時即聽牌: the dealer's.
                context: "winner=0 declared=heaven_ready",
                tai: 16,
                source: "001 台數表 天聽 16",
            },
        ],
        check: Check::Reading(|f| {
            f.yes_if(f.ctx.declared == Declaration::HeavenReady, || {
                ("no 天聽 declaration".to_owned(), "沒有宣告天聽".to_owned())
            })
        }),
    },
    ItemDef {
        item: Item::FourKongs,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "四槓牌 (001 台數表, 特殊胡牌 四槓胡; not in 000): the winner alone made four kongs (明槓, \
              加槓 or 暗槓). 001 counts it as a self-drawn win without the 自摸 tai (a preset 備註). \
              Example: four kong melds and a pair of 5p: 8 tai (traditional).",
        also: Also {
            manner: false,
            whole_hand: false,
            four_kongs: true,
        },
        examples: &[],
        check: Check::Reading(|f| {
            let n = kongs(f);
            f.yes_if(n >= 4, || (format!("{n} kongs"), format!("{n} 個槓")))
        }),
    },
    ItemDef {
        item: Item::DealerFirstDiscard,
        scope: Scope::Hand,
        merges: NONE,
        after_notes: None,
        needs: Needs::NONE,
        doc: "地胡 as 001 defines it (001 台數表; 000's 地胡 is a first self-draw, its 人胡 any first \
              discard): a non-dealer wins on the dealer's first discard, nobody having called or \
              kong'd. Like 000's 人胡 (its 備註 kept): not with 門清. Example: 16 tai (traditional).",
        also: Also::WHOLE_HAND,
        examples: &[],
        check: Check::Reading(|f| {
            if f.is_dealer() {
                no(&["the winner is the dealer", "胡牌者是莊家"])
            } else if let Some(r) = not_first_turn(f) {
                r
            } else {
                let from_dealer =
                    matches!(f.ctx.win, WinKind::Discard { from } if from == f.ctx.dealer);
                f.yes_if(from_dealer, || {
                    let (en, zh) = how_won(f.ctx);
                    (format!("{en}, not the dealer's"), format!("{zh}，不是莊家的"))
                })
            }
        }),
    },
];
