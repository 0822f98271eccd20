#pragma once
// Reading JSON files the way Python writes them: bare Infinity, -Infinity and NaN are accepted
// (Mamba-2 configs contain "time_step_limit": [0.0, Infinity]).
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gna {

using Json = nlohmann::json;

// Parses text; `origin` names the file in error messages. Throws gna::Error.
Json parse_json_relaxed(std::string_view text, const std::string& origin);
// Reads and parses a file. Throws gna::Error naming the file.
Json read_json_file(const std::filesystem::path& path);
// Writes `j` to `path` atomically (temporary file in the same folder, then rename).
void write_json_file_atomic(const std::filesystem::path& path, const Json& j, int indent = 2);
// Writes bytes atomically (temporary file + rename).
void write_file_atomic(const std::filesystem::path& path, std::string_view bytes);
std::string read_text_file(const std::filesystem::path& path);

}  // namespace gna
