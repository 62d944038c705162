//! Settlement (000 計分): one line per payer and per 筆, and each seat's net.

use crate::error::{Code, Error, Result};
use crate::rules::{Payment, Variant};
use crate::scoring::context::Seat;
use crate::scoring::score::Score;

/// What one payer pays one winner for one 筆 (as answered: `Score.payments`, `/v1/score`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// Index of the 筆 in the list given to [`settle`] (a fee, [`Settlement::fee`], has none:
    /// it carries the number of 筆).
    pub bill: usize,
    pub payer: Seat,
    pub payee: Seat,
    /// 底 in tai (底 money / 台 money: 3).
    pub base_tai: u32,
    /// The hand's tai (every payer pays it; 骰規台 included).
    pub hand_tai: u32,
    /// 莊家台 1 + 2N when this line is between the dealer and the counterpart, else 0.
    pub dealer_tai: u32,
    /// base + hand + dealer; 中庸全統制: (hand + dealer) × 3 from a discarder, × 2 on 自摸.
    pub total_tai: u32,
    /// What base + hand + dealer is multiplied by to make `total_tai`: 1; 中庸全統制's × 3 or
    /// × 2 (003); × 2 more on a doubled 筆 (`leopard_double`). The page writes the line's
    /// sum from it instead of knowing the payment rules.
    pub multiple: u32,
    /// `total_tai` × 台 (= 底 + (hand + dealer) × 台 with the base payment).
    pub money: u64,
}

/// The settlement of one hand.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Settlement {
    pub lines: Vec<Line>,
    /// Each seat's net in tai (收到 − 付出); the four sum to 0.
    pub net_tai: [i64; 4],
    /// The same in money.
    pub net_money: [i64; 4],
}

impl Settlement {
    /// A fee of `tai` 台 from seat `from` to seat `to`, no 底 and no dealer tai (003 註13 詢問費:
    /// 付一台詢問費給暗槓者); `bill` is the number of 筆 settled (the fee is none of them).
    pub fn fee(&mut self, bill: usize, from: Seat, to: Seat, tai: u32, variant: &Variant) {
        self.pay(Line {
            bill,
            payer: from,
            payee: to,
            base_tai: 0,
            hand_tai: tai,
            dealer_tai: 0,
            total_tai: tai,
            multiple: 1,
            money: u64::from(tai) * u64::from(variant.tai_money),
        });
    }

    /// `bases` 底 from seat `from` to seat `to`, no 台 (003 hk16 槓牌 暗槓 底: 向每家收一個底);
    /// one 底 is `base_money` whatever the payment. `bill` is the number of 筆 settled.
    pub fn base_fee(&mut self, bill: usize, from: Seat, to: Seat, bases: u32, variant: &Variant) {
        let base_tai = bases * variant.base_tai();
        self.pay(Line {
            bill,
            payer: from,
            payee: to,
            base_tai,
            hand_tai: 0,
            dealer_tai: 0,
            total_tai: base_tai,
            multiple: 1,
            money: u64::from(bases) * u64::from(variant.base_money),
        });
    }

    /// Adds one line and moves its amount from the payer to the payee (the nets stay balanced).
    fn pay(&mut self, line: Line) {
        let (tai, money) = (i64::from(line.total_tai), line.money as i64);
        self.net_tai[line.payer as usize] -= tai;
        self.net_tai[line.payee as usize] += tai;
        self.net_money[line.payer as usize] -= money;
        self.net_money[line.payee as usize] += money;
        self.lines.push(line);
    }
}

/// The error for a line whose tai do not fit the settlement's counters (only a caller-given
/// count can get there: a hand scored by the engine stays far below).
fn too_many_tai(field: &'static str, seat: Seat, tai: u32) -> Error {
    Error::context(
        field,
        format!("seat {seat}'s line of {tai} tai is too large to settle"),
    )
    .coded(Code::TaiTooLarge, &[("seat", &seat), ("tai", &tai)])
}

/// The hand and dealer tai one payer pays on one 筆 under the variant's 滿台 (`tai_cap`; 001
/// 台數表 各地: 滿台為八台不管怎麼胡最高為一底八台): their sum is at most the cap, the hand's
/// tai cut first to the cap and the dealer tai then to what is left; no cap at 0.
fn capped(variant: &Variant, hand_tai: u32, dealer_tai: u32) -> (u32, u32) {
    match u32::from(variant.scoring.tai_cap) {
        0 => (hand_tai, dealer_tai),
        cap => {
            let hand = hand_tai.min(cap);
            (hand, dealer_tai.min(cap - hand))
        }
    }
}

/// Settles the 筆 of one hand: a regular win, a flower win and the regular win after it, or
/// the three wins of 一砲三響. Each 筆 carries its own dealer tai (000 花牌與花胡). A 筆 whose
/// tai misses the 起胡 threshold for every payer is an error (002 起胡台數, README).
pub fn settle(bills: &[Score], variant: &Variant) -> Result<Settlement> {
    let mut out = Settlement::default();
    for (i, s) in bills.iter().enumerate() {
        if !s.reaches(variant.min_tai) {
            let tai = s
                .payers
                .iter()
                .map(|&p| s.threshold_tai_for(p))
                .max()
                .unwrap_or(s.total_tai);
            return Err(Error::context(
                "bills",
                format!(
                    "筆 {i}: {tai} tai (with the dealer tai of each payer, without the items scored after the win) is under the 起胡 threshold of {}",
                    variant.min_tai
                ),
            )
            .coded(
                Code::UnderMinTai,
                &[("i", &i), ("tai", &tai), ("min", &variant.min_tai)],
            ));
        }
        // `flower_win.combined` (issue #30): a flower 筆 folded into the same seat's regular
        // 筆 is paid there by the seats paying both; a seat paying only the flower 筆 pays it
        // alone.
        let folded = |payer: Seat| {
            variant.scoring.flower_win_combined && s.flower_win.is_some() && {
                bills.iter().any(|r| {
                    r.flower_win.is_none() && r.winner == s.winner && r.payers.contains(&payer)
                })
            }
        };
        let extra = |payer: Seat| -> u32 {
            if !variant.scoring.flower_win_combined || s.flower_win.is_some() {
                return 0;
            }
            bills
                .iter()
                .filter(|f| {
                    f.flower_win.is_some() && f.winner == s.winner && f.payers.contains(&payer)
                })
                .map(|f| f.total_tai)
                .sum()
        };
        for &payer in s.payers.iter().filter(|&&p| !folded(p)) {
            let (hand_tai, dealer_tai) =
                capped(variant, s.total_tai + extra(payer), s.dealer_tai_for(payer));
            // `flower_win.base` off (issue #30: 8 × 每台, no 底); 000 計分 pays 底 on every 筆.
            let base = if s.flower_win.is_some() && !variant.scoring.flower_win_base {
                0
            } else {
                variant.base_tai()
            };
            let (base_tai, k) = match variant.payment {
                Payment::Base => (base, 1),
                // 003 中庸全統制: no 底; 放槍 × 3 from the one payer, 自摸 × 2 from each of the
                // others (one with two players: still × 2).
                Payment::Zhongyong => (0, if s.self_drawn { 2 } else { 3 }),
            };
            // `leopard_double` (issue #30: （底 + 台）算完後整筆加倍).
            let multiple = k * if s.doubled { 2 } else { 1 };
            let total_tai = base_tai
                .checked_add(hand_tai)
                .and_then(|t| t.checked_add(dealer_tai))
                .and_then(|t| t.checked_mul(multiple));
            let total_tai = total_tai.ok_or_else(|| too_many_tai("bills", payer, hand_tai))?;
            out.pay(Line {
                bill: i,
                payer,
                payee: s.winner,
                base_tai,
                hand_tai,
                dealer_tai,
                total_tai,
                multiple,
                money: u64::from(total_tai) * u64::from(variant.tai_money),
            });
        }
    }
    Ok(out)
}

/// 詐胡: a false win (001 詐胡 and 台數表 詐胡: 一家賠三家, at the false win's tai; 003 詐胡的罰則:
/// 通賠三家, a ready seat at the tai it waited for, the others at the false win's tai).
/// `tai[s]` is what seat `s` is paid for (the offender's own entry is ignored); no dealer tai.
/// With 中庸全統制 each line is paid as a 自摸 line (× 2): 003 does not say, and 通賠三家 is
/// the three-payer shape. Only the variant's seated players (004: three or two) are paid.
pub fn false_win(offender: Seat, tai: [u32; 4], variant: &Variant) -> Result<Settlement> {
    let seats = variant.seats();
    if offender >= seats {
        return Err(crate::vocab::seat_error("offender", offender, seats));
    }
    let mut out = Settlement::default();
    for payee in (1..4).map(|d| (offender + d) % 4).filter(|&p| p < seats) {
        let hand_tai = tai[payee as usize];
        // Checked: the caller gives the tai, and a wrapped sum would settle a wrong amount.
        let (base_tai, multiple) = match variant.payment {
            Payment::Base => (variant.base_tai(), 1),
            Payment::Zhongyong => (0, 2),
        };
        let total_tai = base_tai
            .checked_add(hand_tai)
            .and_then(|t| t.checked_mul(multiple));
        let total_tai = total_tai.ok_or_else(|| too_many_tai("tai", payee, hand_tai))?;
        out.pay(Line {
            bill: 0,
            payer: offender,
            payee,
            base_tai,
            hand_tai,
            dealer_tai: 0,
            total_tai,
            multiple,
            money: u64::from(total_tai) * u64::from(variant.tai_money),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn false_win_tai_that_would_wrap_are_refused() {
        // Issue 12: (2**32 − 1) + 3 wrapped to 2 tai, paid as 200.
        let taiwan = Variant::taiwan();
        let err = false_win(0, [u32::MAX; 4], &taiwan).unwrap_err();
        assert!(
            matches!(&err, Error::Context { field, .. } if field == "tai"),
            "{err}"
        );
        // The largest that fits: 3 (底) + tai, each of the three others paid.
        let s = false_win(0, [u32::MAX - 3; 4], &taiwan).unwrap();
        assert_eq!(s.lines.len(), 3);
        assert!(s.lines.iter().all(|l| l.total_tai == u32::MAX));
        assert_eq!(s.net_tai[0], -3 * i64::from(u32::MAX));
        // 中庸全統制 doubles: 2**31 × 2 does not fit.
        let mut zhongyong = Variant::improved16();
        zhongyong.payment = Payment::Zhongyong;
        assert!(false_win(0, [1 << 31; 4], &zhongyong).is_err());
        assert!(false_win(0, [(1 << 31) - 1; 4], &zhongyong).is_ok());
    }
}
