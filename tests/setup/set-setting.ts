// Prepares a data directory for an end-to-end test that needs a setting changed before the server
// starts: `node --import tsx tests/setup/set-setting.ts site_maintenance true` with DATA_DIR set.
import { openDatabase } from "#app/database.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { isSettingKey } from "#app/platform/settings/settings";

const [key, raw] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR;
if (!key || raw === undefined || !isSettingKey(key) || !dataDir) {
  throw new Error("usage: DATA_DIR=… set-setting.ts <setting key> <JSON value>");
}
const handle = await openDatabase({ dataDir });
await setSettingValue(handle.db, key, JSON.parse(raw), null);
await handle.close();
