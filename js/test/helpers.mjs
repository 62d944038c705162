// Shared by the Node tests: where the built package and the repository's files are, and a
// slow reference for waits written from the definition (no twmj code).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const JS = join(dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = join(JS, "..");
export const PKG = join(JS, "pkg");

export const readJson = (rel) => JSON.parse(readFileSync(join(ROOT, rel), "utf8"));

/** A small seeded generator (xorshift32), so every run tries the same hands. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** A random hand of `n` tiles as 34 counts (at most 4 of a kind). */
export function randomCounts(rand, n) {
  const c = new Uint8Array(34);
  let k = 0;
  while (k < n) {
    const i = Math.floor(rand() * 34);
    if (c[i] < 4) {
      c[i]++;
      k++;
    }
  }
  return c;
}

/** True when the counts split into sets (runs within a suit, triplets) and exactly one pair:
 * the plain recursive definition (000 胡牌: five sets and a pair with the melds). */
export function complete(counts) {
  const c = Array.from(counts);
  const n = c.reduce((a, b) => a + b, 0);
  if (n % 3 !== 2) return false;
  const sets = (from) => {
    let i = from;
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) return true;
    if (c[i] >= 3) {
      c[i] -= 3;
      const ok = sets(i);
      c[i] += 3;
      if (ok) return true;
    }
    const suit = Math.floor(i / 9);
    if (i < 27 && i % 9 <= 6 && Math.floor((i + 2) / 9) === suit && c[i + 1] > 0 && c[i + 2] > 0) {
      c[i]--;
      c[i + 1]--;
      c[i + 2]--;
      const ok = sets(i);
      c[i]++;
      c[i + 1]++;
      c[i + 2]++;
      if (ok) return true;
    }
    return false;
  };
  for (let p = 0; p < 34; p++) {
    if (c[p] >= 2) {
      c[p] -= 2;
      const ok = sets(0);
      c[p] += 2;
      if (ok) return true;
    }
  }
  return false;
}

/** The waits of a 16 − 3k hand by definition: each kind not held four times whose addition
 * completes it (the project's reading of 000: a kind the player holds all four of is no
 * wait). */
export function referenceWaits(counts) {
  const out = [];
  for (let k = 0; k < 34; k++) {
    if (counts[k] >= 4) continue;
    const c = Uint8Array.from(counts);
    c[k]++;
    if (complete(c)) out.push(k);
  }
  return out;
}

/** A random complete 17-tile hand (five sets and a pair, at most 4 of a kind) less one
 * random tile: a ready 16-tile hand. */
export function readyCounts(rand) {
  for (;;) {
    const c = new Uint8Array(34);
    let ok = true;
    for (let s = 0; s < 5 && ok; s++) {
      const i = Math.floor(rand() * 34);
      if (i < 27 && i % 9 <= 6 && rand() < 0.6) {
        c[i]++;
        c[i + 1]++;
        c[i + 2]++;
      } else c[i] += 3;
    }
    c[Math.floor(rand() * 34)] += 2;
    if (c.some((n) => n > 4)) continue;
    const held = [...c.keys()].filter((k) => c[k] > 0);
    c[held[Math.floor(rand() * held.length)]]--;
    return c;
  }
}
