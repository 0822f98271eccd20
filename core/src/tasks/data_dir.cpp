// The bundled task data folder: $GNA_DATA_DIR, else <prefix>/share/gna-studio/data next to the
// executable, else (only for programs run from the build tree) the source tree's resources/data.
#include <cstdlib>
#include <string>
#include <system_error>

#include "gna/error.h"
#include "gna/tasks.h"
#include "io/install_layout.h"

namespace gna {

std::filesystem::path bundled_data_dir() {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("GNA_DATA_DIR"); env && *env) return env;
    std::string looked;
    auto has_data = [&looked](const fs::path& dir) {
        std::error_code ec;
        if (fs::exists(dir / "kv_words.txt", ec)) return true;
        looked += "\n  " + dir.lexically_normal().string();
        return false;
    };
    if (const fs::path share = layout::installed_share_dir(); !share.empty() && has_data(share / "data"))
        return (share / "data").lexically_normal();
#ifdef GNA_SOURCE_DATA_DIR
    if (layout::running_from_build_tree() && has_data(GNA_SOURCE_DATA_DIR)) return GNA_SOURCE_DATA_DIR;
#endif
    throw Error("the bundled task data (kv_words.txt, haystack/, mmlu_sample/) was not found; looked in:" + looked +
                "\nReinstall G&A Studio, or set GNA_DATA_DIR to a data folder (/usr/share/gna-studio/data when "
                "installed, resources/data in the sources).");
}

}  // namespace gna
