import { data, Form } from "react-router";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { ACCOUNT_FIELDS, MobileMoneyAccountFormSchema, PROMPT_PROVIDERS } from "#app/money/index";
import { mobileMoneyAccounts, saveMobileMoneyCredentials } from "#app/money/index.server";
import { MOBILE_MONEY_LABELS, MOBILE_MONEY_WAYS, OFFICE_CURRENCIES, OfficeSchema } from "#app/offices/index";
import { listOffices, type SellingOffice, saveOffice } from "#app/offices/index.server";
import { db } from "#app/platform/db/client.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/offices";

export const meta: Route.MetaFunction = () => [{ title: "Selling offices | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const [offices, accounts] = await Promise.all([listOffices(), mobileMoneyAccounts()]);
  return { offices, accounts: accounts.map((a) => ({ ...a, updatedAt: a.updatedAt.toISOString() })) };
}

type Outcome = { ok: boolean; message: string; field?: string; code?: string };

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const fields = Object.fromEntries(
    await readForm(args.request, [OfficeSchema, MobileMoneyAccountFormSchema]),
  );
  if (fields.intent === "mobile-money-account") return saveAccount(actor, fields);
  const parsed = OfficeSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Outcome>(
      {
        ok: false,
        message: issue?.message ?? "Invalid request.",
        field: issue?.path.join("."),
        code: String(fields.code ?? ""),
      },
      { status: 400 },
    );
  }
  const outcome = await db().transaction((tx) => saveOffice(tx, actor, parsed.data));
  return data<Outcome>({ ...outcome, code: parsed.data.code }, { status: outcome.ok ? 200 : 400 });
}

/** An office's MTN MoMo or Airtel Money account (decision 0816): sealed, secrets never shown back. */
async function saveAccount(
  actor: Parameters<typeof saveMobileMoneyCredentials>[0],
  fields: Record<string, unknown>,
) {
  const parsed = MobileMoneyAccountFormSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Outcome>(
      { ok: false, message: issue?.message ?? "Invalid request.", code: String(fields.code ?? "") },
      { status: 400 },
    );
  }
  const { code, provider, environment, keyId, secret1, secret2 } = parsed.data;
  const secrets =
    provider === "mtn_momo"
      ? { apiKey: secret1, subscriptionKey: secret2 }
      : { clientSecret: secret1, callbackKey: secret2 };
  const outcome = await saveMobileMoneyCredentials(actor, {
    office: code,
    provider,
    environment,
    keyId,
    secrets,
  });
  const label = MOBILE_MONEY_LABELS[provider];
  return data<Outcome>(
    outcome.ok ? { ok: true, message: `${label} account saved`, code } : { ...outcome, code },
    { status: outcome.ok ? 200 : 400 },
  );
}

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

function AccountForm({
  office,
  provider,
  account,
}: {
  office: SellingOffice;
  provider: (typeof PROMPT_PROVIDERS)[number];
  account: Account | undefined;
}) {
  const labels = ACCOUNT_FIELDS[provider];
  const name = MOBILE_MONEY_LABELS[provider];
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-800">{name} account</h3>
      <p className="text-sm text-slate-600">
        {account
          ? `${account.environment === "production" ? "Production" : "Sandbox"}, ${labels.keyId.toLowerCase()} ${account.keyId}${account.opens ? "" : " — this server cannot open the stored secrets: enter them again"}.`
          : "Not set: clients of this office cannot pay with it from their booking page."}
      </p>
      <input type="hidden" name="intent" value="mobile-money-account" />
      <input type="hidden" name="code" value={office.code} />
      <input type="hidden" name="provider" value={provider} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={`${name} environment`}
          name="environment"
          defaultValue={account?.environment ?? "sandbox"}
        >
          <option value="sandbox">Sandbox</option>
          <option value="production">Production</option>
        </SelectField>
        <InputField
          label={`${name} ${labels.keyId}`}
          name="keyId"
          defaultValue={account?.keyId ?? ""}
          required
          maxLength={200}
        />
        <InputField
          label={`${name} ${labels.secret1}`}
          name="secret1"
          type="password"
          autoComplete="off"
          maxLength={200}
          hint={account ? "Left empty, the stored one is kept." : undefined}
        />
        <InputField
          label={`${name} ${labels.secret2}`}
          name="secret2"
          type="password"
          autoComplete="off"
          maxLength={200}
          hint={account ? "Left empty, the stored one is kept." : undefined}
        />
      </div>
      <Button type="submit" variant="outline" className="min-h-11">
        Save {office.name} {name} account
      </Button>
    </Form>
  );
}

function BankSlot({ office, n }: { office: SellingOffice; n: 1 | 2 }) {
  const account = office.bankAccounts[n - 1];
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-700">Bank account {n}</legend>
      <InputField label="Bank" name={`bank${n}Name`} defaultValue={account?.bankName ?? ""} maxLength={120} />
      <InputField
        label="Account name"
        name={`bank${n}AccountName`}
        defaultValue={account?.accountName ?? ""}
        maxLength={120}
      />
      <InputField
        label="Account number"
        name={`bank${n}AccountNumber`}
        defaultValue={account?.accountNumber ?? ""}
        maxLength={120}
      />
      <InputField
        label="Branch"
        name={`bank${n}Branch`}
        defaultValue={account?.branch ?? ""}
        maxLength={120}
      />
      <InputField label="SWIFT" name={`bank${n}Swift`} defaultValue={account?.swift ?? ""} maxLength={11} />
      <SelectField
        label="Account currency"
        name={`bank${n}Currency`}
        defaultValue={account?.currency ?? office.currency}
      >
        {OFFICE_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}

function OfficeCard({
  office,
  mayManage,
  problem,
  accounts,
}: {
  office: SellingOffice;
  mayManage: boolean;
  problem: string | null;
  accounts: Account[];
}) {
  const nairobi = office.code === "nairobi";
  return (
    <section
      aria-labelledby={`office-${office.code}`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`office-${office.code}`} className="text-lg font-semibold text-slate-900">
        {office.name}{" "}
        <span className="text-sm font-normal text-slate-600">
          · {office.country} · {office.currency}
        </span>
      </h2>
      <p className="text-sm text-slate-600">
        Fiscal authority: {office.authority}. Documents numbered{" "}
        {office.numberPrefix ? `${office.numberPrefix}RCT-…` : "RCT-… (the firm's series)"}.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="code" value={office.code} />
        <fieldset disabled={!mayManage} className="grid gap-3 sm:grid-cols-2">
          <InputField
            label="Legal name"
            name="legalName"
            defaultValue={office.legalName}
            required
            maxLength={200}
            hint={
              nairobi
                ? "Nairobi's documents print the legal name and KRA PIN of the finance settings."
                : undefined
            }
          />
          <InputField label={office.taxIdLabel} name="taxId" defaultValue={office.taxId} maxLength={20} />
          <InputField
            label="VAT rate (%)"
            name="vatRatePercent"
            defaultValue={String(office.vatRatePercent)}
            inputMode="numeric"
            required
            maxLength={3}
          />
          <InputField
            label="Currency"
            value={office.currency}
            readOnly
            hint="The office's country's own; fixed"
          />
          <InputField
            label="Address"
            name="address"
            defaultValue={office.address}
            maxLength={500}
            className="sm:col-span-2"
          />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">Mobile money it takes</legend>
            <div className="mt-1 flex flex-wrap gap-x-4">
              {MOBILE_MONEY_WAYS.map((way) => (
                <label key={way} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={way}
                    value="on"
                    defaultChecked={office.mobileMoney.includes(way)}
                  />
                  {MOBILE_MONEY_LABELS[way]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-3 sm:col-span-2">
            <BankSlot office={office} n={1} />
            <BankSlot office={office} n={2} />
          </div>
        </fieldset>
        {mayManage ? (
          <Button type="submit" className="min-h-11">
            Save {office.name}
          </Button>
        ) : null}
      </Form>
      {mayManage
        ? PROMPT_PROVIDERS.filter((provider) => office.mobileMoney.includes(provider)).map((provider) => (
            <AccountForm
              key={provider}
              office={office}
              provider={provider}
              account={accounts.find((a) => a.office === office.code && a.provider === provider)}
            />
          ))
        : null}
    </section>
  );
}

export default function Offices({ loaderData, actionData }: Route.ComponentProps) {
  const mayManage = canManageMoney(useStaff());
  useOutcomeToast(actionData, "Office not saved");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Selling offices"
        description="Each office sells its course dates in its own currency, under its own tax number, with its own document numbers."
      />
      {loaderData.offices.map((office) => (
        <OfficeCard
          key={office.code}
          office={office}
          mayManage={mayManage}
          accounts={loaderData.accounts}
          problem={
            actionData && !actionData.ok && actionData.code === office.code ? actionData.message : null
          }
        />
      ))}
    </div>
  );
}
