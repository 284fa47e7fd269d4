"""The viewer's timeline in a real browser (called from serve_check.py, in its Chromium
session): record a drag of Block Man's head, scrub back to before it and see the head where
it was (in GET /state, bit for bit, and in the canvas' pixels), forward again to where the
drag left it; play from a frame; stop recording writes blockman.dynrec, which `dynamics replay
--validate` replays. Saves the screenshot of the scrubbed-back page (timeline.png in the screenshots folder, shots.py)."""

import os
import subprocess
import time

from selenium.webdriver.common.by import By


def item_pixels(js, x, y, radius=3):
    """Pixels of items (not the background) in the canvas around scene point (x, y)."""
    return js("""
        const [cx, cy] = window.dynamicsViewer.toClient(arguments[0], arguments[1]);
        const c = document.getElementById('canvas'), r = c.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
        const px = Math.round((cx - r.left) * dpr), py = Math.round((cy - r.top) * dpr), k = arguments[2];
        const d = c.getContext('2d').getImageData(px - k, py - k, 2 * k + 1, 2 * k + 1).data;
        let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 2] < 200) n++; return n;""", x, y, radius)


def run(driver, base, binary, work, screenshot, h):
    """`h`: serve_check's helpers (check, wait_for, get_state, post, item, uncovered_point)."""
    js = driver.execute_script
    check, wait_for, get_state, post, item = h["check"], h["wait_for"], h["get_state"], h["post"], h["item"]
    check(driver.find_element(By.ID, "timeline-range") is not None, "the timeline's scrubber is under the canvas")

    # Record: the scene restarts; once the figure lies on the floor, pause.
    driver.find_element(By.ID, "record").click()
    wait_for(lambda: get_state(base)["recording"] or None, 5, "the recording to start")
    post(base, "/control", {"action": "resume"})
    wait_for(lambda: 2 < get_state(base)["time"] < 2.8, 10, "the figure to land")
    post(base, "/control", {"action": "pause"})
    before = get_state(base)
    head0 = item(before, "head")
    press = h["uncovered_point"](before, head0)
    check(press is not None, "a point of the head to press")

    # The drag: 20 frames up and to the side, released, 5 frames on.
    dx, dy = 60, -200
    post(base, "/pointer", {"phase": "began", "x": press[0], "y": press[1]})
    for k in range(1, 21):
        post(base, "/pointer", {"phase": "moved", "x": press[0] + dx * k / 20, "y": press[1] + dy * k / 20})
        post(base, "/control", {"action": "step"})
    post(base, "/pointer", {"phase": "ended", "x": press[0] + dx, "y": press[1] + dy})
    for _ in range(5):
        post(base, "/control", {"action": "step"})
    after = get_state(base)
    head1 = item(after, "head")
    check(head1["y"] < head0["y"] - 100, f"the drag lifts the head (from y = {head0['y']:.0f} to {head1['y']:.0f})")
    wait_for(lambda: js("return window.dynamicsViewer.frame && window.dynamicsViewer.frame.step") == after["step"], 5, "the page to show the end")
    end = wait_for(lambda: js("return Number(document.getElementById('timeline-range').max)") == after["step"] and after["step"], 5,
                   f"the scrubber to reach frame {after['step']}")
    check(end == after["step"], f"the scrubber reaches the run's last frame ({end})")

    def scrub(frame):
        """Moves the scrubber to `frame` as a person letting go of it there does; returns the seek's wall time (s)."""
        started = time.time()
        js("const r = document.getElementById('timeline-range'); r.value = arguments[0];"
           "r.dispatchEvent(new Event('input')); r.dispatchEvent(new Event('change'));", frame)
        wait_for(lambda: get_state(base)["step"] == frame or None, 10, f"the seek to frame {frame}")
        seconds = time.time() - started
        wait_for(lambda: js("return window.dynamicsViewer.frame.step") == frame or None, 5, "the page to show it")
        time.sleep(0.2)  # a drawn frame or two
        return seconds

    # Back to before the drag: the head is where it was, bit for bit, and drawn there.
    back_s = scrub(before["step"])
    now = item(get_state(base), "head")
    check(now["x"] == head0["x"] and now["y"] == head0["y"],
          f"scrubbed back to frame {before['step']}, the head is where it was ({now['x']}, {now['y']})")
    there, gone = item_pixels(js, head0["x"], head0["y"]), item_pixels(js, head1["x"], head1["y"])
    check(there > 20 and gone == 0, f"the canvas draws the head at its place before the drag ({there} item pixels there, "
                                    f"{gone} where the drag took it)")
    driver.save_screenshot(screenshot)
    print(f"serve-check: screenshot {screenshot}")

    # Forward to the end again: the drag is applied again on its frames.
    forward_s = scrub(after["step"])
    now = item(get_state(base), "head")
    check(now["x"] == head1["x"] and now["y"] == head1["y"], f"forward again, the head is where the drag left it ({now['x']:.2f}, {now['y']:.2f})")
    check(item_pixels(js, head1["x"], head1["y"]) > 20, "and drawn there")

    # One frame back, one forward, with the buttons.
    driver.find_element(By.ID, "timeline-back").click()
    wait_for(lambda: get_state(base)["step"] == after["step"] - 1 or None, 5, "one frame back")
    driver.find_element(By.ID, "timeline-forward").click()
    wait_for(lambda: get_state(base)["step"] == after["step"] or None, 5, "one frame forward")
    check(item(get_state(base), "head")["y"] == head1["y"], "the step buttons go one frame back and forward")

    # Stop recording: blockman.dynrec, which replays frame for frame.
    driver.find_element(By.ID, "record").click()
    wait_for(lambda: not get_state(base)["recording"] or None, 5, "the recording to stop")
    recording = os.path.join(work, "blockman.dynrec")
    wait_for(lambda: os.path.exists(recording), 5, "blockman.dynrec")
    replay = subprocess.run([binary, "replay", recording, "--validate"], capture_output=True, text=True, timeout=120)
    check(replay.returncode == 0 and "every frame as recorded" in replay.stdout,
          f"the recording replays frame for frame ({replay.stdout.strip()}{replay.stderr.strip()}; {os.path.getsize(recording)} bytes)")

    # Play from a frame in the middle of the drag.
    scrub(before["step"] + 10)
    driver.find_element(By.ID, "timeline-play").click()
    wait_for(lambda: get_state(base)["step"] > after["step"] + 30 or None, 10, "playing on from the middle")
    check(get_state(base)["running"], "Play runs on from the frame scrubbed to")
    post(base, "/control", {"action": "pause"})
    print(f"serve-check: figures: timeline seek back to frame {before['step']} {1000 * back_s:.0f} ms, "
          f"forward {1000 * forward_s:.0f} ms, recording {os.path.getsize(recording)} bytes for {after['step'] / 60:.2f} s")
