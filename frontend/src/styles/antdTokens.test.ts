import { readFileSync } from 'node:fs';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';

const css = readFileSync(new URL('./antdTokens.css', import.meta.url), 'utf8');
const declared = [...css.matchAll(/--ant-([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => ({
  variable: `--ant-${name}`,
  // antd's CSS variables are its token names in kebab case (borderRadiusLG is border-radius-lg).
  key: name.replaceAll('-', ''),
  value,
}));

/** "0 1px 2px 0 rgba(0, 0, 0, 0.05)" and antd's "\n 0 1px 2px 0 rgba(0,0,0,0.05)" are the same value. */
const normalized = (value: string) => value.replace(/\s+/g, '').toLowerCase();

describe('antd tokens drawn without antd', () => {
  const tokens = new Map(
    Object.entries(antdTheme.getDesignToken(theme)).map(([name, value]) => [name.toLowerCase(), value]),
  );

  it('declares tokens', () => {
    expect(declared.length).toBeGreaterThan(10);
  });

  it.each(declared)('$variable matches antd for our theme', ({ variable, key, value }) => {
    const expected: unknown = tokens.get(key);
    expect(expected, `antd has no token for ${variable}`).toBeDefined();
    const antdValue = typeof expected === 'number' && /px$/.test(value) ? `${expected}px` : String(expected);
    expect(normalized(value)).toBe(normalized(antdValue));
  });
});
