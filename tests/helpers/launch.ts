import { LAUNCH_ITEM_KEYS } from "#app/site/index";

/**
 * Accepts every item of the launch checklist as the dashboard's "Accept as is" does (decision 0780), so that a
 * test server, which shows the seed's sample content, may switch maintenance off again. An item that shows no
 * sample content answers 409 and is skipped.
 */
export async function acceptLaunchChecklist(base: string, cookie: string) {
  for (const item of LAUNCH_ITEM_KEYS) {
    const response = await fetch(`${base}/admin/dashboard`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ intent: "accept-launch-item", item }),
    });
    if (response.status !== 302 && response.status !== 409) {
      throw new Error(`accepting launch item ${item} failed: HTTP ${response.status}`);
    }
  }
}
