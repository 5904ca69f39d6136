import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { ACTIVE_STATUSES, COURSE_CATEGORIES, CourseSchema, FAITH_GROUPS } from "#app/schemas/course";
import { linesText, numericInput } from "#app/schemas/form-fields";
import { CATEGORY_LABELS, FAITH_GROUP_LABELS } from "#app/utils/course-categories";

export type CourseFormValues = {
  title: string;
  slug: string;
  description: string | null;
  category: string;
  faithGroup: string | null;
  durationDays: number | null;
  cost: string | null;
  status: string;
  type: string | null;
  targetAudience: string | null;
  imageUrl: string | null;
  highlights: string[];
  objectives: string[];
  modules: string[];
  featured: boolean;
  sortOrder: number;
};

const section = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** The add/edit course form: spec §5 fields plus the public details shown on /courses/:slug. */
export function CourseForm({
  course,
  lastResult,
  submitLabel,
}: {
  course?: CourseFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-course";
  const [form, fields] = useForm({
    id: "course-form",
    lastResult,
    defaultValue: course
      ? {
          ...course,
          durationDays: numericInput(course.durationDays),
          cost: numericInput(course.cost),
          sortOrder: String(course.sortOrder),
          highlights: linesText(course.highlights),
          objectives: linesText(course.objectives),
          modules: linesText(course.modules),
          featured: course.featured ? "on" : undefined,
        }
      : { category: "management", status: "active" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CourseSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save-course" />
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold text-slate-900">Course details</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            label="Title"
            required
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            errors={fields.title.errors}
            className="md:col-span-2"
          />
          <SelectField
            label="Category"
            required
            {...getSelectProps(fields.category)}
            key={fields.category.key}
            errors={fields.category.errors}
          >
            {COURSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Faith group"
            hint="Faith-Based courses only"
            {...getSelectProps(fields.faithGroup)}
            key={fields.faithGroup.key}
            errors={fields.faithGroup.errors}
          >
            <option value="">None</option>
            {FAITH_GROUPS.map((g) => (
              <option key={g} value={g}>
                Category {g}: {FAITH_GROUP_LABELS[g]}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Duration (days)"
            inputMode="numeric"
            {...getInputProps(fields.durationDays, { type: "text" })}
            key={fields.durationDays.key}
            errors={fields.durationDays.errors}
          />
          <InputField
            label="Cost (KES)"
            inputMode="decimal"
            {...getInputProps(fields.cost, { type: "text" })}
            key={fields.cost.key}
            errors={fields.cost.errors}
          />
          <SelectField
            label="Status"
            {...getSelectProps(fields.status)}
            key={fields.status.key}
            errors={fields.status.errors}
          >
            {ACTIVE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === "active" ? "Active" : "Inactive"}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Image URL"
            {...getInputProps(fields.imageUrl, { type: "text" })}
            key={fields.imageUrl.key}
            errors={fields.imageUrl.errors}
          />
          <TextareaField
            label="Description"
            rows={4}
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            errors={fields.description.errors}
            className="md:col-span-2"
          />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold text-slate-900">Public details</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <InputField
            label="Slug"
            hint="The address of the course page, /courses/<slug>. Left empty, it is made from the title."
            {...getInputProps(fields.slug, { type: "text" })}
            key={fields.slug.key}
            errors={fields.slug.errors}
          />
          <InputField
            label="Type"
            hint="e.g. Residential, Non-residential"
            {...getInputProps(fields.type, { type: "text" })}
            key={fields.type.key}
            errors={fields.type.errors}
          />
          <TextareaField
            label="Target audience"
            rows={2}
            {...getTextareaProps(fields.targetAudience)}
            key={fields.targetAudience.key}
            errors={fields.targetAudience.errors}
            className="md:col-span-2"
          />
          {(["highlights", "objectives", "modules"] as const).map((name) => (
            <TextareaField
              label={name[0]?.toUpperCase() + name.slice(1)}
              hint="One item per line"
              rows={5}
              {...getTextareaProps(fields[name])}
              key={fields[name].key}
              errors={fields[name].errors}
              className="md:col-span-2"
            />
          ))}
          <InputField
            label="Display order"
            inputMode="numeric"
            {...getInputProps(fields.sortOrder, { type: "text" })}
            key={fields.sortOrder.key}
            errors={fields.sortOrder.errors}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-800">
            <input
              {...getInputProps(fields.featured, { type: "checkbox" })}
              key={fields.featured.key}
              className="size-4 accent-brand-700"
            />
            Featured on the home page
          </label>
        </div>
      </fieldset>
      <Button type="submit" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}
