// Hand entry: show the fields of the chosen kind, and preview the engine's score as staff type.
"use strict";
(function () {
  function showKind(form) {
    const kind = form.querySelector("[name='hand-kind']");
    if (!kind) return;
    form.querySelectorAll("[data-kind]").forEach(function (part) {
      part.hidden = part.dataset.kind.split(" ").indexOf(kind.value) < 0;
    });
  }

  function showAmendment(form) {
    // A void takes no new hand: hide the hand form until "amend" is chosen.
    const amend = form.querySelector("[name='kind'][value='amend']");
    const part = form.querySelector(".amend-only");
    if (amend && part) part.hidden = !amend.checked;
  }

  function markErrors(form, errors) {
    form.querySelectorAll(".live-error").forEach(function (old) { old.remove(); });
    Object.keys(errors).forEach(function (name) {
      const input = form.querySelector("[name='" + name + "']");
      const row = input && input.closest(".form-row");
      if (!row) return;
      const list = document.createElement("ul");
      list.className = "errorlist live-error";
      errors[name].forEach(function (message) {
        const item = document.createElement("li");
        item.textContent = message;
        list.appendChild(item);
      });
      row.insertBefore(list, row.firstChild);
    });
  }

  function livePreview(form) {
    const url = form.dataset.previewUrl;
    let panel = document.getElementById("hand-preview");
    const digest = form.querySelector("[name='preview_digest']");
    const save = document.getElementById("save-hand");
    let timer = null;
    let sent = 0;
    function request() {
      const number = ++sent;
      fetch(url, {method: "POST", body: new FormData(form), credentials: "same-origin",
                  headers: {"X-Requested-With": "XMLHttpRequest"}})
        .then(function (response) { return response.json(); })
        .then(function (data) {
          if (number !== sent) return;  // a newer request is on its way
          panel.outerHTML = data.html;
          panel = document.getElementById("hand-preview");
          digest.value = data.digest;
          save.hidden = !data.ok;
          markErrors(form, data.errors || {});
        })
        .catch(function () { /* the Preview button still works */ });
    }
    form.addEventListener("input", function () {
      sent++;  // an answer to a request sent before this change is stale: never show its Save
      digest.value = "";
      save.hidden = true;
      clearTimeout(timer);
      timer = setTimeout(request, 600);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("#hand-entry-form, #correction-form").forEach(function (form) {
      showKind(form);
      showAmendment(form);
      form.addEventListener("change", function () { showKind(form); showAmendment(form); });
    });
    const entry = document.getElementById("hand-entry-form");
    if (entry && entry.dataset.previewUrl) livePreview(entry);
  });
})();
