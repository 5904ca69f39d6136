import { data } from "react-router";
import { requestInfoContext } from "#app/context";
import { type Verification, verifyCertificate } from "#app/delivery/index.server";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { formatDate } from "#app/utils/datetime";
import type { Route } from "./+types/verify";

// a person checks a handful of certificates; an address trying hundreds is guessing codes
const VERIFY_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

export const meta: Route.MetaFunction = () => [
  { title: "Certificate check | Mafunzo Training & Consultancy" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { ip } = context.get(requestInfoContext);
  const allowed = await consumeRateLimit("verify-certificate", ip, VERIFY_LIMIT);
  if (!allowed.allowed) {
    throw data(
      { error: "Too many certificate checks from your address. Please try again in a few minutes." },
      { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
    );
  }
  const result: Verification = await verifyCertificate(params.code.slice(0, 40));
  return data(
    { result },
    { status: result.state === "unknown" ? 404 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

function Facts({ result }: { result: Extract<Verification, { state: "genuine" }> }) {
  return (
    <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Awarded to</dt>
      <dd data-testid="verify-name">{result.recipientName}</dd>
      <dt className="font-semibold">Course</dt>
      <dd>{result.courseTitle}</dd>
      <dt className="font-semibold">Dates</dt>
      <dd>
        {result.dates}
        {result.venue ? `, ${result.venue}` : ""}
      </dd>
      <dt className="font-semibold">Certificate</dt>
      <dd>
        <code>{result.code}</code>, issued {formatDate(result.issuedAt)}
      </dd>
    </dl>
  );
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <section className="bg-cream px-4 py-16">
      <div className="mx-auto max-w-2xl rounded-lg bg-white p-6 text-slate-800 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">Certificate check</h1>
        <div role="status" className="mt-4">
          {result.state === "unknown" ? (
            <p>
              No certificate has this code. Check the code printed under the QR code on the certificate (16
              letters and digits); if it is right, the certificate was not issued by Mafunzo Training &amp;
              Consultancy.
            </p>
          ) : result.state === "revoked" ? (
            <p className="font-semibold text-red-800">
              Certificate <code>{result.code}</code> was issued by Mafunzo Training &amp; Consultancy, but it
              was revoked on {formatDate(result.revokedAt)} and is no longer valid.
            </p>
          ) : (
            <p className="font-semibold text-green-800">
              Genuine: this certificate was issued by Mafunzo Training &amp; Consultancy.
            </p>
          )}
        </div>
        {result.state === "genuine" ? <Facts result={result} /> : null}
      </div>
    </section>
  );
}
