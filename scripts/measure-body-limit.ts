// Finds the largest ConversionReview that still converts inside a 128 MiB V8 heap, the memory of
// one Workers isolate, by converting growing reviews in child processes started with
// --max-old-space-size=128. The Workers default body limit sits below the figure it prints.
// Usage: npm run measure:body-limit
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createApp } from '../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../examples/index.ts'

const HEAP_MIB = 128
const MIB = 1024 * 1024

/** A review of CronTabs of about 1 KiB each, dense with small fields (the costly shape per byte). */
function reviewText(bytes: number): string {
  const object = (index: number) =>
    JSON.stringify({
      apiVersion: 'example.com/v1beta1',
      kind: 'CronTab',
      metadata: {
        name: `crontab-${index}`,
        namespace: 'default',
        uid: `uid-${index}`,
        labels: { app: 'measure' },
      },
      hostPort: `host-${index}.example:8080`,
      spec: { cronSpec: '*/5 * * * *', image: 'registry.example/cron:1.2.3', replicas: 3 },
      status: {
        conditions: Array.from({ length: 12 }, (_, step) => ({
          type: `Step${step}`,
          ok: true,
          n: step,
        })),
      },
    })
  const parts: string[] = []
  let length = 0
  for (let index = 0; length < bytes; index++) {
    const part = object(index)
    parts.push(part)
    length += part.length + 1
  }
  return `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"m","desiredAPIVersion":"example.com/v1","objects":[${parts.join(',')}]}}`
}

async function convertOnce(bytes: number): Promise<void> {
  const app = createApp({
    allowUnauthenticated: true,
    scheme: exampleScheme,
    maxBodyBytes: 1024 * MIB,
    log: () => {},
  })
  const response = await app.request('/convert', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: reviewText(bytes),
  })
  const answer = (await response.json()) as { response: { result: { status: string } } }
  if (response.status !== 200 || answer.response.result.status !== 'Success') process.exit(3)
}

function convertsWithin128MiB(bytes: number): boolean {
  const child = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_MIB}`,
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      String(bytes),
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] }
  )
  return child.status === 0
}

if (process.argv[2] !== undefined) {
  await convertOnce(Number(process.argv[2]))
} else {
  let fits = 1 * MIB
  let fails = 64 * MIB
  while (fails - fits > MIB / 2) {
    const middle = Math.round((fits + fails) / 2)
    const ok = convertsWithin128MiB(middle)
    console.log(
      `${(middle / MIB).toFixed(1)} MiB review: ${ok ? 'converts' : 'runs out of memory'}`
    )
    if (ok) fits = middle
    else fails = middle
  }
  console.log(
    `largest review that converts in a ${HEAP_MIB} MiB heap: ${(fits / MIB).toFixed(1)} MiB (fails at ${(fails / MIB).toFixed(1)} MiB)`
  )
}
