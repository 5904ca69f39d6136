import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { SaveButton } from "#app/components/admin/save-button";
import { buttonClass } from "#app/components/ui/button";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea } from "#app/components/ui/conform-fields";
import { RATINGS, TestimonialSchema } from "#app/site/index";

export type TestimonialValues = {
  id: string;
  name: string;
  position: string;
  course: string;
  content: string;
  rating: number;
  status: string;
  imageUrl: string | null;
  showOnHome: boolean;
  sortOrder: number;
};

/** Add or edit a testimonial; `testimonial` set means edit. */
export function TestimonialForm({
  testimonial,
  lastResult,
}: {
  testimonial?: TestimonialValues;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: `testimonial-${testimonial?.id ?? "new"}`,
    lastResult,
    defaultValue: testimonial
      ? {
          ...testimonial,
          rating: String(testimonial.rating),
          sortOrder: String(testimonial.sortOrder),
          showOnHome: testimonial.showOnHome ? "on" : undefined,
        }
      : { rating: "5", status: "active" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TestimonialSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {testimonial ? "Edit Testimonial" : "Add Testimonial"}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {testimonial ? <input type="hidden" name="id" value={testimonial.id} /> : null}
      <FormAlert>{form.errors?.join(" ")}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2">
        <BoundInput label="Name" required meta={fields.name} />
        <BoundInput label="Position" required meta={fields.position} />
        <BoundInput label="Course" required meta={fields.course} />
        <BoundSelect label="Rating" meta={fields.rating}>
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {r} {r === 1 ? "star" : "stars"}
            </option>
          ))}
        </BoundSelect>
        <BoundTextarea label="Content" required rows={4} meta={fields.content} className="md:col-span-2" />
        <BoundSelect label="Status" meta={fields.status}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </BoundSelect>
        <BoundInput label="Image URL" meta={fields.imageUrl} />
        <BoundInput
          label="Display order"
          hint="Lower numbers appear first"
          inputMode="numeric"
          meta={fields.sortOrder}
        />
        <BoundCheckbox meta={fields.showOnHome} label="Show on home page" className="self-center" />
      </div>
      <div className="flex gap-2">
        <SaveButton isMine={(data) => data.get("intent") === "save"}>
          {testimonial ? "Update Testimonial" : "Add Testimonial"}
        </SaveButton>
        <Link to="/admin/testimonials" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
