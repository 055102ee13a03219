#pragma once
// Runs the real `tavolo` binary (TAVOLO_TOOL_BIN) as a user would, capturing its output.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace tavolo::testing {

struct ToolRun {
    int code = -1;    // exit code
    std::string out;  // standard output and standard error, interleaved

    std::string last_line() const {
        std::string s = out;
        while (!s.empty() && s.back() == '\n')
            s.pop_back();
        return s.substr(s.rfind('\n') + 1);
    }
};

// `args` is appended to the binary's path (`tavolo` unless told) and run by the shell.
inline ToolRun run_tool(const std::string& args, const std::string& binary = TAVOLO_TOOL_BIN) {
    const std::string cmd = binary + " " + args + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    ToolRun run;
    if (!pipe) return run;
    std::array<char, 4096> buf;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe))
        run.out.append(buf.data(), n);
    run.code = WEXITSTATUS(pclose(pipe));
    return run;
}

}  // namespace tavolo::testing
