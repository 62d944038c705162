//! What every reading of a hand shares, worked out once: the tiles checked (copies, the
//! variant's tiles, `shown`), the melds as sets, the waits before the win; and the refusals of a
//! hand that is no win.

use crate::decompose::Block;
use crate::error::{Code, Error, Result};
use crate::hand::{Meld, MeldKind};
use crate::rules::Variant;
use crate::scoring::context::conflict;
use crate::scoring::context::Context;
use crate::scoring::items::{Facts, Needs, SetView, Sets, WaitsBefore};
use crate::tile::{Counts, Tile, COPIES, KINDS};
use crate::vocab::{Declaration, Replacement, WinKind};
use crate::waits::{exhausted, Shape};

/// The tiles common to every reading of the hand.
pub(super) struct Prepared<'a> {
    pub(super) melds: &'a [Meld],
    pub(super) win_tile: Tile,
    pub(super) all: Counts,
    pub(super) waits: WaitsBefore,
    /// What the hand has, for the entries' needs.
    pub(super) has: Needs,
    /// The melds as sets, and the 暗槓 among them ([`meld_sets`]).
    pub(super) meld_sets: Sets,
    pub(super) meld_triplets: u8,
}

impl<'a> Prepared<'a> {
    /// A reading whose sets, pair and wait no entry judged on it reads: as many sets as a
    /// reading has (four in a 13-tile hand), each the winning tile not as a triplet, the pair
    /// a 單騎 on it. The whole-hand entries and a special shape's items are judged on it.
    pub(super) fn blank_facts(
        &self,
        ctx: &'a Context,
        variant: &'a Variant,
        has: Needs,
    ) -> Facts<'_> {
        let none = SetView {
            tile: self.win_tile,
            triplet: false,
            meld: None,
        };
        // Built whole: pushed one by one, its byte writes were read back as words (a stall).
        let sets = Sets::filled(none, 5 - variant.missing_sets());
        Facts {
            ctx,
            variant,
            melds: self.melds,
            sets,
            pair: self.win_tile,
            win_tile: self.win_tile,
            win_block: Block::Pair(self.win_tile),
            shape: Shape::Tanki,
            concealed_triplets: 0,
            waits: &self.waits,
            all: self.all,
            explain: false,
            has,
        }
    }
}

pub(super) fn prepare<'a>(
    concealed: &Counts,
    melds: &'a [Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
) -> Result<Prepared<'a>> {
    ctx.validate(variant)?;
    if !ctx.win.term().regular || ctx.win == WinKind::FourKongs {
        return Err(Error::context(
            "context.win",
            format!(
                "a {} win is scored on its own (the flower wins by score_flower, 四槓胡 by \
                 score or score_four_kongs), not as a complete hand",
                ctx.win.key()
            ),
        )
        .coded(
            Code::ScoredApart,
            &[
                ("win", &ctx.win.key()),
                ("how", &"花胡用 score_flower，四槓胡用 score_four_kongs"),
            ],
        ));
    }
    // 004 三人麻將 多數不能吃: where the preset forbids 吃, no hand holds one.
    variant.check_melds(melds)?;
    // 004 兩人麻將: a 13-tile hand (13 張版) wins with 4 組+1 對, so at most four melds.
    let size = usize::from(variant.hand_size);
    let of = if size == 16 {
        String::new()
    } else {
        format!(" (hand_size {size})")
    };
    if melds.len() > size / 3 {
        return Err(Error::hand(format!(
            "{} melds; a hand has at most {}{of}",
            melds.len(),
            size / 3
        ))
        .coded(
            crate::error::Code::TooManyMelds,
            &[("n", &melds.len()), ("max", &(size / 3))],
        ));
    }
    let n = crate::tile::total(concealed);
    let want = size + 1 - 3 * melds.len();
    if n != want {
        return Err(Error::hand(format!(
            "the hand has {n} concealed tiles with the winning tile; with {} melds a win needs {want}{of}",
            melds.len()
        ))
        .coded(
            crate::error::Code::WrongTileCount,
            &[("what", &"手牌（含胡的牌）"), ("n", &n), ("want", &want)],
        ));
    }
    let all = all_tiles(concealed, melds, variant)?;
    if concealed[win_tile.index()] == 0 {
        return Err(Error::context(
            "win_tile",
            format!(
                "the winning tile {} is not in the concealed tiles (they include it)",
                win_tile.code()
            ),
        )
        .coded(
            crate::error::Code::WinTileMissing,
            &[("tile", &win_tile.name())],
        ));
    }
    if let Some(n) = ctx.shown {
        check_shown(n, concealed, melds, win_tile)?;
    }
    let has = |k: MeldKind| melds.iter().any(|m| m.kind == k);
    match ctx.win {
        WinKind::Replacement(Replacement::Ankan) if !has(MeldKind::Ankan) => {
            return Err(conflict(
                "context.win",
                "a replacement after an 暗槓, but the hand has no 暗槓",
                ["暗槓後補牌", "副露", "手上沒有暗槓"],
            ));
        }
        WinKind::Replacement(Replacement::Kakan) if !has(MeldKind::Kakan) => {
            return Err(conflict(
                "context.win",
                "a replacement after a 加槓, but the hand has no 加槓",
                ["加槓後補牌", "副露", "手上沒有加槓"],
            ));
        }
        _ => {}
    }
    if ctx.first_turn && !melds.is_empty() {
        return Err(conflict(
            "context.first_turn",
            "the winner has melds, so someone called or kong'd before",
            ["第一巡", "副露", "有副露表示有人吃碰槓過了"],
        ));
    }
    if matches!(ctx.declared, Declaration::Migi | Declaration::HeavenReady) {
        // 000 嗆聽與 MIGI: nobody called or kong'd before it, and a declared hand cannot.
        if let Some(m) = melds.first() {
            return Err(conflict(
                "context.declared",
                format!(
                    "{} allows no call or kong before it and none after, but the hand has a {} of {}",
                    if ctx.declared == Declaration::Migi { "MIGI" } else { "天聽" },
                    m.kind.name(),
                    m.tile.code()
                ),
                [
                    if ctx.declared == Declaration::Migi { "地聽" } else { "天聽" },
                    "副露",
                    "宣告前後都不能吃碰槓（000 嗆聽與 MIGI）",
                ],
            ));
        }
    }
    let mut before = *concealed;
    before[win_tile.index()] -= 1;
    // The winner's own tiles before the win: all of them less the winning tile.
    let mut own_before = all;
    own_before[win_tile.index()] -= 1;
    let (meld_sets, meld_triplets) = meld_sets(melds, win_tile);
    Ok(Prepared {
        melds,
        win_tile,
        all,
        waits: WaitsBefore::new(before, exhausted(&own_before)),
        has: Needs::of(&all, melds, ctx),
        meld_sets,
        meld_triplets,
    })
}

/// The melds as sets (the first of every reading's) and the 暗槓 among them (暗刻). Inlined:
/// the pair returned through memory was read back whole over its byte writes, a stall.
#[inline]
fn meld_sets(melds: &[Meld], win_tile: Tile) -> (Sets, u8) {
    let mut sets = Sets::empty(SetView {
        tile: win_tile,
        triplet: false,
        meld: None,
    });
    let mut concealed_triplets = 0u8;
    for m in melds {
        sets.push(SetView {
            tile: m.tile,
            triplet: m.kind != MeldKind::Chi,
            meld: Some(m.kind),
        });
        if m.kind == MeldKind::Ankan {
            concealed_triplets += 1;
        }
    }
    (sets, concealed_triplets)
}

/// The context's `shown` (003 fan list 胡絕張) fits the hand: it holds at least the copies the
/// winner's own open melds show, and with the winner's other concealed copies (which are not
/// shown) and the winning tile it stays within the 4 copies of the kind.
pub(super) fn check_shown(n: u8, concealed: &Counts, melds: &[Meld], win_tile: Tile) -> Result<()> {
    let i = win_tile.index();
    let mut open = [0u8; KINDS];
    for m in melds.iter().filter(|m| m.kind.is_open()) {
        m.add_to(&mut open);
    }
    let code = win_tile.code();
    if n < open[i] {
        return Err(Error::context(
            "context.shown",
            format!(
                "{n} copies of {code} shown on the table, but the winner's own melds show {}",
                open[i]
            ),
        )
        .coded(
            Code::ShownOverCopies,
            &[
                ("n", &n),
                ("tile", &win_tile.name()),
                ("why", &format!("胡牌的人自己的副露就亮了 {} 張", open[i])),
            ],
        ));
    }
    let held = concealed[i] - 1;
    if usize::from(n) + usize::from(held) + 1 > usize::from(COPIES) {
        return Err(Error::context(
            "context.shown",
            format!(
                "{n} copies of {code} shown on the table, {held} more in the winner's concealed \
                 tiles and the winning tile make more than {COPIES}"
            ),
        )
        .coded(
            Code::ShownOverCopies,
            &[
                ("n", &n),
                ("tile", &win_tile.name()),
                (
                    "why",
                    &format!("加上手裡的 {held} 張和胡的那張超過 {COPIES} 張"),
                ),
            ],
        ));
    }
    Ok(())
}

/// The hand and its melds together, checked to hold at most 4 of a kind, each a tile the
/// variant plays.
pub(super) fn all_tiles(concealed: &Counts, melds: &[Meld], variant: &Variant) -> Result<Counts> {
    let mut all = *concealed;
    for m in melds {
        m.add_to(&mut all);
    }
    // Looked for kind by kind only when a word-at-a-time check finds one.
    let over = crate::tile::over_copies(&all);
    if let Some(i) = (0..KINDS).find(|&i| over && all[i] > COPIES) {
        let code = Tile::new(i).map(Tile::code).unwrap_or_default();
        let name = Tile::new(i).map(Tile::name).unwrap_or_default();
        return Err(Error::hand(format!(
            "{} copies of {code} between the hand and its melds; a tile has 4",
            all[i]
        ))
        .coded(
            crate::error::Code::TooManyCopies,
            &[("tile", &name), ("where", &"手牌與副露"), ("n", &all[i])],
        ));
    }
    variant.check_in_play(&all)?;
    Ok(all)
}

/// A decomposition of more blocks than five sets and a pair: never of a validated hand.
pub(super) fn too_many(blocks: &[Block]) -> Error {
    Error::hand(format!(
        "{} blocks; a winning hand's concealed part is at most five sets and a pair",
        blocks.len()
    ))
    .coded(
        Code::BadBlocks,
        &[("why", &format!("{} 組，最多五組加一對", blocks.len()))],
    )
}

pub(super) fn not_a_win(concealed: &Counts, win_tile: Tile) -> Error {
    Error::hand(format!(
        "{} with the winning tile {} is not five sets and a pair",
        crate::notation::format(concealed, 0),
        win_tile.code()
    ))
    .coded(
        crate::error::Code::NotAWin,
        &[("tiles", &crate::notation::format(concealed, 0))],
    )
}
