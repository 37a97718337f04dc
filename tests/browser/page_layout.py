"""What a person would call broken on a long page: an element hidden, covered or cut off.

``tests/browser/layout.py`` checks a screen that must show everything at once (the
console); this checks pages read by scrolling (a player's numbers, the standings):
each element is scrolled into view before it is looked at.

``layout_problems`` looks at every element a selector names, scrolled into view one by
one, and reports (in words, for the assertion's message):

- *hidden*: no size, ``display: none`` or ``visibility: hidden``;
- *cut off*: its box reaches past the page's right edge, the page scrolls sideways, or
  its own content is wider than its box while it clips (``overflow`` not visible);
- *covered*: the point at its centre belongs to another element that is neither it, one
  of its descendants nor one of its ancestors.
"""

from __future__ import annotations

from typing import Any

_SCRIPT = """
const problems = [];
const page = document.documentElement;
if (page.scrollWidth > window.innerWidth + 1) {
  problems.push(`the page scrolls sideways (${page.scrollWidth} > ${window.innerWidth})`);
}
for (const css of arguments[0]) {
  const found = document.querySelectorAll(css);
  if (!found.length) { problems.push(`${css}: nothing matches`); continue; }
  found.forEach((node, index) => {
    const name = `${css}[${index}] "${(node.innerText || '').trim().slice(0, 40)}"`;
    const style = getComputedStyle(node);
    node.scrollIntoView({block: 'center', inline: 'center'});
    const box = node.getBoundingClientRect();
    const gone = style.display === 'none' || style.visibility === 'hidden';
    if (gone || box.width < 1 || box.height < 1) {
      problems.push(`${name}: hidden`); return;
    }
    if (box.right > window.innerWidth + 1 || box.left < -1) {
      const span = `${Math.round(box.left)}..${Math.round(box.right)}`;
      problems.push(`${name}: cut off at the page's edge (${span})`);
    }
    const clips = ['hidden', 'clip', 'scroll', 'auto'].includes(style.overflowX);
    if (clips && node.scrollWidth > node.clientWidth + 1) {
      problems.push(`${name}: its content is cut off (${node.scrollWidth} > ${node.clientWidth})`);
    }
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && top !== node && !node.contains(top) && !top.contains(node)) {
      problems.push(`${name}: covered by <${top.tagName.toLowerCase()} class="${top.className}">`);
    }
  });
}
window.scrollTo(0, 0);
return problems;
"""


def layout_problems(driver: Any, selectors: list[str]) -> list[str]:
    """Every element of ``selectors`` looked at as a person would (module docstring)."""
    return list(driver.execute_script(_SCRIPT, selectors))


_CLIP_SCRIPT = """
const problems = [];
for (const css of arguments[0]) {
  document.querySelectorAll(css).forEach((node, index) => {
    const box = node.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return;
    const name = `${css}[${index}] "${(node.innerText || node.value || '').trim().slice(0, 40)}"`;
    const parent = node.parentElement;
    const inner = parent.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(parent).paddingRight) || 0;
    const contentRight = inner.left + parent.clientLeft + parent.clientWidth - padding;
    if (box.right > contentRight + 1) {
      problems.push(`${name}: sticks out of its box <${parent.tagName.toLowerCase()}`
        + ` class="${parent.className}"> by ${Math.round(box.right - contentRight)} px`);
      return;
    }
    for (let a = node.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (!['hidden', 'clip', 'scroll', 'auto'].includes(style.overflowX)) continue;
      const edge = a.getBoundingClientRect();
      const right = edge.left + a.clientLeft + a.clientWidth;
      if (box.right > right + 1 || box.left < edge.left - 1) {
        problems.push(`${name}: cut off by <${a.tagName.toLowerCase()} class="${a.className}">`
          + ` (${Math.round(box.left)}..${Math.round(box.right)} in`
          + ` ${Math.round(edge.left)}..${Math.round(right)})`);
        break;
      }
    }
  });
}
return problems;
"""


def clip_problems(driver: Any, selectors: list[str]) -> list[str]:
    """Elements of ``selectors`` that stick out of their parent's content box (a select wider
    than its form column), or reach past the visible width of an ancestor that clips."""
    return list(driver.execute_script(_CLIP_SCRIPT, selectors))
