// kozyr html: the replay page's script.  Every text from the record is put on the page
// with textContent (never as HTML); the data comes from the JSON block written by
// replay/page.py, in which every text was already made safe.
"use strict";
(function () {
  let D = JSON.parse(document.getElementById("kozyr-data").textContent);
  let V = D.values;
  // The page's own words in the language it was written in (D.words: the English text to
  // its translation, ``{name}`` filled in) and the rank letters its players write.
  const L = (text, fill) => {
    let out = (D.words && D.words[text]) || text;
    for (const k in fill || {}) out = out.split("{" + k + "}").join(String(fill[k]));
    return out;
  };
  const RANK = D.ranks || {};
  const SUIT = { S: "\u2660", C: "\u2663", D: "\u2666", H: "\u2665" };
  const NOUN = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function card(code) {
    if (code === "??") return el("span", "card back", "\u2592\u2592");
    const suit = code.slice(-1);
    const e = el("span", "card s" + suit, (RANK[code.slice(0, -1)] || code.slice(0, -1)) + (SUIT[suit] || suit));
    e.dataset.card = code;
    return e;
  }

  function cards(codes, unknown) {
    const f = el("span", "cards");
    for (const c of codes) f.appendChild(card(c));
    for (let i = 0; i < (unknown || 0); i++) f.appendChild(card("??"));
    return f;
  }

  // One seat's cards on the table: face up, then face down (dimmed, or backs).
  function laid(up, down) {
    const row = cards(up, 0);
    for (const c of down) {
      const e = card(c);
      e.classList.add("down");
      row.appendChild(e);
    }
    return row;
  }

  function said(parts) {
    const f = el("span", "said");
    for (const p of parts) {
      if (Array.isArray(p)) f.appendChild(card(p[0]));
      else f.appendChild(document.createTextNode(p));
    }
    return f;
  }

  // A step from its references (the order of replay/page.py's _steps and _view).
  function step(s) {
    const v = V[s[2]].map((r) => V[r]);
    return {
      kind: V[s[0]],
      said: V[s[1]],
      view: {
        title: v[0], hands: v[1].map((r) => V[r]), trick: v[2], taker: v[3], lines: v[4],
        points: v[5], totals: v[6], marks: v[7], dealer: v[8], toMove: v[9], tricks: v[10],
        piles: v[11].map((r) => V[r]), trump: v[12],
      },
      hand: s[3], trick: s[4], notes: V[s[5]], glyphs: V[s[6]], variations: s[7],
      error: V[s[8]], done: s[9],
    };
  }
  const closes = (st) => st.kind === "play" && st.view.taker !== null;

  let line = D.steps;
  let index = Math.min(D.start || 0, Math.max(line.length - 1, 0));
  // Only what has happened by the step on screen is shown, unless the reader asks for the
  // rest (the spoilers button, f, or kozyr html --spoilers).
  let spoilers = Boolean(D.spoilers);
  const stack = []; // the lines left to enter variations: {line, index, k}

  const taken = new Set(Object.values(D.places));
  const corners = ["nw", "ne", "sw", "se"].filter((c) => !taken.has(c)).concat(["sw", "se"]);
  const PILE = corners[0];
  const INFO = corners[1];

  // ---- the table ----------------------------------------------------------------------

  function seatBox(view, name) {
    const box = el("div", "seat p-" + D.places[name]);
    box.dataset.seat = name;
    if (name === view.toMove) box.classList.add("to-move");
    if (name === view.taker) box.classList.add("taker");
    const head = el("div", "name");
    if (name === view.toMove) head.appendChild(el("span", "turn", "\u25cf "));
    head.appendChild(el("bdi", "", name));
    if (name === view.dealer) head.appendChild(el("span", "dealer", " " + L("D")));
    box.appendChild(head);
    const hand = view.hands.find((h) => h[0] === name);
    if (hand) box.appendChild(cards(hand[1], hand[2]));
    else if (view.hands.length) box.appendChild(el("div", "dim", L("sits out this hand")));
    const stats = [];
    if (name in view.tricks) stats.push(L("tricks") + " " + view.tricks[name]);
    if (name in view.points) stats.push(L("pts") + " " + view.points[name]);
    box.appendChild(el("div", "stats", stats.join(" \u00b7 ")));
    const total = el("div", "total");
    if (name in view.totals) {
      total.appendChild(el("span", "dim", L("total") + " "));
      total.appendChild(el("b", "", view.totals[name]));
    }
    if (view.marks[name]) total.appendChild(el("span", "mark", " " + view.marks[name]));
    box.appendChild(total);
    return box;
  }

  function trickBox(view) {
    const box = el("div", "trick");
    if (view.taker !== null) box.classList.add("taken");
    for (const [name, up, down] of view.trick) {
      const play = el("div", "play p-" + (D.places[name] || "s"));
      if (name === view.taker) play.classList.add("taker");
      const who = el("div", "who");
      who.appendChild(el("bdi", "", name));
      if (down.length) who.appendChild(el("span", "dim", " \u2193" + down.length));
      play.appendChild(who);
      play.appendChild(laid(up, down));
      box.appendChild(play);
    }
    if (view.taker !== null) {
      const t = el("div", "took");
      t.appendChild(document.createTextNode("\u2192 "));
      t.appendChild(el("bdi", "", view.taker));
      t.appendChild(document.createTextNode(" " + L("takes the trick")));
      box.appendChild(t);
    }
    return box;
  }

  function pileBox(view) {
    const box = el("div", "corner p-" + PILE);
    for (const [name, shown, count] of view.piles) {
      const p = el("div", "", L(name) + " " + (count === null ? "" : count));
      if (count === null) p.appendChild(cards(shown, 0));
      box.appendChild(p);
    }
    if (view.trump) {
      const p = el("div", "", L("trump") + " ");
      p.appendChild(el("span", "s" + view.trump, view.trump in SUIT ? SUIT[view.trump] + " " + L(NOUN[view.trump]) : L(view.trump)));
      box.appendChild(p);
    }
    return box;
  }

  function infoBox(view) {
    const box = el("div", "corner p-" + INFO);
    for (const [label, value] of view.lines) {
      const p = el("div");
      p.appendChild(el("span", "dim", L(label) + " "));
      p.appendChild(el("bdi", "", value));
      box.appendChild(p);
    }
    return box;
  }

  // ---- the panes ----------------------------------------------------------------------

  // Where each hand's steps are in a line (s[3] is a step's hand), found once per line.
  const spans = new Map();
  function spanOf(hand) {
    let map = spans.get(line);
    if (!map) {
      map = new Map();
      line.forEach((s, i) => {
        const span = map.get(s[3]);
        if (span) span[1] = i;
        else map.set(s[3], [i, i]);
      });
      spans.set(line, map);
    }
    return map.get(hand) || [0, -1];
  }

  function tricksOf(hand) {
    const out = [];
    let open = null;
    const [from, to] = spanOf(hand);
    for (let i = from; i <= to; i++) {
      const st = step(line[i]);
      if (st.kind !== "play") continue;
      if (open === null) {
        open = { number: st.trick, first: i, last: i, st: st };
        out.push(open);
      }
      open.last = i;
      open.st = st;
      if (closes(st)) open = null;
    }
    return out;
  }

  function fill(node, children) {
    node.replaceChildren(...children);
  }

  function render() {
    if (!line.length) {
      $("event").textContent = L("no moves in this record");
      return;
    }
    const st = step(line[index]);
    const view = st.view;
    const table = [];
    for (const name of D.seats) if (name in D.places) table.push(seatBox(view, name));
    table.push(trickBox(view), pileBox(view), infoBox(view));
    fill($("table"), table);

    const ev = $("event");
    ev.replaceChildren(said(st.said));
    for (const g of st.glyphs) ev.appendChild(el("b", "glyph", " " + g));
    if (closes(st)) {
      ev.appendChild(document.createTextNode("; "));
      ev.appendChild(el("bdi", "", view.taker));
      ev.appendChild(document.createTextNode(" " + L("takes the trick")));
    }
    if (st.kind === "error") ev.classList.add("error");
    else ev.classList.remove("error");

    // this event: comments, glyphs, variations, the diagnostic
    const notes = [];
    if (st.glyphs.length) notes.push(el("p", "glyph", L("glyphs:") + " " + st.glyphs.join(" ")));
    for (const n of st.notes) notes.push(el("p", "comment", n));
    if (st.error !== null) notes.push(el("pre", "diagnostic", st.error));
    if (!notes.length) notes.push(el("p", "dim", L("(no comments)")));
    fill($("notes"), notes);
    const vars = [];
    st.variations.forEach((v, k) => {
      if (!v.length) return;
      const b = el("button", "variation", L("variation {n}:", { n: k + 1 }) + " ");
      b.appendChild(said(step(v[0]).said));
      b.addEventListener("click", () => enter(k));
      vars.push(b);
    });
    if (stack.length) {
      const top = stack[stack.length - 1];
      const options = top.line[top.index][7].filter((v) => v.length).length;
      const back = el("button", "leave", L("in variation {k} of {n}: back (Esc)", { k: top.k + 1, n: options }));
      back.addEventListener("click", leave);
      vars.push(back);
    }
    fill($("variations"), vars);

    // calls of the hand
    const calls = [];
    const [from, to] = spanOf(st.hand);
    for (let i = from; i <= to; i++) {
      if (i > index && !spoilers) break; // a call still to come
      const c = step(line[i]);
      if (c.kind !== "deal" && c.kind !== "call") continue;
      const li = el("li");
      li.appendChild(said(c.said));
      for (const g of c.glyphs) li.appendChild(el("b", "glyph", " " + g));
      if (i === index) li.classList.add("current");
      if (i > index) li.classList.add("later");
      li.addEventListener("click", () => go(i));
      calls.push(li);
    }
    fill($("calls"), calls);

    // tricks of the hand
    const rows = [];
    tricksOf(st.hand).forEach((tr, k) => {
      if (tr.first > index && !spoilers) return; // a trick still to come
      const li = el("li");
      li.dataset.trick = String(tr.number === null ? k + 1 : tr.number);
      // a trick being played shows the cards played so far
      const shown = tr.last > index && !spoilers ? st : tr.st;
      shown.view.trick.forEach(([name, up, down], j) => {
        if (j) li.appendChild(document.createTextNode("  "));
        li.appendChild(el("bdi", "", name));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(laid(up, down));
      });
      if (shown.view.taker !== null) {
        li.appendChild(document.createTextNode(" \u2192 "));
        li.appendChild(el("bdi", "", shown.view.taker));
      }
      if (tr.first <= index && index <= tr.last) li.classList.add("current");
      if (tr.first > index) li.classList.add("later");
      li.addEventListener("click", () => go(tr.last));
      rows.push(li);
    });
    fill($("tricks"), rows);

    // the sheet: the hands finished by now (or all), the current hand's row marked; the
    // chart of the totals so far; the result once the game is over
    const done = spoilers ? Infinity : mainDone();
    $("sheet").querySelectorAll("tr[data-hand]").forEach((tr, k) => {
      tr.hidden = k >= done;
      tr.classList.toggle("current", tr.dataset.hand === String(st.hand));
    });
    const over = spoilers || (!stack.length && index === line.length - 1);
    $("result").textContent = over ? D.result : L("not yet");
    drawChart(done, st.hand);
    const button = $("spoilers");
    button.textContent = spoilers ? L("hide the rest") : L("show the rest");
    button.setAttribute("aria-pressed", String(spoilers));

    const where = [view.title, L("event {i} of {n}", { i: index + 1, n: line.length })];
    if (stack.length) where.push(L("variation depth {n}", { n: stack.length }));
    where.push(D.seat === null ? L("all cards") : L("as seen by {seat}", { seat: D.seat }));
    $("where").textContent = where.join(" \u00b7 ");
    const slider = $("slider");
    slider.max = String(line.length - 1);
    slider.value = String(index);
    if (!stack.length) {
      let hash = "#s" + index;
      if (closes(st) && st.hand !== null && st.trick !== null) hash = "#h" + st.hand + "t" + st.trick;
      else if (st.kind === "deal" && st.hand !== null) hash = "#h" + st.hand;
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }
  }

  // The hands finished on the main line by the step on screen (inside a variation: by the
  // move it branches from).
  function mainDone() {
    if (!stack.length) return step(line[index]).done;
    const root = stack[0];
    return step(root.line[root.index]).done;
  }

  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }

  // The running totals (chips, penalty points) after each hand finished so far, drawn at
  // the size the figure has, so that its words read at the page's own size.
  function drawChart(done, hand) {
    const fig = $("chart");
    const C = D.chart;
    const names = Object.keys(C.series);
    const count = Math.max(1, ...names.map((n) => C.series[n].length));
    const shown = Math.min(count, done + 1);
    const width = Math.max(240, Math.round(fig.clientWidth || 340));
    const height = Math.round(Math.min(320, Math.max(180, width * 0.6)));
    const left = 44, right = Math.min(120, Math.round(width * 0.34)), top = 14, bottom = 30;
    const values = [0, ...C.lines.map((l) => l[1])];
    for (const n of names) values.push(...C.series[n].slice(0, shown));
    let low = Math.min(...values), high = Math.max(...values);
    if (high === low) high = low + 1;
    const span = Math.max(shown - 1, 1);
    const x = (i) => left + ((width - left - right) * i) / span;
    const y = (v) => top + (height - top - bottom) * (1 - (v - low) / (high - low));
    const out = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: width, height: height, role: "img" });
    out.appendChild(svg("title", {}, L("{label} after each hand", { label: L(C.label) })));
    out.appendChild(svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), stroke: "#999" }));
    out.appendChild(svg("text", { x: left - 6, y: y(high) + 4, "text-anchor": "end" }, high));
    out.appendChild(svg("text", { x: left - 6, y: y(low) + 4, "text-anchor": "end" }, low));
    out.appendChild(svg("text", { x: (left + width - right) / 2, y: height - 8, "text-anchor": "middle" }, L(C.label)));
    const labels = []; // the words at the right end of each line, kept apart below
    for (const [name, value] of C.lines) {
      out.appendChild(svg("line", { x1: left, y1: y(value), x2: width - right, y2: y(value), stroke: "#555", "stroke-dasharray": "6 4" }));
      labels.push({ at: y(value) + 4, text: L(name) + " " + value, fill: "#555" });
    }
    names.forEach((name, k) => {
      const vs = C.series[name].slice(0, shown);
      const colour = COLOURS[k % COLOURS.length];
      out.appendChild(svg("polyline", { fill: "none", stroke: colour, "stroke-width": 2, points: vs.map((v, i) => x(i) + "," + y(v)).join(" ") }));
      if (vs.length) labels.push({ at: y(vs[vs.length - 1]) + 4, text: name + " " + vs[vs.length - 1], fill: colour });
    });
    labels.sort((a, b) => a.at - b.at);
    const gap = 14;
    labels.forEach((l, i) => { if (i && l.at < labels[i - 1].at + gap) l.at = labels[i - 1].at + gap; });
    const over = labels.length ? labels[labels.length - 1].at - (height - bottom + 4) : 0;
    for (const l of labels) {
      const at = Math.max(top, l.at - Math.max(0, over));
      out.appendChild(svg("text", { x: width - right + 4, y: at, fill: l.fill }, l.text));
    }
    const k = C.hands.indexOf(hand);
    if (k >= 0 && k + 1 < shown) {
      out.appendChild(svg("line", { id: "now", x1: x(k + 1), x2: x(k + 1), y1: top, y2: height - bottom, stroke: "#f2b134", "stroke-width": 3 }));
    }
    fig.replaceChildren(out);
  }

  // A player's cell: the running total (with its marks) in bold, the hand's score under
  // it, as a paper score sheet keeps them.
  function sheetCell(text, style) {
    const td = el("td", style || "");
    const m = style === "total" ? /^([+-]\d+) (.*)$/.exec(text) : null;
    if (!m) {
      td.textContent = text;
      return td;
    }
    td.appendChild(el("b", "", m[2]));
    td.appendChild(el("small", "score", m[1]));
    return td;
  }

  function sheet() {
    const t = el("table");
    const head = el("tr");
    for (const c of D.sheet.columns) head.appendChild(el("th", "", c));
    t.appendChild(head);
    for (const row of D.sheet.rows) {
      const tr = el("tr");
      tr.dataset.hand = row[0][0];
      for (const [text, style] of row) tr.appendChild(sheetCell(text, style));
      tr.addEventListener("click", () => goHand(Number(row[0][0])));
      t.appendChild(tr);
    }
    const foot = el("p", "dim", D.sheet.footer + "   " + L("result:") + " ");
    foot.appendChild(el("bdi", "", ""));
    foot.lastChild.id = "result";
    fill($("sheet"), [t, foot]);
  }

  // ---- moving -------------------------------------------------------------------------

  function go(i) {
    index = Math.max(0, Math.min(i, line.length - 1));
    render();
  }

  function goHand(number) {
    while (stack.length) leave(true);
    const i = line.findIndex((s) => s[3] === number);
    if (i >= 0) go(i);
  }

  function nextTrick(delta) {
    const hand = line[index][3];
    const rows = tricksOf(hand);
    if (delta > 0) {
      const later = rows.find((tr) => tr.last > index);
      if (later) return go(later.last);
      return nextHand(1);
    }
    const earlier = rows.filter((tr) => tr.last < index);
    if (earlier.length) return go(earlier[earlier.length - 1].last);
    return go(index - 1);
  }

  function nextHand(delta) {
    const hand = line[index][3];
    let i = index;
    if (delta > 0) {
      while (i + 1 < line.length && line[i + 1][3] === hand) i++;
      return go(i + 1);
    }
    while (i > 0 && line[i - 1][3] === hand) i--;
    if (i === index && i > 0) {
      i--;
      const prev = line[i][3];
      while (i > 0 && line[i - 1][3] === prev) i--;
    }
    return go(i);
  }

  function enter(k) {
    const vs = line[index][7];
    if (!vs[k] || !vs[k].length) return;
    stack.push({ line: line, index: index, k: k });
    line = vs[k];
    go(0);
  }

  function leave(quiet) {
    if (!stack.length) return;
    const top = stack.pop();
    line = top.line;
    index = top.index;
    if (quiet !== true) render();
  }

  function fromHash() {
    const h = location.hash;
    let m = /^#h(\d+)t(\d+)$/.exec(h);
    while (stack.length) leave(true);
    if (m) {
      const hand = Number(m[1]);
      const trick = Number(m[2]);
      const hit = tricksOf(hand).find((tr) => tr.number === trick);
      if (hit) return go(hit.last);
    }
    m = /^#h(\d+)$/.exec(h);
    if (m) return goHand(Number(m[1]));
    m = /^#s(\d+)$/.exec(h);
    if (m) return go(Number(m[1]));
    return go(index);
  }

  const buttons = {
    first: () => go(0), last: () => go(line.length - 1),
    prev: () => go(index - 1), next: () => go(index + 1),
    "prev-trick": () => nextTrick(-1), "next-trick": () => nextTrick(1),
    "prev-hand": () => nextHand(-1), "next-hand": () => nextHand(1),
  };
  buttons.spoilers = () => {
    spoilers = !spoilers;
    render();
  };
  for (const [id, f] of Object.entries(buttons)) $(id).addEventListener("click", f);
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(render, 100);
  });
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));

  const KEYS = {
    ArrowRight: buttons.next, ArrowLeft: buttons.prev,
    ArrowDown: buttons["next-trick"], ArrowUp: buttons["prev-trick"],
    PageDown: buttons["next-hand"], PageUp: buttons["prev-hand"],
    Home: buttons.first, End: buttons.last,
    Escape: () => leave(), v: () => enter(line[index][7].findIndex((v) => v.length)),
    f: buttons.spoilers,
  };
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.key !== "Escape" && e.target.type !== "range") return;
    const f = KEYS[e.key];
    if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      f();
    }
  });

  // a swipe on the table steps, as the arrows do
  let touchX = null;
  $("board").addEventListener("touchstart", (e) => { touchX = e.changedTouches[0].clientX; }, { passive: true });
  $("board").addEventListener("touchend", (e) => {
    if (touchX === null) return;
    const dx = e.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 40) go(index + (dx < 0 ? 1 : -1));
  });
  window.addEventListener("hashchange", fromHash);

  // ---- live (kozyr serve's watching page): news of each event reloads the data; a
  // reader on the last step follows the game, one looking back stays where he is.
  function follow(live) {
    // the page's own link (its key, its seat) asks for the news and the data
    const news = new EventSource(live.events + location.search);
    let loading = false;
    let again = false;
    async function reload() {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        const r = await fetch(live.data + location.search, { cache: "no-store", credentials: "same-origin" });
        if (r.ok) {
          const following = !stack.length && index >= line.length - 1;
          D = await r.json();
          V = D.values;
          while (stack.length) leave(true);
          line = D.steps;
          spans.clear();
          index = following ? Math.max(line.length - 1, 0) : Math.min(index, line.length - 1);
          sheet();
          render();
          document.documentElement.dataset.version = D.live.version;
        }
      } catch (e) {
        // the server is away: the next news (EventSource reconnects by itself) tries again
      } finally {
        loading = false;
        if (again) {
          again = false;
          reload();
        }
      }
    }
    news.onmessage = (e) => {
      if (e.data !== D.live.version) reload();
    };
    // Whether the board follows the game: said, so that a watcher never takes a board the
    // server no longer updates for the game as it is.
    const status = document.createElement("p");
    status.id = "live";
    status.setAttribute("role", "status");
    $("status").after(status);
    news.onopen = () => { status.textContent = L("live: the board follows the game"); status.className = ""; };
    news.onerror = () => {
      status.textContent = L("the server cannot be reached: this is the game as it was; the board follows again when the server is back");
      status.className = "away";
    };
    document.documentElement.dataset.version = live.version;
  }

  sheet();
  if (location.hash && !D.live) fromHash();
  else render();
  if (D.live) follow(D.live);
  document.documentElement.dataset.ready = String(performance.now());
})();
