//! The flow of one hand: opening, draws, turns, offers and their arbitration (000 怎麼玩,
//! 發牌與補花, 特殊規則與裁決).
//!
//! Kept whole: the hand's flow is one state machine, one `impl State` whose transitions hand
//! each other the next phase (STYLE 19: a state machine lives in one file); the rules it asks
//! are elsewhere (`legality`, the scorer), and a reader follows a turn, an offer and its
//! arbitration here from top to bottom.

use crate::error::Result;
use crate::hand::{Meld, MeldKind};
use crate::tile::{Flower, Tile};
use crate::waits::exhausted;

use crate::rules::{Dealing, MultiWin, Variant};
use crate::scoring::FlowerWin;

use super::action::Action;
use super::event::Event;
use super::legality::{self, chi_other_end, complete, self_draw_open, wait_mask_with, wins_with};
use super::result::{DrawReason, FalseWin, FirstTurn, HandResult, Win, WinKind};
use super::settle::{self, Table};
use super::state::{
    exchange_offset, CallLock, Deal, Declaration, Discarded, Exchange, Offer, OfferKind, Opening,
    Options, Phase, Piece, Player, Rules, State, Turn, WallBreak, MIGI_DISCARDS, SEATS,
};

/// Events a hand usually logs (draws, acts, claims): room for them in one allocation.
const LOG_CAPACITY: usize = 192;
/// Discards a river usually holds.
const RIVER_CAPACITY: usize = 32;

/// The default rules' variant, shared: a hand under them logs no rules event.
static DEFAULT_VARIANT: std::sync::LazyLock<std::sync::Arc<Variant>> =
    std::sync::LazyLock::new(|| Rules::default().variant);

impl State {
    /// A hand from a seed under `variant` (american: 換三張 after the opening flowers, 起胡
    /// on every win): dealer seat 0, first hand of a match (the dealer sits 東), 連莊 0, 東
    /// round.
    pub fn from_seed(seed: u64, variant: &Variant) -> State {
        State::from_seed_shared(seed, &std::sync::Arc::new(variant.clone()))
    }

    /// [`State::from_seed`] under a variant already shared: hand after hand under one variant
    /// (a vector environment's tables, the arena) copies it no more.
    pub fn from_seed_shared(seed: u64, variant: &std::sync::Arc<Variant>) -> State {
        let rules = Rules {
            variant: std::sync::Arc::clone(variant),
            streak: 0,
            round_wind: 0,
        };
        State::start(Deal::from_seed(seed, 0, false, variant), rules)
    }

    /// A hand from an explicit deal under `variant`, validated first; 連莊 0, 東 round.
    pub fn from_deal(deal: Deal, variant: &Variant) -> Result<State> {
        State::from_deal_ruled(deal, Rules::new(variant, 0, 0))
    }

    /// A hand from an explicit deal under `rules` (variant, 連莊 count, 圈風).
    pub fn from_deal_ruled(deal: Deal, rules: Rules) -> Result<State> {
        deal.validate(&rules.variant)?;
        // 004 兩人麻將、三人麻將規則: a scripted deal (or a replayed record) holds only the
        // variant's tiles, refused with the error `waits` gives for a tile out of play.
        let v = &rules.variant;
        let mut tiles = [0u8; crate::tile::KINDS];
        for p in deal.pieces() {
            match p.tile() {
                Some(t) => tiles[t.index()] = tiles[t.index()].saturating_add(1),
                None if !v.flowers => {
                    return Err(crate::error::Error::hand(format!(
                        "{} is not in play under {} (flowers = false: played without flowers)",
                        p.code(),
                        v.preset
                    ))
                    .coded(
                        crate::error::Code::TileNotInPlay,
                        &[("tile", &p.name()), ("why", &"這個規則不用花牌")],
                    ))
                }
                None => {}
            }
        }
        v.check_in_play(&tiles)?;
        Ok(State::start(deal, rules))
    }

    /// A state with `wall` and four empty players, no log: the base of a snapshot.
    pub(crate) fn blank(wall: Vec<Piece>) -> State {
        let tail = wall.len();
        State {
            dealer: 0,
            east: 0,
            dice: [1, 1, 1],
            wall,
            head: 0,
            tail,
            players: Default::default(),
            phase: Phase::Over,
            discards_total: 0,
            any_call: false,
            in_transit: None,
            total: 0,
            result: None,
            log: Vec::new(),
            rules: Rules::default(),
            asked: [0; SEATS],
            queried: [[0; SEATS]; SEATS],
            snapshot_asks: None,
            memo: Default::default(),
            paid: Vec::new(),
            snapshot_flower_paid: false,
        }
    }

    fn start(deal: Deal, rules: Rules) -> State {
        let total = deal.len();
        let mut wall = deal.live.clone();
        wall.extend(deal.dead.iter().rev());
        let n = rules.variant.seats();
        let dealer = deal.dealer % n;
        let sum: u8 = deal.dice.iter().sum();
        let first_hand = !deal.door_from_dice;
        // 000 門風與正花: the wall the dice count to opens; counting runs from the dealer as 1
        // in turn order.
        let east = if deal.door_from_dice {
            (dealer + sum + n - 1) % n
        } else {
            dealer
        };
        let mut players: [Player; SEATS] = Default::default();
        // Flowers in the deal are shown in round one, the dealer first (000 發牌與補花).
        let mut shown: Vec<(u8, Flower)> = Vec::new();
        let mut due = [0usize; SEATS];
        for k in 0..n {
            let s = (dealer + k) % n;
            for piece in &deal.hands[s as usize] {
                if let Some(t) = piece.tile() {
                    players[s as usize].concealed[t.index()] += 1;
                } else if let Some(f) = piece.flower() {
                    players[s as usize].flowers |= 1 << f.index();
                    shown.push((s, f));
                    due[s as usize] += 1;
                }
            }
        }
        let tail = wall.len();
        let mut st = State {
            dealer,
            east,
            dice: deal.dice,
            wall,
            head: 0,
            tail,
            players,
            phase: Phase::Over,
            discards_total: 0,
            any_call: false,
            in_transit: None,
            total,
            result: None,
            log: Vec::with_capacity(LOG_CAPACITY),
            rules,
            asked: [0; SEATS],
            queried: [[0; SEATS]; SEATS],
            snapshot_asks: None,
            memo: Default::default(),
            paid: Vec::new(),
            snapshot_flower_paid: false,
        };
        st.log.push(Event::Deal(Box::new(deal)));
        for p in &mut st.players {
            p.discards.reserve(RIVER_CAPACITY);
        }
        // The default rules (taiwan, 連莊 0, 東 round) go unrecorded; compared field by field
        // with the shared taiwan preset, not a fresh `Rules::default()` per hand.
        let default_rules = st.rules.streak == 0
            && st.rules.round_wind == 0
            && (std::sync::Arc::ptr_eq(&st.rules.variant, &DEFAULT_VARIANT)
                || *st.rules.variant == **DEFAULT_VARIANT);
        if !default_rules {
            st.log.push(Event::Rules(Box::new(st.rules.clone())));
        }
        if st.rules.variant.flow.dealing == Dealing::Wall {
            // 001 起莊、發牌 / 非起莊發牌: where the dice broke the wall.
            let b = WallBreak::of(dealer, st.dice, first_hand, n);
            st.log.push(Event::Break(b));
        }
        st.opening(due, shown);
        st.remember();
        st
    }

    /// Opening flower replacement in rounds, then the opening wins, then the dealer's turn.
    fn opening(&mut self, mut due: [usize; SEATS], mut shown: Vec<(u8, Flower)>) {
        while due.iter().any(|&n| n > 0) {
            let mut next = [0usize; SEATS];
            let n = self.seats();
            for k in 0..n {
                let s = (self.dealer + k) % n;
                for _ in 0..due[s as usize] {
                    let Some(piece) = self.take(true) else {
                        self.end(Vec::new());
                        return;
                    };
                    self.log.push(Event::Draw {
                        seat: s,
                        piece,
                        replacement: true,
                    });
                    let p = &mut self.players[s as usize];
                    if let Some(t) = piece.tile() {
                        p.concealed[t.index()] += 1;
                    } else if let Some(f) = piece.flower() {
                        p.flowers |= 1 << f.index();
                        shown.push((s, f));
                        next[s as usize] += 1;
                    }
                }
            }
            due = next;
        }
        if self.opening_wins(&shown) {
            return;
        }
        // 003 改良式 特殊流局情形: 起手十三不搭 may be shown first (the hand as dealt).
        if let Some(seat) = self.unconnected_after(None) {
            self.phase = Phase::Opening(Opening { seat });
            return;
        }
        self.after_opening();
    }

    /// The next seat after `prev` (from the dealer when `None`), in turn order from the dealer,
    /// that may show 十三不搭 (with `special_draw.thirteen_unconnected`).
    fn unconnected_after(&self, prev: Option<u8>) -> Option<u8> {
        let n = self.seats();
        let from = prev.map_or(0, |p| (p + n - self.dealer) % n + 1);
        (from..n)
            .map(|k| (self.dealer + k) % n)
            .find(|&s| legality::may_redeal(self, s))
    }

    /// 起手 (003 改良式 特殊流局情形): `redeal` ends the hand as a draw (亮牌重洗, 莊家算連莊: the
    /// dealer keeps the deal as on any draw); `pass` hands the choice to the next seat holding
    /// 十三不搭, then play (or 換三張) starts.
    fn opening_action(&mut self, o: Opening, action: Action) {
        if action == Action::Redeal {
            // 亮牌: the hand is shown to the table, then the draw.
            self.log.push(Event::Show {
                seat: o.seat,
                hand: self.player(o.seat).concealed,
            });
            self.end_draw(DrawReason::ThirteenUnconnected);
            return;
        }
        match self.unconnected_after(Some(o.seat)) {
            Some(seat) => self.phase = Phase::Opening(Opening { seat }),
            None => self.after_opening(),
        }
    }

    /// After the opening (flowers, flower wins, 起手): 換三張 (american) or the dealer's turn.
    fn after_opening(&mut self) {
        if self.rules.exchange() {
            // 002 一局開始的順序 5: the first 換三張 is compulsory.
            self.phase = Phase::Exchange(Exchange::new(1, false));
            return;
        }
        self.begin_play();
    }

    /// The dealer's first turn: play starts (after 換三張 in the american preset).
    fn begin_play(&mut self) {
        self.phase = Phase::Turn(Turn {
            seat: self.dealer,
            drawn: None,
            after_call: None,
            replacement: false,
            last_tile: false,
            rob_from: None,
        });
    }

    /// 000 開局花胡: flower wins at the opening are decided at once; 天胡 takes precedence over
    /// a non-dealer's flower win (the other way round under `flower_win_over_heaven`). Only where the variant plays them ([`FlowerWin::played_in`]:
    /// not 003 hk16, whose 八仙過海 and 七搶一 are added to a regular win only). Returns true
    /// when the hand ended.
    fn opening_wins(&mut self, shown: &[(u8, Flower)]) -> bool {
        let v = &self.rules.variant;
        let (eights, sevens) = (
            FlowerWin::EightImmortals.played_in(v),
            FlowerWin::SevenRobOne { robbed: 0 }.played_in(v),
        );
        let eight = (0..self.seats()).find(|&s| eights && self.player(s).flowers == 0xFF);
        let seven = (0..self.seats())
            .find(|&s| sevens && self.player(s).flower_count() == 7)
            .and_then(|r| {
                let missing = !self.player(r).flowers;
                let v = (0..self.seats()).find(|&v| self.player(v).flowers & missing != 0)?;
                Some((r, v, missing.trailing_zeros() as usize))
            });
        // Case 1 when the robber's 7th flower was shown after the victim's flower.
        let case1 = seven.is_some_and(|(r, _, f)| {
            let last_own = shown.iter().rposition(|&(s, _)| s == r);
            let victim = shown.iter().position(|&(_, g)| g.index() == f);
            last_own > victim
        });
        let d = self.dealer;
        // `flower_win_over_heaven` (a house rule, issue #30): a 閒家's opening flower win comes
        // first and the dealer's 天胡 is not counted; 000 開局花胡 has 天胡優先，閒家的花胡不計.
        let other_flower_win =
            eight.is_some_and(|e| e != d) || seven.is_some_and(|(r, _, _)| r != d);
        let heaven_yields = other_flower_win && self.rules.variant.flow.flower_win_over_heaven;
        let tian_ok = !heaven_yields && complete(self.player(d), &self.rules.variant) && {
            let mut w = self.self_draw_win(d, None, false, false);
            w.first_turn = Some(FirstTurn::Heaven);
            self.reaches(&w)
        };
        if tian_ok {
            let mut wins = Vec::new();
            let before = self.player(d).flowers;
            if eight == Some(d) {
                wins.push(self.flower_win(d, WinKind::EightFlowers));
            }
            if let Some((r, v, f)) = seven.filter(|&(r, _, _)| r == d && case1) {
                self.move_flower(v, r, f);
                wins.push(self.flower_win(d, WinKind::SevenRobOne { from: v }));
            }
            let mut tian = self.self_draw_win(d, None, false, false);
            tian.flowers = before;
            tian.first_turn = Some(FirstTurn::Heaven);
            wins.push(tian);
            self.end(wins);
            return true;
        }
        if let Some(e) = eight {
            let w = self.flower_win(e, WinKind::EightFlowers);
            if self.pay_on_the_spot(&w) {
                return false;
            }
            self.end(vec![w]);
            return true;
        }
        if let Some((r, v, f)) = seven {
            self.move_flower(v, r, f);
            let w = self.flower_win(r, WinKind::SevenRobOne { from: v });
            // Paid on the spot, no replacement: the robber's hand keeps its 16 (17) tiles
            // (000 開局花胡: 開局補花時已補過，搶花後不再補牌).
            if self.pay_on_the_spot(&w) {
                return false;
            }
            let mut wins = vec![w];
            if !case1 {
                // Case 2: rob first, then the replacement (a tile: all flowers are out).
                if let Some(w) = self.rob_replacement(r, v) {
                    wins.push(w);
                }
            }
            self.end(wins);
            return true;
        }
        false
    }

    /// Takes the next piece: from the live end, or the replacement end when `replacement`.
    /// `None` when nothing is drawable.
    fn take(&mut self, replacement: bool) -> Option<Piece> {
        if self.drawable() == 0 {
            return None;
        }
        if replacement {
            self.tail -= 1;
            Some(self.wall[self.tail])
        } else {
            self.head += 1;
            Some(self.wall[self.head - 1])
        }
    }

    fn move_flower(&mut self, from: u8, to: u8, f: usize) {
        self.players[from as usize].flowers &= !(1 << f);
        self.players[to as usize].flowers |= 1 << f;
    }

    /// The draw of a turn (and its flower replacements), ending in the player's decision, an
    /// offer of a shown flower, or an exhaustive draw.
    fn draw(&mut self, seat: u8, mut replacement: bool) {
        let s = seat as usize;
        let mut rob_from = None;
        loop {
            let Some(piece) = self.take(replacement) else {
                // 000 發牌與補花: nothing left to draw or to replace with: 流局.
                self.end(Vec::new());
                return;
            };
            self.log.push(Event::Draw {
                seat,
                piece,
                replacement,
            });
            if let Some(f) = piece.flower() {
                self.players[s].flowers |= 1 << f.index();
                let mine = self.players[s].flowers;
                // 七搶一 only where the variant plays it (not 003 hk16: 胡的時候加20番).
                let robbing = FlowerWin::SevenRobOne { robbed: 0 }.played_in(&self.rules.variant);
                if robbing && mine.count_ones() == 7 {
                    let missing = !mine;
                    rob_from = (0..self.seats()).find(|&v| self.player(v).flowers & missing != 0);
                }
                // 七搶一 case 2: another seat holds seven and may rob this one first.
                let robber = robbing
                    && (0..self.seats()).any(|r| r != seat && self.player(r).flower_count() == 7);
                if robber && self.drawable() >= 1 {
                    self.open_offer(seat, OfferKind::Flower { flower: f });
                    return;
                }
                replacement = true;
                continue;
            }
            let Some(t) = piece.tile() else { return };
            let last_tile = self.drawable() == 0;
            // Whether the drawn tile completes the hand, from the seat's remembered waits.
            let regular = self.regular_wins_with(seat, t);
            self.players[s].concealed[t.index()] += 1;
            self.remember_win(seat, regular);
            let win = legality::complete_seat(self, seat);
            let p = &mut self.players[s];
            p.furiten = p
                .furiten
                .drew(&self.rules.variant.flow, t, win, p.no_self_draw);
            self.phase = Phase::Turn(Turn {
                seat,
                drawn: Some(t),
                after_call: None,
                replacement,
                last_tile,
                rob_from,
            });
            return;
        }
    }

    /// Applies `seat`'s `action`, refusing it with the rule it breaks when it is illegal.
    ///
    /// With the variant's `false_win` (001 詐胡), a 胡 that is no win — the hand is not complete
    /// with the tile, or the seat is in 過水 — from any seated player while play is on is
    /// accepted: the hand ends as that seat's 詐胡 ([`FalseWin`]). [`legality::legal_actions`]
    /// never lists it.
    pub fn apply(&mut self, seat: u8, action: Action) -> Result<()> {
        if action == Action::Win
            && self.rules.variant.flow.false_win
            && !legality::is_legal(self, seat, action)
        {
            if let Some(tai) = self.false_win_tai(seat) {
                let ready = self.false_win_ready(seat);
                self.log.push(Event::Act { seat, action });
                self.finish(Vec::new(), None, Some(FalseWin { seat, tai, ready }));
                return Ok(());
            }
        }
        legality::check(self, seat, action)?;
        self.apply_listed(seat, action);
        Ok(())
    }

    /// [`State::apply`] of an action just found in [`legality::legal_actions`] of this state
    /// and seat (by a bot, or in a mask written from that list), without listing them again:
    /// the caller's list is the check. A listed 胡 is a win, never a 詐胡.
    pub(crate) fn apply_listed(&mut self, seat: u8, action: Action) {
        self.log.push(Event::Act { seat, action });
        match self.phase {
            Phase::Turn(t) => self.turn_action(&t, action),
            Phase::Exchange(x) => self.exchange_action(seat, x, action),
            Phase::Opening(o) => self.opening_action(o, action),
            Phase::Offer(mut o) => {
                o.responses[seat as usize] = Some(action);
                if o.pending() == 0 {
                    self.resolve(&o);
                } else {
                    self.phase = Phase::Offer(o);
                }
            }
            Phase::Over => {}
        }
        self.remember();
    }

    /// The tai of a 胡 `seat` would declare now if it is a 詐胡 (001 詐胡: 在未胡牌的情況下宣告
    /// 胡牌, or 在過水的情況下未過手即宣告胡牌); `None` when it is not one (a win, or a 胡
    /// refused by another rule). 所賠台數視詐胡的台數計算: a complete hand in 過水 is scored as
    /// the win it would be; otherwise the seat's declaration's tai (地聽 8), else 0.
    fn false_win_tai(&self, seat: u8) -> Option<u32> {
        if seat >= self.seats() {
            return None;
        }
        let p = self.player(seat);
        let v = &self.rules.variant;
        let win = match &self.phase {
            Phase::Turn(t) if t.seat == seat => complete(p, v)
                .then(|| self.self_draw_win(seat, t.drawn, t.replacement, t.last_tile)),
            Phase::Turn(_) => None,
            Phase::Offer(o) => match o.kind {
                OfferKind::Discard { tile, .. } if o.from != seat && wins_with(p, tile, v) => {
                    Some(self.claim_win(seat, tile, WinKind::Discard { from: o.from }))
                }
                OfferKind::Kakan { tile } | OfferKind::Ankan { tile }
                    if o.from != seat && wins_with(p, tile, v) =>
                {
                    Some(self.claim_win(seat, tile, WinKind::RobbingKong { from: o.from }))
                }
                _ => None,
            },
            Phase::Exchange(_) | Phase::Opening(_) | Phase::Over => return None,
        };
        // A complete hand is a 詐胡 only in 過水 (the win's own tile barred; 004 bars the tiles
        // let go alone).
        if win.as_ref().is_some_and(|w| !p.furiten.bars(w.tile)) {
            return None;
        }
        // 001 詐胡: 宣告地聽後詐胡則需賠其它三家一底八台; after 天聽 its 16 likewise.
        let item = legality::declared_item(p.declared);
        let declared = if p.declared != Declaration::None && v.has(item) {
            u32::from(v.tai_of(item))
        } else {
            0
        };
        let scored = win.and_then(|w| {
            settle::regular(&w, &self.win_context(&w), v)
                .ok()
                .map(|s| s.total_tai)
        });
        Some(scored.unwrap_or(declared))
    }

    /// 003 詐胡的罰則 (賠聽牌者所聽台數), with the variant's `false_win_waits`: for each other
    /// seated player whose hand is ready now, the tai it waited for. Reading taken: a ready
    /// hand's 所聽台數 is its best wait, scored as a win on the offender's discard (the offender
    /// is the one who 破壞他人大牌, as a discarder would pay), its hand tai without dealer tai
    /// as for the false win's own tai; a wait the seat holds all four of is none, and a 0-tai
    /// wait is still a wait (聽牌 is the hand's shape, 起胡 is about winning).
    fn false_win_ready(&self, offender: u8) -> [Option<u32>; 4] {
        let mut out = [None; 4];
        let v = &self.rules.variant;
        if !v.flow.false_win_waits {
            return out;
        }
        for s in (0..self.seats()).filter(|&s| s != offender) {
            let p = self.player(s);
            // On its own turn a seat holds one tile too many to be waiting.
            if matches!(self.phase, Phase::Turn(t) if t.seat == s) {
                continue;
            }
            // Its waits as the game reads them (special shapes included), as `legality::ready_discards` does.
            let own = p.own_counts();
            let waits = wait_mask_with(p, &p.concealed, &own, v) & !exhausted(&own);
            out[usize::from(s)] = Tile::all()
                .filter(|t| waits >> t.index() & 1 == 1)
                .filter_map(|t| {
                    let w = self.claim_win(s, t, WinKind::Discard { from: offender });
                    settle::regular(&w, &self.win_context(&w), v)
                        .ok()
                        .map(|sc| sc.total_tai)
                })
                .max();
        }
        out
    }

    /// 002 一局開始的順序 5–8: a pick of 換三張, or the dealer's choice after the first round.
    fn exchange_action(&mut self, seat: u8, mut x: Exchange, action: Action) {
        let fresh = |round: u8, deciding: bool| Phase::Exchange(Exchange::new(round, deciding));
        match action {
            Action::Pass3(k) => {
                x.pick(seat, k);
                if (0..self.seats()).any(|s| x.picked(s) < 3) {
                    self.phase = Phase::Exchange(x);
                    return;
                }
                let offset = exchange_offset(self.rules.variant.exchange, self.dice);
                let chosen: [crate::tile::Counts; SEATS] =
                    std::array::from_fn(|s| x.chosen(s as u8));
                for (s, given) in chosen.iter().enumerate() {
                    for (c, g) in self.players[s].concealed.iter_mut().zip(given) {
                        *c -= g;
                    }
                }
                for (s, given) in chosen.iter().enumerate() {
                    let to = (s + offset as usize) % self.seats() as usize;
                    for (c, g) in self.players[to].concealed.iter_mut().zip(given) {
                        *c += g;
                    }
                }
                self.log.push(Event::Exchange {
                    round: x.round,
                    offset,
                    given: Box::new(chosen),
                });
                if x.round == 1 {
                    self.phase = fresh(1, true);
                } else {
                    // 002 一局開始的順序 7: no third round.
                    self.begin_play();
                }
            }
            Action::ExchangeAgain => self.phase = fresh(2, false),
            _ => self.begin_play(),
        }
    }

    fn turn_action(&mut self, t: &Turn, action: Action) {
        let seat = t.seat;
        let s = seat as usize;
        // A complete hand not won is 過水, also when 起胡 blocked it (002 過水: 自己摸到的，
        // 打出一張之後就在過水中).
        if self_draw_open(self, t)
            && !matches!(
                action,
                Action::Win | Action::EightFlowers | Action::SevenRobOne
            )
        {
            let p = &mut self.players[s];
            p.furiten = p
                .furiten
                .let_a_self_draw_go(&self.rules.variant.flow, t.drawn);
        }
        match action {
            Action::Discard(k) => self.discard(seat, k, false),
            Action::Declare(k) => self.discard(seat, k, true),
            Action::Ankan(k) => {
                self.kong_furiten(t, k, true);
                let p = &mut self.players[s];
                p.concealed[k.index()] -= 4;
                p.melds.push(Meld {
                    kind: MeldKind::Ankan,
                    tile: k,
                });
                p.has_konged = true;
                // 000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或加槓之後解除 (unless the table's
                // ban outlasts it: `minkan_ban_kong_release` off, issue #30).
                p.no_self_draw &= !self.rules.variant.flow.minkan_ban_kong_release;
                self.any_call = true;
                if self.four_kongs(seat) {
                    return;
                }
                // 003 註13: the players ready for 十三么 on the orphan they lack may ask first (胡
                // on the offer; it robs the 暗槓 if it is that orphan); with no winner the
                // replacement is drawn as after a 加槓.
                let variant = &self.rules.variant;
                if (0..self.seats())
                    .any(|o| o != seat && legality::may_ask_ankan(self.player(o), variant))
                {
                    self.open_offer(seat, OfferKind::Ankan { tile: k });
                } else {
                    self.draw(seat, true);
                }
            }
            Action::Kakan(k) => {
                self.kong_furiten(t, k, false);
                self.players[s].concealed[k.index()] -= 1;
                self.in_transit = Some(k);
                self.open_offer(seat, OfferKind::Kakan { tile: k });
            }
            Action::Win => {
                let mut wins = Vec::new();
                // 000 花牌與花胡: 已集滿 8 張花而自摸 — two 筆 where 八仙過海 is a win of its own;
                // otherwise (003 hk16) the flowers count on the one regular 筆.
                if self.players[s].flowers == 0xFF
                    && FlowerWin::EightImmortals.played_in(&self.rules.variant)
                    && self.paid.is_empty()
                {
                    wins.push(self.flower_win(seat, WinKind::EightFlowers));
                }
                wins.push(self.self_draw_win(seat, t.drawn, t.replacement, t.last_tile));
                self.end(wins);
            }
            Action::EightFlowers => {
                let w = self.flower_win(seat, WinKind::EightFlowers);
                if self.pay_on_the_spot(&w) {
                    // The turn goes on: the replacement is already drawn.
                    self.phase = Phase::Turn(*t);
                    return;
                }
                self.end(vec![w]);
            }
            Action::SevenRobOne => {
                let Some(victim) = t.rob_from else { return };
                let before = self.players[s].flowers;
                self.move_flower(victim, seat, (!before).trailing_zeros() as usize);
                let w = self.flower_win(seat, WinKind::SevenRobOne { from: victim });
                if self.pay_on_the_spot(&w) {
                    // Case 1 (000: 你先照常補一張牌，再搶他那一張): the replacement is in hand,
                    // the turn goes on; nothing is left to rob.
                    self.phase = Phase::Turn(Turn {
                        rob_from: None,
                        ..*t
                    });
                    return;
                }
                let mut wins = vec![w];
                // Case 1: the replacement was drawn before the robbing; if it completes the
                // hand it is a second 筆, a self-draw with 槓上開花 and 7 flowers.
                let p = &self.players[s];
                if complete(p, &self.rules.variant) && !p.furiten.bars(t.drawn) && !p.no_self_draw {
                    let mut w = self.self_draw_win(seat, t.drawn, true, t.last_tile);
                    w.flowers = before;
                    // 002 花牌與花胡: the second 筆 needs 起胡 on its own.
                    if self.reaches(&w) {
                        wins.push(w);
                    }
                }
                self.end(wins);
            }
            Action::Chi(_)
            | Action::Pon
            | Action::Minkan
            | Action::Pass
            | Action::Pass3(_)
            | Action::ExchangeAgain
            | Action::ExchangeDone
            | Action::Redeal
            | Action::Ask(_) => {}
        }
    }

    /// 000 過水 release table for 暗槓/加槓 of `k` ([`Furiten::konged`]): whether `k` was a
    /// winning tile before the turn's draw is asked only in 過水.
    fn kong_furiten(&mut self, t: &Turn, k: Tile, ankan: bool) {
        let p = &self.players[t.seat as usize];
        let variant = &self.rules.variant;
        let furiten = p.furiten.konged(&variant.flow, ankan, || {
            let (mut before, mut own) = (p.concealed, p.own_counts());
            if let Some(d) = t.drawn {
                before[d.index()] -= 1;
                own[d.index()] -= 1;
            }
            t.drawn.is_some() && wait_mask_with(p, &before, &own, variant) >> k.index() & 1 == 1
        });
        self.players[t.seat as usize].furiten = furiten;
    }

    fn discard(&mut self, seat: u8, k: Tile, declare: bool) {
        // 天聽, MIGI (地聽) or 嗆聽 by the moment (legality offered `declare` only if one fits).
        let declaration = legality::declaration_now(self, seat).unwrap_or(Declaration::Ready);
        let p = &mut self.players[seat as usize];
        p.concealed[k.index()] -= 1;
        p.discards.push(Discarded {
            tile: k,
            claimed_by: None,
            declared: declare,
        });
        if declare {
            p.declared = declaration;
        }
        // 000 過水: a discard releases unless the turn's draw (or kong, or call) held it.
        p.furiten = p.furiten.discarded();
        p.no_pon = 0;
        p.last_discard = Some(k);
        p.no_self_draw = false;
        p.has_discarded = true;
        self.discards_total += 1;
        if self.four_winds() {
            return;
        }
        let last = self.drawable() == 0;
        self.open_offer(seat, OfferKind::Discard { tile: k, last });
    }

    fn open_offer(&mut self, from: u8, kind: OfferKind) {
        let mut o = Offer {
            from,
            kind,
            options: [Options::default(); SEATS],
            responses: [None; SEATS],
        };
        for s in 0..self.seats() {
            if s != from {
                let wins = legality::wins_offered(self, s, kind);
                let opts = legality::offer_options_with(self, s, from, kind, wins);
                o.options[s as usize] = opts;
                // 002 起胡: a win under the threshold is declined: 過水 at once. (A shown flower
                // is no winning tile.) 003 過水特殊規定: a discard declined for 起胡 alone; the
                // dealer's discard of the same tile may still be won while this 過水 lasts.
                if wins && !opts.has(Options::WIN) {
                    if let Some(tile) = kind.tile() {
                        let discard = matches!(kind, OfferKind::Discard { .. });
                        let p = &mut self.players[s as usize];
                        p.furiten =
                            p.furiten
                                .declined_for_min_tai(&self.rules.variant.flow, tile, discard);
                    }
                }
            }
        }
        if o.pending() == 0 {
            self.resolve(&o);
        } else {
            self.phase = Phase::Offer(o);
        }
    }

    /// Arbitration (000 怎麼玩, 多家同時胡): 胡 > 碰/槓 > 吃; several winners by the variant's
    /// `multi_win`: taiwan, of two the first in turn order from the discarder wins (攔胡) and
    /// three all win (一砲三響); traditional, the first always (001 胡牌); `all`, every one.
    fn resolve(&mut self, o: &Offer) {
        let n = self.seats();
        // The other seats in turn order from the one offering (no allocation: every offer is
        // resolved here).
        let all: [u8; SEATS - 1] = std::array::from_fn(|k| (o.from + k as u8 + 1) % n);
        let order = &all[..usize::from(n) - 1];
        let said = |s: u8| o.responses[s as usize];
        // 003 註13: on an 暗槓, 胡 is the ask; only the seat whose tile it is wins, the others
        // were told no (詢問費 at the end unless they win), and only that seat passing a
        // winning tile is 過水.
        let ankan = matches!(o.kind, OfferKind::Ankan { .. });
        let robs: [bool; SEATS] = std::array::from_fn(|s| {
            !ankan
                || matches!(o.kind, OfferKind::Ankan { tile }
                    if legality::robs_ankan(&self.players[s], tile, &self.rules.variant))
        });
        // 003 註13 詢問時機可自行判斷: asks answered on a discard, judged before this offer's
        // 過水: a hit robs that 暗槓 (paid by its owner), a miss is recorded for the 詢問費.
        let mut robbed: Vec<(u8, u8, Tile)> = Vec::new();
        for &s in order {
            if let Some(Action::Ask(owner)) = said(s) {
                let (asker, kong) = (self.player(s), self.player(owner));
                let hit = legality::robs_ankans_of(asker, kong, &self.rules.variant);
                let n = legality::ankan_count(kong);
                match hit {
                    Some(x) => robbed.push((s, owner, x)),
                    None => self.asked[s as usize] |= 1 << owner,
                }
                self.queried[s as usize][owner as usize] = n;
            }
        }
        for &s in order {
            let opts = o.options[s as usize];
            if ankan && said(s) == Some(Action::Win) {
                let n = legality::ankan_count(self.player(o.from));
                self.queried[s as usize][o.from as usize] = n;
                if !robs[s as usize] {
                    self.asked[s as usize] |= 1 << o.from;
                }
            }
            let p = &mut self.players[s as usize];
            if opts.has(Options::WIN) && said(s) != Some(Action::Win) && robs[s as usize] {
                // 000 過水: a winning tile let go (or taken by 吃碰槓).
                p.furiten = p
                    .furiten
                    .passed_a_win(&self.rules.variant.flow, o.kind.tile());
            }
            if let OfferKind::Discard { tile, .. } = o.kind {
                if opts.has(Options::PON) && said(s) != Some(Action::Pon) {
                    p.no_pon |= 1 << tile.index(); // 000 過水碰
                }
            }
        }
        let mut winners: Vec<u8> = order
            .iter()
            .copied()
            .filter(|&s| said(s) == Some(Action::Win) && robs[s as usize])
            .collect();
        // 000 多家同時胡 (nearest_of_two), 001 胡牌 一家放槍只能一家胡牌 (nearest), 003 無攔胡 (all).
        match self.rules.variant.multi_win {
            MultiWin::Nearest => winners.truncate(1),
            MultiWin::NearestOfTwo if winners.len() == 2 => winners.truncate(1),
            MultiWin::NearestOfTwo | MultiWin::All => {}
        }
        match o.kind {
            OfferKind::Discard { tile, last } => {
                if !winners.is_empty() || !robbed.is_empty() {
                    let mut wins: Vec<Win> = winners
                        .iter()
                        .map(|&w| self.claim_win(w, tile, WinKind::Discard { from: o.from }))
                        .collect();
                    // 搶暗槓 by a later ask: 搶槓 from the kong's owner.
                    wins.extend(robbed.iter().map(|&(s, owner, x)| {
                        self.claim_win(s, x, WinKind::RobbingKong { from: owner })
                    }));
                    self.end(wins);
                } else if let Some(s) = order
                    .iter()
                    .copied()
                    .find(|&s| matches!(said(s), Some(Action::Pon | Action::Minkan)))
                    .or_else(|| {
                        order
                            .iter()
                            .copied()
                            .find(|&s| matches!(said(s), Some(Action::Chi(_))))
                    })
                {
                    if let Some(a) = said(s) {
                        self.take_claim(s, o.from, tile, a);
                    }
                } else if last {
                    self.end(Vec::new());
                } else {
                    self.draw(self.next(o.from), false);
                }
            }
            OfferKind::Kakan { tile } | OfferKind::Ankan { tile } => {
                if winners.is_empty() {
                    let p = &mut self.players[o.from as usize];
                    if let Some(m) = p
                        .melds
                        .iter_mut()
                        .find(|m| m.kind == MeldKind::Pon && m.tile == tile)
                    {
                        m.kind = MeldKind::Kakan;
                    }
                    p.has_konged = true;
                    // 000 槓: the 加槓 ends the 明槓's no-自摸 (`minkan_ban_kong_release`).
                    p.no_self_draw &= !self.rules.variant.flow.minkan_ban_kong_release;
                    self.in_transit = None;
                    self.any_call = true;
                    if self.four_kongs(o.from) {
                        return;
                    }
                    self.draw(o.from, true);
                } else {
                    let wins = winners
                        .iter()
                        .map(|&w| self.claim_win(w, tile, WinKind::RobbingKong { from: o.from }))
                        .collect();
                    self.end(wins);
                }
            }
            OfferKind::Flower { flower } => {
                if let Some(r) = order
                    .iter()
                    .copied()
                    .find(|&s| said(s) == Some(Action::SevenRobOne))
                {
                    self.move_flower(o.from, r, flower.index());
                    let w = self.flower_win(r, WinKind::SevenRobOne { from: o.from });
                    if self.pay_on_the_spot(&w) {
                        // Case 2 (000: 你先搶，再補一張牌): the robber takes its replacement and
                        // plays its turn from there, as after a kong.
                        self.draw(r, true);
                        return;
                    }
                    let mut wins = vec![w];
                    if let Some(w) = self.rob_replacement(r, o.from) {
                        wins.push(w);
                    }
                    self.end(wins);
                } else {
                    self.draw(o.from, true);
                }
            }
        }
    }

    /// 七搶一 case 2: the robber's replacement tile; a second 筆 when it completes the hand
    /// (paid by the robbed player, 槓上開花; none in 過水).
    fn rob_replacement(&mut self, r: u8, victim: u8) -> Option<Win> {
        let piece = self.take(true)?;
        self.log.push(Event::Draw {
            seat: r,
            piece,
            replacement: true,
        });
        let t = piece.tile()?;
        self.players[r as usize].concealed[t.index()] += 1;
        let p = &self.players[r as usize];
        // The replacement is a draw: 004's 過水 ends with it (在你下一次摸牌之前); 000's holds on a
        // winning draw.
        let furiten = p.furiten.drew(&self.rules.variant.flow, t, true, false);
        if furiten.bars(Some(t)) || !complete(p, &self.rules.variant) {
            return None;
        }
        let mut w = self.self_draw_win(r, Some(t), true, self.drawable() == 0);
        w.kind = WinKind::AfterRobbingFlower { from: victim };
        w.first_turn = self.first_turn(r, false);
        // 002 花牌與花胡: the second 筆 needs 起胡 on its own.
        self.reaches(&w).then_some(w)
    }

    fn take_claim(&mut self, seat: u8, from: u8, x: Tile, action: Action) {
        self.log.push(Event::Claim { seat, action });
        if let Some(d) = self.players[from as usize].discards.last_mut() {
            d.claimed_by = Some(seat);
        }
        self.any_call = true;
        let p = &mut self.players[seat as usize];
        let lock = match action {
            Action::Chi(pos) => {
                let (Some((a, b)), Some(start)) = (pos.partners(x), pos.run_start(x)) else {
                    return;
                };
                p.concealed[a.index()] -= 1;
                p.concealed[b.index()] -= 1;
                p.melds.push(Meld {
                    kind: MeldKind::Chi,
                    tile: start,
                });
                CallLock::Chi {
                    claimed: x,
                    other_end: chi_other_end(x, pos),
                }
            }
            Action::Pon => {
                p.concealed[x.index()] -= 2;
                p.melds.push(Meld {
                    kind: MeldKind::Pon,
                    tile: x,
                });
                CallLock::Pon(x)
            }
            _ => {
                // 明槓: a kong of a winning tile does not release 過水 (000 過水).
                let variant = &self.rules.variant;
                p.furiten = p.furiten.minkan(|| wins_with(&*p, x, variant));
                p.concealed[x.index()] -= 3;
                p.melds.push(Meld {
                    kind: MeldKind::Minkan,
                    tile: x,
                });
                p.has_konged = true;
                p.no_self_draw = true;
                if self.four_kongs(seat) {
                    return;
                }
                self.draw(seat, true);
                return;
            }
        };
        // 000 過水: complete right after 吃/碰 → the next discard does not release. 001 過手:
        // no tile was drawn, so the next discard never releases.
        let complete = complete(p, &self.rules.variant);
        p.furiten = p.furiten.called(&self.rules.variant.flow, complete);
        self.phase = Phase::Turn(Turn {
            seat,
            drawn: None,
            after_call: Some(lock),
            replacement: false,
            last_tile: false,
            rob_from: None,
        });
    }

    /// 001 特殊流局 四家開槓 (with `special_draw.four_kongs`): four kongs on the table, not all
    /// one player's, end the hand as a draw at once. 001 特殊胡牌 四槓胡 (with `four_kongs_win`):
    /// a player's own fourth kong ends the hand as that player's win, before the replacement
    /// (when it reaches the variant's 起胡). `seat` made the kong. Returns true when the hand
    /// ended.
    fn four_kongs(&mut self, seat: u8) -> bool {
        if self.four_kongs_win(seat) {
            return true;
        }
        if !self.rules.variant.flow.four_kongs_draw || self.kongs() < 4 {
            return false;
        }
        let by = |p: &Player| p.melds.iter().filter(|m| m.kind.is_kong()).count();
        let players = self.players.iter().filter(|p| by(p) > 0).count();
        if players < 2 {
            // 001 四槓牌: one player's four kongs are a hand (scored), not a draw.
            return false;
        }
        self.end_draw(DrawReason::FourKongs);
        true
    }

    /// 001 台數表 四槓牌 / 特殊胡牌 四槓胡: 玩家單獨完成四槓時，即以胡牌計算，這一局就結束 — scored as
    /// a self-draw (即算自摸胡牌) on the kongs ([`WinKind::FourKongs`]).
    fn four_kongs_win(&mut self, seat: u8) -> bool {
        let kongs = self
            .player(seat)
            .melds
            .iter()
            .filter(|m| m.kind.is_kong())
            .count();
        if !self.rules.variant.flow.four_kongs_win || kongs != 4 {
            return false;
        }
        let w = self.base_win(seat, WinKind::FourKongs, None);
        if !self.reaches(&w) {
            return false;
        }
        self.end(vec![w]);
        true
    }

    /// 001 特殊流局 四風連打 (with `special_draw.four_winds`): the dealer and then every other
    /// seat in turn discarded the same wind, nothing claimed: a draw as the last one lands.
    fn four_winds(&mut self) -> bool {
        if !self.rules.variant.flow.four_winds_draw
            || self.discards_total != u32::from(self.seats())
        {
            return false;
        }
        let seated = &self.players[..self.seats() as usize];
        let first = seated[0].discards.first().map(|d| d.tile);
        let same = first.is_some_and(Tile::is_wind)
            && seated.iter().all(
                |p| matches!(p.discards.as_slice(), [d] if !d.claimed() && Some(d.tile) == first),
            );
        if same {
            self.end_draw(DrawReason::FourWinds);
        }
        same
    }

    fn first_turn(&self, seat: u8, self_draw: bool) -> Option<FirstTurn> {
        let p = self.player(seat);
        if self.any_call || p.has_discarded || p.has_konged {
            return None;
        }
        match (seat == self.dealer, self_draw) {
            (true, true) => Some(FirstTurn::Heaven),
            (false, true) => Some(FirstTurn::Earth),
            (false, false) => Some(FirstTurn::Human),
            (true, false) => None,
        }
    }

    fn base_win(&self, seat: u8, kind: WinKind, tile: Option<Tile>) -> Win {
        let p = self.player(seat);
        Win {
            seat,
            kind,
            tile,
            concealed: p.concealed,
            melds: p.melds.clone(),
            flowers: p.flowers,
            replacement: false,
            last_tile: false,
            declaration: p.declared,
            first_turn: None,
            // 003 hk16 七隻內: the winner's own discards so far.
            discards: Some(u8::try_from(p.discards.len()).unwrap_or(u8::MAX)),
            shown: tile.map(|t| self.shown(t, kind)),
        }
    }

    /// 003 fan list 胡絕張 (牌池，桌面已亮明的三張牌): copies of `t` shown on the table, the
    /// winning tile not counted. The rivers' discards that nobody claimed, and the tiles of
    /// every 吃, 碰, 明槓 and 加槓 (a claimed discard lies in the meld that took it, so it is
    /// counted once); an 暗槓 lies face down. On a discard win the winning tile still lies in
    /// its discarder's river and is taken off; a robbed 加槓's tile never joined its 碰.
    fn shown(&self, t: Tile, kind: WinKind) -> u8 {
        let i = t.index();
        let mut n = 0usize;
        for p in &self.players {
            n += p
                .discards
                .iter()
                .filter(|d| !d.claimed() && d.tile == t)
                .count();
            let mut c = [0u8; crate::tile::KINDS];
            for m in p.melds.iter().filter(|m| m.kind.is_open()) {
                m.add_to(&mut c);
            }
            n += usize::from(c[i]);
        }
        if matches!(kind, WinKind::Discard { .. }) {
            n = n.saturating_sub(1);
        }
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// `flower_win.play_on` (issue #30: 「當場收分，照常開始打牌」): pays the flower win `w` now
    /// and keeps it for the hand's result; false (nothing done) where the table ends the hand
    /// on it (000 花牌與花胡). The caller carries on with play.
    fn pay_on_the_spot(&mut self, w: &Win) -> bool {
        if !self.rules.variant.flow.flower_win_play_on {
            return false;
        }
        // The log needs no event of its own: the 八仙過海 / 七搶一 act (or the opening's
        // flowers) replays to the same payment.
        self.paid.push(w.clone());
        true
    }

    fn flower_win(&self, seat: u8, kind: WinKind) -> Win {
        self.base_win(seat, kind, None)
    }

    /// 起胡 (002, README): the regular 筆 `w` reaches the variant's threshold for at least one
    /// payer (hand tai plus that line's dealer tai). Always true without a threshold.
    pub(crate) fn reaches(&self, w: &Win) -> bool {
        let min = self.rules.min_tai();
        if min == 0 {
            return true;
        }
        settle::regular(w, &self.win_context(w), &self.rules.variant).is_ok_and(|s| s.reaches(min))
    }

    /// The scoring context of `w` as the hand stands (no result yet: the table's streak, round
    /// wind and dice).
    fn win_context(&self, w: &Win) -> crate::scoring::Context {
        let table = Table {
            streak: self.rules.streak,
            round_wind: self.rules.round_wind,
            dice: self.dice,
        };
        w.context(self.dealer, self.east, table, self.seats())
    }

    pub(crate) fn self_draw_win(
        &self,
        seat: u8,
        tile: Option<Tile>,
        replacement: bool,
        last_tile: bool,
    ) -> Win {
        let mut w = self.base_win(seat, WinKind::SelfDraw, tile);
        w.replacement = replacement;
        w.last_tile = last_tile;
        w.first_turn = self.first_turn(seat, true);
        w
    }

    pub(crate) fn claim_win(&self, seat: u8, tile: Tile, kind: WinKind) -> Win {
        let mut w = self.base_win(seat, kind, Some(tile));
        w.concealed[tile.index()] += 1;
        w.first_turn = self.first_turn(seat, false);
        // 河底撈魚 (001 台數表: 流局前最後一個玩家最後一次捨牌剛好胡牌; 003 註一: 海底最後一張打出
        // 放槍): a discard made with nothing left to draw (the offer's `last`).
        w.last_tile = matches!(kind, WinKind::Discard { .. }) && self.drawable() == 0;
        // 003 改良式 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍 — a 天聽 declarer dealt into
        // with the table's first eight discards, nobody having called (`human_win_declared`).
        let p = self.player(seat);
        if self.rules.variant.scoring.human_win_declared
            && matches!(kind, WinKind::Discard { .. })
            && p.declared == Declaration::HeavenReady
            && !self.any_call
            && self.discards_total <= MIGI_DISCARDS
        {
            w.first_turn = Some(FirstTurn::Human);
        }
        w
    }

    /// Ends the hand on `wins`; none is a 流局 (the wall ran out).
    fn end(&mut self, wins: Vec<Win>) {
        let draw = wins.is_empty().then_some(DrawReason::Wall);
        self.finish(wins, draw, None);
    }

    /// Ends the hand as a draw for `reason` (001 特殊流局).
    fn end_draw(&mut self, reason: DrawReason) {
        self.finish(Vec::new(), Some(reason), None);
    }

    /// 003 hk16 槓牌 (暗槓…即可向每家收一個底), with `ankan_fee` above 0: each 暗槓 on the table
    /// with its owner, by seat (the tile turned over at the end: 有人胡後須翻出來給大家看). It collects as it is made, so a draw or a 詐胡 keeps it; an
    /// 暗槓 robbed for a win (003 註13 搶暗槓) was never made.
    fn ankan_fees(&self, wins: &[Win]) -> Vec<(u8, Tile)> {
        if self.rules.variant.ankan_fee == 0 {
            return Vec::new();
        }
        let robbed = |s: u8, k: Tile| {
            wins.iter()
                .any(|w| w.kind == WinKind::RobbingKong { from: s } && w.tile == Some(k))
        };
        let mut out = Vec::new();
        for (s, p) in (0u8..).zip(&self.players) {
            for m in p.melds.iter().filter(|m| m.kind == MeldKind::Ankan) {
                if !robbed(s, m.tile) {
                    out.push((s, m.tile));
                }
            }
        }
        out
    }

    fn finish(
        &mut self,
        mut wins: Vec<Win>,
        draw: Option<DrawReason>,
        false_win: Option<FalseWin>,
    ) {
        // `flower_win.play_on`: the flower 筆 paid during play is the hand's first 筆, so the
        // hand's settlement holds it whatever the end (a win, a draw, a 詐胡).
        if !self.paid.is_empty() {
            let mut all = std::mem::take(&mut self.paid);
            all.append(&mut wins);
            wins = all;
        }
        // 003 註13 詢問費: each wrong ask, when the asker does not win.
        let mut fees = Vec::new();
        for (s, &asked) in (0u8..).zip(&self.asked) {
            if wins.iter().all(|w| w.seat != s) {
                fees.extend(
                    (0u8..SEATS as u8)
                        .filter(|o| asked >> o & 1 == 1)
                        .map(|o| (s, o)),
                );
            }
        }
        let ankan_fees = self.ankan_fees(&wins);
        let result = HandResult {
            dealer: self.dealer,
            east: self.east,
            wins,
            draw,
            false_win,
            fees,
            ankan_fees,
        };
        self.log.push(Event::End(Box::new(result.clone())));
        self.result = Some(result);
        self.phase = Phase::Over;
    }
}
