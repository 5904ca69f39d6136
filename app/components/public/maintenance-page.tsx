import { Icon } from "#app/components/icons/icon";

/** What every public page shows while the administrator has switched on site_maintenance. */
export function MaintenancePage({ email }: { email: string }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-cream px-6 py-24">
      <title>Under maintenance | Mafunzo</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-xl text-center">
        <Icon name="wrench" className="mx-auto size-12 text-brand-700" />
        <h1 className="mt-6 text-3xl font-bold text-brand-900">We&rsquo;ll be back shortly</h1>
        <p className="mt-4 text-slate-700">
          The Mafunzo website is undergoing scheduled maintenance. Please check back in a little while. For
          urgent enquiries, e-mail{" "}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>
            {email}
          </a>
          .
        </p>
      </div>
    </main>
  );
}
