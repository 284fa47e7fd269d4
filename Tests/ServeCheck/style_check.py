"""Browser check of items with a style: called by serve_check.py in its
headless Chromium session.

Serves a still scene of styled items (Tests/ServeCheck/scenes/styled.lua, with the examples'
picture) and checks, by the canvas's pixels at the items' places, that the text and the image
are drawn; that GET /image/N serves only the pictures the scene named; then saves
styled.png in the screenshots folder (shots.py) and measures the page's frame rate on the restyled springy list.
"""
import json
import os
import shutil
import tempfile
import time
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from serving import cpu_seconds, folder, serve, stop

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def fetch(url, method="GET"):
    """(status, content type, body) of a request, errors included."""
    request = urllib.request.Request(url, method=method)
    try:
        with NO_PROXY.open(request, timeout=5) as r:
            return r.status, r.headers.get("Content-Type"), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type"), e.read()


def pixels(js, points):
    """The canvas's RGBA at scene points (each [x, y])."""
    return js("""
        const c = document.getElementById('canvas'), r = c.getBoundingClientRect(), g = c.getContext('2d');
        return arguments[0].map(([x, y]) => {
          const [cx, cy] = window.dynamicsViewer.toClient(x, y);
          const px = Math.round((cx - r.left) * c.width / r.width), py = Math.round((cy - r.top) * c.height / r.height);
          return Array.from(g.getImageData(px, py, 1, 1).data);
        });""", points)


def dark_pixels(js, x, y, w, h):
    """How many pixels of the scene rectangle (x, y, w, h) are darker than 100 (text)."""
    return js("""
        const c = document.getElementById('canvas'), r = c.getBoundingClientRect(), g = c.getContext('2d');
        const [x0, y0] = window.dynamicsViewer.toClient(arguments[0], arguments[1]);
        const [x1, y1] = window.dynamicsViewer.toClient(arguments[0] + arguments[2], arguments[1] + arguments[3]);
        const k = c.width / r.width;
        const px = Math.round((x0 - r.left) * k), py = Math.round((y0 - r.top) * k);
        const d = g.getImageData(px, py, Math.round((x1 - x0) * k), Math.round((y1 - y0) * k)).data;
        let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 100 && d[i + 1] < 100 && d[i + 2] < 100) n++;
        return n;""", x, y, w, h)


def near(color, expected, tolerance=40):
    return all(abs(color[i] - expected[i]) <= tolerance for i in range(3))


def run(driver, binary, root, check, wait_for, fail):
    js = driver.execute_script
    work = tempfile.mkdtemp(prefix="dynamics-style-check-")
    server = None
    try:
        os.makedirs(os.path.join(work, "images"))
        shutil.copy(os.path.join(root, "Examples", "images", "caller.png"), os.path.join(work, "images", "caller.png"))
        scene = os.path.join(work, "styled.lua")
        shutil.copy(os.path.join(root, "Tests", "ServeCheck", "scenes", "styled.lua"), scene)
        server, base = serve(binary, scene)
        driver.get(base + "/")
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 10 && window.dynamicsViewer.scene.items.length > 0"), 10, "the styled scene")
        # The picture arrives over GET /image/0 after the scene: wait until the canvas shows it.
        wait_for(lambda: near(pixels(js, [[270, 384]])[0], (232, 180, 140)), 5, "the picture to be drawn")
        styles = js("return window.dynamicsViewer.scene.items.map(i => [i.name, !!i.style])")
        check(all(s for _, s in styles), f"the scene message carries every item's style ({styles})")
        check(not js("return document.getElementById('debug').checked"), "a styled scene opens with the debug overlay off")

        # The card: white with black text in its middle band, plain white near its corners.
        text_dark = dark_pixels(js, 40, 70, 200, 40)
        corner_dark = dark_pixels(js, 30, 140, 40, 16)
        check(text_dark > 60 and corner_dark == 0,
              f"the card's text is drawn in its middle ({text_dark} dark pixels there, {corner_dark} in an empty part)")
        fill, = pixels(js, [[50, 150]])
        check(near(fill, (255, 255, 255), 8), f"the card is filled white ({fill})")
        # The picture: the caller's face and shirt where the picture puts them (200 x 300 px
        # shown in 100 x 150 pt: face at (0, -16) from the center, shirt at (0, 60)).
        face, shirt = pixels(js, [[270, 384], [270, 460]])
        check(near(face, (232, 180, 140)) and near(shirt, (41, 51, 92)),
              f"the image is drawn at the item's place (face {face}, shirt {shirt})")
        # The rotated bubble: its fill at its center, turned with it.
        bubble, = pixels(js, [[110, 420]])
        check(near(bubble, (10, 132, 255)), f"a rotated styled item is filled at its center ({bubble})")

        # Only the pictures the scene named are served, as what they are.
        status, kind, body = fetch(base + "/image/0")
        with open(os.path.join(work, "images", "caller.png"), "rb") as f:
            original = f.read()
        check(status == 200 and kind == "image/png" and body == original, f"GET /image/0 serves the scene's picture ({status}, {kind}, {len(body)} bytes)")
        for path in ["/image/1", "/image/-1", "/image/abc", "/image/99999", "/image/0x0", "/image/%2e%2e%2fstyled.lua"]:
            status, kind, body = fetch(base + path)
            check(status == 404 and json.loads(body).get("error", "").startswith(("image:", "no such page")),
                  f"GET {path} is refused with a JSON error ({status}: {body[:80]!r})")
        status, _, body = fetch(base + "/image/0", method="POST")
        check(status == 405, f"POST /image/0 is refused ({status})")

        shot = os.path.join(folder(root), "styled.png")
        os.makedirs(os.path.dirname(shot), exist_ok=True)
        driver.find_element(By.ID, "canvas").screenshot(shot)
        print(f"serve-check: screenshot {shot}")
        stop(server)

        # The frame rate of the page on the restyled springy list (nine bubbles with text).
        server, base = serve(binary, os.path.join(root, "Examples", "springy_list.lua"))
        driver.get(base + "/")
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 10"), 10, "the springy list")
        d0, w0, c0 = js("return window.dynamicsViewer.framesDrawn"), time.time(), cpu_seconds(server.pid)
        time.sleep(3)
        fps = (js("return window.dynamicsViewer.framesDrawn") - d0) / (time.time() - w0)
        cpu = 100 * (cpu_seconds(server.pid) - c0) / (time.time() - w0)
        check(fps > 20, f"the restyled springy list draws at {fps:.0f} fps (server CPU {cpu:.1f}% of one core)")
        return fps
    finally:
        if server:
            stop(server)
        shutil.rmtree(work, ignore_errors=True)
