import { Link } from "react-router";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import type { CourseRunView } from "#app/site/index.server";
import { formatDuration } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isFullyBooked } from "#app/utils/runs";
import { DELIVERY_LABELS } from "./course-runs";
import { RegisterButton, type RegisterCourse, runLabel } from "./register-button";

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-t border-slate-100 py-2 first:border-t-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-brand-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function seatsText(run: CourseRunView) {
  if (isFullyBooked(run)) return "Fully booked";
  if (run.seatsLeft === null) return "Open";
  return `${run.seatsLeft} ${run.seatsLeft === 1 ? "seat" : "seats"} left`;
}

/**
 * What a buyer decides from, in the course page's header: the next date on offer and where and how it is held,
 * the fee and how it stands to VAT, the seats left, and the way to book it or have it run in-house.
 */
export function CourseKeyFacts({
  course,
  run,
  vatNote,
  offers = [],
}: {
  course: RegisterCourse;
  run: CourseRunView | null;
  vatNote: string;
  /** the next date's early bird and group rate, as sentences (decision 0750) */
  offers?: string[];
}) {
  const duration = formatDuration(course.durationDays);
  const accreditation = usePublicLayoutData()?.accreditation;
  return (
    <section
      aria-labelledby="key-facts-heading"
      className="rounded-xl bg-white p-5 text-sm text-slate-800 shadow-xl"
      data-testid="key-facts"
    >
      <h2 id="key-facts-heading" className="sr-only">
        Key facts
      </h2>
      <dl>
        <Fact label="Next date">
          {run ? (runLabel(run) ?? "To be announced") : "New dates being scheduled"}
        </Fact>
        {duration && <Fact label="Duration">{duration}</Fact>}
        {run && <Fact label="Venue">{run.venue ?? "To be announced"}</Fact>}
        {run && <Fact label="Mode">{DELIVERY_LABELS[run.deliveryMode] ?? run.deliveryMode}</Fact>}
        <Fact label="Fee per participant">
          <span data-testid="course-cost">{formatKsh(run?.cost ?? course.cost)}</span>
          <span className="block text-xs font-normal text-slate-600" data-testid="course-vat">
            {vatNote}
          </span>
        </Fact>
        {offers.length > 0 && (
          <Fact label="Discounts" testId="key-facts-discounts">
            {offers.map((offer) => (
              <span key={offer} className="block font-normal">
                {offer}
              </span>
            ))}
          </Fact>
        )}
        {run && (
          <Fact label="Seats" testId="key-facts-seats">
            {seatsText(run)}
          </Fact>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <RegisterButton course={course} run={run} className="px-5 py-2.5" />
        <Link
          to={`/in-house-training?course=${course.slug}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Request this course in-house
        </Link>
      </div>
      {accreditation && (
        <p
          className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-600"
          data-testid="course-accreditation"
        >
          {accreditation}
        </p>
      )}
    </section>
  );
}
