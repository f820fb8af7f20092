//===- Vec.h - Displacement vectors -----------------------------*- C++ -*-===//
//
// A displacement in the mover's frame: x = file to the mover's right,
// y = rank forward, z = level (0 on 2D boards).
//
//===----------------------------------------------------------------------===//
#ifndef FAIRY_IR_VEC_H
#define FAIRY_IR_VEC_H

#include <cstddef>
#include <functional>
#include <string>

namespace fairy {

struct Vec {
  int x = 0, y = 0, z = 0;

  constexpr Vec() = default;
  constexpr Vec(int X, int Y, int Z = 0) : x(X), y(Y), z(Z) {}

  int operator[](unsigned Axis) const {
    return Axis == 0 ? x : Axis == 1 ? y : z;
  }
  int &operator[](unsigned Axis) { return Axis == 0 ? x : Axis == 1 ? y : z; }
  Vec operator+(Vec O) const { return {x + O.x, y + O.y, z + O.z}; }
  Vec operator-(Vec O) const { return {x - O.x, y - O.y, z - O.z}; }
  Vec operator*(int K) const { return {x * K, y * K, z * K}; }
  bool operator==(Vec O) const { return x == O.x && y == O.y && z == O.z; }
  bool operator!=(Vec O) const { return !(*this == O); }
  bool operator<(Vec O) const {
    if (x != O.x)
      return x < O.x;
    if (y != O.y)
      return y < O.y;
    return z < O.z;
  }
  bool isZero() const { return x == 0 && y == 0 && z == 0; }
  bool is3D() const { return z != 0; }
  /// "1,2" or "1,2,3" (the z component only when it is not zero).
  std::string str() const;
};

struct VecHash {
  size_t operator()(Vec V) const {
    return std::hash<long long>()(((long long)V.x * 1000003 + V.y) * 1000003 +
                                  V.z);
  }
};

} // namespace fairy

#endif
