#pragma once
// Edits of a SentencePiece model file (a serialised ModelProto) that need no protobuf library.
#include <filesystem>
#include <string>
#include <string_view>

namespace gna::tok {

// SentencePiece's trainer writes its arguments into the model (ModelProto.trainer_spec), the corpus
// path (TrainerSpec.input, field 1) and the output prefix (model_prefix, field 2) among them, so that a
// model trained in another folder is another file and names the training machine's paths. Returns
// `proto` without those two fields, everything else byte for byte. Throws gna::Error naming `what`
// when the bytes are not a well-formed protobuf message.
std::string strip_trainer_paths(std::string_view proto, const std::string& what);

// The same, rewriting the file `model` in place (atomically).
void strip_trainer_paths(const std::filesystem::path& model);

}  // namespace gna::tok
