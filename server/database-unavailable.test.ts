import express from "express";
import { describe, expect, it } from "vitest";
import {
  answerDatabaseUnavailable,
  databaseErrorHandler,
  markDatabaseUnavailable,
} from "./database-unavailable";
import { serveForTests } from "./test-listen";

const cut = () =>
  Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

const served = serveForTests(() => {
  const app = express();
  app.use(answerDatabaseUnavailable);
  // as the router answers a loader's error: the error handler is told, then a 500 is written
  app.get("/page", (req, res) => {
    if (req.query.db) markDatabaseUnavailable(res)();
    res.status(500).send("error page");
  });
  app.get("/middleware", (_req, _res, next) => next(cut()));
  app.get("/other", (_req, _res, next) => next(new Error("a bug")));
  app.use(databaseErrorHandler);
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).send("bug");
  });
  return app;
});

describe("a request failed by the database", () => {
  it("is answered 503 with Retry-After, not 500", async () => {
    const page = await fetch(`${served.base()}/page?db=1`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const middleware = await fetch(`${served.base()}/middleware`);
    expect(middleware.status).toBe(503);
    expect(await middleware.text()).toMatch(/try again in a few seconds/);
  });

  it("leaves any other error a 500", async () => {
    expect((await fetch(`${served.base()}/page`)).status).toBe(500);
    expect((await fetch(`${served.base()}/other`)).status).toBe(500);
  });
});
