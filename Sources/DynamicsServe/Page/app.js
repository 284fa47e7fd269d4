// The live viewer's page (dynamics serve): draws the frames the host streams over /live,
// sends the pointer, sliders and controls back. Loads nothing from the network.
"use strict";

const canvas = document.getElementById("canvas");
const ctx = canvas.getContext("2d");
const $ = (id) => document.getElementById(id);
const colors = { background: "#f7f5f0", boundary: "#3d3d3d", attachment: "#1f6fb2", snap: "#7b2cbf",
                 field: "#218a7e", contact: "#d62828", outline: "#1d1d1d" };

// What the end-to-end test reads: frames received and drawn, the display's frame time.
const viewer = window.dynamicsViewer = { scene: null, frame: null, framesReceived: 0, framesDrawn: 0,
                                         frameMs: 0, fps: 0, lastReply: null, connected: false };
// The other page scripts' hooks (inspector.js, plots.js, spring.js): called after a scene
// message, after a frame, after the canvas is drawn (with the scene's transform), and on a
// click on the canvas (a press released where it began) with its scene point.
viewer.hooks = { scene: [], frame: [], draw: [], click: [] };
const runHooks = (kind, ...args) => viewer.hooks[kind].forEach((f) => f(...args));
let socket = null;
let view = { scale: 1, ox: 0, oy: 0 };
let extent = null;   // the scene's extent when it has no bounds
let pointerDown = false;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/live`);
  let opened = false;
  socket.onopen = () => { opened = viewer.connected = true; document.body.classList.remove("offline"); $("status").textContent = "connected"; };
  socket.onclose = () => {
    viewer.connected = false;
    // The last frame stays, dimmed, so it does not look live while the server is away.
    document.body.classList.add("offline");
    $("status").textContent = "disconnected: retrying…";
    // An upgrade refused while the server answers: the viewer limit (cli.md).
    if (!opened) {
      fetch("/state").then((r) => {
        if (r.ok && !viewer.connected) $("status").textContent = "refused: too many viewers at once (at most 16); retrying…";
      }).catch(() => {});
    }
    setTimeout(connect, 1000);
  };
  socket.onmessage = (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "scene") onScene(m);
    else if (m.type === "frame") onFrame(m);
    else if (m.type === "reply") { viewer.lastReply = m; $("status").textContent = m.file ? `wrote ${m.file}` : "ok"; }
    else if (m.type === "error") { viewer.lastReply = m; $("status").textContent = `error: ${m.message}`; }
  };
}

function onScene(m) {
  viewer.scene = m;
  extent = null;
  window.dynamicsStyle.onScene(m, $("debug"));
  $("file").textContent = m.file;
  document.title = `${m.file} · dynamics serve`;
  const box = $("params");
  box.textContent = "";
  for (const p of m.params) {
    const label = document.createElement("label");
    const title = document.createElement("span");
    const input = document.createElement("input");
    Object.assign(input, { type: "range", min: p.min, max: p.max, step: p.step, value: p.value, id: `param-${p.name}` });
    input.dataset.name = p.name;
    // The label shows the value itself: the slider snaps to its step (0.123456 showed 0.100).
    const show = (value) => { title.textContent = `${p.name}: ${Number(value ?? input.value).toPrecision(3)}`; };
    input.addEventListener("input", () => { show(); send({ type: "param", name: p.name, value: Number(input.value) }); });
    input.addEventListener("show", (event) => show(event.detail));
    show(p.value);
    label.append(title, input);
    box.append(label);
  }
  runHooks("scene", m);
}

function onFrame(m) {
  const error = $("error");
  error.hidden = !m.error;
  error.textContent = m.error || "";
  if (!viewer.scene || m.generation !== viewer.scene.generation) { send({ type: "scene" }); return; }
  viewer.frame = m;
  viewer.framesReceived++;
  // The sliders follow the values the scene runs with (set from another page, a POST or
  // before this page loaded), except the one being dragged here.
  (viewer.scene.params || []).forEach((p, i) => {
    const input = $(`param-${p.name}`), value = m.params && m.params[i];
    if (input && value !== undefined && document.activeElement !== input && input.dataset.live !== String(value)) {
      input.value = value;
      input.dataset.live = String(value);
      input.dispatchEvent(new CustomEvent("show", { detail: value }));
    }
  });
  const speed = $("speed");
  if (document.activeElement !== speed && Number(speed.value) !== m.speed) {
    speed.value = m.speed;
    $("speedValue").textContent = `${m.speed}×`;
  }
  $("pause").textContent = m.paused ? "Resume" : "Pause";
  $("record").classList.toggle("on", m.recording);
  $("record").textContent = m.recording ? `Recording (${m.recorded})` : "Record";
  $("save").disabled = !m.recording;
  runHooks("frame", m);
}

// The scene's rectangle: its bounds, else the items' extent when the scene loaded.
function sceneRect() {
  const s = viewer.scene, f = viewer.frame;
  if (s.bounds) return s.bounds;
  if (!extent && f && f.items.length) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    f.items.forEach(([x, y], i) => {
      const r = Math.hypot(s.items[i].width, s.items[i].height) / 2;
      minX = Math.min(minX, x - r); minY = Math.min(minY, y - r); maxX = Math.max(maxX, x + r); maxY = Math.max(maxY, y + r);
    });
    const pad = 0.25 * Math.max(maxX - minX, maxY - minY, 100);
    extent = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
  }
  return extent || [0, 0, 320, 568];
}

function layout() {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.round(canvas.clientWidth * dpr), h = Math.round(canvas.clientHeight * dpr);
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  const [x, y, sw, sh] = sceneRect();
  const scale = Math.min(w / sw, h / sh) * 0.95;
  view = { scale, ox: (w - sw * scale) / 2 - x * scale, oy: (h - sh * scale) / 2 - y * scale, dpr };
}

// Scene points → the page's CSS pixels (for tools driving the page).
viewer.toClient = (x, y) => {
  const r = canvas.getBoundingClientRect();
  return [r.left + (view.ox + x * view.scale) / view.dpr, r.top + (view.oy + y * view.scale) / view.dpr];
};

function toScene(event) {
  const r = canvas.getBoundingClientRect();
  const px = (event.clientX - r.left) * view.dpr, py = (event.clientY - r.top) * view.dpr;
  return { x: (px - view.ox) / view.scale, y: (py - view.oy) / view.scale };
}

function shapePath(item) {
  const w = item.width, h = item.height;
  ctx.beginPath();
  if (item.shape === "ellipse") ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, 2 * Math.PI);
  else if (item.shape === "path" && item.path && item.path.length) {
    item.path.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  } else ctx.rect(-w / 2, -h / 2, w, h);
}

function drawOverlay(o, unit) {
  ctx.lineCap = "round"; ctx.lineJoin = "round";
  ctx.strokeStyle = colors.boundary; ctx.lineWidth = 2.5 * unit;
  for (const line of o.boundaries) {
    ctx.beginPath();
    line.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
  }
  for (const f of o.fields) {
    ctx.save();
    ctx.translate(f.position[0], f.position[1]);
    ctx.strokeStyle = colors.field; ctx.fillStyle = colors.field; ctx.lineWidth = 1.5 * unit;
    for (const r of f.regions) {
      ctx.beginPath();
      if (r.kind === "circle") ctx.arc(0, 0, r.width / 2, 0, 2 * Math.PI); else ctx.rect(-r.width / 2, -r.height / 2, r.width, r.height);
      ctx.setLineDash(r.dashed ? [6 * unit, 4 * unit] : []);
      if (!r.dashed) { ctx.globalAlpha = 0.07; ctx.fill(); ctx.globalAlpha = 1; }
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.beginPath(); ctx.arc(0, 0, 2.5 * unit, 0, 2 * Math.PI); ctx.fill();
    ctx.restore();
  }
  ctx.strokeStyle = colors.attachment; ctx.lineWidth = 1.5 * unit;
  for (const a of o.attachments) {
    ctx.setLineDash(a.spring ? [5 * unit, 3 * unit] : []);
    ctx.beginPath(); ctx.moveTo(a.b[0], a.b[1]); ctx.lineTo(a.a[0], a.a[1]); ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath(); ctx.arc(a.b[0], a.b[1], (a.anchor ? 4 : 2.5) * unit, 0, 2 * Math.PI);
    ctx.fillStyle = a.anchor ? "#ffffff" : colors.attachment; ctx.fill(); if (a.anchor) ctx.stroke();
    ctx.beginPath(); ctx.arc(a.a[0], a.a[1], 2.5 * unit, 0, 2 * Math.PI); ctx.fillStyle = colors.attachment; ctx.fill();
  }
  ctx.strokeStyle = colors.snap;
  for (const s of o.snaps) {
    ctx.lineWidth = unit; ctx.setLineDash([unit, 2 * unit]);
    ctx.beginPath(); ctx.moveTo(s.item[0], s.item[1]); ctx.lineTo(s.point[0], s.point[1]); ctx.stroke();
    ctx.setLineDash([]); ctx.lineWidth = 2 * unit;
    const [x, y] = s.point, d = 6 * unit;
    ctx.beginPath(); ctx.moveTo(x - d, y - d); ctx.lineTo(x + d, y + d); ctx.moveTo(x - d, y + d); ctx.lineTo(x + d, y - d); ctx.stroke();
  }
  ctx.fillStyle = colors.contact;
  for (const [x, y] of o.contacts) { ctx.beginPath(); ctx.arc(x, y, 2 * unit, 0, 2 * Math.PI); ctx.fill(); }
}

function draw() {
  const s = viewer.scene, f = viewer.frame;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#e6e3dc";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!s || !f) return;
  layout();
  ctx.setTransform(view.scale, 0, 0, view.scale, view.ox, view.oy);
  const [bx, by, bw, bh] = sceneRect();
  ctx.fillStyle = colors.background;
  ctx.fillRect(bx, by, bw, bh);
  const unit = Math.max(bw, bh) / 500;
  f.items.forEach(([x, y, angle], i) => {
    const item = s.items[i];
    if (!item) return;
    ctx.save();
    ctx.translate(x, y); ctx.rotate(angle);
    if (item.style) { window.dynamicsStyle.draw(ctx, item, angle, view.scale); ctx.restore(); return; }
    shapePath(item);
    ctx.globalAlpha = 0.9; ctx.fillStyle = item.color; ctx.fill(); ctx.globalAlpha = 1;
    ctx.lineWidth = 1.5 / view.scale * view.dpr; ctx.strokeStyle = colors.outline; ctx.stroke();
    ctx.beginPath(); ctx.moveTo(0, 0);
    ctx.lineTo(item.shape === "path" ? Math.max(0, ...item.path.map((p) => p[0])) : item.width / 2, 0);
    ctx.strokeStyle = "rgba(255,255,255,0.75)"; ctx.stroke();
    ctx.restore();
  });
  if ($("debug").checked) drawOverlay(f.overlay, unit);
  runHooks("draw", ctx, { unit, scale: view.scale, dpr: view.dpr });
  ctx.fillStyle = "#1d1d1d";
  ctx.font = `${Math.max(8, 11 * view.dpr / view.scale)}px system-ui, sans-serif`;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  // Names label debug boxes, and styled items too while the overlay is on.
  const named = $("debug").checked;
  f.items.forEach(([x, y], i) => { if (s.items[i] && (named || !s.items[i].style)) ctx.fillText(s.items[i].name, x, y); });
  viewer.framesDrawn++;
}

let lastTime = 0;
function tick(now) {
  if (lastTime) {
    const dt = now - lastTime;
    viewer.frameMs = viewer.frameMs ? 0.9 * viewer.frameMs + 0.1 * dt : dt;
    viewer.fps = 1000 / viewer.frameMs;
  }
  lastTime = now;
  draw();
  const f = viewer.frame;
  $("stats").textContent = `frame ${viewer.frameMs.toFixed(1)} ms · step ${f ? f.stepMs.toFixed(3) : "–"} ms · t ${f ? f.time.toFixed(2) : "–"} s · ${f ? f.speed : 1}×`;
  requestAnimationFrame(tick);
}

// The pointer (mouse, pen and touch alike): down, move, up or cancel, in scene points.
canvas.addEventListener("pointerdown", (e) => {
  if (!viewer.scene) return;
  pointerDown = true;
  viewer.pressedAt = [e.clientX, e.clientY];
  canvas.setPointerCapture(e.pointerId);
  viewer.lastPointer = toScene(e);
  send({ type: "pointer", phase: "began", ...viewer.lastPointer });
  e.preventDefault();
});
canvas.addEventListener("pointermove", (e) => { if (pointerDown) send({ type: "pointer", phase: "moved", ...toScene(e) }); });
canvas.addEventListener("pointerup", (e) => {
  if (!pointerDown) return;
  pointerDown = false;
  send({ type: "pointer", phase: "ended", ...toScene(e) });
  // A click: released within 4 px of where it was pressed (a drag still drags).
  const [px, py] = viewer.pressedAt || [Infinity, Infinity];
  if (Math.hypot(e.clientX - px, e.clientY - py) < 4) runHooks("click", toScene(e));
});
canvas.addEventListener("pointercancel", (e) => { if (pointerDown) { pointerDown = false; send({ type: "pointer", phase: "cancelled", ...toScene(e) }); } });

$("pause").onclick = () => send({ type: "control", action: viewer.frame && viewer.frame.paused ? "resume" : "pause" });
$("step").onclick = () => send({ type: "control", action: "step" });
$("restart").onclick = () => send({ type: "control", action: "restart" });
$("speed").oninput = () => { $("speedValue").textContent = `${$("speed").value}×`; send({ type: "speed", value: Number($("speed").value) }); };
$("record").onclick = () => {
  const stopping = viewer.frame && viewer.frame.recording;
  // Stopping writes NAME.dynrec beside the scene (docs/recordings.md).
  send(stopping ? { type: "control", action: "stopRecording" } : { type: "record", action: "start" });
};
$("save").onclick = () => send({ type: "record", action: "save" });
document.addEventListener("keydown", (e) => { if (e.key === " " && e.target === document.body) { e.preventDefault(); $("pause").click(); } });

connect();
requestAnimationFrame(tick);
