// JSON <-> Python objects, for experiment specs (in) and results (out).
#include <cmath>

#include "bindings.h"
#include "gna/error.h"

namespace gna::python {

py::object to_python(const Json& j) {
    switch (j.type()) {
        case Json::value_t::null:
            return py::none();
        case Json::value_t::boolean:
            return py::bool_(j.get<bool>());
        case Json::value_t::number_integer:
            return py::int_(j.get<int64_t>());
        case Json::value_t::number_unsigned:
            return py::int_(j.get<uint64_t>());
        case Json::value_t::number_float:
            return py::float_(j.get<double>());
        case Json::value_t::string:
            return py::str(j.get_ref<const std::string&>());
        case Json::value_t::array: {
            py::list out;
            for (const Json& e : j) out.append(to_python(e));
            return out;
        }
        case Json::value_t::object: {
            py::dict out;
            for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = to_python(it.value());
            return out;
        }
        default:
            return py::none();  // binary and discarded values: never in a spec or a result
    }
}

Json from_python(py::handle obj, const std::string& where) {
    if (obj.is_none()) return nullptr;
    if (py::isinstance<py::bool_>(obj)) return obj.cast<bool>();
    if (py::isinstance<py::int_>(obj)) return obj.cast<int64_t>();
    if (py::isinstance<py::float_>(obj)) return obj.cast<double>();
    if (py::isinstance<py::str>(obj)) return obj.cast<std::string>();
    if (py::isinstance<py::dict>(obj)) {
        Json out = Json::object();
        for (auto [k, v] : obj.cast<py::dict>()) {
            if (!py::isinstance<py::str>(k))
                throw py::type_error(where + ": keys must be strings, not " +
                                     std::string(py::str(py::type::of(k).attr("__name__"))));
            const std::string key = k.cast<std::string>();
            out[key] = from_python(v, where + "." + key);
        }
        return out;
    }
    if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
        Json out = Json::array();
        std::size_t i = 0;
        for (py::handle e : obj) out.push_back(from_python(e, where + "[" + std::to_string(i++) + "]"));
        return out;
    }
    // NumPy scalars and anything else that converts to a number
    if (py::hasattr(obj, "item") && py::hasattr(obj, "dtype")) return from_python(obj.attr("item")(), where);
    throw py::type_error(where + ": a " + std::string(py::str(py::type::of(obj).attr("__name__"))) +
                         " cannot be written to JSON (use dict, list, str, int, float, bool or None)");
}

}  // namespace gna::python
