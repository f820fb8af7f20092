// What the package's tests share: the package under test (FAIRY_WASM_WEB:
// the directory scripts/build-wasm.sh assembles, BUILD_DIR/web), native
// fairyc to compare with (FAIRYC), and seeded random pieces and positions.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

export const packageDir = path.resolve(process.env.FAIRY_WASM_WEB ?? 'build/wasm/web');
export const fairycPath = process.env.FAIRYC ?? 'build/tools/fairyc';
export const sourceDir = path.resolve(process.env.FAIRY_SOURCE_DIR ??
    path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..'));

const pkg = await import(pathToFileURL(path.join(packageDir, 'fairyc.js')).href);
export const { createFairyc, FairycError } = pkg;
export const fairyc = await createFairyc();

/** Native fairyc with `args`: {status, stdout, stderr}. */
export function native(args) {
  try {
    const stdout = execFileSync(fairycPath, args,
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
    return { status: 0, stdout, stderr: '' };
  } catch (e) {
    if (typeof e.status !== 'number') throw e;
    return { status: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A seeded PRNG (mulberry32): the same cases on every run. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

// Betza as Fairy-Stockfish reads it: leapers, riders, ranges, directions,
// move/capture-only, hoppers, and XBetza's multi-leg moves.
const ATOMS = ['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K', 'R', 'B', 'Q',
  'WW', 'FF', 'NN', 'R3', 'B2', 'N2', 'DD', 'AA'];
const MODIFIERS = ['', '', '', 'm', 'c', 'f', 'b', 'v', 's', 'fs', 'bs', 'fl', 'mf',
  'cb', 'l', 'r', 'ff', 'p', 'mp', 'cp', 'g', 'n', 'j'];
const XBETZA = ['mafsW', 'caKmcpafK', 'mpafsF', 'afsF', 'yafsF', 'caW', 'mcaF'];

/** A random Betza piece of one to three parts. */
export function randomBetza(rng) {
  const parts = [];
  for (let i = 1 + rng.int(3); i > 0; --i)
    parts.push(rng.next() < 0.12 ? rng.pick(XBETZA) : rng.pick(MODIFIERS) + rng.pick(ATOMS));
  return parts.join('');
}

export const BOARDS = [[8, 8], [10, 8], [9, 10], [12, 12], [7, 7], [5, 6]];

/** A square's name as fairyc writes it: a file letter and a rank number. */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/**
 * A random position on a width x height board: own and enemy pawns at
 * `density`, the square `from` left empty. Returns its FEN placement.
 */
export function randomPlacement(rng, width, height, from, density) {
  const ranks = [];
  for (let r = height - 1; r >= 0; --r) {
    let row = '', empty = 0;
    for (let f = 0; f < width; ++f) {
      const here = f === from[0] && r === from[1];
      if (!here && rng.next() < density) {
        if (empty) row += String(empty);
        empty = 0;
        row += rng.next() < 0.5 ? 'P' : 'p';
      } else {
        ++empty;
      }
    }
    if (empty) row += String(empty);
    ranks.push(row);
  }
  return ranks.join('/');
}
