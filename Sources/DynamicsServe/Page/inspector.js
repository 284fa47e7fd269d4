// The viewer's inspector: a click on an item (or a choice in the list) opens its live
// properties, read from GET /item/NAME at the display rate (one request in flight at a time);
// editing a number sends POST /edit, and the server's refusal shows in the panel. Every string
// reaches the page through textContent.
"use strict";

(() => {
  const viewer = window.dynamicsViewer;
  const panel = document.getElementById("inspector");
  const inspector = window.dynamicsInspector = { name: null, data: null, reads: 0, error: null, edits: 0 };
  let inFlight = false;

  const el = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };
  const fmt = (v, digits = 2) => (v === null || v === undefined ? "–" : Number(v).toFixed(digits));

  const title = el("h2", { textContent: "Inspector" });
  const list = el("select", { id: "inspect-list", title: "Choose an item to inspect" });
  const error = el("div", { className: "error", id: "inspect-error" });
  const body = el("div", { id: "inspect-body" });
  panel.append(title, list, error, body);

  function showHint() {
    body.textContent = "";
    body.append(el("p", { className: "hint", textContent: "Click an item, or choose it above, to see its live properties." }));
  }
  showHint();

  // The list of items, rebuilt for every scene; the inspected item stays chosen if it is still there.
  viewer.hooks.scene.push((scene) => {
    list.textContent = "";
    list.append(el("option", { value: "", textContent: "— none —" }));
    for (const item of scene.items) list.append(el("option", { value: item.name, textContent: item.name }));
    if (inspector.name && scene.items.some((i) => i.name === inspector.name)) list.value = inspector.name;
    else open(null);
  });
  list.addEventListener("change", () => open(list.value || null));

  // A click on the canvas: the topmost item under it, as the frames place them.
  viewer.hooks.click.push((p) => {
    const s = viewer.scene, f = viewer.frame;
    if (!s || !f) return;
    for (let i = f.items.length - 1; i >= 0; i--) {
      if (s.items[i] && contains(s.items[i], f.items[i], p)) { open(s.items[i].name); return; }
    }
  });

  function contains(item, [x, y, angle], p) {
    const dx = p.x - x, dy = p.y - y, c = Math.cos(angle), s = Math.sin(angle);
    const u = c * dx + s * dy, v = -s * dx + c * dy, w = item.width / 2, h = item.height / 2;
    if (item.shape === "ellipse") return (u * u) / (w * w) + (v * v) / (h * h) <= 1;
    if (item.shape === "path" && item.path && item.path.length > 2) {
      let inside = false;
      for (let i = 0, j = item.path.length - 1; i < item.path.length; j = i++) {
        const [xi, yi] = item.path[i], [xj, yj] = item.path[j];
        if ((yi > v) !== (yj > v) && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }
    return Math.abs(u) <= w && Math.abs(v) <= h;
  }

  // The inspected item's outline over the canvas.
  viewer.hooks.draw.push((ctx, { unit }) => {
    const s = viewer.scene, f = viewer.frame;
    if (!inspector.name || !s || !f) return;
    const i = s.items.findIndex((item) => item.name === inspector.name);
    if (i < 0 || !f.items[i]) return;
    const item = s.items[i], [x, y, angle] = f.items[i];
    ctx.save();
    ctx.translate(x, y); ctx.rotate(angle);
    ctx.beginPath();
    const pad = 3 * unit;
    if (item.shape === "ellipse") ctx.ellipse(0, 0, item.width / 2 + pad, item.height / 2 + pad, 0, 0, 2 * Math.PI);
    else ctx.rect(-item.width / 2 - pad, -item.height / 2 - pad, item.width + 2 * pad, item.height + 2 * pad);
    ctx.setLineDash([4 * unit, 3 * unit]); ctx.lineWidth = 2 * unit; ctx.strokeStyle = "#e4572e"; ctx.stroke();
    ctx.restore();
  });

  function open(name) {
    inspector.name = name;
    inspector.data = null;
    list.value = name || "";
    error.textContent = "";
    inspector.error = null;
    if (!name) { showHint(); return; }
    body.textContent = "";
    build = null;
    lastRead = 0;
    read();
  }
  inspector.open = open;

  // One read per frame received while the scene steps, at most one in flight: the display
  // rate, never a queue. A scene that does not step (paused, or resting) is read four times a
  // second, for changes a command makes between steps.
  let lastStep = -1, lastRead = 0;
  viewer.hooks.frame.push((f) => {
    if (!inspector.name || inFlight) return;
    const now = performance.now();
    if (f.step === lastStep && now - lastRead < 250) return;
    lastStep = f.step;
    lastRead = now;
    read();
  });

  async function read() {
    const name = inspector.name;
    if (!name) return;
    inFlight = true;
    try {
      const r = await fetch(`/item/${encodeURIComponent(name)}`);
      const data = await r.json();
      if (name !== inspector.name) return;
      if (!r.ok) { showError(data.error || `HTTP ${r.status}`); return; }
      inspector.data = data;
      inspector.reads++;
      render(data);
    } catch (e) {
      if (name === inspector.name) showError(String(e));
    } finally {
      inFlight = false;
    }
  }

  function showError(message) {
    inspector.error = message;
    error.textContent = message;
  }

  // The panel is built once per item and behavior list; later reads only change its texts
  // and the numbers of fields not being edited.
  let build = null;
  const fields = new Map();

  function render(d) {
    const shape = `${d.behaviors.map((b) => b.type + ":" + b.params.map((p) => p.name).join(",")).join("|")}`;
    if (build !== shape) { build = shape; layout(d); }
    const set = (key, text) => { const f = fields.get(key); if (f && document.activeElement !== f) { if (f.tagName === "INPUT") f.value = text; else f.textContent = text; } };
    set("name", d.name);
    set("center.0", fmt(d.center[0])); set("center.1", fmt(d.center[1]));
    set("angle", fmt(d.angle, 3));
    set("velocity.0", fmt(d.velocity[0])); set("velocity.1", fmt(d.velocity[1]));
    set("speed", `${fmt(d.speed)} pt/s`);
    set("angularVelocity", fmt(d.angularVelocity, 3));
    set("mass", fmt(d.mass, 3));
    set("size", `${fmt(d.size[0], 1)} × ${fmt(d.size[1], 1)} pt`);
    set("shape", d.shape);
    set("sleeping", d.sleeping ? "yes" : "no");
    set("time", `${fmt(d.time)} s`);
    d.behaviors.forEach((b) => b.params.forEach((p) => set(`behaviors.${b.index}.${p.name}`, p.value !== null && p.value !== undefined ? fmt(p.value, 3) : p.text)));
  }

  function layout(d) {
    fields.clear();
    body.textContent = "";
    const table = el("table");
    const row = (label, ...cells) => table.append(el("tr", {}, el("td", { textContent: label }), el("td", {}, ...cells)));
    const text = (key) => { const s = el("span"); fields.set(key, s); return s; };
    const input = (key, property, index, title) => {
      const i = el("input", { type: "text", inputMode: "decimal", title, id: `inspect-${key.replace(/\./g, "-")}` });
      i.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); edit(property, index, i); } });
      i.addEventListener("change", () => edit(property, index, i));
      fields.set(key, i);
      return i;
    };
    row("name", text("name"));
    row("center", input("center.0", "center", 0, "x (pt)"), " ", input("center.1", "center", 1, "y (pt)"));
    row("angle", input("angle", "angle", null, "radians"), " rad");
    row("velocity", input("velocity.0", "velocity", 0, "vx (pt/s)"), " ", input("velocity.1", "velocity", 1, "vy (pt/s)"));
    row("speed", text("speed"));
    row("ang. vel.", input("angularVelocity", "angularVelocity", null, "rad/s"), " rad/s");
    row("mass", text("mass"));
    row("size", text("size"));
    row("shape", text("shape"));
    row("sleeping", text("sleeping"));
    row("time", text("time"));
    body.append(table);
    body.append(el("h2", { textContent: `Behaviors (${d.behaviors.length})` }));
    for (const b of d.behaviors) {
      const box = el("div", { className: "behavior" }, el("strong", { textContent: b.type }));
      const t = el("table");
      for (const p of b.params) {
        const key = `behaviors.${b.index}.${p.name}`;
        const cell = p.editable ? input(key, key, null, `${b.type}.${p.name}`) : text(key);
        t.append(el("tr", {}, el("td", { textContent: p.name }), el("td", {}, cell)));
      }
      box.append(t);
      body.append(box);
    }
  }

  // An edit: the field's number (and, for a pair, its partner's) sent to POST /edit.
  async function edit(property, index, input) {
    const v = Number(input.value.trim());
    if (input.value.trim() === "" || !Number.isFinite(v)) {
      showError(`edit.value: ${property} must be a finite number, got "${input.value}"`);
      return;
    }
    let value = v;
    if (index !== null) {
      const other = fields.get(`${property}.${1 - index}`);
      const w = Number(other.value);
      value = index === 0 ? [v, w] : [w, v];
    }
    error.textContent = "";
    inspector.error = null;
    try {
      const r = await fetch("/edit", { method: "POST", headers: { "Content-Type": "application/json" },
                                        body: JSON.stringify({ item: inspector.name, property, value }) });
      const data = await r.json();
      if (!r.ok) showError(data.error || `HTTP ${r.status}`);
      else { inspector.edits++; lastStep = -1; }   // read again at the next frame
    } catch (e) {
      showError(String(e));
    }
    input.blur();
  }
})();
