// The outbox: Save sends the previewed hand to the API with an Idempotency-Key; a hand saved
// while the server cannot be reached is kept in this browser (localStorage) and sent again,
// with the same key, when the server answers: it lands exactly once (docs/admin.md).
"use strict";
(function () {
  const STORE = "ledger-outbox";
  const RECORDED = "ledger-outbox-recorded";
  const RETRY_MS = 4000;
  const PAGE = Math.random().toString(36).slice(2);  // this page load: its form holds its hand

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function store(items) { localStorage.setItem(STORE, JSON.stringify(items)); }
  function drop(key) { store(load().filter(function (item) { return item.key !== key; })); }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, name) { return String(values[name]); });
  }

  function Outbox(form) {
    const box = document.getElementById("outbox");
    const session = form.dataset.session;
    const texts = {
      waiting: form.dataset.textWaiting, sending: form.dataset.textSending,
      refused: form.dataset.textRefused, recorded: form.dataset.textRecorded,
    };
    let timer = null;
    let busy = false;

    function mine() { return load().filter(function (item) { return item.session === session; }); }

    function show(text, kind) {
      box.hidden = !text;
      box.textContent = text || "";
      box.dataset.kind = kind || "";
    }

    function showWaiting() {
      const waiting = mine();
      if (!waiting.length) { show("", ""); return; }
      show(waiting.map(function (item) {
        return say(texts.waiting, {number: item.ordinal, what: item.what});
      }).join(" "), "waiting");
      const save = document.getElementById("save-hand");
      if (save) save.hidden = true;  // the queued hand is this number: nothing else saves first
    }

    function recorded(item) {
      drop(item.key);
      sessionStorage.setItem(RECORDED, JSON.stringify({session: session, number: item.ordinal}));
      window.location.assign(form.dataset.pageUrl);
    }

    function send(item) {
      busy = true;
      show(say(texts.sending, {number: item.ordinal}), "sending");
      const token = form.querySelector("[name='csrfmiddlewaretoken']").value;
      return fetch(item.url, {
        method: "POST", credentials: "same-origin", body: JSON.stringify(item.payload),
        headers: {"Content-Type": "application/json", "Accept": "application/json",
                  "Idempotency-Key": item.key, "Expected-Hand-Number": String(item.ordinal),
                  "X-CSRFToken": token},
      }).then(function (response) {
        busy = false;
        if (response.ok) { recorded(item); return; }
        if (response.status >= 500) { later(); return; }  // the server, or a proxy, is not there
        if (response.status === 403 && item.page === PAGE) {
          // The API's role check is not the admin's: the form, still holding this hand, posts
          // it the classic way (its preview digest guards it) and the admin decides.
          drop(item.key);
          const save = document.createElement("input");
          save.type = "hidden"; save.name = "_save"; save.value = "1";
          form.appendChild(save);
          form.submit();
          return;
        }
        // Refused as it stood (another desk recorded a hand first, the rules refuse it): it
        // leaves the outbox, and the live preview is made again to show why, in the user's words.
        drop(item.key);
        show(say(texts.refused, {number: item.ordinal}), "refused");
        form.dispatchEvent(new Event("input", {bubbles: true}));
      }).catch(function () { busy = false; later(); });  // no answer: kept, sent again later
    }

    function later() {
      showWaiting();
      clearTimeout(timer);
      timer = setTimeout(flush, RETRY_MS);
    }

    function flush() {
      if (busy) return;
      const next = mine()[0];
      if (next) send(next);
    }

    form.addEventListener("submit", function (event) {
      if (!event.submitter || event.submitter.id !== "save-hand") return;
      const data = document.getElementById("preview-payload");
      const panel = document.getElementById("hand-preview");
      if (!data || !panel || !panel.dataset.ordinal || !form.dataset.apiHands) return;
      event.preventDefault();
      if (mine().length) { showWaiting(); return; }
      const who = panel.querySelector(".preview-who");
      const item = {
        key: newKey(), session: session, url: form.dataset.apiHands,
        ordinal: Number(panel.dataset.ordinal), payload: JSON.parse(data.textContent),
        what: who ? who.textContent.replace(/\s+/g, " ").trim() : "", at: Date.now(), page: PAGE,
      };
      const items = load();
      items.push(item);
      store(items);  // kept before it is sent: a page closed mid-request keeps it too
      send(item);
    });
    window.addEventListener("online", flush);

    const done = JSON.parse(sessionStorage.getItem(RECORDED) || "null");
    if (done && done.session === session) {
      sessionStorage.removeItem(RECORDED);
      const list = document.createElement("ul");
      list.className = "messagelist";
      const line = document.createElement("li");
      line.className = "success";
      line.textContent = say(texts.recorded, {number: done.number});
      list.appendChild(line);
      const content = document.getElementById("content");
      if (content) content.parentNode.insertBefore(list, content);
    }
    if (mine().length) { showWaiting(); flush(); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    const form = document.querySelector("form.hand-console");
    if (form && document.getElementById("outbox")) Outbox(form);
  });
})();
