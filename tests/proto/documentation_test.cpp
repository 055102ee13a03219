// Issue 10: every field of the protocol is documented. Each message, enum, field and enum value
// (but the UNSPECIFIED zeros, which the file's conventions cover) has a comment on the line above it.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

bool is_comment(const std::string& line) {
    static const std::regex comment(R"(^\s*//)");
    return std::regex_search(line, comment);
}

TEST(ProtocolDocumentation, EveryMessageEnumFieldAndValueHasAComment) {
    static const std::regex declaration(R"(^\s*(message|enum|oneof)\s+\w+\s*\{)");
    static const std::regex field(R"(^\s*(repeated\s+|optional\s+)?[\w.]+\s+\w+\s*=\s*\d+\s*;)");
    static const std::regex value(R"(^\s*[A-Z][A-Z0-9_]*\s*=\s*\d+\s*;)");
    static const std::regex unspecified(R"(_UNSPECIFIED\s*=\s*0\s*;)");
    int checked = 0;
    for (const char* file : {"tavolo.proto", "vocabulary.proto", "account.proto", "table.proto",
                             "table_events.proto", "tournament.proto"}) {
        const auto lines = lines_of(std::string(TAVOLO_SOURCE_DIR) + "/proto/" + file);
        ASSERT_FALSE(lines.empty()) << file;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const std::string& line = lines[i];
            const bool needs_comment =
                std::regex_search(line, declaration) || std::regex_search(line, field) ||
                (std::regex_search(line, value) && !std::regex_search(line, unspecified));
            if (!needs_comment) continue;
            ++checked;
            EXPECT_TRUE(is_comment(lines[i - 1]))
                << file << ":" << i + 1 << " has no comment above: " << line;
        }
    }
    EXPECT_GT(checked, 400);
}

}  // namespace
