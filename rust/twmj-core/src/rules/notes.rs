//! The 備註 of the tai tables, as data the rules floor reads: which items each row's notes
//! leave out beside it. Each entry transcribes its row as the scoring tables
//! (`scoring::tables`, one file per table) print it: `excludes` its own "不另計 X" / "不計 X",
//! `excluded_by` "X 不計" written on its row, `outranked_by` the tiers (rules README: 三暗刻,
//! 四暗刻 and 五暗刻; hk16 兩暗刻 < 三暗刻 …; 003 改良式 三連刻 < 四連刻 < 五連刻). Every preset
//! resolves its exclusions from them ([`Variant`](crate::rules::Variant)'s `exclude.<item>`
//! settings), reading every row's notes or only its own table's ([`DROPS`]).

use crate::rules::item::{Item, WORDS};
use crate::rules::variant::{Exclusions, ItemSet, Variant, EVERY_ITEM};

/// One row's notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note {
    pub item: Item,
    /// Items this one's 備註 says are not counted with it ("不另計 X", "不計 X").
    pub excludes: &'static [Item],
    /// Items under which this one's 備註 says it is not counted ("X 不計").
    pub excluded_by: &'static [Item],
    /// The items this one is a lower tier of: not counted with any of them, under every
    /// preset, also one that reads only its own table's notes.
    pub outranked_by: &'static [Item],
}

const NONE: &[Item] = &[];

impl Note {
    /// The row of `item` with no note; the three methods below add its notes, so the table
    /// reads a row as its text writes it (`Note::of(Item::SingleWait).excludes(&[Item::PingHu])`).
    pub const fn of(item: Item) -> Note {
        Note {
            item,
            excludes: NONE,
            excluded_by: NONE,
            outranked_by: NONE,
        }
    }

    /// The row's own "不另計 X" / "不計 X".
    const fn excludes(self, excludes: &'static [Item]) -> Note {
        Note { excludes, ..self }
    }

    /// "X 不計" written on the row: the items under which it is not counted.
    const fn excluded_by(self, excluded_by: &'static [Item]) -> Note {
        Note {
            excluded_by,
            ..self
        }
    }

    /// The tiers above it.
    const fn outranked_by(self, outranked_by: &'static [Item]) -> Note {
        Note {
            outranked_by,
            ..self
        }
    }
}

/// The notes of every row that writes one, in [`Item`] order (000/002, 001, 003 改良式, hk16,
/// the fan list, the special shapes).
#[rustfmt::skip]
pub const NOTES: &[Note] = &[
    Note::of(Item::Concealed)
        .excluded_by(&[Item::HeavenWin, Item::EarthWin, Item::HumanWin, Item::Migi]),
    Note::of(Item::SelfDraw).excluded_by(&[Item::HeavenWin, Item::EarthWin]),
    Note::of(Item::ConcealedSelfDraw).excluded_by(&[Item::HeavenWin, Item::EarthWin, Item::Migi]),
    Note::of(Item::RoundWind).excluded_by(&[Item::BigWinds, Item::AllHonors]),
    Note::of(Item::SeatWind).excluded_by(&[Item::BigWinds, Item::AllHonors]),
    Note::of(Item::Dragon).excluded_by(&[Item::SmallDragons, Item::BigDragons, Item::AllHonors]),
    Note::of(Item::SingleWait).excludes(&[Item::PingHu]).excluded_by(&[Item::HeavenWin]),
    Note::of(Item::KongBloom).excluded_by(&[Item::HeavenWin]),
    Note::of(Item::DeclaredReady).excluded_by(&[Item::Migi]),
    Note::of(Item::ThreeConcealed).outranked_by(&[Item::FourConcealed, Item::FiveConcealed]),
    Note::of(Item::AllTriplets).excluded_by(&[Item::AllHonors]),
    Note::of(Item::SmallDragons).excludes(&[Item::Dragon]),
    Note::of(Item::FourConcealed).outranked_by(&[Item::FiveConcealed]),
    Note::of(Item::BigDragons).excludes(&[Item::Dragon]),
    Note::of(Item::SmallWinds).excludes(&[Item::RoundWind, Item::SeatWind]),
    Note::of(Item::HumanWin).excludes(&[Item::Concealed]),
    Note::of(Item::Migi).excludes(&[Item::Concealed, Item::ConcealedSelfDraw, Item::DeclaredReady]),
    Note::of(Item::EarthWin).excludes(&[Item::SelfDraw, Item::Concealed, Item::ConcealedSelfDraw]),
    Note::of(Item::BigWinds).excludes(&[Item::RoundWind, Item::SeatWind]),
    Note::of(Item::AllHonors)
        .excludes(&[Item::AllTriplets, Item::RoundWind, Item::SeatWind, Item::Dragon]),
    Note::of(Item::HeavenWin)
        .excludes(&[
            Item::SelfDraw,
            Item::Concealed,
            Item::ConcealedSelfDraw,
            Item::SingleWait,
            Item::KongBloom,
        ]),
    Note::of(Item::HeavenReady)
        .excludes(&[Item::Concealed, Item::ConcealedSelfDraw, Item::DeclaredReady]),
    Note::of(Item::DealerFirstDiscard).excludes(&[Item::Concealed]),
    Note::of(Item::DoubleRun).excluded_by(&[Item::FourIdenticalRuns, Item::CleanCup]),
    Note::of(Item::Straight).excluded_by(&[Item::TaiwanLine]),
    Note::of(Item::ThreeConsecutiveTriplets)
        .excluded_by(&[Item::CleanCup])
        .outranked_by(&[Item::FourConsecutiveTriplets, Item::FiveConsecutiveTriplets]),
    Note::of(Item::FourConsecutiveTriplets)
        .excluded_by(&[Item::MillionStones])
        .outranked_by(&[Item::FiveConsecutiveTriplets]),
    Note::of(Item::MixedOutside).excluded_by(&[Item::MixedTerminals, Item::AllTerminals]),
    Note::of(Item::PureOutside).excluded_by(&[Item::AllTerminals]),
    Note::of(Item::SmallThreeWinds).excludes(&[Item::RoundWind, Item::SeatWind]),
    Note::of(Item::BigThreeWinds).excludes(&[Item::RoundWind, Item::SeatWind]),
    Note::of(Item::Peacock).excludes(&[Item::RoundWind, Item::SeatWind]),
    Note::of(Item::TaiwanLine).excludes(&[Item::Straight, Item::Dragon, Item::HalfFlush]),
    Note::of(Item::CleanCup).excludes(&[Item::Concealed, Item::ThreeConcealed]),
    Note::of(Item::PeachGarden).excludes(&[Item::BigDragons, Item::Dragon]),
    Note::of(Item::NineGatesVariant).excluded_by(&[Item::NineGatesPure]),
    Note::of(Item::WindTriplet).excluded_by(&[Item::SmallWinds, Item::BigWinds]),
    Note::of(Item::PingWuFlowers).excludes(&[Item::NoHonors]),
    Note::of(Item::PingWuClean)
        .excludes(&[Item::NoHonors, Item::NoFlowers, Item::NoHonorsNoFlowers]),
    Note::of(Item::NoHonorsNoFlowers).excludes(&[Item::NoHonors, Item::NoFlowers]),
    Note::of(Item::TwoConcealed)
        .outranked_by(&[Item::ThreeConcealed, Item::FourConcealed, Item::FiveConcealed]),
    Note::of(Item::FanNineGates).excludes(&[Item::FullFlush, Item::NineGatesPure, Item::NineLinks]),
    Note::of(Item::FanSevenShiftedPairs)
        .excludes(&[Item::FullFlush, Item::FanConcealedSelfDraw, Item::FanSingleWait]),
    Note::of(Item::FanPureTerminals)
        .excludes(&[
            Item::AllTriplets,
            Item::ThreeSameTriplets,
            Item::FanDoubleSameTriplets,
            Item::NoHonors,
            Item::AllTerminals,
        ]),
    Note::of(Item::FanFourConcealed)
        .excludes(&[
            Item::FanConcealedDiscard,
            Item::AllTriplets,
            Item::FourConcealed,
            Item::ThreeConcealed,
            Item::TwoConcealed,
        ])
        .excluded_by(&[Item::FiveConcealed]),
    Note::of(Item::FanPureTerminalChows).excludes(&[Item::FanAllChows, Item::FullFlush]),
    Note::of(Item::FanFourPureShiftedChows).excludes(&[Item::FullFlush, Item::FanAllChows]),
    Note::of(Item::FanMixedTerminals).excludes(&[Item::AllTriplets, Item::MixedTerminals]),
    Note::of(Item::FanPureTripleChow)
        .excludes(&[Item::ThreeConsecutiveTriplets])
        .excluded_by(&[Item::FourIdenticalRuns]),
    Note::of(Item::FanAllEvenTriplets).excludes(&[Item::AllTriplets, Item::AllSimples]),
    Note::of(Item::FanUpperTiles).excludes(&[Item::NoHonors]),
    Note::of(Item::FanMiddleTiles).excludes(&[Item::AllSimples, Item::NoHonors]),
    Note::of(Item::FanLowerTiles).excludes(&[Item::NoHonors]),
    Note::of(Item::FanPureStraight).excludes(&[Item::Straight]),
    Note::of(Item::FanThreeSuitTerminalChows)
        .excludes(&[
            Item::FanMixedDoubleChow,
            Item::FanTerminalChows,
            Item::NoHonors,
            Item::FanAllChows,
        ]),
    Note::of(Item::FanAllFives).excludes(&[Item::AllSimples]),
    Note::of(Item::FanUpperFour).excludes(&[Item::NoHonors]),
    Note::of(Item::FanLowerFour).excludes(&[Item::NoHonors]),
    Note::of(Item::FanThreeWindTriplets).excluded_by(&[Item::BigWinds, Item::SmallWinds]),
    Note::of(Item::FanMixedTripleChow).excludes(&[Item::ThreeColourRun]),
    Note::of(Item::FanReversible).excludes(&[Item::FanOneSuitMissing]),
    Note::of(Item::FanLastTileDraw).excludes(&[Item::SelfDraw, Item::LastTile]),
    Note::of(Item::FanKongBloom).excludes(&[Item::SelfDraw, Item::KongBloom]),
    Note::of(Item::FanAllMelded).excludes(&[Item::FanSingleWait, Item::AllMelded]),
    Note::of(Item::FanConcealedSelfDraw)
        .excludes(&[Item::SelfDraw, Item::ConcealedSelfDraw, Item::Concealed]),
    Note::of(Item::FanOutsideHand).excludes(&[Item::MixedOutside, Item::PureOutside]),
    Note::of(Item::FanLastOfKind).excluded_by(&[Item::RobbingKong]),
    Note::of(Item::FanConcealedDiscard).excludes(&[Item::Concealed]),
    Note::of(Item::FanAllChows).excludes(&[Item::PingHu]).excluded_by(&[Item::FourIdenticalRuns]),
    Note::of(Item::FanTileHog).excluded_by(&[Item::FourIdenticalRuns]),
    Note::of(Item::FanDoubleSameTriplets).excluded_by(&[Item::FanPureTerminals]),
    Note::of(Item::FanPureDoubleChow).excluded_by(&[Item::FourIdenticalRuns]),
    Note::of(Item::FanSevenPairs)
        .excludes(&[Item::ConcealedSelfDraw, Item::FanConcealedSelfDraw, Item::FanSingleWait]),
    Note::of(Item::FanSevenStars)
        .excludes(&[
            Item::FanAllTypes,
            Item::ConcealedSelfDraw,
            Item::FanConcealedSelfDraw,
            Item::FanSingleWait,
        ]),
    Note::of(Item::FanAllKnitted)
        .excludes(&[
            Item::FanAllTypes,
            Item::ConcealedSelfDraw,
            Item::FanConcealedSelfDraw,
            Item::FanSingleWait,
        ]),
];

/// Every item's notes, indexed by item (a row without one has none).
pub static BY_ITEM: [Note; Item::ALL] = {
    let mut out = [Note::of(Item::Dealer); Item::ALL];
    let mut i = 0;
    while i < Item::ALL {
        out[i] = Note::of(crate::rules::item::WORDS[i].item);
        i += 1;
    }
    let mut k = 0;
    while k < NOTES.len() {
        out[NOTES[k].item as usize] = NOTES[k];
        k += 1;
    }
    out
};

/// The notes of `item`'s row.
pub fn of(item: Item) -> &'static Note {
    &BY_ITEM[item as usize]
}

/// The fan list's rows ([`Item::TABLE`]..[`Item::COUNT`]): their 不算 notes hold under every
/// preset.
pub const FAN_SET: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, Item::TABLE);
    while i < Item::COUNT {
        out = out.with(crate::rules::item::WORDS[i].item);
        i += 1;
    }
    out
};

/// For each item, the 備註 that drop it as sets of the items that write them: the rows whose
/// `excludes` name it, its own row's `excluded_by` and `outranked_by`.
pub struct Excluders {
    pub by_rows: [ItemSet; Item::COUNT],
    pub own: [ItemSet; Item::COUNT],
    pub outranked: [ItemSet; Item::COUNT],
}

/// [`Excluders`] of every row, built at compile time.
pub static EXCLUDERS: Excluders = {
    let mut out = Excluders {
        by_rows: [ItemSet::EMPTY; Item::COUNT],
        own: [ItemSet::EMPTY; Item::COUNT],
        outranked: [ItemSet::EMPTY; Item::COUNT],
    };
    let mut i = 0;
    while i < Item::COUNT {
        let d = &BY_ITEM[i];
        let mut k = 0;
        while k < d.excludes.len() {
            let x = d.excludes[k] as usize;
            if x < Item::COUNT {
                out.by_rows[x] = out.by_rows[x].with(d.item);
            }
            k += 1;
        }
        k = 0;
        while k < d.excluded_by.len() {
            out.own[i] = out.own[i].with(d.excluded_by[k]);
            k += 1;
        }
        k = 0;
        while k < d.outranked_by.len() {
            out.outranked[i] = out.outranked[i].with(d.outranked_by[k]);
            k += 1;
        }
        i += 1;
    }
    out
};

/// [`EXCLUDERS`] read the other way: for each item `y`, the items a held `y` drops, under a
/// preset that reads the shared notes (`all_notes`: every row's `excludes`, `excluded_by` and
/// tiers) and under one that reads only its own table's (`own_notes`, hk16 and traditional:
/// the fan list's rows' notes and the tiers). A preset's exclusions start from one of them.
pub struct Drops {
    pub all_notes: [ItemSet; Item::COUNT],
    pub own_notes: [ItemSet; Item::COUNT],
}

/// [`Drops`] of every row, built at compile time from [`EXCLUDERS`].
pub static DROPS: Drops = {
    let mut out = Drops {
        all_notes: [ItemSet::EMPTY; Item::COUNT],
        own_notes: [ItemSet::EMPTY; Item::COUNT],
    };
    let mut x = 0;
    while x < Item::COUNT {
        let outranked = EXCLUDERS.outranked[x];
        let all = outranked
            .union(EXCLUDERS.by_rows[x])
            .union(EXCLUDERS.own[x]);
        let mut own = outranked.union(EXCLUDERS.by_rows[x].intersection(FAN_SET));
        if x >= Item::TABLE {
            own = own.union(EXCLUDERS.own[x]);
        }
        let item = BY_ITEM[x].item;
        let mut y = 0;
        while y < Item::COUNT {
            if all.contains_index(y) {
                out.all_notes[y] = out.all_notes[y].with(item);
            }
            if own.contains_index(y) {
                out.own_notes[y] = out.own_notes[y].with(item);
            }
            y += 1;
        }
        x += 1;
    }
    out
};

const _: () = {
    let mut i = 0;
    while i < Item::ALL {
        assert!(BY_ITEM[i].item as usize == i, "BY_ITEM is in Item order");
        i += 1;
    }
};

impl Variant {
    /// Resolves the preset's 備註 into [`Variant::exclusions`]: the notes written with the
    /// tables' rows (every row's where `item_notes`, else the fan list's and the tiers: hk16 and
    /// traditional, whose texts write their own), less the pairs `lifted` (`(y, x)`: x is counted
    /// with y after all), plus the preset's own `not_with` (`(y, x)`: x is not counted with y),
    /// and for each of `alone` every item but the dealer's line (003 四槓胡: 除莊連拉外不另計).
    /// A special shape's row drops what its entry writes.
    pub(crate) fn notes(
        mut self,
        not_with: &[(Item, Item)],
        lifted: &[(Item, Item)],
        alone: &[Item],
    ) -> Variant {
        let base = if self.scoring.item_notes {
            &DROPS.all_notes
        } else {
            &DROPS.own_notes
        };
        let mut out = Exclusions::NONE;
        for w in &WORDS {
            let y = w.item;
            let mut drops = match base.get(y as usize) {
                Some(&d) => d,
                None => of(y)
                    .excludes
                    .iter()
                    .fold(ItemSet::EMPTY, |s, &x| s.with(x)),
            };
            for &(by, x) in lifted {
                if by == y {
                    drops = drops.without(x);
                }
            }
            for &(by, x) in not_with {
                if by == y {
                    drops = drops.with(x);
                }
            }
            if alone.contains(&y) {
                drops = EVERY_ITEM.without(Item::Dealer).without(Item::DealerStreak);
            }
            out.set(y, drops);
        }
        self.exclusions = std::sync::Arc::new(out);
        self
    }
}
