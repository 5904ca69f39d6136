import { Ban } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "#app/components/ui/confirm-button";
import { cn } from "#app/utils/cn";

const TEXT = {
  ahead: {
    heading: "Cancel this course date",
    text: "Cancelling tells every participant and booking contact by e-mail, cancels their places and waiting-list offers, and issues a credit note for each open invoice. Certificates, attendance and documents are kept.",
  },
  held: {
    heading: "This course date took place",
    text: "A date that took place is neither cancelled nor deleted: its attendance, certificates and documents stay as issued. To take one participant off, cancel their place in the list above.",
  },
  cancelled: {
    heading: "This course date is cancelled",
    text: "Its bookings, invoices, credit notes and certificates are kept on record.",
  },
} as const;

/**
 * The run page's last section: what cancelling the date does, said before the button, and the button (after
 * the browser's confirmation). A date with bookings is cancelled, never deleted; `keptBecause` says why. Only
 * a date still ahead can be cancelled.
 */
export function CancelRunSection({
  run,
  keptBecause,
  standing,
}: {
  run: { title: string };
  keptBecause: string | null;
  standing: keyof typeof TEXT;
}) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "cancel-run";
  return (
    <section
      id="cancel-run"
      aria-labelledby="cancel-run-heading"
      className={cn(
        "scroll-mt-4 rounded-xl border bg-white p-4 shadow-sm sm:p-6",
        standing === "ahead" ? "border-red-200" : "border-slate-200",
      )}
    >
      <h2 id="cancel-run-heading" className="text-lg font-semibold text-slate-900">
        {TEXT[standing].heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="run-kept-because">
        {keptBecause ?? "Nobody has booked this date: it can also be deleted from the course page."}{" "}
        {TEXT[standing].text}
      </p>
      {standing === "ahead" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel-run" />
          <ConfirmButton
            message={`Cancel ${run.title}? Everyone booked on it is told by e-mail and credit notes are issued for open invoices. This cannot be undone.`}
            disabled={pending}
            variant="outline"
            className="min-h-11 border-red-300 text-clay-600 hover:bg-red-50"
          >
            <Ban aria-hidden className="size-4" />
            {pending ? "Cancelling..." : "Cancel this course date"}
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  );
}
