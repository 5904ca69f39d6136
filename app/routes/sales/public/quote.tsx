import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { type FieldLook, InputField, panelLook, TextareaField } from "#app/components/ui/field";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { QUOTE_KIND_LABELS, QuoteAcceptSchema, QuoteDeclineSchema, quoteSubject } from "#app/sales/index";
import {
  acceptQuote,
  declineQuote,
  getQuote,
  type QuoteView,
  quotePath,
  quoteRefusal,
  quoteSignatureValid,
} from "#app/sales/index.server";
import { anonymousActor } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { cn } from "#app/utils/cn";
import { formatLongDate } from "#app/utils/dates";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [
  { title: "Your quote | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

// opened from an e-mail, mostly on a phone: one-line fields are 44 px tap targets
const FIELD_LOOK: FieldLook = { ...panelLook, control: cn(panelLook.control, "min-h-11") };
const NO_STORE = { "Cache-Control": "no-store" };

/** The quote behind a signed link, or null for a link that is not one of ours. */
async function quoteOf(params: Route.LoaderArgs["params"]) {
  const id = parseId(params.id);
  if (!id || !quoteSignatureValid(id, params.signature)) return null;
  return getQuote(id);
}

/** What the page shows: the quote as offered, and why it can no longer be answered when it cannot. */
function shown(view: QuoteView) {
  const { quote, enquiry, organisation, courseTitle, lines } = view;
  return {
    organisation: organisation?.name ?? enquiry.organisationName ?? enquiry.contactName,
    subject: quoteSubject(quote.kind, { courseTitle, topic: enquiry.topic }),
    kind: QUOTE_KIND_LABELS[quote.kind],
    schedule: view.schedule,
    version: quote.version,
    // consultancy is priced by the day, not per head
    participants: quote.kind === "training" ? quote.participants : null,
    lines: lines.map((l) => ({
      position: l.position,
      description: l.description,
      quantity: l.quantity,
      unitCents: l.unitCents,
      amountCents: l.amountCents,
    })),
    netCents: quote.netCents,
    vatCents: quote.vatCents,
    totalCents: quote.totalCents,
    vatRatePercent: quote.vatRatePercent,
    validUntil: quote.validUntil,
    terms: quote.terms,
    status: quote.status,
    refusal: quoteRefusal(quote),
    pdfPath: `${quotePath(quote.id)}/pdf`,
  };
}

export async function loader({ params }: Route.LoaderArgs) {
  const view = await quoteOf(params);
  if (!view) return data({ quote: null }, { status: 404, headers: NO_STORE });
  return data({ quote: shown(view) }, { headers: NO_STORE });
}

type Errors = Record<string, string[] | null | undefined>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request, [QuoteAcceptSchema, QuoteDeclineSchema], { extra: ["intent"] });
  const view = await quoteOf(params);
  if (!view) return data({ quote: null, message: null, ok: false, errors: {} as Errors }, { status: 404 });
  const intent = formData.get("intent") === "decline" ? "decline" : "accept";
  const submission =
    intent === "accept"
      ? parseWithZod(formData, { schema: QuoteAcceptSchema })
      : parseWithZod(formData, { schema: QuoteDeclineSchema });
  if (submission.status !== "success") {
    const errors = (submission.reply().error ?? {}) as Errors;
    return data({ quote: shown(view), message: null, ok: false, errors }, { status: 400 });
  }
  const actor = anonymousActor(context);
  const value = submission.value;
  const outcome =
    "reason" in value
      ? await declineQuote(actor, view.quote.id, value.reason)
      : await acceptQuote(actor, view.quote.id, value);
  const after = (await getQuote(view.quote.id)) ?? view;
  return data(
    { quote: shown(after), message: outcome.message, ok: outcome.ok, errors: {} as Errors },
    { status: outcome.ok ? 200 : outcome.status, headers: NO_STORE },
  );
}

type Shown = ReturnType<typeof shown>;

function QuoteTable({ quote }: { quote: Shown }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Quote lines</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-2">
              Item
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Qty
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">
              Unit
            </th>
            <th scope="col" className="py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.position} className="border-b border-slate-100 align-top">
              {/* break-words, not wrap-anywhere: "anywhere" lets the table shrink this column to one letter
                  beside the amounts on a phone (issue 45); on a phone the unit price goes under the item */}
              <td className="min-w-32 py-2 pr-2 break-words" data-testid="quote-item">
                {line.description}
                <span className="block text-xs text-slate-600 sm:hidden">
                  {line.quantity} × {formatKes(line.unitCents)}
                </span>
              </td>
              <td className="py-2 pr-2 text-right">{line.quantity}</td>
              <td className="hidden py-2 pr-2 text-right whitespace-nowrap sm:table-cell">
                {formatKes(line.unitCents)}
              </td>
              <td className="py-2 text-right whitespace-nowrap">{formatKes(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 pr-2 text-right font-normal">
              Net
            </th>
            <td className="hidden sm:table-cell" />
            <td className="pt-2 text-right whitespace-nowrap">{formatKes(quote.netCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="pr-2 text-right font-normal">
              VAT {quote.vatRatePercent}%
            </th>
            <td className="hidden sm:table-cell" />
            <td className="text-right whitespace-nowrap">{formatKes(quote.vatCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="pr-2 text-right">
              Total
            </th>
            <td className="hidden sm:table-cell" />
            <td className="text-right font-semibold whitespace-nowrap">{formatKes(quote.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-3 font-semibold focus-visible:outline-2";

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const quote = actionData?.quote ?? loaderData.quote;
  const errors = actionData?.errors ?? {};
  return (
    <section className="bg-cream px-4 py-16">
      <div className="mx-auto max-w-2xl rounded-lg bg-white p-6 text-slate-800 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">Your quote</h1>
        {!quote ? (
          <p role="status" className="mt-4">
            This quote link is not valid. Please use the link in your e-mail exactly as it was sent.
          </p>
        ) : (
          <>
            <p className="mt-2">
              {quote.kind} for <strong>{quote.organisation}</strong>
              {quote.subject ? `: ${quote.subject}` : ""}
              {quote.participants ? `, ${quote.participants} participants` : ""} (version {quote.version}).
            </p>
            {quote.schedule ? <p className="mt-1">On {quote.schedule}.</p> : null}
            <QuoteTable quote={quote} />
            <p className="mt-4 text-sm">
              Valid until {formatLongDate(quote.validUntil)}.{" "}
              <a href={quote.pdfPath} className="font-semibold text-brand-700 underline">
                Download the quote (PDF)
              </a>
            </p>
            <h2 className="mt-4 text-lg font-semibold text-brand-900">Terms</h2>
            <p className="mt-1 text-sm whitespace-pre-line">{quote.terms}</p>
            {actionData?.message ? (
              <p
                role={actionData.ok ? "status" : "alert"}
                className={cn(
                  "mt-6 rounded-md p-3",
                  actionData.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900",
                )}
              >
                {actionData.message}
              </p>
            ) : quote.refusal ? (
              <p role="status" className="mt-6 rounded-md bg-slate-100 p-3">
                {quote.refusal}
              </p>
            ) : null}
            {quote.refusal ? null : (
              <div className="mt-6 space-y-8">
                <Form method="post" className="space-y-4">
                  <h2 className="text-lg font-semibold text-brand-900">Accept this quote</h2>
                  <input type="hidden" name="intent" value="accept" />
                  <InputField
                    look={FIELD_LOOK}
                    label="Your name"
                    name="name"
                    required
                    maxLength={120}
                    autoComplete="name"
                    errors={errors.name}
                  />
                  <InputField
                    look={FIELD_LOOK}
                    label="Your position"
                    name="position"
                    required
                    maxLength={200}
                    autoComplete="organization-title"
                    errors={errors.position}
                  />
                  <InputField
                    look={FIELD_LOOK}
                    label="LPO number (optional)"
                    name="lpoNumber"
                    maxLength={100}
                    errors={errors.lpoNumber}
                  />
                  <button type="submit" className={cn(BUTTON, "bg-brand-700 text-white hover:bg-brand-800")}>
                    Accept quote
                  </button>
                </Form>
                <Form method="post" className="space-y-4 border-t border-slate-200 pt-6">
                  <h2 className="text-lg font-semibold text-brand-900">Decline this quote</h2>
                  <input type="hidden" name="intent" value="decline" />
                  <TextareaField
                    look={FIELD_LOOK}
                    label="Why are you declining?"
                    name="reason"
                    required
                    rows={3}
                    maxLength={1000}
                    errors={errors.reason}
                  />
                  <button
                    type="submit"
                    className={cn(BUTTON, "border border-slate-400 text-slate-900 hover:bg-slate-50")}
                  >
                    Decline quote
                  </button>
                </Form>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
