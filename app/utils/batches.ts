/**
 * Splits `items` into runs of at most `maxItems`, each naming at most `maxGroups` distinct groups (items of no
 * group count toward `maxItems` only). A statement's lines go in such batches: each batch settles its bookings
 * inside its transaction, and settling one that becomes paid renders its receipt, so a batch that paid many
 * bookings at once would hold the database and the event loop for every receipt.
 */
export function batchesOf<T>(
  items: readonly T[],
  groupOf: (item: T) => string | null,
  { maxItems, maxGroups }: { maxItems: number; maxGroups: number },
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let groups = new Set<string>();
  for (const item of items) {
    const group = groupOf(item);
    const newGroup = group !== null && !groups.has(group);
    if (batch.length >= maxItems || (newGroup && groups.size >= maxGroups)) {
      batches.push(batch);
      batch = [];
      groups = new Set();
    }
    batch.push(item);
    if (group !== null) groups.add(group);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
