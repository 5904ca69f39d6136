/**
 * A set of statement line numbers written compactly, "3,17,250-260": the lines a clerk leaves out of an
 * import travel as one short value (in the page's address and the commit form), not one field per line.
 */

/** The most line numbers a list may name: a statement's lines and its header rows. */
const MAX_NUMBERS = 20_100;
const LIST = /^(?:\d{1,6}(?:-\d{1,6})?(?:,\d{1,6}(?:-\d{1,6})?)*)?$/;

/** The line numbers `text` names, or null when it is not such a list (or names implausibly many). */
export function parseLineList(text: string): Set<number> | null {
  if (!LIST.test(text)) return null;
  const numbers = new Set<number>();
  for (const part of text ? text.split(",") : []) {
    const [from, to = from] = part.split("-").map(Number) as [number, number?];
    if (from < 1 || to < from || to - from >= MAX_NUMBERS) return null;
    for (let n = from; n <= to; n++) numbers.add(n);
    if (numbers.size > MAX_NUMBERS) return null;
  }
  return numbers;
}

/** The list text of a set of line numbers, runs of consecutive numbers as ranges. */
export function lineListText(numbers: Iterable<number>): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i] as number;
    let to = from;
    while (sorted[i + 1] === to + 1) to = sorted[++i] as number;
    parts.push(to === from ? String(from) : `${from}-${to}`);
  }
  return parts.join(",");
}
