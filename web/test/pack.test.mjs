// The package as users get it: npm pack holds the module, and the tarball
// installs into an empty project offline and imports there.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageDir } from './common.mjs';

const npm = spawnSync('npm', ['--version'], { encoding: 'utf8' });

test('npm pack, then npm install --offline into an empty project', { skip: npm.status !== 0 && 'npm is missing' }, () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fairyc-pack-'));
  try {
    const env = { ...process.env, npm_config_cache: path.join(tmp, 'cache'),
                  npm_config_update_notifier: 'false', npm_config_audit: 'false',
                  npm_config_fund: 'false' };
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', tmp],
                                           { cwd: packageDir, env, encoding: 'utf8' }));
    const version = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
    assert.equal(packed[0].filename, `fairyc-${version}.tgz`);
    const files = packed[0].files.map((f) => f.path).sort();
    assert.deepEqual(files, ['README.md', 'fairyc-core.js', 'fairyc-core.wasm', 'fairyc.d.ts',
                             'fairyc.js', 'package.json']);

    const project = path.join(tmp, 'app');
    execFileSync('mkdir', [project]);
    writeFileSync(path.join(project, 'package.json'), '{"name": "app", "private": true, "type": "module"}\n');
    execFileSync('npm', ['install', '--offline', '--no-save', path.join(tmp, packed[0].filename)],
                 { cwd: project, env, encoding: 'utf8' });
    writeFileSync(path.join(project, 'main.js'),
      "import { createFairyc } from 'fairyc';\n" +
      "const f = await createFairyc();\n" +
      "const c = f.compile('N');\n" +
      "console.log(f.version(), c.destinations(0, 'a1').map((d) => d.square).join(' '));\n");
    const out = execFileSync('node', ['main.js'], { cwd: project, encoding: 'utf8' });
    assert.equal(out, `${version} c2 b3\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
