// The request loop shared by the transport suite's variants, and its heap-sampling mode.

/** `--name value` pairs of a variant's argv. */
export function readArgs(argv) {
  const args = {};
  for (let index = 0; index < argv.length; index += 2) {
    args[argv[index].replace(/^--/, '')] = argv[index + 1];
  }
  return args;
}

/**
 * Sends `count` requests through `send`, `concurrency` at a time; every response body must parse
 * to the fixture (its `data` array is counted so the parse cannot be skipped).
 */
export async function runLoad(send, count, concurrency) {
  let next = 0;
  let records = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const body = await send();
      records += body.data.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return records;
}

/**
 * The heap after collecting, with a few turns of the event loop between collections: what undici
 * registers for finalization per request (its requests follow abort signals through weak
 * references) is only freed once the finalizers have run, which a collection in the same turn
 * cannot wait for. Collected twice in one turn, the samples of one run swung by 10 MB around a
 * flat line, and the slope of seven of them read as growth or shrinkage by chance.
 */
async function heapAfterGc() {
  for (let turn = 0; turn < 4; turn += 1) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The memory-growth mode (needs `--expose-gc`): a warm-up of `warmup` requests, then `count` more
 * in `steps` equal steps, with the heap after GC sampled before the first step and after each.
 */
export async function sampleHeap(send, count, concurrency, { warmup = 10_000, steps = 8 } = {}) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  await runLoad(send, warmup, concurrency);
  const samples = [{ requests: 0, heapBytes: await heapAfterGc() }];
  for (let step = 1; step <= steps; step += 1) {
    const done = Math.round((count * step) / steps);
    await runLoad(send, done - samples.at(-1).requests, concurrency);
    samples.push({ requests: done, heapBytes: await heapAfterGc() });
  }
  return { heapSamples: samples };
}
