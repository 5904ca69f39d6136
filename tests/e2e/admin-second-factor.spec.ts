import fs from "node:fs";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  type AppServer,
  freePort,
  startAppServer,
  tempDataDir,
} from "../../scripts/reliability/app-server.mjs";
import { fillLogin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { authenticatorCode } from "../helpers/totp";
import { gotoSettingOf, saveSetting, sectionForm } from "./settings-steps";

// A server of its own: the first signup needs an empty database, the policy setting would change every other
// spec's sign-in, and the step-up case restarts the server with its clock moved on. One admin's story, in order.
// Authenticator codes are good once per 30-second step: freshCode takes the steps the server allows either side.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const OWNER = { email: "owner@mafunzo.test", password: "Ngong-Hills-7" };
const SECOND = { email: "second@mafunzo.test", password: "Second-Admin-2026" };
const FROM_ELSEWHERE = { "X-Forwarded-For": "203.0.113.7" };

let server: AppServer;
// WebAuthn takes a domain, never an IP address, as the relying party: the browser and PUBLIC_URL use localhost
let base = "";
let dataDir = "";
// how far the server's business clock is ahead of this machine's (TEST_NOW on restart)
let serverOffsetMs = 0;
let totpSecret = "";
let recoveryCodes: string[] = [];
let context: BrowserContext;
let page: Page;

const serverNow = () => Date.now() + serverOffsetMs;
let lastStep = 0;

/**
 * A code of the earliest step not used yet that the server takes when it checks: it takes the steps either side
 * of its own, so a code need not wait for the next 30-second step. The step before ours only while 10 s of ours
 * are left; the step after ours only once ours is 10 s old (the restarted server's clock trails ours by the
 * seconds it took to start). Only a fourth code within about 30 s waits.
 */
async function freshCode(secret = totpSecret) {
  for (;;) {
    const at = serverNow();
    const step = Math.floor(at / 30_000);
    const into = at % 30_000;
    const next = Math.max(lastStep + 1, into < 20_000 ? step - 1 : step);
    if (next <= (into > 10_000 ? step + 1 : step)) {
      lastStep = next;
      return authenticatorCode(secret, next * 30_000);
    }
    await page.waitForTimeout(1000);
  }
}
const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function logout() {
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${base}/`);
}

async function passwordStep(credentials = OWNER) {
  await fillLogin(page, credentials, base);
  await expect(page).toHaveURL(/\/admin\/login\/verify\?redirectTo=/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm It's You" })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  // a data directory of our own: it must outlive the restart below
  dataDir = tempDataDir("second-factor");
  server = await startAppServer({ port, dataDir, env: { PUBLIC_URL: base } });
  context = await browser.newContext();
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a first signup from another machine needs the setup code from the start-up log", async () => {
  const log = server.output();
  expect(log).toContain(`${base}/admin/signup`);
  const code = /"setupCode":"([0-9A-F-]+)"/.exec(log)?.[1];
  expect(code).toBeTruthy();

  await page.setExtraHTTPHeaders(FROM_ELSEWHERE);
  await page.goto(`${base}/admin/signup`);
  const fill = async (setupCode?: string) => {
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByLabel("Confirm Password").fill(OWNER.password);
    if (setupCode !== undefined) await page.getByLabel("Setup code").fill(setupCode);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
  };
  await fill("WRONG-CODE1");
  await expect(
    page.getByText("Enter the setup code printed in the server's start-up log").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/signup`);
  await fill(code);
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(toast("Welcome Admin!")).toBeVisible();
  await page.setExtraHTTPHeaders({});
});

test("an authenticator app is set up by QR code or key, confirmed with a code, and then asked for at sign-in", async () => {
  await page.goto(`${base}/admin/security`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in Security" })).toBeVisible();
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(
    page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg"),
  ).toBeVisible();
  totpSecret = (await page.getByTestId("totp-secret").textContent())?.replaceAll(" ", "") ?? "";
  expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That did not match" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(await freshCode());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Authenticator app turned on.")).toBeVisible();
  recoveryCodes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);

  await logout();
  await passwordStep();
  await expectNoSeriousA11yViolations(page);
  // nothing else is open to the half-signed-in session
  await page.goto(`${base}/admin/registrations`);
  await expect(page).toHaveURL(/\/admin\/login\/verify\?redirectTo=%2Fadmin%2Fregistrations/);
  await page.getByLabel("Code from your authenticator app").fill(await freshCode());
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(`${base}/admin/registrations`);
  await expect(toast("Login Successful")).toBeVisible();
});

test("a recovery code signs in once and is refused the second time", async () => {
  await logout();
  const useRecovery = async (code: string) => {
    await page.getByText("Use a recovery code instead").click();
    await page.getByLabel("Recovery code").fill(code);
    await page.getByRole("button", { name: "Use recovery code" }).click();
  };
  const [code] = recoveryCodes;
  await passwordStep();
  await useRecovery(code ?? "");
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await logout();
  await passwordStep();
  await useRecovery(code ?? "");
  await expect(page.getByRole("alert").filter({ hasText: "That did not match" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  await page.getByLabel("Code from your authenticator app").fill(await freshCode());
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await page.goto(`${base}/admin/settings?section=security`);
  const overview = page.getByRole("region", { name: "Second factors" });
  await expect(overview.getByRole("row").filter({ hasText: OWNER.email })).toContainText("9");
});

test("a passkey is registered with a virtual authenticator and then is the whole sign-in, or the second step", async () => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await page.goto(`${base}/admin/security`);
  await page.getByLabel("New passkey name").fill("Office laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added: Office laptop")).toBeVisible();
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);
  await page
    .getByTestId("passkey-row")
    .getByLabel(/Name of passkey/)
    .fill("Work laptop");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Passkey renamed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Work laptop" })).toBeVisible();

  await logout();
  await page.goto(`${base}/admin/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(toast("Login Successful")).toBeVisible();

  await logout();
  await passwordStep();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
});

test("adding an admin asks for the second factor again when the sign-in is older than five minutes", async () => {
  // made while the sign-in is recent: no step-up
  await saveSetting(page, "max_admin_accounts", "2", base);

  // the same data, ten minutes later on the server's clock; the session (and this browser's cookie) carry on
  await server.stop();
  serverOffsetMs = 10 * 60_000;
  server = await startAppServer({
    port: server.port,
    dataDir,
    env: { PUBLIC_URL: base, TEST_NOW: new Date(serverNow()).toISOString() },
  });
  await page.goto(`${base}/admin/settings?section=security`);
  const card = page.getByRole("region", { name: "Administrators" });
  await card.getByLabel("Email").fill(SECOND.email);
  await card.getByLabel("Initial password").fill(SECOND.password);
  await card.getByRole("button", { name: "Add admin" }).click();
  await expect(page).toHaveURL(/\/admin\/step-up\?redirectTo=%2Fadmin%2Fsettings/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm It's You" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Code from your authenticator app").fill(await freshCode());
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(`${base}/admin/settings?section=security`);
  await card.getByLabel("Email").fill(SECOND.email);
  await card.getByLabel("Initial password").fill(SECOND.password);
  await card.getByRole("button", { name: "Add admin" }).click();
  await expect(toast("Admin Added")).toBeVisible();
  await expect(card.getByRole("list", { name: "Admin accounts" })).toContainText(SECOND.email);
});

test("with require_second_factor on, an admin without one must set one up before anything else", async ({
  browser,
}) => {
  await gotoSettingOf(page, "require_second_factor", base);
  const policy = page.getByTestId("setting-require_second_factor");
  await policy.getByText("Off", { exact: true }).click();
  await sectionForm(page).getByRole("button", { name: "Save security" }).click();
  await expect(page.getByText("Security settings saved").first()).toBeVisible();

  // on a phone-sized screen: the enrolment page must not scroll sideways
  const other = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const second = await other.newPage();
  await second.goto(`${base}/admin/login`);
  await second.getByLabel("Email").fill(SECOND.email);
  await second.getByLabel("Password").fill(SECOND.password);
  await second.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(second).toHaveURL(/\/admin\/security\?redirectTo=/);
  await expect(second.getByText("This site requires a second factor for every administrator")).toBeVisible();
  await second.goto(`${base}/admin/contacts`);
  await expect(second).toHaveURL(/\/admin\/security\?redirectTo=%2Fadmin%2Fcontacts/);

  await second.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await second.getByTestId("totp-secret").textContent())?.replaceAll(" ", "") ?? "";
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await second.getByLabel("Code from the app").fill(authenticatorCode(secret, serverNow() - 5_000));
  await second.getByRole("button", { name: "Turn on" }).click();
  await expect(second.getByTestId("recovery-codes")).toBeVisible();
  await second.getByRole("link", { name: "Continue" }).click();
  await expect(second).toHaveURL(`${base}/admin/contacts`);
  await expect(second.getByRole("heading", { level: 1 })).toBeVisible();
  await other.close();
});
