// The playground without a server: loaded only by the static page that
// scripts/build-wasm.sh writes (before playground.js, after
// fairyc-core-single.js, which defines createFairycCore: fairyc's
// WebAssembly module with the .wasm inside, so that the page also works
// from file://). It answers the page's two questions with the module's
// fairy_playground_compile and fairy_playground_info
// (fairy/Wasm/PlaygroundExports.h) instead of /api/compile and /api/info.
'use strict';

window.fairycLocal = createFairycCore({ print: () => {}, printErr: () => {} })
  .then((M) => {
    // Calls `f` with a status slot and returns {status, body}. As
    // web/fairyc.js's withStatus (an ES module, which a page opened from
    // file:// cannot load, hence this copy): no reply is out of memory.
    const outOfMemory = () =>
      new Error('fairyc: out of memory in the WebAssembly module');
    const answer = (f) => {
      const st = M._malloc(4);
      if (!st) throw outOfMemory();
      try {
        const out = f(st);
        if (!out) throw outOfMemory();
        const body = M.UTF8ToString(out);
        M._free(out);
        return { status: M.HEAP32[st >> 2], body };
      } finally {
        M._free(st);
      }
    };
    return {
      info: () => answer((st) => M._fairy_playground_info(st)),
      compile: (body) => answer((st) => {
        const len = M.lengthBytesUTF8(body);
        const p = M._malloc(len + 1);
        if (!p) throw outOfMemory();
        try {
          M.stringToUTF8(body, p, len + 1);
          return M._fairy_playground_compile(p, len, st);
        } finally {
          M._free(p);
        }
      }),
    };
  });
