import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { certificates } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as verifyPage from "#app/routes/delivery/public/verify";
import { answer, routeArgs } from "../helpers/admin-session";
import { newRun, SLUG } from "../helpers/delivery";
import { callAction, oldFormKey } from "../helpers/form-post";

const HOLDER = "Wanjiku Revoked";

beforeAll(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
});

/** A certificate issued to a participant of a fresh run, with a code of its own. */
async function issuedCertificate() {
  const run = await newRun({ inDays: -10, days: 2, venue: "Naivasha" });
  const email = `holder.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await callAction(registerRoute.action, "/register", {
    name: HOLDER,
    email,
    course: SLUG,
    formKey: oldFormKey(),
  });
  const [registration] = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.email, email));
  const code = ["7K3Q", "9XA2", "M4TD", crypto.randomInt(1000, 9999).toString()].join("-");
  await db()
    .insert(certificates)
    .values({
      code,
      registrationId: registration?.id as string,
      runId: run.id,
      recipientName: HOLDER,
      courseTitle: "Strategic Planning and Performance Management",
      dates: "2–3 March 2026",
      venue: "Naivasha",
      hours: 14,
      attendancePercent: 100,
      signatoryName: "Esther Achieng Oduor",
      signatoryTitle: "Director of Training",
      storageKey: `certificates/${code}.pdf`,
      issuedAt: new Date("2026-03-03T12:00:00Z"),
    });
  return code;
}

const verify = (code: string) =>
  answer(() =>
    verifyPage.loader(
      routeArgs(`/verify/${code}`, { ip: `198.51.100.${crypto.randomInt(250)}` }, { code }) as never,
    ),
  );

/** The page as a visitor sees it, rendered from what the loader answered. */
async function pageText(code: string) {
  const { data } = await verify(code);
  const page = createElement(verifyPage.default as never, { loaderData: data } as never);
  return renderToStaticMarkup(page).replace(/<[^>]+>/g, "");
}

test("a revoked certificate's page says its code was issued and revoked, and when, and nothing of whose it was", async () => {
  const code = await issuedCertificate();
  const genuine = await verify(code);
  expect(genuine.data).toMatchObject({
    result: { state: "genuine", recipientName: HOLDER, venue: "Naivasha" },
  });

  await db()
    .update(certificates)
    .set({ revokedAt: new Date("2026-04-01T09:00:00Z"), revokedReason: "Issued in error" })
    .where(eq(certificates.code, code));
  const revoked = await verify(code);
  expect(revoked.status).toBe(200);
  expect(revoked.data).toEqual({
    result: { state: "revoked", code, revokedAt: new Date("2026-04-01T09:00:00Z") },
  });
  const text = await pageText(code);
  expect(text).toContain("was revoked on 1 Apr 2026 and is no longer valid");
  expect(text).toContain(code);
  for (const detail of [
    HOLDER,
    "Strategic Planning",
    "Naivasha",
    "2–3 March",
    "Issued in error",
    "Awarded to",
  ]) {
    expect(text).not.toContain(detail);
  }
});
