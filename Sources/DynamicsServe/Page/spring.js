// The step response beside a slider bound to a spring (a scene param with `spring = { … }`,
// docs/lua-api.md): the curve GET /spring computes with the model's Spring, fetched again
// whenever a slider it reads moves (one request in flight; the latest values win).
"use strict";

(() => {
  const viewer = window.dynamicsViewer;
  const curves = window.dynamicsSprings = { list: [], draws: 0 };
  const el = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };

  viewer.hooks.scene.push((scene) => {
    curves.list = [];
    // Sliders that declare the same spring share one curve, under the last of them.
    const groups = new Map();
    for (const p of scene.params || []) {
      if (!p.spring) continue;
      // Keyed by its terms in key order (the server's JSON does not sort an object's keys).
      const key = JSON.stringify(Object.entries(p.spring).sort(([a], [b]) => (a < b ? -1 : 1)));
      groups.set(key, { spring: p.spring, last: p.name });
    }
    for (const { spring, last } of groups.values()) {
      const slider = document.getElementById(`param-${last}`);
      if (!slider) continue;
      const canvas = el("canvas", { className: "spring-canvas" });
      const facts = el("div", { className: "facts" });
      const error = el("div", { className: "error" });
      const box = el("div", { className: "spring-curve" }, canvas, facts, error);
      slider.parentElement.after(box);
      const curve = { spring, canvas, facts, error, data: null, query: null, inFlight: false, draws: 0 };
      curves.list.push(curve);
      for (const term of Object.values(spring)) {
        const input = typeof term === "string" ? document.getElementById(`param-${term}`) : null;
        if (input) {
          input.addEventListener("input", () => update(curve));
          input.addEventListener("show", () => update(curve));
        }
      }
      update(curve);
    }
  });

  // The spring's terms now: a number, or the value its slider shows.
  function query(spring) {
    return Object.entries(spring).map(([key, term]) => {
      const v = typeof term === "string" ? Number(document.getElementById(`param-${term}`).value) : term;
      return `${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`;
    }).join("&");
  }

  async function update(curve) {
    const q = query(curve.spring);
    if (q === curve.query && curve.data) return;
    curve.query = q;
    if (curve.inFlight) return;   // the reply's handler asks again with the latest values
    curve.inFlight = true;
    try {
      const r = await fetch(`/spring?${q}`);
      const data = await r.json();
      if (!r.ok) { curve.error.textContent = data.error || `HTTP ${r.status}`; curve.data = null; draw(curve); }
      else { curve.error.textContent = ""; curve.data = data; draw(curve); }
    } catch (e) {
      curve.error.textContent = String(e);
    } finally {
      curve.inFlight = false;
    }
    if (query(curve.spring) !== q) { curve.query = null; update(curve); }
  }

  function draw(curve) {
    const c = curve.canvas, dpr = window.devicePixelRatio || 1;
    const w = Math.round(c.clientWidth * dpr), h = Math.round(c.clientHeight * dpr);
    if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
    const ctx = c.getContext("2d");
    ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, w, h);
    const d = curve.data;
    if (!d) { curve.facts.textContent = ""; return; }
    const lo = Math.min(-0.2, ...d.samples), hi = Math.max(1.05, ...d.samples);
    const top = 6 * dpr, bottom = h - 6 * dpr;
    const X = (i) => (i / (d.samples.length - 1)) * w, Y = (v) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
    ctx.strokeStyle = "#cfcac0"; ctx.lineWidth = dpr;
    ctx.beginPath(); ctx.moveTo(0, Y(0)); ctx.lineTo(w, Y(0)); ctx.stroke();   // the target
    ctx.setLineDash([3 * dpr, 3 * dpr]);
    ctx.beginPath(); ctx.moveTo(0, Y(1)); ctx.lineTo(w, Y(1)); ctx.stroke();   // the release
    ctx.setLineDash([]);
    if (d.settlingTime !== null && d.settlingTime <= d.duration) {
      const x = (d.settlingTime / d.duration) * w;
      ctx.strokeStyle = "#2a9d8f"; ctx.beginPath(); ctx.moveTo(x, top); ctx.lineTo(x, bottom); ctx.stroke();
    }
    ctx.strokeStyle = "#1f6fb2"; ctx.lineWidth = 2 * dpr;
    ctx.beginPath();
    d.samples.forEach((v, i) => (i ? ctx.lineTo(X(i), Y(v)) : ctx.moveTo(X(i), Y(v))));
    ctx.stroke();
    const settle = d.settlingTime === null ? "never settles" : `settles in ${d.settlingTime.toFixed(2)} s`;
    curve.facts.textContent = `${d.frequency.toPrecision(3)} Hz · damping ${d.damping.toPrecision(3)} · ${settle} · ` +
      `overshoot ${(100 * d.overshoot).toFixed(1)} % · ${d.duration.toPrecision(3)} s shown`;
    curve.draws++;
    curves.draws++;
  }
})();
