#include "open_model.h"

#ifdef GNA_HAVE_REMOTE
#include "client.h"
#endif

namespace gna::cli {

Options server_option_rows() {
#ifdef GNA_HAVE_REMOTE
    return {
        {"server", "HOST:PORT",
         "run on the model of a gna serve there (docs/remote.md); MODEL_DIR is then the server's path, "
         "absolute or under its first root"},
        {"token-file", "F", "the server's token (first line; chmod 600); default: $GNA_SERVER_TOKEN"},
        {"tls-ca", "PEM", "connect with TLS, trusting this certificate (the server's --tls-cert when self-signed)"}};
#else
    return {};
#endif
}

std::shared_ptr<Model> open_model(const Args& a, const ModelLoadSpec& spec) {
#ifdef GNA_HAVE_REMOTE
    if (const auto server = a.get("server")) {
        remote::ConnectOptions c;
        c.address = *server;
        c.token = remote::client_token(a.get_or("token-file", ""));
        if (const auto ca = a.get("tls-ca")) {
            c.tls = true;
            c.tls_ca = *ca;
        }
        c.client = "gna " GNA_VERSION;
        return remote::Connection::connect(c)->open(spec);
    }
#else
    (void)a;
#endif
    return Model::load(spec.path, load_options(spec));
}

}  // namespace gna::cli
