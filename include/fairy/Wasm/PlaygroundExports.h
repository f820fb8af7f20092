/*===- PlaygroundExports.h - The playground's API for JavaScript --*- C -*-===*\
|*                                                                            *|
|* The two calls of the playground's page (fairy/Playground/PlaygroundApi.h)  *|
|* as C functions the WebAssembly module (lib/Wasm, scripts/build-wasm.sh)    *|
|* exports beside the C API (fairy/fairy.h), so that a page answers itself    *|
|* with no server: the request and reply JSON of POST /api/compile and GET    *|
|* /api/info (docs/playground.md). web/fairyc.js calls them.                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FAIRY_WASM_PLAYGROUNDEXPORTS_H
#define FAIRY_WASM_PLAYGROUNDEXPORTS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* POST /api/compile for the `length` bytes of JSON at `body`: the reply's
 * JSON, NUL-terminated, in memory from malloc that the caller frees (NULL
 * when memory runs out); its HTTP status in *status. */
char *fairy_playground_compile(const char *body, size_t length, int *status);

/* GET /api/info: the reply's JSON (malloc'd; the caller frees it) and its
 * HTTP status in *status. */
char *fairy_playground_info(int *status);

#ifdef __cplusplus
}
#endif

#endif /* FAIRY_WASM_PLAYGROUNDEXPORTS_H */
