import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { holdRequests } from "../helpers/held-requests";
import { gotoHydrated } from "../helpers/hydration";
import { expectScreensFit } from "../helpers/screen-fit";
import { asNewVisitor, waitLikeAPerson } from "./forms-helpers";

test.beforeEach(async ({ page }) => asNewVisitor(page));

test("the contact page shows its sections and passes axe", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  for (const heading of [
    "Call Us",
    "Email Us",
    "WhatsApp",
    "Visit Us",
    "Course Registration",
    "Send Us a Message",
    "Payment Information",
    "Why Choose Mafunzo?",
    "Downloads",
    "Visit Our Offices",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Monday - Friday")).toBeVisible();
  await expect(page.getByText("8:00 AM - 5:00 PM")).toBeVisible();
  for (const href of [
    "/downloads/catalogue.pdf",
    "/downloads/registration-form.pdf",
    "/downloads/brochure",
  ]) {
    await expect(page.getByRole("region", { name: "Downloads" }).locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expectNoSeriousA11yViolations(page);
});

test("the contact and in-house forms fit a 390 px phone, every field and button tall enough to tap", async ({
  page,
}) => {
  await expectScreensFit(page, ["/contact", "/in-house-training"]);
});

test.describe("with JavaScript", () => {
  test("contact form: required fields, Sending..., the answer in the form (no toast) and a cleared form", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please fill in all required fields").first()).toBeVisible();

    await form.getByLabel("Full Name").fill("Joseph <b>Kiprop</b>");
    await form.getByLabel("Email Address").fill("joseph@example.com");
    await form.getByLabel("Phone Number").fill("+254 722 000 111");
    await form.getByLabel("Message").fill("Do you run in-house training?");
    // hold the answer back so the busy state can be seen
    const answer = await holdRequests(page, "**/contact.data*");
    const url = page.url();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    answer();
    await expect(form.getByRole("status")).toHaveText("Message Sent! We'll get back to you within 24 hours.");
    // the form says it; a toast would only repeat it over the header
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(form.getByLabel("Email Address")).toHaveValue("");
    expect(page.url()).toBe(url);
  });

  test("the home page's contact section sends a message without leaving the page", async ({ page }) => {
    await gotoHydrated(page, "/");
    const section = page.locator("section#contact");
    const form = section.getByRole("form", { name: "Contact form" });
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "4");
    await waitLikeAPerson(page);
    await form.getByLabel("Full Name").fill("Achieng Otieno");
    await form.getByLabel("Email Address").fill("achieng@example.com");
    await form.getByLabel("Message").fill("Please send the county programmes for 2025.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toHaveText("Message Sent! We'll get back to you within 24 hours.");
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(page).toHaveURL(/\/$/);
  });

  test("landing on /#contact, past course cards not yet in view, the section still answers", async ({
    page,
  }) => {
    // a router update cannot reach a part that has not hydrated: the fetcher's "Sending..." and its answer
    // waited for the course cards above to be scrolled to, which a visitor from a link to /#contact never does
    await gotoHydrated(page, "/#contact");
    const form = page.locator("section#contact").getByRole("form", { name: "Contact form" });
    await expect(form).toBeInViewport();
    await waitLikeAPerson(page);
    await form.getByLabel("Full Name").fill("Wanjiku Kamau");
    await form.getByLabel("Email Address").fill("wanjiku@example.com");
    await form.getByLabel("Message").fill("Do you train county audit committees?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toHaveText("Message Sent! We'll get back to you within 24 hours.");
  });

  test("one form, three choices: in-house training shows the way to its own form and takes what was typed there", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/contact?about=booking");
    const form = page.getByRole("form", { name: "Contact form" });
    const choice = form.getByRole("group", { name: "What is your message about?" });
    await expect(choice.getByRole("radio")).toHaveCount(3);
    await expect(choice.getByRole("radio", { name: /A booking question/ })).toBeChecked();
    const way = choice.getByRole("link", { name: "Go to the in-house training request" });
    await expect(way).toBeHidden();
    await choice.getByText("In-house training", { exact: true }).click();
    await expect(way).toBeVisible();
    await expect(way).toHaveAttribute("href", "/in-house-training");
    await expectNoSeriousA11yViolations(page);
    await form.getByLabel("Full Name").fill("Grace Wambui");
    await form.getByLabel("Email Address").fill("grace@kenyapower.example");
    await form.getByLabel("Organization").fill("Kenya Power");
    await form.getByLabel("Course of Interest").fill("Customer service for 40 staff");
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/in-house-training#in-house-form$/);
    const request = page.getByRole("form", { name: "In-house training request" });
    await expect(request.getByLabel("Full Name")).toHaveValue("Grace Wambui");
    await expect(request.getByLabel("Email Address")).toHaveValue("grace@kenyapower.example");
    await expect(request.getByLabel("Organisation")).toHaveValue("Kenya Power");
    await expect(request.getByLabel("Topic or needs")).toHaveValue("Customer service for 40 staff");
    // on the phone, the choice and the way to the in-house form fit the width and are big enough to tap
    await page.goto("/contact?about=in_house");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const cards = page.getByRole("group", { name: "What is your message about?" }).locator("label");
    for (const card of await cards.all())
      expect((await card.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const wayThere = page.getByRole("link", { name: "Go to the in-house training request" });
    expect((await wayThere.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  });

  test("contact page registration form answers Registration Received!", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: "Course registration form" });
    await form.getByLabel("Full Name").fill("Mary Atieno");
    await form.getByLabel("Email Address").fill("mary@example.com");
    await form
      .getByLabel("Course of Interest")
      .selectOption({ label: "Strategic Planning and Performance Management" });
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Register Now" }).click();
    const done = page.getByTestId("booking-confirmation");
    await expect(done).toContainText(
      "Registration Received! We'll contact you within 24 hours to confirm your registration.",
    );
    await expect(done.getByTestId("registration-reference")).toHaveText(/^MF-[2-9A-HJKMNP-Z]{8}$/);
    await done.getByRole("link", { name: "Register another participant" }).click();
    await expect(form.getByLabel("Full Name")).toHaveValue("");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a booking question is sent from the one form; in-house training leads on with what was typed", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/contact");
    let form = page.getByRole("form", { name: "Contact form" });
    const choice = form.getByRole("group", { name: "What is your message about?" });
    await expect(choice.getByRole("radio", { name: /An enquiry or consultation/ })).toBeChecked();
    await choice.getByRole("radio", { name: /A booking question/ }).check();
    await form.getByLabel("Full Name").fill("Otieno Ouma");
    await form.getByLabel("Email Address").fill("otieno@example.com");
    await form.getByLabel("Message").fill("Can I move my place to the June dates?");
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("form", { name: "Contact form" }).getByRole("status")).toHaveText(
      "Message Sent! We'll get back to you within 24 hours.",
    );

    await page.goto("/contact?about=in_house");
    form = page.getByRole("form", { name: "Contact form" });
    await expect(form.getByRole("radio", { name: /In-house training/ })).toBeChecked();
    await form.getByLabel("Full Name").fill("Amina Hassan");
    await form.getByLabel("Email Address").fill("amina@example.com");
    await form.getByLabel("Message").fill("Twelve county officers, in Mombasa.");
    await waitLikeAPerson(page);
    // the choice shows the way to the in-house form without JavaScript too (CSS)
    await expect(form.getByRole("link", { name: "Go to the in-house training request" })).toBeVisible();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/in-house-training#in-house-form$/);
    const request = page.getByRole("form", { name: "In-house training request" });
    await expect(request.getByLabel("Full Name")).toHaveValue("Amina Hassan");
    await expect(request.getByLabel("Anything else we should know")).toHaveValue(
      "Twelve county officers, in Mombasa.",
    );
  });

  test("contact form: errors keep the values (escaped), then success", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full Name").fill("<script>alert('x')</script>");
    await form.getByLabel("Email Address").fill("not-an-email");
    await form.getByLabel("Message").fill("Kept message");
    await waitLikeAPerson(page);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(400);
    const after = page.getByRole("form", { name: "Contact form" });
    await expect(after.getByRole("alert")).toHaveText("Error Please enter a valid email address.");
    await expect(after.getByText("Please enter a valid email address.", { exact: true })).toBeVisible();
    await expect(after.getByLabel("Full Name")).toHaveValue("<script>alert('x')</script>");
    await expect(after.getByLabel("Message")).toHaveValue("Kept message");

    await after.getByLabel("Email Address").fill("script@example.com");
    await waitLikeAPerson(page);
    await after.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("form", { name: "Contact form" }).getByRole("status")).toHaveText(
      "Message Sent! We'll get back to you within 24 hours.",
    );
  });

  test("contact form: empty required fields", async ({ page }) => {
    await page.goto("/contact");
    await waitLikeAPerson(page);
    await page
      .getByRole("form", { name: "Contact form" })
      .getByRole("button", { name: "Send Message" })
      .click();
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(form.getByRole("alert")).toHaveText("Error Please fill in all required fields");
    await expect(form.getByText("Name is required.")).toBeVisible();
    await expect(form.getByText("Email is required.")).toBeVisible();
  });
});
