import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./db-errors.server";

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe("isDatabaseUnavailable", () => {
  it("knows a cut or unreachable connection however it is wrapped", () => {
    for (const error of [
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("connection failure", "08006"),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new Error("Failed query: select 1"), {
        cause: new Error("Connection terminated unexpectedly"),
      }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it("is false for a query's own failure", () => {
    expect(isDatabaseUnavailable(withCode("duplicate key", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
