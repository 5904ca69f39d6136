import { CheckCircle2, Rocket } from "lucide-react";
import { Form, Link } from "react-router";
import type { LaunchItemKey } from "#app/site/index";
import { formatDateTime } from "#app/utils/datetime";

type Item = {
  key: LaunchItemKey;
  title: string;
  detail: string;
  to: string;
  accepted: { by: string | null; at: string } | null;
};

/**
 * The launch checklist (issue 49): each piece of sample content the site still shows, a link to where it is
 * replaced, and an Accept button for what the office knowingly keeps. Items leave when the data changes.
 */
export function LaunchChecklist({ items, maintenance }: { items: Item[]; maintenance: boolean }) {
  const open = items.filter((item) => !item.accepted);
  return (
    <section
      aria-labelledby="launch-checklist"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm"
      data-testid="launch-checklist"
    >
      <h2 id="launch-checklist" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Rocket aria-hidden className="size-5 text-amber-700" /> Launch checklist
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {open.length === 0
          ? "Every remaining sample item has been accepted."
          : `${open.length} ${open.length === 1 ? "piece" : "pieces"} of sample content still ${open.length === 1 ? "shows" : "show"} on the public site. Replace each one, or accept it if you mean to keep it.`}{" "}
        {maintenance
          ? open.length === 0
            ? "The site can go live: switch maintenance off in Settings."
            : "The site stays in maintenance until the list is done or accepted."
          : "The site is live with this sample content: visitors see it now."}
      </p>
      <ul className="mt-4 divide-y divide-amber-200">
        {items.map((item) => (
          <li
            key={item.key}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid={`launch-item-${item.key}`}
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{item.title}</p>
              <p className="text-sm break-words text-slate-700">{item.detail}</p>
              {item.accepted ? (
                <p className="mt-1 flex items-center gap-1 text-sm text-green-800">
                  <CheckCircle2 aria-hidden className="size-4" />
                  Accepted by {item.accepted.by ?? "a removed account"} on {formatDateTime(item.accepted.at)}
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Link
                to={item.to}
                className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Replace<span className="sr-only"> {item.title.toLowerCase()}</span>
              </Link>
              {item.accepted ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="accept-launch-item" />
                  <input type="hidden" name="item" value={item.key} />
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                  >
                    Accept as is<span className="sr-only">: {item.title.toLowerCase()}</span>
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
