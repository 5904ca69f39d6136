import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("files/:id/:name", "routes/resources/files.ts"),
  route("media/*", "routes/resources/media.ts"),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("signup", "routes/admin/signup.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("documents", "routes/admin/documents.tsx"),
      route("images", "routes/admin/images.tsx"),
      route("gallery", "routes/admin/gallery.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
