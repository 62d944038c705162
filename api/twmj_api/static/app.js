"use strict";
// The wait checker: build a hand by clicking tiles; 16 − 3k tiles ask /v1/waits, 17 − 3k ask /v1/analyze
// (13 − 3k and 14 − 3k with 手牌 13 張: 004 兩人麻將 13 張版, the variant's `hand_size`).

const SUITS = { m: "萬", p: "筒", s: "條" };
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONORS = ["東", "南", "西", "北", "白", "發", "中"];
const SHAPES = { ryanmen: "兩面", kanchan: "嵌張", penchan: "邊張", tanki: "單吊", shanpon: "雙碰" };
const TILES = [];
for (const s of "mps") for (let n = 1; n <= 9; n++) TILES.push(`${n}${s}`);
for (let n = 1; n <= 7; n++) TILES.push(`${n}z`);

const state = { hand: [], melds: [] };
const $ = (id) => document.getElementById(id);

function tileName(code) {
  const n = Number(code[0]);
  return code[1] === "z" ? HONORS[n - 1] : NUMERALS[n - 1] + SUITS[code[1]];
}

function tileEl(code, opts = {}) {
  const b = document.createElement("button");
  const n = Number(code[0]);
  b.className = `tile ${code[1]}${code[1] === "z" ? " z" + n : ""}${opts.small ? " small" : ""}`;
  b.dataset.tile = code;
  b.title = tileName(code);
  b.setAttribute("aria-label", tileName(code));
  if (code[1] === "z") b.textContent = HONORS[n - 1];
  else b.innerHTML = `<span class="n">${NUMERALS[n - 1]}</span><span class="s">${SUITS[code[1]]}</span>`;
  return b;
}

function notation(tiles) {
  const groups = { m: [], p: [], s: [], z: [] };
  for (const t of tiles) groups[t[1]].push(t[0]);
  return "mpsz".split("").map((s) => (groups[s].length ? groups[s].sort().join("") + s : "")).join("");
}

function sortKey(t) { return "mpsz".indexOf(t[1]) * 10 + Number(t[0]); }

function ownCount(code) {
  let c = state.hand.filter((t) => t === code).length;
  for (const m of state.melds) c += m.list.filter((t) => t === code).length;
  return c;
}

function expand(text) {
  // Minimal reader for the palette state: digits before a letter share it.
  const out = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (/[1-9]/.test(ch)) digits.push(ch);
    else if (/[mpsz]/.test(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    else return null;
  }
  return digits.length ? null : out;
}

function meldCount() {
  return state.melds.length || Number($("implied").value);
}

/** Tiles in a waiting hand without melds: 16, or 13 for the 13-tile version (004). */
function handSize() {
  return Number($("checker-size").value);
}

/** The rule set of the checker's request: the preset, and `hand_size` 13 when chosen. A preset
 * with 瀝咕瀝咕 (a 17-tile shape with no 13-tile form) drops it at 13, as docs/variants.md says. */
function checkerRules() {
  const variant = $("checker-variant").value;
  const rules = variant ? { variant } : {};
  if (handSize() === 13) {
    const overrides = { hand_size: 13 };
    if ((calc.presets[variant || "taiwan"] || {})["special_shapes.lig_gu"]) overrides["special_shapes.lig_gu"] = false;
    rules.overrides = overrides;
  }
  return rules;
}

function render() {
  state.hand.sort((a, b) => sortKey(a) - sortKey(b));
  const hand = $("hand");
  hand.replaceChildren(...state.hand.map((t, i) => {
    const el = tileEl(t);
    el.addEventListener("click", () => { state.hand.splice(i, 1); update(); });
    return el;
  }));
  $("count").textContent = `${state.hand.length} 張`;
  const max = handSize() + 1 - 3 * meldCount();
  for (const el of $("palette").children) {
    el.disabled = ownCount(el.dataset.tile) >= 4 || state.hand.length >= max;
  }
  $("melds").replaceChildren(...state.melds.map((m, i) => {
    const li = document.createElement("li");
    li.append(`${{ chi: "吃", pon: "碰", minkan: "明槓", kakan: "加槓", ankan: "暗槓" }[m.kind]} `);
    for (const t of m.list) li.append(tileEl(t, { small: true }));
    const x = document.createElement("button");
    x.textContent = "移除";
    x.addEventListener("click", () => { state.melds.splice(i, 1); update(); });
    li.append(" ", x);
    return li;
  }));
}

function waitsTable(waits) {
  const rows = waits.map((w) => `<tr data-testid="wait" data-tile="${w.tile}"><td>${tileEl(w.tile, { small: true }).outerHTML}</td>` +
    `<td>${w.name}</td><td>${w.shapes.map((s) => SHAPES[s]).join("、")}</td><td data-testid="remaining">剩 ${w.remaining} 張</td></tr>`);
  return `<table><thead><tr><th>牌</th><th>名稱</th><th>聽型</th><th>剩餘</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function shantenText(n) {
  return n === -1 ? "胡牌！" : n === 0 ? "聽牌" : `${n} 向聽`;
}

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error ? data.error.message : `HTTP ${r.status}`);
  return data;
}

async function update() {
  render();
  $("notation").value = notation(state.hand);
  const n = state.hand.length;
  const k = meldCount();
  const out = $("result");
  const body = { hand: notation(state.hand), melds: state.melds.map((m) => ({ kind: m.kind, tiles: m.tiles })) };
  const visible = $("visible").value.trim();
  if (visible) body.visible = visible;
  const rules = checkerRules();
  const size = handSize();
  try {
    if (n === size - 3 * k && n > 0) {
      const r = await post("/v1/waits", { ...body, ...rules });
      const total = (xs) => xs.reduce((a, w) => a + w.remaining, 0);
      out.innerHTML = `<p data-testid="status">${shantenText(r.shanten)}</p>` +
        (r.tenpai ? waitsTable(r.waits) + `<p>共 ${r.waits.length} 種 ${total(r.waits)} 張</p>`
          : `<p data-testid="accepts">最快還要換 ${r.shanten} 張才聽牌。有用的牌（進張）：` +
            `${r.accepts.map((a) => `<span data-testid="accept" data-tile="${a.tile}">${tileName(a.tile)}</span>`).join(" ")}` +
            `，共 ${r.accepts.length} 種 ${total(r.accepts)} 張</p>`);
    } else if (n === size + 1 - 3 * k && n > 0) {
      const r = await post("/v1/analyze", { ...body, ...rules });
      const rows = r.discards.map((d) => `<tr data-testid="discard" data-tile="${d.tile}"><td>打 ${tileEl(d.tile, { small: true }).outerHTML}</td>` +
        `<td>${shantenText(d.shanten)}</td><td>${d.waits.length ? "聽 " + d.waits.map((w) => w.name).join(" ") :
        "進 " + d.accepts.map((a) => tileName(a.tile)).join(" ")}</td><td>${d.accepted} 張</td></tr>`);
      out.innerHTML = `<p data-testid="status">${shantenText(r.shanten)}</p>` +
        `<table><thead><tr><th>打牌</th><th>之後</th><th>聽／進張</th><th>張數</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
    } else {
      out.innerHTML = `<p class="hint">目前 ${n} 張；需要 ${size - 3 * k} 張（看聽牌）或 ${size + 1 - 3 * k} 張（看打哪張）。</p>`;
    }
  } catch (e) {
    out.innerHTML = `<p class="error" data-testid="error">${e.message}</p>`;
  }
}

function init() {
  $("palette").replaceChildren(...TILES.map((t) => {
    const el = tileEl(t);
    el.addEventListener("click", () => {
      if ($("meld-mode").checked) {
        // Meld mode: the clicked tiles build the meld; it is added once it has its size.
        const tiles = [...(expand($("meld-tiles").value) || []), t];
        $("meld-tiles").value = notation(tiles);
        const size = ["chi", "pon"].includes($("meld-kind").value) ? 3 : 4;
        if (tiles.length >= size) $("meld-add").click();
        return;
      }
      state.hand.push(t);
      update();
    });
    return el;
  }));
  $("clear").addEventListener("click", () => { state.hand = []; state.melds = []; update(); });
  $("notation").addEventListener("change", (e) => {
    const tiles = expand(e.target.value);
    if (tiles) { state.hand = tiles; update(); }
    else $("result").innerHTML = `<p class="error" data-testid="error">無法讀取：${e.target.value}</p>`;
  });
  $("visible").addEventListener("change", update);
  $("checker-variant").addEventListener("change", update);
  const resize = () => {
    state.hand = state.hand.slice(0, Math.max(0, handSize() + 1 - 3 * meldCount()));
    update();
  };
  $("implied").addEventListener("change", resize);
  $("checker-size").addEventListener("change", resize);
  for (const tab of document.querySelectorAll("nav .tab")) {
    tab.addEventListener("click", () => {
      for (const t of document.querySelectorAll("nav .tab")) t.classList.toggle("active", t === tab);
      for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== tab.dataset.tab;
      if (tab.dataset.tab === "practice" && !quiz.hand.length) newQuiz();
    });
  }
  $("quiz-palette").replaceChildren(...TILES.map((t) => {
    const el = tileEl(t);
    el.addEventListener("click", () => {
      if (quiz.checked) return;
      quiz.picked.has(t) ? quiz.picked.delete(t) : quiz.picked.add(t);
      el.classList.toggle("picked", quiz.picked.has(t));
    });
    return el;
  }));
  $("quiz-check").addEventListener("click", checkQuiz);
  $("quiz-next").addEventListener("click", newQuiz);
  $("meld-add").addEventListener("click", () => {
    const tiles = $("meld-tiles").value.trim();
    const list = expand(tiles);
    if (!list) return;
    state.melds.push({ kind: $("meld-kind").value, tiles, list });
    $("meld-tiles").value = "";
    update();
  });
  render();
}

// 聽牌練習: a random ready hand (five sets and a pair, one tile taken away); the player picks
// the waits, and /v1/waits marks the answer.
const quiz = { hand: [], picked: new Set(), checked: false, right: 0, total: 0 };

function randomReadyHand() {
  for (;;) {
    const left = Object.fromEntries(TILES.map((t) => [t, 4]));
    const take = (t) => (left[t] > 0 ? (left[t]--, true) : false);
    const tiles = [];
    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    let ok = true;
    for (let i = 0; i < 5 && ok; i++) {
      const t = pick(TILES);
      if (t[1] !== "z" && Math.random() < 0.6 && Number(t[0]) <= 7) {
        const run = [0, 1, 2].map((d) => `${Number(t[0]) + d}${t[1]}`);
        ok = run.every(take);
        tiles.push(...run);
      } else {
        ok = take(t) && take(t) && take(t);
        tiles.push(t, t, t);
      }
    }
    const pair = pick(TILES);
    ok = ok && take(pair) && take(pair);
    tiles.push(pair, pair);
    if (!ok) continue;
    tiles.splice(Math.floor(Math.random() * tiles.length), 1);
    return tiles.sort((a, b) => sortKey(a) - sortKey(b));
  }
}

function newQuiz() {
  quiz.hand = randomReadyHand();
  quiz.picked = new Set();
  quiz.checked = false;
  $("quiz-hand").replaceChildren(...quiz.hand.map((t) => tileEl(t)));
  for (const el of $("quiz-palette").children) el.className = el.className.replace(/ (picked|right|wrong|missed)/g, "");
  $("quiz-result").textContent = "";
}

async function checkQuiz() {
  if (quiz.checked) return;
  try {
    const r = await post("/v1/waits", { hand: notation(quiz.hand) });
    const answer = new Set(r.waits.map((w) => w.tile));
    quiz.checked = true;
    let correct = answer.size === quiz.picked.size;
    for (const el of $("quiz-palette").children) {
      const t = el.dataset.tile;
      if (answer.has(t) && quiz.picked.has(t)) el.classList.add("right");
      else if (quiz.picked.has(t)) { el.classList.add("wrong"); correct = false; }
      else if (answer.has(t)) { el.classList.add("missed"); correct = false; }
    }
    quiz.total++;
    if (correct) quiz.right++;
    $("quiz-result").innerHTML = `<p data-testid="quiz-verdict">${correct ? "答對了！" : "再看看："}聽 ` +
      `${r.waits.map((w) => `${w.name}（${w.shapes.map((s) => SHAPES[s]).join("、")}）`).join("、")}</p>`;
    $("quiz-score").textContent = `${quiz.right} / ${quiz.total}`;
  } catch (e) {
    $("quiz-result").innerHTML = `<p class="error">${e.message}</p>`;
  }
}

// 台數計算器: the score endpoint with every context switch and a house-rule panel.
const SEATS = ["座位 0", "座位 1", "座位 2", "座位 3"];
const WINDS = [["E", "東"], ["S", "南"], ["W", "西"], ["N", "北"]];
const FLOWER_NAMES = ["春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"];
const MELD_WORDS = { 吃: "chi", 碰: "pon", 明槓: "minkan", 加槓: "kakan", 暗槓: "ankan" };
const calc = { presets: {} };
const PRESET_NAMES = {
  taiwan: "台灣 16 張（鬥雀）", american: "美國麻將", traditional: "臺灣麻將（傳統）",
  improved16: "改良式十六張（含瀝咕瀝咕、十三么）", hk16: "港澳十六張（番；含瀝姑瀝姑、十三么）",
  three_player: "三人麻將（無二至八萬）", two_player: "兩人麻將（萬子＋字牌）",
};

function options(select, pairs) {
  select.replaceChildren(...pairs.map(([v, t]) => Object.assign(document.createElement("option"), { value: v, textContent: t })));
}

function houseRules() {
  const name = $("calc-form").elements.variant.value;
  const settings = calc.presets[name] || {};
  $("house").replaceChildren(...Object.entries(settings).map(([key, value]) => {
    const label = document.createElement("label");
    label.dataset.key = key;
    const input = document.createElement("input");
    input.dataset.testid = `house-${key}`;
    if (typeof value === "boolean") { input.type = "checkbox"; input.checked = value; label.className = "check"; }
    else if (typeof value === "number") { input.type = "number"; input.value = value; }
    else input.value = value;
    input.addEventListener("change", () => label.classList.toggle("changed", readSetting(input) !== value));
    label.append(input, " " + key);
    return label;
  }));
}

function readSetting(input) {
  return input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
}

function overrides() {
  const name = $("calc-form").elements.variant.value;
  const base = calc.presets[name] || {};
  const out = {};
  for (const label of $("house").children) {
    const v = readSetting(label.querySelector("input"));
    if (v !== base[label.dataset.key]) out[label.dataset.key] = v;
  }
  return out;
}

function parseMelds(text) {
  return text.split(/[,，、]/).map((s) => s.trim()).filter(Boolean).map((s) => {
    const [kind, tiles] = s.split(/\s+/);
    return { kind: MELD_WORDS[kind] || kind, tiles: tiles || "" };
  });
}

function scoreRequest() {
  const f = $("calc-form").elements;
  const context = {
    winner: Number(f.winner.value), dealer: Number(f.dealer.value), streak: Number(f.streak.value),
    seat_wind: f.seat_wind.value, round_wind: f.round_wind.value, win: f.win.value,
    last_tile: f.last_tile.checked, first_turn: f.first_turn.checked,
  };
  if (["discard", "robbing_kong", "flower_rob_draw"].includes(f.win.value)) context.from_seat = Number(f.from_seat.value);
  if (f.declared.value) context.declared = f.declared.value;
  const dice = f.dice.value.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  if (dice.length) context.dice = dice;
  if (f.discards.value !== "") context.discards = Number(f.discards.value);
  const flowers = [...document.querySelectorAll("#calc-form .flowers input:checked")].map((i) => i.value).join("");
  return {
    variant: f.variant.value, overrides: overrides(), hand: f.hand.value.trim(), win_tile: f.win_tile.value.trim(),
    melds: parseMelds(f.melds.value), flowers, context, why_not: f.why_not.checked,
  };
}

function scoreTable(r, unit) {
  const items = [...r.items, ...r.dealer_items].map((i) => `<tr data-testid="item" data-key="${i.key}"><td>${i.name}</td><td>${i.tai} ${unit}</td></tr>`).join("");
  const pays = r.payments.map((p) => `<tr data-testid="payment" data-payer="${p.payer}"><td>${SEATS[p.payer]}</td>` +
    `<td>${p.base_tai}</td><td>${p.hand_tai}</td><td>${p.dealer_tai}</td><td data-testid="pay-total">${p.total_tai} ${unit}</td><td>${p.money}</td></tr>`).join("");
  const why = r.why_not.length ? `<h3>沒算到的台</h3><ul>${r.why_not.map((n) => `<li data-testid="why-not" data-key="${n.key}">${n.reason}</li>`).join("")}</ul>` : "";
  return `<p class="total" data-testid="total">${r.total_tai} ${unit}${r.dealer_tai && r.dealer_items.length ? `（莊家${unit} ${r.dealer_tai}）` : ""}</p>` +
    (r.allowed ? "" : `<p class="error" data-testid="not-allowed">不夠起胡${unit}數，不能胡。</p>`) +
    `<p>拆法：${r.decomposition.join(" ")}${r.melds.map((m) => " " + m.tiles).join("")}</p>` +
    `<table><thead><tr><th>${unit}</th><th>${unit}數</th></tr></thead><tbody>${items}</tbody></table>` +
    `<h3>誰付多少</h3><table><thead><tr><th>付錢的人</th><th>底</th><th>牌面</th><th>莊家台</th><th>合計</th><th>金額</th></tr></thead><tbody>${pays}</tbody></table>` +
    `<p data-testid="net">各家得分：${r.net_tai.map((n, i) => `${SEATS[i]} ${n > 0 ? "+" : ""}${n}`).join("、")}</p>` + why;
}

async function initCalculator() {
  const f = $("calc-form").elements;
  for (const name of ["winner", "dealer", "from_seat"]) options(f[name], SEATS.map((s, i) => [i, s]));
  f.from_seat.value = "2";
  options(f.seat_wind, WINDS);
  options(f.round_wind, WINDS);
  $("calc-flowers").append(...FLOWER_NAMES.map((n, i) => {
    const l = document.createElement("label");
    l.innerHTML = `<input type="checkbox" value="${i + 1}f" data-testid="flower-${i + 1}f"> ${n}`;
    return l;
  }));
  try {
    const r = await fetch("/v1/variants");
    for (const v of await r.json()) calc.presets[v.name] = v.settings;
    const names = Object.keys(calc.presets).map((n) => [n, PRESET_NAMES[n] || n]);
    options(f.variant, names);
    // The wait checker offers every preset too: special shapes and the tile set follow it.
    const checker = $("checker-variant");
    const chosen = checker.value;
    options(checker, [["", "台灣 16 張（只算五組面子＋一對）"], ...names.filter(([n]) => n !== "taiwan")]);
    checker.value = chosen;
    houseRules();
  } catch (e) {
    $("calc-result").innerHTML = `<p class="error">${e.message}</p>`;
  }
  f.variant.addEventListener("change", houseRules);
  $("calc-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const req = scoreRequest();
      const unit = (calc.presets[req.variant] || {}).unit || "台";
      $("calc-result").innerHTML = scoreTable(await post("/v1/score", req), unit);
    } catch (e) {
      $("calc-result").innerHTML = `<p class="error" data-testid="calc-error">${e.message}</p>`;
    }
  });
}

init();
initCalculator();
