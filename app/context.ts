import { createContext } from "react-router";

/** Per-request values set by the Express server and read by loaders, actions and the document renderer. */
export type RequestInfo = {
  requestId: string;
  /** CSP nonce for inline and module scripts in this response. */
  nonce: string;
  ip: string;
  userAgent: string;
  /** The request comes from this machine (server/loopback.ts); absent means it does not. */
  fromLoopback?: boolean;
  /**
   * Told by the error handler that a loader or action failed because the database could not be reached: the
   * server answers 503 instead of 500 (server/database-unavailable.ts, decision 0705).
   */
  databaseUnavailable?: () => void;
};

export const requestInfoContext = createContext<RequestInfo>({
  requestId: "unknown",
  nonce: "",
  ip: "unknown",
  userAgent: "",
});
