import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_FORM_LIMIT, limitFormBodies, PUBLIC_BODY_LIMIT } from "./body-limit";

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(limitFormBodies);
  app.use((_req, res) => {
    res.send("reached");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const form = (bytes: number) => new URLSearchParams({ message: "x".repeat(bytes) });
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", body, headers });

describe("limitFormBodies", () => {
  it("refuses a public form over 64 KB and lets a smaller one through", async () => {
    const big = await post("/contact", form(PUBLIC_BODY_LIMIT));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("at most 64 KB");
    expect((await post("/contact", form(1000))).status).toBe(200);
  });

  it("allows admin forms up to 1 MB, and leaves multipart uploads to their parser", async () => {
    expect((await post("/admin/courses/new", form(PUBLIC_BODY_LIMIT * 2))).status).toBe(200);
    expect((await post("/admin/courses/new", form(ADMIN_FORM_LIMIT))).status).toBe(413);
    const upload = new FormData();
    upload.set("file", new Blob([new Uint8Array(ADMIN_FORM_LIMIT + 10)]), "big.pdf");
    expect((await post("/admin/documents", upload)).status).toBe(200);
  });
});
