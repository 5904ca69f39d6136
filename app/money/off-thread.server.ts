// Money's work that the render pool's worker runs by name (decision 0668): a statement's reading. Imported on
// demand, like pdf.server.ts, so the CSV parser loads where a statement is read.
export {
  bankColumnsReading,
  bankStatementReading,
  mpesaStatementReading,
} from "./statements/statement-reading.server";
