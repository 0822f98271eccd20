#include "io/install_layout.h"

#include <algorithm>
#include <iterator>
#include <system_error>

namespace gna::layout {

namespace fs = std::filesystem;

fs::path executable() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe;
}

namespace {

fs::path prefix() {
    const fs::path exe = executable();
    return exe.empty() ? fs::path() : exe.parent_path().parent_path();
}

}  // namespace

fs::path installed_share_dir() {
    const fs::path p = prefix();
    return p.empty() ? p : p / "share" / "gna-studio";
}

fs::path installed_plugin_dir() {
    const fs::path p = prefix();
    return p.empty() ? p : p / "lib" / "gna-studio" / "plugins";
}

bool running_from_build_tree() {
#ifdef GNA_BUILD_DIR
    const fs::path exe = executable().lexically_normal();
    std::error_code ec;
    const fs::path build = fs::weakly_canonical(fs::path(GNA_BUILD_DIR), ec).lexically_normal();
    if (ec || exe.empty() || build.empty()) return false;
    const auto b = std::mismatch(build.begin(), build.end(), exe.begin(), exe.end()).first;
    return b == build.end() || (std::next(b) == build.end() && b->empty());  // "build/" ends in an empty element
#else
    return false;
#endif
}

}  // namespace gna::layout
