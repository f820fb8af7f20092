//===- Transport.h - Content-Length framed JSON-RPC -------------*- C++ -*-===//
//
// The LSP's base protocol: each message is a header block (lines
// "Name: value" ended by CRLF, then an empty line) with a Content-Length,
// then that many bytes of JSON. The reader enforces its limits while it
// reads, before anything of the claimed size is allocated: a header line
// longer than FramingLimits::MaxHeaderLine, more header lines than
// MaxHeaders or a Content-Length over MaxContentLength ends the session
// with an error; the reader never holds more than one line of the header
// and a body of at most the cap. It reads from any ByteSource, so tests and
// the fuzz target drive it from a string.
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_LSP_TRANSPORT_H
#define FAIRY_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>

namespace fairy::lsp {

/// Where the reader's bytes come from.
class ByteSource {
public:
  virtual ~ByteSource();
  /// Reads up to \p Max bytes into \p Buffer; returns how many, 0 only at
  /// the end of the input.
  virtual size_t read(char *Buffer, size_t Max) = 0;
};

/// A file descriptor (standard input); EINTR is retried, an error is the end.
class FileSource : public ByteSource {
public:
  explicit FileSource(int FD) : FD(FD) {}
  size_t read(char *Buffer, size_t Max) override;

private:
  int FD;
};

/// A string, handed out in pieces of at most \p Chunk bytes (so that tests
/// see messages split across reads).
class StringSource : public ByteSource {
public:
  explicit StringSource(llvm::StringRef Text, size_t Chunk = 4096)
      : Text(Text), Chunk(Chunk ? Chunk : 1) {}
  size_t read(char *Buffer, size_t Max) override;

private:
  llvm::StringRef Text;
  size_t Chunk;
};

struct FramingLimits {
  size_t MaxHeaderLine = 8 << 10;     ///< bytes, CRLF included
  unsigned MaxHeaders = 32;           ///< header lines of one message
  size_t MaxContentLength = 16 << 20; ///< bytes of one body
};

class MessageReader {
public:
  MessageReader(ByteSource &In, FramingLimits Limits = FramingLimits())
      : In(In), Limits(Limits) {}

  enum class Status {
    Message, ///< a body was read
    End,     ///< the input ended between messages
    Error    ///< the framing is broken or over a limit; stop reading
  };
  /// Reads the next message's body into \p Body. On Error, and on End in
  /// the middle of a message, \p Why says what happened.
  Status next(std::string &Body, std::string &Why);

private:
  /// The next byte; false at the end of the input.
  bool get(char &C);
  /// One header line without its line end into \p Line; false at the end
  /// of the input (\p Ended) or over the limit.
  bool line(std::string &Line, bool &Ended);

  ByteSource &In;
  FramingLimits Limits;
  char Buffer[64 << 10];
  size_t Pos = 0, Size = 0;
};

/// \p Body framed with its Content-Length header, ready to write.
std::string frame(llvm::StringRef Body);

} // namespace fairy::lsp

#endif
