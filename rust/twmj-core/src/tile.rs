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

#[cfg(test)]
mod tests {
    use super::*;

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
