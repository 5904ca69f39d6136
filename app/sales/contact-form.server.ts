import type { RouterContextProvider } from "react-router";
import { failedRequestStatus } from "#app/platform/db/db-errors.server";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { logger } from "#app/platform/logger.server";
import { type Fields, failure, guard, newFormKey, reply } from "#app/site/index.server";
import { CONTACT_MESSAGES, ContactSchema } from "./contact";
import { createContactSubmission } from "./contact.server";
import { handOverToInHouseForm } from "./enquiries/in-house-handoff.server";

/** A message becomes a contact submission; "In-house training" chosen leads on to the in-house request form. */
export async function submitContactForm(fields: Fields, context: Readonly<RouterContextProvider>) {
  if (fields.about === "in_house") return handOverToInHouseForm(fields);
  const checked = await guard("contact", fields, context, ContactSchema, "contact_form_enabled");
  if ("error" in checked) return checked.error;
  try {
    await createContactSubmission({ ...checked.input, idempotencyKey: checked.key, ip: checked.ip });
  } catch (error) {
    logger.error({ err: error }, "contact submission failed");
    return failure("contact", CONTACT_MESSAGES.failure.message, failedRequestStatus(error), {
      values: checked.values,
    });
  }
  wakeOutboxWorker();
  return reply({ form: "contact", ok: true, ...CONTACT_MESSAGES.success, nextFormKey: newFormKey() }, 200);
}
