import type { CSSProperties } from 'react';
import './rangeSlider.css';

interface RangeSliderProps {
  min: number;
  max: number;
  step: number;
  /** Labelled stops under the rail, by value: { 50: '50', 5000: '5K' }. */
  marks: Record<number, string>;
  value: number;
  onChange: (value: number) => void;
  /** What the bubble over the handle says while the slider is hovered, dragged or focused by keyboard. */
  formatValue: (value: number) => string;
  'aria-label': string;
}

/**
 * antd's Slider with marks, in its look, on a native range input: the browser gives the dragging,
 * the keys and what assistive technology reads; the rail, track, dots and marks are drawn beneath.
 */
export function RangeSlider({
  min,
  max,
  step,
  marks,
  value,
  onChange,
  formatValue,
  ...aria
}: RangeSliderProps) {
  const percent = (at: number) => `${((at - min) / (max - min)) * 100}%`;
  const stops = Object.entries(marks).map(([at, label]) => ({ at: Number(at), label }));
  const placed = (at: number): CSSProperties => ({ left: percent(at) });
  const reached = (at: number) => (at <= value ? ' rc-slider-reached' : '');

  return (
    <div className="rc-slider">
      <div className="rc-slider-rail" />
      <div className="rc-slider-track" style={{ width: percent(value) }} />
      <div className="rc-slider-step">
        {stops.map(({ at }) => (
          <span key={at} className={`rc-slider-dot${reached(at)}`} style={placed(at)} />
        ))}
      </div>
      <input
        type="range"
        className="rc-slider-input"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        {...aria}
      />
      <span className="rc-slider-tooltip" style={placed(value)} aria-hidden="true">
        {formatValue(value)}
      </span>
      <div className="rc-slider-mark">
        {stops.map(({ at, label }) => (
          <span
            key={at}
            className={`rc-slider-mark-text${reached(at)}`}
            style={placed(at)}
            onClick={() => onChange(at)}
          >
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}
