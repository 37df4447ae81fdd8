/** autocannon in this process against the server's process: every response time kept, for exact percentiles. */
import autocannon from 'autocannon';

export interface Run {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** Responses received. */
  count: number;
  /** Every response time in ms, ascending. */
  times: number[];
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function cannon(
  url: string,
  headers: Record<string, string>,
  body: string,
  connections: number,
  seconds: number,
  /** Several requests sent in turn on each connection (a page's calls); `url` then gives the origin only. */
  sequence?: Array<{ path: string; body: string }>,
): Promise<Run> {
  const times: number[] = [];
  const instance = autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
    ...(sequence ? { requests: sequence.map((r) => ({ method: 'POST', headers, ...r })) } : {}),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    instance.on('done', resolve).on('error', reject),
  );
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    count: times.length,
    times,
  };
}
