// A feature's part of "What needs doing today" (decision 0716). The dashboard (back-office) asks each feature that
// has work waiting for its items and lays them out; a feature reads only its own tables and knows only its own
// lists. No imports: the panel's browser code reads these types too.

/** One line of "what needs doing today": how many, what, and the list already filtered to them. */
export type TodayItem = { id: string; count: number; title: string; to: string };

/**
 * What every part is given: the business day the panel is for (`today()`, read once per dashboard). Who sees the
 * panel is the dashboard route's rule (the office's readers), so no part filters its items by role.
 */
export type TodayContext = { today: string };

/**
 * One feature's part of "what needs doing today", its items in the order the panel shows them. `Given` is what it
 * needs that the dashboard has read already (money's summary, shown beside the counts), passed in, not read twice.
 */
export type TodayContributor<Given extends object = object> = (
  context: TodayContext & Given,
) => Promise<TodayItem[]>;
