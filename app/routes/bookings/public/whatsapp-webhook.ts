import { whatsappVerification, whatsappWebhook } from "#app/platform/whatsapp/whatsapp-webhook.server";
import type { Route } from "./+types/whatsapp-webhook";

/** Meta's check of the webhook subscription: GET with hub.mode, hub.verify_token, hub.challenge (decision 0770). */
export const loader = ({ request }: Route.LoaderArgs) => whatsappVerification(request);

/** Meta's signed status updates and incoming messages (a STOP reply) for the WhatsApp number. */
export const action = ({ request }: Route.ActionArgs) => whatsappWebhook(request);
