// 家規: the preset's settings as controls generated from the settings registry (/v1/settings:
// each setting's Chinese name, its group, choices as menus, ranges as number inputs, switches as
// checkboxes) and the tai items by their names; the player's edits are kept across a preset
// change until reset on purpose.
import {
  ApiError,
  EXCLUDE,
  TAI,
  data,
  familyEntry,
  familyMembers,
  familyOf,
  post,
  settingSpec,
  term,
  termList,
} from "./data.js";

/** Integer ranges shorter than this are menus. */
const MENU = 8;

/** What `"*"` means in an exclusion: every other item (a fixed total, 天胡 固定 24 台). */
const EVERY = "*";

/** `doc` with the registry's keys (`tai_money`) and this setting's choice values
 * (`zhongyong`) written as their Chinese names. */
function plain(doc, e) {
  const names = new Map(data.registry.filter((r) => !r.key.includes("<")).map((r) => [r.key, r.name]));
  if (e.choices && e.choice_names) e.choices.forEach((c, i) => names.set(String(c), e.choice_names[i]));
  return doc.replace(/[a-z][a-z0-9_.]*[a-z0-9]/g, (w) => names.get(w) ?? w);
}

/** Selects in `select` the items of an exclusion's value (`"a,b"`, or `"*"`). */
function pick(select, value) {
  const text = String(value);
  // `*-a,b`: every other item but those.
  const kept = text.startsWith(`${EVERY}-`) ? new Set(text.slice(2).split(",")) : null;
  const on = new Set(text.split(","));
  for (const o of select.options) o.selected = kept ? o.value !== EVERY && !kept.has(o.value) : on.has(o.value);
}

/** An exclusion's value from its list: `"*"` when every other item is picked, else the picked
 * keys in the items' order joined by commas (as the core writes it). */
function picked(select) {
  const keys = [...select.selectedOptions].map((o) => o.value);
  return keys.includes(EVERY) ? EVERY : keys.join(",");
}

export class House {
  constructor(root, reset) {
    this.root = root;
    this.edits = {};
    this.preset = null;
    reset.addEventListener("click", () => { this.edits = {}; this.show(this.preset); });
  }

  /** 「分享家規」: the rule card of the preset with the edits, the addresses that open the
   * calculator and the checker with it, and its QR code (drawn by the service). */
  share(button, box, preset) {
    button.addEventListener("click", async () => {
      box.hidden = false;
      try {
        const c = await post("/v1/card", { variant: preset(), overrides: this.overrides() });
        const code = document.createElement("code");
        code.dataset.testid = "house-card-code";
        code.textContent = c.card;
        const links = [["台數計算", c.calculator, "house-card-calculator"], ["聽牌檢查", c.checker, "house-card-checker"]]
          .map(([name, href, id]) => {
            const a = document.createElement("a");
            a.href = href;
            a.textContent = `用這套家規開${name}`;
            a.dataset.testid = id;
            return a;
          });
        const img = document.createElement("img");
        img.alt = "家規的 QR code";
        img.dataset.testid = "house-card-qr";
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.qr_svg)}`;
        box.replaceChildren("規則卡：", code, document.createElement("br"), ...links.flatMap((a) => [a, " "]),
          document.createElement("br"), img);
      } catch (e) {
        box.textContent = e instanceof ApiError ? (e.message_zh || e.message) : "分享失敗";
      }
    });
  }

  /** 「跟…比較」: the settings on which this rule set and another card differ, by name. */
  compare(button, input, box, preset) {
    button.addEventListener("click", async () => {
      try {
        const mine = await post("/v1/card", { variant: preset(), overrides: this.overrides() });
        const rows = await post("/v1/card/diff", { left: mine.card, right: input.value.trim() });
        if (!rows.length) {
          box.textContent = "兩套家規一樣。";
          return;
        }
        const table = document.createElement("table");
        table.dataset.testid = "house-diff-table";
        const show = (v) => (v === null ? "（沒有這項）" : v === "" ? "（都另計）" : v === "*" ? "（其他一律不計）" : String(v));
        const head = table.insertRow();
        for (const t of ["家規", "這邊", "對方"]) head.insertCell().textContent = t;
        for (const r of rows) {
          const tr = table.insertRow();
          tr.dataset.key = r.key;
          for (const t of [r.name, show(r.left), show(r.right)]) tr.insertCell().textContent = t;
        }
        box.replaceChildren(table);
      } catch (e) {
        box.textContent = e instanceof ApiError ? (e.message_zh || e.message) : "比較失敗";
      }
    });
  }

  defaultOf(key) {
    return data.presets[this.preset].settings[key];
  }

  /** The preset's settings with the player's edits on top. */
  settings() {
    const out = { ...data.presets[this.preset].settings };
    for (const [k, v] of Object.entries(this.edits)) if (k in out) out[k] = v;
    return out;
  }

  /** The edits that differ from the preset, as `/v1/score` takes them. */
  overrides() {
    const out = {};
    for (const [k, v] of Object.entries(this.edits)) if (this.defaultOf(k) !== undefined && this.defaultOf(k) !== v) out[k] = v;
    return out;
  }

  /** The groups to show: the registry's settings by layer (in the registry's order), then the
   * preset's tai items under the family's name. */
  groups() {
    const groups = new Map();
    const add = (id, title, entry) => {
      if (!groups.has(id)) groups.set(id, { id, title, entries: [] });
      groups.get(id).entries.push(entry);
    };
    const family = familyEntry(TAI);
    for (const e of data.registry) {
      if (e === family || this.defaultOf(e.key) === undefined) continue;
      add(e.layer, e.layer_name, { ...e, label: e.name });
    }
    if (family) {
      for (const [key, item] of familyMembers(this.preset, TAI)) {
        add(TAI, family.name, { ...family, key, label: term("items", item).name });
      }
    }
    // The 備註 of each item the table has: the items not counted beside it, picked by name.
    const exclude = familyEntry(EXCLUDE);
    if (exclude) {
      for (const [key, item] of familyMembers(this.preset, EXCLUDE)) {
        add(EXCLUDE, exclude.name, { ...exclude, key, items: true, label: `${term("items", item).name} 不另計` });
      }
    }
    return [...groups.values()];
  }

  /** The items a 備註 of `key` may name: the preset's table and what its value already names,
   * in the items' order. */
  itemChoices(key, value) {
    const own = familyOf(key).item;
    const named = new Set(value === EVERY ? [] : String(value).split(",").filter(Boolean));
    for (const [, item] of familyMembers(this.preset, TAI)) named.add(item);
    named.delete(own);
    return termList("items").map((t) => t.key).filter((k) => named.has(k));
  }

  show(preset) {
    this.preset = preset;
    this.root.replaceChildren(...this.groups().map((g) => {
      const box = document.createElement("details");
      box.className = "house-group";
      box.dataset.layer = g.id;
      box.dataset.testid = `house-group-${g.id}`;
      box.open = g.id === "scoring";
      const sum = document.createElement("summary");
      sum.textContent = g.title;
      const grid = document.createElement("div");
      grid.className = "grid";
      grid.append(...g.entries.map((e) => this.control(e)));
      box.append(sum, grid);
      return box;
    }));
  }

  /** Sets `key` to `value` as an edit (or drops the edit when it is the preset's), then what
   * the core requires along with it (`requires`: 13 tiles need 瀝咕瀝咕 off). */
  edit(key, value) {
    if (value === this.defaultOf(key)) delete this.edits[key];
    else this.edits[key] = value;
    for (const r of (settingSpec(key) || {}).requires || []) {
      if (r.when === value && this.settings()[r.key] !== r.value && this.defaultOf(r.key) !== undefined) {
        this.edit(r.key, r.value);
        this.refresh(r.key);
      }
    }
  }

  /** Shows the current value of `key` in its control. */
  refresh(key) {
    const input = this.root.querySelector(`[data-field="overrides.${CSS.escape(key)}"]`);
    if (!input) return;
    const value = this.settings()[key];
    if (input.type === "checkbox") input.checked = value;
    else if (input.multiple) pick(input, value);
    else input.value = String(value);
    input.closest("label").classList.toggle("changed", value !== this.defaultOf(key));
  }

  control(e) {
    const base = this.defaultOf(e.key);
    const value = e.key in this.edits ? this.edits[e.key] : base;
    const label = document.createElement("label");
    label.dataset.key = e.key;
    let input;
    if (e.items) {
      // A set of items: a list to pick several from, its first entry every other item.
      input = document.createElement("select");
      input.multiple = true;
      input.size = 4;
      input.append(new Option("其他台項一律不計（固定台數）", EVERY),
        ...this.itemChoices(e.key, value).map((k) => new Option(term("items", k).name, k)));
      pick(input, value);
    } else if (e.type === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
      label.className = "check";
    } else if (e.choices) {
      input = document.createElement("select");
      input.append(...e.choices.map((c, i) => new Option(e.choice_names ? e.choice_names[i] : String(c), String(c))));
      input.value = String(value);
    } else if (e.type === "integer" && Number.isInteger(e.minimum) && Number.isInteger(e.maximum) &&
               e.maximum - e.minimum < MENU) {
      // A short range (玩家人數 2–4) is a menu of its values, not a box taking any number.
      input = document.createElement("select");
      for (let n = e.maximum; n >= e.minimum; n--) input.append(new Option(String(n), String(n)));
      input.value = String(value);
    } else {
      input = document.createElement("input");
      input.type = "number";
      if (e.minimum !== null && e.minimum !== undefined) input.min = String(e.minimum);
      if (e.maximum !== null && e.maximum !== undefined) input.max = String(e.maximum);
      input.value = String(value);
    }
    input.dataset.testid = `house-${e.key}`;
    input.dataset.field = `overrides.${e.key}`;
    const read = () => (input.type === "checkbox" ? input.checked : input.multiple ? picked(input)
      : e.type === "integer" ? Number(input.value) : input.value);
    input.addEventListener("change", () => {
      this.edit(e.key, read());
      label.classList.toggle("changed", read() !== base);
      this.onChange?.();
    });
    label.classList.toggle("changed", value !== base);
    if (input.type === "checkbox") label.append(input, ` ${e.label}`);
    else label.append(`${e.label} `, input);
    // What the setting does, on the page (a phone has no hover), in the words the page uses;
    // read to a screen reader as the control's description.
    if (!e.doc_zh) return label;
    const box = document.createElement("div");
    box.className = "setting";
    const doc = document.createElement("small");
    doc.className = "hint doc";
    doc.id = `doc-${e.key}`;
    doc.dataset.testid = "house-doc";
    doc.textContent = plain(e.doc_zh, e);
    input.setAttribute("aria-describedby", doc.id);
    box.append(label, doc);
    return box;
  }
}
