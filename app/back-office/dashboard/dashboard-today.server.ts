import { upcomingRuns } from "#app/booking/index.server";
import { bookingsToday } from "#app/bookings/index.server";
import { deliveryToday } from "#app/delivery/index.server";
import { getMoneySummary, moneyToday } from "#app/money/index.server";
import type { TodayContext } from "#app/platform/today/contributor";
import { salesToday } from "#app/sales/index.server";
import { UPCOMING_RUN_DAYS } from "#app/site/index.server";
import { today } from "#app/utils/dates";
import { listsToday } from "../lists/lists-today.server";

// "What needs doing today" asks each feature for its part and lays the parts out (decision 0716); no feature's
// tables are read here.

/**
 * What needs doing today: the dashboard's first panel (each item links to its filtered list), then the runs
 * starting soon. The items keep one order: the office's lists (registrations, enquiries), sales' follow-ups,
 * money, clients' changes to bookings, delivery. The count of new registrations comes from the dashboard's one
 * pass over the registrations (registrationFigures).
 */
export async function getTodayWork(newRegistrations: Promise<number>) {
  const context: TodayContext = { today: today() };
  // read once: the dashboard shows the same summary beside its counts
  const money = await getMoneySummary();
  const [parts, runs] = await Promise.all([
    Promise.all([
      listsToday({ ...context, newRegistrations }),
      salesToday(context),
      moneyToday({ ...context, money }),
      bookingsToday(context),
      deliveryToday(context),
    ]),
    upcomingRuns(context.today),
  ]);
  return { items: parts.flat(), runs, days: UPCOMING_RUN_DAYS, money };
}
