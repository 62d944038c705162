// Messages for the player: built from an error's code and field (never the server's English
// message), with the input at fault outlined.
import { term } from "./data.js";

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

/** The Chinese sentence for an error: which input, what is wrong, where in it. */
export function describe(err, scope = document) {
  if (!err || err.code === undefined) return "連不上伺服器，請稍後再試。";
  const el = inputFor(scope, err.field);
  const what = el ? `「${labelOf(el)}」` : "";
  const item = indexOf(err.field);
  const where = [];
  if (item !== null && !(el && el.dataset.field === err.field)) where.push(`第 ${item} 項`);
  if (err.position !== null && err.position !== undefined) where.push(`第 ${err.position + 1} 個字`);
  const reason = term("errors", err.code).name;
  return `${what}${where.length ? where.join("、") : ""}${what || where.length ? "：" : ""}${reason}`;
}

/** Clears the outlines and messages of `scope`. */
export function clear(scope) {
  for (const el of scope.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    el.classList.remove("bad");
  }
}

/** Shows `err` in `box` as a Chinese sentence and outlines its input in `scope`. */
export function show(err, box, scope = document) {
  clear(scope);
  const el = inputFor(scope, err && err.field);
  if (el) {
    el.classList.add("bad");
    el.setAttribute("aria-invalid", "true");
  }
  const p = document.createElement("p");
  p.className = "error";
  p.dataset.testid = "error";
  p.dataset.code = (err && err.code) || "";
  p.setAttribute("role", "alert");
  p.textContent = describe(err, scope);
  box.replaceChildren(p);
}
