import { Form, useSubmit } from "react-router";
import { CATEGORY_LABELS, CATEGORY_OPTIONS, type CourseCategory } from "#app/utils/course-categories";

/** "Showing 5 courses in Management for 2025" (spec §4). */
export function resultLine(count: number, category?: CourseCategory, year?: number) {
  return [
    `Showing ${count} ${count === 1 ? "course" : "courses"}`,
    category ? ` in ${CATEGORY_LABELS[category]}` : "",
    year ? ` for ${year}` : "",
  ].join("");
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500";

/**
 * A GET form, so the filters live in the URL, can be shared and work without JavaScript (Apply);
 * with JavaScript a change applies at once.
 */
export function CourseFilters({
  category,
  year,
  years,
}: {
  category?: CourseCategory;
  year?: number;
  years: number[];
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/courses/all"
      preventScrollReset
      className="flex flex-wrap items-end gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      aria-label="Filter courses"
    >
      <div className="min-w-48">
        <label htmlFor="filter-category" className="text-sm font-semibold text-slate-700">
          Category
        </label>
        <select
          id="filter-category"
          name="category"
          defaultValue={category ?? "all"}
          key={category ?? "all"}
          className={selectClass}
        >
          <option value="all">All</option>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-32">
        <label htmlFor="filter-year" className="text-sm font-semibold text-slate-700">
          Year
        </label>
        <select
          id="filter-year"
          name="year"
          defaultValue={year ? String(year) : "all"}
          key={year ?? "all"}
          className={selectClass}
        >
          <option value="all">All</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Apply filters
      </button>
    </Form>
  );
}
