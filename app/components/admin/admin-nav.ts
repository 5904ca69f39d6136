import {
  BookOpen,
  FileText,
  GalleryHorizontal,
  Image,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  NotebookPen,
  ScrollText,
  Settings,
  Star,
  Users,
  Wallet,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon };

/** The sidebar of spec §2, in its order, with Finance beside the registrations it bills. */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/registrations", label: "Course Registrations", icon: Users },
  { to: "/admin/finance", label: "Finance", icon: Wallet },
  { to: "/admin/contacts", label: "Contact Submissions", icon: MessageSquare },
  { to: "/admin/courses", label: "Course Management", icon: BookOpen },
  { to: "/admin/testimonials", label: "Testimonials", icon: Star },
  { to: "/admin/documents", label: "Document Management", icon: FileText },
  { to: "/admin/images", label: "Image Management", icon: Image },
  { to: "/admin/content", label: "Content Management", icon: NotebookPen },
  { to: "/admin/gallery", label: "Gallery", icon: GalleryHorizontal },
  { to: "/admin/audit-logs", label: "Audit Logs", icon: ScrollText },
  { to: "/admin/settings", label: "System Settings", icon: Settings },
];
