#pragma once
// A small argument reader for the gna subcommands (and gna-train-demo, through the gna_cli_options
// library): --flag, --key value, --key=value, positionals. Each command describes its options in one
// table (Options): the reader accepts what the table lists and --help prints the same table, so a
// command's help and what it accepts cannot drift apart.
#include <iosfwd>
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

// One option: its name without "--", its value's placeholder (empty: a flag, which takes no value) and
// what it does, in sentences (print_options wraps them).
struct Option {
    std::string name;
    std::string value;
    std::string help;
};
using Options = std::vector<Option>;

// The rows of `a` then those of `b`.
Options operator+(Options a, const Options& b);

// "  --name VALUE" and the help beside it, wrapped at 100 columns, one row per option.
void print_options(std::ostream& os, const Options& options);

class Args {
public:
    // The options `table` lists (flags take no value); -h and --help are always accepted.
    Args(const std::vector<std::string>& argv, const Options& table);
    // `flags`: options without a value; `options`: options taking a value.
    Args(const std::vector<std::string>& argv, const std::set<std::string>& flags,
         const std::set<std::string>& options);
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
