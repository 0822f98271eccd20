#pragma once
// Key descriptors of experiment specs (gna/experiment_spec.h): each key's name, type, default
// and doc together with how it is read from and written to JSON.
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "gna/error.h"
#include "gna/experiment_spec.h"

namespace gna::spec {

// The JSON type of a C++ field: its name in docs and errors, and strict conversion.
template <class T>
struct Conv;

// A JSON scalar that converts to and from T as nlohmann::json does (its Conv adds type() and ok()).
template <class T>
struct ScalarConv {
    static T get(const Json& j) { return j.get<T>(); }
    static Json put(T v) { return v; }
};

template <>
struct Conv<int> : ScalarConv<int> {
    static std::string type() { return "integer"; }
    static bool ok(const Json& j) {
        return j.is_number_integer() && j.get<long long>() >= INT32_MIN && j.get<long long>() <= INT32_MAX;
    }
};
template <>
struct Conv<uint64_t> : ScalarConv<uint64_t> {
    static std::string type() { return "non-negative integer"; }
    static bool ok(const Json& j) {
        return j.is_number_unsigned() || (j.is_number_integer() && j.get<long long>() >= 0);
    }
};
template <>
struct Conv<double> : ScalarConv<double> {
    static std::string type() { return "number"; }
    static bool ok(const Json& j) { return j.is_number(); }
};
template <>
struct Conv<bool> : ScalarConv<bool> {
    static std::string type() { return "true or false"; }
    static bool ok(const Json& j) { return j.is_boolean(); }
};
template <>
struct Conv<std::string> {
    static std::string type() { return "string"; }
    static bool ok(const Json& j) { return j.is_string(); }
    static std::string get(const Json& j) { return j.get<std::string>(); }
    static Json put(const std::string& v) { return v.empty() ? Json() : Json(v); }
};
template <>
struct Conv<std::filesystem::path> {
    static std::string type() { return "path"; }
    static bool ok(const Json& j) { return j.is_string(); }
    static std::filesystem::path get(const Json& j) { return j.get<std::string>(); }
    static Json put(const std::filesystem::path& v) { return v.empty() ? Json() : Json(v.string()); }
};
template <>
struct Conv<HeadRef> {
    static std::string type() { return "head like \"L3.H1\""; }
    static bool ok(const Json& j) { return j.is_string(); }
    static HeadRef get(const Json& j) { return parse_head(j.get<std::string>()); }
    static Json put(const HeadRef& v) { return v.name(); }
};
template <class T>
struct Conv<std::vector<T>> {
    static std::string type() {
        const std::string t = Conv<T>::type();
        const auto sp = t.find(' ');
        return "list of " + (sp == std::string::npos ? t + "s" : t.substr(0, sp) + "s" + t.substr(sp));
    }
    static bool ok(const Json& j) {
        if (!j.is_array()) return false;
        for (const auto& e : j)
            if (!Conv<T>::ok(e)) return false;
        return true;
    }
    static std::vector<T> get(const Json& j) {
        std::vector<T> out;
        for (const auto& e : j) out.push_back(Conv<T>::get(e));
        return out;
    }
    static Json put(const std::vector<T>& v) {
        Json a = Json::array();
        for (const auto& e : v) a.push_back(Conv<T>::put(e));
        return a;
    }
};
template <class T>
struct Conv<std::optional<T>> {
    static std::string type() { return Conv<T>::type(); }
    static bool ok(const Json& j) { return Conv<T>::ok(j); }
    static std::optional<T> get(const Json& j) { return Conv<T>::get(j); }
    static Json put(const std::optional<T>& v) { return v ? Conv<T>::put(*v) : Json(); }
};

// A check of a read value; returns what is wrong ("it must be at least 1") as a translatable error
// (format and arguments, gna/error.h), nothing when fine.
using Check = std::function<std::optional<Error>(const Json& value)>;

template <class S>
struct Field {
    std::string key, type, note, doc;  // note: default in words (overrides the written default)
    std::function<void(S&, const Json&)> read;  // value already type-checked
    std::function<bool(const Json&)> ok;
    std::function<Json(const S&)> write;  // null = not written (unset / empty)
    Check check;
};

template <class S, class Get>
Field<S> field(std::string key, std::string doc, Get get, std::string note = {}, Check check = {}) {
    using T = std::remove_cvref_t<decltype(get(std::declval<S&>()))>;
    Field<S> f;
    f.key = std::move(key);
    f.type = Conv<T>::type();
    f.note = std::move(note);
    f.doc = std::move(doc);
    f.read = [get](S& s, const Json& j) { get(s) = Conv<T>::get(j); };
    f.ok = [](const Json& j) { return Conv<T>::ok(j); };
    f.write = [get](const S& s) { return Conv<T>::put(get(const_cast<S&>(s))); };
    f.check = std::move(check);
    return f;
}

// Checks used by the tables.
Check at_least(long long min);  // an integer, or every integer of a list
Check one_of(std::vector<std::string> choices);  // a string, or every string of a list
std::string choices_text(const std::vector<std::string>& choices);  // "a | b | c"

const std::vector<Field<ExperimentSpec>>& fields_of(const std::string& kind);
const std::vector<Field<TaskSpec>>& task_fields_of(const std::string& task);

}  // namespace gna::spec
