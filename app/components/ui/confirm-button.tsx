import type { ComponentProps, MouseEvent } from "react";
import { Button } from "./button";

/**
 * A submit button that asks the browser's confirmation first (spec §5). Without JavaScript the form
 * submits directly; the server action is the same either way.
 */
export function ConfirmButton({
  message,
  onClick,
  variant = "danger",
  ...props
}: ComponentProps<typeof Button> & { message: string }) {
  const confirmFirst = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(message)) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <Button type="submit" variant={variant} onClick={confirmFirst} {...props} />;
}
