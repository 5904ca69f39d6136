import { describe, expect, it } from "vitest";
import { CACHEABLE_PATH } from "./page-cache";

describe("the page cache's paths", () => {
  it("keeps the public pages and their .data twins", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/about",
      "/services/consultancy",
      "/courses",
      "/courses/all",
      "/courses/all.data",
      "/courses/strategic-planning-and-performance-management",
      "/gallery",
      "/testimonials",
      "/contact",
      "/register",
    ]) {
      expect(CACHEABLE_PATH.test(path), path).toBe(true);
    }
  });

  it("never keeps pages whose answer depends on more than the versioned data", () => {
    for (const path of [
      "/verify/7K3Q-9XA2-M4TD-PB61",
      "/feedback/abc",
      "/register/offer/abc",
      "/admin",
      "/admin/dashboard",
      "/api/mpesa/x/confirmation",
      "/billing/id/sig",
      "/files/id/name.pdf",
      "/media/x.webp",
      "/downloads/catalogue.pdf",
      "/courses/calendar.ics",
      "/courses/x/runs/y.ics",
      "/sitemap.xml",
      "/no-such-page",
    ]) {
      expect(CACHEABLE_PATH.test(path), path).toBe(false);
    }
  });
});
