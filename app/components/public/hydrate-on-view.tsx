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
import { useFetchers, useNavigation, useRevalidator } from "react-router";

// The parts rendered by the page's first hydration wait for the view; a part first rendered later (a client
// navigation) loads at once.
let pageHydrated = false;

type Signal = { promise: Promise<void>; resolve: () => void };

/** What a click can press in a part before it hydrates. */
const PRESSABLE = "a[href], button";
/** What is held before the part hydrates (a press or a submit), then replayed on the hydrated element. */
const ACTIONS = `${PRESSABLE}, form`;

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
    // A router update (a form sent, a page loading, a revalidation) reaches a part React has not hydrated as a
    // context change, which it cannot apply to the server's HTML: it holds the whole update until the part has
    // hydrated, so a visitor who jumped to the enquiry form past the course cards saw no "Sending..." and no
    // answer. The part hydrates as soon as the router is busy; resolving is all this does in render.
    const navigation = useNavigation();
    const fetchers = useFetchers();
    const revalidator = useRevalidator();
    const routerBusy = navigation.state !== "idle" || fetchers.length > 0 || revalidator.state !== "idle";
    if (routerBusy && !hydrated.current) seen?.resolve();
    /** Where the held action stands among the part's actions: hydration may put new elements in its place. */
    const held = useRef<number | null>(null);
    const onReady = useCallback(() => {
      hydrated.current = true;
      const index = held.current;
      held.current = null;
      const action = index === null ? undefined : box.current?.querySelectorAll(ACTIONS)[index];
      if (action instanceof HTMLFormElement) action.requestSubmit();
      else if (action instanceof HTMLElement) action.click();
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
      const hold = (event: Event, action: Element) => {
        event.preventDefault();
        held.current = [...element.querySelectorAll(ACTIONS)].indexOf(action);
        seen.resolve();
      };
      const holdClick = (event: MouseEvent) => {
        // a click that opens a new tab or window needs no JavaScript
        if (hydrated.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        const action = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
        if (action && element.contains(action)) hold(event, action);
      };
      const holdSubmit = (event: SubmitEvent) => {
        if (!hydrated.current && event.target instanceof HTMLFormElement && element.contains(event.target))
          hold(event, event.target);
      };
      const onFocus = (event: FocusEvent) => {
        if (event.target instanceof Node && element.contains(event.target)) seen.resolve();
      };
      // On the window, in the capture phase: React's own listener on the document stops an event aimed at a
      // part it has not hydrated yet before it could reach the part, and leaves its default (a plain page load
      // or post) to happen.
      window.addEventListener("focusin", onFocus, true);
      window.addEventListener("click", holdClick, true);
      window.addEventListener("submit", holdSubmit, true);
      return () => {
        observer.disconnect();
        window.removeEventListener("focusin", onFocus, true);
        window.removeEventListener("click", holdClick, true);
        window.removeEventListener("submit", holdSubmit, true);
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
