// fairyc.d.ts declares what fairyc.js has: every member of the Fairyc and
// Compilation interfaces exists on the objects, and nothing public is
// left undeclared.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fairyc, packageDir, sourceDir } from './common.mjs';

const dts = readFileSync(path.join(packageDir, 'fairyc.d.ts'), 'utf8');

// The member names of `interface NAME { ... }` in the declarations.
function members(name) {
  const body = dts.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`))[1];
  return [...body.matchAll(/^  (?:readonly )?(\w+)\??[(:]/gm)].map((m) => m[1]).sort();
}

// The public members of an object: own getters and methods of its class.
function publicMembers(object) {
  const proto = Object.getPrototypeOf(object);
  return Object.getOwnPropertyNames(proto)
    .filter((n) => n !== 'constructor' && !isHelper(n)).sort();
}
const HELPERS = new Set(['withString', 'withStatus', 'withOptions', 'writeFile',
                         'check', 'square', 'piece']);
const isHelper = (n) => HELPERS.has(n);

test('Fairyc is as declared', () => {
  assert.deepEqual(publicMembers(fairyc), members('Fairyc'));
});

test('Compilation is as declared', () => {
  const c = fairyc.compile('N');
  assert.deepEqual(publicMembers(c), members('Compilation'));
  c.dispose();
});

test('the module exports what is declared', async () => {
  const mod = await import(path.join(packageDir, 'fairyc.js'));
  assert.deepEqual(Object.keys(mod).sort(), ['FairycError', 'createFairyc', 'init']);
  for (const name of ['createFairyc', 'init', 'FairycError'])
    assert.ok(new RegExp(`export (function|const|class) ${name}\\b`).test(dts), name);
});

test('the module exports every function fairy.h declares', () => {
  // Comments stripped, then every name called like a function: what the
  // header declares, whatever lib/Wasm/CMakeLists.txt's pattern matches.
  const header = readFileSync(path.join(sourceDir, 'include/fairy/CAPI/fairy.h'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  const declared = [...new Set([...header.matchAll(/\b(fairy_\w+)\s*\(/g)].map((m) => m[1]))];
  assert.ok(declared.length >= 30, `only ${declared.length} functions found`);
  for (const name of declared)
    assert.equal(typeof fairyc.M[`_${name}`], 'function', `${name} is not exported`);
});
