import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { useToastStore, type ToastItem } from './toastStore';
import './toaster.css';

/** Spec §4: a swipe to the right longer than this dismisses the toast. */
const SWIPE_THRESHOLD_PX = 50;

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [startX, setStartX] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setStartX(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (startX !== null) setOffset(Math.max(0, e.clientX - startX));
  };
  const onPointerEnd = () => {
    if (startX === null) return;
    setStartX(null);
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  return (
    <li
      role="status"
      aria-live={item.variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      className="rc-toast"
      data-variant={item.variant ?? 'default'}
      data-swiping={startX !== null || undefined}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="rc-toast-body">
        <div className="rc-toast-title">{item.title}</div>
        {item.description && <div className="rc-toast-description">{item.description}</div>}
      </div>
      <button type="button" className="rc-toast-close" aria-label="Close" onClick={onDismiss}>
        <CloseOutlined />
      </button>
    </li>
  );
}

/** The notifications region: renders the toast store; F8 moves focus to it. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      listRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <ol ref={listRef} tabIndex={-1} aria-label="Notifications (F8)" className="rc-toast-viewport">
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <Toast key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
        ))}
    </ol>
  );
}
