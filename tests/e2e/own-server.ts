import { test as base } from "@playwright/test";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import { signUpFirstAdmin } from "../helpers/admin";
import { startDarajaStandIn } from "../helpers/daraja";
import { startEtimsServer } from "../helpers/etims";
import { runJobsOnce } from "../helpers/job-passes";
import { acceptLaunchChecklist } from "../helpers/launch";
import { startSmtpServer } from "../helpers/smtp";
import { etimsServerEnv, etimsStandInDevices } from "./etims-steps";

/** The first owner of the worker's server. */
export const OWNER = { email: "owner@mafunzo.test", password: "Kilimanjaro-2026" };

/**
 * The production server a Playwright worker shares between the specs that need one with mail, M-PESA and eTIMS
 * (decision 0710): started the first time a spec of the worker asks for it, with its own data directory, an SMTP
 * server, Daraja and eTIMS stand-ins, job passes on request and OWNER signed up; stopped when the worker ends.
 * Tests share its database, so each makes its own data (names and e-mails with a stamp of its own).
 */
export type OwnServer = {
  base: string;
  server: Awaited<ReturnType<typeof startAppServer>>;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  kra: Awaited<ReturnType<typeof startEtimsServer>>;
  daraja: Awaited<ReturnType<typeof startDarajaStandIn>>;
  /** One pass of every background job, awaited (see tests/helpers/job-passes.ts). */
  runJobsOnce(): Promise<void>;
  /**
   * Sets a system setting as OWNER, as the settings screen does (`value` as its form sends it: "true", "false").
   * A test that changes one the others rely on (maintenance, registration) sets it back in `finally`.
   */
  setSetting(key: string, value: string): Promise<void>;
};

export const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtpServer();
      const kra = await startEtimsServer({ devices: etimsStandInDevices });
      const daraja = await startDarajaStandIn();
      const server = await startAppServer({
        env: { SMTP_URL: smtp.url, DARAJA_URL: daraja.url, ...etimsServerEnv(kra), TEST_JOB_PASSES: "on" },
      });
      try {
        // the owner's session stays open for setSetting (the screen's own form post)
        const cookie = await signUpFirstAdmin(server.url, OWNER);
        // a test site keeps the seed's sample content: accepted, so maintenance may be switched off again
        await acceptLaunchChecklist(server.url, cookie);
        const setSetting = async (key: string, value: string) => {
          const response = await fetch(`${server.url}/admin/settings`, {
            method: "POST",
            redirect: "manual",
            headers: {
              Origin: server.url,
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: cookie,
            },
            body: new URLSearchParams({ key, value }),
          });
          if (response.status !== 302) throw new Error(`setting ${key} failed: HTTP ${response.status}`);
        };
        const runJobs = () => runJobsOnce(server.url);
        await use({ base: server.url, server, smtp, kra, daraja, runJobsOnce: runJobs, setSetting });
      } finally {
        await server.stop();
        await Promise.all([smtp.close(), kra.close(), daraja.close()]);
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

/**
 * The worker's server (see `test` above) for a spec written against a server of its own: read `base` and `smtp`
 * inside tests, they are set by then. The spec must take `test` from this module.
 */
export function serverOfItsOwn() {
  const own = {} as OwnServer;
  test.beforeAll(async ({ ownServer }) => {
    Object.assign(own, ownServer);
  });
  return own;
}
