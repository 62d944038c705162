"use strict";
// The wait checker: build a hand by clicking tiles; 16 − 3k tiles ask /v1/waits, 17 − 3k ask /v1/analyze.

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

function render() {
  state.hand.sort((a, b) => sortKey(a) - sortKey(b));
  const hand = $("hand");
  hand.replaceChildren(...state.hand.map((t, i) => {
    const el = tileEl(t);
    el.addEventListener("click", () => { state.hand.splice(i, 1); update(); });
    return el;
  }));
  $("count").textContent = `${state.hand.length} 張`;
  const max = 17 - 3 * state.melds.length;
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
  const k = state.melds.length;
  const out = $("result");
  const body = { hand: notation(state.hand), melds: state.melds.map((m) => ({ kind: m.kind, tiles: m.tiles })) };
  const visible = $("visible").value.trim();
  if (visible) body.visible = visible;
  try {
    if (n === 16 - 3 * k && n > 0) {
      const r = await post("/v1/waits", body);
      out.innerHTML = `<p data-testid="status">${shantenText(r.shanten)}</p>` +
        (r.tenpai ? waitsTable(r.waits) + `<p>共 ${r.waits.length} 種 ${r.waits.reduce((a, w) => a + w.remaining, 0)} 張</p>` : "");
    } else if (n === 17 - 3 * k && n > 0) {
      const r = await post("/v1/analyze", body);
      const rows = r.discards.map((d) => `<tr data-testid="discard" data-tile="${d.tile}"><td>打 ${tileEl(d.tile, { small: true }).outerHTML}</td>` +
        `<td>${shantenText(d.shanten)}</td><td>${d.waits.length ? "聽 " + d.waits.map((w) => w.name).join(" ") :
        "進 " + d.accepts.map((a) => tileName(a.tile)).join(" ")}</td><td>${d.accepted} 張</td></tr>`);
      out.innerHTML = `<p data-testid="status">${shantenText(r.shanten)}</p>` +
        `<table><thead><tr><th>打牌</th><th>之後</th><th>聽／進張</th><th>張數</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
    } else {
      out.innerHTML = `<p class="hint">目前 ${n} 張；需要 ${16 - 3 * k} 張（看聽牌）或 ${17 - 3 * k} 張（看打哪張）。</p>`;
    }
  } catch (e) {
    out.innerHTML = `<p class="error" data-testid="error">${e.message}</p>`;
  }
}

function init() {
  $("palette").replaceChildren(...TILES.map((t) => {
    const el = tileEl(t);
    el.addEventListener("click", () => { state.hand.push(t); update(); });
    return el;
  }));
  $("clear").addEventListener("click", () => { state.hand = []; state.melds = []; update(); });
  $("notation").addEventListener("change", (e) => {
    const tiles = expand(e.target.value);
    if (tiles) { state.hand = tiles; update(); }
    else $("result").innerHTML = `<p class="error" data-testid="error">無法讀取：${e.target.value}</p>`;
  });
  $("visible").addEventListener("change", update);
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

init();
