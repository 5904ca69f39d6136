export function StatsBand({
  stats,
  label = "Our track record",
}: {
  stats: { value: string; label: string }[];
  label?: string;
}) {
  return (
    <section aria-label={label} className="bg-brand-800 py-12 text-white">
      <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-6 gap-y-8 px-4 text-center">
        {stats.map((stat) => (
          <li key={stat.label} className="w-36 sm:w-44" data-testid="stat">
            <p className="text-3xl font-bold text-accent-400">{stat.value}</p>
            <p className="mt-1 text-sm text-brand-100">{stat.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
