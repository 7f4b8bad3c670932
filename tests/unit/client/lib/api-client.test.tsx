import { ApiError, api, setUnauthorizedHandler } from '../../../../src/client/lib/api/client';
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';
import { useSession } from '../../../../src/client/stores/session-store';

const user = {
  id: 1,
  nickname: 'Mei',
  email: 'mei@example.com',
  phone: '+639170000000',
  referral_code: 'ABCDEFGH',
  is_agent: 0 as const,
  telegram_user_id: null,
  telegram_username: null,
  telegram_name: null,
  cash_balance_cents: 0,
  upline_nickname: null,
  language: 'en' as const,
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the API client', () => {
  const fetchMock = vi.fn();
  const onUnauthorized = vi.fn();
  beforeAll(() => setupI18n('zh'));
  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
    useSession.getState().setSession(user, 'tok-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs a form with the common fields, JSON for structured fields, and the bearer token', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, code: 200, message: 'OK', data: { categories: [] } }));
    await expect(api('/v2/get-category', {})).resolves.toEqual({ categories: [] });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v2/get-category');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    const body = init.body as URLSearchParams;
    expect(body.get('lang')).toBe('zh');
    expect(body.get('token')).toBe('tok-1');
    expect(body.get('is_frontend')).toBe('1');

    fetchMock.mockResolvedValue(answer(200, { success: true, code: 200, message: 'OK', data: {} }));
    // biome-ignore lint/suspicious/noExplicitAny: a structured field, whatever the path
    await api('/v2/get-category', { items: [{ product_id: 1 }] } as any);
    const second = (fetchMock.mock.calls[1] as [string, RequestInit])[1].body as URLSearchParams;
    expect(second.get('items')).toBe('[{"product_id":1}]');
  });

  it('turns a refusal into an ApiError with the message and the fields', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        success: false,
        code: 422,
        message: 'limit: too big',
        data: { errors: [{ field: 'limit', message: 'too big' }] },
      }),
    );
    const err = await api('/v2/get-category', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'limit: too big', code: 422 });
    expect((err as ApiError).field('limit')).toBe('too big');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out on HTTP 401 and on body code 401 alike', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { success: false, code: 401, message: 'x', data: null }));
    await expect(api('/v2/get-category', {})).rejects.toMatchObject({ code: 401 });
    fetchMock.mockResolvedValueOnce(answer(200, { success: false, code: 401, message: 'x', data: null }));
    await expect(api('/v2/get-category', {})).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('does not log out a newer session for a 401 answering an older token', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (release = r)));
    const stale = api('/v2/get-category', {});
    useSession.getState().setSession(user, 'tok-2'); // logged out and in again meanwhile
    release(answer(401, { success: false, code: 401, message: 'x', data: null }));
    await expect(stale).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as code 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/v2/get-category', {})).rejects.toMatchObject({ code: 0 });
  });

  it('reports an answer whose body stops arriving (the page navigating away) as code 0, not as a refusal', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":tr'));
        controller.error(new TypeError('network error'));
      },
    });
    fetchMock.mockResolvedValue(new Response(broken, { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(api('/v1/get-user-info', {})).rejects.toMatchObject({ code: 0 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('still reports a body that arrived but is not JSON (a proxy error page) with its HTTP status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api('/v2/get-category', {})).rejects.toMatchObject({ code: 502, message: 'Bad Gateway' });
  });
});
