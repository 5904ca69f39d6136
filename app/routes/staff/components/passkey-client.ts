import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { useSubmit } from "react-router";

// The browser half of a passkey ceremony: ask our server for options, let the browser and the authenticator
// answer them, and hand back the answer as JSON for a form field; the page's action checks it.

async function fetchOptions(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  if (!response.ok) throw new Error((await response.text()) || `HTTP ${response.status}`);
  return response.json();
}

export async function passkeyAssertion(optionsUrl: string, fields: Record<string, string> = {}) {
  const optionsJSON = await fetchOptions(optionsUrl, fields);
  return JSON.stringify(await startAuthentication({ optionsJSON }));
}

export async function passkeyRegistration() {
  const optionsJSON = await fetchOptions("/admin/passkey-options", { purpose: "register" });
  return JSON.stringify(await startRegistration({ optionsJSON }));
}

/** A short reason for a ceremony that did not finish (the user cancelled, no authenticator, no support). */
export function passkeyProblem(error: unknown) {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return "The passkey request was cancelled or timed out.";
  if (typeof window !== "undefined" && !window.PublicKeyCredential)
    return "This browser does not support passkeys.";
  return error instanceof Error ? error.message : "The passkey request failed.";
}

/**
 * Runs a ceremony and posts its answer (`credential`) with `fields` to the page's own action, which checks
 * it; `problem` says why a ceremony did not finish.
 */
export function usePasskeyCeremony() {
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (ceremony: () => Promise<string>, fields: Record<string, string>) => {
    setBusy(true);
    setProblem(null);
    try {
      const credential = await ceremony();
      await submit({ ...fields, credential }, { method: "post" });
      return true;
    } catch (error) {
      setProblem(passkeyProblem(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}
