import { data } from "react-router";
import { z } from "zod";
import { listRegistrationCourses } from "#app/booking/index.server";
import { queryText } from "#app/platform/forms/query";
import { InHouseForm } from "#app/routes/sales/public/components/in-house-form";
import { InHouseRequestSchema, submitInHouseRequest, takeInHouseHandoff } from "#app/sales/index.server";
import { newFormKey, publicSettings, publicSiteContent, readFormFields } from "#app/site/index.server";
import { headersWithRetryAfter } from "#app/utils/route-headers";
import type { Route } from "./+types/in-house-training";

const QuerySchema = z.object({ course: queryText(100) });

export async function loader({ request }: Route.LoaderArgs) {
  const { course } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [content, settings, courses, handoff] = await Promise.all([
    publicSiteContent(["contact"]),
    publicSettings(),
    listRegistrationCourses(),
    // what the visitor typed into the contact form before choosing in-house training
    takeInHouseHandoff(request),
  ]);
  return data(
    {
      contact: content.contact,
      courses: courses.map(({ slug, title }) => ({ slug, title })),
      // a link naming a course no longer offered opens the form with no course chosen
      course: courses.some((c) => c.slug === course) ? course : "",
      enabled: settings.contact_form_enabled,
      formKey: newFormKey(),
      typed: handoff.values,
    },
    { headers: handoff.headers },
  );
}

export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readFormFields(request, [InHouseRequestSchema]);
  if ("error" in read) return read.error;
  return submitInHouseRequest(read.fields, context);
}

export const meta: Route.MetaFunction = () => [
  { title: "In-House Training | Mafunzo Training & Consultancy" },
  {
    name: "description",
    content: "Ask Mafunzo Training & Consultancy for a course of your own, at your venue and on your dates.",
  },
];

export default function InHouseTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, courses, course, enabled, formKey, typed } = loaderData;
  return (
    <>
      <section className="bg-brand-800 px-4 py-16 text-white">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-3xl font-bold sm:text-4xl">In-House Training</h1>
          <p className="mt-4 max-w-2xl text-brand-100">
            Any of our courses, or one built around your needs, for your team alone: at your venue or ours, on
            your dates. Tell us what you need and we will call you, then send a quote.
          </p>
        </div>
      </section>
      <section className="px-4 py-12">
        <div
          id="in-house-form"
          className="mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 className="text-xl font-semibold text-brand-900">Request in-house training</h2>
          <p className="mb-6 mt-1 text-sm text-slate-600">
            Fields marked * are needed; the rest help us prepare a quote that fits.
          </p>
          <InHouseForm
            formKey={formKey}
            enabled={enabled}
            contact={contact}
            courses={courses}
            course={course}
            serverResult={actionData}
            typed={typed}
          />
        </div>
      </section>
    </>
  );
}
