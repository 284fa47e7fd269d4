// The viewer's "why is it awake?" panel: what keeps the animator running, or what rested
// last, from GET /awake (docs/cli.md), refreshed four times a second while the panel is open.
// Every string from the server goes into the page through textContent.
"use strict";

(() => {
  const refreshMs = 250;
  // What the browser check reads: the last answer and how many arrived.
  const state = window.dynamicsAwake = { open: false, last: null, answers: 0, error: null };

  const style = document.createElement("style");
  style.textContent = `
#awake { width: 340px; display: flex; flex-direction: column; gap: 6px; background: #fff; border-radius: 4px;
         padding: 10px 12px; box-shadow: 0 1px 3px rgba(0,0,0,0.15); font-size: 13px; }
#awake[hidden] { display: none; }
#awake h2 { margin: 0; font-size: 14px; }
#awake .headline { font-weight: 600; padding: 6px 8px; border-radius: 4px; background: #fdf0d5; color: #7a4b00; }
#awake .headline.resting { background: #e3f2e1; color: #1e5b1a; }
#awake ul { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 4px; }
#awake li { padding: 4px 6px; border-left: 3px solid #c9c4b8; background: #f7f5f0; overflow-wrap: anywhere; }
#awake li.unbalanced { border-left-color: #d62828; background: #fbe9e7; }
#awake li.work { border-left-color: #1f6fb2; }
#awake .meta { color: #666; font-size: 12px; }
#awakeToggle.on { background: #e4572e; color: #fff; }
`;
  document.head.appendChild(style);

  const panel = document.createElement("aside");
  panel.id = "awake";
  panel.hidden = true;
  const title = document.createElement("h2");
  title.textContent = "Why is it awake?";
  const headline = document.createElement("div");
  headline.className = "headline";
  headline.id = "awakeHeadline";
  const list = document.createElement("ul");
  list.id = "awakeList";
  const meta = document.createElement("div");
  meta.className = "meta";
  panel.append(title, headline, list, meta);
  const main = document.querySelector("main");
  if (main) main.appendChild(panel);

  const toggle = document.createElement("button");
  toggle.id = "awakeToggle";
  toggle.textContent = "Why awake?";
  toggle.title = "What keeps the animator running (or what rested last)";
  const stats = document.getElementById("stats");
  const header = document.querySelector("header");
  if (header) header.insertBefore(toggle, stats);

  let timer = null;
  let inFlight = false;

  function show(answer) {
    state.last = answer;
    state.answers += 1;
    if (answer.error !== undefined && answer.lines === undefined) {
      headline.textContent = `no scene: ${answer.error}`;
      headline.className = "headline";
      list.textContent = "";
      meta.textContent = "";
      return;
    }
    const resting = answer.causes.length === 0;
    headline.className = resting ? "headline resting" : "headline";
    headline.textContent = answer.headline;
    // The sentences after the headline: one per item, timer, task, push, field.
    const unbalanced = new Set(answer.items.filter((i) => i.unbalancedForce).map((i) => i.sentence));
    const rows = answer.lines.slice(1).map((line) => {
      const li = document.createElement("li");
      const text = line.trim();
      li.textContent = text;
      if (unbalanced.has(text)) li.className = "unbalanced";
      else if (/^(timer|task|continuous push|.* field)/.test(text)) li.className = "work";
      return li;
    });
    list.replaceChildren(...rows);
    const parts = [`t = ${answer.time.toFixed(3)} s`, `rests below ${answer.restSpeed} pt/s for ${answer.timeToRest} s`];
    if (!answer.sleepEnabled) parts.push("sleep is off");
    meta.textContent = parts.join(" · ");
  }

  async function refresh() {
    if (inFlight) return;
    inFlight = true;
    try {
      const r = await fetch("/awake", { cache: "no-store" });
      const answer = await r.json();
      if (r.ok) { state.error = null; show(answer); } else { state.error = answer.error || `HTTP ${r.status}`; }
    } catch (e) {
      state.error = String(e);
    } finally {
      inFlight = false;
    }
  }

  function setOpen(open) {
    state.open = open;
    panel.hidden = !open;
    toggle.classList.toggle("on", open);
    if (timer) { clearInterval(timer); timer = null; }
    if (open) { refresh(); timer = setInterval(refresh, refreshMs); }
  }

  toggle.addEventListener("click", () => setOpen(!state.open));
  // Opened from the address: /#awake.
  if (location.hash === "#awake") setOpen(true);
  window.dynamicsAwake.setOpen = setOpen;
})();
