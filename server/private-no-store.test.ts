import express from "express";
import { describe, expect, it } from "vitest";
import { noStoreOnPrivatePages } from "./private-no-store";
import { serveForTests } from "./test-listen";

const served = serveForTests(() => {
  const app = express();
  app.use(noStoreOnPrivatePages);
  // as the router's Express adapter writes a route's response: its headers appended, then the body
  app.use((req, res) => {
    res.status(200);
    res.append("Content-Type", "text/html");
    if (req.query.own) res.append("Cache-Control", String(req.query.own));
    res.send("page");
  });
  return app;
});

const cacheControl = async (path: string) =>
  (await fetch(`${served.base()}${path}`)).headers.get("cache-control");

describe("noStoreOnPrivatePages", () => {
  it("sends no-store with every admin and portal page and its .data (personal data)", async () => {
    for (const path of [
      "/admin",
      "/admin/registrations",
      "/admin/bookings/MF-72JFV9G8",
      "/admin/finance/payments.data",
      "/admin.data",
      "/account",
      "/account.data",
      "/account/bookings/MF-72JFV9G8",
    ]) {
      expect(await cacheControl(path), path).toBe("no-store");
    }
  });

  it("keeps a route's own header, once, and leaves public pages alone", async () => {
    expect(await cacheControl("/admin/media/x.jpg?own=private,%20max-age=60")).toBe("private, max-age=60");
    expect(await cacheControl("/courses")).toBeNull();
    expect(await cacheControl("/administration-course")).toBeNull();
  });
});
