"""The class report as one self-contained HTML page: inline CSS and SVG, no script, no network,
so it opens from file:// anywhere. Everything a submission produced (names, messages, code) is
escaped: a student's printout must not become markup in the instructor's browser."""
from html import escape
from statistics import mean, median

import class_summary as cs
import svg_plots

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1100px;color:#222;line-height:1.4;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:2px solid #3b6ea8;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.5em}
table{border-collapse:collapse;margin:.5em 0;font-size:.92em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#eef3f9}td.n{text-align:right;font-variant-numeric:tabular-nums}
pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.85em;white-space:pre-wrap;margin:.3em 0}
.plots{display:flex;flex-wrap:wrap;gap:1em}.names{font-size:.85em;color:#444}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.5em}mark{background:#ffd97a}
.flag{color:#a40000;font-weight:bold}.muted{color:#666}details{margin:.2em 0}summary{cursor:pointer}
"""


def _names(names, limit=12):
    shown = ", ".join(escape(n) for n in names[:limit])
    if len(names) <= limit:
        return f'<div class="names">{shown}</div>'
    rest = ", ".join(escape(n) for n in names[limit:])
    return f'<div class="names">{shown}, <details><summary>and {len(names) - limit} more</summary>{rest}</details></div>'


def _marked(text, regions):
    out, at = [], 0
    for start, end in sorted(regions):
        start, end = max(start, at), max(end, at)
        out.append(escape(text[at:start]))
        out.append(f"<mark>{escape(text[start:end])}</mark>")
        at = end
    out.append(escape(text[at:]))
    return "".join(out)


def _overview(model):
    rows = []
    for lab in model.labs:
        fr = lab.score_fractions()
        top = lab.failure_kinds[0] if lab.failure_kinds else None
        rows.append(
            f"<tr><td><a href='#lab{lab.id}'>{lab.id}: {escape(lab.name)}</a></td><td class=n>{len(lab.submitted)}</td>"
            f"<td class=n>{len(lab.missing)}</td><td class=n>{(mean(fr) if fr else 0):.0%}</td>"
            f"<td class=n>{(median(fr) if fr else 0):.0%}</td><td class=n>{sum(1 for f in fr if f >= 1 - 1e-9)}</td>"
            f"<td>{escape(cs.describe(top.diagnosis)) + f' ({len(top.students)})' if top else ''}</td></tr>")
    return ("<table><tr><th>lab</th><th>submitted</th><th>missing</th><th>mean</th><th>median</th><th>full marks</th>"
            "<th>most common failure (students)</th></tr>" + "".join(rows) + "</table>")


def _review(model):
    if not model.review:
        return "<p>Nothing needs you: every submission was graded here, with no flag raised.</p>"
    rows = "".join(f"<tr><td>{escape(i.student)}</td><td>{i.lab or ''}</td><td class=flag>{escape(i.reason)}</td>"
                   f"<td>{escape(i.detail)}</td></tr>" for i in model.review)
    return f"<table><tr><th>student</th><th>lab</th><th>why</th><th>detail</th></tr>{rows}</table>"


def _lab(model, lab):
    out = [f"<h2 id='lab{lab.id}'>Lab {lab.id}: {escape(lab.name)}</h2>"]
    if not lab.submitted:
        return "".join(out) + "<p class=muted>No submission has this lab's file.</p>"
    fr = lab.score_fractions()
    kinds = [k for k in cs.TEST_KINDS if k in lab.pass_rates]
    plots = [svg_plots.histogram(fr, 0, 1.0001, 10, f"lab {lab.id}: scores", "share of the lab's points"),
             svg_plots.bars([cs.KIND_TITLES[k] for k in kinds],
                            [lab.pass_rates[k][0] / lab.pass_rates[k][1] for k in kinds], f"lab {lab.id}: tests passed")]
    if lab.performance:
        top = max(1.5, max(p[1] for p in lab.performance) * 1.05)
        plots.append(svg_plots.histogram([p[1] for p in lab.performance], 0, top, 15, f"lab {lab.id}: speed",
                                         "fraction of the reference's speed", fmt="{:.2g}"))
        plots.append(svg_plots.histogram([p[2] for p in lab.performance], 0, 1.1, 11, f"lab {lab.id}: against a copy",
                                         "fraction of a device copy's speed"))
    out.append(f"<p>{len(lab.submitted)} submitted, {len(lab.missing)} without the file.</p>")
    out.append(f"<div class=plots>{''.join(plots)}</div>")
    out.append("<table><tr><th>test</th><th>passed</th><th>of</th></tr>" + "".join(
        f"<tr><td>{escape(cs.KIND_TITLES[k])}</td><td class=n>{lab.pass_rates[k][0]}</td><td class=n>{lab.pass_rates[k][1]}</td></tr>"
        for k in kinds) + "</table>")
    out.append("<h3>What went wrong, by how many students</h3>")
    if lab.failure_kinds:
        out.append("<table><tr><th>failure</th><th>students</th><th>who</th><th>one example (anonymised)</th></tr>" + "".join(
            f"<tr><td>{escape(cs.describe(k.diagnosis))}</td><td class=n>{len(k.students)}</td><td>{_names(k.students)}</td>"
            f"<td><details><summary>message</summary><pre>{escape(k.example)}</pre></details></td></tr>"
            for k in lab.failure_kinds) + "</table>")
    else:
        out.append("<p>No failures.</p>")
    out.append("<h3>What the detectors named</h3>")
    if lab.finding_groups:
        rows = []
        for g in lab.finding_groups:
            usual = ("<br>".join(f"<code>{escape(c)}</code>" for c in g.usual_code) or escape(", ".join(g.usual_lines))
                     or "<span class=muted>(no line: a guard zone found it)</span>")
            rows.append(f"<tr><td>{escape(cs.finding_title(g))}</td><td class=n>{len(g.students)}</td>"
                        f"<td>{usual}<div class=muted>in {g.usual_count} of them"
                        f"{' at ' + escape(', '.join(g.usual_lines)) if g.usual_code and g.usual_lines else ''}</div></td>"
                        f"<td>{_names(g.students)}</td></tr>")
        out.append("<table><tr><th>finding</th><th>students</th><th>the usual line</th><th>who</th></tr>" + "".join(rows) + "</table>")
    else:
        out.append("<p>No race, barrier, memory or progress finding.</p>")
    if lab.performance:
        out.append("<h3>Leaderboard (anonymised)</h3><table><tr><th>rank</th><th>student</th><th>of the reference</th><th>of a copy</th></tr>")
        out.append("".join(f"<tr><td class=n>{r}</td><td>{escape(model.pseudonyms[n])}</td><td class=n>{cs.speed(a)}</td><td class=n>{c:.0%}</td></tr>"
                           for r, n, a, c in cs.leaderboard(lab)[:10]) + "</table>")
        held = f" {len(lab.held_back)} held back until you look at them (see above)." if lab.held_back else ""
        out.append(f"<p class=muted>Each student's own view (their rank and the few above): "
                   f"report/leaderboard/&lt;student&gt;.txt.{held}</p>")
    out.append("<h3>Similar code</h3>")
    if model.similarity_missing:
        out.append(f"<p class=muted>Not computed: {escape(model.similarity_missing)}</p>")
    elif not lab.pairs:
        out.append(f"<p>No pair at or above {model.threshold:.0%} alike with {model.min_tokens} tokens shared (the stub's code does not count).</p>")
    else:
        shown = 0
        for names, pairs in cs.clusters(lab.pairs):
            out.append(f"<div><b>{len(names)} submissions alike</b>: {_names(names)}</div>")
            for k, p in enumerate(pairs):
                if k == cs.PAIRS_PER_CLUSTER:
                    out.append(f"<div class=muted>and {len(pairs) - k} more pairs of this group (report.json lists them)</div>")
                    break
                head = (f"{escape(p.a)} and {escape(p.b)}: {p.similarity:.0%} alike, {p.tokens} tokens "
                        f"({p.shares[0]:.0%} of one file, {p.shares[1]:.0%} of the other)")
                shown += 1
                if shown > cs.PAIRS_SHOWN:
                    out.append(f"<div class=muted>{head}</div>")
                    continue
                out.append(f"<details><summary>{head}</summary><div class=pair><pre>{_marked(p.code[0], p.regions[0])}"
                           f"</pre><pre>{_marked(p.code[1], p.regions[1])}</pre></div></details>")
    return "".join(out)


def _regrade(model):
    if model.changes is None:
        return ""
    rows = "".join(f"<tr><td>{escape(c.student)}</td><td>{c.lab or 'all'}</td><td class=n>{c.before:.2f}</td>"
                   f"<td class=n>{c.after:.2f}</td><td>{escape('; '.join(c.causes))}</td></tr>" for c in model.changes)
    body = (f"<table><tr><th>student</th><th>lab</th><th>before</th><th>after</th><th>why</th></tr>{rows}</table>"
            if model.changes else "<p>No score changed.</p>")
    return f"<h2 id=regrade>Regrade: what changed since {escape(model.previous_dir)}</h2>{body}"


def render(model):
    labs = "".join(_lab(model, lab) for lab in model.labs)
    return (f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>scanlab class report</title>"
            f"<meta name=viewport content='width=device-width'><style>{STYLE}</style></head><body>"
            f"<h1>Class report</h1><p>{escape(model.headline)}</p>"
            f"<h2 id=review>Submissions that need you ({len({i.student for i in model.review})})</h2>{_review(model)}"
            f"<h2 id=overview>Labs at a glance</h2>{_overview(model)}{labs}{_regrade(model)}"
            f"<h2 id=exports>Files</h2><p>findings.csv (student, lab, kind, variable, access, line, code), report.md (this page "
            f"as Markdown), leaderboard/ (each student's view), and the batch's own summary.csv.</p></body></html>\n")
