import type { ReactNode } from "react";
import { publicLook } from "#app/components/public/public-look";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { cn } from "#app/utils/cn";

/** The public forms' look, with controls a thumb can hit on a phone (44 px). */
const portalLook = { ...publicLook, control: `${publicLook.control} min-h-11` };

/** The client portal's panel: a white card with its heading, on the site's cream page. */
export function PortalPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-lg bg-white p-4 text-slate-800 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The answer to the last action, in the page: the only feedback a browser without JavaScript gets. */
export function PortalNotice({ outcome }: { outcome?: { ok: boolean; message: string } | null }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? "status" : "alert"}
      className={cn(
        "rounded-md border p-3 text-sm",
        outcome.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900",
      )}
    >
      {outcome.message}
    </p>
  );
}

/** A text field in the public look; the error is the one the last submission gave for it. */
export function PortalField({
  error,
  ...props
}: { label: string; name: string; error?: string | null } & Omit<
  React.ComponentProps<typeof InputField>,
  "look" | "errors"
>) {
  return <InputField look={portalLook} errors={error ? [error] : null} {...props} />;
}

/** A choice in the public look, its error given as PortalField's is. */
export function PortalSelect({
  error,
  ...props
}: { label: string; name: string; error?: string | null } & Omit<
  React.ComponentProps<typeof SelectField>,
  "look" | "errors"
>) {
  return <SelectField look={portalLook} errors={error ? [error] : null} {...props} />;
}

export function PortalButton({
  children,
  variant = "primary",
  ...props
}: {
  children: ReactNode;
  variant?: "primary" | "outline" | "danger";
} & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" className={buttonClass(variant, "md", "min-h-11 w-full sm:w-auto")} {...props}>
      {children}
    </button>
  );
}

/** The page frame every portal screen shares: one heading, then its panels. */
export function PortalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="bg-cream px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl space-y-5">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
          {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
