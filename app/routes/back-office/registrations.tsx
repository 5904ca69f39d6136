import { LayoutGrid, Table2 } from "lucide-react";
import { Link } from "react-router";
import { REGISTRATION_MESSAGES, REGISTRATION_STATUSES } from "#app/back-office/index";
import {
  handleRowAction,
  listRegisteredCourseNames,
  listRegistrations,
  loadListScreen,
  REGISTRATION_LIST_SCREEN,
} from "#app/back-office/index.server";
import { BOOKING_REFERENCE_PATTERN, referenceIn } from "#app/booking/index";
import { BookingLink } from "#app/components/admin/booking/booking-link";
import { FinanceProfileNotice } from "#app/components/admin/finance-parts";
import {
  FilterCheckbox,
  FilterForm,
  ListBody,
  RowListHeader,
  SearchFilter,
  StatusFilter,
  useQueryHref,
} from "#app/components/admin/list-controls";
import {
  REGISTRATION_KIND,
  RegistrationCards,
  RegistrationTable,
} from "#app/components/admin/registration-list";
import { InputField, SelectField } from "#app/components/ui/field";
import { currentFinanceProfileGaps } from "#app/money/index.server";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { cn } from "#app/utils/cn";
import type { Route } from "./+types/registrations";

export const meta: Route.MetaFunction = () => [{ title: "Course Registrations | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAllowed(args, canReadBookings);
  return loadListScreen(
    actor,
    args.request,
    REGISTRATION_LIST_SCREEN,
    async (query) => {
      const [list, courseNames, financeGaps] = await Promise.all([
        listRegistrations(query),
        listRegisteredCourseNames(),
        currentFinanceProfileGaps(),
      ]);
      return { list, courseNames, financeGaps };
    },
    { list: null, courseNames: [], financeGaps: [] },
  );
}

export async function action(args: Route.ActionArgs) {
  return handleRowAction(args, REGISTRATION_LIST_SCREEN);
}

function ViewToggle({ view }: { view: "table" | "cards" }) {
  const href = useQueryHref();
  const options = [
    { value: "table", label: "Table", icon: Table2 },
    { value: "cards", label: "Cards", icon: LayoutGrid },
  ] as const;
  return (
    // a phone always shows cards (decision 0550): the choice is offered where a table fits
    <nav
      aria-label="View"
      className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 max-md:hidden"
    >
      {options.map(({ value, label, icon: Icon }) => (
        <Link
          key={value}
          to={href({ view: value === "table" ? null : value, page: null })}
          aria-current={view === value ? "true" : undefined}
          preventScrollReset
          className={cn(
            "inline-flex min-h-11 items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium",
            view === value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

export default function Registrations({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, courseNames, financeGaps, error } = loaderData;
  // read as M-PESA matching reads it: "mf 72jfv9g8" is MF-72JFV9G8
  const typedReference = referenceIn(query.q);
  const href = useQueryHref();
  return (
    <div>
      <RowListHeader
        kind={REGISTRATION_KIND}
        result={actionData}
        title="Course Registrations"
        total={list?.total}
        description="Everyone who registered for a course, newest first. Deleted registrations can be restored for 30 days."
      >
        <ViewToggle view={query.view} />
      </RowListHeader>
      <FinanceProfileNotice gaps={financeGaps} />
      <FilterForm resetTo="/admin/registrations">
        <SearchFilter value={query.q} placeholder="Name, e-mail, organisation, course" />
        <SelectField label="Course" name="course" defaultValue={query.course}>
          <option value="">All courses</option>
          {courseNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <StatusFilter value={query.status} options={REGISTRATION_STATUSES} />
        <InputField label="Registered from" name="from" type="date" defaultValue={query.from} />
        <InputField label="Registered to" name="to" type="date" defaultValue={query.to} />
        <FilterCheckbox
          label="Only possible duplicates"
          name="duplicates"
          checked={query.duplicates === "1"}
        />
        {query.view === "cards" ? <input type="hidden" name="view" value="cards" /> : null}
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        {query.run ? <input type="hidden" name="run" value={query.run} /> : null}
      </FilterForm>
      {typedReference && BOOKING_REFERENCE_PATTERN.test(typedReference) ? (
        <p role="status" className="mb-4 text-sm text-slate-700">
          {typedReference} is a booking reference: <BookingLink reference={typedReference} /> has its
          participants, invoices and payments together.
        </p>
      ) : null}
      {query.run ? (
        <p role="status" className="mb-4 text-sm text-slate-700">
          Showing one course date's registrations.{" "}
          <Link to={href({ run: null })} className="text-brand-800 underline">
            Show every date
          </Link>
        </p>
      ) : null}
      <ListBody error={error} list={list} empty={REGISTRATION_MESSAGES.empty}>
        {(page) =>
          query.view === "cards" ? (
            <RegistrationCards rows={page.rows} />
          ) : (
            <RegistrationTable rows={page.rows} order={query} />
          )
        }
      </ListBody>
    </div>
  );
}
