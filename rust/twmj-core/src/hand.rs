//! Hands: concealed tiles plus exposed melds, validated against the 4-copy limit and the tile count.

use crate::error::{Code, Error, Result};
use crate::notation::{self, Tiles};
use crate::tile::{Counts, Suit, Tile, COPIES, KINDS};

/// Sets in a winning 16-tile hand (000 胡牌的樣子: 五組面子＋一對將眼, 17 張). A 13-tile hand
/// (004 13 張版) is read as a 16-tile one with one set already made and empty
/// ([`crate::Variant::missing_sets`]).
pub const SETS: usize = 5;

/// The five ways a set can sit in front of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// 吃: a sequence claimed from the player on the left.
    Chi,
    /// 碰: a triplet claimed from a discard.
    Pon,
    /// 明槓: a kong claimed from a discard.
    Minkan,
    /// 加槓: a pon upgraded with the fourth copy.
    Kakan,
    /// 暗槓: a concealed kong (does not break 門清).
    Ankan,
}

impl MeldKind {
    pub const ALL: [MeldKind; 5] = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::Minkan,
        MeldKind::Kakan,
        MeldKind::Ankan,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Minkan => "minkan",
            MeldKind::Kakan => "kakan",
            MeldKind::Ankan => "ankan",
        }
    }

    /// The Chinese name a player says and writes: 吃 碰 明槓 加槓 暗槓.
    pub const fn chinese(self) -> &'static str {
        match self {
            MeldKind::Chi => "吃",
            MeldKind::Pon => "碰",
            MeldKind::Minkan => "明槓",
            MeldKind::Kakan => "加槓",
            MeldKind::Ankan => "暗槓",
        }
    }

    /// A kind by its key (`pon`) or its Chinese name (`碰`).
    pub fn from_name(s: &str) -> Option<MeldKind> {
        MeldKind::ALL
            .into_iter()
            .find(|k| k.name() == s || k.chinese() == s)
    }

    pub const fn is_kong(self) -> bool {
        matches!(self, MeldKind::Minkan | MeldKind::Kakan | MeldKind::Ankan)
    }

    /// Every kind but 暗槓 is an exposed (open) meld that breaks 門清.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan)
    }

    /// Tiles the meld lays down: 3 for 吃 and 碰, 4 for a kong.
    pub const fn size(self) -> usize {
        if self.is_kong() {
            4
        } else {
            3
        }
    }
}

/// A validated meld: its kind and its lowest tile (the whole set follows from the two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    pub kind: MeldKind,
    pub tile: Tile,
}

impl Meld {
    /// Builds a meld from its kind name and its tiles in notation; `index` names it in errors
    /// (`melds[1].kind`, `melds[1].tiles`).
    pub fn parse(kind: &str, tiles: &str, index: usize) -> Result<Meld> {
        Meld::parse_at(kind, tiles, index, &format!("melds[{index}]."))
    }

    /// [`Meld::parse`] of a meld given alone: errors name `kind` or `tiles`.
    pub fn parse_one(kind: &str, tiles: &str) -> Result<Meld> {
        Meld::parse_at(kind, tiles, 0, "")
    }

    fn parse_at(kind: &str, tiles: &str, index: usize, at: &str) -> Result<Meld> {
        let kind = MeldKind::from_name(kind).ok_or_else(|| {
            let names: Vec<&str> = MeldKind::ALL.iter().map(|k| k.name()).collect();
            let (last, rest) = names.split_last().map_or((&"", &[][..]), |(l, r)| (l, r));
            let zh: Vec<&str> = MeldKind::ALL.iter().map(|k| k.chinese()).collect();
            Error::hand(format!(
                "meld {index}: unknown kind '{kind}' (expected {} or {last})",
                rest.join(", ")
            ))
            .coded(
                Code::UnknownMeldKind,
                &[("kind", &kind), ("expected", &zh.join("、"))],
            )
            .at(format!("{at}kind"))
        })?;
        let field = format!("{at}tiles");
        // A notation error keeps its class and position (in the meld's own text).
        let parsed = notation::parse(tiles).map_err(|e| e.at(&field))?;
        Meld::from_tiles(kind, &parsed, tiles, index, &field)
    }

    fn from_tiles(
        kind: MeldKind,
        t: &Tiles,
        written: &str,
        index: usize,
        field: &str,
    ) -> Result<Meld> {
        let bad = |why: &str, code: Code| {
            Error::hand(format!("meld {index} ({} '{written}') {why}", kind.name()))
                .coded(
                    code,
                    &[
                        ("kind", &kind.chinese()),
                        ("tiles", &written),
                        ("want", &kind.size()),
                    ],
                )
                .at(field)
        };
        if t.flowers != 0 {
            return Err(bad("holds a flower", Code::FlowerInMeld));
        }
        if t.len() != kind.size() {
            let why = if kind.is_kong() {
                "must have 4 tiles"
            } else {
                "must have 3 tiles"
            };
            return Err(bad(why, Code::WrongMeldSize));
        }
        let list = t.tile_list();
        let first = list[0];
        if kind == MeldKind::Chi {
            let i = first.index();
            let run = !first.is_honor()
                && first.number() <= 7
                && t.counts[i] == 1
                && t.counts[i + 1] == 1
                && t.counts[i + 2] == 1;
            if !run {
                return Err(bad(
                    "is not a sequence of three consecutive tiles of one suit",
                    Code::NotARun,
                ));
            }
        } else if t.counts[first.index()] as usize != kind.size() {
            return Err(bad("is not copies of one tile", Code::NotASet));
        }
        Ok(Meld { kind, tile: first })
    }

    /// The tiles of the meld, in order.
    pub fn tiles(&self) -> Vec<Tile> {
        let i = self.tile.index();
        match self.kind {
            MeldKind::Chi => (i..i + 3).filter_map(Tile::new).collect(),
            k => vec![self.tile; k.size()],
        }
    }

    /// The meld's tiles in canonical notation (`555p`).
    pub fn code(&self) -> String {
        let mut c = [0u8; KINDS];
        self.add_to(&mut c);
        notation::format(&c, 0)
    }

    /// Adds the meld's tiles to `counts` (the tiles of [`Meld::tiles`], without listing them:
    /// every player's own counts go through here).
    pub fn add_to(&self, counts: &mut Counts) {
        let i = self.tile.index();
        match self.kind {
            MeldKind::Chi => {
                for c in &mut counts[i..(i + 3).min(crate::tile::KINDS)] {
                    *c += 1;
                }
            }
            k => counts[i] += k.size() as u8,
        }
    }
}

/// A hand ready for analysis: concealed counts, the melds (possibly only implied), and flowers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    /// Sets outside the concealed tiles, counted in the 16-tile frame of five sets and a
    /// pair: `melds.len()` (or implied by the tile count when no melds were given), plus one
    /// for a 13-tile hand (004 13 張版: 4 組+1 對), whose fifth set is taken as already made
    /// and empty. Every count-based analysis (shanten, the special shapes) reads this.
    pub meld_count: usize,
    pub flowers: u8,
    /// The hand size it was validated for: 16, or 13 (variant `hand_size`).
    pub size: u8,
}

/// Sets outside the concealed tiles of a valid hand of `size` with `melds` melds and `n`
/// concealed tiles ([`Hand::meld_count`]): the melds, or with none those the count implies;
/// plus one for a 13-tile hand.
fn meld_count(melds: usize, n: usize, size: usize) -> usize {
    let sets = match (melds, n % 3) {
        (0, 1) => (size - n) / 3,
        (0, _) => (size + 1 - n) / 3,
        (k, _) => k,
    };
    sets + (16 - size) / 3
}

/// Counts listed in Chinese: `16、13、10 或 7`.
fn zh_list(v: &[String]) -> String {
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} 或 {last}", rest.join("、")),
        _ => v.concat(),
    }
}

/// Which tile count a call expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// 16 − 3k concealed tiles: waiting for one more (waits, shanten).
    Waiting,
    /// 17 − 3k concealed tiles: complete or about to discard (`is_win`, `analyze`).
    Full,
    /// Either of the two (shanten).
    Any,
}

impl Form {
    /// `n` concealed tiles with no melds given fit this form in a hand of `size` tiles, the
    /// melds implied by the count: `size` − 3k waiting, `size` + 1 − 3k full.
    pub fn fits(self, n: usize, size: u8) -> bool {
        let size = usize::from(size);
        let waiting = n <= size && n % 3 == 1;
        let full = n <= size + 1 && n % 3 == 2;
        match self {
            Form::Waiting => waiting,
            Form::Full => full,
            Form::Any => waiting || full,
        }
    }
}

impl Form {
    /// The tile counts this form takes in a hand of `size`, in words (`16 − 3k (16, 13, …, 1)`).
    pub fn expected(self, size: u8) -> String {
        let (w, f) = (size, size + 1);
        match self {
            Form::Waiting => format!("{w} − 3k ({w}, {}, …, 1)", w - 3),
            Form::Full => format!("{f} − 3k ({f}, {}, …, 2)", f - 3),
            Form::Any => format!("{w} − 3k or {f} − 3k (at most {f})"),
        }
    }

    /// [`Form::expected`] in Chinese: the counts listed (`16、13、10、7、4 或 1`).
    pub fn expected_zh(self, size: u8) -> String {
        let v: Vec<String> = (1..=usize::from(size) + 1)
            .rev()
            .filter(|&n| self.fits(n, size))
            .map(|n| n.to_string())
            .collect();
        zh_list(&v)
    }

    /// Row `r` of a batch of counts read as a hand of this form in a hand of `size` (the
    /// melds implied by the count): at most 4 copies of a kind (the error names the cell
    /// `counts[r][i]`), and a total that [`Form::fits`] (the error names the row `counts[r]`).
    pub fn check_row(self, row: &[u8], r: usize, size: u8) -> Result<()> {
        if let Some((i, &v)) = row.iter().enumerate().find(|(_, &v)| v > COPIES) {
            let name = Tile::new(i).map_or_else(String::new, Tile::name);
            return Err(Error::hand(format!(
                "row {r}, column {i}: count {v} is more than the {COPIES} copies of a tile"
            ))
            .coded(
                Code::TooManyCopies,
                &[("tile", &name), ("where", &format!("第 {r} 列")), ("n", &v)],
            )
            .at(format!("counts[{r}][{i}]")));
        }
        let n: usize = row.iter().map(|&v| usize::from(v)).sum();
        if self.fits(n, size) {
            return Ok(());
        }
        Err(Error::hand(format!(
            "row {r} has {n} tiles; this call needs {}",
            self.expected(size)
        ))
        .coded(
            Code::WrongTileCount,
            &[
                ("what", &format!("第 {r} 列")),
                ("n", &n),
                ("want", &self.expected_zh(size)),
            ],
        )
        .at(format!("counts[{r}]")))
    }
}

impl Hand {
    /// Validates concealed tiles and melds together for a hand of `size` tiles (a variant's
    /// `hand_size`: 16, or 13 for 004 兩人麻將 13 張版: 4 組+1 對, so 13 − 3k tiles waiting and
    /// 14 − 3k complete, at most 4 melds; any other size is an error): at most 4 copies of a
    /// kind in all, and a tile count that fits `form` (k = number of melds; with no melds
    /// given, k is implied by the count, so 13- and 14-tile hands are k = 1 of a 16-tile hand).
    pub fn new(tiles: Tiles, melds: Vec<Meld>, form: Form, size: u8) -> Result<Hand> {
        if size != 16 && size != 13 {
            return Err(
                Error::hand(format!("a hand of {size} tiles is not played (16, or 13)")).coded(
                    Code::HandSizeMismatch,
                    &[("n", &size), ("want", &"16 或 13")],
                ),
            );
        }
        let implied = form.fits(tiles.len(), size);
        let size = usize::from(size);
        let max_melds = size / 3;
        let mut all = tiles.counts;
        for m in &melds {
            m.add_to(&mut all);
        }
        // One branch-free pass for the common case; the first kind over for the message.
        if crate::tile::over_copies(&all) {
            if let Some(t) = Tile::all().find(|t| all[t.index()] > COPIES) {
                return Err(Error::hand(format!(
                    "{} copies of {} between the hand and its melds; a tile has 4",
                    all[t.index()],
                    t.code()
                ))
                .coded(
                    Code::TooManyCopies,
                    &[
                        ("tile", &t.name()),
                        ("where", &"手牌與副露"),
                        ("n", &all[t.index()]),
                    ],
                ));
            }
        }
        let of = if size == 16 {
            String::new()
        } else {
            format!(" (a {size}-tile hand)")
        };
        if melds.len() > max_melds {
            return Err(Error::hand(format!(
                "{} melds; a hand has at most {max_melds}{of}",
                melds.len()
            ))
            .coded(
                Code::TooManyMelds,
                &[("n", &melds.len()), ("max", &max_melds)],
            ));
        }
        let n = tiles.len();
        let fits = if melds.is_empty() {
            implied
        } else {
            let k = melds.len();
            let (waiting, full) = (n == size - 3 * k, n == size + 1 - 3 * k);
            match form {
                Form::Waiting => waiting,
                Form::Full => full,
                Form::Any => waiting || full,
            }
        };
        if !fits {
            let k = melds.len();
            let list = |from: usize| {
                let v: Vec<String> = (0..=max_melds)
                    .map(|i| (from - 3 * i).to_string())
                    .collect();
                format!("{} or {}", v[..v.len() - 1].join(", "), v[v.len() - 1])
            };
            let expected = match (form, k) {
                (Form::Waiting, 0) => {
                    format!("{} ({size} − 3k with k implied melds)", list(size))
                }
                (Form::Full, 0) => {
                    format!(
                        "{} ({} − 3k with k implied melds)",
                        list(size + 1),
                        size + 1
                    )
                }
                (Form::Any, 0) => format!("{size} − 3k or {} − 3k for k = 0…{max_melds}", size + 1),
                (Form::Waiting, k) => format!("{} ({size} − 3 × {k} melds)", size - 3 * k),
                (Form::Full, k) => format!("{} ({} − 3 × {k} melds)", size + 1 - 3 * k, size + 1),
                (Form::Any, k) => {
                    format!("{} or {} with {k} melds", size - 3 * k, size + 1 - 3 * k)
                }
            };
            let want: Vec<String> = (0..=max_melds)
                .filter(|&i| k == 0 || i == k)
                .flat_map(|i| {
                    let waiting = (form != Form::Full).then(|| size - 3 * i);
                    let full = (form != Form::Waiting).then(|| size + 1 - 3 * i);
                    waiting.into_iter().chain(full)
                })
                .map(|v| v.to_string())
                .collect();
            return Err(Error::hand(format!(
                "the hand has {n} concealed tiles; this call needs {expected}{of}"
            ))
            .coded(
                Code::WrongTileCount,
                &[("what", &"手牌"), ("n", &n), ("want", &zh_list(&want))],
            ));
        }
        Ok(Hand {
            concealed: tiles.counts,
            meld_count: meld_count(melds.len(), n, size),
            melds,
            flowers: tiles.flowers,
            size: size as u8,
        })
    }

    /// The hand [`Hand::new`] makes of 34 concealed counts alone (no melds, no flowers), or
    /// `None` where it would refuse them (not 34 bytes, a count over 4, a total `form` does
    /// not take at `size`): the caller then asks [`Hand::new`] for the error. One pass over the
    /// counts, for the calls that take a counts buffer.
    pub fn of_counts(counts: &[u8], form: Form, size: u8) -> Option<Hand> {
        let concealed = *Hand::fit_counts(counts, form, size)?;
        let n = crate::tile::total(&concealed);
        Some(Hand {
            concealed,
            melds: Vec::new(),
            meld_count: meld_count(0, n, usize::from(size)),
            flowers: 0,
            size,
        })
    }

    /// `counts` when [`Hand::of_counts`] takes them (34 counts, none over 4, a total `form`
    /// takes at `size`, 16 or 13), else `None`: the check alone, for a caller that needs the
    /// hand itself only sometimes.
    #[inline]
    pub fn fit_counts(counts: &[u8], form: Form, size: u8) -> Option<&Counts> {
        let concealed: &Counts = counts.try_into().ok()?;
        let n = crate::tile::total(concealed);
        if (size != 16 && size != 13) || crate::tile::over_copies(concealed) || !form.fits(n, size)
        {
            return None;
        }
        Some(concealed)
    }

    /// Parses a hand string and meld list and validates them for `form` and a hand of `size`
    /// tiles ([`Hand::new`]).
    pub fn parse(hand: &str, melds: &[(&str, &str)], form: Form, size: u8) -> Result<Hand> {
        let tiles = notation::parse(hand)?;
        let melds = melds
            .iter()
            .enumerate()
            .map(|(i, (k, t))| Meld::parse(k, t, i))
            .collect::<Result<Vec<_>>>()?;
        Hand::new(tiles, melds, form, size)
    }

    /// A winning hand as a caller states it, for a hand of `size` tiles: `tiles` are the
    /// 16 − 3k concealed tiles the winning tile `win` completes (it is added) or the 17 − 3k
    /// that already hold it (with no melds given, the count tells which: 1 mod 3 waits).
    /// Errors about the tiles name `hand`, about the winning tile `win_tile`.
    pub fn winning(mut tiles: Tiles, melds: Vec<Meld>, win: Tile, size: u8) -> Result<Hand> {
        let n = tiles.len();
        let waiting = if melds.is_empty() {
            n % 3 == 1
        } else {
            n + 3 * melds.len() == usize::from(size)
        };
        let i = win.index();
        if waiting {
            if tiles.counts[i] >= COPIES {
                return Err(
                    Error::hand(format!("the hand already holds four {}", win.code()))
                        .at("win_tile")
                        .coded(
                            Code::TooManyCopies,
                            &[
                                ("tile", &win.name()),
                                ("where", &"手牌與胡的牌"),
                                ("n", &(COPIES + 1)),
                            ],
                        ),
                );
            }
            tiles.counts[i] += 1;
        } else if tiles.counts[i] == 0 {
            return Err(Error::context(
                "win_tile",
                format!(
                    "the full hand does not hold the winning tile {}",
                    win.code()
                ),
            )
            .coded(Code::WinTileMissing, &[("tile", &win.name())]));
        }
        Hand::new(tiles, melds, Form::Full, size).map_err(|e| e.at("hand"))
    }

    /// Copies of each kind in the melds.
    pub fn meld_counts(&self) -> Counts {
        let mut c = [0u8; KINDS];
        for m in &self.melds {
            m.add_to(&mut c);
        }
        c
    }

    /// Copies of each kind the player holds: concealed plus melds.
    pub fn own_counts(&self) -> Counts {
        let mut c = self.meld_counts();
        for (o, h) in c.iter_mut().zip(self.concealed) {
            *o += h;
        }
        c
    }

    /// Sets the hand still needs beyond its melds (and, 13 tiles, the set it does not have).
    pub fn sets_needed(&self) -> usize {
        SETS - self.meld_count
    }

    /// True when some kind in `suit` already has copies in the melds (the 4-copy cap binds).
    pub fn capped(&self, suit: Suit) -> bool {
        self.melds.iter().any(|m| m.tile.suit() == suit)
    }
}

/// Adds `visible` to `own` and checks no kind exceeds 4, naming the first that does.
pub fn seen_counts(own: &Counts, visible: &Counts) -> Result<Counts> {
    // Added and checked in one branch-free pass (the common case); the error path then
    // looks for the first kind over.
    let mut seen = [0u8; KINDS];
    for ((s, &o), &v) in seen.iter_mut().zip(own).zip(visible) {
        *s = o.saturating_add(v);
    }
    if crate::tile::over_copies(&seen) {
        if let Some(t) = Tile::all().find(|t| seen[t.index()] > COPIES) {
            return Err(Error::hand(format!(
                "{} copies of {} between the hand, its melds and the visible tiles; a tile has 4",
                seen[t.index()],
                t.code()
            ))
            .coded(
                Code::TooManyCopies,
                &[
                    ("tile", &t.name()),
                    ("where", &"手牌、副露與已見牌"),
                    ("n", &seen[t.index()]),
                ],
            )
            .at("visible"));
        }
    }
    Ok(seen)
}

/// Checks that no kind has more than 4 copies between `own` (the hand and its melds, checked)
/// and `visible` ([`seen_counts`], without building the seen counts).
#[inline]
pub fn check_seen(own: &Counts, visible: &Counts) -> Result<()> {
    if crate::tile::over_copies_sum(own, visible) {
        seen_counts(own, visible)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_row_is_checked_as_a_hand_of_its_form() {
        // A waiting hand holds 16 − 3k tiles, a full one 17 − 3k (000: 十六張), and no kind
        // more than its 4 copies.
        let row = |s: &str| notation::parse(s).unwrap().counts;
        assert!(Form::Waiting
            .check_row(&row("2223456m123456789p"), 0, 16)
            .is_ok());
        assert!(Form::Any
            .check_row(&row("2223456m123456789p1m"), 0, 16)
            .is_ok());
        let e = Form::Waiting
            .check_row(&row("2223456m123456789p1m"), 3, 16)
            .unwrap_err();
        assert_eq!(e.field().as_deref(), Some("counts[3]"));
        assert_eq!(
            e.to_string(),
            "row 3 has 17 tiles; this call needs 16 − 3k (16, 13, …, 1)"
        );
        let mut five = row("2223456m123456789p");
        five[0] = 5;
        let e = Form::Any.check_row(&five, 2, 16).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("counts[2][0]"));
        // 004 兩人麻將 13 張版: 13 − 3k and 14 − 3k.
        assert_eq!(Form::Any.expected(13), "13 − 3k or 14 − 3k (at most 14)");
        assert!(Form::Full
            .check_row(&row("123m456m789m11z22z"), 0, 13)
            .is_err());
        assert!(Form::Full
            .check_row(&row("123m456m789m11z222z"), 0, 13)
            .is_ok());
    }

    /// `Hand::of_counts` is `Hand::new` of the same counts with no melds (and `Hand::fit_counts`
    /// takes the counts it makes a hand of): the same hand where
    /// that accepts them, `None` where it refuses them, for every form and both hand sizes, on
    /// counts of every total (0–20 tiles, some kinds over 4) and on buffers of other lengths.
    #[test]
    fn a_hand_of_counts_is_the_hand_new_makes() {
        let mut rng = fastrand::Rng::with_seed(1614);
        for _ in 0..40_000 {
            let mut c = [0u8; KINDS];
            for _ in 0..rng.usize(0..=20) {
                c[rng.usize(..KINDS)] += 1;
            }
            for form in [Form::Waiting, Form::Full, Form::Any] {
                for size in [16, 13, 15] {
                    let new = Hand::new(
                        Tiles {
                            counts: c,
                            flowers: 0,
                        },
                        Vec::new(),
                        form,
                        size,
                    );
                    // The check alone takes exactly the counts the hand is made of.
                    assert_eq!(
                        Hand::fit_counts(&c, form, size).is_some(),
                        new.is_ok(),
                        "{c:?} {form:?} {size}"
                    );
                    assert_eq!(
                        Hand::of_counts(&c, form, size),
                        new.ok(),
                        "{c:?} {form:?} {size}"
                    );
                }
            }
        }
        assert_eq!(Hand::of_counts(&[1; 33], Form::Waiting, 16), None);
        assert_eq!(Hand::of_counts(&[0; 35], Form::Waiting, 16), None);
        assert_eq!(Hand::fit_counts(&[1; 33], Form::Waiting, 16), None);
        assert_eq!(Hand::fit_counts(&[0; 35], Form::Waiting, 16), None);
    }
}
