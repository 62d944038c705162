// 家規: the preset's settings as controls generated from the settings registry (/v1/settings:
// each setting's Chinese name, its group, choices as menus, ranges as number inputs, switches as
// checkboxes) and the tai items by their names; the player's edits are kept across a preset
// change until reset on purpose.
import { data, settingSpec, term } from "./data.js";

/** Integer ranges shorter than this are menus. */
const MENU = 8;

/** `doc` with the registry's keys (`tai_money`) and this setting's choice values
 * (`zhongyong`) written as their Chinese names. */
function plain(doc, e) {
  const names = new Map(data.registry.filter((r) => !r.key.includes("<")).map((r) => [r.key, r.name]));
  if (e.choices && e.choice_names) e.choices.forEach((c, i) => names.set(String(c), e.choice_names[i]));
  return doc.replace(/[a-z][a-z0-9_.]*[a-z0-9]/g, (w) => names.get(w) ?? w);
}

export class House {
  constructor(root, reset) {
    this.root = root;
    this.edits = {};
    this.preset = null;
    reset.addEventListener("click", () => { this.edits = {}; this.show(this.preset); });
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
    const family = data.registry.find((e) => e.key.startsWith("tai.") && e.key.endsWith("<item>"));
    for (const e of data.registry) {
      if (e === family || this.defaultOf(e.key) === undefined) continue;
      add(e.layer, e.layer_name, { ...e, label: e.name });
    }
    if (family) {
      for (const key of Object.keys(data.presets[this.preset].settings).filter((k) => k.startsWith("tai."))) {
        add("tai", family.name, { ...family, key, label: term("items", key.slice(4)).name });
      }
    }
    return [...groups.values()];
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
    else input.value = String(value);
    input.closest("label").classList.toggle("changed", value !== this.defaultOf(key));
  }

  control(e) {
    const base = this.defaultOf(e.key);
    const value = e.key in this.edits ? this.edits[e.key] : base;
    const label = document.createElement("label");
    label.dataset.key = e.key;
    let input;
    if (e.type === "boolean") {
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
    const read = () => (input.type === "checkbox" ? input.checked : e.type === "integer" ? Number(input.value) : input.value);
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
