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
 * shows and works as plain HTML: a form posts without JavaScript. A submit in the moment between the view and
 * the hydration waits for the hydration and is then sent the JavaScript way.
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
    const heldSubmit = useRef<HTMLFormElement | null>(null);
    const onReady = useCallback(() => {
      hydrated.current = true;
      heldSubmit.current?.requestSubmit();
      heldSubmit.current = null;
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
      const holdSubmit = (event: SubmitEvent) => {
        if (hydrated.current || !(event.target instanceof HTMLFormElement)) return;
        event.preventDefault();
        heldSubmit.current = event.target;
        seen.resolve();
      };
      element.addEventListener("focusin", seen.resolve);
      element.addEventListener("submit", holdSubmit, true);
      return () => {
        observer.disconnect();
        element.removeEventListener("focusin", seen.resolve);
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
