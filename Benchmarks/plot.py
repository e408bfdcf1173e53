#!/usr/bin/env python3
"""Plots feedline-bench's JSON: stall time per 1,000 rows against page
latency, one line per strategy, one panel per scroll speed; and prints the
results as Markdown tables (for docs/BENCHMARKS.md).

    python3 Benchmarks/plot.py docs/benchmark.json docs/benchmark-stalls.png

The image comparison's JSON (feedline-bench --suite images) has no plot:
its table only.

    python3 Benchmarks/plot.py images.json
"""

import json
import sys

NAMES = {"last-row": "last row appears (tutorial)", "five-before": "five rows before the end (tutorial)",
         "edge": "edge-reached alone", "feedline": "Feedline (speed × page time)"}


def main(source, target):
    report = json.load(open(source))
    if report.get("suite") == "images":
        print(images_markdown(report))
        return
    if target is None:
        sys.exit(__doc__)
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    import matplotlib.pyplot as plt

    runs = report["runs"]
    speeds = sorted({run["speed_px_s"] for run in runs})
    figure, panels = plt.subplots(1, len(speeds), figsize=(5.5 * len(speeds), 4.2), sharey=True, squeeze=False)
    for panel, speed in zip(panels[0], speeds):
        for strategy, label in NAMES.items():
            points = sorted((run["latency_ms"], run["stall_ms_per_1000_rows"] / 1000)
                            for run in runs if run["strategy"] == strategy and run["speed_px_s"] == speed)
            if points:
                panel.plot(*zip(*points), marker="o", label=label)
        panel.set_title(f"scrolling at {speed:.0f} px/s")
        panel.set_xlabel("page latency (ms)")
        panel.set_xscale("log")
        latencies = sorted({run["latency_ms"] for run in runs})
        panel.set_xticks(latencies, [str(latency) for latency in latencies])
        panel.grid(True, alpha=0.3)
    panels[0][0].set_ylabel("seconds the loading row is in view, per 1,000 rows")
    panels[0][0].legend(fontsize="small")
    figure.suptitle(f"Stalls while scrolling, pages of {report['page_size']} items, "
                    f"{report['rows_per_run']} rows a run")
    figure.tight_layout()
    figure.savefig(target, dpi=100)
    print(markdown(report))


def markdown(report):
    lines = run_table(report["runs"], "latency | speed", lambda run: f"{run['latency_ms']} ms | {run['speed_px_s']:.0f} px/s")
    if report.get("more_runs"):
        lines.append("")
        lines += run_table(report["more_runs"], "condition | speed",
                           lambda run: f"{run['condition']} | {run['speed_px_s']:.0f} px/s")
    lines.append("")
    first, memory, reference = report.get("first_row", {}), report.get("memory"), report.get("reference")
    idle = next((run for run in report["runs"] if run.get("idle_seconds", 0) > 0), None)
    lines.append("| | Feedline | C reference | ratio |")
    lines.append("|---|---:|---:|---:|")
    ratios = report.get("ratios") or {}
    # Feedline's own run at the speed the reference scrolled (the fastest).
    fastest = max(run["speed_px_s"] for run in report["runs"])
    own = next((run for run in report["runs"] if run["strategy"] == "feedline" and run["latency_ms"] == 300
                and run["speed_px_s"] == fastest), report["runs"][0])
    if reference:
        busy, reference_busy = own["frame_busy_ms"]["p95"], reference["frame_busy_ms"]["p95"]
        lines.append(f"| frame busy p95 (ms), {fastest:.0f} px/s | {busy:.2f} "
                     f"| {reference_busy:.2f} | {busy / reference_busy:.2f}x |")
        lines.append(f"| time to first row (ms) | {first.get('time_to_first_row_ms', 0):.0f} "
                     f"| {reference['time_to_first_row_ms']:.0f} | {ratios.get('time_to_first_row', 0):.2f}x |")
        if memory:
            lines.append(f"| resident memory at {memory['items']:,} items (MiB) | {memory['rss_kb_at_end'] / 1024:.0f} "
                         f"| {reference['rss_kb_at_end'] / 1024:.0f} | {ratios.get('rss_at_items', 0):.2f}x |")
            text = memory.get("text_kb", 0)
            target = 1.3 * reference["rss_kb_at_end"] + text
            lines.append(f"| target: 1.3 × C + the items' text ({text / 1024:.1f} MiB) (MiB) "
                         f"| {memory['rss_kb_at_end'] / 1024:.0f} | {target / 1024:.0f} "
                         f"| {memory['rss_kb_at_end'] / target:.2f} of it |")
    if memory:
        lines.append(f"| memory per 10,000 items (MiB) | {memory['rss_kb_per_10k_items'] / 1024:.1f} | | |")
        lines.append(f"| peak resident memory (MiB) | {memory['peak_rss_kb'] / 1024:.0f} | | |")
    if idle:
        lines.append(f"| {idle['idle_seconds']:.0f} s idle after loading: CPU (ms) | {idle['idle_cpu_ms']:.1f} | | |")
        lines.append(f"| {idle['idle_seconds']:.0f} s idle: main thread wake-ups | "
                     f"{idle.get('idle_main_thread_wakeups', '?')} | | |")
        lines.append(f"| {idle['idle_seconds']:.0f} s idle: voluntary context switches, all threads | "
                     f"{idle['idle_wakeups']} | | |")
    return "\n".join(lines)


def run_table(runs, heading, conditions):
    lines = [f"| strategy | {heading} | stalls / 1k rows | stall ms / 1k rows | frame p50 / p95 / p99 / max (ms) "
             "| busy p95 / max (ms) | pages | dup | skip | row widgets |",
             "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|"]
    for run in runs:
        frame, busy = run["frame_interval_ms"], run["frame_busy_ms"]
        lines.append(f"| {run['strategy']} | {conditions(run)} "
                     f"| {run['stalls_per_1000_rows']:.1f} | {run['stall_ms_per_1000_rows']:.0f} "
                     f"| {frame['p50']:.1f} / {frame['p95']:.1f} / {frame['p99']:.1f} / {frame['max']:.1f} "
                     f"| {busy['p95']:.2f} / {busy['max']:.1f} | {run['pages_requested']} | {run['duplicates']} "
                     f"| {run['skipped']} | {run['row_widgets']} |")
    return lines


def images_markdown(report):
    """The same scroll without pictures and with them, side by side."""
    without, with_ = report["without_images"], report["with_images"]
    lines = ["| | without pictures | with pictures | with / without |", "|---|---:|---:|---:|"]

    def row(name, value, digits=1, ratio=True):
        a, b = value(without), value(with_)
        fraction = f"{b / a:.2f}x" if ratio and a else ""
        lines.append(f"| {name} | {a:,.{digits}f} | {b:,.{digits}f} | {fraction} |")

    for percentile in ("p50", "p95", "p99", "max"):
        row(f"frame interval {percentile} (ms)", lambda run: run["frame_interval_ms"][percentile])
    lines.append(f"| frames over 25 ms | {without['long_frames']:,} of {without['frames']:,} "
                 f"| {with_['long_frames']:,} of {with_['frames']:,} | |")
    row("main-thread busy per frame, p50 (ms)", lambda run: run["frame_busy_ms"]["p50"], 2)
    row("main-thread busy per frame, p95 (ms)", lambda run: run["frame_busy_ms"]["p95"], 2)
    row("peak resident memory (MiB)", lambda run: run["peak_rss_kb"] / 1024, 0)
    row("stalls (loading row in view)", lambda run: run["stalls"], 0, ratio=False)
    images = with_["images"]
    lines.append(f"| picture requests sent / answered by the server / decoded / failed | | {images['requests']:,} / "
                 f"{with_.get('server_requests', 0):,} / {images['decoded']:,} / {images['failed']} | |")
    lines.append(f"| rows whose picture came into view / was shown there | | {images['rows_seen']:,} / "
                 f"{images['rows_shown']:,} | |")
    lines.append(f"| item pictures in view still placeholders (% of row-frames) | | "
                 f"{images['missing_in_view_percent']:.1f} | |")
    lines.append(f"| decoded pictures in memory at the end (MiB) | | {images['memory_cache_kb'] / 1024:.0f} | |")
    lines.append(f"| disk cache at the end (MiB) | | {images['disk_cache_kb'] / 1024:.0f} | |")
    lines.append(f"| items loaded, duplicated, skipped | {without['items_loaded']:,}, {without['duplicates']}, "
                 f"{without['skipped']} | {with_['items_loaded']:,}, {with_['duplicates']}, {with_['skipped']} | |")
    segments = {segment["from_row"]: segment for segment in without.get("by_rows", []) if segment["frames"] > 1}
    segments_with = {segment["from_row"]: segment for segment in with_.get("by_rows", []) if segment["frames"] > 1}
    if segments and segments_with:
        lines.append("")
        lines.append("| rows | frames over 25 ms, without / with | busy p95 (ms), without / with "
                     "| item pictures in view still placeholders (%) |")
        lines.append("|---|---:|---:|---:|")
        for start in sorted(set(segments) & set(segments_with)):
            a, b = segments[start], segments_with[start]
            lines.append(f"| {start:,}–{b['to_row']:,} | {a['long_frames']} of {a['frames']} / {b['long_frames']} of {b['frames']} "
                         f"| {a['frame_busy_ms']['p95']:.1f} / {b['frame_busy_ms']['p95']:.1f} "
                         f"| {b['missing_in_view_percent']:.1f} |")
    pictures = report.get("pictures", {})
    photo_kb = pictures.get("photo_kb", [])
    lines.append("")
    lines.append(f"{report['rows_per_run']:,} rows at {report['speed_px_s']:.0f} px/s, {report['latency_ms']} ms pages "
                 f"of {report['page_size']}, {report['strategy']} strategy; photos {', '.join(pictures.get('photo_sizes', []))} "
                 f"({min(photo_kb, default=0):.0f}–{max(photo_kb, default=0):.0f} KB JPEG), "
                 f"{pictures.get('avatars', 0)} avatars of {pictures.get('avatar_kb', 0):.0f} KB (PNG).")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None)
