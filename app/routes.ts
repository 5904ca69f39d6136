import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

const categoryPage = (path: string) =>
  route(`courses/${path}`, "routes/public/courses.category.tsx", { id: `courses-category-${path}` });

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/:service", "routes/public/services.page.tsx"),
    route("courses", "routes/public/courses.tsx"),
    route("courses/all", "routes/public/courses.all.tsx"),
    categoryPage("management"),
    categoryPage("county-government"),
    categoryPage("experiential-learning"),
    categoryPage("faith-based"),
    route("courses/:slug", "routes/public/courses.course.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("testimonials", "routes/public/testimonials.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("register", "routes/public/register.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("downloads/catalogue.pdf", "routes/resources/downloads.catalogue.ts"),
  route("downloads/registration-form.pdf", "routes/resources/downloads.registration-form.ts"),
  route("downloads/brochure", "routes/resources/downloads.brochure.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("signup", "routes/admin/signup.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("administrators", "routes/admin/administrators.tsx"),
      route("registrations", "routes/admin/registrations.tsx"),
      route("registrations/deleted", "routes/admin/registrations.deleted.tsx"),
      route("registrations/:id", "routes/admin/registrations.$id.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("contacts/deleted", "routes/admin/contacts.deleted.tsx"),
      route("courses", "routes/admin/courses.tsx"),
      route("courses/new", "routes/admin/course-new.tsx"),
      route("courses/:courseId", "routes/admin/course-edit.tsx"),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("audit-logs", "routes/admin/audit-logs.tsx"),
      route("settings", "routes/admin/settings.tsx"),
    ]),
    // CSV downloads are resources outside the admin frame (each checks the session itself)
    route("registrations/export", "routes/admin/registrations.export.ts"),
    route("contacts/export", "routes/admin/contacts.export.ts"),
  ]),
] satisfies RouteConfig;
