//===- PlaygroundFuzzer.cpp - Fuzz the playground's /api/compile ----------===//
//
// Any bytes as the body of POST /api/compile: the answer is 200 or 400 with
// a JSON object; a 400 says why; a 200 has "ok", the diagnostics as a list
// and as text, and, when ok, a picture with no markup from the request in
// it (the notation text is escaped) and the conversions.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "fairy/Playground/PlaygroundApi.h"

#include "llvm/Support/JSON.h"

using namespace fairy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 1024)
    return 0;
  std::string Body(reinterpret_cast<const char *>(Data), Size);
  ApiReply Reply = compileForPlayground(Body);
  auto Fail = [&](const char *What) {
    fuzz::check(false, What, *ir::nothing());
  };
  if (Reply.Status != 200 && Reply.Status != 400)
    Fail("the status is neither 200 nor 400");
  llvm::Expected<llvm::json::Value> Answer = llvm::json::parse(Reply.Body);
  if (!Answer) {
    llvm::consumeError(Answer.takeError());
    Fail("the answer is not JSON");
    return 0;
  }
  const llvm::json::Object *O = Answer->getAsObject();
  if (!O) {
    Fail("the answer is not a JSON object");
    return 0;
  }
  if (Reply.Status == 400) {
    if (!O->getString("error"))
      Fail("a refusal without its reason");
    return 0;
  }
  auto Ok = O->getBoolean("ok");
  if (!Ok || !O->getArray("diagnostics") || !O->getString("diagnosticsText"))
    Fail("an answer without ok and its diagnostics");
  if (Ok && *Ok) {
    auto Svg = O->getString("svg");
    if (!Svg || !O->getArray("destinations") || !O->getObject("conversions"))
      Fail("a compiled answer without its picture and outputs");
    else if (Svg->contains("<script") || Svg->contains("<foreignObject"))
      Fail("markup from the request in the picture");
  }
  return 0;
}
