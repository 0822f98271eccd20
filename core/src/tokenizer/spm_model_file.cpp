#include "tokenizer/spm_model_file.h"

#include <cstdint>
#include <fstream>
#include <iterator>

#include "gna/error.h"
#include "gna/json.h"

namespace gna::tok {
namespace {

// One field of a protobuf message: its number, wire type, the whole encoding (key included) and,
// for length-delimited fields, the payload.
struct Field {
    uint64_t number = 0;
    int wire = 0;
    std::string_view whole, payload;
};

class Reader {
public:
    Reader(std::string_view bytes, const std::string& what) : b_(bytes), what_(what) {}
    bool done() const { return pos_ >= b_.size(); }

    Field next() {
        const std::size_t start = pos_;
        const uint64_t key = varint();
        Field f;
        f.number = key >> 3;
        f.wire = static_cast<int>(key & 7);
        switch (f.wire) {
            case 0:
                varint();
                break;
            case 1:
                skip(8);
                break;
            case 5:
                skip(4);
                break;
            case 2: {
                const uint64_t n = varint();
                if (n > b_.size() - pos_) bad("a field runs past the end of its message");
                f.payload = b_.substr(pos_, n);
                pos_ += n;
                break;
            }
            default:
                bad("wire type " + std::to_string(f.wire) + " is not one SentencePiece writes");
        }
        f.whole = b_.substr(start, pos_ - start);
        return f;
    }

private:
    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos_ >= b_.size()) bad("a number runs past the end of the message");
            const auto c = static_cast<unsigned char>(b_[pos_++]);
            v |= static_cast<uint64_t>(c & 0x7f) << shift;
            if (!(c & 0x80)) return v;
        }
        bad("a number is longer than 10 bytes");
    }
    void skip(std::size_t n) {
        if (n > b_.size() - pos_) bad("a field runs past the end of its message");
        pos_ += n;
    }
    [[noreturn]] void bad(const std::string& why) const {
        throw Error(what_ + ": not a SentencePiece model (" + why + " at byte " + std::to_string(pos_) +
                    "); train it again or give a tokenizer.model that SentencePiece wrote");
    }

    std::string_view b_;
    std::size_t pos_ = 0;
    const std::string& what_;
};

void put_varint(std::string& out, uint64_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

}  // namespace

std::string strip_trainer_paths(std::string_view proto, const std::string& what) {
    constexpr uint64_t kTrainerSpec = 2, kInput = 1, kModelPrefix = 2;
    std::string out;
    out.reserve(proto.size());
    for (Reader top(proto, what); !top.done();) {
        const Field f = top.next();
        if (f.number != kTrainerSpec || f.wire != 2) {
            out.append(f.whole);
            continue;
        }
        std::string spec;
        for (Reader inner(f.payload, what + " (trainer_spec)"); !inner.done();) {
            const Field g = inner.next();
            if (g.number != kInput && g.number != kModelPrefix) spec.append(g.whole);
        }
        put_varint(out, kTrainerSpec << 3 | 2);
        put_varint(out, spec.size());
        out += spec;
    }
    return out;
}

void strip_trainer_paths(const std::filesystem::path& model) {
    std::string bytes;
    {
        std::ifstream f(model, std::ios::binary);
        if (!f) throw Error(model.string() + ": cannot be read");
        bytes.assign(std::istreambuf_iterator<char>(f), {});
    }
    write_file_atomic(model, strip_trainer_paths(bytes, model.string()));
}

}  // namespace gna::tok
