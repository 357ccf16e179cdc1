import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../components/toast/toastStore';
import { ApiError, NetworkError, apiFetch } from './client';
import {
  ADMIN_WRITE_ERROR,
  CAMPAIGN_WRITE_ERROR,
  SIGNED_OUT_REDIRECT_MS,
  describeRequestError,
  requestErrorSentence,
  requestFailureOf,
  showRequestError,
} from './errorPolicy';

const refusal = (status: number, error?: string, statusText = 'Refused') =>
  new ApiError(status, error === undefined ? '' : JSON.stringify({ error, code: 'some_code' }), statusText);

const screen = { title: 'Upload Failed', fallback: 'Please try again.' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('window', { location: { assign: vi.fn() } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe('requestFailureOf', () => {
  it('names the statuses of the table, and tells no answer from a failure here', () => {
    const named = [401, 403, 404, 409, 413, 429, 500].map((status) => requestFailureOf(refusal(status)));
    expect(named).toEqual([
      'signedOut',
      'forbidden',
      'missing',
      'conflict',
      'tooLarge',
      'tooMany',
      'refused',
    ]);
    expect(requestFailureOf(new NetworkError(new TypeError('Failed to fetch')))).toBe('unreachable');
    expect(requestFailureOf(new SyntaxError('Unexpected token <'))).toBe('unknown');
  });

  it('is what apiFetch throws when fetch gets no answer', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await apiFetch('GET', '/api/campaigns').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(requestFailureOf(failure)).toBe('unreachable');
  });
});

describe('describeRequestError', () => {
  it('shows the server sentence for every refusal, 429 included (it says how long to wait)', () => {
    for (const status of [403, 404, 409, 413, 429, 500]) {
      expect(describeRequestError(refusal(status, `Refused with ${status}`), screen)).toEqual({
        title: 'Upload Failed',
        description: `Refused with ${status}`,
      });
    }
  });

  it('shows "<status>: <body>" when the body is not our JSON error, as spec §7 has it', () => {
    expect(
      describeRequestError(new ApiError(502, 'Bad gateway page', 'Bad Gateway'), screen).description,
    ).toBe('502: Bad gateway page');
    expect(describeRequestError(new ApiError(413, '', 'Payload Too Large'), screen).description).toBe(
      '413: Payload Too Large',
    );
  });

  it("shows the screen's own sentence when the server never answered or the failure is ours", () => {
    const unreachable = new NetworkError(new TypeError('Failed to fetch'));
    expect(describeRequestError(unreachable, screen)).toEqual({
      title: 'Upload Failed',
      description: 'Please try again.',
    });
    expect(describeRequestError(new SyntaxError('Unexpected token <'), screen).description).toBe(
      'Please try again.',
    );
  });

  it('a 401 is a refusal like any other where the screen signs nobody in (a wrong password)', () => {
    const wrongPassword = refusal(401, 'Invalid email or password');
    expect(describeRequestError(wrongPassword, { title: 'Login failed', fallback: 'Check' })).toEqual({
      title: 'Login failed',
      description: 'Invalid email or password',
    });
    expect(describeRequestError(wrongPassword, CAMPAIGN_WRITE_ERROR)).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
  });

  it('a screen with one fixed text shows it whatever the failure', () => {
    const fixed = {
      title: 'Upload failed',
      fallback: 'Please try again with valid document files.',
      fixed: true,
    };
    expect(describeRequestError(refusal(413, 'Too big'), fixed).description).toBe(fixed.fallback);
    expect(describeRequestError(refusal(401, 'Signed out'), { ...fixed, signedOutTo: '/login' })).toEqual({
      title: 'Upload failed',
      description: fixed.fallback,
    });
  });

  it('gives an in-place message the same sentence', () => {
    expect(requestErrorSentence(refusal(409, 'Already paid'), 'Could not save.')).toBe('Already paid');
    expect(requestErrorSentence(new NetworkError('down'), 'Could not save.')).toBe('Could not save.');
  });
});

describe('showRequestError', () => {
  const shown = () =>
    useToastStore
      .getState()
      .toasts.map(({ title, description, variant }) => ({ title, description, variant }));

  it('shows one destructive toast and goes nowhere', () => {
    showRequestError(refusal(409, 'A test call is in progress.'), {
      title: 'Error',
      fallback: 'Something went wrong.',
    });
    expect(shown()).toEqual([
      { title: 'Error', description: 'A test call is in progress.', variant: 'destructive' },
    ]);
    vi.advanceTimersByTime(SIGNED_OUT_REDIRECT_MS);
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it('after a 401 on a campaign write, says so and goes to /login 500 ms later', () => {
    showRequestError(refusal(401, 'Sign in first'), CAMPAIGN_WRITE_ERROR);
    expect(shown()).toEqual([
      {
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      },
    ]);
    vi.advanceTimersByTime(SIGNED_OUT_REDIRECT_MS - 1);
    expect(window.location.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.location.assign).toHaveBeenCalledWith('/login');
  });

  it('after a 401 on an admin write, goes to the full-page /api/login; other failures stay', () => {
    showRequestError(refusal(401, 'Sign in first'), ADMIN_WRITE_ERROR);
    vi.advanceTimersByTime(SIGNED_OUT_REDIRECT_MS);
    expect(window.location.assign).toHaveBeenCalledWith('/api/login');

    vi.mocked(window.location.assign).mockClear();
    showRequestError(refusal(403, 'Admins only'), ADMIN_WRITE_ERROR);
    vi.advanceTimersByTime(SIGNED_OUT_REDIRECT_MS);
    expect(shown()[0]).toEqual({ title: 'Error', description: 'Admins only', variant: 'destructive' });
    expect(window.location.assign).not.toHaveBeenCalled();
  });
});
