//! Per-wait value (PRODUCT Hand analysis): what each wait of a ready hand would score.

use crate::error::{Code, Error, Result};
use crate::hand::Meld;
use crate::rules::Variant;
use crate::scoring::context::{Context, WinKind};
use crate::scoring::score::{score, Score};
use crate::special::special_mask_own;
use crate::tile::{Counts, Tile};
use crate::waits::{exhausted, wait_mask};

/// One wait of a ready hand with its value on a discard and on a self-draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitValue {
    pub tile: Tile,
    /// The win is 獨聽 (one wait, by edge, closed or pair).
    pub single_wait: bool,
    /// The win on a discard from the winner's 上家 (the seat before it among the variant's
    /// seats); any discarder pays `tai_for(seat)`, which differs between seats only by the
    /// dealer tai.
    pub on_discard: Score,
    /// The win by self-draw from the wall; each of the three pays `tai_for(seat)`.
    pub on_self_draw: Score,
}

/// The waits of `concealed` (16 − 3k tiles, kinds held 4 times removed) each scored in `ctx`
/// (its `win` is replaced by a discard from the 上家 and by a self-draw); the special shapes'
/// waits are included when `variant` admits them.
pub fn wait_values(
    concealed: &Counts,
    melds: &[Meld],
    ctx: &Context,
    variant: &Variant,
) -> Result<Vec<WaitValue>> {
    let n: usize = concealed.iter().map(|&c| c as usize).sum();
    // 004 兩人麻將 13 張版: a 13-tile hand is ready with 13 − 3k concealed tiles.
    let size = usize::from(variant.hand_size);
    if melds.len() > size / 3 || n + 3 * melds.len() != size {
        return Err(Error::hand(format!(
            "the hand has {n} concealed tiles; with {} melds a ready hand has {}{}",
            melds.len(),
            size.saturating_sub(3 * melds.len()),
            if size == 16 {
                String::new()
            } else {
                format!(" (hand_size {size})")
            }
        ))
        .coded(
            Code::WrongTileCount,
            &[
                ("what", &"聽牌的手牌"),
                ("n", &n),
                ("want", &size.saturating_sub(3 * melds.len())),
            ],
        )
        .coded_if(
            melds.len() > size / 3,
            Code::TooManyMelds,
            &[("n", &melds.len()), ("max", &(size / 3))],
        ));
    }
    let mut own = *concealed;
    for m in melds {
        m.add_to(&mut own);
    }
    // The special shapes' waits too, when the variant admits them (003 瀝咕瀝咕, 十三么).
    let in_frame = melds.len() + variant.missing_sets();
    let special = special_mask_own(concealed, in_frame, &own, variant.special.beside(melds));
    let mask = (wait_mask(concealed) | special) & !exhausted(&own);
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let Some(tile) = Tile::new(i) else { continue };
        let mut full = *concealed;
        full[i] += 1;
        let at = |win: WinKind| {
            // `shown` (胡絕張) is about one winning tile; each wait is another.
            let c = Context {
                win,
                shown: None,
                ..ctx.clone()
            };
            score(&full, melds, tile, &c, variant, false)
        };
        // The 上家 is the seat one before in turn (004: 坐你左手邊、剛好在你前一個輪的人), among
        // the variant's seated players (004 三人坐三邊: seats 0–2; 兩人: 0–1).
        let seats = variant.seats();
        let on_discard = at(WinKind::Discard {
            from: (ctx.winner % seats + seats - 1) % seats,
        })?;
        let on_self_draw = at(WinKind::SelfDraw)?;
        let single_wait =
            mask.is_power_of_two() && on_discard.win_block.is_some_and(|(_, s)| s.is_single());
        out.push(WaitValue {
            tile,
            single_wait,
            on_discard,
            on_self_draw,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;

    #[test]
    fn the_discard_comes_from_a_seat_at_the_table() {
        // Issue 31 item 9: the 上家 was computed among four seats, so under 004's three and
        // two seated players (三人坐三邊, 北 empty; 兩人 seats 0 and 1) seat 0's value on a
        // discard asked for seat 3, which is not at the table.
        for (v, hand, upper) in [
            (
                Variant::three_player(),
                "111m999m123p456p789s1z",
                &[2, 0, 1][..],
            ),
            (Variant::two_player(), "111222333m444z555z6z", &[1, 0]),
            (Variant::taiwan(), "111m999m123p456p789s1z", &[3, 0, 1, 2]),
        ] {
            let tiles = parse(hand).unwrap().counts;
            for winner in 0..v.seats() {
                let ctx = Context::new(winner, WinKind::SelfDraw);
                let vals = wait_values(&tiles, &[], &ctx, &v)
                    .unwrap_or_else(|e| panic!("{} seat {winner}: {e}", v.preset));
                assert_eq!(vals.len(), 1, "{}", v.preset);
                let w = &vals[0];
                assert_eq!(
                    &*w.on_discard.payers,
                    &[upper[usize::from(winner)]],
                    "{} seat {winner}",
                    v.preset
                );
                assert_eq!(w.on_self_draw.payers.len(), usize::from(v.seats()) - 1);
            }
        }
    }
}
