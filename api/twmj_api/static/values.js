// Beside each wait, what it is worth under the checker's preset: /v1/wait_values.
import { post, unitOf } from "./data.js";

/** Fills the `value` cell of each wait row of `tbody` (rows keyed by `data-tile`). */
export async function waitValues(body, tbody, preset) {
  const request = { hand: body.hand, melds: body.melds, variant: body.variant };
  if (body.overrides) request.overrides = body.overrides;
  let values;
  try {
    values = await post("/v1/wait_values", request);
  } catch {
    return; // the waits are shown already; a value the server cannot give stays blank
  }
  const unit = unitOf(preset);
  const say = (w) => (w.allowed ? `${w.total_tai} ${unit}` : `${w.total_tai} ${unit}（不夠起胡）`);
  for (const v of values) {
    const cell = tbody.querySelector(`tr[data-tile="${v.tile}"] [data-testid=value]`);
    if (cell) cell.textContent = `放槍 ${say(v.on_discard)}・自摸 ${say(v.on_self_draw)}`;
  }
}
