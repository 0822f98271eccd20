#pragma once
// CUDA error checking that throws a gna::Error naming the file and line (never aborts).
#include <cuda_runtime_api.h>

#include <string>

#include "gna/error.h"

#define GNA_CUDA_CHECK(call)                                                                                \
    do {                                                                                                    \
        const cudaError_t gna_cuda_err_ = (call);                                                           \
        if (gna_cuda_err_ != cudaSuccess)                                                                   \
            throw ::gna::Error(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": CUDA error " +   \
                               cudaGetErrorName(gna_cuda_err_) + " (" + cudaGetErrorString(gna_cuda_err_) + \
                               ") in " #call);                                                              \
    } while (0)
