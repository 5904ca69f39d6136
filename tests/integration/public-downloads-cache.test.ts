import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { courses } from "#app/platform/db/schema";
import { boundedHeavyWork, HEAVY_WORK_BOUNDS, heavyWorkLoad } from "#app/platform/jobs/heavy-work.server";
import * as catalogueRoute from "#app/routes/resources/downloads.catalogue";
import * as formRoute from "#app/routes/resources/downloads.registration-form";
import { checkPublicDataVersion, enablePublicCache } from "#app/site/public-cache.server";
import { publicCataloguePdf } from "#app/site/public-downloads.server";
import { extractPdfText } from "../helpers/pdf-text";

// The public downloads made from the database: one render per public data version (decision 0650), and a
// visitor past the PDF bound answered 503 with Retry-After (decision 0651).

describe("the catalogue PDF under the public data version", () => {
  enablePublicCache();

  it("is rendered once for every request until a course changes, then once again with the change", async () => {
    await checkPublicDataVersion();
    // concurrent visitors share the one render in progress
    const [a, b] = await Promise.all([publicCataloguePdf(), publicCataloguePdf()]);
    expect(a.bytes).toBe(b.bytes);
    await checkPublicDataVersion();
    const answer = await catalogueRoute.loader();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(a.bytes))).toBe(true);
    expect((await publicCataloguePdf()).bytes).toBe(a.bytes);

    const [first] = await db()
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.status, "active"))
      .orderBy(courses.sortOrder, courses.title)
      .limit(1);
    await db()
      .update(courses)
      .set({ title: "Catalogue Cache Renamed Course" })
      .where(eq(courses.id, first?.id as string));
    await checkPublicDataVersion();
    const after = await publicCataloguePdf();
    expect(after.bytes).not.toBe(a.bytes);
    expect(extractPdfText(Buffer.from(after.bytes))).toContain("Catalogue Cache Renamed Course");
    expect(extractPdfText(Buffer.from(a.bytes))).not.toContain("Catalogue Cache Renamed Course");
  });
});

describe("the PDF bound", () => {
  it("answers an anonymous download 503 with Retry-After while the bound is full, and serves it after", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: HEAVY_WORK_BOUNDS.pdf }, () =>
      boundedHeavyWork("pdf", () => held, { waitTurn: true }),
    );
    // staff work past the bound waits its turn instead of being refused
    const queued = boundedHeavyWork("pdf", async () => "staff's turn", { waitTurn: true });
    expect(heavyWorkLoad("pdf")).toEqual({ running: HEAVY_WORK_BOUNDS.pdf, waiting: 1 });

    const refused = await formRoute.loader({
      request: new Request("http://localhost/downloads/registration-form.pdf"),
    } as never);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.text()).toMatch(/try again in 5 seconds/);

    release();
    await Promise.all(holders);
    expect(await queued).toBe("staff's turn");
    expect(heavyWorkLoad("pdf")).toEqual({ running: 0, waiting: 0 });
    const served = await formRoute.loader({
      request: new Request("http://localhost/downloads/registration-form.pdf"),
    } as never);
    expect(served.status).toBe(200);
    expect(extractPdfText(Buffer.from(await served.arrayBuffer()))).toMatch(/registration/i);
  });
});
