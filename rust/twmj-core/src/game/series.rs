//! A match (一將) of hands: dealer rotation, 連莊 with its cap, round winds (000 怎麼玩, 連莊).

use super::result::{HandResult, WinKind};
use super::settle::{hand_not_over, settle_hand, Table};
use super::state::{Deal, Rules, SplitMix64, State, SEATS};
use crate::error::{Code, Error, Result};
use crate::rules::{Dealing, Variant};

/// 001 抽位: who sits where. The players are numbered by the seats they first take (四人先隨機
/// 決定位子); one of them rolls three dice, the total counted from the roller as 1 in turn order
/// names who draws a wind tile first and the 東風位; the four winds, face down and mixed, are
/// drawn in turn order from there; each player then sits at the 東風位 plus the wind drawn
/// (南 its 下家, 西 across, 北 its 上家).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatDraw {
    /// The player who rolled.
    pub roller: u8,
    pub dice: [u8; 3],
    /// The player who drew first; the seat they sat at is the 東風位.
    pub first: u8,
    /// The wind tile each player drew: 0 = 東 … 3 = 北.
    pub winds: [u8; SEATS],
    /// The seat each player sits at after the draw (the 東 drawer at the 東風位).
    pub seats: [u8; SEATS],
}

impl SeatDraw {
    /// The seat draw of `n` players (4, 3 or 2: the winds 東南西北 cut to the seated ones) from
    /// `rng`: the roller, the three dice, then the shuffle of the wind tiles.
    pub fn draw(rng: &mut SplitMix64, n: u8) -> SeatDraw {
        let n = n.clamp(2, SEATS as u8);
        let roller = rng.below(usize::from(n)) as u8;
        let dice = [0; 3].map(|_: u8| rng.below(6) as u8 + 1);
        let total = dice.iter().sum::<u8>();
        let first = (roller + (total + n - 1) % n) % n;
        let mut tiles: Vec<u8> = (0..n).collect();
        rng.shuffle(&mut tiles);
        let mut winds = [0u8; SEATS];
        let mut seats = [0u8; SEATS];
        for k in 0..n {
            let player = (first + k) % n;
            let w = tiles[usize::from(k)];
            winds[usize::from(player)] = w;
            seats[usize::from(player)] = (first + w) % n;
        }
        SeatDraw {
            roller,
            dice,
            first,
            winds,
            seats,
        }
    }
}

/// Most 連莊 in a row: the hand at this count is played, then the deal passes (000 連莊).
pub const MAX_STREAK: u8 = 18;

/// Where a match stands: who deals the next hand, the 連莊 count and the round wind.
#[derive(Debug, Clone)]
pub struct Match {
    /// 1-based number of the next hand.
    pub hand: u32,
    pub dealer: u8,
    /// 連莊 count N of the next hand (dealer tai 1 + 2N, scored elsewhere).
    pub streak: u8,
    /// 圈風 of the next hand: 0 = 東 … 3 = 北.
    pub round_wind: u8,
    /// The seat that dealt the first hand; a round ends when the deal comes back to it.
    pub first_dealer: u8,
    pub over: bool,
    /// 001 抽位, under `dealing = "wall"`: who sits where; its 東風位 (`first`) is the 假莊 who
    /// rolls for the first hand, and the dice pick the first dealer (see [`Match::deal`]).
    pub seat_draw: Option<SeatDraw>,
    /// Each seat's net tai over the hands finished so far ([`Match::finish_hand`]).
    pub totals: [i64; SEATS],
    rng: SplitMix64,
    /// The variant whose set and seats are dealt (004: three or two seated players).
    variant: Variant,
    /// The dice of the hand [`Match::next_hand`] handed out and not yet finished.
    current: Option<[u8; 3]>,
}

impl Match {
    /// A match dealt with `variant`'s set among its seated players (004 兩人麻將、三人麻將規則):
    /// the deal rotates over seats `0..players`, and the match runs one round per seated
    /// wind (東南西北 for four, 東南西 for three, 東南 for two; docs/variants.md).
    ///
    /// Under `dealing = "wall"` (001 抽位, 起莊) `first_dealer` is not used: the seats are
    /// drawn first ([`SeatDraw`], from the match's generator), the player at the 東風位 is the
    /// 假莊, and the first deal's dice pick the dealer; `dealer` and `first_dealer` hold the
    /// 假莊's seat until [`Match::deal`] has dealt the first hand.
    pub fn new(seed: u64, first_dealer: u8, variant: &Variant) -> Match {
        let n = variant.seats();
        let mut rng = SplitMix64::new(seed);
        let seat_draw = (variant.flow.dealing == Dealing::Wall).then(|| {
            let mut draw_rng = SplitMix64::new(rng.next_u64());
            SeatDraw::draw(&mut draw_rng, n)
        });
        let first_dealer = seat_draw.map_or(first_dealer % n, |d| d.first);
        Match {
            variant: variant.clone(),
            hand: 1,
            dealer: first_dealer,
            streak: 0,
            round_wind: 0,
            first_dealer,
            over: false,
            seat_draw,
            totals: [0; SEATS],
            rng,
            current: None,
        }
    }

    /// The variant the match is played under.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The next hand as a game: dealt by the match ([`Match::deal`]) or from `script`
    /// ([`Match::scripted`]), its dealer, 連莊 count and 圈風 the match's. One hand at a
    /// time: the next waits until [`Match::finish_hand`] has settled this one.
    pub fn next_hand(&mut self, script: Option<Deal>) -> Result<State> {
        if self.over {
            return Err(Error::context("match", "the match is over").coded(Code::MatchOver, &[]));
        }
        if self.current.is_some() {
            return Err(Error::context("match", "finish the current hand first")
                .coded(Code::HandInProgress, &[]));
        }
        let deal = match script {
            Some(d) => self.scripted(d),
            None => self.deal(),
        };
        let rules = Rules::new(&self.variant, self.streak, self.round_wind);
        let state = State::from_deal_ruled(deal, rules)?;
        self.current = Some(state.dice());
        Ok(state)
    }

    /// Settles the finished hand `game` (the one [`Match::next_hand`] gave), adds it to the
    /// totals, moves the match on ([`Match::finish`]) and returns the hand's net tai per seat.
    pub fn finish_hand(&mut self, game: &State) -> Result<[i64; SEATS]> {
        let Some(r) = game.result() else {
            return Err(hand_not_over());
        };
        let rules = game.rules();
        if self.current != Some(game.dice())
            || game.dealer() != self.dealer
            || rules.streak != self.streak
            || rules.round_wind != self.round_wind
        {
            return Err(
                Error::context("game", "this is not the match's current hand")
                    .coded(Code::NotCurrentHand, &[]),
            );
        }
        let table = Table {
            streak: self.streak,
            round_wind: self.round_wind,
            dice: game.dice(),
        };
        let (_, s) = settle_hand(r, &table, &self.variant)?;
        for (t, n) in self.totals.iter_mut().zip(s.net_tai) {
            *t += n;
        }
        self.finish(r);
        self.current = None;
        Ok(s.net_tai)
    }

    /// The deal of the next hand: the first hand opens the dealer's own wall, later ones
    /// (連莊 included) let the dice pick it (000 門風與正花).
    ///
    /// Under `dealing = "wall"` the first hand is rolled by the 假莊 and its dice pick the
    /// dealer (001 起莊): `dealer` and `first_dealer` become that seat.
    pub fn deal(&mut self) -> Deal {
        let deal = Deal::from_seed(
            self.rng.next_u64(),
            self.dealer,
            self.hand > 1,
            &self.variant,
        );
        if self.hand == 1 {
            self.dealer = deal.dealer;
            self.first_dealer = deal.dealer;
        }
        deal
    }

    /// The next hand from a script instead of the match's shuffle (a game server's own deal, a
    /// test): the match's dealer deals `deal`'s tiles and, from the second hand on, the dice
    /// pick the opening wall as for a seeded deal (000 門風與正花). The first hand under
    /// `dealing = "wall"` is dealt by the match's dealer too (the script chose the seats).
    pub fn scripted(&self, mut deal: Deal) -> Deal {
        deal.dealer = self.dealer;
        deal.door_from_dice = self.hand > 1;
        deal.origin = None;
        deal
    }

    /// Seated players (4, 3 or 2).
    pub fn seats(&self) -> u8 {
        self.variant.seats()
    }

    /// True when the dealer keeps the deal after `result`: a draw, or the dealer won a 筆.
    /// (000 連莊 speaks of the dealer's net income when several 筆 settle at once; in every
    /// multi-筆 ending of this preset — 一砲三響, a flower win with its regular win — a
    /// winning dealer only receives, so winning and net income coincide.)
    /// A 詐胡 ends the hand with no win: the dealer keeps the deal, as on a draw (001 下莊: the
    /// deal passes only when a non-dealer wins).
    ///
    /// `flower_win.play_on` (issue #30): a flower 筆 paid on the spot did not end the hand, so
    /// it has no say in the deal ([`HandResult::ending_wins`]): the hand's real end decides. A
    /// hand that then runs out is a 流局 and the dealer keeps the deal (000 連莊: 流局莊家連莊;
    /// 001 流局: 若流局，則莊家繼續不變), whoever was paid the flowers; a 閒家's later win
    /// passes it (001 下莊), the dealer's own paid flower 筆 notwithstanding (it was settled
    /// on its own when paid, not 同時結算 with that win).
    ///
    /// After a 四槓胡 under `four_kongs_pass_deal` the deal passes, whoever won (001 台數表
    /// 四槓牌: 莊家不再繼續連莊).
    pub fn dealer_keeps(&self, result: &HandResult) -> bool {
        if self.variant.flow.four_kongs_pass_deal
            && result.wins.iter().any(|w| w.kind == WinKind::FourKongs)
        {
            return false;
        }
        let mut ends = result.ending_wins(&self.variant).peekable();
        ends.peek().is_none() || ends.any(|w| w.seat == self.dealer)
    }

    /// Moves to the next hand after `result`; returns true when the match is over (four
    /// rounds, 東南西北).
    pub fn finish(&mut self, result: &HandResult) -> bool {
        if self.over {
            return true;
        }
        // The variant's cap (18 in every preset, 000 連莊; a house rule may change it).
        if self.dealer_keeps(result) && self.streak < self.variant.streak_cap {
            self.streak += 1;
        } else {
            self.streak = 0;
            self.dealer = (self.dealer + 1) % self.seats();
            if self.dealer == self.first_dealer {
                self.round_wind += 1;
                if self.round_wind == self.seats() {
                    self.over = true;
                }
            }
        }
        self.hand += 1;
        self.over
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::legal_actions;

    /// Plays `st` to its end with each seat's first legal action.
    fn play_out(st: &mut State) {
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let a = legal_actions(st, seat)[0];
            st.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn the_match_keeps_its_hands_in_order_and_their_totals() {
        let mut m = Match::new(11, 0, &Variant::taiwan());
        let mut first = m.next_hand(None).unwrap();
        // One hand at a time.
        let e = m.next_hand(None).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("match"), "{e}");
        assert_eq!(
            m.finish_hand(&first).unwrap_err().field().as_deref(),
            Some("game")
        );
        play_out(&mut first);
        // Another hand (not the one handed out) is refused.
        let mut other = State::from_seed(99, &Variant::taiwan());
        play_out(&mut other);
        if other.dice() != first.dice() {
            assert!(m.finish_hand(&other).is_err());
        }
        let net = m.finish_hand(&first).unwrap();
        // The totals are the sum of the hands' nets, and every hand's net sums to 0.
        assert_eq!(m.totals, net);
        assert_eq!(net.iter().sum::<i64>(), 0);
        assert_eq!(m.hand, 2);
        let mut second = m.next_hand(None).unwrap();
        play_out(&mut second);
        let net2 = m.finish_hand(&second).unwrap();
        let sum: Vec<i64> = net.iter().zip(net2).map(|(a, b)| a + b).collect();
        assert_eq!(m.totals.to_vec(), sum);
    }

    #[test]
    fn an_over_match_deals_no_more() {
        let mut m = Match::new(3, 0, &Variant::taiwan());
        m.over = true;
        assert_eq!(
            m.next_hand(None).unwrap_err().to_string(),
            Error::context("match", "the match is over").to_string()
        );
    }
}
