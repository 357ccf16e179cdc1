import { describe, expect, it } from 'vitest';
import { asksNotToBeCalled } from './optOutRequest';

describe('asksNotToBeCalled', () => {
  it.each([
    'Stop calling me.',
    'Please take me off your list',
    'Remove my number from your list, thanks',
    'Put me on your do-not-call list',
    "Don't call me again!",
    'Do not call this number',
    'I want to unsubscribe',
    'Never contact me again',
    'Can you stop calling?',
  ])('hears an opt-out in "%s"', (words) => expect(asksNotToBeCalled(words)).toBe(true));

  it.each([
    'Can you call me back tomorrow?',
    'I was just about to call you',
    'Not interested, thanks',
    'Stop, I have a question',
    'Who is calling?',
  ])('hears none in "%s"', (words) => expect(asksNotToBeCalled(words)).toBe(false));
});
