import type { ReactNode } from "react";
import { SettingCard, type SettingRow } from "#app/routes/back-office/components/setting-card";

export type SectionProps = {
  rows: SettingRow[];
  /** the key of the setting the last save refused, with why */
  error: { key?: string; message: string } | null;
};

/** One section of the finance settings: a heading with its anchor, what it is for, then its parts. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** The section's settings as cards, in the order given, each under the name a person calls it. */
export function SettingCards({ rows, error, titles }: SectionProps & { titles: Record<string, string> }) {
  const shown = Object.keys(titles).flatMap((key) => rows.filter((row) => row.key === key));
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {shown.map((setting) => (
        <SettingCard
          key={`${setting.key}-${JSON.stringify(setting.value)}`}
          setting={setting}
          title={titles[setting.key]}
          Heading="h3"
          error={error?.key === setting.key ? error.message : null}
        />
      ))}
    </ul>
  );
}
