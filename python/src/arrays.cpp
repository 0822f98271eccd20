#include "arrays.h"

namespace gna::python {

py::array_t<float> view(std::span<float> values, const std::vector<int64_t>& shape, bool writable) {
    std::vector<py::ssize_t> dims(shape.begin(), shape.end());
    // A base object makes pybind11 wrap the pointer instead of copying it; the capsule frees nothing.
    py::capsule base(values.data(), [](void*) {});
    py::array_t<float> a(std::move(dims), values.data(), base);
    if (!writable) py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return a;
}

}  // namespace gna::python
