/** Types of proxy.mjs (the proxy stays plain JavaScript so `npm run instances` needs no build step). */
export interface ProxyInstance {
  host: string;
  port: number;
  /** Whether its /readyz answered 200 at the last check. */
  ready: boolean;
}

export interface RunningProxy {
  port: number;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  instances: ProxyInstance[];
  close(): Promise<void>;
}

export function startProxy(options: {
  port?: number;
  host?: string;
  upstreams: Array<{ host?: string; port: number }>;
  /** How often each instance's /readyz is asked (default 1000 ms). */
  checkMs?: number;
  /** How long a check waits for /readyz before it counts the instance not ready (default 3000 ms). */
  checkTimeoutMs?: number;
  log?: (line: string) => void;
}): Promise<RunningProxy>;
