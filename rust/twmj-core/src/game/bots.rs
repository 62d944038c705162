//! Bots that play a seat from what it may see: `random` and `first_legal` as baselines,
//! `efficiency` (shanten, then accepting tiles, from [`analyze`]) and `value`
//! (efficiency plus what a hand is worth, from [`wait_values`], and defence).
//!
//! Every bot reads only its seat's own tiles and the public table (the same facts as its
//! [`View`](super::View)) and picks among [`legal_actions`]; nothing here decides what is
//! legal. Each always takes a win it may take (胡, 自摸, 八仙過海, 七搶一).

use crate::analyze::{accepts, analyze, Analysis, Discard};
use crate::error::{Error, Result};
use crate::hand::{Form, Hand, Meld, MeldKind};
use crate::notation::Tiles;
use crate::scoring::{wait_values, Context, Declaration, WinKind, Wind};
use crate::shanten::shanten;
use crate::tile::{Counts, Suit, Tile, KINDS};

use super::action::Action;
use super::deal::SEATS;
use super::legality::legal_actions;
use super::state::{OfferKind, Phase, SplitMix64, State};
use super::view::seen_meld;

/// Unseen accepting copies at which a concealed hand one from ready keeps 門清 rather than
/// call: it will likely be ready within a few draws anyway.
const MANY_ACCEPTS: u32 = 16;

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
    /// Efficiency, plus: the ready discard whose waits are worth most, keeps 門清 / 清一色 /
    /// 碰碰胡 shapes when they are cheap, declines calls that break them, and defends
    /// against a seat that declared or shows a big hand.
    Value,
}

impl Bot {
    pub const ALL: [Bot; 4] = [Bot::Random, Bot::FirstLegal, Bot::Efficiency, Bot::Value];

    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::FirstLegal => "first_legal",
            Bot::Efficiency => "efficiency",
            Bot::Value => "value",
        }
    }

    /// The bot named `name`; the error lists the names.
    pub fn parse(name: &str) -> Result<Bot> {
        Bot::ALL
            .into_iter()
            .find(|b| b.name() == name.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = Bot::ALL.iter().map(|b| b.name()).collect();
                Error::hand(format!(
                    "unknown bot '{name}' (expected {})",
                    names.join(", ")
                ))
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
        })
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

    /// Unseen accepting copies of the hand as held between turns (16 − 3k tiles).
    fn analysis_of_waiting(&self) -> Option<u32> {
        let hand = self.hand(self.concealed, Form::Waiting)?;
        accepts(&hand, &self.outside(&self.concealed), self.state.variant())
            .ok()
            .map(|a| a.iter().map(|x| u32::from(x.remaining)).sum())
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

    /// The value bot's discard, among the lowest-shanten ones: against a threat, the safest
    /// (the whole hand when three or more from ready); one from ready, the one whose draws
    /// give the ready hands with the most unseen waits; ready, the one whose waits are worth
    /// most; otherwise one that keeps a flush.
    fn value_discard(&self, a: &Analysis, best: i8, legal: &dyn Fn(Tile) -> bool) -> Option<Tile> {
        let threats = self.threats();
        if best >= 1 && threats != 0 {
            // Safest first: copies already out (a kind all four of which are visible cannot be
            // waited on), the threat's own discards, honours; then the analysis order.
            let st = self.state;
            let safety = |t: Tile| {
                let mut s = u32::from(self.visible[t.index()]) * 2;
                for o in 0..st.seats() {
                    if threats >> o & 1 == 1 && st.player(o).discards.iter().any(|d| d.tile == t) {
                        s += 6;
                    }
                }
                s + u32::from(t.is_honor())
            };
            return a
                .discards
                .iter()
                .filter(|d| d.shanten == best || best >= 3)
                .map(|d| d.tile)
                .filter(|&t| legal(t))
                .enumerate()
                .max_by_key(|&(i, t)| (safety(t), usize::MAX - i))
                .map(|(_, t)| t);
        }
        let top: Vec<Tile> = a
            .discards
            .iter()
            .filter(|d| d.shanten == best)
            .map(|d| d.tile)
            .filter(|&t| legal(t))
            .collect();
        if top.len() < 2 {
            return None;
        }
        if best == 1 {
            return a
                .discards
                .iter()
                .filter(|d| d.shanten == 1 && legal(d.tile))
                .enumerate()
                .max_by_key(|&(i, d)| (self.ready_outlook(d), usize::MAX - i))
                .map(|(_, d)| d.tile);
        }
        if best == 0 {
            let ctx = self.context();
            let base = self.state.variant().base_tai();
            // What a wait brings: 自摸 is paid by each of three, 放槍 by one; each 底 + 台.
            let worth = |t: Tile| {
                let mut c = self.concealed;
                c[t.index()] -= 1;
                let Ok(values) = wait_values(&c, &self.melds, &ctx, self.state.variant()) else {
                    return 0;
                };
                let unseen = |w: Tile| {
                    4u32.saturating_sub(u32::from(c[w.index()] + self.visible[w.index()]))
                };
                values
                    .iter()
                    .map(|v| {
                        unseen(v.tile)
                            * (3 * (base + v.on_self_draw.total_tai)
                                + 2 * (base + v.on_discard.total_tai))
                    })
                    .sum::<u32>()
            };
            return top
                .iter()
                .copied()
                .enumerate()
                .max_by_key(|&(i, t)| (worth(t), usize::MAX - i))
                .map(|(_, t)| t);
        }
        let s = self.flush_suit()?;
        top.iter().copied().find(|t| t.suit() != s && !t.is_honor())
    }

    /// Seats that declared, or whose melds show a big hand (three melds, or two dragon
    /// triplets, or two melds of one suit with no other), as a bitmask.
    fn threats(&self) -> u8 {
        let st = self.state;
        (0..st.seats())
            .filter(|&o| o != self.seat)
            .filter(|&o| {
                let p = st.player(o);
                let dragons = p
                    .melds
                    .iter()
                    .filter(|m| m.kind != MeldKind::Chi && m.tile.is_dragon())
                    .count();
                let suits: Vec<Suit> = p
                    .melds
                    .iter()
                    .filter(|m| !m.tile.is_honor())
                    .map(|m| m.tile.suit())
                    .collect();
                let one_suit = suits.len() >= 2 && suits.iter().all(|&s| s == suits[0]);
                p.declared != Declaration::None || p.melds.len() >= 3 || dragons >= 2 || one_suit
            })
            .fold(0, |m, o| m | 1 << o)
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

    /// 吃, 碰 or 明槓 of `tile` when it lowers the shanten (the value bot: and keeps what the
    /// hand is worth), else 過.
    fn call(&self, legal: &[Action], tile: Tile) -> Option<Action> {
        let now = self.shanten(self.concealed, Form::Waiting);
        let concealed_hand = self.melds.iter().all(|m| m.kind == MeldKind::Ankan);
        let flush = if self.value { self.flush_suit() } else { None };
        let many_accepts = self.value
            && concealed_hand
            && now == 1
            && self
                .analysis_of_waiting()
                .is_some_and(|n| n >= MANY_ACCEPTS);
        let mut best: Option<(i8, Action)> = None;
        for &act in legal {
            let (take, kind, form): (&[Tile], _, _) = match act {
                Action::Pon => (&[tile, tile], MeldKind::Pon, Form::Full),
                Action::Minkan => (&[tile, tile, tile], MeldKind::Minkan, Form::Waiting),
                Action::Chi(pos) => {
                    let Some((a, b)) = pos.partners(tile) else {
                        continue;
                    };
                    (&[a, b], MeldKind::Chi, Form::Full)
                }
                _ => continue,
            };
            let mut c = self.concealed;
            for t in take {
                c[t.index()] = c[t.index()].saturating_sub(1);
            }
            let after = self.shanten(c, form);
            let lowers = after < now;
            if self.value {
                // A 碰 of a tai-bearing honour (三元, the seat's or round's wind) keeps its
                // worth even when it does not lower the shanten.
                let st = self.state;
                let valued = kind != MeldKind::Chi
                    && (tile.is_dragon()
                        || tile == Tile::wind(usize::from(st.seat_wind(self.seat) % 4))
                        || tile == Tile::wind(usize::from(st.rules().round_wind % 4)));
                if !(lowers || valued && after <= now) {
                    continue;
                }
                // 門清 is kept while it is cheap: one from ready with many tiles to go, and
                // the call would not make the hand ready.
                if concealed_hand && now == 1 && after > 0 && many_accepts && !valued {
                    continue;
                }
                // A flush is kept: no call of another suit.
                if flush.is_some_and(|s| tile.suit() != s && !tile.is_honor()) {
                    continue;
                }
                // A 碰碰胡 shape (pairs and triplets for every set and the pair, no 吃 yet):
                // no 吃.
                if kind == MeldKind::Chi && self.pairs() > usize::from(self.size / 3) {
                    continue;
                }
            } else if !lowers {
                continue;
            }
            if best.is_none_or(|(s, _)| after < s) {
                best = Some((after, act));
            }
        }
        best.map(|(_, a)| a)
            .or_else(|| Some(pass_else(legal, Action::Pass)))
    }

    /// Pairs and triplets in the concealed tiles, plus 碰 and 槓 melds, when no 吃 is made.
    fn pairs(&self) -> usize {
        if self.melds.iter().any(|m| m.kind == MeldKind::Chi) {
            return 0;
        }
        self.concealed.iter().filter(|&&c| c >= 2).count() + self.melds.len()
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
    /// Seats that won a 筆, as a bitmask.
    pub won: u8,
    /// Seats whose discard (or 加槓) was won on, as a bitmask.
    pub dealt_in: u8,
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
        ))
    }
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
    check_agents(variant, agents.len())?;
    let seats = agents.len();
    let turn = (seed % seats as u64) as usize;
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
    let mut st = State::from_seed(seed, variant);
    let mut rng = SplitMix64::new(seed ^ 0xA5A5_5A5A_C3C3_3C3C);
    let mut out = Played::default();
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        if bots[usize::from(seat % 4)]
            .play(&mut st, seat, &mut rng)
            .is_none()
        {
            return Err(Error::hand(format!(
                "seat {seat} is pending with no action"
            )));
        }
        out.actions += 1;
    }
    if let Some(r) = st.result() {
        out.draw = r.is_draw();
        for w in &r.wins {
            out.won |= 1 << w.seat;
            if let super::result::WinKind::Discard { from }
            | super::result::WinKind::RobbingKong { from } = w.kind
            {
                out.dealt_in |= 1 << from;
            }
        }
        if !out.draw || r.false_win.is_some() {
            let table = super::settle::Table {
                streak: st.rules().streak,
                round_wind: st.rules().round_wind,
                dice: st.dice(),
            };
            let (_, s) = super::settle::settle_hand(r, &table, variant)?;
            out.net_tai = s.net_tai;
            out.net_money = s.net_money;
        }
    }
    Ok((st, out))
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
        assert!(Bot::parse("genius").is_err());
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
    fn value_keeps_the_lowest_shanten_unless_it_folds() {
        // Checked against shanten itself, not the analysis the bot reads: with no seat
        // threatening, the value bot's discard leaves the hand as near ready as the best
        // discard does (its worth and outlook only choose among those).
        let v = Variant::taiwan();
        let mut checked = 0;
        for seed in 0..30 {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed);
            while !st.is_over() {
                let seat = st.pending().trailing_zeros() as u8;
                let a = Bot::Value.act(&st, seat, &mut rng).unwrap();
                if let (Phase::Turn(_), Action::Discard(t)) = (st.phase(), a) {
                    let me = Seat::new(&st, seat, true);
                    if me.threats() == 0 {
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
                }
                st.apply(seat, a).unwrap();
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
