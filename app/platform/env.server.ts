import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Every variable the server reads: `.env.example` and the configuration table of `docs/operating.md` list the same (a test). */
export const EnvVariables = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  ),
  SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SMTP_URL: optional.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: z.string().default("Mafunzo Training <no-reply@mafunzo.co.ke>"),
  ADMIN_NOTIFY_EMAIL: optional.pipe(z.email().optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  // Express "trust proxy": a hop count ("1"), "true", or addresses/names ("loopback", "10.0.0.0/8")
  TRUST_PROXY: optional.transform((v) => {
    if (v === undefined || v === "false") return false;
    if (v === "true") return true;
    return /^\d+$/.test(v) ? Number(v) : v;
  }),
  // How long a process owns the e-mails it claimed before another may retry them (it may have crashed)
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  // KRA eTIMS (OSCU): where requests go instead of KRA's sandbox or production address (a proxy, or the tests'
  // stand-in); unset, the environment chosen in the finance settings decides
  ETIMS_BASE_URL: optional.pipe(z.url().optional()),
  // how long one eTIMS request may take before the tax invoice goes back to wait for a retry
  ETIMS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // the first wait before a tax invoice KRA did not take is sent again; each further wait doubles, up to an hour
  ETIMS_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // "off" renders PDFs in the request thread as before decision 0653: the isolation bench's "before" (`--pool off`)
  RENDER_POOL: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // read by the build (react-router.config.ts) and the origin check; listed here to be validated and documented
  ALLOWED_ACTION_ORIGINS: optional,
  // Zoom's hosts (zoom.us for the token, api.zoom.us for the API) instead of the real ones: the tests' stand-in
  ZOOM_URL: optional.pipe(z.url().optional()),
  // Microsoft's hosts (login.microsoftonline.com, graph.microsoft.com) instead of the real ones: the tests' stand-in
  MS_GRAPH_URL: optional.pipe(z.url().optional()),
  // how long one call to Zoom or Microsoft Graph may take before it counts as unanswered (decision 0826)
  MEETING_API_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // Daraja's host instead of the one the M-PESA settings name (sandbox or production): a stand-in server in tests
  DARAJA_URL: optional.pipe(z.url().optional()),
  // how long a call to Daraja may take before it counts as unanswered
  DARAJA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // MTN MoMo's and Airtel Money's hosts instead of the sandbox or production ones: the tests' stand-ins
  MTN_MOMO_URL: optional.pipe(z.url().optional()),
  AIRTEL_MONEY_URL: optional.pipe(z.url().optional()),
  // how long one call to MTN MoMo or Airtel Money may take before it counts as unanswered
  MOBILE_MONEY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // Africa's Talking's host instead of the one the SMS settings name (sandbox or production): the tests' stand-in
  AFRICASTALKING_URL: optional.pipe(z.url().optional()),
  // how long one request to Africa's Talking may take; an unanswered one is never sent again (decision 0765)
  AFRICASTALKING_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // the first wait before an SMS Africa's Talking could not take (a 5xx, no balance) is tried again; it doubles
  SMS_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Meta's Graph API host instead of https://graph.facebook.com: the tests' stand-in (decision 0769)
  WHATSAPP_GRAPH_URL: optional.pipe(z.url().optional()),
  // how long one request to the WhatsApp Cloud API may take; an unanswered one is never sent again
  WHATSAPP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  // the first wait before a WhatsApp message Meta could not take now (a 5xx, a rate limit) is tried again; doubles
  WHATSAPP_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // webhooks (decision 0822): how long a receiver has to answer, and whether a private or loopback address may
  // receive them (refused in production unless "allow"; development and tests deliver to local receivers)
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  WEBHOOK_PRIVATE_TARGETS: z.enum(["allow", "refuse"]).optional(),
  // tests only: "on" answers POST /__test/job-passes from this machine with one pass of every background job
  TEST_JOB_PASSES: z.enum(["on", "off"]).default("off"),
  // tests only: where the business clock starts (app/utils/clock.ts reads it before any configuration)
  TEST_NOW: optional.refine(
    (v) => v === undefined || !Number.isNaN(Date.parse(v)),
    "must be an ISO date-time",
  ),
});

const EnvSchema = EnvVariables.transform((env) => ({
  ...env,
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
}));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parses the environment; the message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnv() {
  cached = undefined;
}

/** Cookies are marked Secure when the site is served over HTTPS in production. */
export function secureCookies() {
  const config = env();
  return config.NODE_ENV === "production" && config.PUBLIC_URL.startsWith("https:");
}
