import type { ThemeConfig } from 'antd';

/** antd tokens matching the CSS variables in styles/global.css. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    borderRadius: 6,
  },
};
