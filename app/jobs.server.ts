import { courseRegistrations } from "#app/booking/tables.server";
import { forgetOldPortalRows, offerLapsedHolds, sweepExpiredOffers } from "#app/bookings/index.server";
import { sweepDelivery } from "#app/delivery/index.server";
import { deliverDueWebhooks } from "#app/integrations/index.server";
import {
  issueDueReceipts,
  PROMPT_SWEEP_ACTOR,
  sendDueTaxInvoices,
  startReceiptWorker,
  sweepMobileMoneyPrompts,
  sweepStkPushes,
  tellFinanceOfLongWaits,
} from "#app/money/index.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails, startOutboxWorker } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { runPeriodically } from "#app/platform/jobs/periodic.server";
import { logger } from "#app/platform/logger.server";
import { sealIdNumbersAtRest } from "#app/platform/personal-data/id-number.server";
import { forgetOldAttempts } from "#app/platform/rate-limit/attempt-retention.server";
import { deliverDueSms } from "#app/platform/sms/sms-outbox.server";
import { deliverDueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { matchBookingsToOrganisations } from "#app/sales/index.server";

type Stop = () => Promise<void> | void;

const OUTBOX = "e-mail outbox";

/**
 * A job of the server process: started once at boot, stopped at shutdown. `pass` is one run of what its timer
 * does, for `runEveryJobOnce` (tests: "nothing more happens" is checked after a pass, not after a sleep).
 */
type Job = {
  name: string;
  intervalMs: number;
  start(job: Job): Stop | undefined;
  pass(): Promise<unknown>;
};

const failed = (name: string) => (err: unknown) => logger.error({ err, job: name }, `${name} failed`);

/** A pass run every `intervalMs` (and at boot when `atStart`) in every process; the rows decide who does what. */
function periodic(name: string, intervalMs: number, pass: () => Promise<unknown>, atStart = false): Job {
  return {
    name,
    intervalMs,
    start: () => runPeriodically(pass, { intervalMs, atStart, onError: failed(name) }),
    pass,
  };
}

/**
 * Every background job, with how often it runs. Each process runs them all (DESIGN §7): what a pass does is
 * decided by the database rows it claims, so no job holds work that only one process knows about.
 */
export const JOBS: readonly Job[] = [
  {
    // sends what is due, and again at once when a request queues mail (wakeOutboxWorker)
    name: OUTBOX,
    intervalMs: 5_000,
    start({ intervalMs }) {
      const { SMTP_URL, OUTBOX_LEASE_SECONDS } = env();
      if (!SMTP_URL) {
        logger.warn("SMTP_URL is not set: e-mails wait in the outbox (email_outbox) until it is");
        return undefined;
      }
      const send = createSmtpSender(SMTP_URL);
      const stopWorker = startOutboxWorker({ send, intervalMs, leaseMs: OUTBOX_LEASE_SECONDS * 1000 });
      return async () => {
        await stopWorker();
        send.close();
      };
    },
    async pass() {
      const { SMTP_URL, OUTBOX_LEASE_SECONDS } = env();
      if (!SMTP_URL) return;
      const send = createSmtpSender(SMTP_URL);
      try {
        await deliverDueEmails({ send, leaseMs: OUTBOX_LEASE_SECONDS * 1000 });
      } finally {
        send.close();
      }
    },
  },
  // sales and credit notes waiting for KRA eTIMS, retried with backoff while KRA is down or slow
  periodic("eTIMS tax invoices", 5_000, sendDueTaxInvoices, true),
  // a tax invoice KRA has not recorded for hours is e-mailed to finance, once
  periodic("eTIMS long waits told to finance", 60_000, tellFinanceOfLongWaits, true),
  {
    // receipts due after a payment's commit (decision 0652): at once after an M-PESA confirmation, and the ones a
    // crashed process left at start and on every tick
    name: "receipts after payments",
    intervalMs: 30_000,
    start: ({ name, intervalMs }) => startReceiptWorker({ intervalMs, onError: failed(name) }),
    pass: () => issueDueReceipts(),
  },
  // an offer not claimed in time passes to the next booking on the waiting list
  periodic("waiting-list offers", 60_000, sweepExpiredOffers),
  // seats a code held past its last day go to the waiting list (decision 0751)
  periodic("held seats lapsed", 60_000, offerLapsedHolds, true),
  // reminders before a run, feedback links after it
  periodic("delivery sweep", 60_000, sweepDelivery, true),
  // text messages through Africa's Talking, once each, retried with backoff while it cannot take them
  periodic("SMS outbox", 5_000, () => deliverDueSms({ leaseMs: env().OUTBOX_LEASE_SECONDS * 1000 }), true),
  // WhatsApp template messages through Meta's Cloud API, on the same rails as SMS (decision 0769)
  periodic(
    "WhatsApp outbox",
    5_000,
    () => deliverDueWhatsApp({ leaseMs: env().OUTBOX_LEASE_SECONDS * 1000 }),
    true,
  ),
  // signed webhooks to the endpoints an owner added (decision 0822): fanned out, leased, retried for three days
  periodic(
    "webhook outbox",
    5_000,
    () => deliverDueWebhooks({ leaseMs: env().OUTBOX_LEASE_SECONDS * 1000 }),
    true,
  ),
  // rate-limit events and sign-in attempts past every window
  periodic("old attempts forgotten", 60 * 60_000, forgetOldAttempts, true),
  // ID numbers stored as typed (before migration 0018, or by an older process during an upgrade) sealed
  periodic("ID numbers sealed", 60 * 60_000, () => sealIdNumbersAtRest(courseRegistrations), true),
  // client-portal sign-in links past use and portal sessions ended
  periodic("portal links and sessions forgotten", 60 * 60_000, forgetOldPortalRows, true),
  // M-PESA Express prompts whose callback is two minutes late: the STK Query asks how they ended
  periodic("M-PESA Express queries", 30_000, sweepStkPushes),
  // MTN MoMo and Airtel Money prompts a minute old: their status lookup says how they ended (decision 0815)
  periodic("mobile-money status lookups", 30_000, () => sweepMobileMoneyPrompts(PROMPT_SWEEP_ACTOR)),
  // bookings naming an organisation linked to its record (created when new); doubtful pairs wait for review
  periodic("bookings matched to organisations", 60_000, () => matchBookingsToOrganisations(), true),
];

/** Starts every job; the returned function stops them, the last started first. */
export function startJobs(): () => Promise<void> {
  const stops = JOBS.flatMap((job) => job.start(job) ?? []);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

/**
 * One pass of every job, awaited, the e-mail outbox last so that mail another job queued goes out in the same
 * call. Passes run beside the timers' own: like two processes, the claimed rows keep them from doing a thing
 * twice (DESIGN §7). Reached only through the test-only endpoint (server/job-passes.ts, decision 0711).
 */
export async function runEveryJobOnce(): Promise<string[]> {
  const outboxLast = [...JOBS].sort((a, b) => Number(a.name === OUTBOX) - Number(b.name === OUTBOX));
  for (const job of outboxLast) await job.pass();
  return outboxLast.map((job) => job.name);
}
