import { z } from "zod";
import { applyMobileMoneyCallback, PROMPT_PROVIDERS } from "#app/money/index.server";
import { FormRefusal, readJson } from "#app/platform/forms/form-input.server";
import { anonymousActor } from "#app/staff/index.server";
import type { Route } from "./+types/mobile-money-callback";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

export const loader = () => json({ message: "Not found" }, 404);

/**
 * MTN MoMo's and Airtel Money's callbacks: /api/mobile-money/<provider>/<office> (MTN's with ?reference=…, the
 * X-Callback-Url of its request to pay; MTN sends it with PUT or POST). A callback only makes the server ask the
 * provider's status lookup; what it says is never recorded as it came. Never a 5xx (a provider would retry).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = z.enum(PROMPT_PROVIDERS).safeParse(params.provider);
  if (!provider.success) return json({ message: "Not found" }, 404);
  try {
    const body = await readJson(request, z.record(z.string(), z.unknown()));
    const outcome = await applyMobileMoneyCallback(
      provider.data,
      params.office,
      { body, query: new URL(request.url).searchParams },
      anonymousActor(context, provider.data === "mtn_momo" ? "MTN MoMo" : "Airtel Money"),
    );
    return outcome.ok ? json({ message: "Accepted" }) : json({ message: outcome.message }, outcome.status);
  } catch (error) {
    if (error instanceof FormRefusal) return json({ message: error.message }, error.status);
    throw error;
  }
}
