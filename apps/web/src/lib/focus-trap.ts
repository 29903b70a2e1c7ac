import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a popover that is a dialog of our own (antd's Modal and Drawer trap
 * focus themselves): from the last element Tab goes to the first, and back. The event stops here, so a
 * dropdown that closes on Tab (rc-dropdown listens on window) stays open while focus moves inside it;
 * the popover handles Esc itself (close, focus back on the trigger).
 */
export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  event.stopPropagation();
  const container = event.currentTarget;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A ref callback that moves focus into a popover when it opens (give the element tabIndex={-1}); a frame
 * later, once the popup is shown (it mounts hidden, then its position is set).
 */
export function focusOnMount(element: HTMLElement | null): void {
  if (element) requestAnimationFrame(() => element.focus({ preventScroll: true }));
}
