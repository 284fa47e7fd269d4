// The timeline under the canvas (dynamics serve): a scrubber over the session's run since
// its last load, or over a recording opened with --replay. Seeking, stepping back and
// forward go to the session ({type: "timeline"}), which re-simulates to the frame asked for
// and pauses there; Play resumes from that frame, applying the run's inputs still ahead.
"use strict";
(() => {
  const bar = document.createElement("div");
  bar.id = "timeline";
  const button = (id, text, title) => {
    const b = document.createElement("button");
    Object.assign(b, { id, textContent: text, title });
    return b;
  };
  const back = button("timeline-back", "◀", "One frame back");
  const play = button("timeline-play", "Play", "Play from this frame");
  const forward = button("timeline-forward", "▶", "One frame forward");
  const range = document.createElement("input");
  Object.assign(range, { id: "timeline-range", type: "range", min: 0, max: 0, step: 1, value: 0, title: "Seek" });
  const label = document.createElement("span");
  label.id = "timeline-label";
  bar.append(back, play, forward, range, label);
  document.getElementById("stage").append(bar);

  // Seeks while the thumb moves, at most one every 100 ms (a seek back re-simulates from
  // the load), and always to where it is let go.
  let scrubbing = false, lastSent = 0, timer = null;
  const seek = (frame) => send({ type: "timeline", action: "seek", frame: Math.round(frame) });
  range.addEventListener("input", () => {
    scrubbing = true;
    const now = performance.now();
    clearTimeout(timer);
    if (now - lastSent > 100) { lastSent = now; seek(range.value); } else timer = setTimeout(() => seek(range.value), 100);
  });
  range.addEventListener("change", () => { clearTimeout(timer); seek(range.value); scrubbing = false; });
  back.onclick = () => send({ type: "timeline", action: "back" });
  forward.onclick = () => send({ type: "timeline", action: "forward" });
  play.onclick = () => send({ type: "control", action: "resume" });

  // The frames say where the run is (step) and how far the timeline reaches (timelineEnd).
  setInterval(() => {
    const f = window.dynamicsViewer.frame;
    if (!f) return;
    const end = Math.max(f.timelineEnd || 0, f.step);
    if (Number(range.max) !== end) range.max = end;
    if (!scrubbing && Number(range.value) !== f.step) range.value = f.step;
    label.textContent = `frame ${f.step} / ${end} · ${f.time.toFixed(3)} s`;
    play.disabled = !f.paused;
  }, 50);

  // For tools driving the page: seek as the scrubber does.
  window.dynamicsViewer.seek = seek;
})();
