import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from 'antd';

/**
 * An antd button that is a real link (`<a href>`: middle-click and "open in new tab" work) but navigates
 * inside the app on a plain click. Avoids nesting a <button> inside an <a>.
 */
export function LinkButton({
  to,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }): ReactNode {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
