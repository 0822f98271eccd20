#pragma once
// A small argument reader for the gna subcommands (and gna-train-demo, through the gna_cli_options
// library): --flag, --key value, --key=value, positionals.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gna::cli {

// Exit codes scripts can rely on.
enum Exit : int { kOk = 0, kFailed = 1, kUsage = 2, kCancelled = 130 };

struct UsageError {
    std::string message;
};

class Args {
public:
    // `flags`: options without a value; `options`: options taking a value.
    Args(const std::vector<std::string>& argv, const std::set<std::string>& flags, const std::set<std::string>& options);
    bool flag(const std::string& name) const { return flags_.count(name) > 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;
    int get_int(const std::string& name, int fallback) const;
    double get_double(const std::string& name, double fallback) const;
    const std::vector<std::string>& positionals() const { return positionals_; }
    bool help() const { return flag("help"); }

private:
    std::set<std::string> flags_;
    std::map<std::string, std::string> values_;
    std::vector<std::string> positionals_;
};

}  // namespace gna::cli
