import type { BankMapping } from "#app/money/finance";
import { bankColumns, readBankStatement, readMpesaStatement, StatementRefusal } from "./statement-csv.server";

/*
 * A statement's reading as the render pool's worker runs it (decision 0668). A refusal comes back as a value:
 * an error crossing from a worker thread arrives as a plain Error, and the clerk's message would be lost.
 */

export type StatementReading<T> = { ok: true; value: T } | { ok: false; refusal: string };

async function reading<T>(read: () => Promise<T>): Promise<StatementReading<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    if (error instanceof StatementRefusal) return { ok: false, refusal: error.message };
    throw error;
  }
}

export const mpesaStatementReading = (bytes: Uint8Array, day: string) =>
  reading(() => readMpesaStatement(bytes, day));

export const bankColumnsReading = (bytes: Uint8Array) => reading(() => bankColumns(bytes));

export const bankStatementReading = (bytes: Uint8Array, mapping: BankMapping, day: string) =>
  reading(() => readBankStatement(bytes, mapping, day));
