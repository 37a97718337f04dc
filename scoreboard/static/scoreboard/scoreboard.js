// The scoreboard screen: polls the state URL every poll-ms, redraws only when the ETag
// changes (the server answers 304 otherwise), and keeps the last state shown while offline.
(function () {
  "use strict";
  var root = document.getElementById("tables");
  var status = document.getElementById("board-status");
  var queue = document.getElementById("board-waiting");
  var words = JSON.parse(document.getElementById("scoreboard-words").textContent);
  var url = root.getAttribute("data-state-url");
  var every = parseInt(root.getAttribute("data-poll-ms"), 10) || 1000;
  var etag = null;
  var SEAT_WINDS = ["E", "S", "W", "N"];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function tiles(list, className) {
    var box = el("span", className || "");
    list.forEach(function (tile) {
      var img = el("img");
      img.src = tile.src;
      img.alt = tile.code;
      img.title = tile.code;
      box.appendChild(img);
    });
    return box;
  }

  function signed(n) {
    return n > 0 ? "+" + n.toLocaleString() : n.toLocaleString();
  }

  function lastHand(hand) {
    var box = el("div", "last-hand");
    box.appendChild(el("div", "last-hand-head", words.last_hand + " · " + words.hand + " " + hand.number + " · " + hand.kind_label));
    box.appendChild(el("div", "last-hand-summary", hand.summary));
    hand.wins.forEach(function (win) {
      var yaku = win.yaku.map(function (line) { return line.name + (line.value ? " " + line.value : ""); });
      box.appendChild(el("div", "yaku", yaku.join(", ") + (win.value ? " — " + win.value : "") + (win.points ? " · " + win.points.toLocaleString() : "")));
      var row = el("div", "tiles");
      row.appendChild(tiles(win.hand));
      win.melds.forEach(function (meld) { row.appendChild(el("span", "gap")); row.appendChild(tiles(meld)); });
      if (win.win_tile.length) {
        row.appendChild(el("span", "gap"));
        var winTile = tiles(win.win_tile, "win-tile");
        winTile.title = words.won_on;
        row.appendChild(winTile);
      }
      box.appendChild(row);
    });
    if (hand.game_ends.length) box.appendChild(el("div", "game-over", words.game_over + ": " + hand.game_ends.join(", ")));
    return box;
  }

  function card(table) {
    var box = el("section", table.game_over ? "table-card table-over" : "table-card");
    box.setAttribute("data-session", table.session);
    var head = el("div", "table-head");
    head.appendChild(el("h2", "table-name", table.table));
    if (table.game_over) {
      // The game is over (the session waits for the staff to close it): no round, honba,
      // sticks or dealer, only the final standings in place order.
      head.appendChild(el("span", "table-game-over", words.game_over));
    } else {
      var round = table.round.wind_label + (table.round.hand ? " " + table.round.hand : "");
      head.appendChild(el("span", "table-round", round));
      head.appendChild(el("span", "table-sticks", table.honba + " " + words.honba + " · " + table.sticks + " " + words.sticks));
    }
    box.appendChild(head);
    box.appendChild(el("div", "table-ruleset", table.ruleset));
    if (table.game_over) box.appendChild(el("div", "standings-title", words.final_standings));
    var seats = el("table", "seats");
    var order = table.seats.slice();
    if (table.game_over) order.sort(function (a, b) { return a.place - b.place || a.seat - b.seat; });
    order.forEach(function (seat) {
      var row = el("tr", seat.dealer ? "seat seat-dealer" : "seat");
      row.setAttribute("data-seat", seat.seat);
      var players = table.seats.length;
      if (table.game_over) {
        row.appendChild(el("td", "seat-place", seat.place));
      } else {
        row.appendChild(el("td", "seat-wind", SEAT_WINDS[(seat.seat - table.dealer + players) % players]));
      }
      var name = el("td", "seat-name", seat.name);
      name.setAttribute("data-dealer", words.dealer);
      row.appendChild(name);
      row.appendChild(el("td", "seat-points", seat.points.toLocaleString()));
      row.appendChild(el("td", "seat-chips", seat.chips ? signed(seat.chips) + " " + words.chips : ""));
      seats.appendChild(row);
    });
    box.appendChild(seats);
    if (table.last_hand) box.appendChild(lastHand(table.last_hand));
    return box;
  }

  function waiting(list) {
    var fresh = document.createDocumentFragment();
    (list || []).forEach(function (game) {
      var item = el("li", "waiting-game");
      item.appendChild(el("span", "waiting-title", game.game));
      item.appendChild(el("span", "waiting-count", words.waiting + ": " + game.count));
      if (game.names.length) item.appendChild(el("span", "waiting-names", game.names.join(", ")));
      fresh.appendChild(item);
    });
    queue.replaceChildren(fresh);
  }

  function draw(state) {
    waiting(state.waiting);
    var fresh = document.createDocumentFragment();
    if (!state.tables.length) fresh.appendChild(el("p", "no-tables", words.no_tables));
    state.tables.forEach(function (table) { fresh.appendChild(card(table)); });
    root.replaceChildren(fresh);
    root.setAttribute("data-etag", etag || "");
  }

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(url, { headers: headers, cache: "no-store", credentials: "omit" })
      .then(function (response) {
        status.hidden = true;
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("HTTP " + response.status);
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (state) { if (state) draw(state); })
      .catch(function () { status.hidden = false; })
      .then(function () { window.setTimeout(poll, every); });
  }

  poll();
})();
