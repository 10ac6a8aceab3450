import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/**
 * A link that looks like a button: one element, so one Tab stop (a <Link> around a <Button> is
 * two), and still a real link (middle click, open in a new tab). A plain click navigates in the app.
 */
export function LinkButton({ to, ...props }: Props) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
