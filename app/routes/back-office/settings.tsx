import { type ReactNode, useEffect } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import {
  GenerateSecretSchema,
  parseSettingInput,
  SETTING_LABELS,
  SETTING_SECTIONS,
  SettingFormSchema,
  SettingSectionFormSchema,
  type SettingSectionId,
  settingPath,
  settingSection,
} from "#app/back-office/index";
import {
  generateCallbackSecret,
  getSystemInfo,
  updateSystemSetting,
  updateSystemSettings,
} from "#app/back-office/index.server";
import { AdministratorsCard } from "#app/components/admin/administrators-card";
import { ContentSectionForm } from "#app/components/admin/content-section-form";
import { CONTENT_SECTIONS } from "#app/components/admin/content-sections";
import { FinanceProfileNotice } from "#app/components/admin/finance-parts";
import { LoadError, PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { toast } from "#app/components/toast";
import { Badge } from "#app/components/ui/badge";
import { MeetingAccountFormSchema } from "#app/delivery/index";
import { meetingAccountsSummary, saveMeetingAccount } from "#app/delivery/index.server";
import { DarajaCredentialsFormSchema, EtimsDeviceSchema } from "#app/money/index";
import {
  currentFinanceProfileGaps,
  darajaCredentialsSummary,
  forgetDarajaTokens,
  getEtimsDevice,
  saveDarajaCredentials,
  saveEtimsDevice,
  sendTestConfirmation,
} from "#app/money/index.server";
import { env } from "#app/platform/env.server";
import { loadOrReport, writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import {
  MESSAGES_SETTINGS_FORMS,
  messagesSettingsIntent,
  messagesSettingsSummary,
  saveMessagesSettings,
  savesCredentials,
} from "#app/platform/messages/messages-settings.server";
import { getSetting, getSettings, listSettingRows } from "#app/platform/settings/setting.server";
import {
  FINANCE_SETTING_KEYS,
  isSettingKey,
  SECURITY_SETTING_KEYS,
  SETTING_DEFINITIONS,
  type SettingKey,
} from "#app/platform/settings/settings";
import { redirectWithToast } from "#app/platform/toast.server";
import { EtimsSettings, type EtimsSettingsAnswer } from "#app/routes/back-office/components/etims-settings";
import { MessagesSettings } from "#app/routes/back-office/components/messages-settings";
import { SecondFactorOverview } from "#app/routes/back-office/components/second-factor-overview";
import { MeetingAccountsSection } from "#app/routes/back-office/components/settings/meeting-accounts-section";
import { MpesaSection } from "#app/routes/back-office/components/settings/mpesa-section";
import { SectionForm } from "#app/routes/back-office/components/settings/section-form";
import { getSiteContent } from "#app/site/index.server";
import { canEditContent, canManageFinanceSettings, canManageSettings } from "#app/staff/index";
import {
  listSecondFactorSummaries,
  loadAdministratorsCard,
  requireAllowed,
  requireRecentVerification,
  requireRule,
  staffOf,
} from "#app/staff/index.server";
import { cn } from "#app/utils/cn";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Mafunzo Admin" }];

const FAILED = "Failed to update setting";
/** The sections finance staff see: the money side's; the rest are the owners'. */
const FINANCE_SECTIONS: readonly SettingSectionId[] = ["company", "invoicing", "payments", "tax"];

type Admin = Awaited<ReturnType<typeof requireAllowed>>;

/** The sections `owner` (or finance staff) may open, and which of a section's settings they may change. */
function access(owner: boolean) {
  const mayChange = (key: SettingKey) => owner || FINANCE_SETTING_KEYS.includes(key);
  const sections = SETTING_SECTIONS.filter((section) => owner || FINANCE_SECTIONS.includes(section.id));
  return { mayChange, sections };
}

/** A number setting's range as its rule states it, for the browser's own check. */
function numberBounds(key: SettingKey) {
  const schema: unknown = SETTING_DEFINITIONS[key].schema;
  if (!(schema instanceof z.ZodNumber)) return null;
  const { minValue: min, maxValue: max } = schema;
  return min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max) ? { min, max } : null;
}

const sectionPath = (id: SettingSectionId, anchor = "") => `/admin/settings?section=${id}${anchor}`;

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(
    args,
    (staff) => canManageSettings(staff) || canManageFinanceSettings(staff),
  );
  // finance staff see and change the finance settings only; the accounts' cards are the owners'
  const owner = canManageSettings(staffOf(admin));
  const { mayChange, sections } = access(owner);
  const asked = settingSection(new URL(args.request.url).searchParams.get("section"));
  const section = sections.find((s) => s.id === asked.id) ?? sections[0] ?? asked;
  const on = (id: SettingSectionId) => section.id === id;
  const [
    settings,
    financeGaps,
    system,
    administrators,
    secondFactors,
    content,
    stk,
    etims,
    messages,
    meetings,
  ] = await Promise.all([
    loadOrReport("Failed to fetch system settings", () => listSettingRows(), []),
    currentFinanceProfileGaps(),
    on("security") ? getSystemInfo() : null,
    on("security") && owner ? loadAdministratorsCard(admin.user.id) : null,
    on("security") && owner ? listSecondFactorSummaries() : null,
    on("payments") ? getSiteContent(["payment"]) : null,
    on("payments") ? darajaCredentialsSummary() : null,
    on("tax") ? getEtimsDevice() : null,
    on("messages") && owner ? messagesSettingsSummary(env().PUBLIC_URL) : null,
    on("site") && owner ? meetingAccountsSummary() : null,
  ]);
  const stored = (key: SettingKey) => settings.value.find((row) => row.key === key)?.value;
  const secret = stored("mpesa_callback_secret");
  const base = `${env().PUBLIC_URL.replace(/\/$/, "")}/api/mpesa/${String(secret)}`;
  return {
    section: { id: section.id, title: section.title, help: section.help },
    sections: sections.map(({ id, title }) => ({ id, title })),
    // the section's settings this account may change, in the section's order, under their human names
    fields: (section.keys as readonly SettingKey[]).filter(mayChange).flatMap((key) => {
      const row = settings.value.find((r) => r.key === key);
      return row ? [{ key, value: row.value, ...SETTING_LABELS[key], bounds: numberBounds(key) }] : [];
    }),
    kraPin: String(stored("finance_kra_pin") ?? ""),
    mpesa: on("payments")
      ? {
          callbackUrls: secret
            ? [
                { label: "Validation URL", url: `${base}/validation` },
                { label: "Confirmation URL", url: `${base}/confirmation` },
                { label: "M-PESA Express callback URL", url: `${base}/stk` },
              ]
            : [],
          stk: stk ? { ...stk, updatedAt: stk.updatedAt.toISOString() } : null,
        }
      : null,
    canEditPaymentDetails: canEditContent(staffOf(admin)),
    owner,
    error: settings.error,
    system,
    administrators,
    secondFactors,
    payment: content?.payment ?? null,
    financeGaps,
    etims,
    messages,
    meetings,
  };
}

type Answer = {
  error: string;
  key?: string;
  detail?: string;
  fieldErrors?: Record<string, string>;
  stkErrors?: Record<string, string[]>;
  messageErrors?: { channel: "sms" | "whatsapp"; errors: Record<string, string[]> };
};
const answer = (body: Answer, status: number) => data(body, { status });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(
    args,
    (staff) => canManageSettings(staff) || canManageFinanceSettings(staff),
  );
  const formData = await readForm(args.request, [
    SettingFormSchema,
    SettingSectionFormSchema,
    GenerateSecretSchema,
    DarajaCredentialsFormSchema,
    EtimsDeviceSchema,
    ...MESSAGES_SETTINGS_FORMS,
    MeetingAccountFormSchema,
  ]);
  const intent = formData.get("intent");
  if (intent === "section") return saveSection(args, admin, formData);
  if (intent === "generate-callback-secret") return newCallbackSecret(args, admin);
  if (intent === "daraja") return saveStk(args, admin, formData);
  const messagesIntent = messagesSettingsIntent(formData);
  if (messagesIntent) {
    // the owners'; a provider's credentials after a recent sign-in, like the other providers' (decision 0773)
    requireRule(admin, canManageSettings);
    if (savesCredentials(messagesIntent)) requireRecentVerification(admin, args.request);
    const saved = await saveMessagesSettings(admin.actor, messagesIntent, formData);
    if (!saved.ok) return answer({ error: saved.error, messageErrors: saved }, 400);
    return redirectWithToast(sectionPath("messages", saved.anchor), { title: saved.title });
  }
  if (intent === "etims-device") return etimsDeviceAction(admin, args.request, formData);
  if (intent === "meeting-account") return meetingAccountAction(args, admin, formData);
  if (intent === "mpesa-test") {
    // finance's: it proves the confirmation URL answers, and records nothing
    requireRule(admin, canManageFinanceSettings);
    return data({ mpesaTest: await sendTestConfirmation(env().PUBLIC_URL) });
  }
  // one setting by its key: scripts, and the tests that switch a setting on the worker's own server
  const key = formData.get("key");
  if (typeof key !== "string" || !isSettingKey(key)) {
    return answer({ error: FAILED, detail: "Unknown setting" }, 400);
  }
  requireRule(admin, FINANCE_SETTING_KEYS.includes(key) ? canManageFinanceSettings : canManageSettings);
  if (SECURITY_SETTING_KEYS.includes(key)) requireRecentVerification(admin, args.request);
  const input = parseSettingInput(key, formData.get("value"));
  if (!input.ok) return answer({ error: FAILED, key, detail: input.message }, 400);
  const write = await writeOrReport(FAILED, () => updateSystemSetting(admin.actor, key, input.value));
  if (!write.ok) return answer({ error: FAILED, key }, 500);
  if (!write.value.ok) return answer({ error: FAILED, key, detail: write.value.message }, 409);
  return redirectWithToast(settingPath(key), { title: "Setting updated successfully" });
}

/**
 * A section's one save: every setting of the section this account may change, checked first, then the changed
 * ones written together (all or none). A security setting that changes asks for a recent sign-in.
 */
async function saveSection(args: Route.ActionArgs, admin: Admin, form: FormData) {
  const parsed = SettingSectionFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return answer({ error: "Settings not saved", detail: "Choose a settings section" }, 400);
  const owner = canManageSettings(staffOf(admin));
  const section = settingSection(parsed.data.section);
  const { mayChange, sections } = access(owner);
  if (!sections.some((s) => s.id === section.id)) requireRule(admin, canManageSettings);
  const keys = (section.keys as readonly SettingKey[]).filter(mayChange);
  const current = await getSettings();
  const fieldErrors: Record<string, string> = {};
  const changes: { key: SettingKey; value: unknown }[] = [];
  for (const key of keys) {
    // an unticked switch sends nothing: off
    const input = parseSettingInput(key, form.get(key));
    if (!input.ok) fieldErrors[key] = input.message;
    else if (JSON.stringify(input.value) !== JSON.stringify(current[key])) {
      changes.push({ key, value: input.value });
    }
  }
  const title = `${section.title} settings`;
  if (Object.keys(fieldErrors).length > 0) {
    return answer({ error: `${title} not saved`, detail: "Correct the values marked.", fieldErrors }, 400);
  }
  if (changes.some(({ key }) => SECURITY_SETTING_KEYS.includes(key))) {
    requireRecentVerification(admin, args.request);
  }
  const write = await writeOrReport(FAILED, () => updateSystemSettings(admin.actor, changes));
  if (!write.ok) return answer({ error: `${title} not saved` }, 500);
  if (!write.value.ok) {
    const { key, message } = write.value;
    return answer(
      { error: `${title} not saved`, detail: message, fieldErrors: key ? { [key]: message } : {} },
      409,
    );
  }
  return redirectWithToast(sectionPath(section.id), {
    title: changes.length === 0 ? "Nothing changed" : `${title} saved`,
  });
}

/** The Generate button: the server makes the M-PESA callback secret; finance's, after a recent sign-in. */
async function newCallbackSecret(args: Route.ActionArgs, admin: Admin) {
  requireRule(admin, canManageFinanceSettings);
  requireRecentVerification(admin, args.request);
  const write = await writeOrReport(FAILED, () => generateCallbackSecret(admin.actor));
  if (!write.ok || !write.value.ok) return answer({ error: "Callback secret not generated" }, 409);
  return redirectWithToast(sectionPath("payments", "#mpesa-settings"), {
    title: "New callback secret generated",
    description: "Register the URLs below with Safaricom now: the old ones no longer answer.",
  });
}

/** M-PESA Express credentials: finance's, after a recent sign-in, like the callback secret. */
async function saveStk(args: Route.ActionArgs, admin: Admin, form: FormData) {
  requireRule(admin, canManageFinanceSettings);
  requireRecentVerification(admin, args.request);
  const parsed = DarajaCredentialsFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const stkErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    return answer({ error: "M-PESA Express credentials not saved", stkErrors }, 400);
  }
  const saved = await saveDarajaCredentials(admin.actor, parsed.data);
  if (!saved.ok) {
    return answer({ error: "M-PESA Express credentials not saved", detail: saved.message }, 400);
  }
  forgetDarajaTokens();
  return redirectWithToast(sectionPath("payments", "#mpesa-settings"), {
    title: "M-PESA Express credentials saved",
  });
}

/** Connects Zoom or Teams: the owners', after a recent sign-in like every provider's credentials (decision 0826). */
async function meetingAccountAction(args: Route.ActionArgs, admin: Admin, formData: FormData) {
  requireRule(admin, canManageSettings);
  requireRecentVerification(admin, args.request);
  const parsed = MeetingAccountFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return answer({ error: "Meeting account not saved", detail: parsed.error.issues[0]?.message ?? "" }, 400);
  }
  const { provider, organizer, ...rest } = parsed.data;
  if (provider === "teams" && !organizer) {
    return answer(
      { error: "Meeting account not saved", detail: "Enter the user who organises the meetings." },
      400,
    );
  }
  const saved = await saveMeetingAccount(admin.actor, { provider, organizer: organizer || "me", ...rest });
  if (!saved.ok) return answer({ error: "Meeting account not saved", detail: saved.message }, 400);
  return redirectWithToast(sectionPath("site", "#meeting-accounts"), {
    title: `${provider === "zoom" ? "Zoom" : "Microsoft Teams"} connected`,
  });
}

/** The eTIMS section's own intent: the firm's device, then KRA's initialisation (its key is a credential). */
async function etimsDeviceAction(admin: Admin, request: Request, formData: FormData) {
  requireRule(admin, canManageFinanceSettings);
  requireRecentVerification(admin, request);
  // the firm's KRA PIN is the Company section's, typed once: eTIMS takes it from there, never from this form
  const kraPin = await getSetting("finance_kra_pin");
  if (!kraPin) {
    return data<EtimsSettingsAnswer>(
      {
        intent: "etims-device",
        ok: false,
        message: "Enter the firm's KRA PIN under Company first: eTIMS uses that one.",
        field: "tin",
      },
      { status: 400 },
    );
  }
  const parsed = EtimsDeviceSchema.safeParse({ ...Object.fromEntries(formData), tin: kraPin });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<EtimsSettingsAnswer>(
      {
        intent: "etims-device",
        ok: false,
        message: issue?.message ?? "Check the form.",
        field: String(issue?.path[0] ?? ""),
      },
      { status: 400 },
    );
  }
  const outcome = await saveEtimsDevice(admin.actor, parsed.data);
  return data<EtimsSettingsAnswer>({ intent: "etims-device", ...outcome });
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { section, sections, fields, error, system, administrators, secondFactors, payment, mpesa } =
    loaderData;
  const paymentSection = CONTENT_SECTIONS.find((part) => part.key === "payment");
  const etimsAnswer = actionData && "intent" in actionData ? actionData : undefined;
  const settingAnswer = actionData && "error" in actionData ? actionData : undefined;
  useOutcomeToast(etimsAnswer, "eTIMS is not ready");
  useEffect(() => {
    if (settingAnswer?.error) toast.error(settingAnswer.error, { description: settingAnswer.detail });
  }, [settingAnswer]);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  const fieldErrors =
    settingAnswer?.fieldErrors ??
    (settingAnswer?.key ? { [settingAnswer.key]: settingAnswer.detail ?? settingAnswer.error } : null);
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="How the firm, its documents, payments and site are set up." />
      <nav aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-slate-200">
          {sections.map((item) => (
            <li key={item.id} className="shrink-0">
              <Link
                to={`/admin/settings?section=${item.id}`}
                aria-current={item.id === section.id ? "page" : undefined}
                className={cn(
                  "-mb-px flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                  item.id === section.id
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LoadError error={error} />
      <FinanceProfileNotice gaps={loaderData.financeGaps} />
      <div className="space-y-8" data-testid={`settings-${section.id}`}>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{section.title}</h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{section.help}</p>
        </div>
        <SectionForm section={section.id} title={section.title} fields={fields} errors={fieldErrors} />
        {section.id === "company" && loaderData.owner ? (
          <p className="max-w-3xl text-sm text-slate-600">
            The logo and the signature printed on documents:{" "}
            <Link to="/admin/settings/letterhead" className="font-medium underline">
              Logo and signature
            </Link>
            . The address and telephone are the site's contact details (
            <Link to="/admin/content#content-contact" className="underline">
              Content → Contact
            </Link>
            ).
          </p>
        ) : null}
        {mpesa ? (
          <MpesaSection
            mpesa={{
              ...mpesa,
              stkErrors: settingAnswer?.stkErrors ?? null,
              test: actionData && "mpesaTest" in actionData ? actionData.mpesaTest : null,
            }}
          />
        ) : null}
        {section.id === "payments" && paymentSection && loaderData.canEditPaymentDetails ? (
          <div className="max-w-3xl">
            <ContentSectionForm
              key={JSON.stringify(payment)}
              section={paymentSection}
              value={payment ?? {}}
              returnTo="settings"
            />
          </div>
        ) : null}
        {section.id === "tax" ? (
          <EtimsSettings device={loaderData.etims} answer={etimsAnswer} kraPin={loaderData.kraPin} />
        ) : null}
        {loaderData.meetings ? <MeetingAccountsSection accounts={loaderData.meetings} /> : null}
        {loaderData.messages ? (
          <MessagesSettings
            {...loaderData.messages}
            errors={{
              sms:
                settingAnswer?.messageErrors?.channel === "sms" ? settingAnswer.messageErrors.errors : null,
              whatsapp:
                settingAnswer?.messageErrors?.channel === "whatsapp"
                  ? settingAnswer.messageErrors.errors
                  : null,
            }}
          />
        ) : null}
        {administrators && secondFactors ? (
          <div className="max-w-3xl space-y-8">
            <AdministratorsCard {...administrators} />
            <SecondFactorOverview admins={secondFactors} />
          </div>
        ) : null}
        {system ? <SystemInformation system={system} /> : null}
      </div>
    </div>
  );
}

function SystemInformation({ system }: { system: Awaited<ReturnType<typeof getSystemInfo>> }) {
  return (
    <section
      aria-labelledby="system-info"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="system-info" className="text-base font-semibold text-slate-900">
        System information
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        <InfoRow label="Database">{system.database}</InfoRow>
        <InfoRow label="Database status">
          {system.connected ? <Badge tone="green">Connected</Badge> : <Badge tone="red">Not answering</Badge>}
        </InfoRow>
        <InfoRow label="File storage">{system.storage}</InfoRow>
        <InfoRow label="E-mails waiting in the outbox">{system.pendingEmails ?? "unknown"}</InfoRow>
        <InfoRow label="Version">{system.version}</InfoRow>
        <InfoRow label="Last updated">
          <time dateTime={system.now}>{formatDateTime(system.now)}</time>
        </InfoRow>
      </dl>
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="Settings" />;
}
