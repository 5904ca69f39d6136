import type { ButtonHTMLAttributes, MouseEvent } from "react";
import { Button, type ButtonVariant } from "./button";

/**
 * A submit button that asks the browser's confirmation first (spec §5). Without JavaScript the form
 * submits directly; the server action is the same either way.
 */
export function ConfirmButton({
  message,
  onClick,
  variant = "danger",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { message: string; variant?: ButtonVariant }) {
  const confirmFirst = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(message)) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <Button type="submit" variant={variant} onClick={confirmFirst} {...props} />;
}
