/** The browser for end-to-end tests: CHROMIUM_PATH, else the Chromium shipped in @sparticuz/chromium. */
export function resolveChromium(): Promise<string>;
