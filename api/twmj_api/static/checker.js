// 聽牌檢查器: build a hand by clicking tiles or typing notation; a 16 − 3k hand asks /v1/waits
// (what it waits on), a 17 − 3k hand /v1/analyze (what to discard). Melds are checked by the
// server when added and take their tiles; nothing the player entered is ever dropped.
import { concealedCount, data, mostMelds, post, settingSpec, term, withRequired } from "./data.js";
import { Palette, handTiles, readWithFlowers, sortTiles, text, tileEl } from "./tiles.js";
import { Melds } from "./melds.js";
import { clear, show } from "./messages.js";
import { waitValues } from "./values.js";
import { Latest } from "./latest.js";

const $ = (id) => document.getElementById(id);

/** A table with these column headers (`{ hidden: "…" }`: read by screen readers only) and a
 * caption for screen readers; its body to fill with `newRow`. */
function newTable(headers, caption = null) {
  const table = document.createElement("table");
  if (caption) {
    const c = document.createElement("caption");
    c.className = "sr-only";
    c.textContent = caption;
    table.append(c);
  }
  const head = document.createElement("tr");
  for (const h of headers) {
    const th = document.createElement("th");
    th.scope = "col";
    if (typeof h === "string") {
      th.textContent = h;
    } else {
      const span = document.createElement("span");
      span.className = "sr-only";
      span.textContent = h.hidden;
      th.append(span);
    }
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  table.append(thead, tbody);
  return { table, tbody };
}

/** Words that never break inside (兩面, 算台): each its own unbreakable span, `sep` between. */
export function words(list, sep) {
  const out = [];
  list.forEach((w, i) => {
    if (i) out.push(sep);
    const span = document.createElement("span");
    span.className = "word";
    span.textContent = w;
    out.push(span);
  });
  return out;
}

/** A row of `n` empty cells for `tile`, appended to `tbody` (the tests find it by `testid`). */
function newRow(tbody, testid, tile, n) {
  const tr = document.createElement("tr");
  tr.dataset.testid = testid;
  tr.dataset.tile = tile;
  const cells = Array.from({ length: n }, () => document.createElement("td"));
  tr.append(...cells);
  tbody.append(tr);
  return { tr, cells };
}

export class Checker {
  constructor({ toCalculator }) {
    this.hand = [];
    this.visible = [];
    this.last = null;
    // Typed notation is read by the server: a tile clicked meanwhile waits for the reading,
    // so it lands on the typed hand instead of being undone by it.
    this.reading = Promise.resolve();
    this.toCalculator = toCalculator;
    this.root = $("checker");
    this.out = $("result");
    this.variant = $("checker-variant");
    this.size = $("checker-size");
    this.implied = $("implied");
    // Only the answer to the latest request shows (issue 32); the values beside the waits
    // are a request of their own, dropped with the table they were asked for.
    this.latest = new Latest(this.out);
    this.values = new Latest(null);
    this.variant.replaceChildren(...data.order.map((p) => new Option(data.presets[p].name, p)));
    // The hand sizes the core plays (the registry's `hand_size` choices), each named by the
    // registry with its sets and pair.
    const sizes = settingSpec("hand_size");
    this.size.replaceChildren(...sizes.choices.map((n, i) => new Option(sizes.choice_names[i], String(n))));
    this.size.value = String(data.presets[data.order[0]].settings.hand_size);
    this.palette = new Palette($("palette"), (code) => this.pick(code), (code) => this.tileState(code));
    this.melds = new Melds($("checker-melds"), "", {
      onAdd: (meld) => this.meldAdded(meld),
      onRemove: () => this.meldRemoved(),
    });
    this.fillImplied();
    this.variant.addEventListener("change", () => this.presetChanged());
    this.size.addEventListener("change", () => { this.fillImplied(); this.update(); });
    this.implied.addEventListener("change", () => this.update());
    $("clear").addEventListener("click", () => {
      this.hand = [];
      this.melds.clear();
      this.implied.value = "0";
      this.syncImplied(); // no meld listed now: 0 melds can be chosen again
      this.flowers([]);
      this.update();
    });
    $("notation").addEventListener("change", (e) => this.typed(e.target));
    $("visible").addEventListener("change", (e) => this.typedVisible(e.target));
    this.presetChanged();
  }

  /** Opens a shared rule card: its preset, and its hand size (what the waits read). */
  openCard(opened) {
    this.variant.value = opened.preset;
    this.presetChanged();
    const size = opened.changes.hand_size ?? data.presets[opened.preset].settings.hand_size;
    this.size.value = String(size);
    this.size.dispatchEvent(new Event("change"));
  }

  /** The preset's tiles in the palette and the meld kinds it plays (no 吃 under 三人: its
   * settings' `chi_allowed`, read from the API). */
  presetChanged() {
    this.palette.show(this.variant.value);
    this.melds.follow(data.presets[this.variant.value].settings);
    this.update();
  }

  /** The melds a hand of this size can have: 0 up to one fewer than its sets. */
  fillImplied() {
    const chosen = Number(this.implied.value || 0);
    const sets = mostMelds(this.size.value);
    this.implied.replaceChildren(...Array.from({ length: sets }, (_, k) => new Option(String(k), String(k))));
    this.implied.value = String(Math.min(chosen, sets - 1));
    this.syncImplied();
  }

  /** The meld count is at least the melds listed: fewer cannot be chosen. */
  syncImplied() {
    const listed = this.melds.list.length;
    if (Number(this.implied.value) < listed) this.implied.value = String(listed);
    for (const o of this.implied.options) o.disabled = Number(o.value) < listed;
  }

  meldCount() {
    return Number(this.implied.value);
  }

  /** Concealed tiles of a waiting hand, as the core lists them for the chosen size and the
   * melds (16 − 3k, or 13 − 3k in the 13-tile game). */
  target() {
    return concealedCount(this.size.value, this.meldCount());
  }

  own(code) {
    let n = this.hand.filter((t) => t === code).length;
    for (const m of this.melds.list) n += m.tiles.filter((t) => t === code).length;
    return n;
  }

  tileState(code) {
    const own = this.own(code);
    const seen = this.visible.filter((t) => t === code).length;
    const left = Math.max(0, data.copies - own - seen);
    const full = !this.melds.isPicking && this.hand.length >= this.target() + 1;
    return { left, disabled: own >= data.copies || full };
  }

  pick(code) {
    this.reading = this.reading.then(() => this.picked(code));
  }

  picked(code) {
    if (this.melds.isPicking) {
      this.melds.pick(code);
      return;
    }
    this.hand.push(code);
    this.last = code;
    this.update();
  }

  /** A meld added: the count follows, and when the hand is then too long and holds the
   * meld's tiles, they come out of it (the player had picked them into the hand first). */
  meldAdded(meld) {
    this.syncImplied();
    if (this.hand.length > this.target() + 1) {
      const rest = this.hand.slice();
      const held = meld.tiles.every((t) => {
        const i = rest.indexOf(t);
        return i >= 0 && rest.splice(i, 1);
      });
      if (held) this.hand = rest;
    }
    this.update();
  }

  meldRemoved() {
    const listed = this.melds.list.length;
    this.implied.value = String(Math.max(listed, this.meldCount() - 1));
    this.syncImplied();
    this.update();
  }

  typed(input) {
    const value = input.value;
    this.reading = this.reading.then(() => this.readHand(value));
  }

  /** Reads typed notation: the tool is busy meanwhile, and an older answer, for the hand
   * being replaced, is dropped. */
  async readHand(value) {
    clear(this.root);
    const token = this.latest.start();
    try {
      const read = await readWithFlowers(value);
      const tiles = sortTiles(read.tiles);
      // The note stays until another hand is typed (the box re-read as the page wrote it, the
      // flowers already out, is the same hand).
      if (read.flowers.length || text(tiles) !== text(this.hand)) this.flowers(read.flowers);
      this.hand = tiles;
      this.last = null; // typed: which tile came last is not known
      this.update();
    } catch (err) {
      if (err.field === "text") err.field = "hand";
      if (this.latest.current(token)) {
        this.latest.drop();
        show(err, this.out, this.root);
      }
    }
  }

  /** Flowers typed into the hand: they never sit in a hand (補花), so they are left out, and
   * said so (they count only when scoring a win: the calculator's 花牌). */
  flowers(list) {
    const note = $("flowers-note");
    note.hidden = !list.length;
    note.textContent = list.length ?
      `花牌不放在手牌裡，已拿掉：${list.map((f) => data.names[f]).join("、")}（算台時在台數計算器勾選花牌）。` : "";
  }

  typedVisible(input) {
    const value = input.value;
    this.reading = this.reading.then(() => this.readVisible(value));
  }

  async readVisible(value) {
    clear(this.root);
    const token = this.latest.start();
    try {
      this.visible = value.trim() ? (await readWithFlowers(value)).tiles : [];
      this.update();
    } catch (err) {
      if (err.field === "text") err.field = "visible";
      if (this.latest.current(token)) {
        this.latest.drop();
        show(err, this.out, this.root);
      }
    }
  }

  /** The rules of the request: the preset, and `hand_size` 13 when chosen. */
  rules() {
    const preset = this.variant.value;
    const rules = { variant: preset };
    if (this.size.value !== String(data.presets[preset].settings.hand_size)) {
      rules.overrides = withRequired(preset, { hand_size: Number(this.size.value) });
    }
    return rules;
  }

  request() {
    const body = { hand: text(this.hand), melds: this.melds.request(), ...this.rules() };
    if (this.visible.length) body.visible = text(this.visible);
    return body;
  }

  render() {
    sortTiles(this.hand);
    handTiles($("hand"), this.hand, (i) => { this.hand.splice(i, 1); this.update(); });
    const n = this.hand.length;
    const target = this.target();
    const count = $("count");
    // Never `17/16`: what the count means for this hand, in words.
    count.textContent = n > target + 1 ? `${n} 張（多了 ${n - target - 1} 張）` :
      n === target + 1 ? `${n} 張（打一張）` : n === target ? `${n} 張（聽牌）` : `${n} 張（聽牌要 ${target} 張）`;
    count.dataset.n = String(n);
    count.dataset.target = String(target);
    count.classList.toggle("over", n > target + 1);
    $("notation").value = text(this.hand);
    this.palette.refresh();
  }

  update() {
    this.render();
    const n = this.hand.length;
    const target = this.target();
    const wasShowing = this.out.querySelector("[data-testid=status]");
    if (n > target + 1 || n < target || n === 0) {
      // Nothing to ask: an answer still out (for another hand) is dropped.
      this.latest.drop();
      this.values.drop();
      this.out.innerHTML = n > target + 1 ?
        `<p class="error" data-testid="too-many">手牌 ${n} 張，多了 ${n - target - 1} 張：請點手牌拿掉，或把副露組數改回來。</p>` :
        `<p class="hint" data-testid="need">目前 ${n} 張；聽牌要 ${target} 張，${target + 1} 張時看打哪張。</p>`;
      return Promise.resolve(true);
    }
    const body = this.request();
    this.values.drop();
    return this.latest.run(() => post(n === target ? "/v1/waits" : "/v1/analyze", body), (r) => {
      if (n === target) this.showWaits(r, body);
      else this.showAnalysis(r, body);
      clear(this.root);
      // On a phone the result sits below the palette: bring it up when the hand is complete.
      if (!wasShowing) this.out.scrollIntoView({ block: "nearest" });
    }, (err) => show(err, this.out, this.root));
  }

  shantenText(n) {
    return n === -1 ? "胡牌！" : n === 0 ? "聽牌" : `${n} 向聽`;
  }

  showWaits(r, body) {
    const out = this.out;
    out.replaceChildren();
    const status = document.createElement("p");
    status.className = "status";
    status.dataset.testid = "status";
    status.textContent = this.shantenText(r.shanten);
    out.append(status);
    if (!r.tenpai) {
      const p = document.createElement("p");
      p.dataset.testid = "accepts";
      p.append(`最快還要換 ${r.shanten} 張才聽牌。有用的牌（進張）：`);
      for (const a of r.accepts) {
        const s = document.createElement("span");
        s.dataset.testid = "accept";
        s.dataset.tile = a.tile;
        s.textContent = `${data.names[a.tile]} `;
        p.append(s);
      }
      p.append(`，共 ${r.accepts.length} 種 ${r.accepts.reduce((x, a) => x + a.remaining, 0)} 張`);
      out.append(p);
      return;
    }
    const left = r.waits.reduce((x, w) => x + w.remaining, 0);
    if (left === 0) {
      const warn = document.createElement("p");
      warn.className = "warn";
      warn.dataset.testid = "empty-wait";
      warn.setAttribute("role", "alert");
      warn.textContent = "空聽：聽的牌已經全部看得到了，這手牌胡不了，考慮換聽。";
      out.append(warn);
    }
    const { table, tbody } = newTable(["牌", "聽型", "剩餘", "值多少", { hidden: "算台" }], "聽的牌");
    for (const w of r.waits) {
      const { tr, cells } = newRow(tbody, "wait", w.tile, 5);
      cells[0].append(tileEl(w.tile, { small: true }), ` ${w.name}`);
      cells[1].append(...words(w.shapes.map((s) => term("shapes", s).name), "、"));
      cells[2].dataset.testid = "remaining";
      cells[2].textContent = `剩 ${w.remaining} 張`;
      if (w.remaining === 0) tr.classList.add("dead");
      cells[3].dataset.testid = "value";
      const calc = document.createElement("button");
      calc.type = "button";
      calc.dataset.testid = "to-calculator";
      calc.textContent = "算台";
      calc.setAttribute("aria-label", `胡${w.name}算台`);
      calc.addEventListener("click", () => this.toCalculator({
        variant: this.variant.value, hand_size: Number(this.size.value), hand: this.hand.slice(), win_tile: w.tile,
        melds: this.melds.list.slice(), implied: this.meldCount(),
      }));
      cells[4].append(calc);
    }
    out.append(table);
    const sum = document.createElement("p");
    sum.textContent = `共 ${r.waits.length} 種 ${left} 張`;
    out.append(sum);
    const box = document.createElement("div");
    box.dataset.testid = "values-error";
    out.append(box);
    waitValues(body, tbody, this.variant.value, this.values, box);
  }

  showAnalysis(r) {
    const out = this.out;
    out.replaceChildren();
    const status = document.createElement("p");
    status.className = "status";
    status.dataset.testid = "status";
    status.textContent = r.shanten === -1 ? "胡牌！" : r.shanten === 0 ? "打一張就聽牌" : `打一張後 ${r.shanten} 向聽`;
    out.append(status);
    if (r.shanten === -1) {
      const calc = document.createElement("button");
      calc.type = "button";
      calc.className = "primary";
      calc.dataset.testid = "to-calculator";
      calc.textContent = "這手胡牌算幾台";
      calc.addEventListener("click", () => this.toCalculator({
        variant: this.variant.value, hand_size: Number(this.size.value), hand: this.hand.slice(),
        win_tile: this.hand.includes(this.last) ? this.last : null, melds: this.melds.list.slice(),
        implied: this.meldCount(),
      }));
      out.append(calc);
    }
    const { table, tbody } = newTable(["打牌", "之後", "聽／進張", "張數"]);
    for (const d of r.discards) {
      const { cells: [a, b, c, e] } = newRow(tbody, "discard", d.tile, 4);
      a.append("打 ", tileEl(d.tile, { small: true }));
      b.textContent = this.shantenText(d.shanten);
      c.textContent = d.waits.length ? `聽 ${d.waits.map((w) => w.name).join(" ")}` :
        `進 ${d.accepts.map((x) => data.names[x.tile]).join(" ")}`;
      e.textContent = `${d.accepted} 張`;
    }
    out.append(table);
  }
}
