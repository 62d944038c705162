// 台數計算器: a win to /v1/score with its situation; only the fields the chosen preset and way
// of winning read are shown. Each payer's line reads 底 + N 台 × 每台 = money.
import { TAI, concealedCount, data, memberKey, post, term, termList, unitOf } from "./data.js";
import { Palette, handTiles, read, sortTiles, text } from "./tiles.js";
import { Melds } from "./melds.js";
import { House } from "./house.js";
import { clear, show } from "./messages.js";
import { Latest } from "./latest.js";

const $ = (id) => document.getElementById(id);

export class Calculator {
  constructor() {
    this.form = $("calc-form");
    this.f = this.form.elements;
    this.hand = [];
    this.out = $("calc-result");
    const f = this.f;
    // Only the answer to the latest 算台 shows; 算台 reads busy while one is out (issue 32).
    this.latest = new Latest(this.out, [this.form.querySelector("[type=submit]")]);
    this.tilesAsked = new Latest(null);
    f.variant.replaceChildren(...data.order.map((p) => new Option(data.presets[p].name, p)));
    f.win.replaceChildren(...termList("win_kinds").filter((t) => t.regular !== false).map((t) => new Option(t.name, t.key)));
    f.declared.replaceChildren(...termList("declarations").map((t) => new Option(t.name, t.key === "none" ? "" : t.key)));
    if (![...f.declared.options].some((o) => o.value === "")) f.declared.prepend(new Option("無", ""));
    f.declared.value = "";
    const winds = termList("winds").map((t) => new Option(t.name, t.key));
    f.seat_wind.replaceChildren(...winds.map((o) => o.cloneNode(true)));
    f.round_wind.replaceChildren(...winds.map((o) => o.cloneNode(true)));
    $("calc-flowers").append(...data.tiles.filter((t) => t.tile.endsWith("f")).map((t) => {
      const l = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = t.tile;
      box.dataset.testid = `flower-${t.tile}`;
      l.append(box, ` ${t.name}`);
      return l;
    }));
    this.palette = new Palette($("calc-palette"), (code) => this.pick(code), (code) => this.tileState(code));
    this.melds = new Melds($("calc-melds"), "calc", { onAdd: () => this.render(), onRemove: () => this.render() });
    this.house = new House($("house"), $("house-reset"));
    this.house.share($("house-share"), $("house-card"), () => this.preset());
    this.house.compare($("house-compare"), $("house-other"), $("house-diff"), () => this.preset());
    // A 家規 edit changes what the answer would be: the old one goes (it may count in another
    // unit, pay other seats), and the seats and tiles follow the edited settings.
    this.house.onChange = () => {
      this.dropResult();
      this.seats();
      this.tiles();
      this.melds.follow(this.settings());
      this.fields();
      this.render();
    };
    f.variant.addEventListener("change", () => this.presetChanged());
    f.win.addEventListener("change", () => this.fields());
    f.hand.addEventListener("change", () => { this.pending = this.typed(); });
    // Any other change leaves the answer on screen, marked as not the form's any more.
    this.form.addEventListener("change", (ev) => { if (ev.target.closest("#house") === null) this.staleResult(); });
    this.form.addEventListener("submit", (ev) => { ev.preventDefault(); this.submit(); });
    this.presetChanged();
  }

  preset() {
    return this.f.variant.value;
  }

  settings() {
    return this.house.settings();
  }

  own(code) {
    let n = this.hand.filter((t) => t === code).length;
    for (const m of this.melds.list) n += m.tiles.filter((t) => t === code).length;
    return n;
  }

  tileState(code) {
    return { left: null, disabled: this.own(code) >= data.copies };
  }

  pick(code) {
    if (this.melds.isPicking) {
      this.melds.pick(code);
      return;
    }
    this.hand.push(code);
    this.render();
  }

  async typed() {
    clear(this.form);
    try {
      this.hand = await read(this.f.hand.value);
      this.render();
      return true;
    } catch (err) {
      if (err.field === "text") err.field = "hand";
      this.latest.drop();
      show(err, this.out, this.form);
      return false;
    }
  }

  /** The answer on screen, and any still out, are no longer the form's: gone. */
  dropResult() {
    this.latest.drop();
    this.out.replaceChildren();
  }

  /** The form changed under a shown answer: it stays, marked as not the form's any more; an
   * answer still out is dropped (it would answer the old form). */
  staleResult() {
    if (this.out.getAttribute("aria-busy") === "true") {
      this.dropResult();
      return;
    }
    if (!this.out.querySelector("[data-testid=total]") || this.out.querySelector("[data-testid=stale]")) return;
    const p = document.createElement("p");
    p.className = "warn";
    p.dataset.testid = "stale";
    p.textContent = "條件改過了：下面是改之前的結果，按「算台」重算。";
    this.out.classList.add("stale");
    this.out.prepend(p);
  }

  /** The name of seat `i` at the table: the wind it sits at (seat 0 東家, its 下家 南家, …;
   * the winds from the vocabulary), the dealer marked 莊. */
  seatName(i, dealer = Number(this.f.dealer.value)) {
    const wind = termList("winds")[i];
    return `${wind ? wind.name : i}家${i === dealer ? "（莊）" : ""}`;
  }

  /** The seats the settings seat (`players`, a 家規 edit included), by name. */
  seats() {
    const players = Number(this.settings().players);
    for (const name of ["winner", "dealer", "from_seat"]) {
      const sel = this.f[name];
      const was = sel.value;
      sel.replaceChildren(...Array.from({ length: players }, (_, i) => new Option(this.seatName(i, -1), String(i))));
      if (was !== "" && Number(was) < players) sel.value = was;
    }
  }

  /** The tiles in play under the preset and the 家規 (玩家人數 3 drops 二萬–八萬): the
   * preset's set, or the core's answer for the edited settings. */
  tiles() {
    const preset = this.preset();
    const overrides = this.house.overrides();
    const set = (tiles) => {
      this.palette.showTiles(tiles);
      const chosen = this.f.win_tile.value;
      this.f.win_tile.replaceChildren(new Option("（選一張）", ""), ...tiles.map((t) => new Option(data.names[t], t)));
      if (tiles.includes(chosen)) this.f.win_tile.value = chosen;
    };
    this.tilesAsked.drop();
    set(data.presets[preset].tiles);
    if (!Object.keys(overrides).length) return;
    this.tilesAsked.run(() => post("/v1/tiles/in_play", { variant: preset, overrides }), (r) => set(r.tiles),
      (err) => show(err, this.out, this.form));
  }

  /** The concealed tiles a winning hand holds without the winning tile, as the core lists
   * them for the 家規's hand size and the melds (16 − 3k). */
  target() {
    return concealedCount(this.settings().hand_size, this.melds.list.length);
  }

  render() {
    sortTiles(this.hand);
    handTiles($("calc-hand-tiles"), this.hand, (i) => { this.hand.splice(i, 1); this.render(); });
    this.f.hand.value = text(this.hand);
    const t = this.target();
    $("calc-count").textContent = `${this.hand.length} 張（不含胡的牌 ${t} 張，含 ${t + 1} 張）`;
    this.palette.refresh();
  }

  presetChanged() {
    const preset = this.preset();
    this.dropResult();
    this.house.show(preset);
    this.tiles();
    this.melds.follow(this.settings());
    this.seats();
    this.f.streak.max = String(this.settings().streak_cap);
    this.fields();
    this.render();
  }

  /** Shows only the fields the preset and the way of winning read. */
  fields() {
    const s = this.settings();
    const show = {
      from_seat: term("win_kinds", this.f.win.value).from_seat === true,
      // The dice count for 骰規台 and for 豹子整筆加倍 (a 豹子 at the opening doubles the 筆).
      dice: s.dice_enabled === true || s.leopard_double === true,
      discards: Number(s[memberKey(TAI, "within_seven")] || 0) > 0,
      declared: true,
    };
    for (const label of this.form.querySelectorAll("[data-when]")) label.hidden = !show[label.dataset.when];
    $("calc-flowers").hidden = s.flowers === false;
  }

  /** Opens a shared rule card: its preset, and its settings as the 家規 edits. */
  openCard(opened) {
    this.f.variant.value = opened.preset;
    this.house.edits = { ...opened.changes };
    this.presetChanged();
  }

  /** Fills the calculator from the checker (a wait or a complete hand) and scores it. */
  fill({ variant, hand_size: size, hand, win_tile: win, melds, implied = melds.length }) {
    this.f.variant.value = variant;
    this.presetChanged();
    // The checker's hand size (13 in 004's 13-tile game) comes along as a 家規, with what it
    // requires.
    this.house.edit("hand_size", size);
    this.house.refresh("hand_size");
    this.house.onChange();
    this.hand = hand.slice();
    this.melds.clear();
    this.melds.list = melds.map((m) => ({ kind: m.kind, tiles: m.tiles.slice() }));
    this.melds.render();
    this.f.win_tile.value = win || "";
    this.render();
    if (implied > melds.length) {
      // The checker was told of melds it was not shown (幾組 above the melds listed): scoring
      // needs their tiles, so the player is asked for them rather than refused for a count.
      const more = this.form.querySelector("[data-testid=calc-more]");
      more.open = true;
      const p = document.createElement("p");
      p.className = "warn";
      p.dataset.testid = "melds-wanted";
      p.textContent = `聽牌檢查器裡有 ${implied} 組副露，列出的只有 ${melds.length} 組：請在「副露」填入其餘 ${implied - melds.length} 組，再按「算台」。`;
      this.out.replaceChildren(p);
      more.querySelector("select").focus();
      return;
    }
    if (win) this.submit();
    else this.f.win_tile.focus(); // a typed hand: the player says which tile won
  }

  request() {
    const f = this.f;
    const context = {
      winner: Number(f.winner.value), dealer: Number(f.dealer.value), streak: Number(f.streak.value),
      seat_wind: f.seat_wind.value, round_wind: f.round_wind.value, win: f.win.value,
      last_tile: f.last_tile.checked, first_turn: f.first_turn.checked,
    };
    if (!this.f.from_seat.closest("label").hidden) context.from_seat = Number(f.from_seat.value);
    if (f.declared.value) context.declared = f.declared.value;
    if (!f.dice.closest("label").hidden) {
      // Whole numbers go as numbers; anything else goes as typed, for the server to name.
      const dice = f.dice.value.trim().split(/[\s,，、]+/).filter(Boolean).map((d) => (/^\d+$/.test(d) ? Number(d) : d));
      if (dice.length) context.dice = dice;
    }
    if (!f.discards.closest("label").hidden && f.discards.value !== "") context.discards = Number(f.discards.value);
    const flowers = [...$("calc-flowers").querySelectorAll("input:checked")].map((i) => i.value).join("");
    return {
      variant: this.preset(), overrides: this.house.overrides(), hand: text(this.hand), win_tile: f.win_tile.value,
      melds: this.melds.request(), flowers, context, why_not: f.why_not.checked,
    };
  }

  async submit() {
    // This 算台 is the latest from the click on: one made while a typed hand is read waits
    // for the reading, and a later click supersedes it.
    const token = this.latest.start();
    // A hand typed just before the click is read first; one that cannot be read stays refused.
    const pending = this.pending;
    const read = pending ? await pending : true;
    if (this.pending === pending) this.pending = null;
    await this.melds.settled(); // and a meld just added is read first too
    if (!this.latest.current(token)) return;
    if (!read) return;
    clear(this.form);
    const n = this.hand.length;
    const t = this.target();
    if (n !== t && n !== t + 1) {
      this.latest.drop();
      show({ code: "hand_count", field: "hand" }, this.out, this.form);
      this.out.querySelector("p").textContent = `「手牌」現在 ${n} 張：不含胡的牌要 ${t} 張，含胡的牌要 ${t + 1} 張。`;
      return;
    }
    if (!this.f.win_tile.value) {
      this.latest.drop();
      show({ code: "missing", field: "win_tile" }, this.out, this.form);
      this.out.querySelector("p").textContent = "請選「胡的牌」。";
      return;
    }
    const req = this.request();
    const settings = this.settings();
    const dealer = req.context.dealer;
    await this.latest.run(() => post("/v1/score", req), (r) => {
      this.out.classList.remove("stale");
      this.showScore(r, unitOf(req.variant), settings, dealer);
    }, (err) => show(err, this.out, this.form));
  }

  showScore(r, unit, s, dealer) {
    const seat = (i) => this.seatName(i, dealer);
    const out = this.out;
    out.replaceChildren();
    const el = (tag, attrs = {}, textContent = "") => Object.assign(document.createElement(tag), attrs, textContent ? { textContent } : {});
    const total = el("p", { className: "total" }, `${r.total_tai} ${unit}`);
    total.dataset.testid = "total";
    out.append(total);
    if (!r.allowed) {
      const p = el("p", { className: "error" }, `不夠起胡的${unit}數，不能胡。`);
      p.dataset.testid = "not-allowed";
      out.append(p);
    }
    const items = el("table");
    items.innerHTML = `<caption>算到的項目</caption><thead><tr><th scope="col">項目</th><th scope="col">${unit}數</th></tr></thead>`;
    const tb = el("tbody");
    for (const i of r.items) {
      const tr = el("tr");
      tr.dataset.testid = "item";
      tr.dataset.key = i.key;
      tr.append(el("td", {}, i.name), el("td", {}, `${i.tai} ${unit}`));
      tb.append(tr);
    }
    items.append(tb);
    out.append(items);
    if (r.dealer_items.length) {
      const d = el("p", { className: "dealer" },
        `莊家另算 ${r.dealer_tai} ${unit}（${r.dealer_items.map((i) => `${i.name} ${i.tai}`).join("、")}）：只算在莊家跟胡牌者之間。`);
      d.dataset.testid = "dealer-line";
      out.append(d);
    }
    out.append(el("h3", {}, "誰付多少"));
    const pays = el("ul", { className: "payments" });
    const per = Number(s.tai_money);
    for (const p of r.payments) {
      const li = el("li");
      li.dataset.testid = "payment";
      li.dataset.payer = String(p.payer);
      const n = p.hand_tai + p.dealer_tai;
      const tai = p.dealer_tai ? `（${p.hand_tai} + 莊家 ${p.dealer_tai}）${unit}` : `${n} ${unit}`;
      li.append(`${seat(p.payer)}付${seat(p.payee)}：${this.payLine(p, tai, per)}`);
      const sum = el("span", { className: "sr-only" }, `，合計 ${p.total_tai} ${unit}`);
      sum.dataset.testid = "pay-total";
      sum.dataset.total = String(p.total_tai);
      li.append(sum);
      pays.append(li);
    }
    out.append(pays);
    // Only the seats the settings seat (三人, 兩人: no 北家).
    const players = Number(s.players);
    const net = el("p", {}, `各家輸贏：${r.net_money.slice(0, players).map((m, i) => `${seat(i)} ${m > 0 ? "+" : ""}${m}`).join("、")}`);
    net.dataset.testid = "net";
    out.append(net);
    if (r.why_not.length) {
      out.append(el("h3", {}, `沒算到的${unit}`));
      const ul = el("ul");
      for (const n of r.why_not) {
        const li = el("li", {}, n.reason_zh);
        li.dataset.testid = "why-not";
        li.dataset.key = n.key;
        ul.append(li);
      }
      out.append(ul);
    }
    out.scrollIntoView({ block: "nearest" });
  }

  /** One payer's line written from the answer's own numbers, never the payment rules: its
   * 底 in tai, the tai paid, and the `multiple` the core paid them by (1; 003 中庸全統制 × 2 or
   * × 3 without 底; × 2 more on a doubled 筆); the amount is the answer's `money`. */
  payLine(p, tai, per) {
    const base = p.base_tai ? `底 ${p.base_tai * per} + ` : "";
    if (p.multiple === 1) return `${base}${tai} × ${per} = ${p.money}`;
    if (!base) return `${tai} × ${p.multiple} × ${per} = ${p.money}`;
    return `（${base}${tai} × ${per}）× ${p.multiple} = ${p.money}`;
  }
}
