import { useEffect } from "react";
import { toast } from "#app/components/toast";

/**
 * Shows an action's outcome as a toast each time a new answer arrives: its message on success, or the message
 * under `failureTitle` when the action refused (the money and delivery screens answer `{ ok, message }`).
 */
export function useOutcomeToast(answer: { ok: boolean; message: string } | undefined, failureTitle: string) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(failureTitle, { description: answer.message });
  }, [answer, failureTitle]);
}
