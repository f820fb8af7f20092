// Bad input: located diagnostics as objects, as native fairyc reports them;
// bad options refused by name; the playground's API without a server.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fairyc, native, FairycError } from './common.mjs';

test('a syntax error is located, with native fairyc\'s message', () => {
  const c = fairyc.compile('N[[', { notation: 'betza' });
  assert.equal(c.ok, false);
  const [d] = c.diagnostics;
  assert.equal(d.severity, 'error');
  assert.equal(d.file, '<input>');
  assert.equal(d.line, 1);
  assert.equal(d.column, 3);
  assert.equal(d.name, '');
  const n = native(['-x', 'betza', 'N[[']);
  assert.notEqual(n.status, 0);
  assert.ok(n.stderr.includes(`<input>:1:3: error: ${d.message}`), n.stderr);
  assert.throws(() => c.emit('diagram'), FairycError);
  c.dispose();
});

test('a piece file\'s error names its line and column', () => {
  const c = fairyc.compilePieces('board 8x8;\npiece knight N betza "N";\npiece bad B betza "Q[[";\n');
  assert.equal(c.ok, false);
  const errors = c.diagnostics.filter((d) => d.severity === 'error');
  assert.ok(errors.length >= 1);
  assert.equal(errors[0].line, 3, JSON.stringify(errors));
  assert.ok(errors[0].column > 1);
});

test('a warning carries its -W name', () => {
  const c = fairyc.compile('mcN', { notation: 'betza' });
  const named = c.diagnostics.filter((d) => d.name);
  const n = native(['-x', 'betza', 'mcN', '-o', '/dev/null']);
  for (const d of named) assert.ok(n.stderr.includes(`[-W${d.name}]`), n.stderr);
  assert.equal(named.length, (n.stderr.match(/\[-W[a-z-]+\]/g) ?? []).length);
  c.dispose();
});

test('options are fairyc\'s, refused by name when wrong', () => {
  assert.throws(() => fairyc.compile('N', { bord: '8x8' }), /bord/);
  assert.throws(() => fairyc.compile('N', { notation: 'betza', betza: 'nonsense' }),
                FairycError);
  const c = fairyc.compile('N', { board: '10x10', O: 0 });
  assert.equal(c.board.squares, 100);
  c.dispose();
  const v = fairyc.compileVariant('[a]\nmaxFile = h\n', 'nosuch');
  assert.equal(v.ok, false);
  assert.ok(v.diagnostics.some((d) => d.severity === 'error' && d.message.includes('nosuch')),
            JSON.stringify(v.diagnostics));
  v.dispose();
});

test('the playground\'s API answers without a server', () => {
  const info = fairyc.playgroundInfo();
  assert.equal(info.status, 200);
  assert.equal(JSON.parse(info.body).version, fairyc.version());
  const ok = fairyc.playgroundCompile({ notation: 'betza', text: 'N', from: 'd4' });
  assert.equal(ok.status, 200);
  const reply = JSON.parse(ok.body);
  assert.equal(reply.ok, true);
  assert.deepEqual(reply.destinations.map((d) => d.square).sort(),
                   ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  assert.ok(reply.svg.startsWith('<svg') || reply.svg.includes('<svg'));
  const bad = fairyc.playgroundCompile('{"notation": 1}');
  assert.equal(bad.status, 400);
  assert.ok(JSON.parse(bad.body).error);
});

test('the deepest nesting accepted natively compiles here, one more is refused alike', () => {
  // No threads in WebAssembly: the driver's work runs on the module's own
  // stack (16 MB), which must hold what LargeStack's thread holds natively.
  for (const depth of [255, 256]) {
    const text = '('.repeat(depth) + '[1,2]*' + ')'.repeat(depth);
    const c = fairyc.compile(text, { notation: 'fairy', board: '8x8' });
    const n = native(['-x', 'fairy', text, '--board=8x8', '--emit=json']);
    assert.equal(c.ok, n.status === 0, `depth ${depth}`);
    if (c.ok)
      assert.equal(c.emit('json'), n.stdout);
    else
      assert.ok(n.stderr.includes(c.diagnostics[0].message));
    c.dispose();
  }
});

test('text of the input in a message is escaped, as native fairyc prints it', () => {
  // A NUL and an ESC come back as \xNN: the message is whole, and printing
  // it cannot steer a terminal.
  const c = fairyc.compile('N\u0000R\u001b[2J', { notation: 'betza' });
  assert.equal(c.ok, false);
  const [d] = c.diagnostics;
  assert.ok(d.message.includes("unexpected character '\\x00'"), d.message);
  for (const e of c.diagnostics) assert.ok(!/[\u0000\u001b]/.test(e.message), e.message);
  c.dispose();
  // A lone surrogate is read as U+FFFD, not joined with the next character.
  const s = fairyc.compile('\uD800N', { notation: 'betza' });
  assert.equal(s.ok, false);
  assert.ok(s.diagnostics[0].message.includes("'\uFFFD'"), s.diagnostics[0].message);
  s.dispose();
});
