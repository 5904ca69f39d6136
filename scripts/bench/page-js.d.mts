/** The script URLs a page's HTML names, each once. */
export function pageScriptUrls(html: string): Set<string>;

/** Gzipped bytes of the scripts `html` names, fetched from `baseUrl`. */
export function gzippedScriptBytes(baseUrl: string, html: string): Promise<{ bytes: number; files: number }>;
