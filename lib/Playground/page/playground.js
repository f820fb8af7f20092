// The playground's page. It knows no notation: every change is sent to
// fairyc (POST api/compile, docs/playground.md) and the answer is shown as
// it comes -- the picture, the diagnostics, the IR and the conversions.
// The page keeps only what the reader chose (its state, also in the URL).
'use strict';

const state = {
  notation: 'betza',
  text: 'N',
  board: '8x8',
  style: 'auto',
  side: 'white',
  moved: false,
  from: '',     // the piece's square; empty: the board's centre
  pieces: [],   // the other pieces: {square, side: 'own' | 'enemy'}
};
let sent = 0;   // requests sent; only the newest answer is shown
let timer = null;

const $ = (id) => document.getElementById(id);

// Asks fairyc: GET `path`, or POST `body` (JSON text) to it. The answer
// comes from fairyc serve over HTTP, or, on the static page that
// scripts/build-wasm.sh writes, from fairyc's WebAssembly module in the
// page (playground-wasm.js sets window.fairycLocal): the same API
// (fairy/Playground/PlaygroundApi.h) either way. Resolves to {ok,
// statusText, json}.
async function ask(path, body) {
  if (window.fairycLocal) {
    const local = await window.fairycLocal;
    const r = body === undefined ? local.info() : local.compile(body);
    return { ok: r.status === 200, statusText: 'status ' + r.status,
             json: JSON.parse(r.body) };
  }
  const r = await fetch(path, body === undefined ? undefined : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return { ok: r.ok, statusText: r.statusText, json: await r.json() };
}

const notationHelp = {};

// --- The state in the URL (the permalink) ---------------------------------

function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  for (const [key, field] of [['n', 'notation'], ['t', 'text'],
                              ['b', 'board'], ['s', 'style'],
                              ['side', 'side'], ['from', 'from']])
    if (p.has(key)) state[field] = p.get(key);
  state.moved = p.get('moved') === '1';
  if (p.has('p'))
    state.pieces = p.get('p').split(',').filter((e) => e).map((e) => {
      const [square, side] = e.split(':');
      return { square, side: side === 'own' ? 'own' : 'enemy' };
    });
}

function writeHash() {
  const p = new URLSearchParams({
    n: state.notation, t: state.text, b: state.board, s: state.style,
    side: state.side,
  });
  if (state.moved) p.set('moved', '1');
  if (state.from) p.set('from', state.from);
  if (state.pieces.length)
    p.set('p', state.pieces.map((e) => e.square + ':' + e.side).join(','));
  const hash = '#' + p.toString();
  history.replaceState(null, '', hash);
  $('permalink').href = hash;
}

// --- Asking fairyc --------------------------------------------------------

function schedule() {
  document.body.dataset.state = 'pending';
  clearTimeout(timer);
  timer = setTimeout(compile, 150);
}

async function compile() {
  const mine = ++sent;
  writeHash();
  document.body.dataset.state = 'busy';
  let answer;
  try {
    const r = await ask('api/compile', JSON.stringify({
      notation: state.notation, text: state.text, board: state.board,
      style: state.style, side: state.side, moved: state.moved,
      from: state.from, pieces: state.pieces,
    }));
    answer = r.json;
    if (!r.ok)
      throw new Error(answer.error || r.statusText);
  } catch (e) {
    if (mine === sent) {
      showStatus('errors', 'fairyc could not be asked: ' + e.message);
      document.body.dataset.state = 'idle';
    }
    return;
  }
  if (mine !== sent)
    return; // a newer request is on its way
  show(answer);
  writeHash();
  document.body.dataset.state = 'idle';
}

// --- Showing the answer ---------------------------------------------------

function showStatus(kind, text) {
  $('status').className = kind;
  $('status').textContent = text;
}

function show(answer) {
  const count = (severity) =>
    answer.diagnostics.filter((d) => d.severity === severity).length;
  const errors = count('error'), warnings = count('warning');
  if (!answer.ok)
    showStatus('errors', errors === 1 ? '1 error' : errors + ' errors');
  else if (warnings)
    showStatus('warnings', warnings === 1 ? '1 warning' : warnings + ' warnings');
  else
    showStatus('ok', 'compiles');
  $('diagnostics').textContent = answer.diagnosticsText;

  // Where the piece and the others stand, as fairyc placed them.
  if (answer.from)
    state.from = answer.from;
  state.pieces = answer.pieces.map((e) => ({ square: e.square, side: e.side }));

  // After an error the last picture, IR and conversions stay, dimmed: they
  // are of the text as it last compiled.
  const picture = $('board-svg');
  $('outputs').classList.toggle('stale', !answer.ok);
  if (!answer.ok) {
    picture.classList.add('stale');
    $('destinations').textContent = '';
    return;
  }
  const doc = new DOMParser().parseFromString(answer.svg, 'image/svg+xml');
  picture.replaceChildren(document.importNode(doc.documentElement, true));
  picture.classList.remove('stale');
  const names = answer.destinations.map((d) => d.square);
  $('destinations').textContent = names.length
      ? names.length + (names.length === 1 ? ' destination: ' : ' destinations: ') + names.join(' ')
      : 'no destinations';

  showOutput($('ir'), answer.ir);
  for (const name of ['betza', 'parlett', 'fairy'])
    showOutput($('conv-' + name), answer.conversions[name]);
}

function showOutput(pre, output) {
  pre.textContent = output.text !== undefined ? output.text : output.error;
  pre.classList.toggle('error', output.text === undefined);
}

// --- What the reader does -------------------------------------------------

function clickSquare(name) {
  const mode = document.querySelector('input[name=mode]:checked').value;
  const at = state.pieces.findIndex((e) => e.square === name);
  if (mode === 'piece') {
    if (at >= 0)
      state.pieces.splice(at, 1);
    state.from = name;
  } else if (mode === 'clear') {
    if (at >= 0)
      state.pieces.splice(at, 1);
  } else if (name !== state.from) {
    if (at >= 0 && state.pieces[at].side === mode)
      state.pieces.splice(at, 1); // a second click takes it away
    else if (at >= 0)
      state.pieces[at].side = mode;
    else
      state.pieces.push({ square: name, side: mode });
  }
  schedule();
}

function reflectState() {
  $('notation').value = state.notation;
  $('text').value = state.text;
  $('board').value = state.board;
  $('style').value = state.style;
  $('side').value = state.side;
  $('moved').checked = state.moved;
  $('notation-help').textContent = notationHelp[state.notation] || '';
}

async function init() {
  const info = (await ask('api/info')).json;
  $('version').textContent = 'fairyc ' + info.version;
  for (const n of info.notations) {
    $('notation').add(new Option(n.name, n.name));
    notationHelp[n.name] = n.description;
  }
  for (const s of info.styles)
    $('style').add(new Option(s, s));
  readHash();
  reflectState();

  const on = (id, event, change) => $(id).addEventListener(event, () => {
    change($(id));
    schedule();
  });
  on('notation', 'change', (e) => {
    state.notation = e.value;
    $('notation-help').textContent = notationHelp[e.value] || '';
  });
  on('text', 'input', (e) => { state.text = e.value; });
  on('board', 'input', (e) => { state.board = e.value.trim(); state.from = ''; });
  on('style', 'change', (e) => { state.style = e.value; });
  on('side', 'change', (e) => { state.side = e.value; });
  on('moved', 'change', (e) => { state.moved = e.checked; });
  on('clear-pieces', 'click', () => { state.pieces = []; });
  $('board-svg').addEventListener('click', (event) => {
    const square = event.target.closest('[data-square]');
    if (square)
      clickSquare(square.dataset.square);
  });
  for (const box of document.querySelectorAll('.conversion'))
    box.querySelector('button.edit').addEventListener('click', () => {
      const pre = box.querySelector('pre');
      if (pre.classList.contains('error'))
        return;
      state.notation = box.dataset.notation;
      state.text = pre.textContent.trim();
      reflectState();
      schedule();
    });
  window.addEventListener('hashchange', () => {
    readHash();
    reflectState();
    schedule();
  });
  compile();
}

init();
