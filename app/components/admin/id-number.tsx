import { Eye } from "lucide-react";
import { useFetcher } from "react-router";
import { buttonClass } from "#app/components/ui/button";

/** A screen reader reads "ID number ending 4321", not four bullets. */
const spokenMask = (masked: string) => {
  const end = masked.replace(/^\W+/, "").trim();
  return end ? `ID number ending ${end}` : "ID number hidden";
};

/** What the registration page's action answers a reveal with. */
export type RevealAnswer = { ok: true; id: string; idNumber: string } | { ok: false; message: string };

/**
 * A participant's ID number, masked (`•••• 4321`), with a Reveal button for an account that may see it in full
 * (decision 0637). The reveal posts to the registration's page, whose action audits it and answers the number;
 * without JavaScript the post opens that page, which shows it. `revealed` is a number that page already holds.
 */
export function IdNumber({
  registrationId,
  name,
  masked,
  canReveal,
  revealed,
}: {
  registrationId: string;
  name: string;
  masked: string | null;
  canReveal: boolean;
  revealed?: string | null;
}) {
  const fetcher = useFetcher<RevealAnswer>();
  if (!masked) return null;
  const answer = fetcher.data;
  const shown = revealed ?? (answer?.ok ? answer.idNumber : null);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span data-testid="id-number" className="font-mono tabular-nums">
        {shown ?? (
          <>
            <span aria-hidden>{masked}</span>
            <span className="sr-only">{spokenMask(masked)}</span>
          </>
        )}
      </span>
      {canReveal && !shown ? (
        <fetcher.Form method="post" action={`/admin/registrations/${registrationId}`} className="inline">
          <input type="hidden" name="intent" value="reveal-id-number" />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className={buttonClass("outline", "sm", "min-h-11 sm:min-h-9")}
          >
            <Eye aria-hidden className="size-3.5" />
            Reveal<span className="sr-only"> ID number of {name}</span>
          </button>
        </fetcher.Form>
      ) : null}
      {answer && !answer.ok ? (
        <span role="alert" className="text-xs text-red-800">
          {answer.message}
        </span>
      ) : null}
    </span>
  );
}
