#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "engine/eval/perfect_hash.hpp"
#include "engine/random.hpp"

using namespace tavolo::engine;

namespace {
using Map = PerfectHashMap<12, 10, 40>;

std::vector<Map::Entry> random_entries(std::size_t n, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::set<std::uint64_t> keys;
    while (keys.size() < n)
        keys.insert(rng.next_u64() & ((std::uint64_t{1} << 40) - 1));
    std::vector<Map::Entry> entries;
    for (std::uint64_t k : keys)
        entries.push_back({k, static_cast<std::uint16_t>(rng.uniform_below(65536))});
    return entries;
}
}  // namespace

TEST(PerfectHash, EveryKeyFindsItsOwnValueAtThreeQuartersLoad) {
    const auto entries = random_entries(3072, 1);
    Map map;
    ASSERT_TRUE(map.build(entries));
    for (const auto& e : entries)
        EXPECT_EQ(map.find(e.key), e.value) << e.key;
}

TEST(PerfectHash, BitsAboveKeyBitsDoNotCount) {
    const auto entries = random_entries(2000, 2);
    Map map;
    ASSERT_TRUE(map.build(entries));
    for (const auto& e : entries)
        EXPECT_EQ(map.find(e.key | (std::uint64_t{0xABCDE} << 44)), e.value);
}

TEST(PerfectHash, RefusesMoreKeysThanSlots) {
    Map map;
    EXPECT_FALSE(map.build(random_entries(Map::kSlots + 1, 3)));
}

TEST(PerfectHash, SameLayoutEveryBuild) {
    const auto entries = random_entries(1000, 4);
    Map a;
    Map b;
    ASSERT_TRUE(a.build(entries));
    ASSERT_TRUE(b.build(entries));
    for (std::uint64_t probe = 0; probe < 5000; ++probe)
        EXPECT_EQ(a.find(probe * 7919), b.find(probe * 7919));
}
