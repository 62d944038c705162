// 聽牌練習: a ready hand from /v1/quiz (melds and number of waits as chosen); the player picks the
// waits, /v1/waits marks the answer, and /v1/score shows how the hand splits on each wait.
import { data, post, term } from "./data.js";
import { Palette, readAll, tileEl, text } from "./tiles.js";
import { show } from "./messages.js";
import { Latest } from "./latest.js";

const $ = (id) => document.getElementById(id);
const STORE = "twmj.quiz.score";

export class Quiz {
  constructor() {
    this.hand = [];
    this.melds = [];
    this.picked = new Set();
    this.checked = false;
    const variant = $("quiz-variant");
    variant.replaceChildren(...data.order.map((p) => new Option(data.presets[p].name, p)));
    this.preset = variant.value = data.order[0];
    // Only the answer to the latest question or check shows; both buttons read busy meanwhile.
    this.latest = new Latest($("quiz-result"), [$("quiz-check"), $("quiz-next")]);
    this.score = this.load();
    this.palette = new Palette($("quiz-palette"), (code) => this.toggle(code), () => ({ left: null, disabled: false }));
    this.palette.show(this.preset);
    $("quiz-check").addEventListener("click", () => this.check());
    $("quiz-next").addEventListener("click", () => this.next());
    $("quiz-reset").addEventListener("click", () => { this.score = { right: 0, total: 0 }; this.save(); });
    $("quiz-melds").addEventListener("change", () => this.next());
    $("quiz-level").addEventListener("change", () => this.next());
    variant.addEventListener("change", () => {
      this.preset = variant.value;
      this.palette.show(this.preset);
      this.next();
    });
    this.showScore();
  }

  /** The score kept in this browser across reloads. */
  load() {
    try {
      const s = JSON.parse(localStorage.getItem(STORE));
      if (s && Number.isInteger(s.right) && Number.isInteger(s.total)) return s;
    } catch { /* a score that cannot be read starts again */ }
    return { right: 0, total: 0 };
  }

  save() {
    localStorage.setItem(STORE, JSON.stringify(this.score));
    this.showScore();
  }

  showScore() {
    const { right, total } = this.score;
    $("quiz-score").textContent = total ? `答對 ${right} / ${total} 題` : "";
  }

  get started() {
    return this.hand.length > 0;
  }

  toggle(code) {
    if (this.checked) return;
    if (this.picked.has(code)) this.picked.delete(code);
    else this.picked.add(code);
    const el = $("quiz-palette").querySelector(`[data-tile="${code}"]`);
    el.classList.toggle("picked", this.picked.has(code));
    el.setAttribute("aria-pressed", String(this.picked.has(code)));
  }

  async next() {
    const level = Number($("quiz-level").value);
    const ask = { variant: this.preset, melds: Number($("quiz-melds").value), min_waits: level };
    if (level === 1) ask.max_waits = 2;
    // The question and its melds' tiles are one request: a newer question drops both.
    await this.latest.run(async () => {
      const q = await post("/v1/quiz", ask);
      return { q, meldTiles: await readAll(q.melds.map((m) => m.tiles)) };
    }, ({ q, meldTiles }) => this.ask(q, meldTiles), (err) => show(err, $("quiz-result")));
  }

  ask(q, meldTiles) {
    this.hand = q.hand;
    this.melds = q.melds;
    this.picked = new Set();
    this.checked = false;
    $("quiz-hand").replaceChildren(...this.hand.map((t) => tileEl(t)));
    $("quiz-melds-shown").replaceChildren(...this.melds.map((m, i) => {
      const span = document.createElement("span");
      span.className = "meld";
      span.dataset.testid = "quiz-meld";
      span.dataset.kind = m.kind;
      span.append(`${term("meld_kinds", m.kind).name} `);
      for (const t of meldTiles[i]) span.append(tileEl(t, { small: true }));
      return span;
    }));
    for (const el of $("quiz-palette").querySelectorAll(".tile")) {
      el.classList.remove("picked", "right", "wrong", "missed");
      el.setAttribute("aria-pressed", "false");
    }
    $("quiz-result").replaceChildren();
  }

  async check() {
    if (this.checked || !this.started) return;
    const body = { hand: text(this.hand), melds: this.melds, variant: this.preset };
    await this.latest.run(async () => {
      const r = await post("/v1/waits", body);
      return { r, splits: await this.splits(r.waits, body) };
    }, ({ r, splits }) => this.mark(r, splits), (err) => show(err, $("quiz-result")));
  }

  mark(r, splits) {
    this.checked = true;
    const answer = new Set(r.waits.map((w) => w.tile));
    let correct = answer.size === this.picked.size;
    for (const el of $("quiz-palette").querySelectorAll(".tile")) {
      const t = el.dataset.tile;
      if (answer.has(t) && this.picked.has(t)) el.classList.add("right");
      else if (this.picked.has(t)) { el.classList.add("wrong"); correct = false; } else if (answer.has(t)) { el.classList.add("missed"); correct = false; }
    }
    this.score.total++;
    if (correct) this.score.right++;
    this.save();
    const out = $("quiz-result");
    const verdict = document.createElement("p");
    verdict.dataset.testid = "quiz-verdict";
    verdict.className = correct ? "ok" : "warn";
    verdict.textContent = `${correct ? "答對了！" : "再看看："}聽 ` +
      r.waits.map((w) => `${w.name}（${w.shapes.map((s) => term("shapes", s).name).join("、")}）`).join("、");
    out.replaceChildren(verdict, splits);
  }

  /** How the hand splits when it wins on each wait (the engine's decomposition of the win). */
  async splits(waits, body) {
    const list = document.createElement("ul");
    list.className = "splits";
    list.dataset.testid = "quiz-splits";
    const scored = await Promise.all(waits.map((w) => post("/v1/score", {
      variant: body.variant, hand: body.hand, win_tile: w.tile, melds: body.melds,
    }).catch(() => null)));
    const blocks = scored.map((s) => (s ? [...s.decomposition, ...s.melds.map((m) => m.tiles)] : []));
    const read = await readAll(blocks.flat()).catch(() => []);
    let at = 0;
    waits.forEach((w, i) => {
      const li = document.createElement("li");
      li.dataset.testid = "quiz-split";
      li.dataset.tile = w.tile;
      li.append(`胡${w.name}：`);
      for (let b = 0; b < blocks[i].length; b++, at++) {
        const g = document.createElement("span");
        g.className = "group";
        for (const t of read[at] || []) g.append(tileEl(t, { small: true }));
        li.append(g);
      }
      if (!blocks[i].length) li.append("特殊牌型");
      list.append(li);
    });
    return list;
  }
}
