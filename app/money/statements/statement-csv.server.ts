import { finished } from "node:stream/promises";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { parse } from "csv-parse";
import { BANK_FIELDS, type BankField, type BankMapping } from "#app/money/finance";
import { calendarDateOf } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";
import { hasControlCharacters } from "#app/utils/control-characters";
import { today } from "#app/utils/dates";
import { implausiblePayment } from "#app/utils/payment-sanity";

/** A statement the admin uploaded, read into lines; nothing here touches the database. */
export class StatementRefusal extends Error {}

export const MAX_STATEMENT_LINES = 20_000;
const MAX_CELL = 500;

export type StatementLine = {
  /** the line number in the file, as a spreadsheet shows it */
  line: number;
  code: string | null;
  receivedOn: string | null;
  amountCents: number | null;
  payer: string;
  accountReference: string;
  refusal: string | null;
};

/** The M-PESA organisation portal's statement columns we read. */
const MPESA = {
  code: "receipt no.",
  time: "completion time",
  status: "transaction status",
  paidIn: "paid in",
  party: "other party info",
  account: "a/c no.",
} as const;

/** Strict UTF-8 text of the upload, or a refusal naming what to do instead. */
function decode(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new StatementRefusal("The file is empty.");
  if (bytes.includes(0)) {
    throw new StatementRefusal(
      "The file is not a CSV text file. Export the statement as CSV and upload that.",
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementRefusal(
      "The file is not UTF-8 text. In Excel, save it as “CSV UTF-8 (Comma delimited)” and upload it again.",
    );
  }
}

/** How much text is parsed before the event loop is given back: a few milliseconds of work. */
const SLICE_CHARS = 16 * 1024;
const SLICE_LINES = 500;

/** The longest line read: a cell is at most 500 characters, so only a damaged or hostile file comes near. */
const MAX_RECORD_BYTES = 64 * 1024;

/** What csv-parse's refusal means for the clerk, naming the line as a spreadsheet numbers it. */
function csvRefusal(error: Error & { code?: string; lines?: number }) {
  const line = error.lines ? `Line ${error.lines.toLocaleString("en")}` : "A line";
  switch (error.code) {
    case "CSV_MAX_RECORD_SIZE":
      return `${line} is longer than ${MAX_RECORD_BYTES / 1024} KB: the file is not a statement as the bank or the portal exports it.`;
    case "INVALID_OPENING_QUOTE": // csv-parse names this one without its prefix
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_QUOTE_NOT_CLOSED":
      return `${line} has a quote (") that does not open or close a cell: the file was changed after it was exported. Export it again and upload that.`;
    default:
      return `The file could not be read as CSV (${error.message.split(":")[0]}).`;
  }
}

/**
 * The file's rows, trimmed. A 20,000-line statement takes a few hundred milliseconds to parse: it is fed to the
 * parser in slices with the event loop given back between them, so the site keeps answering meanwhile.
 * A line ends at CRLF, LF or CR, whichever the file mixes (an edited export keeps CRLF above and LF below).
 * `strictQuotes`: the M-PESA portal quotes every cell that needs it, so a quote elsewhere is a damaged file;
 * banks' exports vary, and a quote inside a bank's narrative is read as text.
 */
async function records(bytes: Uint8Array, { strictQuotes = false } = {}): Promise<string[][]> {
  const text = decode(bytes);
  const rows: string[][] = [];
  const parser = parse({
    relax_column_count: true,
    relax_quotes: !strictQuotes,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    record_delimiter: ["\r\n", "\n", "\r"],
  });
  parser.on("data", (row: string[]) => rows.push(row.map((cell) => cell.trim())));
  // the parser's refusal is kept as it happens: between two slices, a rejection nobody awaits yet would be
  // taken for an unhandled one (decision 0707)
  let failure: (Error & { code?: string; lines?: number }) | undefined;
  const done = finished(parser).catch((error: Error) => {
    failure ??= error;
  });
  for (let at = 0; at < text.length && !parser.destroyed && !failure; at += SLICE_CHARS) {
    if (rows.length > MAX_STATEMENT_LINES + 40) break;
    parser.write(text.slice(at, at + SLICE_CHARS));
    await yieldToEventLoop();
  }
  if (!parser.destroyed) parser.end();
  await done;
  if (failure) throw new StatementRefusal(csvRefusal(failure));
  if (rows.length > MAX_STATEMENT_LINES + 40) {
    throw new StatementRefusal(
      `The statement has more than ${MAX_STATEMENT_LINES.toLocaleString("en")} lines. Import a shorter period.`,
    );
  }
  return rows;
}

/** `rows` read into lines, a slice at a time, giving the event loop back between slices. */
async function linesOf(rows: string[][], read: (cells: string[], index: number) => StatementLine) {
  const lines: StatementLine[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % SLICE_LINES === 0) await yieldToEventLoop();
    lines.push(read(rows[i] ?? [], i));
  }
  return lines;
}

const normal = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

// Cells a spreadsheet would run as a formula when the file is opened: such a line is refused, not stored.
const FORMULA = /^[=+@\t\r]|^-[^\d.]/;

function refusalOf(cells: string[]): string | null {
  const formula = cells.find((cell) => FORMULA.test(cell));
  if (formula !== undefined)
    return `A cell starts with “${formula.slice(0, 1)}”, as a spreadsheet formula does.`;
  if (cells.some((cell) => cell.length > MAX_CELL)) return `A cell is longer than ${MAX_CELL} characters.`;
  // a line, not the file: the clerk sees the reason in the preview and records that payment by hand if it is real
  if (cells.some((cell) => hasControlCharacters(cell))) return "A cell holds a control character.";
  return null;
}

/** Why a line's amount is not money paid in: none (a debit, a charge), or a text that is not an amount. */
const notPaidIn = (text: string, none: string) =>
  parseCents(text) === null && text !== "" ? `“${text.slice(0, 40)}” is not an amount of money.` : none;

/**
 * The refusal of a line that is money paid in on a real date: one that cannot be a genuine payment on the
 * business day `day` (the caller's: a worker thread's clock is not the one tests move).
 */
function implausible(line: StatementLine, day: string) {
  return implausiblePayment(
    { amountCents: line.amountCents as number, receivedOn: line.receivedOn as string },
    day,
  );
}

/** "2026-11-20 14:32:10", "20-11-2026 14:32", "20/11/2026": the statement's date as YYYY-MM-DD. */
export function statementDate(text: string): string | null {
  const day = text.trim().split(/[\sT]/)[0] ?? "";
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(day);
  if (ymd) return calendarDateOf(ymd[1] ?? "", ymd[2] ?? "", ymd[3] ?? "");
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(day);
  if (dmy) return calendarDateOf(dmy[3] ?? "", dmy[2] ?? "", dmy[1] ?? "");
  return null;
}

/** The row that names the columns: the portal prints a few lines about the account above it. */
function headerIndex(rows: string[][], wanted: string) {
  return rows.findIndex((row) => row.some((cell) => normal(cell) === wanted));
}

/** Reads an M-PESA organisation portal statement (CSV). Header lines above the table are skipped. */
export async function readMpesaStatement(bytes: Uint8Array, day = today()): Promise<StatementLine[]> {
  const rows = await records(bytes, { strictQuotes: true });
  const at = headerIndex(rows, MPESA.code);
  if (at < 0) {
    throw new StatementRefusal(
      "The file has no “Receipt No.” column: is it the M-PESA organisation portal statement, exported as CSV?",
    );
  }
  const header = (rows[at] ?? []).map(normal);
  const column = Object.fromEntries(
    Object.entries(MPESA).map(([key, name]) => [key, header.indexOf(name)]),
  ) as Record<keyof typeof MPESA, number>;
  const missing = Object.entries(column)
    .filter(([, index]) => index < 0)
    .map(([key]) => MPESA[key as keyof typeof MPESA]);
  if (missing.length > 0) {
    throw new StatementRefusal(`The statement is missing the column(s): ${missing.join(", ")}.`);
  }
  return linesOf(rows.slice(at + 1), (cells, i) => {
    const cell = (key: keyof typeof MPESA) => cells[column[key]] ?? "";
    const line: StatementLine = {
      line: at + 2 + i,
      code: cell("code").toUpperCase() || null,
      receivedOn: statementDate(cell("time")),
      amountCents: parseCents(cell("paidIn")),
      payer: cell("party"),
      accountReference: cell("account"),
      refusal: refusalOf(cells),
    };
    line.refusal ??= !/^[A-Z0-9]{6,20}$/.test(line.code ?? "")
      ? "No valid receipt number."
      : normal(cell("status")) !== "completed"
        ? `Not completed (${cell("status") || "no status"}).`
        : !line.amountCents
          ? notPaidIn(cell("paidIn"), "Not money paid in (a withdrawal or a charge).")
          : !line.receivedOn
            ? "No valid completion time."
            : implausible(line, day);
    return line;
  });
}

/** The header row of a bank statement: the columns the admin maps. */
export async function bankColumns(bytes: Uint8Array): Promise<string[]> {
  const [header] = await records(bytes);
  const columns = (header ?? []).filter(Boolean);
  if (columns.length < 3) {
    throw new StatementRefusal(
      "The first line of the file must name its columns (date, amount, reference, …).",
    );
  }
  const formula = refusalOf(columns);
  if (formula) throw new StatementRefusal(`The column names are not plain text: ${formula}`);
  return columns;
}

/** Reads a bank statement (CSV) with the admin's column mapping. */
export async function readBankStatement(
  bytes: Uint8Array,
  mapping: BankMapping,
  day = today(),
): Promise<StatementLine[]> {
  const rows = await records(bytes);
  const header = rows[0] ?? [];
  const index = Object.fromEntries(
    BANK_FIELDS.map((field) => [field, header.indexOf(mapping[field])]),
  ) as Record<BankField, number>;
  if (Object.values(index).some((i) => i < 0)) {
    throw new StatementRefusal("The column mapping does not fit this file. Choose the columns again.");
  }
  return linesOf(rows.slice(1), (cells, i) => {
    const cell = (field: BankField) => cells[index[field]] ?? "";
    const line: StatementLine = {
      line: i + 2,
      code: cell("code").toUpperCase() || null,
      receivedOn: statementDate(cell("date")),
      amountCents: parseCents(cell("amount")),
      payer: cell("payer"),
      accountReference: cell("reference"),
      refusal: refusalOf(cells),
    };
    line.refusal ??= !line.code
      ? "No transaction reference."
      : !line.amountCents
        ? notPaidIn(cell("amount"), "Not money paid in.")
        : !line.receivedOn
          ? "No valid date."
          : implausible(line, day);
    return line;
  });
}
