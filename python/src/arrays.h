#pragma once
// NumPy arrays over the core's memory. A result's vectors are moved into the array's owner
// (zero-copy: the array reads the core's buffer, which lives as long as the array); a hook's values
// are a view of the core's own buffer, valid during the call only.
#include <pybind11/numpy.h>

#include <span>
#include <utility>
#include <vector>

namespace gna::python {

namespace py = pybind11;

// Takes over `values` (no copy) as an array of `shape` (whose product is values.size()).
template <class T>
py::array_t<T> adopt(std::vector<T>&& values, std::vector<py::ssize_t> shape) {
    auto* owned = new std::vector<T>(std::move(values));
    py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    return py::array_t<T>(std::move(shape), owned->data(), owner);
}
template <class T>
py::array_t<T> adopt(std::vector<T>&& values) {
    const auto n = static_cast<py::ssize_t>(values.size());
    return adopt(std::move(values), {n});
}

// A view of `values` with `shape` (no copy, no owner): the caller keeps the memory alive while the
// array is used. writable = false marks the array read-only.
py::array_t<float> view(std::span<float> values, const std::vector<int64_t>& shape, bool writable);

}  // namespace gna::python
