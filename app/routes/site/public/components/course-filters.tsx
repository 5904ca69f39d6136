import { type ReactNode, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { CATEGORY_LABELS, CATEGORY_OPTIONS, type CourseCategory } from "#app/utils/course-categories";
import { COURSE_SEARCH_MAX } from "#app/utils/course-search";

/** "Showing 5 courses in Management for 2025" (spec §4), and what was searched for. */
export function resultLine(count: number, category?: CourseCategory, year?: number, q?: string) {
  return [
    `Showing ${count} ${count === 1 ? "course" : "courses"}`,
    q ? ` matching “${q}”` : "",
    category ? ` in ${CATEGORY_LABELS[category]}` : "",
    year ? ` for ${year}` : "",
  ].join("");
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500";

/** One labelled filter select; "all" is its no-filter option. */
function FilterSelect({
  name,
  label,
  value,
  options,
  className,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={`filter-${name}`} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? "all"}
        key={value ?? "all"}
        className={selectClass}
      >
        <option value="all">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A GET form, so the filters live in the URL, can be shared and work without JavaScript (Apply);
 * with JavaScript a change applies at once, and the search a moment after the visitor stops typing.
 */
function FilterForm({ action, children }: { action: string; children: ReactNode }) {
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      className="flex flex-wrap items-end gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(typing.current);
        const wait = (event.target as { type?: string }).type === "search" ? 300 : 0;
        typing.current = setTimeout(() => submit(form, { preventScrollReset: true, replace: true }), wait);
      }}
      aria-label="Filter courses"
    >
      {children}
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Apply filters
      </button>
    </Form>
  );
}

type FilterSelectProps = Parameters<typeof FilterSelect>[0];

/** The category select and one more (year on the catalogue, venue on the calendar) in a filter form. */
export function CategoryFilters({
  action,
  category,
  other,
  search,
}: {
  action: string;
  category?: CourseCategory;
  other: FilterSelectProps;
  search?: ReactNode;
}) {
  return (
    <FilterForm action={action}>
      {search}
      <FilterSelect
        name="category"
        label="Category"
        value={category}
        options={CATEGORY_OPTIONS}
        className="min-w-48"
      />
      <FilterSelect {...other} />
    </FilterForm>
  );
}

/** The catalogue's search box: title, description, outline and venue, forgiving a misspelt word. */
function SearchField({ q, error }: { q: string; error?: string }) {
  return (
    <div className="w-full sm:w-auto sm:min-w-72 sm:flex-1">
      <label htmlFor="filter-q" className="text-sm font-semibold text-slate-700">
        Search courses
      </label>
      <input
        id="filter-q"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={COURSE_SEARCH_MAX}
        placeholder="A topic, skill or town"
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "filter-q-error" : undefined}
        className={selectClass}
      />
      {error ? (
        <p id="filter-q-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CourseFilters({
  category,
  year,
  years,
  q = "",
  searchError,
}: {
  category?: CourseCategory;
  year?: number;
  years: number[];
  q?: string;
  searchError?: string;
}) {
  const options = years.map((y) => ({ value: String(y), label: String(y) }));
  return (
    <CategoryFilters
      action="/courses/all"
      search={<SearchField q={q} error={searchError} />}
      category={category}
      other={{
        name: "year",
        label: "Year",
        value: year ? String(year) : undefined,
        options,
        className: "min-w-32",
      }}
    />
  );
}
