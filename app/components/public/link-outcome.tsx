/**
 * What a one-use e-mail link's page says after its button (a trainer's answer, a participant's move): the outcome
 * in green or red; before it, what became of a link no longer open; nothing while it is open.
 */
export function LinkOutcome({
  outcome,
  closed,
}: {
  outcome: { ok: boolean; message: string } | undefined;
  closed: string | null;
}) {
  if (outcome) {
    return (
      <p
        role={outcome.ok ? "status" : "alert"}
        className={
          outcome.ok
            ? "mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900"
            : "mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800"
        }
      >
        {outcome.message}
      </p>
    );
  }
  return closed ? (
    <p role="status" className="mt-4">
      {closed}
    </p>
  ) : null;
}
