import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { canScheduleRuns } from "#app/staff/index";

type Person = { id: string; name: string | null; email: string };

/**
 * Who trains this course date: ticked trainers see it in "My runs" and reach its attendance, sign-in sheet,
 * certificates and feedback; nobody else with the trainer role does.
 */
export function RunTrainersSection({
  action,
  trainers,
  choices,
}: {
  action: string;
  trainers: Person[];
  choices: Person[];
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "run-trainers" });
  useOutcomeToast(fetcher.data, "Trainers not saved");
  const mayChoose = canScheduleRuns(useStaff());
  const chosen = new Set(trainers.map((t) => t.id));
  // a trainer deactivated or stripped of the role since stays listed until someone saves
  const people = [...choices, ...trainers.filter((t) => !choices.some((c) => c.id === t.id))];
  return (
    <section aria-labelledby="trainers-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="trainers-heading" className="text-lg font-semibold text-slate-900">
        Trainers
      </h2>
      {!mayChoose ? (
        <p className="mt-2 text-sm text-slate-700">
          {trainers.length ? trainers.map((t) => t.name ?? t.email).join(", ") : "No trainer chosen yet."}
        </p>
      ) : people.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No staff account has the trainer role yet: an owner invites trainers from the Staff page.
        </p>
      ) : (
        <fetcher.Form method="post" action={action} className="mt-2 space-y-2">
          {people.map((person) => (
            <label key={person.id} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="trainers"
                value={person.id}
                defaultChecked={chosen.has(person.id)}
                className="size-4"
              />
              <span className="wrap-anywhere">
                {person.name ?? person.email}
                {person.name ? <span className="text-slate-500"> · {person.email}</span> : null}
              </span>
            </label>
          ))}
          <Button type="submit" variant="outline" className="min-h-11" disabled={fetcher.state !== "idle"}>
            Save trainers
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
