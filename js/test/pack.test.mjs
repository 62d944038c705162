// The npm tarball (issue 27, done-when): `npm pack` of js/pkg installed into an empty folder
// with no network and no build step; `import { waits, score } from "twmj"` answers 000 範例一.
// And the types: index.d.ts / errors.d.ts declare every export of the package, and nothing
// it does not export.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { PKG } from "./helpers.mjs";

const twmj = await import("../pkg/index.js");

test("npm pack → npm install into an empty folder → 000 範例一 (3 台, 6/6/11)", () => {
  const dir = mkdtempSync(join(tmpdir(), "twmj-pack-"));
  try {
    execFileSync("npm", ["pack", PKG, "--pack-destination", dir, "--silent"], { stdio: "pipe" });
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
    assert.equal(tarball, `twmj-${twmj.version}.tgz`);
    const app = join(dir, "app");
    execFileSync("mkdir", [app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", join(dir, tarball), "--offline", "--no-audit", "--no-fund", "--silent"], { cwd: app, stdio: "pipe" });
    writeFileSync(
      join(app, "main.mjs"),
      `import { waits, score } from "twmj";
const w = waits("123456789m234p56p77s");
const s = score("123456789m234p56p77s", "7p", { context: { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "self_draw" } });
console.log(JSON.stringify({ waits: w.waits.map((x) => x.tile), tai: s.total_tai, items: s.items.map((i) => i.name), payments: s.payments.map((p) => [p.payer, p.total_tai]) }));
`,
    );
    const out = JSON.parse(execFileSync("node", ["main.mjs"], { cwd: app, encoding: "utf8" }));
    assert.deepEqual(out, {
      waits: ["1p", "4p", "7p"],
      tai: 3,
      items: ["門清", "自摸", "不求"],
      payments: [[2, 6], [3, 6], [0, 11]],
    });
    const manifest = JSON.parse(readFileSync(join(app, "node_modules", "twmj", "package.json"), "utf8"));
    assert.equal(manifest.dependencies, undefined);
    assert.equal(manifest.devDependencies, undefined);
    assert.equal(manifest.type, "module");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the .d.ts files declare every export, and only those", () => {
  const declared = new Set();
  for (const f of ["index.d.ts", "errors.d.ts"]) {
    const text = readFileSync(join(PKG, f), "utf8");
    for (const m of text.matchAll(/^export (?:declare )?(?:function|const|class|let) (\w+)/gm)) declared.add(m[1]);
  }
  const exported = new Set(Object.keys(twmj));
  assert.deepEqual([...exported].filter((n) => !declared.has(n)).sort(), []);
  assert.deepEqual([...declared].filter((n) => !exported.has(n)).sort(), []);
});
