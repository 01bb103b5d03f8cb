// The start page: the tables this device opened as their GM (fracas.js keeps them), newest
// first, each a link to its GM screen; "forget" drops one from the list (the table stays on
// the server).
(function () {
  const list = document.getElementById("my-tables");
  if (!list) return;
  function draw() {
    const known = JSON.parse(localStorage.getItem("fracas:tables") || "{}");
    const ids = Object.keys(known).sort(function (a, b) { return known[b].at - known[a].at; });
    list.replaceChildren();
    ids.forEach(function (id) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "/play/" + encodeURIComponent(id) + "#token=" + encodeURIComponent(known[id].token);
      a.textContent = known[id].title || id;
      const forget = document.createElement("button");
      forget.type = "button";
      forget.textContent = "forget";
      forget.addEventListener("click", function () {
        delete known[id];
        localStorage.setItem("fracas:tables", JSON.stringify(known));
        draw();
      });
      li.append(a, " ", forget);
      list.append(li);
    });
    document.getElementById("my-tables-section").hidden = ids.length === 0;
  }
  draw();
})();
