// The README's JavaScript examples run as printed: each line `expression; // JSON` (or an
// expression whose next line is `// JSON`) must give that JSON value. The blocks run in order
// as one module, importing the built package for "twmj".
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { PKG, ROOT } from "./helpers.mjs";

function blocks(text) {
  const out = [];
  let current = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) {
      if (current === null) current = line.slice(3).trim() === "js" ? [] : false;
      else {
        if (current) out.push(current);
        current = null;
      }
    } else if (current) current.push(line);
  }
  return out;
}

const literal = (comment) => {
  try {
    return { ok: true, value: JSON.parse(comment) };
  } catch {
    return { ok: false };
  }
};

test("the README's JavaScript examples give what their comments say", async () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const lines = blocks(readme).flat();
  assert.ok(lines.length > 0, "the README has a js block");
  const out = [];
  let checks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/from "twmj"/, `from ${JSON.stringify(pathToFileURL(join(PKG, "index.js")).href)}`);
    const inline = /^(.*?);\s*\/\/\s*(.+)$/.exec(line);
    const next = /^\s*\/\/\s*(.+)$/.exec(lines[i + 1] ?? "");
    let expr = null;
    let value;
    if (inline && literal(inline[2]).ok && !/^\s*(const|let|import|try)\b/.test(inline[1])) {
      expr = inline[1];
      value = literal(inline[2]).value;
    } else if (next && literal(next[1]).ok && /;\s*$/.test(line) && !/^\s*(const|let|import|try)\b/.test(line)) {
      expr = line.replace(/;\s*$/, "");
      value = literal(next[1]).value;
      i++;
    }
    if (expr === null) out.push(line);
    else {
      checks++;
      out.push(`__check(${expr}, ${JSON.stringify(value)}, ${JSON.stringify(expr.trim())});`);
    }
  }
  assert.ok(checks >= 6, `only ${checks} checked lines`);
  const dir = mkdtempSync(join(tmpdir(), "twmj-readme-"));
  const file = join(dir, "readme.mjs");
  writeFileSync(file, out.join("\n"));
  const failures = [];
  globalThis.__check = (got, want, what) => {
    try {
      assert.deepEqual(JSON.parse(JSON.stringify(got)), want);
    } catch {
      failures.push(`${what}: got ${JSON.stringify(got)}, README says ${JSON.stringify(want)}`);
    }
  };
  try {
    await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(failures, []);
});
