// The export form offers only the formats the chosen kind is written in: each format's
// option names its kinds (data-kinds, from reports.models.FORMATS_BY_KIND). Without this
// script every format shows and the form refuses a wrong one in words beside the field.
(function () {
  "use strict";
  function offer(kind, format) {
    let chosenFits = false;
    let first = null;
    Array.from(format.options).forEach(function (option) {
      const fits = (option.dataset.kinds || "").split(" ").indexOf(kind.value) >= 0;
      option.hidden = !fits;
      option.disabled = !fits;
      if (fits && first === null) first = option;
      if (fits && option.selected) chosenFits = true;
    });
    if (!chosenFits && first !== null) first.selected = true;
  }
  document.addEventListener("DOMContentLoaded", function () {
    const kind = document.getElementById("id_kind");
    const format = document.getElementById("id_format");
    if (!kind || !format) return;
    kind.addEventListener("change", function () { offer(kind, format); });
    offer(kind, format);
  });
})();
