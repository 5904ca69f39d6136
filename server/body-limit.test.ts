import express from "express";
import { describe, expect, it } from "vitest";
import { ADMIN_FORM_LIMIT, AUTH_BODY_LIMIT, PUBLIC_BODY_LIMIT } from "#app/platform/forms/body-limits";
import { DOCUMENT_MAX_BYTES } from "#app/site/index";
import { limitFormBodies } from "./body-limit";
import { serveForTests } from "./test-listen";

const served = serveForTests(() => {
  const app = express();
  app.use(limitFormBodies);
  app.use((_req, res) => {
    res.send("reached");
  });
  return app;
});

const form = (bytes: number) => new URLSearchParams({ message: "x".repeat(bytes) });
const multipart = (bytes: number) => {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)]), "big.pdf");
  return body;
};
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${served.base()}${path}`, { method: "POST", body, headers });

describe("limitFormBodies", () => {
  it("refuses a public form over 64 KB and lets a smaller one through", async () => {
    const big = await post("/contact", form(PUBLIC_BODY_LIMIT));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("at most 64 KB");
    expect((await post("/contact", form(1000))).status).toBe(200);
  });

  it("keeps signing in and signing up small, multipart included", async () => {
    for (const path of ["/admin/login", "/admin/signup", "/admin/login.data"]) {
      expect((await post(path, form(AUTH_BODY_LIMIT))).status).toBe(413);
      expect((await post(path, multipart(AUTH_BODY_LIMIT))).status).toBe(413);
      expect((await post(path, form(100))).status).toBe(200);
    }
  });

  it("allows admin forms up to their limit, multipart included; uploads only on the upload screens", async () => {
    expect((await post("/admin/courses/new", form(PUBLIC_BODY_LIMIT * 2))).status).toBe(200);
    expect((await post("/admin/courses/new", form(ADMIN_FORM_LIMIT))).status).toBe(413);
    expect((await post("/admin/courses/new", multipart(ADMIN_FORM_LIMIT))).status).toBe(413);
    expect((await post("/admin/documents", multipart(ADMIN_FORM_LIMIT * 4))).status).toBe(200);
    expect((await post("/admin/documents", multipart(DOCUMENT_MAX_BYTES + 128 * 1024))).status).toBe(413);
  });
});
