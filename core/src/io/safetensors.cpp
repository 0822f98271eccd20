#include "gna/safetensors.h"

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gna/error.h"
#include "gna/json.h"

namespace gna {

std::size_t dtype_size(DType t) {
    switch (t) {
        case DType::F64:
        case DType::I64:
            return 8;
        case DType::F32:
        case DType::I32:
            return 4;
        case DType::F16:
        case DType::BF16:
        case DType::I16:
            return 2;
        case DType::I8:
        case DType::U8:
        case DType::Bool:
            return 1;
    }
    return 1;
}

const char* dtype_name(DType t) {
    switch (t) {
        case DType::F64:
            return "F64";
        case DType::F32:
            return "F32";
        case DType::F16:
            return "F16";
        case DType::BF16:
            return "BF16";
        case DType::I64:
            return "I64";
        case DType::I32:
            return "I32";
        case DType::I16:
            return "I16";
        case DType::I8:
            return "I8";
        case DType::U8:
            return "U8";
        case DType::Bool:
            return "BOOL";
    }
    return "?";
}

namespace {
bool dtype_from_name(const std::string& s, DType& out) {
    static const std::pair<const char*, DType> table[] = {
        {"F64", DType::F64}, {"F32", DType::F32}, {"F16", DType::F16}, {"BF16", DType::BF16}, {"I64", DType::I64},
        {"I32", DType::I32}, {"I16", DType::I16}, {"I8", DType::I8},   {"U8", DType::U8},     {"BOOL", DType::Bool}};
    for (auto& [n, d] : table)
        if (s == n) {
            out = d;
            return true;
        }
    return false;
}

int64_t product(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

// Reasonable ceiling for the JSON header (the format allows up to 100 MB).
constexpr uint64_t kMaxHeader = 100ull * 1024 * 1024;
}  // namespace

int64_t TensorEntry::numel() const { return product(shape); }
int64_t TensorView::numel() const { return product(shape); }

SafetensorsHeader parse_safetensors_header(const std::byte* data, std::size_t available, uint64_t file_size,
                                           const std::string& origin) {
    SafetensorsHeader h;
    if (available < 8 || file_size < 8)
        throw Error(
            "%1: truncated safetensors file: it has %2 bytes, fewer than the 8-byte header length. Re-download "
            "or re-export the checkpoint.",
            {origin, std::to_string(file_size)});
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<uint8_t>(data[i]);
    if (n > kMaxHeader || n > file_size - 8)
        throw Error(
            "%1: safetensors header length %2 goes beyond the file (%3 bytes); the file is truncated or not a "
            "safetensors file",
            {origin, std::to_string(n), std::to_string(file_size)});
    if (n > available - 8) throw Error(origin + ": header not fully readable");
    h.header_size = n;
    h.data_start = 8 + n;
    const uint64_t data_bytes = file_size - h.data_start;

    Json j;
    try {
        j = Json::parse(reinterpret_cast<const char*>(data) + 8, reinterpret_cast<const char*>(data) + 8 + n);
    } catch (const Json::exception& e) {
        throw Error("%1: safetensors header is not valid JSON (%2)", {origin, e.what()});
    }
    if (!j.is_object()) throw Error(origin + ": safetensors header must be a JSON object");

    std::vector<std::pair<std::pair<uint64_t, uint64_t>, std::string>> spans;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& name = it.key();
        const Json& v = it.value();
        if (name == "__metadata__") {
            if (!v.is_object()) throw Error(origin + ": __metadata__ must be an object of strings");
            for (auto m = v.begin(); m != v.end(); ++m)
                if (m.value().is_string()) h.metadata[m.key()] = m.value().get<std::string>();
            continue;
        }
        const std::string where = origin + ": tensor '" + name + "'";
        if (!v.is_object()) throw Error(where + ": entry must be an object with dtype, shape, data_offsets");
        TensorEntry e;
        auto dt = v.find("dtype");
        if (dt == v.end() || !dt->is_string()) throw Error(where + ": missing \"dtype\"");
        if (!dtype_from_name(dt->get<std::string>(), e.dtype))
            throw Error(where + ": unknown dtype \"" + dt->get<std::string>() +
                        "\" (supported: F64, F32, F16, BF16, I64, I32, I16, I8, U8, BOOL)");
        auto sh = v.find("shape");
        if (sh == v.end() || !sh->is_array()) throw Error(where + ": missing \"shape\" array");
        uint64_t numel = 1;
        for (const auto& d : *sh) {
            if (!d.is_number_integer() || d.get<int64_t>() < 0)
                throw Error(where + ": shape entries must be non-negative integers");
            uint64_t dim = d.get<uint64_t>();
            if (dim != 0 && numel > (uint64_t(1) << 62) / dim) throw Error(where + ": shape is absurdly large");
            numel *= dim;
            e.shape.push_back(static_cast<int64_t>(dim));
        }
        auto off = v.find("data_offsets");
        if (off == v.end() || !off->is_array() || off->size() != 2 || !(*off)[0].is_number_unsigned() ||
            !(*off)[1].is_number_unsigned())
            throw Error(where + ": \"data_offsets\" must be [begin, end] with non-negative integers");
        e.begin = (*off)[0].get<uint64_t>();
        e.end = (*off)[1].get<uint64_t>();
        if (e.end < e.begin) throw Error(where + ": data_offsets end < begin");
        if (e.end > data_bytes)
            throw Error(where + ": data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                        "] run past the end of the data (" + std::to_string(data_bytes) +
                        " bytes); the file is truncated or corrupt");
        const uint64_t expect = numel * dtype_size(e.dtype);
        if (e.end - e.begin != expect)
            throw Error(where + ": shape and dtype need " + std::to_string(expect) + " bytes but data_offsets span " +
                        std::to_string(e.end - e.begin));
        spans.push_back({{e.begin, e.end}, name});
        h.tensors.emplace(name, std::move(e));
    }
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first.first < spans[i - 1].first.second)
            throw Error(origin + ": tensors '" + spans[i - 1].second + "' and '" + spans[i].second +
                        "' have overlapping data_offsets; the file is corrupt");
    return h;
}

MappedFile::MappedFile(const std::filesystem::path& path) : path_(path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error("%1: cannot open (%2)", {path.string(), std::strerror(errno)});
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        throw Error(path.string() + ": cannot stat");
    }
    size_ = static_cast<std::size_t>(st.st_size);
    if (size_ > 0) {
        void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            ::close(fd);
            throw Error(path.string() + ": cannot memory-map (" + std::strerror(errno) + ")");
        }
        data_ = static_cast<const std::byte*>(p);
    }
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<std::byte*>(data_), size_);
}

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path) : file_(std::make_shared<MappedFile>(path)) {
    header_ = parse_safetensors_header(file_->data(), file_->size(), file_->size(), path.string());
}

bool SafetensorsFile::contains(const std::string& name) const { return header_.tensors.count(name) > 0; }

TensorView SafetensorsFile::tensor(const std::string& name) const {
    auto it = header_.tensors.find(name);
    if (it == header_.tensors.end()) throw Error(path().string() + ": no tensor named '" + name + "'");
    const TensorEntry& e = it->second;
    TensorView v;
    v.name = name;
    v.dtype = e.dtype;
    v.shape = e.shape;
    v.data = file_->data() + header_.data_start + e.begin;
    v.nbytes = e.end - e.begin;
    v.file = path().string();
    return v;
}

Checkpoint Checkpoint::open(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    Checkpoint c;
    c.dir_ = dir;
    if (!fs::is_directory(dir))
        throw Error("%1: not a model folder (expected a directory with config.json and *.safetensors)", {dir.string()});
    const fs::path single = dir / "model.safetensors";
    const fs::path index = dir / "model.safetensors.index.json";
    if (fs::exists(index)) {
        Json j = read_json_file(index);
        auto wm = j.find("weight_map");
        if (wm == j.end() || !wm->is_object())
            throw Error(index.string() + ": missing \"weight_map\" object (tensor name -> shard file)");
        std::map<std::string, std::size_t> file_index;
        for (auto it = wm->begin(); it != wm->end(); ++it) {
            if (!it.value().is_string())
                throw Error(index.string() + ": weight_map['" + it.key() + "'] must be a file name");
            const std::string shard = it.value().get<std::string>();
            if (shard.find('/') != std::string::npos || shard.find("..") != std::string::npos)
                throw Error(index.string() + ": shard name '" + shard + "' must be a plain file name in the folder");
            auto fi = file_index.find(shard);
            if (fi == file_index.end()) {
                const fs::path p = dir / shard;
                if (!fs::exists(p))
                    throw Error(index.string() + ": names shard '" + shard + "' (for tensor '" + it.key() + "'), but " +
                                p.string() + " does not exist. Copy the missing shard into the folder.");
                c.files_.push_back(std::make_shared<SafetensorsFile>(p));
                fi = file_index.emplace(shard, c.files_.size() - 1).first;
            }
            if (!c.files_[fi->second]->contains(it.key()))
                throw Error(index.string() + ": says tensor '" + it.key() + "' is in '" + shard +
                            "', but it is not there");
            c.where_[it.key()] = fi->second;
        }
    } else if (fs::exists(single)) {
        c.files_.push_back(std::make_shared<SafetensorsFile>(single));
        for (auto& [name, e] : c.files_[0]->header().tensors) c.where_[name] = 0;
    } else {
        for (const char* pickled : {"pytorch_model.bin", "model.bin", "pytorch_model.bin.index.json", "model.pt",
                                    "model.pth", "consolidated.00.pth"}) {
            if (fs::exists(dir / pickled))
                throw Error(dir.string() + ": found only " + pickled +
                            ", a pickled PyTorch checkpoint. Pickles can run arbitrary code when loaded, so G&A Studio "
                            "refuses them. Convert once with Python: "
                            "AutoModelForCausalLM.from_pretrained(dir).save_pretrained(out, safe_serialization=True)");
        }
        // A single differently-named safetensors file is accepted.
        std::vector<fs::path> found;
        for (auto& e : fs::directory_iterator(dir))
            if (e.path().extension() == ".safetensors") found.push_back(e.path());
        if (found.size() == 1) {
            c.files_.push_back(std::make_shared<SafetensorsFile>(found[0]));
            for (auto& [name, e] : c.files_[0]->header().tensors) c.where_[name] = 0;
        } else {
            if (found.size() > 1)
                throw Error(
                    "%1: no model.safetensors or model.safetensors.index.json found (several .safetensors files but no "
                    "index)",
                    {dir.string()});
            throw Error("%1: no model.safetensors or model.safetensors.index.json found", {dir.string()});
        }
    }
    c.use_language_model_names();
    return c;
}

void Checkpoint::use_language_model_names() {
    auto starts = [](const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; };
    bool nested = false;
    for (const auto& [name, i] : where_)
        nested |= starts(name, "language_model.") || starts(name, "model.language_model.");
    if (!nested) return;
    std::map<std::string, std::size_t> kept;
    for (const auto& [name, i] : where_) {
        std::string plain;
        if (starts(name, "language_model.model.") || starts(name, "model.language_model."))
            plain = "model." + name.substr(std::string_view("model.language_model.").size());
        else if (starts(name, "language_model.lm_head."))
            plain = name.substr(std::string_view("language_model.").size());
        else if (starts(name, "lm_head."))
            plain = name;
        if (plain.empty()) {
            ++ignored_;
            continue;
        }
        if (!kept.emplace(plain, i).second)
            throw Error(dir_.string() + ": tensors '" + (stored_.count(plain) ? stored_[plain] : plain) + "' and '" +
                        name + "' are both the language model's '" + plain +
                        "' (old and new transformers naming mixed); keep one of them");
        if (plain != name) stored_[plain] = name;
    }
    where_ = std::move(kept);
}

bool Checkpoint::contains(const std::string& name) const { return where_.count(name) > 0; }

TensorView Checkpoint::tensor(const std::string& name) const {
    auto it = where_.find(name);
    if (it == where_.end())
        throw Error(
            "%1: the checkpoint has no tensor '%2'. The file is incomplete or belongs to a different architecture "
            "than config.json says.",
            {dir_.string(), name});
    const auto stored = stored_.find(name);
    TensorView v = files_[it->second]->tensor(stored == stored_.end() ? name : stored->second);
    v.name = name;
    return v;
}

namespace {
std::string shape_str(const std::vector<int64_t>& s) {
    std::string out = "[";
    for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}
}  // namespace

TensorView Checkpoint::tensor(const std::string& name, const std::vector<int64_t>& expected) const {
    TensorView v = tensor(name);
    if (v.shape != expected)
        throw Error("%1: tensor '%2' has shape %3 but config.json implies %4. config.json and the weights disagree.",
                    {v.file, name, shape_str(v.shape), shape_str(expected)});
    switch (v.dtype) {
        case DType::F32:
        case DType::F16:
        case DType::BF16:
        case DType::F64:
            break;
        default:
            throw Error(v.file + ": tensor '" + name + "' has dtype " + dtype_name(v.dtype) +
                        "; a float type is needed");
    }
    return v;
}

std::vector<std::string> Checkpoint::names() const {
    std::vector<std::string> out;
    for (auto& [n, i] : where_) out.push_back(n);
    return out;
}

uint64_t Checkpoint::total_bytes() const {
    uint64_t n = 0;
    for (auto& [name, i] : where_) n += tensor(name).nbytes;
    return n;
}

std::string Checkpoint::weights_dtype() const {
    std::map<std::string, uint64_t> count;
    for (auto& [name, i] : where_) {
        auto v = tensor(name);
        count[dtype_name(v.dtype)] += v.nbytes;
    }
    std::string best;
    uint64_t most = 0;
    for (auto& [d, n] : count)
        if (n > most) {
            most = n;
            best = d;
        }
    return best;
}

float bf16_to_float(uint16_t v) {
    uint32_t bits = static_cast<uint32_t>(v) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

float f16_to_float(uint16_t h) {
    uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ffu, bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal
            exp = 127 - 15 + 1;
            while (!(mant & 0x400u)) {
                mant <<= 1;
                --exp;
            }
            mant &= 0x3ffu;
            bits = sign | (exp << 23) | (mant << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

uint16_t float_to_bf16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x40);  // NaN
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(bits >> 16);
}

uint16_t float_to_f16(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t absx = x & 0x7fffffffu;
    if (absx > 0x7f800000u) return static_cast<uint16_t>(sign | 0x7e00u);
    if (absx >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow -> inf
    if (absx < 0x38800000u) {  // subnormal or zero in f16
        if (absx < 0x33000000u) return static_cast<uint16_t>(sign);
        // f16 subnormal: value = q * 2^-24, and value = m * 2^(e - 150) with m the 24-bit mantissa.
        uint32_t e = absx >> 23;
        uint32_t m = (absx & 0x7fffffu) | 0x800000u;
        int shift = 126 - static_cast<int>(e);
        uint32_t q = m >> shift;
        uint32_t rem = m & ((1u << shift) - 1);
        uint32_t half = 1u << (shift - 1);
        if (rem > half || (rem == half && (q & 1))) ++q;
        return static_cast<uint16_t>(sign | q);
    }
    uint32_t e = (absx >> 23) - 127 + 15;
    uint32_t m = absx & 0x7fffffu;
    uint32_t q = (e << 10) | (m >> 13);
    uint32_t rem = m & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (q & 1))) ++q;
    return static_cast<uint16_t>(sign | q);
}

std::vector<float> to_float(const TensorView& t) {
    const std::size_t n = static_cast<std::size_t>(t.numel());
    std::vector<float> out(n);
    switch (t.dtype) {
        case DType::F32:
            std::memcpy(out.data(), t.data, n * 4);
            break;
        case DType::F64:
            for (std::size_t i = 0; i < n; ++i) {
                double d;
                std::memcpy(&d, t.data + i * 8, 8);
                out[i] = static_cast<float>(d);
            }
            break;
        case DType::BF16:
        case DType::F16:
            for (std::size_t i = 0; i < n; ++i) {
                uint16_t v;
                std::memcpy(&v, t.data + i * 2, 2);
                out[i] = t.dtype == DType::BF16 ? bf16_to_float(v) : f16_to_float(v);
            }
            break;
        default:
            throw Error(t.file + ": tensor '" + t.name + "' has dtype " + dtype_name(t.dtype) + ", not a float type");
    }
    return out;
}

std::vector<std::byte> encode_floats(const std::vector<float>& values, DType dtype) {
    std::vector<std::byte> out(values.size() * dtype_size(dtype));
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (dtype == DType::F32) {
            std::memcpy(out.data() + i * 4, &values[i], 4);
        } else if (dtype == DType::BF16 || dtype == DType::F16) {
            uint16_t v = dtype == DType::BF16 ? float_to_bf16(values[i]) : float_to_f16(values[i]);
            std::memcpy(out.data() + i * 2, &v, 2);
        } else {
            throw Error(std::string("encode_floats: unsupported dtype ") + dtype_name(dtype));
        }
    }
    return out;
}

void write_safetensors(const std::filesystem::path& path, const std::vector<TensorToWrite>& tensors,
                       const std::map<std::string, std::string>& metadata) {
    Json h = Json::object();
    if (!metadata.empty()) h["__metadata__"] = metadata;
    uint64_t offset = 0;
    for (const auto& t : tensors) {
        uint64_t expect = static_cast<uint64_t>(product(t.shape)) * dtype_size(t.dtype);
        if (expect != t.bytes.size())
            throw Error(path.string() + ": tensor '" + t.name + "' has " + std::to_string(t.bytes.size()) +
                        " bytes but its shape needs " + std::to_string(expect));
        h[t.name] = {{"dtype", dtype_name(t.dtype)}, {"shape", t.shape}, {"data_offsets", {offset, offset + expect}}};
        offset += expect;
    }
    std::string header = h.dump();
    while ((8 + header.size()) % 8 != 0) header += ' ';  // align data to 8 bytes, as HF does
    std::string out;
    out.reserve(8 + header.size() + offset);
    uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
    out += header;
    for (const auto& t : tensors) out.append(reinterpret_cast<const char*>(t.bytes.data()), t.bytes.size());
    write_file_atomic(path, out);
}

}  // namespace gna
