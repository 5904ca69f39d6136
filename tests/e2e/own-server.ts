import { test } from "@playwright/test";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import { signUpFirstAdminOn } from "../helpers/admin";
import { startSmtpServer } from "../helpers/smtp";

/** The first owner of a server of a spec's own. */
export const OWNER = { email: "owner@mafunzo.test", password: "Kilimanjaro-2026" };

/**
 * A server of the spec's own with a real SMTP server and its first owner signed up, started before the spec's
 * tests and stopped after them. Read `base` and `smtp` inside tests: they are set by then.
 */
export function serverOfItsOwn() {
  const own = {
    base: "",
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpServer>>,
  };
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  test.beforeAll(async () => {
    own.smtp = await startSmtpServer();
    server = await startAppServer({ env: { SMTP_URL: own.smtp.url } });
    own.base = server.url;
    await signUpFirstAdminOn(own.base, OWNER.email, OWNER.password);
  });
  test.afterAll(async () => {
    await server?.stop();
    await own.smtp?.close();
  });
  return own;
}
