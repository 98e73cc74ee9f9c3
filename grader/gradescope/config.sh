# Settings of this Gradescope assignment, read by setup.sh and run_autograder. Edit before
# `make gradescope-package`, or in the zip.

# Labs this assignment grades, as numbers ("2" or "2 3 4"); empty: all labs. A lone uploaded
# scan.cu is taken as the lab's file when exactly one lab is graded.
SCANLAB_LABS=""

# Base seed of the graded inputs. Empty (the default): a fresh random seed for every submission,
# so replaying a cached output cannot pass. It is printed in the autograder's log, which students
# do not see, so an instructor can replay a run with `scanlab grade --seed`.
SCANLAB_SEED=""

# 1 grades without scanlab's jail (bubblewrap), where Gradescope's container refuses the user
# namespaces it needs (the grader then stops with "cannot grade here" and says so in its log).
# Gradescope's container is then the only wall around the student's code: it can read the
# rubric and the tree in scanlab/. Every report states it. Empty (the default): jailed.
SCANLAB_NO_JAIL=""

# Labs graded at once. Gradescope's default machine has 2 cores; raise it with a bigger one.
SCANLAB_JOBS=2

# Rubric file, relative to the scanlab tree; empty: grader/rubric.json.
SCANLAB_RUBRIC=""
