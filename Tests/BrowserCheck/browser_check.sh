#!/usr/bin/env bash
# Shows an animated SVG in a real browser: renders it with headless Chromium at two moments
# of its animation and checks that the pixels differ where its items moved, and that the
# animation plays by itself.
#
#     Tests/BrowserCheck/browser_check.sh FILE.svg [T1_MS T2_MS]
#
# T1_MS and T2_MS (default 100 and 1500) are the two animation times, in milliseconds.
# Three screenshots are taken:
#   1. and 2. the SVG with its animations paused and sought to T1 and T2 (a copy of the file
#      with a script calling `pauseAnimations()` and `setCurrentTime()`). Chromium's
#      `--virtual-time-budget` alone does not pin the SMIL clock: measured here, a 100 ms
#      budget shows anything from 0.15 to 0.4 s of animation, and without
#      `--run-all-compositor-stages-before-draw` about one 1500 ms shot in eight showed 0.15 s.
#      Seeking makes these two exact, so the check can ask where each item must be.
#   3. the file as it is, playing freely for T2 ms of virtual time: it must differ from
#      screenshot 1 (the animation runs without help).
# The SVG's item groups (`<g class="item">` with a translate animation, as DynamicsRender and
# the FallingBoxes example write them) give each item's position at T1 and T2.
# compare_png.py (Python 3, standard library only) decodes the PNGs and checks that the
# pixels around every moved item changed and that the item's fill color is found at its
# keyframed positions. Chromium is `$CHROMIUM`, or the first of chromium, chromium-browser,
# google-chrome, google-chrome-stable on the PATH (Debian: apt-get install chromium).
# Screenshots are kept when `$BROWSER_CHECK_KEEP` names a directory.
#
# Exit status: 0 when the checks pass, 1 when they fail (or Chromium fails), 2 on bad usage
# or a missing tool. Prints the time it took.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() { echo "usage: $0 FILE.svg [T1_MS T2_MS]" >&2; exit 2; }

[ $# -eq 1 ] || [ $# -eq 3 ] || usage
svg="$1"
t1="${2:-100}"
t2="${3:-1500}"
[ -f "$svg" ] || { echo "browser check: no such file: $svg" >&2; exit 2; }
[[ "$t1" =~ ^[0-9]+$ && "$t2" =~ ^[0-9]+$ && "$t1" -lt "$t2" ]] || { echo "browser check: times must be integers with T1 < T2" >&2; usage; }

browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
    for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
    done
fi
[ -n "$browser" ] || { echo "browser check: Chromium not found (set CHROMIUM or install chromium)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "browser check: python3 not found" >&2; exit 2; }

start=$(date +%s.%N)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
abs="$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")"

# The window is the SVG's size (CSS pixels); a device scale factor keeps screenshots within
# 1600 pixels a side.
sizes="$(python3 - "$abs" <<'PY'
import re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
def num(v):
    m = re.match(r"\s*([0-9.]+)", v or "")
    return float(m.group(1)) if m else None
w, h = num(root.get("width")), num(root.get("height"))
if not (w and h):
    vb = [float(v) for v in (root.get("viewBox") or "0 0 800 600").replace(",", " ").split()]
    w, h = vb[2], vb[3]
w, h = max(1, round(w)), max(1, round(h))
print(w, h, min(1.0, 1600 / max(w, h)))
PY
)" || { echo "browser check: cannot read $svg as XML" >&2; exit 2; }
read -r width height scale <<<"$sizes"

shoot() {  # shoot FILE.svg BUDGET_MS OUT.png
    local log="$work/chromium.log"
    if ! timeout 180 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --no-first-run --disable-extensions --mute-audio --user-data-dir="$work/profile" \
        --run-all-compositor-stages-before-draw \
        --force-device-scale-factor="$scale" --window-size="$width,$height" \
        --virtual-time-budget="$2" --screenshot="$3" "file://$1" >"$log" 2>&1 || [ ! -s "$3" ]; then
        echo "browser check: Chromium failed to render $1:" >&2
        tail -n 20 "$log" >&2
        exit 1
    fi
}

seek() {  # seek MS OUT.svg: a copy of the SVG, its animations paused at MS milliseconds
    python3 - "$abs" "$1" "$2" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
end = text.rfind("</svg>")
if end < 0:
    sys.exit("browser check: no </svg> in " + sys.argv[1])
seconds = int(sys.argv[2]) / 1000
script = ('<script type="application/ecmascript"><![CDATA[\n'
          '(function () { var svg = document.documentElement;\n'
          '  function seek() { svg.pauseAnimations(); svg.setCurrentTime(%r); }\n'
          '  seek(); window.addEventListener("load", seek); })();\n'
          ']]></script>\n' % seconds)
open(sys.argv[3], "w", encoding="utf-8").write(text[:end] + script + text[end:])
PY
}

echo "browser check: $svg (${width}x${height}, scale $scale) at $t1 ms and $t2 ms with $browser"
seek "$t1" "$work/early.svg"
seek "$t2" "$work/late.svg"
shoot "$work/early.svg" 500 "$work/early.png"
shoot "$work/late.svg" 500 "$work/late.png"
shoot "$abs" "$t2" "$work/playing.png"
if [ -n "${BROWSER_CHECK_KEEP:-}" ]; then
    mkdir -p "$BROWSER_CHECK_KEEP"
    cp "$work/early.png" "$BROWSER_CHECK_KEEP/early-$t1.png"
    cp "$work/late.png" "$BROWSER_CHECK_KEEP/late-$t2.png"
    cp "$work/playing.png" "$BROWSER_CHECK_KEEP/playing-$t2.png"
fi

status=0
python3 "$here/compare_png.py" "$abs" "$work/early.png" "$work/late.png" "$t1" "$t2" "$scale" "$work/playing.png" || status=$?
elapsed=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)")
if [ "$status" -eq 0 ]; then
    echo "browser check: ok in ${elapsed} s"
else
    echo "browser check: FAILED (status $status) in ${elapsed} s" >&2
fi
exit "$status"
