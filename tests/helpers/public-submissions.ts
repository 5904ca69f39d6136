import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { waitLikeAPerson } from "./like-a-person";

/**
 * Admin specs make their registrations and messages the way visitors do: through the public forms at
 * /register and /contact. Each submission speaks for a fresh visitor address so the per-address rate
 * limit of the public forms never couples specs, and waits like a person (the forms refuse a post made
 * less than 2 s after the page was served).
 */
let visitor = 0;
async function asNewVisitor(page: Page) {
  visitor += 1;
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `100.${100 + (process.pid % 60)}.${visitor % 250}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

export const COURSES = {
  strategic: "Strategic Planning and Performance Management",
  project: "Project Management, Monitoring and Evaluation",
} as const;

/** A short random tag that makes a spec's rows findable by search and independent of other specs. */
export const uniqueTag = () => `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function registerForCourse(
  page: Page,
  person: {
    name: string;
    email: string;
    phone?: string;
    organization?: string;
    course?: string;
    message?: string;
    /** a group booking: the people who attend, booked by `person` */
    participants?: { name: string; email: string }[];
  },
) {
  await asNewVisitor(page);
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(person.name);
  await form.getByLabel("Email Address").fill(person.email);
  if (person.phone) await form.getByLabel("Phone Number").fill(person.phone);
  if (person.organization) await form.getByLabel("Organization").fill(person.organization);
  await form.getByLabel("Select Course").selectOption({ label: person.course ?? COURSES.strategic });
  if (person.message) await form.getByLabel("Message / Special Requirements").fill(person.message);
  if (person.participants) {
    await form.getByText("Booking for several people?").click();
    for (const [i, participant] of person.participants.entries()) {
      await form.getByRole("button", { name: "Add another participant" }).click();
      const row = form.getByRole("group", { name: `Participant ${i + 1}` });
      await row.getByLabel("Full name").fill(participant.name);
      await row.getByLabel("Email address").fill(participant.email);
    }
  }
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  await page.setExtraHTTPHeaders({});
  /** the booking's reference, as the visitor is told it */
  return (await done.getByTestId("registration-reference").textContent()) ?? "";
}

export async function sendContactMessage(
  page: Page,
  person: { name: string; email: string; organization?: string; message: string },
) {
  await asNewVisitor(page);
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(person.name);
  await form.getByLabel("Email Address").fill(person.email);
  if (person.organization) await form.getByLabel("Organization").fill(person.organization);
  await form.getByLabel("Message", { exact: true }).fill(person.message);
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toContainText("Message Sent!");
  await page.setExtraHTTPHeaders({});
}

/** Clicks an export link and returns the downloaded file's text, BOM kept. */
export async function downloadCsv(page: Page, linkName = "Export CSV") {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file).toString("utf8") };
}
