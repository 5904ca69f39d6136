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
      route("courses", "routes/admin/courses.tsx"),
      route("courses/new", "routes/admin/course-new.tsx"),
      route("courses/:courseId", "routes/admin/course-edit.tsx"),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("audit-logs", "routes/admin/audit-logs.tsx"),
      route("settings", "routes/admin/settings.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
