// The few parts of autocannon the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** A sequence each connection sends in turn (then starts again). */
      requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
    }
    interface Result {
      requests: { average: number; total: number };
      errors: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): EventEmitter;
  export default autocannon;
}
