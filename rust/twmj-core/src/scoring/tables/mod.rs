//! The tai tables, one file per table the rule texts print, each item one entry
//! ([`ItemDef`]): 000/002 ([`taiwan`]), 001 ([`traditional`]), 003 改良式 ([`improved16`]),
//! 003 hk16 ([`hk16`]), the 003 fan list ([`fan`]) and the special shapes ([`special`]).
//! [`ITEMS`] is the presets' tables in [`Item`] order (a preset's [`crate::rules::Variant`]
//! says which of them it has, their tai, names and notes).

pub mod doc;
pub mod fan;
pub mod hk16;
pub mod improved16;
pub mod special;
pub mod taiwan;
pub mod traditional;

use crate::rules::{Item, Variant};
use crate::scoring::items::{Check, ItemDef, Scope};

pub use fan::FAN_ITEMS;
pub use special::SPECIAL_ITEMS;

/// The presets' tables one after the other, built at compile time.
const fn concat<const N: usize>(parts: [&[ItemDef]; 4]) -> [ItemDef; N] {
    let mut out = [parts[0][0]; N];
    let mut k = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut j = 0;
        while j < parts[p].len() {
            out[k] = parts[p][j];
            k += 1;
            j += 1;
        }
        p += 1;
    }
    assert!(k == N, "the tables hold every item of Item::TABLE");
    out
}

/// The presets' items: 000/002, then 001's, 003 改良式's and hk16's own rows.
/// `ITEMS[i].item as usize == i`.
pub static ITEMS: [ItemDef; Item::TABLE] = TABLES;

const TABLES: [ItemDef; Item::TABLE] = concat([
    &taiwan::ITEMS,
    &traditional::ITEMS,
    &improved16::ITEMS,
    &hk16::ITEMS,
]);

const _: () = {
    let mut i = 0;
    while i < Item::TABLE {
        assert!(TABLES[i].item as usize == i, "ITEMS is in Item order");
        i += 1;
    }
};

const _: () = assert!(ITEMS.len() == Item::TABLE && FAN_ITEMS.len() == Item::FAN);

/// Which entries a list of the scorer's gathers.
#[derive(Clone, Copy)]
enum Pick {
    /// Judged on the whole hand ([`Check::Hand`]).
    HandCheck,
    /// Of this scope.
    Scope(Scope),
    /// [`crate::scoring::items::Also::manner`].
    Manner,
    /// [`crate::scoring::items::Also::whole_hand`].
    WholeHand,
    /// [`crate::scoring::items::Also::four_kongs`].
    FourKongs,
}

const fn picks(d: &ItemDef, pick: Pick) -> bool {
    match pick {
        Pick::HandCheck => matches!(d.check, Check::Hand(_)),
        Pick::Scope(s) => d.scope as u8 == s as u8,
        Pick::Manner => d.also.manner,
        Pick::WholeHand => d.also.whole_hand,
        Pick::FourKongs => d.also.four_kongs,
    }
}

/// How many entries of the tables and the fan list `pick` takes.
const fn count(pick: Pick) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < Item::COUNT {
        let d = if i < Item::TABLE {
            &TABLES[i]
        } else {
            &fan::FAN[i - Item::TABLE]
        };
        if picks(d, pick) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The items of the entries `pick` takes, in [`Item`] order.
const fn gather<const N: usize>(pick: Pick) -> [Item; N] {
    let mut out = [Item::Dealer; N];
    let (mut k, mut i) = (0, 0);
    while i < Item::COUNT {
        let d = if i < Item::TABLE {
            &TABLES[i]
        } else {
            &fan::FAN[i - Item::TABLE]
        };
        if picks(d, pick) {
            out[k] = d.item;
            k += 1;
        }
        i += 1;
    }
    out
}

const WHOLE: Pick = Pick::HandCheck;
const DEALER: Pick = Pick::Scope(Scope::DealerPair);
const PER_HAND: Pick = Pick::Scope(Scope::Once);

/// The items judged on the whole hand (003 hk16 屁胡, the fan list's 無番和): the scorer
/// judges them once every reading is known.
pub const HAND_CHECKS: [Item; count(WHOLE)] = gather(WHOLE);
/// The dealer's line items (莊家, 連莊拉莊), judged per payment line.
pub const DEALER_LINE: [Item; count(DEALER)] = gather(DEALER);
/// The items counted once per hand (002 骰規台), which a flower win's 筆 may carry.
pub const ONCE: [Item; count(PER_HAND)] = gather(PER_HAND);
/// The items of the manner of the win, judged on every special shape ([`crate::scoring::items::Also::manner`]).
pub const MANNER: [Item; count(Pick::Manner)] = gather(Pick::Manner);
/// The items judged on a special shape where the variant compounds ([`crate::scoring::items::Also::whole_hand`]).
pub const WHOLE_HAND: [Item; count(Pick::WholeHand)] = gather(Pick::WholeHand);
/// The items judged on a 四槓胡 ([`crate::scoring::items::Also::four_kongs`]).
pub const FOUR_KONGS: [Item; count(Pick::FourKongs)] = gather(Pick::FourKongs);

/// The entry of the `i`-th item of [`table`].
pub fn table_def(i: usize) -> Option<&'static ItemDef> {
    ITEMS
        .get(i)
        .or_else(|| FAN_ITEMS.get(i.checked_sub(Item::TABLE)?))
}

/// Every item judged on five sets and a pair, in [`Item`] order: the presets' [`ITEMS`], then
/// the fan list's [`FAN_ITEMS`].
pub fn table() -> impl Iterator<Item = &'static ItemDef> + Clone {
    ITEMS.iter().chain(FAN_ITEMS.iter())
}

/// The table entry of `item`.
pub fn def(item: Item) -> &'static ItemDef {
    let i = item as usize;
    match item.special() {
        Some(s) => &SPECIAL_ITEMS[s as usize],
        None if i < Item::TABLE => &ITEMS[i],
        None => &FAN_ITEMS[i - Item::TABLE],
    }
}

/// The entries of the items `variant`'s table has, among those judged on five sets and a
/// pair, in table order (the scorer's loop: absent items are never visited).
pub fn present(variant: &Variant) -> impl Iterator<Item = &'static ItemDef> + '_ {
    variant.absent.complement().indices().map_while(table_def)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_and_unique() {
        for (i, d) in table().enumerate() {
            assert_eq!(d.item as usize, i, "{}", d.key());
            assert_eq!(def(d.item).key(), d.key());
            assert_eq!(Item::from_key(d.key()), Some(d.item));
            assert!(!d.doc.is_empty());
        }
        for (s, d) in crate::rules::Special::ALL.into_iter().zip(&SPECIAL_ITEMS) {
            assert_eq!(d.item, Item::of_special(s));
            assert_eq!(def(d.item).key(), s.key());
        }
        // 000 台數表 values, spot checks.
        assert_eq!(Item::HeavenWin.table_tai(), 24);
        assert_eq!(Item::EarthWin.table_tai(), 16);
        assert_eq!(Item::PingHu.table_tai(), 2);
        assert_eq!(Item::FourConcealed.table_tai(), 5);
        assert_eq!(Item::SingleWait.name(), "獨聽");
    }
}
