/**
 * Runs one pass of every background job on the server at `base` and waits for it (server/job-passes.ts; the
 * server needs TEST_JOB_PASSES=on). A "nothing more happens" check asserts after this, so it fails if any job
 * would still have acted, where a sleep could pass without a single job having run (decision 0711).
 */
export async function runJobsOnce(base: string) {
  const response = await fetch(`${base}/__test/job-passes`, { method: "POST" });
  if (!response.ok) throw new Error(`job passes failed: HTTP ${response.status} ${await response.text()}`);
}
