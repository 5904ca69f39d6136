import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "#app/platform/db/client.server";
import { emailOutbox, users } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails, enqueueEmails, startOutboxWorker } from "#app/platform/email/outbox.server";
import { resetEnv } from "#app/platform/env.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as contactRoute from "#app/routes/sales/public/contact";
import type { FormResult } from "#app/site/index.server";
import { callAction, oldFormKey } from "../helpers/form-post";
import { startSmtpServer } from "../helpers/smtp";

const SLUG = "strategic-planning-and-performance-management";

beforeAll(async () => {
  process.env.ADMIN_NOTIFY_EMAIL = "office@mafunzo.test";
  resetEnv();
  await db().insert(users).values({ email: "Admin@Mafunzo.test", passwordHash: "x" });
  // earlier rows from other tests in this file's database must not be sent to the wrong server
  await db().update(emailOutbox).set({ status: "sent" });
});

afterAll(() => {
  delete process.env.ADMIN_NOTIFY_EMAIL;
  resetEnv();
});

test("a registration mails the registrant (payment details, reference as M-PESA account) and the admins", async () => {
  const smtp = await startSmtpServer();
  const send = createSmtpSender(smtp.url);
  try {
    const answer = await callAction<FormResult>(registerRoute.action, "/register", {
      name: "Grace <b>Muthoni</b>",
      email: "grace@example.com",
      course: SLUG,
      message: "<img src=x onerror=alert(1)>",
      formKey: oldFormKey(),
    });
    const reference = answer.body.reference as string;
    await deliverDueEmails({ send });
    const mails = await smtp.waitFor((m) => m.length >= 3);
    expect(mails.map((m) => m.to[0]?.toLowerCase()).sort()).toEqual([
      "admin@mafunzo.test",
      "grace@example.com",
      "office@mafunzo.test",
    ]);
    const confirmation = mails.find((m) => m.to[0] === "grace@example.com");
    expect(confirmation?.subject).toBe(
      `Registration received: Strategic Planning and Performance Management (${reference})`,
    );
    for (const part of [confirmation?.text, confirmation?.html]) {
      expect(part).toContain(reference);
      expect(part).toContain("KES 95,000");
      expect(part).toContain("880 142");
      expect(part).toContain("0142 7719 3305 01");
    }
    expect(confirmation?.text).toContain(`M-PESA account number: ${reference}`);
    expect(confirmation?.html).toContain("Grace &lt;b&gt;Muthoni&lt;/b&gt;");
    const notice = mails.find((m) => m.to[0] === "office@mafunzo.test");
    expect(notice?.text).toContain("grace@example.com");
    expect(notice?.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(notice?.html).not.toContain("<img");
  } finally {
    send.close();
    await smtp.close();
  }
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("SMTP down: the message is still accepted and is delivered once SMTP is back", async () => {
  const port = await freePort();
  const send = createSmtpSender(`smtp://127.0.0.1:${port}`);
  const stop = startOutboxWorker({ send, intervalMs: 100, retryBaseMs: 200 });
  try {
    const answer = await callAction<FormResult>(contactRoute.action, "/contact", {
      intent: "contact",
      source: "home",
      name: "Offline Olive",
      email: "olive@example.com",
      message: "Is there a course in June?",
      formKey: oldFormKey(),
    });
    expect(answer.body.ok).toBe(true);
    const pending = async () =>
      db()
        .select({
          status: emailOutbox.status,
          attempts: emailOutbox.attempts,
          lastError: emailOutbox.lastError,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "olive@example.com"));
    // the worker claims the row (attempts + 1), fails to connect and schedules a retry
    await expect.poll(async () => (await pending())[0]?.lastError, { timeout: 10_000 }).toBeTruthy();
    expect((await pending())[0]).toMatchObject({ status: "pending" });

    const smtp = await startSmtpServer({ port });
    try {
      await smtp.waitFor((m) => m.some((mail) => mail.to.includes("olive@example.com")), 15_000);
      await expect.poll(async () => (await pending())[0]?.status, { timeout: 5_000 }).toBe("sent");
      // a few more worker passes must not send anything twice
      await new Promise((resolve) => setTimeout(resolve, 500));
      const olive = smtp.messages.filter((m) => m.to.includes("olive@example.com"));
      expect(olive).toHaveLength(1);
      expect(olive[0]?.subject).toBe("We received your message");
      expect(olive[0]?.text).toContain("We'll get back to you within 24 hours.");
      expect(
        smtp.messages.filter((m) => m.subject === "New contact message from Offline Olive"),
      ).toHaveLength(2);
    } finally {
      await stop();
      await smtp.close();
    }
  } finally {
    await stop();
    send.close();
  }
});

test("a batch that takes half its lease gives the rest back, so no row is sent after another process may have it", async () => {
  await db().update(emailOutbox).set({ status: "sent" });
  const to = ["slow1@example.com", "slow2@example.com", "slow3@example.com"];
  await enqueueEmails(
    db(),
    to.map((address) => ({ to: address, subject: "Slow", text: "Slow", html: "<p>Slow</p>", kind: "test" })),
  );
  const sentTo: string[] = [];
  // a slow SMTP server: the first message takes more than half of a 2 s lease
  const send = async (row: { toAddress: string }) => {
    if (sentTo.length === 0) await new Promise((resolve) => setTimeout(resolve, 1_200));
    sentTo.push(row.toAddress);
  };
  const rows = () =>
    db()
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Slow"));
  const count = (list: { status: string; attempts: number }[]) =>
    list.map((row) => `${row.status} ${row.attempts}`).sort();

  expect(await deliverDueEmails({ send, leaseMs: 2_000 })).toEqual({ claimed: 3, sent: 1 });
  // the two not attempted are due again at once, their attempt not counted
  expect(count(await rows())).toEqual(["pending 0", "pending 0", "sent 1"]);
  expect(await deliverDueEmails({ send, leaseMs: 2_000 })).toEqual({ claimed: 2, sent: 2 });
  expect(sentTo.sort()).toEqual(to);
  expect(count(await rows())).toEqual(["sent 1", "sent 1", "sent 1"]);
});
