//===- Watchdog.cpp - A deadline over every blocking OpenCL call ----------===//
#include "Watchdog.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace clspread::runtime {

namespace {

using Clock = std::chrono::steady_clock;

long long nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch())
      .count();
}

double DefaultSeconds = 0;
bool Running = false;
WatchdogFire Fire = nullptr;
std::atomic<long long> Deadline{0}; ///< steady-clock ns; 0 = unarmed
std::atomic<const std::string *> What{nullptr}; ///< the guarded call's text
std::atomic<double> Armed{0};                   ///< its deadline in seconds

void watch() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    long long D = Deadline.load(std::memory_order_acquire);
    if (D == 0 || nowNs() < D)
      continue;
    const std::string *W = What.load(std::memory_order_acquire);
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%g s", Armed.load());
    Fire((W ? *W : std::string("a blocking OpenCL call")) +
         " did not return within " + Buf + " (watchdog, --timeout)");
  }
}

} // namespace

void startWatchdog(double Seconds, WatchdogFire OnFire) {
  if (Seconds <= 0 || Running)
    return;
  DefaultSeconds = Seconds;
  Fire = OnFire;
  Running = true;
  std::thread(watch).detach();
}

double watchdogSeconds() { return Running ? DefaultSeconds : 0; }

WatchGuard::WatchGuard(const char *W, double Seconds) : Text(W) {
  arm(Seconds);
}
WatchGuard::WatchGuard(const std::string &W, double Seconds) : Text(W) {
  arm(Seconds);
}

void WatchGuard::arm(double Seconds) {
  PrevDeadline = Deadline.load(std::memory_order_relaxed);
  PrevWhat = What.load(std::memory_order_relaxed);
  PrevSeconds = Armed.load(std::memory_order_relaxed);
  if (!Running)
    return;
  double S = Seconds > 0 ? Seconds : DefaultSeconds;
  What.store(&Text, std::memory_order_relaxed);
  Armed.store(S, std::memory_order_relaxed);
  Deadline.store(nowNs() + (long long)(S * 1e9), std::memory_order_release);
}

WatchGuard::~WatchGuard() {
  if (!Running)
    return;
  Deadline.store(PrevDeadline, std::memory_order_relaxed);
  What.store(PrevWhat, std::memory_order_relaxed);
  Armed.store(PrevSeconds, std::memory_order_release);
}

} // namespace clspread::runtime
