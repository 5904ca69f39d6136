import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatLongDate } from "#app/utils/dates";

type Props = {
  reference: string;
  lpoNumber: string | null;
  document: { fileName: string; uploadedOn: string; by: string } | null;
  mayUpload: boolean;
};

/**
 * The buyer's LPO kept with the booking (decision 0758): the current file to open, and the upload that replaces
 * it (the earlier one is kept). An LPO booking is invoiced with its eTIMS tax invoice on confirmation (0755).
 */
export function BookingLpo({ reference, lpoNumber, document, mayUpload }: Props) {
  const navigation = useNavigation();
  const action = `/admin/bookings/${reference}/lpo`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  if (!document && !mayUpload) return null;
  return (
    <section
      aria-labelledby="lpo-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="lpo-heading" className="text-lg font-semibold text-slate-900">
        Local purchase order
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {lpoNumber
          ? `LPO ${lpoNumber}: the booking is invoiced, tax invoice included, when it is confirmed.`
          : "No LPO number on the booking: add it in the booking's details when the buyer sends one."}
      </p>
      {document ? (
        <p className="mt-2 text-sm text-slate-800">
          <a href={action} className="font-semibold underline" target="_blank" rel="noreferrer">
            {document.fileName}
          </a>{" "}
          · uploaded {formatLongDate(document.uploadedOn)} by {document.by}
        </p>
      ) : null}
      {mayUpload ? (
        <Form method="post" action={action} encType="multipart/form-data" className="mt-3 space-y-3">
          <InputField
            label={document ? "Replace the LPO" : "The LPO document"}
            name="file"
            type="file"
            required
            accept="application/pdf,image/png,image/jpeg"
            hint="A PDF, or a JPG or PNG scan, up to 20 MB. A new upload replaces the current one, which is kept."
          />
          <Button type="submit" name="intent" value="upload-lpo" disabled={busy}>
            {busy ? "Uploading..." : "Upload LPO"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
