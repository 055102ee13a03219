// Issue 12: proto/operator.openapi.yaml documents exactly the operator API's routes. Each area adds its
// routes in server/api/*_routes.cpp as `router.add("METHOD", "/api/v1/...", ...)`; this reads them
// there and compares them with the file's operations both ways (OperatorRefusals, in test_server_e2e,
// calls every operation of the file on the real server). The log in and the live feed's WebSocket
// upgrade are answered before the Router and are compared by name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/openapi_paths.hpp"

namespace {

using Operation = std::pair<std::string, std::string>;

std::set<Operation> routed_operations() {
    std::set<Operation> out;
    static const std::regex added(R"re(\.add\(\s*"(GET|POST|PUT|DELETE|PATCH)"\s*,\s*"(/api/v1[^"]*)")re");
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(TAVOLO_SOURCE_DIR) + "/server/api")) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator it(source.begin(), source.end(), added), end; it != end; ++it)
            out.emplace((*it)[1], (*it)[2]);
    }
    return out;
}

}  // namespace

TEST(OperatorOpenApi, ListsEveryRouteOfTheServerAndNoOther) {
    const auto documented_list =
        tavolo::testing::openapi_operations(std::string(TAVOLO_SOURCE_DIR) + "/proto/operator.openapi.yaml");
    std::set<Operation> documented(documented_list.begin(), documented_list.end());
    EXPECT_EQ(documented.size(), documented_list.size()) << "an operation is documented twice";
    std::set<Operation> routed = routed_operations();
    ASSERT_GE(routed.size(), 10U) << "the routes were not found in server/api/*.cpp";
    routed.emplace("POST", "/api/v1/login");  // operator_api.cpp, before the bearer check
    for (const auto& op : routed)
        EXPECT_TRUE(documented.contains(op)) << op.first << " " << op.second << " is not in the OpenAPI file";
    for (const auto& op : documented)
        EXPECT_TRUE(routed.contains(op)) << op.first << " " << op.second << " is documented but not routed";
}
