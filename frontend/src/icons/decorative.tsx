import type { ComponentType, Ref, RefAttributes } from 'react';
import type { IconComponentProps } from '@ant-design/icons/es/components/AntdIconLight';

type IconProps = Omit<IconComponentProps, 'ref'> & RefAttributes<HTMLSpanElement>;

const CONTROL = 'button, a, [role="button"], [role="menuitem"], [role="tab"]';

/**
 * Hides the icon from assistive technology unless it is all its control has to say: a button with
 * an icon and a word is named by the word ("Start"), an icon-only button without a label of its
 * own (antd's search button) keeps the icon's name, and an icon outside any control is decoration.
 */
function hideUnlessItNamesItsControl(span: HTMLSpanElement) {
  const control = span.closest(CONTROL);
  const namesControl =
    control !== null && !control.hasAttribute('aria-label') && !control.textContent?.trim();
  if (!namesControl) span.setAttribute('aria-hidden', 'true');
}

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * antd's icons name themselves (role="img", aria-label "play-circle"), so a button was read as
 * "play-circle Start". Wraps antd's icon component so its icons are decorative unless given a
 * label or an aria-hidden of their own.
 */
export function decorative(Icon: ComponentType<IconProps>) {
  function DecorativeIcon({ ref, ...props }: IconProps) {
    const chosen = props['aria-label'] !== undefined || props['aria-hidden'] !== undefined;
    return (
      <Icon
        {...props}
        // React 19 passes ref as a prop; the DOM node is ready with its siblings when this runs.
        ref={(span: HTMLSpanElement | null) => {
          if (span && !chosen) hideUnlessItNamesItsControl(span);
          assign(ref, span);
        }}
      />
    );
  }
  return DecorativeIcon;
}
