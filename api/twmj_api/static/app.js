// The page: reads what it knows from the server once, then starts one module per tool.
import { load } from "./data.js";
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
  new Checker({
    toCalculator: (win) => {
      open("calculator");
      calculator.fill(win);
    },
  });
  document.body.dataset.ready = "true";
}

main();
