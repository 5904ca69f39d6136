import { listRegistrationCourses } from "#app/booking/index.server";
import { confirmationFromUrl, RegistrationSchema, submitRegistrationForm } from "#app/bookings/index.server";
import { ContactForm } from "#app/components/public/contact-form";
import { FormStatus } from "#app/components/public/form-controls";
import { hydrateOnView } from "#app/components/public/hydrate-on-view";
import { RegistrationForm } from "#app/components/public/registration-form";
import { listOfferedDiscounts } from "#app/money/index.server";
import { ContactAboutChoice } from "#app/routes/sales/public/components/contact-about-choice";
import {
  ContactCards,
  Downloads,
  OfficeVisit,
  PaymentBox,
  WhyChoose,
} from "#app/routes/sales/public/components/contact-info";
import { ContactQuerySchema, ContactSchema, submitContactForm } from "#app/sales/index.server";
import {
  getPaymentDetails,
  newFormKey,
  publicSettings,
  publicSiteContent,
  publicVatNote,
  readFormFields,
} from "#app/site/index.server";
import { headersWithRetryAfter } from "#app/utils/route-headers";
import type { Route } from "./+types/contact";

// the registration form (its run chooser, group rows and confirmation) is fetched when it comes into view
const ContactRegistrationForm = hydrateOnView(
  () => import("#app/components/public/registration-form").then((module) => module.RegistrationForm),
  import.meta.env.SSR ? RegistrationForm : null,
);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { about } = ContactQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [content, payment, settings, courses, confirmation, vatNote, offered] = await Promise.all([
    publicSiteContent(["contact", "offices", "businessHours", "whyChoose"]),
    getPaymentDetails(),
    publicSettings(),
    listRegistrationCourses(),
    confirmationFromUrl(url, "contact"),
    publicVatNote(),
    listOfferedDiscounts(),
  ]);
  return {
    ...content,
    about,
    vatNote,
    offered,
    payment,
    confirmation,
    courses,
    registrationEnabled: settings.registration_enabled,
    contactFormEnabled: settings.contact_form_enabled,
    formKeys: { registration: newFormKey(), contact: newFormKey() },
  };
}

/**
 * Both forms on this page post here; the home page's contact form does too. A message about in-house training is
 * not stored here: the action redirects to the in-house request form.
 */
export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readFormFields(request, [RegistrationSchema, ContactSchema]);
  if ("error" in read) return read.error;
  return read.fields.intent === "register"
    ? submitRegistrationForm(read.fields, context, "contact", request)
    : submitContactForm(read.fields, context);
}

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Mafunzo Training & Consultancy" },
  {
    name: "description",
    content: "Contact Mafunzo Training & Consultancy, register for a course or send us a message.",
  },
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, offices, businessHours, payment, whyChoose, courses, formKeys, confirmation } = loaderData;
  return (
    <>
      <section className="bg-brand-800 px-4 py-16 text-white">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-brand-100">
            Ready to strengthen your team? Register for a course, ask about in-house training or consultancy,
            or visit one of our offices. We respond to every enquiry within 24 hours.
          </p>
        </div>
      </section>
      <section aria-label="Contact details" className="bg-cream px-4 py-10">
        <div className="mx-auto max-w-7xl">
          {actionData?.form === "unknown" ? (
            <div className="mb-6 lg:col-span-3">
              <FormStatus result={actionData} />
            </div>
          ) : null}
          <ContactCards contact={contact} />
        </div>
      </section>
      <section className="px-4 py-12">
        <div className="mx-auto grid max-w-7xl gap-8 lg:grid-cols-3">
          <div className="space-y-8 lg:col-span-2">
            <section
              aria-labelledby="register-heading"
              className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="register-heading" className="text-xl font-semibold text-brand-900">
                Course Registration
              </h2>
              <p className="mb-6 mt-1 text-sm text-slate-600">
                Choose a course and leave your details: we'll confirm your place and the payment details.
              </p>
              <ContactRegistrationForm
                variant="contact"
                courses={courses}
                formKey={formKeys.registration}
                enabled={loaderData.registrationEnabled}
                contact={contact}
                payment={payment}
                vatNote={loaderData.vatNote}
                offered={loaderData.offered}
                anotherHref={confirmation?.anotherHref}
                serverResult={actionData ?? confirmation?.result}
              />
            </section>
            <section
              id="contact-form"
              aria-labelledby="message-heading"
              className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="message-heading" className="text-xl font-semibold text-brand-900">
                Send Us a Message
              </h2>
              <p className="mb-6 mt-1 text-sm text-slate-600">
                An enquiry, a consultation, a question about your booking or training for your own team:
                choose what your message is about and write to us.
              </p>
              <ContactForm
                variant="page"
                formKey={formKeys.contact}
                enabled={loaderData.contactFormEnabled}
                contact={contact}
                serverResult={actionData}
                choice={(form) => <ContactAboutChoice form={form} about={loaderData.about} />}
              />
            </section>
          </div>
          <div className="space-y-6">
            <PaymentBox payment={payment} />
            <WhyChoose items={whyChoose} />
            <Downloads />
            <OfficeVisit hours={businessHours} offices={offices} />
          </div>
        </div>
      </section>
    </>
  );
}
