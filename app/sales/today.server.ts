import type { TodayContributor } from "#app/platform/today/contributor";
import { countDueFollowUps } from "./enquiries/enquiry.server";

// Sales' part of "What needs doing today" (decision 0716): the office's enquiries due for a follow-up.

/** Open enquiries whose follow-up is due today or earlier; shown even when none is due. */
export const salesToday: TodayContributor = async () => {
  const followUps = await countDueFollowUps();
  return [
    {
      id: "enquiry-follow-ups",
      count: followUps,
      title: followUps === 1 ? "enquiry follow-up due" : "enquiry follow-ups due",
      to: "/admin/enquiries?due=1",
    },
  ];
};
