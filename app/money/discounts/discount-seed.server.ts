import { eq, sql } from "drizzle-orm";
import { discountRules } from "#app/money/tables.server";
import type { Database } from "#app/platform/db/client.server";
import { courses } from "#app/site/tables.server";

/** The faith-based pages' promise (site content): congregations of four or more get this off each participant. */
export const FAITH_GROUP_RULE = { minParticipants: 4, percentBp: 1_000 } as const;

/**
 * Gives every faith-based course the group rule its pages promise, once: while no discount rule exists at all
 * (a new database after its seed, or one seeded before discounts existed). A rule the office ended stays a row,
 * so nothing is added again after the office has touched discounts. Under a lock on the rules table, so two
 * processes starting together add it once.
 */
export async function seedDiscountRules(db: Database) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${discountRules} in exclusive mode`);
    const [any] = await tx.select({ id: discountRules.id }).from(discountRules).limit(1);
    if (any) return;
    const faith = await tx.select({ id: courses.id }).from(courses).where(eq(courses.category, "faith"));
    if (faith.length === 0) return;
    await tx.insert(discountRules).values(
      faith.map((course) => ({
        kind: "group" as const,
        courseId: course.id,
        percentBp: FAITH_GROUP_RULE.percentBp,
        minParticipants: FAITH_GROUP_RULE.minParticipants,
      })),
    );
  });
}
