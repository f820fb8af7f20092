//===- TimeReport.cpp - Where a run spends its time -----------------------===//
#include "fairy/Support/TimeReport.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>

using namespace fairy;

namespace {

using Clock = std::chrono::steady_clock;

std::atomic<bool> Enabled{false};
std::mutex Lock;
std::map<std::string, double> Seconds;
std::vector<std::string> Order;

/// The phases open on this thread (the driver runs a job on a thread of its
/// own, with a large stack), innermost last, with when each last resumed.
struct Open {
  const char *Name;
  Clock::time_point Since;
};
thread_local std::vector<Open> Stack;

void add(const char *Name, Clock::duration D) {
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = Seconds.emplace(Name, 0.0);
  if (New)
    Order.push_back(Name);
  It->second += std::chrono::duration<double>(D).count();
}

} // namespace

void TimeReport::enable(bool On) { Enabled = On; }
bool TimeReport::enabled() { return Enabled; }

std::vector<std::pair<std::string, double>> TimeReport::take() {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<std::pair<std::string, double>> Out;
  // The pipeline's phases in its order, then any other in order of use.
  for (const char *N : {"read", "parse", "lower", "passes", "evaluate", "emit"})
    if (Seconds.count(N))
      Out.push_back({N, Seconds[N]});
  for (const std::string &N : Order)
    if (std::none_of(Out.begin(), Out.end(),
                     [&](const auto &P) { return P.first == N; }))
      Out.push_back({N, Seconds[N]});
  Seconds.clear();
  Order.clear();
  return Out;
}

std::string
TimeReport::format(const std::vector<std::pair<std::string, double>> &Times) {
  double Total = 0;
  for (const auto &T : Times)
    Total += T.second;
  std::string Out = "===- fairyc time report -===\n";
  Out += fmt::format("  {:<10} {:>10} {:>7}\n", "phase", "seconds", "share");
  for (const auto &[Name, S] : Times)
    Out += fmt::format("  {:<10} {:>10.4f} {:>6.1f}%\n", Name, S,
                       Total > 0 ? 100 * S / Total : 0.0);
  Out += fmt::format("  {:<10} {:>10.4f} {:>6.1f}%\n", "total", Total, 100.0);
  return Out;
}

TimeReport::Phase::Phase(const char *Name) : Active(Enabled) {
  if (!Active)
    return;
  Clock::time_point Now = Clock::now();
  if (!Stack.empty())
    add(Stack.back().Name, Now - Stack.back().Since); // the outer one pauses
  Stack.push_back({Name, Now});
}

TimeReport::Phase::~Phase() {
  if (!Active || Stack.empty())
    return;
  Clock::time_point Now = Clock::now();
  add(Stack.back().Name, Now - Stack.back().Since);
  Stack.pop_back();
  if (!Stack.empty())
    Stack.back().Since = Now; // and resumes
}
