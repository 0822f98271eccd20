// gna: the command-line face of G&A Studio (no Qt). Each subcommand lives in its own file.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "gna/cpu_runtime.h"
#include "gna/error.h"

namespace {

struct Entry {
    const char* name;
    gna::cli::Command run;
    const char* summary;
};

const Entry kCommands[] = {
    {"info", &gna::cli::cmd_info, "show a model's architecture, layers, heads, dtype, parameters, tokenizer"},
    {"tokenize", &gna::cli::cmd_tokenize, "tokenize text with a model's tokenizer"},
    {"run", &gna::cli::cmd_run, "run a prompt with heads ablated / captured; generate"},
    {"experiment", &gna::cli::cmd_experiment, "run an experiment spec (head ranking, pruning, NIAH, ...); resumable"},
#ifdef GNA_HAVE_REMOTE
    {"serve", &gna::cli::cmd_serve, "serve the models under folders to the studio and gna --server (gRPC)"},
#endif
    {"make-tiny-model", &gna::cli::cmd_make_tiny_model, "write a seeded random checkpoint in Hugging Face layout"},
};

void usage(std::ostream& os) {
    os << "usage: gna <command> [options]   (gna <command> --help for details)\n\ncommands:\n";
    for (const auto& c : kCommands)
        os << "  " << c.name << std::string(18 - std::strlen(c.name), ' ') << c.summary << "\n";
    os << "\nexit codes: 0 success, 1 failure (bad input, with a message), 2 usage error, 130 cancelled\n";
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    if (argc < 2) {
        usage(std::cerr);
        return gna::cli::kUsage;
    }
    const std::string cmd = argv[1];
    if (cmd == "-h" || cmd == "--help" || cmd == "help") {
        usage(std::cout);
        return gna::cli::kOk;
    }
    if (cmd == "--version") {
        std::cout << "gna " << GNA_VERSION << " (" << GNA_GIT_DESCRIBE << ")\n";
        return gna::cli::kOk;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& c : kCommands) {
        if (cmd != c.name) continue;
        try {
            return c.run(args);
        } catch (const gna::cli::UsageError& e) {
            std::cerr << "gna " << cmd << ": " << e.message << " (see gna " << cmd << " --help)\n";
            return gna::cli::kUsage;
        } catch (const gna::Cancelled&) {
            std::cerr << "gna " << cmd << ": cancelled\n";
            return gna::cli::kCancelled;
        } catch (const gna::Error& e) {
            std::cerr << "gna " << cmd << ": error: " << e.what() << "\n";
            return gna::cli::kFailed;
        } catch (const std::exception& e) {
            std::cerr << "gna " << cmd << ": internal error: " << e.what() << "\n";
            return gna::cli::kFailed;
        }
    }
    std::cerr << "gna: unknown command '" << cmd << "'\n";
    usage(std::cerr);
    return gna::cli::kUsage;
}
