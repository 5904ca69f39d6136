import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { findBookingByReference } from "#app/booking/index.server";
import { LPO_UPLOAD_MESSAGES, LpoUploadSchema } from "#app/money/index";
import { currentLpoDocument, saveLpoDocument } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { fileScreenAction, UploadError } from "#app/platform/files/upload.server";
import { DOCUMENT_MAX_BYTES } from "#app/platform/forms/body-limits";
import { redirectWithToast } from "#app/platform/toast.server";
import { canInvoiceBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/booking-lpo";

/** The reference in the address, when it is one (anything else names no booking). */
function referenceOf(params: { reference?: string }) {
  const reference = params.reference?.toUpperCase() ?? "";
  return BOOKING_REFERENCE_PATTERN.test(reference) ? reference : null;
}

/** The booking a reference in the address names, or null. */
async function bookingIdOf(params: { reference?: string }) {
  const reference = referenceOf(params);
  return reference ? findBookingByReference(db(), reference) : null;
}

/** The booking's current LPO document as uploaded (decision 0758): for all who read bookings. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadBookings);
  const bookingId = await bookingIdOf(args.params);
  const document = bookingId ? await currentLpoDocument(bookingId) : null;
  const object = document ? await storage().get(document.storageKey) : null;
  if (!document || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", document.fileName),
    "Cache-Control": "no-store",
  });
}

/**
 * Uploads the buyer's LPO from the booking's page (the office at booking, and finance), under the document
 * limits; a new one replaces the current one, which is kept. Answers on the booking's page with a toast.
 */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canInvoiceBookings);
  // the body is read (and an undeclared field refused) before the address is looked up, as on every screen
  const back = `/admin/bookings/${encodeURIComponent(args.params.reference ?? "")}`;
  const answer = await fileScreenAction(args.request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    messages: LPO_UPLOAD_MESSAGES,
    schema: LpoUploadSchema,
    upload: async (_input, file) => {
      const bookingId = await bookingIdOf(args.params);
      if (!bookingId) throw new UploadError("This booking does not exist.", 404);
      return saveLpoDocument(actor, bookingId, file);
    },
    // an LPO is replaced by the next upload, never deleted
    remove: async () => null,
    done: (description) => redirectWithToast(back, { title: "Success", description }),
  });
  if (answer instanceof Response) return answer;
  // a body the booking's page cannot have sent (a field it does not have, a broken form) is refused as it
  // stands; what a person can meet (a file too large or not a PDF, no such booking) goes back to the page
  if (answer.init?.status === 400 && !answer.data.values) return answer;
  const failure = answer.data.error;
  return redirectWithToast(back, { type: "error", title: "Not saved", description: failure });
}
