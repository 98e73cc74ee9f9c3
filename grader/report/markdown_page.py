"""The class report as Markdown (for a course repository or an LMS page): the same numbers as the
HTML page, as tables; the plots are files beside it (plots/*.svg)."""
from statistics import mean, median

import class_summary as cs


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")


def _names(names, limit=12):
    shown = ", ".join(names[:limit])
    return _cell(shown + (f" and {len(names) - limit} more" if len(names) > limit else ""))


def render(model, plot_files):
    out = ["# Class report", "", model.headline, "",
           f"## Submissions that need you ({len({i.student for i in model.review})})", ""]
    if model.review:
        out += ["| student | lab | why | detail |", "|---|---|---|---|"]
        out += [f"| {_cell(i.student)} | {i.lab or ''} | {_cell(i.reason)} | {_cell(i.detail)} |" for i in model.review]
    else:
        out.append("Nothing needs you: every submission was graded here, with no flag raised.")
    out += ["", "## Labs at a glance", "", "| lab | submitted | missing | mean | median | full marks | most common failure |",
            "|---|---:|---:|---:|---:|---:|---|"]
    for lab in model.labs:
        fr = lab.score_fractions()
        top = lab.failure_kinds[0] if lab.failure_kinds else None
        out.append(f"| {lab.id}: {lab.name} | {len(lab.submitted)} | {len(lab.missing)} | {(mean(fr) if fr else 0):.0%} | "
                   f"{(median(fr) if fr else 0):.0%} | {sum(1 for f in fr if f >= 1 - 1e-9)} | "
                   f"{_cell(cs.describe(top.diagnosis)) + f' ({len(top.students)})' if top else ''} |")
    for lab in model.labs:
        out += ["", f"## Lab {lab.id}: {lab.name}", ""]
        if not lab.submitted:
            out.append("No submission has this lab's file.")
            continue
        out += [" ".join(f"![{name}]({path})" for name, path in plot_files.get(lab.id, [])), ""]
        out += ["| test | passed | of |", "|---|---:|---:|"]
        out += [f"| {cs.KIND_TITLES[k]} | {lab.pass_rates[k][0]} | {lab.pass_rates[k][1]} |"
                for k in cs.TEST_KINDS if k in lab.pass_rates]
        out += ["", "### What went wrong, by how many students", ""]
        if lab.failure_kinds:
            out += ["| failure | students | who | first line of one example |", "|---|---:|---|---|"]
            out += [f"| {_cell(cs.describe(k.diagnosis))} | {len(k.students)} | {_names(k.students)} | "
                    f"{_cell(k.example.splitlines()[0] if k.example else '')} |" for k in lab.failure_kinds]
        else:
            out.append("No failures.")
        out += ["", "### What the detectors named", ""]
        if lab.finding_groups:
            out += ["| finding | students | the usual line | who |", "|---|---:|---|---|"]
            out += [f"| {_cell(cs.finding_title(g))} | {len(g.students)} | "
                    f"{_cell(' / '.join(g.usual_code) or ', '.join(g.usual_lines) or '-')} ({g.usual_count}) | {_names(g.students)} |"
                    for g in lab.finding_groups]
        else:
            out.append("No race, barrier, memory or progress finding.")
        if lab.performance:
            out += ["", "### Leaderboard (anonymised)", "", "| rank | student | of the reference | of a copy |", "|---:|---|---:|---:|"]
            out += [f"| {r} | {model.pseudonyms[n]} | {cs.speed(a)} | {c:.0%} |" for r, n, a, c in cs.leaderboard(lab)[:10]]
        out += ["", "### Similar code", ""]
        if model.similarity_missing:
            out.append(f"Not computed: {model.similarity_missing}")
        elif not lab.pairs:
            out.append(f"No pair at or above {model.threshold:.0%} alike with {model.min_tokens} tokens shared (the stub's code does not count).")
        else:
            for names, pairs in cs.clusters(lab.pairs):
                out += [f"**{len(names)} submissions alike**: {_names(names)}", "",
                        "| pair | alike | tokens | shares |", "|---|---:|---:|---|"]
                out += [f"| {_cell(p.a)} and {_cell(p.b)} | {p.similarity:.0%} | {p.tokens} | "
                        f"{p.shares[0]:.0%} / {p.shares[1]:.0%} |" for p in pairs[:cs.PAIRS_PER_CLUSTER]]
                if len(pairs) > cs.PAIRS_PER_CLUSTER:
                    out.append(f"| and {len(pairs) - cs.PAIRS_PER_CLUSTER} more pairs (report.json) | | | |")
                out.append("")
    if model.changes is not None:
        out += ["", f"## Regrade: what changed since {model.previous_dir}", ""]
        if model.changes:
            out += ["| student | lab | before | after | why |", "|---|---|---:|---:|---|"]
            out += [f"| {_cell(c.student)} | {c.lab or 'all'} | {c.before:.2f} | {c.after:.2f} | {_cell('; '.join(c.causes))} |"
                    for c in model.changes]
        else:
            out.append("No score changed.")
    return "\n".join(out) + "\n"
