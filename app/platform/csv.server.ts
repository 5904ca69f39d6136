/**
 * CSV exports shared by every admin screen: UTF-8 with a byte-order mark (so Excel reads accents and
 * Swahili names correctly), formula cells neutralised, and the body streamed so a large export never sits
 * in memory. Rows come from an async iterable, typically `keysetBatches` over a model query.
 */

const BOM = "\uFEFF";
// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
// Rows are encoded in groups so a 100,000-row export is a few hundred chunks, not 100,000.
const ROWS_PER_CHUNK = 500;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  // objects (audit before/after values) as JSON text, which is a string and so is neutralised too
  return cellText(JSON.stringify(value));
}

/** One cell: formula-neutralised, then quoted per RFC 4180 when it needs to be. */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CRLF-terminated record. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV document as a string, BOM included (small exports and tests). */
export function csvText(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let out = BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

/** A filename safe in a Content-Disposition header. */
function dispositionFor(filename: string) {
  const ascii = filename.replace(/[^\w.-]+/g, "-");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export type CsvExport = {
  filename: string;
  header: readonly string[];
  rows: AsyncIterable<readonly unknown[]>;
};

/**
 * The streamed body of a CSV export. Pull-based: the next rows are read only when the client has taken
 * the previous chunk, so a slow download slows the database reads instead of filling memory.
 */
export function csvStream({ header, rows }: Omit<CsvExport, "filename">): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(BOM + csvRow(header)));
          return;
        }
        let chunk = "";
        for (let i = 0; i < ROWS_PER_CHUNK; i++) {
          const next = await iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += csvRow(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** A download response for a CSV export. */
export function csvResponse(options: CsvExport): Response {
  return new Response(csvStream(options), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": dispositionFor(options.filename),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Reads a query in keyset-paginated batches (`WHERE (sort, id) > cursor ORDER BY sort, id LIMIT n`), so
 * each batch is an index range scan and only one batch is held at a time. `fetch` gets the last row of the
 * previous batch (null for the first) and returns at most `batchSize` rows in the export's order.
 */
export async function* keysetBatches<Row extends Cursor, Cursor = Row>(
  fetch: (after: Cursor | null, limit: number) => Promise<Row[]>,
  batchSize = 1000,
): AsyncGenerator<Row> {
  let after: Cursor | null = null;
  for (;;) {
    const batch = await fetch(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1] as Row;
  }
}

/** Maps each row of an async iterable (rows to cells). */
export async function* mapRows<Row>(
  rows: AsyncIterable<Row>,
  toCells: (row: Row) => readonly unknown[],
): AsyncGenerator<readonly unknown[]> {
  for await (const row of rows) yield toCells(row);
}

/** The date part of an export file name, e.g. audit-logs-2025-03-07.csv. */
export function exportDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}
