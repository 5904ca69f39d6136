/**
 * CSV exports shared by every admin screen: UTF-8 with a byte-order mark (so Excel reads accents and
 * Swahili names correctly), formula cells neutralised, and the body streamed so a large export never sits
 * in memory. Rows come from an async iterable, typically `keysetBatches` over a model query; a large export
 * may have the database encode each record instead (`csvRecordSql`).
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

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

// FORMULA_START and NEEDS_QUOTES for the database, as tests of the first and last character (a regular
// expression over each cell cost the database more than the rest of the read). JavaScript's \s is exactly
// these code points; PostgreSQL's depends on the locale.
const SPACES = [
  9,
  10,
  11,
  12,
  13,
  32,
  0xa0,
  0x1680,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
].concat([0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);
const charsSql = (codes: number[]) => sql.raw(`array[${codes.map((c) => `chr(${c})`).join(", ")}]`);
const FORMULA_START_SQL = charsSql([..."=+-@\t\r"].map((c) => c.charCodeAt(0)));
const SPACES_SQL = charsSql(SPACES);
const QUOTED_SQL = sql.raw(String.raw`'[",\r\n]'`);

/** csvCell of a text expression, computed by the database (null is an empty cell). */
export function csvCellSql(text: SQL | AnyColumn): SQL<string> {
  const neutralised = sql`(case when left(${text}, 1) = any(${FORMULA_START_SQL}) then '''' || ${text} else ${text} end)`;
  return sql<string>`(case when ${text} is null then ''
    when ${neutralised} ~ ${QUOTED_SQL} or left(${neutralised}, 1) = any(${SPACES_SQL})
      or right(${neutralised}, 1) = any(${SPACES_SQL}) then '"' || replace(${neutralised}, '"', '""') || '"'
    else ${neutralised} end)`;
}

/**
 * csvRow of text expressions, computed by the database: a large export then reads one text value per row
 * instead of a dozen, and does no work per cell in JavaScript (decision 0605).
 */
export function csvRecordSql(cells: (SQL | AnyColumn)[]): SQL<string> {
  return sql<string>`(${sql.join(cells.map(csvCellSql), sql` || ',' || `)} || chr(13) || chr(10))`;
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

/** The rows as cells, or as records already encoded and CRLF-terminated (csvRecordSql). */
export type CsvBody = { header: readonly string[] } & (
  | { rows: AsyncIterable<readonly unknown[]> }
  | { records: AsyncIterable<string> }
);

export type CsvExport = CsvBody & { filename: string };

/**
 * The streamed body of a CSV export. Pull-based: the next rows are read only when the client has taken
 * the previous chunk, so a slow download slows the database reads instead of filling memory.
 */
export function csvStream(body: CsvBody): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { header } = body;
  const records = "records" in body ? body.records : mapRows(body.rows, csvRow);
  const iterator = records[Symbol.asyncIterator]();
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
          chunk += next.value;
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

/** Maps each row of an async iterable (rows to cells, cells to records). */
export async function* mapRows<Row, Out>(
  rows: AsyncIterable<Row>,
  map: (row: Row) => Out,
): AsyncGenerator<Out> {
  for await (const row of rows) yield map(row);
}

/** The date part of an export file name, e.g. audit-logs-2025-03-07.csv. */
export function exportDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}
