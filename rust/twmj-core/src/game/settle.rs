//! A finished hand scored and settled: each 筆 of the [`HandResult`] through [`crate::scoring`].

use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::scoring::{
    self, settle, Context, FlowerWin, Replacement, Score, Scored, Settlement, Variant, Wind,
};
use crate::tile::Tile;
use crate::vocab::Int;

use super::result::{HandResult, Win, WinKind};
use super::state::State;

/// Where the hand sits in its match: what the scorer needs beyond the hand itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// 連莊 count N of the dealer.
    pub streak: u8,
    /// 圈風: 0 = 東 … 3 = 北.
    pub round_wind: u8,
    /// The opening dice (american 骰規台).
    pub dice: [u8; 3],
}

fn wind(i: u8) -> Wind {
    Wind::ALL[(i % 4) as usize]
}

impl Win {
    /// The 人胡 moment of a 天聽 declarer (003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍).
    fn heaven_ready_human(&self) -> bool {
        self.first_turn == Some(super::result::FirstTurn::Human)
            && self.declaration == crate::vocab::Declaration::HeavenReady
    }

    /// The scoring context of this 筆 (also what the 起胡 check of the game flow scores with)
    /// in a hand dealt by `dealer` with `east` sitting 東. `seats`: the seated players (door
    /// winds run 東, 南, … over them; 004; [`Variant::seats`]).
    pub(crate) fn context(&self, dealer: u8, east: u8, table: Table, seats: u8) -> Context {
        let n = seats;
        Context {
            winner: self.seat,
            dealer,
            streak: table.streak,
            seat_wind: wind((self.seat % n + n - east % n) % n),
            round_wind: wind(table.round_wind),
            // The replacement's cause does not change the tai (槓上開花 1); it is named by
            // what the hand shows (a flower, else its 暗槓, else its 加槓), which the scorer
            // checks the context against.
            win: match self.kind {
                WinKind::SelfDraw if self.replacement => {
                    WinKind::Replacement(if self.flowers != 0 {
                        Replacement::Flower
                    } else if self.melds.iter().any(|m| m.kind == MeldKind::Ankan) {
                        Replacement::Ankan
                    } else if self.melds.iter().any(|m| m.kind == MeldKind::Kakan) {
                        Replacement::Kakan
                    } else {
                        Replacement::Flower
                    })
                }
                kind => kind,
            },
            last_tile: self.last_tile,
            declared: self.declaration,
            // A 天聽 declarer's 人胡 moment (003 改良式: within the first eight discards, nobody
            // having called) is `first_eight`, not the first turn: it has discarded. On the
            // last discard too (a scripted short wall) the scorer refuses both, and 河底撈魚 is kept.
            first_turn: self.first_turn.is_some() && !self.heaven_ready_human(),
            first_eight: self.heaven_ready_human() && !self.last_tile,
            flowers: self.flowers,
            dice: Some(table.dice),
            // 003 hk16 七隻內: the winner's discards before the win.
            discards: self.discards,
            // 003 fan list 胡絕張: the winning tile's kind shown on the table.
            shown: self.shown,
        }
    }
}

/// The score of one regular win; 天胡 has no single winning tile, so every tile of the hand
/// is tried and the best reading kept. A 四槓胡 is scored on its kongs
/// ([`scoring::score_four_kongs`]).
pub(crate) fn regular(w: &Win, ctx: &Context, variant: &Variant) -> Result<Score> {
    if w.kind == WinKind::FourKongs {
        return scoring::score_four_kongs(&w.melds, ctx, variant);
    }
    if let Some(t) = w.tile {
        return scoring::score(&w.concealed, &w.melds, t, ctx, variant, false);
    }
    let mut best: Option<Score> = None;
    let mut last_err = None;
    for t in Tile::all().filter(|t| w.concealed[t.index()] > 0) {
        match scoring::score(&w.concealed, &w.melds, t, ctx, variant, false) {
            Ok(s) if best.as_ref().is_none_or(|b| s.total_tai > b.total_tai) => best = Some(s),
            Ok(_) => {}
            Err(e) => last_err = Some(e),
        }
    }
    match (best, last_err) {
        (Some(s), _) => Ok(s),
        (None, Some(e)) => Err(e),
        (None, None) => Err(crate::error::Error::hand("a win with no tiles")),
    }
}

/// Scores every 筆 of a finished hand under `variant` and settles them together (each 筆
/// with its own dealer tai; 000 花牌與花胡), then its 詢問費 (003 註13) and its 暗槓 底 (003
/// hk16 槓牌). A draw settles to nothing but those fees; a 詐胡 to its penalty (001 詐胡:
/// 一家賠三家, 一底 + the false win's tai each) and the same fees, with no 筆 (a 詐胡 is no
/// win, so a wrong asker still owes: 最後未胡時得付一台詢問費).
pub fn settle_hand(
    result: &HandResult,
    table: &Table,
    variant: &Variant,
) -> Result<(Vec<Score>, Settlement)> {
    if usize::from(table.round_wind) >= Wind::ALL.len() {
        return Err(crate::error::Error::context(
            "round_wind",
            format!("圈風 {} does not exist (0 = 東 … 3 = 北)", table.round_wind),
        )
        .coded(
            crate::error::Code::NotAWind,
            &[("value", &table.round_wind)],
        ));
    }
    if let Some(f) = result.false_win {
        let tai = [0, 1, 2, 3].map(|s| f.tai_for(s));
        let mut settlement = scoring::false_win(f.seat, tai, variant)?;
        fees(&mut settlement, result, 0, variant);
        return Ok((Vec::new(), settlement));
    }
    // A win scores the table's 連莊: refused under the table's own name for it
    // (`Game.settle(streak=…)`), before the scorer would name its context's.
    if !result.wins.is_empty() {
        variant.check_streak("streak", table.streak)?;
    }
    let mut bills = Vec::with_capacity(result.wins.len());
    for w in &result.wins {
        let ctx = w.context(result.dealer, result.east, *table, variant.seats());
        let bill = match w.kind {
            WinKind::EightFlowers | WinKind::SevenRobOne { .. } => {
                // 骰規台 counts once per hand, on the regular 筆 when there is one (002).
                let regular_follows = result
                    .wins
                    .iter()
                    .any(|o| o.seat == w.seat && !o.is_flower_win());
                let kind = match w.kind {
                    WinKind::SevenRobOne { from } => FlowerWin::SevenRobOne { robbed: from },
                    _ => FlowerWin::EightImmortals,
                };
                scoring::score_flower(kind, &ctx, variant, !regular_follows)?
            }
            // `flower_win.flowers_on_win` off (issue #30): the seat's flower 筆 of this hand
            // paid its flowers, so its regular 筆 counts no 正花/花槓.
            _ => match variant.without_flower_items().filter(|_| {
                result
                    .wins
                    .iter()
                    .any(|o| o.seat == w.seat && o.is_flower_win())
            }) {
                Some(v) => regular(w, &ctx, &v)?,
                None => regular(w, &ctx, variant)?,
            },
        };
        bills.push(bill);
    }
    // `flower_win.play_on` (issue #30): the flower 筆 was paid on the spot, on its own, so a
    // later regular win of the same seat cannot be folded into it (`flower_win.combined` is
    // moot): the hand's settlement is the paid 筆 plus the rest, and the nets add up.
    let separate;
    let payment = if variant.flow.flower_win_play_on && variant.scoring.flower_win_combined {
        let mut v = variant.clone();
        v.scoring.flower_win_combined = false;
        separate = v;
        &separate
    } else {
        variant
    };
    let mut settlement = settle(&bills, payment)?;
    fees(&mut settlement, result, bills.len(), variant);
    Ok((bills, settlement))
}

/// The fees of a hand after its `bills` 筆: 003 註13 詢問費 (1 台 per wrong ask by a seat that
/// did not win), then the 暗槓 底.
fn fees(settlement: &mut Settlement, result: &HandResult, bills: usize, variant: &Variant) {
    for &(payer, payee) in &result.fees {
        settlement.fee(bills, payer, payee, 1, variant);
    }
    ankan_fees(settlement, result, bills, variant);
}

/// 003 hk16 槓牌 (暗槓須抽出牌面向底，即可向每家收一個底): each 暗槓's owner collects the
/// variant's `ankan_fee` 底 from every other seated player (004: the empty seats pay nothing).
/// Collected when the kong is made, so it stands whoever wins, on a draw and on a 詐胡.
fn ankan_fees(settlement: &mut Settlement, result: &HandResult, bills: usize, variant: &Variant) {
    let fee = u32::from(variant.ankan_fee);
    if fee == 0 {
        return;
    }
    let seats = variant.seats();
    for &(owner, _) in &result.ankan_fees {
        for payer in (0..seats).filter(|&p| p != owner) {
            settlement.base_fee(bills, payer, owner, fee, variant);
        }
    }
}

/// A finished hand settled for a caller ([`State::settle`]): each 筆 scored and settled on its
/// own (its lines numbered by the 筆; `allowed` weighed against 起胡), and the hand's
/// settlement as a whole, fees included.
#[derive(Debug, Clone)]
pub struct Settled {
    pub bills: Vec<Scored>,
    pub settlement: Settlement,
}

impl State {
    /// Scores and settles the finished hand ([`settle_hand`]) under `variant`, at the 連莊
    /// count `streak` and the 圈風 `round_wind` (0 = 東 … 3 = 北); each is the hand's own
    /// when not given. A number too large for any table is named at its own field, one the
    /// variant refuses (a streak over `streak_cap`, a 圈風 past 北) by the scorer.
    pub fn settle(
        &self,
        variant: Option<&Variant>,
        streak: Option<&Int>,
        round_wind: Option<&Int>,
    ) -> Result<Settled> {
        let Some(result) = self.result() else {
            return Err(hand_not_over());
        };
        let variant = variant.unwrap_or(self.variant());
        let small = |field: &str, given: Option<&Int>, own: u8| {
            given.map_or(Ok(own), |n| {
                n.at_most(field, u8::MAX, |n| format!("{n} is out of range"))
            })
        };
        let own = self.own_table();
        let table = Table {
            streak: small("streak", streak, own.streak)?,
            round_wind: small("round_wind", round_wind, own.round_wind)?,
            ..own
        };
        Settled::of(result, table, variant)
    }

    /// The table this hand is played at: its 連莊 count, 圈風 and dice.
    pub(crate) fn own_table(&self) -> Table {
        Table {
            streak: self.rules().streak,
            round_wind: self.rules().round_wind,
            dice: self.dice(),
        }
    }
}

impl Settled {
    /// `result` scored and settled ([`settle_hand`]) at `table` under `variant`, each 筆's
    /// lines numbered by the 筆.
    fn of(result: &HandResult, table: Table, variant: &Variant) -> Result<Settled> {
        let (bills, settlement) = settle_hand(result, &table, variant)?;
        let bills = (0..)
            .zip(bills)
            .map(|(i, b)| Ok(Scored::of(b, variant)?.as_bill(i)))
            .collect::<Result<_>>()?;
        Ok(Settled { bills, settlement })
    }
}

impl State {
    /// The flower 筆 paid on the spot this hand while play goes on (`flower_win.play_on`,
    /// issue #30: 當場收分，照常開始打牌), settled on its own as it was paid: at its hand's
    /// 連莊 count, 圈風 and dice. Empty (no bill, no line) when none was paid or the hand is
    /// over (the hand's [`State::settle`] then holds it as its first 筆).
    pub fn settle_paid(&self) -> Result<Settled> {
        let result = HandResult {
            dealer: self.dealer,
            east: self.east,
            wins: self.paid.clone(),
            draw: None,
            false_win: None,
            fees: Vec::new(),
            ankan_fees: Vec::new(),
        };
        Settled::of(&result, self.own_table(), self.variant())
    }
}

/// The error for a hand asked for its settlement before it ended.
pub(crate) fn hand_not_over() -> Error {
    Error::context("game", "the hand is not over").coded(crate::error::Code::HandNotOver, &[])
}
