// The page: reads what it knows from the server once, then starts one module per tool.
import { ApiError, load, post } from "./data.js";
import { Checker } from "./checker.js";
import { Quiz } from "./quiz.js";
import { Calculator } from "./calculator.js";
import { Table } from "./table.js";

function tabs(onShow) {
  const all = [...document.querySelectorAll("nav .tab")];
  for (const tab of all) {
    tab.addEventListener("click", () => {
      for (const t of all) {
        t.classList.toggle("active", t === tab);
        t.setAttribute("aria-pressed", String(t === tab));
      }
      for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== tab.dataset.tab;
      onShow(tab.dataset.tab);
    });
  }
  return (name) => all.find((t) => t.dataset.tab === name).click();
}

async function main() {
  try {
    await load();
  } catch {
    const box = document.getElementById("load-error");
    box.textContent = "連不上伺服器，請重新整理頁面。";
    box.hidden = false;
    return;
  }
  const calculator = new Calculator();
  const quiz = new Quiz();
  const table = new Table({ house: calculator.house });
  const open = tabs((name) => {
    if (name === "practice" && !quiz.started) quiz.next();
    if (name === "table") table.open();
  });
  const checker = new Checker({
    toCalculator: (win) => {
      open("calculator");
      calculator.fill(win);
    },
  });
  // A shared rule card (`?rules=CARD`, 分享家規) opens the calculator with its preset and
  // settings, and the checker with its preset and hand size; `#checker` shows the checker.
  const card = new URLSearchParams(location.search).get("rules");
  if (card) {
    try {
      const opened = await post("/v1/card", { rules: card });
      calculator.openCard(opened);
      checker.openCard(opened);
      open(location.hash === "#checker" ? "checker" : "calculator");
    } catch (e) {
      const box = document.getElementById("load-error");
      box.textContent = `這張規則卡打不開：${e instanceof ApiError ? (e.message_zh || e.message) : card}`;
      box.hidden = false;
    }
  }
  document.body.dataset.ready = "true";
}

main();
