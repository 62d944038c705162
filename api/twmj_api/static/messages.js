// Messages for the player, one place for every tool: the input the error's `field` names and
// where in it, then the fault: the core's Chinese sentence (`message_zh`) when the answer
// carries one, else the Chinese name of the error's code (never the server's English
// message); the input at fault outlined.
import { data, term } from "./data.js";

/** The input a field path names (`melds[1].tiles` → the meld box, `context.dice[2]` → dice). */
function inputFor(scope, field) {
  if (!field) return null;
  let path = field;
  for (;;) {
    const el = scope.querySelector(`[data-field="${CSS.escape(path)}"]`);
    if (el) return el;
    const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
    if (cut <= 0) return null;
    path = path.slice(0, cut);
  }
}

/** The words a label gives its input (the label's own text, without the control's). */
function labelOf(el) {
  const label = el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`));
  if (el.tagName === "FIELDSET") return el.querySelector("legend").textContent.trim();
  if (!label) return el.getAttribute("aria-label") || "";
  const words = [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join("");
  return words.trim();
}

/** The item number in a field path (`context.dice[2]` → 第 3 個), if any. */
function indexOf(field) {
  const m = /\[(\d+)\][^[]*$/.exec(field || "");
  return m ? Number(m[1]) + 1 : null;
}

/**
 * Where in its input an error's `position` falls: the tile of the row the input mirrors
 * (`data-tiles`: the input shows the row's codes, a string the player may never have typed),
 * else the character of what the player typed. `null` when the error names no position.
 */
function spotOf(err, el) {
  if (!el || !Number.isInteger(err.position) || typeof el.value !== "string") return null;
  const row = el.dataset.tiles ? document.getElementById(el.dataset.tiles) : null;
  const tiles = row ? [...row.querySelectorAll(".tile")] : [];
  if (tiles.length && tiles.map((t) => t.dataset.tile).join("") === el.value) {
    let at = 0;
    for (const [i, t] of tiles.entries()) {
      at += t.dataset.tile.length;
      if (err.position < at) return { tile: t, index: i };
    }
    return null;
  }
  const chars = [...el.value];
  // The server counts characters as Python does (code points), as the spread above does.
  return err.position < chars.length ? { chars, index: err.position } : null;
}

/** The Chinese sentence for an error: which input, what is wrong, where in it. */
export function describe(err, scope = document) {
  if (!err || err.code === undefined) return "連不上伺服器，請稍後再試。";
  const el = inputFor(scope, err.field);
  const what = el ? `「${labelOf(el)}」` : "";
  const item = indexOf(err.field);
  const where = [];
  if (item !== null && !(el && el.dataset.field === err.field)) where.push(`第 ${item} 項`);
  const spot = spotOf(err, el);
  if (spot && spot.tile) where.push(`第 ${spot.index + 1} 張（${data.names[spot.tile.dataset.tile] || spot.tile.dataset.tile}）`);
  else if (spot) where.push(`第 ${spot.index + 1} 個字「${spot.chars[spot.index]}」`);
  const reason = err.message_zh || term("errors", err.code).name;
  return `${what}${where.length ? where.join("、") : ""}${what || where.length ? "：" : ""}${reason}`;
}

/** Clears the outlines and messages of `scope`. */
export function clear(scope) {
  for (const el of scope.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    el.classList.remove("bad");
  }
}

/** What the player typed, the character at fault underlined. */
function snippet(spot) {
  const p = document.createElement("p");
  p.className = "snippet";
  p.dataset.testid = "error-snippet";
  const mark = document.createElement("mark");
  mark.dataset.testid = "error-at";
  mark.textContent = spot.chars[spot.index];
  p.append(spot.chars.slice(0, spot.index).join(""), mark, spot.chars.slice(spot.index + 1).join(""));
  return p;
}

/** Shows `err` in `box` as a Chinese sentence and outlines its input in `scope` (and, when the
 * error names a position, the tile or the character there). */
export function show(err, box, scope = document) {
  clear(scope);
  const el = inputFor(scope, err && err.field);
  if (el) {
    el.classList.add("bad");
    el.setAttribute("aria-invalid", "true");
    // An input folded away (已見牌 under 副露與已見牌) is unfolded, so its outline shows.
    for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
  }
  const p = document.createElement("p");
  p.className = "error";
  p.dataset.testid = "error";
  p.dataset.code = (err && err.code) || "";
  p.setAttribute("role", "alert");
  p.textContent = describe(err, scope);
  const spot = err ? spotOf(err, el) : null;
  if (spot && spot.tile) {
    spot.tile.classList.add("bad");
    spot.tile.setAttribute("aria-invalid", "true");
  }
  box.replaceChildren(p, ...(spot && spot.chars ? [snippet(spot)] : []));
}
