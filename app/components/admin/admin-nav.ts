import {
  BookOpen,
  Building2,
  CalendarCheck,
  ClipboardList,
  FileText,
  GalleryHorizontal,
  Image,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  NotebookPen,
  ScrollText,
  Settings,
  ShieldCheck,
  Star,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import {
  canHandleDataRequests,
  canManageFinanceSettings,
  canManageSettings,
  canManageStaff,
  canReadAudit,
  canReadBookings,
  canReadMoney,
  canReadOffice,
  canSeeOwnRuns,
  type Staff,
} from "#app/staff/index";

/** A sidebar entry, shown to the accounts whose role lets them read its page. */
export type AdminNavItem = { to: string; label: string; icon: LucideIcon; shown: (staff: Staff) => boolean };

/** The sidebar of spec §2, in its order, with Finance beside the registrations it bills, a trainer's runs first and Staff before the settings. */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin/my-runs", label: "My runs", icon: CalendarCheck, shown: canSeeOwnRuns },
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, shown: canReadOffice },
  { to: "/admin/bookings", label: "Bookings", icon: ClipboardList, shown: canReadBookings },
  { to: "/admin/registrations", label: "Course Registrations", icon: Users, shown: canReadBookings },
  { to: "/admin/finance", label: "Finance", icon: Wallet, shown: canReadMoney },
  { to: "/admin/enquiries", label: "Enquiries", icon: Inbox, shown: canReadBookings },
  { to: "/admin/organisations", label: "Organisations", icon: Building2, shown: canReadBookings },
  { to: "/admin/contacts", label: "Contact Submissions", icon: MessageSquare, shown: canReadBookings },
  { to: "/admin/courses", label: "Course Management", icon: BookOpen, shown: canReadOffice },
  { to: "/admin/testimonials", label: "Testimonials", icon: Star, shown: canReadOffice },
  { to: "/admin/documents", label: "Document Management", icon: FileText, shown: canReadOffice },
  { to: "/admin/images", label: "Image Management", icon: Image, shown: canReadOffice },
  { to: "/admin/content", label: "Content Management", icon: NotebookPen, shown: canReadOffice },
  { to: "/admin/gallery", label: "Gallery", icon: GalleryHorizontal, shown: canReadOffice },
  { to: "/admin/audit-logs", label: "Audit Logs", icon: ScrollText, shown: canReadAudit },
  { to: "/admin/staff", label: "Staff", icon: UserCog, shown: canManageStaff },
  { to: "/admin/data-requests", label: "Data Requests", icon: ShieldCheck, shown: canHandleDataRequests },
  {
    to: "/admin/settings",
    label: "System Settings",
    icon: Settings,
    shown: (staff) => canManageSettings(staff) || canManageFinanceSettings(staff),
  },
];
