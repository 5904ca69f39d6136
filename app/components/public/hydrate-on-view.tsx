import {
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

// The parts rendered by the page's first hydration wait for the view; a part first rendered later (a client
// navigation) loads at once.
let pageHydrated = false;

type Signal = { promise: Promise<void>; resolve: () => void };

function signal(): Signal {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Holds its boundary dehydrated (the server's HTML kept as it is) until the promise settles; the part is its
 * child, not its sibling, so React's rendering ahead of a suspended sibling does not fetch the part's code.
 */
function Gate({ until, children }: { until: Promise<void>; children: ReactNode }) {
  use(until);
  return children;
}

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/**
 * A part of a page below the fold whose code is fetched only when it comes near the view or takes the focus,
 * then hydrated in place. The server renders it in full from `server` (pass it only on the server:
 * `import.meta.env.SSR ? Part : null`, so the client build leaves its static import out), so until then it
 * shows and works as plain HTML: a form posts without JavaScript. A click on a link or button, or a submit, in
 * the moment between the view and the hydration waits for the hydration and is then replayed, so it takes the
 * JavaScript way (a fetcher post, a navigation carrying its state).
 */
export function hydrateOnView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  server: ComponentType<P> | null,
) {
  const Client = lazy(() => load().then((component) => ({ default: component })));
  const Part = server ?? Client;
  return memo(function HydrateOnView(props: P) {
    const [seen] = useState(() => (server || pageHydrated ? null : signal()));
    const box = useRef<HTMLDivElement>(null);
    const hydrated = useRef(!seen);
    const held = useRef<HTMLElement | null>(null);
    const onReady = useCallback(() => {
      hydrated.current = true;
      const action = held.current;
      held.current = null;
      if (action instanceof HTMLFormElement) action.requestSubmit();
      else action?.click();
    }, []);

    useEffect(() => {
      pageHydrated = true;
      const element = box.current;
      if (!seen || !element) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) seen.resolve();
        },
        { rootMargin: "200px 0px" },
      );
      observer.observe(element);
      const hold = (event: Event, action: HTMLElement) => {
        event.preventDefault();
        held.current = action;
        seen.resolve();
      };
      const holdClick = (event: MouseEvent) => {
        // a click that opens a new tab or window needs no JavaScript
        if (hydrated.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        const action = event.target instanceof Element ? event.target.closest("a[href], button") : null;
        if (action instanceof HTMLElement) hold(event, action);
      };
      const holdSubmit = (event: SubmitEvent) => {
        if (!hydrated.current && event.target instanceof HTMLFormElement) hold(event, event.target);
      };
      element.addEventListener("focusin", seen.resolve);
      element.addEventListener("click", holdClick, true);
      element.addEventListener("submit", holdSubmit, true);
      return () => {
        observer.disconnect();
        element.removeEventListener("focusin", seen.resolve);
        element.removeEventListener("click", holdClick, true);
        element.removeEventListener("submit", holdSubmit, true);
      };
    }, [seen]);

    return (
      <div ref={box}>
        <Suspense fallback={null}>
          {seen ? (
            <Gate until={seen.promise}>
              <Part {...props} />
            </Gate>
          ) : (
            <Part {...props} />
          )}
          <Ready onReady={onReady} />
        </Suspense>
      </div>
    );
  });
}
