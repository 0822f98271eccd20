#pragma once
// Torch-free safetensors access: header parsing (fuzzable), memory-mapped files, sharded
// checkpoints, a writer, and dtype conversion to float.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gna {

enum class DType { F64, F32, F16, BF16, I64, I32, I16, I8, U8, Bool };

std::size_t dtype_size(DType t);
const char* dtype_name(DType t);  // "F32", "BF16", ... as in safetensors

struct TensorEntry {
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    uint64_t begin = 0;  // offsets relative to the end of the header
    uint64_t end = 0;
    int64_t numel() const;
};

struct SafetensorsHeader {
    uint64_t header_size = 0;  // N, the JSON length
    uint64_t data_start = 0;  // 8 + N
    std::map<std::string, TensorEntry> tensors;
    std::map<std::string, std::string> metadata;
};

// Parses the 8-byte length + JSON header from the first bytes of a file of `file_size` bytes and
// validates every entry (dtype, shape vs byte count, offsets inside the file, no overlaps).
// `origin` names the file in error messages. Throws gna::Error.
SafetensorsHeader parse_safetensors_header(const std::byte* data, std::size_t available, uint64_t file_size,
                                           const std::string& origin);

// A read-only memory map of a whole file.
class MappedFile {
public:
    explicit MappedFile(const std::filesystem::path& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    const std::byte* data() const { return data_; }
    std::size_t size() const { return size_; }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

// A view of one tensor's bytes inside a mapped file (valid while the Checkpoint lives).
struct TensorView {
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    const std::byte* data = nullptr;
    std::size_t nbytes = 0;
    std::string file;  // the file it lives in, for error messages
    int64_t numel() const;
};

// Converts a floating tensor (F32/F16/BF16/F64) to float32 values.
std::vector<float> to_float(const TensorView& t);
float bf16_to_float(uint16_t v);
float f16_to_float(uint16_t v);
uint16_t float_to_bf16(float v);  // round to nearest even
uint16_t float_to_f16(float v);  // round to nearest even

// One safetensors file, memory-mapped.
class SafetensorsFile {
public:
    explicit SafetensorsFile(const std::filesystem::path& path);
    const SafetensorsHeader& header() const { return header_; }
    bool contains(const std::string& name) const;
    TensorView tensor(const std::string& name) const;  // throws if missing
    const std::filesystem::path& path() const { return file_->path(); }

private:
    std::shared_ptr<MappedFile> file_;
    SafetensorsHeader header_;
};

// A checkpoint directory: model.safetensors, or model.safetensors.index.json with shards.
// Pickled model.bin / .pt / .pth checkpoints are refused with a message on how to convert.
// Multimodal checkpoints (LlavaForConditionalGeneration, Gemma3ForConditionalGeneration, ...) keep
// their language model under a prefix: "language_model.model.*" and "language_model.lm_head.*" as
// transformers saved them before 4.52, "model.language_model.*" and "lm_head.*" since. Their tensors
// are named here as the causal LM's ("model.*", "lm_head.*"); the other parts (vision tower,
// projector) are left out of names(), total_bytes() and tensor(), so they are never read.
class Checkpoint {
public:
    static Checkpoint open(const std::filesystem::path& dir);
    bool contains(const std::string& name) const;
    // Throws gna::Error naming the checkpoint and the tensor when it is missing.
    TensorView tensor(const std::string& name) const;
    // Like tensor() and also checks the shape; `what` explains the expectation in errors.
    TensorView tensor(const std::string& name, const std::vector<int64_t>& expected_shape) const;
    std::vector<std::string> names() const;
    const std::filesystem::path& dir() const { return dir_; }
    uint64_t total_bytes() const;
    std::string weights_dtype() const;  // the most common dtype, e.g. "BF16"
    // The tensors of a multimodal checkpoint that are not the language model's (0 otherwise).
    std::size_t ignored_tensors() const { return ignored_; }

private:
    void use_language_model_names();
    std::filesystem::path dir_;
    std::vector<std::shared_ptr<SafetensorsFile>> files_;
    std::map<std::string, std::size_t> where_;  // tensor -> index in files_
    std::map<std::string, std::string> stored_;  // tensor -> its name in the file, where they differ
    std::size_t ignored_ = 0;
};

// Writing (make-tiny-model, tests).
struct TensorToWrite {
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    std::vector<std::byte> bytes;
};
// Converts float values to dtype (F32/F16/BF16) bytes.
std::vector<std::byte> encode_floats(const std::vector<float>& values, DType dtype);
void write_safetensors(const std::filesystem::path& path, const std::vector<TensorToWrite>& tensors,
                       const std::map<std::string, std::string>& metadata = {});

}  // namespace gna
