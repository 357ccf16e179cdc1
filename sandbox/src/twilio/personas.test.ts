import { TRANSFER_FALLBACK_GREETING } from '@ringcast/shared-types';
import { describe, expect, it } from 'vitest';
import { LEAVES_A_MESSAGE, offersToTakeAMessage, personaFor } from './personas';

const conversationOf = (to: string) => {
  const persona = personaFor(to);
  if (persona.kind !== 'person') throw new Error(`${to} is not a person`);
  return persona.conversation;
};

describe('the sandbox personas', () => {
  it("17 is 7's questioner who asks for a real person after the questions", () => {
    const seven = conversationOf('+12125550107');
    const seventeen = conversationOf('+12125550117');
    expect(seventeen.lines.slice(0, 3)).toEqual(seven.lines.slice(0, 3));
    expect(seventeen.lines.at(-1)).toBe('Thanks, that helps. Can I speak to a real person, please?');
    // 7 without the 1 is unchanged: interested, reading up first.
    expect(seven.lines.at(-1)).toBe(
      "Thanks, that helps. I'm interested, but I'd like to read up on it first.",
    );
    expect(conversationOf('+12125550127')).toBe(seven);
  });

  it('29 falls silent before its second line and talks on after its third; 9 without the 2 does neither', () => {
    const hesitant = conversationOf('+12125550129');
    expect(hesitant.pausesBefore).toEqual({ line: 1, ms: 8_000 });
    expect(hesitant.lines[hesitant.talksOnAfter!]).toBe('I see.');
    const nine = conversationOf('+12125550109');
    expect(nine.pausesBefore).toBeUndefined();
    expect(nine.talksOnAfter).toBeUndefined();
  });

  it('leave a message when the agent offers to take one', () => {
    expect(offersToTakeAMessage(TRANSFER_FALLBACK_GREETING)).toBe(true);
    expect(offersToTakeAMessage("I'm sorry, nobody is free right now.")).toBe(true);
    expect(offersToTakeAMessage('Thank you, I have made a note of that for the team.')).toBe(false);
    expect(LEAVES_A_MESSAGE.lines).toEqual([
      'Yes, please ask someone to call me back tomorrow morning about the pricing.',
    ]);
  });
});
