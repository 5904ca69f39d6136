import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { Form } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { linesText } from "#app/platform/forms/form-fields";
import { SITE_CONTENT_SCHEMAS } from "#app/site/index";
import type { ContentField, ContentSection } from "./content-sections";

type Values = Record<string, unknown>;

function Control({
  field,
  name,
  value,
  errors,
}: {
  field: ContentField;
  name: string;
  value: unknown;
  errors?: string[];
}) {
  const common = { label: field.label, name, errors };
  if (field.options) {
    return (
      <SelectField {...common} defaultValue={String(value ?? "")}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    );
  }
  if (field.kind === "textarea" || field.kind === "lines") {
    const text = Array.isArray(value) ? linesText(value) : String(value ?? "");
    return <TextareaField {...common} rows={3} defaultValue={text} />;
  }
  return (
    <InputField
      {...common}
      type={field.kind === "email" ? "email" : "text"}
      defaultValue={String(value ?? "")}
    />
  );
}

/** One section of the site copy as its own form, validated by the section's schema on both sides. */
export function ContentSectionForm({
  section,
  value,
  lastResult,
  returnTo,
  readOnly = false,
}: {
  section: ContentSection;
  value: unknown;
  lastResult?: SubmissionResult<string[]> | null;
  /** Shown on another screen (the payment details on Settings): saved by /admin/content, then back here. */
  returnTo?: "settings";
  /** For those who may read the site's copy but not change it: the fields shown disabled, no spare row, no Save. */
  readOnly?: boolean;
}) {
  const headingId = useId();
  const [form] = useForm({
    id: `content-${section.key}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SITE_CONTENT_SCHEMAS[section.key] }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = form.allErrors;
  const object = (Array.isArray(value) ? { items: value } : value) as Values;
  const { list } = section;
  const rows = list ? [...((object[list.name] as Values[] | undefined) ?? [])] : [];
  if (list?.spareRow && !readOnly) rows.push({});

  return (
    <Form
      method="post"
      action={returnTo ? "/admin/content" : undefined}
      {...getFormProps(form)}
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {section.title}
        </h2>
        <p className="text-sm text-slate-600">{section.description}</p>
      </div>
      <input type="hidden" name="section" value={section.key} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      {/* role="none": the wrapper only carries `disabled`; the rows inside are the groups a reader hears. */}
      <fieldset disabled={readOnly} role="none" className="min-w-0 space-y-4">
        {section.fields ? (
          <div className="grid gap-4 md:grid-cols-2">
            {section.fields.map((field) => (
              <Control
                key={field.name}
                field={field}
                name={field.name}
                value={object[field.name]}
                errors={errors[field.name]}
              />
            ))}
          </div>
        ) : null}
        {list ? (
          <div className="space-y-3">
            {errors[list.name] ? (
              <p role="alert" className="text-sm text-red-700">
                {errors[list.name]?.join(" ")}
              </p>
            ) : null}
            {rows.map((row, index) => (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the stored list
                key={index}
                className="rounded-lg border border-slate-200 p-3"
              >
                <legend className="px-1 text-sm font-semibold text-slate-700">
                  {index === rows.length - 1 && list.spareRow && !readOnly
                    ? `New ${list.itemLabel.toLowerCase()}`
                    : `${list.itemLabel} ${index + 1}`}
                </legend>
                <div className="grid gap-3 md:grid-cols-2">
                  {list.fields.map((field) => {
                    const name = `${list.name}[${index}].${field.name}`;
                    return (
                      <Control
                        key={name}
                        field={field}
                        name={name}
                        value={row[field.name]}
                        errors={errors[name]}
                      />
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        ) : null}
      </fieldset>
      {readOnly ? null : (
        <SaveButton isMine={(data) => data.get("section") === section.key}>Save Changes</SaveButton>
      )}
    </Form>
  );
}
