// The table's page: its token comes from the address's fragment (never sent to the server
// by the browser), is kept for this tab, and goes with every request as a bearer header
// and to the event stream as ?token= (EventSource cannot send headers).
(function () {
  const main = document.querySelector("main[data-table]");
  const table = main.dataset.table;
  const key = "fracas:" + table;
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || sessionStorage.getItem(key);
  if (!token) {
    main.innerHTML = "<p class='error'>This link has no token: open the link the GM gave you.</p>";
    return;
  }
  sessionStorage.setItem(key, token);
  // The GM's tables on this device (issue 33): the start page lists them, so that a closed
  // tab does not lose a table. Kept in this browser only, as the link the GM was given.
  function remember() {
    const bar = document.querySelector("#panel .bar");
    if (!bar || !bar.querySelector(".you") || bar.querySelector(".you").textContent.trim() !== "GM") return;
    const known = JSON.parse(localStorage.getItem("fracas:tables") || "{}");
    known[table] = { title: bar.querySelector("h1").textContent, token: token, at: Date.now() };
    localStorage.setItem("fracas:tables", JSON.stringify(known));
  }
  // New buttons answer at once: htmx wires swapped-in content when it settles, 20 ms later
  // by default, and a key pressed in between would be lost.
  htmx.config.defaultSettleDelay = 0;
  document.body.addEventListener("htmx:configRequest", function (e) {
    e.detail.headers["Authorization"] = "Bearer " + token;
    // A refresh says what the panel shows: the server answers 204 (nothing to swap) when
    // nothing changed, so a button is never replaced under a finger for nothing.
    const shown = document.querySelector("#panel .panel");
    if (e.detail.verb === "get" && shown) {
      e.detail.headers["X-Fracas-Shown"] = shown.dataset.position + "." + shown.dataset.events;
    }
  });
  // "Your turn" (issue 33): a player's question puts it in the tab's title, and the phone
  // buzzes once for each new question where the browser allows it.
  const title = document.title;
  let buzzed = "";
  function yourTurn() {
    const asked = document.querySelector("#panel .question[data-yours]");
    document.title = asked ? "● Your turn — " + title : title;
    if (asked && asked.dataset.question !== buzzed) {
      buzzed = asked.dataset.question;
      if (navigator.vibrate) navigator.vibrate(200);
    }
  }
  // The option that had the keyboard's focus keeps it when the panel is drawn anew for the
  // same question (the odds filled in, a player's seat taken): a redraw between a pick on the
  // map and the Enter that takes it would otherwise send the key nowhere.
  let focused = { question: "", option: "" };
  document.body.addEventListener("htmx:beforeSwap", function () {
    const el = document.activeElement;
    const button = el && el.closest ? el.closest("#panel .options button[data-option]") : null;
    const question = document.querySelector("#panel .question");
    focused = button && question
      ? { question: question.dataset.question || "", option: button.dataset.option || "" }
      : { question: "", option: "" };
  });
  function refocus() {
    const question = document.querySelector("#panel .question");
    if (!focused.option || !question || question.dataset.question !== focused.question) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const button = question.querySelector(".options button[data-option='" + CSS.escape(focused.option) + "']");
    if (button) button.focus();
  }
  // The save link is a download: it carries the token in its query.
  document.body.addEventListener("htmx:afterSwap", function () {
    yourTurn();
    keepOpen();
    remap();
    refocus();
    remember();
    document.querySelectorAll("a[data-token-link]").forEach(function (a) {
      const url = new URL(a.getAttribute("href"), location.href);
      url.searchParams.set("token", token);
      a.href = url.toString();
    });
    const log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight;
  });
  const live = document.getElementById("live");
  live.setAttribute("sse-connect", "/play/" + table + "/stream?token=" + encodeURIComponent(token));
  htmx.process(live);
  htmx.trigger("#panel", "fracas:ready");
  // The map (issue 33): a token or zone that options of the open question are about picks
  // the option (several: they are marked and the first takes the focus); any token shows its
  // card below the map (a tap on a phone, where there is no hover).
  // What the map showed (a token's card, the options marked) is shown again when the panel
  // is drawn anew for the same question.
  let carded = "";
  let marked = { question: "", picks: "" };
  function showCard(id) {
    const token = document.querySelector("#panel svg.map .token[data-id='" + CSS.escape(id) + "']");
    const card = document.querySelector("#panel .map-card");
    if (!token || !card) return;
    card.textContent = token.dataset.card;
    card.hidden = false;
  }
  function mark(picks, focus) {
    const panel = document.getElementById("panel");
    const buttons = picks.split(" ").map(function (i) {
      return panel.querySelector(".options button[data-option='" + i + "']");
    }).filter(Boolean);
    buttons.forEach(function (b) { b.classList.add("picked"); });
    if (focus && buttons.length) buttons[0].focus();
    return buttons;
  }
  function pickOnMap(el) {
    const token = el.closest(".token");
    if (token) { carded = token.dataset.id; showCard(carded); }
    if (!el.dataset.picks) return;
    document.querySelectorAll("#panel .options button.picked").forEach(function (b) { b.classList.remove("picked"); });
    const question = document.querySelector("#panel .question");
    const buttons = mark(el.dataset.picks, true);
    if (buttons.length === 1) { buttons[0].click(); return; }
    marked = { question: question ? question.dataset.question || "" : "", picks: el.dataset.picks };
  }
  function remap() {
    if (carded) showCard(carded);
    const question = document.querySelector("#panel .question");
    if (question && marked.picks && question.dataset.question === marked.question) mark(marked.picks, false);
  }
  // The roll history's filter: only the rolls of the combatant chosen. It and the sections
  // opened (the rolls, a card's edits) stay as they were when the panel is drawn again.
  function filterRolls() {
    const select = document.querySelector("#panel select.roll-filter");
    if (!select) return;
    const by = sessionStorage.getItem(key + ":rolls-of") || "";
    if (Array.prototype.some.call(select.options, function (o) { return o.value === by; })) select.value = by;
    document.querySelectorAll("#panel .roll-list li").forEach(function (li) {
      li.hidden = select.value !== "" && li.dataset.by !== select.value;
    });
  }
  function keepOpen() {
    document.querySelectorAll("#panel details[data-keep]").forEach(function (d) {
      if (sessionStorage.getItem(key + ":open:" + d.dataset.keep)) d.open = true;
    });
    filterRolls();
  }
  document.addEventListener("toggle", function (e) {
    const d = e.target;
    if (!d.dataset || !d.dataset.keep) return;
    if (d.open) sessionStorage.setItem(key + ":open:" + d.dataset.keep, "1");
    else sessionStorage.removeItem(key + ":open:" + d.dataset.keep);
  }, true);
  document.addEventListener("change", function (e) {
    if (!e.target.matches || !e.target.matches("#panel select.roll-filter")) return;
    sessionStorage.setItem(key + ":rolls-of", e.target.value);
    filterRolls();
  });
  document.addEventListener("click", function (e) {
    const el = e.target.closest && e.target.closest("#panel svg.map [data-picks], #panel svg.map .token");
    if (el) pickOnMap(el);
  });
  document.addEventListener("keydown", function (e) {
    const el = e.target.closest && e.target.closest("#panel svg.map [data-picks], #panel svg.map .token");
    if (el && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pickOnMap(el); }
  });
  // Keyboard: digits answer, u undoes, s starts (whatever the panel marks with data-key).
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // In a die's box the digits are the face: Escape leaves the box, and the other keys
    // (u for undo…) work as anywhere on the page.
    const face = e.target.closest("input[name=face]");
    if (face && e.key === "Escape") { face.blur(); return; }
    if (face && /^[0-9]$/.test(e.key)) return;
    if (!face && e.target.closest("input, textarea, select")) return;
    // The last one wins: a confirmation shown below its button takes the same key.
    const buttons = document.querySelectorAll("#panel [data-key='" + e.key + "']");
    const button = buttons[buttons.length - 1];
    if (button) { e.preventDefault(); button.click(); }
  });
})();
