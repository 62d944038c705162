//! What a variant plays with: its seats, its tile set (004: three players without 二萬–八萬,
//! two with 萬子 and 字牌), its hand size (13 or 16), its melds; and hands and notation read
//! under it, refusing what it does not play.

use super::Variant;
use crate::error::{Code, Error, Result};

impl Variant {
    /// Seats played: `players`, held to the table's 2–4 (the setting's own range; a
    /// hand-built `Variant` outside it still plays a table that exists). 004 兩人麻將、三人麻將規則:
    /// seats `0..seats()` are seated.
    #[must_use]
    pub const fn seats(&self) -> u8 {
        if self.players < 2 {
            2
        } else if self.players > crate::vocab::SEATS {
            crate::vocab::SEATS
        } else {
            self.players
        }
    }

    /// The tile is in this variant's set (004: three-player drops 二萬–八萬, two-player keeps
    /// 萬子 and 字牌 only; with `full_tile_set` every tile is, the empty seats left empty).
    pub fn in_play(&self, t: crate::tile::Tile) -> bool {
        if self.all_in_play() {
            return true;
        }
        let man = t.index() < 9;
        match self.players {
            3 => !(man && (2..=8).contains(&t.number())),
            2 => man || t.is_honor(),
            _ => true,
        }
    }

    /// The tile kinds in this variant's set, in index order (004: three players drop
    /// 二萬–八萬, two players keep 萬子 and 字牌; every kind with `full_tile_set`).
    pub fn tiles_in_play(&self) -> impl Iterator<Item = crate::tile::Tile> + '_ {
        crate::tile::Tile::all().filter(|&t| self.in_play(t))
    }

    /// Every tile is in this variant's set (four players, or `full_tile_set`): the analysis
    /// then skips its in-play checks, which its hot paths would otherwise pay for.
    pub const fn all_in_play(&self) -> bool {
        self.full_tile_set || !matches!(self.players, 2 | 3)
    }

    /// True when this variant reads a hand's waits from its counts alone: every tile in play
    /// and no special shape (the default rules).
    pub const fn counts_alone(&self) -> bool {
        self.all_in_play() && !self.special.any()
    }

    /// Sets a 16-tile hand has that a hand of this variant lacks: 0, or 1 when `hand_size` is
    /// 13 (004 13 張版: 4 組+1 對 against 5 組+1 對). The analysis counts a 13-tile hand as a
    /// 16-tile one with that set already made and empty ([`crate::Hand::meld_count`]).
    pub const fn missing_sets(&self) -> usize {
        if self.hand_size == 13 {
            1
        } else {
            0
        }
    }

    /// An error when `hand` was validated for another hand size than this variant's (a
    /// 13-tile hand read as a 16-tile one, or the other way round).
    pub fn check_hand_size(&self, hand: &crate::hand::Hand) -> Result<()> {
        if hand.size == self.hand_size {
            Ok(())
        } else {
            Err(Error::hand(format!(
                "the hand was read as a {}-tile hand, but {} plays {} tiles (hand_size)",
                hand.size, self.preset, self.hand_size
            ))
            .coded(
                Code::HandSizeMismatch,
                &[("n", &hand.size), ("want", &self.hand_size)],
            ))
        }
    }

    /// A hand read under this variant ([`crate::Hand::new`]): its `hand_size`, and only tiles
    /// its set holds (004: three players play without 二萬–八萬), as every analysis and the
    /// scorer read a hand.
    pub fn hand(
        &self,
        tiles: crate::notation::Tiles,
        melds: Vec<crate::hand::Meld>,
        form: crate::hand::Form,
    ) -> Result<crate::hand::Hand> {
        let h = crate::hand::Hand::new(tiles, melds, form, self.hand_size)?;
        self.check_in_play(&h.own_counts())?;
        self.check_melds(&h.melds)?;
        Ok(h)
    }

    /// Melds this variant can hold: where it forbids 吃 (004 三人麻將 多數不能吃;
    /// `chi_allowed`), no hand holds one, for its waits and analysis as for its score (the
    /// rules README: a preset's own switches bind scoring as well as play).
    pub fn check_melds(&self, melds: &[crate::hand::Meld]) -> Result<()> {
        if self.chi_allowed {
            return Ok(());
        }
        match melds
            .iter()
            .position(|m| m.kind == crate::hand::MeldKind::Chi)
        {
            None => Ok(()),
            Some(i) => Err(Error::hand(format!(
                "a 吃, but {} plays without 吃 (chi_allowed = false; 004 三人麻將 多數不能吃)",
                self.preset
            ))
            .coded(Code::NoChi, &[("preset", &self.preset)])
            .at(format!("melds[{i}].kind"))),
        }
    }

    /// An error naming the first tile of `counts` this variant's set does not hold (004:
    /// three players play without 二萬–八萬, two players with 萬子 and 字牌 only).
    pub fn check_in_play(&self, counts: &crate::tile::Counts) -> Result<()> {
        if self.all_in_play() {
            return Ok(());
        }
        let out = (0..crate::tile::KINDS)
            .filter(|&i| counts[i] > 0)
            .filter_map(crate::tile::Tile::new)
            .find(|&t| !self.in_play(t));
        match out {
            None => Ok(()),
            Some(t) => Err(self.not_in_play(t, None)),
        }
    }

    /// The error refusing `t` (written at `position`, when known): it is not in this
    /// variant's set (004 三人麻將 拿掉二萬到八萬; 兩人麻將 只用萬子與字牌).
    pub(super) fn not_in_play(&self, t: crate::tile::Tile, position: Option<usize>) -> Error {
        let why = if self.players == 3 {
            "三人不用二萬到八萬"
        } else {
            "兩人只用萬子和字牌"
        };
        let message = self.out_of_play(t);
        match position {
            Some(p) => Error::hand_at(message, p),
            None => Error::hand(message),
        }
        .coded(Code::TileNotInPlay, &[("tile", &t.name()), ("why", &why)])
    }

    /// Why `t` is refused: it is not in this variant's set.
    pub(super) fn out_of_play(&self, t: crate::tile::Tile) -> String {
        format!(
            "{} is not in play under {} ({} players: {})",
            t.code(),
            self.preset,
            self.players,
            if self.players == 3 {
                "二萬–八萬 are out"
            } else {
                "only 萬子 and 字牌 are in"
            }
        )
    }

    /// Tiles read from notation under this variant: [`crate::notation::parse`], and the first
    /// tile written that the variant's set lacks refused at its character position.
    pub fn parse(&self, text: &str) -> Result<crate::notation::Tiles> {
        let tiles = crate::notation::parse(text)?;
        if self.check_in_play(&tiles.counts).is_ok() {
            return Ok(tiles);
        }
        let at = crate::notation::symbols(text)?
            .into_iter()
            .find_map(|s| match s {
                crate::notation::Symbol::Tile(t, pos) if !self.in_play(t) => Some((t, pos)),
                _ => None,
            });
        match at {
            Some((t, pos)) => Err(self.not_in_play(t, Some(pos))),
            None => self.check_in_play(&tiles.counts).map(|()| tiles),
        }
    }
}
