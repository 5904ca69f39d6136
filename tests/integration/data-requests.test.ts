import { beforeAll, describe, expect, it } from "vitest";
import { action as instructionsAction } from "#app/routes/delivery/run-instructions";
import { loader as notFoundLoader } from "#app/routes/shell/public/not-found";
import { loader as categoryLoader } from "#app/routes/site/public/courses.category";
import { answer, requestContext, signedInAdmin } from "../helpers/admin-session";
import { newRun } from "../helpers/delivery";

// A click in the browser does not ask for the page: React Router fetches `<path>.data` (a GET carrying
// `_routes`, or the form's POST) and hands each loader and action the page's own address as `url` and the
// matched route's path as `pattern`. Whatever a route makes of its address must come from those.

type Init = { cookie?: string; form?: Record<string, string> };

/** Loader/action arguments as React Router builds them for a `.data` request for `page` (route `pattern`). */
function dataRequestArgs(page: string, pattern: string, { cookie, form }: Init = {}) {
  const url = new URL(page, "http://localhost");
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  const request = form
    ? new Request(`${url.origin}${url.pathname}.data${url.search}`, {
        method: "POST",
        headers,
        body: new URLSearchParams(form),
      })
    : new Request(
        `${url.origin}${url.pathname}.data?_routes=${encodeURIComponent("routes/shell/public/layout")}`,
        {
          headers,
        },
      );
  return { request, url, pattern, params: {} as never, context: requestContext() };
}

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

describe("a page reached by a click reads its address from the router, not from the .data request", () => {
  it("each category page shows its own category", async () => {
    for (const key of ["management", "county-government", "experiential-learning", "faith-based"]) {
      const page = await categoryLoader(dataRequestArgs(`/courses/${key}`, `/courses/${key}`));
      expect(page.key).toBe(key);
      expect(page.courses.length).toBeGreaterThan(0);
    }
  });

  it("the not-found page names the address asked for", async () => {
    const result = await answer(async () => notFoundLoader(dataRequestArgs("/no/such-page", "/*")));
    expect(result).toMatchObject({ status: 404, data: { pathname: "/no/such-page" } });
  });

  it("saving joining instructions comes back to the instructions page", async () => {
    const run = await newRun();
    const page = `/admin/courses/${run.courseId}/runs/${run.id}/instructions`;
    const args = dataRequestArgs(page, "/admin/courses/:courseId/runs/:runId/instructions", {
      cookie: admin.cookie,
      form: { venueDetails: "Kilimanjaro Hall", startTime: "08:30" },
    });
    const result = await answer(() =>
      instructionsAction({ ...args, params: { courseId: run.courseId, runId: run.id } }),
    );
    expect(result).toMatchObject({ status: 302, location: page });
  });
});
