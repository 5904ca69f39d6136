import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import { buttonStyles } from "#app/components/public/page-sections";
import type { PublicFormState } from "#app/components/public/use-public-form";
import { CONTACT_ABOUT, CONTACT_ABOUT_LABELS, type ContactAbout } from "#app/sales/index";
import { cn } from "#app/utils/cn";

/**
 * The contact page's one question before the fields: what the message is about. "In-house training" has a form
 * of its own: choosing it shows the way there (by CSS, so also without JavaScript), and sending the form leads
 * there with what was typed (the server redirects).
 */
export function ContactAboutChoice({ form, about }: { form: PublicFormState; about: ContactAbout }) {
  const { id, errors } = form.field("about");
  const sent = form.values?.about;
  const checked = CONTACT_ABOUT.find((value) => value === sent) ?? about;
  return (
    <fieldset className="group" aria-describedby={errors ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">What is your message about?</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {CONTACT_ABOUT.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer gap-3 rounded-md border border-slate-300 bg-white p-3 text-sm shadow-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-500/30"
          >
            <input
              type="radio"
              name="about"
              value={value}
              defaultChecked={checked === value}
              aria-describedby={`${id}-${value}`}
              data-leads-on={value === "in_house" ? "" : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{CONTACT_ABOUT_LABELS[value].label}</span>
              <span id={`${id}-${value}`} className="block text-slate-700">
                {CONTACT_ABOUT_LABELS[value].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {errors ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-clay-600">
          {errors[0]}
        </p>
      ) : null}
      <div
        data-testid="in-house-way"
        className="mt-3 hidden rounded-md border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 group-has-[[data-leads-on]:checked]:block"
      >
        <p>
          In-house training has a request form of its own: group size, dates, venue and budget. Send this form
          and we'll take you there with what you've typed, or go straight there.
        </p>
        <Link to="/in-house-training" className={cn(buttonStyles.outline, "mt-3 bg-white")}>
          Go to the in-house training request <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>
    </fieldset>
  );
}
