#pragma once
// Precompiled header for core: the narrow LibTorch headers every model file uses.
#include <ATen/ATen.h>
#include <torch/types.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>
