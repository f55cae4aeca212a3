// The part of the precompiled headers (cli.h, test.h) every kind of source
// shares: the standard headers most sources include, fmt (170 sources) and
// nlohmann/json (42 sources, 19 headers).
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <expected>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
