import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import { CONTACT_ABOUT, CONTACT_ABOUT_LABELS, type ContactAbout } from "#app/sales/index";
import { cn } from "#app/utils/cn";
import { buttonStyles } from "./page-sections";

/**
 * The contact page's one question before the fields: what the message is about. "In-house training" has a form
 * of its own: with JavaScript the choice shows the way there; without it, sending the form leads there with what
 * was typed (the server redirects).
 */
export function ContactAboutChoice({
  id,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  chosen: ContactAbout;
  onChoose: (about: ContactAbout) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-about-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">What is your message about?</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {CONTACT_ABOUT.map((about) => (
          <label
            key={about}
            className="flex min-h-11 cursor-pointer gap-3 rounded-md border border-slate-300 bg-white p-3 text-sm shadow-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-500/30"
          >
            <input
              type="radio"
              name="about"
              value={about}
              checked={chosen === about}
              onChange={() => onChoose(about)}
              aria-describedby={`${id}-about-${about}`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{CONTACT_ABOUT_LABELS[about].label}</span>
              <span id={`${id}-about-${about}`} className="block text-slate-700">
                {CONTACT_ABOUT_LABELS[about].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-about-error`} className="mt-1 text-sm text-clay-600">
          {error}
        </p>
      ) : null}
      {chosen === "in_house" ? (
        <div className="mt-3 rounded-md border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
          <p>
            In-house training has a request form of its own: group size, dates, venue and budget. Send this
            form and we'll take you there with what you've typed, or go straight there.
          </p>
          <Link to="/in-house-training" className={cn(buttonStyles.outline, "mt-3 bg-white")}>
            Go to the in-house training request <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
      ) : null}
    </fieldset>
  );
}
