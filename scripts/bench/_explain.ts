import { sql } from "drizzle-orm";
import { db, openDatabase, setDatabase } from "#app/db/client.server";

const h = await openDatabase({ dataDir: "", inMemory: true });
setDatabase(h);
await db().execute(sql`insert into course_registrations (reference, name, email, course_name, organization, created_at)
 select 'B'||i, 'Name '||i, 'p'||i||'@x.co', 'Course '||(i%37), 'Org', now() - i * interval '1 minute' from generate_series(1,100000) i`);
await db().execute(sql`analyze course_registrations`);
const show = async (q: any) => {
  const t = performance.now();
  const r = await db().execute(q);
  console.log((r as any).rows.map((x: any) => x["QUERY PLAN"]).join("\n"));
  console.log("--- wall", (performance.now() - t).toFixed(1));
};
await show(
  sql`explain analyze select * from course_registrations where deleted_at is null and (created_at, id) < (now() - interval '50 days', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid) order by created_at desc, id desc limit 1000`,
);
await show(
  sql`explain analyze select * from course_registrations where deleted_at is null and (created_at < now() - interval '50 days' or (created_at = now() - interval '50 days' and id < 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)) order by created_at desc, id desc limit 1000`,
);
await show(sql`explain analyze select count(*) from course_registrations where deleted_at is null`);
await show(
  sql`explain analyze select id from course_registrations where deleted_at is null and (name ilike '%wanj%' or email ilike '%wanj%' or organization ilike '%wanj%' or course_name ilike '%wanj%' or reference ilike '%wanj%') order by created_at desc, id desc limit 25`,
);
await show(
  sql`explain analyze select id from course_registrations where deleted_at is null and (name || ' ' || email || ' ' || coalesce(organization,'') || ' ' || course_name || ' ' || reference) ilike '%wanj%' order by created_at desc, id desc limit 25`,
);
await h.close();
