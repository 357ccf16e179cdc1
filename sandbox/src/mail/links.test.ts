import { describe, expect, it } from 'vitest';
import { linksIn } from './links';

describe('links in a message', () => {
  it('reads the HTML links, then the text, each once, http(s) only', () => {
    const html =
      '<a href="https://app.example/reset?token=a&amp;b=1">Reset</a> <a href=\'mailto:x@y.z\'>mail</a>' +
      '<a href="http://app.example/other">o</a>';
    const text = 'Open https://app.example/reset?token=a&b=1. Or (https://app.example/third), then stop.';
    expect(linksIn(html, text)).toEqual([
      'https://app.example/reset?token=a&b=1',
      'http://app.example/other',
      'https://app.example/third',
    ]);
    expect(linksIn(null, 'no links here')).toEqual([]);
  });
});
