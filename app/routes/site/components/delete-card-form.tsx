import { Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "#app/components/ui/confirm-button";

type DeleteCardFormProps = {
  id: string;
  /** What the card shows, for the button's accessible name "Delete <label>". */
  label: string;
  /** The browser's confirmation question. */
  message: string;
  className?: string;
  /** Disables the button and says "Deleting..." while this card's delete is in flight. */
  showPending?: boolean;
  /** The intent the action dispatches on; "delete" unless a screen deletes more than one kind of thing. */
  intent?: string;
  /** The name the id is posted under. */
  idName?: string;
};

/** A card's Delete button: posts the intent (default "delete") with the card's id to the screen's own action. */
export function DeleteCardForm({
  id,
  label,
  message,
  className,
  showPending = false,
  intent = "delete",
  idName = "id",
}: DeleteCardFormProps) {
  const navigation = useNavigation();
  const deleting =
    showPending && navigation.formData?.get("intent") === intent && navigation.formData.get(idName) === id;
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      {/* secondary on purpose: the card's own work (edit, save) is its loudest button (decision 0554) */}
      <ConfirmButton
        message={message}
        disabled={deleting}
        aria-label={`Delete ${label}`}
        variant="ghost"
        className="text-clay-600 hover:bg-red-50"
      >
        <Trash2 aria-hidden className="size-4" />
        {deleting ? "Deleting..." : "Delete"}
      </ConfirmButton>
    </Form>
  );
}
