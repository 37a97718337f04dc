// The ruleset configuration form: choosing another ruleset shows that ruleset's options at
// once. The page comes back with ?ruleset_slug= (the admin builds the form for it), keeping
// what was typed in the parlor, name and active fields. Without this script the form asks
// to check the new ruleset's options and save again (parlor/forms.py).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    const ruleset = document.getElementById("id_ruleset_slug");
    if (!ruleset) return;
    ruleset.addEventListener("change", function () {
      const query = new URLSearchParams(window.location.search);
      query.set("ruleset_slug", ruleset.value);
      const adding = document.body.classList.contains("add-form")
        || window.location.pathname.endsWith("/add/");
      if (adding) {
        const parlor = document.getElementById("id_parlor");
        const name = document.getElementById("id_name");
        const active = document.getElementById("id_is_active");
        if (parlor) query.set("parlor", parlor.value);
        if (name) query.set("name", name.value);
        if (active) query.set("is_active", active.checked ? "1" : "");
      }
      document.body.classList.add("ruleset-loading");
      window.location.assign(window.location.pathname + "?" + query.toString());
    });
  });
})();
