import { type ReactNode, useEffect } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { parseSettingInput, SettingFormSchema } from "#app/back-office/index";
import { getSystemInfo, updateSystemSetting } from "#app/back-office/index.server";
import { AdministratorsCard } from "#app/components/admin/administrators-card";
import { ContentSectionForm } from "#app/components/admin/content-section-form";
import { CONTENT_SECTIONS } from "#app/components/admin/content-sections";
import { FinanceProfileNotice } from "#app/components/admin/finance-parts";
import { CARD_GRID, LoadError, PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { toast } from "#app/components/toast";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
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
import { listSettingRows } from "#app/platform/settings/setting.server";
import { FINANCE_SETTING_KEYS, isSettingKey, SECURITY_SETTING_KEYS } from "#app/platform/settings/settings";
import { redirectWithToast } from "#app/platform/toast.server";
import type { EtimsSettingsAnswer } from "#app/routes/back-office/components/etims-settings";
import { FinanceSettings } from "#app/routes/back-office/components/finance-settings/finance-settings";
import { MessagesSettings } from "#app/routes/back-office/components/messages-settings";
import { SecondFactorOverview } from "#app/routes/back-office/components/second-factor-overview";
import { SettingCard } from "#app/routes/back-office/components/setting-card";
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
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "System Settings | Mafunzo Admin" }];

const FAILED = "Failed to update setting";

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(
    args,
    (staff) => canManageSettings(staff) || canManageFinanceSettings(staff),
  );
  // finance staff see and change the finance settings only; the accounts' cards are the owners'
  const owner = canManageSettings(staffOf(admin));
  const [settings, system, administrators, secondFactors, content, financeGaps, stk, etims, messages] =
    await Promise.all([
      loadOrReport("Failed to fetch system settings", () => listSettingRows(), []),
      getSystemInfo(),
      owner ? loadAdministratorsCard(admin.user.id) : null,
      owner ? listSecondFactorSummaries() : null,
      getSiteContent(["payment"]),
      currentFinanceProfileGaps(),
      darajaCredentialsSummary(),
      getEtimsDevice(),
      owner ? messagesSettingsSummary(env().PUBLIC_URL) : null,
    ]);
  const isFinance = (row: { key: string }) => (FINANCE_SETTING_KEYS as readonly string[]).includes(row.key);
  const secret = settings.value.find((row) => row.key === "mpesa_callback_secret")?.value;
  const base = `${env().PUBLIC_URL.replace(/\/$/, "")}/api/mpesa/${String(secret)}`;
  return {
    // finance staff see and change the finance sections only
    settings: owner ? settings.value.filter((row) => !isFinance(row)) : [],
    financeSettings: settings.value.filter(isFinance),
    mpesa: {
      callbackUrls: secret
        ? [
            { label: "Validation URL", url: `${base}/validation` },
            { label: "Confirmation URL", url: `${base}/confirmation` },
            { label: "M-PESA Express callback URL", url: `${base}/stk` },
          ]
        : [],
      stk: stk ? { ...stk, updatedAt: stk.updatedAt.toISOString() } : null,
    },
    canEditPaymentDetails: canEditContent(staffOf(admin)),
    error: settings.error,
    system,
    administrators,
    secondFactors,
    payment: content.payment,
    financeGaps,
    etims,
    messages,
  };
}

type Answer = {
  error: string;
  key?: string;
  detail?: string;
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
    DarajaCredentialsFormSchema,
    EtimsDeviceSchema,
    ...MESSAGES_SETTINGS_FORMS,
  ]);
  if (formData.get("intent") === "daraja") return saveStk(args, admin, formData);
  const messagesIntent = messagesSettingsIntent(formData);
  if (messagesIntent) {
    // the owners'; a provider's credentials after a recent sign-in, like the other providers' (decision 0773)
    requireRule(admin, canManageSettings);
    if (savesCredentials(messagesIntent)) requireRecentVerification(admin, args.request);
    const saved = await saveMessagesSettings(admin.actor, messagesIntent, formData);
    if (!saved.ok) return answer({ error: saved.error, messageErrors: saved }, 400);
    return redirectWithToast(`/admin/settings${saved.anchor}`, { title: saved.title });
  }
  if (formData.get("intent") === "etims-device") return etimsDeviceAction(admin, args.request, formData);
  if (formData.get("intent") === "mpesa-test") {
    // finance's: it proves the confirmation URL answers, and records nothing
    requireRule(admin, canManageFinanceSettings);
    return data({ mpesaTest: await sendTestConfirmation(env().PUBLIC_URL) });
  }
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
  return redirectWithToast("/admin/settings", { title: "Setting updated successfully" });
}

/** M-PESA Express credentials: finance's, after a recent sign-in, like the callback secret. */
async function saveStk(
  args: Route.ActionArgs,
  admin: Awaited<ReturnType<typeof requireAllowed>>,
  form: FormData,
) {
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
  return redirectWithToast("/admin/settings#mpesa-settings", { title: "M-PESA Express credentials saved" });
}

/** The eTIMS section's own intent: the firm's device, then KRA's initialisation (its key is a credential). */
async function etimsDeviceAction(
  admin: Awaited<ReturnType<typeof requireAllowed>>,
  request: Request,
  formData: FormData,
) {
  requireRule(admin, canManageFinanceSettings);
  requireRecentVerification(admin, request);
  const parsed = EtimsDeviceSchema.safeParse(Object.fromEntries(formData));
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
  const {
    settings,
    error,
    system,
    administrators,
    secondFactors,
    payment,
    financeGaps,
    canEditPaymentDetails,
    financeSettings,
    mpesa,
  } = loaderData;
  const paymentSection = CONTENT_SECTIONS.find((section) => section.key === "payment");
  const etimsAnswer = actionData && "intent" in actionData ? actionData : undefined;
  const settingAnswer = actionData && "error" in actionData ? actionData : undefined;
  useOutcomeToast(etimsAnswer, "eTIMS is not ready");
  useEffect(() => {
    if (settingAnswer?.error) toast.error(settingAnswer.error, { description: settingAnswer.detail });
  }, [settingAnswer]);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return (
    <div className="space-y-8">
      <PageHeader
        title="System Settings"
        description="Switches that change how the public site behaves."
        actions={
          administrators ? (
            <Link to="/admin/settings/letterhead" className={buttonClass("outline")}>
              Logo and signature
            </Link>
          ) : null
        }
      />
      <LoadError error={error} />
      <FinanceProfileNotice gaps={financeGaps} />
      <FinanceSettings
        rows={financeSettings}
        error={
          settingAnswer?.key
            ? { key: settingAnswer.key, message: settingAnswer.detail ?? settingAnswer.error }
            : null
        }
        mpesa={{
          ...mpesa,
          stkErrors: settingAnswer?.stkErrors ?? null,
          test: actionData && "mpesaTest" in actionData ? actionData.mpesaTest : null,
        }}
        etims={{ device: loaderData.etims, answer: etimsAnswer }}
      />
      {settings.length > 0 ? (
        <h2 className="text-lg font-semibold text-slate-900">The site and the office</h2>
      ) : null}
      <ul className={CARD_GRID}>
        {settings.map((setting) => (
          <SettingCard
            key={`${setting.key}-${String(setting.updatedAt)}`}
            setting={setting}
            error={settingAnswer?.key === setting.key ? (settingAnswer.detail ?? settingAnswer.error) : null}
          />
        ))}
      </ul>
      {loaderData.messages ? (
        <MessagesSettings
          {...loaderData.messages}
          errors={{
            sms: settingAnswer?.messageErrors?.channel === "sms" ? settingAnswer.messageErrors.errors : null,
            whatsapp:
              settingAnswer?.messageErrors?.channel === "whatsapp"
                ? settingAnswer.messageErrors.errors
                : null,
          }}
        />
      ) : null}
      {paymentSection && canEditPaymentDetails ? (
        <div className="max-w-3xl">
          <ContentSectionForm
            key={JSON.stringify(payment)}
            section={paymentSection}
            value={payment}
            returnTo="settings"
          />
        </div>
      ) : null}
      {administrators && secondFactors ? (
        <div className="max-w-2xl space-y-8">
          <AdministratorsCard {...administrators} />
          <SecondFactorOverview admins={secondFactors} />
        </div>
      ) : null}
      <section
        aria-labelledby="system-info"
        className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="system-info" className="text-base font-semibold text-slate-900">
          System Information
        </h2>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          <InfoRow label="Database">{system.database}</InfoRow>
          <InfoRow label="Database Status">
            {system.connected ? (
              <Badge tone="green">Connected</Badge>
            ) : (
              <Badge tone="red">Not answering</Badge>
            )}
          </InfoRow>
          <InfoRow label="File Storage">{system.storage}</InfoRow>
          <InfoRow label="E-mails waiting in the outbox">{system.pendingEmails ?? "unknown"}</InfoRow>
          <InfoRow label="Version">{system.version}</InfoRow>
          <InfoRow label="Last Updated">
            <time dateTime={system.now}>{formatDateTime(system.now)}</time>
          </InfoRow>
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="System Settings" />;
}
