import type { Router } from "express";
import { runEveryJobOnce } from "#app/jobs.server";
import { logger } from "#app/platform/logger.server";
import { isLocalRequest } from "./loopback";

export const JOB_PASSES_PATH = "/__test/job-passes";

/**
 * Tests only (decision 0711): POST runs one pass of every background job and answers when all are done, so a
 * test checks "nothing more happens" after the jobs have looked, instead of sleeping and hoping they did. Mounted
 * only when TEST_JOB_PASSES=on at boot, and even then only a request from this machine is answered.
 */
export function mountJobPasses(app: Router) {
  logger.warn(
    `TEST_JOB_PASSES=on: ${JOB_PASSES_PATH} runs every background job on request from this machine`,
  );
  app.post(JOB_PASSES_PATH, async (req, res) => {
    if (!isLocalRequest(req)) {
      res.status(404).end();
      return;
    }
    try {
      res.json({ ran: await runEveryJobOnce() });
    } catch (err) {
      logger.error({ err }, "job passes failed");
      res.status(500).json({ error: err instanceof Error ? err.message : String(err) });
    }
  });
}
