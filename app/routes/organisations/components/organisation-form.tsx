import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { BoundInput, BoundSelect, BoundTextarea } from "#app/components/ui/conform-fields";
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
      <SaveButton isMine={(data) => data.get("intent") === "save"}>
        {organisation ? "Save organisation" : "Add organisation"}
      </SaveButton>
    </Form>
  );
}
