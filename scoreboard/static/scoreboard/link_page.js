// A scoreboard link's page: "Copy" puts the screen's address on the clipboard (the
// Clipboard API where the page may use it, else the address selected and execCommand).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    const button = document.getElementById("copy-screen-url");
    const field = document.getElementById("screen-url");
    const state = document.getElementById("copy-state");
    if (!button || !field || !state) return;
    function said(ok) { state.textContent = ok ? button.dataset.copied : button.dataset.failed; }
    function fallback() {
      const range = document.createRange();
      range.selectNodeContents(field);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      let ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      said(ok);
    }
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.textContent.trim()).then(function () { said(true); }, fallback);
      } else {
        fallback();
      }
    });
  });
})();
