import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & { to: string };

/**
 * A link styled as an antd button: a real <a href> (open in new tab works) that navigates
 * inside the app without a page reload.
 */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={href} onClick={onClick} />;
}
