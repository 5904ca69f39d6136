import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea } from "#app/components/ui/conform-fields";
import {
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  OrganisationSchema,
  type OrganisationType,
} from "#app/organisations/index";

export type OrganisationValues = {
  id: string;
  name: string;
  type: OrganisationType;
  kraPin: string | null;
  nitaLevyNumber: string | null;
  address: string | null;
  contacts: string | null;
  notes: string | null;
  withholdsIncomeTax: boolean;
  withholdsVat: boolean;
};

/** Add or edit an organisation; `organisation` set means edit. */
export function OrganisationForm({
  organisation,
  lastResult,
}: {
  organisation?: OrganisationValues;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: `organisation-${organisation?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      name: organisation?.name ?? "",
      type: organisation?.type ?? "company",
      kraPin: organisation?.kraPin ?? "",
      nitaLevyNumber: organisation?.nitaLevyNumber ?? "",
      address: organisation?.address ?? "",
      contacts: organisation?.contacts ?? "",
      notes: organisation?.notes ?? "",
      withholdsIncomeTax: organisation?.withholdsIncomeTax ? "on" : undefined,
      withholdsVat: organisation?.withholdsVat ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganisationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2">
        <BoundInput label="Name" required meta={fields.name} />
        <BoundSelect label="Type" meta={fields.type}>
          {ORGANISATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {ORGANISATION_TYPE_LABELS[type]}
            </option>
          ))}
        </BoundSelect>
        <BoundInput label="KRA PIN" hint="A letter, nine digits and a letter" meta={fields.kraPin} />
        <BoundInput label="NITA levy number" meta={fields.nitaLevyNumber} />
        <BoundTextarea label="Address" rows={2} meta={fields.address} className="md:col-span-2" />
        <BoundTextarea
          label="Contacts"
          hint="The people you deal with there: names, roles, phones, e-mails"
          rows={3}
          meta={fields.contacts}
          className="md:col-span-2"
        />
        <BoundTextarea label="Notes" rows={4} meta={fields.notes} className="md:col-span-2" />
      </div>
      <fieldset className="space-y-2 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Withholding on its invoices</legend>
        <p className="text-sm text-slate-600">
          Tick what this organisation withholds when it pays: its invoices then show the cash to pay and the
          amounts its iTax withholding certificates settle. A booking can say otherwise.
        </p>
        <BoundCheckbox
          meta={fields.withholdsIncomeTax}
          label="Withholds income tax: 5 % of the fee before VAT (a resident payer, once its payments to us reach KES 24,000 in a month)"
        />
        <BoundCheckbox
          meta={fields.withholdsVat}
          label="Withholding VAT agent appointed by KRA: 2 % of the taxable value"
        />
      </fieldset>
      <SaveButton isMine={(data) => data.get("intent") === "save"}>
        {organisation ? "Save organisation" : "Add organisation"}
      </SaveButton>
    </Form>
  );
}
