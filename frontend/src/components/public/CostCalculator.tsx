import { useId, useState } from 'react';
import {
  CALLS_INPUT_MAX,
  CALLS_INPUT_MIN,
  quoteInput,
  SLIDER_MAX,
  SLIDER_MIN,
  SLIDER_STEP,
  sliderValueFor,
} from './costCalculator';
import { CostResult } from './CostResult';
import { ratesSentence } from './priceTiers';
import { RangeSlider } from './RangeSlider';
import { Paragraph } from './Typography';
import './costCalculator.css';

const SLIDER_MARKS = {
  [SLIDER_MIN]: '50',
  5000: '5K',
  10000: '10K',
  15000: '15K',
  [SLIDER_MAX]: '20K+',
};

// Spec §4: the input starts empty (the slider then sits at 500) and the result waits for a number.
const INITIAL_CALLS = '';

/** Monthly cost estimator: a number input and a slider feeding one result panel. */
export function CostCalculator() {
  const [input, setInput] = useState(INITIAL_CALLS);
  const inputId = useId();
  const quote = quoteInput(input);

  return (
    <div className="rc-cost-calculator">
      <label htmlFor={inputId} style={{ display: 'block', fontWeight: 600, marginBottom: 8 }}>
        Monthly calls
      </label>
      <input
        id={inputId}
        className="rc-input-lg"
        type="number"
        inputMode="numeric"
        min={CALLS_INPUT_MIN}
        max={CALLS_INPUT_MAX}
        placeholder="Enter your monthly call volume"
        value={input}
        onChange={(event) => setInput(event.target.value)}
      />
      <div style={{ padding: '28px 8px 0' }}>
        <RangeSlider
          min={SLIDER_MIN}
          max={SLIDER_MAX}
          step={SLIDER_STEP}
          marks={SLIDER_MARKS}
          value={sliderValueFor(input)}
          onChange={(value) => setInput(String(value))}
          formatValue={(value) => value.toLocaleString('en-US')}
          aria-label="Call volume"
        />
      </div>
      {quote && <CostResult quote={quote} />}
      <Paragraph type="secondary" style={{ fontSize: 13, margin: '16px 0 0', textAlign: 'center' }}>
        Graduated rates: {ratesSentence()}. No setup fees, no monthly minimum.
      </Paragraph>
    </div>
  );
}
