//===- Escape.cpp - Text from the input, made safe for each output --------===//
#include "fairy/Support/Escape.h"

#include "llvm/Support/ConvertUTF.h"

#include <cstdio>

using namespace fairy;

namespace {

bool isControl(unsigned char C) { return C < 0x20 || C == 0x7f; }

std::string hexEscape(unsigned char C) {
  char Buf[5];
  std::snprintf(Buf, sizeof Buf, "\\x%02X", C);
  return Buf;
}

/// The length of the valid UTF-8 sequence at \p I of \p S, or 0.
size_t utf8Length(const std::string &S, size_t I) {
  auto *Begin = reinterpret_cast<const llvm::UTF8 *>(S.data() + I);
  auto *End = reinterpret_cast<const llvm::UTF8 *>(S.data() + S.size());
  unsigned Len = llvm::getNumBytesForUTF8(*Begin);
  if (Len > (size_t)(End - Begin) ||
      !llvm::isLegalUTF8Sequence(Begin, Begin + Len))
    return 0;
  return Len;
}

/// Whether byte \p I of \p S is one of the two bytes of a C1 control
/// (U+0080 to U+009F) in UTF-8: C2 80 to C2 9F.
bool inC1(const std::string &S, size_t I) {
  auto Starts = [&](size_t At) {
    return (unsigned char)S[At] == 0xC2 && At + 1 < S.size() &&
           (unsigned char)S[At + 1] >= 0x80 && (unsigned char)S[At + 1] < 0xA0;
  };
  return Starts(I) || (I > 0 && Starts(I - 1));
}

} // namespace

std::string fairy::escapeForCComment(const std::string &Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (isControl(C) || inC1(Text, I))
      Out += hexEscape(C);
    else if ((C == '*' || C == '/') && I + 1 < Text.size() &&
             Text[I + 1] == (C == '*' ? '/' : '*'))
      // "*\/" cannot end the comment, "/\*" cannot nest one (-Wcomment).
      Out += std::string(1, (char)C) + "\\";
    else
      Out += (char)C;
  }
  return Out;
}

std::string fairy::escapeForLineComment(const std::string &Text) {
  std::string Out;
  for (char C : escapeForCComment(Text))
    Out += C == '\\' ? std::string("\\\\") : std::string(1, C);
  return Out;
}

std::string fairy::cStringLiteral(const std::string &Text) {
  std::string Out = "\"";
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += (char)C;
    } else if (C == '\n') {
      Out += "\\n";
    } else if (isControl(C) || C >= 0x80) {
      // Octal: at most three digits, so a digit after it stays a digit.
      char Buf[5];
      std::snprintf(Buf, sizeof Buf, "\\%03o", C);
      Out += Buf;
    } else if (C == '?' && I + 1 < Text.size() && Text[I + 1] == '?') {
      Out += "?\\"; // no trigraph can start here
    } else {
      Out += (char)C;
    }
  }
  return Out + "\"";
}

std::string fairy::escapeForXml(const std::string &Text) {
  static const char Replacement[] = "\xEF\xBF\xBD";
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C >= 0x80) {
      size_t Len = inC1(Text, I) ? 0 : utf8Length(Text, I);
      if (Len) {
        Out.append(Text, I, Len);
        I += Len;
      } else {
        Out += Replacement;
        ++I;
      }
      continue;
    }
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    case '\t':
    case '\n':
    case '\r':
      Out += (char)C;
      break;
    default:
      if (isControl(C))
        Out += Replacement;
      else
        Out += (char)C;
    }
    ++I;
  }
  return Out;
}

std::string fairy::dotQuoted(const std::string &Text) {
  std::string Out = "\"";
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C >= 0x80) {
      size_t Len = inC1(Text, I) ? 0 : utf8Length(Text, I);
      if (Len)
        Out.append(Text, I, Len);
      else
        Out += "\\\\x" + hexEscape(C).substr(2);
      I += Len ? Len : 1;
      continue;
    }
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += (char)C;
    } else if (C == '\n') {
      Out += "\\n"; // Graphviz's centred line break
    } else if (isControl(C)) {
      Out += "\\\\x" + hexEscape(C).substr(2); // shown as \xNN
    } else {
      Out += (char)C;
    }
    ++I;
  }
  return Out + "\"";
}

std::string fairy::escapeForTerminal(const std::string &Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C < 0x80) {
      if (isControl(C) && C != '\t' && C != '\n')
        Out += hexEscape(C);
      else
        Out += (char)C;
      ++I;
      continue;
    }
    size_t Len = inC1(Text, I) ? 0 : utf8Length(Text, I);
    if (!Len) {
      // Not UTF-8, or a C1 control: each byte shown.
      size_t N = inC1(Text, I) ? 2 : 1;
      for (size_t K = 0; K < N; ++K)
        Out += hexEscape(Text[I + K]);
      I += N;
      continue;
    }
    Out.append(Text, I, Len);
    I += Len;
  }
  return Out;
}

std::string fairy::escapeForIni(const std::string &Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (isControl(C) || inC1(Text, I))
      Out += hexEscape(C);
    else
      Out += (char)C;
  }
  return Out;
}

std::string fairy::pieceFileString(const std::string &Text) {
  std::string Out = "\"";
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += (char)C;
    } else if (isControl(C) || inC1(Text, I)) {
      Out += hexEscape(C);
    } else {
      Out += (char)C;
    }
  }
  return Out + "\"";
}

std::string fairy::jsonWithoutControls(const std::string &Json) {
  // In JSON text from llvm::json these bytes are inside strings (the rest
  // is ASCII punctuation), and the text is UTF-8, so C2 80..9F is a C1
  // character and never the tail of another.
  std::string Out;
  for (size_t I = 0; I < Json.size(); ++I) {
    unsigned char C = Json[I];
    if (C == 0x7f) {
      Out += "\\u007f";
    } else if ((unsigned char)Json[I] == 0xC2 && inC1(Json, I)) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", (unsigned char)Json[I + 1]);
      Out += Buf;
      ++I;
    } else {
      Out += (char)C;
    }
  }
  return Out;
}
