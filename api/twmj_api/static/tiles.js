// Tiles on screen: a tile face from the server's name, a palette per preset (one row per suit,
// copies left on each tile), and notation read by the server.
import { data, post } from "./data.js";

/** The suit letter of a tile code (`5m` → `m`): the tile's colour and palette row. */
const suitOf = (code) => code[code.length - 1];

/** A tile face: `五萬` as 五 over 萬, `東` alone. `button` makes it clickable. */
export function tileEl(code, { button = false, small = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  if (button) el.type = "button";
  const name = data.names[code] || code;
  el.className = `tile ${suitOf(code)} t${code}${small ? " small" : ""}`;
  el.dataset.tile = code;
  el.title = name;
  el.setAttribute(button ? "aria-label" : "role", button ? name : "img");
  if (!button) el.setAttribute("aria-label", name);
  if (name.length === 2 && suitOf(code) !== "z" && suitOf(code) !== "f") {
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = name[0];
    const s = document.createElement("span");
    s.className = "s";
    s.textContent = name[1];
    el.append(n, s);
  } else {
    el.textContent = name;
  }
  return el;
}

/** The tiles as one notation string the server reads (`5m5m1z`). */
export const text = (tiles) => tiles.join("");

/** Sorts codes in the server's tile order. */
export function sortTiles(tiles) {
  const order = Object.fromEntries(data.tiles.map((t, i) => [t.tile, i]));
  return tiles.sort((a, b) => order[a] - order[b]);
}

/** The tiles of `notation` as the server reads them (or of one meld of `meld`'s kind). */
export async function read(notation, meld = null) {
  const body = { text: notation };
  if (meld) body.meld = meld;
  const r = await post("/v1/tiles/read", body);
  return r.tiles;
}

/** `{tiles, flowers}` of `notation` as the server reads them (flowers apart: a hand holds none). */
export async function readWithFlowers(notation) {
  return post("/v1/tiles/read", { text: notation });
}

/** The tiles of each notation in `texts` (one request for all). */
export async function readAll(texts) {
  if (!texts.length) return [];
  const r = await post("/v1/tiles/read/batch", { texts });
  return r.map((x) => x.tiles);
}

/**
 * A palette of the preset's tiles, one row per suit. `onPick(code)` runs on a click;
 * `state(code)` gives `{left, disabled}` for the copies-left badge and whether it can be picked.
 */
export class Palette {
  constructor(root, onPick, state) {
    this.root = root;
    this.onPick = onPick;
    this.state = state;
    this.preset = null;
  }

  show(preset) {
    this.preset = preset;
    this.showTiles(data.presets[preset].tiles);
  }

  /** The palette of these tiles (a preset's, or those its 家規 leave in play). */
  showTiles(tiles) {
    if (this.shown && this.shown.join() === tiles.join()) {
      this.refresh();
      return;
    }
    this.shown = tiles.slice();
    const rows = {};
    for (const code of tiles) (rows[suitOf(code)] ||= []).push(code);
    this.root.replaceChildren(...Object.values(rows).map((codes) => {
      const row = document.createElement("div");
      row.className = "palette-row";
      row.append(...codes.map((code) => {
        const el = tileEl(code, { button: true });
        const badge = document.createElement("span");
        badge.className = "left";
        badge.setAttribute("aria-hidden", "true");
        el.append(badge);
        // A tile that cannot be picked is `aria-disabled`, not `disabled`: it keeps the keyboard
        // focus (a disabled button drops it to <body>: the 4th copy, the 17th tile).
        el.addEventListener("click", () => { if (el.getAttribute("aria-disabled") !== "true") this.onPick(code); });
        return el;
      }));
      return row;
    }));
    this.refresh();
  }

  refresh() {
    for (const el of this.root.querySelectorAll(".tile")) {
      const { left, disabled } = this.state(el.dataset.tile);
      el.setAttribute("aria-disabled", String(disabled));
      const badge = el.querySelector(".left");
      if (left === null) {
        badge.textContent = "";
        el.setAttribute("aria-label", data.names[el.dataset.tile]);
      } else {
        badge.textContent = String(left);
        el.dataset.left = String(left);
        el.setAttribute("aria-label", `${data.names[el.dataset.tile]}，還有 ${left} 張`);
      }
    }
  }
}

/** A row of tiles a click takes away (`onRemove(index)`). The focus stays in the row: on
 * the tile that took the removed one's place (the last one, or the row itself when empty). */
export function handTiles(root, tiles, onRemove) {
  const focusAt = root.dataset.focusAt === undefined ? null : Number(root.dataset.focusAt);
  delete root.dataset.focusAt;
  root.replaceChildren(...tiles.map((code, i) => {
    const el = tileEl(code, { button: true });
    el.setAttribute("aria-label", `${data.names[code]}（點一下拿掉）`);
    el.addEventListener("click", () => {
      root.dataset.focusAt = String(i);
      onRemove(i);
    });
    return el;
  }));
  if (focusAt !== null) {
    const left = root.querySelectorAll(".tile");
    if (left.length) left[Math.min(focusAt, left.length - 1)].focus();
    else {
      root.tabIndex = -1;
      root.focus();
    }
  }
}
