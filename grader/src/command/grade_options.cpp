#include "command/grade_options.h"

#include <unistd.h>

#include <algorithm>

#include <CLI/CLI.hpp>

#include "command/grade_command.h"

namespace scanlab::grader {

int parse_grade_options(int argc, char** argv, const std::string& footer, grade_options& o) {
  CLI::App app{"scanlab: grade parallel-scan labs (and run scanlab-* tools as subcommands)"};
  app.require_subcommand(1);
  app.footer(footer);
  auto* grade = app.add_subcommand("grade", "grade a submission (a folder laid out like labs/) or a batch of them");
  o.jobs = std::max(1u, static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN)));
  grade->add_option("--submission", o.submission, "folder laid out like labs/ (default: the repository's labs/)");
  grade->add_option("--lab", o.lab_ids, "grade only these labs (repeatable; default: all)");
  grade->add_option("--backend", o.backend, "auto, gpu or cpu")->check(CLI::IsMember({"auto", "gpu", "cpu"}));
  auto* seed_option = grade->add_option("--seed", o.seed, "base seed (default: $SCANLAB_GRADER_SEED, else a fresh one)");
  grade->add_option("--rubric", o.rubric_path, "rubric file (default: grader/rubric.json)");
  grade->add_option("--results", o.results_path, "Gradescope results.json to write");
  grade->add_option("--junit", o.junit_path, "JUnit XML to write");
  grade->add_option("--markdown", o.markdown_path, "Markdown summary to write");
  grade->add_option("--prairielearn", o.prairielearn_path, "PrairieLearn external-grader results.json to write");
  grade->add_option("--jobs,-j", o.jobs, "labs graded at once (default: the number of cores)")->check(CLI::Range(1u, 1024u));
  grade->add_option("--batch", o.batch_dir, "grade every subfolder of DIR as one submission");
  grade->add_option("--out", o.out_dir, "with --batch: folder for <submission>.json and summary.csv");
  grade->add_flag("--regrade", o.regrade, "with --batch: grade every submission, even those whose result in --out is current");
  grade->add_flag("--no-class-report", o.no_class_report,
                  "with --batch: leave out OUT/report, the class report (`scanlab report OUT` builds it)");
  grade->add_flag("--markdown-each", o.markdown_each, "with --batch: also OUT/<submission>.md as each one finishes");
  grade->add_flag("--no-jail", o.no_jail,
                  "run student code without the jail (bubblewrap), with the grader's rights: only where the "
                  "machine cannot jail and the grading user has nothing to protect; every report says so");
  grade->add_flag("--junit-each", o.junit_each, "with --batch: also OUT/<submission>.junit.xml as each one finishes");
  grade->add_option("--figures", o.figures_dir,
                    "for each lab that fails: DIR/[<submission>-]labN-trace.html, what its kernel did for n = 16 next "
                    "to the taught algorithm (CPU backend, GCC; see `scanlab trace`)");
  grade->add_flag("--no-colour,--no-color", o.no_colour, "no colour in the terminal table");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : exit_misuse;
  }
  o.seed_given = seed_option->count() > 0;
  return -1;
}

}  // namespace scanlab::grader
