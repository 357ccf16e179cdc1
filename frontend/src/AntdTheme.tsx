import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * antd with our theme, around what is drawn with antd: the signed-in layout and each public page
 * but the home page. Not around the whole app, so a visitor's first load carries no antd.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
