import type { HeadersFunction } from "react-router";

/** Action headers a client must see on the page that answers a form post (a throttled post says when to retry). */
const FORWARDED_ACTION_HEADERS = ["Retry-After"] as const;

/**
 * The headers of a route that answers form posts: its layout's (or its error's), plus the action's
 * Retry-After. React Router applies a route's own headers function only, so without this a 429 rendered
 * as a page loses the header its action set.
 */
export const headersWithRetryAfter: HeadersFunction = ({ actionHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(errorHeaders ?? parentHeaders);
  for (const name of FORWARDED_ACTION_HEADERS) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
