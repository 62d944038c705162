//! 四槓胡 (001 特殊胡牌 四槓胡; 003 改良式 四槓胡): four kongs end the hand as a self-draw.

use super::prepare::all_tiles;
use super::reading::{Plan, Reading};
use super::{finish, Score};
use crate::decompose::{Block, Blocks};
use crate::error::{Code, Error, Result};
use crate::hand::Meld;
use crate::rules::Variant;
use crate::scoring::context::conflict;
use crate::scoring::context::Context;
use crate::scoring::items::{Facts, Needs, SetView, Sets, WaitsBefore};
use crate::scoring::tables::FOUR_KONGS;
use crate::tile::{Counts, Tile, KINDS};
use crate::vocab::WinKind;
use crate::waits::Shape;

/// 四槓胡 as a caller describes it to [`score`] (`ctx.win` = [`WinKind::FourKongs`]; 001 特殊胡牌
/// 四槓胡, 003 改良式 四槓胡): `concealed` holds the tiles besides the four kongs (16 − 12 = 4;
/// the hand is not complete, so no winning tile is added), `win_tile` is the fourth kong's
/// tile, and the variant plays 四槓胡 (`four_kongs_win`). Scored by [`score_four_kongs`].
pub fn score_four_kongs_hand(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
) -> Result<Score> {
    if !variant.flow.four_kongs_win {
        return Err(Error::context(
            "context.win",
            format!(
                "{} has no 四槓胡 (four_kongs_win is off): four kongs end no hand there",
                variant.preset
            ),
        )
        .coded(
            Code::WinNotPlayed,
            &[
                ("preset", &variant.preset),
                ("win", &"四槓胡"),
                ("setting", &"four_kongs_win = false"),
            ],
        ));
    }
    let want = usize::from(variant.hand_size).saturating_sub(3 * melds.len());
    let n: usize = concealed.iter().map(|&c| usize::from(c)).sum();
    if n != want {
        return Err(Error::hand(format!(
            "a 四槓胡 hand holds its four kongs and {want} other tiles (no winning tile is \
             added: the hand is not complete); it has {n}"
        ))
        .coded(
            Code::WrongTileCount,
            &[
                ("what", &"四槓胡的手牌（不含胡的牌）"),
                ("n", &n),
                ("want", &want),
            ],
        ));
    }
    all_tiles(concealed, melds, variant)?;
    if !melds.iter().any(|m| m.kind.is_kong() && m.tile == win_tile) {
        return Err(Error::context(
            "win_tile",
            format!(
                "a 四槓胡 is won on the fourth kong: {} is none of the kongs' tiles",
                win_tile.code()
            ),
        )
        .coded(Code::WinTileNotAKong, &[("tile", &win_tile.name())]));
    }
    score_four_kongs(melds, ctx, variant)
}

/// 四槓胡 (001 台數表 四槓牌, 特殊胡牌 四槓胡; 003 改良式 四槓胡): the winner's fourth kong ends
/// the hand as its self-drawn win, the hand not being complete. Scored on the four kongs and
/// the context: 四槓牌, 自摸, the wind and dragon kongs (持有一刻(或槓)即有一台), 正花 and 花槓,
/// then the variant's notes (traditional: 不得加算自摸台; improved16: 四槓胡 alone), and the
/// dealer pair as on any win. Nothing that needs the five sets and the pair (the concealed
/// tiles are not read). `ctx.win` must be a self-draw (three payers).
pub fn score_four_kongs(melds: &[Meld], ctx: &Context, variant: &Variant) -> Result<Score> {
    ctx.validate(variant)?;
    let kongs: Vec<Meld> = melds.iter().copied().filter(|m| m.kind.is_kong()).collect();
    if kongs.len() != 4 {
        return Err(Error::hand(format!(
            "a 四槓胡 needs the winner's four kongs; the melds hold {}",
            kongs.len()
        ))
        .coded(Code::NotFourKongs, &[("n", &kongs.len())]));
    }
    if !matches!(ctx.win, WinKind::SelfDraw | WinKind::FourKongs) {
        return Err(conflict(
            "context.win",
            "a 四槓胡 counts as a self-draw (001 特殊胡牌 四槓胡: 即算自摸胡牌)",
            [
                "四槓胡",
                "不是自摸",
                "四槓胡算自摸（001 特殊胡牌 四槓胡：即算自摸胡牌）",
            ],
        ));
    }
    let kong = |m: &Meld| SetView {
        tile: m.tile,
        triplet: true,
        meld: Some(m.kind),
    };
    // The fifth set (if any: a 13-tile hand has four) is not known: only the kongs are read.
    let mut sets = Sets::empty(kong(&kongs[0]));
    for m in &kongs {
        sets.push(kong(m));
    }
    let mut all = [0u8; KINDS];
    for m in &kongs {
        m.add_to(&mut all);
    }
    let facts = Facts {
        ctx,
        variant,
        melds: &kongs,
        sets,
        pair: kongs[0].tile,
        win_tile: kongs[3].tile,
        win_block: Block::Pair(kongs[3].tile),
        shape: Shape::Tanki,
        concealed_triplets: 0,
        waits: &WaitsBefore::known(0),
        all,
        explain: false,
        // Only the kongs and the context are read: every entry 四槓胡 lists is judged.
        has: Needs::ALL,
    };
    let mut reading = Reading::judge(
        &facts,
        &Plan::full(variant, Needs::ALL, Some(&FOUR_KONGS), false),
    );
    Ok(finish(
        &mut reading,
        Blocks::EMPTY,
        None,
        melds,
        ctx,
        variant,
        None,
    ))
}
