// The demo's wait checker: the package answers in the browser; nothing is sent anywhere.
import { waits, SHAPE_NAMES, version } from "../pkg/index.js";

const form = document.getElementById("form");
const input = document.getElementById("hand");
const status = document.getElementById("status");
const table = document.getElementById("waits");
const body = table.querySelector("tbody");

function show() {
  body.replaceChildren();
  table.hidden = true;
  status.className = "";
  let w;
  try {
    w = waits(input.value);
  } catch (e) {
    // Every error is a TwmjError with the core's Chinese message.
    status.className = "error";
    status.textContent = e.messageZh || e.message;
    return;
  }
  if (!w.tenpai) {
    status.textContent = `還沒聽牌：${w.shanten} 向聽（進張 ${w.accepts.map((a) => a.tile).join(" ")}）`;
    return;
  }
  status.textContent = `聽 ${w.waits.length} 種牌`;
  for (const x of w.waits) {
    const row = document.createElement("tr");
    row.dataset.tile = x.tile;
    for (const text of [x.tile, x.name, x.shapes.map((s) => SHAPE_NAMES[s]).join("、"), String(x.remaining)]) {
      const td = document.createElement("td");
      td.textContent = text;
      row.append(td);
    }
    body.append(row);
  }
  table.hidden = false;
}

form.addEventListener("submit", (e) => {
  e.preventDefault();
  show();
});
document.title += ` — twmj ${version}`;
show();
