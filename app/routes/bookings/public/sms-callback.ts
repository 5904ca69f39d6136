import { smsCallback } from "#app/platform/sms/sms-callbacks.server";
import type { Route } from "./+types/sms-callback";

export const loader = () => new Response("Not found", { status: 404 });

/**
 * Africa's Talking's SMS notifications: delivery reports at POST /api/sms/<secret>/delivery, incoming messages
 * (a STOP reply) at /incoming, bulk SMS opt-outs at /opt-out (decision 0765).
 */
export const action = ({ request, params }: Route.ActionArgs) =>
  smsCallback(request, params.secret, params.kind);
