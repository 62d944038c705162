//! The tai tables, one file per table the rule texts print, each item one entry
//! ([`ItemDef`]): 000/002 ([`taiwan`]), 001 ([`traditional`]), 003 改良式 ([`improved16`]),
//! 003 hk16 ([`hk16`]), the 003 fan list ([`fan`]) and the special shapes ([`special`]).
//! [`TABLES`] lists them once; [`ENTRIES`] is every entry in [`Item`] order (a preset's
//! [`crate::rules::Variant`] says which of them it has, their tai, names and notes).

pub mod doc;
pub mod fan;
pub mod hk16;
pub mod improved16;
pub mod special;
pub mod taiwan;
pub mod traditional;

use crate::rules::{Item, ItemSet, Variant};
use crate::scoring::items::{Check, ItemDef, Needs, Scope};

/// One table of the rule texts: one file of entries.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    /// The file under `rust/twmj-core/src/scoring/tables/`.
    pub file: &'static str,
    /// The table as the texts name it, and the presets it defines.
    pub title: &'static str,
    pub entries: &'static [ItemDef],
}

/// The tables, in [`Item`] order: the presets' (000/002, then 001's, 003 改良式's and hk16's
/// own rows: [`Item::TABLE`] items), the fan list ([`Item::FAN`]), the special shapes. The one
/// list of them: the scorer's entries ([`ENTRIES`]) and the reference (`doc.rs`) read it.
pub const TABLES: [Table; 6] = [
    Table {
        file: "taiwan.rs",
        title: "000 台數表 (`taiwan`), with 002 骰規台 (`american`)",
        entries: &taiwan::ITEMS,
    },
    Table {
        file: "traditional.rs",
        title: "001 台數表 (`traditional`): its rows that 000 has not",
        entries: &traditional::ITEMS,
    },
    Table {
        file: "improved16.rs",
        title: "003 改良式十六張 (`improved16`): its rows that 000 and 001 have not",
        entries: &improved16::ITEMS,
    },
    Table {
        file: "hk16.rs",
        title: "003 港澳番 table for 16 tiles (`hk16`): its rows the earlier tables have not",
        entries: &hk16::ITEMS,
    },
    Table {
        file: "fan.rs",
        title: "003 fan list (a pattern library: no preset counts it, `tai.<key>` draws a row in)",
        entries: &fan::ITEMS,
    },
    Table {
        file: "special.rs",
        title: "Special shapes (003 改良式 瀝咕瀝咕 and 十三么; the fan list's whole-hand shapes)",
        entries: &special::ITEMS,
    },
];

/// Every entry of [`TABLES`], one after the other, built at compile time.
// Evaluated by the compiler only (the static below), never on a stack.
#[allow(clippy::large_stack_arrays)]
const fn concat(tables: &[Table]) -> [ItemDef; Item::ALL] {
    let mut out = [tables[0].entries[0]; Item::ALL];
    let mut k = 0;
    let mut p = 0;
    while p < tables.len() {
        let mut j = 0;
        while j < tables[p].entries.len() {
            out[k] = tables[p].entries[j];
            k += 1;
            j += 1;
        }
        p += 1;
    }
    assert!(k == Item::ALL, "the tables hold every item");
    out
}

/// `N` entries of [`ENTRIES`] from `start`, at compile time.
const fn part<const N: usize>(start: usize) -> [ItemDef; N] {
    let mut out = [ENTRIES[start]; N];
    let mut i = 0;
    while i < N {
        out[i] = ENTRIES[start + i];
        i += 1;
    }
    out
}

/// Every item's entry, in [`Item`] order: `ENTRIES[i].item as usize == i`.
pub static ENTRIES: [ItemDef; Item::ALL] = concat(&TABLES);

const _: () = {
    let mut i = 0;
    while i < Item::ALL {
        assert!(
            ENTRIES[i].item as usize == i,
            "the tables are in Item order"
        );
        i += 1;
    }
};

/// The presets' items: 000/002, then 001's, 003 改良式's and hk16's own rows.
pub static ITEMS: [ItemDef; Item::TABLE] = part(0);
/// The fan list's own patterns, numbered after the presets' items.
pub static FAN_ITEMS: [ItemDef; Item::FAN] = part(Item::TABLE);
/// The items of the special shapes, in [`crate::rules::Special::ALL`] order.
pub static SPECIAL_ITEMS: [ItemDef; Item::ALL - Item::COUNT] = part(Item::COUNT);

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
        let d = &ENTRIES[i];
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
        let d = &ENTRIES[i];
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
/// The flower wins (八仙過海, 七搶一), each scored as its own 筆.
pub const FLOWER_WINS: [Item; count(Pick::Scope(Scope::FlowerWin))] =
    gather(Pick::Scope(Scope::FlowerWin));
/// The items of the manner of the win and the flowers, judged on every special shape ([`crate::scoring::items::Also::manner`]).
pub const MANNER: [Item; count(Pick::Manner)] = gather(Pick::Manner);
/// The items judged on a special shape where the variant compounds ([`crate::scoring::items::Also::whole_hand`]).
pub const WHOLE_HAND: [Item; count(Pick::WholeHand)] = gather(Pick::WholeHand);
/// The items judged on a 四槓胡 ([`crate::scoring::items::Also::four_kongs`]).
pub const FOUR_KONGS: [Item; count(Pick::FourKongs)] = gather(Pick::FourKongs);

/// The entries judged on a reading of five sets and a pair: of a reading's scope
/// ([`Scope::Hand`], [`Scope::AfterWin`], [`Scope::Once`]) and not judged on the whole hand
/// ([`Check::Hand`]).
pub const ON_READING: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < Item::COUNT {
        let d = &ENTRIES[i];
        let scope = matches!(d.scope, Scope::Hand | Scope::AfterWin | Scope::Once);
        if scope && !matches!(d.check, Check::Hand(_)) {
            out = out.with(d.item);
        }
        i += 1;
    }
    out
};

/// Of [`ON_READING`], the entries whose condition reads no reading: the context alone
/// ([`Check::Context`]) or the whole hand ([`crate::scoring::items::Also::whole_hand`]: its
/// tiles, melds and context, never the sets, the pair or the wait). They hold or not on every
/// reading of a hand alike, so the scorer judges them once per hand.
pub const JUDGED_ONCE: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < Item::COUNT {
        let d = &ENTRIES[i];
        let once = match d.check {
            Check::Context(_) => true,
            Check::Reading(_) => d.also.whole_hand,
            Check::Hand(_) => false,
        };
        if once && ON_READING.contains(d.item) {
            out = out.with(d.item);
        }
        i += 1;
    }
    out
};

/// For each flag of [`Needs`] (bit k), the entries that need it ([`ItemDef::needs`]): a hand
/// without the flag judges none of them.
pub const NEEDING: [ItemSet; Needs::FLAGS] = {
    let mut out = [ItemSet::EMPTY; Needs::FLAGS];
    let mut k = 0;
    while k < Needs::FLAGS {
        let mut i = 0;
        while i < Item::COUNT {
            let d = &ENTRIES[i];
            if d.needs.has(Needs::flag(k)) {
                out[k] = out[k].with(d.item);
            }
            i += 1;
        }
        k += 1;
    }
    out
};

/// The entries with a note judged after the 備註 ([`ItemDef::after_notes`]): the scorer
/// visits only these for it.
pub const AFTER_NOTES: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < Item::COUNT {
        if ENTRIES[i].after_notes.is_some() {
            out = out.with(ENTRIES[i].item);
        }
        i += 1;
    }
    out
};

/// The entries other items merge into ([`ItemDef::merges`], 字一色的複合).
pub const MERGING: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < Item::COUNT {
        if !ENTRIES[i].merges.is_empty() {
            out = out.with(ENTRIES[i].item);
        }
        i += 1;
    }
    out
};

/// The tables' notes and the drops they make, in the rules floor ([`crate::rules::notes`]).
pub use crate::rules::notes::{Drops, Excluders, DROPS, EXCLUDERS};

/// Each entry's item and condition, in [`Item`] order, apart from the rest of its entry: the
/// scorer's loop over a reading's entries reads 24 bytes an entry from one dense array
/// instead of the fields of a 130-byte [`ItemDef`].
pub static CHECKS: [(Item, Check); Item::COUNT] = {
    let mut out = [(ENTRIES[0].item, ENTRIES[0].check); Item::COUNT];
    let mut i = 0;
    while i < Item::COUNT {
        out[i] = (ENTRIES[i].item, ENTRIES[i].check);
        i += 1;
    }
    out
};

/// The fan list's entries ([`Item::TABLE`]..[`Item::COUNT`]): their 不算 notes hold under
/// every preset.
pub use crate::rules::notes::FAN_SET;

/// The entry of the `i`-th item of [`table`].
pub fn table_def(i: usize) -> Option<&'static ItemDef> {
    ENTRIES[..Item::COUNT].get(i)
}

/// Every item judged on five sets and a pair, in [`Item`] order: the presets' [`ITEMS`], then
/// the fan list's [`FAN_ITEMS`].
pub fn table() -> impl Iterator<Item = &'static ItemDef> + Clone {
    ENTRIES[..Item::COUNT].iter()
}

/// The entry of `item`.
pub fn def(item: Item) -> &'static ItemDef {
    &ENTRIES[item as usize]
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

    /// [`DROPS`] says what the rows' own notes say: `y` drops `x` when `y`'s row excludes
    /// `x`, `x`'s row is excluded by `y`, or `y` outranks `x`; under a preset reading only its
    /// own table's notes, the first two only where the row writing the note is the fan list's.
    #[test]
    fn drops_are_the_entries_notes() {
        let mut pairs = 0;
        for dy in table() {
            for dx in table() {
                let (x, y) = (dx.item, dy.item);
                let (ny, nx) = (crate::rules::notes::of(y), crate::rules::notes::of(x));
                let by_row = ny.excludes.contains(&x);
                let own_row = nx.excluded_by.contains(&y);
                let tier = nx.outranked_by.contains(&y);
                let fan = |i: Item| i as usize >= Item::TABLE;
                let all = by_row || own_row || tier;
                let own = (by_row && fan(y)) || (own_row && fan(x)) || tier;
                assert_eq!(DROPS.all_notes[y as usize].contains(x), all, "{y:?} {x:?}");
                assert_eq!(DROPS.own_notes[y as usize].contains(x), own, "{y:?} {x:?}");
                pairs += usize::from(all);
            }
        }
        assert!(pairs > 100, "{pairs} notes");
    }

    /// [`CHECKS`] holds each entry's item and condition.
    #[test]
    fn checks_are_the_entries() {
        for (i, d) in table().enumerate() {
            let (item, check) = CHECKS[i];
            assert_eq!(item, d.item);
            let same = match (check, d.check) {
                (Check::Reading(a), Check::Reading(b)) => std::ptr::fn_addr_eq(a, b),
                (Check::Context(a), Check::Context(b)) => std::ptr::fn_addr_eq(a, b),
                (Check::Hand(a), Check::Hand(b)) => std::ptr::fn_addr_eq(a, b),
                _ => false,
            };
            assert!(same, "{}", d.key());
        }
    }
}
