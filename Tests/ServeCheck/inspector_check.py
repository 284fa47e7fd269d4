"""The viewer's inspector, plots and spring curves in a real browser (called by serve_check.py,
in its headless Chromium session).

Serves a copy of Examples/springy_list.lua (its sliders are bound to the rows' spring) and checks
that: a click on an item opens the inspector with the item's name, and the speed it shows changes
between two reads once the inspector's own velocity field flings the item; a bad number shows an
error in the panel; three plots draw (pixels in their canvases) and move (pixels differ after
0.5 s); hovering a plot reads a value; the CSV download has a header and rows; the spring's step
response redraws when its slider moves. Measures the page's frame rate with the inspector and
three plots open, on this scene and on Block Man, and the server's CPU use. Saves
inspector.png and plots.png in the screenshots folder (shots.py).
"""
import csv
import glob
import io
import os
import shutil
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from serving import folder, serve, stop

# Pixels of a canvas that are not its white background.
PAINTED = """
    const c = document.getElementById(arguments[0]), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235) n++; return n;"""
DATA_URL = "return document.getElementById(arguments[0]).toDataURL()"


def open_plots(driver, js, items):
    """Adds a plot per (item, property) through the page's controls."""
    for item, prop in items:
        driver.execute_script("document.getElementById('plot-item').value = arguments[0];"
                              "const p = document.getElementById('plot-property'); p.value = arguments[1];"
                              "p.dispatchEvent(new Event('change'));", item, prop)
        if prop == "distance":
            for field, value in (("plot-px", "160"), ("plot-py", "0")):
                box = driver.find_element(By.ID, field)
                box.clear()
                box.send_keys(value)
        driver.find_element(By.ID, "plot-add").click()
    return js("return window.dynamicsPlots.plots.map(p => p.canvas.id)")


def frame_rate(js, seconds=3):
    d0, t0 = js("return window.dynamicsViewer.framesDrawn"), time.time()
    time.sleep(seconds)
    return (js("return window.dynamicsViewer.framesDrawn") - d0) / (time.time() - t0)


def run(driver, binary, root, work, check, fail, wait_for, get_state, cpu_seconds):
    """Returns the figures measured: {"fps_springy", "fps_blockman", "cpu"}."""
    js = driver.execute_script
    examples = os.path.join(work, "inspect-examples")
    shutil.copytree(os.path.join(root, "Examples"), examples, ignore=shutil.ignore_patterns("*.png", "tests", "FallingBoxes", "UIKitPorts"))
    images = folder(root)
    os.makedirs(images, exist_ok=True)
    figures = {}
    size = driver.get_window_size()
    driver.set_window_size(1280, 1000)
    server, base = serve(binary, os.path.join(examples, "springy_list.lua"))
    try:
        driver.get(base + "/")
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 10 && window.dynamicsViewer.frame !== null"), 10, "frames")
        # The scene's demo scrolls the list; a click once it rests.
        wait_for(lambda: get_state(base)["resting"], 15, "the list to rest after its demo")

        # A click (press and release in place) on row3 opens the inspector with its name.
        row = next(i for i in get_state(base)["items"] if i["name"] == "row3")
        canvas = driver.find_element(By.ID, "canvas")
        rect = js("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", canvas)
        cx, cy = js("return window.dynamicsViewer.toClient(arguments[0], arguments[1])", row["x"] + 60, row["y"])
        ActionChains(driver).move_to_element_with_offset(canvas, round(cx - rect[0] - rect[2] / 2), round(cy - rect[1] - rect[3] / 2)).click().perform()
        wait_for(lambda: js("return window.dynamicsInspector.reads > 1 || null"), 5, "the inspector to read the clicked item")
        shown = js("return document.querySelector('#inspect-body td + td span').textContent")
        check(js("return window.dynamicsInspector.name") == "row3" and shown == "row3",
              f"a click on an item opens the inspector with its name ({shown!r})")
        check(js("return document.getElementById('inspect-list').value") == "row3", "the item list shows the inspected item")

        # Fling it from the inspector: its speed changes between two reads.
        field = driver.find_element(By.ID, "inspect-velocity-1")
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("900", Keys.ENTER)
        wait_for(lambda: js("return window.dynamicsInspector.edits > 0 || window.dynamicsInspector.error"), 5, "the edit")
        check(js("return window.dynamicsInspector.error") is None, "an edited velocity applies (no error in the panel)")
        speed_text = "return window.dynamicsInspector.data.speed"
        reads = js("return window.dynamicsInspector.reads")
        s1 = js(speed_text)
        time.sleep(0.2)
        s2 = js(speed_text)
        check(js("return window.dynamicsInspector.reads") > reads + 3 and s1 != s2 and max(s1, s2) > 1,
              f"the inspector's speed changes between two reads ({s1:.1f} then {s2:.1f} pt/s)")
        check("pt/s" in js("return document.getElementById('inspect-body').textContent"), "the panel shows the speed")

        # Bad numbers: one the page refuses, one the server refuses; the panel says why.
        for value, fragment in (("abc", "finite number"), ("1e300", "within")):
            field = driver.find_element(By.ID, "inspect-angle")
            field.click()
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(value, Keys.ENTER)
            message = wait_for(lambda: js("return document.getElementById('inspect-error').textContent || null"), 5, "the error")
            check(fragment in message, f"a bad edit ({value}) shows an error in the panel ({message})")
            js("document.getElementById('inspect-error').textContent = ''")

        # Three plots: they draw, they scroll, hovering reads a value.
        ids = open_plots(driver, js, [("row3", "speed"), ("row3", "y"), ("row3", "distance")])
        check(len(ids) == 3, f"three plots open ({ids})")
        js("window.dynamicsInspector.open('row3')")
        post_velocity = lambda: js("fetch('/edit', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                                   "body: JSON.stringify({item: 'row3', property: 'velocity', value: [0, 900]})})")
        post_velocity()
        time.sleep(1.5)
        painted = [js(PAINTED, i) for i in ids]
        check(all(p > 100 for p in painted), f"each plot draws ({painted} curve pixels)")
        a = js(DATA_URL, ids[0])
        time.sleep(0.5)
        b = js(DATA_URL, ids[0])
        check(a != b, "the plot moves (its pixels differ after 0.5 s)")
        plot = driver.find_element(By.ID, ids[0])
        ActionChains(driver).move_to_element_with_offset(plot, plot.size["width"] // 4, 0).perform()
        readout = wait_for(lambda: js("return window.dynamicsPlots.lastReadout || null"), 5, "the hover readout")
        check(readout.startswith("t ") and "pt/s" in readout, f"hovering a plot reads its time and value ({readout})")

        # The CSV download: a header naming the plots, and rows of numbers.
        downloads = os.path.join(work, "downloads")
        os.makedirs(downloads, exist_ok=True)
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        driver.find_element(By.ID, "plot-csv").click()
        path = wait_for(lambda: next(iter(glob.glob(os.path.join(downloads, "*.csv"))), None), 10, "the CSV download")
        time.sleep(0.2)
        rows = list(csv.reader(io.StringIO(open(path).read())))
        check(rows[0][0] == "time (s)" and "row3.speed (pt/s)" in rows[0] and len(rows[0]) == 4,
              f"the CSV has a header ({rows[0]})")
        numbers = [r for r in rows[1:] if len(r) == 4 and all(c == "" or float(c) == float(c) for c in r)]
        check(len(numbers) > 20 and len(numbers) == len(rows) - 1, f"the CSV has rows of samples ({len(numbers)} rows)")

        # The step response beside the spring's sliders redraws when a slider moves.
        wait_for(lambda: js("return window.dynamicsSprings.draws > 0 || null"), 5, "the spring curve")
        curve = js("const c = document.querySelector('.spring-curve canvas'); c.id = 'spring-curve-0'; return c.id")
        check(js(PAINTED, curve) > 100, "the spring's step response draws beside its sliders")
        before, draws = js(DATA_URL, curve), js("return window.dynamicsSprings.draws")
        slider = driver.find_element(By.ID, "param-damping")
        ActionChains(driver).click_and_hold(slider).move_by_offset(slider.size["width"] // 3, 0).release().perform()
        wait_for(lambda: js("return window.dynamicsSprings.draws > arguments[0] || null", draws), 5, "the redraw")
        check(js(DATA_URL, curve) != before, "the step response redraws as its slider moves")
        facts = js("return document.querySelector('.spring-curve .facts').textContent")
        check("Hz" in facts and "damping" in facts, f"the curve states its spring ({facts})")

        # Figures: the page's frame rate with the inspector and three plots open, the server's CPU.
        post_velocity()
        figures["fps_springy"] = frame_rate(js)
        c0, w0 = cpu_seconds(server.pid), time.time()
        time.sleep(5)
        figures["cpu"] = 100 * (cpu_seconds(server.pid) - c0) / (time.time() - w0)
        check(figures["fps_springy"] > 20, f"the page keeps its frame rate with the inspector and 3 plots open "
                                           f"({figures['fps_springy']:.0f} fps; server CPU {figures['cpu']:.1f}%)")
        post_velocity()
        time.sleep(0.6)
        driver.save_screenshot(os.path.join(images, "inspector.png"))
        driver.find_element(By.ID, "stage").screenshot(os.path.join(images, "plots.png"))
        print(f"serve-check: screenshots {images}/inspector.png, {images}/plots.png")
    finally:
        stop(server)

    # The busiest example, Block Man (nine parts, collisions, scripted taps), the same way.
    server, base = serve(binary, os.path.join(examples, "blockman.lua"))
    try:
        driver.get(base + "/")
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 10 && window.dynamicsViewer.frame !== null"), 10, "frames")
        js("window.dynamicsInspector.open('head')")
        ids = open_plots(driver, js, [("head", "speed"), ("torso", "y"), ("head", "angularVelocity")])
        wait_for(lambda: js("return window.dynamicsInspector.reads > 5 || null"), 5, "the inspector on Block Man")
        figures["fps_blockman"] = frame_rate(js)
        c0, w0 = cpu_seconds(server.pid), time.time()
        time.sleep(5)
        figures["cpu_blockman"] = 100 * (cpu_seconds(server.pid) - c0) / (time.time() - w0)
        check(figures["fps_blockman"] > 20 and len(ids) == 3,
              f"Block Man with the inspector and 3 plots open: {figures['fps_blockman']:.0f} fps, server CPU {figures['cpu_blockman']:.1f}%")
    finally:
        stop(server)
        driver.set_window_size(size["width"], size["height"])
    return figures
