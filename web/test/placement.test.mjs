// Placements are read by fairyc's own parser (fairy_position_set_placement):
// walls ('*') and refusals as native fairyc --position has them. And what a
// compilation holds is freed: compileVariant's files and directories, and
// compilations never disposed (FinalizationRegistry).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fairyc, native, sourceDir, FairycError } from './common.mjs';

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

test('compileVariant leaves the in-memory file system as it was', () => {
  const FS = fairyc.M.FS;
  const before = FS.readdir('/').sort();
  for (let i = 0; i < 50; ++i) {
    const v = fairyc.compileVariant('[a:chess]\n', 'a');
    assert.ok(v.ok);
    v.dispose();
  }
  // A refused one (its name in use) leaves nothing either.
  const held = fairyc.compileVariant('[a:chess]\n', 'a', { fileName: '/x/v.ini' });
  assert.throws(() => fairyc.compileVariant('[a:chess]\n', 'a', { fileName: '/x/v.ini' }),
                /in use/);
  held.dispose();
  FS.rmdir('/x');
  assert.deepEqual(FS.readdir('/').sort(), before);
});

test('a compilation never disposed is freed when collected', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const M = fairyc.M;
  const destroy = M._fairy_compilation_destroy;
  const FS = M.FS;
  const before = FS.readdir('/').sort();
  let freed = 0;
  M._fairy_compilation_destroy = (h) => { ++freed; return destroy(h); };
  try {
    (() => {
      for (let i = 0; i < 20; ++i) {
        fairyc.compile('N');
        fairyc.compileVariant('[a:chess]\n', 'a');
      }
    })();
    for (let round = 0; round < 50 && freed < 40; ++round) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(freed, 40);
    assert.deepEqual(FS.readdir('/').sort(), before);
    // dispose() frees at once, and the collector does not free it again.
    freed = 0;
    (() => fairyc.compile('N').dispose())();
    assert.equal(freed, 1);
    for (let round = 0; round < 5; ++round) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(freed, 1);
  } finally {
    M._fairy_compilation_destroy = destroy;
  }
});

test('the README\'s and docs/web.md\'s example put the pawn where they say', () => {
  const placementOf = (file) =>
    readFileSync(path.join(sourceDir, file), 'utf8').match(/position: '([^']+)'/)[1];
  const readme = placementOf('web/README.md');
  assert.equal(readme, placementOf('docs/web.md'));
  const lion = fairyc.compile('KNADcaKmcpafK', { notation: 'betza', board: '12x12' });
  const d = lion.destinations(0, 'f6', { position: readme });
  assert.deepEqual(d.find((x) => x.square === 'e6').kinds, ['capture']);
  lion.dispose();
});

test('the static playground says out of memory when the module replies NULL', async () => {
  // lib/Playground/page/playground-wasm.js against a module whose replies
  // are NULL (what fairy_playground_* return when memory runs out).
  const source = readFileSync(path.join(sourceDir, 'lib/Playground/page/playground-wasm.js'), 'utf8');
  const heap = new Int32Array(16);
  const M = {
    _malloc: () => 4, _free: () => {}, HEAP32: heap,
    lengthBytesUTF8: (s) => s.length, stringToUTF8: () => {},
    UTF8ToString: () => { throw new Error('read a NULL reply'); },
    _fairy_playground_info: () => 0, _fairy_playground_compile: () => 0,
  };
  const window = {};
  vm.runInNewContext(source, { window, createFairycCore: async () => M });
  const local = await window.fairycLocal;
  assert.throws(() => local.info(), /out of memory/);
  assert.throws(() => local.compile('{}'), /out of memory/);
  M._malloc = () => 0;
  assert.throws(() => local.info(), /out of memory/);
});
