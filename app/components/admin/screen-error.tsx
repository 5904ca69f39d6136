import { PageHeader } from "./page-header";

/** What an admin screen shows when its loader or action failed unexpectedly (spec §8 wording). */
export function ScreenError({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
        An unexpected error occurred
      </p>
    </div>
  );
}
