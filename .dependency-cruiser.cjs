// The layout's rules (docs/architecture.md, decision 0635), checked by `npm run lint`: routes → features → platform,
// features in one order, each reached only through its public surface, and no circle of imports.
const FEATURES = [
  "staff",
  "organisations",
  "site",
  "booking",
  "money",
  "delivery",
  "bookings",
  "sales",
  "back-office",
];
const any = (names) => `^app/(${names.join("|")})/`;

/** A feature uses only the features before it in FEATURES: the order is what keeps them from circling. */
const layerOrder = FEATURES.slice(0, -1).map((feature, i) => ({
  name: `${feature}-uses-only-earlier-features`,
  comment: `${feature} may use ${FEATURES.slice(0, i).join(", ") || "no other feature"}; the later ones use it`,
  severity: "error",
  from: { path: `^app/${feature}/` },
  to: { path: any(FEATURES.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "A circle of imports (type-only ones included) makes every module in it depend on all the others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-imports-no-feature",
      comment: "Plumbing sits below everything: it never knows a feature, a route or a component.",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: [any(FEATURES), "^app/(routes|components)/", "^app/root\\.tsx$"] },
    },
    {
      name: "only-routes-know-routes",
      comment: "Route modules are the top layer: nothing below them imports one.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(routes/|routes\\.ts$)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "utils-are-pure",
      comment: "app/utils holds pure helpers shared by client and server: no feature, route or component.",
      severity: "error",
      from: { path: "^app/utils/" },
      to: { path: [any(FEATURES), "^app/(routes|components)/"] },
    },
    {
      name: "a-feature-through-its-public-surface",
      comment:
        "Another feature, a route, a component or the server reaches a feature only through its index.ts " +
        "(what the browser may load), index.server.ts (what the server may use), pdf.server.ts (its PDFs, " +
        "imported on demand so the PDF library loads with the first one) or off-thread.server.ts (its other " +
        "work for the render pool's worker, imported on demand too).",
      severity: "error",
      from: { path: "^(?:app|server)/([^/]+)" },
      to: {
        path: any(FEATURES),
        pathNot: [
          "^app/$1/",
          `${any(FEATURES)}(index|index\\.server|pdf\\.server|off-thread\\.server)\\.ts$`,
        ],
      },
    },
    ...layerOrder,
    {
      name: "today-asks-the-features",
      comment:
        '"What needs doing today" lays out the items each feature contributes through its surface (decision ' +
        "0716): the dashboard's code for it reads no table itself.",
      severity: "error",
      from: { path: "^app/back-office/dashboard/dashboard-today\\.server\\.ts$" },
      to: { path: "^app/platform/db/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing (React Router's generated ./+types are made by typegen).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["^\\./\\+types/", "^virtual:react-router/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    // swc (below) keeps `import type` in the graph, so type-only circles are caught without TypeScript's
    // pre-compilation pass, which needs the compiler API that TypeScript 7 does not have
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    parser: "swc",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
  },
};
