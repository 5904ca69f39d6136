export const COURSE_SLUG: string;
export function freePort(): Promise<number>;
export function tempDataDir(label: string): string;
export type AppServer = {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** What the server has logged on standard output so far. */
  output(): string;
  /** What it wrote to standard error. */
  stderr(): string;
  /** Whether the process has ended. */
  exited(): boolean;
  crash(): Promise<void>;
  stop(): Promise<void>;
};
export function startAppServer(options?: {
  /** A free one when not given. */
  port?: number;
  /** A fresh one, removed again by stop(), when not given. */
  dataDir?: string;
  databaseUrl?: string;
  /** Extra environment for the server process (SMTP, S3, SESSION_SECRET …). */
  env?: Record<string, string>;
  /** Options for node itself, before the script (`--inspect=…`). */
  nodeArgs?: string[];
}): Promise<AppServer>;
export function readSubmissions(target: { dataDir: string; databaseUrl?: string }): Promise<{
  registrations: { key: string; reference: string }[];
  contacts: { key: string }[];
  outbox: { id: string }[];
}>;
export function formKey(ageMs?: number): string;
export function createScratchDatabase(
  url: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }>;
