// The melds in front of a player (吃碰槓): typed or picked, checked by the server when added,
// shown inline; the checker and the calculator each hold one list.
import { data, post, term, termList } from "./data.js";
import { read, tileEl, text } from "./tiles.js";
import { show, clear } from "./messages.js";

export class Melds {
  /**
   * `root` receives the controls; `id` prefixes the test ids (`meld-kind`, `calc-meld-kind`);
   * `onAdd(meld)` and `onRemove(meld)` run after the list changed.
   */
  constructor(root, id, { onAdd, onRemove }) {
    this.list = [];
    this.onAdd = onAdd;
    this.onRemove = onRemove;
    this.picking = [];
    // The readings still out (a meld typed or picked): a 算台 waits for them, so it never
    // scores the hand without a meld the player has just added.
    this.out = new Set();
    const tid = (name) => (id ? `${id}-${name}` : name);
    root.innerHTML = `
      <fieldset class="melds-edit"><legend>副露（吃、碰、槓）</legend>
        <div class="row">
          <label>哪一種 <select data-testid="${tid("meld-kind")}"></select></label>
          <label class="grow">哪幾張 <input data-testid="${tid("meld-tiles")}" data-field="meld" placeholder="555p 或 東東東" autocomplete="off"></label>
          <button type="button" data-testid="${tid("meld-add")}">加入副露</button>
        </div>
        <label class="check"><input type="checkbox" data-testid="${tid("meld-mode")}"> 改成點選下面的牌組成副露</label>
        <div class="meld-msg" data-testid="${tid("meld-error")}" aria-live="polite"></div>
        <ul class="melds" data-testid="${tid("melds")}" aria-label="副露"></ul>
      </fieldset>`;
    this.root = root;
    this.kind = root.querySelector("select");
    this.tiles = root.querySelector("input[data-field]");
    this.mode = root.querySelector("input[type=checkbox]");
    this.msg = root.querySelector(".meld-msg");
    this.ul = root.querySelector("ul");
    this.kind.replaceChildren(...termList("meld_kinds").map((t) => new Option(t.name, t.key)));
    root.querySelector("button").addEventListener("click", () => this.addTyped());
    this.tiles.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); this.addTyped(); }
    });
    this.mode.addEventListener("change", () => { this.picking = []; this.tiles.value = ""; });
  }

  /** Offers only the meld kinds `settings` play: no 吃 where `chi_allowed` is off (004 三人麻將
   * 多數不能吃; the preset's settings, read from the API). */
  follow(settings) {
    const was = this.kind.value;
    const kinds = termList("meld_kinds").filter((t) => t.key !== "chi" || settings.chi_allowed !== false);
    this.kind.replaceChildren(...kinds.map((t) => new Option(t.name, t.key)));
    if (kinds.some((t) => t.key === was)) this.kind.value = was;
  }

  /** Settles when every meld being read is in (or refused). */
  async settled() {
    while (this.out.size) await Promise.allSettled([...this.out]);
  }

  /** `promise`, counted among the readings out until it settles. */
  track(promise) {
    this.out.add(promise);
    const done = () => this.out.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /** True while palette clicks build a meld instead of the hand. */
  get isPicking() {
    return this.mode.checked;
  }

  /** A palette click in picking mode: the meld is added as soon as the server accepts it. */
  pick(code) {
    return this.track(this.picked(code));
  }

  async picked(code) {
    this.picking.push(code);
    const notation = text(this.picking);
    const kind = this.kind.value;
    this.tiles.value = notation;
    // A meld has at most as many tiles as there are copies of a kind (a kong): past that the
    // picked tiles cannot become one, so the refusal shows and the picking starts again.
    const full = this.picking.length >= data.copies;
    // Asked as a batch item: a meld not complete yet is the normal case here, answered with
    // its reason, not a failed request (no 422 in the console for each tile picked).
    clear(this.root);
    this.msg.replaceChildren();
    let item;
    try {
      [item] = await post("/v1/tiles/read/melds", { melds: [{ kind, text: notation }] });
    } catch (err) {
      show(err, this.msg, this.root);
      this.picking = [];
      return;
    }
    if (item.result) {
      this.picking = [];
      this.accept({ kind, tiles: item.result.tiles });
    } else if (full) {
      this.picking = [];
      show({ ...item.error, field: "meld" }, this.msg, this.root);
    }
  }

  /** A meld the server read: listed, the box emptied. */
  accept(meld) {
    this.list.push(meld);
    this.tiles.value = "";
    this.render();
    this.onAdd(meld);
  }

  addTyped() {
    return this.track(this.add(this.kind.value, this.tiles.value));
  }

  /** Reads `notation` as a meld of `kind`; adds it, or says why not and outlines the box. */
  async add(kind, notation) {
    clear(this.root);
    this.msg.replaceChildren();
    let tiles;
    try {
      tiles = await read(notation, kind);
    } catch (err) {
      if (err.field === "text") err.field = "meld";
      show(err, this.msg, this.root);
      return false;
    }
    this.accept({ kind, tiles });
    return true;
  }

  remove(i) {
    const [meld] = this.list.splice(i, 1);
    this.render();
    this.onRemove(meld);
  }

  clear() {
    this.list = [];
    this.picking = [];
    this.tiles.value = "";
    this.msg.replaceChildren();
    this.render();
  }

  /** The melds as the API takes them. */
  request() {
    return this.list.map((m) => ({ kind: m.kind, tiles: text(m.tiles) }));
  }

  render() {
    this.ul.replaceChildren(...this.list.map((m, i) => {
      const li = document.createElement("li");
      li.dataset.testid = "meld";
      const name = document.createElement("span");
      name.className = "meld-kind";
      name.textContent = term("meld_kinds", m.kind).name;
      const tiles = document.createElement("span");
      tiles.className = "meld-tiles";
      tiles.append(...m.tiles.map((t) => tileEl(t, { small: true })));
      const x = document.createElement("button");
      x.type = "button";
      x.textContent = "移除";
      x.setAttribute("aria-label", `移除這組${name.textContent}`);
      x.addEventListener("click", () => this.remove(i));
      li.append(name, tiles, x);
      return li;
    }));
  }
}
