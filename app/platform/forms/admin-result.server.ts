import { logger } from "../logger.server";

/**
 * Runs a read for an admin screen. A failure is logged and reported with the screen's message
 * (spec §8, e.g. "Failed to fetch courses") instead of replacing the page with an error boundary.
 */
export async function loadOrReport<T>(message: string, load: () => Promise<T>, fallback: T) {
  try {
    return { value: await load(), error: null };
  } catch (error) {
    logger.error({ err: error }, message);
    return { value: fallback, error: message };
  }
}

/** Runs a write; an unexpected failure is logged and becomes `{ error: message }` for a 500 answer. */
export async function writeOrReport<T>(
  message: string,
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    logger.error({ err: error }, message);
    return { ok: false, error: message };
  }
}
