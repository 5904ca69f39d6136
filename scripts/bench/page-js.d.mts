/** The script URLs a page's HTML names, each once. */
export function pageScriptUrls(html: string): Set<string>;

/** Gzipped bytes of the scripts `html` names, fetched from `baseUrl`. */
export function gzippedScriptBytes(baseUrl: string, html: string): Promise<{ bytes: number; files: number }>;

/** The bytes the server sends for the scripts `html` names to a browser that accepts `acceptEncoding` (by default, what Chromium asks for). */
export function sentScriptBytes(baseUrl: string, html: string, acceptEncoding?: string): Promise<number>;
