#include "server/secure_random.hpp"

#include <openssl/err.h>
#include <openssl/rand.h>

#include <stdexcept>
#include <string>

namespace tavolo::server {

SecureRandom::SecureRandom() {
    refill();
}

void SecureRandom::refill() {
    if (RAND_bytes(reinterpret_cast<unsigned char*>(buffer_.data()), static_cast<int>(sizeof buffer_)) != 1) {
        char reason[256];
        ERR_error_string_n(ERR_get_error(), reason, sizeof reason);
        throw std::runtime_error(std::string("the secure random generator failed (") + reason +
                                 "); the server cannot deal fairly and stops");
    }
    next_ = 0;
}

std::uint64_t SecureRandom::next_u64() {
    if (next_ == buffer_.size()) refill();
    return buffer_[next_++];
}

}  // namespace tavolo::server
