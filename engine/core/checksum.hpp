// The checksum of the files the engine ships and generates (weights, book, training sets):
// FNV-1a, 64 bits, simple and ample for catching a damaged file. `h` continues a running sum.
#pragma once

#include <cstdint>
#include <string_view>

namespace outflank {

inline constexpr std::uint64_t kFnv1aStart = 0xCBF29CE484222325ULL;

inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnv1aStart) {
    for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
    return h;
}

}  // namespace outflank
