#include "args.h"

#include <cstdlib>

namespace gna::cli {

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
