//===- Transport.cpp - Content-Length framed JSON-RPC ---------------------===//
#include "fairy/Lsp/Transport.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <tuple>
#include <unistd.h>

using namespace fairy::lsp;
using namespace llvm;

ByteSource::~ByteSource() = default;

size_t FileSource::read(char *Buffer, size_t Max) {
  while (true) {
    ssize_t N = ::read(FD, Buffer, Max);
    if (N >= 0)
      return size_t(N);
    if (errno != EINTR)
      return 0;
  }
}

size_t StringSource::read(char *Buffer, size_t Max) {
  size_t N = std::min({Max, Chunk, Text.size()});
  std::memcpy(Buffer, Text.data(), N);
  Text = Text.drop_front(N);
  return N;
}

bool MessageReader::get(char &C) {
  if (Pos == Size) {
    Pos = 0;
    Size = In.read(Buffer, sizeof(Buffer));
    if (Size == 0)
      return false;
  }
  C = Buffer[Pos++];
  return true;
}

bool MessageReader::line(std::string &Line, bool &Ended) {
  Line.clear();
  Ended = false;
  char C;
  while (true) {
    if (!get(C)) {
      Ended = true;
      return false;
    }
    if (C == '\n')
      break;
    // The limit counts the line end too; a longer line is never kept.
    if (Line.size() + 2 > Limits.MaxHeaderLine)
      return false;
    Line += C;
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return true;
}

MessageReader::Status MessageReader::next(std::string &Body, std::string &Why) {
  Body.clear();
  Why.clear();
  std::optional<uint64_t> Length;
  std::string Line;
  for (unsigned Headers = 0;; ++Headers) {
    bool Ended;
    if (!line(Line, Ended)) {
      if (!Ended) {
        Why = "a header line longer than " +
              std::to_string(Limits.MaxHeaderLine) + " bytes";
        return Status::Error;
      }
      if (Headers > 0 || !Line.empty())
        Why = "the input ended inside a message's header";
      return Status::End;
    }
    if (Line.empty())
      break;
    if (Headers == Limits.MaxHeaders) {
      Why = "more than " + std::to_string(Limits.MaxHeaders) +
            " header lines in one message";
      return Status::Error;
    }
    StringRef Name, Value;
    std::tie(Name, Value) = StringRef(Line).split(':');
    if (Name.size() == Line.size()) {
      Why = "a header line without ':'";
      return Status::Error;
    }
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue; // Content-Type, or a header of a later protocol
    uint64_t N;
    Value = Value.trim();
    if (Value.empty() ||
        Value.find_first_not_of("0123456789") != StringRef::npos ||
        Value.getAsInteger(10, N)) {
      Why = "a Content-Length that is not a number";
      return Status::Error;
    }
    if (Length && *Length != N) {
      Why = "two different Content-Lengths";
      return Status::Error;
    }
    if (N > Limits.MaxContentLength) {
      Why = "a Content-Length over " + std::to_string(Limits.MaxContentLength) +
            " bytes";
      return Status::Error;
    }
    Length = N;
  }
  if (!Length) {
    Why = "a message without a Content-Length";
    return Status::Error;
  }
  // The body, as it arrives: the claimed length is only reserved in part,
  // so a short stream costs what it sent.
  Body.reserve(std::min<uint64_t>(*Length, 1 << 20));
  while (Body.size() < *Length) {
    if (Pos == Size) {
      Pos = 0;
      Size = In.read(Buffer, sizeof(Buffer));
      if (Size == 0) {
        Why = "the input ended inside a message (" +
              std::to_string(Body.size()) + " of " + std::to_string(*Length) +
              " bytes)";
        Body.clear();
        return Status::End;
      }
    }
    size_t Take = std::min<uint64_t>(Size - Pos, *Length - Body.size());
    Body.append(Buffer + Pos, Take);
    Pos += Take;
  }
  return Status::Message;
}

std::string fairy::lsp::frame(StringRef Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" +
         Body.str();
}
