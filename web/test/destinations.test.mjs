// Where a piece goes, from the package and from native fairyc --emit=json:
// random Betza pieces on several boards, random positions with own and
// enemy pieces in the way, both sides.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fairyc, native, random, randomBetza, randomPlacement, squareName,
         BOARDS } from './common.mjs';

const PIECES = 60, POSITIONS = 3;

/** The package's destinations as native JSON's moves: kind -> squares. */
function byKind(dests) {
  const out = { quiet: [], capture: [], remote: [], promote: [] };
  for (const d of dests) for (const k of d.kinds) out[k].push(d.square);
  return out;
}

test('destinations match fairyc --emit=json on random pieces and positions', () => {
  const rng = random(41);
  let compared = 0, refused = 0, nonEmpty = 0;
  for (let i = 0; i < PIECES; ++i) {
    const text = randomBetza(rng);
    const [w, h] = rng.pick(BOARDS);
    const board = `${w}x${h}`;
    const c = fairyc.compile(text, { notation: 'betza', board });
    try {
      for (let j = 0; j < POSITIONS; ++j) {
        const from = [rng.int(w), rng.int(h)];
        const fromName = squareName(...from);
        const placement = randomPlacement(rng, w, h, from, [0, 0.15, 0.35][j]);
        const side = rng.next() < 0.7 ? 'white' : 'black';
        const n = native(['-x', 'betza', text, '--emit=json', `--board=${board}`,
                          `--position=${placement}`, `--from=${fromName}`, `--side=${side}`]);
        const what = `${text} on ${board} from ${fromName} (${side}) in ${placement}`;
        assert.equal(c.ok, n.status === 0, `${what}: compiles natively and here alike\n${n.stderr}`);
        if (!c.ok) { ++refused; break; }
        const moves = JSON.parse(n.stdout).moves[0];
        const mine = byKind(c.destinations(0, fromName, { position: placement, side }));
        for (const kind of ['quiet', 'capture', 'remote', 'promote'])
          assert.deepEqual(mine[kind], moves[kind], `${what}: ${kind} squares`);
        ++compared;
        if (mine.quiet.length + mine.capture.length) ++nonEmpty;
      }
    } finally {
      c.dispose();
    }
  }
  // The generator must mostly make pieces that compile and move.
  assert.ok(compared >= PIECES * POSITIONS / 2, `only ${compared} positions compared (${refused} pieces refused)`);
  assert.ok(nonEmpty >= compared / 2, `only ${nonEmpty} of ${compared} had destinations`);
});

test('a Chu Shogi lion and a knight, by name, letter and index', () => {
  const lion = fairyc.compile('KNADcaKmcpafK', { notation: 'betza', board: '12x12' });
  assert.ok(lion.ok);
  const placement = '12/12/12/12/12/12/4p7/12/12/12/12/12';
  const n = native(['-x', 'betza', 'KNADcaKmcpafK', '--board=12x12', '--emit=json',
                    `--position=${placement}`, '--from=f6']);
  const moves = JSON.parse(n.stdout).moves[0];
  const mine = byKind(lion.destinations(0, 'f6', { position: placement }));
  assert.deepEqual(mine.quiet, moves.quiet);
  assert.deepEqual(mine.capture, moves.capture);
  assert.ok(mine.quiet.length > 20);
  // The same position given piece by piece, and the square by its index.
  const f6 = lion.squareIndex('f6');
  assert.equal(lion.squareName(f6), 'f6');
  assert.deepEqual(lion.destinations(lion.pieces[0].name, f6,
                     { position: [{ square: 'e6', side: 'black', letter: 'P' }] }),
                   lion.destinations(0, 'f6', { position: placement }));
  lion.dispose();

  const knight = fairyc.compile('N');
  assert.deepEqual(knight.destinations(0, 'a1').map((d) => d.square), ['c2', 'b3']);
  assert.throws(() => knight.destinations(0, 'z9'), /no square called 'z9'/);
  knight.dispose();
  assert.throws(() => knight.emit('json'), /disposed/);
});
