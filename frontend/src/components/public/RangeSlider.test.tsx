import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RangeSlider } from './RangeSlider';

const render = (value: number) =>
  renderToStaticMarkup(
    <RangeSlider
      min={50}
      max={20_000}
      step={50}
      marks={{ 50: '50', 5000: '5K', 20000: '20K+' }}
      value={value}
      onChange={() => {}}
      formatValue={(at) => at.toLocaleString('en-US')}
      aria-label="Call volume"
    />,
  );

describe('RangeSlider', () => {
  it('is a native range input with its limits, step, value and name', () => {
    const input = render(5000).match(/<input [^>]*>/)?.[0];
    for (const attribute of ['type="range"', 'min="50"', 'max="20000"', 'step="50"', 'value="5000"'])
      expect(input).toContain(attribute);
    expect(input).toContain('aria-label="Call volume"');
  });

  it('fills the track and marks the stops up to the value, as antd does', () => {
    const html = render(5000);
    const share = ((5000 - 50) / (20_000 - 50)) * 100;
    expect(html).toContain(`class="rc-slider-track" style="width:${share}%"`);
    expect(html.match(/rc-slider-dot rc-slider-reached/g)).toHaveLength(2);
    expect(html).toMatch(/rc-slider-mark-text rc-slider-reached"[^>]*>5K</);
    expect(html).toMatch(/class="rc-slider-mark-text" style="left:100%"[^>]*>20K\+</);
  });

  it('shows the formatted value in the bubble over the handle', () => {
    expect(render(12_500)).toMatch(/rc-slider-tooltip"[^>]*>12,500</);
  });
});
