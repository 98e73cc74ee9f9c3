#include "run/runner_status.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace scanlab::grader {

std::map<std::string, std::string> parse_status(const std::string& path, std::vector<std::string>& messages,
                                                std::vector<access_finding_text>* findings) {
  std::map<std::string, std::string> s;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string a, b, c;
    words >> a >> b >> c;
    std::string rest;
    std::getline(words, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    if (a == "call" && c == "message") {
      std::replace(rest.begin(), rest.end(), '\x1f', '\n');
      messages.push_back(rest);
    } else if (a == "call" && c == "finding") {
      std::replace(rest.begin(), rest.end(), '\x1f', '\n');
      const auto split = rest.find('\x1e');
      if (findings != nullptr && split != std::string::npos)
        findings->push_back({rest.substr(0, split), rest.substr(split + 1)});
    } else if (a == "call") {
      s[a + " " + b + " " + c] = rest;
    } else {
      s[a] = b;
    }
  }
  return s;
}

}  // namespace scanlab::grader
