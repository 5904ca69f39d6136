// The layout's rules (docs/architecture.md, decision 0635), checked by `npm run lint`: routes → features → platform,
// features in one order, each reached only through its public surface, and no circle of imports.
const FEATURES = [
  "staff",
  "organisations",
  "offices",
  "site",
  "booking",
  "money",
  "delivery",
  "bookings",
  "sales",
  "back-office",
  "integrations",
];
const any = (names) => `^app/(${names.join("|")})/`;
const TABLES = "tables\\.server\\.ts$";

/** A feature uses only the features before it in FEATURES: the order is what keeps them from circling. */
const layerOrder = FEATURES.slice(0, -1).map((feature, i) => ({
  name: `${feature}-uses-only-earlier-features`,
  comment: `${feature} may use ${FEATURES.slice(0, i).join(", ") || "no other feature"}; the later ones use it`,
  severity: "error",
  from: { path: `^app/${feature}/` },
  // a later feature's tables: the next rule, which names them
  to: { path: any(FEATURES.slice(i + 1)), pathNot: `${any(FEATURES.slice(i + 1))}${TABLES}` },
}));

/**
 * A feature reads the tables of platform, its own and the features before it (decision 0725), and its table file
 * declares keys only to those: the same order as above, named, so a read of a later feature's table says so.
 */
const tablesInOrder = FEATURES.slice(0, -1).map((feature, i) => ({
  name: `${feature}-reads-no-later-features-tables`,
  comment: `${feature} reads no table of ${FEATURES.slice(i + 1).join(", ")}: ask that feature, or move the code there`,
  severity: "error",
  // a feature's own test may check its keys against a later feature's table (the order binds the product)
  from: { path: `^app/${feature}/`, pathNot: "\\.test\\.tsx?$" },
  to: { path: `${any(FEATURES.slice(i + 1))}${TABLES}` },
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
      // a platform test may drive the plumbing with a feature's real schema, through the feature's surface
      from: { path: "^app/platform/", pathNot: "\\.test\\.tsx?$" },
      to: { path: [any(FEATURES), "^app/(routes|components)/", "^app/root\\.tsx$"] },
    },
    {
      name: "only-routes-know-routes",
      comment:
        "app/routes/ (route modules, and the components one feature's screens use) is the top layer: nothing " +
        "below it imports from it.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(routes/|routes\\.ts$)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "screens-keep-to-their-feature",
      comment:
        "A feature's screens folder in app/routes/ (decision 0730) imports nothing from another's: a component " +
        "two features' screens use belongs in app/components/.",
      severity: "error",
      from: { path: "^app/routes/([^/]+)/" },
      to: { path: "^app/routes/", pathNot: "^app/routes/$1/" },
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
        "Another feature, a route, a component, the server or a test reaches a feature only through its index.ts " +
        "(what the browser may load), index.server.ts (what the server may use), pdf.server.ts (its PDFs, " +
        "imported on demand so the PDF library loads with the first one) or off-thread.server.ts (its other " +
        "work for the render pool's worker, imported on demand too), and its tables through tables.server.ts " +
        "(decision 0725; a read projection other features share still goes through index.server.ts); a test " +
        "may also use its testing.server.ts (decision 0740).",
      severity: "error",
      from: { path: "^(?:app|server|tests)/([^/]+)" },
      to: {
        path: any(FEATURES),
        pathNot: [
          "^app/$1/",
          `${any(FEATURES)}(index|index\\.server|pdf\\.server|off-thread\\.server|tables\\.server|testing\\.server)\\.ts$`,
        ],
      },
    },
    {
      name: "only-tests-use-testing-surfaces",
      comment:
        "A feature's testing.server.ts re-exports the internals tests drive or inspect beyond its contract " +
        "(decision 0740); the product reaches a feature only through index.ts and index.server.ts.",
      severity: "error",
      from: { pathNot: ["\\.test\\.tsx?$", "^tests/"] },
      to: { path: "/testing\\.server\\.ts$" },
    },
    ...layerOrder,
    ...tablesInOrder,
    {
      name: "table-files-import-only-tables",
      comment:
        "drizzle-kit loads the table files outside the app (drizzle.config.ts): they import drizzle, the value " +
        "lists, the column helpers and other table files only (decision 0725).",
      severity: "error",
      from: { path: "^app/([^/]+/tables|platform/db/tables)\\.server\\.ts$" },
      to: {
        path: "^app/",
        pathNot: "^app/([^/]+/tables\\.server|platform/db/(tables\\.server|enums|columns))\\.ts$",
      },
    },
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
