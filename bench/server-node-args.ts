/**
 * Node's flags for a benched server, as `npm start` gives them (scripts/start.mjs): the heap capped at
 * SERVER_HEAP_MB, 256 MB by default (decision 171), so RSS figures are a deployment's. BENCH_NODE_ARGS adds
 * flags of node's own (e.g. `--max-old-space-size=4096` to measure the uncapped heap; a later flag wins).
 */
export function serverNodeArgs(entry: string): string[] {
  const heapMb = Number(process.env.SERVER_HEAP_MB) > 0 ? Number(process.env.SERVER_HEAP_MB) : 256;
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return [`--max-old-space-size=${heapMb}`, ...extra, '--import', 'tsx', entry];
}
