/**
 * The one HTTP client. Every call sends the session cookie; a non-OK answer becomes an ApiError
 * whose message is "<status>: <body text>" (or the status text when the body is empty), as the
 * spec has it. What a person reads is `sentence`: our JSON error's own words. What each failure
 * shows on a screen is decided in `errorPolicy.ts`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `error` field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    return this.bodyField('error');
  }

  /** The server's stable `code` (ERROR_CODES) when the body is our JSON error shape. */
  get serverCode(): string | undefined {
    return this.bodyField('code');
  }

  private bodyField(name: 'error' | 'code'): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as Record<string, unknown>;
      return typeof parsed[name] === 'string' ? parsed[name] : undefined;
    } catch {
      return undefined;
    }
  }

  /** What a toast says: the server's sentence for our JSON errors, else the status line. */
  get sentence(): string {
    return this.serverMessage || this.message;
  }
}

/** The request got no answer: the network, the server or a proxy is down (fetch rejected). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NetworkError';
  }
}

/** Sends the request and answers the OK response itself, for callers that need its headers. */
export async function apiFetch(method: string, path: string, body?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

/** The parsed JSON body of a response (undefined when it has none). */
export async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  return readJson<T>(await apiFetch(method, path, body));
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
