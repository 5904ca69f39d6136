import { Archive, ArchiveRestore } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmButton } from "#app/components/ui/confirm-button";

/**
 * Archive (after the browser's confirmation) or Restore a course that has history and so is never deleted.
 * Posts "archive" or "restore" to the screen's own action, with the course's id where the screen lists many.
 */
export function ArchiveCourseForm({
  id,
  title,
  archived,
  label,
}: {
  id?: string;
  title: string;
  archived: boolean;
  /** The button's text; its accessible name is the text and the course's title. */
  label: string;
}) {
  const navigation = useNavigation();
  const intent = archived ? "restore" : "archive";
  const pending =
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === id);
  const Icon = archived ? ArchiveRestore : Archive;
  const content = (
    <>
      <Icon aria-hidden className="size-4" />
      {pending ? `${label}...` : label}
      <span className="sr-only"> {title}</span>
    </>
  );
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {archived ? (
        <Button type="submit" variant="outline" size="sm" disabled={pending} className="min-h-11">
          {content}
        </Button>
      ) : (
        <ConfirmButton
          message={`Archive "${title}"? It leaves the website and the registration form; its bookings, invoices and certificates are kept, and you can restore it later.`}
          variant="outline"
          size="sm"
          disabled={pending}
          className="min-h-11"
        >
          {content}
        </ConfirmButton>
      )}
    </Form>
  );
}
