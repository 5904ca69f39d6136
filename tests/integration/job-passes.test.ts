import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { JOBS, runEveryJobOnce } from "#app/jobs.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { parseEnv, resetEnv } from "#app/platform/env.server";
import { JOB_PASSES_PATH, mountJobPasses } from "../../server/job-passes";
import { startSmtpServer } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  resetEnv();
  // rows other tests left in this file's database must not be sent to this server
  await db().update(emailOutbox).set({ status: "sent" });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnv();
  await smtp.close();
});

test("one pass of every job: each job once, the outbox last, so what is due has gone when it returns", async () => {
  await enqueueEmails(db(), [
    { to: "due@example.com", subject: "Due now", text: "due", html: "<p>due</p>", kind: "test" },
  ]);
  const ran = await runEveryJobOnce();
  expect([...ran].sort()).toEqual(JOBS.map((job) => job.name).sort());
  expect(ran.at(-1)).toBe("e-mail outbox");
  // no waiting: a "nothing more happens" check after the pass sees what a job did in it
  expect(smtp.messages.filter((m) => m.to.includes("due@example.com"))).toHaveLength(1);
  await runEveryJobOnce();
  expect(smtp.messages.filter((m) => m.to.includes("due@example.com"))).toHaveLength(1);
});

test("the job-passes endpoint is off unless TEST_JOB_PASSES=on, and answers only this machine", async () => {
  expect(parseEnv({}).TEST_JOB_PASSES).toBe("off");
  expect(() => parseEnv({ TEST_JOB_PASSES: "yes" })).toThrow(/TEST_JOB_PASSES/);

  const app = express();
  app.set("trust proxy", "loopback");
  const router = express.Router();
  mountJobPasses(router);
  app.use(router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${JOB_PASSES_PATH}`;
  try {
    const local = await fetch(url, { method: "POST" });
    expect(local.status).toBe(200);
    expect((await local.json()).ran).toHaveLength(JOBS.length);
    // a visitor forwarded by a proxy on this machine is not this machine
    const forwarded = await fetch(url, { method: "POST", headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(forwarded.status).toBe(404);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
