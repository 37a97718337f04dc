"""What a person at the screen would see: controls hidden or covered, text cut, lines out of view.

Each check runs in the page and returns sentences, one per fault (empty when the
screen is right), so that a failing test says which button or line and why:

- ``control_faults``: each element is wholly inside the viewport, the element
  found at its centre (``document.elementFromPoint``) is the element itself or
  inside it (so a tap there reaches it), and its text is not cut
  (``scrollWidth > clientWidth``).
- ``line_faults``: each line is wholly inside the viewport with the page at its
  top, visible at its centre, not cut, and not inside a box that scrolls on its
  own (an ancestor whose content is taller than it and that scrolls or clips).
- ``one_line_faults``: the pictures of a tile line sit on one line.
"""

from __future__ import annotations

from typing import Any

_SCRIPT_HELPERS = r"""
const name = function (e) {
  if (!e) return "nothing";
  let text = (e.innerText || e.getAttribute("alt") || "").trim().replace(/\s+/g, " ");
  if (text.length > 60) text = text.slice(0, 57) + "...";
  const id = e.id ? "#" + e.id : "";
  const cls = e.classList && e.classList.length ? "." + Array.from(e.classList).join(".") : "";
  return e.tagName.toLowerCase() + id + cls + (text ? ' "' + text + '"' : "");
};
const box = function (r) {
  return "[" + Math.round(r.left) + "," + Math.round(r.top) + " - "
    + Math.round(r.right) + "," + Math.round(r.bottom) + "]";
};
const outside = function (r) {
  return r.top < 0 || r.left < 0 || r.bottom > window.innerHeight + 0.5
    || r.right > window.innerWidth + 0.5;
};
const hitFaults = function (e) {
  const r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return [name(e) + " has no size on the screen"];
  const faults = [];
  if (outside(r)) {
    faults.push(name(e) + " is outside the " + window.innerWidth + "x" + window.innerHeight
      + " viewport: " + box(r));
    return faults;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || !(hit === e || e.contains(hit))) {
    faults.push(name(e) + " is covered at its centre by " + name(hit));
  }
  return faults;
};
const cutFaults = function (e) {
  if (e.scrollWidth > e.clientWidth + 1) {
    return [name(e) + " has its text cut: " + e.scrollWidth + " px wide in " + e.clientWidth];
  }
  return [];
};
const scrollBoxFaults = function (e) {
  for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    const style = getComputedStyle(a);
    const clips = ["auto", "scroll", "hidden", "clip"].indexOf(style.overflowY) >= 0;
    if (clips && a.scrollHeight > a.clientHeight + 1) {
      return [name(e) + " is inside a box that scrolls on its own (" + name(a).slice(0, 40)
        + ": " + a.clientHeight + " px showing of " + a.scrollHeight + ")"];
    }
  }
  return [];
};
const visible = function (e) {
  return e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
};
"""


_AT_TOP = r"""
const faults = [];
if (arguments[1] && window.scrollY !== 0) {
  faults.push("the page is scrolled by " + window.scrollY + " px");
}"""


def control_faults(driver: Any, css: str, *, at_top: bool = True) -> list[str]:
    """Faults of every visible element ``css`` selects: out of view, covered, or cut.
    ``at_top``: the page must not be scrolled (the console is one screen)."""
    script = _SCRIPT_HELPERS + _AT_TOP + r"""
document.querySelectorAll(arguments[0]).forEach(function (e) {
  if (!visible(e)) return;
  faults.push(...hitFaults(e), ...cutFaults(e));
});
return faults;
"""
    return list(driver.execute_script(script, css, at_top))


def count_visible(driver: Any, css: str) -> int:
    script = _SCRIPT_HELPERS + (
        "return Array.from(document.querySelectorAll(arguments[0])).filter(visible).length;"
    )
    return int(driver.execute_script(script, css))


def line_faults(driver: Any, css: str, *, at_top: bool = True) -> list[str]:
    """Faults of every visible line ``css`` selects: out of view, covered, cut, or in a box
    that scrolls by itself. Table rows are checked cell by cell for cut text."""
    script = _SCRIPT_HELPERS + _AT_TOP + r"""
document.querySelectorAll(arguments[0]).forEach(function (e) {
  if (!visible(e)) return;
  faults.push(...hitFaults(e), ...scrollBoxFaults(e));
  const parts = e.tagName === "TR" ? Array.from(e.cells) : [e];
  parts.forEach(function (part) { faults.push(...cutFaults(part)); });
});
return faults;
"""
    return list(driver.execute_script(script, css, at_top))


def one_line_faults(driver: Any, css: str) -> list[str]:
    """Faults of each element ``css`` selects whose pictures wrap onto a second line."""
    script = _SCRIPT_HELPERS + r"""
const faults = [];
document.querySelectorAll(arguments[0]).forEach(function (e) {
  const images = Array.from(e.querySelectorAll("img")).filter(visible);
  if (!images.length) return;
  const first = images[0].getBoundingClientRect();
  images.forEach(function (img, index) {
    const r = img.getBoundingClientRect();
    if (r.top >= first.bottom - 1) {
      faults.push(name(e) + ": tile " + (index + 1) + " of " + images.length
        + " (" + img.getAttribute("alt") + ") wraps to a second line");
    }
  });
});
return faults;
"""
    return list(driver.execute_script(script, css))
