// fairyc's WebAssembly build in headless Chromium: how big, how long it
// takes to load, and how long it takes to answer (docs/performance.md).
//
//   node bench/wasm_timing.cjs WEBDIR CHROMIUM PUPPETEER_DIR [RUNS]
//
// WEBDIR is what scripts/build-wasm.sh writes (build/wasm/web); the
// package is served from it over HTTP on 127.0.0.1 (no cache), the static
// playground opened from file://. PUPPETEER_DIR holds node_modules/
// puppeteer-core (the playground-browser test installs it into
// build/test/browser). Prints a Markdown table.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const zlib = require('zlib');

let [webdir, chromium, puppeteerDir, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 20);
const puppeteer = require(path.join(puppeteerDir, 'node_modules', 'puppeteer-core'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => (n / 1024).toFixed(0) + ' KiB';
const size = (f) => {
  const bytes = fs.readFileSync(path.join(webdir, f));
  return `${kib(bytes.length)} (${kib(zlib.gzipSync(bytes, { level: 9 }).length)} gzip)`;
};

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const BENCH_PAGE = `<!DOCTYPE html><script type="module">
  const t0 = performance.now();
  const { createFairyc } = await import('./fairyc.js');
  window.fairyc = await createFairyc();
  window.loadMs = performance.now() - t0;
</script>`;

function serve() {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(req.url.split('?')[0]);
    if (name === '/bench.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(BENCH_PAGE);
    }
    const file = path.join(webdir, path.normalize(name));
    if (!file.startsWith(webdir) || !fs.existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
                         'Cache-Control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const PIECES = [
  ['knight `N`, 8x8, from d4', 'N', '8x8', 'd4', '8/8/8/8/8/8/8/8'],
  ['Chu Shogi lion `KNADcaKmcpafK`, 12x12, from f6, an enemy on e6', 'KNADcaKmcpafK',
   '12x12', 'f6', '12/12/12/12/12/12/4p7/12/12/12/12/12'],
];

(async () => {
  webdir = path.resolve(webdir);
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({
    executablePath: chromium, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    // Loading the package: fetch, compile and instantiate, a fresh page
    // with no cache each time.
    const loads = [];
    let page;
    for (let i = 0; i < 5; ++i) {
      if (page) await page.close();
      page = await browser.newPage();
      await page.setCacheEnabled(false);
      await page.goto(`${base}/bench.html`);
      await page.waitForFunction(() => window.loadMs !== undefined, { timeout: 60000 });
      loads.push(await page.evaluate(() => window.loadMs));
    }
    rows.push(['load the package (`createFairyc()`, over HTTP, no cache)', median(loads), Math.max(...loads)]);

    for (const [label, text, board, from, position] of PIECES) {
      const times = await page.evaluate((text, board, from, position, runs) => {
        const answer = [], request = [];
        for (let i = 0; i < runs; ++i) {
          // The C API compiles the moveset when it is first asked.
          let t = performance.now();
          const c = window.fairyc.compile(text, { notation: 'betza', board });
          c.destinations(0, from, { position });
          answer.push(performance.now() - t);
          c.dispose();
          t = performance.now();
          window.fairyc.playgroundCompile({ notation: 'betza', text, board, from,
            pieces: position.includes('p') ? [{ square: 'e6', side: 'enemy' }] : [] });
          request.push(performance.now() - t);
        }
        return { answer, request };
      }, text, board, from, position, runs);
      rows.push([`${label}: \`compile\` and \`destinations\``, median(times.answer), Math.max(...times.answer)]);
      rows.push([`${label}: the playground's whole answer`, median(times.request), Math.max(...times.request)]);
    }

    // The static playground from file://: until the module answers.
    const statics = [];
    for (let i = 0; i < 5; ++i) {
      const p = await browser.newPage();
      await p.goto('file://' + path.join(webdir, 'playground', 'index.html'));
      await p.waitForFunction(() => document.body.dataset.state === 'idle', { timeout: 60000 });
      statics.push(await p.evaluate(() => performance.now()));
      await p.close();
    }
    rows.push(['the static playground from file://, until its first picture', median(statics), Math.max(...statics)]);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`fairyc-core.wasm: ${size('fairyc-core.wasm')}; fairyc-core.js: ${size('fairyc-core.js')}; ` +
              `fairyc.js: ${size('fairyc.js')}; the static page's fairyc-core-single.js: ${size('playground/fairyc-core-single.js')}`);
  console.log(`Chromium ${require('child_process').execFileSync(chromium, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}, ${runs} runs (loads: 5)\n`);
  console.log('| what | median ms | slowest ms |\n|---|---|---|');
  for (const [what, med, max] of rows)
    console.log(`| ${what} | ${med.toFixed(1)} | ${max.toFixed(1)} |`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
