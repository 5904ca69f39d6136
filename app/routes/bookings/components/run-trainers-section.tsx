import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { canScheduleRuns } from "#app/staff/index";
import { formatLongDate } from "#app/utils/dates";

type Person = { id: string; name: string | null; email: string };
type Request = Person & {
  state: "requested" | "accepted" | "declined" | "withdrawn";
  dueDate: string | null;
  clashReason: string | null;
};

const STATE_LABELS: Record<Request["state"], string> = {
  requested: "Asked",
  accepted: "Confirmed",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

const nameOf = (p: Person) => p.name ?? p.email;

function Withdraw({ action, trainer }: { action: string; trainer: Request }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useOutcomeToast(fetcher.data, "Trainer not withdrawn");
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="trainer" value={trainer.id} />
      <Button
        type="submit"
        variant="outline"
        className="min-h-11"
        disabled={fetcher.state !== "idle"}
        aria-label={`Withdraw ${nameOf(trainer)}`}
      >
        Withdraw
      </Button>
    </fetcher.Form>
  );
}

/**
 * Who trains this course date: the office asks a trainer (an e-mail with a link to accept or decline by a
 * date) or records one it confirmed; only a confirmed trainer sees the run in "My runs" and delivers it. A
 * trainer already training on one of its days needs a typed reason.
 */
export function RunTrainersSection({
  action,
  trainers,
  choices,
  defaultDueDate,
}: {
  action: string;
  trainers: Request[];
  choices: Person[];
  defaultDueDate: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: "run-trainers" });
  useOutcomeToast(fetcher.data, "Trainer not requested");
  const mayChoose = canScheduleRuns(useStaff());
  const taken = new Set(
    trainers.filter((t) => t.state === "requested" || t.state === "accepted").map((t) => t.id),
  );
  const free = choices.filter((c) => !taken.has(c.id));
  const needsReason = fetcher.data && !fetcher.data.ok && /double booking/.test(fetcher.data.message);
  return (
    <section aria-labelledby="trainers-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="trainers-heading" className="text-lg font-semibold text-slate-900">
        Trainers
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {trainers.length === 0 ? <li className="text-slate-600">No trainer asked yet.</li> : null}
        {trainers.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="run-trainer">
            <span className="font-semibold wrap-anywhere">{nameOf(t)}</span>
            <span>
              {STATE_LABELS[t.state]}
              {t.state === "requested" && t.dueDate ? ` · answer by ${formatLongDate(t.dueDate)}` : ""}
            </span>
            {t.clashReason ? <span className="text-slate-600">Double booked: {t.clashReason}</span> : null}
            {mayChoose && (t.state === "requested" || t.state === "accepted") ? (
              <Withdraw action={action} trainer={t} />
            ) : null}
          </li>
        ))}
      </ul>
      {!mayChoose ? null : choices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No staff account has the trainer role yet: an owner invites trainers from the Staff page.
        </p>
      ) : free.length === 0 ? null : (
        <fetcher.Form method="post" action={action} className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
          <SelectField label="Trainer" name="trainer" required>
            {free.map((person) => (
              <option key={person.id} value={person.id}>
                {nameOf(person)}
              </option>
            ))}
          </SelectField>
          <InputField label="Answer by" name="dueDate" type="date" defaultValue={defaultDueDate} />
          <InputField
            label="Reason for a double booking"
            name="clashReason"
            maxLength={300}
            hint="Only when the trainer already trains on one of these days"
            required={needsReason}
          />
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button
              type="submit"
              name="intent"
              value="request"
              className="min-h-11"
              disabled={fetcher.state !== "idle"}
            >
              Send request
            </Button>
            <Button
              type="submit"
              name="intent"
              value="assign"
              variant="outline"
              className="min-h-11"
              disabled={fetcher.state !== "idle"}
            >
              Confirmed by phone: assign now
            </Button>
          </div>
        </fetcher.Form>
      )}
    </section>
  );
}
