import { and, count, isNull } from "drizzle-orm";
import { ENQUIRY_REPLY_HOURS } from "#app/back-office/lists/admin-lists";
import { db } from "#app/platform/db/client.server";
import type { TodayContributor } from "#app/platform/today/contributor";
import { contactSubmissions } from "#app/sales/tables.server";
import { waitingTooLong } from "./contact-admin.server";

// The office lists' part of "What needs doing today" (decision 0716): registrations to confirm and contact
// messages waiting for a reply, each linking to its list here in back-office, filtered to them.

/** New enquiries older than the reply promise. */
async function countWaitingEnquiries() {
  const [row] = await db()
    .select({ n: count() })
    .from(contactSubmissions)
    .where(and(waitingTooLong(), isNull(contactSubmissions.deletedAt)));
  return row?.n ?? 0;
}

/**
 * New registrations to confirm and enquiries waiting too long; shown even at zero. The count of new registrations
 * is the dashboard's, from its one pass over the registration tallies (registrationFigures).
 */
export const listsToday: TodayContributor<{ newRegistrations: Promise<number> }> = async (context) => {
  const [newRegistrations, waitingEnquiries] = await Promise.all([
    context.newRegistrations,
    countWaitingEnquiries(),
  ]);
  return [
    {
      id: "new-registrations",
      count: newRegistrations,
      title: newRegistrations === 1 ? "new registration to confirm" : "new registrations to confirm",
      to: "/admin/registrations?status=new",
    },
    {
      id: "waiting-enquiries",
      count: waitingEnquiries,
      title:
        waitingEnquiries === 1
          ? `enquiry waiting more than ${ENQUIRY_REPLY_HOURS} hours`
          : `enquiries waiting more than ${ENQUIRY_REPLY_HOURS} hours`,
      to: "/admin/contacts?waiting=1",
    },
  ];
};
