// The conformance corpus (docs/conformance.md) on the WebAssembly package: every case of
// conformance/cases through the package's canonical answers must match; and the same cases
// through the Node engine over the JSON-lines protocol (js/conformance/engine.mjs as a child
// process) give the same outcomes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";

import { JS, ROOT } from "./helpers.mjs";

const { load, ask, mismatch, variantOf } = await import("../conformance/engine.mjs");
const cases = load(join(ROOT, "conformance", "cases"));

test("every conformance case passes on the WebAssembly package", () => {
  assert.ok(cases.length >= 300, `${cases.length} cases`);
  const failures = [];
  for (const c of cases) {
    const why = mismatch(c, ask(c));
    if (why !== null) failures.push(`${c.id}: ${why}`);
  }
  assert.deepEqual(failures, []);
  // Every kind and every preset is asked.
  const kinds = new Set(cases.map((c) => c.kind));
  assert.deepEqual([...kinds].sort(), ["is_win", "legal", "replay", "score", "shanten", "waits"]);
  assert.ok(new Set(cases.map((c) => variantOf(c).preset)).size >= 7);
});

test("the Node engine speaks the JSON-lines protocol: one answer line per request, same outcomes", async () => {
  const child = spawn(process.execPath, [join(JS, "conformance", "engine.mjs")], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const answers = [];
  const done = new Promise((resolve) => {
    lines.on("line", (l) => answers.push(JSON.parse(l)));
    child.on("close", resolve);
  });
  for (const c of cases) child.stdin.write(`${JSON.stringify({ id: c.id, kind: c.kind, variant: variantOf(c), question: c.question })}\n`);
  child.stdin.end();
  const code = await done;
  assert.equal(code, 0);
  assert.equal(answers.length, cases.length);
  const failures = [];
  cases.forEach((c, i) => {
    assert.equal(answers[i].id, c.id);
    const { id, ...outcome } = answers[i];
    const why = mismatch(c, outcome);
    if (why !== null) failures.push(`${id}: ${why}`);
  });
  assert.deepEqual(failures, []);
});
