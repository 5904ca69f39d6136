import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

// The shapes of app/routes.ts: pathless layouts, an index, static paths ranked above dynamic ones, a splat
// under a layout, a prefix with a layout of its own.
const page = (id: string, path?: string): RouteObject => ({ id, path, loader: () => null });
const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    loader: () => null,
    children: [
      {
        id: "public",
        loader: () => null,
        children: [
          { id: "home", index: true, loader: () => null },
          page("courses", "courses"),
          page("courses-all", "courses/all"),
          page("course", "courses/:slug"),
          page("register", "register"),
          page("offer", "register/offer/:token"),
          page("not-found", "*"),
        ],
      },
      page("run-ics", "courses/:slug/runs/:runFile"),
      page("media", "media/*"),
      page("admin-login", "admin/login"),
      {
        id: "admin",
        path: "admin",
        loader: () => null,
        children: [page("admin-courses", "courses"), page("admin-course", "courses/:courseId")],
      },
    ],
  },
];

const PATHS = [
  "/",
  "/courses",
  "/courses/all",
  "/courses/leadership",
  "/courses/leadership/runs/abc.ics",
  "/register",
  "/register/offer/t0k3n",
  "/media/a/b/c.webp",
  "/admin/login",
  "/admin/courses",
  "/admin/courses/42",
  "/nowhere/at/all",
  "/COURSES/ALL",
];

async function handlerMatch(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  return context.matches.map((m) => [m.route.id, m.params]);
}

describe("route matching with the remembered first branch (patches/react-router, decision 0609)", () => {
  it("matches every path as react-router's own matchRoutes does, also when asked again in any order", async () => {
    const handler = createStaticHandler(routes);
    const expected = new Map(
      PATHS.map((path) => [path, (matchRoutes(routes, path) ?? []).map((m) => [m.route.id, m.params])]),
    );
    for (const order of [PATHS, [...PATHS].reverse(), [...PATHS, ...PATHS]]) {
      for (const path of order) expect(await handlerMatch(handler, path), path).toEqual(expected.get(path));
    }
    // a sample of what the table says, so the oracle itself is not empty
    expect(expected.get("/courses/all")?.at(-1)?.[0]).toBe("courses-all");
    expect(expected.get("/admin/courses/42")?.at(-1)).toEqual(["admin-course", { courseId: "42" }]);
    expect(expected.get("/nowhere/at/all")?.at(-1)?.[0]).toBe("not-found");
  });
});
