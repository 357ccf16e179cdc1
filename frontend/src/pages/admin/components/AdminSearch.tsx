import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/** How long typing pauses before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

interface AdminSearchProps {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  disabled?: boolean;
}

/** The search box: the list is asked again once typing pauses, not on every key. */
export function AdminSearch({ value, onSearch, placeholder, disabled }: AdminSearchProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [shown, setShown] = useState(value);
  // The address changed under us (back button, a link): show what it says.
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value.trim()) setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Input
      type="search"
      allowClear
      aria-label="Search"
      className="rc-admin-search"
      prefix={<SearchOutlined aria-hidden />}
      placeholder={placeholder}
      value={text}
      disabled={disabled}
      onChange={(e) => change(e.target.value)}
      onPressEnter={() => {
        clearTimeout(timer.current);
        onSearch(text.trim());
      }}
    />
  );
}
