/* The floor desk keeps itself current (issue 36): every few seconds it fetches the page again
   and swaps in its content, unless someone is typing into one of its forms (a field has the
   focus or holds something other than what the page gave it) or the tab is hidden; then it
   waits for the next turn. Nothing typed is lost, and no page reload moves the scroll. */
(function () {
  'use strict';
  const root = document.querySelector('[data-refresh-seconds]');
  if (!root || !window.fetch || !window.DOMParser) return;
  const every = Math.max(2, Number(root.dataset.refreshSeconds) || 20) * 1000;
  const content = () => document.getElementById('content-main');

  function changed(field) {
    if (field.type === 'hidden' || field.type === 'submit' || field.type === 'button') return false;
    if (field.tagName === 'SELECT') {
      const options = Array.from(field.options);
      if (field.multiple) return options.some((option) => option.selected !== option.defaultSelected);
      // A single choice with no option marked selected starts on its first option.
      const marked = options.findIndex((option) => option.defaultSelected);
      return field.selectedIndex !== (marked >= 0 ? marked : Math.min(0, options.length - 1));
    }
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  }

  function busy() {
    const here = content();
    if (!here) return true;
    const active = document.activeElement;
    if (active && active !== document.body && here.contains(active) && active.form) return true;
    return Array.from(here.querySelectorAll('input, select, textarea')).some(changed);
  }

  async function refresh() {
    if (document.hidden || busy()) return;
    let response;
    try {
      response = await fetch(window.location.href, {credentials: 'same-origin', cache: 'no-store'});
    } catch (error) {
      return; // offline for a moment: the next turn tries again
    }
    if (!response.ok || response.redirected) return;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.getElementById('content-main');
    if (!fresh || busy()) return; // typing started while the page was on its way
    content().replaceWith(document.adoptNode(fresh));
    document.body.dataset.floorRefreshedAt = new Date().toISOString();
  }

  window.setInterval(refresh, every);
})();
