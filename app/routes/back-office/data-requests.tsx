import { Download, Search, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import {
  DataRequestActionSchema,
  ERASED_KINDS,
  type ErasedKind,
  FOUND_KINDS,
  type FoundKind,
  readSubject,
} from "#app/back-office/index";
import {
  countFound,
  erasePersonalData,
  findPersonalData,
  listDataRequests,
  type PersonalData,
  planErasure,
} from "#app/back-office/index.server";
import { PageHeader } from "#app/components/admin/page-header";
import { buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { readForm } from "#app/platform/forms/form-input.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { canHandleDataRequests } from "#app/staff/index";
import { requireAllowed, requireRecentVerification } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/data-requests";

// The data request tool (issue 32, decision 0637): an owner finds everything held about a person by the e-mail
// address or phone number they gave, hands them a copy (data-requests.export.ts), or erases what may go. Searches
// post, so the address never stands in a URL, the browser's history or the request log.

export const meta: Route.MetaFunction = () => [{ title: "Data Requests | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canHandleDataRequests);
  const [requests, retentionYears] = await Promise.all([
    listDataRequests(),
    getSetting("financial_records_retention_years"),
  ]);
  return { requests, retentionYears };
}

type Answer =
  | { kind: "invalid"; intent: "search" | "erase"; subject: string; message: string; field: string | null }
  | {
      kind: "found";
      subject: string;
      found: PersonalData;
      counts: Record<FoundKind, number>;
      plan: ReturnType<typeof planErasure>;
    }
  | {
      kind: "erased";
      subject: string;
      erased: Record<ErasedKind, number>;
      kept: { what: string; why: string }[];
      found: PersonalData;
      counts: Record<FoundKind, number>;
      plan: ReturnType<typeof planErasure>;
    };

async function foundWithPlan(subject: Parameters<typeof findPersonalData>[0]) {
  const [found, retentionYears] = await Promise.all([
    findPersonalData(subject),
    getSetting("financial_records_retention_years"),
  ]);
  return { found, counts: countFound(found), plan: planErasure(found, { retentionYears }) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canHandleDataRequests);
  const form = Object.fromEntries(await readForm(args.request, DataRequestActionSchema));
  const intent = form.intent === "erase" ? "erase" : "search";
  const typed = typeof form.subject === "string" ? form.subject : "";
  const invalid = (message: string, field: string | null) =>
    data<Answer>({ kind: "invalid", intent, subject: typed, message, field }, { status: 400 });
  const parsed = DataRequestActionSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(issue?.message ?? "Check the form and try again.", String(issue?.path[0] ?? "") || null);
  }
  const subject = readSubject(parsed.data.subject);
  if (!subject.ok) return invalid(subject.message, "subject");
  if (parsed.data.intent === "search") {
    return data<Answer>({
      kind: "found",
      subject: parsed.data.subject,
      ...(await foundWithPlan(subject.subject)),
    });
  }
  // erasing cannot be undone: it asks for a sign-in within the last minutes, as the other sensitive changes do
  requireRecentVerification(admin, args.request);
  const outcome = await erasePersonalData(admin.actor, subject.subject, parsed.data.askedBy);
  return data<Answer>({
    kind: "erased",
    subject: parsed.data.subject,
    erased: outcome.erased,
    kept: outcome.kept,
    ...(await foundWithPlan(subject.subject)),
  });
}

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

export default function DataRequests({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const answer = actionData;
  const shownSubject = answer?.subject ?? "";
  const result = answer && answer.kind !== "invalid" ? answer : null;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Data Requests"
        description="Find everything held about a person by the e-mail address or phone number they gave us, hand them a copy, or erase what the law lets us erase. Every copy and erasure is recorded."
      />

      <section aria-labelledby="search-heading" className={card}>
        <h2 id="search-heading" className="text-lg font-semibold text-slate-900">
          Find a person's data
        </h2>
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="search" />
          <InputField
            label="E-mail address or phone number"
            name="subject"
            required
            maxLength={200}
            autoComplete="off"
            defaultValue={shownSubject}
            key={shownSubject}
            hint="Each search finds the records that carry that address or number: search a person's e-mail and phone separately."
            errors={answer?.kind === "invalid" && answer.field === "subject" ? [answer.message] : null}
            className="flex-1"
          />
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "min-h-11")}>
            <Search aria-hidden className="size-4" /> Search
          </button>
        </Form>
        {answer?.kind === "invalid" && answer.field !== "subject" ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {answer.message}
          </p>
        ) : null}
      </section>

      {answer?.kind === "erased" ? <ErasureOutcome erased={answer.erased} kept={answer.kept} /> : null}
      {result ? (
        <Findings
          subject={result.subject}
          found={result.found}
          counts={result.counts}
          plan={result.plan}
          retentionYears={loaderData.retentionYears}
        />
      ) : null}
      <History requests={loaderData.requests} />
    </div>
  );
}

function ErasureOutcome({
  erased,
  kept,
}: {
  erased: Record<ErasedKind, number>;
  kept: { what: string; why: string }[];
}) {
  const done = (Object.keys(ERASED_KINDS) as ErasedKind[]).filter((k) => erased[k] > 0);
  return (
    <section
      role="status"
      aria-labelledby="erased-heading"
      data-testid="erasure-outcome"
      className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-950 sm:p-6"
    >
      <h2 id="erased-heading" className="text-lg font-semibold">
        Erasure done
      </h2>
      {done.length === 0 ? (
        <p className="mt-2 text-sm">Nothing could be erased: everything found must be kept (below).</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {done.map((k) => (
            <li key={k}>
              {ERASED_KINDS[k]}: {erased[k]}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold">Kept, and why</h3>
      <KeptList kept={kept} empty="Nothing was kept." />
    </section>
  );
}

function KeptList({ kept, empty }: { kept: { what: string; why: string }[]; empty: string }) {
  if (kept.length === 0) return <p className="mt-1 text-sm">{empty}</p>;
  return (
    <ul className="mt-2 space-y-2 text-sm" data-testid="kept-list">
      {kept.map((k) => (
        <li key={k.what} className="rounded-md bg-white/70 p-2">
          <p className="font-medium break-words">{k.what}</p>
          <p className="text-slate-700">{k.why}</p>
        </li>
      ))}
    </ul>
  );
}

function Findings({
  subject,
  found,
  counts,
  plan,
  retentionYears,
}: {
  subject: string;
  found: PersonalData;
  counts: Record<FoundKind, number>;
  plan: ReturnType<typeof planErasure>;
  retentionYears: number;
}) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <section aria-labelledby="found-heading" className={card} data-testid="findings">
        <h2 id="found-heading" className="text-lg font-semibold break-words text-slate-900">
          What we hold about {subject}
        </h2>
        {total === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Nothing: no record carries this address or number.</p>
        ) : (
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {(Object.keys(FOUND_KINDS) as FoundKind[]).map((k) => (
              <div key={k} className="flex justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-slate-700">{FOUND_KINDS[k]}</dt>
                <dd className="font-semibold text-slate-900" data-testid={`found-${k}`}>
                  {counts[k]}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <Records found={found} />
      </section>
      {total > 0 ? (
        <>
          <CopySection subject={subject} />
          <EraseSection subject={subject} plan={plan} retentionYears={retentionYears} />
        </>
      ) : null}
    </>
  );
}

function Group({ title, children, count }: { title: string; children: ReactNode; count: number }) {
  if (count === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="font-semibold text-slate-900">
        {title} ({count})
      </h3>
      <ul className="mt-2 space-y-2 text-sm">{children}</ul>
    </div>
  );
}

const item = "rounded-md border border-slate-200 p-3 break-words text-slate-800";

/** What was found, kind by kind in the order of FOUND_KINDS. */
function Records({ found }: { found: PersonalData }) {
  return (
    <>
      <ContactRecords found={found} />
      <SalesRecords found={found} />
      <DeliveryRecords found={found} />
      <MoneyRecords found={found} />
    </>
  );
}

function ContactRecords({ found }: { found: PersonalData }) {
  return (
    <>
      <Group title={FOUND_KINDS.registrations} count={found.registrations.length}>
        {found.registrations.map((r) => (
          <li key={r.id} className={item}>
            <p className="font-medium">
              {r.name} · {r.courseName}
              {r.courseDate ? ` (${r.courseDate})` : ""}
            </p>
            <p>
              {[r.email, r.phone, r.organization, r.reference, `status ${r.status}`]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {r.maskedIdNumber ? (
              <p>
                ID <span aria-hidden>{r.maskedIdNumber}</span>
                <span className="sr-only">ending {r.maskedIdNumber.replace(/^\W+/, "")}</span> (in full in the
                copy)
              </p>
            ) : null}
            {r.live ? (
              <p className="font-medium text-amber-800">Still booked: the course date is not over</p>
            ) : null}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.bookings} count={found.bookings.length}>
        {found.bookings.map((b) => (
          <li key={b.id} className={item}>
            <p className="font-medium">
              {b.reference} · {b.courseTitle ?? "no course"} · {b.participants} participant(s) · {b.status}
            </p>
            <p>
              {[b.contactName, b.contactEmail, b.contactPhone, b.organization].filter(Boolean).join(" · ")}
            </p>
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.enquiries} count={found.enquiries.length}>
        {found.enquiries.map((e) => (
          <li key={e.id} className={item}>
            <p className="font-medium">
              {e.name} · {formatDateTime(e.createdAt)}
            </p>
            <p>{[e.email, e.phone, e.organization, e.courseInterest].filter(Boolean).join(" · ")}</p>
            {e.message ? <p className="text-slate-600">{e.message}</p> : null}
          </li>
        ))}
      </Group>
    </>
  );
}

function SalesRecords({ found }: { found: PersonalData }) {
  return (
    <>
      <Group title={FOUND_KINDS.salesEnquiries} count={found.salesEnquiries.length}>
        {found.salesEnquiries.map((e) => (
          <li key={e.id} className={item}>
            <p className="font-medium">
              {e.contactName} · {e.topic ?? e.kind} · {e.status} · {formatDateTime(e.createdAt)}
            </p>
            <p>{[e.contactEmail, e.contactPhone, e.organisationName].filter(Boolean).join(" · ")}</p>
            {e.quoted ? (
              <p className="text-slate-600">Quoted: its quotes stay, without the contact's details</p>
            ) : null}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.quotes} count={found.quotes.length}>
        {found.quotes.map((q) => (
          <li key={q.id} className={item}>
            <p className="font-medium">
              Quote version {q.version} ({q.kind}) · {formatKes(q.totalCents)} · {q.status}
            </p>
            {q.answeredByName ? (
              <p>{[q.answeredByName, q.answeredByPosition, q.lpoNumber].filter(Boolean).join(" · ")}</p>
            ) : null}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.engagements} count={found.engagements.length}>
        {found.engagements.map((e) => (
          <li key={e.id} className={item}>
            <p className="font-medium">
              {e.title} · {formatKes(e.totalCents)} · {e.status}
            </p>
            <p>{[e.contactName, e.contactEmail, e.contactPhone].filter(Boolean).join(" · ")}</p>
          </li>
        ))}
      </Group>
    </>
  );
}

function DeliveryRecords({ found }: { found: PersonalData }) {
  return (
    <>
      <Group title={FOUND_KINDS.interests} count={found.interests.length}>
        {found.interests.map((i) => (
          <li key={i.id} className={item}>
            {i.name} · {i.courseTitle} · {formatDateTime(i.createdAt)}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.feedback} count={found.feedback.length}>
        {found.feedback.map((f) => (
          <li key={f.id} className={item}>
            {f.submittedAt
              ? `Rated the course ${f.courseRating}/5 and the facilitator ${f.facilitatorRating}/5 on ${formatDateTime(f.submittedAt)}`
              : "Feedback link sent, not answered"}
            {f.quoteName ? ` · quote as ${f.quoteName}` : ""}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.certificates} count={found.certificates.length}>
        {found.certificates.map((c) => (
          <li key={c.id} className={item}>
            {c.code} · {c.recipientName} · {c.courseTitle} · {c.dates}
            {c.revokedAt ? " · revoked" : ""}
          </li>
        ))}
      </Group>
    </>
  );
}

function MoneyRecords({ found }: { found: PersonalData }) {
  return (
    <>
      <Group title={FOUND_KINDS.financeDocuments} count={found.financeDocuments.length}>
        {found.financeDocuments.map((d) => (
          <li key={d.id} className={item}>
            {d.number} · {formatLongDate(d.issuedOn)} · {formatKes(d.totalCents)} · {d.buyerName}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.payments} count={found.payments.length}>
        {found.payments.map((p) => (
          <li key={p.id} className={item}>
            {formatKes(p.amountCents)} · {p.method} · {formatLongDate(p.receivedOn)}
            {p.transactionCode ? ` · ${p.transactionCode}` : ""}
            {p.bookingReference ? ` · ${p.bookingReference}` : ""}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.paymentReviews} count={found.paymentReviews.length}>
        {found.paymentReviews.map((r) => (
          <li key={r.id} className={item}>
            {r.transactionCode} · {r.amountCents === null ? "amount unread" : formatKes(r.amountCents)} ·{" "}
            {r.state}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.cheques} count={found.cheques.length}>
        {found.cheques.map((c) => (
          <li key={c.id} className={item}>
            Cheque {c.number} · {c.bank} · {formatKes(c.amountCents)} · {formatLongDate(c.receivedOn)} ·{" "}
            {c.state}
            {c.bookingReference ? ` · ${c.bookingReference}` : ""}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.emails} count={found.emails.length}>
        {found.emails.map((e) => (
          <li key={e.id} className={item}>
            {e.subject} · {e.status} · {formatDateTime(e.sentAt ?? e.createdAt)}
          </li>
        ))}
      </Group>
      <Group title={FOUND_KINDS.texts} count={found.texts.length}>
        {found.texts.map((t) => (
          <li key={t.id} className={item}>
            {t.body} · {t.status} · {formatDateTime(t.sentAt ?? t.createdAt)}
          </li>
        ))}
      </Group>
    </>
  );
}

function AskedByField({ id }: { id: string }) {
  return (
    <InputField
      id={id}
      label="Who asked, and how"
      name="askedBy"
      required
      minLength={3}
      maxLength={300}
      placeholder="The person, by e-mail on 3 March"
      hint="Recorded with the request."
    />
  );
}

function CopySection({ subject }: { subject: string }) {
  return (
    <section aria-labelledby="copy-heading" className={card}>
      <h2 id="copy-heading" className="text-lg font-semibold text-slate-900">
        Hand over a copy
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Everything above, with ID numbers in full: send it only to the person it is about.
      </p>
      {/* a plain form post: the answer is a file to save, the page stays as it is */}
      <Form method="post" action="/admin/data-requests/export" reloadDocument className="mt-3 space-y-3">
        <input type="hidden" name="subject" value={subject} />
        <AskedByField id="copy-asked-by" />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="format"
            value="json"
            className={buttonClass("outline", "md", "min-h-11")}
          >
            <Download aria-hidden className="size-4" /> Download JSON
          </button>
          <button
            type="submit"
            name="format"
            value="pdf"
            className={buttonClass("outline", "md", "min-h-11")}
          >
            <Download aria-hidden className="size-4" /> Download PDF
          </button>
        </div>
      </Form>
    </section>
  );
}

function EraseSection({
  subject,
  plan,
  retentionYears,
}: {
  subject: string;
  plan: ReturnType<typeof planErasure>;
  retentionYears: number;
}) {
  const navigation = useNavigation();
  const goes = [
    [plan.deleteEnquiries.length, "enquiries deleted"],
    [plan.deleteInterests.length, '"notify me" requests deleted'],
    [plan.deleteEmails.length, "e-mails deleted"],
    [
      plan.anonymiseRegistrations.length,
      "course registrations anonymised (name, e-mail, phone, ID number, organisation, requirements)",
    ],
    [plan.anonymiseBookings.filter((b) => !b.keepBuyer).length, "bookings' contact details anonymised"],
    [plan.clearFeedbackQuotes.length, "feedback quote names removed"],
  ].filter(([n]) => Number(n) > 0) as [number, string][];
  return (
    <section aria-labelledby="erase-heading" className={card}>
      <h2 id="erase-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldAlert aria-hidden className="size-5 text-red-700" /> Erase
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Financial records are kept for {retentionYears} years (Settings → Invoicing, “Keep financial records
        for”).
      </p>
      <h3 className="mt-3 font-semibold text-slate-900">What an erasure would do</h3>
      {goes.length === 0 ? (
        <p className="mt-1 text-sm">Nothing can be erased now.</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
          {goes.map(([n, what]) => (
            <li key={what}>
              {n} {what}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-3 font-semibold text-slate-900">What it would keep, and why</h3>
      <KeptList kept={plan.kept} empty="Nothing." />
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="subject" value={subject} />
        <AskedByField id="erase-asked-by" />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" required className="mt-1 size-4 accent-red-700" />
          I have checked that this is the person who asked, and I understand that the erasure cannot be
          undone.
        </label>
        <button
          type="submit"
          disabled={navigation.state !== "idle"}
          className={buttonClass("danger", "md", "min-h-11")}
        >
          Erase personal data
        </button>
      </Form>
    </section>
  );
}

function History({ requests }: { requests: Awaited<ReturnType<typeof listDataRequests>> }) {
  return (
    <section aria-labelledby="history-heading" className={card}>
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Requests handled
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None yet.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm" data-testid="request-history">
          {requests.map((r) => {
            const found = Object.values(r.found).reduce((a, b) => a + b, 0);
            const erased = r.erased ? Object.values(r.erased).reduce((a, b) => a + b, 0) : 0;
            return (
              <li key={r.id} className={item}>
                <p className="font-medium">
                  {r.kind === "export" ? `Copy (${r.format?.toUpperCase()})` : "Erasure"} · {r.subject}
                </p>
                <p>
                  {formatDateTime(r.createdAt)} · asked by {r.askedBy} · handled by{" "}
                  {r.handledByEmail ?? "a removed account"}
                </p>
                <p className="text-slate-600">
                  {found} record(s) found
                  {r.kind === "erasure" ? ` · ${erased} erased · ${r.kept?.length ?? 0} kept` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
