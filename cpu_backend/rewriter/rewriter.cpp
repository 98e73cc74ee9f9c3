// Public entry points: set up a Session, rewrite the main file, prepend the prologue.
#include "rewriter.h"

#include <filesystem>

#include "source_files.h"
#include "unit_rewriter.h"

namespace scanlab::rewriter {

std::string format_diagnostic(const Diagnostic& d) {
  std::string where = d.file;
  if (d.line > 0) where += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
  return where + (d.warning ? ": warning: " : ": error: ") + d.message;
}

Result rewrite_source(std::string_view source, const std::string& display_path,
                      const Options& options) {
  UnitInfo unit;
  unit.diagnostic_path = display_path;
  unit.absolute_path = display_absolute(display_path);
  unit.identity = file_identity(unit.absolute_path);

  Session session{options, {}, {unit.identity}, {}, {}, {}};
  const std::string body = rewrite_unit(session, source, unit);

  Result result;
  result.text =
      "#include <scanlab/cpu/prelude.h>\n" + line_directive(1, unit.absolute_path) + "\n" + body;
  result.dependencies = std::move(session.dependencies);
  result.errors = std::move(session.errors);
  result.warnings = std::move(session.warnings);
  return result;
}

Result rewrite_file(const std::string& path, const Options& options) {
  const std::optional<std::string> source = read_text_file(path);
  if (!source) {
    Result result;
    result.errors.push_back(Diagnostic{path, 0, 0, "cannot read this file"});
    return result;
  }
  return rewrite_source(*source, path, options);
}

}  // namespace scanlab::rewriter
