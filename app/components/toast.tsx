import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

// sonner is about 9 KB of gzipped JavaScript that a public page needs only once a form has been sent: it is
// fetched with the first toast, and the toaster is mounted then (it shows the toasts made before it mounted)
const Toaster = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(kind: "success" | "info" | "error", title: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("sonner").then(({ toast }) => toast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
};

/**
 * The toaster, mounted once the page has shown a toast. At the foot of the screen: on a phone sonner stretches
 * toasts across the width, and at the top they covered the header and its menu button (issue 38).
 */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        closeButton
        toastOptions={{ classNames: { description: "!text-slate-700" } }}
      />
    </Suspense>
  );
}
