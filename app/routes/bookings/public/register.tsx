import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { listRegistrationCourses } from "#app/booking/index.server";
import { confirmationFromUrl, RegistrationSchema, submitRegistrationForm } from "#app/bookings/index.server";
import { FormStatus } from "#app/components/public/form-controls";
import {
  type CourseChoice,
  describeChoice,
  RegistrationForm,
} from "#app/components/public/registration-form";
import { listOfferedDiscounts } from "#app/money/index.server";
import { ContactSchema } from "#app/sales/index";
import {
  getPaymentDetails,
  newFormKey,
  publicSettings,
  publicSiteContent,
  publicVatNote,
  readFormFields,
} from "#app/site/index.server";
import { headersWithRetryAfter } from "#app/utils/route-headers";
import type { Route } from "./+types/register";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [courses, settings, { contact }, payment, confirmation, vatNote, offered] = await Promise.all([
    listRegistrationCourses(),
    publicSettings(),
    publicSiteContent(["contact"]),
    getPaymentDetails(),
    confirmationFromUrl(url, "register"),
    publicVatNote(),
    listOfferedDiscounts(),
  ]);
  const slug = url.searchParams.get("course");
  return {
    courses,
    passedIn: slug ? { slug, runId: url.searchParams.get("run") } : null,
    enabled: settings.registration_enabled,
    seatsLeftThreshold: settings.seats_left_threshold,
    contact,
    payment,
    confirmation,
    vatNote,
    offered,
    formKey: newFormKey(),
  };
}

export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readFormFields(request, [RegistrationSchema, ContactSchema]);
  if ("error" in read) return read.error;
  return submitRegistrationForm(read.fields, context, "register", request);
}

export const meta: Route.MetaFunction = () => [
  { title: "Course Registration | Mafunzo Training & Consultancy" },
  { name: "description", content: "Register for a Mafunzo training course in Kenya and East Africa." },
];

type CourseData = { slug?: string; runId?: string | null };

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, enabled, contact, formKey, payment, confirmation } = loaderData;
  const location = useLocation();
  const [passedIn, setPassedIn] = useState<CourseChoice | null>(loaderData.passedIn);
  useEffect(() => {
    // a Register button passes the course in navigation state too; the URL wins when both are there
    const state = (location.state as { courseData?: CourseData } | null)?.courseData;
    if (!loaderData.passedIn && state?.slug) setPassedIn({ slug: state.slug, runId: state.runId ?? null });
  }, [location.state, loaderData.passedIn]);
  const [current, setCurrent] = useState<CourseChoice | null>(passedIn);
  useEffect(() => setCurrent(passedIn), [passedIn]);
  const summary = passedIn ? describeChoice(courses, current) : null;

  return (
    <>
      <section className="bg-brand-800 px-4 py-16 text-white">
        <div className="mx-auto max-w-4xl">
          <h1 className="text-3xl font-bold sm:text-4xl">Course Registration</h1>
          <p className="mt-4 max-w-2xl text-brand-100">
            Reserve your place on one of our training programmes. We'll confirm your booking and send the
            joining instructions and payment details.
          </p>
        </div>
      </section>
      <section className="bg-cream px-4 py-12">
        <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-3">
          {actionData?.form === "unknown" ? (
            <div className="mb-6 lg:col-span-3">
              <FormStatus result={actionData} />
            </div>
          ) : null}
          {summary ? (
            <aside aria-labelledby="summary-heading" className="rounded-lg bg-white p-6 shadow-sm lg:order-2">
              <h2 id="summary-heading" className="text-sm font-semibold uppercase text-brand-600">
                Selected Course
              </h2>
              <p className="mt-2 text-lg font-semibold text-brand-900">{summary.course.title}</p>
              <dl className="mt-4 space-y-2 text-sm">
                {[
                  ["Date", summary.date],
                  ["Venue", summary.venue],
                  ["Duration", summary.course.duration ?? "To be confirmed"],
                  ["Cost", summary.cost],
                ].map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-4">
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="text-right font-medium text-slate-800">{value}</dd>
                  </div>
                ))}
              </dl>
            </aside>
          ) : null}
          <div
            className={
              summary
                ? "rounded-lg bg-white p-6 shadow-sm lg:col-span-2"
                : "rounded-lg bg-white p-6 shadow-sm lg:col-span-3"
            }
          >
            <RegistrationForm
              heading={<h2 className="mb-6 text-xl font-semibold text-brand-900">Your Details</h2>}
              payment={payment}
              vatNote={loaderData.vatNote}
              offered={loaderData.offered}
              anotherHref={confirmation?.anotherHref}
              variant="register"
              courses={courses}
              formKey={formKey}
              enabled={enabled}
              contact={contact}
              passedIn={passedIn}
              onCourseChange={setCurrent}
              serverResult={actionData ?? confirmation?.result}
              seatsLeftThreshold={loaderData.seatsLeftThreshold}
            />
          </div>
        </div>
      </section>
    </>
  );
}
