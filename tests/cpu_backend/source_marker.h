// The line of a test's kernel file that carries a marker comment, as the backend's reports name it
// ("buggy_kernels.cu:34"); "" when no line has the marker.
#pragma once

#include <fstream>
#include <string>

inline std::string source_marker_line(const std::string& path, const std::string& marker) {
  std::ifstream file(path);
  const std::string name = path.substr(path.rfind('/') + 1);
  std::string line;
  for (int number = 1; std::getline(file, line); ++number)
    if (line.find(marker) != std::string::npos) return name + ":" + std::to_string(number);
  return "";
}
