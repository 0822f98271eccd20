#include "args.h"

#include <cstdlib>
#include <ostream>
#include <sstream>

namespace gna::cli {

namespace {

std::set<std::string> names_of(const Options& table, bool flags) {
    std::set<std::string> out;
    for (const Option& o : table)
        if (o.value.empty() == flags) out.insert(o.name);
    return out;
}

}  // namespace

Options operator+(Options a, const Options& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

void print_options(std::ostream& os, const Options& options) {
    constexpr std::size_t kHelpColumn = 29, kWidth = 100;
    for (const Option& o : options) {
        std::string head = "  --" + o.name + (o.value.empty() ? "" : " " + o.value);
        std::string line = head;
        if (head.size() + 2 > kHelpColumn) {  // a long name: the help starts on the next line
            os << head << "\n";
            line.clear();
        }
        line.resize(kHelpColumn, ' ');
        std::istringstream words(o.help);
        std::string word;
        bool first = true;
        while (words >> word) {
            if (!first && line.size() + 1 + word.size() > kWidth) {
                os << line << "\n";
                line.assign(kHelpColumn, ' ');
                first = true;
            }
            line += (first ? "" : " ") + word;
            first = false;
        }
        os << line << "\n";
    }
}

Args::Args(const std::vector<std::string>& argv, const Options& table)
    : Args(argv, names_of(table, true), names_of(table, false)) {}

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& flags,
           const std::set<std::string>& options) {
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "-h" || a == "--help") {
            flags_.insert("help");
            continue;
        }
        if (a.rfind("--", 0) == 0 && a.size() > 2) {
            std::string name = a.substr(2), value;
            bool has_value = false;
            if (auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
                has_value = true;
            }
            if (flags.count(name)) {
                if (has_value) throw UsageError{"--" + name + " takes no value"};
                flags_.insert(name);
            } else if (options.count(name)) {
                if (!has_value) {
                    if (i + 1 >= argv.size()) throw UsageError{"--" + name + " needs a value"};
                    value = argv[++i];
                }
                values_[name] = value;
            } else {
                throw UsageError{"unknown option --" + name};
            }
        } else {
            positionals_.push_back(a);
        }
    }
}

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    auto v = get(name);
    return v ? *v : fallback;
}

int Args::get_int(const std::string& name, int fallback) const {
    auto v = get(name);
    if (!v) return fallback;
    char* end = nullptr;
    long x = std::strtol(v->c_str(), &end, 10);
    if (v->empty() || *end) throw UsageError{"--" + name + " needs an integer, got '" + *v + "'"};
    return static_cast<int>(x);
}

double Args::get_double(const std::string& name, double fallback) const {
    auto v = get(name);
    if (!v) return fallback;
    char* end = nullptr;
    double x = std::strtod(v->c_str(), &end);
    if (v->empty() || *end) throw UsageError{"--" + name + " needs a number, got '" + *v + "'"};
    return x;
}

}  // namespace gna::cli
