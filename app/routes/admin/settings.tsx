import { type ReactNode, useEffect } from "react";
import { data, Link } from "react-router";
import { parseSettingInput, SettingFormSchema } from "#app/back-office/index";
import { getSystemInfo, updateSystemSetting } from "#app/back-office/index.server";
import { AdministratorsCard } from "#app/components/admin/administrators-card";
import { ContentSectionForm } from "#app/components/admin/content-section-form";
import { CONTENT_SECTIONS } from "#app/components/admin/content-sections";
import { FinanceProfileNotice } from "#app/components/admin/finance-parts";
import { CARD_GRID, LoadError, PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { SecondFactorOverview } from "#app/components/admin/second-factor-overview";
import { SettingCard } from "#app/components/admin/setting-card";
import { toast } from "#app/components/toast";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { currentFinanceProfileGaps } from "#app/money/index.server";
import { loadOrReport, writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { listSettingRows } from "#app/platform/settings/setting.server";
import { FINANCE_SETTING_KEYS, isSettingKey, SECURITY_SETTING_KEYS } from "#app/platform/settings/settings";
import { redirectWithToast } from "#app/platform/toast.server";
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
  const [settings, system, administrators, secondFactors, content, financeGaps] = await Promise.all([
    loadOrReport("Failed to fetch system settings", () => listSettingRows(), []),
    getSystemInfo(),
    owner ? loadAdministratorsCard(admin.user.id) : null,
    owner ? listSecondFactorSummaries() : null,
    getSiteContent(["payment"]),
    currentFinanceProfileGaps(),
  ]);
  return {
    settings: owner
      ? settings.value
      : settings.value.filter((row) => (FINANCE_SETTING_KEYS as readonly string[]).includes(row.key)),
    canEditPaymentDetails: canEditContent(staffOf(admin)),
    error: settings.error,
    system,
    administrators,
    secondFactors,
    payment: content.payment,
    financeGaps,
  };
}

type Answer = { error: string; key?: string; detail?: string };
const answer = (body: Answer, status: number) => data(body, { status });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(
    args,
    (staff) => canManageSettings(staff) || canManageFinanceSettings(staff),
  );
  const formData = await readForm(args.request, SettingFormSchema);
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
  } = loaderData;
  const paymentSection = CONTENT_SECTIONS.find((section) => section.key === "payment");
  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error, { description: actionData.detail });
  }, [actionData]);
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
      <ul className={CARD_GRID}>
        {settings.map((setting) => (
          <SettingCard
            key={`${setting.key}-${String(setting.updatedAt)}`}
            setting={setting}
            error={actionData?.key === setting.key ? (actionData.detail ?? actionData.error) : null}
          />
        ))}
      </ul>
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
