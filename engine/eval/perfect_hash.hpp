#pragma once
// A static perfect hash map from a fixed set of 64-bit keys to 16-bit values ("hash and
// displace"): a multiply-shift hash splits a key into a bucket and a base slot; each bucket has
// a displacement XORed into its keys' base slots, chosen when the map is built so that every key
// lands in a slot of its own. A lookup is a multiply, a load of the displacement and a load of
// the value; a key outside the set reads some value, never out of bounds. Only the low KeyBits
// bits of a key count (the multiplier's low bits are zero, so higher key bits fall off the top of
// the product): callers can keep other counters above them and skip a mask.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

namespace tavolo::engine {

template <int SlotBits, int BucketBits, int KeyBits = 64>
class PerfectHashMap {
    static_assert(SlotBits <= 16 && BucketBits + SlotBits <= KeyBits && KeyBits <= 64);

  public:
    static constexpr std::size_t kSlots = std::size_t{1} << SlotBits;
    static constexpr std::size_t kBuckets = std::size_t{1} << BucketBits;

    struct Entry {
        std::uint64_t key;
        std::uint16_t value;
    };

    // Places every entry (keys distinct in their low KeyBits bits, at most kSlots of them). Multipliers come
    // from a fixed sequence, so the layout is the same in every run. False only if no multiplier of the
    // sequence works, which takes a key set far denser than ours.
    [[nodiscard]] bool build(std::span<const Entry> entries) {
        if (entries.size() > kSlots) return false;
        std::uint64_t seed = 0x7461766f6c6fULL;  // "tavolo"
        for (int attempt = 0; attempt < 64; ++attempt) {
            multiplier_ = next_multiplier(seed);
            if (try_place(entries)) return true;
        }
        return false;
    }

    std::uint16_t find(std::uint64_t key) const { return find_hashed(key * multiplier_); }
    // The same, given the key already multiplied (mod 2^64). The product's low 64 - KeyBits bits are
    // always zero, and a lookup never reads them: a caller may keep counters there. Multiplication
    // distributes over the addition of keys, so a hand's hashed key can be a sum of its cards'
    // hashed keys (HandEvaluator::seven).
    std::uint16_t find_hashed(std::uint64_t h) const {
        return values_[base_slot(h) ^ displacement_[bucket(h)]];
    }
    std::uint64_t multiplier() const { return multiplier_; }

    static constexpr std::size_t bytes() { return sizeof(std::uint16_t) * (kSlots + kBuckets); }

  private:
    static std::size_t bucket(std::uint64_t h) { return static_cast<std::size_t>(h >> (64 - BucketBits)); }
    static std::size_t base_slot(std::uint64_t h) {
        return static_cast<std::size_t>(h >> (64 - BucketBits - SlotBits)) & (kSlots - 1);
    }

    static std::uint64_t next_multiplier(std::uint64_t& state) {  // splitmix64, made odd
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return ((z ^ (z >> 31)) | 1U) << (64 - KeyBits);
    }

    bool try_place(std::span<const Entry> entries) {
        // Group entries by bucket; place the largest buckets first, while the table is empty.
        std::vector<std::vector<std::size_t>> members(kBuckets);
        for (std::size_t i = 0; i < entries.size(); ++i)
            members[bucket(entries[i].key * multiplier_)].push_back(i);
        std::vector<std::size_t> order(kBuckets);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return members[a].size() > members[b].size(); });

        std::vector<bool> taken(kSlots, false);
        std::vector<std::size_t> bases;
        displacement_.fill(0);
        values_.fill(0);
        for (std::size_t b : order) {
            if (members[b].empty()) break;
            bases.clear();
            for (std::size_t i : members[b])
                bases.push_back(base_slot(entries[i].key * multiplier_));
            if (has_duplicate(bases)) return false;  // no displacement separates them: new multiplier
            std::size_t d = 0;
            for (; d < kSlots; ++d) {
                if (fits(bases, d, taken)) break;
            }
            if (d == kSlots) return false;
            displacement_[b] = static_cast<std::uint16_t>(d);
            for (std::size_t k = 0; k < bases.size(); ++k) {
                taken[bases[k] ^ d] = true;
                values_[bases[k] ^ d] = entries[members[b][k]].value;
            }
        }
        return true;
    }

    static bool has_duplicate(std::vector<std::size_t> bases) {
        std::sort(bases.begin(), bases.end());
        return std::adjacent_find(bases.begin(), bases.end()) != bases.end();
    }

    static bool fits(const std::vector<std::size_t>& bases, std::size_t d, const std::vector<bool>& taken) {
        for (std::size_t base : bases)
            if (taken[base ^ d]) return false;
        return true;
    }

    std::uint64_t multiplier_ = 1;
    std::array<std::uint16_t, kBuckets> displacement_{};
    std::array<std::uint16_t, kSlots> values_{};
};

}  // namespace tavolo::engine
