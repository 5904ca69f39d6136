import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea } from "#app/components/ui/conform-fields";
import { DEFAULT_ITEM_CLASS_CODE, DEFAULT_ITEM_CLASS_LABEL, ETIMS_TAX_TYPE_LABELS } from "#app/money/index";
import { linesText, numericInput } from "#app/platform/forms/form-fields";
import {
  ACTIVE_STATUSES,
  COURSE_CATEGORIES,
  type CourseOutlineDay,
  CourseSchema,
  ETIMS_TAX_TYPES,
  FAITH_GROUPS,
  outlineText,
} from "#app/site/index";
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
  outline: CourseOutlineDay[];
  method: string | null;
  feeIncludes: string[];
  feeExcludes: string[];
  certificate: string | null;
  cpdPoints: string | null;
  featured: boolean;
  sortOrder: number;
  etimsItemClassCode: string | null;
  etimsTaxType: string;
};

const OUTLINE_HINT =
  'A heading line for each day, such as "Day 1: Reading financial statements" (or "Days 6-7: Field visit"), then one "- topic" line per topic. The days must cover the course\'s duration.';

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
          outline: outlineText(course.outline),
          feeIncludes: linesText(course.feeIncludes),
          feeExcludes: linesText(course.feeExcludes),
          featured: course.featured ? "on" : undefined,
        }
      : { category: "management", status: "active", etimsTaxType: "B" },
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
          <BoundInput label="Title" required meta={fields.title} className="md:col-span-2" />
          <BoundSelect label="Category" required meta={fields.category}>
            {COURSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </BoundSelect>
          <BoundSelect label="Faith group" hint="Faith-Based courses only" meta={fields.faithGroup}>
            <option value="">None</option>
            {FAITH_GROUPS.map((g) => (
              <option key={g} value={g}>
                Category {g}: {FAITH_GROUP_LABELS[g]}
              </option>
            ))}
          </BoundSelect>
          <BoundInput label="Duration (days)" inputMode="numeric" meta={fields.durationDays} />
          <BoundInput label="Cost (KES)" inputMode="decimal" meta={fields.cost} />
          <BoundSelect label="Status" meta={fields.status}>
            {ACTIVE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === "active" ? "Active" : "Inactive"}
              </option>
            ))}
          </BoundSelect>
          <BoundInput label="Image URL" meta={fields.imageUrl} />
          <BoundTextarea label="Description" rows={4} meta={fields.description} className="md:col-span-2" />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold text-slate-900">Public details</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <BoundInput
            label="Slug"
            hint="The address of the course page, /courses/<slug>. Left empty, it is made from the title."
            meta={fields.slug}
          />
          <BoundInput label="Type" hint="e.g. Residential, Non-residential" meta={fields.type} />
          <BoundTextarea
            label="Who should attend"
            hint="The people the course is written for: their roles and the organisations they work in"
            rows={3}
            meta={fields.targetAudience}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="Objectives"
            hint="What a participant can do after the course. One objective per line, at most 15"
            rows={5}
            meta={fields.objectives}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="Outline by day"
            hint={OUTLINE_HINT}
            rows={12}
            meta={fields.outline}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="Method"
            hint="How the course is taught: talks, cases, exercises, field visits, what participants bring"
            rows={3}
            meta={fields.method}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="Highlights"
            hint="One item per line"
            rows={4}
            meta={fields.highlights}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="Modules"
            hint="One topic per line. NITA's claim pack prints them; the course page shows them only while there is no outline by day"
            rows={4}
            meta={fields.modules}
            className="md:col-span-2"
          />
          <BoundTextarea
            label="The fee includes"
            hint="One item per line, e.g. Facilitation and course materials"
            rows={3}
            meta={fields.feeIncludes}
          />
          <BoundTextarea
            label="The fee does not include"
            hint="One item per line, e.g. Transport"
            rows={3}
            meta={fields.feeExcludes}
          />
          <BoundInput
            label="Certificate"
            hint="What a participant receives, e.g. Certificate of participation"
            meta={fields.certificate}
            className="md:col-span-2"
          />
          <BoundInput
            label="CPD points"
            hint="Only where a professional body awards them, e.g. 25 CPD points (IHRM). Empty: not shown"
            meta={fields.cpdPoints}
            className="md:col-span-2"
          />
          <BoundInput label="Display order" inputMode="numeric" meta={fields.sortOrder} />
          <BoundCheckbox meta={fields.featured} label="Featured on the home page" className="self-end pb-2" />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold text-slate-900">Tax (KRA eTIMS)</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <BoundInput
            label="Item classification code"
            hint={`KRA's code for what the course sells (8 to 10 digits), printed on its tax invoices. Empty: ${DEFAULT_ITEM_CLASS_CODE} (${DEFAULT_ITEM_CLASS_LABEL})`}
            inputMode="numeric"
            meta={fields.etimsItemClassCode}
          />
          <BoundSelect label="Tax type" meta={fields.etimsTaxType}>
            {ETIMS_TAX_TYPES.map((type) => (
              <option key={type} value={type}>
                {ETIMS_TAX_TYPE_LABELS[type]}
              </option>
            ))}
          </BoundSelect>
        </div>
      </fieldset>
      <SaveButton isMine={(data) => data.get("intent") === "save-course"}>{submitLabel}</SaveButton>
    </Form>
  );
}
