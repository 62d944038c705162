//! A win as a caller states it (the binding, the service), the one entry of the scoring use
//! cases: the hand read either way or the flowers, scored under one variant or several,
//! settled, and whether the variant lets it be won at all; and a ready hand's waits priced.

use crate::error::{Code, Error, Result};
use crate::hand::{Hand, Meld};
use crate::notation::{self, Symbol, Tiles};
use crate::rules::Variant;
use crate::scoring::compare::compare;
use crate::scoring::context::{Context, Seat, WinKind};
use crate::scoring::score::{score, score_flower, score_hand, FlowerWin, Score};
use crate::scoring::settle::{settle, Settlement};
use crate::scoring::value::wait_values;
use crate::tile::Tile;
use crate::vocab::{Int, SEATS};

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

    /// The same, its lines numbered as the `bill`-th 筆 of a hand.
    #[must_use]
    pub fn as_bill(mut self, bill: usize) -> Scored {
        for l in &mut self.settlement.lines {
            l.bill += bill;
        }
        self
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

impl Default for Context {
    /// [`Context::new`]: seat 0 deals and wins by self-draw.
    fn default() -> Context {
        Context::new(0, WinKind::SelfDraw)
    }
}

/// What a claim says was won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Won {
    /// A hand won on `win_tile`: `tiles` hold the 16 − 3k concealed tiles the winning tile
    /// completes or the 17 − 3k that hold it ([`Hand::winning`]); under `win = "four_kongs"`
    /// the tiles besides the four kongs.
    Hand {
        tiles: Tiles,
        melds: Vec<Meld>,
        win_tile: Tile,
    },
    /// A flower win as its own 筆 (000 花牌與花胡); `with_dice`: 骰規台 rides on it (002: once a
    /// hand, on the regular 筆 when there is one).
    Flowers { win: FlowerWin, with_dice: bool },
}

/// A win as a caller states it: what was won, its context, and whether to list the items
/// that did not count. [`Claim::score`] and [`Claim::compare`] answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub won: Won,
    pub context: Context,
    pub why_not: bool,
}

/// The one tile of `text` (the winning tile); anything else is an error at `win_tile`.
fn one_tile(text: &str) -> Result<Tile> {
    match notation::symbols(text)
        .map_err(|e| e.at("win_tile"))?
        .as_slice()
    {
        [Symbol::Tile(t, _)] => Ok(*t),
        _ => Err(Error::hand(format!("'{text}' is not one tile"))
            .at("win_tile")
            .coded(
                Code::NotOnePiece,
                &[("field", &"胡的牌"), ("what", &"牌"), ("text", &text)],
            )),
    }
}

impl Claim {
    /// A hand won on `win_tile` (one tile in notation).
    pub fn hand(
        tiles: Tiles,
        melds: Vec<Meld>,
        win_tile: &str,
        context: Context,
        why_not: bool,
    ) -> Result<Claim> {
        Ok(Claim {
            won: Won::Hand {
                tiles,
                melds,
                win_tile: one_tile(win_tile)?,
            },
            context,
            why_not,
        })
    }

    /// The flower win named `kind` ([`FlowerWin::parse`]: `eight_flowers` 八仙過海, also read
    /// as its row's key `eight_immortals`, or `seven_rob_one` 七搶一, which needs the `robbed`
    /// seat); the context must hold all 8 flowers.
    pub fn flowers(
        kind: &str,
        robbed: Option<&Int>,
        context: Context,
        with_dice: bool,
    ) -> Result<Claim> {
        let robbed = robbed.map(|r| r.seat("robbed", SEATS)).transpose()?;
        Ok(Claim {
            won: Won::Flowers {
                win: FlowerWin::parse(kind, robbed)?,
                with_dice,
            },
            context,
            why_not: false,
        })
    }

    /// Scores the win under `variant` (max tai over every decomposition) and settles it.
    /// Errors about the tiles name `hand`, about the winning tile `win_tile`.
    pub fn score(&self, variant: &Variant) -> Result<Scored> {
        let (tiles, melds, win_tile) = match &self.won {
            Won::Flowers { win, with_dice } => {
                return Scored::of(
                    score_flower(*win, &self.context, variant, *with_dice)?,
                    variant,
                );
            }
            Won::Hand {
                tiles,
                melds,
                win_tile,
            } => (tiles, melds, *win_tile),
        };
        let ctx = &self.context;
        // A reading of the hand that fails (not a complete hand) is about `hand`.
        let s = if ctx.win == WinKind::FourKongs {
            // A 四槓胡's hand is not complete: its tiles are scored as given, the winning tile
            // (the fourth kong's) not added; the flowers written with them count.
            let ctx = ctx.or_flowers(tiles.flowers);
            score(&tiles.counts, melds, win_tile, &ctx, variant, self.why_not)
        } else {
            let h = Hand::winning(*tiles, melds.clone(), win_tile, variant.hand_size)?;
            score_hand(&h, win_tile, ctx, variant, self.why_not)
        }
        .map_err(|e| e.at("hand"))?;
        Scored::of(s, variant)
    }

    /// Scores the win (a hand, as [`Claim::score`] reads it) under every variant and lists
    /// the items that differ. One hand has one size: variants that read hands of different
    /// sizes (004 13 張版 and the 16-tile game) cannot score it together.
    pub fn compare(&self, variants: &[Variant]) -> Result<Compared> {
        let Won::Hand {
            tiles,
            melds,
            win_tile,
        } = &self.won
        else {
            return Err(Error::context(
                "kind",
                "a flower win is its own 筆, the same under every variant that counts it: \
                 compare takes a hand",
            )
            .coded(
                Code::ScoredApart,
                &[("win", &"花胡"), ("how", &"每個規則都一樣，比較只比一手牌")],
            ));
        };
        let win = *win_tile;
        let size = variants.first().map_or(16, |v| v.hand_size);
        if let Some((i, other)) = (0..).zip(variants).find(|(_, v)| v.hand_size != size) {
            return Err(Error::variant(
                "hand_size",
                format!(
                    "variant {i} reads {}-tile hands and variant 0 {size}-tile ones: one hand \
                     cannot be both",
                    other.hand_size
                ),
            )
            .coded(
                Code::SettingConflict,
                &[
                    ("key", &"hand_size"),
                    (
                        "why",
                        &format!(
                            "第 {i} 個規則是 {} 張，第 0 個是 {size} 張",
                            other.hand_size
                        ),
                    ),
                ],
            ));
        }
        // Read as `score` reads it: the flowers written with the tiles count in every variant
        // (000 花牌: a flower held is the player's, whichever way the caller wrote it).
        let ctx = self.context.or_flowers(tiles.flowers);
        let (concealed, melds) = if ctx.win == WinKind::FourKongs {
            (tiles.counts, melds.clone())
        } else {
            let h = Hand::winning(*tiles, melds.clone(), win, size)?;
            (h.concealed, h.melds)
        };
        let c = compare(&concealed, &melds, win, &ctx, variants, self.why_not)
            .map_err(|e| e.at("hand"))?;
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
}

/// One win scored under several variants ([`Claim::compare`]).
#[derive(Debug, Clone)]
pub struct Compared {
    /// One scored win per variant, in the order given.
    pub scores: Vec<Scored>,
    /// Items counted differently by at least two of the variants, in table order: the key, the
    /// name the first variant counting it gives it (improved16's 圈風刻, hk16's 合風 …), and its
    /// tai under every variant (0 when not counted).
    pub differing: Vec<(&'static str, &'static str, Vec<u32>)>,
}

impl FlowerWin {
    /// The flower win named `kind`: by its win kind's key, as records and the vocabulary name
    /// it (`eight_flowers` 八仙過海, `seven_rob_one` 七搶一, which needs the `robbed` seat), or by
    /// its row's key in the tai table (`eight_immortals`, `tai.eight_immortals`; 七搶一's row
    /// has the same key as its kind). Both names are kept: the first is the one the game's
    /// results use, the second the one the settings use.
    pub fn parse(kind: &str, robbed: Option<Seat>) -> Result<FlowerWin> {
        let eight = FlowerWin::EightImmortals;
        let seven = FlowerWin::SevenRobOne { robbed: 0 };
        let is = |w: FlowerWin| kind == w.kind().key() || kind == w.item().key();
        if is(eight) {
            return Ok(eight);
        }
        if is(seven) {
            return robbed
                .map(|r| FlowerWin::SevenRobOne { robbed: r })
                .ok_or_else(|| {
                    Error::context("robbed", format!("{} needs robbed", seven.kind().key()))
                        .coded(Code::RequiredField, &[("key", &"robbed")])
                });
        }
        Err(Error::context(
            "kind",
            format!(
                "unknown flower win '{kind}' (expected {} (or its row's key {}) or {})",
                eight.kind().key(),
                eight.item().key(),
                seven.kind().key()
            ),
        )
        .coded(
            Code::UnknownName,
            &[
                ("what", &"花胡"),
                ("name", &kind),
                (
                    "expected",
                    &format!(
                        "{}、{}、{}",
                        eight.kind().key(),
                        eight.item().key(),
                        seven.kind().key()
                    ),
                ),
            ],
        ))
    }
}

/// One wait of a ready hand, won on a discard from the winner's 上家 and by self-draw, each
/// scored and settled ([`priced_waits`]).
#[derive(Debug, Clone)]
pub struct PricedWait {
    pub tile: Tile,
    /// The win is 獨聽 (one wait, by edge, closed or pair).
    pub single_wait: bool,
    pub on_discard: Scored,
    pub on_self_draw: Scored,
}

/// Each wait of a ready hand ([`wait_values`]) scored in `ctx` and settled; the flowers
/// written with the hand count when the context names none.
pub fn priced_waits(hand: &Hand, ctx: &Context, variant: &Variant) -> Result<Vec<PricedWait>> {
    let ctx = ctx.or_flowers(hand.flowers);
    wait_values(&hand.concealed, &hand.melds, &ctx, variant)?
        .into_iter()
        .map(|w| {
            Ok(PricedWait {
                tile: w.tile,
                single_wait: w.single_wait,
                on_discard: Scored::of(w.on_discard, variant)?,
                on_self_draw: Scored::of(w.on_self_draw, variant)?,
            })
        })
        .collect()
}
