import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Home, Pencil, Plus, Star } from "lucide-react";
import { data, Link } from "react-router";
import { CARD_GRID, EmptyState, PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge, StatusBadge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { parseId } from "#app/platform/forms/admin-ids";
import { loadOrReport, writeOrReport } from "#app/platform/forms/admin-result.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { DeleteCardForm } from "#app/routes/site/components/delete-card-form";
import { TestimonialForm } from "#app/routes/site/components/testimonial-form";
import { TestimonialSchema } from "#app/site/index";
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonialsForAdmin,
  updateTestimonial,
} from "#app/site/index.server";
import { canEditContent, canReadOffice } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/testimonials";

export const meta: Route.MetaFunction = () => [{ title: "Testimonials | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadOffice);
  const url = new URL(args.request.url);
  const { value, error } = await loadOrReport(
    "Failed to fetch testimonials",
    () => listTestimonialsForAdmin(),
    [],
  );
  // ?form=new opens the add form, ?edit=<id> the edit form: links, so it works without JavaScript too
  const editId = parseId(url.searchParams.get("edit"));
  return {
    testimonials: value,
    error,
    adding: url.searchParams.get("form") === "new",
    editing: value.find((t) => t.id === editId) ?? null,
  };
}

type Answer = { error: string; result?: SubmissionResult<string[]> };
const answer = (body: Answer, status: number) => data(body, { status });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canEditContent);
  const formData = await readForm(args.request, TestimonialSchema, { extra: ["intent", "id"] });
  const id = parseId(formData.get("id"));
  if (formData.get("intent") === "delete") {
    const write = await writeOrReport("Failed to delete testimonial", async () =>
      id ? deleteTestimonial(admin.actor, id) : false,
    );
    if (!write.ok || !write.value)
      return answer({ error: "Failed to delete testimonial" }, write.ok ? 404 : 500);
    return redirectWithToast("/admin/testimonials", { title: "Testimonial deleted successfully" });
  }
  const FAILED = "Failed to save testimonial";
  const submission = parseWithZod(formData, { schema: TestimonialSchema });
  if (submission.status !== "success") return answer({ result: submission.reply(), error: FAILED }, 400);
  const write = await writeOrReport(FAILED, () =>
    id
      ? updateTestimonial(admin.actor, id, submission.value)
      : createTestimonial(admin.actor, submission.value),
  );
  if (!write.ok || !write.value) {
    return answer(
      { result: submission.reply({ formErrors: [FAILED] }), error: FAILED },
      write.ok ? 404 : 500,
    );
  }
  return redirectWithToast("/admin/testimonials", {
    title: id ? "Testimonial updated successfully" : "Testimonial added successfully",
  });
}

export default function Testimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, error, adding, editing } = loaderData;
  useErrorToast(actionData);
  const mayEdit = canEditContent(useStaff());
  const formOpen = mayEdit && (adding || editing || actionData?.result);
  return (
    <div>
      <PageHeader
        title="Testimonials"
        badge={<Badge tone="brand">{testimonials.length} testimonials</Badge>}
        description="Client testimonials shown on the Testimonials page; those marked for the home page appear there too."
        actions={
          formOpen || !mayEdit ? null : (
            <Link to="?form=new" className={buttonClass()}>
              <Plus aria-hidden className="size-4" />
              Add Testimonial
            </Link>
          )
        }
      />
      {formOpen ? (
        <TestimonialForm
          key={editing?.id ?? "new"}
          testimonial={editing ?? undefined}
          lastResult={actionData?.result}
        />
      ) : null}
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      ) : null}
      {testimonials.length === 0 && !error ? (
        <EmptyState>No testimonials found. Add your first testimonial to get started.</EmptyState>
      ) : (
        <ul className={CARD_GRID}>
          {testimonials.map((t) => (
            <li
              key={t.id}
              data-testid="testimonial-card"
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h2 className="font-semibold text-slate-900">{t.name}</h2>
                  <p className="text-sm text-slate-600">{t.position}</p>
                </div>
                <StatusBadge status={t.status} />
              </div>
              <p className="mt-1 text-sm text-brand-700">{t.course}</p>
              <p
                className="mt-2 flex items-center gap-0.5"
                role="img"
                aria-label={`Rated ${t.rating} out of 5`}
              >
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    // biome-ignore lint/suspicious/noArrayIndexKey: the five stars have no identity but their place
                    key={i}
                    aria-hidden
                    className={
                      i < t.rating ? "size-4 fill-accent-500 text-accent-500" : "size-4 text-slate-300"
                    }
                  />
                ))}
              </p>
              <p className="mt-2 line-clamp-4 text-sm text-slate-700">{t.content}</p>
              {t.showOnHome ? (
                <p className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-brand-700">
                  <Home aria-hidden className="size-3" /> On the home page (order {t.sortOrder})
                </p>
              ) : null}
              {mayEdit ? (
                <div className="mt-auto flex gap-2 pt-4">
                  <Link to={`?edit=${t.id}`} className={buttonClass("outline")} aria-label={`Edit ${t.name}`}>
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </Link>
                  <DeleteCardForm
                    id={t.id}
                    label={t.name}
                    message={`Are you sure you want to delete the testimonial from ${t.name}?`}
                    showPending
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
