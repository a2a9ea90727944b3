// The routes of kpk serve the page asks, generated from kpk_answers::routes by
// `tools/typescript`: do not edit.

/** Each route by its key: its path in kpk serve, the module's name for its answer. */
export const ROUTES = {
  standard: { path: "/standard", module: "standard" },
  mainline: { path: "/standard/mainline", module: "mainline" },
  map: { path: "/kpk/map", module: "map" },
  line: { path: "/kpk/line", module: "line" },
  view: { path: "/view", module: "view" },
  engine: { path: "/engine", module: null },
} as const;
