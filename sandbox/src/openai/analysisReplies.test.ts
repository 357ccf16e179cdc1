import { describe, expect, it } from 'vitest';
import {
  analysisJsonSchema,
  writeCallSummaryRequest,
  type AnalysisField,
  type CallSummaryRequest,
} from '@ringcast/shared-types';
import { personaFor } from '../twilio/personas';
import { ANALYSIS_MARKERS, analysisReply } from './analysisReplies';

const field = (
  name: string,
  type: AnalysisField['type'],
  description: string,
  choices: string[] | null = null,
) => ({
  key: name,
  name,
  description,
  type,
  choices,
});
const FIELDS: AnalysisField[] = [
  field('provider', 'text', 'The internet provider they use today'),
  field('budget', 'number', 'Their monthly budget in dollars'),
  field('interested', 'yes_no', 'Whether they are interested in switching'),
  field('best_time', 'one_of', 'When they prefer to be called', ['Morning', 'Afternoon', 'Evening']),
  field('callback_day', 'date', 'The day they want to be called back'),
];
const schema = analysisJsonSchema(FIELDS);

const agent = (text: string) => ({ speaker: 'agent' as const, text });
const person = (text: string) => ({ speaker: 'callee' as const, text });

function ask(turns: CallSummaryRequest['turns'], outcome: CallSummaryRequest['outcome'] = null, id = 'req') {
  const message = [
    'Campaign: Lead Follow-Up',
    'Goal: none written',
    'Success means: the lead showed interest or agreed to a next step',
    'Today: 2026-12-07',
    writeCallSummaryRequest({ direction: 'outbound', outcome, turns }),
  ].join('\n');
  return analysisReply(schema, message, id);
}
const parsed = (reply: { content: string | null }) => JSON.parse(reply.content!) as Record<string, never>;

describe('the sandbox model analysing a call', () => {
  it("fills each field from the callee's words, in the schema's shape", () => {
    const reply = ask(
      [
        agent('Hi, this is Maya from Fibre Co. Do you have a minute?'),
        person('Sure. We are with Acme Broadband for our internet right now.'),
        agent('What do you spend a month?'),
        person('Our budget is about $60 a month. I am interested in switching.'),
        agent('When should we call back?'),
        person('Call me back tomorrow, in the afternoon please.'),
      ],
      'interested',
    );
    expect(reply.refusal).toBeNull();
    expect(parsed(reply)).toEqual({
      fields: {
        provider: 'We are with Acme Broadband for our internet right now.',
        budget: 60,
        interested: true,
        best_time: 'Afternoon',
        callback_day: '2026-12-08',
      },
      sentiment: 'positive',
      successEvaluation: { met: true, reason: 'The person said they were interested.' },
    });
    // The same request, the same answer.
    expect(ask([person('Our budget is about $60 a month.')]).content).toBe(
      ask([person('Our budget is about $60 a month.')]).content,
    );
  });

  it('answers null where nothing the callee said fits, and reads a refusal as negative', () => {
    const answer = parsed(
      ask(
        [agent('Hi, this is Maya.'), person("Sorry, I'm not interested. Please stop calling me.")],
        'not_interested',
      ),
    );
    expect(answer).toEqual({
      fields: { provider: null, budget: null, interested: false, best_time: null, callback_day: null },
      sentiment: 'negative',
      successEvaluation: { met: false, reason: 'The person said they were not interested.' },
    });
    expect(parsed(ask([agent('Hello?'), person('Yes, speaking.')])).sentiment).toBe('neutral');
  });

  it('picks up what persona 8 says: a provider, a budget, a time and a day to call back', () => {
    const persona = personaFor('+12125550108');
    if (persona.kind !== 'person') throw new Error('8 is a person');
    const turns = persona.conversation.lines.flatMap((line) => [agent('Hi, this is Maya.'), person(line)]);
    expect(parsed(ask(turns, 'call_back_later')).fields).toEqual({
      provider: 'We are with Acme Broadband for our internet, about $80 a month.',
      budget: 80,
      interested: null,
      best_time: 'Afternoon',
      callback_day: '2026-12-08',
    });
  });

  it('answers badly where the transcript has a marker, once with -ONCE', () => {
    expect(() => JSON.parse(ask([person(ANALYSIS_MARKERS.notJson)]).content!)).toThrow();
    expect(parsed(ask([person(ANALYSIS_MARKERS.offSchema)])).sentiment).toBe('ecstatic');
    expect(ask([person(ANALYSIS_MARKERS.refusal)])).toMatchObject({
      content: null,
      refusal: expect.any(String),
    });
    const once = [person(`${ANALYSIS_MARKERS.notJson}${ANALYSIS_MARKERS.once}`)];
    expect(() => JSON.parse(ask(once, null, 'once-1').content!)).toThrow();
    expect(parsed(ask(once, null, 'once-1')).sentiment).toBe('neutral');
  });
});
