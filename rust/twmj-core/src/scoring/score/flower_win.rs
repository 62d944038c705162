//! A flower win as its own 筆 (000 花牌與花胡: 八仙過海, 七搶一): which variants play it, and
//! its score.

use std::borrow::Cow;

use super::dealer::DealerItems;
use super::reading::{tai_of, Reading, NOTHING};
use super::{finish, Score, ScoredItem};
use crate::decompose::Blocks;
use crate::error::{Code, Error, Result};
use crate::rules::{Item, ItemSet, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Check, Win};
use crate::scoring::tables::{def, FLOWER_WINS, ONCE};
use crate::vocab::{Seat, WinKind};

/// A flower win (000 花牌與花胡), scored as its own 筆.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlowerWin {
    /// 八仙過海: the three others pay.
    EightImmortals,
    /// 七搶一: the robbed seat alone pays.
    SevenRobOne { robbed: Seat },
}

impl FlowerWin {
    /// The win kind of the flower win's 筆.
    pub const fn kind(self) -> WinKind {
        match self {
            FlowerWin::EightImmortals => WinKind::EightFlowers,
            FlowerWin::SevenRobOne { robbed } => WinKind::SevenRobOne { from: robbed },
        }
    }

    /// The row of the table that makes this flower win a 筆 of its own (000 花牌與花胡: 八仙過海,
    /// 七搶一).
    pub const fn item(self) -> Item {
        match self {
            FlowerWin::EightImmortals => Item::EightImmortals,
            FlowerWin::SevenRobOne { .. } => Item::SevenRobOne,
        }
    }

    /// The variant plays this flower win: its table has the flower win's row (and it plays
    /// with flowers). The one owner of whether eight flowers (or seven and the robbed eighth)
    /// end the hand: the opening, the turn's `eight flowers` / `seven rob one`, the 七搶一
    /// offer and [`score_flower`] all ask it. 000 (and the presets built on it, 001, 003
    /// 改良式) has the rows; 003 hk16 has none — its 八仙過海 40番 and 七搶一 20番 are added to a
    /// regular win only (只是在胡的時候加40番; 胡的時候加20番), as the rows `eight_flowers` and
    /// `seven_flowers`. Setting `flower_wins` adds or removes both rows; a 0-tai row still
    /// ends the hand (paid 底 and dealer tai, as a 0-tai 天胡 still wins).
    pub fn played_in(self, variant: &Variant) -> bool {
        variant.flowers && variant.has(self.item())
    }
}

/// A flower win as its own 筆: the item alone, plus 骰規台 when `with_dice` and the table has
/// it (the dice count once per hand, on the regular 筆 when there is one: 002 骰規台; 000 不採用
/// 骰子加台, so no other preset adds it). Uses `ctx.winner`, `dealer`, `streak`, `flowers` (all
/// 8 must be held) and `dice`. Refused (`kind`) where the variant plays no such flower win
/// ([`FlowerWin::played_in`]: 003 hk16 adds its 八仙過海 and 七搶一 to a regular win only).
pub fn score_flower(
    win: FlowerWin,
    ctx: &Context,
    variant: &Variant,
    with_dice: bool,
) -> Result<Score> {
    ctx.validate(variant)?;
    if !win.played_in(variant) {
        let item = win.item();
        return Err(Error::context(
            "kind",
            format!(
                "{} plays no {} win of its own (flower_wins = false: its table has no row {}); \
                 the flowers count on the hand's regular win",
                variant.preset,
                item.name(),
                item.key()
            ),
        )
        .coded(
            Code::WinNotPlayed,
            &[
                ("preset", &variant.preset),
                ("win", &variant.name_of(item)),
                ("setting", &"flower_wins = false，花只算在一般的胡上"),
            ],
        ));
    }
    if ctx.flowers != 0xFF {
        return Err(Error::context(
            "context.flowers",
            format!(
                "a flower win ends with all 8 flowers; the winner holds {}",
                ctx.flowers.count_ones()
            ),
        )
        .coded(
            Code::FlowerWinShort,
            &[
                ("win", &variant.name_of(win.item())),
                ("want", &8),
                ("n", &ctx.flowers.count_ones()),
            ],
        ));
    }
    if let FlowerWin::SevenRobOne { robbed } = win {
        // 004: only seats `0..players` are seated; an empty seat cannot pay.
        if robbed >= variant.seats() || robbed == ctx.winner {
            let why = if robbed == ctx.winner {
                "不能搶自己".to_owned()
            } else {
                format!("座位是 0 到 {}", variant.seats().saturating_sub(1))
            };
            return Err(Error::context(
                "robbed",
                format!("seat {robbed} cannot be robbed by seat {}", ctx.winner),
            )
            .coded(Code::NotRobbable, &[("seat", &robbed), ("why", &why)]));
        }
    }
    // The 筆's context is the flower win: it decides who pays, and the flower-win entries
    // ([`Scope::FlowerWin`]) judge which of them it is.
    let ctx = &Context {
        win: win.kind(),
        ..ctx.clone()
    };
    let judge = Win {
        ctx,
        variant,
        counted: &NOTHING,
        explain: false,
    };
    let mut items = Vec::new();
    // The items counted once per hand (002 骰規台) ride on the flower win's 筆 when asked.
    let once: &[Item] = if with_dice { &ONCE } else { &[] };
    // Only the rows the table has, as on the regular path (002 骰規台 is american's alone).
    for &item in FLOWER_WINS.iter().chain(once).filter(|&&i| variant.has(i)) {
        if let Check::Context(check) = def(item).check {
            let t = tai_of(&check(&judge), item, variant);
            if t > 0 {
                items.push(ScoredItem {
                    item,
                    key: item.key(),
                    name: Cow::Borrowed(item.name()),
                    tai: t,
                });
            }
        }
    }
    let mut tai = [0u32; Item::COUNT];
    let mut counted = ItemSet::EMPTY;
    for i in &items {
        tai[i.item as usize] = i.tai;
        counted = counted.with(i.item);
    }
    let mut reading = Reading {
        total: tai.iter().sum(),
        counted,
        tai,
        merged: None,
        why_not: Vec::new(),
    };
    let mut score = finish(
        &mut reading,
        Blocks::EMPTY,
        None,
        &[],
        ctx,
        variant,
        Some(win),
    );
    // `flower_win.dealer` off (a house rule, issue #30: paid as 8 × 每台, no 莊家台); 000 花牌與花胡
    // counts it (兩筆的莊家台各自計算).
    if !variant.scoring.flower_win_dealer {
        score.dealer_tai = 0;
        score.dealer_items = DealerItems::NONE;
    }
    Ok(score)
}
