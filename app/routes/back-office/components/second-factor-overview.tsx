import { ShieldCheck } from "lucide-react";
import { Badge } from "#app/components/ui/badge";

type Row = { id: string; email: string; passkeys: number; totp: boolean; recoveryCodesLeft: number };

/** Who has which second factor, for deciding whether require_second_factor can be turned on. */
export function SecondFactorOverview({ admins }: { admins: Row[] }) {
  return (
    <section
      aria-labelledby="second-factors-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2
        id="second-factors-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <ShieldCheck aria-hidden className="size-5 text-brand-700" />
        Second factors
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-semibold">Admin</th>
              <th className="py-2 pr-4 font-semibold">Passkeys</th>
              <th className="py-2 pr-4 font-semibold">Authenticator app</th>
              <th className="py-2 font-semibold">Recovery codes left</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {admins.map((admin) => (
              <tr key={admin.id}>
                <td className="break-all py-2 pr-4">{admin.email}</td>
                <td className="py-2 pr-4">{admin.passkeys}</td>
                <td className="py-2 pr-4">
                  {admin.totp ? <Badge tone="green">On</Badge> : <Badge tone="grey">Off</Badge>}
                </td>
                <td className="py-2">{admin.recoveryCodesLeft}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
