// Where an installed or a build-tree G&A Studio finds its files. An installed program looks only
// relative to its executable (<prefix>/bin/gna -> <prefix>/share/gna-studio, <prefix>/lib/gna-studio/plugins);
// the build and source trees are used only by programs that run from the build tree.
#pragma once

#include <filesystem>

namespace gna::layout {

// The running executable (/proc/self/exe, symlinks resolved); empty when it cannot be read.
std::filesystem::path executable();

// <prefix>/share/gna-studio and <prefix>/lib/gna-studio/plugins for the running executable's prefix.
std::filesystem::path installed_share_dir();
std::filesystem::path installed_plugin_dir();

// True when the running executable lies inside the build tree it was built in.
bool running_from_build_tree();

}  // namespace gna::layout
