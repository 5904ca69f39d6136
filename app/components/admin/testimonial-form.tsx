import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/auth-card";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { RATINGS, TestimonialSchema } from "#app/schemas/testimonial";

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
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
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
        <InputField
          label="Name"
          required
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          errors={fields.name.errors}
        />
        <InputField
          label="Position"
          required
          {...getInputProps(fields.position, { type: "text" })}
          key={fields.position.key}
          errors={fields.position.errors}
        />
        <InputField
          label="Course"
          required
          {...getInputProps(fields.course, { type: "text" })}
          key={fields.course.key}
          errors={fields.course.errors}
        />
        <SelectField
          label="Rating"
          {...getSelectProps(fields.rating)}
          key={fields.rating.key}
          errors={fields.rating.errors}
        >
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {r} {r === 1 ? "star" : "stars"}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Content"
          required
          rows={4}
          {...getTextareaProps(fields.content)}
          key={fields.content.key}
          errors={fields.content.errors}
          className="md:col-span-2"
        />
        <SelectField
          label="Status"
          {...getSelectProps(fields.status)}
          key={fields.status.key}
          errors={fields.status.errors}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
        <InputField
          label="Image URL"
          {...getInputProps(fields.imageUrl, { type: "text" })}
          key={fields.imageUrl.key}
          errors={fields.imageUrl.errors}
        />
        <InputField
          label="Display order"
          hint="Lower numbers appear first"
          inputMode="numeric"
          {...getInputProps(fields.sortOrder, { type: "text" })}
          key={fields.sortOrder.key}
          errors={fields.sortOrder.errors}
        />
        <label className="flex items-center gap-2 self-center text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.showOnHome, { type: "checkbox" })}
            key={fields.showOnHome.key}
            className="size-4 accent-brand-700"
          />
          Show on home page
        </label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : testimonial ? "Update Testimonial" : "Add Testimonial"}
        </Button>
        <Link to="/admin/testimonials" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
