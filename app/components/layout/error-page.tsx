/** The page shown for an error no route handles: a 404 or an unexpected failure. */
export function ErrorPage({ status }: { status: number }) {
  const title = status === 404 ? "Page not found" : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{`${title} | Mafunzo`}</title>
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? "The page you are looking for does not exist or has moved."
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
        Go back home
      </a>
    </main>
  );
}
