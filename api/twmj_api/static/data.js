// What the page knows about the game, read from the server once at start: tile names and each
// preset's tile set (/v1/tiles), the presets and their settings (/v1/variants), and the
// vocabulary (win kinds, declarations, shapes, meld kinds, error codes with their Chinese names).
// Nothing here is a rule: the page shows what the engine says.

export const data = {
  copies: 0,
  tiles: [],        // every kind and flower: {tile, name}
  names: {},        // tile → Chinese name
  presets: {},      // preset → {settings, tiles, name}
  order: [],        // preset keys, default first
  vocab: {},        // vocabulary lists, each {key → {key, name, …}}
  registry: [],     // the settings registry (/v1/settings): key, name, type, range or choices, layer
};

export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || "http_error";
    this.field = error.field ?? null;
    this.position = error.position ?? null;
    // The core's Chinese sentence naming the fault, when the answer carries one.
    this.message_zh = error.message_zh ?? null;
    this.detail = error;
  }
}

/** The answer's JSON, or an ApiError with the answer's `error` (an answer that is not JSON,
 * a proxy's page, is an error too, never a script exception). */
async function answer(r) {
  let body;
  try {
    body = await r.json();
  } catch {
    body = {};
  }
  if (!r.ok) throw new ApiError(r.status, body.error || { code: "http_error" });
  return body;
}

export async function get(path) {
  return answer(await fetch(path));
}

export async function post(path, payload) {
  return answer(await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  }));
}

/** A list of terms (`[{key, name}]`) or a mapping (`{key: name | {name}}`) as `{key → term}`. */
function terms(listed) {
  const out = {};
  if (Array.isArray(listed)) {
    for (const t of listed) out[t.key ?? t.code] = t;
  } else if (listed && typeof listed === "object") {
    for (const [k, v] of Object.entries(listed)) out[k] = typeof v === "string" ? { key: k, name: v } : { key: k, ...v };
  }
  return out;
}

/** The vocabulary's term `key` of `list`, or `{key, name: key}` when the server names none. */
export function term(list, key) {
  return (data.vocab[list] || {})[key] || { key, name: key };
}

export function termList(list) {
  return Object.values(data.vocab[list] || {});
}

export async function load() {
  const [tileSet, variants, vocabulary, registry] = await Promise.all([
    get("/v1/tiles"), get("/v1/variants"), get("/v1/vocabulary"), get("/v1/settings"),
  ]);
  data.registry = registry;
  data.copies = tileSet.copies;
  data.tiles = tileSet.tiles;
  for (const t of tileSet.tiles) data.names[t.tile] = t.name;
  for (const [key, listed] of Object.entries(vocabulary)) data.vocab[key] = terms(listed);
  for (const v of variants) {
    data.order.push(v.name);
    data.presets[v.name] = {
      settings: v.settings,
      tiles: tileSet.presets[v.name],
      name: term("presets", v.name).name,
    };
  }
}

/** The concealed tiles of a waiting hand of `size` (`hand_size`) with `melds` melds, as the
 * core lists them (/v1/vocabulary `hand_sizes`: 16 − 3k, 13 − 3k); NaN for a size or a meld
 * count the core does not play, so no count is made up here. */
export function concealedCount(size, melds) {
  const entry = (data.vocab.hand_sizes || {})[String(size)];
  const n = entry ? entry.concealed[melds] : undefined;
  return n === undefined ? NaN : n;
}

/** The most melds a hand of `size` holds, as the core lists it (0 for a size it does not play). */
export function mostMelds(size) {
  const entry = (data.vocab.hand_sizes || {})[String(size)];
  return entry ? entry.concealed.length - 1 : 0;
}

/** The unit a preset counts in (台 or 番), from its settings. */
export function unitOf(preset) {
  return data.presets[preset].settings.unit;
}

/** Where a family's registry key holds its item (`tai.<item>`, `exclude.<item>`): the registry
 * lists a family once, its members' keys being that key with an item's key in its place. */
const ITEM = "<item>";

/** The core's names of the two families of settings the page shows by item (/v1/settings
 * `family`): each item's tai (`tai.<item>`) and its 備註, the items not counted beside it
 * (`exclude.<item>`). The one place the page names them. */
export const TAI = "tai";
export const EXCLUDE = "exclude";

/** The registry's entry of the family the core names `family` (`/v1/settings` `family`). */
export function familyEntry(family) {
  return data.registry.find((e) => e.family === family);
}

/** `key` as a member of a family of settings: the family's entry and the item, or undefined
 * when `key` is no family's member. */
export function familyOf(key) {
  for (const e of data.registry) {
    if (!e.family) continue;
    const [before, after] = e.key.split(ITEM);
    if (key.length > before.length + after.length && key.startsWith(before) && key.endsWith(after)) {
      return { entry: e, item: key.slice(before.length, key.length - after.length) };
    }
  }
  return undefined;
}

/** The key of `item` in the family the core names `family` (`tai`, `within_seven` →
 * `tai.within_seven`). */
export function memberKey(family, item) {
  return familyEntry(family).key.replace(ITEM, item);
}

/** The keys of `preset`'s settings that are members of `family`, as [key, item] pairs. */
export function familyMembers(preset, family) {
  return Object.keys(data.presets[preset].settings)
    .map((key) => [key, familyOf(key)])
    .filter(([, m]) => m && m.entry.family === family)
    .map(([key, m]) => [key, m.item]);
}

/** The registry's entry for `key` (a family's members share the family's entry). */
export function settingSpec(key) {
  return data.registry.find((e) => e.key === key) || familyOf(key)?.entry;
}

/**
 * `overrides` of `preset` with what they require of other settings (the core's requirements,
 * `/v1/settings` `requires`: 13 tiles need 瀝咕瀝咕 off), so the pair is never refused.
 */
export function withRequired(preset, overrides) {
  const out = { ...overrides };
  const base = data.presets[preset].settings;
  for (const [key, value] of Object.entries(overrides)) {
    for (const r of (settingSpec(key) || {}).requires || []) {
      if (r.when === value && !(r.key in overrides) && base[r.key] !== r.value) out[r.key] = r.value;
    }
  }
  return out;
}
