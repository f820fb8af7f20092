//===- Svg.cpp - Move diagrams as SVG pictures ----------------------------===//
#include "fairy/Backend/Svg.h"
#include "fairy/Support/Escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

using namespace fairy;

namespace {

/// The marks a square can carry, one bit each: what the legend lists.
enum MarkBit : unsigned {
  Moves = 1,
  Captures = 2,
  MovesOrCaptures = 4,
  FirstMoveOnly = 8,
  OverAPiece = 16,
  CapturesOnTheWay = 32,
  Promotes = 64,
  Lines = 128,
  ExamplePiece = 256,
};

struct LegendEntry {
  MarkBit Bit;
  const char *Label;
};
constexpr LegendEntry LegendEntries[] = {
    {Moves, "moves"},
    {Captures, "captures"},
    {MovesOrCaptures, "moves or captures"},
    {FirstMoveOnly, "first move only"},
    {OverAPiece, "jumps over a piece"},
    {CapturesOnTheWay, "captures on the way"},
    {Promotes, "promotes"},
    {Lines, "slides and paths"},
    {ExamplePiece, "example piece to hop over"},
};

/// The legend's words for example pieces: what they are there for.
const char *exampleLabel(const SvgOptions &Opts) {
  if (!Opts.ExampleVictims)
    return "example piece to hop over";
  return Opts.ExampleHurdles ? "example piece to hop over or capture"
                             : "example piece to capture on the way";
}

/// Pixels a legend label takes at 12px sans-serif (a generous average).
unsigned labelWidth(const char *Label) { return 7 * std::strlen(Label); }

class SvgWriter {
public:
  SvgWriter(const Position &P, unsigned Origin, Color Side, const MoveKinds &K,
            const SvgOptions &Opts)
      : P(P), B(P.board()), Origin(Origin), Side(Side), K(K), Opts(Opts),
        S(Opts.SquareSize), Margin(Opts.SquareSize / 2),
        CaptionHeight(Opts.Caption.empty() ? 0 : 16) {
    Marks = marksUsed();
    layOutLegend();
  }

  std::string render() {
    Out = fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                      "height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
                      "  <title>{2}</title>\n",
                      width(), height(), escapeForXml(Opts.Title));
    Out += Style;
    Out += fmt::format("  <rect class=\"paper\" width=\"{}\" height=\"{}\"/>\n",
                       width(), height());
    caption();
    switch (Opts.Style) {
    case BoardStyle::Xiangqi:
      points(/*River=*/true);
      break;
    case BoardStyle::Janggi:
      points(/*River=*/false);
      break;
    case BoardStyle::Shogi:
      grid();
      break;
    case BoardStyle::Auto:
    case BoardStyle::Chess:
      squares();
      break;
    }
    labels();
    lines();
    pieces();
    marks();
    clickableSquares();
    legend();
    return Out + "</svg>\n";
  }

private:
  const Position &P;
  const Board &B;
  unsigned Origin;
  Color Side;
  const MoveKinds &K;
  const SvgOptions &Opts;
  unsigned S, Margin, CaptionHeight;
  unsigned Marks = 0;
  /// The legend's entries, row by row.
  std::vector<std::vector<const LegendEntry *>> LegendRows;
  std::string Out;

  static constexpr unsigned LegendRow = 22;
  static constexpr const char *Style =
      "  <style>\n"
      "    .paper { fill: #fff; }\n"
      "    .caption { font: bold 15px \"DejaVu Sans\", sans-serif; fill: #222; "
      "}\n"
      "    .light { fill: #f0d9b5; } .dark { fill: #b58863; }\n"
      "    .cell { fill: #f6dca5; stroke: #5b3d1e; stroke-width: 1; }\n"
      "    .wood { fill: #f3d29b; }\n"
      "    .grid { stroke: #5b3d1e; stroke-width: 1.5; fill: none; }\n"
      "    .hoshi { fill: #5b3d1e; }\n"
      "    .river { font: italic 13px \"DejaVu Serif\", serif; fill: #5b3d1e; "
      "text-anchor: middle; }\n"
      "    .label { font: 12px \"DejaVu Sans\", sans-serif; fill: #444; "
      "text-anchor: middle; "
      "}\n"
      "    .white { fill: #fff; stroke: #222; stroke-width: 2; }\n"
      "    .black { fill: #222; stroke: #222; stroke-width: 2; }\n"
      "    .origin { stroke: #1565c0; stroke-width: 3; }\n"
      "    .letter { font: bold 16px \"DejaVu Sans\", sans-serif; text-anchor: "
      "middle; }\n"
      "    .on-white { fill: #222; } .on-black { fill: #fff; }\n"
      "    .move { fill: #2e7d32; fill-opacity: 0.85; }\n"
      "    .capture { fill: none; stroke: #c62828; stroke-width: 4; }\n"
      "    .move.initial { fill: #fff; fill-opacity: 0.6; stroke: #2e7d32; "
      "stroke-width: 2.5; stroke-dasharray: 4 2; }\n"
      "    .capture.initial { stroke-dasharray: 6 3; }\n"
      "    .remote { stroke: #ef6c00; stroke-width: 4; }\n"
      "    .promote { fill: #f9a825; stroke: #6d4c00; stroke-width: 1; }\n"
      "    .line { fill: none; stroke: #1565c0; stroke-width: 3; "
      "stroke-opacity: 0.45; stroke-linecap: round; stroke-linejoin: round; "
      "}\n"
      "    .legend { font: 12px \"DejaVu Sans\", sans-serif; fill: #222; }\n"
      "  </style>\n";

  // Geometry: levels side by side, each W x H squares, ranks upwards; the
  // caption above, file labels and the legend below.
  unsigned levelWidth() const { return B.width() * S; }
  unsigned gap() const { return S; }
  unsigned width() const {
    return 2 * Margin + B.depth() * levelWidth() + (B.depth() - 1) * gap();
  }
  unsigned top() const {
    return CaptionHeight + Margin + (B.is3D() ? Margin : 0);
  }
  unsigned legendTop() const { return top() + B.height() * S + Margin + 4; }
  unsigned height() const {
    unsigned H = top() + B.height() * S + Margin;
    if (!LegendRows.empty())
      H += 4 + LegendRows.size() * LegendRow + 6;
    return H;
  }
  double px(int X, int Z) const {
    return Margin + Z * (levelWidth() + gap()) + X * S + S / 2.0;
  }
  double py(int Y) const { return top() + (B.height() - 1 - Y) * S + S / 2.0; }
  double cx(unsigned I) const {
    Vec C = B.coord(I);
    return px(C.x, C.z);
  }
  double cy(unsigned I) const { return py(B.coord(I).y); }

  bool isMarked(unsigned I) const {
    if (I == Origin)
      return K.D.Remote.test(I); // capture without moving
    return K.Quiet.test(I) || K.Capture.test(I) || K.D.Remote.test(I);
  }

  const char *label(const LegendEntry &E) const {
    return E.Bit == ExamplePiece ? exampleLabel(Opts) : E.Label;
  }

  bool isExample(unsigned I) const {
    return std::binary_search(Opts.Examples.begin(), Opts.Examples.end(), I);
  }

  unsigned marksUsed() const {
    unsigned M = K.Lines.empty() ? 0u : unsigned(Lines);
    if (!Opts.Examples.empty())
      M |= ExamplePiece;
    B.squares().forEach([&](unsigned I) {
      if (!isMarked(I))
        return;
      bool Q = K.Quiet.test(I), C = K.Capture.test(I);
      if (Q || C)
        M |= Q && C ? MovesOrCaptures : Q ? Moves : Captures;
      if (K.InitialOnly.test(I))
        M |= FirstMoveOnly;
      if (K.Hop.test(I))
        M |= OverAPiece;
      if (K.D.Remote.test(I))
        M |= CapturesOnTheWay;
      if (K.D.Promote.test(I))
        M |= Promotes;
    });
    return M;
  }

  void layOutLegend() {
    if (!Opts.Legend)
      return;
    unsigned X = 0, Room = width() - Margin;
    for (const LegendEntry &E : LegendEntries) {
      if (!(Marks & E.Bit))
        continue;
      unsigned W = 24 + labelWidth(label(E)) + 14;
      if (LegendRows.empty() || (X + W > Room && X > 0)) {
        LegendRows.emplace_back();
        X = 0;
      }
      LegendRows.back().push_back(&E);
      X += W;
    }
  }

  void caption() {
    if (Opts.Caption.empty())
      return;
    // As much as fits on one line: an input may be megabytes long.
    size_t Fits = std::max<size_t>(8, (width() - Margin) / 8);
    std::string Text = Opts.Caption;
    if (Text.size() > Fits)
      Text = Text.substr(0, Fits - 3) + "...";
    Out +=
        fmt::format("  <text class=\"caption\" x=\"{}\" y=\"21\">{}</text>\n",
                    Margin / 2, escapeForXml(Text));
  }

  void squares() {
    B.squares().forEach([&](unsigned I) {
      Vec C = B.coord(I);
      bool Light = (C.x + C.y + C.z) % 2 == 1;
      Out += fmt::format("  <rect class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" "
                         "width=\"{}\" height=\"{}\"/>\n",
                         Light ? "light" : "dark", cx(I) - S / 2.0,
                         cy(I) - S / 2.0, S, S);
    });
  }

  void gridLine(double X1, double Y1, double X2, double Y2) {
    Out += fmt::format("  <line class=\"grid\" x1=\"{:.1f}\" y1=\"{:.1f}\" "
                       "x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                       X1, Y1, X2, Y2);
  }

  /// Shogi: even cells, and the four star points that mark the thirds.
  void grid() {
    B.squares().forEach([&](unsigned I) {
      Out += fmt::format("  <rect class=\"cell\" x=\"{:.1f}\" y=\"{:.1f}\" "
                         "width=\"{}\" height=\"{}\"/>\n",
                         cx(I) - S / 2.0, cy(I) - S / 2.0, S, S);
    });
    int W = B.width(), H = B.height();
    if (W % 3 || H % 3 || W < 6 || H < 6)
      return;
    for (int Z = 0; Z < B.depth(); ++Z)
      for (int I = 1; I <= 2; ++I)
        for (int J = 1; J <= 2; ++J)
          Out += fmt::format(
              "  <circle class=\"hoshi\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
              "r=\"3\"/>\n",
              px(I * W / 3, Z) - S / 2.0, py(J * H / 3) + S / 2.0);
  }

  /// Xiangqi and janggi: pieces on the points where lines cross; palaces
  /// of three by three points at both ends of the middle files; xiangqi's
  /// river across the middle, which only the edge files cross.
  void points(bool River) {
    int W = B.width(), H = B.height();
    River = River && H % 2 == 0 && H >= 4;
    for (int Z = 0; Z < B.depth(); ++Z) {
      Out += fmt::format("  <rect class=\"wood\" x=\"{:.1f}\" y=\"{:.1f}\" "
                         "width=\"{}\" height=\"{}\"/>\n",
                         px(0, Z) - S / 2.0, py(H - 1) - S / 2.0, W * S, H * S);
      for (int Y = 0; Y < H; ++Y)
        gridLine(px(0, Z), py(Y), px(W - 1, Z), py(Y));
      for (int X = 0; X < W; ++X) {
        if (River && X > 0 && X < W - 1) {
          gridLine(px(X, Z), py(0), px(X, Z), py(H / 2 - 1));
          gridLine(px(X, Z), py(H / 2), px(X, Z), py(H - 1));
        } else {
          gridLine(px(X, Z), py(0), px(X, Z), py(H - 1));
        }
      }
      if (W % 2 == 1 && W >= 3 && H >= 6)
        for (int Low : {0, H - 3}) {
          int M = W / 2;
          gridLine(px(M - 1, Z), py(Low), px(M + 1, Z), py(Low + 2));
          gridLine(px(M + 1, Z), py(Low), px(M - 1, Z), py(Low + 2));
        }
      if (River)
        Out += fmt::format(
            "  <text class=\"river\" x=\"{:.1f}\" y=\"{:.1f}\">river</text>\n",
            (px(0, Z) + px(W - 1, Z)) / 2, (py(H / 2 - 1) + py(H / 2)) / 2 + 4);
    }
  }

  /// File letters under each level, rank numbers left of the first.
  void labels() {
    for (int Z = 0; Z < B.depth(); ++Z) {
      for (int X = 0; X < B.width(); ++X) {
        std::string Name = B.squareName(B.index(Vec(X, 0, Z)));
        std::string File =
            Name.substr(B.is3D() ? 1 : 0, Name.size() - 1 - (B.is3D() ? 1 : 0));
        Out += fmt::format(
            "  <text class=\"label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
            px(X, Z), top() + B.height() * S + Margin * 0.7,
            escapeForXml(File));
      }
      if (B.is3D())
        Out += fmt::format("  <text class=\"label\" x=\"{:.1f}\" "
                           "y=\"{:.1f}\">level {}</text>\n",
                           Margin + Z * (levelWidth() + gap()) +
                               levelWidth() / 2.0,
                           CaptionHeight + Margin * 1.3, Board::levelName(Z));
    }
    for (int Y = 0; Y < B.height(); ++Y)
      Out += fmt::format(
          "  <text class=\"label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
          Margin / 2.0, py(Y) + 4, Y + 1);
  }

  void lines() {
    for (const std::vector<unsigned> &Path : K.Lines) {
      std::string Points;
      for (unsigned Sq : Path)
        Points += fmt::format("{:.1f},{:.1f} ", cx(Sq), cy(Sq));
      Points.pop_back();
      Out +=
          fmt::format("  <polyline class=\"line\" points=\"{}\"/>\n", Points);
    }
  }

  void pieces() {
    B.squares().forEach([&](unsigned I) {
      const Occupant &O = P.at(I);
      bool IsOrigin = I == Origin;
      if (!O.Present && !IsOrigin)
        return;
      Color C = IsOrigin ? Side : O.Side;
      if (!IsOrigin && isExample(I)) {
        // Not a piece of the position: dashed, and no letter, since any
        // piece would do.
        Out += exampleDisc(C, cx(I), cy(I), S * 0.36,
                           "\" data-example=\"" +
                               escapeForXml(B.squareName(I)) + "\"");
        return;
      }
      Out += fmt::format("  <circle class=\"{}{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                         "r=\"{:.1f}\"/>\n",
                         C == Color::White ? "white" : "black",
                         IsOrigin ? " origin" : "", cx(I), cy(I), S * 0.36);
      if (O.Present)
        Out += fmt::format(
            "  <text class=\"letter {}\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
            C == Color::White ? "on-white" : "on-black", cx(I),
            cy(I) + S * 0.13, escapeForXml(std::string(1, O.Type)));
    });
  }

  /// An example piece of side \p C centred on (X, Y), its class ending in
  /// \p More. Styled in place: pictures without examples keep their
  /// style sheet.
  static std::string exampleDisc(Color C, double X, double Y, double R,
                                 const std::string &More) {
    return fmt::format("  <circle class=\"{} example{} cx=\"{:.1f}\" "
                       "cy=\"{:.1f}\" r=\"{:.1f}\" style=\"stroke-dasharray: "
                       "5 3; fill-opacity: 0.55\"/>\n",
                       C == Color::White ? "white" : "black", More, X, Y, R);
  }

  /// A dot (moves there) or ring (captures there) centred on (X, Y) of
  /// radius \p R: a diamond instead if the move jumps over a piece.
  void shape(const char *Class, bool Hop, double X, double Y, double R) {
    if (Hop)
      Out += fmt::format("  <path class=\"{} hop\" d=\"M{:.1f},{:.1f} "
                         "L{:.1f},{:.1f} L{:.1f},{:.1f} L{:.1f},{:.1f} Z\"/>\n",
                         Class, X, Y - R * 1.2, X + R * 1.2, Y, X, Y + R * 1.2,
                         X - R * 1.2, Y);
    else
      Out += fmt::format("  <circle class=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                         "r=\"{:.1f}\"/>\n",
                         Class, X, Y, R);
  }

  void cross(double X, double Y) {
    double R = S * 0.18;
    Out += fmt::format("  <path class=\"remote\" d=\"M{:.1f},{:.1f} "
                       "L{:.1f},{:.1f} M{:.1f},{:.1f} L{:.1f},{:.1f}\"/>\n",
                       X - R, Y - R, X + R, Y + R, X - R, Y + R, X + R, Y - R);
  }

  void promoteMark(double X, double Y, const char *Sample = "") {
    double E = S / 2.0 - 2, T = S * 0.28;
    Out +=
        fmt::format("  <path class=\"promote{}\" d=\"M{:.1f},{:.1f} "
                    "L{:.1f},{:.1f} L{:.1f},{:.1f} Z\"/>\n",
                    Sample, X + E, Y - E, X + E - T, Y - E, X + E, Y - E + T);
  }

  /// SvgOptions::Squares: painted (so that they take clicks) but
  /// transparent, named like the marks.
  void clickableSquares() {
    if (!Opts.Squares)
      return;
    B.squares().forEach([&](unsigned I) {
      Out += fmt::format(
          "  <rect class=\"square\" data-square=\"{}\" x=\"{:.1f}\" "
          "y=\"{:.1f}\" width=\"{}\" height=\"{}\" fill=\"#000\" "
          "fill-opacity=\"0\"/>\n",
          escapeForXml(B.squareName(I)), cx(I) - S / 2.0, cy(I) - S / 2.0, S,
          S);
    });
  }

  void marks() {
    B.squares().forEach([&](unsigned I) {
      if (!isMarked(I))
        return;
      bool Initial = K.InitialOnly.test(I), Hop = K.Hop.test(I);
      bool OnPiece = P.at(I).Present && I != Origin;
      // Each square's marks in a group that names the square and its
      // kinds, for readers of the picture (tests, the playground).
      std::string Kinds;
      for (auto [Has, Word] : {std::pair{K.Quiet.test(I), "move"},
                               {K.Capture.test(I), "capture"},
                               {Initial, "initial"},
                               {Hop, "hop"},
                               {K.D.Remote.test(I), "remote"},
                               {K.D.Promote.test(I), "promote"}})
        if (Has)
          Kinds += (Kinds.empty() ? "" : " ") + std::string(Word);
      Out += fmt::format("  <g data-square=\"{}\" data-kinds=\"{}\">\n",
                         escapeForXml(B.squareName(I)), Kinds);
      if (K.Quiet.test(I))
        shape(Initial ? "move initial" : "move", Hop, cx(I), cy(I),
              S * (Initial ? 0.18 : 0.16));
      if (K.Capture.test(I))
        shape(Initial ? "capture initial" : "capture", Hop, cx(I), cy(I),
              S * (OnPiece ? 0.44 : 0.3));
      if (K.D.Remote.test(I))
        cross(cx(I), cy(I));
      if (K.D.Promote.test(I))
        promoteMark(cx(I), cy(I));
      Out += "  </g>\n";
    });
  }

  /// A sample of each mark shown, with what it means.
  void legend() {
    double Y = legendTop() + LegendRow / 2.0;
    double R = S * 0.16;
    for (const auto &Row : LegendRows) {
      double X = Margin / 2.0 + 10;
      for (const LegendEntry *E : Row) {
        switch (E->Bit) {
        case Moves:
          shape("move sample", false, X, Y, R * 0.8);
          break;
        case Captures:
          shape("capture sample", false, X, Y, 8);
          break;
        case MovesOrCaptures:
          shape("move sample", false, X, Y, R * 0.8);
          shape("capture sample", false, X, Y, 8);
          break;
        case FirstMoveOnly:
          shape("move initial sample", false, X, Y, 6);
          break;
        case OverAPiece:
          shape("move sample", true, X, Y, 5);
          break;
        case CapturesOnTheWay:
          Out += fmt::format(
              "  <path class=\"remote sample\" d=\"M{0:.1f},{1:.1f} "
              "L{2:.1f},{3:.1f} M{0:.1f},{3:.1f} "
              "L{2:.1f},{1:.1f}\"/>\n",
              X - 6, Y - 6, X + 6, Y + 6);
          break;
        case Promotes:
          promoteMark(X - S / 2.0 + 10, Y + S / 2.0 - 8, " sample");
          break;
        case Lines:
          Out +=
              fmt::format("  <polyline class=\"line sample\" points=\"{:.1f},"
                          "{:.1f} {:.1f},{:.1f}\"/>\n",
                          X - 9, Y + 6, X + 9, Y - 6);
          break;
        case ExamplePiece:
          Out += exampleDisc(P.at(Opts.Examples.front()).Side, X, Y, 8,
                             " sample\"");
          break;
        }
        Out += fmt::format(
            "  <text class=\"legend\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
            X + 14, Y + 4, label(*E));
        X += 24 + labelWidth(label(*E)) + 14;
      }
      Y += LegendRow;
    }
  }
};

} // namespace

std::string fairy::renderSvg(const Position &P, unsigned Origin, Color Side,
                             const MoveKinds &K, const SvgOptions &Opts) {
  return SvgWriter(P, Origin, Side, K, Opts).render();
}
