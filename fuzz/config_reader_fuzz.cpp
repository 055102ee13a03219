// libFuzzer target: the configuration reader (server/config.hpp parse_config with the [[tournament]]
// tables of server/tournament_toml.hpp; README.md "config_reader"). Any text is read as the server's
// TOML file: it becomes a Config or an error naming what is wrong, never a crash, a hang or UB.
//
// Besides ASan and UBSan, the oracle checks that a Config read is one the server can use: every
// value in the range the reader promises and every tournament one the engine's validate() accepts.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_check.hpp"
#include "server/config.hpp"
#include "server/tournament_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto config = tavolo::server::parse_config(text, "fuzz.toml");
    if (!config) {
        TAVOLO_FUZZ_CHECK(!config.error().empty(), "an error says what is wrong");
        return 0;
    }
    TAVOLO_FUZZ_CHECK(config->port >= 1, "server.port is from 1 to 65535");
    TAVOLO_FUZZ_CHECK(config->threads >= 0 && config->threads <= 256, "server.threads is from 0 to 256");
    TAVOLO_FUZZ_CHECK(std::isfinite(config->clock_speed) && config->clock_speed > 0 &&
                          config->clock_speed <= tavolo::server::kMaxClockSpeed,
                      "clock.speed is above 0 and at most 1000000");
    TAVOLO_FUZZ_CHECK(config->shutdown_grace.count() >= 1 &&
                          config->shutdown_grace.count() <= tavolo::server::kMaxShutdownGraceSeconds,
                      "server.shutdown_grace is from 1 to 3600 s");
    TAVOLO_FUZZ_CHECK(config->tls_certificate.empty() == config->tls_private_key.empty(),
                      "the TLS files are both set or neither");
    TAVOLO_FUZZ_CHECK(tavolo::server::is_valid_log_level(config->log_level), "log.level is a level");
    for (const auto& declaration : config->tournaments)
        TAVOLO_FUZZ_CHECK(!tavolo::server::validate(declaration).has_value(),
                          "every tournament read is one the engine accepts");
    return 0;
}
