//! Tile notation: `123m456p11z1f`, the Chinese characters and names, and the canonical output.
//!
//! Grammar (PRODUCT.md, "Tiles and notation"): digits before a suit letter share it;
//! whitespace is ignored; `東南西北白發中` and `春夏秋冬梅蘭菊竹` stand alone; a numeral
//! (`1`–`9` or `一`–`九`) before `萬`/`筒`/`條` names a suited tile.

use crate::error::{Code, Error, Result};
use crate::tile::{Counts, Flower, Tile, COPIES, FLOWERS, KINDS};

/// A parsed tile string: counts of the 34 kinds and the set of flowers, in canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiles {
    pub counts: Counts,
    /// Bit `i` set when flower `i` (0 = 春 … 7 = 竹) is present.
    pub flowers: u8,
}

impl Default for Tiles {
    fn default() -> Self {
        Tiles {
            counts: [0; KINDS],
            flowers: 0,
        }
    }
}

impl Tiles {
    /// Number of non-flower tiles.
    pub fn len(&self) -> usize {
        crate::tile::total(&self.counts)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0 && self.flowers == 0
    }

    pub fn flower_count(&self) -> usize {
        self.flowers.count_ones() as usize
    }

    /// Flowers in order.
    pub fn flower_list(&self) -> Vec<Flower> {
        (0..FLOWERS)
            .filter(|i| self.flowers >> i & 1 == 1)
            .filter_map(Flower::new)
            .collect()
    }

    /// Every tile in canonical order (a kind repeated by its count).
    pub fn tile_list(&self) -> Vec<Tile> {
        let mut v = Vec::with_capacity(self.len());
        for t in Tile::all() {
            for _ in 0..self.counts[t.index()] {
                v.push(t);
            }
        }
        v
    }
}

/// What one symbol of the input denotes, with the character position it was read at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    Tile(Tile, usize),
    Flower(Flower, usize),
}

fn numeral(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '一' => Some(1),
        '二' => Some(2),
        '三' => Some(3),
        '四' => Some(4),
        '五' => Some(5),
        '六' => Some(6),
        '七' => Some(7),
        '八' => Some(8),
        '九' => Some(9),
        _ => None,
    }
}

/// Suit letters and characters: 0 m, 1 p, 2 s, 3 z, 4 f.
fn suit_mark(c: char) -> Option<u8> {
    match c {
        'm' | 'M' | '萬' | '万' => Some(0),
        'p' | 'P' | '筒' | '餅' | '饼' => Some(1),
        's' | 'S' | '條' | '条' | '索' => Some(2),
        'z' | 'Z' => Some(3),
        'f' | 'F' => Some(4),
        _ => None,
    }
}

fn standalone(c: char) -> Option<Symbol> {
    let honor = |i: usize| Tile::new(27 + i).map(|t| Symbol::Tile(t, 0));
    let flower = |i: usize| Flower::new(i).map(|f| Symbol::Flower(f, 0));
    match c {
        '東' | '东' => honor(0),
        '南' => honor(1),
        '西' => honor(2),
        '北' => honor(3),
        '白' => honor(4),
        '發' | '发' => honor(5),
        '中' => honor(6),
        '春' => flower(0),
        '夏' => flower(1),
        '秋' => flower(2),
        '冬' => flower(3),
        '梅' => flower(4),
        '蘭' | '兰' => flower(5),
        '菊' => flower(6),
        '竹' => flower(7),
        _ => None,
    }
}

fn at(sym: Symbol, pos: usize) -> Symbol {
    match sym {
        Symbol::Tile(t, _) => Symbol::Tile(t, pos),
        Symbol::Flower(f, _) => Symbol::Flower(f, pos),
    }
}

/// Reads the symbols of `s` in order, without checking copy limits.
pub fn symbols(s: &str) -> Result<Vec<Symbol>> {
    let mut out = Vec::with_capacity(s.len());
    // Pending numerals: (value, position, the character as written).
    let mut pending: Vec<(u8, usize, char)> = Vec::new();
    for (pos, c) in s.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        if let Some(n) = numeral(c) {
            pending.push((n, pos, c));
            continue;
        }
        if let Some(mark) = suit_mark(c) {
            if pending.is_empty() {
                return Err(Error::tile(
                    Code::SuitWithoutNumber,
                    c,
                    pos,
                    "suit letter with no number before it",
                ));
            }
            for &(n, npos, nc) in &pending {
                let sym = match mark {
                    3 if n <= 7 => Tile::new(27 + n as usize - 1).map(|t| Symbol::Tile(t, npos)),
                    4 if n <= 8 => Flower::new(n as usize - 1).map(|f| Symbol::Flower(f, npos)),
                    0..=2 => {
                        Tile::new(mark as usize * 9 + n as usize - 1).map(|t| Symbol::Tile(t, npos))
                    }
                    _ => None,
                };
                match sym {
                    Some(sym) => out.push(sym),
                    None => {
                        return Err(Error::tile(
                            Code::NoSuchTile,
                            format!("{nc}{c}"),
                            npos,
                            "no such tile",
                        ))
                    }
                }
            }
            pending.clear();
            continue;
        }
        if let Some(sym) = standalone(c) {
            if let Some(&(_, npos, nc)) = pending.first() {
                return Err(Error::tile(
                    Code::NumberWithoutSuit,
                    nc,
                    npos,
                    "number with no suit letter after it",
                ));
            }
            out.push(at(sym, pos));
            continue;
        }
        return Err(Error::tile(Code::UnknownSymbol, c, pos, "unknown symbol"));
    }
    if let Some(&(_, npos, nc)) = pending.first() {
        return Err(Error::tile(
            Code::NumberWithoutSuit,
            nc,
            npos,
            "number with no suit letter after it",
        ));
    }
    Ok(out)
}

/// The Chinese name of the one tile written in `s` (`5p` → `五筒`, `7z` → `中`, `1f` → `春`).
/// A second tile is a tile error at its position; no tile at all a hand error; both name the
/// argument `tile`.
pub fn tile_name(s: &str) -> Result<String> {
    match symbols(s).map_err(|e| e.at("tile"))?.as_slice() {
        [Symbol::Tile(t, _)] => Ok(t.name()),
        [Symbol::Flower(f, _)] => Ok(f.name().to_owned()),
        [] => Err(Error::hand(format!("no tile in '{s}' (one expected)"))
            .coded(Code::NoTile, &[])
            .at("tile")),
        [_, second, ..] => {
            let (text, pos) = match *second {
                Symbol::Tile(t, p) => (t.code(), p),
                Symbol::Flower(f, p) => (f.code(), p),
            };
            Err(Error::tile(
                Code::NotOneTile,
                text,
                pos,
                "one tile expected, this is a second",
            )
            .at("tile"))
        }
    }
}

/// Parses `s` into counts and flowers, refusing a fifth copy of a kind or a repeated flower.
pub fn parse(s: &str) -> Result<Tiles> {
    match parse_plain(s) {
        Some(counts) => Ok(Tiles { counts, flowers: 0 }),
        None => parse_symbols(s),
    }
}

/// Numbers waiting for their suit letter in [`parse_plain`]: more than this, and the general
/// reader takes the string.
const PLAIN_PENDING: usize = 32;

/// The common input read straight into counts, without the symbol list: ASCII digits, the
/// letters m, p, s, z (either case) and spaces, every number followed by its letter, no kind
/// past 4 copies. Anything else (flowers, Chinese, any error) is `None`, and [`parse_symbols`]
/// reads the string and words its error; the tests hold the two to the same answers.
fn parse_plain(s: &str) -> Option<Counts> {
    let mut counts = [0u8; KINDS];
    let mut pending = [0u8; PLAIN_PENDING];
    let mut len = 0usize;
    for &b in s.as_bytes() {
        let mark = match b {
            b'1'..=b'9' => {
                *pending.get_mut(len)? = b - b'0';
                len += 1;
                continue;
            }
            b' ' => continue,
            b'm' | b'M' => 0,
            b'p' | b'P' => 1,
            b's' | b'S' => 2,
            b'z' | b'Z' => 3,
            _ => return None,
        };
        if len == 0 {
            return None;
        }
        for &n in &pending[..len] {
            if mark == 3 && n > 7 {
                return None;
            }
            let c = &mut counts[mark * 9 + usize::from(n) - 1];
            if *c >= COPIES {
                return None;
            }
            *c += 1;
        }
        len = 0;
    }
    (len == 0).then_some(counts)
}

/// [`parse`] through the symbol list: every notation, and the errors.
fn parse_symbols(s: &str) -> Result<Tiles> {
    let mut tiles = Tiles::default();
    for sym in symbols(s)? {
        match sym {
            Symbol::Tile(t, pos) => {
                let c = &mut tiles.counts[t.index()];
                if *c >= COPIES {
                    return Err(Error::tile(
                        Code::FifthCopy,
                        t.code(),
                        pos,
                        "fifth copy of a tile",
                    )
                    .coded(Code::FifthCopy, &[("tile", &t.name())]));
                }
                *c += 1;
            }
            Symbol::Flower(f, pos) => {
                let bit = 1u8 << f.index();
                if tiles.flowers & bit != 0 {
                    return Err(Error::tile(
                        Code::DuplicateFlower,
                        f.code(),
                        pos,
                        "flower given twice",
                    )
                    .coded(Code::DuplicateFlower, &[("tile", &f.name())]));
                }
                tiles.flowers |= bit;
            }
        }
    }
    Ok(tiles)
}

/// Canonical notation of counts and flowers: sorted, grouped by suit, `123m456p11z12f`.
pub fn format(counts: &Counts, flowers: u8) -> String {
    let mut out = String::new();
    for (g, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let len = if g == 3 { 7 } else { 9 };
        let mut any = false;
        for i in 0..len {
            for _ in 0..counts[g * 9 + i] {
                out.push(char::from(b'1' + i as u8));
                any = true;
            }
        }
        if any {
            out.push(letter);
        }
    }
    if flowers != 0 {
        for i in 0..FLOWERS {
            if flowers >> i & 1 == 1 {
                out.push(char::from(b'1' + i as u8));
            }
        }
        out.push('f');
    }
    out
}

/// Counts from a 34-byte buffer, refusing a count above 4.
pub fn counts_from_bytes(b: &[u8]) -> Result<Counts> {
    if b.len() != KINDS {
        return Err(Error::hand(format!(
            "a counts buffer has 34 bytes, one per tile kind; got {}",
            b.len()
        ))
        .coded(Code::BadCounts, &[("n", &b.len())]));
    }
    let mut counts = [0u8; KINDS];
    counts.copy_from_slice(b);
    // The largest count first, in one branch-free pass (the common case: no error); then
    // the first byte over for the message.
    if crate::tile::over_copies(&counts) {
        if let Some((i, &c)) = counts.iter().enumerate().find(|(_, &c)| c > COPIES) {
            let code = Tile::new(i).map_or_else(String::new, Tile::code);
            let name = Tile::new(i).map_or_else(String::new, Tile::name);
            return Err(Error::hand(format!(
                "count {c} of {code} at byte {i} is more than the 4 copies of a tile"
            ))
            .coded(
                Code::TooManyCopies,
                &[("tile", &name), ("where", &"牌數陣列"), ("n", &c)],
            ));
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain reader agrees with the symbol reader: on random strings over digits, suit
    /// letters, flowers, spaces and a few others (errors included, word for word), and on
    /// random hands written out.
    #[test]
    fn a_tile_name_is_of_one_tile() {
        assert_eq!(tile_name("5p").unwrap(), "五筒");
        assert_eq!(tile_name(" 1f ").unwrap(), "春");
        // The second tile is the error, at its character position (一 is one character).
        let e = tile_name("5p 6p").unwrap_err();
        assert_eq!(
            (e.kind(), e.position(), e.field()),
            ("tile_error", Some(3), Some("tile".into()))
        );
        let e = tile_name("56p").unwrap_err();
        assert_eq!(e.position(), Some(1));
        let e = tile_name("  ").unwrap_err();
        assert_eq!((e.kind(), e.field()), ("hand_error", Some("tile".into())));
        let e = tile_name("5x").unwrap_err();
        assert_eq!(
            (e.kind(), e.position(), e.field()),
            ("tile_error", Some(1), Some("tile".into()))
        );
    }

    #[test]
    fn plain_reader_agrees_with_symbols() {
        let alphabet: Vec<char> = "1234567899mpszMPSZf 0x\t東萬一".chars().collect();
        let mut rng = fastrand::Rng::with_seed(16);
        let mut plain = 0;
        for round in 0..60_000 {
            let text: String = if round % 2 == 0 {
                (0..rng.usize(0..40))
                    .map(|_| alphabet[rng.usize(0..alphabet.len())])
                    .collect()
            } else {
                let mut c = [0u8; KINDS];
                for _ in 0..rng.usize(0..18) {
                    let k = rng.usize(0..KINDS);
                    c[k] += 1;
                }
                let mut t = format(&c, 0);
                if rng.bool() {
                    t = t.replace('m', "m ").to_uppercase();
                }
                t
            };
            plain += usize::from(parse_plain(&text).is_some());
            match (parse(&text), parse_symbols(&text)) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
                (a, b) => panic!("{text}: {a:?} against {b:?}"),
            }
        }
        assert!(plain > 20_000, "{plain} strings read plainly");
    }

    fn ok(s: &str) -> Tiles {
        match parse(s) {
            Ok(t) => t,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn canonical_round_trip() {
        let t = ok("11z 654p 321m");
        assert_eq!(format(&t.counts, t.flowers), "123m456p11z");
        assert_eq!(format(&ok("東東中發白").counts, 0), "11567z");
        assert_eq!(format(&ok("一萬9筒五條").counts, 0), "1m9p5s");
        let f = ok("春竹1m");
        assert_eq!(format(&f.counts, f.flowers), "1m18f");
    }

    #[test]
    fn errors_name_symbol_and_position() {
        assert_eq!(
            parse("123x").map(|_| ()),
            Err(Error::tile(Code::UnknownSymbol, 'x', 3, "unknown symbol"))
        );
        assert_eq!(
            parse("11111m").map(|_| ()),
            Err(
                Error::tile(Code::FifthCopy, "1m", 4, "fifth copy of a tile")
                    .coded(Code::FifthCopy, &[("tile", &"一萬")])
            )
        );
        assert_eq!(
            parse("1f 1f").map(|_| ()),
            Err(
                Error::tile(Code::DuplicateFlower, "1f", 3, "flower given twice")
                    .coded(Code::DuplicateFlower, &[("tile", &"春")])
            )
        );
        assert_eq!(
            parse("8z").map(|_| ()),
            Err(Error::tile(Code::NoSuchTile, "8z", 0, "no such tile"))
        );
        assert_eq!(
            parse("12").map(|_| ()),
            Err(Error::tile(
                Code::NumberWithoutSuit,
                '1',
                0,
                "number with no suit letter after it"
            ))
        );
        assert_eq!(
            parse("m").map(|_| ()),
            Err(Error::tile(
                Code::SuitWithoutNumber,
                'm',
                0,
                "suit letter with no number before it"
            ))
        );
    }
}
