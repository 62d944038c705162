// 對局練習: the player at a table with three twmj bots (/v1/table/*). The service keeps no game:
// each answer carries the token of the table, kept here (and in localStorage, so a reload
// resumes), and every move sends it back. Every tile, legal action, river and result on screen
// is the service's; the page only draws them and sends the player's choice.
import { data, get, post, term, termList } from "./data.js";
import { tileEl } from "./tiles.js";
import { show } from "./messages.js";
import { Latest } from "./latest.js";

const $ = (id) => document.getElementById(id);
const STORE = "twmj.table.token";

/** Where each other seat sits, counted from the player. */
const PLACES = { 4: ["你", "下家", "對家", "上家"], 3: ["你", "下家", "上家"], 2: ["你", "對家"] };

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "testid") e.dataset.testid = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...children);
  return e;
}

const name = (tile) => data.names[tile] || tile;
const windName = (i) => (termList("winds")[i] || { name: String(i) }).name;

export class Table {
  constructor({ house }) {
    this.house = house; // the calculator's 家規, offered to the table
    this.answer = null;
    this.history = []; // tokens the player decided at, for 悔一步
    this.hints = false;
    const variant = $("table-variant");
    variant.replaceChildren(...data.order.map((p) => new Option(data.presets[p].name, p)));
    variant.value = data.order[0];
    variant.addEventListener("change", () => this.seatOptions());
    this.seatOptions();
    this.latest = new Latest($("table-status"), [$("table-start"), $("table-undo"), $("table-next")]);
    this.hinted = new Latest($("table-hints"));
    // The review of a finished hand (/v1/review of its record) and the table at one of its
    // decisions (/v1/table/moment): each shows only its latest answer.
    this.reviewing = new Latest($("table-review-status"));
    this.momented = new Latest($("table-moment"));
    this.reviewed = null; // the record the review shown is of
    $("table-start").addEventListener("click", () => this.start());
    $("table-undo").addEventListener("click", () => this.undo());
    $("table-next").addEventListener("click", () => this.next());
    // Keyboard play: the arrow keys (and Home, End) move along the hand and along the calls;
    // Enter or Space plays the tile or call in focus.
    for (const id of ["table-hand", "table-actions"]) {
      $(id).addEventListener("keydown", (ev) => this.arrow(ev, $(id)));
    }
    $("table-hint-toggle").addEventListener("change", (ev) => {
      this.hints = ev.target.checked;
      this.showHints();
    });
  }

  /** The seats the chosen preset plays (its `players`), each by its wind for the first hand. */
  seatOptions() {
    const preset = data.presets[$("table-variant").value];
    const players = Number((preset && preset.settings.players) || termList("winds").length);
    const box = $("table-seat");
    const was = Number(box.value || 0);
    box.replaceChildren(...Array.from({ length: players }, (_, i) =>
      new Option(`${windName(i)}家${i === 0 ? "（第一局的莊）" : ""}`, String(i))));
    box.value = String(was < players ? was : 0);
  }

  get started() {
    return this.answer !== null;
  }

  /** The bots the service seats, by their Chinese names (asked once, when the tool opens). */
  async loadBots() {
    if (this.botsLoaded) return true;
    try {
      const bots = await get("/v1/table/bots");
      // The service's default bot is selected (the first listed is not: a new bot, such as the
      // slow search bot, would otherwise become every table's opponent).
      $("table-bots").replaceChildren(
        ...bots.map((b) => new Option(b.name, b.key, b.default, b.default)),
      );
      this.botsLoaded = true;
    } catch (err) {
      show(err, $("table-error"), $("table"));
    }
    return Boolean(this.botsLoaded);
  }

  /** Opens the tool: the table the browser kept, or a fresh hand. */
  async open() {
    if (!(await this.loadBots()) || this.started) return;
    const kept = localStorage.getItem(STORE);
    if (kept) this.ask("/v1/table/view", { token: kept }, { resumed: true });
  }

  overrides() {
    const preset = $("table-variant").value;
    if (!$("table-house").checked || this.house.preset !== preset) return {};
    return this.house.overrides();
  }

  start() {
    const body = {
      variant: $("table-variant").value,
      overrides: this.overrides(),
      seat: Number($("table-seat").value || 0),
    };
    const bot = $("table-bots").value;
    if (bot) body.bots = [bot];
    // A deal number plays the same deal again (the same bots' moves too, as long as you play the
    // same); empty, a fresh deal each time.
    const seed = $("table-seed").value.trim();
    if (seed !== "") body.seed = Number(seed);
    const mode = $("table-mode").value;
    if (mode) body.match = mode;
    this.history = [];
    this.ask("/v1/table/start", body);
  }

  act(action) {
    if (!this.answer || !this.answer.legal.includes(action)) return;
    this.history.push(this.answer.token);
    this.ask("/v1/table/act", { token: this.answer.token, action }, { undo: true });
  }

  undo() {
    const token = this.history.pop();
    if (token) this.ask("/v1/table/view", { token });
  }

  next() {
    if (!this.answer) return;
    this.history = [];
    this.ask("/v1/table/next", { token: this.answer.token });
  }

  /** One request to the table; only the latest answer is drawn. */
  async ask(path, body, { resumed = false, undo = false } = {}) {
    $("table-error").replaceChildren();
    const ok = await this.latest.run(() => post(path, body), (a) => {
      this.answer = a;
      localStorage.setItem(STORE, a.token);
      this.draw(resumed);
    }, (err) => {
      if (undo) this.history.pop();
      if (resumed) localStorage.removeItem(STORE);
      show(err, $("table-error"), $("table"));
    });
    return ok;
  }

  place(seat, a = this.answer) {
    return PLACES[a.seats][(seat - a.seat + a.seats) % a.seats];
  }

  arrow(ev, row) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(ev.key in keys)) return;
    const items = [...row.querySelectorAll("button")];
    if (!items.length) return;
    ev.preventDefault();
    const at = items.indexOf(document.activeElement);
    const step = keys[ev.key];
    const to = step === "first" ? 0 : step === "last" ? items.length - 1 :
      (at + step + items.length) % items.length;
    items[to].focus();
  }

  /** After a move made from the keyboard, the focus goes where the next one is made: the
   * first call offered, else the tile just drawn, else the first tile that may be discarded. */
  refocus() {
    const target = $("table-actions").querySelector("button") ||
      $("table-hand").querySelector('.tile.drawn[aria-disabled="false"]') ||
      $("table-hand").querySelector('.tile[aria-disabled="false"]') || $("table-hand").querySelector(".tile");
    if (target) target.focus();
  }

  draw(resumed) {
    const a = this.answer;
    const active = document.activeElement;
    const playing = active && ($("table-hand").contains(active) || $("table-actions").contains(active));
    $("table-status").replaceChildren();
    $("table-undo").disabled = this.history.length === 0;
    $("table-board").hidden = false;
    $("table-info").textContent =
      `${data.presets[a.variant] ? data.presets[a.variant].name : a.variant}・${windName(a.round_wind)}風圈・` +
      `莊家：${this.place(a.dealer)}${a.streak ? `（連莊 ${a.streak}）` : ""}・牌牆剩 ${a.wall} 張`;
    $("table-info").dataset.wall = String(a.wall);
    $("table-seats").replaceChildren(...a.table.map((s) => this.seatBox(s)));
    this.drawHand();
    this.drawActions();
    this.drawEvents(resumed);
    this.drawMatch();
    this.drawPaid();
    this.drawResult();
    this.drawReview();
    this.showHints();
    if (playing) this.refocus();
  }

  /** One seat as the player sees it in answer `a` (the table now, or at a reviewed moment:
   * `prefix` keeps the two apart). */
  seatBox(s, a = this.answer, prefix = "") {
    const rel = (s.seat - a.seat + a.seats) % a.seats;
    const box = el("section", { class: `seat rel${rel}`, testid: `${prefix}seat-${s.seat}`, "data-seat": String(s.seat) });
    const head = el("h3", {}, `${this.place(s.seat, a)}・${windName(s.wind)}`);
    if (s.seat === a.dealer) head.append(el("span", { class: "badge", testid: "dealer-mark" }, "莊"));
    if (s.seat !== a.seat) head.append(el("span", { class: "count" }, ` 手牌 ${s.concealed} 張`));
    box.append(head);
    if (s.flowers.length) {
      box.append(el("div", { class: "flowers-shown", testid: "flowers", "aria-label": "花牌" },
        ...s.flowers.map((f) => tileEl(f, { small: true }))));
    }
    if (s.melds.length) {
      box.append(el("div", { class: "melds-shown", testid: "melds" }, ...s.melds.map((m) => {
        const g = el("span", { class: "meld group", testid: "meld", "data-kind": m.kind }, `${term("meld_kinds", m.kind).name} `);
        if (m.hidden) g.append(el("span", { class: "hidden-kong" }, "（蓋著）"));
        for (const t of m.tiles) g.append(tileEl(t, { small: true }));
        return g;
      })));
    }
    const river = el("div", { class: "river tiles", testid: "river", "aria-label": `${this.place(s.seat, a)}的河` });
    s.river.forEach((r, i) => {
      const t = tileEl(r.tile, { small: true });
      if (r.claimed) t.classList.add("claimed");
      const last = a.last_discard && a.last_discard.seat === s.seat && a.last_discard.index === i;
      if (last) {
        t.classList.add("last");
        t.dataset.testid = `${prefix}last-discard`;
        t.setAttribute("aria-label", `${name(r.tile)}（最後打出的牌）`);
      }
      river.append(t);
    });
    box.append(river);
    return box;
  }

  drawHand() {
    const a = this.answer;
    const hand = a.hand.slice();
    // The tile just drawn stands apart at the right, as on a real table.
    let drawn = null;
    if (a.drawn && hand.includes(a.drawn)) {
      hand.splice(hand.lastIndexOf(a.drawn), 1);
      drawn = a.drawn;
    }
    const discards = new Set(a.legal.filter((x) => x.startsWith("discard ")).map((x) => x.slice(8)));
    const button = (t, extra = "") => {
      const b = tileEl(t, { button: true });
      if (extra) b.classList.add(extra);
      const can = discards.has(t);
      b.setAttribute("aria-disabled", String(!can));
      b.setAttribute("aria-label", can ? `打出${name(t)}` : name(t));
      b.addEventListener("click", () => { if (can) this.act(`discard ${t}`); });
      return b;
    };
    const row = $("table-hand");
    row.replaceChildren(...hand.map((t) => button(t)));
    if (drawn) row.append(button(drawn, "drawn"));
    const me = a.table[a.seat];
    $("table-mine").replaceChildren(
      ...me.flowers.map((f) => tileEl(f, { small: true })),
      ...me.melds.map((m) => {
        const g = el("span", { class: "meld group", testid: "my-meld", "data-kind": m.kind }, `${term("meld_kinds", m.kind).name} `);
        for (const t of m.tiles) g.append(tileEl(t, { small: true }));
        return g;
      }),
    );
  }

  drawActions() {
    const a = this.answer;
    const box = $("table-actions");
    const buttons = [];
    const calls = Object.fromEntries(a.calls.map((c) => [c.action, c.tiles]));
    for (const action of a.legal) {
      if (action.startsWith("discard ")) continue;
      const verb = action.split(" ")[0];
      let label = term("actions", action).name;
      if (label === action) label = term("actions", verb).name;
      if (action === "win" && !a.offer) label = "自摸";
      else if (action.startsWith("chi ")) label = "吃";
      const b = el("button", { type: "button", class: `act ${verb}`, testid: "action", "data-action": action }, label);
      if (calls[action]) {
        const g = el("span", { class: "group" });
        for (const t of calls[action]) g.append(tileEl(t, { small: true }));
        b.append(" ", g);
        b.setAttribute("aria-label", `${label} ${calls[action].map(name).join("")}`);
      }
      if (action === "win") b.classList.add("primary");
      b.addEventListener("click", () => this.act(action));
      buttons.push(b);
    }
    box.replaceChildren(...buttons);
    const prompt = $("table-prompt");
    if (a.over) prompt.textContent = "這一局結束了。";
    else if (!a.to_act) prompt.textContent = "等別家…";
    else if (a.offer) {
      const chis = a.legal.filter((x) => x.startsWith("chi ")).length;
      prompt.textContent = `${this.place(a.offer.seat)}打出${name(a.offer.tile)}：` +
        (chis > 1 ? "要吃（選一組順子）、" : "") + "要不要叫牌？按「過」就不要。";
    } else if (a.legal.some((x) => x.startsWith("discard "))) {
      prompt.textContent = a.legal.includes("win") ? "自摸了！按「自摸」胡牌，或打一張牌。" : "輪到你：點一張牌打出去。";
    } else prompt.textContent = "請選擇。";
  }

  eventText(e) {
    const who = e.seat === undefined || e.seat === null ? "" : this.place(e.seat);
    if (e.type === "draw") {
      if (e.tile && e.tile.endsWith("f")) return `${who}補花：${name(e.tile)}`;
      if (e.seat === this.answer.seat && e.tile && e.tile !== "?") return `${who}摸到${name(e.tile)}${e.replacement ? "（補牌）" : ""}`;
      return null;
    }
    if (e.type === "act") {
      const [verb, tile] = e.action.split(" ");
      if (verb === "discard") return `${who}打出${name(tile)}`;
      if (e.seat !== this.answer.seat && (verb === "pass")) return null;
      const label = term("actions", e.action).name !== e.action ? term("actions", e.action).name : term("actions", verb).name;
      return `${who}${label}${tile && tile !== "?" && data.names[tile] ? ` ${name(tile)}` : ""}`;
    }
    if (e.type === "claim") {
      const verb = e.action.split(" ")[0];
      return `${who}${verb === "chi" ? "吃" : term("actions", verb).name}`;
    }
    if (e.type === "end") return "這一局結束";
    return null;
  }

  drawEvents(resumed) {
    const a = this.answer;
    const items = (resumed ? [] : a.events).map((e) => this.eventText(e)).filter(Boolean);
    $("table-events").replaceChildren(...items.map((t) => el("li", { testid: "event" }, t)));
  }

  drawMatch() {
    const a = this.answer;
    const m = a.match;
    const box = $("table-match");
    $("table-next").hidden = !(m && a.over && !m.over);
    if (!m) {
      box.replaceChildren();
      return;
    }
    const kind = m.kind === "east" ? "東風圈" : "一將";
    box.replaceChildren(
      el("p", { testid: "match-hand" }, `${kind}・第 ${m.hand} 局${m.over ? "（比賽結束）" : ""}`),
      el("p", { testid: "match-totals" }, "累計：" +
        a.table.map((s) => `${this.place(s.seat)} ${m.totals[s.seat] > 0 ? "+" : ""}${m.totals[s.seat]} 台`).join("、")),
    );
  }

  /** A flower win paid on the spot while the hand goes on (家規 花胡當場收分照常打牌): who was
   * paid, on what, and what each seat paid, as the core settled it, from the moment it is paid. */
  drawPaid() {
    const a = this.answer;
    const box = $("table-paid");
    const p = a.paid;
    if (!p) {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const what = p.items.map((it) => `${it.name} ${it.tai} 台`).join("、");
    const payers = a.table.filter((s) => p.money[s.seat] < 0)
      .map((s) => el("li", { testid: "paid-line", "data-payer": String(s.seat), "data-money": String(-p.money[s.seat]) },
        `${this.place(s.seat)}付給${this.place(p.seat)} ${-p.money[s.seat]} 元`));
    box.replaceChildren(
      el("p", { class: "status", testid: "paid-verdict", "data-seat": String(p.seat) },
        `花胡當場收分：${this.place(p.seat)}${what}，照常打牌`),
      el("ul", { class: "items", testid: "paid-lines" }, ...payers),
    );
  }

  drawResult() {
    const a = this.answer;
    const box = $("table-result");
    if (!a.over || !a.result) {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const r = a.result;
    const parts = [el("h3", {}, "結果")];
    if (r.draw) {
      parts.push(el("p", { class: "status", testid: "result-verdict", "data-kind": "draw" },
        term("draw_reasons", r.draw_reason || "wall").name));
    }
    // 家規 花胡當場收分照常打牌: a flower win (no regular win kind) was paid during the hand; it
    // is one of the hand's 筆, not its win (a hand that then ran out is a 流局).
    const paidOnTheSpot = a.overrides["flower_win.play_on"] === true;
    r.wins.forEach((w, i) => {
      const how = w.from === null || w.from === undefined ? term("win_kinds", w.kind).name :
        `${this.place(w.from)}${term("win_kinds", "discard").name}`;
      const side = paidOnTheSpot && term("win_kinds", w.kind).regular === false;
      parts.push(el("p", { class: "status", testid: "result-verdict", "data-kind": w.kind, "data-seat": String(w.seat) },
        side ? `${this.place(w.seat)}${how}（當場收分）` : `${this.place(w.seat)}胡${name(w.tile)}（${how}）`));
      const s = r.scores[i];
      if (s) {
        const list = el("ul", { class: "items", testid: "result-items" },
          ...s.items.map((it) => el("li", { "data-key": it.key }, `${it.name} ${it.tai} 台`)));
        parts.push(list, el("p", { class: "total", testid: "result-tai" }, `共 ${s.total_tai} 台`));
      }
    });
    const rows = a.table.map((s) => el("tr", { testid: "result-seat", "data-seat": String(s.seat) },
      el("th", {}, this.place(s.seat)),
      el("td", { "data-net": String(r.net_tai[s.seat]) }, `${r.net_tai[s.seat] > 0 ? "+" : ""}${r.net_tai[s.seat]} 台`),
      el("td", { "data-money": String(a.money[s.seat]) }, `${a.money[s.seat] > 0 ? "+" : ""}${a.money[s.seat]} 元`)));
    parts.push(el("table", { testid: "result-table" },
      el("caption", {}, "每家輸贏"),
      el("thead", {}, el("tr", {}, el("th", {}, "座位"), el("th", {}, "台"), el("th", {}, "錢"))),
      el("tbody", {}, ...rows)));
    box.replaceChildren(...parts);
  }

  /** An action as a player reads it: 打五萬, 吃（吃進最小張）, 碰, 過 … */
  actionText(action) {
    const [verb, tile] = action.split(" ");
    if (verb === "discard") return `打${name(tile)}`;
    const whole = term("actions", action).name;
    if (whole !== action) return whole;
    const label = term("actions", verb).name;
    return tile && data.names[tile] ? `${label}${name(tile)}` : label;
  }

  /** At the end of a hand, its review: /v1/review of the record for the player's seat. */
  drawReview() {
    const a = this.answer;
    const box = $("table-review");
    if (!a.over || !a.record) {
      this.reviewing.drop();
      this.momented.drop();
      this.reviewed = null;
      box.hidden = true;
      $("table-review-status").replaceChildren();
      $("table-review-list").replaceChildren();
      $("table-moment").replaceChildren();
      $("table-moment").hidden = true;
      return;
    }
    box.hidden = false;
    if (this.reviewed === a.record) return;
    this.reviewed = a.record;
    const token = a.token;
    $("table-review-list").replaceChildren();
    $("table-moment").replaceChildren();
    $("table-moment").hidden = true;
    this.reviewing.run(() => post("/v1/review", { record: a.record, seat: a.seat }), (r) => {
      $("table-review-status").replaceChildren(r.decisions.length ? el("p", { testid: "review-total", class: "hint" },
        `共 ${r.decisions.length} 個決定，期望總共少 ${r.summary.total_loss.toFixed(2)} 台`) :
        el("p", { testid: "review-total", class: "hint" }, "這一局你沒有要選的決定。"));
      const rank = new Map(r.summary.costliest.map((i, k) => [i, k + 1]));
      $("table-review-list").replaceChildren(...r.decisions.map((d) => {
        const costly = rank.get(d.index);
        const head = d.played === d.best ? `${this.actionText(d.played)}（最佳）` :
          `${this.actionText(d.played)}，最佳是${this.actionText(d.best)}`;
        const b = el("button", { type: "button", testid: "review-open", "data-line": String(d.line) },
          ...(costly ? [el("span", { class: "badge", testid: "review-costly" }, `最貴第 ${costly} 名`), " "] : []),
          `${head}・期望少 ${d.loss.toFixed(2)} 台`,
          el("span", { class: "reason", testid: "review-reason" }, d.reason));
        b.addEventListener("click", () => this.showMoment(token, d, b));
        return el("li", {
          class: costly ? "costly" : "", testid: "review-decision", "data-index": String(d.index),
          "data-line": String(d.line), "data-played": d.played, "data-best": d.best,
          "data-loss": String(d.loss), "data-costly": costly ? String(costly) : "",
        }, b);
      }));
    }, (err) => show(err, $("table-review-status")));
  }

  /** The table at one reviewed decision: what the player saw then (/v1/table/moment). */
  showMoment(token, d, button) {
    for (const li of $("table-review-list").children) li.classList.toggle("chosen", li.contains(button));
    const box = $("table-moment");
    box.hidden = false;
    this.momented.run(() => post("/v1/table/moment", { token, line: d.line }), (m) => {
      const hand = el("div", { class: "tiles hand", testid: "moment-hand", "aria-label": "當時的手牌" },
        ...m.hand.map((t) => tileEl(t, { small: true })));
      const parts = [
        el("h4", { testid: "moment-title" }, `第 ${d.index + 1} 個決定：${this.actionText(d.played)}` +
          (d.played === d.best ? "（最佳）" : `（最佳是${this.actionText(d.best)}）`)),
        el("p", { class: "hint", testid: "moment-info", "data-wall": String(m.wall) },
          `牌牆剩 ${m.wall} 張・莊家：${this.place(m.dealer, m)}` +
          (m.offer ? `・${this.place(m.offer.seat, m)}打出${name(m.offer.tile)}` : "")),
        el("div", { class: "seats", testid: "moment-seats" }, ...m.table.map((s) => this.seatBox(s, m, "moment-"))),
        el("h4", {}, "你當時的牌"),
        el("div", { class: "tiles", testid: "moment-mine" },
          ...m.table[m.seat].flowers.map((f) => tileEl(f, { small: true })),
          ...m.table[m.seat].melds.map((x) => {
            const g = el("span", { class: "meld group", testid: "moment-meld", "data-kind": x.kind }, `${term("meld_kinds", x.kind).name} `);
            for (const t of x.tiles) g.append(tileEl(t, { small: true }));
            return g;
          })),
        hand,
      ];
      box.replaceChildren(...parts);
    }, (err) => show(err, box));
  }

  async showHints() {
    const box = $("table-hints");
    if (!this.hints || !this.answer || this.answer.over) {
      this.hinted.drop();
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const token = this.answer.token;
    await this.hinted.run(() => post("/v1/table/hint", { token }), (h) => {
      const parts = [el("p", { testid: "hint-shanten" }, h.shanten === 0 ? "聽牌了" : `還差 ${h.shanten} 向聽`)];
      const worth = (w) => (w.on_discard === null || w.on_discard === undefined ? "" :
        `，放槍 ${w.on_discard} 台、自摸 ${w.on_self_draw} 台`);
      if (h.waits.length) {
        parts.push(el("ul", { class: "hint-waits", testid: "hint-waits" }, ...h.waits.map((w) => el("li", {
          class: `wait${w.dead ? " dead" : ""}`, testid: "hint-wait", "data-tile": w.tile, "data-dead": String(w.dead),
        }, "聽", tileEl(w.tile, { small: true }), w.dead ? "（死聽：沒牌了）" : `（剩 ${w.remaining} 張${worth(w)}）`))));
      }
      if (h.discards.length) {
        const rows = h.discards.slice(0, 5).map((d) => el("tr", { testid: "hint-discard", "data-tile": d.tile },
          el("td", {}, tileEl(d.tile, { small: true })),
          el("td", {}, d.shanten === 0 ? "聽牌" : `${d.shanten} 向聽`),
          el("td", {}, `進張 ${d.accepted} 張`),
          el("td", { testid: "hint-value" }, d.value === null || d.value === undefined ? "" :
            `期望 ${d.value >= 0 ? "+" : ""}${d.value.toFixed(1)} 台`),
          el("td", {}, d.waits.length ? "聽 " + d.waits.map((w) => `${name(w.tile)}${w.dead ? "（死聽）" : `×${w.remaining}${worth(w)}`}`).join("、") : "")));
        parts.push(el("table", {}, el("caption", {}, "打哪張好（依期望台數，教練模擬）"), el("tbody", {}, ...rows)));
      }
      box.replaceChildren(...parts);
    }, (err) => show(err, box));
  }
}
