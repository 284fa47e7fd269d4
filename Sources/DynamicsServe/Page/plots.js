// The plots under the canvas: an item's x, y, speed, angle, angular velocity or distance to a
// point against simulated time, sampled from every frame the page receives over /live
// (frames carry [x, y, angle, vx, vy, ω] per item). Several at once, the last N seconds
// scrolling; "freeze" stops sampling, hovering reads a value, "CSV" downloads the samples shown.
"use strict";

(() => {
  const viewer = window.dynamicsViewer;
  const root = document.getElementById("plots");
  const el = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };
  // Samples kept: a minute at 60 frames a second, the longest window.
  const keep = 3600;
  const properties = {
    x: { unit: "pt", read: (it) => it[0] },
    y: { unit: "pt", read: (it) => it[1] },
    speed: { unit: "pt/s", read: (it) => Math.hypot(it[3] || 0, it[4] || 0) },
    angle: { unit: "rad", read: (it) => it[2] },
    angularVelocity: { unit: "rad/s", read: (it) => it[5] || 0 },
    distance: { unit: "pt", read: (it, p) => Math.hypot(it[0] - p[0], it[1] - p[1]) },
  };
  const colors = ["#e4572e", "#29335c", "#2a9d8f", "#f3a712", "#8e5572", "#669bbc"];
  const state = window.dynamicsPlots = { plots: [], times: [], window: 5, frozen: false, samples: 0, nextId: 1 };

  // Controls: which item and property, the point of a distance, the window, freeze and CSV.
  const itemList = el("select", { id: "plot-item", title: "Item" });
  const propList = el("select", { id: "plot-property", title: "Property" });
  for (const name of Object.keys(properties)) propList.append(el("option", { value: name, textContent: name === "distance" ? "distance to point" : name }));
  const px = el("input", { type: "number", id: "plot-px", value: 0, title: "point x (pt)", hidden: true });
  const py = el("input", { type: "number", id: "plot-py", value: 0, title: "point y (pt)", hidden: true });
  propList.addEventListener("change", () => { px.hidden = py.hidden = propList.value !== "distance"; });
  const add = el("button", { id: "plot-add", textContent: "Plot" });
  const windowList = el("select", { id: "plot-window", title: "Seconds shown" });
  for (const s of [2, 5, 10, 30, 60]) windowList.append(el("option", { value: s, textContent: `last ${s} s` }));
  windowList.value = "5";
  const freeze = el("input", { type: "checkbox", id: "plot-freeze" });
  const csv = el("button", { id: "plot-csv", textContent: "CSV", title: "Download the samples shown as CSV" });
  const error = el("span", { className: "error", id: "plot-error" });
  root.append(el("div", { className: "controls" }, el("h2", { textContent: "Plots" }), itemList, propList, px, py, add,
                 windowList, el("label", {}, freeze, " freeze"), csv, error));
  const list = el("div", { id: "plot-list" });
  root.append(list);

  windowList.addEventListener("change", () => { state.window = Number(windowList.value); });
  freeze.addEventListener("change", () => { state.frozen = freeze.checked; });
  add.addEventListener("click", () => {
    const point = [Number(px.value), Number(py.value)];
    if (propList.value === "distance" && !point.every(Number.isFinite)) { error.textContent = "the point needs two finite numbers"; return; }
    error.textContent = "";
    addPlot(itemList.value, propList.value, point);
  });
  csv.addEventListener("click", () => download());

  viewer.hooks.scene.push((scene) => {
    const chosen = itemList.value;
    itemList.textContent = "";
    for (const item of scene.items) itemList.append(el("option", { value: item.name, textContent: item.name }));
    if (scene.items.some((i) => i.name === chosen)) itemList.value = chosen;
    // A reloaded scene: each plot follows its item by name (gone: no new samples).
    for (const p of state.plots) p.index = scene.items.findIndex((i) => i.name === p.item);
  });

  function addPlot(item, property, point = [0, 0]) {
    const scene = viewer.scene;
    if (!scene || !properties[property]) return null;
    const index = scene.items.findIndex((i) => i.name === item);
    if (index < 0) { error.textContent = "choose an item"; return null; }
    const id = state.nextId++;
    const label = property === "distance" ? `${item} distance to (${point[0]}, ${point[1]})` : `${item}.${property}`;
    const canvas = el("canvas", { id: `plot-${id}` });
    const readout = el("span", { className: "readout" });
    const remove = el("button", { textContent: "×", title: "Remove this plot" });
    const box = el("div", { className: "plot" }, canvas, el("span", { className: "label", textContent: `${label} (${properties[property].unit})` }), readout, remove);
    const plot = { id, item, property, point, index, label, unit: properties[property].unit,
                   values: new Array(state.times.length).fill(NaN), canvas, readout, color: colors[(id - 1) % colors.length], hover: null };
    remove.addEventListener("click", () => {
      state.plots = state.plots.filter((p) => p !== plot);
      box.remove();
      resize();
    });
    canvas.addEventListener("mousemove", (e) => { const r = canvas.getBoundingClientRect(); plot.hover = (e.clientX - r.left) / r.width; });
    canvas.addEventListener("mouseleave", () => { plot.hover = null; });
    list.append(box);
    state.plots.push(plot);
    resize();
    return plot;
  }
  state.add = addPlot;

  // The canvas leaves room for the plots under it.
  function resize() {
    document.documentElement.style.setProperty("--plots-height", `${state.plots.length ? 40 + 94 * Math.min(state.plots.length, 3) : 40}px`);
  }
  resize();

  // One sample per frame received (not per frame drawn): the simulated time and each plot's value.
  viewer.hooks.frame.push((f) => {
    if (state.frozen || !state.plots.length) return;
    const t = f.time, times = state.times;
    // A restart (time went back): the samples start again.
    if (times.length && t < times[times.length - 1]) { times.length = 0; for (const p of state.plots) p.values.length = 0; }
    if (times.length && t === times[times.length - 1]) return;   // paused: nothing new
    times.push(t);
    for (const p of state.plots) {
      const it = p.index >= 0 ? f.items[p.index] : null;
      p.values.push(it ? properties[p.property].read(it, p.point) : NaN);
    }
    if (times.length > keep) { const n = times.length - keep; times.splice(0, n); for (const p of state.plots) p.values.splice(0, n); }
    state.samples++;
  });

  // The samples in the window shown: [first index, last index + 1).
  function shown() {
    const times = state.times;
    if (!times.length) return [0, 0, 0, 0];
    const end = times[times.length - 1], start = end - state.window;
    let i = times.length;
    while (i > 0 && times[i - 1] >= start) i--;
    return [i, times.length, start, end];
  }

  function draw() {
    const [from, to, start, end] = shown();
    for (const p of state.plots) {
      const c = p.canvas, dpr = window.devicePixelRatio || 1;
      const w = Math.round(c.clientWidth * dpr), h = Math.round(c.clientHeight * dpr);
      if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
      const ctx = c.getContext("2d");
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, w, h);
      let lo = Infinity, hi = -Infinity;
      for (let i = from; i < to; i++) { const v = p.values[i]; if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }
      if (!(hi >= lo)) continue;
      if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
      // A margin of a tenth, not below 0 for a property that never is (a speed, a distance).
      const pad = 0.1 * (hi - lo); lo = lo >= 0 ? Math.max(0, lo - pad) : lo - pad; hi += pad;
      const top = 18 * dpr, bottom = h - 4 * dpr;
      const X = (t) => ((t - start) / state.window) * w, Y = (v) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
      ctx.strokeStyle = "#e6e3dc"; ctx.lineWidth = dpr;
      if (lo < 0 && hi > 0) { ctx.beginPath(); ctx.moveTo(0, Y(0)); ctx.lineTo(w, Y(0)); ctx.stroke(); }
      ctx.strokeStyle = p.color; ctx.lineWidth = 1.5 * dpr;
      ctx.beginPath();
      let pen = false;
      for (let i = from; i < to; i++) {
        const v = p.values[i];
        if (!Number.isFinite(v)) { pen = false; continue; }
        if (pen) ctx.lineTo(X(state.times[i]), Y(v)); else { ctx.moveTo(X(state.times[i]), Y(v)); pen = true; }
      }
      ctx.stroke();
      ctx.fillStyle = "#777"; ctx.font = `${10 * dpr}px system-ui, sans-serif`; ctx.textAlign = "right";
      ctx.fillText(`${hi.toPrecision(4)}`, w - 4 * dpr, top + 10 * dpr);
      ctx.fillText(`${lo.toPrecision(4)}`, w - 4 * dpr, bottom - 13 * dpr);
      // The window's times: where it starts and ends (the scene's seconds).
      ctx.fillText(`${end.toFixed(1)} s`, w - 4 * dpr, bottom - 2 * dpr);
      ctx.textAlign = "left";
      ctx.fillText(`${start.toFixed(1)} s`, 4 * dpr, bottom - 2 * dpr);
      // Hover: the sample nearest the pointer's time, its value and time.
      if (p.hover !== null && to > from) {
        const t = start + p.hover * state.window;
        let best = from;
        for (let i = from; i < to; i++) if (Math.abs(state.times[i] - t) < Math.abs(state.times[best] - t)) best = i;
        const v = p.values[best];
        ctx.strokeStyle = "#1d1d1d"; ctx.lineWidth = dpr;
        ctx.beginPath(); ctx.moveTo(X(state.times[best]), top); ctx.lineTo(X(state.times[best]), bottom); ctx.stroke();
        p.readout.textContent = `t ${state.times[best].toFixed(3)} s · ${Number.isFinite(v) ? v.toFixed(3) : "–"} ${p.unit}`;
        state.lastReadout = p.readout.textContent;
      } else {
        p.readout.textContent = "";
      }
    }
    requestAnimationFrame(draw);
  }
  requestAnimationFrame(draw);

  // A CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet
  // would take for a formula (=, +, -, @ first) gets a ' in front.
  function cell(text) {
    let s = String(text);
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }

  // The samples shown as CSV: time, then one column per plot.
  function csvText() {
    const [from, to] = shown();
    const lines = [["time (s)", ...state.plots.map((p) => `${p.label} (${p.unit})`)].map(cell).join(",")];
    for (let i = from; i < to; i++) {
      lines.push([state.times[i], ...state.plots.map((p) => (Number.isFinite(p.values[i]) ? p.values[i] : ""))].join(","));
    }
    return lines.join("\n") + "\n";
  }
  state.csv = csvText;

  function download() {
    if (!state.plots.length) { error.textContent = "add a plot first"; return; }
    const url = URL.createObjectURL(new Blob([csvText()], { type: "text/csv" }));
    const a = el("a", { href: url, download: `plots-${(viewer.scene && viewer.scene.file || "scene").replace(/\.lua$/, "")}.csv` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
})();
