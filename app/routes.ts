import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("signup", "routes/admin/signup.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("registrations", "routes/admin/registrations.tsx"),
      route("registrations/deleted", "routes/admin/registrations.deleted.tsx"),
      route("registrations/:id", "routes/admin/registrations.$id.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("contacts/deleted", "routes/admin/contacts.deleted.tsx"),
    ]),
    // CSV downloads are resources outside the admin frame (each checks the session itself)
    route("registrations/export", "routes/admin/registrations.export.ts"),
    route("contacts/export", "routes/admin/contacts.export.ts"),
  ]),
] satisfies RouteConfig;
