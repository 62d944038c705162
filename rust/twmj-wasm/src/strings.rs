//! The fast paths' string table: an answer's texts (item keys and names, blocks, shapes,
//! meld kinds, the variant's name and overrides) cross to JavaScript as numbers, each the
//! index of its text in a table both sides keep. A text is numbered the first time an answer
//! holds it; the wrapper reads the texts it has not seen yet ([`since`]) only when the answer's
//! table size ([`len`]) is past its own, so after the first few calls no text crosses at all.
//!
//! The table only grows: its texts are the core's names (a few hundred) and the overrides of
//! the variants a program scores under (one text per distinct setting value).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use twmj_core::scoring::Item;

/// FNV-1a over the bytes: the keys are short texts, hashed once per lookup, and need no
/// defence against chosen collisions (the texts come from the core and the caller's own
/// variants).
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// One multiply for a word key (a static text's address and length).
#[derive(Default)]
struct Word(u64);

impl Hasher for Word {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 16
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

#[derive(Default)]
struct Table {
    ids: HashMap<Box<str>, u32, BuildHasherDefault<Fnv>>,
    /// The core's static texts by address and length: most of an answer's texts, found
    /// without reading their bytes.
    statics: HashMap<u64, u32, BuildHasherDefault<Word>>,
    texts: Vec<Box<str>>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// The number of `text` in the table, added when new (`None` only if the table is in use,
/// which one thread calling in turn never meets).
pub fn id(text: &str) -> Option<u32> {
    TABLE.with(|t| {
        let mut t = t.try_borrow_mut().ok()?;
        if let Some(&i) = t.ids.get(text) {
            return Some(i);
        }
        let i = u32::try_from(t.texts.len()).ok()?;
        t.texts.push(text.into());
        t.ids.insert(text.into(), i);
        Some(i)
    })
}

/// Slots of the cache in front of the static texts' map.
const CACHE: usize = 256;

thread_local! {
    /// A direct-mapped cache of static texts' numbers (key, number): an answer's dozen names
    /// are found with one compare each; a miss asks the map.
    static STATIC_CACHE: RefCell<[(u64, u32); CACHE]> = const { RefCell::new([(0, 0); CACHE]) };
}

/// The number of a static text (the core's names and keys), found by its address first.
pub fn static_id(text: &'static str) -> Option<u32> {
    let key = tag(text);
    let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as usize % CACHE;
    let cached = STATIC_CACHE.with(|c| {
        let c = c.try_borrow().ok()?;
        let &(k, i) = c.get(slot)?;
        (k == key).then_some(i)
    });
    if cached.is_some() {
        return cached;
    }
    let known = TABLE.with(|t| t.try_borrow().ok()?.statics.get(&key).copied());
    let i = if let Some(i) = known {
        i
    } else {
        let i = id(text)?;
        TABLE.with(|t| t.try_borrow_mut().ok()?.statics.insert(key, i));
        i
    };
    STATIC_CACHE.with(|c| {
        if let Ok(mut c) = c.try_borrow_mut() {
            if let Some(s) = c.get_mut(slot) {
                *s = (key, i);
            }
        }
    });
    Some(i)
}

/// An item's text numbers kept by the item itself: its key's and the last table name's seen
/// with it (the name by address), so an answer's items are numbered with one compare each and
/// no hashing (the cache above is direct-mapped by a hash: two of an answer's names can share
/// a slot and then evict each other on every call).
type ItemSlot = (u64, u32, u64, u32);

thread_local! {
    static ITEM_IDS: RefCell<[ItemSlot; Item::ALL]> = const { RefCell::new([(0, 0, 0, 0); Item::ALL]) };
}

fn tag(text: &'static str) -> u64 {
    (text.as_ptr() as u64) << 32 | text.len() as u64
}

/// The numbers of an item's key and of its table name (both the core's static texts).
pub fn item_ids(item: Item, key: &'static str, name: &'static str) -> Option<(u32, u32)> {
    let (k, n) = (tag(key), tag(name));
    let known = ITEM_IDS.with(|c| {
        let c = c.try_borrow().ok()?;
        let &(kt, ki, nt, ni) = c.get(item as usize)?;
        (kt == k && nt == n).then_some((ki, ni))
    });
    if known.is_some() {
        return known;
    }
    let ids = (static_id(key)?, static_id(name)?);
    ITEM_IDS.with(|c| {
        if let Ok(mut c) = c.try_borrow_mut() {
            if let Some(s) = c.get_mut(item as usize) {
                *s = (k, ids.0, n, ids.1);
            }
        }
    });
    Some(ids)
}

/// How many texts the table holds.
pub fn len() -> usize {
    TABLE.with(|t| t.try_borrow().map_or(0, |t| t.texts.len()))
}

/// The texts from number `from` on, as a JSON array.
pub fn since(from: usize) -> String {
    TABLE.with(|t| {
        t.try_borrow().map_or_else(
            |_| "[]".to_owned(),
            |t| serde_json::to_string(t.texts.get(from..).unwrap_or(&[])).unwrap_or_default(),
        )
    })
}
