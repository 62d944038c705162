// Beside each wait, what it is worth under the checker's preset: /v1/wait_values. An error is
// shown (in Chinese, below the table), never hidden: a blank cell would read as "worth nothing".
import { post, unitOf } from "./data.js";
import { show } from "./messages.js";

/** Fills the `value` cell of each wait row of `tbody` (rows keyed by `data-tile`) through
 * `latest` (the checker's values requests: an older table's answer is dropped); an error goes
 * to `box`. */
export function waitValues(body, tbody, preset, latest, box) {
  const request = { hand: body.hand, melds: body.melds, variant: body.variant };
  if (body.overrides) request.overrides = body.overrides;
  const cells = [...tbody.querySelectorAll("[data-testid=value]")];
  for (const c of cells) c.textContent = "計算中…";
  return latest.run(() => post("/v1/wait_values", request), (values) => {
    const unit = unitOf(preset);
    const say = (w) => (w.allowed ? `${w.total_tai} ${unit}` : `${w.total_tai} ${unit}（不夠起胡）`);
    for (const v of values) {
      const cell = tbody.querySelector(`tr[data-tile="${v.tile}"] [data-testid=value]`);
      if (cell) cell.textContent = `放槍 ${say(v.on_discard)}・自摸 ${say(v.on_self_draw)}`;
    }
  }, (err) => {
    for (const c of cells) c.textContent = "算不出來";
    show(err, box, box);
    box.querySelector("[data-testid=error]").prepend("值多少算不出來：");
  }, { loading: false });
}
