#pragma once
// The gna subcommands, one file each (cmd_*.cpp), registered in main.cpp's table.
#include <string>
#include <vector>

#include "args.h"

namespace gna::cli {

int cmd_info(const std::vector<std::string>& args);
int cmd_tokenize(const std::vector<std::string>& args);
int cmd_run(const std::vector<std::string>& args);
int cmd_make_tiny_model(const std::vector<std::string>& args);
int cmd_experiment(const std::vector<std::string>& args);
int cmd_serve(const std::vector<std::string>& args);  // builds with the remote engine (GNA_HAVE_REMOTE)

using Command = int (*)(const std::vector<std::string>&);

}  // namespace gna::cli
