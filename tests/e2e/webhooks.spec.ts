import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

// Issue 54: an owner adds a webhook endpoint (its secret shown once), a booking made through the API is
// delivered to a real receiver and verified with the standardwebhooks library, the owner sees the delivery in the
// endpoint's log and resends it.

test("webhooks: an owner adds an endpoint, sees a delivery in its log and resends it", async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await loginAsAdmin(page);
    await page.getByRole("link", { name: "Webhooks" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await page.getByRole("textbox", { name: "Address", exact: true }).fill(receiver.url);
    await page.getByRole("textbox", { name: "Description", exact: true }).fill("Bookings to the CRM");
    await page.getByLabel("Booking created", { exact: true }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Endpoint added. Copy its signing secret now")).toBeVisible();
    const secret = ((await page.locator("output").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expectNoSeriousA11yViolations(page);

    // another system books through the API with a token the owner makes
    await page.getByRole("link", { name: "API Tokens" }).first().click();
    await page.getByLabel("Name").fill(`CRM ${Date.now().toString(36)}`);
    await page
      .getByRole("group", { name: /^Bookings/ })
      .getByLabel("Read and write")
      .check();
    await page.getByRole("button", { name: "Make token" }).click();
    const token = ((await page.getByTestId("new-token").locator("output").textContent()) ?? "").trim();
    const made = await request.post("/api/v1/bookings", {
      headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": `webhooks-e2e-${Date.now()}` },
      data: {
        name: "Wanjiru Kamau",
        email: "wanjiru.kamau@example.co.ke",
        phone: "0712345678",
        course: "strategic-planning-and-performance-management",
      },
    });
    expect(made.status()).toBe(201);
    const { reference } = (await made.json()) as { reference: string };

    await page.getByRole("link", { name: "Webhooks" }).first().click();
    await page.getByRole("link", { name: "Bookings to the CRM" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook deliveries" })).toBeVisible();
    const delivery = page.getByTestId("webhook-delivery").filter({ hasText: reference });
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText("delivered", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText("answered 204");
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0] as { headers: Record<string, string>; body: string };
    const payload = new Webhook(secret).verify(first.body, first.headers) as {
      type: string;
      data: { reference: string };
    };
    expect(payload).toMatchObject({ type: "booking.created", data: { reference } });

    await delivery.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByText("The event will be sent again in a few seconds.")).toBeVisible();
    await expect(async () => {
      await page.reload();
      // newest first: the resend above the delivery it repeats
      await expect(page.getByTestId("webhook-delivery")).toHaveCount(2, { timeout: 1_000 });
      await expect(page.getByTestId("webhook-delivery").first()).toContainText(/deliveredresend/, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await receiver.close();
  }
});
