// A small reverse proxy for trying several instances on one machine (`npm run instances`) and for the tests
// (tests/integration/server/several-instances.test.ts). Not for production: use nginx (deploy/nginx.conf) or the
// platform's load balancer. Dependency-free (node:http). docs/decisions/025.
//
// - round-robin over the instances whose GET /readyz answered 200 at the last check (over all of them when none did;
//   every `checkMs`; a check waits
//   `checkTimeoutMs`, 3 s by default: longer than /readyz's own 2 s wait for the database, so a busy instance that is
//   still answering is not taken out before it can answer; an instance's next check starts only once its last ended);
// - a request is sent to the next instance only when the connection was refused (ECONNREFUSED: it never arrived);
//   once an instance has the request, a failure answers 502 and nothing is sent again (a POST is never sent twice);
// - X-Forwarded-For gets the client's address appended (the server trusts one hop: TRUST_PROXY=1), and a request
//   without X-Request-Id gets one, so the proxy's log line and the instance's share an id.
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';

/** Hop-by-hop headers: they describe one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

const withoutHopByHop = (headers) => {
  const out = {};
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.has(name) && value !== undefined) out[name] = value;
  }
  return out;
};

/**
 * Starts the proxy on `port` (0: a free one) in front of `upstreams` ([{ host, port }]). Resolves once listening
 * and the first readiness check has run. `log(line)` gets one line per choice that matters (skip, retry, 502).
 */
export async function startProxy({
  port = 0,
  host = '127.0.0.1',
  upstreams,
  checkMs = 1000,
  checkTimeoutMs = 3000,
  log = () => {},
}) {
  const instances = upstreams.map((u) => ({ host: u.host ?? '127.0.0.1', port: u.port, ready: true }));
  let next = 0;
  const checking = new Set();

  const check = (instance) => {
    if (checking.has(instance)) return Promise.resolve();
    checking.add(instance);
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: instance.host,
          port: instance.port,
          path: '/readyz',
          method: 'GET',
          agent: false,
          timeout: checkTimeoutMs,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(false));
      req.end();
    }).then((ready) => {
      checking.delete(instance);
      if (ready !== instance.ready) log(`${instance.host}:${instance.port} ${ready ? 'ready' : 'not ready'}`);
      instance.ready = ready;
    });
  };
  const checkAll = () => Promise.all(instances.map(check));
  await checkAll();
  const timer = setInterval(checkAll, checkMs);
  timer.unref();

  /** The next instance after the last one used (`ready` only: whether its last check passed), skipping `tried`. */
  const nextOf = (tried, readyOnly) => {
    for (let i = 0; i < instances.length; i++) {
      const instance = instances[(next + i) % instances.length];
      if ((instance.ready || !readyOnly) && !tried.has(instance)) {
        next = (instances.indexOf(instance) + 1) % instances.length;
        return instance;
      }
    }
    return null;
  };
  /**
   * The next ready instance; when none passed its last check, the next one all the same: a database too slow for
   * /readyz on every instance at once is no reason to answer nobody (docs/decisions/059), and an instance that is
   * really gone refuses the connection and the next one is tried. Null once every instance was tried.
   */
  const pick = (tried) => {
    const ready = nextOf(tried, true);
    if (ready || instances.some((i) => i.ready && !tried.has(i))) return ready;
    return nextOf(tried, false);
  };

  const fail = (res, status, message) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ success: false, code: status, message, data: null }));
  };

  const forward = (req, res, tried) => {
    const instance = pick(tried);
    if (!instance) {
      fail(res, 503, 'No instance answers');
      return;
    }
    tried.add(instance);
    const headers = withoutHopByHop(req.headers);
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-request-id'] ??= randomUUID();
    // A new connection per request (agent: false): "refused" can then only mean the request never left.
    const upstream = httpRequest({
      host: instance.host,
      port: instance.port,
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    });
    let connected = false;
    upstream.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        req.pipe(upstream);
      });
    });
    upstream.on('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, withoutHopByHop(upstreamRes.headers));
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    });
    upstream.on('error', (err) => {
      if (!connected && err.code === 'ECONNREFUSED') {
        instance.ready = false;
        log(`${instance.host}:${instance.port} refused ${req.method} ${req.url}: trying the next instance`);
        forward(req, res, tried);
        return;
      }
      log(`${instance.host}:${instance.port} failed ${req.method} ${req.url} (${err.code ?? err.message}): 502`);
      fail(res, 502, 'The instance failed while answering');
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };

  const server = createServer((req, res) => forward(req, res, new Set()));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    port: address.port,
    url: `http://${host}:${address.port}`,
    instances,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
