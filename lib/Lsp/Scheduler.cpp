//===- Scheduler.cpp - fairyc-lsp's documents, queues and workers ---------===//
//
// The reading thread records documents and queues work here; lint workers
// take the documents to lint (each by one worker, only its newest text,
// once it has rested Debounce), the request worker answers requests in
// order; in Mode::Sync all of it runs on the caller's thread.
//
//===----------------------------------------------------------------------===//
#include "ServerImpl.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace fairy;
using namespace fairy::lsp;
using namespace llvm;

namespace {
/// Returns the memory a compilation freed to the system: each thread
/// allocates from its own arena, which glibc would otherwise keep at the
/// size of the largest document the thread ever compiled.
void giveBackMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

} // namespace

//===----------------------------------------------------------------------===//
// Documents
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::open(const DidOpenParams &P) {
  const TextDocumentItem &Item = P.TextDocument;
  {
    std::lock_guard<std::mutex> G(Lock);
    Document &D = Docs[Item.Uri];
    D = Document();
    D.Text = std::make_shared<const std::string>(Item.Text);
    D.Version = Item.Version;
    D.Changed = Clock::now();
    D.Variants = std::make_shared<VariantsIniLinter>();
  }
  scheduleLint(Item.Uri);
}

void LanguageServer::Impl::change(const DidChangeParams &P) {
  const std::string &Uri = P.TextDocument.Uri;
  for (const ContentChange &C : P.ContentChanges)
    if (C.ChangeRange) {
      log("ignored a change of " + Uri +
          " with a range (fairyc-lsp asks for whole texts)");
      return;
    }
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It == Docs.end()) {
      log("ignored a change of " + Uri + ", which is not open");
      return;
    }
    Document &D = It->second;
    D.Version = P.TextDocument.Version.value_or(D.Version + 1);
    D.Changed = Clock::now();
    // Full synchronisation: the last change holds the whole text.
    if (!P.ContentChanges.empty())
      D.Text =
          std::make_shared<const std::string>(P.ContentChanges.back().Text);
  }
  scheduleLint(Uri);
}

void LanguageServer::Impl::close(const DidCloseParams &P) {
  const std::string &Uri = P.TextDocument.Uri;
  std::lock_guard<std::mutex> G(Lock);
  Docs.erase(Uri);
  Dirty.erase(std::remove(Dirty.begin(), Dirty.end(), Uri), Dirty.end());
  sendLocked(
      notification("textDocument/publishDiagnostics",
                   json::Object{{"uri", Uri}, {"diagnostics", json::Array()}}));
}

void LanguageServer::Impl::scheduleLint(const std::string &Uri) {
  if (M == Mode::Sync) {
    TextRef Text;
    std::shared_ptr<VariantsIniLinter> Variants;
    {
      std::lock_guard<std::mutex> G(Lock);
      Text = Docs[Uri].Text;
      Variants = Docs[Uri].Variants;
    }
    lintAndPublish(Uri, Text, Variants);
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  if (!llvm::is_contained(Dirty, Uri))
    Dirty.push_back(Uri);
  Wake.notify_all();
}

void LanguageServer::Impl::lintAndPublish(
    const std::string &Uri, const TextRef &Text,
    std::shared_ptr<VariantsIniLinter> Variants) {
  // Overtaken when the document has another text (or is closed).
  auto Stale = [&] {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    return Stopping || It == Docs.end() || It->second.Text != Text;
  };
  std::optional<std::vector<Diagnostic>> Found;
  try {
    Found = lintDocument(*Text, Uri, *Variants, Stale);
  } catch (const std::exception &E) {
    // Out of memory, say: this version goes unlinted, the server goes on.
    log("could not lint " + Uri + ": " + E.what());
  }
  if (!Found)
    return;
  json::Array Published = publishedDiagnostics(*Text, Uri, *Found);
  std::lock_guard<std::mutex> G(Lock);
  auto It = Docs.find(Uri);
  if (It == Docs.end() || It->second.Text != Text)
    return;
  Document &D = It->second;
  D.LintedText = Text;
  D.Lint = std::make_shared<const std::vector<Diagnostic>>(std::move(*Found));
  sendLocked(notification("textDocument/publishDiagnostics",
                          json::Object{{"uri", Uri},
                                       {"version", D.Version},
                                       {"diagnostics", std::move(Published)}}));
}

DiagnosticsRef LanguageServer::Impl::lintOf(const std::string &Uri,
                                            const TextRef &Text) {
  std::shared_ptr<VariantsIniLinter> Variants;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It != Docs.end() && It->second.LintedText == Text)
      return It->second.Lint;
    Variants = It != Docs.end() ? It->second.Variants
                                : std::make_shared<VariantsIniLinter>();
  }
  auto Found = lintDocument(*Text, Uri, *Variants, nullptr);
  return std::make_shared<const std::vector<Diagnostic>>(
      Found ? std::move(*Found) : std::vector<Diagnostic>());
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::request(
    const json::Value &Id, const std::string &Uri, json::Value Closed,
    std::function<json::Value(const TextRef &)> Work) {
  TextRef Text;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Uri);
    if (It != Docs.end())
      Text = It->second.Text;
  }
  Request R{Id, [Text, Closed = std::move(Closed), Work = std::move(Work)] {
              return Text ? Work(Text) : Closed;
            }};
  if (M == Mode::Sync) {
    runRequest(std::move(R));
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  Requests.push_back(std::move(R));
  Wake.notify_all();
}

void LanguageServer::Impl::runRequest(Request R) {
  json::Value Answer = nullptr;
  try {
    Answer = reply(R.Id, R.Work());
  } catch (const std::exception &E) {
    Answer = replyError(R.Id, ErrorCode::InternalError, E.what());
  }
  std::lock_guard<std::mutex> G(Lock);
  if (RunningCancelled)
    Answer = replyError(R.Id, ErrorCode::RequestCancelled,
                        "the request was cancelled");
  sendLocked(Answer);
}

void LanguageServer::Impl::cancel(const CancelParams &P) {
  std::lock_guard<std::mutex> G(Lock);
  for (auto It = Requests.begin(); It != Requests.end(); ++It)
    if (It->Id == P.Id) {
      sendLocked(replyError(It->Id, ErrorCode::RequestCancelled,
                            "the request was cancelled"));
      Requests.erase(It);
      Idle.notify_all();
      return;
    }
  if (Running && *Running == P.Id)
    RunningCancelled = true;
  // Otherwise it was answered already: nothing to do.
}

//===----------------------------------------------------------------------===//
// Workers
//===----------------------------------------------------------------------===//

void LanguageServer::Impl::lintWorker() {
  std::unique_lock<std::mutex> L(Lock);
  while (true) {
    // The first document waiting that no other worker is linting (a
    // document whose lint is slow holds back none but its own) and that
    // has not changed for Debounce (while changes come, none is linted).
    std::deque<std::string>::iterator Next;
    while (!Stopping) {
      // (Waiting lets the reader add to Dirty, which moves its iterators.)
      Next = Dirty.end();
      auto Now = Clock::now();
      std::optional<Clock::time_point> Soonest;
      for (auto U = Dirty.begin(); U != Dirty.end(); ++U) {
        if (InLint.count(*U))
          continue;
        auto D = Docs.find(*U);
        Clock::time_point Ready =
            D == Docs.end() ? Now : D->second.Changed + Debounce;
        if (Ready <= Now) {
          Next = U;
          break;
        }
        Soonest = Soonest ? std::min(*Soonest, Ready) : Ready;
      }
      if (Next != Dirty.end())
        break;
      if (Soonest)
        Wake.wait_until(L, *Soonest);
      else
        Wake.wait(L);
    }
    if (Stopping)
      return;
    std::string Uri = *Next;
    Dirty.erase(Next);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      continue;
    TextRef Text = It->second.Text;
    auto Variants = It->second.Variants;
    InLint.insert(Uri);
    L.unlock();
    lintAndPublish(Uri, Text, Variants);
    giveBackMemory();
    L.lock();
    InLint.erase(Uri);
    // Its next version may be waiting for it.
    Wake.notify_all();
    Idle.notify_all();
  }
}

void LanguageServer::Impl::requestWorker() {
  std::unique_lock<std::mutex> L(Lock);
  while (true) {
    Wake.wait(L, [&] { return Stopping || !Requests.empty(); });
    if (Stopping)
      return;
    Request R = std::move(Requests.front());
    Requests.pop_front();
    Running = R.Id;
    RunningCancelled = false;
    L.unlock();
    runRequest(std::move(R));
    giveBackMemory();
    L.lock();
    Running.reset();
    RunningCancelled = false;
    Idle.notify_all();
  }
}

void LanguageServer::Impl::waitIdle() {
  std::unique_lock<std::mutex> L(Lock);
  Idle.wait(L, [&] {
    return Dirty.empty() && InLint.empty() && Requests.empty() && !Running;
  });
}
