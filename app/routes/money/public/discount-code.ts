import { z } from "zod";
import { requestInfoContext } from "#app/context";
import { checkCodeForForm, discountCodeField } from "#app/money/index.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import type { Route } from "./+types/discount-code";

// a booker tries a code or two; an address trying dozens is guessing codes
const CHECK_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

const CheckSchema = z.object({
  code: discountCodeField,
  course: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z0-9-]*$/),
  run: z.uuid().or(z.literal("")).optional().default(""),
  participants: z.coerce.number().int().min(1).max(500).catch(1),
});

/**
 * The booking form's "Apply" for a discount code (decision 0750): the code's terms, which the form's total
 * previews with the same function the invoice is priced by, or why it cannot be used. The booking checks the
 * code again when it is made.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { ip } = context.get(requestInfoContext);
  const allowed = await consumeRateLimit("discount-code", ip, CHECK_LIMIT);
  const headers = { "Cache-Control": "no-store" };
  if (!allowed.allowed) {
    return Response.json(
      { ok: false, message: "Too many codes tried; try again in a few minutes." },
      { status: 429, headers: { ...headers, "Retry-After": String(allowed.retryAfterSeconds) } },
    );
  }
  const read = CheckSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!read.success || !read.data.code) {
    const message = read.success
      ? "Enter a discount code."
      : (read.error.issues[0]?.message ?? "Enter a discount code.");
    return Response.json({ ok: false, message }, { status: 400, headers });
  }
  const { code, course, run, participants } = read.data;
  const answer = await checkCodeForForm({ code, slug: course, runId: run || null, participants });
  return Response.json(answer, { headers });
}
