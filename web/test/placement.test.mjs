// Placements are read by fairyc's own parser (fairy_position_set_placement):
// walls ('*') and refusals as native fairyc --position has them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fairyc, native, FairycError } from './common.mjs';

function byKind(dests) {
  const out = { quiet: [], capture: [], remote: [], promote: [] };
  for (const d of dests) for (const k of d.kinds) out[k].push(d.square);
  return out;
}

const WALLS = [
  ['*p6/8/8/8/8/8/8/R7', 'a1', 'R'],
  ['8/8/8/2*5/8/2*5/8/Q7', 'a1', 'Q'],
  ['8/8/8/8/3**3/3Q4/8/8', 'd3', 'Q'],
  ['8/8/8/8/8/1*6/2*5/N7', 'a1', 'N'],
  ['r6*/8/8/8/8/8/8/R6*', 'a1', 'R'],
];

test('placements with walls give native fairyc --position\'s destinations', () => {
  for (const [placement, from, betza] of WALLS) {
    const c = fairyc.compile(betza, { board: '8x8' });
    try {
      const n = native(['-x', 'betza', betza, '--board=8x8', '--emit=json',
                        `--position=${placement}`, `--from=${from}`]);
      assert.equal(n.status, 0, n.stderr);
      const moves = JSON.parse(n.stdout).moves[0];
      const mine = byKind(c.destinations(0, from, { position: placement }));
      for (const kind of ['quiet', 'capture', 'remote', 'promote'])
        assert.deepEqual(mine[kind], moves[kind], `${placement}: ${kind}`);
    } finally {
      c.dispose();
    }
  }
  // '*p6': a wall on a8, the pawn on b8 (not a8).
  const r = fairyc.compile('R', { board: '8x8' });
  const d = r.destinations(0, 'a1', { position: '*p6/8/8/8/8/8/8/R7' });
  assert.ok(!d.some((x) => x.square === 'a8' || x.square === 'b8'));
  assert.equal(d.filter((x) => x.square.startsWith('a')).length, 6);
  r.dispose();
});

test('bad placements are refused in native fairyc\'s words', () => {
  const c = fairyc.compile('R', { board: '8x8' });
  for (const bad of ['8/8/8', '9/8/8/8/8/8/8/8', '8/8/8/8/8/8/8/7',
                     '8/8/8/8/8/8/8/R6?', '8/8/8/8/8/8/8/8 x']) {
    const n = native(['-x', 'betza', 'R', '--board=8x8', '--emit=json',
                      `--position=${bad}`, '--from=a1']);
    assert.notEqual(n.status, 0, bad);
    assert.throws(() => c.destinations(0, 'a1', { position: bad }), (e) => {
      assert.ok(e instanceof FairycError);
      assert.ok(e.message.startsWith('--position: '), e.message);
      assert.ok(n.stderr.includes(e.message), `${bad}: ${e.message} in ${n.stderr}`);
      return true;
    });
  }
  c.dispose();
});
