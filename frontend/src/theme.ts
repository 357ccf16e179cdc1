import type { ThemeConfig } from 'antd';

/** antd tokens matching the CSS variables in styles/global.css (styles/antdTokens.css: what antd derives). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    borderRadius: 6,
  },
  // One name for the theme's CSS variables wherever it is provided (AntdTheme): each public page
  // has its own provider, and would otherwise write the same variables again under a new name.
  cssVar: { key: 'rc-theme' },
};
