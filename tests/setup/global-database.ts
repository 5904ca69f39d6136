import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { adminQuery, createPgliteTemplate, createPostgresTemplate } from "./template";

const removeDataDir = () => {
  const dir = process.env.INTEGRATION_DATA_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
};

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = await createPostgresTemplate(url);
    project.provide("templateDatabase", name);
    return async () => {
      await adminQuery(url, `drop database if exists ${name} with (force)`);
      removeDataDir();
    };
  }
  const dump = await createPgliteTemplate();
  project.provide("templateDump", dump);
  return () => {
    fs.rmSync(dump, { force: true });
    removeDataDir();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}
