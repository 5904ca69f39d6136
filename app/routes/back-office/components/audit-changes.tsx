import { type FieldChange, fieldChanges, fieldText } from "#app/utils/audit-fields";
import { cn } from "#app/utils/cn";

function Value({ value, tone }: { value: unknown; tone: "before" | "after" | "same" }) {
  return (
    <span
      className={cn(
        "block min-w-0 whitespace-pre-wrap break-words rounded px-1.5 py-0.5",
        tone === "before" && "bg-red-50 text-red-900 line-through decoration-red-400",
        tone === "after" && "bg-green-50 text-green-900",
        tone === "same" && "text-slate-600",
      )}
    >
      {fieldText(value)}
    </span>
  );
}

function FieldRows({ changes }: { changes: FieldChange[] }) {
  return (
    <>
      {changes.map((c) => (
        <div
          key={c.key}
          className="grid gap-1 border-t border-slate-100 py-2 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3"
          data-changed={c.changed || undefined}
        >
          <dt className="font-medium text-slate-700">{c.label}</dt>
          {c.changed ? (
            <>
              <dd className="min-w-0">
                <span className="sr-only">Before: </span>
                <Value value={c.before} tone="before" />
              </dd>
              <dd className="min-w-0">
                <span className="sr-only">After: </span>
                <Value value={c.after} tone="after" />
              </dd>
            </>
          ) : (
            <dd className="min-w-0 sm:col-span-2">
              <Value value={c.after ?? c.before} tone="same" />
            </dd>
          )}
        </div>
      ))}
    </>
  );
}

/**
 * What an audit entry changed, for a person: field labels, the changed fields first and highlighted (before
 * struck through, after in green), the unchanged ones folded away, long values wrapped. The stored JSON
 * stays available below it.
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  const changed = changes.filter((c) => c.changed);
  const same = changes.filter((c) => !c.changed);
  return (
    <div className="mt-2 min-w-0 space-y-2 text-sm">
      <div className="hidden grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid">
        <span>Field</span>
        <span>Before</span>
        <span>After</span>
      </div>
      {changed.length > 0 ? (
        <dl>
          <FieldRows changes={changed} />
        </dl>
      ) : (
        <p className="text-slate-600">No field changed.</p>
      )}
      {same.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-slate-600">
            {same.length} unchanged {same.length === 1 ? "field" : "fields"}
          </summary>
          <dl>
            <FieldRows changes={same} />
          </dl>
        </details>
      ) : null}
      <details>
        <summary className="cursor-pointer text-slate-600">Stored data (JSON)</summary>
        <div className="mt-2 flex flex-col gap-3 md:flex-row">
          <Json label="Before (JSON)" value={before} />
          <Json label="After (JSON)" value={after} />
        </div>
      </details>
    </div>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        {value === null || value === undefined ? "null" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
