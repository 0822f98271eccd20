#pragma once
// gna::Error: the one exception type that library code throws on bad input.
// Its message names the file, the key or tensor, what is wrong and what to do.
#include <stdexcept>
#include <string>

namespace gna {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Thrown when a caller-provided cancel flag was raised; finished work stays valid.
class Cancelled : public Error {
public:
    Cancelled() : Error("cancelled") {}
};

}  // namespace gna
