/** "KSH 95,000" from a stored decimal (KES); null when there is no price. */
export function formatKsh(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return null;
  return `KSH ${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}
