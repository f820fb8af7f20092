//===- CAPI.cpp - The C API (fairy/fairy.h) over the driver ---------------===//
//
// Each handle wraps the driver's C++ objects; each entry point catches every
// exception, so none crosses into C. Options are fairyc's, by name, turned
// into an Invocation the same way the tool's are.
//
//===----------------------------------------------------------------------===//
#include "fairy/CAPI/fairy.h"

#include "fairy/Backend/Backend.h"
#include "fairy/Driver/Driver.h"
#include "fairy/Driver/Options.h"
#include "fairy/Eval/Position.h"
#include "fairy/PieceFile/PieceSet.h"
#include "fairy/Support/Escape.h"
#include "fairy/Support/Suggest.h"

#include <cctype>
#include <cstring>
#include <deque>
#include <map>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

using namespace fairy;

struct fairy_options {
  Invocation Inv;
  std::vector<std::string> WarningFlags;
  bool NoWarnings = false;
  std::string Error;
};

struct fairy_compilation {
  Invocation Inv;
  std::vector<std::string> WarningFlags;
  bool NoWarnings = false;
  Driver D{"fairy", DiagnosticsOutput::Collect};
  std::unique_ptr<CompiledPieces> Pieces;
  /// Diagnostics as handed out; a deque, so that earlier entries' strings
  /// stay where they are when emitting adds more.
  std::deque<DriverDiagnostic> Diagnostics;
  std::string LastError;
  /// The last output of each emit kind, kept for a second call with a
  /// larger buffer.
  std::map<std::string, std::string> Emitted;

  /// Copies the driver's diagnostics that are new.
  void syncDiagnostics() {
    std::vector<DriverDiagnostic> All = D.diagnostics();
    for (size_t I = Diagnostics.size(); I < All.size(); ++I) {
      // Input text quoted in a message (an unexpected NUL, an ESC) as
      // fairyc prints it: a C string cannot hold a NUL, and a program that
      // prints the message must not be steered by the input.
      All[I].Message = escapeForTerminal(All[I].Message);
      All[I].File = escapeForTerminal(All[I].File);
      Diagnostics.push_back(std::move(All[I]));
    }
  }
};

struct fairy_position {
  std::vector<SquareContent> Squares;
  /// The board of the compilation it was made for, for placements.
  std::optional<Board> B;
  std::string Error;
};

namespace {

/// Runs \p F, turning exceptions into statuses.
template <typename F> fairy_status guarded(F &&Body) {
  try {
    return Body();
  } catch (const std::bad_alloc &) {
    return FAIRY_OUT_OF_MEMORY;
  } catch (...) {
    return FAIRY_ERROR;
  }
}

bool parseUnsigned(const std::string &V, uint64_t &Out) {
  if (V.empty() || V.size() > 19)
    return false;
  Out = 0;
  for (char C : V) {
    if (!std::isdigit((unsigned char)C))
      return false;
    Out = Out * 10 + (C - '0');
  }
  return true;
}

bool parseFlag(const std::string &V, bool &Out) {
  if (V == "1" || V == "true" || V.empty())
    Out = true;
  else if (V == "0" || V == "false")
    Out = false;
  else
    return false;
  return true;
}

/// Sets option \p Name of \p O to \p V; false with O.Error set. The
/// options are the driver's (fairy/Driver/Options.def) but those the C
/// API's functions take as arguments, and -W and -w.
bool setOption(fairy_options &O, const std::string &Name,
               const std::string &V) {
  auto Bad = [&](const char *Expected) {
    O.Error = escapeForTerminal("option '" + Name + "': '" + V + "' is not " +
                                Expected);
    return false;
  };
  if (Name == "w")
    return parseFlag(V, O.NoWarnings) || Bad("1 or 0");
  if (Name == "W") {
    O.WarningFlags.push_back(V);
    return true;
  }
  const OptionInfo *Info = findOption(Name);
  if (!Info || (Info->Flags & ToolOnly)) {
    O.Error = "unknown option '" + escapeForTerminal(Name) + "'";
    // The nearest name this function takes, as fairyc suggests the nearest
    // of its own; none for one of fairyc's that an argument here says.
    if (!Info) {
      std::vector<std::string> Names = {"W", "w"};
      for (const OptionInfo &Row : options())
        if (!(Row.Flags & (ToolOnly | Positional)))
          Names.push_back(Row.Name);
      O.Error += didYouMean(Name, Names);
    }
    return false;
  }
  // The C API has always read flags as 1/0 and numbers as decimal digits
  // (the radius and states up to a million), stricter than the command
  // line; the driver reads what is left as fairyc does.
  std::string Value = V;
  bool B = false;
  uint64_t N = 0;
  switch (Info->Kind) {
  case OptionKind::Flag:
    if (!parseFlag(V, B))
      return Bad("1 or 0");
    Value = B ? "true" : "false";
    break;
  case OptionKind::Int:
  case OptionKind::UnsignedList:
    if (!parseUnsigned(V, N) || N > 1000000)
      return Bad("a number up to 1000000");
    break;
  case OptionKind::UInt64:
    if (!parseUnsigned(V, N))
      return Bad("a number");
    break;
  default:
    break;
  }
  std::string Error;
  if (!fairy::setOption(O.Inv, Name, Value, Error)) {
    O.Error = escapeForTerminal("option '" + Name + "': " + Error);
    return false;
  }
  return true;
}

/// A compilation of \p Inv under \p Options' warnings.
fairy_compilation *compile(Invocation Inv, const fairy_options *Options) {
  try {
    auto *C = new fairy_compilation;
    C->Inv = std::move(Inv);
    if (Options) {
      C->WarningFlags = Options->WarningFlags;
      C->NoWarnings = Options->NoWarnings;
    }
    if (C->D.applyWarningFlags(C->WarningFlags, C->NoWarnings))
      C->Pieces = C->D.compile(C->Inv);
    C->syncDiagnostics();
    return C;
  } catch (...) {
    return nullptr;
  }
}

} // namespace

extern "C" {

int fairy_api_version(void) { return FAIRY_API_VERSION; }
const char *fairy_version(void) { return libraryVersion(); }

fairy_options *fairy_options_create(void) {
  try {
    return new fairy_options;
  } catch (...) {
    return nullptr;
  }
}

void fairy_options_destroy(fairy_options *Options) { delete Options; }

fairy_status fairy_options_set(fairy_options *Options, const char *Name,
                               const char *Value) {
  if (!Options)
    return FAIRY_INVALID_ARGUMENT;
  return guarded([&] {
    if (!Name || !Value) {
      Options->Error = "option name and value must not be NULL";
      return FAIRY_INVALID_ARGUMENT;
    }
    Options->Error.clear();
    return setOption(*Options, Name, Value) ? FAIRY_OK : FAIRY_INVALID_ARGUMENT;
  });
}

const char *fairy_options_error(const fairy_options *Options) {
  return Options ? Options->Error.c_str() : "";
}

fairy_compilation *fairy_compile(const char *Notation, const char *Text,
                                 size_t Length, const fairy_options *Options) {
  try {
    Invocation Inv = Options ? Options->Inv : Invocation();
    Inv.Notation = Notation ? Notation : "";
    Inv.Expression = std::string(Text ? Text : "", Text ? Length : 0);
    return compile(std::move(Inv), Options);
  } catch (...) {
    return nullptr;
  }
}

fairy_compilation *fairy_compile_file(const char *Path,
                                      const fairy_options *Options) {
  try {
    Invocation Inv = Options ? Options->Inv : Invocation();
    std::string P = Path ? Path : "";
    if (!Inv.VariantName.empty())
      Inv.ImportPath = P;
    else
      Inv.Input = P;
    return compile(std::move(Inv), Options);
  } catch (...) {
    return nullptr;
  }
}

void fairy_compilation_destroy(fairy_compilation *C) { delete C; }

int fairy_compilation_ok(const fairy_compilation *C) {
  return C && C->Pieces ? 1 : 0;
}

size_t fairy_diagnostic_count(const fairy_compilation *C) {
  return C ? C->Diagnostics.size() : 0;
}

fairy_status fairy_diagnostic_get(const fairy_compilation *C, size_t Index,
                                  fairy_diagnostic *Out) {
  if (!C || !Out || Index >= C->Diagnostics.size())
    return FAIRY_INVALID_ARGUMENT;
  const DriverDiagnostic &D = C->Diagnostics[Index];
  Out->severity = (fairy_severity)D.Kind;
  Out->file = D.File.c_str();
  Out->line = D.Line;
  Out->column = D.Column;
  Out->message = D.Message.c_str();
  Out->name = D.Name.c_str();
  return FAIRY_OK;
}

const char *fairy_last_error(const fairy_compilation *C) {
  return C ? C->LastError.c_str() : "";
}

unsigned fairy_board_width(const fairy_compilation *C) {
  return C && C->Pieces ? C->Pieces->width() : 0;
}
unsigned fairy_board_height(const fairy_compilation *C) {
  return C && C->Pieces ? C->Pieces->height() : 0;
}
unsigned fairy_board_depth(const fairy_compilation *C) {
  return C && C->Pieces ? C->Pieces->depth() : 0;
}
unsigned fairy_board_squares(const fairy_compilation *C) {
  return C && C->Pieces ? C->Pieces->numSquares() : 0;
}

long fairy_square_index(const fairy_compilation *C, const char *Name) {
  if (!C || !C->Pieces || !Name)
    return -1;
  try {
    std::string Error;
    auto Index = C->Pieces->squareIndex(Name, Error);
    return Index && C->Pieces->hasSquare(*Index) ? (long)*Index : -1;
  } catch (...) {
    return -1;
  }
}

fairy_status fairy_square_name(const fairy_compilation *C, unsigned Index,
                               char *Buffer, size_t Capacity, size_t *Length) {
  if (!C || !C->Pieces || Index >= C->Pieces->numSquares() ||
      (!Buffer && Capacity))
    return FAIRY_INVALID_ARGUMENT;
  return guarded([&] {
    std::string Name = C->Pieces->squareName(Index);
    if (Length)
      *Length = Name.size();
    if (Capacity <= Name.size())
      return FAIRY_BUFFER_TOO_SMALL;
    std::memcpy(Buffer, Name.c_str(), Name.size() + 1);
    return FAIRY_OK;
  });
}

size_t fairy_piece_count(const fairy_compilation *C) {
  return C && C->Pieces ? C->Pieces->size() : 0;
}

const char *fairy_piece_name(const fairy_compilation *C, size_t Piece) {
  if (!C || !C->Pieces || Piece >= C->Pieces->size())
    return nullptr;
  return C->Pieces->name(Piece).c_str();
}

char fairy_piece_letter(const fairy_compilation *C, size_t Piece) {
  if (!C || !C->Pieces || Piece >= C->Pieces->size())
    return 0;
  return C->Pieces->letter(Piece);
}

long fairy_piece_find(const fairy_compilation *C, char Letter) {
  if (!C || !C->Pieces)
    return -1;
  char Upper = (char)std::toupper((unsigned char)Letter);
  for (size_t I = 0; I < C->Pieces->size(); ++I)
    if (C->Pieces->letter(I) == Upper)
      return (long)I;
  return -1;
}

fairy_position *fairy_position_create(const fairy_compilation *C) {
  if (!C || !C->Pieces)
    return nullptr;
  try {
    auto *P = new fairy_position{{}, C->Pieces->pieceSet().board(), {}};
    P->Squares.resize(C->Pieces->numSquares());
    return P;
  } catch (...) {
    return nullptr;
  }
}

void fairy_position_destroy(fairy_position *P) { delete P; }

/// The side a C caller passed, or nullopt for a value that is neither
/// FAIRY_WHITE nor FAIRY_BLACK. Read from the argument's bytes: in C++,
/// loading an enum object that holds another value is undefined.
static std::optional<Color> sideOf(const fairy_side &Side) {
  std::underlying_type_t<fairy_side> Value;
  static_assert(sizeof Value == sizeof Side, "an enum is its underlying type");
  std::memcpy(&Value, &Side, sizeof Value);
  if (Value == FAIRY_WHITE)
    return Color::White;
  if (Value == FAIRY_BLACK)
    return Color::Black;
  return std::nullopt;
}

fairy_status fairy_position_place(fairy_position *P, unsigned Square,
                                  fairy_side Side, char Type, int Moved) {
  std::optional<Color> C = sideOf(Side);
  if (!P || Square >= P->Squares.size() || !C ||
      !std::isalpha((unsigned char)Type))
    return FAIRY_INVALID_ARGUMENT;
  SquareContent &S = P->Squares[Square];
  S.Present = true;
  S.Side = *C;
  S.Type = (char)std::toupper((unsigned char)Type);
  S.Moved = Moved != 0;
  return FAIRY_OK;
}

fairy_status fairy_position_clear(fairy_position *P, unsigned Square) {
  if (!P || Square >= P->Squares.size())
    return FAIRY_INVALID_ARGUMENT;
  P->Squares[Square] = SquareContent();
  return FAIRY_OK;
}

fairy_status fairy_position_set_placement(fairy_position *P,
                                          const char *Placement) {
  if (!P)
    return FAIRY_INVALID_ARGUMENT;
  return guarded([&] {
    P->Error.clear();
    if (!Placement) {
      P->Error = "bad argument: placement";
      return FAIRY_INVALID_ARGUMENT;
    }
    // fairyc --position's parser, with its words.
    std::string Error;
    auto Read = Position::fromFEN(Placement, P->B, Error);
    if (!Read) {
      P->Error = escapeForTerminal("--position: " + Error);
      return FAIRY_INVALID_ARGUMENT;
    }
    const Board &B = *P->B, &Read2 = Read->board();
    for (unsigned S = 0; S < B.numSquares(); ++S)
      if (!B.squares().test(S) && Read->at(S).Present) {
        P->Error = "--position: a piece stands on " + B.squareName(S) +
                   ", which the board does not have";
        return FAIRY_INVALID_ARGUMENT;
      }
    std::vector<SquareContent> Squares(P->Squares.size());
    for (unsigned S = 0; S < Squares.size(); ++S) {
      const Occupant &O = Read->at(S);
      Squares[S].Wall = B.squares().test(S) && !Read2.squares().test(S);
      if (O.Present) {
        Squares[S].Present = true;
        Squares[S].Side = O.Side;
        Squares[S].Type = O.Type;
      }
    }
    P->Squares = std::move(Squares);
    return FAIRY_OK;
  });
}

const char *fairy_position_error(const fairy_position *P) {
  return P ? P->Error.c_str() : "";
}

fairy_status fairy_destinations(fairy_compilation *C, size_t Piece,
                                const fairy_position *Position, unsigned From,
                                fairy_side Side, int Moved,
                                fairy_destination *Out, size_t Capacity,
                                size_t *Count) {
  if (!C)
    return FAIRY_INVALID_ARGUMENT;
  return guarded([&] {
    C->LastError.clear();
    if (!C->Pieces) {
      C->LastError = "the input did not compile";
      return FAIRY_ERROR;
    }
    std::optional<Color> Mover = sideOf(Side);
    if ((!Out && Capacity) || !Count || !Mover) {
      C->LastError = "bad argument: out, count or side";
      return FAIRY_INVALID_ARGUMENT;
    }
    if (Position && Position->Squares.size() != C->Pieces->numSquares()) {
      C->LastError = "the position belongs to a compilation of another board";
      return FAIRY_INVALID_ARGUMENT;
    }
    static const std::vector<SquareContent> Empty;
    auto D = C->Pieces->destinations(Piece, From, *Mover, Moved != 0,
                                     Position ? Position->Squares : Empty,
                                     C->LastError);
    if (!D)
      return Piece >= C->Pieces->size() || !C->Pieces->hasSquare(From)
                 ? FAIRY_INVALID_ARGUMENT
                 : FAIRY_ERROR;
    *Count = D->size();
    if (D->size() > Capacity)
      return FAIRY_BUFFER_TOO_SMALL;
    for (size_t I = 0; I < D->size(); ++I)
      Out[I] = {(*D)[I].Square, (*D)[I].Kinds};
    return FAIRY_OK;
  });
}

fairy_status fairy_emit(fairy_compilation *C, const char *Kind, char *Buffer,
                        size_t Capacity, size_t *Length) {
  if (!C)
    return FAIRY_INVALID_ARGUMENT;
  return guarded([&] {
    C->LastError.clear();
    const BackendInfo *K = Kind ? findBackend(Kind) : nullptr;
    if (!K || !Length || (!Buffer && Capacity)) {
      if (K) {
        C->LastError = "bad argument: buffer or length";
      } else {
        // fairyc's words for --emit=jsn, with the kinds and the nearest.
        std::vector<std::string> Kinds;
        for (const BackendInfo *B : backends())
          Kinds.push_back(B->Name);
        C->LastError = escapeForTerminal(
            "emit: " + notOneOfMessage(Kind ? Kind : "", Kinds));
      }
      return FAIRY_INVALID_ARGUMENT;
    }
    if (!C->Pieces) {
      C->LastError = "the input did not compile";
      return FAIRY_ERROR;
    }
    auto It = C->Emitted.find(K->Name);
    if (It == C->Emitted.end()) {
      Invocation Inv = C->Inv;
      Inv.Emit = K->Name;
      std::optional<std::string> Out = C->D.emit(Inv);
      C->syncDiagnostics();
      if (!Out) {
        C->LastError = "the back end '" + std::string(Kind) +
                       "' cannot write this input; see the diagnostics";
        return FAIRY_ERROR;
      }
      It = C->Emitted.emplace(K->Name, std::move(*Out)).first;
    }
    *Length = It->second.size();
    if (Capacity <= It->second.size())
      return FAIRY_BUFFER_TOO_SMALL;
    std::memcpy(Buffer, It->second.c_str(), It->second.size() + 1);
    return FAIRY_OK;
  });
}

} // extern "C"

// The registry of back ends (fairy/Backend/Backend.h), for programs that
// list the kinds fairy_emit takes, and for the test that docs/backends.md
// lists every one.
extern "C" {

const char *fairy_backend_name(size_t Index) {
  try {
    const std::vector<const BackendInfo *> &All = backends();
    return Index < All.size() ? All[Index]->Name : nullptr;
  } catch (...) {
    return nullptr;
  }
}

const char *fairy_backend_help(size_t Index) {
  try {
    const std::vector<const BackendInfo *> &All = backends();
    return Index < All.size() ? All[Index]->Help : nullptr;
  } catch (...) {
    return nullptr;
  }
}

} // extern "C"
