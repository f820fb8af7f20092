// fairyc in JavaScript: the C API of fairyc (include/fairy/CAPI/fairy.h,
// docs/c-api.md) over its WebAssembly build (fairyc-core.wasm, made by
// scripts/build-wasm.sh), for browsers and Node.js. docs/web.md shows it in
// a page; fairyc.d.ts declares it.
//
//   import { createFairyc } from 'fairyc';
//   const fairyc = await createFairyc();
//   const c = fairyc.compile('N', { notation: 'betza' });
//   c.destinations(0, 'd4');          // [{ square: 'c2', kinds: ['quiet'] }, ...]
//   c.emit('diagram');                // the ASCII diagram, as fairyc --emit=diagram
//   c.dispose();
import createFairycCore from './fairyc-core.js';

const SEVERITIES = ['error', 'warning', 'note', 'remark'];
const KINDS = [[1, 'quiet'], [2, 'capture'], [4, 'remote'], [8, 'promote']];
const OK = 0, ERROR = 1, BUFFER_TOO_SMALL = 3;
const UTF8 = new TextEncoder();

// Frees what a Compilation holds when it is garbage-collected undisposed
// (dispose() frees it at once; the registry is the safety net, run at the
// collector's pleasure). Held: {M, handle, files}; dispose() unregisters.
const finalizers = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ M, handle, files }) => {
    if (handle) M._fairy_compilation_destroy(handle);
    for (const f of files) f.remove();
  })
  : null;

/** An error of the library: a bad argument, or input that does not compile. */
export class FairycError extends Error {
  constructor(message, diagnostics = []) {
    super(message);
    this.name = 'FairycError';
    this.diagnostics = diagnostics;
  }
}

const isNode = typeof process === 'object' && !!process.versions?.node &&
    typeof window === 'undefined';

// The module's .wasm: the caller's bytes or URL, else the file beside this
// one (read with fs under Node.js, fetched in a browser). Emscripten's own
// loader is not used to find it (lib/Wasm/CMakeLists.txt says why).
async function instantiate(options) {
  const core = {};
  let failed; // rejects `failure` when the browser cannot load the .wasm
  const failure = new Promise((_, reject) => { failed = reject; });
  if (options.wasmBinary) {
    core.wasmBinary = options.wasmBinary;
  } else {
    const url = options.wasmUrl ?? new URL('./fairyc-core.wasm', import.meta.url);
    if (isNode && String(url).startsWith('file:')) {
      const { readFile } = await import('node:fs/promises');
      core.wasmBinary = await readFile(new URL(String(url)));
    } else {
      core.instantiateWasm = (imports, receive) => {
        const bytes = () => fetch(url).then((r) => {
          if (!r.ok) throw new Error(`cannot load ${url}: ${r.status}`);
          return r.arrayBuffer();
        }).then((b) => WebAssembly.instantiate(b, imports));
        const streamed = typeof WebAssembly.instantiateStreaming === 'function'
          ? WebAssembly.instantiateStreaming(fetch(url), imports).catch(bytes)
          : bytes();
        streamed.then((r) => receive(r.instance, r.module), failed);
        return {};
      };
    }
  }
  core.print = options.print ?? (() => {});
  core.printErr = options.printErr ?? (() => {});
  return Promise.race([createFairycCore(core), failure]);
}

/**
 * Loads the module and returns a Fairyc. Options: wasmBinary (the bytes of
 * fairyc-core.wasm) or wasmUrl (where to fetch it).
 */
export async function createFairyc(options = {}) {
  return new Fairyc(await instantiate(options));
}

/** The same as createFairyc. */
export const init = createFairyc;

class Fairyc {
  constructor(M) {
    this.M = M;
    this.nextFile = 0;
  }

  /** fairyc's release, "0.2.0". */
  version() { return this.M.UTF8ToString(this.M._fairy_version()); }

  /** The version of the C API the module was built from. */
  apiVersion() { return this.M._fairy_api_version(); }

  /** Every back end ({name, help}), as fairyc --emit lists them. */
  backends() {
    const out = [];
    for (let i = 0;; ++i) {
      const name = this.M._fairy_backend_name(i);
      if (!name) return out;
      out.push({ name: this.M.UTF8ToString(name),
                 help: this.M.UTF8ToString(this.M._fairy_backend_help(i)) });
    }
  }

  /**
   * Compiles notation text. options.notation: "betza" (default), "parlett",
   * "fairy", "formula", "ir", or "pieces" (a piece file's text); the other
   * options are fairyc's (fairy_options_set: "board", "position", "O", ...),
   * with true/false for flags and arrays for repeatable ones.
   */
  compile(text, options = {}) {
    const { notation = 'betza', ...rest } = options;
    return this.withOptions(rest, (opts) => this.withString(text, (ptr, len) =>
      this.withString(notation, (n) => this.M._fairy_compile(n, ptr, len, opts))));
  }

  /** Compiles a piece file's text (.fairy). */
  compilePieces(text, options = {}) {
    return this.compile(text, { ...options, notation: 'pieces' });
  }

  /**
   * Compiles the variant `name` of a Fairy-Stockfish variants.ini given as
   * text (fairyc --import=FILE --variant=NAME). The text is written to the
   * module's in-memory file system while the compilation lives, as
   * options.fileName (a path, or a name put in a directory of its own;
   * default "variants.ini"), which diagnostics and headers name.
   */
  compileVariant(iniText, name, options = {}) {
    const { fileName = 'variants.ini', ...rest } = options;
    const file = this.writeFile(fileName, iniText);
    try {
      const c = this.withOptions({ ...rest, variant: name }, (opts) =>
        this.withString(file.path, (p) => this.M._fairy_compile_file(p, opts)));
      c.files.push(file); // back ends read the section again when they emit
      return c;
    } catch (e) {
      file.remove();
      throw e;
    }
  }

  /**
   * The playground's API without a server: what POST /api/compile answers
   * to `request` (an object or its JSON), as {status, body} with body the
   * reply's JSON text (docs/playground.md).
   */
  playgroundCompile(request) {
    const body = typeof request === 'string' ? request : JSON.stringify(request);
    return this.withStatus((st) =>
      this.withString(body, (p, len) => this.M._fairy_playground_compile(p, len, st)));
  }

  /** What GET /api/info answers, as {status, body}. */
  playgroundInfo() {
    return this.withStatus((st) => this.M._fairy_playground_info(st));
  }

  // ---- Memory helpers: every allocation is freed before they return. ----
  withString(text, f) {
    const M = this.M;
    // TextEncoder, not Emscripten's stringToUTF8: that one joins a lone
    // surrogate with the character after it into another character; this
    // writes U+FFFD, which fairyc then names as the text holds it.
    const bytes = UTF8.encode(String(text));
    const ptr = M._malloc(bytes.length + 1);
    if (!ptr) throw new FairycError('out of memory');
    try {
      M.HEAPU8.set(bytes, ptr);
      M.HEAPU8[ptr + bytes.length] = 0;
      return f(ptr, bytes.length);
    } finally {
      M._free(ptr);
    }
  }

  withStatus(f) {
    const M = this.M;
    const st = M._malloc(4);
    try {
      const out = f(st);
      if (!out) throw new FairycError('out of memory');
      const body = M.UTF8ToString(out);
      M._free(out);
      return { status: M.HEAP32[st >> 2], body };
    } finally {
      M._free(st);
    }
  }

  withOptions(options, f) {
    const M = this.M;
    const opts = M._fairy_options_create();
    if (!opts) throw new FairycError('out of memory');
    try {
      for (const [name, value] of Object.entries(options)) {
        if (value === undefined || value === null) continue;
        for (const v of Array.isArray(value) ? value : [value]) {
          const text = v === true ? '1' : v === false ? '0' : String(v);
          const st = this.withString(name, (n) =>
            this.withString(text, (t) => M._fairy_options_set(opts, n, t)));
          if (st !== OK)
            throw new FairycError(M.UTF8ToString(M._fairy_options_error(opts)));
        }
      }
      const c = f(opts);
      if (!c) throw new FairycError('out of memory');
      return new Compilation(this, c);
    } finally {
      M._fairy_options_destroy(opts);
    }
  }

  // `text` as a file of the module's in-memory file system: at `fileName`
  // if it is a path, else in a directory of its own; {path, remove()}.
  writeFile(fileName, text) {
    const FS = this.M.FS;
    let path = String(fileName);
    let dir = null; // the directory made for it, removed with it
    if (!path.includes('/')) {
      dir = `/fairyc-input-${this.nextFile++}`;
      FS.mkdir(dir);
      path = `${dir}/${path || 'variants.ini'}`;
    } else {
      path = path.startsWith('/') ? path : `/${path}`;
      FS.mkdirTree(path.slice(0, path.lastIndexOf('/')) || '/');
    }
    const remove = () => {
      if (FS.analyzePath(path).exists) FS.unlink(path);
      if (dir) FS.rmdir(dir);
    };
    if (FS.analyzePath(path).exists) {
      if (dir) FS.rmdir(dir);
      throw new FairycError(`'${path}' is in use`);
    }
    FS.writeFile(path, text);
    return { path, remove };
  }
}

/** The result of compiling: the pieces on their board, and diagnostics. */
class Compilation {
  constructor(fairyc, handle) {
    this.fairyc = fairyc;
    this.M = fairyc.M;
    this.handle = handle;
    this.files = [];
    // The registry's record shares `files`, so files added later go too.
    finalizers?.register(this, { M: this.M, handle, files: this.files }, this);
  }

  check() {
    if (!this.handle) throw new FairycError('the compilation was disposed');
    return this.handle;
  }

  /** True if the input compiled without errors. */
  get ok() { return this.M._fairy_compilation_ok(this.check()) === 1; }

  /**
   * The errors and warnings so far, in order: {severity ("error",
   * "warning", "note", "remark"), file, line, column (1-based; 0 when
   * unlocated), message, name (the warning's -W name, or "")}.
   */
  get diagnostics() {
    const M = this.M, h = this.check();
    const n = M._fairy_diagnostic_count(h);
    const d = M._malloc(24); // fairy_diagnostic on wasm32: six 4-byte fields
    try {
      const out = [];
      for (let i = 0; i < n; ++i) {
        if (M._fairy_diagnostic_get(h, i, d) !== OK) continue;
        const w = d >> 2;
        out.push({
          severity: SEVERITIES[M.HEAP32[w]] ?? 'error',
          file: M.UTF8ToString(M.HEAPU32[w + 1]),
          line: M.HEAPU32[w + 2],
          column: M.HEAPU32[w + 3],
          message: M.UTF8ToString(M.HEAPU32[w + 4]),
          name: M.UTF8ToString(M.HEAPU32[w + 5]),
        });
      }
      return out;
    } finally {
      M._free(d);
    }
  }

  /** The board: {width, height, depth, squares}. */
  get board() {
    const M = this.M, h = this.check();
    return { width: M._fairy_board_width(h), height: M._fairy_board_height(h),
             depth: M._fairy_board_depth(h), squares: M._fairy_board_squares(h) };
  }

  /** The pieces: [{name, letter}] (letter upper case, or "" if none). */
  get pieces() {
    const M = this.M, h = this.check();
    const out = [];
    const n = M._fairy_piece_count(h);
    for (let i = 0; i < n; ++i) {
      const letter = M._fairy_piece_letter(h, i);
      out.push({ name: M.UTF8ToString(M._fairy_piece_name(h, i)),
                 letter: letter ? String.fromCharCode(letter) : '' });
    }
    return out;
  }

  /** The index of the square called `name` ("e4", "5,4"), or -1. */
  squareIndex(name) {
    return this.fairyc.withString(name, (p) => this.M._fairy_square_index(this.check(), p));
  }

  /** The name of square `index`. */
  squareName(index) {
    const M = this.M;
    const buf = M._malloc(64), len = M._malloc(4);
    try {
      if (M._fairy_square_name(this.check(), index, buf, 64, len) !== OK)
        throw new FairycError(`no square ${index} on this board`);
      return M.UTF8ToString(buf);
    } finally {
      M._free(buf);
      M._free(len);
    }
  }

  square(s) {
    if (typeof s === 'number') return s;
    const i = this.squareIndex(String(s));
    if (i < 0) throw new FairycError(`no square called '${s}' on this board`);
    return i;
  }

  piece(p) {
    if (typeof p === 'number') return p;
    const all = this.pieces;
    let i = all.findIndex((x) => x.name === p);
    if (i < 0 && String(p).length === 1)
      i = all.findIndex((x) => x.letter === String(p).toUpperCase());
    if (i < 0) throw new FairycError(`no piece called '${p}'`);
    return i;
  }

  /**
   * Where piece `piece` (its index, name or letter) of `side` ("white" by
   * default) goes from square `from` (a name or an index). options.position:
   * what stands on the board, as a FEN placement ("8/8/3p4/8/1P1R2p1/8/8/8":
   * upper case White, lower case Black; digits count empty squares) or as
   * [{square, side: "white"|"black", letter, moved}]; the square `from` is
   * left to the mover. options.moved: the mover has moved before.
   * Returns [{square, index, kinds}] in square order, kinds among "quiet",
   * "capture", "remote" and "promote".
   */
  destinations(piece, from, options = {}) {
    const M = this.M, h = this.check();
    const { position, side = 'white', moved = false } = options;
    const pieceIndex = this.piece(piece);
    const fromIndex = this.square(from);
    const sideCode = side === 'black' ? 1 : 0;
    let pos = 0;
    try {
      if (position) {
        pos = M._fairy_position_create(h);
        if (!pos) throw new FairycError('out of memory');
        if (typeof position === 'string') {
          // fairyc --position's parser (fairy_position_set_placement):
          // '*' a wall, bad text refused in fairyc's words.
          const st = this.fairyc.withString(position, (p) =>
            M._fairy_position_set_placement(pos, p));
          if (st !== OK)
            throw new FairycError(M.UTF8ToString(M._fairy_position_error(pos)));
        }
        for (const p of typeof position === 'string' ? [] : position) {
          const sq = this.square(p.square);
          if (sq === fromIndex) continue;
          const st = M._fairy_position_place(pos, sq, p.side === 'black' ? 1 : 0,
              String(p.letter ?? 'P').toUpperCase().charCodeAt(0), p.moved ? 1 : 0);
          if (st !== OK) throw new FairycError(M.UTF8ToString(M._fairy_last_error(h)));
        }
      }
      const count = M._malloc(4);
      try {
        const ask = (out, capacity) =>
          M._fairy_destinations(h, pieceIndex, pos, fromIndex, sideCode, moved ? 1 : 0,
                                out, capacity, count);
        let st = ask(0, 0);
        if (st !== OK && st !== BUFFER_TOO_SMALL)
          throw new FairycError(M.UTF8ToString(M._fairy_last_error(h)), this.diagnostics);
        const n = M.HEAPU32[count >> 2];
        const out = M._malloc(Math.max(8 * n, 8));
        try {
          st = ask(out, n);
          if (st !== OK)
            throw new FairycError(M.UTF8ToString(M._fairy_last_error(h)), this.diagnostics);
          const result = [];
          for (let i = 0; i < n; ++i) {
            const square = M.HEAPU32[(out >> 2) + 2 * i];
            const bits = M.HEAPU32[(out >> 2) + 2 * i + 1];
            result.push({ square: this.squareName(square), index: square,
                          kinds: KINDS.filter(([b]) => bits & b).map(([, k]) => k) });
          }
          return result;
        } finally {
          M._free(out);
        }
      } finally {
        M._free(count);
      }
    } finally {
      if (pos) M._fairy_position_destroy(pos);
    }
  }

  /**
   * The output of back end `kind` ("diagram", "json", "svg", "bitboard",
   * ...: fairyc.backends()) as a string, as fairyc --emit=KIND writes it.
   * Throws a FairycError with the diagnostics when it cannot be written.
   */
  emit(kind) {
    const M = this.M, h = this.check();
    const len = M._malloc(4);
    try {
      const call = (buf, cap) => this.fairyc.withString(kind, (k) =>
        M._fairy_emit(h, k, buf, cap, len));
      let st = call(0, 0);
      if (st === ERROR || (st !== OK && st !== BUFFER_TOO_SMALL))
        throw new FairycError(M.UTF8ToString(M._fairy_last_error(h)) ||
                              `cannot emit '${kind}'`, this.diagnostics);
      const n = M.HEAPU32[len >> 2];
      const buf = M._malloc(n + 1);
      try {
        st = call(buf, n + 1);
        if (st !== OK)
          throw new FairycError(M.UTF8ToString(M._fairy_last_error(h)), this.diagnostics);
        return M.UTF8ToString(buf, n);
      } finally {
        M._free(buf);
      }
    } finally {
      M._free(len);
    }
  }

  /**
   * Frees the compilation at once; it cannot be used after. One not
   * disposed is freed when it is garbage-collected (FinalizationRegistry).
   */
  dispose() {
    finalizers?.unregister(this);
    if (this.handle) this.M._fairy_compilation_destroy(this.handle);
    this.handle = 0;
    for (const f of this.files.splice(0)) f.remove();
  }
}
