// One tool's requests (issue 32): only the answer to its latest request is shown, and while a
// request is out the tool says so (its result region busy and reading 計算中…, its buttons
// marked busy), so an answer never stands beside a form or a count it does not belong to.
// Every tool (the checker, the values beside its waits, the practice, the calculator) asks
// through one of these.

export class Latest {
  /** `region` shows the answers (null: the caller shows its own loading state); `buttons` are
   * marked busy while a request is out. */
  constructor(region, buttons = []) {
    this.region = region;
    this.buttons = buttons;
    this.seq = 0;
  }

  /** A new request: whatever was out before will not be shown. Returns its token. */
  start({ loading = true } = {}) {
    const token = ++this.seq;
    this.mark(true);
    if (loading && this.region) {
      const p = document.createElement("p");
      p.className = "hint loading";
      p.dataset.testid = "loading";
      p.textContent = "計算中…";
      this.region.replaceChildren(p);
    }
    return token;
  }

  /** Whether `token` is still the latest request. */
  current(token) {
    return token === this.seq;
  }

  /** Drops whatever is out (the input now asks nothing, or shows its own answer at once). */
  drop() {
    this.seq++;
    this.mark(false);
  }

  /**
   * Runs `work()` (a promise of the answer) as the latest request. When it settles and no later
   * request started meanwhile, `done(answer)` runs, or `failed(error)`; a superseded answer is
   * dropped. Returns whether the answer was shown. `done` and `failed` run synchronously, so
   * nothing can slip in between the check and the showing: `work` does all the asking.
   */
  async run(work, done, failed, options = {}) {
    const token = this.start(options);
    let ok = true;
    let value;
    try {
      value = await work();
    } catch (err) {
      ok = false;
      value = err;
    }
    if (!this.current(token)) return false;
    this.mark(false);
    if (ok) done(value);
    else failed(value);
    return true;
  }

  mark(busy) {
    if (this.region) this.region.setAttribute("aria-busy", String(busy));
    for (const b of this.buttons) {
      b.setAttribute("aria-busy", String(busy));
      b.classList.toggle("busy", busy);
    }
  }
}
