#!/usr/bin/env python3
"""Checks screenshots of an animated SVG taken by browser_check.sh.

    compare_png.py FILE.svg EARLY.png LATE.png T1_MS T2_MS SCALE [PLAYING.png]

EARLY and LATE show the SVG paused at T1 and T2 ms; SCALE is the device scale factor of the
screenshots; PLAYING (optional) shows it after playing freely. Standard library only: PNGs
are decoded with zlib (8-bit RGB or RGBA, non-interlaced, as Chromium writes them).

The SVG's item groups (`<g class="item">` with a translate `animateTransform`, as
DynamicsRender and the FallingBoxes example write them) give each item's position at both
times. For the items that moved: the pixels around their two positions must change (for at
least one item), and for at least half of those whose first shape has a plain fill color,
that color must cover most of a small square around the keyframed center in both
screenshots. PLAYING must differ from EARLY. An SVG without item groups is checked as a
whole image. The time readout of a DynamicsRender SVG (`<g class="time-readout">`, required
in one) must show different texts at T1 and T2 by its keyframes, and the pixels on its plate
must differ between the two screenshots, with dark text pixels in both. Exits 0 when the checks pass, 1 when they fail, 2 on bad input.
"""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG_NS = "{http://www.w3.org/2000/svg}"


def decode_png(path):
    """(width, height, channels, rows) with rows a list of bytes objects."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, color type {color}, interlace {interlace})")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:  # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif kind != 0:
            raise ValueError(f"{path}: bad filter {kind} in row {y}")
        rows.append(bytes(line))
        previous = line
    return width, height, bpp, rows


def numbers(text):
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text or "")]


def local(tag):
    return tag[len(SVG_NS):] if tag.startswith(SVG_NS) else tag


def item_tracks(svg_path):
    """[(name, radius, keyTimes, [(x, y)], dur)] for every animated item group."""
    root = ET.parse(svg_path).getroot()
    size = numbers(root.get("width"))[:1] + numbers(root.get("height"))[:1]
    view = numbers(root.get("viewBox")) or [0, 0] + size
    if len(size) < 2:
        size = view[2:4]
    tracks = []
    background = next((hex_color(e.get("fill")) for e in root if local(e.tag) == "rect"), None) or (255, 255, 255)
    for g in root.iter():
        if local(g.tag) != "g" or g.get("class") != "item":
            continue
        anim = next((a for a in g if local(a.tag) == "animateTransform" and a.get("type") == "translate"), None)
        if anim is None:
            continue
        points = [tuple(numbers(v)[:2]) for v in anim.get("values", "").split(";")]
        times = numbers(anim.get("keyTimes")) or [i / max(1, len(points) - 1) for i in range(len(points))]
        dur = numbers(anim.get("dur"))[0]
        # The item's reach: the largest shape in it, plus offsets of nested groups (members);
        # its core: the radius of a disc around its center inside its first shape; its color:
        # that shape's fill over the background.
        radius, core, color = 5.0, None, None
        for e in g.iter():
            tag, extra = local(e.tag), 0.0
            inner = None
            if tag == "rect":
                w, h = float(e.get("width", 0)), float(e.get("height", 0))
                r, inner = 0.5 * (w * w + h * h) ** 0.5, 0.5 * min(w, h)
            elif tag == "ellipse":
                rx, ry = float(e.get("rx", 0)), float(e.get("ry", 0))
                r, inner = max(rx, ry), min(rx, ry)
            elif tag == "circle":
                r = inner = float(e.get("r", 0))
            elif tag == "path":
                r = max((abs(v) for v in numbers(e.get("d"))), default=0.0)
                inner = 0.3 * r
            elif tag == "g" and e is not g and "translate" in (e.get("transform") or ""):
                t = numbers(e.get("transform"))
                r, extra = 0.0, (t[0] ** 2 + t[1] ** 2) ** 0.5 if len(t) >= 2 else 0.0
            else:
                continue
            radius = max(radius, r + extra)
            if core is None and inner is not None and len(tracks_groups(g, e)) == 0:
                core = inner
                color = blend(e.get("fill"), e.get("fill-opacity"), background)
        tracks.append((g.get("id", "?"), radius, times, points, dur, core, color))
    return view, size, tracks


def readout(svg_path):
    """The time readout of a DynamicsRender SVG: (plate (x, y, width, height) in user units,
    [(text, start, end)] with each text's shown span as a fraction of the loop, dur), or None
    when the SVG has none. Also says whether the SVG is DynamicsRender's (`<g id="items">`),
    which must have one."""
    root = ET.parse(svg_path).getroot()
    ours = any(local(e.tag) == "g" and e.get("id") == "items" for e in root.iter())
    group = next((e for e in root.iter() if local(e.tag) == "g" and e.get("class") == "time-readout"), None)
    if group is None:
        return ours, None
    plate = next((e for e in group if local(e.tag) == "rect"), None)
    box = tuple(float(plate.get(k)) for k in ("x", "y", "width", "height"))
    texts, dur = [], 0.0
    for t in group:
        if local(t.tag) != "text":
            continue
        label = (t.text or "").strip()
        anim = next((a for a in t if local(a.tag) == "animate"), None)
        if anim is None:
            texts.append((label, 0.0, 1.0))
            continue
        dur = numbers(anim.get("dur"))[0]
        values = anim.get("values").split(";")
        times = numbers(anim.get("keyTimes"))
        spans = [(times[k], times[k + 1] if k + 1 < len(times) else 1.0) for k, v in enumerate(values) if v == "visible"]
        for start, end in spans:
            texts.append((label, start, end))
    return ours, (box, texts, dur)


def shown_text(texts, dur, t):
    # At a sample's own time the browser shows that sample (a millionth past the boundary).
    u = ((t % dur) / dur if dur > 0 else 0.0) + 1e-6
    for label, start, end in texts:
        if start <= u < end or (end == 1.0 and u >= start):
            return label
    return None


def tracks_groups(item, element):
    """The nested groups between an item's group and one of its shapes that move the shape."""
    moved = []
    def walk(node, path):
        if node is element:
            moved.extend(n for n in path if "translate" in (n.get("transform") or ""))
            return True
        return any(walk(child, path + [child] if local(child.tag) == "g" else path) for child in node)
    walk(item, [])
    return moved


def hex_color(text):
    m = re.fullmatch(r"\s*#([0-9a-fA-F]{6})\s*", text or "")
    return tuple(int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4)) if m else None


def blend(fill, opacity, background):
    c = hex_color(fill)
    if c is None or background is None:
        return None
    a = float(opacity) if opacity else 1.0
    return tuple(round(a * x + (1 - a) * y) for x, y in zip(c, background))


def position(track, t):
    _, _, times, points, dur, _, _ = track
    u = (t % dur) / dur if dur > 0 else 0.0
    for k in range(1, len(times)):
        if u <= times[k]:
            span = times[k] - times[k - 1]
            f = (u - times[k - 1]) / span if span > 0 else 1.0
            (x0, y0), (x1, y1) = points[k - 1], points[k]
            return x0 + f * (x1 - x0), y0 + f * (y1 - y0)
    return points[-1]


def matching(rows, bpp, width, height, cx, cy, half, color, tolerance=40):
    """The fraction of the pixels in a square around (cx, cy) that have `color`."""
    x0, x1 = max(0, int(cx - half)), min(width, int(cx + half) + 1)
    y0, y1 = max(0, int(cy - half)), min(height, int(cy + half) + 1)
    if x0 >= x1 or y0 >= y1:
        return 0.0
    hits = 0
    for y in range(y0, y1):
        row = rows[y]
        for x in range(x0, x1):
            i = x * bpp
            if abs(row[i] - color[0]) + abs(row[i + 1] - color[1]) + abs(row[i + 2] - color[2]) <= tolerance:
                hits += 1
    return hits / ((x1 - x0) * (y1 - y0))


def differing(a, b, bpp, x0, y0, x1, y1, threshold=24):
    count = 0
    for y in range(y0, y1):
        ra, rb = a[y], b[y]
        for x in range(x0, x1):
            i = x * bpp
            if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) > threshold:
                count += 1
    return count


def main(argv):
    if len(argv) not in (7, 8):
        print("usage: compare_png.py FILE.svg EARLY.png LATE.png T1_MS T2_MS SCALE [PLAYING.png]", file=sys.stderr)
        return 2
    svg, early, late = argv[1], argv[2], argv[3]
    t1, t2, device = float(argv[4]) / 1000, float(argv[5]) / 1000, float(argv[6])
    wa, ha, bpp, a = decode_png(early)
    wb, hb, bppb, b = decode_png(late)
    if (wa, ha, bpp) != (wb, hb, bppb):
        print(f"FAIL: screenshots differ in size ({wa}x{ha} vs {wb}x{hb})")
        return 1
    # A blank screenshot means the SVG did not render.
    corner = a[0][:3]
    if all(a[y][x * bpp:x * bpp + 3] == corner for y in range(0, ha, 7) for x in range(0, wa, 7)):
        print("FAIL: the early screenshot is uniform (the SVG did not render)")
        return 1
    view, size, tracks = item_tracks(svg)
    if not tracks:
        n = differing(a, b, bpp, 0, 0, wa, ha)
        print(f"no item groups in the SVG: {n} pixels differ over the whole image")
        return 0 if n >= 20 else 1
    # User units to screenshot pixels: the viewBox fitted in width × height, centered
    # (preserveAspectRatio's default, xMidYMid meet), times the device scale factor.
    fit = min(size[0] / view[2], size[1] / view[3])
    ox, oy = (size[0] - view[2] * fit) / 2 * device, (size[1] - view[3] * fit) / 2 * device
    scale = fit * device

    def pixel(p):
        return (p[0] - view[0]) * scale + ox, (p[1] - view[1]) * scale + oy

    moved, changed, checked, found = 0, 0, 0, 0
    for track in tracks:
        name, reach, core, color = track[0], track[1] * scale + 4, track[5], track[6]
        (xa, ya), (xb, yb) = pixel(position(track, t1)), pixel(position(track, t2))
        distance = ((xb - xa) ** 2 + (yb - ya) ** 2) ** 0.5
        if distance < 3:
            continue
        x0, x1 = max(0, int(min(xa, xb) - reach)), min(wa, int(max(xa, xb) + reach) + 1)
        y0, y1 = max(0, int(min(ya, yb) - reach)), min(ha, int(max(ya, yb) + reach) + 1)
        if x0 >= x1 or y0 >= y1:
            continue  # moved outside the picture
        moved += 1
        n = differing(a, b, bpp, x0, y0, x1, y1)
        changed += n >= 20
        line = f"  {name}: moved {distance:.0f} px, {n} pixels around it differ"
        # Is the item where its keyframes put it, in both screenshots?
        if core is not None and color is not None and core * scale >= 3:
            half = max(1.0, 0.6 * core * scale)
            early_hit = matching(a, bpp, wa, ha, xa, ya, half, color)
            late_hit = matching(b, bpp, wb, hb, xb, yb, half, color)
            checked += 1
            ok = early_hit >= 0.5 and late_hit >= 0.5
            found += ok
            line += f"; its color fills {early_hit:.0%} of its core at {t1:g} s and {late_hit:.0%} at {t2:g} s"
        if moved <= 20:
            print(line)
    if moved > 20:
        print(f"  … and {moved - 20} more moved items")
    if moved == 0:
        print("FAIL: no item moved in the picture between the two times")
        return 1
    if changed == 0:
        print(f"FAIL: the pixels around the {moved} moved items did not change")
        return 1
    if checked and found * 2 < checked:
        print(f"FAIL: only {found} of {checked} moved items were found where their keyframes put them")
        return 1
    print(f"{changed} of {moved} moved items changed the picture; {found} of {checked} found at their keyframed positions")
    # The time readout: the text shown at T1 and at T2 (from its keyframes) differ, and so
    # do the pixels on its plate; both screenshots have dark (text) pixels there.
    ours, found_readout = readout(svg)
    if found_readout is None:
        if ours:
            print("FAIL: the SVG has no time readout (<g class=\"time-readout\">)")
            return 1
        print("no time readout in this SVG (not written by DynamicsRender)")
    else:
        (bx, by, bw, bh), texts, dur = found_readout
        first, second = shown_text(texts, dur, t1), shown_text(texts, dur, t2)
        (px0, py0), (px1, py1) = pixel((bx, by)), pixel((bx + bw, by + bh))
        px0, py0, px1, py1 = max(0, int(px0)), max(0, int(py0)), min(wa, int(px1) + 1), min(ha, int(py1) + 1)
        def dark(rows):
            return sum(1 for y in range(py0, py1) for x in range(px0, px1)
                       if sum(rows[y][x * bpp:x * bpp + 3]) < 3 * 110)
        n = differing(a, b, bpp, px0, py0, px1, py1)
        print(f"time readout: {first!r} at {t1:g} s, {second!r} at {t2:g} s; {n} pixels of its plate differ;"
              f" {dark(a)} and {dark(b)} dark (text) pixels")
        if first is None or second is None or first == second:
            print("FAIL: the readout does not show two different times at T1 and T2")
            return 1
        if n < 5 or dark(a) < 5 or dark(b) < 5:
            print("FAIL: the readout's pixels did not change between T1 and T2 (or show no text)")
            return 1
    if len(argv) == 8:
        # The animation also plays by itself: a screenshot after some seconds of free play
        # differs from the first frame around the moved items.
        wc, hc, bppc, c = decode_png(argv[7])
        if (wc, hc, bppc) != (wa, ha, bpp):
            print("FAIL: the playing screenshot has another size")
            return 1
        n = differing(a, c, bpp, 0, 0, wa, ha)
        if n < 20:
            print(f"FAIL: the animation did not play by itself ({n} pixels differ from the first screenshot)")
            return 1
        print(f"playing by itself: {n} pixels differ from the first screenshot")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, ET.ParseError, zlib.error, IndexError) as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
