// Every back end writes here what native fairyc --emit=KIND writes, or
// refuses alike: notations, a piece file's text and a variant.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fairyc, native, sourceDir } from './common.mjs';

const kinds = fairyc.backends().map((b) => b.name);

const NOTATIONS = [
  ['betza', 'N', []],
  ['betza', 'mRcpR', ['--board=9x10']],
  ['betza', 'KNADcaKmcpafK', ['--board=12x12']],
  ['parlett', 'n+', []],
  ['fairy', '[1,2]*', []],
  ['formula', '{2,1}[(#@),(%x@)]', []],
  ['ir', 'sym<d4>(leg(1,2; notfriend))', []],
];

// `rename`: [native's name of the input, the package's], as generated
// headers name their input.
function compare(label, compilation, nativeArgs, rename = ['', '']) {
  for (const kind of kinds) {
    const n = native([...nativeArgs, `--emit=${kind}`]);
    if (rename[0]) n.stdout = n.stdout.split(rename[0]).join(rename[1]);
    let mine, error;
    try {
      mine = compilation.emit(kind);
    } catch (e) {
      error = e;
    }
    // Native fairyc writes what it can and exits 1 when pieces were left
    // out (-Wpiece-not-written); the C API returns the same text.
    if (n.stdout) {
      assert.equal(error, undefined, `${label} --emit=${kind}: native wrote it`);
      assert.equal(mine, n.stdout, `${label} --emit=${kind}`);
    } else {
      assert.ok(error, `${label} --emit=${kind}: native refused it:\n${n.stderr}`);
      assert.ok(error.diagnostics.some((d) => d.severity === 'error' &&
                                             n.stderr.includes(d.message)),
                `${label} --emit=${kind}: the same error as native:\n${n.stderr}`);
    }
  }
}

test('the back ends list matches fairyc --help', () => {
  const help = native(['--help']).stdout;
  assert.ok(kinds.length >= 10);
  for (const { name, help: line } of fairyc.backends()) {
    assert.ok(help.includes(`=${name}`), `--emit=${name} in fairyc --help`);
    assert.ok(line.length > 0);
  }
});

for (const [notation, text, args] of NOTATIONS) {
  test(`every back end on ${notation} '${text}'`, () => {
    const options = { notation };
    for (const a of args) options[a.slice(2, a.indexOf('='))] = a.slice(a.indexOf('=') + 1);
    const c = fairyc.compile(text, options);
    assert.ok(c.ok, JSON.stringify(c.diagnostics));
    compare(`${notation} '${text}'`, c, ['-x', notation, text, ...args]);
    c.dispose();
  });
}

test('every back end on a piece file given as text (examples/xiangqi.fairy)', () => {
  const file = path.join(sourceDir, 'examples', 'xiangqi.fairy');
  const c = fairyc.compilePieces(readFileSync(file, 'utf8'));
  assert.ok(c.ok, JSON.stringify(c.diagnostics));
  assert.deepEqual(c.board, { width: 9, height: 10, depth: 1, squares: 90 });
  assert.ok(c.pieces.some((p) => p.letter === 'C'));
  compare('xiangqi.fairy', c, [file], [file, '<input>']);
  c.dispose();
});

test('every back end on a variants.ini section given as text', () => {
  const ini = path.join(sourceDir, 'test', 'conformance', 'import-variants.ini');
  // Named as the file natively read, so that headers that name it agree.
  const c = fairyc.compileVariant(readFileSync(ini, 'utf8'), 'fairyc-tenbyten',
                                  { fileName: ini });
  assert.ok(c.ok, JSON.stringify(c.diagnostics));
  assert.equal(c.board.width, 10);
  assert.deepEqual(c.pieces.map((p) => p.letter).sort(), ['A', 'K', 'N', 'P']);
  compare('fairyc-tenbyten', c, [`--import=${ini}`, '--variant=fairyc-tenbyten']);
  c.dispose();
});
