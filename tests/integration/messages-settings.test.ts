import { count } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/platform/db/client.server";
import { smsCredentials, whatsappCredentials, whatsappTemplates } from "#app/platform/db/tables.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { AT_ACCOUNT } from "../helpers/africas-talking";
import { WA_ACCOUNT } from "../helpers/whatsapp-cloud";

// The "Messages" settings card (decision 0773): both channels' forms go through the settings page's action, which
// checks who may save, answers a refusal field by field per channel and changes nothing, and shows what was saved
// without its secrets.

beforeEach(async () => {
  await db().delete(whatsappTemplates);
  await db().delete(whatsappCredentials);
  await db().delete(smsCredentials);
});

const stored = async () => ({
  sms: (await db().select({ n: count() }).from(smsCredentials))[0]?.n,
  whatsapp: (await db().select({ n: count() }).from(whatsappCredentials))[0]?.n,
  templates: (await db().select({ n: count() }).from(whatsappTemplates))[0]?.n,
});

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
const post = (staff: Staff, form: Record<string, string>) =>
  answer(() => settingsRoute.action(staff.args("/admin/settings", { form }) as never));
const card = async (staff: Staff) => {
  const loaded = (await settingsRoute.loader(staff.args("/admin/settings?section=messages") as never)) as {
    messages: Awaited<
      ReturnType<typeof import("#app/platform/messages/messages-settings.server").messagesSettingsSummary>
    > | null;
  };
  return loaded.messages;
};

describe("the Messages settings card", () => {
  test("an owner saves each channel's account; the card shows them set, never their secrets", async () => {
    const owner = await signedInAdmin();
    expect(await card(owner)).toMatchObject({ sms: { account: null }, whatsapp: { account: null } });

    const sms = await post(owner, { intent: "sms", environment: "sandbox", ...AT_ACCOUNT });
    expect(sms).toMatchObject({ status: 302, location: "/admin/settings?section=messages#sms-settings" });
    const whatsapp = await post(owner, { intent: "whatsapp", ...WA_ACCOUNT });
    expect(whatsapp).toMatchObject({
      status: 302,
      location: "/admin/settings?section=messages#whatsapp-settings",
    });
    const templates = await post(owner, {
      intent: "whatsapp-templates",
      "session_reminder-name": "mafunzo_session_reminder",
      "session_reminder-language": "en_US",
    });
    expect(templates).toMatchObject({
      status: 302,
      location: "/admin/settings?section=messages#whatsapp-settings",
    });

    const shown = await card(owner);
    expect(shown?.sms.account).toMatchObject({ username: AT_ACCOUNT.username, opens: true });
    expect(shown?.sms.callbackUrls.map((u) => u.label)).toContain("Delivery reports");
    expect(shown?.whatsapp.account).toMatchObject({ phoneNumberId: WA_ACCOUNT.phoneNumberId, opens: true });
    expect(shown?.whatsapp.templates.find((t) => t.moment === "session_reminder")?.template).toEqual({
      name: "mafunzo_session_reminder",
      language: "en_US",
    });
    const text = JSON.stringify(shown);
    for (const secret of [AT_ACCOUNT.apiKey, WA_ACCOUNT.accessToken, WA_ACCOUNT.appSecret]) {
      expect(text).not.toContain(secret);
    }
  });

  test("a refused save says why on its own channel's fields and changes nothing", async () => {
    const owner = await signedInAdmin();
    const badSms = await post(owner, {
      intent: "sms",
      environment: "sandbox",
      username: "no spaces please",
      senderId: "MAFUNZO-KE",
      apiKey: AT_ACCOUNT.apiKey,
    });
    expect(badSms.status).toBe(400);
    expect(badSms.data).toMatchObject({
      error: "SMS settings not saved",
      messageErrors: {
        channel: "sms",
        errors: {
          username: [expect.stringContaining("Enter the app's username")],
          senderId: ["A sender ID has letters, digits and spaces only"],
        },
      },
    });

    // the first save of WhatsApp needs its secrets: the field that lacks one is named
    const noToken = await post(owner, { intent: "whatsapp", ...WA_ACCOUNT, accessToken: "" });
    expect(noToken.status).toBe(400);
    expect(noToken.data).toMatchObject({
      error: "WhatsApp settings not saved",
      messageErrors: {
        channel: "whatsapp",
        errors: { accessToken: ["Enter the access token of the WhatsApp app."] },
      },
    });
    const badTemplate = await post(owner, {
      intent: "whatsapp-templates",
      "payment_received-name": "Payment Received!",
    });
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.data).toMatchObject({
      error: "WhatsApp templates not saved",
      messageErrors: {
        channel: "whatsapp",
        errors: {
          "payment_received-name": ["A template name has lower-case letters, digits and underscores only"],
        },
      },
    });
    expect(await stored()).toEqual({ sms: 0, whatsapp: 0, templates: 0 });
  });

  test("finance staff see the finance settings, not the card, and cannot save either channel", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    expect(await card(finance)).toBeNull();
    const forms: Record<string, string>[] = [
      { intent: "sms", environment: "sandbox", ...AT_ACCOUNT },
      { intent: "whatsapp", ...WA_ACCOUNT },
      { intent: "whatsapp-templates", "session_reminder-name": "mafunzo_session_reminder" },
    ];
    for (const form of forms) {
      expect((await post(finance, form)).status).toBe(403);
    }
    expect(await stored()).toEqual({ sms: 0, whatsapp: 0, templates: 0 });
  });
});
