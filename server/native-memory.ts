import { createRequire } from "node:module";
import path from "node:path";

/**
 * glibc's `malloc_trim(0)` from the addon `npm install` builds (`native/malloc-trim`, decision 0620): the free
 * pages inside every malloc arena go back to the system. `free` alone only returns the top of the main heap, so
 * after a busy spell a process keeps what its threads (compression, V8's compilers and markers) freed in the
 * middle of their arenas. Undefined where the addon is not built (not Linux, no C compiler).
 */
export function loadMallocTrim(root: string): (() => boolean) | undefined {
  const file = path.join(root, "native/malloc-trim/build/Release/malloc_trim.node");
  try {
    const addon = createRequire(import.meta.url)(file) as { trim: () => boolean };
    return addon.trim;
  } catch {
    return undefined;
  }
}
