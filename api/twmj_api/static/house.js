// 家規: the preset's settings as controls generated from the settings registry (choices as
// menus, ranges as number inputs, switches as checkboxes), grouped by what reads them; the
// player's edits are kept across a preset change until reset on purpose.
import { data } from "./data.js";

/** The registry's groups, in the order shown; the scoring settings come first and open. */
const LAYER_TITLES = { scoring: "算台", flow: "玩法（不影響算台）", analysis: "牌型（聽牌、胡牌的認定）" };

export class House {
  constructor(root, reset) {
    this.root = root;
    this.edits = {};
    this.preset = null;
    reset.addEventListener("click", () => { this.edits = {}; this.show(this.preset); });
  }

  /** The registry entries, or one plain entry per setting when the server has no registry. */
  entries() {
    if (data.registry.length) return data.registry;
    return Object.entries(data.presets[this.preset].settings).map(([key, value]) => ({
      key, type: typeof value === "boolean" ? "bool" : typeof value === "number" ? "int" : "text", layer: "scoring",
    }));
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

  show(preset) {
    this.preset = preset;
    const groups = {};
    for (const e of this.entries()) {
      if (this.defaultOf(e.key) === undefined) continue;
      (groups[e.layer || "scoring"] ||= []).push(e);
    }
    const order = [...Object.keys(LAYER_TITLES).filter((k) => groups[k]), ...Object.keys(groups).filter((k) => !(k in LAYER_TITLES))];
    this.root.replaceChildren(...order.map((layer) => {
      const box = document.createElement("details");
      box.className = "house-group";
      box.dataset.layer = layer;
      box.open = layer === "scoring";
      const sum = document.createElement("summary");
      sum.textContent = LAYER_TITLES[layer] || layer;
      const grid = document.createElement("div");
      grid.className = "grid";
      grid.append(...groups[layer].map((e) => this.control(e)));
      box.append(sum, grid);
      return box;
    }));
  }

  control(e) {
    const base = this.defaultOf(e.key);
    const value = e.key in this.edits ? this.edits[e.key] : base;
    const label = document.createElement("label");
    label.dataset.key = e.key;
    label.title = (e.doc && (e.doc.zh || e.doc.en)) || "";
    let input;
    const choices = e.choices || null;
    if (e.type === "bool" || typeof base === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = value;
      label.className = "check";
    } else if (choices) {
      input = document.createElement("select");
      input.append(...choices.map((c) => (typeof c === "object" ? new Option(c.name || c.key, c.key) : new Option(String(c), String(c)))));
      input.value = String(value);
    } else if (e.type === "int" || typeof base === "number") {
      input = document.createElement("input");
      input.type = "number";
      if (e.min !== undefined && e.min !== null) input.min = String(e.min);
      if (e.max !== undefined && e.max !== null) input.max = String(e.max);
      input.value = String(value);
    } else {
      input = document.createElement("input");
      input.value = String(value);
    }
    input.dataset.testid = `house-${e.key}`;
    input.dataset.field = `overrides.${e.key}`;
    const read = () => (input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value)
      : typeof base === "number" ? Number(input.value) : input.value);
    input.addEventListener("change", () => {
      const v = read();
      if (v === base) delete this.edits[e.key];
      else this.edits[e.key] = v;
      label.classList.toggle("changed", v !== base);
    });
    label.classList.toggle("changed", value !== base);
    const name = e.name || (e.doc && e.doc.zh) || e.key;
    if (input.type === "checkbox") label.append(input, ` ${name}`);
    else label.append(`${name} `, input);
    return label;
  }
}
