//! Tile kinds (34) and flowers (8): the validated newtypes every other module uses.

/// Number of tile kinds (9 × 3 suits + 7 honours).
pub const KINDS: usize = 34;
/// Number of flower tiles (one copy each).
pub const FLOWERS: usize = 8;
/// Copies of each kind in the set.
pub const COPIES: u8 = 4;

/// One of the 34 tile kinds: 0–8 萬 (`1m`–`9m`), 9–17 筒 (`1p`–`9p`),
/// 18–26 條 (`1s`–`9s`), 27–33 東南西北白發中 (`1z`–`7z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// A suit or the honours, the four groups a hand is split into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Man = 0,
    Pin = 1,
    Sou = 2,
    Honor = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// First kind index of the group.
    pub const fn base(self) -> usize {
        self as usize * 9
    }

    /// Number of kinds in the group (9, or 7 for honours).
    pub const fn len(self) -> usize {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    pub const fn is_empty(self) -> bool {
        false
    }
}

const HONOR_NAMES: [&str; 7] = ["東", "南", "西", "北", "白", "發", "中"];
const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const SUIT_NAMES: [&str; 3] = ["萬", "筒", "條"];

impl Tile {
    /// The tile of kind index `i`, if `i < 34`.
    pub const fn new(i: usize) -> Option<Tile> {
        if i < KINDS {
            Some(Tile(i as u8))
        } else {
            None
        }
    }

    /// The wind tile of wind `w` (0 = 東 … 3 = 北, taken mod 4): `1z`–`4z`.
    pub const fn wind(w: usize) -> Tile {
        Tile(27 + (w % 4) as u8)
    }

    /// Index 0–33.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// 1-based number within the group (1–9, or 1–7 for honours).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// A 1 or 9 of a suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.0 % 9 == 0 || self.0 % 9 == 8)
    }

    /// Wind tiles 東南西北.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// Dragon tiles 白發中.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// All 34 kinds in order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// The tile written `<number><letter>`, e.g. `5p`.
    pub fn code(self) -> String {
        format!("{}{}", self.number(), self.suit().letter())
    }

    /// The Chinese name: `一萬`, `五筒`, `九條`, `東`, `中`.
    pub fn name(self) -> String {
        match self.suit() {
            Suit::Honor => HONOR_NAMES[(self.0 - 27) as usize].to_owned(),
            s => format!(
                "{}{}",
                NUMERALS[(self.number() - 1) as usize],
                SUIT_NAMES[s as usize]
            ),
        }
    }
}

/// One of the 8 flowers: 0–7 = 春 夏 秋 冬 梅 蘭 菊 竹 (`1f`–`8f`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Flower(u8);

const FLOWER_NAMES: [&str; 8] = ["春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"];

impl Flower {
    pub const fn new(i: usize) -> Option<Flower> {
        if i < FLOWERS {
            Some(Flower(i as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat (0 = 東, 1 = 南, 2 = 西, 3 = 北) whose 正花 this is:
    /// 東 春 梅, 南 夏 蘭, 西 秋 菊, 北 冬 竹.
    pub const fn seat(self) -> usize {
        (self.0 % 4) as usize
    }

    pub fn code(self) -> String {
        format!("{}f", self.0 + 1)
    }

    pub fn name(self) -> &'static str {
        FLOWER_NAMES[self.0 as usize]
    }
}

/// Counts of each kind, the representation every analysis works on.
pub type Counts = [u8; KINDS];

/// The 34 counts as four 8-byte words and the last two bytes: the checks below work a
/// word at a time. A plain 34-long loop is unrolled into 34 scalar compares instead (it
/// showed in the profile of `twmj.waits`).
#[inline]
fn words(c: &Counts) -> ([u64; 4], [u8; 2]) {
    let mut w = [0u64; 4];
    for (word, bytes) in w.iter_mut().zip(c.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        *word = u64::from_le_bytes(b);
    }
    (w, [c[32], c[33]])
}

/// Group `g`'s eight first counts as a word (count of kind x in byte x) and its ninth count
/// (0 for the honours, which have seven kinds).
#[inline(always)]
#[allow(clippy::inline_always)]
pub(crate) fn group_bytes(c: &Counts, g: usize) -> (u64, u8) {
    // Without a branch on the group, which the full waits choose by the hand's counts: the
    // honours, 27‥33, are the word from 26 with kind 26 shifted out, and have no ninth. (The
    // group sums and indices read it with `g` fixed, where it folds to the plain reads.)
    let honours = g == 3;
    let at = 9 * g - usize::from(honours);
    let mut b = [0u8; 8];
    b.copy_from_slice(&c[at..at + 8]);
    let word = u64::from_le_bytes(b) >> (8 * u32::from(honours));
    let ninth = c[(9 * g + 8).min(c.len() - 1)] & 0u8.wrapping_sub(u8::from(!honours));
    (word, ninth)
}

/// The counts as three bit planes: bit i of plane b is bit b of `c[i]` (counts up to 7, as
/// checked counts are), eight kinds a word at a time.
#[inline]
pub fn bit_planes(c: &Counts) -> [u64; 3] {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Bytes of 0 or 1 gathered into one byte by a multiply, as in [`four_copies`].
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (w, tail) = words(c);
    let mut planes = [0u64; 3];
    for (b, plane) in planes.iter_mut().enumerate() {
        for (k, &x) in w.iter().enumerate() {
            *plane |= ((x >> b & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
        }
        *plane |= u64::from(tail[0] >> b & 1) << 32 | u64::from(tail[1] >> b & 1) << 33;
    }
    planes
}

/// Whether some count is over the 4 copies of a kind: the check on every input.
#[inline]
pub fn over_copies(c: &Counts) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of 5 or more (up to 0x84) plus 0x7b reaches the high bit; a larger byte has it
    // already (its carry into the next byte only spoils bytes once the answer is known).
    const LIFT: u64 = 0x7b7b_7b7b_7b7b_7b7b;
    let (w, tail) = words(c);
    let any = w.iter().fold(0, |acc, &x| acc | x | x.wrapping_add(LIFT));
    any & HIGH != 0 || tail[0] > COPIES || tail[1] > COPIES
}

/// Whether some `a[i] + b[i]` is over the 4 copies of a kind, with `a` checked (no count over
/// 4, as a hand's own counts) and `b` any counts: [`over_copies`] of the sums, without
/// writing them.
#[inline]
pub fn over_copies_sum(a: &Counts, b: &Counts) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LIFT: u64 = 0x7b7b_7b7b_7b7b_7b7b;
    let ((wa, ta), (wb, tb)) = (words(a), words(b));
    // A byte of `b` of 0x80 or more has the high bit (and is over); below that a sum is at
    // most 0x83 and carries into no other byte, and [`over_copies`]' lift applies.
    let any = wa.iter().zip(&wb).fold(0, |acc, (&x, &y)| {
        let s = x.wrapping_add(y);
        acc | y | s | s.wrapping_add(LIFT)
    });
    any & HIGH != 0 || ta[0].saturating_add(tb[0]) > COPIES || ta[1].saturating_add(tb[1]) > COPIES
}

/// Bit i set when kind i has all 4 copies (`c` checked: no count over 4).
#[inline]
pub fn four_copies(c: &Counts) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of 4 plus 0x7c reaches the high bit; then the eight high bits of a word are
    // gathered into one byte by a multiply (each lands on its own bit of the top byte).
    const LIFT: u64 = 0x7c7c_7c7c_7c7c_7c7c;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (w, tail) = words(c);
    let mut mask = 0u64;
    for (k, &x) in w.iter().enumerate() {
        let high = x.wrapping_add(LIFT) & HIGH;
        mask |= ((high >> 7).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    mask | u64::from(tail[0] >= COPIES) << 32 | u64::from(tail[1] >= COPIES) << 33
}

/// Whether some count of `c` is `k` or more (`k` in 1..=128), a word at a time.
#[inline]
pub fn any_at_least(c: &Counts, k: u8) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of `k` or more plus 0x80 − k reaches the high bit; a byte of 0x80 or more has it
    // already (its carry into the next byte only spoils bytes once the answer is known).
    let lift = u64::from(0x80 - k) * 0x0101_0101_0101_0101;
    let (w, tail) = words(c);
    let any = w.iter().fold(0, |acc, &x| acc | x | x.wrapping_add(lift));
    any & HIGH != 0 || tail[0] >= k || tail[1] >= k
}

/// Bit i set when kind i has `k` or more copies (`k` in 1..=4; `c` checked: no count over 4),
/// a word at a time as [`four_copies`].
#[inline]
pub fn at_least_mask(c: &Counts, k: u8) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let lift = u64::from(0x80 - k) * 0x0101_0101_0101_0101;
    let (w, tail) = words(c);
    let mut mask = 0u64;
    for (i, &x) in w.iter().enumerate() {
        let high = x.wrapping_add(lift) & HIGH;
        mask |= ((high >> 7).wrapping_mul(GATHER) >> 56) << (8 * i);
    }
    mask | u64::from(tail[0] >= k) << 32 | u64::from(tail[1] >= k) << 33
}

/// Whether `c` holds an honour tile (kinds 27–33), a word at a time.
#[inline]
pub fn any_honor(c: &Counts) -> bool {
    let (w, tail) = words(c);
    // Bytes 27–31 are the top five of the fourth word.
    w[3] >> 24 != 0 || tail != [0, 0]
}

/// The number of tiles in `c` (any counts, unchecked input included).
#[inline]
pub fn total(c: &Counts) -> usize {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    let (w, tail) = words(c);
    let sum: u64 = w
        .iter()
        .map(|&x| {
            // Four 16-bit lanes of byte pairs (each ≤ 510), then the lanes added by a multiply
            // into the top lane (≤ 2040).
            let pairs = (x & EVEN) + (x >> 8 & EVEN);
            pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
        })
        .sum();
    usize::try_from(sum).unwrap_or(usize::MAX) + usize::from(tail[0]) + usize::from(tail[1])
}

/// At most one entry per kind, in tile order, read as a slice: the accepting kinds of a
/// discard ([`crate::Accepts`]). Held inline rather than in a `Vec`: the allocation and its
/// free were about a tenth of a cold analysis (and a seventh of the full waits of a ready
/// hand, whose list is now packed by group, [`crate::WaitList`]).
#[derive(Clone, Copy)]
pub struct KindList<T> {
    pub(crate) len: u8,
    pub(crate) items: [T; KINDS],
}

impl<T: Copy> KindList<T> {
    /// No entry; `blank` fills the unused slots (never read).
    pub(crate) const fn empty(blank: T) -> KindList<T> {
        KindList {
            len: 0,
            items: [blank; KINDS],
        }
    }

    /// Adds `x` at the end (one entry per kind: the 34 slots never run out).
    #[inline]
    pub fn push(&mut self, x: T) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = x;
            self.len += 1;
        }
    }

    /// Keeps only the entries `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut n = 0;
        for k in 0..usize::from(self.len) {
            if keep(&self.items[k]) {
                self.items[n] = self.items[k];
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

impl<T> std::ops::Deref for KindList<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T> std::ops::DerefMut for KindList<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<'a, T> IntoIterator for &'a KindList<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T> IntoIterator for KindList<T> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, KINDS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl<T: PartialEq> PartialEq for KindList<T> {
    fn eq(&self, other: &KindList<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for KindList<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for KindList<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time checks against plain loops, on random counts of every size.
    #[test]
    fn word_checks_agree_with_loops() {
        let mut rng = fastrand::Rng::with_seed(16);
        for round in 0..50_000 {
            let top = [5u8, 6, 255][round % 3];
            let mut c = [0u8; KINDS];
            for v in &mut c {
                *v = rng.u8(0..top);
            }
            if round % 5 == 0 {
                c = [0; KINDS];
                c[rng.usize(0..KINDS)] = rng.u8(..);
            }
            assert_eq!(over_copies(&c), c.iter().any(|&v| v > COPIES), "{c:?}");
            // A checked hand's counts beside these: the sum's check without the sums.
            // (on even rounds each within what `c` leaves, so that most sums are not over)
            let mut own = [0u8; KINDS];
            for (o, &v) in own.iter_mut().zip(&c) {
                let room = if round % 2 == 0 {
                    COPIES.saturating_sub(v)
                } else {
                    COPIES
                };
                *o = rng.u8(0..=room);
            }
            let over = own
                .iter()
                .zip(&c)
                .any(|(&o, &v)| o.saturating_add(v) > COPIES);
            assert_eq!(over_copies_sum(&own, &c), over, "{own:?} {c:?}");
            assert_eq!(
                total(&c),
                c.iter().map(|&v| usize::from(v)).sum::<usize>(),
                "{c:?}"
            );
            let checked = c.map(|v| v.min(COPIES));
            let fours = (0..KINDS).filter(|&i| checked[i] == COPIES);
            assert_eq!(
                four_copies(&checked),
                fours.fold(0, |m, i| m | 1 << i),
                "{c:?}"
            );
            for k in 1..=COPIES {
                assert_eq!(any_at_least(&c, k), c.iter().any(|&v| v >= k), "{k} {c:?}");
                let at_least = (0..KINDS).filter(|&i| checked[i] >= k);
                assert_eq!(
                    at_least_mask(&checked, k),
                    at_least.fold(0, |m, i| m | 1 << i),
                    "{k} {c:?}"
                );
            }
            assert_eq!(
                any_honor(&checked),
                checked[27..].iter().any(|&v| v > 0),
                "{c:?}"
            );
            let planes = bit_planes(&checked);
            for b in 0..3 {
                let bits = (0..KINDS).filter(|&i| checked[i] >> b & 1 == 1);
                assert_eq!(planes[b], bits.fold(0, |m, i| m | 1 << i), "{c:?}");
            }
        }
    }

    #[test]
    fn names_and_codes() {
        let t = Tile::new(4).unwrap_or(Tile(0));
        assert_eq!(t.code(), "5m");
        assert_eq!(t.name(), "五萬");
        let z = Tile::new(33).unwrap_or(Tile(0));
        assert_eq!(z.code(), "7z");
        assert_eq!(z.name(), "中");
        assert!(Tile::new(34).is_none());
        assert_eq!(Flower::new(4).map(Flower::name), Some("梅"));
        assert_eq!(Flower::new(4).map(Flower::seat), Some(0));
        assert_eq!(Flower::new(7).map(Flower::seat), Some(3));
    }
}
