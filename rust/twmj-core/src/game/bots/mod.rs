//! Bots that play a seat from what it may see: `random` and `first_legal` as baselines,
//! `efficiency` (shanten, then accepting tiles, from [`analyze`]) and `value`
//! (efficiency weighed by the chance of dealing in, and what a hand is worth, from
//! [`wait_values`]).
//!
//! Every bot reads only its seat's own tiles and the public table (the same facts as its
//! [`View`](super::View)) and picks among [`legal_actions`]; nothing here decides what is
//! legal. Each always takes a win it may take (胡, 自摸, 八仙過海, 七搶一).

/// The evaluator the `search` bot is built on (a child of the bots: it plays its samples out
/// with them).
pub mod search;

use crate::analyze::{analyze, Analysis, Discard};
use crate::error::{Code, Error, Result};
use crate::hand::{Form, Hand, Meld};
use crate::notation::Tiles;
use crate::scoring::{wait_values, Context, Declaration, WinKind, Wind};
use crate::shanten::shanten;
use crate::tile::{Counts, Suit, Tile, KINDS};

use super::action::Action;
use super::deal::SEATS;
use super::legality::legal_actions;
use super::state::{OfferKind, Phase, SplitMix64, State};
use super::view::seen_meld;

/// The value bot's model of a hand, fitted to 24,000 all-efficiency hands of taiwan (seeds
/// 0…23,999, `examples/dangers.rs`, a Poisson fit of the chance that a kind a seat holds is a
/// wait of another seat, and a logistic fit of the chance that a seat wins from its shanten,
/// unseen accepting copies and the tiles left).
///
/// The chance, per mille, that a kind is a wait of one other seat, by that seat's melds (0,
/// 1, 2, 3 or more), its discards so far in fours (0–3, 4–7, 8–11, 12 or more) and the kind
/// (honour, 1/9, 2/8, 3–7), when it has not discarded the kind and all four copies are unseen.
const DANGER: [[[f64; 4]; 4]; 4] = [
    [
        [0.0, 0.0, 0.11, 0.11],
        [0.88, 2.1, 2.97, 3.71],
        [10.74, 18.72, 23.01, 26.38],
        [77.92, 55.7, 62.25, 74.14],
    ],
    [
        [0.18, 0.43, 0.59, 0.65],
        [1.91, 4.77, 6.49, 7.88],
        [13.06, 22.54, 31.31, 35.49],
        [56.82, 61.11, 81.16, 83.72],
    ],
    [
        [0.57, 1.52, 1.71, 2.17],
        [4.21, 9.3, 13.58, 16.88],
        [19.5, 32.81, 42.06, 50.94],
        [62.7, 68.09, 93.13, 102.25],
    ],
    [
        [0.0, 4.9, 6.12, 9.83],
        [11.99, 21.39, 32.1, 39.8],
        [31.91, 50.01, 67.31, 80.05],
        [80.03, 83.16, 118.06, 128.29],
    ],
];
/// The kind class the danger tables are indexed by: 0 honour, 1 for 1/9, 2 for 2/8, 3 for
/// 3–7 (`examples/dangers.rs` fits the tables by the same classes).
pub fn danger_class(t: Tile) -> usize {
    if t.is_honor() {
        return 0;
    }
    match t.number() {
        1 | 9 => 1,
        2 | 8 => 2,
        _ => 3,
    }
}

/// The factor when the seat has discarded the kind itself (there is no 振聽 on one's own
/// discards in 000; a hand rarely discards its own wait).
const OWN_DISCARD: f64 = 0.044;
/// The factor when the seat discarded the tile three away in the suit (筋), by kind class
/// (1/9, 2/8, 3–7).
const SUJI: [f64; 3] = [0.367, 0.592, 0.751];
/// The factor by the copies unseen by the deciding seat (0, 1, 2; 3 or 4 is 1), by class.
const UNSEEN: [[f64; 3]; 4] = [
    [0.0, 0.015, 0.461],
    [0.393, 0.46, 0.658],
    [0.43, 0.502, 0.703],
    [0.477, 0.629, 0.783],
];
/// Logistic coefficients of the chance to win from shanten 0, 1, 2, 3 or more, over
/// a = ln(1 + unseen accepting copies of the hand's best discard at that shanten) and l = tiles
/// left / 64: 1, a, l, l². Fitted across hands, they say how the shanten and the wall decide
/// a hand's chances, not how one discard compares with another of the same hand (the hands
/// with more accepting copies at shanten 2 or more are not the ones that win more).
const WIN_CHANCE: [[f64; 4]; 4] = [
    [-2.5353, 0.6731, 2.486, -0.1698],
    [-5.263, 0.725, 4.0053, -0.227],
    [-6.3457, 0.4434, 6.1483, -1.3526],
    [-7.152, -0.0388, 10.9004, -4.6571],
];
/// The weight of the fitted danger against the fitted chance to win: 0.6 measured best of
/// 0.15–1 (a deal-in avoided is not all saved: the seat may still pay that seat's 自摸).
const DANGER_WEIGHT: f64 = 0.6;
/// What a seat pays, on average, when it deals in (底 3 + 台; the same hands).
const DEAL_IN_COST: f64 = 4.7;
/// What a win brings on average, 自摸 paid by three included (the same hands).
const WIN_GAIN: f64 = 8.5;
/// The share of wins by 自摸 (about a quarter, the same hands).
const SELF_DRAW_SHARE: f64 = 0.25;

/// The chance to win from `shanten` with `accepts` unseen accepting copies and `left` tiles to
/// draw ([`WIN_CHANCE`]).
fn win_chance(shanten: i8, accepts: u32, left: usize) -> f64 {
    let c = WIN_CHANCE[usize::try_from(shanten.clamp(0, 3)).unwrap_or(3)];
    let a = f64::from(accepts).ln_1p();
    #[allow(clippy::cast_precision_loss)] // A wall holds at most 144 tiles.
    let l = left as f64 / 64.0;
    let z = c[0] + c[1] * a + c[2] * l + c[3] * l * l;
    1.0 / (1.0 + (-z).exp())
}

/// What the deciding seat reads of each other seat's waits: the [`DANGER`] row, the kinds it
/// discarded, the kinds discarded since its last discard (it did not win on them, and a bot
/// always wins when it may, so they are not its waits now), and what dealing in costs.
struct Danger {
    seats: Vec<(usize, usize, u64, u64, f64, bool)>,
    /// Copies the deciding seat sees outside its concealed tiles, its own melds included.
    visible: Counts,
}

impl Danger {
    fn new(me: &Seat) -> Danger {
        let st = me.state;
        let mut since = [0u64; SEATS];
        let mut found = 1u8 << me.seat;
        let mut acc = 0u64;
        for e in st.log().iter().rev() {
            if found.count_ones() >= u32::from(st.seats()) {
                break;
            }
            if let super::Event::Act {
                seat,
                action: Action::Discard(t),
            } = e
            {
                let s = usize::from(*seat % 4);
                if found >> s & 1 == 0 {
                    since[s] = acc;
                    found |= 1 << s;
                }
                acc |= 1 << t.index();
            }
        }
        let dealer = st.dealer();
        let dealer_tai = 1.0 + 2.0 * f64::from(st.rules().streak);
        let seats = (0..st.seats())
            .filter(|&o| o != me.seat)
            .map(|o| {
                let p = st.player(o);
                let river = p.discards.iter().fold(0u64, |m, d| m | 1 << d.tile.index());
                // A seat that never discarded has seen nothing go by.
                let safe = if found >> o & 1 == 1 {
                    since[usize::from(o)]
                } else {
                    0
                };
                let cost = DEAL_IN_COST
                    + if o == dealer || me.seat == dealer {
                        dealer_tai
                    } else {
                        0.0
                    };
                (
                    p.melds.len().min(3),
                    (p.discards.len() / 4).min(3),
                    river,
                    safe,
                    cost,
                    p.declared != Declaration::None,
                )
            })
            .collect();
        let mut visible = me.visible;
        for m in &me.melds {
            m.add_to(&mut visible);
        }
        Danger { seats, visible }
    }

    /// The chance that discarding `t` deals in, and the expected cost.
    fn of(&self, me: &Seat, t: Tile) -> (f64, f64) {
        let k = t.index();
        let class = danger_class(t);
        let unseen = 4u8.saturating_sub(me.concealed[k] + self.visible[k]);
        let seen = UNSEEN[class]
            .get(usize::from(unseen))
            .copied()
            .unwrap_or(1.0);
        let (mut safe, mut cost) = (1.0, 0.0);
        for &(melds, turn, river, since, c, declared) in &self.seats {
            if since >> k & 1 == 1 {
                continue;
            }
            let mut p = DANGER[melds][turn][class] / 1000.0 * seen;
            if river >> k & 1 == 1 {
                p *= OWN_DISCARD;
            } else if class > 0 {
                let n = t.number();
                let suji =
                    (n >= 4 && river >> (k - 3) & 1 == 1) || (n <= 6 && river >> (k + 3) & 1 == 1);
                if suji {
                    p *= SUJI[class - 1];
                }
            }
            if declared {
                // A declared seat is ready: its chance is the ready share of the row's.
                p = (p * 4.0).min(0.5);
            }
            safe *= 1.0 - p;
            cost += p * c;
        }
        (DANGER_WEIGHT * (1.0 - safe), DANGER_WEIGHT * cost)
    }

    /// A seat has declared (it is ready: folding is worth weighing).
    fn declared(&self) -> bool {
        self.seats.iter().any(|s| s.5)
    }
}

/// A bot, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bot {
    /// Uniform among the legal actions (胡 whenever it may).
    Random,
    /// The first legal action in action-space order (a win whenever it may).
    FirstLegal,
    /// Lowest shanten, then most unseen accepting tiles; calls only when a call lowers the
    /// shanten; kongs when they keep it.
    Efficiency,
    /// Efficiency's calls; among the lowest-shanten discards, the best expected net: the
    /// chance to win times what a win brings against the chance of dealing in times what it
    /// costs (fitted danger per seat and kind); then the two-step outlook one from ready and
    /// the waits worth most when ready. Weighs folding against a declared seat; never
    /// declares itself.
    Value,
    /// Value's choice, except that a discard leaving the hand ready is declared (嗆聽 / MIGI,
    /// 000 嗆聽與 MIGI, where the variant has them; value never declares), the evaluator
    /// ([`search`]) weighing the plain discard against the declaration on the same samples,
    /// the others' hands read from their play, played out by value bots; the plain discard
    /// is taken only when it leads by more than a margin of standard errors
    /// ([`search::SearchPlan::BOT`]; offers and kongs: value's answer).
    Search,
}

impl Bot {
    pub const ALL: [Bot; 5] = [
        Bot::Random,
        Bot::FirstLegal,
        Bot::Efficiency,
        Bot::Value,
        Bot::Search,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::FirstLegal => "first_legal",
            Bot::Efficiency => "efficiency",
            Bot::Value => "value",
            Bot::Search => "search",
        }
    }

    /// The bot's name for a player, in Chinese (what the practice table's page shows; the
    /// core's vocabulary `bots` lists each with its key). One owner: no other layer spells it.
    pub fn chinese(self) -> &'static str {
        match self {
            Bot::Random => "亂打",
            Bot::FirstLegal => "照順序打",
            Bot::Efficiency => "看牌效",
            Bot::Value => "看台數",
            Bot::Search => "搜尋（會嗆聽，最強）",
        }
    }

    /// The bot named `name`; an unknown name is a context error at `bot` listing the names
    /// (a setting of the run, as an unknown reward is).
    pub fn parse(name: &str) -> Result<Bot> {
        Bot::parse_at(name, "bot")
    }

    /// [`Bot::parse`] of the argument `field` (`name`, `agents[2]`).
    pub fn parse_at(name: &str, field: &str) -> Result<Bot> {
        Bot::ALL
            .into_iter()
            .find(|b| b.name() == name.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = Bot::ALL.iter().map(|b| b.name()).collect();
                Error::context(
                    field,
                    format!("unknown bot '{name}' (expected {})", names.join(", ")),
                )
                .coded(
                    Code::UnknownName,
                    &[
                        ("what", &"電腦玩家"),
                        ("name", &name),
                        ("expected", &names.join("、")),
                    ],
                )
            })
    }

    /// The bot's action for `seat` now; `None` when the seat has no decision. `rng` is drawn
    /// from only by `random`.
    pub fn act(self, state: &State, seat: u8, rng: &mut SplitMix64) -> Option<Action> {
        self.choose(state, seat, &legal_actions(state, seat), rng)
    }

    /// [`Bot::act`], then the action applied to `state`: the legal actions are listed once,
    /// for the choice and as the check. `None` when the seat has no decision.
    pub fn play(self, state: &mut State, seat: u8, rng: &mut SplitMix64) -> Option<Action> {
        let legal = legal_actions(state, seat);
        let a = self.choose(state, seat, &legal, rng)?;
        state.apply_listed(seat, a);
        Some(a)
    }

    /// The bot's pick among `legal` (the legal actions of `seat` in `state`).
    fn choose(
        self,
        state: &State,
        seat: u8,
        legal: &[Action],
        rng: &mut SplitMix64,
    ) -> Option<Action> {
        let first = *legal.first()?;
        // The random agent of `simulate` has always taken 胡 and nothing else for sure.
        let sure: &[Action] = if self == Bot::Random {
            &[Action::Win]
        } else {
            &[Action::Win, Action::EightFlowers, Action::SevenRobOne]
        };
        for &a in sure {
            if legal.contains(&a) {
                return Some(a);
            }
        }
        Some(match self {
            Bot::Random => legal[rng.below(legal.len())],
            Bot::FirstLegal => first,
            Bot::Efficiency | Bot::Value => {
                Seat::new(state, seat, self == Bot::Value).choose(legal, first)
            }
            Bot::Search => search::choose(&search::SearchPlan::BOT, state, seat, legal, first, rng),
        })
    }
}

/// What a discard does to a seat's hand, as the review reports it: the shanten it leaves,
/// the kinds and unseen copies that improve it (or, ready, its waits), and the chance that
/// it deals in by the value bot's fitted model (`examples/dangers.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct DiscardFacts {
    pub tile: Tile,
    pub shanten: i8,
    /// Accepting kinds and their unseen copies (the waits when `shanten` is 0).
    pub kinds: u32,
    pub copies: u32,
    /// The chance of dealing in with this discard, by the fitted model.
    pub deal_in: f64,
}

/// [`DiscardFacts`] of every distinct discard of `seat`'s concealed tiles (on its turn),
/// best first as the analysis orders them; empty off its turn.
pub fn discard_facts(state: &State, seat: u8) -> Vec<DiscardFacts> {
    if !matches!(state.phase(), Phase::Turn(t) if t.seat == seat) {
        return Vec::new();
    }
    let s = Seat::new(state, seat, true);
    let Some(a) = s.analysis() else {
        return Vec::new();
    };
    let danger = Danger::new(&s);
    a.discards
        .iter()
        .map(|d| DiscardFacts {
            tile: d.tile,
            shanten: d.shanten,
            kinds: d.accepts.len() as u32,
            copies: d.accepted(),
            deal_in: danger.of(&s, d.tile).0 / DANGER_WEIGHT,
        })
        .collect()
}

/// One discard's parts of the value bot's score ([`Seat::value_parts`]): the score is
/// `(1 − hit) × win − cost`.
#[derive(Debug, Clone, Copy)]
struct ValuePart<'a> {
    /// The chance to win times what a win brings.
    win: f64,
    /// The chance of dealing in (weighted by the danger's weight) and its expected cost.
    hit: f64,
    cost: f64,
    discard: &'a Discard,
}

impl ValuePart<'_> {
    /// The value bot's score of the discard: `(1 − hit) × win − cost`.
    fn score(&self) -> f64 {
        (1.0 - self.hit) * self.win - self.cost
    }
}

/// What one seat knows, gathered once per decision.
#[allow(clippy::struct_field_names)] // `seat` is the seat it is.
struct Seat<'a> {
    state: &'a State,
    seat: u8,
    value: bool,
    concealed: Counts,
    melds: Vec<Meld>,
    /// Tiles the seat sees outside its own hand and melds: the rivers (claimed discards are
    /// in melds) and the others' face-up melds.
    visible: Counts,
    size: u8,
}

impl<'a> Seat<'a> {
    fn new(state: &'a State, seat: u8, value: bool) -> Seat<'a> {
        let me = state.player(seat);
        let mut visible = [0u8; KINDS];
        for s in 0..state.seats() {
            let p = state.player(s);
            for d in p.discards.iter().filter(|d| !d.claimed()) {
                visible[d.tile.index()] += 1;
            }
            if s != seat {
                for &m in &p.melds {
                    if seen_meld(m, false).tile.is_some() {
                        m.add_to(&mut visible);
                    }
                }
            }
        }
        Seat {
            state,
            seat,
            value,
            concealed: me.concealed,
            melds: me.melds.clone(),
            visible,
            size: state.variant().hand_size,
        }
    }

    /// The concealed tiles as a hand whose melds are implied by the count. The melds' tiles
    /// are counted as seen (in `visible`) rather than as caps: the capped analysis reads no
    /// table and costs milliseconds, and a bot's choice hardly ever turns on a fifth copy.
    fn hand(&self, concealed: Counts, form: Form) -> Option<Hand> {
        Hand::new(
            Tiles {
                counts: concealed,
                flowers: 0,
            },
            Vec::new(),
            form,
            self.size,
        )
        .ok()
    }

    fn shanten(&self, concealed: Counts, form: Form) -> i8 {
        self.hand(concealed, form)
            .map_or(i8::MAX, |h| shanten(&h, self.state.variant()))
    }

    fn choose(&self, legal: &[Action], first: Action) -> Action {
        match self.state.phase() {
            Phase::Turn(_) => self.turn(legal),
            Phase::Offer(o) => match o.kind {
                OfferKind::Discard { tile, .. } => self.call(legal, tile),
                _ => Some(pass_else(legal, first)),
            },
            Phase::Exchange(_) => self.exchange(legal),
            Phase::Opening(_) | Phase::Over => Some(pass_else(legal, first)),
        }
        .unwrap_or(first)
    }

    fn analysis(&self) -> Option<Analysis> {
        self.analysis_of(self.concealed)
    }

    /// What the seat sees outside `concealed`: the table and its own melds, never more than
    /// the copies the concealed tiles leave.
    fn outside(&self, concealed: &Counts) -> Counts {
        let mut visible = self.visible;
        for m in &self.melds {
            m.add_to(&mut visible);
        }
        for k in 0..KINDS {
            visible[k] = visible[k].min(4u8.saturating_sub(concealed[k]));
        }
        visible
    }

    /// The analysis of `concealed` (17 − 3k tiles) with what the seat sees outside it.
    fn analysis_of(&self, concealed: Counts) -> Option<Analysis> {
        let hand = self.hand(concealed, Form::Full)?;
        analyze(&hand, &self.outside(&concealed), self.state.variant()).ok()
    }

    /// One from ready: for discarding `d`, the unseen accepting copies, each weighted by the
    /// unseen waits of the best ready hand that drawing it gives (a ready hand with more
    /// waits wins more often).
    fn ready_outlook(&self, d: &Discard) -> u32 {
        let mut after = self.concealed;
        after[d.tile.index()] -= 1;
        d.accepts
            .iter()
            .map(|x| {
                let mut drawn = after;
                drawn[x.tile.index()] += 1;
                let waits = self.analysis_of(drawn).map_or(0, |a| {
                    a.discards
                        .iter()
                        .filter(|e| e.shanten == 0)
                        .map(|e| e.waits.iter().map(|w| u32::from(w.remaining)).sum::<u32>())
                        .max()
                        .unwrap_or(0)
                });
                u32::from(x.remaining) * waits
            })
            .sum()
    }

    fn turn(&self, legal: &[Action]) -> Option<Action> {
        let a = self.analysis()?;
        let best = a.discards.first()?.shanten;
        // A kong that keeps the best shanten is a free draw.
        for &act in legal {
            let (t, n) = match act {
                Action::Ankan(t) => (t, 4),
                Action::Kakan(t) => (t, 1),
                _ => continue,
            };
            let mut c = self.concealed;
            c[t.index()] = c[t.index()].saturating_sub(n);
            if self.shanten(c, Form::Waiting) <= best {
                return Some(act);
            }
        }
        let legal_discard = |t: Tile| legal.contains(&Action::Discard(t));
        if self.value {
            if let Some(t) = self.value_discard(&a, best, &legal_discard) {
                return Some(Action::Discard(t));
            }
        }
        a.discards
            .iter()
            .map(|d| d.tile)
            .find(|&t| legal_discard(t))
            .map(Action::Discard)
    }

    /// The value bot's score of each discard it weighs (the lowest-shanten ones; any, once a
    /// seat has declared), in the analysis' order: its chance to win times what a win brings,
    /// against its chance of dealing in times what that costs ([`Danger`]).
    fn value_scores<'b>(
        &self,
        a: &'b Analysis,
        best: i8,
        legal: &dyn Fn(Tile) -> bool,
    ) -> Vec<(f64, &'b Discard)> {
        let danger = Danger::new(self);
        let fold = danger.declared();
        self.value_parts(a, best, legal, &danger, fold)
            .into_iter()
            .map(|p| (p.score(), p.discard))
            .collect()
    }

    /// The parts of [`Seat::value_scores`] for each discard weighed (the lowest-shanten ones;
    /// any when `fold`): what a win is worth to it (chance × gain), and its chance of dealing
    /// in and the expected cost by `danger`. The value bot folds only against a declared seat
    /// (`fold` = [`Danger::declared`]); the search bot may ask for every shanten always.
    fn value_parts<'b>(
        &self,
        a: &'b Analysis,
        best: i8,
        legal: &dyn Fn(Tile) -> bool,
        danger: &Danger,
        fold: bool,
    ) -> Vec<ValuePart<'b>> {
        let left = self.state.drawable();
        let gain = WIN_GAIN
            + if self.state.dealer() == self.seat {
                // The dealer is paid its dealer tai by every payer (000 計分).
                2.0 * (1.0 + 2.0 * f64::from(self.state.rules().streak))
            } else {
                0.0
            };
        // The discards come lowest shanten first; a higher shanten (a fold, only against a
        // declared seat for the value bot) is never counted faster than the slowest discard
        // of a lower one.
        let (mut level, mut cap, mut floor, mut most) = (-2, f64::MAX, f64::MAX, (0, 0.0));
        a.discards
            .iter()
            .filter(|d| legal(d.tile) && d.shanten >= 0 && (d.shanten == best || fold))
            .map(|d| {
                if d.shanten != level {
                    // The first of a shanten has its most accepting copies.
                    level = d.shanten;
                    cap = floor;
                    most = (d.accepted(), win_chance(d.shanten, d.accepted(), left));
                }
                let ratio = f64::from(d.accepted() + 1) / f64::from(most.0 + 1);
                let win = (most.1 * ratio * gain).min(cap);
                floor = floor.min(win);
                let (hit, cost) = danger.of(self, d.tile);
                ValuePart {
                    win,
                    hit,
                    cost,
                    discard: d,
                }
            })
            .collect()
    }

    /// The value bot's discard: among the lowest-shanten ones (any, once a seat has declared),
    /// the one with the best expected net: its chance to win times what a win brings, against
    /// its chance of dealing in times what that costs ([`Danger`]). Among those whose net is
    /// within a twentieth of a tai of the best: one from ready, the one whose draws give ready
    /// hands with the most unseen waits; ready, the one whose waits are worth most; otherwise
    /// one that keeps a flush.
    fn value_discard(&self, a: &Analysis, best: i8, legal: &dyn Fn(Tile) -> bool) -> Option<Tile> {
        let scored = self.value_scores(a, best, legal);
        let (top, chosen) = scored
            .iter()
            .copied()
            .reduce(|x, y| if y.0 > x.0 { y } else { x })?;
        let mut near = scored
            .iter()
            .filter(|&&(s, d)| d.shanten == chosen.shanten && s >= top - 0.05)
            .map(|&(_, d)| d);
        match chosen.shanten {
            0 => {
                let ctx = self.context();
                let base = self.state.variant().base_tai();
                near.map(|d| (self.wait_worth(d.tile, &ctx, base), d))
                    .reduce(|x, y| if y.0 > x.0 { y } else { x })
                    .map(|(_, d)| d.tile)
            }
            1 => near
                .map(|d| (self.ready_outlook(d), d))
                .reduce(|x, y| if y.0 > x.0 { y } else { x })
                .map(|(_, d)| d.tile),
            _ => {
                let flush = self.flush_suit();
                Some(
                    near.find(|d| flush.is_some_and(|s| d.tile.suit() != s && !d.tile.is_honor()))
                        .map_or(chosen.tile, |d| d.tile),
                )
            }
        }
    }

    /// What a win brings, ready after discarding `t`: over its waits, weighted by their unseen
    /// copies, 底 + 台 paid by one (放槍) or by each of three (自摸), in the proportion the
    /// measured hands win them.
    fn wait_worth(&self, t: Tile, ctx: &Context, base: u32) -> f64 {
        let mut c = self.concealed;
        c[t.index()] -= 1;
        let Ok(values) = wait_values(&c, &self.melds, ctx, self.state.variant()) else {
            return WIN_GAIN;
        };
        let (mut sum, mut n) = (0.0, 0.0);
        for v in &values {
            let unseen =
                f64::from(4u8.saturating_sub(c[v.tile.index()] + self.visible[v.tile.index()]));
            let self_draw = 3.0 * f64::from(base + v.on_self_draw.total_tai);
            let discard = f64::from(base + v.on_discard.total_tai);
            sum += unseen * (SELF_DRAW_SHARE * self_draw + (1.0 - SELF_DRAW_SHARE) * discard);
            n += unseen;
        }
        if n > 0.0 {
            sum / n
        } else {
            WIN_GAIN
        }
    }

    /// The suit of a cheap 清一色 / 混一色: at least 10 of the hand's tiles (concealed and
    /// melded) in it and every meld in it or honours.
    fn flush_suit(&self) -> Option<Suit> {
        let mut own = self.concealed;
        for m in &self.melds {
            m.add_to(&mut own);
        }
        [Suit::Man, Suit::Pin, Suit::Sou].into_iter().find(|&s| {
            let n: u32 = own[s.base()..s.base() + s.len()]
                .iter()
                .map(|&c| u32::from(c))
                .sum();
            n >= 10
                && self
                    .melds
                    .iter()
                    .all(|m| m.tile.suit() == s || m.tile.is_honor())
        })
    }

    /// The seat's scoring context for a win now (the value of its waits).
    fn context(&self) -> Context {
        let st = self.state;
        let me = st.player(self.seat);
        Context {
            winner: self.seat,
            dealer: st.dealer(),
            streak: st.rules().streak,
            seat_wind: Wind::ALL[usize::from(st.seat_wind(self.seat) % 4)],
            round_wind: Wind::ALL[usize::from(st.rules().round_wind % 4)],
            win: WinKind::SelfDraw,
            last_tile: false,
            declared: Declaration::None,
            first_turn: false,
            first_eight: false,
            flowers: me.flowers,
            dice: Some(st.dice()),
            discards: None,
            shown: None,
        }
    }

    /// 吃, 碰 or 明槓 of `tile` when it lowers the shanten (the one that lowers it most), else
    /// 過. The value bot calls the same way: declining calls to keep 門清, a flush or a 碰碰胡
    /// shape, or making a 碰 of a tai-bearing honour that does not lower the shanten, each
    /// measured a loss against efficiency (benches/README.md, issue 15).
    fn call(&self, legal: &[Action], tile: Tile) -> Option<Action> {
        let now = self.shanten(self.concealed, Form::Waiting);
        let mut best: Option<(i8, Action)> = None;
        for &act in legal {
            let (take, form): (&[Tile], _) = match act {
                Action::Pon => (&[tile, tile], Form::Full),
                Action::Minkan => (&[tile, tile, tile], Form::Waiting),
                Action::Chi(pos) => {
                    let Some((a, b)) = pos.partners(tile) else {
                        continue;
                    };
                    (&[a, b], Form::Full)
                }
                _ => continue,
            };
            let mut c = self.concealed;
            for t in take {
                c[t.index()] = c[t.index()].saturating_sub(1);
            }
            let after = self.shanten(c, form);
            if after < now && best.is_none_or(|(s, _)| after < s) {
                best = Some((after, act));
            }
        }
        best.map(|(_, a)| a)
            .or_else(|| Some(pass_else(legal, Action::Pass)))
    }

    /// 換三張: pass the least connected tile (fewest copies and neighbours); then no second
    /// round.
    fn exchange(&self, legal: &[Action]) -> Option<Action> {
        if legal.contains(&Action::ExchangeDone) {
            return Some(Action::ExchangeDone);
        }
        let c = self.concealed;
        let keep = |t: Tile| {
            let i = t.index();
            let mut s = u32::from(c[i]) * 4;
            if !t.is_honor() {
                let n = t.number();
                for (d, w) in [(1u8, 2u32), (2, 1)] {
                    if n > d {
                        s += u32::from(c[i - usize::from(d)]) * w;
                    }
                    if n + d <= 9 {
                        s += u32::from(c[i + usize::from(d)]) * w;
                    }
                }
            }
            s
        };
        legal
            .iter()
            .filter_map(|&a| match a {
                Action::Pass3(t) => Some((keep(t), a)),
                _ => None,
            })
            .min_by_key(|&(k, _)| k)
            .map(|(_, a)| a)
    }
}

/// 過 when it is legal, else `or`.
fn pass_else(legal: &[Action], or: Action) -> Action {
    if legal.contains(&Action::Pass) {
        Action::Pass
    } else {
        or
    }
}

/// Who played where and what came of one hand, for an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Played {
    /// Each seat's net for the hand, in tai and in money.
    pub net_tai: [i64; 4],
    pub net_money: [i64; 4],
    /// Seats that won the hand, as a bitmask: a 筆 that ended it ([`HandResult::ending_wins`];
    /// a flower win paid on the spot under `flower_win.play_on` is in the nets, not here).
    ///
    /// [`HandResult::ending_wins`]: super::result::HandResult::ending_wins
    pub won: u8,
    /// Seats whose discard (or 加槓) was won on, as a bitmask.
    pub dealt_in: u8,
    /// Seats that won the hand with a 筆 the other players all pay (自摸, 槓上開花, 八仙過海),
    /// as a bitmask (of the wins that ended it, as `won`).
    pub self_drawn: u8,
    /// The hand was a draw ([`HandResult::is_draw`]: under `flower_win.play_on` also when a
    /// flower win was paid on the spot and the wall then ran out).
    ///
    /// [`HandResult::is_draw`]: super::result::HandResult::is_draw
    pub draw: bool,
    /// Actions taken.
    pub actions: u32,
}

/// An error unless `agents` is one agent per seated player of `variant` (an arena's table).
pub fn check_agents(variant: &crate::scoring::Variant, agents: usize) -> Result<()> {
    let seats = usize::from(variant.seats());
    if agents == seats {
        Ok(())
    } else {
        Err(Error::context(
            "agents",
            format!("{agents} agents for a table of {seats} (one per seat)"),
        )
        .coded(
            Code::WrongCount,
            &[
                ("what", &"玩家（一座一個）"),
                ("n", &agents),
                ("want", &seats),
            ],
        ))
    }
}

/// Most hands one arena call plays (`hands`): each keeps a row of about 170 bytes until the
/// call returns, so the bound keeps a call under a gigabyte; a longer run is several calls
/// (`twmj.arena` splits it into chunks).
pub const MAX_ARENA_HANDS: usize = 1 << 22;

/// A number of arena hands as the caller gave it, checked: 0 to [`MAX_ARENA_HANDS`], else a
/// context error naming `hands` (before anything is allocated).
pub fn arena_count(hands: &crate::vocab::Int) -> Result<usize> {
    hands
        .to::<usize>()
        .filter(|&k| k <= MAX_ARENA_HANDS)
        .ok_or_else(|| {
            Error::context(
                "hands",
                format!("an arena call plays 0 to {MAX_ARENA_HANDS} hands, not {hands}"),
            )
            .coded(
                Code::OverLimit,
                &[
                    ("what", &"對戰局數（MAX_ARENA_HANDS）"),
                    ("min", &0),
                    ("max", &MAX_ARENA_HANDS),
                    ("n", hands),
                ],
            )
        })
}

/// A number of duplicate-arena deals as the caller gave it, checked: each deal is played
/// `seats` times, so 0 to [`MAX_ARENA_HANDS`] / `seats` deals, else a context error naming
/// `hands`.
pub fn duplicate_count(hands: &crate::vocab::Int, seats: usize) -> Result<usize> {
    let most = MAX_ARENA_HANDS / seats.max(1);
    hands.to::<usize>().filter(|&k| k <= most).ok_or_else(|| {
        Error::context(
            "hands",
            format!(
                "a duplicate arena call plays 0 to {most} deals ({seats} hands each), not {hands}"
            ),
        )
    })
}

/// One hand of an arena: the `agents` (one per seated player) rotate with the seed, agent
/// `j` sitting at seat `(j + seed) mod seats` (by the hand's seed, so any split of the seeds
/// seats them the same). Returns the agent at each seat (`u8::MAX` at an empty one) and what
/// came of the hand ([`play_hand`]).
pub fn arena_hand(
    seed: u64,
    variant: &crate::scoring::Variant,
    agents: &[Bot],
) -> Result<([u8; SEATS], Played)> {
    let turn = (seed % agents.len().max(1) as u64) as usize;
    seated_hand(seed, turn, variant, agents)
}

/// One hand of a duplicate arena: deal `seed` played with agent `j` at seat
/// `(j + turn) mod seats`. A duplicate run plays every deal at every `turn` (`0 … seats − 1`),
/// so each agent plays each seat of each deal and the luck of the tiles cancels; the random
/// bots draw from the deal's seed, so tables of identical bots play the same hand at every
/// turn.
pub fn duplicate_hand(
    seed: u64,
    turn: usize,
    variant: &crate::scoring::Variant,
    agents: &[Bot],
) -> Result<([u8; SEATS], Played)> {
    seated_hand(seed, turn, variant, agents)
}

/// Deal `seed` with agent `j` at seat `(j + turn) mod seats`.
fn seated_hand(
    seed: u64,
    turn: usize,
    variant: &crate::scoring::Variant,
    agents: &[Bot],
) -> Result<([u8; SEATS], Played)> {
    check_agents(variant, agents.len())?;
    let seats = agents.len();
    let turn = turn % seats;
    let mut at = [Bot::FirstLegal; SEATS];
    let mut who = [u8::MAX; SEATS];
    for s in 0..seats {
        let j = (s + seats - turn) % seats;
        at[s] = agents[j];
        who[s] = j as u8;
    }
    play_hand(seed, variant, at).map(|(_, p)| (who, p))
}

/// Plays one hand from `seed` under `variant` with `bots[s]` at seat `s`, and settles it.
/// The random bots draw from a generator seeded from `seed`, so a hand depends on its seed
/// alone (a batch split any way gives the same hands).
pub fn play_hand(
    seed: u64,
    variant: &crate::scoring::Variant,
    bots: [Bot; 4],
) -> Result<(State, Played)> {
    play_hand_by(seed, variant, |st, seat, rng| {
        bots[usize::from(seat % 4)].play(st, seat, rng)
    })
}

/// [`play_hand`] with each decision made by `act` (which applies the action it returns to
/// the state; `None` when it has none), drawing from the same generator: a player that is
/// not one of the [`Bot`]s (a search bot under another plan, timed) at the same table.
pub fn play_hand_by(
    seed: u64,
    variant: &crate::scoring::Variant,
    mut act: impl FnMut(&mut State, u8, &mut SplitMix64) -> Option<Action>,
) -> Result<(State, Played)> {
    let mut st = State::from_seed(seed, variant);
    let mut rng = SplitMix64::new(seed ^ 0xA5A5_5A5A_C3C3_3C3C);
    let mut out = Played::default();
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        if act(&mut st, seat, &mut rng).is_none() {
            return Err(Error::hand(format!(
                "seat {seat} is pending with no action"
            )));
        }
        out.actions += 1;
    }
    if let Some(r) = st.result() {
        out.draw = r.is_draw();
        for w in r.ending_wins(st.variant()) {
            out.won |= 1 << w.seat;
            if matches!(
                w.kind,
                super::result::WinKind::SelfDraw
                    | super::result::WinKind::Replacement(_)
                    | super::result::WinKind::EightFlowers
            ) {
                out.self_drawn |= 1 << w.seat;
            }
            if let super::result::WinKind::Discard { from }
            | super::result::WinKind::RobbingKong { from } = w.kind
            {
                out.dealt_in |= 1 << from;
            }
        }
        (out.net_tai, out.net_money) = settled(&st)?;
    }
    Ok((st, out))
}

/// Each seat's net in tai and in money of a finished hand, as it settles under its variant
/// (all zero while the hand is not over, and for a plain draw). A draw still settles what it
/// carries ([`HandResult::pays`]): a flower win paid on the spot (`flower_win.play_on`), a
/// 詢問費, an 暗槓 底.
///
/// [`HandResult::pays`]: super::result::HandResult::pays
pub fn settled(st: &State) -> Result<([i64; 4], [i64; 4])> {
    let Some(r) = st.result() else {
        return Ok(([0; 4], [0; 4]));
    };
    if !r.pays() {
        return Ok(([0; 4], [0; 4]));
    }
    let (_, s) = super::settle::settle_hand(r, &st.own_table(), st.variant())?;
    Ok((s.net_tai, s.net_money))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::{Variant, PRESETS};

    #[test]
    fn arena_agents_rotate_with_the_seed() {
        // Agent j sits at seat (j + seed) mod seats, whatever the hand's place in a batch.
        let agents = [Bot::Random, Bot::FirstLegal, Bot::Efficiency, Bot::Value];
        for seed in 0..6u64 {
            let (who, _) = arena_hand(seed, &Variant::taiwan(), &agents).unwrap();
            for (s, &j) in who.iter().enumerate() {
                assert_eq!((usize::from(j) + seed as usize) % 4, s, "seed {seed}");
            }
        }
        // Three players: three agents, the empty seat nobody's; four are refused.
        let three = Variant::three_player();
        let (who, _) = arena_hand(5, &three, &agents[..3]).unwrap();
        assert_eq!(who[3], u8::MAX);
        let e = check_agents(&three, 4).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("agents"), "{e}");
    }

    #[test]
    fn names_round_trip() {
        for b in Bot::ALL {
            assert_eq!(Bot::parse(b.name()).ok(), Some(b));
        }
        let e = Bot::parse("genius").unwrap_err();
        assert_eq!(
            (e.kind(), e.code(), e.field().as_deref()),
            ("context_error", "unknown_name", Some("bot"))
        );
        let e = Bot::parse_at("genius", "agents[1]").unwrap_err();
        assert_eq!(e.field().as_deref(), Some("agents[1]"));
    }

    #[test]
    fn each_bot_has_its_own_chinese_name() {
        let names: std::collections::HashSet<&str> = Bot::ALL.iter().map(|b| b.chinese()).collect();
        assert_eq!(names.len(), Bot::ALL.len());
        assert!(Bot::ALL.iter().all(|b| !b.chinese().is_ascii()));
    }

    #[test]
    fn every_bot_finishes_every_preset() {
        for p in PRESETS {
            let v = Variant::preset(p).unwrap();
            for b in Bot::ALL {
                for seed in 0..3 {
                    let (st, played) = play_hand(seed, &v, [b; 4]).unwrap();
                    assert!(st.is_over(), "{p} {b:?}");
                    assert_eq!(played.net_tai.iter().sum::<i64>(), 0, "{p} {b:?}");
                }
            }
        }
    }

    /// Shanten of `seat`'s hand as the state holds it.
    fn held(st: &State, seat: u8, form: Form) -> i8 {
        let p = st.player(seat);
        let h = Hand::new(
            Tiles {
                counts: p.concealed,
                flowers: 0,
            },
            p.melds.clone(),
            form,
            st.variant().hand_size,
        )
        .unwrap();
        shanten(&h, st.variant())
    }

    #[test]
    fn efficiency_calls_only_when_shanten_drops() {
        // Whenever the efficiency bot claims a discard, the hand the game gives it after the
        // claim (17 − 3k tiles, before its discard) is nearer ready than before.
        let v = Variant::taiwan();
        let mut calls = 0;
        for seed in 0..40 {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed);
            while !st.is_over() {
                let seat = st.pending().trailing_zeros() as u8;
                let a = Bot::Efficiency.act(&st, seat, &mut rng).unwrap();
                let before = held(&st, seat, Form::Any);
                st.apply(seat, a).unwrap();
                if matches!(a, Action::Pon | Action::Chi(_)) {
                    if let Phase::Turn(t) = st.phase() {
                        if t.seat == seat {
                            calls += 1;
                            assert!(held(&st, seat, Form::Full) < before, "seed {seed} {a}");
                        }
                    }
                }
            }
        }
        assert!(calls > 0);
    }

    #[test]
    fn value_keeps_the_lowest_shanten_until_a_seat_declares() {
        // Checked against shanten itself, not the analysis the bot reads: while no seat has
        // declared, the value bot's discard leaves the hand as near ready as the best discard
        // does (its danger, outlook and worth only choose among those).
        let v = Variant::taiwan();
        let mut checked = 0;
        for seed in 0..30 {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed);
            while !st.is_over() {
                let seat = st.pending().trailing_zeros() as u8;
                let a = Bot::Value.act(&st, seat, &mut rng).unwrap();
                let declared = (0..4).any(|o| st.player(o).declared != Declaration::None);
                if let (Phase::Turn(_), Action::Discard(t), false) = (st.phase(), a, declared) {
                    let me = Seat::new(&st, seat, true);
                    let after = |d: Tile| {
                        let mut c = me.concealed;
                        c[d.index()] -= 1;
                        me.shanten(c, Form::Waiting)
                    };
                    let best = legal_actions(&st, seat)
                        .iter()
                        .filter_map(|&x| match x {
                            Action::Discard(d) => Some(after(d)),
                            _ => None,
                        })
                        .min()
                        .unwrap();
                    assert_eq!(after(t), best, "seed {seed} seat {seat} discards {t:?}");
                    checked += 1;
                }
                st.apply(seat, a).unwrap();
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn kinds_let_go_since_a_seats_last_discard_are_not_its_waits() {
        // The danger model counts a kind discarded since a seat's last discard as safe against
        // it: the seat did not win on it and every bot wins when it may. Checked against the
        // hidden hands themselves (what completes them, by `is_win_counts`), at every turn of
        // 40 hands of value and efficiency bots.
        let v = Variant::taiwan();
        let mut safe = 0;
        for seed in 0..40 {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed);
            while !st.is_over() {
                let seat = st.pending().trailing_zeros() as u8;
                if let Phase::Turn(_) = st.phase() {
                    let me = Seat::new(&st, seat, true);
                    let danger = Danger::new(&me);
                    let others = (0..4u8).filter(|&o| o != seat);
                    for (o, entry) in others.zip(&danger.seats) {
                        let hand = st.player(o).concealed;
                        for k in (0..KINDS).filter(|&k| entry.3 >> k & 1 == 1) {
                            let mut c = hand;
                            c[k] += 1;
                            assert!(
                                !crate::is_win_counts(&c),
                                "seed {seed}: seat {o} wins on {k}"
                            );
                            safe += 1;
                        }
                    }
                }
                let bot = [Bot::Value, Bot::Efficiency][usize::from(seat % 2)];
                let a = bot.act(&st, seat, &mut rng).unwrap();
                st.apply(seat, a).unwrap();
            }
        }
        assert!(safe > 1000, "{safe}");
    }
}
