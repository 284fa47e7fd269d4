"""The viewer's "why is it awake?" panel in a real browser (called by serve_check.py).

Serves Tests/Scenes/awake/ghost.lua (a card that lands, and a "ghost" in gravity that no
collision holds) and checks that the panel, opened with its header button, names the ghost and
the unbalanced force as what keeps the animator awake, that it refreshes while the scene runs,
and that it says what rested last once a scene (settles.lua) pauses. Saves the screenshot of
the panel on the ghost scene (awake.png in the screenshots folder, shots.py).
"""
import os
import shutil
import time

from selenium.webdriver.common.by import By

from serving import serve, stop


def run(driver, binary, root, work, screenshot, check, wait_for, post, get_state):
    js = driver.execute_script
    for name in ["ghost.lua", "settles.lua"]:
        shutil.copy(os.path.join(root, "Tests", "Scenes", "awake", name), os.path.join(work, name))

    server, base = serve(binary, os.path.join(work, "ghost.lua"))
    # Wider than the other checks' window, for the picture: the canvas beside the panel.
    size = driver.get_window_size()
    driver.set_window_size(1200, 820)
    try:
        driver.get(base + "/")
        wait_for(lambda: js("return window.dynamicsViewer.framesDrawn > 5 || null"), 10, "frames of the ghost scene")
        check(js("return document.getElementById('awake').hidden"), "the awake panel starts closed")
        driver.find_element(By.ID, "awakeToggle").click()
        check(not js("return document.getElementById('awake').hidden"), "the header's button opens the awake panel")

        # From a restart, paused once the ghost has fallen a little (still on the canvas), so
        # the screenshot shows it: the viewer's pause is not the animator's, which still says
        # what keeps it awake.
        post(base, "/control", {"action": "restart"})
        # The card lands at 0.53 s: from 0.8 s on it touches the floor, and only the ghost is free.
        wait_for(lambda: 0.8 < get_state(base)["time"] < 1.05, 10, "the ghost to fall after a restart")
        post(base, "/control", {"action": "pause"})
        paused_at = get_state(base)["time"]
        # GET /awake writes numbers to 6 significant digits (RestReport): its time may be below
        # /state's by up to 5e-6 s at these times.
        answer = wait_for(lambda: js("const a = window.dynamicsAwake.last; return a && a.time >= arguments[0] - 1e-5 ? a : null",
                                     paused_at), 10, f"the panel to show the paused time ({paused_at:.3f} s)")
        headline = js("return document.getElementById('awakeHeadline').textContent")
        check("not at rest (1 under an unbalanced force)" in headline, f"the panel's headline names the cause ({headline})")
        rows = js("return [...document.querySelectorAll('#awakeList li')].map(li => [li.textContent, li.className])")
        ghost = next((r for r in rows if r[0].startswith("ghost: ")), None)
        check(ghost is not None and "under an unbalanced force" in ghost[0] and "cannot come to rest" in ghost[0],
              f"the panel names the ghost and the unbalanced force ({ghost[0] if ghost else rows})")
        check(ghost[1] == "unbalanced", "the ghost's line is marked as an unbalanced force")
        speed = next(i["speed"] for i in answer["items"] if i["name"] == "ghost")
        check(speed > 300, f"the ghost's speed is shown ({speed:.0f} pt/s after {answer['time']:.2f} s)")
        os.makedirs(os.path.dirname(screenshot), exist_ok=True)
        driver.save_screenshot(screenshot)
        print(f"serve-check: awake screenshot {screenshot}")

        # Live: it refreshes as the scene runs again.
        post(base, "/control", {"action": "resume"})
        n0, t0 = js("return window.dynamicsAwake.answers"), answer["time"]
        time.sleep(1)
        n1 = js("return window.dynamicsAwake.answers")
        t1 = js("return window.dynamicsAwake.last.time")
        check(n1 - n0 >= 3 and t1 > t0 + 0.5, f"the panel refreshes while the scene runs ({n1 - n0} answers in 1 s, t {t0:.2f} → {t1:.2f} s)")
        # Closed, it stops asking.
        driver.find_element(By.ID, "awakeToggle").click()
        n2 = js("return window.dynamicsAwake.answers")
        time.sleep(0.6)
        check(js("return window.dynamicsAwake.answers") - n2 <= 1, "a closed panel stops asking")
    finally:
        driver.set_window_size(size["width"], size["height"])
        stop(server)

    server, base = serve(binary, os.path.join(work, "settles.lua"))
    try:
        driver.get(base + "/#awake")
        wait_for(lambda: js("const a = window.dynamicsAwake.last; return a && a.running === false ? a : null"), 10,
                 "the settling scene to pause")
        headline = js("return document.getElementById('awakeHeadline').textContent")
        check(headline.startswith("paused at ") and "last to rest: high at " in headline,
              f"a paused scene's panel says what rested last and when ({headline})")
        check(js("return document.getElementById('awakeHeadline').className") == "headline resting", "a paused scene's headline is marked as resting")
    finally:
        stop(server)
