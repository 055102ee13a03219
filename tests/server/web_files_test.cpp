// The web client's files (server/web_files.hpp) from a folder made by the test: what is served, with
// which headers, and what never is.
#include "server/web_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "server/routes.hpp"
#include "tests/support/temp_dir.hpp"

using namespace tavolo::server;
using tavolo::testing::TempDir;
namespace fs = std::filesystem;

namespace {

HttpRequest get(std::string target, std::string method = "GET", std::string if_none_match = "") {
    return {std::move(method), std::move(target), "", "", std::move(if_none_match)};
}

std::string header(const HttpResponse& r, const std::string& name) {
    for (const auto& [key, value] : r.headers)
        if (key == name) return value;
    return "";
}

// A built client: the two pages, the bundles, an icon, a source map, and a file beside the root that
// must never be reached.
struct Built {
    TempDir dir{"tavolo-web-files-test"};
    std::string root;
    Built() {
        dir.write("dist/index.html", "<!doctype html><title>Tavolo</title>");
        dir.write("dist/operator.html", "<!doctype html><title>Tavolo · Operator</title>");
        dir.write("dist/assets/player.js", "console.log(1)");
        dir.write("dist/assets/player.css", "body{}");
        dir.write("dist/assets/player.js.map", "{}");
        dir.write("dist/favicon.svg", "<svg/>");
        dir.write("dist/assets/font.woff2", "w");
        dir.write("dist/assets/logo.png", "p");
        dir.write("dist/data.json", "[]");
        dir.write("dist/LEGAL.txt", "t");
        dir.write("dist/.hidden", "h");
        dir.write("secret.txt", "the password");
        root = dir.str() + "/dist";
    }
};

}  // namespace

TEST(WebFiles, ServesThePagesAndEveryFileWithItsType) {
    Built built;
    const auto web = WebFiles::load(built.root);
    ASSERT_EQ(web.status(), WebFiles::Status::ready) << web.problem();
    EXPECT_EQ(web.file_count(), 10U);  // not the hidden one

    auto index = web.serve(get("/"));
    ASSERT_TRUE(index);
    EXPECT_EQ(index->status, 200);
    EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
    EXPECT_EQ(index->body, "<!doctype html><title>Tavolo</title>");
    for (const char* operator_path : {"/operator", "/operator/", "/operator?tab=audit"}) {
        auto page = web.serve(get(operator_path));
        ASSERT_TRUE(page) << operator_path;
        EXPECT_EQ(page->body, "<!doctype html><title>Tavolo · Operator</title>") << operator_path;
    }
    const std::pair<const char*, const char*> types[] = {
        {"/assets/player.js", "text/javascript; charset=utf-8"},
        {"/assets/player.css", "text/css; charset=utf-8"},
        {"/assets/player.js.map", "application/json; charset=utf-8"},
        {"/favicon.svg", "image/svg+xml"},
        {"/assets/font.woff2", "font/woff2"},
        {"/assets/logo.png", "image/png"},
        {"/data.json", "application/json; charset=utf-8"},
        {"/LEGAL.txt", "text/plain; charset=utf-8"},
        {"/index.html", "text/html; charset=utf-8"},
        {"/assets/player.js?v=2", "text/javascript; charset=utf-8"},
        {"/assets/player%2ejs", "text/javascript; charset=utf-8"},  // an encoded unreserved character
    };
    for (const auto& [path, type] : types) {
        auto r = web.serve(get(path));
        ASSERT_TRUE(r) << path;
        EXPECT_EQ(r->status, 200) << path;
        EXPECT_EQ(r->content_type, type) << path;
    }
    EXPECT_EQ(web_content_type("/a/b.unknown"), "application/octet-stream");
    EXPECT_EQ(web_content_type("/a.d/noextension"), "application/octet-stream");
}

TEST(WebFiles, HeadersRevalidateAndLockThePagesToTheirOrigin) {
    Built built;
    const auto web = WebFiles::load(built.root);
    ASSERT_EQ(web.status(), WebFiles::Status::ready) << web.problem();
    auto page = web.serve(get("/"));
    ASSERT_TRUE(page);
    EXPECT_EQ(header(*page, "Cache-Control"), "no-cache");
    EXPECT_EQ(header(*page, "X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(header(*page, "Referrer-Policy"), "no-referrer");
    const std::string csp = header(*page, "Content-Security-Policy");
    for (const char* directive : {"default-src 'self'", "script-src 'self'", "style-src 'self'",
                                  "img-src 'self' data:", "connect-src 'self'", "frame-ancestors 'none'"})
        EXPECT_NE(csp.find(directive), std::string::npos) << directive << " in " << csp;
    EXPECT_EQ(csp.find("unsafe"), std::string::npos) << csp;

    auto script = web.serve(get("/assets/player.js"));
    ASSERT_TRUE(script);
    EXPECT_EQ(header(*script, "Cache-Control"), "no-cache");
    EXPECT_EQ(header(*script, "X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(header(*script, "Content-Security-Policy"), "");  // pages only
    const std::string etag = header(*script, "ETag");
    ASSERT_EQ(etag.size(), 34U) << etag;  // a quoted 128-bit hash in hex
    EXPECT_EQ(etag.front(), '"');
    EXPECT_NE(etag, header(*page, "ETag"));
    EXPECT_EQ(etag, web.find("/assets/player.js")->etag);  // the same bytes, the same tag
}

TEST(WebFiles, AMatchingIfNoneMatchGetsNotModified) {
    Built built;
    const auto web = WebFiles::load(built.root);
    ASSERT_NE(web.find("/assets/player.js"), nullptr) << web.problem();
    const std::string etag = web.find("/assets/player.js")->etag;
    for (const std::string& header_value : {etag, "W/" + etag, "\"other\", " + etag, std::string("*")}) {
        auto r = web.serve(get("/assets/player.js", "GET", header_value));
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 304) << header_value;
        EXPECT_TRUE(r->body.empty());
        EXPECT_EQ(header(*r, "ETag"), etag);
    }
    auto changed = web.serve(get("/assets/player.js", "GET", "\"older\""));
    ASSERT_TRUE(changed);
    EXPECT_EQ(changed->status, 200);
    EXPECT_EQ(changed->body, "console.log(1)");
    // The page's ETag does not answer for the script.
    auto page_tag = web.serve(get("/assets/player.js", "GET", web.find("/index.html")->etag));
    ASSERT_TRUE(page_tag);
    EXPECT_EQ(page_tag->status, 200);
}

TEST(WebFiles, HeadIsAnsweredAsGetAndOtherMethodsAreRefused) {
    Built built;
    const auto web = WebFiles::load(built.root);
    auto head = web.serve(get("/assets/player.js", "HEAD"));
    ASSERT_TRUE(head);
    EXPECT_EQ(head->status, 200);  // the listener sends the headers (and the length) without the body
    EXPECT_EQ(head->body, "console.log(1)");
    for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS"}) {
        auto r = web.serve(get("/", method));
        ASSERT_TRUE(r) << method;
        EXPECT_EQ(r->status, 405) << method;
        EXPECT_EQ(header(*r, "Allow"), "GET, HEAD");
        EXPECT_NE(r->body.find("METHOD_NOT_ALLOWED"), std::string::npos);
    }
}

TEST(WebFiles, NothingOutsideTheRootIsEverServed) {
    Built built;
    fs::create_symlink(built.dir.str() + "/secret.txt", built.root + "/leak.txt");
    fs::create_symlink(built.dir.str(), built.root + "/up");
    fs::create_symlink(built.root + "/favicon.svg", built.root + "/icon.svg");  // inside: served
    const auto web = WebFiles::load(built.root);
    ASSERT_EQ(web.status(), WebFiles::Status::ready) << web.problem();
    for (const char* path : {"/../secret.txt",
                             "/assets/../../secret.txt",
                             "/%2e%2e/secret.txt",
                             "/%2E%2E/secret.txt",
                             "/assets/%2e%2e/%2e%2e/secret.txt",
                             "/..%2fsecret.txt",
                             "/%2e%2e%2fsecret.txt",
                             "/leak.txt",
                             "/up/secret.txt",
                             "/up/dist/index.html",
                             "/.hidden",
                             "/./index.html",
                             "/assets/./player.js",
                             "/assets/player.js%00",
                             "/assets%5cplayer.js",
                             "/%zz",
                             "/%2",
                             "http://x/index.html",
                             "*",
                             "/secret.txt",
                             "/nope",
                             "/assets/",
                             "/assets"}) {
        EXPECT_FALSE(web.serve(get(path))) << path;
    }
    auto inside = web.serve(get("/icon.svg"));
    ASSERT_TRUE(inside);
    EXPECT_EQ(inside->body, "<svg/>");
}

TEST(WebFiles, PathsAreDecodedAndChecked) {
    EXPECT_EQ(clean_url_path("/a%20b.txt?x=%2e%2e"), "/a b.txt");
    EXPECT_EQ(clean_url_path("/"), "/");
    EXPECT_FALSE(clean_url_path("/a/%2E/b"));
    EXPECT_FALSE(clean_url_path("/a/.."));
    EXPECT_EQ(clean_url_path("/a/..b"), "/a/..b");  // a name that starts with dots is only a name
}

TEST(WebFiles, AMissingBuildStillAnswersWithWhatToDo) {
    TempDir dir("tavolo-web-files-missing");
    dir.write("dist/assets/player.js", "x");  // a build that never finished: no index.html
    for (const std::string& root : {dir.str() + "/nowhere", dir.str() + "/dist", dir.write("file", "x")}) {
        const auto web = WebFiles::load(root);
        EXPECT_EQ(web.status(), WebFiles::Status::not_built) << root;
        EXPECT_NE(web.problem().find("run deploy/build.sh (or npm run build in web/)"), std::string::npos)
            << web.problem();
        EXPECT_NE(web.problem().find(root), std::string::npos) << web.problem();
        for (const char* page : {"/", "/operator"}) {
            auto r = web.serve(get(page));
            ASSERT_TRUE(r) << page;
            EXPECT_EQ(r->status, 503);
            EXPECT_NE(r->body.find("the web client is not built"), std::string::npos) << r->body;
        }
        EXPECT_FALSE(web.serve(get("/assets/player.js")));  // the JSON 404 of the routes
    }
}

TEST(WebFiles, AnEmptyRootServesNothing) {
    const auto web = WebFiles::load("");
    EXPECT_EQ(web.status(), WebFiles::Status::off);
    EXPECT_FALSE(web.serve(get("/")));
}

TEST(WebFiles, TheRoutesServeTheClientAndKeepTheirOwnAnswers) {
    Built built;
    ServerInfo info{"1.0", {}, {}};
    info.web = std::make_shared<const WebFiles>(WebFiles::load(built.root));
    EXPECT_EQ(route(info, get("/")).status, 200);
    EXPECT_EQ(route(info, get("/healthz")).status, 200);
    auto missing = route(info, get("/nope.js"));
    EXPECT_EQ(missing.status, 404);
    EXPECT_NE(missing.body.find("NOT_FOUND"), std::string::npos);
    EXPECT_EQ(route(info, get("/%2e%2e/secret.txt")).status, 404);
    EXPECT_EQ(route(ServerInfo{"1.0", {}, {}}, get("/")).status, 404);  // no web client: as before
}
