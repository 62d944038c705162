//! 過水 of one seat as a state machine: its states, and one transition per event of play that
//! changes it. The flow calls the transitions (`flow.rs`), legality reads the state
//! ([`Furiten::blocks_win`]); nothing else writes it.
//!
//! The rule texts (`shared/rules/`):
//!
//! - 000 過水: 能胡而選擇不胡，就是過水 — a winning discard or 加槓 let go, a win passed for 吃碰槓,
//!   a self-draw let go, a 明槓's winning replacement (明槓補牌不能自摸，所以直接進入過水). 過水期間，
//!   任何牌都不能胡，自摸也不行. Its release table: a drawn tile that does not win, then a discard,
//!   releases; a drawn winning tile holds (接著打哪一張都不解除); an 暗槓 or 加槓 of a tile that
//!   does not win releases, a kong of a winning tile holds; a call that leaves the hand complete
//!   holds, one that does not releases with the discard after it.
//! - 001 過水 / 過手 (`furiten_release = own_draw`): 有人放槍而不胡 (only a passed discard, with
//!   `furiten_self_draw` off); 過手: 輪到自己摸進一張「不能胡的牌」後，在捨出一張手牌後 — a kong or a
//!   call neither releases nor holds, the next draw decides.
//! - 002 過水: 台數不到起胡 … 也算放棄胡牌、進入過水 (a win refused by 起胡).
//! - 003 過水特殊規定: a win declined for 起胡 alone may still be taken on the dealer's discard of
//!   the same tile while that 過水 lasts (`furiten_dealer_exception`; the state keeps the tile).
//! - 004 過水: 很多桌有這條，也有不管的 (`furiten_ignored`: never enters 過水).
//! - 004 過水 (`furiten_release = next_draw`; `three_player`, `two_player`): 別人打出你能胡的牌、你沒有
//!   喊胡，在你下一次摸牌之前，不能再胡同一張 — only the tile let go is barred ([`Furiten::Barred`]),
//!   and the seat's next draw releases it, whatever else happens before.

use crate::rules::{Flow, FuritenRelease};
use crate::tile::Tile;

/// A seat's 過水.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Furiten {
    /// Not in 過水: the seat may win.
    #[default]
    Clear,
    /// In 過水 (no win, 自摸 included); the seat's next discard releases it.
    UntilDiscard {
        /// The tile of a win declined for 起胡 alone when that made this 過水 (003 過水特殊規定).
        declined: Option<Tile>,
    },
    /// In 過水, and the discard of this turn does not release it (the drawn tile wins, a kong of
    /// a winning tile, a call that left the hand complete, a self-draw let go); after that
    /// discard the seat is [`Furiten::UntilDiscard`].
    Held {
        /// As in [`Furiten::UntilDiscard`].
        declined: Option<Tile>,
    },
    /// 004 過水 (`furiten_release = next_draw`): only these kinds (bit i = kind i) may not be
    /// won, until the seat's next draw; every other win is open.
    Barred { kinds: u64 },
}

impl Furiten {
    /// The seat is in 過水: some win is barred — every one (000 過水期間，任何牌都不能胡，自摸也不行),
    /// or under 004's rule the tiles let go ([`Furiten::bars`] says which).
    pub const fn blocks_win(self) -> bool {
        !matches!(self, Furiten::Clear)
    }

    /// A win on `tile` is barred (`None`: a win whose tile is not known, barred only by a 過水
    /// that bars every win). 000, 001: every win in 過水; 004: only the tiles let go.
    pub fn bars(self, tile: Option<Tile>) -> bool {
        match self {
            Furiten::Clear => false,
            Furiten::UntilDiscard { .. } | Furiten::Held { .. } => true,
            Furiten::Barred { kinds } => tile.is_some_and(|t| kinds >> t.index() & 1 == 1),
        }
    }

    /// 004 過水: `tile` barred too, until the next draw. A 過水 that bars every win (read from a
    /// snapshot) stays as it is.
    const fn bar(self, tile: Tile) -> Furiten {
        let bit = 1u64 << tile.index();
        match self {
            Furiten::Clear => Furiten::Barred { kinds: bit },
            Furiten::Barred { kinds } => Furiten::Barred { kinds: kinds | bit },
            Furiten::UntilDiscard { .. } | Furiten::Held { .. } => self,
        }
    }

    /// In 過水, and this turn's discard does not release it.
    pub const fn held(self) -> bool {
        matches!(self, Furiten::Held { .. })
    }

    /// The tile of a win declined for 起胡 alone that made this 過水 (003 過水特殊規定).
    pub const fn declined(self) -> Option<Tile> {
        match self {
            Furiten::Clear | Furiten::Barred { .. } => None,
            Furiten::UntilDiscard { declined } | Furiten::Held { declined } => declined,
        }
    }

    /// The state from its three facts (a snapshot's fields): in 過水, held, the declined tile.
    /// Not in 過水, the other two say nothing.
    pub const fn from_parts(on: bool, held: bool, declined: Option<Tile>) -> Furiten {
        match (on, held) {
            (false, _) => Furiten::Clear,
            (true, false) => Furiten::UntilDiscard { declined },
            (true, true) => Furiten::Held { declined },
        }
    }

    /// 004 過水 (`furiten_release = next_draw`) read from a snapshot: the kinds let go (bit i =
    /// kind i) may not be won until the seat's next draw; none barred is no 過水.
    pub const fn barring(kinds: u64) -> Furiten {
        if kinds == 0 {
            Furiten::Clear
        } else {
            Furiten::Barred { kinds }
        }
    }

    /// The same 過水 held (or not) this turn, the declined tile kept; 004's lasts until the next
    /// draw whatever is held.
    const fn with_hold(self, held: bool) -> Furiten {
        match self {
            Furiten::Clear | Furiten::Barred { .. } => self,
            Furiten::UntilDiscard { declined } | Furiten::Held { declined } => {
                Furiten::from_parts(true, held, declined)
            }
        }
    }

    // ------------------------------------------------------------ events of others' offers

    /// The seat let a winning discard or 加槓 go, or took it by 吃碰槓 (000 過水: 別人打出（或加槓）
    /// 你能胡的牌而你不胡、能胡卻選擇吃碰槓), `tile` the tile offered. A declined tile is forgotten:
    /// this 過水 is not 003's. Under 004's rule only `tile` is barred.
    #[must_use]
    pub fn passed_a_win(self, flow: &Flow, tile: Option<Tile>) -> Furiten {
        if flow.furiten_ignored {
            return self;
        }
        if flow.furiten_release == FuritenRelease::NextDraw {
            return tile.map_or(self, |t| self.bar(t));
        }
        match self {
            Furiten::Held { .. } => Furiten::Held { declined: None },
            _ => Furiten::UntilDiscard { declined: None },
        }
    }

    /// A win on another seat's `tile` refused by 起胡 (002 過水: 台數不到起胡 … 當下就進入過水);
    /// `discard`: the tile was a discard (003 過水特殊規定 keeps it). Only from
    /// [`Furiten::Clear`]; under 004's rule `tile` is barred.
    #[must_use]
    pub fn declined_for_min_tai(self, flow: &Flow, tile: Tile, discard: bool) -> Furiten {
        if flow.furiten_ignored {
            return self;
        }
        if flow.furiten_release == FuritenRelease::NextDraw {
            return self.bar(tile);
        }
        if self.blocks_win() {
            return self;
        }
        Furiten::UntilDiscard {
            declined: discard.then_some(tile),
        }
    }

    // ------------------------------------------------------------ events of the seat's turn

    /// The seat let a self-draw go: declined, refused by 起胡, or a 明槓's winning replacement
    /// (000 過水: 摸到能自摸的牌而你不自摸; 明槓補牌 … 直接進入過水; 002: 自己摸到的，打出一張之後
    /// 就在過水中). This turn's discard does not release it. Not under 001 (`furiten_self_draw`
    /// off: 過水 is 有人放槍而不胡). Under `next_draw` (with `furiten_self_draw` on, a house rule)
    /// it bars the drawn `tile` alone until the next draw.
    #[must_use]
    pub fn let_a_self_draw_go(self, flow: &Flow, tile: Option<Tile>) -> Furiten {
        if flow.furiten_ignored || !flow.furiten_self_draw {
            return self;
        }
        if flow.furiten_release == FuritenRelease::NextDraw {
            return tile.map_or(self, |t| self.bar(t));
        }
        Furiten::Held { declined: None }
    }

    /// The seat drew `tile`; `wins`: it completes the hand; `after_minkan`: the replacement of
    /// its 明槓, which cannot be 自摸'd (000 槓), so a winning one is a self-draw let go.
    /// In 過水, a winning draw holds (000 摸到的是胡牌張: 接著打哪一張都不解除); under 001 過手 a
    /// draw that does not win lets the next discard release; 004's 過水 ends with any draw
    /// (在你下一次摸牌之前).
    #[must_use]
    pub fn drew(self, flow: &Flow, tile: Tile, wins: bool, after_minkan: bool) -> Furiten {
        let this = match self {
            Furiten::Barred { .. } => Furiten::Clear,
            other => other,
        };
        if wins && after_minkan && flow.furiten_self_draw && !flow.furiten_ignored {
            return this.let_a_self_draw_go(flow, Some(tile));
        }
        if !this.blocks_win() {
            this
        } else if wins {
            this.with_hold(true)
        } else if flow.furiten_release == FuritenRelease::OwnDraw {
            this.with_hold(false)
        } else {
            this
        }
    }

    /// The seat made an 暗槓 or 加槓 of `k`; `of_a_winning_tile` says whether `k` completed the
    /// hand before the turn's draw (asked only in 過水 under 000's table). 000: a kong of a tile
    /// that does not win releases, one of a winning tile holds. 001 過手: neither. `ankan`: the
    /// kong is an 暗槓, which under `furiten_ankan_release` off (a house rule, issue #30)
    /// neither releases nor holds: the replacement and the discard after it decide.
    #[must_use]
    pub fn konged(
        self,
        flow: &Flow,
        ankan: bool,
        of_a_winning_tile: impl FnOnce() -> bool,
    ) -> Furiten {
        // 004: only the next draw releases (the kong's replacement, right after).
        if !self.blocks_win()
            || matches!(self, Furiten::Barred { .. })
            || flow.furiten_release == FuritenRelease::OwnDraw
        {
            return self;
        }
        if ankan && !flow.furiten_ankan_release {
            return self;
        }
        if of_a_winning_tile() {
            self.with_hold(true)
        } else {
            Furiten::Clear
        }
    }

    /// The seat made a 明槓 of a discard; `of_a_winning_tile`: the discard completed its hand.
    /// 000: a 明槓 of a winning tile does not release (暗槓、加槓或明槓的是胡牌張: 不解除).
    #[must_use]
    pub fn minkan(self, of_a_winning_tile: impl FnOnce() -> bool) -> Furiten {
        if self.blocks_win() && of_a_winning_tile() {
            self.with_hold(true)
        } else {
            self
        }
    }

    /// The seat called 吃 or 碰; `complete`: its hand is a complete shape right after. 000: 吃、碰
    /// 完成當下手牌已經是完整胡型，接著打出一張 — 不解除; otherwise the discard releases. 001 過手: no
    /// tile was drawn, so the discard never releases.
    #[must_use]
    pub fn called(self, flow: &Flow, complete: bool) -> Furiten {
        self.with_hold(complete || flow.furiten_release == FuritenRelease::OwnDraw)
    }

    /// The seat discarded: 過水 ends unless this turn held it (000 過水 release table), and a held
    /// 過水 ends at the next discard; 004's waits for the next draw.
    #[must_use]
    pub const fn discarded(self) -> Furiten {
        match self {
            Furiten::Barred { .. } => self,
            Furiten::Clear | Furiten::UntilDiscard { .. } => Furiten::Clear,
            Furiten::Held { declined } => Furiten::UntilDiscard { declined },
        }
    }

    /// 003 過水特殊規定: in this 過水, `tile` discarded by the dealer may still be won — the 過水
    /// came from a win declined for 起胡 alone on that tile, under `furiten_dealer_exception`.
    pub fn dealer_exception(self, flow: &Flow, tile: Tile, from_dealer: bool) -> bool {
        from_dealer && flow.furiten_dealer_exception && self.declined() == Some(tile)
    }
}

#[cfg(test)]
mod tests {
    use super::Furiten;
    use crate::rules::{Flow, FuritenRelease};
    use crate::tile::Tile;

    fn table() -> Flow {
        Flow::TAIWAN
    }

    /// A tile (3m), for the transitions that name one.
    fn x() -> Tile {
        Tile::new(2).unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn the_release_table_of_000() {
        let f = table();
        let on = Furiten::Clear.passed_a_win(&f, Some(x()));
        assert!(on.blocks_win() && !on.held());
        // 摸到不是胡牌張的牌，然後打出一張: 解除.
        assert_eq!(on.drew(&f, x(), false, false).discarded(), Furiten::Clear);
        // 摸到的是胡牌張: 接著打哪一張都不解除 (the discard after the next draw does).
        let held = on.drew(&f, x(), true, false);
        assert!(held.held());
        assert!(held.discarded().blocks_win());
        assert_eq!(held.discarded().discarded(), Furiten::Clear);
        // 暗槓或加槓不是胡牌張的牌: 解除; of a winning tile: 不解除.
        assert_eq!(on.konged(&f, true, || false), Furiten::Clear);
        assert!(on.konged(&f, true, || true).discarded().blocks_win());
        // 明槓的是胡牌張: 不解除.
        assert!(on.minkan(|| true).held());
        assert!(!on.minkan(|| false).held());
        // 吃、碰完成當下手牌已經是完整胡型: 不解除; otherwise 解除.
        assert!(on.called(&f, true).discarded().blocks_win());
        assert_eq!(on.called(&f, false).discarded(), Furiten::Clear);
        // 明槓之後補到胡牌張: 不能自摸，直接進入過水.
        assert!(Furiten::Clear.drew(&f, x(), true, true).held());
    }

    #[test]
    fn an_ankan_that_does_not_release() {
        // 000 過水: 暗槓或加槓不是胡牌張的牌 — 解除; issue #30's house rule: an 暗槓 that does
        // not release 過水 (`furiten_ankan_release` off). The 加槓 keeps 000's row.
        let mut f = table();
        f.furiten_ankan_release = false;
        let on = Furiten::Clear.passed_a_win(&f, Some(x()));
        assert_eq!(on.konged(&f, true, || false), on);
        assert_eq!(on.konged(&f, false, || false), Furiten::Clear);
        // The replacement then decides as any draw: a tile that does not win, then a discard,
        // releases; a winning one holds past the discard.
        assert_eq!(
            on.konged(&f, true, || false)
                .drew(&f, x(), false, false)
                .discarded(),
            Furiten::Clear
        );
        assert!(on
            .konged(&f, true, || false)
            .drew(&f, x(), true, false)
            .discarded()
            .blocks_win());
        // 000 (the default): the same 暗槓 releases at once.
        assert_eq!(on.konged(&table(), true, || false), Furiten::Clear);
    }

    #[test]
    fn own_draw_release_of_001() {
        let mut f = table();
        f.furiten_release = FuritenRelease::OwnDraw;
        f.furiten_self_draw = false;
        let on = Furiten::Clear.passed_a_win(&f, Some(x()));
        // 過手: a kong or a call neither releases nor holds; only a draw that does not win.
        assert_eq!(on.konged(&f, true, || false), on);
        assert!(on.called(&f, false).discarded().blocks_win());
        assert_eq!(on.drew(&f, x(), false, false).discarded(), Furiten::Clear);
        // 有人放槍而不胡 only: a self-draw let go is no 過水.
        assert_eq!(
            Furiten::Clear.let_a_self_draw_go(&f, Some(x())),
            Furiten::Clear
        );
    }

    #[test]
    fn ignored_and_the_declined_tile() {
        let mut f = table();
        let t = Tile::new(3).unwrap_or_else(|| unreachable!());
        let d = Furiten::Clear.declined_for_min_tai(&f, t, true);
        assert_eq!(d.declined(), Some(t));
        assert!(!d.dealer_exception(&f, t, true), "off but in improved16");
        f.furiten_dealer_exception = true;
        assert!(d.dealer_exception(&f, t, true));
        assert!(!d.dealer_exception(&f, t, false));
        // A later passed win is an ordinary 過水.
        assert_eq!(d.passed_a_win(&f, Some(x())).declined(), None);
        f.furiten_ignored = true;
        assert_eq!(Furiten::Clear.passed_a_win(&f, Some(x())), Furiten::Clear);
        assert_eq!(
            Furiten::Clear.let_a_self_draw_go(&f, Some(x())),
            Furiten::Clear
        );
        assert_eq!(Furiten::Clear.drew(&f, x(), true, true), Furiten::Clear);
    }

    #[test]
    fn next_draw_of_004() {
        // 004 過水: 別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張.
        let f = Flow::FEW_PLAYERS;
        let (x, six) = (x(), Tile::new(5).unwrap_or_else(|| unreachable!()));
        let on = Furiten::Clear.passed_a_win(&f, Some(x));
        // Only the same tile is barred.
        assert!(on.blocks_win() && on.bars(Some(x)));
        assert!(!on.bars(Some(six)) && !on.bars(None));
        // Neither a discard, a call nor a kong releases it: only the next draw.
        assert_eq!(on.discarded(), on);
        assert_eq!(on.called(&f, true), on);
        assert_eq!(on.konged(&f, true, || true), on);
        assert_eq!(on.minkan(|| true), on);
        // A second tile let go before that draw is barred too.
        let both = on.passed_a_win(&f, Some(six));
        assert!(both.bars(Some(x)) && both.bars(Some(six)));
        // The next draw, winning or not, releases.
        assert_eq!(both.drew(&f, six, true, false), Furiten::Clear);
        assert_eq!(both.drew(&f, six, false, false), Furiten::Clear);
        // 004 names only 別人打出: a self-draw let go is none (furiten_self_draw off).
        assert_eq!(
            Furiten::Clear.let_a_self_draw_go(&f, Some(x)),
            Furiten::Clear
        );
        assert_eq!(Furiten::Clear.drew(&f, x, true, true), Furiten::Clear);
        // With it on (a house rule), the drawn tile alone, until the next draw.
        let mut house = f;
        house.furiten_self_draw = true;
        let held = Furiten::Clear.let_a_self_draw_go(&house, Some(x));
        assert!(held.bars(Some(x)) && !held.bars(Some(six)));
        assert!(Furiten::Clear.drew(&house, x, true, true).bars(Some(x)));
        // A win refused by 起胡 bars that tile the same way.
        let d = Furiten::Clear.declined_for_min_tai(&f, six, true);
        assert!(d.bars(Some(six)) && !d.bars(Some(x)));
        // The state machines of 000 and 001 bar every tile.
        let all = Furiten::Clear.passed_a_win(&Flow::TAIWAN, Some(x));
        assert!(all.bars(Some(six)) && all.bars(None));
    }
}
