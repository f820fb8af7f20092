// TypeScript declarations of fairyc.js: fairyc's C API (docs/c-api.md) in
// JavaScript over its WebAssembly build.

/** Options of createFairyc: where the module's .wasm comes from. */
export interface LoadOptions {
  /** The bytes of fairyc-core.wasm. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch fairyc-core.wasm (default: beside fairyc.js). */
  wasmUrl?: string | URL;
  /** Where the module's standard output and error go (default: nowhere). */
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

/**
 * fairyc's options by their names without dashes (docs/driver.md):
 * "board", "position", "from", "side", "betza", "O", "W", ...; true/false
 * for flags, arrays for repeatable options.
 */
export type OptionValue = string | number | boolean | Array<string | number | boolean>;
export interface CompileOptions {
  /** "betza" (default), "parlett", "fairy", "formula", "ir", or "pieces". */
  notation?: string;
  [option: string]: OptionValue | undefined;
}

export interface Diagnostic {
  severity: 'error' | 'warning' | 'note' | 'remark';
  /** "<input>", a file name, or "" when unlocated. */
  file: string;
  /** 1-based; 0 when unlocated. */
  line: number;
  /** 1-based, in bytes; 0 when unlocated. */
  column: number;
  message: string;
  /** The warning's -W name, or "". */
  name: string;
}

export interface Board {
  width: number;
  height: number;
  depth: number;
  squares: number;
}

export interface Piece {
  name: string;
  /** Upper case, or "" when the piece has none. */
  letter: string;
}

export type MoveKind = 'quiet' | 'capture' | 'remote' | 'promote';

export interface Destination {
  /** The square's name ("e4"). */
  square: string;
  /** Its index: file + width * (rank + height * level), a1 = 0. */
  index: number;
  kinds: MoveKind[];
}

export interface PlacedPiece {
  square: string | number;
  side: 'white' | 'black';
  /** The piece's letter (default "P"). */
  letter?: string;
  moved?: boolean;
}

export interface DestinationOptions {
  /** A FEN placement ("8/8/3p4/8/1P1R2p1/8/8/8") or the pieces one by one. */
  position?: string | PlacedPiece[];
  /** The mover's side (default "white"). */
  side?: 'white' | 'black';
  /** The mover has moved before. */
  moved?: boolean;
}

export class FairycError extends Error {
  diagnostics: Diagnostic[];
}

export interface Compilation {
  /** True if the input compiled without errors. */
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly board: Board;
  readonly pieces: Piece[];
  squareIndex(name: string): number;
  squareName(index: number): string;
  /** Where a piece (index, name or letter) goes from a square. */
  destinations(piece: number | string, from: number | string,
               options?: DestinationOptions): Destination[];
  /** The output of a back end, as fairyc --emit=KIND writes it. */
  emit(kind: string): string;
  /** Frees the compilation. */
  dispose(): void;
}

/** The playground's API answer: its HTTP status and JSON body. */
export interface ApiReply {
  status: number;
  body: string;
}

export interface Fairyc {
  version(): string;
  apiVersion(): number;
  backends(): Array<{ name: string; help: string }>;
  compile(text: string, options?: CompileOptions): Compilation;
  compilePieces(text: string, options?: CompileOptions): Compilation;
  compileVariant(iniText: string, name: string,
                 options?: CompileOptions & { fileName?: string }): Compilation;
  /** POST /api/compile without a server (docs/playground.md). */
  playgroundCompile(request: object | string): ApiReply;
  /** GET /api/info without a server. */
  playgroundInfo(): ApiReply;
}

export function createFairyc(options?: LoadOptions): Promise<Fairyc>;
export const init: typeof createFairyc;
