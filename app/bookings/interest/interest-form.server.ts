import { data, type RouterContextProvider } from "react-router";
import { addCourseInterest } from "#app/bookings/interest/course-interest.server";
import { INTEREST_MESSAGES, InterestSchema } from "#app/bookings/interest/interest";
import { failedRequestStatus } from "#app/platform/db/db-errors.server";
import { logger } from "#app/platform/logger.server";
import type { FormResult } from "#app/site/index";
import { guard, newFormKey } from "#app/site/index.server";

/**
 * "Notify me of new dates": the public forms' guard (rate limit, honeypot, form key, schema), then the
 * sign-up. A second sign-up with the same e-mail answers like the first, so the list cannot be probed.
 */
export async function submitInterestForm(
  fields: Record<string, string>,
  context: Readonly<RouterContextProvider>,
  slug: string,
) {
  const checked = await guard("interest", fields, context, InterestSchema, null);
  if ("error" in checked) return checked.error;
  const fail = (message: string, status: number, extra: Partial<FormResult> = {}) =>
    data<FormResult>(
      { form: "interest", ok: false, title: "Error", message, values: checked.values, ...extra },
      { status },
    );
  try {
    const added = await addCourseInterest({ ...checked.input, slug, ip: checked.ip });
    if (!added) return fail(INTEREST_MESSAGES.unknownCourse, 404);
  } catch (error) {
    logger.error({ err: error }, "interest sign-up failed");
    return fail(INTEREST_MESSAGES.failure.message, failedRequestStatus(error));
  }
  return data<FormResult>({
    form: "interest",
    ok: true,
    ...INTEREST_MESSAGES.success,
    nextFormKey: newFormKey(),
  });
}
