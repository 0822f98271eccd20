#pragma once
// gna::Error: the one exception type that library code throws on bad input.
// Its message names the file, the key or tensor, what is wrong and what to do.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gna {

// `format` with %1..%9 replaced by args[0..8] (a '%' before anything else stays as it is).
inline std::string fill_format(std::string_view format, const std::vector<std::string>& args) {
    std::string out;
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        const std::size_t n = i + 1 < format.size() ? static_cast<std::size_t>(format[i + 1] - '1') : args.size();
        if (c == '%' && n < args.size() && n < 9) {
            out += args[n];
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    // A message a user interface can translate: `format` (a string literal) is its English text with
    // %1..%n for `args` (file names, keys, numbers: no English words), the key the studio looks it up by
    // (app/studio/core_errors.cpp); a `cause` fills the last placeholder with its own message. what()
    // is the English text.
    Error(const char* format, std::vector<std::string> args, const Error* cause = nullptr)
        : std::runtime_error(fill_format(format, with_cause(args, cause))),
          format_(format),
          args_(std::move(args)),
          cause_(cause ? std::make_shared<Error>(*cause) : nullptr) {}

    const char* format() const { return format_; }  // nullptr for a plain message
    const std::vector<std::string>& args() const { return args_; }
    const Error* cause() const { return cause_.get(); }

private:
    static std::vector<std::string> with_cause(std::vector<std::string> args, const Error* cause) {
        if (cause) args.push_back(cause->what());
        return args;
    }
    const char* format_ = nullptr;
    std::vector<std::string> args_;
    std::shared_ptr<const Error> cause_;
};

// Thrown when a caller-provided cancel flag was raised; finished work stays valid.
class Cancelled : public Error {
public:
    Cancelled() : Error("cancelled") {}
};

}  // namespace gna
