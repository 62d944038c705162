//! The settings registry: every setting of a variant written once — its key, the values it
//! takes, the layer that reads it, one line of doc in English and in Chinese, and how it is read
//! from and written to a [`Variant`]. [`Variant::set`], [`Variant::settings`], the key list, the
//! HTTP schema of `overrides`, `/v1/settings` and the tables of docs/variants.md all come from
//! here; a preset's default is what its constructor holds ([`Setting::default_in`]).

use serde::{Serialize, Serializer};

use crate::error::{Code, Error, Result};
use crate::rules::item::{Item, WORDS};
use crate::rules::shapes::Special;
use crate::rules::variant::{
    Dealing, ExchangeDirection, FuritenRelease, ItemSet, MultiWin, Payment, PingHuWait, Value,
    Variant, WallReserve, EVERY_ITEM,
};

/// Largest tai a single setting may hold; anything larger is a typo, not a house rule.
pub const MAX_TAI: i64 = 100;

/// The values a setting takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An integer from `min` to `max`, both included.
    Int { min: i64, max: i64 },
    /// One of these integers.
    IntOf(&'static [i64]),
    /// `true` or `false`.
    Bool,
    /// One of these texts.
    Choice(&'static [&'static str]),
    /// A set of items, written as their keys joined by commas in [`Item`] order (`""`: none;
    /// `"*"`: every other item).
    Items,
}

impl Kind {
    /// The type's name as JSON writes it: `integer`, `boolean` or `string`.
    pub const fn json_type(self) -> &'static str {
        match self {
            Kind::Int { .. } | Kind::IntOf(_) => "integer",
            Kind::Bool => "boolean",
            Kind::Choice(_) | Kind::Items => "string",
        }
    }
}

/// The layer of the engine that reads a setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The win detector, waits and shanten (the tile set, the hand size, the special shapes).
    Analysis,
    /// The tai items, the score and the settlement.
    Scoring,
    /// The game: dealing, calls, 過水, the end of a hand.
    Flow,
}

impl Layer {
    pub const fn key(self) -> &'static str {
        match self {
            Layer::Analysis => "analysis",
            Layer::Scoring => "scoring",
            Layer::Flow => "flow",
        }
    }

    /// The group's name on a settings form (the page's 家規).
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Analysis => "牌型（聽牌、胡牌的認定）",
            Layer::Scoring => "算台",
            Layer::Flow => "玩法（不影響算台）",
        }
    }

    /// Every layer, in the order a settings form shows them.
    pub const ALL: [Layer; 3] = [Layer::Scoring, Layer::Flow, Layer::Analysis];
}

/// How a setting is read from and written to a variant, by its kind.
#[derive(Clone, Copy)]
enum Access {
    /// Read; write a value already within the setting's range (an error message otherwise).
    Int(
        fn(&Variant) -> i64,
        fn(&mut Variant, i64) -> std::result::Result<(), String>,
    ),
    Bool(fn(&Variant) -> bool, fn(&mut Variant, bool)),
    /// Read the chosen text; write the `i`-th choice.
    Choice(fn(&Variant) -> &'static str, fn(&mut Variant, usize)),
}

/// One setting of a variant.
#[derive(Clone, Copy)]
pub struct Setting {
    /// The key, as `overrides`, TOML tables (dotted) and `settings()` write it.
    pub key: &'static str,
    /// Its name in Chinese, as a settings form labels it.
    pub name: &'static str,
    pub kind: Kind,
    /// The Chinese names of a [`Kind::Choice`]'s choices, in its order (empty otherwise).
    pub choice_names: &'static [&'static str],
    pub layer: Layer,
    /// One line in English.
    pub doc: &'static str,
    /// One line in Chinese.
    pub doc_zh: &'static str,
    access: Access,
}

impl std::fmt::Debug for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Setting")
            .field("key", &self.key)
            .field("kind", &self.kind)
            .field("layer", &self.layer)
            .finish_non_exhaustive()
    }
}

impl Setting {
    /// The setting's value in `v`.
    pub fn get(&self, v: &Variant) -> Value {
        match self.access {
            Access::Int(get, _) => Value::Int(get(v)),
            Access::Bool(get, _) => Value::Bool(get(v)),
            Access::Choice(get, _) => Value::Text(get(v).to_owned()),
        }
    }

    /// The setting's value in the preset `preset` (an unknown name is an error).
    pub fn default_in(&self, preset: &str) -> Result<Value> {
        Ok(self.get(&Variant::preset(preset)?))
    }

    /// Writes `value` into `v` after checking it against the kind; the error names the key, and
    /// `v` is unchanged when it fails.
    pub fn set(&self, v: &mut Variant, value: &Value) -> Result<()> {
        let key = self.key;
        let bad_zh = move |m: String, zh: &str| {
            Error::variant(key, m).coded(Code::BadSettingValue, &[("key", &key), ("why", &zh)])
        };
        // A setter's own refusal: its words in both messages.
        let bad = move |m: String| {
            let zh = m.clone();
            bad_zh(m, &zh)
        };
        match (self.kind, self.access, value) {
            (Kind::Int { min, max }, Access::Int(_, set), Value::Int(i)) => {
                if !(min..=max).contains(i) {
                    return Err(bad_zh(
                        format!("{i} is out of range (expected {min} to {max})"),
                        &format!("{i} 超出 {min} 到 {max}"),
                    ));
                }
                set(v, *i).map_err(bad)
            }
            (Kind::IntOf(options), Access::Int(_, set), Value::Int(i)) if options.contains(i) => {
                set(v, *i).map_err(bad)
            }
            (Kind::IntOf(options), _, x) => {
                let names: Vec<String> = options.iter().map(ToString::to_string).collect();
                Err(bad_zh(
                    format!("{x} is not allowed (expected {})", names.join(" or ")),
                    &format!("{x} 不行，要 {}", names.join(" 或 ")),
                ))
            }
            (Kind::Int { .. }, _, x) => Err(bad_zh(
                format!("{x} is not an integer"),
                &format!("{x} 不是整數"),
            )),
            (Kind::Bool, Access::Bool(_, switch), Value::Bool(b)) => {
                switch(v, *b);
                Ok(())
            }
            (Kind::Bool, _, x) => Err(bad_zh(
                format!("{x} is not true or false"),
                &format!("{x} 要 true 或 false"),
            )),
            (Kind::Choice(options), Access::Choice(_, set), x) => {
                let at = match x {
                    Value::Text(s) => options.iter().position(|o| o == s),
                    _ => None,
                };
                if let Some(i) = at {
                    set(v, i);
                    Ok(())
                } else {
                    let names: Vec<String> = options.iter().map(|o| format!("\"{o}\"")).collect();
                    Err(bad_zh(
                        format!("{x} is not one of {}", names.join(", ")),
                        &format!("{x} 要是 {} 其中之一", names.join("、")),
                    ))
                }
            }
            // The registry below pairs every kind with its access (checked by a test).
            (kind, _, _) => Err(bad(format!(
                "the registry's {kind:?} has no matching access"
            ))),
        }
    }
}

/// The family of item settings `tai.<item key>`: one per item of [`Item`] (the special
/// shapes' included), not listed in [`SETTINGS`].
pub const TAI: Family = Family {
    prefix: "tai.",
    name: "台數表（各項台數）",
    kind: Kind::Int {
        min: 0,
        max: MAX_TAI,
    },
    layer: Layer::Scoring,
    doc: "an item's tai (per set or flower where it counts several); 0 switches it off, a value \
          for an item the preset's table lacks adds it (a house rule); a special shape's switches \
          the shape on",
    doc_zh: "該台項的台數（按組或按花計者為每組／每花）；設 0 即不計，設於本表所無之台項即加入（自訂規則）",
    every_item: false,
};

/// The family of exclusion settings `exclude.<item key>`: one per item, the items not counted
/// beside it (its row's 備註 as data), not listed in [`SETTINGS`].
pub const EXCLUDE: Family = Family {
    prefix: "exclude.",
    name: "不另計（備註）",
    kind: Kind::Items,
    layer: Layer::Scoring,
    doc: "the items not counted beside this one when it counts (its row's 備註: 000 小三元 不另計三元牌), as item keys joined by commas; \"\" none, \"*\" every other item (a fixed total: 天胡 固定 24 台), \"*-<keys>\" every other item but those; each preset's value is its text's notes",
    doc_zh: "此台項成立時不另計的台項（該列備註，例如 000 小三元 不另計三元牌），以逗號分隔台項代號；空白為都另計，「*」為其他一律不計（固定台數，如天胡 固定 24 台），「*-代號」為其他除這幾項外一律不計；各規則的預設即其原文備註",
    every_item: true,
};

/// The families of item settings, in the order a settings list shows them.
pub const FAMILIES: [Family; 2] = [TAI, EXCLUDE];

/// A family of settings keyed `<prefix><item key>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Family {
    pub prefix: &'static str,
    /// The family's name in Chinese (each member is labelled by its item's name).
    pub name: &'static str,
    pub kind: Kind,
    pub layer: Layer,
    pub doc: &'static str,
    pub doc_zh: &'static str,
    /// Every item has a member; else every item but those other settings value
    /// ([`Item::valued_by`]: 骰規台's tai is its dice shape's `dice.*`).
    pub every_item: bool,
}

impl Family {
    /// The family's key: its prefix without the dot (`tai`, `exclude`).
    pub fn key(&self) -> &'static str {
        self.prefix.strip_suffix('.').unwrap_or(self.prefix)
    }

    /// The family called `key` ([`Family::key`]), if one is.
    pub fn named(key: &str) -> Option<Family> {
        FAMILIES.into_iter().find(|f| f.key() == key)
    }

    /// Every key of the family: `<prefix><key>` for its items ([`Family::every_item`]).
    pub fn keys(&self) -> impl Iterator<Item = String> + '_ {
        WORDS
            .iter()
            .filter(|w| self.every_item || w.valued_by.is_none())
            .map(move |w| format!("{}{}", self.prefix, w.key))
    }

    /// The item of the member `key`, if it is one.
    pub fn item(&self, key: &str) -> Option<Item> {
        key.strip_prefix(self.prefix)
            .and_then(Item::from_key)
            .filter(|i| self.every_item || i.valued_by().is_none())
    }
}

/// A set of items as the `exclude.<item>` settings write it: keys joined by commas in [`Item`]
/// order, `""` for none, `"*"` for every item but `of`, `"*-<keys>"` for every item but `of`
/// and those few.
pub fn items_text(set: ItemSet, of: Item) -> String {
    let every = EVERY_ITEM.without(of);
    let keys = |s: ItemSet| -> String {
        let k: Vec<&str> = s
            .indices()
            .filter_map(Item::from_index)
            .map(Item::key)
            .collect();
        k.join(",")
    };
    // Every other item but a few (003 四槓胡: all but the dealer's line): `*-<those>`.
    let kept = every.difference(set);
    if set == every {
        "*".to_owned()
    } else if set.intersection(every) == set && kept.len() <= MOST_KEPT {
        format!("*-{}", keys(kept))
    } else {
        keys(set)
    }
}

/// Most items an exclusion written `*-<items>` keeps ([`items_text`]).
const MOST_KEPT: u32 = 8;

/// Reads a set of items written as [`items_text`] writes it (commas, spaces or 、 between the
/// keys, in any order); `key` is the setting's, named by the error.
pub fn parse_items(key: &str, text: &str, of: Item) -> Result<ItemSet> {
    let text = text.trim();
    if text == "*" {
        return Ok(EVERY_ITEM.without(of));
    }
    // `*-<items>`: every other item but those.
    if let Some(kept) = text.strip_prefix("*-") {
        return Ok(EVERY_ITEM
            .without(of)
            .difference(parse_items(key, kept, of)?));
    }
    let mut out = ItemSet::EMPTY;
    for word in text
        .split(|c: char| c == ',' || c == '、' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let Some(item) = Item::from_key(word) else {
            return Err(Error::variant(
                key,
                format!("'{word}' is not an item key (expected keys such as dragon, round_wind; \"*\" for every item)"),
            )
            .coded(Code::UnknownItem, &[("key", &key), ("item", &word)]));
        };
        if item == of {
            return Err(
                Error::variant(key, format!("{word} cannot exclude itself")).coded(
                    Code::BadSettingValue,
                    &[
                        ("key", &key),
                        ("why", &format!("{}不能不計自己", of.name())),
                    ],
                ),
            );
        }
        out = out.with(item);
    }
    Ok(out)
}

/// One entry of the registry as a caller reads it (`twmj.SETTINGS`, `/v1/settings`, the
/// page's 家規 form, the npm package's `meta().settings`): the key, its names and docs, the
/// values it takes as a range or a list, its value in every preset and what its values require
/// of other settings. This is the answer's one shape: every layer serialises it (serde) and
/// `tests/test_answer_shapes.py` holds `/v1/settings`' model and the stub to its fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spec {
    /// The key, as overrides take it (`tai.<item>`, `exclude.<item>`: a family).
    pub key: String,
    /// Its name in Chinese (a settings form's label).
    pub name: &'static str,
    /// `integer`, `boolean` or `string` ([`Kind::json_type`]), served as `type`.
    #[serde(rename = "type")]
    pub json_type: &'static str,
    /// The least integer allowed, if a range.
    pub minimum: Option<i64>,
    /// The greatest integer allowed, if a range.
    pub maximum: Option<i64>,
    /// The values allowed when they are a list (a choice, or `hand_size`'s sizes).
    pub choices: Option<Vec<Value>>,
    /// The choices' names in Chinese, in `choices` order (`None`: not a list of texts).
    pub choice_names: Option<Vec<&'static str>>,
    /// The layer that reads it, served by its key ([`Layer::key`]).
    pub layer: Layer,
    /// The layer's name in Chinese (a settings form's group; [`Layer::name`]).
    pub layer_name: &'static str,
    /// One line in English.
    pub doc: &'static str,
    /// One line in Chinese.
    pub doc_zh: &'static str,
    /// `(preset, value)` for every preset, served as an object by preset name; empty for the
    /// `tai.<item>` family (its values are in each preset's settings).
    #[serde(serialize_with = "by_preset")]
    pub defaults: Vec<(&'static str, Value)>,
    /// `(value, other key, its value)`: while this setting holds `value`, the other must hold
    /// its value ([`REQUIRES`]); served as `{when, key, value}` objects.
    #[serde(serialize_with = "requirements")]
    pub requires: Vec<(Value, &'static str, Value)>,
    /// The family's key (`tai`, `exclude`: [`Family::key`]) when this entry stands for a
    /// family of settings keyed `<family>.<item>` ([`FAMILIES`]); `None` for a setting of its
    /// own. A caller tells a family by this, never by the spelling of a key.
    pub family: Option<&'static str>,
}

/// A setting's value as JSON writes it: an integer, `true`/`false` or a text.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Value::Int(i) => s.serialize_i64(*i),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Text(t) => s.serialize_str(t),
        }
    }
}

/// A layer is served by its key ([`Layer::key`]).
impl Serialize for Layer {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

fn by_preset<S: Serializer>(
    defaults: &[(&'static str, Value)],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_map(defaults.iter().map(|(p, v)| (p, v)))
}

/// One of [`Spec::requires`] as it is served.
#[derive(Serialize)]
struct Served<'a> {
    /// The value of this setting that requires another's.
    when: &'a Value,
    /// The other setting's key.
    key: &'static str,
    /// The value it must hold.
    value: &'a Value,
}

fn requirements<S: Serializer>(
    requires: &[(Value, &'static str, Value)],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(
        requires
            .iter()
            .map(|(when, key, value)| Served { when, key, value }),
    )
}

impl Spec {
    fn new(
        key: String,
        name: &'static str,
        kind: Kind,
        choice_names: &'static [&'static str],
        layer: Layer,
        docs: (&'static str, &'static str),
    ) -> Spec {
        let (minimum, maximum, choices) = match kind {
            Kind::Int { min, max } => (Some(min), Some(max), None),
            Kind::IntOf(o) => (None, None, Some(o.iter().map(|&i| Value::Int(i)).collect())),
            Kind::Bool | Kind::Items => (None, None, None),
            Kind::Choice(o) => (
                None,
                None,
                Some(o.iter().map(|&t| Value::Text(t.to_owned())).collect()),
            ),
        };
        let requires = REQUIRES
            .iter()
            .filter(|r| r.when == key)
            .map(|r| (r.is.clone(), r.then, r.must.clone()))
            .collect();
        Spec {
            key,
            name,
            json_type: kind.json_type(),
            minimum,
            maximum,
            choices,
            choice_names: (!choice_names.is_empty()).then(|| choice_names.to_vec()),
            layer,
            layer_name: layer.name(),
            doc: docs.0,
            doc_zh: docs.1,
            defaults: Vec::new(),
            requires,
            family: None,
        }
    }
}

/// The registry as callers read it: every setting with its value in every preset, then the
/// families ([`FAMILIES`]) as one entry each, keyed `tai.<item>` and `exclude.<item>`.
pub fn specs() -> Result<Vec<Spec>> {
    let mut out = Vec::with_capacity(SETTINGS.len() + FAMILIES.len());
    for s in SETTINGS {
        let mut spec = Spec::new(
            s.key.to_owned(),
            s.name,
            s.kind,
            s.choice_names,
            s.layer,
            (s.doc, s.doc_zh),
        );
        for p in crate::rules::PRESETS {
            spec.defaults.push((p, s.default_in(p)?));
        }
        out.push(spec);
    }
    for f in FAMILIES {
        let mut spec = Spec::new(
            format!("{}<item>", f.prefix),
            f.name,
            f.kind,
            &[],
            f.layer,
            (f.doc, f.doc_zh),
        );
        spec.family = Some(f.key());
        out.push(spec);
    }
    Ok(out)
}

/// The keys (`$f` = `key`) or Chinese names (`name`) of an enum's choices, in its `ALL` order.
macro_rules! choice_words {
    ($t:ty, $f:ident) => {{
        const N: usize = <$t>::ALL.len();
        const K: [&str; N] = {
            let mut k = [""; N];
            let mut i = 0;
            while i < N {
                k[i] = <$t>::ALL[i].$f();
                i += 1;
            }
            k
        };
        &K
    }};
}

macro_rules! int {
    ($key:literal, $name:literal, $min:expr, $max:expr, $layer:ident, $($f:ident).+ : $t:ty, $doc:literal, $zh:literal) => {
        Setting {
            key: $key,
            name: $name,
            kind: Kind::Int { min: $min, max: $max },
            choice_names: &[],
            layer: Layer::$layer,
            doc: $doc,
            doc_zh: $zh,
            access: Access::Int(
                |v| i64::from(v.$($f).+),
                |v, i| {
                    v.$($f).+ = <$t>::try_from(i).map_err(|e| e.to_string())?;
                    Ok(())
                },
            ),
        }
    };
}

macro_rules! switch {
    ($key:literal, $name:literal, $layer:ident, $($f:ident).+, $doc:literal, $zh:literal) => {
        Setting {
            key: $key,
            name: $name,
            kind: Kind::Bool,
            choice_names: &[],
            layer: Layer::$layer,
            doc: $doc,
            doc_zh: $zh,
            access: Access::Bool(|v| v.$($f).+, |v, b| v.$($f).+ = b),
        }
    };
}

macro_rules! choice {
    // A call that still types the count (as every call once did) is held to the enum's `ALL`
    // at compile time; the count is otherwise `ALL.len()`, never typed.
    ($key:literal, $name:literal, $layer:ident, $($f:ident).+ : $t:ty, $n:literal, $doc:literal, $zh:literal) => {{
        const _: () = assert!($n == <$t>::ALL.len(), "a choice's count is its enum's ALL");
        choice!($key, $name, $layer, $($f).+ : $t, $doc, $zh)
    }};
    ($key:literal, $name:literal, $layer:ident, $($f:ident).+ : $t:ty, $doc:literal, $zh:literal) => {
        Setting {
            key: $key,
            name: $name,
            kind: Kind::Choice(choice_words!($t, key)),
            choice_names: choice_words!($t, name),
            layer: Layer::$layer,
            doc: $doc,
            doc_zh: $zh,
            access: Access::Choice(|v| v.$($f).+.key(), |v, i| v.$($f).+ = <$t>::ALL[i]),
        }
    };
}

/// The units a table counts in.
const UNITS: [&str; 2] = ["台", "番"];

/// Every setting but the `tai.<item>` family ([`TAI`]), in the order `settings()` lists them.
pub static SETTINGS: &[Setting] = REGISTRY;

/// The settings' keys, in [`SETTINGS`] order.
pub const KEYS: [&str; COUNT] = {
    let mut k = [""; COUNT];
    let mut i = 0;
    while i < COUNT {
        k[i] = REGISTRY[i].key;
        i += 1;
    }
    k
};

/// How many settings there are (the `tai.<item>` family aside): the registry's length, never
/// typed by hand.
pub const COUNT: usize = REGISTRY.len();

const REGISTRY: &[Setting] = &[
    Setting {
        key: "base_money",
        name: "底（金額）",
        kind: Kind::Int { min: 1, max: 1_000_000 },
        choice_names: &[],
        layer: Layer::Scoring,
        doc: "底 in money (000 計分: 應付 ＝ 底 300 ＋ 台數 × 100); a multiple of tai_money",
        doc_zh: "底的金額（000 計分：應付＝底 300＋台數×100），須為 tai_money 的倍數",
        access: Access::Int(
            |v| i64::from(v.base_money),
            |v, i| {
                let b = u32::try_from(i).map_err(|e| e.to_string())?;
                if b % v.tai_money != 0 {
                    return Err(format!("{b} is not a multiple of tai_money {}", v.tai_money));
                }
                v.base_money = b;
                Ok(())
            },
        ),
    },
    Setting {
        key: "tai_money",
        name: "每台金額",
        kind: Kind::Int { min: 1, max: 1_000_000 },
        choice_names: &[],
        layer: Layer::Scoring,
        doc: "money per 台; base_money is a multiple of it",
        doc_zh: "每台的金額；base_money 須為其倍數",
        access: Access::Int(
            |v| i64::from(v.tai_money),
            |v, i| {
                let t = u32::try_from(i).map_err(|e| e.to_string())?;
                if v.base_money % t != 0 {
                    return Err(format!("base_money {} is not a multiple of {t}", v.base_money));
                }
                v.tai_money = t;
                Ok(())
            },
        ),
    },
    int!("min_tai", "起胡台數", 0, MAX_TAI, Scoring, min_tai: u8,
        "起胡: the least tai a win needs (002 起胡台數; friend mode 0/2/3/5)",
        "起胡台數：胡牌最少須有的台數（002；朋友局 0/2/3/5）"),
    int!("ankan_fee", "暗槓收底", 0, 10, Scoring, ankan_fee: u8,
        "暗槓 底: the 底 an 暗槓's owner collects from every other seated player, whatever the hand's end (003 hk16 槓牌); one 底 is base_money",
        "暗槓收底：暗槓者向每位其他玩家收的底數，不論該局結果（003 港澳 槓牌）"),
    // The table has 骰規台 or not: the item's presence is the one owner (000 不採用 骰子加台).
    Setting {
        key: "dice_enabled",
        name: "計骰規台",
        kind: Kind::Bool,
        choice_names: &[],
        layer: Layer::Scoring,
        doc: "the table has 骰規台 (002 adds it; 000 does not adopt 骰子加台)",
        doc_zh: "台數表有骰規台（002 加的；000 不採用骰子加台）",
        access: Access::Bool(
            |v| v.has(Item::Dice),
            |v, on| {
                v.absent = if on {
                    v.absent.without(Item::Dice)
                } else {
                    v.absent.with(Item::Dice)
                };
            },
        ),
    },
    // A flower win is its own 筆 where the table has its row: the rows' presence is the one
    // owner (`scoring::FlowerWin::played_in`), as for 骰規台.
    Setting {
        key: "flower_wins",
        name: "花胡（八仙過海、七搶一另算一筆）",
        kind: Kind::Bool,
        choice_names: &[],
        layer: Layer::Scoring,
        doc: "eight flowers (or seven and the robbed eighth) end the hand as a flower win, its own 筆: the table has the rows eight_immortals and seven_rob_one (000 花牌與花胡); off, they never end the hand and no 八仙過海 / 七搶一 action is offered (003 hk16: 只是在胡的時候加40番, its eight_flowers and seven_flowers rows count on a regular win)",
        doc_zh: "八張花（或七張花搶第八張）即成花胡，另算一筆：台數表有八仙過海、七搶一兩列（000 花牌與花胡）；關閉則不成胡、不提供八仙過海／七搶一動作（003 港澳：只是在胡的時候加40番，於胡牌時計其八仙過海、七搶一番）",
        access: Access::Bool(
            |v| v.has(Item::EightImmortals) && v.has(Item::SevenRobOne),
            |v, on| {
                for item in [Item::EightImmortals, Item::SevenRobOne] {
                    v.absent = if on {
                        v.absent.without(item)
                    } else {
                        v.absent.with(item)
                    };
                }
            },
        ),
    },
    int!("dice.leopard", "骰規台・豹子", 0, MAX_TAI, Scoring, dice.leopard: u8,
        "骰規台 豹子: three equal faces",
        "骰規台 豹子：三骰同點"),
    switch!("leopard_double", "豹子整筆加倍", Scoring, scoring.leopard_double,
        "a 豹子 at the opening doubles every 筆 of the hand, 底 and 台 together (a house rule: （底 + 台）算完後整筆加倍); off, a 豹子 adds only its 骰規台 where the table has it (002 骰規台)",
        "開門骰子擲出豹子，該局每一筆（底＋台）算完後整筆加倍；關閉則豹子只加骰規台（002 骰規台，限有骰規台的台數表）"),
    int!("dice.all_red", "骰規台・全紅", 0, MAX_TAI, Scoring, dice.all_red: u8,
        "骰規台 全紅: every face 1 or 4, not a 豹子",
        "骰規台 全紅：三骰皆為 1 或 4 點（非豹子）"),
    int!("dice.straight", "骰規台・順子", 0, MAX_TAI, Scoring, dice.straight: u8,
        "骰規台 順子: three consecutive faces",
        "骰規台 順子：三骰點數相連"),
    int!("dice.all_black", "骰規台・全黑", 0, MAX_TAI, Scoring, dice.all_black: u8,
        "骰規台 全黑: no face 1 or 4, not a 豹子",
        "骰規台 全黑：三骰皆無 1、4 點（非豹子）"),
    int!("streak_cap", "連莊上限", 0, MAX_TAI, Scoring, streak_cap: u8,
        "the most 連莊 a dealer keeps, and the largest streak a score accepts (000 連莊)",
        "連莊上限：莊家最多連莊次數，計分所收連莊數亦以此為限（000 連莊）"),
    int!("honors_merge_minus", "字一色複合減台", 0, MAX_TAI, Scoring, honors_merge_minus: u8,
        "字一色 composites: both values added, minus this (000 字一色的複合)",
        "字一色複合：兩項台數相加後減去此數（000 字一色的複合）"),
    switch!("exchange", "換三張", Flow, exchange_three,
        "換三張: before the first discard each seat passes three tiles of one suit (002; four seats only)",
        "換三張：開局首打前每家交出同一花色三張（002；限四人）"),
    choice!("exchange_direction", "換三張方向", Flow, exchange: ExchangeDirection,
        "換三張 direction: next, across, previous, or dice (the opening dice total mod 3)",
        "換三張方向：下家、對家、上家，或依開門骰點數除以 3 之餘數"),
    switch!("ping_hu_concealed", "門清可計平胡", Scoring, ping_hu_concealed,
        "平胡 also on a 門清 hand (001 平胡說明)",
        "門清亦可計平胡（001 平胡說明）"),
    switch!("ping_hu_other_flowers", "有別家的花仍可計平胡", Scoring, ping_hu_other_flowers,
        "平胡 with flowers other than the winner's own (003 改良式: 無「本花」)",
        "有非本花之花牌仍可計平胡（003 改良式：無「本花」）"),
    switch!("heaven_win_dealer", "天胡另計莊家台", Scoring, heaven_win_dealer,
        "莊家 1 counted on a 天胡 (003 註16: off)",
        "天胡另計莊家一台（003 註16 不計）"),
    switch!("flower_win.base", "花胡收底", Scoring, scoring.flower_win_base,
        "a flower win's 筆 is paid with 底 (000 計分: 底 + 台數 on every 筆); off, its tai alone (8 × tai_money, no 底)",
        "花胡那一筆要付底（000 計分：每一筆都是底＋台數）；關閉則只付台數（8 台 × 每台金額，不付底）"),
    switch!("flower_win.dealer", "花胡計莊家台", Scoring, scoring.flower_win_dealer,
        "a flower win's 筆 carries 莊家台 (000 花牌與花胡: 兩筆的莊家台各自計算); off, none on it",
        "花胡那一筆加計莊家台（000 花牌與花胡：兩筆的莊家台各自計算）；關閉則花胡不計莊家台"),
    switch!("flower_win.flowers_on_win", "花胡後的胡牌照計正花、花槓", Scoring, scoring.flower_items_on_win,
        "the regular 筆 of a seat that won by its flowers in the same hand (or, scored alone, holds all eight flowers where flower wins are played) counts 正花 and 花槓 (000 花牌與花胡: 第二筆的正花與花槓); off, neither: the flowers were paid by the flower win",
        "同一局已以花胡收分者（單獨計分時：集滿八張花且有花胡者），其一般胡牌照計正花、花槓（000 花牌與花胡）；關閉則不計，花已在花胡收過"),
    switch!("flower_win.combined", "花胡與胡牌併一筆付", Scoring, scoring.flower_win_combined,
        "a flower win and the same seat's regular win in the hand are paid as one amount (one 底, one 莊家台, the tai added) by each seat paying both; off, two 筆 (000 花牌與花胡: 花胡與一般胡牌分開算兩筆)",
        "花胡與同一人的一般胡牌合成一筆付（一個底、一次莊家台、台數相加）；關閉則分兩筆（000 花牌與花胡：分開算兩筆）"),
    switch!("concealed_ankan", "暗槓不破門清", Scoring, scoring.concealed_ankan,
        "an 暗槓 keeps 門清 and 不求 (000); off, any kong ends them (001 門清: 沒有吃沒有碰沒有槓; 003 hk16 門前清: 沒碰上槓過)",
        "暗槓不破門清（000）；關閉則任何槓皆非門清（001 門清：沒有吃沒有碰沒有槓；003 港澳 門前清：沒碰上槓過）"),
    int!("tai_cap", "滿台（每家最多付幾台）", 0, MAX_TAI, Scoring, scoring.tai_cap: u8,
        "滿台: the most tai one payer pays on one 筆, dealer tai included, 底 aside (001 各地: 滿台為八台); 0 is no cap",
        "滿台：每筆每家最多付的台數（含莊家台，不含底；001 各地：滿台為八台）；0 為不設"),
    switch!("ping_hu_alone", "有其他台就沒有平胡", Scoring, scoring.ping_hu_alone,
        "平胡 only when the hand counts no other item (001 平胡說明 貳: 有其他台種無平胡)",
        "有其他台種即無平胡（001 平胡說明 貳）"),
    switch!("ping_hu_two_waits", "聽超過兩種就沒有平胡", Scoring, scoring.ping_hu_two_waits,
        "no 平胡 when the hand waited on more than two kinds (001 平胡說明 參: 聽超過兩種牌沒平胡)",
        "聽超過兩種牌沒平胡（001 平胡說明 參）"),
    switch!("ping_hu_no_three_alike", "手牌有三張同樣的就沒有平胡", Scoring, scoring.ping_hu_no_three_alike,
        "no 平胡 when the hand holds three tiles of one kind (001 平胡說明 肆: 手牌有三張同樣的牌沒平胡)",
        "手牌有三張同樣的牌沒平胡（001 平胡說明 肆）"),
    choice!("ping_hu_wait", "平胡的聽法", Scoring, scoring.ping_hu_wait: PingHuWait,
        "the waits 平胡 counts on: two_sided (000 平胡的認定: 胡的那張必須落在順子裡，而且那個搭子原本聽兩張; 單吊, 邊張, 嵌張 are not) or any (a house rule: 單吊, 邊張 and 嵌張 won on another player's tile count too)",
        "平胡的聽法：two_sided 限兩面聽（000 平胡的認定：單吊、邊張、嵌張不算）；any 單吊、邊張、嵌張胡別人的牌也算（各桌家規）"),
    switch!("single_wait_extractable", "抓得出來就算獨聽", Scoring, scoring.single_wait_extractable,
        "獨聽 whenever the winning tile reads as 邊張, 嵌張 or 單吊, however many kinds the hand waited on (001 獨聽說明: 抓得出來就有台)",
        "胡牌張可拆成邊張、嵌張或單吊即算獨聽，不論聽幾種牌（001 獨聽說明：抓得出來就有台）"),
    switch!("fan_notes", "番表的「不算」一律適用", Scoring, scoring.fan_notes,
        "the fan list's 不算 notes between rows the presets share hold even when neither row was drawn in (003 fan list: 大四喜 碰碰胡不算, 綠一色 不算清一色跟混一色 …); a drawn-in row always brings them",
        "番表各列與各表共有台項間的「不算」亦適用於未自番表加入者（003 番表：大四喜 碰碰胡不算、綠一色 不算清一色跟混一色…）；自番表加入者一律適用"),
    switch!("human_win_declared", "人胡須宣告天聽", Scoring, scoring.human_win_declared,
        "人胡 needs a declared 天聽 and a discard among the first eight, nobody having called (003 改良式: 必為天聽); off, 000's first-go-around discard win",
        "人胡須宣告天聽，且於各家未吃碰下八張牌內有人放槍（003 改良式：必為天聽）；關閉則依 000"),
    switch!("kong_bloom_flower", "補花成胡算槓上開花", Scoring, scoring.kong_bloom_flower,
        "槓上開花 also on the replacement after a flower (000, 001, 003 改良式); off, only after a kong (003 hk16 槓上花)",
        "補花後補進的牌自摸也算槓上開花（000、001、003 改良式）；關閉則限開槓後（003 港澳 槓上花）"),
    choice!("multi_win", "一砲多響", Scoring, multi_win: MultiWin,
        "several seats on one tile: nearest (攔胡 always), nearest_of_two (攔胡 of two, 一砲三響 of three), all (every one wins)",
        "一砲多響：nearest 一律攔胡，nearest_of_two 兩家攔胡、三家皆胡，all 皆胡"),
    choice!("payment", "付法", Scoring, payment: Payment,
        "base (底 + 台 × tai per payer) or zhongyong (中庸全統制: no 底, 台 × tai × 3 from a discarder, × 2 from each on 自摸)",
        "付法：base 底＋台×台數；zhongyong 中庸全統制（無底，放槍付三倍、自摸每家付兩倍）"),
    int!("players", "玩家人數", 2, 4, Flow, players: u8,
        "seated players: 4, 3 or 2 (004); the tile set follows it: 3 drops 二萬–八萬, 2 keeps 萬子 and 字牌 only",
        "玩家人數 4、3 或 2（004）；三人去二萬至八萬，兩人只留萬子與字牌"),
    switch!("flowers", "用花牌", Flow, flowers,
        "the 8 flowers are in the wall (004 兩人 花牌看桌)",
        "八張花牌在牌牆中（004 兩人麻將花牌看桌）"),
    switch!("chi_allowed", "可以吃牌", Flow, chi_allowed,
        "吃 offered (004 三人 多數不能吃)",
        "可吃牌（004 三人麻將多數不能吃）"),
    switch!("full_tile_set", "不論人數用全副 144 張", Analysis, full_tile_set,
        "all 144 tiles whatever players is, the empty seats left empty (004 也有人 144 張全部照打)",
        "不論人數皆用全副 144 張，空位留空（004 也有人 144 張全部照打）"),
    Setting {
        key: "hand_size",
        name: "手牌張數",
        kind: Kind::IntOf(&[16, 13]),
        // Each size's sets and pair (n = 3 × sets + 1 waiting), for the layers to show.
        choice_names: &["16 張（五組一對）", "13 張（四組一對）"],
        layer: Layer::Analysis,
        doc: "tiles in a waiting hand: 16 (five sets and a pair) or 13 (004 兩人 13 張版: four sets and a pair); 13 refuses 瀝咕瀝咕",
        doc_zh: "聽牌時手牌張數：16（五組一對）或 13（004 兩人 13 張版：四組一對）；13 張不可配瀝咕瀝咕",
        access: Access::Int(
            |v| i64::from(v.hand_size),
            |v, i| {
                v.hand_size = u8::try_from(i).map_err(|e| e.to_string())?;
                Ok(())
            },
        ),
    },
    choice!("wall_reserve", "流局時機（留牌）", Flow, flow.wall_reserve: WallReserve,
        "when the wall is exhausted: sixteen (16 kept back), kong_one (一槓一), kong_stack (16 + 2 per kong), none (取至不剩); 001 流局",
        "流局時機：sixteen 留八墩，kong_one 一槓一，kong_stack 每槓多留一墩，none 取至不剩（001 流局）"),
    switch!("special_draw.four_kongs", "四家開槓流局", Flow, flow.four_kongs_draw,
        "four kongs on the table, not all one player's, end the hand as a draw (001 台數表 四槓牌: 兩家以上合力完成四槓則和局; 特殊流局 四家開槓; 003 特殊流局情形)",
        "桌上四槓且非同一人所開即流局（001 台數表 四槓牌：兩家以上合力完成四槓則和局；特殊流局 四家開槓；003 特殊流局情形）"),
    switch!("special_draw.four_winds", "四風連打流局", Flow, flow.four_winds_draw,
        "四風連打: every player's first discard the same wind ends the hand as a draw (001 特殊流局)",
        "四風連打：四家首打同一風牌即流局（001 特殊流局）"),
    switch!("special_draw.thirteen_unconnected", "十三不搭亮牌重洗", Flow, flow.thirteen_unconnected_draw,
        "十三不搭 亮牌重洗: a seat dealt 十三不搭 may show it and end the hand as a draw (003 改良式 特殊流局情形)",
        "起手十三不搭可亮牌重洗，該局流局，莊家連莊（003 改良式 特殊流局情形）"),
    switch!("false_win", "詐胡成立", Flow, flow.false_win,
        "詐胡 in play: a 胡 that is no win ends the hand, paid 一家賠三家 (001 詐胡); off, it is refused",
        "詐胡成立：非胡之胡即結束該局，一家賠三家（001 詐胡）；關閉則拒絕該動作"),
    switch!("false_win_waits", "詐胡賠所聽台數", Scoring, flow.false_win_waits,
        "a 詐胡 pays each ready seat the tai it waited for (003 詐胡的罰則)",
        "詐胡賠聽牌者所聽台數，賠未聽者自己詐胡的台數（003 詐胡的罰則）"),
    choice!("dealing", "發牌方式", Flow, flow.dealing: Dealing,
        "plain (the shuffled set dealt from its start) or wall (001 抽位, 起莊、發牌, 開門: the dice break the walls)",
        "發牌：plain 洗牌後依序發，wall 依 001 抽位、起莊、開門由骰子開牌"),
    choice!("furiten_release", "過水解除", Flow, flow.furiten_release: FuritenRelease,
        "what 過水 bars and what releases it: table (every win, until 000's release table), own_draw (every win, until 001 過手: a drawn tile that does not win, then a discard) or next_draw (004 過水: 別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張 — only the tile let go, until the seat's next draw)",
        "過水：table 任何牌都不能胡，依 000 過水表解除；own_draw 任何牌都不能胡，依 001 過手（自摸未胡再打出）解除；next_draw 依 004：只限同一張，至下一次摸牌為止"),
    switch!("four_kongs_win", "四槓胡", Flow, flow.four_kongs_win,
        "四槓胡: a player's own fourth kong ends the hand at once as that player's win (001 特殊胡牌, 003 改良式)",
        "四槓胡：自己開第四槓即以胡牌計（001 特殊胡牌、003 改良式）"),
    switch!("four_kongs_pass_deal", "四槓胡後下莊", Flow, flow.four_kongs_pass_deal,
        "after a 四槓胡 the deal passes, the dealer's own included (001 台數表 四槓牌)",
        "四槓胡後莊家不再連莊（001 台數表 四槓牌）"),
    switch!("furiten_dealer_exception", "過水的莊家例外", Flow, flow.furiten_dealer_exception,
        "a win declined for 起胡 may still be taken on the dealer's discard of the same tile (003 過水特殊規定)",
        "因台數不足未胡者，莊家於同圈打出同一張仍可胡（003 過水特殊規定）"),
    switch!("furiten_self_draw", "放棄自摸也算過水", Flow, flow.furiten_self_draw,
        "a self-draw let go puts the seat in 過水 (000 過水); off, only a passed discard does (001 過水: 有人放槍而不胡; 004 過水: 別人打出你能胡的牌)",
        "放棄自摸亦入過水（000 過水）；關閉則只有放槍不胡才算過水（001 過水：有人放槍而不胡；004 過水：別人打出你能胡的牌）"),
    switch!("furiten_ignored", "不管過水", Flow, flow.furiten_ignored,
        "no 過水 at all: a win let go never blocks a later one (004 過水: 也有不管的)",
        "不管過水：放過的胡牌不影響之後胡牌（004 過水：也有不管的）"),
    switch!("migi_first_discard", "地聽限閒家首打", Flow, flow.migi_first_discard,
        "地聽 (MIGI) only by a 閒家 at its own first discard, so a score refuses the dealer's (003 hk16 地聽: 閒家配牌後立即聽牌); off, by anyone within the first eight discards (000 MIGI, 001 地聽)",
        "地聽只限閒家於自己第一次打牌時宣告，計分亦不收莊家的地聽（003 港澳 地聽：閒家配牌後立即聽牌）；關閉則任何人於前八張牌內皆可（000 MIGI、001 地聽）"),
    switch!("furiten_ankan_release", "暗槓解除過水", Flow, flow.furiten_ankan_release,
        "an 暗槓 of a tile that does not win releases 過水 (000 過水: 暗槓或加槓不是胡牌張的牌 — 解除); off, an 暗槓 neither releases nor holds it, the replacement and the discard after it decide (加槓 keeps the table's rule)",
        "暗槓不是胡牌張的牌即解除過水（000 過水：暗槓或加槓不是胡牌張的牌，解除）；關閉則暗槓不解除，看補牌與之後打出的牌（加槓仍依過水表）"),
    switch!("minkan_ban_kong_release", "明槓不能自摸至暗槓加槓為止", Flow, flow.minkan_ban_kong_release,
        "the no-自摸 after a 明槓 ends at the seat's next 暗槓 or 加槓, whose replacement may be 自摸'd (000 槓: 在你接著又暗槓或加槓之後解除); off, it lasts until the seat discards",
        "明槓後的「不能自摸」在接著暗槓或加槓後解除，那次補牌可自摸（000 槓）；關閉則一直到自己打出一張牌為止"),
    switch!("flower_win_over_heaven", "開局花胡優先於天胡", Flow, flow.flower_win_over_heaven,
        "an opening flower win of a 閒家 takes priority over the dealer's 天胡, which is not counted (under flower_win.play_on the flower win is paid first and play starts as usual, so the dealer's 天胡 follows as a 筆 of its own); off, 000 開局花胡: 天胡優先，閒家的花胡不計",
        "閒家開局花胡優先，莊家的天胡不計（花胡當場收分照常打牌時，花胡先收分、照常開始打牌，莊家的天胡隨後另算一筆）；關閉則依 000 開局花胡：天胡優先，閒家的花胡不計"),
    switch!("flower_win.play_on", "花胡當場收分照常打牌", Flow, flow.flower_win_play_on,
        "a flower win (八仙過海, 七搶一) is paid on the spot and play goes on (issue #30: 當場收分，照常開始打牌): its 筆 is settled at once, the seat that completed the flowers takes its replacement and plays on, no second flower 筆 in the hand; the paid 筆 is a side payment: the hand's settlement holds it, but only a later win is the hand's win, so a hand that then runs out is a 流局 (a draw; the dealer keeps the deal, 000 連莊); off, the flower win ends the hand (000 花牌與花胡). Only where flower wins are played (flower_wins)",
        "花胡（八仙過海、七搶一）當場收分，照常打牌：花胡那一筆當下結算，湊齊花的一家補牌後繼續，同一局不再有第二筆花胡；花胡那一筆是另外收付：整局結算含之，但只有之後的胡牌才算這局的胡，之後摸完牌仍是流局（莊家連莊，000 連莊）；關閉則花胡即結束該局（000 花牌與花胡）。僅在有花胡時（flower_wins）"),
    switch!("heaven_ready_dealer", "天聽限莊家", Scoring, scoring.heaven_ready_dealer,
        "天聽 is the dealer's, so a score refuses a 閒家's (001 天聽: 在莊家取完牌後，打出第一張牌時即聽牌; 003 hk16 天聽: 莊家配牌，打第一隻後就叫胡); off where the text names no seat (003 改良式 天聽); the game offers 天聽 at the dealer's first discard either way",
        "天聽是莊家的宣告，計分不收閒家的天聽（001 天聽：在莊家取完牌後，打出第一張牌時即聽牌；003 港澳 天聽：莊家配牌，打第一隻後就叫胡）；關閉則不限（003 改良式 天聽未指明）；對局中天聽一律於莊家首打時宣告"),
    switch!("special_shapes.lig_gu", "瀝咕瀝咕", Analysis, special.lig_gu,
        "瀝咕瀝咕 admitted by the win detector, the waits and the scorer (003 註八)",
        "承認瀝咕瀝咕胡牌型（003 註八）"),
    switch!("special_shapes.thirteen_orphans", "十三么", Analysis, special.thirteen_orphans,
        "十三么 admitted likewise (003 註13)",
        "承認十三么胡牌型（003 註13）"),
    switch!("special_shapes.fan_seven_pairs", "七對（番表）", Analysis, special.seven_pairs,
        "the fan list's 七對 admitted likewise (003 fan list)",
        "承認番表七對胡牌型（003 番表）"),
    switch!("special_shapes.fan_seven_stars", "七星不靠（番表）", Analysis, special.seven_stars,
        "the fan list's 七星不靠 admitted likewise (003 fan list)",
        "承認番表七星不靠胡牌型（003 番表）"),
    switch!("special_shapes.fan_all_knitted", "全不靠（番表）", Analysis, special.all_knitted,
        "the fan list's 全不靠 admitted likewise (003 fan list)",
        "承認番表全不靠胡牌型（003 番表）"),
    switch!("special_shapes.fan_knitted_straight", "組合龍（番表）", Analysis, special.knitted_straight,
        "the fan list's 組合龍 admitted likewise (003 fan list)",
        "承認番表組合龍胡牌型（003 番表）"),
    switch!("special_shapes.compound", "特殊牌型與全手台項複合", Scoring, special_compound,
        "a special shape also counts the items judged on the whole hand; off, only the manner of the win and the flowers (自摸, 不求人, 搶槓, 槓上開花, 海底撈月, 河底撈魚, 正花, 花槓; 003 hk16; 改良式 註八)",
        "特殊牌型可與全手台項複合；關閉則只另計胡法與花牌台（自摸、不求人、搶槓、槓上開花、海底撈月、河底撈魚、正花、花槓；003 港澳；改良式 註八）"),
    switch!("special_shapes.ask_ankan", "十三么可搶暗槓", Flow, special.ask_ankan,
        "a player ready for 十三么 on the one orphan it lacks may rob an 暗槓 of it (003 註13 特殊規定)",
        "聽十三么所缺之么九者可搶暗槓（003 註13 特殊規定）"),
    switch!("special_shapes.orphans_pung_set", "十三么另一搭可碰槓", Analysis, special.orphans_pung_set,
        "十三么's extra set may be a 碰 or 槓 (改良式 註13); off, a concealed triplet or a run only (hk16)",
        "十三么另一搭可為碰或槓（改良式 註13）；關閉則限暗刻或順子（港澳）"),
    Setting {
        key: "unit",
        name: "計數單位",
        kind: Kind::Choice(&UNITS),
        choice_names: &UNITS,
        layer: Layer::Scoring,
        doc: "what the table counts in: 台, or 番 (hk16); a name only",
        doc_zh: "計數單位：台，或番（港澳）；僅名稱",
        access: Access::Choice(|v| v.unit, |v, i| v.unit = UNITS[i]),
    },
];

/// Two settings that cannot be played together, written once: while `when` holds `is`,
/// `then` must hold `must`. [`Variant::check`] refuses a variant that breaks one (the error
/// names `when`), and a settings form reads them (`/v1/settings`) to set `then` along with
/// `when` rather than copy the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub when: &'static str,
    pub is: Value,
    pub then: &'static str,
    pub must: Value,
    /// Why, in English and in Chinese.
    pub why: &'static str,
    pub why_zh: &'static str,
}

impl Requirement {
    /// The error `v` earns by breaking the requirement, if it does.
    pub fn broken_by(&self, v: &Variant) -> Option<Error> {
        let (when, then) = (setting(self.when)?, setting(self.then)?);
        (when.get(v) == self.is && then.get(v) != self.must).then(|| {
            Error::variant(
                self.when,
                format!(
                    "{} cannot be played with {} = {} (as in {}): {}; set {} = {} to play it",
                    self.is,
                    self.then,
                    then.get(v),
                    v.preset,
                    self.why,
                    self.then,
                    self.must
                ),
            )
            .coded(
                Code::SettingConflict,
                &[("key", &self.when), ("why", &self.why_zh)],
            )
        })
    }
}

/// Every [`Requirement`].
pub static REQUIRES: [Requirement; 1] = [Requirement {
    when: "hand_size",
    is: Value::Int(13),
    then: "special_shapes.lig_gu",
    must: Value::Bool(false),
    why: "瀝咕瀝咕 (003 註八 八對半) is seven pairs and a triplet, a 17-tile shape with no 13-tile form",
    why_zh: "瀝咕瀝咕（003 註八 八對半）是七對加一刻的 17 張牌型，沒有 13 張的形式",
}];

/// The setting called `key` (the `tai.<item>` family aside).
pub fn setting(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// Writing and listing a variant's settings, through the registry.
impl Variant {
    /// The setting keys [`Variant::set`] accepts besides `tai.<item key>`: the registry's.
    pub const KEYS: [&'static str; COUNT] = KEYS;

    /// Checks that the settings can be played together ([`REQUIRES`]: `hand_size = 13`
    /// refuses 瀝咕瀝咕, 003 註八 八對半 being a 17-tile shape with no 13-tile form). Every way
    /// of building a variant from overrides calls it once they are all applied.
    pub fn check(&self) -> Result<()> {
        for r in &REQUIRES {
            if let Some(e) = r.broken_by(self) {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Applies one override, `tai.<item key>` or a key of the settings registry
    /// ([`SETTINGS`]); the variant is unchanged when it fails.
    pub fn set(&mut self, key: &str, value: &Value) -> Result<()> {
        if let Some(s) = setting(key) {
            s.set(self, value)?;
        } else if key.starts_with(EXCLUDE.prefix) {
            self.set_exclude(key, value)?;
        } else {
            self.set_tai(key, value)?;
        }
        self.overrides.push((key.to_owned(), value.to_string()));
        Ok(())
    }

    /// Sets `exclude.<item key>` (the [`EXCLUDE`] family): the items not counted beside it.
    fn set_exclude(&mut self, key: &str, value: &Value) -> Result<()> {
        let item = EXCLUDE.item(key).ok_or_else(|| {
            Error::variant(key, "unknown key (expected exclude.<item key>)".to_owned())
                .coded(Code::UnknownSetting, &[("key", &key)])
        })?;
        let Value::Text(text) = value else {
            return Err(Error::variant(
                key,
                format!("{value} is not text (item keys joined by commas)"),
            )
            .coded(
                Code::BadSettingValue,
                &[
                    ("key", &key),
                    ("why", &format!("{value} 要是文字（以逗號分隔的台項代號）")),
                ],
            ));
        };
        let set = parse_items(key, text, item)?;
        std::sync::Arc::make_mut(&mut self.exclusions).set(item, set);
        Ok(())
    }

    /// Sets `tai.<item key>` (the [`TAI`] family).
    fn set_tai(&mut self, key: &str, value: &Value) -> Result<()> {
        let item = key
            .strip_prefix(TAI.prefix)
            .and_then(Item::from_key)
            .ok_or_else(|| {
                let keys: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
                Error::variant(
                    key,
                    format!(
                        "unknown key (expected tai.<item key> or one of {})",
                        keys.join(", ")
                    ),
                )
                .coded(Code::UnknownSetting, &[("key", &key)])
            })?;
        if let Some(prefix) = item.valued_by() {
            let keys: Vec<&str> = SETTINGS
                .iter()
                .map(|s| s.key)
                .filter(|k| k.starts_with(prefix))
                .collect();
            return Err(Error::variant(
                key,
                format!(
                    "{} takes its value from other settings: set {}",
                    item.name(),
                    keys.join(", ")
                ),
            )
            .coded(
                Code::SettingConflict,
                &[
                    ("key", &key),
                    (
                        "why",
                        &format!("{}的台數由 {} 決定", item.name(), keys.join("、")),
                    ),
                ],
            ));
        }
        let tai = match value {
            Value::Int(i) if (0..=MAX_TAI).contains(i) => *i as u8,
            Value::Int(i) => {
                return Err(Error::variant(
                    key,
                    format!("{i} is out of range (expected 0 to {MAX_TAI})"),
                )
                .coded(
                    Code::BadSettingValue,
                    &[("key", &key), ("why", &format!("{i} 超出 0 到 {MAX_TAI}"))],
                ))
            }
            v => {
                return Err(Error::variant(key, format!("{v} is not an integer")).coded(
                    Code::BadSettingValue,
                    &[("key", &key), ("why", &format!("{v} 不是整數"))],
                ))
            }
        };
        if let Some(s) = item.special() {
            // Drawing a shape in by its tai switches it on (as `tai.<key>` adds an absent
            // item back); `special_shapes.<key>: false` switches it off again.
            self.special_tai[s as usize] = tai;
            *self.special.switch_mut(s) = true;
        } else {
            self.tai[item as usize] = tai;
            self.absent = self.absent.without(item);
        }
        Ok(())
    }

    /// Every setting as `(key, value)`, in the form [`Variant::set`] accepts: the registry's
    /// settings in its order, then `tai.<key>` for every item the table has (but those other
    /// settings value, [`Item::valued_by`]) and for every special shape switched on, then
    /// `exclude.<key>` for the same items (骰規台 included).
    pub fn settings(&self) -> Vec<(String, Value)> {
        let mut v: Vec<(String, Value)> = SETTINGS
            .iter()
            .map(|s| (s.key.to_owned(), s.get(self)))
            .collect();
        let int = |t: u8| Value::Int(i64::from(t));
        for w in WORDS[..Item::COUNT]
            .iter()
            .filter(|w| w.valued_by.is_none() && self.has(w.item))
        {
            v.push((format!("tai.{}", w.key), int(self.tai_of(w.item))));
        }
        for item in Special::ALL
            .into_iter()
            .filter(|&s| self.allows(s))
            .map(Item::of_special)
        {
            v.push((format!("tai.{}", item.key()), int(self.tai_of(item))));
        }
        // What each item the table has (or shape it admits) leaves out beside it.
        for w in WORDS.iter().filter(|w| match w.item.special() {
            Some(s) => self.allows(s),
            None => self.has(w.item),
        }) {
            let text = items_text(self.excludes(w.item), w.item);
            v.push((format!("{}{}", EXCLUDE.prefix, w.key), Value::Text(text)));
        }
        v
    }

    /// Applies overrides in order, then checks they can be played together
    /// ([`Variant::check`]); stops at the first bad one and leaves `self` unchanged.
    pub fn with_overrides(&self, pairs: &[(&str, Value)]) -> Result<Variant> {
        let mut v = self.clone();
        for (k, val) in pairs {
            v.set(k, val)?;
        }
        v.check()?;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PRESETS;
    use std::collections::BTreeMap;

    #[test]
    fn the_specs_read_the_registry() {
        let all = specs().unwrap();
        assert_eq!(all.len(), SETTINGS.len() + FAMILIES.len());
        let get = |k: &str| all.iter().find(|s| s.key == k).unwrap();
        // 004 兩人 13 張版: hand_size is 16 or 13, and 13 refuses 瀝咕瀝咕 (REQUIRES).
        let hs = get("hand_size");
        assert_eq!(hs.choices, Some(vec![Value::Int(16), Value::Int(13)]));
        assert_eq!(hs.minimum, None);
        assert_eq!(
            hs.requires,
            vec![(Value::Int(13), "special_shapes.lig_gu", Value::Bool(false))]
        );
        // 000 連莊最多 18 次 is taiwan's streak_cap; a range up to MAX_TAI.
        let sc = get("streak_cap");
        assert_eq!((sc.minimum, sc.maximum), (Some(0), Some(MAX_TAI)));
        assert!(sc.defaults.contains(&("taiwan", Value::Int(18))));
        assert_eq!(sc.defaults.len(), PRESETS.len());
        let tai = &all[SETTINGS.len()];
        assert_eq!((tai.key.as_str(), tai.defaults.len()), ("tai.<item>", 0));
        let ex = all.last().unwrap();
        assert_eq!(
            (ex.key.as_str(), ex.json_type),
            ("exclude.<item>", "string")
        );
        // A family's entry says which family it stands for; a setting of its own, none (a
        // dotted key such as `special_shapes.lig_gu` is no family).
        assert_eq!((tai.family, ex.family), (Some("tai"), Some("exclude")));
        assert!(all[..SETTINGS.len()].iter().all(|s| s.family.is_none()));
        assert!(all
            .iter()
            .any(|s| s.key.contains('.') && s.family.is_none()));
        for f in FAMILIES {
            assert_eq!(Family::named(f.key()), Some(f));
            assert!(f.keys().all(|k| k.starts_with(&format!("{}.", f.key()))));
        }
        assert_eq!(Family::named("special_shapes"), None);
    }

    fn map(v: &Variant) -> BTreeMap<String, Value> {
        v.settings().into_iter().collect()
    }

    #[test]
    fn keys_are_unique_and_documented() {
        let mut seen = std::collections::BTreeSet::new();
        for s in SETTINGS {
            assert!(seen.insert(s.key), "{} twice", s.key);
            assert!(!s.doc.is_empty() && !s.doc_zh.is_empty(), "{}", s.key);
            assert!(!s.key.starts_with(TAI.prefix), "{}", s.key);
        }
    }

    /// Han characters: a settings form shows these names, in Chinese.
    fn chinese(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn names_are_chinese_one_per_choice() {
        for s in SETTINGS {
            assert!(chinese(s.name) && chinese(s.layer.name()), "{}", s.key);
            match s.kind {
                Kind::Choice(keys) => {
                    assert_eq!(keys.len(), s.choice_names.len(), "{}", s.key);
                    assert!(s.choice_names.iter().all(|n| chinese(n)), "{}", s.key);
                }
                // hand_size names each size with its sets: n waiting tiles = 3 × sets + 1.
                Kind::IntOf(sizes) if s.key == "hand_size" => {
                    let sets = ["", "一", "二", "三", "四", "五"];
                    assert_eq!(sizes.len(), s.choice_names.len());
                    for (n, name) in sizes.iter().zip(s.choice_names) {
                        let k = usize::try_from((n - 1) / 3).unwrap();
                        assert_eq!(*name, format!("{n} 張（{}組一對）", sets[k]));
                    }
                }
                _ => assert!(s.choice_names.is_empty(), "{}", s.key),
            }
        }
        assert!(chinese(TAI.name));
        // Spot values: the menu of multi_win in the order of its keys.
        let multi = setting("multi_win").unwrap();
        assert_eq!(multi.choice_names[0], "一律攔胡");
    }

    #[test]
    fn requirements_name_settings_and_are_enforced() {
        for r in &REQUIRES {
            let (when, then) = (setting(r.when).unwrap(), setting(r.then).unwrap());
            let mut v = Variant::preset("improved16").unwrap();
            when.set(&mut v, &r.is).unwrap();
            // improved16 has 瀝咕瀝咕 on (003 註八): 13 tiles break the requirement, named by
            // `when`; the required value plays.
            let e = v.check().unwrap_err();
            assert_eq!(e.field(), Some(format!("overrides.{}", r.when)), "{e}");
            then.set(&mut v, &r.must).unwrap();
            assert!(v.check().is_ok());
        }
    }

    #[test]
    fn spot_values_per_preset() {
        // Each from its rule text: 002 起胡 3 and 換三張; 003 改良式 原則上以一台以上起胡, 中庸全統制,
        // 無攔胡; 001 一家放槍只能一家胡牌; 003 hk16 counts in 番 and 暗槓收底; 004 三人 and 兩人.
        let d = |key: &str, preset: &str| setting(key).unwrap().default_in(preset).unwrap();
        assert_eq!(d("min_tai", "taiwan"), Value::Int(0));
        assert_eq!(d("min_tai", "american"), Value::Int(3));
        assert_eq!(d("min_tai", "improved16"), Value::Int(1));
        assert_eq!(d("exchange", "american"), Value::Bool(true));
        for p in PRESETS.iter().filter(|&&p| p != "american") {
            assert_eq!(d("exchange", p), Value::Bool(false), "{p}");
        }
        assert_eq!(d("dice_enabled", "american"), Value::Bool(true));
        assert_eq!(d("payment", "improved16"), Value::Text("zhongyong".into()));
        assert_eq!(d("multi_win", "improved16"), Value::Text("all".into()));
        assert_eq!(d("multi_win", "traditional"), Value::Text("nearest".into()));
        assert_eq!(
            d("multi_win", "taiwan"),
            Value::Text("nearest_of_two".into())
        );
        assert_eq!(d("unit", "hk16"), Value::Text("番".into()));
        assert_eq!(d("ankan_fee", "hk16"), Value::Int(1));
        assert_eq!(d("players", "three_player"), Value::Int(3));
        assert_eq!(d("players", "two_player"), Value::Int(2));
        assert_eq!(d("flowers", "two_player"), Value::Bool(false));
        assert_eq!(d("chi_allowed", "three_player"), Value::Bool(false));
        assert_eq!(d("dealing", "traditional"), Value::Text("wall".into()));
        assert_eq!(d("streak_cap", "taiwan"), Value::Int(18));
        assert_eq!(d("special_shapes.lig_gu", "improved16"), Value::Bool(true));
        // 003 hk16 八仙過海 只是在胡的時候加40番: no flower win of its own; 000 and the rest have it.
        for p in PRESETS {
            assert_eq!(d("flower_wins", p), Value::Bool(p != "hk16"), "{p}");
        }
        // 001 天聽 在莊家取完牌後; 003 hk16 天聽 莊家配牌 — the dealer's; 003 改良式 names no seat.
        assert_eq!(d("heaven_ready_dealer", "traditional"), Value::Bool(true));
        assert_eq!(d("heaven_ready_dealer", "hk16"), Value::Bool(true));
        assert_eq!(d("heaven_ready_dealer", "improved16"), Value::Bool(false));
        // 004 過水: 在你下一次摸牌之前，不能再胡同一張.
        for p in ["three_player", "two_player"] {
            assert_eq!(d("furiten_release", p), Value::Text("next_draw".into()));
            assert_eq!(d("furiten_self_draw", p), Value::Bool(false));
        }
        assert_eq!(d("furiten_release", "taiwan"), Value::Text("table".into()));
        assert!(setting("min_tai").unwrap().default_in("mahjong").is_err());
    }

    /// A valid value of `s` in `v` other than the one it holds.
    fn another(s: &Setting, v: &Variant) -> Value {
        let now = s.get(v);
        let candidates: Vec<Value> = match s.kind {
            Kind::Int { min, max } => {
                let Value::Int(i) = now else { unreachable!() };
                [min, min + 1, max, i + 1, i - 1, i * 2]
                    .into_iter()
                    .filter(|x| (min..=max).contains(x))
                    .map(Value::Int)
                    .collect()
            }
            Kind::IntOf(o) => o.iter().map(|&i| Value::Int(i)).collect(),
            Kind::Bool => vec![Value::Bool(true), Value::Bool(false)],
            Kind::Choice(o) => o.iter().map(|&t| Value::Text(t.to_owned())).collect(),
            Kind::Items => unreachable!("no registry setting lists items"),
        };
        candidates
            .into_iter()
            .find(|c| *c != now && s.set(&mut v.clone(), c).is_ok())
            .unwrap_or_else(|| panic!("{} has no other value", s.key))
    }

    #[test]
    fn every_key_round_trips_and_sets_only_itself() {
        // get → set gives the same variant; another value changes that key and no other (no
        // setting falls through to a neighbour's field).
        for p in PRESETS {
            let v = Variant::preset(p).unwrap();
            let before = map(&v);
            for s in SETTINGS {
                let mut same = v.clone();
                s.set(&mut same, &s.get(&v)).unwrap();
                assert_eq!(map(&same), before, "{p} {}", s.key);
                let other = another(s, &v);
                let mut w = v.clone();
                w.set(s.key, &other).unwrap();
                assert_eq!(s.get(&w), other, "{p} {}", s.key);
                let after = map(&w);
                // A special shape's switch also lists (or drops) that shape's tai, and
                // flower_wins the two rows it adds or removes.
                let mut listed: Vec<String> = s
                    .key
                    .strip_prefix("special_shapes.")
                    .into_iter()
                    .flat_map(|k| [format!("tai.{k}"), format!("exclude.{k}")])
                    .collect();
                if s.key == "flower_wins" {
                    for i in [Item::EightImmortals, Item::SevenRobOne] {
                        listed.extend([format!("tai.{}", i.key()), format!("exclude.{}", i.key())]);
                    }
                }
                if s.key == "dice_enabled" {
                    listed.push(format!("exclude.{}", Item::Dice.key()));
                }
                for (k, x) in &before {
                    if k != s.key && !listed.contains(k) {
                        assert_eq!(after.get(k), Some(x), "{p}: setting {} changed {k}", s.key);
                    }
                }
            }
        }
    }

    #[test]
    fn bad_values_are_refused_naming_the_key() {
        let v = Variant::taiwan();
        for s in SETTINGS {
            let wrong_type = match s.kind {
                Kind::Bool => Value::Int(1),
                _ => Value::Bool(true),
            };
            let out_of_range = match s.kind {
                Kind::Int { max, .. } => Some(Value::Int(max + 1)),
                Kind::IntOf(_) => Some(Value::Int(15)),
                Kind::Choice(_) => Some(Value::Text("no such choice".into())),
                Kind::Bool | Kind::Items => None,
            };
            for bad in std::iter::once(wrong_type).chain(out_of_range) {
                let mut w = v.clone();
                match w.set(s.key, &bad) {
                    Err(crate::Error::Variant { key, .. }) => assert_eq!(key, s.key),
                    other => panic!("{} = {bad} gave {other:?}", s.key),
                }
                assert_eq!(w, v, "{} changed on a refusal", s.key);
            }
        }
        let mut w = v.clone();
        assert!(matches!(w.set("tai.no_such_item", &Value::Int(1)),
            Err(crate::Error::Variant { key, .. }) if key == "tai.no_such_item"));
        assert!(matches!(w.set("no_such_key", &Value::Int(1)),
            Err(crate::Error::Variant { key, .. }) if key == "no_such_key"));
    }

    #[test]
    fn tai_family_lists_every_item_but_dice() {
        let keys: Vec<String> = TAI.keys().collect();
        assert_eq!(keys.len(), Item::ALL - 1);
        assert!(keys.contains(&"tai.ping_hu".to_owned()));
        assert!(keys.contains(&"tai.lig_gu".to_owned()));
        assert!(!keys.contains(&"tai.dice".to_owned()));
        let mut v = Variant::taiwan();
        for k in &keys {
            v.set(k, &Value::Int(2))
                .unwrap_or_else(|e| panic!("{k}: {e}"));
        }
    }
}
