#pragma once
// How a gna subcommand gets its model: loaded here, or with --server ADDR opened on a `gna serve`
// (remote/client.h) and used through the same gna::Model interface. The server's rows join the
// command's option table.
#include <memory>

#include "args.h"
#include "gna/load_spec.h"
#include "gna/model.h"

namespace gna::cli {

// --server, --token-file, --tls-ca (in builds with the remote engine; none otherwise).
Options server_option_rows();

// The model `spec` names: with --server, the server's copy (its paths are the server's); otherwise
// Model::load here.
std::shared_ptr<Model> open_model(const Args& a, const ModelLoadSpec& spec);

}  // namespace gna::cli
