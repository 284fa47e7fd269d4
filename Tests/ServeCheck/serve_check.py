#!/usr/bin/env python3
"""End-to-end check of `dynamics serve` in a real browser (headless Chromium through Selenium).

Serves a copy of Examples/blockman.lua on a free port, opens the page and checks that:
the canvas draws and animates; a mouse drag on an item moves it with the pointer (GET /state);
a slider changes the scene's parameter; saving the file reloads the scene, a broken file shows
`file:line: message` over the canvas and fixing it clears it. Prints the frame rate the page saw,
the time from saving to the reloaded scene and the server's CPU use, and saves a screenshot.
Then style_check.py checks a scene of styled items (its text and picture drawn, GET /image/N).

usage: serve_check.py DYNAMICS_BINARY SCREENSHOT.png
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import awake_check  # noqa: E402
import serving  # noqa: E402
from serving import cpu_seconds  # noqa: E402
import style_check  # noqa: E402
import timeline_check  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def fail(message):
    print(f"serve-check: FAIL {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print(f"serve-check: ok {message}")


def get_state(base):
    with NO_PROXY.open(base + "/state", timeout=5) as r:
        return json.load(r)


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Origin": base.rstrip("/")})
    with NO_PROXY.open(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def item(state, name):
    return next(i for i in state["items"] if i["name"] == name)


def contains(part, x, y):
    """Whether scene point (x, y) is inside an item of the state (its rectangle or ellipse)."""
    dx, dy = x - part["x"], y - part["y"]
    c, s = math.cos(part["angle"]), math.sin(part["angle"])
    u, v = c * dx + s * dy, -s * dx + c * dy
    w, h = part["width"] / 2, part["height"] / 2
    if part["shape"] == "ellipse":
        return (u * u) / (w * w) + (v * v) / (h * h) <= 1
    return abs(u) <= w and abs(v) <= h


def clearance(point, inside, limit=12.0):
    """How far (pt, to 0.5 pt, at most `limit`) `point` is from the nearest place where
    `inside(x, y)` changes from its value at `point`, probed in 16 directions."""
    x, y = point
    start = inside(x, y)
    r = 0.5
    while r <= limit:
        for k in range(16):
            a = k * math.pi / 8
            if inside(x + r * math.cos(a), y + r * math.sin(a)) != start:
                return r - 0.5
        r += 0.5
    return limit


def uncovered_point(state, target):
    """The point of `target` (2 pt grid) farthest both from its edge and from every item listed
    after it: the viewer's press picks the topmost (last) item under it, and the page's pointer
    lands a pixel or two from the point asked for. None when no point is 3 pt clear."""
    later = state["items"][state["items"].index(target) + 1:]
    covered = lambda x, y: any(contains(p, x, y) for p in later)
    own = lambda x, y: contains(target, x, y)
    best, margin = None, 3.0
    half = max(target["width"], target["height"]) / 2
    n = int(half // 2) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = target["x"] + 2 * i, target["y"] + 2 * j
            if not own(x, y) or covered(x, y):
                continue
            m = min(clearance((x, y), own), clearance((x, y), covered))
            if m > margin:
                best, margin = (x, y), m
    return best


def wait_for(predicate, timeout, what):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail(f"timed out waiting for {what}")


def main():
    binary, screenshot = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="dynamics-serve-check-")
    scene = os.path.join(work, "blockman.lua")
    shutil.copy(os.path.join(ROOT, "Examples", "blockman.lua"), scene)
    original = open(scene).read()
    server = subprocess.Popen([binary, "serve", scene, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    driver = None
    try:
        line = server.stdout.readline()
        check(line.startswith(f"serving {scene} at http://127.0.0.1:"), f"the server prints its address ({line.strip()})")
        base = line.strip().rsplit(" ", 1)[1].rstrip("/")

        options = Options()
        for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--no-proxy-server",
                    "--window-size=900,1000", "--disable-gpu"]:
            options.add_argument(arg)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        driver.get(base + "/")
        js = driver.execute_script

        # The canvas draws, and animates: frames arrive and the pixels change as the figure falls.
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 10 && window.dynamicsViewer.frame !== null"), 10, "frames")
        painted = js("""
            const c = document.getElementById('canvas'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 2] < 200) n++; return n;""")
        check(painted > 500, f"the canvas draws the items ({painted} item pixels)")
        snapshot = "return document.getElementById('canvas').toDataURL()"
        a = js(snapshot)
        time.sleep(0.3)
        b = js(snapshot)
        check(a != b, "the canvas animates (two moments differ)")
        t0 = js("return window.dynamicsViewer.frame.time")
        time.sleep(1)
        t1 = js("return window.dynamicsViewer.frame.time")
        check(0.7 < t1 - t0 < 1.3, f"the scene runs in real time ({t1 - t0:.2f} s simulated in 1 s)")
        # Frame rate of the page: drawn frames over 2 s of wall time.
        d0, w0 = js("return window.dynamicsViewer.framesDrawn"), time.time()
        r0 = js("return window.dynamicsViewer.framesReceived")
        time.sleep(2)
        fps = (js("return window.dynamicsViewer.framesDrawn") - d0) / (time.time() - w0)
        stream = (js("return window.dynamicsViewer.framesReceived") - r0) / (time.time() - w0)
        check(stream > 30, f"frames stream at display rate ({stream:.0f} frames/s received, page drew {fps:.0f} fps)")

        # Drag Block Man by the head with the mouse: it follows the pointer. From a restart,
        # paused once the figure lies on the floor (it lands within 2 s), so the press lands where
        # the state says the head is: on a slow machine the figure cannot move, nor the first
        # scripted tap (at 3 s) turn gravity, between reading the state and pressing. The press
        # cancels the scripted taps. The parts overlap freely (they collide with the walls only),
        # so the press goes to a point of the head that no later (topmost) part covers.
        post(base, "/control", {"action": "restart"})
        wait_for(lambda: 2 < get_state(base)["time"] < 2.8, 10, "the figure to land after a restart")
        post(base, "/control", {"action": "pause"})
        state = get_state(base)
        head = item(state, "head")
        press = uncovered_point(state, head)
        check(press is not None, f"a point of the head 3 pt clear of its edge and of every part over it "
                                 f"(head at ({head['x']:.0f}, {head['y']:.0f}), press at {press})")
        canvas = driver.find_element(By.ID, "canvas")
        rect = js("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", canvas)
        def offset(x, y):  # scene point → offset from the canvas element's center (Selenium 4)
            cx, cy = js("return window.dynamicsViewer.toClient(arguments[0], arguments[1])", x, y)
            return round(cx - rect[0] - rect[2] / 2), round(cy - rect[1] - rect[3] / 2)
        start = offset(*press)
        target = (160, 200)
        end = offset(target[0] + press[0] - head["x"], target[1] + press[1] - head["y"])  # the grabbed point's goal
        ActionChains(driver, duration=20).move_to_element_with_offset(canvas, *start).click_and_hold().perform()
        grabbed = wait_for(lambda: get_state(base)["dragging"], 5, "the press to grab an item")
        check(grabbed == "head", f"the press grabs the head (it grabbed {grabbed}; pressed at "
                                 f"({press[0]:.1f}, {press[1]:.1f}), the page's pointer began at "
                                 f"{js('return window.dynamicsViewer.lastPointer')})")
        post(base, "/control", {"action": "resume"})
        chain = ActionChains(driver, duration=20)
        steps = 20
        for k in range(1, steps + 1):
            chain = chain.move_by_offset((end[0] - start[0]) / steps, (end[1] - start[1]) / steps).pause(0.03)
        chain.perform()
        time.sleep(0.5)
        held = item(get_state(base), "head")
        driver.save_screenshot(screenshot)  # mid-drag: the attachment to the pointer shows
        print(f"serve-check: screenshot {screenshot}")
        ActionChains(driver).release().perform()
        distance = ((held["x"] - target[0]) ** 2 + (held["y"] - target[1]) ** 2) ** 0.5
        check(distance < 40, f"the dragged head follows the mouse (from ({head['x']:.0f}, {head['y']:.0f}) to "
                             f"({held['x']:.0f}, {held['y']:.0f}), {distance:.0f} pt from where it was sent)")

        # Move the gravity slider with the mouse.
        slider = driver.find_element(By.ID, "param-gravity")
        ActionChains(driver).click_and_hold(slider).move_by_offset(-slider.size["width"] // 3, 0).release().perform()
        value = wait_for(lambda: next((p["value"] for p in get_state(base)["params"] if p["name"] == "gravity" and p["value"] != 1), None), 5, "the slider")
        check(value != 1, f"the gravity slider changes the scene's parameter (now {value})")

        # Server CPU while serving Block Man with the page open.
        c0, w0 = cpu_seconds(server.pid), time.time()
        time.sleep(10)
        cpu = 100 * (cpu_seconds(server.pid) - c0) / (time.time() - w0)
        print(f"serve-check: server CPU {cpu:.1f}% of one core over 10 s (page open, streaming)")

        # Hot reload: a broken save shows file:line over the canvas, the last good scene keeps running.
        generation = js("return window.dynamicsViewer.scene.generation")
        with open(scene, "w") as f:
            f.write(original.replace("local W, H = 320, 568", "local W, H = 320, 568 +"))
        error = wait_for(lambda: js("const e = document.getElementById('error'); return e.hidden ? null : e.textContent"), 5, "the error")
        check(error.startswith("blockman.lua:"), f"a script error shows over the canvas ({error.splitlines()[0]})")
        check(get_state(base)["running"], "the last good scene keeps running")
        # A fixed save with a new item: the page shows the reloaded scene.
        fixed = original.replace('local parts = {', 'local hat = part("hat", 150, 80, 20, 10)\nlocal parts = { hat,')
        saved = time.time()
        with open(scene, "w") as f:
            f.write(fixed)
        wait_for(lambda: js("const v = window.dynamicsViewer; return v.scene.generation > arguments[0] && "
                            "v.scene.items.some(i => i.name === 'hat') && v.frame && v.frame.generation === v.scene.generation",
                            generation), 5, "the reload")
        reload_ms = 1000 * (time.time() - saved)
        check(js("return document.getElementById('error').hidden"), "the error is gone after the fix")
        check(any(i["name"] == "hat" for i in get_state(base)["items"]), f"saving reloads the scene ({reload_ms:.0f} ms from save to the page)")
        value_after = next(p["value"] for p in get_state(base)["params"] if p["name"] == "gravity")
        check(value_after == value, "slider values survive the reload")
        # A page opened now (or reloaded) shows the value the scene runs with, not the
        # declared one (it showed gravity 1.00 while the scene ran at 2.55).
        driver.refresh()
        shown = wait_for(lambda: js("const s = document.getElementById('param-gravity'); "
                                    "return s && window.dynamicsViewer.framesReceived > 2 ? Number(s.value) : null"), 10, "the reloaded page")
        check(abs(shown - value_after) < 1e-9, f"a reloaded page's slider shows the live value ({shown}, scene {value_after})")

        # The timeline (timeline_check.py): scrub a recorded drag back and forth.
        timeline_check.run(driver, base, binary, work, os.path.join(serving.folder(ROOT), "timeline.png"),
                           {"check": check, "wait_for": wait_for, "get_state": get_state, "post": post, "item": item,
                            "uncovered_point": uncovered_point})

        styled_fps = style_check.run(driver, binary, ROOT, check, wait_for, fail)

        # A scene that fails its first load: the page shows its error over the empty canvas
        # (it showed a blank page with 'connected').
        broken = os.path.join(work, "broken.lua")
        with open(broken, "w") as f:
            f.write('local dyn = require "dynamics"\nlocal a = dyn.animator{}\ndyn.item{ center = {1, 2} }\nreturn a\n')
        second = subprocess.Popen([binary, "serve", broken, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            address = second.stdout.readline().strip().rsplit(" ", 1)[1].rstrip("/")
            driver.get(address + "/")
            error = wait_for(lambda: js("const e = document.getElementById('error'); return e.hidden ? null : e.textContent"), 10, "the first-load error")
            check(error.startswith("broken.lua:3:"), f"a scene that fails its first load shows its error ({error.splitlines()[0]})")
            # When the server goes away, the page dims its last frame (it looked live).
            second.kill()
            second.wait(timeout=10)
            wait_for(lambda: js("return document.body.classList.contains('offline') || null"), 5, "the page to show the server is gone")
            check(js("return document.getElementById('status').textContent").startswith("disconnected"), "a stopped server dims the page and says so")
        finally:
            second.terminate()
            try:
                second.wait(timeout=10)
            except subprocess.TimeoutExpired:
                second.kill()

        # The inspector, the plots and the spring curves (inspector_check.py).
        import inspector_check
        seen = inspector_check.run(driver, binary, ROOT, work, check, fail, wait_for, get_state, cpu_seconds)
        awake_check.run(driver, binary, ROOT, work, os.path.join(serving.folder(ROOT), "awake.png"),
                        check, wait_for, post, get_state)

        print(f"serve-check: figures: page {fps:.0f} fps, {stream:.0f} frames/s streamed, reload {reload_ms:.0f} ms, server CPU {cpu:.1f}%, "
              f"restyled springy list {styled_fps:.0f} fps")
        print(f"serve-check: figures with the inspector and 3 plots open: springy_list {seen['fps_springy']:.0f} fps "
              f"(server CPU {seen['cpu']:.1f}%), blockman {seen['fps_blockman']:.0f} fps (server CPU {seen['cpu_blockman']:.1f}%)")
        print("serve-check: all checks passed")
    finally:
        if driver:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
