// kozyr serve: the recording page.  It shows what the server's recorder asks (the prompt,
// a button for each legal move, the answer Enter gives, the score-sheet form, the words an
// event may hold) and posts each entry with the version it was made on.  Every text is
// put on the page with textContent, never as HTML.
"use strict";
(function () {
  const C = JSON.parse(document.getElementById("kozyr-serve").textContent);
  // The page's own words in the language the server chose for this phone (C.words: the
  // English text to its translation) and the rank letters its players write (C.ranks).
  const W = C.words || {};
  const t = (s) => W[s] || s;
  const RANK = C.ranks || {};
  const SUIT = { S: "\u2660", C: "\u2663", D: "\u2666", H: "\u2665" };
  const CARD = /^(10|[2-9TJQKA])([SCDH])$/;
  const $ = (id) => document.getElementById(id);
  let S = null; // the state shown
  let busy = false;
  // A tap in the first moments after the buttons were redrawn for a new position is not
  // taken: the finger meant the button that was there before (a double tap, or another
  // phone's entry arriving just before the tap).
  const SETTLE_MS = 350;
  let drawnVersion = null;
  let settleTimer = null;
  let confirmUndo = null;
  const stored = (() => { try { return localStorage.getItem("kozyr-mode:" + location.pathname); } catch (e) { return null; } })();
  let mode = new URLSearchParams(location.search).get("mode") || stored || "full";

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // A text with its cards written with suit symbols (each word that is a card).
  function said(text, into) {
    const words = String(text).split(" ");
    words.forEach((w, i) => {
      if (i) into.appendChild(document.createTextNode(" "));
      const m = CARD.exec(w);
      if (m) into.appendChild(el("span", "s" + m[2], (RANK[m[1]] || m[1]) + SUIT[m[2]]));
      else into.appendChild(document.createTextNode(w));
    });
    return into;
  }

  function message(text, cls) {
    const m = $("message");
    m.textContent = text || "";
    m.className = cls || "";
  }

  function setMode(m) {
    mode = m;
    try { localStorage.setItem("kozyr-mode:" + location.pathname, m); } catch (e) { /* private browsing */ }
    document.body.classList.toggle("sheet", m === "sheet");
    $("mode").setAttribute("aria-pressed", String(m === "sheet"));
    $("compose").classList.remove("open");
    if (S) render();
  }

  // While the buttons settle after a new position, they do not take taps.
  function settle() {
    document.body.classList.add("settling");
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      document.body.classList.remove("settling");
      settleTimer = null;
      if (S) render();
    }, SETTLE_MS);
  }

  function render() {
    if (S.version !== drawnVersion) {
      if (drawnVersion !== null) settle();
      drawnVersion = S.version;
    }
    const settling = settleTimer !== null;
    document.documentElement.dataset.version = S.version;
    $("meta").textContent = S.title + " \u00b7 " + S.players.join(", ");
    $("undo").disabled = !S.can_undo || busy || settling;
    // a save that failed (the record is kept on the server; the next event saves again),
    // or a file another program changed: the game is saved under a new name
    $("unsaved").textContent = S.unsaved ? S.messages.join("\n") : "";
    $("saveas").hidden = !S.changed;
    $("ended").textContent = S.ended || "";
    const text = $("text");
    text.textContent = S.text;
    text.scrollTop = text.scrollHeight;
    const choices = $("choices");
    const tally = $("tally");
    if (S.over !== null) {
      $("prompt").textContent = t("the game is over: {result}").replace("{result}", S.over);
      choices.replaceChildren();
      tally.replaceChildren();
      tally.dataset.key = "";
      $("words").replaceChildren();
      $("compose").hidden = true;
      return;
    }
    $("compose").hidden = false;
    $("prompt").replaceChildren(said(S.prompt, el("span")));
    const buttons = [];
    const drawnFor = S.version;
    if (S.enter) {
      const b = said(S.enter.label, el("button", "enter"));
      b.dataset.answer = "";
      b.addEventListener("click", () => send({ answer: "" }, drawnFor));
      buttons.push(b);
    }
    for (const c of S.choices) {
      const b = said(c.label, el("button", "choice" + (c.note ? " losing" : "")));
      b.dataset.event = c.event;
      if (c.note) b.appendChild(el("small", "", c.note));
      b.addEventListener("click", () => send({ event: c.event }, drawnFor));
      buttons.push(b);
    }
    if (S.staged) buttons.push(...stagedButtons(drawnFor));
    choices.replaceChildren(...buttons);
    const what = t(S.choices.length || S.enter ? "or end the hand as a score sheet keeps it:" : "the hand as a score sheet keeps it:") + " ";
    const key = S.tally ? what + S.tally.word + "\u0000" + S.tally.names.join("\u0000") : "";
    if (tally.dataset.key !== key) {  // the numbers typed so far stay while the form does
      tally.dataset.key = key;
      const fields = [];
      if (S.tally) {
        fields.push(el("h3", "", what + S.tally.word));
        // in seat order, as the players sit (the entry sends them in the question's order)
        const order = S.players.filter((n) => S.tally.names.includes(n));
        order.forEach((n) => {
          const i = S.tally.names.indexOf(n);
          const label = el("label", "", n);
          const input = el("input");
          input.type = "number";
          input.inputMode = "numeric";
          input.step = "1";
          input.required = true;
          input.name = "n" + i;
          input.dataset.player = n;
          label.appendChild(input);
          fields.push(label);
        });
        const b = el("button", "", t("enter") + " " + S.tally.word);
        b.type = "submit";
        fields.push(b);
      }
      tally.replaceChildren(...fields);
    }
    renderWords();
    for (const b of document.querySelectorAll("#choices button, #tally button, #send")) b.disabled = busy || settling;
  }

  // Many moves made of parts (give Boris 9S, Vera JS): a button for each part that can
  // come next; the parts chosen so far stand first, and tapping them takes the last back.
  let staged = [];
  let stagedFor = null;
  function stagedButtons(drawnFor) {
    if (stagedFor !== S.version) { staged = []; stagedFor = S.version; }
    const head = S.staged.head + " ";
    const parts = S.staged.events.map((e) => e.slice(head.length).split(", "));
    const fits = parts.filter((p) => staged.every((x, i) => p[i] === x));
    const out = [];
    if (staged.length) {
      const b = said(staged.join(", ") + " \u232b", el("button", "staged"));
      b.addEventListener("click", () => { staged.pop(); render(); });
      out.push(b);
    }
    const next = [...new Set(fits.map((p) => p[staged.length]))];
    for (const part of next) {
      const b = said(part, el("button", "choice part"));
      b.dataset.part = part;
      b.addEventListener("click", () => {
        staged.push(part);
        const whole = fits.find((p) => p.length === staged.length && staged.every((x, i) => p[i] === x));
        if (whole) {
          const event = head + staged.join(", ");
          staged = [];
          send({ event: event }, drawnFor);
        } else render();
      });
      out.push(b);
    }
    return out;
  }

  // The words an answer here may hold, as chips that type them (a card typed already is
  // greyed out).
  function renderWords() {
    if (!S || S.over !== null) return;
    const words = $("words");
    // The composer is open where no button covers the event (a deal, a draw, in full
    // mode), else behind one button: the cards are typed only when they must be.
    const compose = $("compose");
    const open = compose.classList.contains("open") || (mode === "full" && !S.choices.length && !S.staged);
    $("typed").hidden = !open;
    if (!open) {
      const opener = el("button", "word", t("type an event\u2026"));
      opener.type = "button";
      opener.id = "open-compose";
      opener.addEventListener("click", () => {
        compose.classList.add("open");
        renderWords();
      });
      words.replaceChildren(opener);
      return;
    }
    const chips = [];
    const typed = $("answer").value.split(" ");
    const add = (w) => {
      const m = CARD.exec(w);
      const b = m ? el("button", "s" + m[2], (RANK[m[1]] || m[1]) + SUIT[m[2]]) : el("button", "word", w);
      b.type = "button";
      b.dataset.word = w;
      if (m && typed.includes(w)) b.disabled = true;
      b.addEventListener("click", () => put(w));
      chips.push(b);
    };
    for (const w of S.words) add(w);
    for (const w of ["/", ","]) add(w);
    const back = el("button", "word", "\u232b");
    back.type = "button";
    back.title = t("take the last word back");
    back.addEventListener("click", () => {
      const a = $("answer");
      a.value = a.value.trim().split(" ").slice(0, -1).join(" ");
      renderWords();
    });
    chips.push(back);
    words.replaceChildren(...chips);
  }

  // A word tapped into the answer: a seat's or the talon's cards ("Boris:") after another
  // part start with "/", a comma goes right after the word before it.
  function put(w) {
    const a = $("answer");
    let v = a.value.trim();
    if (w.endsWith(":") && v && !v.endsWith("/")) v += " /";
    if (w === ",") v += ",";
    else v = v ? v + " " + w : w;
    a.value = v;
    renderWords();
  }

  // One entry, made on the position the tapped button was drawn for (``drawnFor``): a
  // button of an older position is not taken here, and the server refuses an entry made on
  // a version it has moved on from.
  async function send(entry, drawnFor) {
    if (busy || !S || settleTimer !== null) return;
    const version = drawnFor === undefined ? S.version : drawnFor;
    if (version !== S.version) return;
    busy = true;
    render();
    entry.version = version;
    let reply = null;
    let status = 0;
    try {
      const r = await fetch(C.entry, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(entry),
        credentials: "same-origin",
      });
      status = r.status;
      reply = await r.json();
    } catch (e) {
      message(t("the server cannot be reached; nothing was entered. Try again."), "refused");
    }
    busy = false;
    if (reply && reply.state) S = reply.state;
    if (status === 200) {
      message("", "");
      $("answer").value = "";
      $("compose").classList.remove("open");
    } else if (status === 409) {
      message(reply.moved, "moved");
    } else if (reply && reply.error) {
      const legal = reply.legal && reply.legal.length ? "\n" + t("legal:") + " " + reply.legal.join(", ") : "";
      message(reply.error + legal, "refused");
    }
    if (reply && reply.goto) {  // saved under a new name: its own recording link
      location.assign(reply.goto);
      return;
    }
    if (S) render();
    if (status !== 200) $("message").scrollIntoView({ block: "nearest" });
  }

  async function refresh() {
    try {
      const r = await fetch(C.state, { cache: "no-store", credentials: "same-origin" });
      const data = await r.json();
      if (!r.ok) {
        message(data.error || t("this game cannot be shown"), "refused");
        return;
      }
      S = data;
      render();
    } catch (e) {
      message(t("the server cannot be reached"), "refused");
    }
  }

  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ answer: $("answer").value });
  });
  $("tally").addEventListener("submit", (e) => {
    e.preventDefault();
    // in the order the question names the players (the form shows them in seat order)
    const typed = {};
    for (const i of $("tally").querySelectorAll("input")) typed[i.dataset.player] = Number(i.value);
    const numbers = S.tally.names.map((n) => typed[n]);
    if (numbers.some((n) => !Number.isInteger(n))) {
      message(t("a whole number for each player"), "refused");
      return;
    }
    send({ tally: numbers });
  });
  // Undo asks once more: the first tap says what would be taken back, a second within
  // four seconds takes it.
  $("undo").addEventListener("click", () => {
    if (confirmUndo === null) {
      $("undo").textContent = t("undo: sure?");
      $("undo").classList.add("confirm");
      confirmUndo = setTimeout(resetUndo, 4000);
      return;
    }
    resetUndo();
    send({ undo: true });
  });
  function resetUndo() {
    clearTimeout(confirmUndo);
    confirmUndo = null;
    $("undo").textContent = t("undo");
    $("undo").classList.remove("confirm");
  }
  $("saveas").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ save_as: $("newname").value });
  });
  $("mode").addEventListener("click", () => setMode(mode === "sheet" ? "full" : "sheet"));
  $("answer").addEventListener("input", () => renderWords());
  $("board").href = C.watch;

  // Another phone's entry (or this one's) changes the version: the page shows the new state.
  const news = new EventSource(C.events);
  news.onmessage = (e) => {
    if (!busy && S && e.data !== S.version) refresh();
  };
  news.onerror = () => message(t("the server cannot be reached; nothing can be entered until it is back"), "refused");
  news.onopen = () => { if ($("message").textContent.startsWith(t("the server cannot be reached"))) message("", ""); };

  setMode(mode === "sheet" ? "sheet" : "full");
  refresh().then(() => { document.documentElement.dataset.ready = "1"; });
})();
