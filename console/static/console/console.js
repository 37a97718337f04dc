// The table console: seat and kind buttons, the tile picker and the mpsz keys, over the hand form.
// Every control writes into the form's own fields (which work without this script), then
// fires "input" so hand_entry.js previews the hand. The last tile put in the hand is the
// winning tile, unless the winning tile field was typed into.
"use strict";
(function () {
  const SUITS = "mpsz";

  function parseTiles(text) {
    // "234m0p5z" -> ["2m","3m","4m","0p","5z"]; digits waiting for their suit are left out.
    const tiles = [];
    let digits = "";
    for (const ch of text.toLowerCase()) {
      if (ch >= "0" && ch <= "9") digits += ch;
      else if (SUITS.indexOf(ch) >= 0) {
        for (const d of digits) tiles.push(d + ch);
        digits = "";
      }
    }
    return tiles;
  }

  function order(code) {
    const rank = code[0] === "0" ? 5.5 : Number(code[0]);
    return SUITS.indexOf(code[1]) * 10 + rank;
  }

  function mpsz(codes) {
    // Consecutive tiles of one suit share its letter: ["2m","3m","4p"] -> "23m4p".
    let text = "";
    codes.forEach(function (code, i) {
      text += code[0];
      if (i === codes.length - 1 || codes[i + 1][1] !== code[1]) text += code[1];
    });
    return text;
  }

  function sorted(codes) {
    return codes.slice().sort(function (a, b) { return order(a) - order(b); });
  }

  function meldTiles(kind, code, reds) {
    // One tap makes the whole meld: chi from its lowest tile, pon three copies, kans four.
    const digit = code[0] === "0" ? 5 : Number(code[0]);
    const suit = code[1];
    if (kind === "chi") {
      if (suit === "z" || digit > 7) return null;
      return [code, (digit + 1) + suit, (digit + 2) + suit];
    }
    const plain = digit + suit;
    const copies = kind === "pon" ? 3 : 4;
    const tiles = [code];
    while (tiles.length < copies) tiles.push(plain);
    // A kan of fives takes the red five too where the game plays one.
    if (copies === 4 && digit === 5 && code[0] !== "0" && reds.indexOf("0" + suit) >= 0) tiles[3] = "0" + suit;
    return tiles;
  }

  function Console(form) {
    const field = function (name) { return form.elements.namedItem(name); };
    const hand = field("win0-hand");
    const winTile = field("win0-win_tile");
    const melds = field("win0-melds");
    const lines = {dora: field("hand-dora_indicators"), ura: field("hand-ura_indicators"), nuki: field("win0-nuki")};
    const specialBoxes = Array.from(form.querySelectorAll("input[name='win0-specials']"));
    const reds = Array.from(form.querySelectorAll(".picker-tile[data-tile^='0']")).map(function (b) { return b.dataset.tile; });
    const handLine = document.getElementById("console-hand");
    const extrasLine = document.getElementById("console-extras");
    const keys = document.getElementById("console-keys");
    const tileUrl = form.dataset.tileUrl;
    const state = {hand: [], melds: [], dora: [], ura: [], nuki: [], target: "hand", winTyped: false, keysBase: null};

    function changed(input) {
      if (input) input.dispatchEvent(new Event("input", {bubbles: true}));
    }

    function load() {
      const specials = specialBoxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
      state.hand = parseTiles(hand ? hand.value : "").map(function (code) { return {code: code, special: ""}; });
      specials.forEach(function (name) {
        const code = name.split("_")[1];
        const item = state.hand.slice().reverse().find(function (t) { return t.code === code && !t.special; });
        if (item) item.special = name;
      });
      if (hand && winTile && winTile.value) {
        // A bound form: put its winning tile last, so the line shows it where taps would.
        const at = state.hand.map(function (t) { return t.code; }).lastIndexOf(winTile.value);
        if (at >= 0) state.hand.push(state.hand.splice(at, 1)[0]);
      }
      state.melds = [];
      const meldText = melds ? melds.value.toLowerCase() : "";
      const pattern = /(chi|pon|minkan|kakan|ankan)\s*[:=]?\s*([0-9mpsz]+)/g;
      let found;
      while ((found = pattern.exec(meldText)) !== null) state.melds.push({kind: found[1], tiles: parseTiles(found[2])});
      Object.keys(lines).forEach(function (name) { state[name] = parseTiles(lines[name] ? lines[name].value : ""); });
    }

    function writeHand() {
      if (!hand) return;
      const codes = state.hand.map(function (t) { return t.code; });
      const last = codes.length ? codes[codes.length - 1] : "";
      hand.value = mpsz(sorted(codes.slice(0, -1))) + (last ? last : "");
      if (winTile && !state.winTyped) winTile.value = last;
      specialBoxes.forEach(function (box) {
        box.checked = state.hand.some(function (t) { return t.special === box.value; });
      });
      changed(hand);
    }

    function writeMelds() {
      if (!melds) return;
      melds.value = state.melds.map(function (m) { return m.kind + " " + mpsz(m.tiles); }).join(", ");
      changed(melds);
    }

    function writeLine(name) {
      if (!lines[name]) return;
      lines[name].value = mpsz(state[name]);
      changed(lines[name]);
    }

    function tileImage(code, title) {
      const img = document.createElement("img");
      img.src = tileUrl + code + ".svg";
      img.alt = code;
      img.title = title || code;
      return img;
    }

    function tileButton(code, onTap, title) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.tile = code;
      button.appendChild(tileImage(code, title));
      button.addEventListener("click", onTap);
      return button;
    }

    function render() {
      handLine.replaceChildren();
      const last = state.hand.length - 1;
      const rest = state.hand.map(function (t, i) { return {t: t, i: i}; }).slice(0, -1)
        .sort(function (a, b) { return order(a.t.code) - order(b.t.code); });
      const removeAt = function (index) { return function () { state.hand.splice(index, 1); writeHand(); render(); }; };
      rest.forEach(function (item) { handLine.appendChild(tileButton(item.t.code, removeAt(item.i), item.t.special)); });
      if (last >= 0) {
        const win = tileButton(state.hand[last].code, removeAt(last), state.hand[last].special);
        win.className = "win-tile";
        handLine.appendChild(win);
      }
      state.melds.forEach(function (meld, index) {
        const group = document.createElement("span");
        group.className = "group";
        group.title = meld.kind;
        meld.tiles.forEach(function (code) {
          group.appendChild(tileButton(code, function () { state.melds.splice(index, 1); writeMelds(); render(); }));
        });
        handLine.appendChild(group);
      });
      extrasLine.replaceChildren();
      form.querySelectorAll("button.target").forEach(function (button) {
        const name = button.dataset.target;
        if (!state[name] || !state[name].length || name === "hand" || name === "melds") return;
        const label = document.createElement("span");
        label.className = "group-label";
        label.textContent = button.textContent;
        extrasLine.appendChild(label);
        state[name].forEach(function (code, index) {
          extrasLine.appendChild(tileButton(code, function () { state[name].splice(index, 1); writeLine(name); render(); }));
        });
      });
      form.querySelectorAll(".picker-tile[data-special]").forEach(function (button) {
        button.disabled = state.hand.some(function (t) { return t.special === button.dataset.special; });
      });
      form.querySelectorAll("button.target").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.dataset.target === state.target));
      });
    }

    function tap(code, special) {
      const target = state.target;
      if (target === "hand") {
        state.hand.push({code: code, special: special || ""});
        writeHand();
      } else if (lines[target] !== undefined) {
        state[target].push(code);
        writeLine(target);
        if (target !== "nuki") state.target = "hand";  // one indicator a tap of Dora or Ura
      } else {
        const tiles = meldTiles(target, code, reds);
        if (!tiles) return;
        state.melds.push({kind: target, tiles: tiles});
        writeMelds();
        state.target = "hand";
      }
      render();
    }

    form.addEventListener("click", function (event) {
      const button = event.target.closest("button");
      if (!button || !form.contains(button)) return;
      if (button.classList.contains("picker-tile")) tap(button.dataset.tile, button.dataset.special);
      else if (button.classList.contains("target")) { state.target = button.dataset.target; render(); }
      else if (button.dataset.tool === "undo") {
        if (state.target === "hand" || !state[state.target]) { state.hand.pop(); writeHand(); }
        else if (lines[state.target] !== undefined) { state[state.target].pop(); writeLine(state.target); }
        render();
      } else if (button.dataset.tool === "clear") {
        state.hand = []; state.melds = []; state.dora = []; state.ura = []; state.nuki = [];
        state.winTyped = false;
        writeHand(); writeMelds(); Object.keys(lines).forEach(writeLine);
        render();
      }
    });

    if (winTile) winTile.addEventListener("input", function (event) {
      if (event.isTrusted) state.winTyped = winTile.value !== "";
    });
    [hand, melds, lines.dora, lines.ura, lines.nuki].forEach(function (input) {
      if (input) input.addEventListener("input", function (event) {
        if (!event.isTrusted) return;  // our own writes
        load();
        if (input === hand && winTile && !state.winTyped) {
          const codes = parseTiles(hand.value);
          winTile.value = codes.length ? codes[codes.length - 1] : "";
        }
        render();
      });
    });

    if (keys) {
      // Typing: "234m345p456s2388s4s" fills the hand, the last tile typed is the winning tile.
      keys.addEventListener("focus", function () {
        if (lines[state.target] === undefined) state.target = "hand";
        state.keysBase = state.target === "hand" ? state.hand.slice() : state[state.target].slice();
        render();
      });
      keys.addEventListener("input", function () {
        const typed = parseTiles(keys.value);
        if (state.target === "hand") {
          state.hand = state.keysBase.concat(typed.map(function (code) { return {code: code, special: ""}; }));
          writeHand();
        } else {
          state[state.target] = state.keysBase.concat(typed);
          writeLine(state.target);
        }
        render();
      });
      keys.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        keys.value = "";
        state.keysBase = state.target === "hand" ? state.hand.slice() : state[state.target].slice();
        const save = document.getElementById("save-hand");
        const button = save && !save.hidden ? save : form.querySelector("[name='_preview']");
        if (button) button.click();
      });
    }

    load();
    render();
  }

  function choices(form) {
    // A choice button sets (or, tapped again, clears) its field: a select or a group of boxes.
    function inputsOf(name) {
      return Array.from(form.querySelectorAll("[name='" + name + "']"));
    }
    function isOn(button) {
      return inputsOf(button.dataset.field).some(function (input) {
        if (input.tagName === "SELECT") return input.value === button.dataset.value;
        return input.value === button.dataset.value && input.checked;
      });
    }
    function sync() {
      form.querySelectorAll("button.choice").forEach(function (button) {
        button.setAttribute("aria-pressed", String(isOn(button)));
      });
    }
    form.addEventListener("click", function (event) {
      const button = event.target.closest("button.choice");
      if (!button) return;
      const value = button.dataset.value;
      inputsOf(button.dataset.field).forEach(function (input) {
        if (input.tagName === "SELECT") {
          const clearable = Array.from(input.options).some(function (o) { return o.value === ""; });
          // Tapped again: cleared (a discarder back to tsumo), but a winner stays chosen.
          const sticky = button.dataset.sticky !== undefined;
          input.value = input.value === value && clearable && !sticky ? "" : value;
        } else if (input.value === value) {
          input.checked = !input.checked;
        } else return;
        input.dispatchEvent(new Event("change", {bubbles: true}));
        input.dispatchEvent(new Event("input", {bubbles: true}));
      });
      sync();
    });
    form.addEventListener("change", sync);
    sync();
  }

  document.addEventListener("DOMContentLoaded", function () {
    const form = document.querySelector("form.hand-console");
    if (!form) return;
    const all = document.getElementById("all-fields");
    if (all && !form.querySelector(".errorlist")) all.open = false;  // open with no script, or errors
    choices(form);
    Console(form);
    form.dataset.ready = "1";  // for the browser tests: taps now reach the fields
  });

  window.ledgerTiles = {parseTiles: parseTiles, mpsz: mpsz};
})();
