//! The item table: the presets' entries ([`ITEMS`]) then the fan list's ([`FAN_ITEMS`]), in
//! [`Item`] order, with the special shapes' entries ([`SPECIAL_ITEMS`]) after.

use crate::rules::{Item, Variant};
use crate::scoring::fan::FAN_ITEMS;
use crate::scoring::items::{ItemDef, ITEMS, SPECIAL_ITEMS};

const _: () = assert!(ITEMS.len() == Item::TABLE && FAN_ITEMS.len() == Item::FAN);

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
