import { pipeline, Transform, type TransformCallback, type Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { EntryContext } from "react-router";

/*
 * Leans on framework internals (decision 0634, which kept it): the exact tags React Router's <Scripts> and React
 * write for a page's scripts, and the route id of the public layout. Kept because without it Lighthouse mobile
 * read 96 / 96 / 97 instead of 100 / 100 / 100 on `/`, `/courses/all` and `/gallery` (first paint 0.8-0.9 s →
 * 1.8-2.2 s simulated), and a throttled phone painted 0.1-0.5 s later. Should React Router change those tags,
 * nothing is rewritten and the pages hydrate as React Router does; tests/e2e/js-budget.spec.ts then fails.
 *
 * A public page is painted before its scripts are fetched (decision 0606). React Router's <Scripts> names every
 * module the page hydrates with as a modulepreload in the head and imports them from an async module script;
 * served fast, they arrive with the stylesheet and are run, and the page hydrated, before the browser draws its
 * first frame, so the first paint waits on the framework. The page is whole as HTML and works without
 * JavaScript, so its scripts can wait for the first frame: on the way out the preloads and the module script
 * are renamed so the browser leaves them alone, and a small script just before the module script, run once
 * the stylesheet is in, puts them back after the next frame is drawn.
 */

export const HELD_PRELOAD = "data-modulepreload-after-paint";
export const HELD_MODULE = "text/x-module-after-paint";

/** Runs in the page: React Router's preloads and module script, put back as they were once a frame is drawn. */
const RESTORE = `(function () {
  var started = false;
  function start() {
    if (started) return;
    var held = document.querySelector('script[type="${HELD_MODULE}"]');
    // while the document streams in, the held script may be there with half its text
    if (!held || document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", start, { once: true });
      return;
    }
    started = true;
    document.querySelectorAll("link[${HELD_PRELOAD}]").forEach(function (old) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = old.getAttribute("href");
      old.replaceWith(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = held.nonce;
    script.textContent = held.textContent;
    held.replaceWith(script);
  }
  requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  // a page opened in the background draws no frame until it is shown
  setTimeout(start, 1000);
})();`;

/** The replacements for one response: React writes its nonce into the module script's tag. */
function replacements(nonce: string): [string, string][] {
  return [
    ['<link rel="modulepreload"', `<link ${HELD_PRELOAD}=""`],
    [
      `<script nonce="${nonce}" type="module" async="">`,
      `<script nonce="${nonce}">${RESTORE}</script><script nonce="${nonce}" type="${HELD_MODULE}">`,
    ],
  ];
}

/**
 * Rewrites the document as it streams. Each chunk is held back by the longest pattern's length less one, so a
 * tag split across two chunks is still found; no replacement contains a pattern, so text already rewritten is
 * never rewritten again.
 */
export class HydrateAfterPaint extends Transform {
  readonly #replacements: [string, string][];
  readonly #keep: number;
  readonly #decoder = new StringDecoder("utf8");
  #pending = "";

  constructor(nonce: string) {
    super();
    this.#replacements = replacements(nonce);
    this.#keep = Math.max(...this.#replacements.map(([from]) => from.length)) - 1;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const text = this.#rewrite(this.#pending + this.#decoder.write(chunk));
    let cut = Math.max(0, text.length - this.#keep);
    // never between the two halves of a surrogate pair
    if (cut > 0 && /[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut -= 1;
    this.#pending = text.slice(cut);
    callback(null, cut > 0 ? Buffer.from(text.slice(0, cut), "utf8") : undefined);
  }

  override _flush(callback: TransformCallback) {
    const rest = this.#rewrite(this.#pending + this.#decoder.end());
    callback(null, rest ? Buffer.from(rest, "utf8") : undefined);
  }

  #rewrite(text: string) {
    let out = text;
    for (const [from, to] of this.#replacements) out = out.replaceAll(from, to);
    return out;
  }
}

/** The public site's pages; the back office hydrates as soon as its scripts are in. */
function isPublicPage(context: EntryContext) {
  return context.staticHandlerContext.matches.some(
    (match) => match.route.id === "routes/shell/public/layout",
  );
}

/**
 * Where React writes the document: for a public page a `HydrateAfterPaint` in front of `body`, else `body`
 * itself. React destroys its destination on a fatal error; pipeline passes that on to the response.
 */
export function holdScriptsUntilFirstPaint(context: EntryContext, nonce: string, body: Writable): Writable {
  if (!isPublicPage(context)) return body;
  const held = new HydrateAfterPaint(nonce);
  pipeline(held, body, () => {});
  return held;
}
