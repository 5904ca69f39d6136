import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("register", "routes/public/register.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  ...prefix("admin", []),
] satisfies RouteConfig;
