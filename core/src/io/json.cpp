#include "gna/json.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <unistd.h>

#include "gna/error.h"

namespace gna {
namespace {

constexpr const char* kPosInf = "\x01gna:+inf";
constexpr const char* kNegInf = "\x01gna:-inf";
constexpr const char* kNaN = "\x01gna:nan";

// Python's json writes bare Infinity, -Infinity and NaN. Replace them (outside strings) by marker
// strings that cannot occur in real JSON text (they start with a control character), parse, and
// turn the markers back into doubles.
std::string replace_bare_specials(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 16);
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) {
                out += text[++i];
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == '"') {
            in_string = true;
            out += c;
            continue;
        }
        auto starts = [&](std::string_view w) { return text.substr(i, w.size()) == w; };
        if (starts("-Infinity")) {
            out += std::string("\"\\u0001gna:-inf\"");
            i += 8;
        } else if (starts("Infinity")) {
            out += std::string("\"\\u0001gna:+inf\"");
            i += 7;
        } else if (starts("NaN")) {
            out += std::string("\"\\u0001gna:nan\"");
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

void restore_specials(Json& j) {
    if (j.is_string()) {
        const auto& s = j.get_ref<const std::string&>();
        if (!s.empty() && s[0] == '\x01') {
            if (s == kPosInf)
                j = std::numeric_limits<double>::infinity();
            else if (s == kNegInf)
                j = -std::numeric_limits<double>::infinity();
            else if (s == kNaN)
                j = std::numeric_limits<double>::quiet_NaN();
        }
    } else if (j.is_array() || j.is_object()) {
        for (auto& v : j) restore_specials(v);
    }
}

}  // namespace

Json parse_json_relaxed(std::string_view text, const std::string& origin) {
    try {
        Json j = Json::parse(replace_bare_specials(text));
        restore_specials(j);
        return j;
    } catch (const Json::exception& e) {
        throw Error("%1: not valid JSON (%2). Check the file; it may be truncated.", {origin, e.what()});
    }
}

std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("%1: cannot open the file for reading (does it exist, is it readable?)", {path.string()});
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Json read_json_file(const std::filesystem::path& path) {
    return parse_json_relaxed(read_text_file(path), path.string());
}

void write_file_atomic(const std::filesystem::path& path, std::string_view bytes) {
    namespace fs = std::filesystem;
    fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::random_device rd;
    fs::path tmp = dir /
        ("." + path.filename().string() + ".tmp" + std::to_string(::getpid()) + "_" + std::to_string(rd() % 1000000));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(tmp.string() + ": cannot create a temporary file (is the folder writable?)");
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            out.close();
            fs::remove(tmp, ec);
            throw Error(path.string() + ": writing failed (disk full?); the previous file is unchanged");
        }
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        fs::remove(tmp, ec);
        throw Error(path.string() + ": cannot replace the file: " + ec.message());
    }
}

void write_json_file_atomic(const std::filesystem::path& path, const Json& j, int indent) {
    write_file_atomic(path, j.dump(indent) + "\n");
}

}  // namespace gna
