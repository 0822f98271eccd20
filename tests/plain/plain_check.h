#pragma once
// Checks for the plain C++ suites, which build without Qt (a GPU machine may have only LibTorch and
// the command line's dependencies). Each check prints PASS or FAIL and what it checked; a case that
// throws is one failure that names the case and the error. main returns exit_code().
#include <execinfo.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

namespace gna::test {

inline int& failure_count() {
    static int n = 0;
    return n;
}

inline void check(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "PASS" : "FAIL", what.c_str());
    std::fflush(stdout);
    if (!ok) ++failure_count();
}

// Runs one case; an exception fails it (with its message) and the next case still runs.
template <class F>
void run_case(const std::string& name, F&& body) {
    try {
        body();
    } catch (const std::exception& e) {
        check(false, name + ": threw: " + e.what());
    }
}

// On a crash (SIGSEGV, SIGABRT, SIGBUS), prints the signal and the stack to stderr, then dies of it:
// a GPU machine may have no debugger, and the stack names the library that crashed.
inline void print_stack_and_die(int sig) {
    char line[64];
    const int n = std::snprintf(line, sizeof line, "\nCRASH: signal %d; stack:\n", sig);
    if (n > 0 && ::write(2, line, static_cast<std::size_t>(n)) < 0) {}
    void* frames[64];
    backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

inline void install_crash_stack() {
    void* warm[1];
    backtrace(warm, 1);  // loads libgcc's unwinder now: the handler must not allocate
    for (int sig : {SIGSEGV, SIGABRT, SIGBUS}) std::signal(sig, print_stack_and_die);
}

// 0 when every check passed, else 1 (after printing how many failed).
inline int exit_code() {
    if (failure_count())
        std::printf("%d check(s) failed\n", failure_count());
    else
        std::printf("all checks passed\n");
    std::fflush(stdout);
    return failure_count() ? 1 : 0;
}

}  // namespace gna::test
