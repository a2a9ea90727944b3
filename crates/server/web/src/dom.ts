// The page's elements by id, typed: a missing one is the template's fault and says so.

/** The element with `id`, of the kind the caller names (`$<HTMLInputElement>("fen")`). */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** Every element `selector` finds, of the kind the caller names. */
export function all<T extends Element = HTMLElement>(selector: string): T[] {
  return [...document.querySelectorAll<T>(selector)];
}
