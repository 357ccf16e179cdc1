import { afterAll, describe, expect, it } from 'vitest';
import {
  changeCall,
  closeSandboxStore,
  createCall,
  loadCall,
  readCallRequest,
  twilioSid,
  useSandboxHost,
} from '@ringcast/sandbox/testing';
import { sandboxHost } from '../src/sandboxHost';

// The sandbox's parts used without the app mounting it: handed what the api would hand it.
useSandboxHost(sandboxHost);

afterAll(async () => {
  await closeSandboxStore();
});

describe("the Twilio sandbox's changes to one call", () => {
  // A busy call has many steps changing it at once (status callbacks, TwiML, the relay's session);
  // each save checks the version it read. Steps that lose must not lose every attempt in a row.
  it('all land when eighty steps change the call at once', async () => {
    const call = await createCall(
      { sid: twilioSid('AC'), platform: true },
      readCallRequest(
        {
          To: '+12125550106',
          From: '+12125550199',
          Twiml: '<Response><Pause length="60"/></Response>',
        },
        'http://127.0.0.1:3000',
      ),
    );
    const changes = Array.from({ length: 80 }, () =>
      changeCall(call.sid, (t) => {
        t.call.sipResponseCode = (t.call.sipResponseCode ?? 0) + 1;
        return true;
      }),
    );
    const results = await Promise.allSettled(changes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await loadCall(call.sid))!.sipResponseCode).toBe(80);
  });
});
