//! A win as a caller states it (the binding, the service): the hand read either way, scored
//! under one variant or several, settled, and whether the variant lets it be won at all.

use crate::error::{Error, Result};
use crate::hand::{Hand, Meld};
use crate::notation::Tiles;
use crate::rules::Variant;
use crate::scoring::compare::compare;
use crate::scoring::context::{Context, Seat, WinKind};
use crate::scoring::score::{score, score_flower, score_hand, FlowerWin, Score};
use crate::scoring::settle::{settle, Settlement};
use crate::tile::Tile;

/// A scored win with its settlement.
#[derive(Debug, Clone)]
pub struct Scored {
    pub score: Score,
    /// One line per payer (none when the win is not `allowed`) and each seat's net.
    pub settlement: Settlement,
    /// False when no payer's share reaches the variant's 起胡 threshold: the win is not
    /// allowed, and nobody pays.
    pub allowed: bool,
}

impl Scored {
    /// `score` settled under `variant`. Under the 起胡 threshold the hand is still scored (the
    /// caller asked what it is worth), but nobody pays: it cannot be won (002 起胡台數).
    pub fn of(score: Score, variant: &Variant) -> Result<Scored> {
        let allowed = score.reaches(variant.min_tai);
        let settlement = if allowed {
            settle(std::slice::from_ref(&score), variant)?
        } else {
            Settlement::default()
        };
        Ok(Scored {
            score,
            settlement,
            allowed,
        })
    }
}

impl Context {
    /// The context with `flowers` (the hand's, as written in its notation) when it names none
    /// of its own.
    #[must_use]
    pub fn or_flowers(&self, flowers: u8) -> Context {
        let mut ctx = self.clone();
        if ctx.flowers == 0 {
            ctx.flowers = flowers;
        }
        ctx
    }
}

/// Scores a stated win under `variant` (max tai over every decomposition) and settles it.
/// `tiles` hold the 16 − 3k concealed tiles the winning tile completes or the 17 − 3k that
/// hold it ([`Hand::winning`]); under `win = "four_kongs"` the tiles besides the four kongs.
/// Errors about the tiles name `hand`, about the winning tile `win_tile`.
pub fn score_win(
    tiles: Tiles,
    melds: Vec<Meld>,
    win: Tile,
    ctx: &Context,
    variant: &Variant,
    why_not: bool,
) -> Result<Scored> {
    // A reading of the hand that fails (not a complete hand) is about `hand`.
    let s = if ctx.win == WinKind::FourKongs {
        // A 四槓胡's hand is not complete: its tiles are scored as given, the winning tile
        // (the fourth kong's) not added; the flowers written with them count.
        let ctx = ctx.or_flowers(tiles.flowers);
        score(&tiles.counts, &melds, win, &ctx, variant, why_not)
    } else {
        let h = Hand::winning(tiles, melds, win, variant.hand_size)?;
        score_hand(&h, win, ctx, variant, why_not)
    }
    .map_err(|e| e.at("hand"))?;
    Scored::of(s, variant)
}

/// One win scored under several variants ([`compare_win`]).
#[derive(Debug, Clone)]
pub struct Compared {
    /// One scored win per variant, in the order given.
    pub scores: Vec<Scored>,
    /// Items counted differently by at least two of the variants, in table order: the key, the
    /// name the first variant counting it gives it (improved16's 圈風刻, hk16's 合風 …), and its
    /// tai under every variant (0 when not counted).
    pub differing: Vec<(&'static str, &'static str, Vec<u32>)>,
}

/// Scores one stated win (as [`score_win`] reads it) under every variant and lists the items
/// that differ. One hand has one size: variants that read hands of different sizes (004 13
/// 張版 and the 16-tile game) cannot score it together.
pub fn compare_win(
    tiles: Tiles,
    melds: Vec<Meld>,
    win: Tile,
    ctx: &Context,
    variants: &[Variant],
    why_not: bool,
) -> Result<Compared> {
    let size = variants.first().map_or(16, |v| v.hand_size);
    if let Some((i, other)) = (0..).zip(variants).find(|(_, v)| v.hand_size != size) {
        return Err(Error::variant(
            "hand_size",
            format!(
                "variant {i} reads {}-tile hands and variant 0 {size}-tile ones: one hand \
                 cannot be both",
                other.hand_size
            ),
        ));
    }
    // Read as `score_win` reads it: the flowers written with the tiles count in every variant
    // (000 花牌: a flower held is the player's, whichever way the caller wrote it).
    let ctx = ctx.or_flowers(tiles.flowers);
    let (concealed, melds) = if ctx.win == WinKind::FourKongs {
        (tiles.counts, melds)
    } else {
        let h = Hand::winning(tiles, melds, win, size)?;
        (h.concealed, h.melds)
    };
    let c = compare(&concealed, &melds, win, &ctx, variants, why_not).map_err(|e| e.at("hand"))?;
    let differing = c
        .differing
        .into_iter()
        .map(|(item, row)| {
            let by = row.iter().position(|&t| t > 0).unwrap_or(0);
            let name = variants.get(by).map_or(item.name(), |v| v.name_of(item));
            (item.key(), name, row)
        })
        .collect();
    let scores = c
        .scores
        .into_iter()
        .zip(variants)
        .map(|(s, v)| Scored::of(s, v))
        .collect::<Result<_>>()?;
    Ok(Compared { scores, differing })
}

impl FlowerWin {
    /// The flower win named `kind` (`eight_immortals` 八仙過海, or `seven_rob_one` 七搶一,
    /// which needs the `robbed` seat).
    pub fn parse(kind: &str, robbed: Option<Seat>) -> Result<FlowerWin> {
        match (kind, robbed) {
            ("eight_immortals", _) => Ok(FlowerWin::EightImmortals),
            ("seven_rob_one", Some(r)) => Ok(FlowerWin::SevenRobOne { robbed: r }),
            ("seven_rob_one", None) => Err(Error::context("robbed", "seven_rob_one needs robbed")),
            (other, _) => Err(Error::context(
                "kind",
                format!("unknown flower win '{other}' (expected eight_immortals or seven_rob_one)"),
            )),
        }
    }
}

/// Scores a flower win as its own 筆 ([`score_flower`]) and settles it.
pub fn score_flower_win(
    win: FlowerWin,
    ctx: &Context,
    variant: &Variant,
    with_dice: bool,
) -> Result<Scored> {
    Scored::of(score_flower(win, ctx, variant, with_dice)?, variant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;

    fn tile(s: &str) -> Tile {
        match parse(s).map(|t| t.counts) {
            Ok(c) => Tile::new(c.iter().position(|&n| n > 0).unwrap_or(0)).unwrap(),
            Err(e) => panic!("{e}"),
        }
    }

    /// 000 計分 範例一: 門清, 自摸, 不求 = 3 tai; the three others pay 3 + 3 each, the dealer 5
    /// more (莊家台 1 + 2 × 連莊 2), so the nets are −11, +23, −6, −6 in tai.
    fn example_one() -> Context {
        Context {
            winner: 1,
            dealer: 0,
            streak: 2,
            seat_wind: crate::scoring::Wind::South,
            ..Context::new(1, WinKind::SelfDraw)
        }
    }

    #[test]
    fn the_hand_is_read_either_way() {
        let ctx = example_one();
        let v = Variant::taiwan();
        for hand in ["123456789m234p56p77s", "123456789m234p567p77s"] {
            let s = score_win(
                parse(hand).unwrap(),
                Vec::new(),
                tile("7p"),
                &ctx,
                &v,
                false,
            )
            .unwrap_or_else(|e| panic!("{hand}: {e}"));
            assert_eq!(s.score.total_tai, 3, "{hand}");
            assert!(s.allowed);
            assert_eq!(s.settlement.net_tai, [-11, 23, -6, -6], "{hand}");
        }
        // 17 tiles without the winning tile, or 16 holding four of it: the winning tile's error.
        let e = score_win(
            parse("123456789m234p568p77s").unwrap(),
            Vec::new(),
            tile("7p"),
            &ctx,
            &v,
            false,
        )
        .unwrap_err();
        assert_eq!(e.field().as_deref(), Some("win_tile"), "{e}");
        let e = Hand::winning(parse("1111m").unwrap(), Vec::new(), tile("1m"), 16).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("win_tile"), "{e}");
        // A count that fits neither is the hand's.
        let e = Hand::winning(parse("123456m").unwrap(), Vec::new(), tile("1m"), 16).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("hand"), "{e}");
    }

    #[test]
    fn under_the_threshold_nobody_pays() {
        // 002 起胡台數 3: a win under 3 tai is scored but not allowed, and nobody pays.
        let v = Variant::american();
        // Seat 2 wins seat 3's discard, neither the dealer: the hand's tai alone is weighed.
        let ctx = Context {
            dealer: 0,
            ..Context::new(2, WinKind::Discard { from: 3 })
        };
        let s = score_win(
            parse("123m456m78p234s11s").unwrap(),
            vec![Meld::parse("pon", "555s", 0).unwrap()],
            tile("9p"),
            &ctx,
            &v,
            false,
        )
        .unwrap();
        assert!(s.score.total_tai < u32::from(v.min_tai), "{:?}", s.score);
        assert!(!s.allowed);
        assert!(s.settlement.lines.is_empty());
        assert_eq!(s.settlement.net_tai, [0; 4]);
    }

    #[test]
    fn variants_of_two_sizes_are_refused_together() {
        let mut thirteen = Variant::taiwan();
        thirteen.hand_size = 13;
        let e = compare_win(
            parse("123456789m234p56p77s").unwrap(),
            Vec::new(),
            tile("7p"),
            &example_one(),
            &[Variant::taiwan(), thirteen],
            false,
        )
        .unwrap_err();
        assert_eq!(e.code(), "variant_error");
        assert!(
            e.to_string().contains("variant 1 reads 13-tile hands"),
            "{e}"
        );
        let c = compare_win(
            parse("123456789m234p56p77s").unwrap(),
            Vec::new(),
            tile("7p"),
            &example_one(),
            &[Variant::taiwan(), Variant::american()],
            false,
        )
        .unwrap();
        assert_eq!(c.scores.len(), 2);
        // The same 3 tai; american adds no item to this hand without dice.
        assert!(c.scores.iter().all(|s| s.allowed && s.score.total_tai == 3));
    }

    #[test]
    fn compare_counts_the_flowers_written_in_the_hand() {
        // 000 台數表 正花: seat 1 sits 南, whose flowers are 夏 (2f) and 蘭 (6f). Written in the
        // hand's notation, 夏 adds 正花 1 to 範例一's 門清自摸 3 under both variants, as
        // `score_win` counts it (compare ignored it before).
        let ctx = example_one();
        let variants = [Variant::taiwan(), Variant::american()];
        let hand = || parse("123456789m234p56p77s2f").unwrap();
        let c = compare_win(hand(), Vec::new(), tile("7p"), &ctx, &variants, false).unwrap();
        let single = score_win(hand(), Vec::new(), tile("7p"), &ctx, &variants[0], false).unwrap();
        assert_eq!(single.score.total_tai, 4);
        for s in &c.scores {
            assert_eq!(s.score.total_tai, 4, "{:?}", s.score.items);
            assert!(s.score.items.iter().any(|i| i.key == "seat_flower"));
        }
        // Flowers the context names win over the notation's, as for `score_win`.
        let said = Context {
            flowers: 0b0001_0000,
            ..example_one()
        };
        let c = compare_win(hand(), Vec::new(), tile("7p"), &said, &variants, false).unwrap();
        assert!(c.scores.iter().all(|s| s.score.total_tai == 3));
    }

    #[test]
    fn flower_wins_by_name() {
        assert_eq!(
            FlowerWin::parse("eight_immortals", None).unwrap(),
            FlowerWin::EightImmortals
        );
        assert_eq!(
            FlowerWin::parse("seven_rob_one", Some(2)).unwrap(),
            FlowerWin::SevenRobOne { robbed: 2 }
        );
        assert_eq!(
            FlowerWin::parse("seven_rob_one", None)
                .unwrap_err()
                .field()
                .as_deref(),
            Some("robbed")
        );
        assert_eq!(
            FlowerWin::parse("nine", None)
                .unwrap_err()
                .field()
                .as_deref(),
            Some("kind")
        );
    }
}
