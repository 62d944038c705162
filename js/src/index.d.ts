// Types of the npm package `twmj` (hand-written beside index.js; the error classes and the
// error-code union are generated from the core into errors.d.ts). Answers are plain data in
// the shape the HTTP service answers, keys as there (`total_tai`, `net_tai`).

export * from "./errors.js";

/** A hand: tile notation (`"2223456m123456789p"`, `"東南西北"`) or the 34 counts of its kinds. */
export type Hand = string | Uint8Array | readonly number[];

/** A meld: `{kind, tiles}` or `[kind, tiles]`; kinds `chi pon minkan kakan ankan` (or 吃 碰 明槓 加槓 暗槓). */
export type MeldIn = { kind: string; tiles: string } | readonly [string, string];

/** A variant option: a `Variant`, or a preset name. */
export type VariantIn = Variant | string;

/** A setting's value. */
export type SettingValue = number | boolean | string;

/** Everything about a win besides the tiles (camelCase or snake_case keys). */
export interface Context {
  winner?: number;
  dealer?: number;
  streak?: number;
  /** `E S W N` or 東南西北. */
  seatWind?: string;
  seat_wind?: string;
  roundWind?: string;
  round_wind?: string;
  /** A win kind's key (`WIN_KINDS`): `self_draw`, `discard`, `robbing_kong`, … */
  win?: string;
  fromSeat?: number;
  from_seat?: number;
  lastTile?: boolean;
  last_tile?: boolean;
  /** A declaration's key (`DECLARATIONS`). */
  declared?: string;
  firstTurn?: boolean;
  first_turn?: boolean;
  flowers?: string;
  dice?: readonly [number, number, number];
  discards?: number;
  shown?: number;
  firstEight?: boolean;
  first_eight?: boolean;
}

/** A wait of `waits` (and of `analyze`'s discards). On `waits`' fast path (a hand with no
 * melds and nothing visible) each entry is a frozen object shared by every answer holding the
 * same tile, shapes and copies (no object made per entry per call): read it, spread it
 * (`{...w}`) to change it. */
export interface Wait {
  /** The waited tile (`3m`). */
  tile: string;
  /** Its Chinese name (`三萬`). */
  name: string;
  /** Shapes the tile takes over all decompositions (`ryanmen kanchan penchan tanki shanpon`), then the special shape it completes (`lig_gu`, `thirteen_orphans`, …), named by its own key. */
  shapes: readonly string[];
  /** Copies not in the hand, the melds or the visible tiles. */
  remaining: number;
}

/** An accepting kind; frozen and shared on `waits`' fast path, as `Wait`. */
export interface Accept {
  tile: string;
  remaining: number;
}

export interface Waits {
  /** 0 when ready, else the tiles still to exchange. */
  shanten: number;
  tenpai: boolean;
  /** The waits in tile order. */
  waits: Wait[];
  /** Kinds whose draw lowers the shanten (進張); the waits when ready. */
  accepts: Accept[];
}

export interface Discard {
  tile: string;
  shanten: number;
  /** Unseen copies of all accepting kinds. */
  accepted: number;
  accepts: Accept[];
  waits: Wait[];
}

export interface Analysis {
  /** Shanten of the hand as held (−1 when complete). */
  shanten: number;
  /** One entry per distinct discard, best first. */
  discards: Discard[];
}

/** A scored item. On `score`'s fast path (notation, no melds, no `whyNot`) each item is a
 * frozen object shared by every answer with the same item and tai: read it, spread it to change
 * it. */
export interface TaiItem {
  key: string;
  name: string;
  tai: number;
}

export interface NotApplied {
  key: string;
  name: string;
  reason: string;
  reason_zh: string;
}

export interface Payment {
  /** The 筆 this line pays (its index among the hand's wins; a fee carries their count). */
  bill: number;
  payer: number;
  payee: number;
  base_tai: number;
  hand_tai: number;
  dealer_tai: number;
  total_tai: number;
  /** What base + hand + dealer tai is multiplied by to make `total_tai`: 1; 中庸全統制's × 3
   * from a discarder or × 2 on 自摸 (003); × 2 more on a doubled 筆 (`leopard_double`). */
  multiple: number;
  money: number;
}

export interface Meld {
  kind: string;
  tiles: string;
}

export interface Score {
  /** The preset the variant started from. */
  variant: string;
  /** Overrides on top of the preset, as `[key, value]` text. */
  overrides: [string, string][];
  /** The hand's tai (without 莊家台, which depends on the payer). */
  total_tai: number;
  items: TaiItem[];
  /** 莊家 and 連莊拉莊 items, counted only on lines between the dealer and the counterpart. */
  dealer_items: TaiItem[];
  dealer_tai: number;
  /** The concealed part as split for the score (`123m`, `555p`, `11z`). */
  decomposition: string[];
  melds: Meld[];
  /** The winning tile's shape in that split. */
  win_shape: string | null;
  /** False when no payer's share reaches the variant's 起胡 threshold (then no payments). */
  allowed: boolean;
  /** The winner's seat. */
  winner: number;
  /** One line per payer. */
  payments: Payment[];
  /** Each seat's net in tai (the four sum to 0). */
  net_tai: [number, number, number, number];
  net_money: [number, number, number, number];
  /** Items checked and not counted (only with `whyNot: true`). */
  why_not: NotApplied[];
}

export interface Compared {
  scores: Score[];
  /** Items whose tai differ between the variants: the tai under each, in order. */
  differing: { key: string; name: string; tai: number[] }[];
}

export interface WaitValue {
  tile: string;
  /** The win is 獨聽 (one wait, by edge, closed or pair). */
  single_wait: boolean;
  on_discard: Score;
  on_self_draw: Score;
}

export interface Tiles {
  /** Canonical notation. */
  text: string;
  tiles: string[];
  flowers: string[];
  /** The 34 counts. */
  counts: Uint8Array;
}

export interface Decision {
  seat: number;
  /** Legal action names (`discard 5m`, `pon`, `chi low`, `win`, `pass` …). */
  actions: string[];
  /** One flag per action of `ACTIONS`. */
  mask: boolean[];
}

export interface Legal {
  actions: string[];
  mask: boolean[];
  decisions: Decision[];
}

export interface ReplayWin {
  seat: number;
  /** The win kind's key (`WIN_KINDS`). */
  kind: string;
  /** The one paying seat, when one seat pays. */
  from: number | null;
  /** The winning tile; `null` for 天胡 and the flower wins. */
  tile: string | null;
  /** The concealed tiles of the complete hand, the winning tile included. */
  hand: string;
  melds: Meld[];
  flowers: string;
  /** 003 hk16 七隻內: the winner's discards before the win. */
  discards: number | null;
  /** 003 胡絕張: copies of the winning tile's kind shown on the table. */
  shown: number | null;
  /** The declaration's key (`DECLARATIONS`), `null` when none. */
  declaration: string | null;
  /** 天胡/地胡/人胡: `heaven`, `earth` or `human`. */
  first_turn: string | null;
  /** 槓上開花. */
  replacement: boolean;
  /** 海底撈月, 河底撈魚. */
  last_tile: boolean;
}

export interface Replay {
  /** Lines of the record that hold an event. */
  events: number;
  over: boolean;
  /** Seats that must decide now (a hand not over). */
  pending: number[];
  /** The hand's dealer (莊家). */
  dealer: number;
  /** The seat sitting 東 (門風). */
  east: number;
  draw: boolean | null;
  draw_reason: string | null;
  false_win: { seat: number; tai: number; ready: { seat: number; tai: number }[] } | null;
  wins: ReplayWin[];
  /** One score per 筆. */
  scores: Score[];
  net_tai: [number, number, number, number];
  fees: [number, number][];
  ankan_fees: { seat: number; tile: string }[];
}

/** A decision point described without a log (the `/v1/legal` schema's `snapshot`). */
export interface Snapshot {
  seat?: number;
  hand: string;
  melds?: MeldIn[];
  flowers?: string;
  drawable?: number;
  decision?: Record<string, unknown>;
  variant?: VariantIn;
  overrides?: Record<string, SettingValue>;
  [key: string]: unknown;
}

export interface Setting {
  key: string;
  name: string;
  type: "integer" | "boolean" | "string";
  minimum: number | null;
  maximum: number | null;
  choices: SettingValue[] | null;
  choice_names: string[] | null;
  layer: string;
  layer_name: string;
  doc: string;
  doc_zh: string;
  /** The value in every preset (empty for the `tai.<item>` family). */
  defaults: Record<string, SettingValue>;
  requires: { when: SettingValue; key: string; value: SettingValue }[];
  /** The family's key (`tai`, `exclude`) when the entry stands for the settings keyed
   * `<family>.<item>`; null for a setting of its own. */
  family: string | null;
}

export interface PresetInfo {
  preset: string;
  overrides: [string, string][];
  /** The tile kinds in play, in index order. */
  tiles: string[];
  settings: Record<string, SettingValue>;
}

export interface Term {
  key: string;
  name: string;
  [extra: string]: unknown;
}

export interface Vocabulary {
  win_kinds: Term[];
  declarations: Term[];
  shapes: Term[];
  meld_kinds: Term[];
  presets: Term[];
  draw_reasons: Term[];
  actions: Term[];
  errors: { code: string; key: string; name: string; kind: string; class: string; doc: string; template: string }[];
  winds: Term[];
  items: Term[];
  limits: { key: string; name: string; value: number; doc: string }[];
}

/** A rule set: a preset with house-rule overrides, checked as a whole when made. */
export class Variant {
  constructor(preset?: string, overrides?: Record<string, SettingValue>);
  readonly preset: string;
  /** The overrides applied, in order, as `[key, value]` text. */
  readonly overrides: readonly (readonly [string, string])[];
  /** The tile kinds in play, in index order. */
  readonly tiles: readonly string[];
  /** Every setting's value. */
  readonly settings: Readonly<Record<string, SettingValue>>;
  withOverrides(overrides: Record<string, SettingValue>): Variant;
  toJSON(): { preset: string; overrides: Record<string, SettingValue> };
}

export interface HandOptions {
  melds?: MeldIn[];
  variant?: VariantIn;
}
export interface SeenOptions extends HandOptions {
  /** Other tiles in view (discards, others' melds). */
  visible?: Hand;
}
export interface ScoreOptions extends HandOptions {
  context?: Context;
  /** Also list the items checked and not counted, with why. */
  whyNot?: boolean;
}

export const version: string;
export const VOCABULARY: Readonly<Vocabulary>;
export const WIN_KINDS: Readonly<Record<string, string>>;
export const DECLARATIONS: Readonly<Record<string, string>>;
export const SHAPE_NAMES: Readonly<Record<string, string>>;
export const MELD_KINDS: Readonly<Record<string, string>>;
export const PRESET_NAMES: Readonly<Record<string, string>>;
export const DRAW_REASONS: Readonly<Record<string, string>>;
export const WINDS: Readonly<Record<string, string>>;
export const LIMITS: Readonly<Record<string, number>>;
export const ERROR_CODES: readonly string[];
export const ERROR_KINDS: readonly { code: string; class: string; doc: string; name: string }[];
export const TILES: readonly string[];
export const TILE_NAMES: Readonly<Record<string, string>>;
export const FLOWERS: readonly string[];
export const FLOWER_NAMES: Readonly<Record<string, string>>;
export const COPIES: number;
export const ACTIONS: readonly string[];
export const SETTINGS: readonly Setting[];
export const TAI_KEYS: readonly string[];
export const DEFAULT_PRESET: string;
export const PRESETS: Readonly<Record<string, PresetInfo>>;

export function parse(text: string, options?: { variant?: VariantIn }): Tiles;
export function counts(text: string, options?: { variant?: VariantIn }): Uint8Array;
export function format(tiles: Hand): string;
export function tileName(tile: string): string;
export function waits(hand: Hand, options?: SeenOptions): Waits;
export function shanten(hand: Hand, options?: HandOptions): number;
export function isWin(hand: Hand, options?: HandOptions): boolean;
export function analyze(hand: Hand, options?: SeenOptions): Analysis;
export function score(hand: Hand, winTile: string, options?: ScoreOptions): Score;
export function compare(
  hand: Hand,
  winTile: string,
  variants: readonly VariantIn[],
  options?: Omit<ScoreOptions, "variant">,
): Compared;
export function waitValues(hand: Hand, options?: HandOptions & { context?: Context }): WaitValue[];
export function winners(discarder: number, able: readonly number[], options?: { variant?: VariantIn }): number[];
export function legal(input: Snapshot | string): Legal;
export function replay(
  record: string,
  options?: { variant?: VariantIn; streak?: number; roundWind?: number },
): Replay;
export function waitsBatch(counts: Uint8Array, options?: { variant?: VariantIn }): BigUint64Array;
export function shantenBatch(counts: Uint8Array, options?: { variant?: VariantIn }): Int8Array;
export function maskTiles(mask: bigint | number): string[];
/** Not public API: panics inside the module on purpose (the tests' check that a trap becomes
 * `InternalError`, after which every call refuses). */
export function _panic(message: string): never;
