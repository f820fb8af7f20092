// The playground in headless Chromium (run by playground_browser.py):
//   node drive_page.cjs URL FAIRYC CHROMIUM OUTDIR SCREENSHOT
// Prints one line per check and exits 1 at the first that fails.
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');

const [url, fairyc, chromium, outdir, screenshot] = process.argv.slice(2);
const puppeteer = require(path.join(outdir, 'node_modules', 'puppeteer-core'));

let failures = 0;
function check(what, ok, detail) {
  console.log((ok ? 'ok: ' : 'FAILED: ') + what + (ok || !detail ? '' : '\n  ' + detail));
  if (!ok)
    failures++;
}

// Waits until the page shows the answer to its newest request.
async function settled(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'idle',
                             { timeout: 30000 });
}

async function typeNotation(page, notation, text) {
  await page.select('#notation', notation);
  await page.$eval('#text', (e) => e.select());
  await page.keyboard.press('Backspace');
  await page.type('#text', text);
  await settled(page);
}

async function click(page, mode, square) {
  await page.click(`#mode input[value="${mode}"]`);
  await page.click(`#board-svg rect.square[data-square="${square}"]`);
  await settled(page);
}

// {square: kinds} of the marks drawn in the page's picture.
function drawn(page) {
  return page.$$eval('#board-svg g[data-square]', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, g.dataset.kinds])));
}

// fairyc --emit=json's destinations, as a sorted list of squares.
function fromFairyc(args) {
  const out = JSON.parse(execFileSync(fairyc, [...args, '--emit=json']));
  const moves = out.moves[0];
  const all = new Set([...moves.quiet, ...moves.capture, ...moves.remote,
                       ...moves.promote]);
  return { squares: [...all].sort(), capture: moves.capture };
}

const sorted = (o) => Object.keys(o).sort();

(async () => {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 860 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await page.goto(url);
    await settled(page);
    check('the page loads and draws its first piece',
          (await page.$$('#board-svg rect.square')).length === 64);

    // A queen, moved to d4 by a click, with an enemy on d6 and an own
    // piece on f4.
    await typeNotation(page, 'betza', 'Q');
    await click(page, 'piece', 'd4');
    await click(page, 'enemy', 'd6');
    await click(page, 'own', 'f4');
    const marks = await drawn(page);
    const want = fromFairyc(['-x', 'betza', 'Q', '--board=8x8', '--from=d4',
                             '--position=8/8/3p4/8/5P2/8/8/8']);
    check('the drawn destinations are fairyc --emit=json\'s',
          JSON.stringify(sorted(marks)) === JSON.stringify(want.squares),
          'drawn ' + sorted(marks).join(' ') + '\n  fairyc ' + want.squares.join(' '));
    check('the enemy on d6 is captured, nothing beyond it reached',
          marks.d6 === 'capture' && !marks.d7 && !marks.d8,
          JSON.stringify(marks));
    check('the own piece on f4 blocks', !marks.f4 && !marks.g4 && !marks.h4,
          JSON.stringify(marks));
    check('the destinations are listed',
          (await page.$eval('#destinations', (e) => e.textContent))
              .startsWith(want.squares.length + ' destinations:'));
    check('the conversions are shown',
          (await page.$eval('#conv-parlett', (e) => e.textContent)).trim() === 'n*');
    await page.mouse.move(5, 5); // no square highlighted under the pointer
    await page.screenshot({ path: screenshot });

    // The permalink opens the same state in a new page.
    const link = await page.$eval('#permalink', (e) => e.href);
    check('the permalink holds the notation and the pieces',
          link.includes('t=Q') && link.includes('from=d4') &&
              link.includes('p=d6%3Aenemy%2Cf4%3Aown'), link);
    const again = await browser.newPage();
    await again.goto(link);
    await settled(again);
    const marksAgain = await drawn(again);
    check('the permalink draws the same picture',
          JSON.stringify(marksAgain) === JSON.stringify(marks));
    await again.close();

    // A second click takes the enemy away: the file opens up again.
    await click(page, 'enemy', 'd6');
    const opened = await drawn(page);
    check('removing the enemy opens d7 and d8',
          opened.d6 === 'move capture' && opened.d7 && opened.d8,
          JSON.stringify(opened));

    // A bad notation: the diagnostic with its caret, the picture kept.
    await typeNotation(page, 'betza', 'N%Q');
    const diagnostics = await page.$eval('#diagnostics', (e) => e.textContent);
    check('a bad notation shows its located diagnostic with a caret',
          diagnostics.startsWith("<input>:1:2: error: unexpected character '%'") &&
              diagnostics.includes('\nN%Q\n ^\n'),
          JSON.stringify(diagnostics));
    check('the status says one error',
          (await page.$eval('#status', (e) => e.textContent)) === '1 error');
    check('the last picture and outputs are kept, dimmed',
          await page.$eval('#board-svg', (e) => e.classList.contains('stale')) &&
              await page.$eval('#outputs', (e) => e.classList.contains('stale')));

    // Fixed again: no diagnostics, a fresh picture.
    await typeNotation(page, 'parlett', '~1/2');
    check('a good notation again clears the diagnostics and the dimming',
          (await page.$eval('#diagnostics', (e) => e.textContent)) === '' &&
              (await page.$eval('#status', (e) => e.textContent)) === 'compiles' &&
              !(await page.$eval('#outputs', (e) => e.classList.contains('stale'))));
    const knight = await drawn(page);
    const wantKnight = fromFairyc(['-x', 'parlett', '~1/2', '--board=8x8',
                                   '--from=d4', '--position=8/8/8/8/5P2/8/8/8']);
    check('the knight\'s drawn destinations are fairyc\'s',
          JSON.stringify(sorted(knight)) === JSON.stringify(wantKnight.squares),
          sorted(knight).join(' ') + ' vs ' + wantKnight.squares.join(' '));

    check('no script errors on the page', errors.length === 0, errors.join('\n  '));
  } finally {
    await browser.close();
  }
  console.log(failures ? failures + ' checks failed' : 'all checks passed');
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.log('FAILED: ' + (e && e.stack || e));
  process.exit(1);
});
