//===- Svg.cpp - Move diagrams as SVG pictures ----------------------------===//
#include "fairy/Backend/Svg.h"
#include "fairy/Support/Escape.h"

#include <fmt/format.h>

#include <set>

using namespace fairy;

namespace {

class SvgWriter {
public:
  SvgWriter(const Position &P, const SvgOptions &Opts)
      : P(P), B(P.board()), S(Opts.SquareSize), Margin(Opts.SquareSize / 2) {}

  // Geometry: levels side by side, each W x H squares, ranks upwards.
  unsigned levelWidth() const { return B.width() * S; }
  unsigned gap() const { return S; }
  unsigned width() const {
    return 2 * Margin + B.depth() * levelWidth() + (B.depth() - 1) * gap();
  }
  unsigned height() const {
    return 2 * Margin + B.height() * S + (B.is3D() ? Margin : 0);
  }
  unsigned top() const { return Margin + (B.is3D() ? Margin : 0); }
  double cx(unsigned I) const {
    Vec C = B.coord(I);
    return Margin + C.z * (levelWidth() + gap()) + C.x * S + S / 2.0;
  }
  double cy(unsigned I) const {
    return top() + (B.height() - 1 - B.coord(I).y) * S + S / 2.0;
  }

  std::string Out;

  void board() {
    for (unsigned I = 0; I < B.numSquares(); ++I) {
      if (!B.squares().test(I))
        continue;
      Vec C = B.coord(I);
      bool Light = (C.x + C.y + C.z) % 2 == 1;
      Out += fmt::format("  <rect class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" "
                         "width=\"{}\" height=\"{}\"/>\n",
                         Light ? "light" : "dark", cx(I) - S / 2.0,
                         cy(I) - S / 2.0, S, S);
    }
    // File letters under each level, rank numbers left of the first.
    for (int Z = 0; Z < B.depth(); ++Z) {
      for (int X = 0; X < B.width(); ++X) {
        std::string Name = B.squareName(B.index(Vec(X, 0, Z)));
        std::string File =
            Name.substr(B.is3D() ? 1 : 0, Name.size() - 1 - (B.is3D() ? 1 : 0));
        Out += fmt::format(
            "  <text class=\"label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
            cx(B.index(Vec(X, 0, Z))), top() + B.height() * S + Margin * 0.7,
            escapeForXml(File));
      }
      if (B.is3D())
        Out += fmt::format("  <text class=\"label\" x=\"{:.1f}\" "
                           "y=\"{:.1f}\">level {}</text>\n",
                           Margin + Z * (levelWidth() + gap()) +
                               levelWidth() / 2.0,
                           Margin * 1.3, char('A' + Z));
    }
    for (int Y = 0; Y < B.height(); ++Y)
      Out += fmt::format(
          "  <text class=\"label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
          Margin / 2.0, cy(B.index(Vec(0, Y, 0))) + 4, Y + 1);
  }

  void paths(const std::vector<std::vector<unsigned>> &Paths) {
    std::set<std::vector<unsigned>> Drawn;
    for (const std::vector<unsigned> &Path : Paths) {
      if (Path.size() < 3 || !Drawn.insert(Path).second)
        continue; // a single leg is shown by its destination alone
      std::string Points;
      for (unsigned Sq : Path)
        Points += fmt::format("{:.1f},{:.1f} ", cx(Sq), cy(Sq));
      Points.pop_back();
      Out +=
          fmt::format("  <polyline class=\"path\" points=\"{}\"/>\n", Points);
    }
  }

  void pieces(unsigned Origin, Color Side, const Destinations &D) {
    B.squares().forEach([&](unsigned I) {
      const Occupant &O = P.at(I);
      bool IsOrigin = I == Origin;
      if (!O.Present && !IsOrigin)
        return;
      Color C = IsOrigin ? Side : O.Side;
      std::string Letter = O.Present ? std::string(1, O.Type) : "";
      Out += fmt::format("  <circle class=\"{}{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                         "r=\"{:.1f}\"/>\n",
                         C == Color::White ? "white" : "black",
                         IsOrigin ? " origin" : "", cx(I), cy(I), S * 0.36);
      if (!Letter.empty())
        Out += fmt::format(
            "  <text class=\"letter {}\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
            C == Color::White ? "on-white" : "on-black", cx(I),
            cy(I) + S * 0.13, escapeForXml(Letter));
    });
    D.Quiet.forEach([&](unsigned I) {
      Out += fmt::format("  <circle class=\"move\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
                         "r=\"{:.1f}\"/>\n",
                         cx(I), cy(I), S * 0.16);
    });
    D.Capture.forEach([&](unsigned I) {
      Out += fmt::format("  <circle class=\"capture\" cx=\"{:.1f}\" "
                         "cy=\"{:.1f}\" r=\"{:.1f}\"/>\n",
                         cx(I), cy(I), S * 0.44);
    });
    D.Remote.forEach([&](unsigned I) {
      double R = S * 0.18;
      Out += fmt::format(
          "  <path class=\"remote\" d=\"M{:.1f},{:.1f} L{:.1f},{:.1f} "
          "M{:.1f},{:.1f} L{:.1f},{:.1f}\"/>\n",
          cx(I) - R, cy(I) - R, cx(I) + R, cy(I) + R, cx(I) - R, cy(I) + R,
          cx(I) + R, cy(I) - R);
    });
  }

private:
  const Position &P;
  const Board &B;
  unsigned S, Margin;
};

} // namespace

std::string fairy::renderSvg(const Position &P, unsigned Origin, Color Side,
                             const Destinations &D,
                             const std::vector<std::vector<unsigned>> &Paths,
                             const SvgOptions &Opts) {
  SvgWriter W(P, Opts);
  std::string Out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n"
      "  <title>{2}</title>\n"
      "  <style>\n"
      "    .light {{ fill: #f0d9b5; }} .dark {{ fill: #b58863; }}\n"
      "    .label {{ font: 12px sans-serif; fill: #444; text-anchor: middle; "
      "}}\n"
      "    .white {{ fill: #fff; stroke: #222; stroke-width: 2; }}\n"
      "    .black {{ fill: #222; stroke: #222; stroke-width: 2; }}\n"
      "    .origin {{ stroke: #1565c0; stroke-width: 3; }}\n"
      "    .letter {{ font: bold 16px sans-serif; text-anchor: middle; }}\n"
      "    .on-white {{ fill: #222; }} .on-black {{ fill: #fff; }}\n"
      "    .move {{ fill: #2e7d32; fill-opacity: 0.8; }}\n"
      "    .capture {{ fill: none; stroke: #c62828; stroke-width: 4; }}\n"
      "    .remote {{ stroke: #ef6c00; stroke-width: 4; }}\n"
      "    .path {{ fill: none; stroke: #1565c0; stroke-width: 2; "
      "stroke-opacity: 0.5; }}\n"
      "  </style>\n",
      W.width(), W.height(), escapeForXml(Opts.Title));
  W.board();
  W.paths(Paths);
  W.pieces(Origin, Side, D);
  return Out + W.Out + "</svg>\n";
}
